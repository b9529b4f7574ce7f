describe('slow 4', () => {
  it('waits on the server', async () => {
    console.log('slow 4 started');
    await api.get('/delay/8000');
    console.log('slow 4 finished');
  });
});
