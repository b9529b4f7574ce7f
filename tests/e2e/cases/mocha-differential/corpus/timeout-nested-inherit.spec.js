describe('outer', function () {
  this.timeout(20);
  describe('inner', function () {
    it('inherits 20ms', (done) => setTimeout(done, 100));
  });
  describe('inner override', function () {
    this.timeout(500);
    it('has 500ms', (done) => setTimeout(done, 60));
  });
});
