describe('outer', () => {
  it('o1', () => {});
  describe('inner', () => { it.only('i1', () => {}); it('i2', () => {}); });
});
