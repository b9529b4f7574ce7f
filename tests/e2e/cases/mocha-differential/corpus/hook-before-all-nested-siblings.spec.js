describe('p', () => {
  describe('bad', () => {
    before(() => { throw new Error('bad before'); });
    it('x', () => {});
  });
  describe('good', () => { it('y', () => {}); });
  it('p1', () => {});
});
