describe('file 1', () => {
  it('runs in a worker of its own generation', async () => {
    const res = await api.get('/health');
    if (res.data.status !== 'ok') throw new Error('unhealthy');
    console.log('PID 1 ' + process.pid);
  });
});
