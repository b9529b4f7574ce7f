describe('Spec B', () => {
  it('reaches its environment', async () => {
    const res = await api.get('/ping');
    if (res.status !== 200) throw new Error('status ' + res.status);
    console.log('B path ' + res.data.path);
  });
});
