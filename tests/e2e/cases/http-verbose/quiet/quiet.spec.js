describe('quiet', () => {
  it('makes a request that is retried', async () => {
    const res = await api.get('/seq/quiet?steps=503,200');
    if (res.attempts !== 2) throw new Error('attempts ' + res.attempts);
  });
});
