// The beforeEach's timer fires while the test runs.
describe('s', () => {
  beforeEach(() => { setTimeout(() => { throw new Error('from beforeEach'); }, 100); });
  it('t', (done) => setTimeout(done, 400));
});
