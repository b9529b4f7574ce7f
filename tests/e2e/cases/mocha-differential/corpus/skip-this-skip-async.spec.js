it('skips in async', function (done) { setTimeout(() => this.skip(), 1); });
it('skips in promise', async function () { await null; this.skip(); });
it('next', () => {});
