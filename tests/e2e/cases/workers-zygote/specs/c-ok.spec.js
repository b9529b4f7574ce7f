describe('after the crash', () => {
  it('still runs in a new worker', async () => {
    const res = await api.get('/echo');
    if (res.status !== 200) throw new Error(`status ${res.status}`);
  });
});
