// Default headers and the base URL, changed at run time; api.request.
const { check, eq } = require(`${process.env.E2E_SHARED}/http-check.js`);
const BASE = process.env.API_BASE_URL;

describe('a fresh spec file', () => {
  it('starts without the interceptors of the previous one', async () => {
    const h = (await api.get('/echo')).data.headers;
    eq([h['x-order'], h['x-b']], [undefined, undefined], 'no interceptor headers');
  });
});

describe('default headers', () => {
  it('getHeaders shows the built-in and configured defaults', () => {
    eq(api.getHeaders(), {
      'Content-Type': 'application/json', Accept: 'application/json',
      'X-Team': 'qa', Authorization: 'Bearer secret-token',
    }, 'getHeaders()');
  });

  it('setHeader and setHeaders add or replace them (case-insensitively)', async () => {
    api.setHeader('x-team', 'dev');
    api.setHeaders({ 'X-One': '1', 'X-Two': 2 });
    const h = (await api.get('/echo')).data.headers;
    eq([h['x-team'], h['x-one'], h['x-two']], ['dev', '1', '2'], 'sent');
    eq(api.getHeaders()['X-Team'], 'dev', 'the first spelling is kept');
  });

  it('removeHeader makes later requests go out without it', async () => {
    eq((await api.get('/protected')).status, 200, 'with the configured token');
    api.removeHeader('authorization');
    eq((await api.get('/protected')).status, 401, 'after removeHeader');
    const after = await api.get('/echo');
    eq(after.data.headers.authorization, undefined, 'not sent after removeHeader');
    eq('Authorization' in api.getHeaders(), false, 'gone from getHeaders()');
  });

  it('per-request headers still override the defaults', async () => {
    const h = (await api.get('/echo', { headers: { 'X-One': 'override' } })).data.headers;
    eq(h['x-one'], 'override', 'x-one');
  });
});

describe('base URL', () => {
  it('setBaseUrl changes where relative paths go; getBaseUrl reads it', async () => {
    eq(api.getBaseUrl(), BASE, 'initial base URL');
    api.setBaseUrl(`${BASE}/echo/v2`);
    const res = await api.get('/items');
    eq(res.data.path, '/echo/v2/items', 'joined with the new base');
    api.setBaseUrl(BASE);
  });
});

describe('api.request', () => {
  it('takes the method and body in its options', async () => {
    const res = await api.request('/echo/req', { method: 'patch', body: { p: 1 }, params: { a: 'b' } });
    eq([res.data.method, res.data.json, res.data.query], ['PATCH', { p: 1 }, { a: 'b' }], 'sent');
    const get = await api.request('/echo/plain');
    eq(get.data.method, 'GET', 'GET by default');
  });
});
