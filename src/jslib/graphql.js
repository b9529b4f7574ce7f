// graphql: the GraphQL client of spec files (the `graphql` global of graphqlRunner,
// createGraphQLClient and gql exported by 'sonde' / 'wdio-api-runner'). Queries and
// mutations go through the realm's `api` client (src/api: connection reuse, TLS rules,
// retries, exchanges in reports, secret masking); subscriptions over graphql-transport-ws
// (or the legacy Apollo "graphql-ws") on the WebSocket class, or over GraphQL-over-SSE
// (distinct connections mode) on the native event stream (src/graphql/streams.c).
// Why JavaScript: the protocols are JSON messages handed between user callbacks, promises
// and async iterators; every byte on the wire is C's (http/ws, http/stream, http/sse).
(function (natives, setTimeout, clearTimeout) {
  'use strict';
  const ACCEPT = 'application/graphql-response+json, application/json';
  const DEFAULT_MAX_BUFFERED = 1000;
  // webSocket.reconnectAttempts / reconnectInterval defaults (documented in the README).
  const DEFAULT_RECONNECT_ATTEMPTS = 5;
  const DEFAULT_RECONNECT_INTERVAL = 1000;
  const DEFAULT_ACK_TIMEOUT = 10000;

  class GraphQLSubscriptionError extends Error {
    constructor(message, id, details) {
      super(message);
      this.name = 'GraphQLSubscriptionError';
      this.id = id;
      if (details) Object.assign(this, details);
    }
  }

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

  function assign(target, extra) {
    for (const [k, v] of Object.entries(extra || {})) {
      for (const key of Object.keys(target)) if (key.toLowerCase() === k.toLowerCase()) delete target[key];
      if (v != null) target[k] = String(v);
    }
    return target;
  }

  // ---- subscriptions ----

  class Subscription {
    #queue = []; #waiters = []; #state = 'connecting'; #error = null; #ended = false;
    #max; #cb; #stop = null; #name; #id;
    constructor(name, options) {
      this.#name = name;
      this.#max = options.maxBufferedEvents > 0 ? options.maxBufferedEvents : DEFAULT_MAX_BUFFERED;
      this.#cb = { onData: options.onData, onError: options.onError, onComplete: options.onComplete, onStateChange: options.onStateChange };
    }
    get state() { return this.#state; }
    get error() { return this.#error; }
    get operationName() { return this.#name; }
    get id() { return this.#id; }
    get closed() { return this.#ended; }
    get buffered() { return this.#queue.length; }

    _attach(id, stop) { this.#id = id; this.#stop = stop; }
    _setState(s) {
      if (this.#ended || s === this.#state) return;
      const prev = this.#state;
      this.#state = s;
      if (typeof this.#cb.onStateChange === 'function') this.#cb.onStateChange(s, prev);
    }
    _emit(value) {
      if (this.#ended) return;
      if (typeof this.#cb.onData === 'function') {
        this.#cb.onData(value);
        return;
      }
      const w = this.#waiters.shift();
      if (w) {
        w.resolve({ value, done: false });
        return;
      }
      this.#queue.push(value);
      if (this.#queue.length > this.#max) {
        this._fail(new GraphQLSubscriptionError(`subscription ${this.#name}: more than ${this.#max} events arrived unread (maxBufferedEvents); the subscription was closed to bound memory`, this.#id));
      }
    }
    _fail(error) {
      if (this.#ended) return;
      this._setState('error');
      this.#ended = true;
      this.#error = error;
      this.#queue.length = 0; // the error comes next, not after the events kept
      if (this.#stop) this.#stop();
      for (const w of this.#waiters.splice(0)) w.reject(error);
      if (typeof this.#cb.onError === 'function') this.#cb.onError(error);
    }
    _complete() {
      if (this.#ended) return;
      this._setState('closed');
      this.#ended = true;
      for (const w of this.#waiters.splice(0)) w.resolve({ value: undefined, done: true });
      if (typeof this.#cb.onComplete === 'function') this.#cb.onComplete();
    }

    // The iterator protocol's next: { value, done }.
    #pull(timeout) {
      if (this.#queue.length) return Promise.resolve({ value: this.#queue.shift(), done: false });
      if (this.#error) return Promise.reject(this.#error);
      if (this.#ended) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve, reject) => {
        const w = { resolve, reject };
        if (timeout > 0) {
          const t = setTimeout(() => {
            const i = this.#waiters.indexOf(w);
            if (i >= 0) this.#waiters.splice(i, 1);
            reject(new GraphQLSubscriptionError(`subscription ${this.#name}: no event within ${timeout} ms (state: ${this.#state})`, this.#id, { code: 'ETIMEDOUT' }));
          }, timeout);
          w.resolve = (v) => { clearTimeout(t); resolve(v); };
          w.reject = (e) => { clearTimeout(t); reject(e); };
        }
        this.#waiters.push(w);
      });
    }

    // One result; rejects on timeout, on the subscription's error, or when it completed.
    async next(options = {}) {
      const r = await this.#pull(options && options.timeout);
      if (r.done) throw new GraphQLSubscriptionError(`subscription ${this.#name}: completed before another event arrived`, this.#id, { code: 'ECOMPLETE' });
      return r.value;
    }

    // n results (fewer when the subscription completes first); the timeout is for all.
    async take(n, options = {}) {
      const timeout = options && options.timeout;
      const deadline = timeout > 0 ? Date.now() + timeout : 0;
      const out = [];
      while (out.length < n) {
        const left = deadline ? Math.max(1, deadline - Date.now()) : 0;
        let r;
        try {
          r = await this.#pull(left);
        } catch (e) {
          if (e && e.code === 'ETIMEDOUT') {
            e.message = `subscription ${this.#name}: ${out.length} of ${n} events within ${timeout} ms (state: ${this.#state})`;
            e.received = out;
          }
          throw e;
        }
        if (r.done) break;
        out.push(r.value);
      }
      return out;
    }

    unsubscribe() {
      if (this.#ended) return;
      if (this.#stop) this.#stop();
      this._complete();
    }

    [Symbol.asyncIterator]() {
      return {
        next: () => this.#pull(0),
        return: () => { this.unsubscribe(); return Promise.resolve({ value: undefined, done: true }); },
        [Symbol.asyncIterator]() { return this; },
      };
    }
  }

  const closeReasons = {
    4400: 'Bad request (the server could not read a message)',
    4401: 'Unauthorized',
    4403: 'Forbidden',
    4408: 'Connection initialisation timeout',
    4409: 'Subscriber for the id already exists',
    4429: 'Too many initialisation requests',
    4499: 'Terminated',
    4500: 'Internal server error',
  };

  // One WebSocket per client carrying every subscription (graphql-transport-ws or the
  // legacy graphql-ws protocol); reconnects after an abnormal close and subscribes again.
  class WsLink {
    #cfg; #socket = null; #acked = false; #ops = new Map(); #next = 1; #attempts = 0;
    #ackTimer = null; #retryTimer = null; #legacy; #lastError = ''; #pinger = null;
    constructor(cfg) {
      this.#cfg = cfg;
      this.#legacy = cfg.protocol === 'graphql-ws';
    }
    get connected() { return this.#acked; }

    add(sub, op) {
      const id = String(this.#next++);
      this.#ops.set(id, { sub, op });
      sub._attach(id, () => this.#remove(id));
      if (this.#acked) {
        sub._setState('connected');
        this.#subscribe(id);
      } else if (!this.#socket && !this.#retryTimer) {
        this.#open();
      }
    }

    #send(msg) {
      if (this.#socket && this.#socket.readyState === 1) this.#socket.send(JSON.stringify(msg));
    }

    #subscribe(id) {
      const { op } = this.#ops.get(id);
      this.#send({ id, type: this.#legacy ? 'start' : 'subscribe', payload: op });
    }

    #remove(id) {
      if (!this.#ops.delete(id)) return;
      if (this.#acked) this.#send({ id, type: this.#legacy ? 'stop' : 'complete' });
      if (this.#ops.size === 0) this.close();
    }

    // webSocket.keepAliveInterval: a graphql-ws ping that often; no pong by the next one
    // counts as a lost connection (reconnected as any other).
    #keepAlive(socket) {
      const ms = this.#cfg.keepAliveInterval;
      if (!(ms > 0) || this.#legacy) return;
      let waiting = false;
      this.#pinger = setInterval(() => {
        if (socket !== this.#socket) return;
        if (waiting) {
          this.#socket = null;
          this.#acked = false;
          clearInterval(this.#pinger);
          socket.close();
          this.#closed({ code: 1006, reason: `no pong within ${ms} ms` });
          return;
        }
        waiting = true;
        this.#send({ type: 'ping' });
      }, ms);
      if (this.#pinger && this.#pinger.unref) this.#pinger.unref();
      this.#pong = () => { waiting = false; };
    }
    #pong = () => {};

    close() {
      clearInterval(this.#pinger);
      clearTimeout(this.#ackTimer);
      clearTimeout(this.#retryTimer);
      this.#retryTimer = null;
      const s = this.#socket;
      this.#socket = null;
      this.#acked = false;
      if (s) {
        if (this.#legacy && s.readyState === 1) s.send(JSON.stringify({ type: 'connection_terminate' }));
        s.close(1000, 'Normal Closure');
      }
    }

    #failAll(error) {
      const ops = [...this.#ops.values()];
      this.#ops.clear();
      this.close();
      for (const { sub } of ops) {
        sub._fail(new GraphQLSubscriptionError(`subscription ${sub.operationName}: ${error.message}`, sub.id, { code: error.code, closeCode: error.closeCode }));
      }
    }

    #open() {
      const cfg = this.#cfg;
      this.#lastError = '';
      const socket = new WebSocket(cfg.url, [cfg.protocol], { headers: cfg.headers });
      this.#socket = socket;
      socket.onopen = async () => {
        let payload = cfg.connectionParams;
        try {
          if (typeof payload === 'function') payload = await payload();
        } catch (e) {
          this.#failAll(Object.assign(new Error(`connectionParams failed: ${e && e.message}`), { code: 'ECONNPARAMS' }));
          return;
        }
        if (socket !== this.#socket) return;
        this.#send(payload === undefined ? { type: 'connection_init' } : { type: 'connection_init', payload });
        this.#ackTimer = setTimeout(() => {
          if (socket !== this.#socket) return;
          this.#failAll(Object.assign(new Error(`the server at ${cfg.url} did not acknowledge the connection within ${cfg.ackTimeout} ms`), { code: 'ETIMEDOUT' }));
        }, cfg.ackTimeout);
      };
      socket.onmessage = (ev) => {
        if (socket !== this.#socket) return;
        let msg;
        try {
          msg = JSON.parse(ev.data);
        } catch {
          socket.close(4400, 'Invalid message');
          this.#failAll(Object.assign(new Error(`the server at ${cfg.url} sent a message that is not JSON: ${String(ev.data).slice(0, 100)}`), { code: 'EPROTO' }));
          return;
        }
        this.#message(msg);
      };
      socket.onerror = (ev) => { this.#lastError = ev.message || ''; };
      socket.onclose = (ev) => {
        if (socket !== this.#socket) return;
        this.#socket = null;
        this.#acked = false;
        clearTimeout(this.#ackTimer);
        clearInterval(this.#pinger);
        this.#closed(ev);
      };
    }

    #message(msg) {
      const entry = msg.id !== undefined ? this.#ops.get(String(msg.id)) : undefined;
      switch (msg.type) {
        case 'connection_ack':
          clearTimeout(this.#ackTimer);
          this.#acked = true;
          this.#attempts = 0;
          this.#keepAlive(this.#socket);
          for (const [id, { sub }] of this.#ops) {
            sub._setState('connected');
            this.#subscribe(id);
          }
          break;
        case 'ping':
          this.#send(msg.payload === undefined ? { type: 'pong' } : { type: 'pong', payload: msg.payload });
          break;
        case 'pong':
          this.#pong();
          break;
        case 'ka':
          break;
        case 'next':
        case 'data':
          if (entry) entry.sub._emit(msg.payload);
          break;
        case 'error': {
          if (!entry) break;
          this.#ops.delete(String(msg.id));
          const errs = Array.isArray(msg.payload) ? msg.payload : [msg.payload];
          entry.sub._fail(new GraphQLSubscriptionError(`subscription ${entry.sub.operationName} failed: ${errs.map((e) => e && e.message).join('; ')}`, msg.id, { errors: errs }));
          break;
        }
        case 'complete':
          if (!entry) break;
          this.#ops.delete(String(msg.id));
          entry.sub._complete();
          break;
        case 'connection_error':
          this.#failAll(new Error(`the server refused the connection: ${JSON.stringify(msg.payload)}`));
          break;
        default:
          break;
      }
    }

    #closed(ev) {
      const cfg = this.#cfg;
      if (this.#ops.size === 0) return;
      const reason = ev.reason || closeReasons[ev.code] || '';
      const what = `the server at ${cfg.url} closed the connection with ${ev.code}${reason ? ` ${reason}` : ''}`;
      // The protocol's own 44xx codes say the request itself is wrong, and a server that
      // broke the WebSocket protocol (1002, 1007, 1009) would do it again: no retry.
      const fatal = (ev.code >= 4400 && ev.code < 4499) || ev.code === 1002 || ev.code === 1007 || ev.code === 1009;
      if (!fatal && cfg.reconnect && this.#attempts < cfg.reconnectAttempts) {
        this.#attempts++;
        for (const { sub } of this.#ops.values()) sub._setState('disconnected');
        this.#retryTimer = setTimeout(() => {
          this.#retryTimer = null;
          if (this.#ops.size) this.#open();
        }, cfg.reconnectInterval);
        if (this.#retryTimer && this.#retryTimer.unref) this.#retryTimer.unref();
        return;
      }
      const tried = cfg.reconnect && !fatal ? ` (after ${this.#attempts} reconnection attempts)` : '';
      // A connection that failed says why (its error event); one closed says how.
      const why = this.#lastError || what;
      this.#failAll(Object.assign(new Error(`${why}${tried}`), { code: fatal ? 'ECLOSED' : 'ECONNRESET', closeCode: ev.code }));
    }
  }

  // GraphQL over SSE, distinct connections mode: one POST event stream per subscription.
  function sseSubscribe(cfg, sub, op) {
    let done = false;
    const headers = assign({ Accept: 'text/event-stream', 'Content-Type': 'application/json' }, cfg.headers);
    const handle = natives.sseOpen(cfg.url, 'POST', headers, JSON.stringify(op), (kind, a, b) => {
      if (done) return;
      if (kind === 'head') {
        if (a !== 200 || !/^text\/event-stream/i.test(b)) {
          finish();
          sub._fail(new GraphQLSubscriptionError(`subscription ${sub.operationName}: the server at ${cfg.url} answered ${a}${b ? ` (${b})` : ''} instead of an event stream`, undefined, { status: a }));
        } else {
          sub._setState('connected');
        }
      } else if (kind === 'event') {
        if (a === 'next') {
          let payload;
          try {
            payload = JSON.parse(b);
          } catch {
            finish();
            sub._fail(new GraphQLSubscriptionError(`subscription ${sub.operationName}: a "next" event whose data is not JSON: ${b.slice(0, 100)}`, undefined, { code: 'EPROTO' }));
            return;
          }
          sub._emit(payload);
        } else if (a === 'complete') {
          finish();
          sub._complete();
        }
      } else if (kind === 'end') {
        done = true;
        sub._fail(new GraphQLSubscriptionError(`subscription ${sub.operationName}: ${a ? `the event stream from ${cfg.url} failed: ${a}` : `the server at ${cfg.url} ended the event stream before "complete"`}`, undefined, { code: b || 'ECONNRESET' }));
      }
    });
    function finish() {
      if (done) return;
      done = true;
      natives.sseClose(handle);
    }
    sub._attach(undefined, finish);
  }

  // GraphQL over SSE, single connection mode: a reservation (PUT) gives a token; one event
  // stream per client carries every operation's `next` and `complete` ({ id, payload }),
  // operations are POSTed with the token and stopped with DELETE ?operationId.
  class SseLink {
    #cfg; #token = null; #handle = null; #ops = new Map(); #next = 1; #opening = null;
    constructor(cfg) { this.#cfg = cfg; }

    #headers(extra) {
      return assign(assign({}, this.#cfg.headers), extra);
    }

    add(sub, op) {
      const id = String(this.#next++);
      this.#ops.set(id, { sub, op });
      sub._attach(id, () => this.#remove(id));
      this.#start(id, sub, op).catch((e) => {
        this.#ops.delete(id);
        sub._fail(new GraphQLSubscriptionError(`subscription ${sub.operationName}: ${e.message}`, id, { code: e.code }));
      });
    }

    async #start(id, sub, op) {
      await this.#open();
      if (!this.#ops.has(id)) return;
      const api = natives.api();
      const body = { ...op, extensions: { ...(op.extensions || {}), operationId: id } };
      const res = await api.post(this.#cfg.url, body, {
        headers: this.#headers({ 'X-GraphQL-Event-Stream-Token': this.#token, Accept: 'application/json' }),
      });
      if (res.status !== 202 && res.status !== 200) {
        throw Object.assign(new Error(`the server at ${this.#cfg.url} answered ${res.status} to the operation`), { code: 'EHTTP' });
      }
      sub._setState('connected');
    }

    #open() {
      if (this.#opening) return this.#opening;
      this.#opening = (async () => {
        const api = natives.api();
        const r = await api.put(this.#cfg.url, undefined, { headers: this.#headers({ Accept: 'text/plain' }) });
        if (r.status !== 201) {
          throw Object.assign(new Error(`the server at ${this.#cfg.url} answered ${r.status} to the stream reservation (PUT)`), { code: 'EHTTP' });
        }
        this.#token = typeof r.data === 'string' ? r.data : String(r.text ? await r.text() : r.data);
        await new Promise((resolve, reject) => {
          const headers = this.#headers({ Accept: 'text/event-stream', 'X-GraphQL-Event-Stream-Token': this.#token });
          this.#handle = natives.sseOpen(this.#cfg.url, 'GET', headers, null, (kind, a, b) => {
            if (kind === 'head') {
              if (a === 200 && /^text\/event-stream/i.test(b)) resolve();
              else reject(Object.assign(new Error(`the server at ${this.#cfg.url} answered ${a} instead of an event stream`), { code: 'EHTTP' }));
            } else if (kind === 'event') {
              this.#event(a, b);
            } else if (kind === 'end') {
              this.#handle = null;
              this.#lost(a ? `the event stream failed: ${a}` : 'the server ended the event stream', b);
              reject(Object.assign(new Error(a || 'the event stream ended'), { code: b || 'ECONNRESET' }));
            }
          });
        });
      })();
      this.#opening.catch(() => { this.#opening = null; });
      return this.#opening;
    }

    #event(type, data) {
      let msg;
      try {
        msg = JSON.parse(data);
      } catch {
        this.#lost(`a "${type}" event whose data is not JSON: ${data.slice(0, 100)}`, 'EPROTO');
        return;
      }
      const entry = msg && this.#ops.get(String(msg.id));
      if (!entry) return;
      if (type === 'next') {
        entry.sub._emit(msg.payload);
      } else if (type === 'complete') {
        this.#ops.delete(String(msg.id));
        entry.sub._complete();
      }
    }

    #lost(why, code) {
      const ops = [...this.#ops.values()];
      this.#ops.clear();
      this.close();
      for (const { sub } of ops) sub._fail(new GraphQLSubscriptionError(`subscription ${sub.operationName}: ${why}`, sub.id, { code }));
    }

    #remove(id) {
      if (!this.#ops.delete(id)) return;
      if (this.#token) {
        natives.api().delete(this.#cfg.url, {
          params: { operationId: id },
          headers: this.#headers({ 'X-GraphQL-Event-Stream-Token': this.#token }),
        }).catch(() => {}); // best effort: the stream closes below when nothing is left
      }
      if (this.#ops.size === 0) this.close();
    }

    close() {
      if (this.#handle) natives.sseClose(this.#handle);
      this.#handle = null;
      this.#token = null;
      this.#opening = null;
    }
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
        return decorate(await this.#send(api, config, req));
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

  // ---- wdio-api-runner's helpers ----

  // The query builder of wdio-api-runner: the same text for the same calls (two-space
  // indentation, one field per line, fragments after the operation).
  function literal(v) {
    if (v === null) return 'null';
    if (typeof v === 'string') return JSON.stringify(v);
    if (Array.isArray(v)) return `[${v.map(literal).join(', ')}]`;
    if (v && typeof v === 'object') return `{${Object.keys(v).map((k) => `${k}: ${literal(v[k])}`).join(', ')}}`;
    return String(v);
  }
  function argument(v) {
    // $variables and ENUM_VALUES go as they are.
    if (typeof v === 'string' && (v[0] === '$' || (/^[A-Za-z][A-Za-z0-9_]*$/.test(v) && v === v.toUpperCase()))) return v;
    return literal(v);
  }
  function renderField(f, depth) {
    const pad = '  '.repeat(depth);
    let out = pad;
    if (!f.name.startsWith('...')) {
      if (f.alias) out += `${f.alias}: `;
      out += f.name;
      const args = f.args ? Object.keys(f.args) : [];
      if (args.length) out += `(${args.map((k) => `${k}: ${argument(f.args[k])}`).join(', ')})`;
      if (f.directive) out += ` @${f.directive.name}(if: ${f.directive.condition})`;
    } else {
      out += f.name;
    }
    if (f.fields && f.fields.length) {
      out += ` {\n${f.fields.map((c) => renderField(c, depth + 1) + '\n').join('')}${pad}}`;
    }
    return out;
  }

  function createQueryBuilder() {
    let type = 'query', name;
    const vars = [], root = [], fragments = new Map();
    let level = root, parent = null;
    const nested = (list, owner, fn, b) => {
      const saved = [level, parent];
      level = list;
      parent = owner;
      fn(b);
      [level, parent] = saved;
    };
    const b = {
      query(n) { type = 'query'; name = n; return b; },
      mutation(n) { type = 'mutation'; name = n; return b; },
      subscription(n) { type = 'subscription'; name = n; return b; },
      variable(n, t, def) { vars.push({ n, t, def }); return b; },
      field(n, alias) { level.push({ name: n, alias }); return b; },
      fieldWithArgs(n, args, alias) { level.push({ name: n, alias, args }); return b; },
      args(args) { if (parent) parent.args = { ...parent.args, ...args }; return b; },
      select(...names) { for (const n of names) level.push({ name: n }); return b; },
      selectWith(spec, fn) {
        const i = spec.indexOf(':');
        const alias = i >= 0 ? spec.slice(0, i).trim() : undefined;
        const n = i >= 0 ? spec.slice(i + 1).split(':')[0].trim() : spec;
        let f = level.find((x) => (alias ? x.alias === alias && x.name === n : x.name === spec && !x.alias));
        if (!f) level.push((f = { name: n, alias, fields: [] }));
        if (!f.fields) f.fields = [];
        nested(f.fields, f, fn, b);
        return b;
      },
      fragment(n, on, fn) {
        const fields = [];
        nested(fields, parent, fn, b);
        fragments.set(n, { n, on, fields });
        return b;
      },
      useFragment(n) { level.push({ name: `...${n}` }); return b; },
      inlineFragment(on, fn) {
        const fields = [];
        nested(fields, parent, fn, b);
        level.push({ name: `... on ${on}`, fields });
        return b;
      },
      include(cond) { const f = level[level.length - 1]; if (f) f.directive = { name: 'include', condition: `$${cond}` }; return b; },
      skip(cond) { const f = level[level.length - 1]; if (f) f.directive = { name: 'skip', condition: `$${cond}` }; return b; },
      toString() {
        let head = type + (name ? ` ${name}` : '');
        if (vars.length) head += `(${vars.map((v) => `$${v.n}: ${v.t}${v.def !== undefined ? ` = ${literal(v.def)}` : ''}`).join(', ')})`;
        const lines = [`${head} {`, ...root.map((f) => renderField(f, 1)), '}'];
        for (const fr of fragments.values()) lines.push('', `fragment ${fr.n} on ${fr.on} {`, ...fr.fields.map((f) => renderField(f, 1)), '}');
        return lines.join('\n');
      },
      build() { return { query: b.toString(), operationName: name }; },
    };
    return b;
  }

  // The api client with the GraphQL client beside it (and its methods on it); the endpoint
  // defaults to the api base URL + /graphql.
  function extendWithGraphQL(apiClient, options = {}) {
    if (!apiClient || typeof apiClient !== 'object') throw new TypeError('extendWithGraphQL: the first argument must be the api client');
    const base = typeof apiClient.getBaseUrl === 'function' ? apiClient.getBaseUrl() : '';
    const client = createGraphQLClient({
      ...options,
      endpoint: options.endpoint || `${String(base || '').replace(/\/+$/, '')}/graphql`,
      headers: options.headers || (typeof apiClient.getHeaders === 'function' ? apiClient.getHeaders() : {}),
    });
    const ext = Object.create(apiClient);
    Object.defineProperty(ext, 'graphql', { value: client, enumerable: true });
    for (const m of ['query', 'mutate', 'subscribe']) ext[m] = client[m].bind(client);
    return ext;
  }

  // wdio-api-runner's subscription manager and its two factories, on the client above:
  // callbacks { onData, onError, onComplete }, protocols 'websocket' and 'sse'.
  let managerIds = 0;
  function subscribeWith(transport, config, operationArg, callbacks, variables, id) {
    const client = createGraphQLClient(transport === 'ws'
      ? { webSocket: { ...config, reconnect: config.reconnect !== undefined ? config.reconnect : false } }
      : { sse: { url: config.url, headers: config.headers } });
    const sub = client.subscribe(operationArg, variables, { ...(callbacks || {}), transport });
    Object.defineProperty(sub, 'id', { value: id || `${transport}-${++managerIds}`, configurable: true });
    const unsubscribe = sub.unsubscribe.bind(sub);
    let closing = false; // client.close() unsubscribes it again
    sub.unsubscribe = () => {
      if (closing) return;
      closing = true;
      unsubscribe();
      client.close();
    };
    return sub;
  }
  function createWebSocketSubscription(id, config, operationArg, callbacks) {
    return subscribeWith('ws', config || {}, operationArg, callbacks, undefined, id);
  }
  function createSSESubscription(id, config, operationArg, callbacks) {
    return subscribeWith('sse', config || {}, operationArg, callbacks, undefined, id);
  }
  function createSubscriptionManager() {
    const active = new Map();
    let protocol = 'websocket', wsDefaults = {}, sseDefaults = {};
    const track = (sub, callbacks) => {
      active.set(sub.id, sub);
      return sub;
    };
    const wrap = (callbacks, key) => ({
      ...(callbacks || {}),
      onComplete: () => { active.delete(key.id); if (callbacks && callbacks.onComplete) callbacks.onComplete(); },
    });
    const manager = {
      configure(cfg = {}) {
        if (cfg.defaultProtocol) protocol = cfg.defaultProtocol;
        if (cfg.webSocket) wsDefaults = { ...wsDefaults, ...cfg.webSocket };
        if (cfg.sse) sseDefaults = { ...sseDefaults, ...cfg.sse };
      },
      subscribe(operationArg, callbacks, variables) {
        if (protocol === 'sse') {
          if (!sseDefaults.url) throw new GraphQLSubscriptionError('SSE URL not configured: call configure({ sse: { url } }) or use subscribeSSE()');
          return manager.subscribeSSE(sseDefaults, operationArg, callbacks, variables);
        }
        if (!wsDefaults.url) throw new GraphQLSubscriptionError('WebSocket URL not configured: call configure({ webSocket: { url } }) or use subscribeWebSocket()');
        return manager.subscribeWebSocket(wsDefaults, operationArg, callbacks, variables);
      },
      subscribeWebSocket(config, operationArg, callbacks, variables) {
        const key = { id: `ws-${++managerIds}` };
        return track(subscribeWith('ws', { ...wsDefaults, ...config }, operationArg, wrap(callbacks, key), variables, key.id));
      },
      subscribeSSE(config, operationArg, callbacks, variables) {
        const key = { id: `sse-${++managerIds}` };
        return track(subscribeWith('sse', { ...sseDefaults, ...config }, operationArg, wrap(callbacks, key), variables, key.id));
      },
      getActiveSubscriptions() { return [...active.values()]; },
      getActiveCount() { return active.size; },
      unsubscribeAll() {
        for (const s of active.values()) s.unsubscribe();
        active.clear();
      },
      closeAll() {
        manager.unsubscribeAll();
        wsDefaults = {};
        sseDefaults = {};
      },
    };
    return manager;
  }

  // ---- expect matchers (added to expect when the client loads: results come from it) ----

  // The GraphQL body of a client result (an ApiResponse: its data) or of a subscription
  // event (the body itself).
  function bodyOf(r) {
    if (r && typeof r === 'object' && typeof r.status === 'number' && 'data' in r) return r.data;
    return r;
  }

  function describeErrors(errors, max = 3) {
    const parts = errors.slice(0, max).map((e) => {
      const msg = e && e.message !== undefined ? String(e.message) : JSON.stringify(e);
      return e && Array.isArray(e.path) ? `"${msg}" at ${e.path.join('.')}` : `"${msg}"`;
    });
    return parts.join(', ') + (errors.length > max ? `, and ${errors.length - max} more` : '');
  }

  // Paths as toHaveBodyProperty takes them: a.b[0].c or a.b.0.c.
  function walk(value, path) {
    const keys = String(path).replace(/\[(\d+)\]/g, '.$1').split('.').filter((k) => k !== '');
    let v = value;
    for (const k of keys) {
      if (v === null || typeof v !== 'object' || !(k in v)) return { found: false };
      v = v[k];
    }
    return { found: true, value: v };
  }

  const matchers = {
    toHaveNoGraphQLErrors(received) {
      const body = bodyOf(received);
      const errors = body && Array.isArray(body.errors) ? body.errors : [];
      const pass = errors.length === 0;
      return {
        pass,
        message: () => (pass ? 'expected GraphQL errors, but the result has none'
          : `expected no GraphQL errors, but the result has ${errors.length}: ${describeErrors(errors)}`),
      };
    },
    toHaveGraphQLError(received, expected) {
      const body = bodyOf(received);
      const errors = body && Array.isArray(body.errors) ? body.errors : [];
      const matches = (e) => {
        const msg = e && e.message !== undefined ? String(e.message) : '';
        if (expected === undefined) return true;
        return expected instanceof RegExp ? expected.test(msg) : msg.includes(String(expected));
      };
      const pass = errors.some(matches);
      const what = expected === undefined ? 'a GraphQL error' : `a GraphQL error matching ${expected instanceof RegExp ? expected : JSON.stringify(String(expected))}`;
      return {
        pass,
        message: () => (pass ? `expected no ${what.replace(/^a /, '')}, but found ${describeErrors(errors.filter(matches))}`
          : `expected ${what}, but ${errors.length ? `the errors are ${describeErrors(errors)}` : 'the result has no errors'}`),
      };
    },
    toHaveGraphQLData(received, path, ...rest) {
      const body = bodyOf(received);
      const data = body && typeof body === 'object' ? body.data : undefined;
      const errs = body && Array.isArray(body.errors) && body.errors.length ? ` (errors: ${describeErrors(body.errors)})` : '';
      if (path === undefined) {
        const pass = data !== undefined && data !== null;
        return { pass, message: () => (pass ? 'expected no GraphQL data, but the result has some' : `expected GraphQL data, but data is ${data === null ? 'null' : 'missing'}${errs}`) };
      }
      const got = walk(data, path);
      if (!rest.length) {
        return { pass: got.found, message: () => (got.found ? `expected data.${path} not to exist` : `expected data.${path} to exist${errs}`) };
      }
      const pass = got.found && this.equals(got.value, rest[0]);
      const printed = (v) => (this.utils && this.utils.stringify ? this.utils.stringify(v) : JSON.stringify(v));
      return {
        pass,
        message: () => (pass ? `expected data.${path} not to equal ${printed(rest[0])}`
          : got.found ? `expected data.${path} to equal ${printed(rest[0])}, received ${printed(got.value)}`
            : `expected data.${path} to equal ${printed(rest[0])}, but it does not exist${errs}`),
      };
    },
  };

  return {
    createGraphQLClient, gql, GraphQLSubscriptionError, GraphQLClient, matchers, createQueryBuilder,
    extendWithGraphQL, createSubscriptionManager, createWebSocketSubscription, createSSESubscription,
  };
});
