describe('coverage: read', () => {
  it('reads another user', async () => {
    expect((await api.get('/users/2')).status).toBe(200);
  });
});
