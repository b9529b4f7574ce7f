describe('s', () => {
  it('a', function (done) { this.timeout(200); setTimeout(() => { setTimeout(() => { throw new Error('deep'); }, 1); }, 1); });
  it('b', () => {});
});
