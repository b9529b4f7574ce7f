describe('Health', () => {
  it('is ok', async () => {
    const res = await api.get('/health');
    if (res.data.status !== 'ok') throw new Error('unhealthy');
  });
  it('is pending');
});
