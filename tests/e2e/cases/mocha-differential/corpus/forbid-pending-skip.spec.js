// mocha-args: --forbid-pending
it.skip('skipped', () => {});
it('runs', () => {});
