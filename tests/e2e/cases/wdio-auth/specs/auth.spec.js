// wdio-api-runner's auth helpers as its examples use them: interceptors added to `api` or
// to a createApiClient client, excludePaths, token refresh, the OAuth2 token endpoint of
// the test server (/oauth/token), clear errors for bad input, secrets masked in output.
import { basicAuth, apiKeyAuth, bearerAuth, oauth2ClientCredentials, createApiClient,
  parseJwtExpiry, shouldExclude, encodeBasicAuth, isTokenExpired, mergeHeaders }
  from 'wdio-api-runner';
const { eq, check } = require(`${process.env.E2E_SHARED}/http-check.js`);
const base = process.env.API_BASE_URL;

const b64url = (o) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-')
  .replace(/\//g, '_');
const jwt = (exp) => `${b64url({ alg: 'none' })}.${b64url({ sub: 'u1', exp })}.signature`;
const now = () => Math.floor(Date.now() / 1000);
const thrown = (fn) => { try { fn(); } catch (e) { return e; } return undefined; };
async function rejected(p) { try { await p; } catch (e) { return e; } return undefined; }
const OAUTH = { tokenUrl: `${base}/oauth/token`, clientId: 'sonde-client',
  clientSecret: 'sonde-client-secret-42' };

afterEach(() => api.clearInterceptors());

describe('basicAuth and apiKeyAuth', () => {
  it('basicAuth sets Authorization except on excluded paths', async () => {
    const auth = basicAuth({ username: 'ada', password: 'lovelace-pw', excludePaths: ['/open', /skip$/] });
    api.addRequestInterceptor(auth.interceptor);
    const res = await api.get('/echo/private');
    eq(res.data.headers.authorization, `Basic ${btoa('ada:lovelace-pw')}`, 'header');
    eq((await api.get('/echo/open')).data.headers.authorization, undefined, 'string exclusion');
    eq((await api.get('/echo/please-skip')).data.headers.authorization, undefined, 'RegExp');
    console.log('password', 'lovelace-pw', 'credentials', btoa('ada:lovelace-pw'));
  });

  it('apiKeyAuth puts the key in a header, the query or a cookie', async () => {
    const client = createApiClient({ baseUrl: base });
    client.addRequestInterceptor(apiKeyAuth({ value: 'key-in-header' }).interceptor);
    eq((await client.get('/echo/h')).data.headers['x-api-key'], 'key-in-header', 'header');
    client.clearInterceptors();
    client.addRequestInterceptor(apiKeyAuth({ value: 'key-in-query', in: 'query' }).interceptor);
    eq((await client.get('/echo/q', { params: { page: 2 } })).data.query,
      { api_key: 'key-in-query', page: '2' }, 'query');
    client.clearInterceptors();
    client.addRequestInterceptor(apiKeyAuth({ value: 'key-in-cookie', in: 'cookie',
      name: 'session_token' }).interceptor);
    eq((await client.get('/echo/c', { headers: { Cookie: 'theme=dark' } })).data.headers.cookie,
      'theme=dark; session_token=key-in-cookie', 'cookie');
  });

  it('refuses bad configs with a clear TypeError', () => {
    const cases = [
      [() => basicAuth(), 'basicAuth(config): config must be an object'],
      [() => basicAuth({ username: 'a' }), 'basicAuth(config): config.password must be a string'],
      [() => basicAuth({ username: 'a', password: 'b', excludePaths: '/x' }),
        'basicAuth(config): config.excludePaths must be an array of strings and RegExps'],
      [() => apiKeyAuth({ value: 'k', in: 'body' }),
        "apiKeyAuth(config): config.in must be 'header', 'query' or 'cookie', not \"body\""],
      [() => apiKeyAuth({ value: 42 }), 'apiKeyAuth(config): config.value must be a non-empty string'],
      [() => bearerAuth({ token: 42 }),
        'bearerAuth(config): config.token must be a string or a function returning one'],
      [() => bearerAuth({ token: 't', refresh: 'r' }),
        'bearerAuth(config): config.refresh must be a function'],
      [() => oauth2ClientCredentials({ ...OAUTH, refreshBuffer: -1 }),
        'oauth2ClientCredentials(config): config.refreshBuffer must be a number, 0 or more'],
      [() => oauth2ClientCredentials({ clientId: 'a', clientSecret: 'b' }),
        'oauth2ClientCredentials(config): config.tokenUrl must be a non-empty string'],
    ];
    for (const [fn, message] of cases) {
      const err = thrown(fn);
      check(err instanceof TypeError && err.message === message, `${message}: got ${err}`);
    }
  });

  it('exports the utilities', () => {
    eq(parseJwtExpiry(jwt(2000000000)), 2000000000000, 'parseJwtExpiry');
    eq(parseJwtExpiry('not-a-jwt'), null, 'not a JWT');
    eq([shouldExclude('http://h/health', ['/health']), shouldExclude('http://h/x', [/y/])],
      [true, false], 'shouldExclude');
    eq(encodeBasicAuth('ü', 'p'), Buffer.from('ü:p').toString('base64'), 'encodeBasicAuth');
    eq([isTokenExpired(null), isTokenExpired(Date.now() + 30000, 60),
      isTokenExpired(Date.now() + 120000, 60)], [false, true, false], 'isTokenExpired');
    eq(mergeHeaders({ authorization: 'x', a: '1' }, { Authorization: 'y' }),
      { a: '1', Authorization: 'y' }, 'mergeHeaders');
  });
});

describe('bearerAuth', () => {
  it('takes a string, a function or an async function, with headerName and prefix', async () => {
    api.addRequestInterceptor(bearerAuth({ token: 'static-token-1' }).interceptor);
    eq((await api.get('/echo/b1')).data.headers.authorization, 'Bearer static-token-1', 'string');
    api.clearInterceptors();
    api.addRequestInterceptor(bearerAuth({ token: () => 'sync-token-2', headerName: 'X-Auth',
      prefix: 'Token' }).interceptor);
    eq((await api.get('/echo/b2')).data.headers['x-auth'], 'Token sync-token-2', 'sync fn');
    api.clearInterceptors();
    api.addRequestInterceptor(bearerAuth({ token: 'raw-token-value', prefix: '' }).interceptor);
    eq((await api.get('/echo/b2')).data.headers.authorization, 'raw-token-value', 'no prefix');
    api.clearInterceptors();
    let calls = 0;
    const auth = bearerAuth({ token: async () => `async-token-${++calls}` });
    api.addRequestInterceptor(auth.interceptor);
    await api.get('/echo/b3');
    eq((await api.get('/echo/b3')).data.headers.authorization, 'Bearer async-token-1', 'async fn');
    eq([calls, auth.getToken()], [1, 'async-token-1'], 'token read once');
    await auth.clearTokens();
    eq((await api.get('/echo/b3')).data.headers.authorization, 'Bearer async-token-2', 'cleared');
    auth.setToken('injected-token');
    eq((await api.get('/echo/b3')).data.headers.authorization, 'Bearer injected-token', 'setToken');
    eq((await api.get('/protected')).status, 401, 'the server refuses it');
  });

  it('refreshes a JWT that expires within refreshBuffer, once for concurrent requests', async () => {
    const refreshed = [];
    let n = 0;
    const auth = bearerAuth({
      token: jwt(now() + 30), // inside the default 60 s buffer: stale
      refresh: async () => { await new Promise((r) => setTimeout(r, 20)); return jwt(now() + 3600 + ++n); },
      onRefresh: (t) => refreshed.push(t),
    });
    api.addRequestInterceptor(auth.interceptor);
    const all = await Promise.all([1, 2, 3].map((i) => api.get(`/echo/jwt${i}`)));
    eq(refreshed.length, 1, 'one refresh for three requests');
    for (const r of all) eq(r.data.headers.authorization, `Bearer ${refreshed[0]}`, 'new token');
    await api.get('/echo/jwt4');
    eq(refreshed.length, 1, 'a fresh token is kept');
    await auth.forceRefresh();
    eq([refreshed.length, auth.getToken()], [2, refreshed[1]], 'forceRefresh');
  });

  it('disableAutoRefresh keeps an expired token; forceRefresh needs refresh', async () => {
    const expired = jwt(now() - 10);
    let refreshes = 0;
    const auth = bearerAuth({ token: expired, refresh: async () => { refreshes++; return 'x-new'; },
      disableAutoRefresh: true });
    api.addRequestInterceptor(auth.interceptor);
    eq((await api.get('/echo/exp')).data.headers.authorization, `Bearer ${expired}`, 'kept');
    eq(refreshes, 0, 'no refresh');
    const err = await rejected(bearerAuth({ token: 't' }).forceRefresh());
    eq(err && err.message, 'bearerAuth: forceRefresh() needs config.refresh', 'no refresh fn');
  });

  it('a token function that fails rejects the request, and nothing else', async () => {
    api.addRequestInterceptor(bearerAuth({ token: async () => { throw new Error('vault is down'); } })
      .interceptor);
    const err = await rejected(api.get('/echo/never-with-token'));
    eq(err && err.message, 'vault is down', 'the function error');
    api.clearInterceptors();
    eq((await api.get('/echo/after')).status, 200, 'the client still works');
  });
});

describe('oauth2ClientCredentials', () => {
  it('fetches a token with scope, audience and extraParams, and reuses it', async () => {
    const seen = [];
    const auth = oauth2ClientCredentials({ ...OAUTH, scope: 'read:users write:users',
      audience: 'https://api.example', extraParams: { resource: 'users' },
      onTokenRefresh: (t) => seen.push(t) });
    const client = createApiClient({ baseUrl: base });
    client.addRequestInterceptor(auth.interceptor);
    const first = await client.get('/echo/o1');
    const second = await client.get('/echo/o2');
    eq(seen.length, 1, 'one token request');
    const token = seen[0];
    eq(token.received, { grant_type: 'client_credentials', client_id: 'sonde-client',
      scope: 'read:users write:users', audience: 'https://api.example', resource: 'users' },
    'what the endpoint received');
    eq([first.data.headers.authorization, second.data.headers.authorization],
      [`Bearer ${token.access_token}`, `Bearer ${token.access_token}`], 'header');
    eq(auth.getToken(), token.access_token, 'getToken');
    console.log('oauth token', auth.getToken(), 'client secret', OAUTH.clientSecret);
  });

  it('refreshes within refreshBuffer unless disabled; forceRefresh, setToken, clearTokens', async () => {
    const issued = [];
    const short = { ...OAUTH, extraParams: { expires_in: '30' }, onTokenRefresh: (t) => issued.push(t.access_token) };
    const auto = oauth2ClientCredentials(short);
    api.addRequestInterceptor(auto.interceptor);
    await api.get('/echo/r1');
    await api.get('/echo/r2');
    eq(issued.length, 2, 'a token expiring within the buffer is fetched again');
    api.clearInterceptors();
    const manual = oauth2ClientCredentials({ ...short, disableAutoRefresh: true });
    api.addRequestInterceptor(manual.interceptor);
    await api.get('/echo/r3');
    await api.get('/echo/r4');
    eq(issued.length, 3, 'disableAutoRefresh keeps it');
    await manual.forceRefresh();
    eq([issued.length, manual.getToken()], [4, issued[3]], 'forceRefresh');
    manual.setToken('expired-or-invalid');
    eq((await api.get('/echo/r5')).data.headers.authorization, 'Bearer expired-or-invalid', 'setToken');
    await manual.clearTokens();
    eq(manual.getToken(), null, 'cleared');
    await api.get('/echo/r6');
    eq(issued.length, 5, 'fetched again after clearTokens');
  });

  it('a token endpoint that fails rejects the request with its answer', async () => {
    const bad = oauth2ClientCredentials({ ...OAUTH, clientSecret: 'wrong-secret-value' });
    api.addRequestInterceptor(bad.interceptor);
    let err = await rejected(api.get('/echo/denied'));
    eq(err && err.message, 'OAuth2 token request failed: 401 Unauthorized. {"error":"invalid_client"}',
      'refused');
    api.clearInterceptors();
    api.addRequestInterceptor(oauth2ClientCredentials({ ...OAUTH, tokenUrl: 'http://127.0.0.1:1/token' })
      .interceptor);
    err = await rejected(api.get('/echo/denied'));
    check(err && err.message.startsWith('OAuth2 token request to http://127.0.0.1:1/token failed: '),
      'unreachable: ' + err);
    api.clearInterceptors();
    api.addRequestInterceptor(oauth2ClientCredentials({ ...OAUTH, tokenUrl: `${base}/echo/token` })
      .interceptor);
    err = await rejected(api.get('/echo/denied'));
    eq(err && err.message, `OAuth2 token response from ${base}/echo/token has no access_token`,
      'no token');
    api.clearInterceptors();
    eq((await api.get('/echo/fine')).status, 200, 'the client still works');
  });
});
