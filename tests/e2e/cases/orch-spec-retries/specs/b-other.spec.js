describe('Other', () => {
  it('passes', async () => {
    const res = await api.get('/health');
    if (res.status !== 200) throw new Error('status ' + res.status);
  });
});
