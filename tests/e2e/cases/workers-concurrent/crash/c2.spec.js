describe('c2', () => {
  it('waits on the server', async () => {
    console.log(`c2 pid ${process.pid}`);
    await api.get('/delay/1500');
  });
});
