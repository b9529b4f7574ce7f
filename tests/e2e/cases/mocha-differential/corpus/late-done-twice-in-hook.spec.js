describe('s', () => {
  beforeEach((done) => { done(); setTimeout(done, 5); });
  it('t', (done) => { setTimeout(done, 40); });
});
