describe('s', () => {
  before((done) => setTimeout(() => done(new Error('done error')), 1));
  it('t1', () => {});
});
