// Authentication: the demo API's /protected resource wants a bearer token. Headers can
// be set for every request in the config (apiRunner.headers) or for one request in its
// options.
const { assertResponse } = require('sonde');

describe('Authentication', () => {
  it('answers 401 without a token', async () => {
    const res = await api.get('/protected');
    assertResponse(res)
      .toBeUnauthorized()
      .and.toHaveHeader('WWW-Authenticate', 'Bearer')
      .and.toHaveBodyProperty('code', 'UNAUTHORIZED');
    expect(res.ok).toBe(false);
  });

  it('answers 401 for a wrong token', async () => {
    const res = await api.get('/protected', { headers: { Authorization: 'Bearer wrong' } });
    expect(res).toHaveStatus(401);
  });

  it('lets a request with the right token in', async () => {
    const res = await api.get('/protected', {
      headers: { Authorization: 'Bearer secret-token' },
    });
    assertResponse(res).toHaveStatus(200).and.toHaveBodyProperty('secret', '42');
  });

  it('sends the default headers from the config with every request', async () => {
    // /echo answers with the request it received; header names come back lower-cased.
    const res = await api.get('/echo');
    assertResponse(res).toHaveBodyProperty('headers.x-client', 'sonde-demo');
  });
});
