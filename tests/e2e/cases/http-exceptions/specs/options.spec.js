// JavaScript exceptions on the request path (issue 13 item 8): a getter or toString() that
// throws in what a spec passes (params, headers, options, the signal) becomes the call's
// rejection (or its synchronous throw, like any bad option), and the request is not sent
// without it.
const { check, eq, serverLog } = require(`${process.env.E2E_SHARED}/http-check.js`);

async function failure(fn) {
  try {
    await fn();
  } catch (e) {
    return e;
  }
  throw new Error('the call did not fail');
}

const boom = (what) => { throw new Error(`boom: ${what}`); };

describe('exceptions in what a request is made of', () => {
  it('a throwing getter in params rejects, and nothing is sent', async () => {
    const params = { a: 1 };
    Object.defineProperty(params, 'b', { enumerable: true, get: () => boom('params getter') });
    const err = await failure(() => api.get('/seq/params-getter?steps=200', { params }));
    eq(err.message, 'boom: params getter', 'rejection');
    eq((await serverLog('/seq/params-getter')).length, 0, 'requests sent');
  });

  it('a param value whose toString throws rejects', async () => {
    const err = await failure(() => api.get('/seq/params-tostring?steps=200',
      { params: { a: [1, { toString: () => boom('param toString') }] } }));
    eq(err.message, 'boom: param toString', 'rejection');
    eq((await serverLog('/seq/params-tostring')).length, 0, 'requests sent');
  });

  it('a throwing getter in headers fails the call', async () => {
    const headers = {};
    Object.defineProperty(headers, 'X-Bad', { enumerable: true, get: () => boom('headers getter') });
    const err = await failure(() => api.get('/seq/headers-getter?steps=200', { headers }));
    eq(err.message, 'boom: headers getter', 'error');
    eq((await serverLog('/seq/headers-getter')).length, 0, 'requests sent');
  });

  it('a throwing getter among the options fails the call', async () => {
    const options = {};
    Object.defineProperty(options, 'timeout', { get: () => boom('timeout getter') });
    const err = await failure(() => api.get('/seq/options-getter?steps=200', options));
    eq(err.message, 'boom: timeout getter', 'error');
    const req = await failure(() => api.request('/seq/options-getter?steps=200',
      { get method() { return boom('method getter'); } }));
    eq(req.message, 'boom: method getter', 'api.request error');
    eq((await serverLog('/seq/options-getter')).length, 0, 'requests sent');
  });

  it('a signal whose aborted getter throws rejects', async () => {
    const signal = { addEventListener() {}, removeEventListener() {}, get aborted() { return boom('aborted'); } };
    const err = await failure(() => api.get('/seq/signal-getter?steps=200', { signal }));
    eq(err.message, 'boom: aborted', 'rejection');
  });

  it('a signal whose removeEventListener throws rejects instead of resolving', async () => {
    const signal = { addEventListener() {}, aborted: false, removeEventListener() { boom('removeEventListener'); } };
    const err = await failure(() => api.get('/seq/signal-remove?steps=200', { signal }));
    eq(err.message, 'boom: removeEventListener', 'rejection');
  });

  it('setHeader, setHeaders, removeHeader and setBaseUrl throw what toString throws', async () => {
    const bad = { toString: () => boom('toString') };
    for (const [what, fn] of [
      ['setHeader', () => api.setHeader('X-A', bad)],
      ['setHeaders', () => api.setHeaders({ get 'X-B'() { return boom('toString'); } })],
      ['removeHeader', () => api.removeHeader(bad)],
      ['setBaseUrl', () => api.setBaseUrl(bad)],
    ]) {
      let err;
      try { fn(); } catch (e) { err = e; }
      check(err && err.message === 'boom: toString', `${what}: ${err}`);
    }
    eq(api.getHeaders()['X-A'], undefined, 'no header set');
    eq(api.getBaseUrl(), process.env.API_BASE_URL, 'base URL kept');
  });
});
