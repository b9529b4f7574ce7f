describe('outer', () => {
  beforeEach(function () { this.skip(); });
  describe('inner', () => { it('i1', () => {}); it('i2', () => {}); });
  it('o1', () => {});
});
