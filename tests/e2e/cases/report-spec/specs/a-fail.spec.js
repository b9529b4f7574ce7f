describe('Users', () => {
  it('finds a user', async () => {
    await api.get('/users/1');
  });

  it('checks the status', async () => {
    await api.get('/health');
    const res = await api.get('/users/999', { headers: { Authorization: 'Bearer s3cret' } });
    if (res.status !== 200) throw new Error(`Expected status 200, but received ${res.status}`);
  });
});
