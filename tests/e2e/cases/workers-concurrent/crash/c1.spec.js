// Kills its own worker process: the files sharing that process go down with it.
describe('crash', () => {
  it('kills its worker', async () => {
    console.log(`crash pid ${process.pid}`);
    await api.get('/delay/300');
    process.kill(process.pid, 'SIGKILL');
    await api.get('/delay/5000');
  });
});
