// HTTP_PROXY=<test server>, HTTPS_PROXY=<test server>, NO_PROXY=127.0.0.1 (set by case.sh).
// The test server answers absolute-form requests as a forward proxy would receive them.
const { check, eq, serverLog } = require(`${process.env.E2E_SHARED}/http-check.js`);

describe('proxies from the environment', () => {
  it('sends http requests through HTTP_PROXY', async () => {
    const res = await api.get('http://api.example.invalid/echo/p?q=1');
    eq([res.data.proxied, res.data.method, res.data.target],
      [true, 'GET', 'http://api.example.invalid/echo/p'], 'seen by the proxy');
    eq(res.data.headers.host, 'api.example.invalid', 'Host of the target');
  });

  it('tunnels https requests through HTTPS_PROXY', async () => {
    let err;
    try { await api.get('https://secure.example.invalid/x', { retries: 0 }); } catch (e) { err = e; }
    check(err instanceof Error, 'the stand-in refuses tunnels, so the request fails: ' + err);
    const log = await serverLog('secure.example.invalid:443');
    eq(log.map((e) => e.method), ['CONNECT'], 'CONNECT reached the proxy');
  });

  it('goes direct to hosts in NO_PROXY', async () => {
    const res = await api.get('/echo/direct');
    eq([res.data.proxied, res.data.path], [undefined, '/echo/direct'], 'not proxied');
  });
});
