describe('the next spec file in the worker', () => {
  it('gets the same instance', async () => {
    const res = await client.get('/again');
    if (res.data.id !== 1) throw new Error('instance ' + res.data.id);
    if (client.calls.join('|') !== 'POST /things|GET /again') throw new Error('calls: ' + client.calls);
  });
});
