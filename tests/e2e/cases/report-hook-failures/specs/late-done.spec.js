describe('late done', () => {
  it('calls done twice', (done) => { done(); setTimeout(done, 20); });
  it('waits', (done) => { setTimeout(done, 100); });
});
