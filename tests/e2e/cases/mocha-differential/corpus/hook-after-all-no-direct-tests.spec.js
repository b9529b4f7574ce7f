describe('outer', () => {
  after(() => { throw new Error('outer after'); });
  describe('inner', () => { it('i1', () => {}); it('i2', () => {}); });
});
