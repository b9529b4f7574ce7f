// Authentication: the demo API's /protected resource wants a bearer token. Headers can
// be set for every request in the config (apiRunner.headers) or for one request in its
// options.

function check(condition, message) {
  if (!condition) throw new Error(message);
}

describe('Authentication', () => {
  it('answers 401 without a token', async () => {
    const res = await api.get('/protected');
    check(res.status === 401, `expected 401, got ${res.status}`);
    check(res.ok === false, 'a 401 must not be ok');
    check(res.headers.get('www-authenticate') === 'Bearer',
      `unexpected WWW-Authenticate ${res.headers.get('www-authenticate')}`);
    check(res.data.code === 'UNAUTHORIZED', `unexpected code ${res.data.code}`);
  });

  it('answers 401 for a wrong token', async () => {
    const res = await api.get('/protected', { headers: { Authorization: 'Bearer wrong' } });
    check(res.status === 401, `expected 401, got ${res.status}`);
  });

  it('lets a request with the right token in', async () => {
    const res = await api.get('/protected', {
      headers: { Authorization: 'Bearer secret-token' },
    });
    check(res.status === 200, `expected 200, got ${res.status}`);
    check(res.data.secret === '42', `unexpected body ${JSON.stringify(res.data)}`);
  });

  it('sends the default headers from the config with every request', async () => {
    // /echo answers with the request it received; header names come back lower-cased.
    const res = await api.get('/echo');
    check(res.data.headers['x-client'] === 'sonde-demo',
      `X-Client was ${res.data.headers['x-client']}`);
  });
});
