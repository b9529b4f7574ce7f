// apiRunner.openapi: { spec: './openapi/requests.yaml', validateRequests: true } without
// `validate`: requests are checked all the same, and a violation rejects the call unsent.
// The first two tests conform (typed through $ref, allOf and an $id; {name}.{ext} of
// a.tar.gz is a.tar and gz); the others fail. With apiRunner.cookies (OPENAPI_COOKIES), a
// cookie the jar may add is not reported missing.
describe('request parameters', () => {
  it('are read as the types their schemas allow', async () => {
    expect((await api.get('/users', { params: { limit: 5, page: 2 } })).status).toBe(200);
  });

  it('are taken from the path as the template matched it', async () => {
    const res = await api.get('/echo/a.tar.gz', { headers: { Cookie: 'theme=dark; session=s-1' } });
    expect(res.status).toBe(200);
  });

  it('are checked against their schemas', async () => {
    await api.get('/users', { params: { limit: 0 } });
  });

  it('include cookies', async () => {
    await api.get('/echo/a.tar.gz', { headers: { Cookie: 'session=x' } });
  });

  it('include required cookies', async () => {
    await api.get('/echo/a.tar.gz');
  });
});
