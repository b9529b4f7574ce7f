// api-auth: wdio-api-runner's auth helpers, exported by 'sonde' / 'wdio-api-runner':
// basicAuth, apiKeyAuth, bearerAuth and oauth2ClientCredentials, each returning
// { interceptor, ... } whose interceptor has that project's (url, options) form, and the
// small utilities it exports beside them (parseJwtExpiry, shouldExclude, encodeBasicAuth,
// isTokenExpired, mergeHeaders).
// Why JavaScript: token state shared between concurrent requests, user callbacks and
// promises. Every byte on the wire is C's: the token endpoint is called through a client of
// src/api (natives.client), and every secret handled here is registered with the process's
// secret registry (natives.secret) so that it is masked in every output.
(function (natives) {
  'use strict';
  const DEFAULT_REFRESH_BUFFER = 60; // seconds

  const fail = (fn, what) => { throw new TypeError(`${fn}(config): ${what}`); };
  const isObject = (v) => v !== null && typeof v === 'object';
  const isRegExp = (v) => Object.prototype.toString.call(v) === '[object RegExp]';

  function checkConfig(fn, config) {
    if (!isObject(config)) fail(fn, 'config must be an object');
    const ex = config.excludePaths;
    if (ex !== undefined && (!Array.isArray(ex) ||
        !ex.every((p) => typeof p === 'string' || isRegExp(p))))
      fail(fn, 'config.excludePaths must be an array of strings and RegExps');
  }
  function optString(fn, config, name, fallback) {
    const v = config[name];
    if (v === undefined || v === null) return fallback;
    if (typeof v !== 'string') fail(fn, `config.${name} must be a string`);
    return v;
  }
  function needString(fn, config, name) {
    const v = config[name];
    if (typeof v !== 'string' || v === '') fail(fn, `config.${name} must be a non-empty string`);
    return v;
  }
  function optNumber(fn, config, name, fallback) {
    const v = config[name];
    if (v === undefined || v === null) return fallback;
    if (typeof v !== 'number' || !(v >= 0) || v === Infinity)
      fail(fn, `config.${name} must be a number, 0 or more`);
    return v;
  }
  function optFunction(fn, config, name) {
    const v = config[name];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'function') fail(fn, `config.${name} must be a function`);
    return v;
  }
  const secret = (value) => { if (typeof value === 'string') natives.secret(value); return value; };

  // ---- utilities, as that project exports them ----

  function parseJwtExpiry(token) {
    if (typeof token !== 'string') return null;
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    try {
      const exp = JSON.parse(natives.fromBase64(parts[1])).exp;
      return typeof exp === 'number' ? exp * 1000 : null;
    } catch {
      return null;
    }
  }
  function shouldExclude(url, excludePaths) {
    if (!Array.isArray(excludePaths) || excludePaths.length === 0) return false;
    return excludePaths.some((p) => (typeof p === 'string' ? String(url).includes(p) : p.test(url)));
  }
  const encodeBasicAuth = (username, password) => natives.toBase64(`${username}:${password}`);
  function isTokenExpired(expiryMs, bufferSeconds = DEFAULT_REFRESH_BUFFER) {
    if (expiryMs === null || expiryMs === undefined) return false;
    return Date.now() >= expiryMs - bufferSeconds * 1000;
  }
  function mergeHeaders(existing, added) {
    const out = {};
    if (existing && typeof existing.forEach === 'function' && !Array.isArray(existing))
      existing.forEach((value, name) => { out[name] = value; });
    else if (Array.isArray(existing)) for (const [name, value] of existing) out[name] = value;
    else if (isObject(existing)) Object.assign(out, existing);
    // One spelling per name: an added header replaces the existing one in any case.
    for (const name of Object.keys(added))
      for (const k of Object.keys(out)) if (k.toLowerCase() === name.toLowerCase()) delete out[k];
    return Object.assign(out, added);
  }
  const withHeader = (options, name, value) =>
    ({ ...options, headers: mergeHeaders(options.headers, { [name]: value }) });

  // ---- basic, API key ----

  function basicAuth(config) {
    const fn = 'basicAuth';
    checkConfig(fn, config);
    const username = needString(fn, config, 'username');
    const password = optString(fn, config, 'password', undefined);
    if (password === undefined) fail(fn, 'config.password must be a string');
    secret(password);
    const value = secret(`Basic ${secret(encodeBasicAuth(username, password))}`);
    const { excludePaths } = config;
    return {
      interceptor: (url, options) =>
        (shouldExclude(url, excludePaths) ? options : withHeader(options, 'Authorization', value)),
    };
  }

  function apiKeyAuth(config) {
    const fn = 'apiKeyAuth';
    checkConfig(fn, config);
    const value = secret(needString(fn, config, 'value'));
    const placement = config.in === undefined ? 'header' : config.in;
    if (!['header', 'query', 'cookie'].includes(placement))
      fail(fn, `config.in must be 'header', 'query' or 'cookie', not ${JSON.stringify(placement)}`);
    const name = optString(fn, config, 'name', placement === 'header' ? 'X-API-Key' : 'api_key');
    const { excludePaths } = config;
    let interceptor;
    if (placement === 'header') {
      interceptor = (url, options) =>
        (shouldExclude(url, excludePaths) ? options : withHeader(options, name, value));
    } else if (placement === 'query') {
      interceptor = (url, options) => {
        if (shouldExclude(url, excludePaths)) return options;
        const u = new URL(url, 'http://localhost');
        u.searchParams.set(name, value);
        const absolute = /^[a-z][a-z0-9+.-]*:/i.test(url);
        return { ...options, url: absolute ? u.toString() : u.pathname + u.search + u.hash };
      };
    } else {
      interceptor = (url, options) => {
        if (shouldExclude(url, excludePaths)) return options;
        const merged = mergeHeaders(options.headers, {});
        const key = Object.keys(merged).find((k) => k.toLowerCase() === 'cookie');
        const cookie = key ? `${merged[key]}; ${name}=${value}` : `${name}=${value}`;
        return withHeader(options, 'Cookie', cookie);
      };
    }
    return { interceptor };
  }

  // ---- tokens that expire: one refresh at a time, shared by concurrent requests ----

  function tokenState(refreshBuffer, disableAutoRefresh) {
    const state = {
      token: null,   // the current token (bearer: a string; oauth2: the token response)
      expiry: null,  // ms since the epoch, or null when unknown
      pending: null, // the refresh in flight
      refresh(fetchToken) {
        if (!state.pending) {
          state.pending = (async () => {
            try { await fetchToken(); } finally { state.pending = null; }
          })();
        }
        return state.pending;
      },
      stale: () => !disableAutoRefresh && isTokenExpired(state.expiry, refreshBuffer),
    };
    return state;
  }

  function bearerAuth(config) {
    const fn = 'bearerAuth';
    checkConfig(fn, config);
    const source = config.token;
    if (typeof source !== 'string' && typeof source !== 'function')
      fail(fn, 'config.token must be a string or a function returning one');
    const refreshFn = optFunction(fn, config, 'refresh');
    const onRefresh = optFunction(fn, config, 'onRefresh');
    const refreshBuffer = optNumber(fn, config, 'refreshBuffer', DEFAULT_REFRESH_BUFFER);
    const headerName = optString(fn, config, 'headerName', 'Authorization');
    const prefix = optString(fn, config, 'prefix', 'Bearer');
    const { excludePaths } = config;
    const state = tokenState(refreshBuffer, config.disableAutoRefresh === true);
    const adopt = (token, what) => {
      if (typeof token !== 'string')
        throw new TypeError(`bearerAuth: ${what} must give a string token, not ${typeof token}`);
      state.token = secret(token);
      state.expiry = parseJwtExpiry(token);
    };
    const doRefresh = () => state.refresh(async () => {
      const token = await refreshFn();
      adopt(token, 'config.refresh');
      if (onRefresh) onRefresh(token);
    });
    async function current() {
      if (state.token === null)
        adopt(typeof source === 'function' ? await source() : source, 'config.token');
      if (refreshFn && state.stale()) await doRefresh();
      return state.token;
    }
    return {
      interceptor: async (url, options) => {
        if (shouldExclude(url, excludePaths)) return options;
        const token = await current();
        return withHeader(options, headerName, secret(prefix ? `${prefix} ${token}` : token));
      },
      forceRefresh: async () => {
        if (!refreshFn) throw new Error('bearerAuth: forceRefresh() needs config.refresh');
        await doRefresh();
      },
      clearTokens: async () => { state.token = null; state.expiry = null; },
      setToken: (token) => adopt(token, 'setToken(token)'),
      getToken: () => state.token,
    };
  }

  function oauth2ClientCredentials(config) {
    const fn = 'oauth2ClientCredentials';
    checkConfig(fn, config);
    const tokenUrl = needString(fn, config, 'tokenUrl');
    const clientId = needString(fn, config, 'clientId');
    const clientSecret = secret(needString(fn, config, 'clientSecret'));
    const scope = optString(fn, config, 'scope', undefined);
    const audience = optString(fn, config, 'audience', undefined);
    const extra = config.extraParams;
    if (extra !== undefined && extra !== null && !isObject(extra))
      fail(fn, 'config.extraParams must be an object');
    const refreshBuffer = optNumber(fn, config, 'refreshBuffer', DEFAULT_REFRESH_BUFFER);
    const onTokenRefresh = optFunction(fn, config, 'onTokenRefresh');
    const { excludePaths } = config;
    const state = tokenState(refreshBuffer, config.disableAutoRefresh === true);
    const client = natives.client();

    async function fetchToken() {
      const body = new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId,
        client_secret: clientSecret });
      if (scope) body.set('scope', scope);
      if (audience) body.set('audience', audience);
      if (extra) for (const [k, v] of Object.entries(extra)) body.set(k, String(v));
      let res;
      try {
        res = await client.post(tokenUrl, body, { headers: { Accept: 'application/json' } });
      } catch (e) {
        throw new Error(`OAuth2 token request to ${tokenUrl} failed: ${e && e.message}`);
      }
      if (!res.ok) {
        const text = typeof res.data === 'string' ? res.data
          : res.data === null ? '' : JSON.stringify(res.data);
        throw new Error(`OAuth2 token request failed: ${res.status} ${res.statusText}. ${text}`);
      }
      const token = res.data;
      if (!isObject(token) || typeof token.access_token !== 'string' || !token.access_token)
        throw new Error(`OAuth2 token response from ${tokenUrl} has no access_token`);
      secret(token.access_token);
      if (typeof token.refresh_token === 'string') secret(token.refresh_token);
      state.token = token;
      state.expiry = typeof token.expires_in === 'number' && token.expires_in > 0
        ? Date.now() + token.expires_in * 1000 : null;
      if (onTokenRefresh) onTokenRefresh(token);
    }
    async function current() {
      if (state.token === null || state.stale()) await state.refresh(fetchToken);
      return state.token.access_token;
    }
    return {
      interceptor: async (url, options) => {
        if (shouldExclude(url, excludePaths)) return options;
        const token = await current();
        return withHeader(options, 'Authorization', `Bearer ${token}`);
      },
      forceRefresh: () => state.refresh(fetchToken),
      clearTokens: async () => { state.token = null; state.expiry = null; },
      setToken: (accessToken) => {
        if (typeof accessToken !== 'string')
          throw new TypeError('oauth2ClientCredentials: setToken(token) needs a string');
        state.token = { access_token: secret(accessToken), token_type: 'Bearer' };
        state.expiry = null; // a token set by hand is never refreshed on its own
      },
      getToken: () => (state.token ? state.token.access_token : null),
    };
  }

  return { basicAuth, apiKeyAuth, bearerAuth, oauth2ClientCredentials, parseJwtExpiry,
    shouldExclude, encodeBasicAuth, isTokenExpired, mergeHeaders };
})
