describe('c3', () => {
  it('waits on the server', async () => {
    console.log(`c3 pid ${process.pid}`);
    await api.get('/delay/1500');
  });
});
