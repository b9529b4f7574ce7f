describe('outer', () => {
  describe('a', () => { it('a1', () => {}); });
  describe('b', () => { it('b1', () => {}); });
});
