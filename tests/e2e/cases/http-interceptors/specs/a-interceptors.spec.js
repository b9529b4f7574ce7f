// Request and response interceptors: order, async, mutate or replace, throws, removal.
const { check, eq, serverLog } = require(`${process.env.E2E_SHARED}/http-check.js`);

afterEach(() => api.clearInterceptors());

describe('request interceptors', () => {
  it('run in insertion order, may be async, and see the whole config', async () => {
    const seen = [];
    api.addRequestInterceptor(async (config) => {
      seen.push(['first', config.method, config.url, config.timeout, typeof config.headers.get]);
      await new Promise((r) => setTimeout(r, 20));
      config.headers.set('X-Order', 'first');
      return config;
    });
    api.addRequestInterceptor((config) => {
      seen.push(['second', config.headers.get('x-order'), config.body, config.params]);
      config.headers.set('x-order', config.headers.get('X-ORDER') + ',second');
    });
    const res = await api.post('/echo/i', { n: 1 }, { params: { q: 'x' }, timeout: 5000 });
    eq(seen, [
      ['first', 'POST', `${process.env.API_BASE_URL}/echo/i`, 5000, 'function'],
      ['second', 'first', { n: 1 }, { q: 'x' }],
    ], 'what the interceptors saw');
    eq(res.data.headers['x-order'], 'first,second', 'header as sent');
    eq(res.request.headers.get('x-order'), 'first,second', 'response.request.headers');
  });

  it('may change method, url, params, body and timeout, or replace the config', async () => {
    api.addRequestInterceptor((config) => {
      config.url = '/echo/changed';
      config.params.added = 'yes';
      config.body = { ...config.body, extra: true };
      config.headers.delete('x-team');
    });
    api.addRequestInterceptor((config) => ({ ...config, method: 'PUT', headers: config.headers }));
    const res = await api.post('/echo/original', { a: 1 }, { params: { keep: 1 } });
    eq([res.data.method, res.data.path], ['PUT', '/echo/changed'], 'method, path');
    eq(res.data.query, { keep: '1', added: 'yes' }, 'params');
    eq(res.data.json, { a: 1, extra: true }, 'body');
    eq(res.data.headers['x-team'], undefined, 'deleted header');
    eq(res.request.body, '{"a":1,"extra":true}', 'response.request.body');
  });

  it('rejects the request with the error an interceptor throws, sending nothing', async () => {
    api.addRequestInterceptor(async () => { throw new RangeError('no token for you'); });
    let err;
    try { await api.get('/echo/never'); } catch (e) { err = e; }
    check(err instanceof RangeError && err.message === 'no token for you', 'got ' + err);
    api.clearInterceptors();
    eq((await serverLog('/echo/never')).length, 0, 'requests received');
  });

  it('run before every attempt', async () => {
    let n = 0;
    api.addRequestInterceptor((config) => { config.headers.set('X-Try', String(++n)); });
    const res = await api.get('/seq/tries?steps=503,503,200', { retries: 2, retryDelay: 10 });
    eq([res.status, res.attempts], [200, 3], 'status, attempts');
    eq((await serverLog('/seq/tries')).map((e) => e.headers['x-try']), ['1', '2', '3'],
      'X-Try per attempt');
  });

  it('can be removed one by one, or all at once', async () => {
    const remove = api.addRequestInterceptor((c) => { c.headers.set('X-A', '1'); });
    api.addRequestInterceptor((c) => { c.headers.set('X-B', '1'); });
    remove();
    remove(); // a second call is harmless
    let h = (await api.get('/echo')).data.headers;
    eq([h['x-a'], h['x-b']], [undefined, '1'], 'after remove()');
    api.clearInterceptors();
    h = (await api.get('/echo')).data.headers;
    eq([h['x-a'], h['x-b']], [undefined, undefined], 'after clearInterceptors()');
  });
});

describe('response interceptors', () => {
  it('transform the response in order and may be async', async () => {
    api.addResponseInterceptor(async (res) => {
      await new Promise((r) => setTimeout(r, 10));
      res.data.tagged = ['first'];
      return res;
    });
    api.addResponseInterceptor((res) => ({ ...res, status: 299, data: { ...res.data, tagged: [...res.data.tagged, 'second'] } }));
    const res = await api.get('/echo/r');
    eq([res.status, res.data.tagged, res.data.path], [299, ['first', 'second'], '/echo/r'], 'transformed');
  });

  it('run once per call, after the last attempt', async () => {
    let calls = 0;
    api.addResponseInterceptor((res) => { calls++; });
    const res = await api.get('/seq/once-resp?steps=500,200', { retries: 1, retryDelay: 10 });
    eq([res.status, res.attempts, calls], [200, 2, 1], 'status, attempts, interceptor calls');
  });

  it('reject the call with what they throw', async () => {
    api.addResponseInterceptor((res) => { if (!res.ok) throw new Error(`HTTP ${res.status}`); });
    let err;
    try { await api.get('/status/418'); } catch (e) { err = e; }
    eq(err && err.message, 'HTTP 418', 'error');
  });

  it('reject a non-function', () => {
    let err;
    try { api.addResponseInterceptor('nope'); } catch (e) { err = e; }
    check(err instanceof TypeError, 'expected a TypeError, got ' + err);
  });
});
