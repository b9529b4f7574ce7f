describe('Users', () => {
  it('list', async () => {
    const res = await api.get('/users');
    if (res.status !== 200) throw new Error('status ' + res.status);
  });
  describe('detail', () => {
    it('one user', async () => {
      const res = await api.get('/users/1');
      if (res.data.id !== 1) throw new Error('wrong user');
    });
  });
  it('slow call', async () => {
    await api.get('/delay/300');
  });
});
