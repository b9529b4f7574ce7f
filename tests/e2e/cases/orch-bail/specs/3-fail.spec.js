describe('3-fail', () => {
  it('runs', async () => {
    const res = await api.get('/health');
    throw new Error('3-fail fails');
  });
});
