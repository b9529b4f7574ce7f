describe('runner tuple', () => {
  it('sends the headers of the tuple and of apiRunner', async () => {
    const res = await api.get('/echo/tuple');
    const h = res.data.headers;
    const got = [h['x-from-tuple'], h['x-from-section'], h['x-both']].join();
    if (got !== 'tuple,section,section') throw new Error('headers: ' + got);
  });
});
