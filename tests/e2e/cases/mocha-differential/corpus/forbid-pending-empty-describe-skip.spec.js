// mocha-args: --forbid-pending
describe.skip('empty skipped', () => {});
it('runs', () => {});
