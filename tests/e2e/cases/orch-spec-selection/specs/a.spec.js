describe('Spec a', () => {
  it('a runs', async () => {
    const res = await api.get('/health');
    if (res.status !== 200) throw new Error('status ' + res.status);
  });
});
