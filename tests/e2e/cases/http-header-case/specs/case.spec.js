// Headers that interceptors set keep the case they were given (issue 21 §3) on the wire,
// in verbose logs, in the failure dump and in HAR files; reading them back in JavaScript
// stays fetch's (lower-case names, any case matches).
describe('header case', () => {
  before(() => {
    api.setHeader('X-Default-Thing', 'd');
    // The specification's form: a Headers object in the config.
    api.addRequestInterceptor(async (config) => {
      config.headers.set('X-Trace-ID', 'trace-1');
      config.headers.set('content-TYPE', 'application/json');
      console.log(`JS has=${config.headers.has('x-trace-id')} get=${config.headers.get('X-TRACE-ID')} keys=${[...config.headers.keys()].join(',')}`);
      return config;
    });
    // wdio-api-runner's form: (url, options) with a plain object, names as given.
    api.addRequestInterceptor((url, options) => {
      console.log(`PLAIN ${Object.keys(options.headers).join(',')}`);
      return { ...options, headers: { ...options.headers, 'X-WDIO-Style': 'w' } };
    });
  });

  it('fails, dumping its exchange', async () => {
    const res = await api.get('/echo');
    console.log(`WIRE ${Object.keys(res.data.headers).filter((h) => h.startsWith('x-')).join(',')}`);
    expect(res.status).toBe(599);
  });
});
