// mocha-args: --grep b
it.only('a', () => {});
it.only('b', () => {});
it('bb', () => {});
