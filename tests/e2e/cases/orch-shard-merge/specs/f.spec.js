describe('plain f', () => {
  it('f one', () => {});
  it('f two', async () => {
    const res = await api.get('/users');
    expect(res.status).toBe(200);
  });
});
