describe('invalid json', () => {
  it('reads a body that is not the JSON it claims', async () => {
    const res = await api.get('/invalid-json');
    if (typeof res.data !== 'string') throw new Error('data should be the text: ' + typeof res.data);
    throw new Error('invalid JSON body kept as text: ' + String(res.data).slice(0, 20));
  });
});
