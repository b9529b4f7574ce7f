describe('Crash', () => {
  it('passes first', async () => {
    await api.get('/health');
  });
  it('dies mid-test', async () => {
    await api.get('/health');
    // Let the launcher take the exchange before the worker goes down.
    await new Promise((resolve) => setTimeout(resolve, 100));
    process.abort();
  });
});
