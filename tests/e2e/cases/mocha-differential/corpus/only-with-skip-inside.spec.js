describe.only('s', () => {
  it.skip('skipped', () => {});
  it('runs', () => {});
});
