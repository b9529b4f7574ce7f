describe('Pending', () => {
  it('runs', () => console.log('T ran runs'));
  it.skip('is skipped', () => console.log('T ran skipped'));
});
