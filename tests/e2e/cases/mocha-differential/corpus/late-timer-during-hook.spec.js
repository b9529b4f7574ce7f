describe('s', () => {
  it('t', () => { setTimeout(() => { throw new Error('from t'); }, 10); });
  after((done) => { setTimeout(done, 60); });
});
