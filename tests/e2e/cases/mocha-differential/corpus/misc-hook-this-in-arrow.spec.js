describe('s', function () {
  beforeEach(function () { this.val = 5; });
  it('reads', function () { if (this.val !== 5) throw new Error('val ' + this.val); });
});
