// How long the client waits between attempts: Retry-After, its cap, exponential backoff.
const { check, eq, serverLog, gaps, within } = require(`${process.env.E2E_SHARED}/http-check.js`);

describe('waiting between attempts', () => {
  it('waits what a 429 Retry-After in seconds asks instead of retryDelay', async () => {
    const res = await api.get('/seq/ra?steps=429r1,200', { retryDelay: 10 });
    eq([res.status, res.attempts], [200, 2], 'status, attempts');
    within(gaps(await serverLog('/seq/ra'))[0], 1000, 2500, 'Retry-After: 1');
  });

  it('waits until a 503 Retry-After HTTP date', async () => {
    // The date has one-second resolution: 2 s ahead is 1 to 2 s from when the client reads it.
    const res = await api.get('/seq/date?steps=503d2,200', { retryDelay: 10 });
    eq([res.status, res.attempts], [200, 2], 'status, attempts');
    within(gaps(await serverLog('/seq/date'))[0], 900, 3000, 'Retry-After date');
  });

  it('caps Retry-After at the request timeout', async () => {
    const res = await api.get('/seq/cap?steps=429r30,200', { timeout: 400 });
    eq([res.status, res.attempts], [200, 2], 'status, attempts');
    within(gaps(await serverLog('/seq/cap'))[0], 400, 2000, 'capped wait');
  });

  it('ignores Retry-After on other statuses', async () => {
    const res = await api.get('/seq/other?steps=500r30,200', { retryDelay: 50 });
    eq([res.status, res.attempts], [200, 2], 'status, attempts');
    within(gaps(await serverLog('/seq/other'))[0], 50, 1500, 'retryDelay, not Retry-After');
  });

  it('doubles the delay with retryBackoff exponential', async () => {
    const res = await api.get('/seq/exp?steps=503,503,503,200',
      { retries: 3, retryDelay: 100, retryBackoff: 'exponential' });
    eq([res.status, res.attempts], [200, 4], 'status, attempts');
    const [a, b, c] = gaps(await serverLog('/seq/exp'));
    // 100, 200, 400 ms plus up to a quarter of jitter, plus the exchange itself.
    within(a, 100, 1100, 'first wait');
    within(b, 200, 1250, 'second wait');
    within(c, 400, 1500, 'third wait');
  });
});
