// apiRunner.timeout and the per-request timeout cover the whole exchange, body included.
const { check, eq, serverLog } = require(`${process.env.E2E_SHARED}/http-check.js`);
const BASE = process.env.API_BASE_URL;

async function rejection(promise) {
  try { await promise; } catch (e) { return e; }
  throw new Error('expected a rejection');
}

describe('timeouts', () => {
  it('applies apiRunner.timeout: the error names method, URL and the limit', async () => {
    const err = await rejection(api.get('/delay/3000'));
    eq(err.message, `Request timeout after 400ms: GET ${BASE}/delay/3000`, 'message');
    eq([err.code, err.timeout, err.method, err.url, err.attempts],
      ['ETIMEDOUT', 400, 'GET', `${BASE}/delay/3000`, 1], 'fields');
  });

  it('covers a body that arrives too slowly after quick headers', async () => {
    const start = Date.now();
    const err = await rejection(api.get('/slow-body?chunks=20&interval=100'));
    check(Date.now() - start >= 399, 'not before the limit');
    eq(err.code, 'ETIMEDOUT', 'code');
    eq((await serverLog('/slow-body')).length, 1, 'one request');
  });

  it('takes a per-request timeout, longer or shorter', async () => {
    eq((await api.get('/delay/600', { timeout: 5000 })).status, 200, 'longer');
    const err = await rejection(api.post('/delay/3000', { a: 1 }, { timeout: 150 }));
    eq(err.message, `Request timeout after 150ms: POST ${BASE}/delay/3000`, 'shorter');
  });

  it('fails the test when the timeout error is not caught', async () => {
    await api.get('/delay/3000', { timeout: 200 });
  });
});
