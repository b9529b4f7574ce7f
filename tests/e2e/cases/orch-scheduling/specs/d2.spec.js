// Holds one request on the server for DELAY_MS (default 500) milliseconds.
describe('delay 2', () => {
  it('holds one request', async () => {
    const res = await api.get('/delay/' + (process.env.DELAY_MS || 500));
    if (res.status !== 200) throw new Error('status ' + res.status);
  });
});
