describe('slow 1', () => {
  it('waits on the server', async () => {
    console.log('slow 1 started');
    await api.get('/delay/8000');
    console.log('slow 1 finished');
  });
});
