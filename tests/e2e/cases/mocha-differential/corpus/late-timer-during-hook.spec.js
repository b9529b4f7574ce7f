// t's timer fires while the after hook waits (wide margins: both runners may be slow).
describe('s', () => {
  it('t', (done) => { setTimeout(() => { throw new Error('from t'); }, 100); setTimeout(done, 20); });
  after((done) => { setTimeout(done, 400); });
});
