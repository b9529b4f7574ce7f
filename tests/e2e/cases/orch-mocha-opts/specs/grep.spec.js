describe('Grep', () => {
  it('t1 a.b', () => console.log('T ran t1'));
  it('t2 axb', () => console.log('T ran t2'));
  it('t3 a+b', () => console.log('T ran t3'));
});
