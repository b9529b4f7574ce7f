describe('plain d', () => {
  it('d one', () => {});
  it('d two', async () => {
    const res = await api.get('/users');
    expect(res.status).toBe(200);
  });
});
