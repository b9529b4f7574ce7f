// mocha-args: --grep slow --invert
it('slow test', () => {});
it('fast test', () => {});
