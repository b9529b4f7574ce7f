describe('s', () => {
  beforeEach((done) => done(new Error('hook done err')));
  it('t', () => {});
});
