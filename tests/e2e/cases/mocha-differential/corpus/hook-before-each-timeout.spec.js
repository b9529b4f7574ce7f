describe('s', function () {
  this.timeout(40);
  beforeEach(function (done) { /* never calls done */ });
  it('t1', () => {});
});
