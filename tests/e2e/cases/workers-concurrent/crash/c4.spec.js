describe('c4', () => {
  it('waits on the server', async () => {
    console.log(`c4 pid ${process.pid}`);
    await api.get('/delay/1500');
  });
});
