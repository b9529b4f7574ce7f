describe('slow', () => {
  it('finishes before the signal', () => {});
  it('waits on the server', async () => {
    console.log('SLOW STARTED');
    await api.get('/slow-body?chunks=100&interval=100', { timeout: 30000 });
  });
});
