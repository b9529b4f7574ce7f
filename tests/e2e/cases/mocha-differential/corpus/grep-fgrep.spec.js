// mocha-args: --fgrep a.b
it('a.b literal', () => {});
it('axb regex would match', () => {});
