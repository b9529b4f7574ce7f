describe('Users API', () => {
  it('lists users', async () => {
    const res = await api.get('/users');
    if (res.status !== 200 || !Array.isArray(res.data)) throw new Error('bad list');
  });
  it('returns 404 for a missing user', async () => {
    const res = await api.get('/users/999');
    if (res.ok || res.status !== 404) throw new Error('expected 404, got ' + res.status);
  });
  describe('admin', () => {
    it('filters by role', async () => {
      const res = await api.get('/users', { params: { role: 'admin' } });
      if (!res.data.every((u) => u.role === 'admin')) throw new Error('not filtered');
    });
  });
});
