// Each exchange is printed by the runner (apiRunner.verbose); case.sh reads the output.
describe('verbose', () => {
  it('logs a request and its response, secrets masked', async () => {
    // /respond answers with an empty body: the headers are the only place a secret could show.
    await api.post('/respond', { a: 1 }, {
      params: { status: 200 },
      headers: {
        Authorization: 'Bearer secret-value-1', Cookie: 'sid=secret-value-2',
        'X-Api-Key': 'secret-value-3', 'X-Auth-Token': 'secret-value-4',
        'X-Client-Secret': 'secret-value-5', 'X-Internal': 'secret-value-6', 'X-Visible': 'shown',
      },
    });
  });

  it('masks Set-Cookie in responses', async () => {
    await api.get('/respond', { params: { status: 201, h: 'Set-Cookie: session=cookie-7' } });
  });

  it('truncates long bodies and says how long they were', async () => {
    await api.post('/echo/long', 'x'.repeat(3000));
  });

  it('shows retries and network errors', async () => {
    await api.get('/seq/verbose?steps=503,200');
    try { await api.get('http://127.0.0.1:9/refused', { retries: 0 }); } catch (e) { /* expected */ }
  });
});
