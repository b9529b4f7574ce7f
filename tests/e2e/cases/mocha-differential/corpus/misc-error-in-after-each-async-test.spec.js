describe('s', () => {
  afterEach((done) => setTimeout(() => done(new Error('ae done err')), 1));
  it('t1', async () => {});
  it('t2', async () => {});
});
