// graphql: the GraphQL client of spec files (the `graphql` global of graphqlRunner,
// createGraphQLClient and gql exported by 'sonde' / 'wdio-api-runner'). Queries and
// mutations go through the realm's `api` client (src/api: connection reuse, TLS rules,
// retries, exchanges in reports, secret masking); subscriptions over graphql-transport-ws
// (or the legacy Apollo "graphql-ws") on the WebSocket class, or over GraphQL-over-SSE
// on the native event stream (src/graphql/streams.c).
// Why JavaScript: the protocols are JSON messages handed between user callbacks, promises
// and async iterators; every byte on the wire is C's (http/ws, http/stream, http/sse).
// The subscriptions and transports are graphql-transports.js; wdio-api-runner's helpers
// graphql-helpers.js.
(function (natives, transports) {
  'use strict';
  const { GraphQLSubscriptionError, Subscription, WsLink, SseLink, sseSubscribe, assign } = transports;
  const ACCEPT = 'application/graphql-response+json, application/json';
  // webSocket.reconnectAttempts / reconnectInterval defaults (documented in the README).
  const DEFAULT_RECONNECT_ATTEMPTS = 5;
  const DEFAULT_RECONNECT_INTERVAL = 1000;
  const DEFAULT_ACK_TIMEOUT = 10000;

  // ---- documents ----

  class GraphQLDocument {
    constructor(text) {
      Object.defineProperty(this, 'query', { value: text, enumerable: true });
      const m = /\b(query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(stripNoise(text));
      Object.defineProperty(this, 'operationName', { value: m ? m[2] : undefined, enumerable: true });
    }
    get loc() { return { source: { body: this.query } }; }
    toString() { return this.query; }
  }

  // The document without comments and string contents, to find keywords in.
  function stripNoise(text) {
    return text.replace(/"""[\s\S]*?"""|"(?:[^"\\\n]|\\.)*"|#[^\n]*/g, ' ');
  }

  function operationType(text) {
    const m = /^\s*(query|mutation|subscription)\b/.exec(stripNoise(text));
    return m ? m[1] : 'query';
  }

  function gql(strings, ...values) {
    if (typeof strings === 'string') return new GraphQLDocument(strings);
    let text = strings[0];
    values.forEach((v, i) => {
      text += (v instanceof GraphQLDocument ? v.query : v && v.loc && v.loc.source ? v.loc.source.body : String(v)) + strings[i + 1];
    });
    return new GraphQLDocument(text);
  }

  // Any accepted document shape as the request's { query, operationName?, variables?,
  // extensions? } (variables omitted when empty).
  function operation(doc, variables, what) {
    let op = null;
    if (typeof doc === 'string') op = { query: doc };
    else if (doc instanceof GraphQLDocument) op = { query: doc.query };
    else if (doc && typeof doc === 'object') {
      const q = doc.query;
      if (typeof q === 'string') op = { query: q };
      else if (q instanceof GraphQLDocument) op = { query: q.query };
      else if (doc.loc && doc.loc.source && typeof doc.loc.source.body === 'string') op = { query: doc.loc.source.body };
      if (op && !(doc.loc && !('query' in doc))) {
        if (doc.operationName != null) op.operationName = String(doc.operationName);
        if (doc.variables != null) op.variables = doc.variables;
        if (doc.extensions != null) op.extensions = doc.extensions;
      }
    }
    if (!op) throw new TypeError(`graphql.${what}: the document must be a string, a gql\`\` result or { query, variables }`);
    if (variables != null) {
      if (typeof variables !== 'object') throw new TypeError(`graphql.${what}: variables must be an object`);
      op.variables = { ...(op.variables || {}), ...variables };
    }
    if (op.variables && Object.keys(op.variables).length === 0) delete op.variables;
    return op;
  }

  function nameOf(op) {
    if (op.operationName) return op.operationName;
    return new GraphQLDocument(op.query).operationName || '(anonymous)';
  }

  // ---- results ----

  function decorate(res) {
    let body = res.data;
    if (typeof body === 'string') {
      try { body = JSON.parse(body); } catch { /* not JSON: no GraphQL result */ }
    }
    const errors = body && typeof body === 'object' && Array.isArray(body.errors) ? body.errors : [];
    const hasData = !!(body && typeof body === 'object' && body.data != null);
    const props = {
      errors,
      hasErrors: errors.length > 0,
      hasData,
      isSuccess: res.status >= 200 && res.status < 300 && errors.length === 0 && hasData,
    };
    for (const [k, v] of Object.entries(props)) {
      Object.defineProperty(res, k, { value: v, enumerable: true, configurable: true, writable: true });
    }
    return res;
  }

  function lowerKeys(h) {
    const out = {};
    for (const [k, v] of Object.entries(h || {})) if (v != null) out[k] = String(v);
    return out;
  }

  function describeErrors(errors, max = 3) {
    const parts = errors.slice(0, max).map((e) => {
      const msg = e && e.message !== undefined ? String(e.message) : JSON.stringify(e);
      return e && Array.isArray(e.path) ? `"${msg}" at ${e.path.join('.')}` : `"${msg}"`;
    });
    return parts.join(', ') + (errors.length > max ? `, and ${errors.length - max} more` : '');
  }

  // ---- the client ----

  function wsConfig(ws, headers) {
    if (!ws) return null;
    const protocol = ws.protocol || 'graphql-transport-ws';
    if (protocol !== 'graphql-transport-ws' && protocol !== 'graphql-ws') {
      throw new TypeError(`webSocket.protocol must be 'graphql-transport-ws' or 'graphql-ws', not '${protocol}'`);
    }
    return {
      url: ws.url,
      protocol,
      connectionParams: ws.connectionParams,
      reconnect: ws.reconnect !== false,
      reconnectAttempts: ws.reconnectAttempts >= 0 ? ws.reconnectAttempts : DEFAULT_RECONNECT_ATTEMPTS,
      reconnectInterval: ws.reconnectInterval >= 0 ? ws.reconnectInterval : DEFAULT_RECONNECT_INTERVAL,
      ackTimeout: ws.connectionTimeout > 0 ? ws.connectionTimeout : DEFAULT_ACK_TIMEOUT,
      keepAliveInterval: ws.keepAliveInterval > 0 ? ws.keepAliveInterval : 0,
      headers: { ...(ws.headers || {}) },
    };
  }

  // Checks the options (graphqlRunner's for the global: `where` names the key's prefix).
  function checkOptions(o, where) {
    const bad = (key, what, v) => new TypeError(`${where}${key} must be ${what}, not ${v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'string' ? JSON.stringify(v) : typeof v === 'number' ? v : typeof v}`);
    const str = (obj, key, prefix = '') => {
      if (obj[key] !== undefined && typeof obj[key] !== 'string') throw bad(prefix + key, 'a string', obj[key]);
    };
    const num = (obj, key, prefix = '') => {
      if (obj[key] !== undefined && !(typeof obj[key] === 'number' && obj[key] >= 0)) throw bad(prefix + key, 'a number of 0 or more', obj[key]);
    };
    const obj = (v, key) => {
      if (v !== undefined && (v === null || typeof v !== 'object' || Array.isArray(v))) throw bad(key, 'an object', v);
    };
    str(o, 'endpoint');
    obj(o.headers, 'headers');
    for (const k of ['timeout', 'retries', 'retryDelay', 'maxBufferedEvents']) num(o, k);
    obj(o.webSocket, 'webSocket');
    if (o.webSocket) {
      const w = o.webSocket;
      str(w, 'url', 'webSocket.');
      if (typeof w.url === 'string' && !/^(wss?|https?):\/\//i.test(w.url)) throw bad('webSocket.url', 'a ws: or wss: URL', w.url);
      for (const k of ['reconnectAttempts', 'reconnectInterval', 'connectionTimeout', 'keepAliveInterval']) num(w, k, 'webSocket.');
      if (w.connectionParams !== undefined && w.connectionParams !== null && typeof w.connectionParams !== 'object' && typeof w.connectionParams !== 'function') {
        throw bad('webSocket.connectionParams', 'an object or a function', w.connectionParams);
      }
    }
    obj(o.sse, 'sse');
    if (o.sse) {
      str(o.sse, 'url', 'sse.');
      obj(o.sse.headers, 'sse.headers');
    }
  }

  class GraphQLClient {
    #opts; #headers; #interceptors = []; #ws = null; #sse = null; #subs = new Set();
    constructor(options = {}, where = 'createGraphQLClient: options.') {
      if (!options || typeof options !== 'object') throw new TypeError('createGraphQLClient: options must be an object');
      checkOptions(options, where);
      if (options.webSocket) wsConfig(options.webSocket); // the protocol name
      this.#opts = { ...options };
      this.#headers = lowerKeys(options.headers);
    }
    get endpoint() { return this.#opts.endpoint; }

    setHeader(name, value) { assign(this.#headers, { [name]: value }); return this; }
    removeHeader(name) { assign(this.#headers, { [name]: null }); return this; }
    getHeaders() { return { ...this.#headers }; }
    addRequestInterceptor(fn) {
      if (typeof fn !== 'function') throw new TypeError('addRequestInterceptor: the interceptor must be a function');
      this.#interceptors.push(fn);
      return this;
    }
    clearInterceptors() { this.#interceptors.length = 0; return this; }

    query(doc, variables, options) { return this.#request('query', doc, variables, options); }
    mutate(doc, variables, options) { return this.#request('mutate', doc, variables, options); }
    mutation(doc, variables, options) { return this.#request('mutate', doc, variables, options); }
    request(doc, variables, options) { return this.#request('request', doc, variables, options); }

    async #request(what, doc, variables, options = {}) {
      const op = operation(doc, variables, what);
      options = options || {};
      let config = {
        url: options.endpoint || this.#opts.endpoint,
        method: String(options.method || 'POST').toUpperCase(),
        headers: assign(assign({ Accept: ACCEPT }, this.#headers), options.headers),
        body: op,
        operationName: nameOf(op),
        timeout: options.timeout !== undefined ? options.timeout : this.#opts.timeout,
        retries: options.retries !== undefined ? options.retries : this.#opts.retries,
        retryDelay: options.retryDelay !== undefined ? options.retryDelay : this.#opts.retryDelay,
      };
      if (!config.url) throw new TypeError(`graphql.${what}: no endpoint (graphqlRunner.endpoint or createGraphQLClient({ endpoint }))`);
      for (const fn of this.#interceptors) config = (await fn(config)) || config;
      if (config.method !== 'GET' && config.method !== 'POST') {
        throw new TypeError(`graphql.${what}: method must be 'POST' or 'GET', not '${config.method}'`);
      }
      const api = natives.api();
      if (!api || typeof api.post !== 'function') throw new Error('graphql: the api client is not available in this realm');
      const req = { headers: config.headers };
      for (const k of ['timeout', 'retries', 'retryDelay', 'signal']) {
        const v = k === 'signal' ? options.signal : config[k];
        if (v !== undefined) req[k] = v;
      }
      try {
        const res = decorate(await this.#send(api, config, req));
        if (this.#opts.verbose) {
          // The operation's name beside what the api client logs (apiRunner.verbose).
          const errs = res.errors.length ? `, ${res.errors.length} GraphQL error${res.errors.length > 1 ? 's' : ''}: ${describeErrors(res.errors, 1)}` : '';
          console.info(`graphql ${what} ${config.operationName} → ${res.status}${errs}`);
        }
        return res;
      } catch (e) {
        // Network errors and timeouts are thrown (GraphQL errors and statuses are results):
        // say which operation failed.
        if (e && typeof e.message === 'string') e.message = `graphql ${what} ${config.operationName}: ${e.message}`;
        throw e;
      }
    }

    async #send(api, config, req) {
      let res;
      if (config.method === 'GET') {
        const b = config.body;
        req.params = { query: b.query };
        if (b.operationName) req.params.operationName = b.operationName;
        if (b.variables) req.params.variables = JSON.stringify(b.variables);
        if (b.extensions) req.params.extensions = JSON.stringify(b.extensions);
        res = await api.get(config.url, req);
      } else {
        res = await api.post(config.url, config.body, req);
      }
      return res;
    }

    subscribe(doc, variables, options = {}) {
      options = options || {};
      const op = operation(doc, variables, 'subscribe');
      const sub = new Subscription(nameOf(op), { maxBufferedEvents: this.#opts.maxBufferedEvents, ...options });
      const ws = this.#opts.webSocket;
      const sse = this.#opts.sse;
      const transport = options.transport || (ws && ws.url ? 'ws' : sse && sse.url ? 'sse' : 'ws');
      this.#subs.add(sub);
      const forget = () => this.#subs.delete(sub);
      sub._cleanup = forget;
      if (transport === 'ws') {
        if (!ws || !ws.url) throw new TypeError('graphql.subscribe: no WebSocket URL (graphqlRunner.webSocket.url)');
        if (!this.#ws) this.#ws = new WsLink(wsConfig(ws));
        this.#ws.add(sub, op);
      } else if (transport === 'sse') {
        const url = (sse && sse.url) || this.#opts.endpoint;
        if (!url) throw new TypeError('graphql.subscribe: no SSE URL (graphqlRunner.sse.url)');
        const cfg = { url, headers: { ...this.#headers, ...((sse && sse.headers) || {}) } };
        if (sse && sse.singleConnection) {
          if (!this.#sse) this.#sse = new SseLink(cfg);
          this.#sse.add(sub, op);
        } else {
          sseSubscribe(cfg, sub, op);
        }
      } else {
        throw new TypeError(`graphql.subscribe: transport must be 'ws' or 'sse', not '${transport}'`);
      }
      return sub;
    }

    get activeSubscriptions() { return [...this.#subs].filter((s) => !s.closed); }
    unsubscribeAll() {
      for (const s of this.#subs) s.unsubscribe();
      this.#subs.clear();
    }
    close() {
      this.unsubscribeAll();
      if (this.#ws) this.#ws.close();
      if (this.#sse) this.#sse.close();
      this.#ws = null;
      this.#sse = null;
    }
  }

  function createGraphQLClient(options, where) {
    return new GraphQLClient(options, where);
  }

  return { createGraphQLClient, gql, GraphQLSubscriptionError, GraphQLClient };
});
