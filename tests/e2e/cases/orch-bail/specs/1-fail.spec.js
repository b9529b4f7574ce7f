describe('1-fail', () => {
  it('runs', async () => {
    const res = await api.get('/health');
    throw new Error('1-fail fails');
  });
});
