describe('slow 2', () => {
  it('waits on the server', async () => {
    console.log('slow 2 started');
    await api.get('/delay/8000');
    console.log('slow 2 finished');
  });
});
