// web-sockets: WebSocket, EventSource, MessageEvent and CloseEvent as the WHATWG standards
// have them, on the native handles of src/graphql/streams.c (wsOpen/wsSend/wsClose,
// sseOpen/sseClose), which report what happens through one emit(kind, ...) callback.
// Why JavaScript: these are EventTarget subclasses calling user listeners, with event
// handler attributes and URL/argument rules; the transports themselves are C.
// sonde extension (documented in the README): a last argument { headers } sends more
// headers with the opening handshake / the event stream's requests.
(function (natives, setTimeout, clearTimeout) {
  'use strict';
  const inspect = Symbol.for('nodejs.util.inspect.custom');

  class MessageEvent extends Event {
    #data; #origin; #lastEventId; #source; #ports;
    constructor(type, init = {}) {
      super(type, init);
      const i = init || {};
      this.#data = i.data === undefined ? null : i.data;
      this.#origin = i.origin === undefined ? '' : String(i.origin);
      this.#lastEventId = i.lastEventId === undefined ? '' : String(i.lastEventId);
      this.#source = i.source === undefined ? null : i.source;
      this.#ports = Object.freeze(Array.isArray(i.ports) ? [...i.ports] : []);
    }
    get data() { return this.#data; }
    get origin() { return this.#origin; }
    get lastEventId() { return this.#lastEventId; }
    get source() { return this.#source; }
    get ports() { return this.#ports; }
  }

  class CloseEvent extends Event {
    #wasClean; #code; #reason;
    constructor(type, init = {}) {
      super(type, init);
      const i = init || {};
      this.#wasClean = !!i.wasClean;
      this.#code = i.code === undefined ? 0 : Number(i.code) & 0xffff;
      this.#reason = i.reason === undefined ? '' : String(i.reason);
    }
    get wasClean() { return this.#wasClean; }
    get code() { return this.#code; }
    get reason() { return this.#reason; }
  }

  // An "error" event that says why (as undici's ErrorEvent does): message and error.
  function errorEvent(message, code) {
    const ev = new Event('error');
    if (message) {
      const error = new Error(message);
      if (code) error.code = code;
      Object.defineProperty(ev, 'message', { value: message, enumerable: true });
      Object.defineProperty(ev, 'error', { value: error, enumerable: true });
    }
    return ev;
  }

  // Event handler attributes (onopen ...): one listener, added at the first assignment,
  // that calls whatever handler is set now, as the HTML standard orders them.
  function defineHandlers(proto, names) {
    for (const name of names) {
      const key = Symbol('on' + name);
      Object.defineProperty(proto, 'on' + name, {
        get() { return this[key] ? this[key].handler : null; },
        set(v) {
          const fn = typeof v === 'function' ? v : null;
          if (this[key]) {
            this[key].handler = fn;
            return;
          }
          if (!fn) return;
          const entry = { handler: fn };
          Object.defineProperty(this, key, { value: entry });
          this.addEventListener(name, function (ev) {
            if (entry.handler) return entry.handler.call(this, ev);
          });
        },
        enumerable: true,
        configurable: true,
      });
    }
  }

  // Headers in any HeadersInit shape as a plain object.
  function plainHeaders(h) {
    const out = {};
    if (h == null) return out;
    if (typeof h !== 'object') throw new TypeError('The "headers" option must be an object');
    const pairs = typeof h[Symbol.iterator] === 'function' ? h : Object.entries(h);
    for (const [k, v] of pairs) out[String(k)] = String(v);
    return out;
  }

  function defineConstants(ctor, names) {
    names.forEach((n, i) => {
      Object.defineProperty(ctor, n, { value: i, enumerable: true });
      Object.defineProperty(ctor.prototype, n, { value: i, enumerable: true });
    });
  }

  // Sockets and event sources end with the test (or the suite's `before all`) that opened
  // them, as a page's do when it is left: closed without events. Opened while the file
  // loads, they last until the file ends. The GraphQL client's own socket is left to its
  // subscriptions (`unscoped`).
  const unscoped = Symbol.for('sonde.unscoped');
  const scoped = new Map(); // object → { depth, end }
  natives.onScopeEnd((depth) => {
    for (const [obj, e] of scoped) {
      if (e.depth < depth) continue;
      scoped.delete(obj);
      e.end();
    }
  });
  function scope(obj, end) {
    const depth = natives.scope();
    if (depth > 0) scoped.set(obj, { depth, end });
  }

  const token = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
  const CONNECTING = 0, OPEN = 1, CLOSING = 2, CLOSED = 3;

  function wsUrl(url) {
    const fail = (why) => new DOMException(`Failed to construct 'WebSocket': ${why}`, 'SyntaxError');
    let u;
    try {
      u = new URL(String(url));
    } catch {
      throw fail(`The URL '${url}' is invalid.`);
    }
    if (u.protocol === 'http:') u.protocol = 'ws:';
    else if (u.protocol === 'https:') u.protocol = 'wss:';
    if (u.protocol !== 'ws:' && u.protocol !== 'wss:') {
      throw fail(`The URL's scheme must be either 'http', 'https', 'ws', or 'wss'. '${u.protocol.slice(0, -1)}' is not allowed.`);
    }
    if (u.hash || String(url).endsWith('#')) {
      throw fail(`The URL contains a fragment identifier ('${u.hash}'). Fragment identifiers are not allowed in WebSocket URLs.`);
    }
    return u;
  }

  function utf8Length(s) {
    let n = 0;
    for (const ch of s) {
      const c = ch.codePointAt(0);
      n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    }
    return n;
  }

  class WebSocket extends EventTarget {
    #handle = null; #url; #origin; #state = CONNECTING; #protocol = ''; #binaryType = 'blob';
    #afterClose = 0;
    constructor(url, protocols = [], options = undefined) {
      super();
      if (arguments.length === 0) {
        throw new TypeError("Failed to construct 'WebSocket': 1 argument required, but only 0 present.");
      }
      const u = wsUrl(url);
      this.#url = u.href;
      this.#origin = new URL(u.href.replace(/^ws/, 'http')).origin;
      let headers = options && typeof options === 'object' ? options.headers : undefined;
      // undici's WebSocketInit: the second argument may be { protocols, headers }.
      if (protocols !== null && typeof protocols === 'object' &&
          typeof protocols[Symbol.iterator] !== 'function') {
        if (protocols.headers !== undefined) headers = protocols.headers;
        protocols = protocols.protocols === undefined ? [] : protocols.protocols;
      }
      const list = typeof protocols === 'string' ? [protocols] : [...protocols].map(String);
      const seen = new Set();
      for (const p of list) {
        if (!token.test(p) || seen.has(p)) {
          throw new DOMException(`Failed to construct 'WebSocket': The subprotocol '${p}' is invalid.`, 'SyntaxError');
        }
        seen.add(p);
      }
      this.#handle = natives.wsOpen(this.#url, list, plainHeaders(headers),
        (kind, a, b, c, d, e) => this.#on(kind, a, b, c, d, e));
      if (!(options && options[unscoped])) scope(this, () => this.#leave());
    }

    // Its scope ended: 1001 Going Away, and no more events.
    #leave() {
      const h = this.#handle;
      this.#handle = null;
      this.#state = CLOSED;
      if (h) natives.wsClose(h, 1001, 'Going Away');
    }

    #on(kind, a, b, c, d, e) {
      if (!this.#handle) return; // closed when its scope ended
      if (kind === 'open') {
        this.#state = OPEN;
        this.#protocol = a;
        this.dispatchEvent(new Event('open'));
      } else if (kind === 'message') {
        let data = a;
        if (typeof a !== 'string' && this.#binaryType === 'blob') data = new Blob([a]);
        this.dispatchEvent(new MessageEvent('message', { data, origin: this.#origin }));
      } else if (kind === 'close') {
        this.#state = CLOSED;
        this.#handle = null;
        scoped.delete(this);
        if (d) this.dispatchEvent(errorEvent(d, e));
        this.dispatchEvent(new CloseEvent('close', { wasClean: a, code: b, reason: c }));
      }
    }

    get url() { return this.#url; }
    get readyState() { return this.#state; }
    get protocol() { return this.#protocol; }
    get extensions() { return ''; }
    get bufferedAmount() {
      return this.#afterClose + (this.#handle ? natives.wsBuffered(this.#handle) : 0);
    }
    get binaryType() { return this.#binaryType; }
    set binaryType(v) {
      if (v === 'blob' || v === 'arraybuffer') this.#binaryType = v;
    }

    send(data) {
      if (arguments.length === 0) {
        throw new TypeError("Failed to execute 'send' on 'WebSocket': 1 argument required, but only 0 present.");
      }
      if (this.#state === CONNECTING) {
        throw new DOMException("Failed to execute 'send' on 'WebSocket': Still in CONNECTING state.", 'InvalidStateError');
      }
      const n = this.#state === OPEN ? natives.wsSend(this.#handle, data) : -1;
      if (n < 0) {
        // Closing or closed: the data is dropped but counted, as the standard says.
        this.#afterClose += typeof data === 'string' ? utf8Length(data)
          : data && (data.byteLength !== undefined ? data.byteLength : data.size) || 0;
      }
    }

    close(code = undefined, reason = undefined) {
      if (code !== undefined) {
        code = Number(code);
        if (!Number.isInteger(code) || (code !== 1000 && (code < 3000 || code > 4999))) {
          throw new DOMException(`Failed to execute 'close' on 'WebSocket': The close code must be either 1000, or between 3000 and 4999. ${code} is neither.`, 'InvalidAccessError');
        }
      }
      if (reason !== undefined) {
        reason = String(reason);
        if (utf8Length(reason) > 123) {
          throw new DOMException("Failed to execute 'close' on 'WebSocket': The close reason must not be greater than 123 UTF-8 bytes.", 'SyntaxError');
        }
      }
      if (this.#state === CLOSING || this.#state === CLOSED) return;
      this.#state = CLOSING;
      natives.wsClose(this.#handle, code === undefined && reason ? 1000 : code, reason);
    }

    [inspect]() {
      return `WebSocket { url: '${this.#url}', readyState: ${this.#state}, protocol: '${this.#protocol}' }`;
    }
  }
  defineConstants(WebSocket, ['CONNECTING', 'OPEN', 'CLOSING', 'CLOSED']);
  defineHandlers(WebSocket.prototype, ['open', 'message', 'error', 'close']);
  Object.defineProperty(WebSocket.prototype, Symbol.toStringTag, { value: 'WebSocket', configurable: true });

  // EventSource: reconnects after the server ends the stream or the network fails (after
  // `retry:` or 3 s), sending Last-Event-ID; a wrong status or content type fails for good.
  const ES_CLOSED = 2; // EventSource.CLOSED (WebSocket's is 3)
  class EventSource extends EventTarget {
    #url; #origin; #state = CONNECTING; #withCredentials; #headers; #handle = null;
    #lastId = ''; #retry = 3000; #timer = null;
    constructor(url, init = undefined) {
      super();
      if (arguments.length === 0) {
        throw new TypeError("Failed to construct 'EventSource': 1 argument required, but only 0 present.");
      }
      let u;
      try {
        u = new URL(String(url));
      } catch {
        throw new DOMException(`Failed to construct 'EventSource': Cannot open an EventSource to '${url}'. The URL is invalid.`, 'SyntaxError');
      }
      if (u.protocol !== 'http:' && u.protocol !== 'https:') {
        throw new DOMException(`Failed to construct 'EventSource': Cannot open an EventSource to '${url}': only http: and https: URLs are supported.`, 'SyntaxError');
      }
      this.#url = u.href;
      this.#origin = u.origin;
      this.#withCredentials = !!(init && init.withCredentials); // no cookies to send: accepted
      this.#headers = plainHeaders(init && init.headers);
      this.#connect();
      scope(this, () => this.close());
    }

    #connect() {
      const headers = { Accept: 'text/event-stream', 'Cache-Control': 'no-cache', ...this.#headers };
      if (this.#lastId) headers['Last-Event-ID'] = this.#lastId;
      this.#handle = natives.sseOpen(this.#url, 'GET', headers, null,
        (kind, a, b, c) => this.#on(kind, a, b, c));
    }

    #fail(message) {
      scoped.delete(this);
      if (this.#handle) natives.sseClose(this.#handle);
      this.#handle = null;
      this.#state = ES_CLOSED;
      this.dispatchEvent(errorEvent(message, 'ERR_EVENTSOURCE'));
    }

    #on(kind, a, b, c) {
      if (this.#state === ES_CLOSED) return;
      if (kind === 'head') {
        if (a !== 200) {
          this.#fail(`EventSource's response has a status (${a}) that is not 200. Aborting the connection.`);
        } else if (!/^text\/event-stream\s*(;|$)/i.test(b)) {
          this.#fail(`EventSource's response has a MIME type ("${b}") that is not "text/event-stream". Aborting the connection.`);
        } else {
          this.#state = OPEN;
          this.dispatchEvent(new Event('open'));
        }
      } else if (kind === 'event') {
        this.#lastId = c;
        this.dispatchEvent(new MessageEvent(a, { data: b, origin: this.#origin, lastEventId: c }));
      } else if (kind === 'retry') {
        this.#retry = a;
      } else if (kind === 'end') {
        this.#handle = null;
        this.#state = CONNECTING;
        this.dispatchEvent(errorEvent(a, b));
        if (this.#state !== CONNECTING) return; // closed by a listener
        // Unreferenced: a reconnection pending when a test ends keeps nothing waiting.
        this.#timer = setTimeout(() => {
          this.#timer = null;
          if (this.#state === CONNECTING) this.#connect();
        }, this.#retry);
        if (this.#timer && typeof this.#timer.unref === 'function') this.#timer.unref();
      }
    }

    get url() { return this.#url; }
    get readyState() { return this.#state; }
    get withCredentials() { return this.#withCredentials; }

    close() {
      scoped.delete(this);
      if (this.#timer) clearTimeout(this.#timer);
      this.#timer = null;
      if (this.#handle) natives.sseClose(this.#handle);
      this.#handle = null;
      this.#state = ES_CLOSED;
    }

    [inspect]() {
      return `EventSource { url: '${this.#url}', readyState: ${this.#state} }`;
    }
  }
  defineConstants(EventSource, ['CONNECTING', 'OPEN', 'CLOSED']);
  defineHandlers(EventSource.prototype, ['open', 'message', 'error']);
  Object.defineProperty(EventSource.prototype, Symbol.toStringTag, { value: 'EventSource', configurable: true });

  return { WebSocket, EventSource, MessageEvent, CloseEvent };
});
