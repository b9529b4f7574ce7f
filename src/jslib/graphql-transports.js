// graphql-transports: the subscription object and the transports of the GraphQL client
// (graphql.js): graphql-transport-ws and the legacy graphql-ws protocol on the WebSocket
// class, GraphQL over SSE (distinct connections, and single connection mode) on the
// event-stream natives of src/graphql/streams.c. Queries in single connection mode go
// through the realm's api client (natives.api()).
(function (natives, setTimeout, clearTimeout) {
  'use strict';
  const DEFAULT_MAX_BUFFERED = 1000;

  class GraphQLSubscriptionError extends Error {
    constructor(message, id, details) {
      super(message);
      this.name = 'GraphQLSubscriptionError';
      this.id = id;
      if (details) Object.assign(this, details);
    }
  }

  function assign(target, extra) {
    for (const [k, v] of Object.entries(extra || {})) {
      for (const key of Object.keys(target)) if (key.toLowerCase() === k.toLowerCase()) delete target[key];
      if (v != null) target[k] = String(v);
    }
    return target;
  }

  // ---- subscriptions ----

  // A subscription ends with the test (or the suite's `before all`) that made it: still
  // open then, it is unsubscribed. Made while the file loads, it lasts until the file ends.
  const scoped = new Map(); // subscription → depth
  natives.onScopeEnd((depth) => {
    for (const [sub, d] of scoped) if (d >= depth) sub.unsubscribe();
  });

  class Subscription {
    #queue = []; #waiters = []; #state = 'connecting'; #error = null; #ended = false;
    #max; #cb; #stop = null; #name; #id;
    constructor(name, options) {
      this.#name = name;
      this.#max = options.maxBufferedEvents > 0 ? options.maxBufferedEvents : DEFAULT_MAX_BUFFERED;
      this.#cb = { onData: options.onData, onError: options.onError, onComplete: options.onComplete, onStateChange: options.onStateChange };
      const depth = natives.scope();
      if (depth > 0) scoped.set(this, depth);
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
      scoped.delete(this);
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
      scoped.delete(this);
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
      // Unscoped: the socket lasts as long as a subscription on it (they end with their test).
      const socket = new WebSocket(cfg.url, [cfg.protocol], { headers: cfg.headers, [Symbol.for('sonde.unscoped')]: true });
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

  return { GraphQLSubscriptionError, Subscription, WsLink, SseLink, sseSubscribe, assign };
});
