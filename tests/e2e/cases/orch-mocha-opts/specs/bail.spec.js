describe('Bail', () => {
  it('first passes', () => console.log('T ran first'));
  it('second fails', () => {
    console.log('T ran second');
    throw new Error('second fails');
  });
  it('third', () => console.log('T ran third'));
});
