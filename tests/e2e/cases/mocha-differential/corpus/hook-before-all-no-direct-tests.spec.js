describe('outer', () => {
  before(() => { throw new Error('outer before'); });
  describe('inner', () => { it('i1', () => {}); });
});
