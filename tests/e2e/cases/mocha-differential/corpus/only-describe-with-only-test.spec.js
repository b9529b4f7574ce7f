describe.only('s', () => {
  it('plain', () => {});
  it.only('only', () => {});
  describe('child', () => { it('c', () => {}); });
});
