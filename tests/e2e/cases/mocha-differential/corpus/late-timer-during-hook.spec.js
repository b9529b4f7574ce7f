// t's timer fires while the after hook waits. Wide margins: both runners may be slow, and
// on a loaded machine a process that wakes late runs every due timer in one pass (done()
// and the throw together, before the hook starts) if they are too close.
describe('s', () => {
  it('t', (done) => { setTimeout(() => { throw new Error('from t'); }, 800); setTimeout(done, 20); });
  after((done) => { setTimeout(done, 2000); });
});
