describe('slow 3', () => {
  it('waits on the server', async () => {
    console.log('slow 3 started');
    await api.get('/delay/8000');
    console.log('slow 3 finished');
  });
});
