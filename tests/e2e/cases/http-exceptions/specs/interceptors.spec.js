// Exceptions in interceptors and in the configs they return reject the call.
const { eq, serverLog } = require(`${process.env.E2E_SHARED}/http-check.js`);

async function failure(fn) {
  try {
    await fn();
  } catch (e) {
    return e;
  }
  throw new Error('the call did not fail');
}

const boom = (what) => { throw new Error(`boom: ${what}`); };

describe('exceptions around interceptors', () => {
  let remove = [];
  afterEach(() => { remove.forEach((r) => r()); remove = []; });

  it('a request interceptor that throws rejects', async () => {
    remove.push(api.addRequestInterceptor(() => boom('request interceptor')));
    const err = await failure(() => api.get('/seq/req-throws?steps=200'));
    eq(err.message, 'boom: request interceptor', 'rejection');
    eq((await failure(() => api.get('/seq/req-throws?steps=200'))).message, 'boom: request interceptor', 'again');
    remove.forEach((r) => r()); remove = [];
    eq((await serverLog('/seq/req-throws')).length, 0, 'requests sent');
  });

  it('a config whose params getter throws rejects', async () => {
    remove.push(api.addRequestInterceptor((config) => {
      Object.defineProperty(config, 'params', { get: () => boom('config params') });
    }));
    const err = await failure(() => api.get('/seq/config-params?steps=200'));
    eq(err.message, 'boom: config params', 'rejection');
  });

  it('a config whose url getter throws rejects', async () => {
    remove.push(api.addRequestInterceptor((config) => ({ ...config, get url() { return boom('config url'); } })));
    const err = await failure(() => api.get('/seq/config-url?steps=200'));
    eq(err.message, 'boom: config url', 'rejection');
  });

  it('a response interceptor that throws rejects', async () => {
    remove.push(api.addResponseInterceptor(() => boom('response interceptor')));
    const err = await failure(() => api.get('/seq/res-throws?steps=200'));
    eq(err.message, 'boom: response interceptor', 'rejection');
  });

  it('a response interceptor returning a thenable that throws rejects', async () => {
    remove.push(api.addResponseInterceptor(() => ({ then() { boom('then'); } })));
    const err = await failure(() => api.get('/seq/res-then?steps=200'));
    eq(err.message, 'boom: then', 'rejection');
  });
});

describe('exceptions in Headers methods', () => {
  it('get, has, set, append and delete throw what toString throws', async () => {
    const res = await api.get('/seq/headers-methods?steps=200');
    const bad = { toString: () => boom('toString') };
    for (const [what, fn] of [
      ['get', () => res.headers.get(bad)], ['has', () => res.headers.has(bad)],
      ['set name', () => res.headers.set(bad, 'v')], ['set value', () => res.headers.set('x-a', bad)],
      ['append', () => res.headers.append('x-b', bad)], ['delete', () => res.headers.delete(bad)],
    ]) {
      let err;
      try { fn(); } catch (e) { err = e; }
      eq(err && err.message, 'boom: toString', what);
    }
    eq([res.headers.has('x-a'), res.headers.has('x-b')], [false, false], 'nothing set');
  });
});
