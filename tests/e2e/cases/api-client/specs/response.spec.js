const { check, eq } = require('./check.js');

describe('response', () => {
  it('has status, statusText, ok and duration', async () => {
    const res = await api.get('/users');
    eq(res.status, 200, 'status');
    eq(res.statusText, 'OK', 'statusText');
    eq(res.ok, true, 'ok');
    check(typeof res.duration === 'number' && res.duration > 0, 'duration: ' + res.duration);
    check(Array.isArray(res.data) && res.data.length === 3, 'data: ' + JSON.stringify(res.data));
    eq(res.data[0].name, 'Ada Lovelace', 'first user');
  });

  it('resolves non-2xx responses instead of throwing', async () => {
    const missing = await api.get('/users/999');
    eq([missing.status, missing.statusText, missing.ok], [404, 'Not Found', false], '404');
    eq(missing.data.code, 'NOT_FOUND', 'error body parsed');
    const broken = await api.get('/status/500');
    eq([broken.status, broken.statusText, broken.ok], [500, 'Internal Server Error', false], '500');
    eq(broken.data, { status: 500 }, '500 body');
  });

  it('creates a user: 201 with a Location header', async () => {
    const res = await api.post('/users', { name: 'Zed', email: 'zed@example.com', role: 'user' });
    eq([res.status, res.statusText, res.ok], [201, 'Created', true], 'status');
    check(typeof res.data.id === 'number', 'id: ' + JSON.stringify(res.data));
    eq(res.headers.get('Location'), `/users/${res.data.id}`, 'Location');
    const back = await api.get(res.headers.get('location'));
    eq(back.data.email, 'zed@example.com', 'created user');
  });

  it('parses JSON, problem+json, text and empty bodies', async () => {
    const problem = await api.get('/problem');
    eq(problem.headers.get('content-type'), 'application/problem+json', 'problem content-type');
    eq(problem.data, { title: 'Not here', status: 404 }, 'problem+json parsed');
    eq(problem.ok, false, 'problem ok');
    const text = await api.get('/text');
    eq(text.data, 'hello from sonde', 'text body as a string');
    const empty = await api.get('/empty');
    eq(empty.status, 200, 'empty status');
    eq(empty.data, null, 'empty body is null');
  });

  it('exposes headers like fetch Headers', async () => {
    const res = await api.get('/users');
    const h = res.headers;
    eq(h.get('content-type'), 'application/json', 'get');
    eq(h.get('Content-Type'), 'application/json', 'get is case-insensitive');
    eq(h.get('CONTENT-TYPE'), 'application/json', 'get upper case');
    eq(h.get('x-not-there'), null, 'missing header');
    eq([h.has('Content-Length'), h.has('x-not-there')], [true, false], 'has');

    const seen = {};
    h.forEach((value, name) => { seen[name] = value; });
    eq(seen['content-type'], 'application/json', 'forEach(value, name)');
    const entries = Array.from(h.entries());
    check(entries.some(([k, v]) => k === 'content-type' && v === 'application/json'),
      'entries: ' + JSON.stringify(entries));
    const keys = Array.from(h.keys());
    check(keys.includes('content-type') && keys.includes('content-length'), 'keys: ' + JSON.stringify(keys));
    const spread = [...h];
    eq(spread, entries, '[...headers] equals entries()');
    eq(spread.length, keys.length, 'one entry per key');
    const length = Number(h.get('content-length'));
    check(length > 0, 'content-length: ' + h.get('content-length'));
  });

  it('exposes the request that was sent', async () => {
    const res = await api.put('/echo/r', { v: 1 }, { headers: { 'X-Req': 'one' }, params: { a: 'b' } });
    const req = res.request;
    eq(req.method, 'PUT', 'request.method');
    eq(req.url, `${process.env.API_BASE_URL}/echo/r?a=b`, 'request.url');
    eq(req.body, '{"v":1}', 'request.body');
    eq(req.headers.get('x-req'), 'one', 'request.headers.get');
    eq(req.headers.get('Content-Type'), 'application/json', 'request content-type');
    eq(req.headers.get('x-client'), 'sonde-e2e', 'request configured header');
    eq(req.headers.has('X-REQ'), true, 'request.headers.has');
    req.headers.set('X-Req', 'two');
    eq(req.headers.get('x-req'), 'two', 'request.headers.set replaces');
    req.headers.delete('x-req');
    eq(req.headers.has('x-req'), false, 'request.headers.delete');
    eq(req.headers.get('x-req'), null, 'deleted header');
  });

  it('gives the same client object through require', () => {
    check(typeof api === 'object' && typeof api.get === 'function', 'global api');
    check(require('sonde').api === api, "require('sonde').api");
    check(require('wdio-api-runner').api === api, "require('wdio-api-runner').api");
    check(require('@wdio/globals').api === api, "require('@wdio/globals').api");
  });
});
