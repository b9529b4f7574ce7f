describe('s', () => {
  beforeEach((done) => { done(); setTimeout(done, 100); });
  it('t', (done) => { setTimeout(done, 400); });
});
