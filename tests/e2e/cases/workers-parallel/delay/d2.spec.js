describe('delay 2', () => {
  it('waits 400ms on the server', async () => {
    const res = await api.get('/delay/400');
    if (res.status !== 200 || res.data.delayed !== 400) throw new Error('bad delay response ' + res.status);
    console.log('delay 2 done');
  });
});
