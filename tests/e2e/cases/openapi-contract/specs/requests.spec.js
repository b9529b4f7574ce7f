// apiRunner.openapi.validateRequests (OPENAPI_REQUESTS in the config): every request is
// checked against its operation before it is sent. With validate: 'all' a violation
// rejects the call unsent, so the test fails at the line that made it; with 'warn' it is
// printed and the request goes out.
describe('request checks', () => {
  it('a conforming request is sent', async () => {
    const res = await api.post('/users', { name: 'Req', email: 'req@example.com' });
    expect(res.status).toBe(201);
    expect((await api.get('/users', { params: { role: 'user', limit: 5 } })).status).toBe(200);
  });

  it('a body against its schema', async () => {
    await api.post('/users', { name: '', email: 'nope' });
  });

  it('a query parameter', async () => {
    await api.get('/users', { params: { limit: 'many' } });
  });

  it('a path parameter', async () => {
    await api.get('/users/abc');
  });
});
