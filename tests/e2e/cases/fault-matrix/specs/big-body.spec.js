describe('big body', () => {
  it('refuses a body over maxBodySize', () => api.get('/generate?size=4000000&type=json', { maxBodySize: 1000000 }));
  it('reads a 4 MB body', async () => {
    const res = await api.get('/generate?size=4000000&type=text');
    if (res.size !== 4000000) throw new Error('size ' + res.size);
  });
});
