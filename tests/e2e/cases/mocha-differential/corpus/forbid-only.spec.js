// mocha-args: --forbid-only
it.only('only', () => {});
it('other', () => {});
