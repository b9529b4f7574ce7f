// Network errors are retried; after the last attempt the Error says what happened.
const { check, eq, serverLog, within } = require(`${process.env.E2E_SHARED}/http-check.js`);

describe('network errors', () => {
  it('retries a refused connection, then rejects with code, attempts, method and url', async () => {
    const start = Date.now();
    let err;
    try { await api.delete('http://127.0.0.1:9/gone', { retryDelay: 50 }); } catch (e) { err = e; }
    const elapsed = Date.now() - start;
    check(err instanceof Error, 'expected an Error, got ' + err);
    eq([err.code, err.attempts, err.method, err.url],
      ['ECONNREFUSED', 3, 'DELETE', 'http://127.0.0.1:9/gone'], 'code, attempts, method, url');
    check(/^DELETE http:\/\/127\.0\.0\.1:9\/gone failed after 3 attempts: /.test(err.message),
      'message: ' + err.message);
    check(elapsed >= 99, `two waits of 50 ms, but it took ${elapsed} ms`);
  });

  it('retries a connection reset until a response comes', async () => {
    const res = await api.get('/seq/reset?steps=reset,reset,200', { retryDelay: 20 });
    eq([res.status, res.attempts], [200, 3], 'status, attempts');
    eq((await serverLog('/seq/reset')).length, 3, 'requests received');
  });

  it('rejects with ECONNRESET once the resets outlast the retries', async () => {
    let err;
    try { await api.post('/seq/resets?steps=reset', { a: 1 }, { retryDelay: 20 }); } catch (e) { err = e; }
    eq([err && err.code, err && err.attempts], ['ECONNRESET', 3], 'code, attempts');
  });

  it('does not retry a timeout: the test fails with it at once', async () => {
    let err;
    const start = Date.now();
    try { await api.get('/seq/slow?steps=w2000', { timeout: 200 }); } catch (e) { err = e; }
    check(err && err.message === `Request timeout after 200ms: GET ${process.env.API_BASE_URL}/seq/slow?steps=w2000`,
      'message: ' + (err && err.message));
    eq([err.code, err.attempts], ['ETIMEDOUT', 1], 'code, attempts');
    check(Date.now() - start < 1500, 'rejected after the first attempt');
  });
});
