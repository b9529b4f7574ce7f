describe('users', () => {
  it('lists users', async () => {
    const res = await api.get('/users');
    expect(res.status).toBe(200);
  });
  describe('one user', () => {
    it('reads user 1', async () => {
      const res = await api.get('/users/1');
      expect(res.status).toBe(200);
    });
    it.skip('updates user 1', () => {});
  });
});
