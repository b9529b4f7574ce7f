const { check, eq } = require('./check.js');
const BASE = process.env.API_BASE_URL;

describe('globalName http', () => {
  it('exposes the client as http only', async () => {
    eq(typeof api, 'undefined', 'typeof api');
    eq(typeof http.get, 'function', 'typeof http.get');
    const res = await http.get('/users');
    eq(res.status, 200, 'status');
    eq(res.data.path, '/echo/users', 'baseUrl path prefix kept');
    eq(res.request.url, `${BASE}/echo/users`, 'request.url');
  });

  it('joins a path-prefixed baseUrl with one slash', async () => {
    eq((await http.get('a')).request.url, `${BASE}/echo/a`, 'no leading slash');
    eq((await http.get('/b')).request.url, `${BASE}/echo/b`, 'leading slash');
  });

  it('lets a config header replace a default one case-insensitively', async () => {
    const res = await http.get('/h');
    eq(res.data.headers.accept, 'text/plain', 'accept');
    eq(res.data.headers['content-type'], 'application/json', 'content-type default kept');
  });

  it('applies apiRunner.timeout by default', async () => {
    const start = Date.now();
    let err;
    try { await http.get(`${BASE}/delay/1000`); } catch (e) { err = e; }
    check(err instanceof Error, 'expected a rejection, got ' + err);
    check(err.message.includes('Request timeout after 150ms'), 'message: ' + err.message);
    const elapsed = Date.now() - start;
    check(elapsed >= 140 && elapsed < 900, 'rejected after ' + elapsed + 'ms');
  });

  it('lets a per-request timeout override it', async () => {
    const res = await http.get(`${BASE}/delay/300`, { timeout: 2000 });
    eq(res.data, { delayed: 300 }, 'data');
  });
});
