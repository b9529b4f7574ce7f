describe('s', () => {
  it('p1');
  it('p2');
  it.skip('p3', () => {});
  it('real', () => {});
});
