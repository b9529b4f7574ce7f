describe('s', function () {
  it('declared before', (done) => setTimeout(done, 60));
  this.timeout(20);
  it('declared after', (done) => setTimeout(done, 60));
});
