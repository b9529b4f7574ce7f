it('calls done', (done) => { done(); });
it('calls done later', (done) => { setTimeout(done, 2); });
