describe('Users', () => {
  it('passes', async () => {
    await api.get('/users');
  });
  it('checks the status', async () => {
    const res = await api.get('/users/999');
    if (res.status !== 200) {
      throw new Error(`Expected status 200, but received ${res.status}`);
    }
  });
});
