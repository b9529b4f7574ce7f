// Redirects: followed up to maxRedirects with fetch's method rules; manual and error modes.
const { check, eq, serverLog } = require(`${process.env.E2E_SHARED}/http-check.js`);
const BASE = process.env.API_BASE_URL;

describe('redirects', () => {
  it('follows them to the final response', async () => {
    const res = await api.get('/redirect/3');
    eq([res.status, res.redirected, res.url, res.data.path], [200, true, `${BASE}/echo`, '/echo'], 'final');
    eq((await serverLog('/redirect/3')).length + (await serverLog('/redirect/2')).length +
      (await serverLog('/redirect/1')).length, 3, 'hops');
  });

  it('follows up to 5 by default, and maxRedirects per request', async () => {
    eq((await api.get('/redirect/5')).status, 200, '5 redirects');
    let err;
    try { await api.get('/redirect/6'); } catch (e) { err = e; }
    eq(err && err.code, 'ERR_TOO_MANY_REDIRECTS', 'the 6th');
    check(/Maximum number of redirects exceeded \(5\)/.test(err.message), 'message: ' + err.message);
    err = undefined;
    try { await api.get('/redirect/3', { maxRedirects: 2 }); } catch (e) { err = e; }
    eq(err && err.code, 'ERR_TOO_MANY_REDIRECTS', 'maxRedirects: 2');
  });

  it("returns the 3xx itself with redirect: 'manual'", async () => {
    const res = await api.get('/redirect/1', { redirect: 'manual' });
    eq([res.status, res.redirected, res.headers.get('location')], [302, false, '/echo'], 'manual');
  });

  it("rejects with redirect: 'error'", async () => {
    let err;
    try { await api.get('/redirect/1', { redirect: 'error' }); } catch (e) { err = e; }
    eq(err && err.code, 'ERR_REDIRECT', 'code');
  });

  it('turns POST into GET without the body after 303 (and 302), keeps it after 307/308', async () => {
    const see = await api.post('/redirect/1?status=303', { a: 1 });
    eq([see.data.method, see.data.body, see.data.headers['content-type']], ['GET', '', undefined],
      '303: GET, and the headers describing the body are gone');
    const found = await api.post('/redirect/1?status=302', { a: 1 });
    eq(found.data.method, 'GET', '302 after POST');
    const temp = await api.post('/redirect/1?status=307', { a: 1 });
    eq([temp.data.method, temp.data.json], ['POST', { a: 1 }], '307');
    const perm = await api.put('/redirect/1?status=308', { b: 2 });
    eq([perm.data.method, perm.data.json], ['PUT', { b: 2 }], '308');
    const moved = await api.put('/redirect/1?status=301', { c: 3 });
    eq([moved.data.method, moved.data.json], ['PUT', { c: 3 }], '301 keeps PUT');
  });

  it('drops Authorization when the redirect leaves the origin', async () => {
    const port = /:(\d+)$/.exec(BASE)[1];
    const auth = { headers: { Authorization: 'Bearer t', 'X-Keep': 'yes' } };
    const same = await api.get('/respond', { ...auth, params: { status: 302, h: 'Location: /echo' } });
    eq(same.data.headers.authorization, 'Bearer t', 'same origin keeps it');
    const other = await api.get('/respond',
      { ...auth, params: { status: 302, h: `Location: http://localhost:${port}/echo` } });
    eq([other.data.headers.authorization, other.data.headers['x-keep']], [undefined, 'yes'],
      'another origin gets no Authorization');
  });
});
