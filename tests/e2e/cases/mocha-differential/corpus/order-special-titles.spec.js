describe('quotes "and" \'single\'', () => {
  it('unicode ✓ – é', () => {});
  it('  spaces  ', () => {});
  it('', () => {});
});
