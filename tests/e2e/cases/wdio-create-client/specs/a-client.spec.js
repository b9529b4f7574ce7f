// createApiClient(options) as wdio-api-runner's examples use it: its own base URL, headers,
// timeout, retries and interceptors, beside the global `api`.
import { createApiClient, assertResponse, expect as sondeExpect } from 'wdio-api-runner';
const { eq, check } = require(`${process.env.E2E_SHARED}/http-check.js`);
const base = process.env.API_BASE_URL;

describe('createApiClient', () => {
  it('makes a client with its own base URL and default headers', async () => {
    const client = createApiClient({ baseUrl: `${base}/echo`, headers: { 'X-Client': 'one' } });
    eq(client.getBaseUrl(), `${base}/echo`, 'getBaseUrl');
    eq(client.getHeaders(),
      { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Client': 'one' },
      'getHeaders');
    const res = await client.get('/a', { params: { q: 1 } });
    eq([res.status, res.data.path, res.data.query.q], [200, '/echo/a', '1'], 'echo');
    eq(res.data.headers['x-client'], 'one', 'its header');
    eq(res.data.headers['x-run'], undefined, 'not the run apiRunner.headers');
    const global = await api.get('/echo/g');
    eq([global.data.headers['x-run'], global.data.headers['x-client']], ['global', undefined],
      'the global api keeps its own headers');
  });

  it('changes its headers and base URL without touching api', async () => {
    const client = createApiClient({ baseUrl: base });
    client.setHeader('X-One', '1');
    client.setHeaders({ 'X-Two': '2', 'X-Three': '3' });
    client.removeHeader('X-Three');
    eq(client.getHeaders()['X-Two'], '2', 'setHeaders');
    client.setBaseUrl(`${base}/echo/moved`);
    const res = await client.post('/x', { n: 1 });
    eq([res.data.method, res.data.path, res.data.json], ['POST', '/echo/moved/x', { n: 1 }],
      'post');
    eq([res.data.headers['x-one'], res.data.headers['x-two'], res.data.headers['x-three']],
      ['1', '2', undefined], 'headers sent');
    eq(api.getHeaders()['X-One'], undefined, 'api untouched');
    eq(api.getBaseUrl(), base, 'api base URL untouched');
    client.setBaseUrl(null);
    eq(client.getBaseUrl(), '', 'no base URL reads as an empty string');
  });

  it('sends an absolute URL as it is, whatever the base URL', async () => {
    const client = createApiClient({ baseUrl: 'http://127.0.0.1:9/nowhere' });
    const res = await client.get(`${base}/echo/absolute`);
    eq([res.status, res.data.path], [200, '/echo/absolute'], 'absolute URL');
  });

  it('falls back to the run baseUrl and accepts a WebdriverIO config with apiRunner', async () => {
    const plain = createApiClient();
    eq(plain.getBaseUrl(), base, 'no options: the run baseUrl');
    const fromConfig = createApiClient({ baseUrl: 'http://127.0.0.1:9',
      apiRunner: { baseUrl: `${base}/echo`, headers: { 'X-Cfg': 'yes' } } });
    const res = await fromConfig.get('/cfg');
    eq([res.data.path, res.data.headers['x-cfg']], ['/echo/cfg', 'yes'], 'apiRunner wins');
  });

  it('retries with its own retries and retryDelay, and times out with its timeout', async () => {
    const client = createApiClient({ baseUrl: base, retries: 2, retryDelay: 10, timeout: 300 });
    const res = await client.get('/seq/client-retries?steps=503,503,200');
    eq([res.status, res.attempts], [200, 3], 'status, attempts');
    let err;
    try { await client.get('/delay/2000'); } catch (e) { err = e; }
    check(err && /^Request timeout after 300ms: GET /.test(err.message), 'timeout: ' + err);
  });

  it('request() takes the method from its options', async () => {
    const client = createApiClient({ baseUrl: base });
    const res = await client.request('/echo/r', { method: 'patch', body: { p: true } });
    eq([res.data.method, res.data.json], ['PATCH', { p: true }], 'request()');
  });

  it('refuses options of the wrong type with a clear error', () => {
    const cases = [
      [() => createApiClient('http://x'), 'createApiClient(options): options must be an object'],
      [() => createApiClient({ timeout: '5s' }),
        'createApiClient(options): options.timeout must be a number, 0 or more'],
      [() => createApiClient({ retries: 1.5 }),
        'createApiClient(options): options.retries must be a whole number, 0 or more'],
      [() => createApiClient({ baseUrl: 42 }),
        'createApiClient(options): options.baseUrl must be a string'],
      [() => createApiClient({ headers: 'X-A: 1' }),
        'createApiClient(options): options.headers must be an object'],
      [() => createApiClient({ verbose: 'yes' }),
        'createApiClient(options): options.verbose must be true or false'],
    ];
    for (const [fn, message] of cases) {
      let err;
      try { fn(); } catch (e) { err = e; }
      check(err instanceof TypeError && err.message === message, `${message}: got ${err}`);
    }
  });

  it('prints its exchanges when verbose', async () => {
    const client = createApiClient({ baseUrl: base, verbose: true });
    await client.get('/echo/verbose-client');
    await api.get('/echo/quiet-global');
  });
});

describe("wdio-api-runner's interceptor forms", () => {
  it('(url, options) gets the absolute URL and returns { url, options }, in order', async () => {
    const client = createApiClient({ baseUrl: base });
    const order = [];
    client.addRequestInterceptor((url, options) => {
      order.push(['first', url, options.method, options.headers.Accept,
        options.headers['X-Given'], options.headers['x-given']]);
      const u = new URL(url);
      u.searchParams.set('step', '1');
      return { url: u.toString(), options };
    });
    client.addRequestInterceptor((url, options) => {
      order.push(['second', url]);
      const u = new URL(url);
      u.searchParams.set('step2', '2');
      return { url: u.toString(), options };
    });
    const res = await client.get('/echo/forms', { headers: { 'X-Given': 'as spelled' } });
    eq(order, [['first', `${base}/echo/forms`, 'GET', 'application/json', 'as spelled', undefined],
      ['second', `${base}/echo/forms?step=1`]], 'calls');
    eq(res.data.query, { step: '1', step2: '2' }, 'query as sent');
  });

  it('(url, options) may return the options, or options with a url, or nothing', async () => {
    const client = createApiClient({ baseUrl: base });
    client.addRequestInterceptor((url, options) => ({
      ...options, headers: { ...options.headers, 'X-Spread': 'a' } }));
    client.addRequestInterceptor((url, options) => ({ ...options, url: `${base}/echo/elsewhere` }));
    client.addRequestInterceptor((url, options) => { options.headers['X-Mutated'] = url; });
    client.addRequestInterceptor((url, options) => ({ ...options,
      headers: [...Object.entries(options.headers), ['X-Array', 'pairs']] }));
    // A default value or a rest parameter ends fn.length; still the (url, options) form.
    client.addRequestInterceptor(async (url, options = {}) => ({ ...options,
      headers: { ...options.headers, 'X-Default': typeof url } }));
    client.addRequestInterceptor(function (url, ...rest) { rest[0].headers['X-Rest'] = 'r'; });
    client.addRequestInterceptor((config = {}) => { config.headers.set('X-Config-Form', '1'); });
    const res = await client.post('/echo/original', { b: 2 });
    eq([res.data.path, res.data.json], ['/echo/elsewhere', { b: 2 }], 'url and body');
    eq([res.data.headers['x-spread'], res.data.headers['x-mutated'], res.data.headers['x-array'],
      res.data.headers['x-default'], res.data.headers['x-rest'], res.data.headers['x-config-form']],
    ['a', `${base}/echo/elsewhere`, 'pairs', 'string', 'r', '1'], 'headers');
  });

  it('mixes with the config form and rejects a bad return value', async () => {
    const client = createApiClient({ baseUrl: base });
    client.addRequestInterceptor((config) => { config.headers.set('X-Config', 'c'); });
    // The plain object spells each name as it was given, here by the config form's set().
    client.addRequestInterceptor((url, options) => ({ ...options,
      headers: { ...options.headers, 'X-Pair': options.headers['X-Config'] } }));
    const res = await client.get('/echo/mixed');
    eq([res.data.headers['x-config'], res.data.headers['x-pair']], ['c', 'c'], 'both forms');
    client.clearInterceptors();
    client.addRequestInterceptor((url, options) => 42);
    let err;
    try { await client.get('/echo/never-sent'); } catch (e) { err = e; }
    check(err instanceof TypeError && /must return the options, \{ url, options \} or nothing, not 42/
      .test(err.message), 'bad return: ' + err);
  });

  it('a response interceptor may return a spread copy, which assertions accept', async () => {
    const client = createApiClient({ baseUrl: base });
    const order = [];
    client.addResponseInterceptor((response) => {
      order.push(`${response.status} ${response.statusText}`);
      return { ...response, data: { ...response.data, step1: true } };
    });
    client.addResponseInterceptor((response) => ({ ...response,
      data: { ...response.data, step2: true } }));
    const res = await client.get('/echo/spread');
    eq(order, ['200 OK'], 'interceptor saw the response');
    for (const key of ['status', 'statusText', 'headers', 'data', 'ok', 'duration', 'request'])
      check(Object.keys(res).includes(key), `own enumerable ${key}`);
    check(typeof res.request === 'object' && res.request.method === 'GET', 'request kept');
    assertResponse(res).toBeOk().and.toHaveStatus(200).toHaveContentType('application/json')
      .toHaveBodyProperty('step1', true).toHaveBodyProperty('step2', true)
      .toHaveHeader('content-type');
    sondeExpect(res).toHaveStatus(200);
    sondeExpect(res).toHaveBodyProperty('path', '/echo/spread');
    let err;
    try { assertResponse(res).toHaveStatus(404); } catch (e) { err = e; }
    eq(err && err.message, 'Expected status 404, but received 200', 'failure on a copy');
  });
});
