describe('s', function () {
  this.timeout(20);
  it('slow', (done) => setTimeout(done, 100));
  it('fast', () => {});
});
