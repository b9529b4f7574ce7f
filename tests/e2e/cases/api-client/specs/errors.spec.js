const { check, eq } = require('./check.js');
const BASE = process.env.API_BASE_URL;

describe('network errors', () => {
  it('rejects on connection refused', async () => {
    let err;
    try { await api.get('http://127.0.0.1:9/x'); } catch (e) { err = e; }
    check(err instanceof Error, 'expected a rejection with an Error, got ' + err);
    check(/^GET http:\/\/127\.0\.0\.1:9\/x failed: .*refused/i.test(err.message), 'message: ' + err.message);
    eq(err.code, 'ECONNREFUSED', 'code');
  });

  it('rejects when the server drops the connection', async () => {
    let err;
    try { await api.post('/crash-connection', { a: 1 }); } catch (e) { err = e; }
    check(err instanceof Error, 'expected a rejection with an Error, got ' + err);
    const prefix = `POST ${BASE}/crash-connection failed: `;
    check(err.message.startsWith(prefix) && err.message.length > prefix.length, 'message: ' + err.message);
    eq(err.code, 'ECONNRESET', 'code');
  });

  it('fails the test when a refused request is not caught', async () => {
    await api.delete('http://127.0.0.1:9/gone');
  });

  it('still works after the failures', async () => {
    eq((await api.get('/echo')).status, 200, 'status');
  });
});

describe('timeouts', () => {
  it('rejects after the per-request timeout', async () => {
    const start = Date.now();
    let err;
    try { await api.get('/delay/1000', { timeout: 100 }); } catch (e) { err = e; }
    const elapsed = Date.now() - start;
    check(err instanceof Error, 'expected a rejection, got ' + err);
    check(err.message.includes('Request timeout after 100ms'), 'message: ' + err.message);
    check(elapsed >= 90 && elapsed < 900, 'rejected after ' + elapsed + 'ms');
  });

  it('fails the test with the timeout message', async () => {
    await api.get('/delay/1000', { timeout: 100 });
  });
});
