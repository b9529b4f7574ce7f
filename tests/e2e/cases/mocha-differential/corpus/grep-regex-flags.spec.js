// mocha-args: --grep /FOO/i
it('foo lower', () => {});
it('other', () => {});
