// Which statuses are retried, how often, and what comes back after the last attempt.
const { check, eq, serverLog, gaps, within } = require(`${process.env.E2E_SHARED}/http-check.js`);

describe('retried statuses', () => {
  it('retries 503 until it succeeds', async () => {
    const res = await api.get('/seq/ok?steps=503,503,200');
    eq([res.status, res.ok, res.attempts], [200, true, 3], 'status, ok, attempts');
    eq(res.data.attempt, 3, 'the server saw 3 attempts');
    const log = await serverLog('/seq/ok');
    eq(log.length, 3, 'requests received');
    for (const g of gaps(log)) within(g, 100, 1500, 'retryDelay gap');
  });

  it('retries 429 and every 5xx', async () => {
    for (const s of [429, 500, 502, 504, 599]) {
      const res = await api.get(`/seq/s${s}?steps=${s},200`, { retryDelay: 10 });
      eq([res.status, res.attempts], [200, 2], `after ${s}`);
    }
  });

  it('returns the last 5xx response after the last attempt', async () => {
    const res = await api.get('/seq/down?steps=500', { retryDelay: 20 });
    eq([res.status, res.ok, res.attempts], [500, false, 3], 'status, ok, attempts');
    eq((await serverLog('/seq/down')).length, 3, 'requests received');
  });

  it('never retries 4xx other than 429', async () => {
    for (const s of [400, 401, 403, 404, 409, 422]) {
      const res = await api.post(`/seq/c${s}?steps=${s},200`, { n: 1 });
      eq([res.status, res.ok, res.attempts], [s, false, 1], `${s}`);
      eq((await serverLog(`/seq/c${s}`)).length, 1, `requests received for ${s}`);
    }
  });

  it('never retries 2xx or 3xx', async () => {
    const created = await api.post('/seq/created?steps=201,500', {});
    eq([created.status, created.attempts], [201, 1], '201');
    const moved = await api.get('/seq/moved?steps=302,500', { redirect: 'manual' });
    eq([moved.status, moved.attempts], [302, 1], '302 with redirect manual');
    eq((await serverLog('/seq/created')).length + (await serverLog('/seq/moved')).length, 2,
      'requests received');
  });

  it('takes retries and retryDelay per request', async () => {
    const none = await api.get('/seq/once?steps=503,200', { retries: 0 });
    eq([none.status, none.attempts], [503, 1], 'retries: 0');
    const more = await api.get('/seq/more?steps=503,503,503,503,200', { retries: 4, retryDelay: 30 });
    eq([more.status, more.attempts], [200, 5], 'retries: 4');
    for (const g of gaps(await serverLog('/seq/more'))) within(g, 30, 1000, 'per-request retryDelay');
  });
});
