describe.only('s', () => {
  it('a', () => {});
  xdescribe('x', () => { it('b', () => {}); });
});
