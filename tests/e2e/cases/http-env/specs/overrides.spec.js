// RUNNER_API_OPTIONS='{"baseUrl":".../echo/env","timeout":300,"retries":1,"retryDelay":10,
// "headers":{"X-Env":"env","X-Both":"env"}}' (set by case.sh).
const { check, eq, serverLog } = require(`${process.env.E2E_SHARED}/http-check.js`);
const ORIGIN = process.env.API_BASE_URL;

describe('RUNNER_API_OPTIONS', () => {
  it('overrides baseUrl', async () => {
    eq((await api.get('/x')).data.path, '/echo/env/x', 'path');
  });

  it('merges its headers over apiRunner.headers', async () => {
    const h = (await api.get('/h')).data.headers;
    eq([h['x-config'], h['x-env'], h['x-both']], ['config', 'env', 'env'], 'headers');
  });

  it('overrides timeout and retries', async () => {
    let err;
    try { await api.get(`${ORIGIN}/delay/2000`); } catch (e) { err = e; }
    check(err && /^Request timeout after 300ms: GET /.test(err.message), 'message: ' + (err && err.message));
    const res = await api.get(`${ORIGIN}/seq/env?steps=503,200`);
    eq([res.status, res.attempts], [200, 2], 'retries: 1');
  });
});
