describe('plain e', () => {
  it('e one', () => {});
  it('e two', async () => {
    const res = await api.get('/users');
    expect(res.status).toBe(200);
  });
});
