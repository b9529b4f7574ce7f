describe('file 6', () => {
  it('runs in a worker of its own generation', async () => {
    const res = await api.get('/health');
    if (res.data.status !== 'ok') throw new Error('unhealthy');
    console.log('PID 6 ' + process.pid);
  });
});
