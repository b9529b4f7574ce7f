describe('Slow', () => {
  it('is quick', async () => {
    await api.get('/health');
  });
  it('waits for a slow answer', async () => {
    console.log('waiting');
    await api.get('/delay/20000');
  });
});
