describe('Health', () => {
  it('answers', async () => {
    await api.get('/health');
  });
});
