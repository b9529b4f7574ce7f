describe('coverage: list', () => {
  it('lists users and reads one', async () => {
    expect((await api.get('/users')).status).toBe(200);
    expect((await api.get('/users/1')).status).toBe(200);
  });
});
