describe('s', () => {
  beforeEach(() => { setTimeout(() => { throw new Error('from beforeEach'); }, 10); });
  it('t', (done) => setTimeout(done, 50));
});
