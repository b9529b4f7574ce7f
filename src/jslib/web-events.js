// web-events: DOMException, Event, EventTarget, AbortController and AbortSignal as Node 20
// has them. Why JavaScript: these are JS objects calling JS listeners (with `this`, `once`,
// handleEvent objects, onabort) and classes user code extends (Error, EventTarget); the
// only C resource, AbortSignal.timeout's timer, is the realm's setTimeout.
(function (setTimeout, clearTimeout) {
  'use strict';
  const inspect = Symbol.for('nodejs.util.inspect.custom');

  const codes = {
    IndexSizeError: 1, HierarchyRequestError: 3, WrongDocumentError: 4,
    InvalidCharacterError: 5, NoModificationAllowedError: 7, NotFoundError: 8,
    NotSupportedError: 9, InvalidStateError: 11, SyntaxError: 12,
    InvalidModificationError: 13, NamespaceError: 14, InvalidAccessError: 15,
    TypeMismatchError: 17, SecurityError: 18, NetworkError: 19, AbortError: 20,
    URLMismatchError: 21, QuotaExceededError: 22, TimeoutError: 23,
    InvalidNodeTypeError: 24, DataCloneError: 25,
  };
  class DOMException extends Error {
    constructor(message = '', options = 'Error') {
      super(String(message));
      let name = options;
      if (options !== null && typeof options === 'object') {
        name = 'name' in options ? options.name : 'Error';
        if ('cause' in options) {
          Object.defineProperty(this, 'cause', {
            value: options.cause, writable: true, enumerable: false, configurable: true,
          });
        }
      }
      Object.defineProperty(this, 'name', {
        value: String(name), writable: true, enumerable: false, configurable: true,
      });
    }
    get code() { return codes[this.name] || 0; }
  }
  Object.defineProperty(DOMException.prototype, Symbol.toStringTag, {
    value: 'DOMException', configurable: true,
  });
  for (const [name, code] of Object.entries(codes)) {
    const key = name.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase().replace('_ERROR', '_ERR');
    Object.defineProperty(DOMException, key, { value: code, enumerable: true });
    Object.defineProperty(DOMException.prototype, key, { value: code, enumerable: true });
  }

  const origin = Date.now();
  const kStop = Symbol('kStop');
  class Event {
    #type; #cancelable; #bubbles; #composed; #defaultPrevented = false; #timeStamp;
    #target = null; #dispatching = false;
    constructor(type, options = {}) {
      if (arguments.length === 0) throw new TypeError('The "type" argument must be specified');
      this.#type = String(type);
      this.#cancelable = !!(options && options.cancelable);
      this.#bubbles = !!(options && options.bubbles);
      this.#composed = !!(options && options.composed);
      this.#timeStamp = Date.now() - origin;
      this[kStop] = false;
    }
    get type() { return this.#type; }
    get target() { return this.#target; }
    get currentTarget() { return this.#dispatching ? this.#target : null; }
    get srcElement() { return this.#target; }
    get cancelable() { return this.#cancelable; }
    get bubbles() { return this.#bubbles; }
    get composed() { return this.#composed; }
    get defaultPrevented() { return this.#cancelable && this.#defaultPrevented; }
    get timeStamp() { return this.#timeStamp; }
    get eventPhase() { return this.#dispatching ? 2 : 0; }
    get isTrusted() { return false; }
    get returnValue() { return !this.defaultPrevented; }
    get cancelBubble() { return this[kStop]; }
    set cancelBubble(v) { if (v) this[kStop] = true; }
    preventDefault() { this.#defaultPrevented = true; }
    stopPropagation() {}
    stopImmediatePropagation() { this[kStop] = true; }
    composedPath() { return this.#dispatching ? [this.#target] : []; }
    static setTarget(e, target, dispatching) {
      e.#target = target;
      e.#dispatching = dispatching;
    }
    [inspect](depth, options, fmt) {
      const o = { type: this.#type, defaultPrevented: this.defaultPrevented,
        cancelable: this.#cancelable, timeStamp: this.#timeStamp };
      return `${this.constructor.name} ${fmt(o, options)}`;
    }
  }
  Object.defineProperty(Event.prototype, Symbol.toStringTag, { value: 'Event', configurable: true });
  for (const [k, v] of Object.entries({ NONE: 0, CAPTURING_PHASE: 1, AT_TARGET: 2, BUBBLING_PHASE: 3 })) {
    Object.defineProperty(Event, k, { value: v, enumerable: true });
  }
  const setTarget = Event.setTarget;
  delete Event.setTarget;

  class CustomEvent extends Event {
    #detail;
    constructor(type, options = {}) {
      super(type, options);
      this.#detail = options && options.detail !== undefined ? options.detail : null;
    }
    get detail() { return this.#detail; }
  }

  class EventTarget {
    #listeners = new Map();
    addEventListener(type, listener, options) {
      if (listener == null) return;
      const once = typeof options === 'object' && options !== null && !!options.once;
      const capture = typeof options === 'boolean' ? options : !!(options && options.capture);
      const signal = options && typeof options === 'object' ? options.signal : undefined;
      if (signal && signal.aborted) return;
      type = String(type);
      let list = this.#listeners.get(type);
      if (!list) this.#listeners.set(type, (list = []));
      if (list.some((l) => l.listener === listener && l.capture === capture)) return;
      const entry = { listener, once, capture, removed: false };
      list.push(entry);
      if (signal) {
        signal.addEventListener('abort', () => this.removeEventListener(type, listener, options),
          { once: true });
      }
    }
    removeEventListener(type, listener, options) {
      const capture = typeof options === 'boolean' ? options : !!(options && options.capture);
      const list = this.#listeners.get(String(type));
      if (!list) return;
      const i = list.findIndex((l) => l.listener === listener && l.capture === capture);
      if (i >= 0) {
        list[i].removed = true;
        list.splice(i, 1);
      }
    }
    dispatchEvent(event) {
      if (!(event instanceof Event)) {
        throw new TypeError('The "event" argument must be an instance of Event. Received ' +
          (event === null ? 'null' : typeof event));
      }
      setTarget(event, this, true);
      const list = this.#listeners.get(event.type);
      try {
        for (const entry of list ? list.slice() : []) {
          if (entry.removed) continue;
          if (entry.once) this.removeEventListener(event.type, entry.listener, entry);
          const l = entry.listener;
          try {
            if (typeof l === 'function') l.call(this, event);
            else if (l && typeof l.handleEvent === 'function') l.handleEvent(event);
          } catch (err) {
            // Node reports a throwing listener as an uncaught exception, after dispatch.
            queueMicrotask(() => { throw err; });
          }
          if (event[kStop]) break;
        }
      } finally {
        setTarget(event, this, false);
      }
      return !event.defaultPrevented;
    }
    [inspect](depth, options, fmt) { return `${this.constructor.name} {}`; }
  }
  Object.defineProperty(EventTarget.prototype, Symbol.toStringTag, {
    value: 'EventTarget', configurable: true,
  });

  const kCreate = Symbol('kCreate');
  class AbortSignal extends EventTarget {
    #aborted = false; #reason = undefined; #onabort = null;
    constructor(key) {
      if (key !== kCreate) throw new TypeError('Illegal constructor');
      super();
    }
    get aborted() { return this.#aborted; }
    get reason() { return this.#reason; }
    get onabort() { return this.#onabort; }
    set onabort(fn) {
      if (this.#onabort) this.removeEventListener('abort', this.#onabort);
      this.#onabort = typeof fn === 'function' ? fn : null;
      if (this.#onabort) this.addEventListener('abort', this.#onabort);
    }
    throwIfAborted() {
      if (this.#aborted) throw this.#reason;
    }
    static abort(reason) {
      const s = new AbortSignal(kCreate);
      s.#aborted = true;
      s.#reason = reason === undefined
        ? new DOMException('This operation was aborted', 'AbortError') : reason;
      return s;
    }
    static timeout(ms) {
      ms = Number(ms);
      if (!Number.isFinite(ms) || ms < 0) {
        const e = new RangeError('The value of "delay" is out of range. It must be >= 0 && <= 4294967295. Received ' + ms);
        e.code = 'ERR_OUT_OF_RANGE';
        throw e;
      }
      const s = new AbortSignal(kCreate);
      // Unreferenced, as in Node: a pending timeout signal keeps nothing waiting.
      const t = setTimeout(() => {
        abortSignal(s, new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
      }, ms);
      if (t && typeof t.unref === 'function') t.unref();
      return s;
    }
    static any(signals) {
      const s = new AbortSignal(kCreate);
      for (const sig of signals) {
        if (sig.aborted) {
          abortSignal(s, sig.reason);
          return s;
        }
      }
      for (const sig of signals) {
        sig.addEventListener('abort', () => abortSignal(s, sig.reason), { once: true });
      }
      return s;
    }
    static [kCreate](signal, reason) {
      if (signal.#aborted) return;
      signal.#aborted = true;
      signal.#reason = reason;
      signal.dispatchEvent(new Event('abort'));
    }
    [inspect](depth, options, fmt) { return `AbortSignal { aborted: ${this.#aborted} }`; }
  }
  Object.defineProperty(AbortSignal.prototype, Symbol.toStringTag, {
    value: 'AbortSignal', configurable: true,
  });
  const abortSignal = AbortSignal[kCreate];

  class AbortController {
    #signal = new AbortSignal(kCreate);
    get signal() { return this.#signal; }
    abort(reason) {
      abortSignal(this.#signal, reason === undefined
        ? new DOMException('This operation was aborted', 'AbortError') : reason);
    }
    [inspect](depth, options, fmt) {
      return `AbortController { signal: AbortSignal { aborted: ${this.#signal.aborted} } }`;
    }
  }
  Object.defineProperty(AbortController.prototype, Symbol.toStringTag, {
    value: 'AbortController', configurable: true,
  });

  return { DOMException, Event, CustomEvent, EventTarget, AbortSignal, AbortController };
});
