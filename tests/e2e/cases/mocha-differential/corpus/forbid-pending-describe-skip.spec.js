// mocha-args: --forbid-pending
describe.skip('skipped', () => { it('a', () => {}); });
it('runs', () => {});
