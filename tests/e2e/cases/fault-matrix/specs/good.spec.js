describe('good', () => {
  it('passes against the server', async () => {
    const res = await api.get('/users');
    if (res.status !== 200) throw new Error('status ' + res.status);
  });
});
