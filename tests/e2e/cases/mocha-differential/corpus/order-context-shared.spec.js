describe('ctx', function () {
  before(function () { this.a = 1; });
  beforeEach(function () { this.b = (this.b || 0) + 1; });
  it('sees a and b', function () { if (this.a !== 1 || this.b !== 1) throw new Error('ctx ' + this.a + ' ' + this.b); });
  it('b again', function () { if (this.b !== 2) throw new Error('b=' + this.b); });
  describe('child', function () {
    it('inherits', function () { if (this.a !== 1) throw new Error('child a=' + this.a); });
  });
});
