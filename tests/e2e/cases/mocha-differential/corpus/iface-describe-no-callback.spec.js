describe('no callback');
it('t', () => {});
