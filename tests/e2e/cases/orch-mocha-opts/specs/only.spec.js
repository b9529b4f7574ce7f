describe('Only', () => {
  it.only('is exclusive', () => console.log('T ran only'));
  it('is not', () => console.log('T ran not-only'));
});
