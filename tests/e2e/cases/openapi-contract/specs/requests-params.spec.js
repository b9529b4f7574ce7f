// apiRunner.openapi: { spec: './openapi/requests.yaml', validateRequests: true } without
// `validate`: requests are checked all the same, and a violation rejects the call unsent.
// The first three tests conform (typed through $ref, allOf and an $id; {name}.{ext} of
// a.tar.gz is a.tar and gz; "0" and "01234" as the strings their schemas allow, array
// cookies and headers as clients write them, a deepObject); the others fail. With apiRunner.cookies (OPENAPI_COOKIES), a
// cookie the jar may add is not reported missing.
describe('request parameters', () => {
  it('are read as the types their schemas allow', async () => {
    expect((await api.get('/users', { params: { limit: 5, page: 2 } })).status).toBe(200);
  });

  it('are taken from the path as the template matched it', async () => {
    const res = await api.get('/echo/a.tar.gz', { headers: { Cookie: 'theme=dark; session=s-1' } });
    expect(res.status).toBe(200);
  });

  it('are read as text where the schema allows a string, and in their styles', async () => {
    const headers = { Cookie: 'ids=1,2', 'X-Ids': '1, 2' };
    expect((await api.get('/echo/v/0', { params: { zip: '01234' }, headers })).status).toBe(200);
    expect((await api.get('/echo/v/7?rgb[R]=255', { headers: { Cookie: 'ids=1&ids=2' } })).status).toBe(200);
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

  it('are checked in their styles', async () => {
    await api.get('/echo/v/latest?rgb[R]=256');
  });
});
