// events: Node's EventEmitter (the `events` module; also the prototype of process and of
// child processes). Why JavaScript: an emitter is bookkeeping of JS functions called with
// `this` and arguments, and it must stay a plain function that `EventEmitter.call(this)`
// and `class X extends EventEmitter` both work with; nothing here touches C resources.
// `warn(message, name)` is process.emitWarning's C implementation, `inspect` util.inspect.
(function (warn, inspect) {
  'use strict';
  const kCapture = Symbol('kCapture');
  const errorMonitor = Symbol('events.errorMonitor');
  let defaultMaxListeners = 10;

  function EventEmitter(opts) {
    EventEmitter.init.call(this, opts);
  }
  EventEmitter.init = function (opts) {
    if (this._events === undefined || this._events === Object.getPrototypeOf(this)._events) {
      this._events = { __proto__: null };
      this._eventsCount = 0;
    }
    this._maxListeners = this._maxListeners || undefined;
    if (opts && opts.captureRejections) this[kCapture] = true;
  };
  EventEmitter.prototype._events = undefined;
  EventEmitter.prototype._eventsCount = 0;
  EventEmitter.prototype._maxListeners = undefined;

  function checkListener(listener) {
    if (typeof listener !== 'function') {
      const e = new TypeError('The "listener" argument must be of type function. Received ' +
        (listener === null ? 'null' : typeof listener === 'object' ? 'an instance of ' +
          ((listener.constructor && listener.constructor.name) || 'Object') :
          'type ' + typeof listener + ' (' + String(listener) + ')'));
      e.code = 'ERR_INVALID_ARG_TYPE';
      throw e;
    }
  }

  Object.defineProperty(EventEmitter, 'defaultMaxListeners', {
    enumerable: true,
    get() { return defaultMaxListeners; },
    set(n) { defaultMaxListeners = n; },
  });

  EventEmitter.prototype.setMaxListeners = function setMaxListeners(n) {
    this._maxListeners = n;
    return this;
  };
  EventEmitter.prototype.getMaxListeners = function getMaxListeners() {
    return this._maxListeners === undefined ? defaultMaxListeners : this._maxListeners;
  };

  EventEmitter.prototype.emit = function emit(type, ...args) {
    const events = this._events;
    if (type === 'error' && events !== undefined && events[errorMonitor] !== undefined)
      this.emit(errorMonitor, ...args);
    const handler = events === undefined ? undefined : events[type];
    if (handler === undefined) {
      if (type !== 'error') return false;
      const er = args[0];
      if (er instanceof Error) throw er;
      const err = new Error('Unhandled error. (' + inspect(er) + ')');
      err.code = 'ERR_UNHANDLED_ERROR';
      err.context = er;
      throw err;
    }
    if (typeof handler === 'function') {
      handler.apply(this, args);
    } else {
      for (const fn of handler.slice()) fn.apply(this, args);
    }
    return true;
  };

  function addListener(target, type, listener, prepend) {
    checkListener(listener);
    let events = target._events;
    if (events === undefined) {
      events = target._events = { __proto__: null };
      target._eventsCount = 0;
    } else if (events.newListener !== undefined) {
      target.emit('newListener', type, listener.listener ? listener.listener : listener);
      events = target._events;
    }
    const existing = events[type];
    if (existing === undefined) {
      events[type] = listener;
      ++target._eventsCount;
      return target;
    }
    const list = typeof existing === 'function' ? (events[type] = [existing]) : existing;
    if (prepend) list.unshift(listener);
    else list.push(listener);
    const m = target.getMaxListeners();
    if (m > 0 && list.length > m && !list.warned) {
      list.warned = true;
      const name = (target.constructor && target.constructor.name) || 'EventEmitter';
      warn('Possible EventEmitter memory leak detected. ' + list.length + ' ' + String(type) +
        ' listeners added to [' + name + ']. Use emitter.setMaxListeners() to increase limit',
        'MaxListenersExceededWarning');
    }
    return target;
  }

  EventEmitter.prototype.addListener = function addListener_(type, listener) {
    return addListener(this, type, listener, false);
  };
  EventEmitter.prototype.on = EventEmitter.prototype.addListener;
  EventEmitter.prototype.prependListener = function prependListener(type, listener) {
    return addListener(this, type, listener, true);
  };

  function onceWrapper(state) {
    return function (...args) {
      if (state.fired) return undefined;
      state.target.removeListener(state.type, state.wrapFn);
      state.fired = true;
      return state.listener.apply(state.target, args);
    };
  }
  function wrapOnce(target, type, listener) {
    const state = { fired: false, wrapFn: undefined, target, type, listener };
    const wrapped = onceWrapper(state);
    wrapped.listener = listener;
    state.wrapFn = wrapped;
    return wrapped;
  }
  EventEmitter.prototype.once = function once(type, listener) {
    checkListener(listener);
    this.on(type, wrapOnce(this, type, listener));
    return this;
  };
  EventEmitter.prototype.prependOnceListener = function prependOnceListener(type, listener) {
    checkListener(listener);
    this.prependListener(type, wrapOnce(this, type, listener));
    return this;
  };

  EventEmitter.prototype.removeListener = function removeListener(type, listener) {
    checkListener(listener);
    const events = this._events;
    if (events === undefined) return this;
    const list = events[type];
    if (list === undefined) return this;
    if (list === listener || list.listener === listener) {
      if (--this._eventsCount === 0) this._events = { __proto__: null };
      else delete events[type];
      if (events.removeListener) this.emit('removeListener', type, list.listener || listener);
    } else if (typeof list !== 'function') {
      let position = -1;
      for (let i = list.length - 1; i >= 0; i--) {
        if (list[i] === listener || list[i].listener === listener) {
          position = i;
          break;
        }
      }
      if (position < 0) return this;
      const removed = list.splice(position, 1)[0];
      if (list.length === 1) events[type] = list[0];
      if (events.removeListener !== undefined)
        this.emit('removeListener', type, removed.listener || listener);
    }
    return this;
  };
  EventEmitter.prototype.off = EventEmitter.prototype.removeListener;

  EventEmitter.prototype.removeAllListeners = function removeAllListeners(type) {
    const events = this._events;
    if (events === undefined) return this;
    if (events.removeListener === undefined) {
      if (arguments.length === 0) {
        this._events = { __proto__: null };
        this._eventsCount = 0;
      } else if (events[type] !== undefined) {
        if (--this._eventsCount === 0) this._events = { __proto__: null };
        else delete events[type];
      }
      return this;
    }
    if (arguments.length === 0) {
      for (const key of Reflect.ownKeys(events)) {
        if (key === 'removeListener') continue;
        this.removeAllListeners(key);
      }
      this.removeAllListeners('removeListener');
      this._events = { __proto__: null };
      this._eventsCount = 0;
      return this;
    }
    const listeners = events[type];
    if (typeof listeners === 'function') {
      this.removeListener(type, listeners);
    } else if (listeners !== undefined) {
      for (let i = listeners.length - 1; i >= 0; i--) this.removeListener(type, listeners[i]);
    }
    return this;
  };

  function listeners(target, type, unwrap) {
    const events = target._events;
    if (events === undefined || events[type] === undefined) return [];
    const l = events[type];
    if (typeof l === 'function') return unwrap ? [l.listener || l] : [l];
    return unwrap ? l.map((f) => f.listener || f) : l.slice();
  }
  EventEmitter.prototype.listeners = function (type) { return listeners(this, type, true); };
  EventEmitter.prototype.rawListeners = function (type) { return listeners(this, type, false); };
  EventEmitter.prototype.listenerCount = function listenerCount(type) {
    const events = this._events;
    if (events === undefined || events[type] === undefined) return 0;
    return typeof events[type] === 'function' ? 1 : events[type].length;
  };
  EventEmitter.prototype.eventNames = function eventNames() {
    return this._eventsCount > 0 ? Reflect.ownKeys(this._events) : [];
  };

  EventEmitter.listenerCount = (emitter, type) => emitter.listenerCount(type);
  EventEmitter.getEventListeners = (emitter, type) =>
    typeof emitter.listeners === 'function' ? emitter.listeners(type) : [];
  EventEmitter.setMaxListeners = (n = defaultMaxListeners, ...targets) => {
    if (targets.length === 0) defaultMaxListeners = n;
    for (const t of targets) if (typeof t.setMaxListeners === 'function') t.setMaxListeners(n);
  };

  function abortError(signal) {
    const e = new DOMException('The operation was aborted', 'AbortError');
    e.cause = signal.reason;
    return e;
  }

  // events.once(emitter, name): a promise of the arguments of the next `name` event; an
  // 'error' event rejects it. Works on EventTargets too.
  EventEmitter.once = function once(emitter, name, options = {}) {
    const signal = options.signal;
    return new Promise((resolve, reject) => {
      if (signal && signal.aborted) return reject(abortError(signal));
      if (typeof emitter.addEventListener === 'function' && typeof emitter.on !== 'function') {
        const fn = (...args) => resolve(args);
        emitter.addEventListener(name, fn, { once: true });
        return undefined;
      }
      const onError = (err) => {
        emitter.removeListener(name, resolver);
        reject(err);
      };
      const resolver = (...args) => {
        if (name !== 'error') emitter.removeListener('error', onError);
        resolve(args);
      };
      emitter.once(name, resolver);
      if (name !== 'error') emitter.once('error', onError);
      if (signal) {
        signal.addEventListener('abort', () => {
          emitter.removeListener(name, resolver);
          emitter.removeListener('error', onError);
          reject(abortError(signal));
        }, { once: true });
      }
      return undefined;
    });
  };

  // events.on(emitter, name): an async iterator of the arguments of each `name` event.
  EventEmitter.on = function on(emitter, name) {
    const queue = [], waiting = [];
    let error = null, done = false;
    const push = (...args) => {
      if (waiting.length) waiting.shift().resolve({ value: args, done: false });
      else queue.push(args);
    };
    const fail = (err) => {
      done = true;
      if (waiting.length) waiting.shift().reject(err);
      else error = err;
    };
    emitter.on(name, push);
    if (name !== 'error') emitter.on('error', fail);
    const stop = () => {
      done = true;
      emitter.removeListener(name, push);
      emitter.removeListener('error', fail);
      for (const w of waiting.splice(0)) w.resolve({ value: undefined, done: true });
      return Promise.resolve({ value: undefined, done: true });
    };
    return {
      next() {
        if (queue.length) return Promise.resolve({ value: queue.shift(), done: false });
        if (error) {
          const e = error;
          error = null;
          return Promise.reject(e);
        }
        if (done) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
      },
      return: stop,
      throw(err) {
        stop();
        return Promise.reject(err);
      },
      [Symbol.asyncIterator]() { return this; },
    };
  };

  EventEmitter.EventEmitter = EventEmitter;
  EventEmitter.usingDomains = false;
  EventEmitter.captureRejectionSymbol = Symbol.for('nodejs.rejection');
  EventEmitter.errorMonitor = errorMonitor;
  Object.defineProperty(EventEmitter, 'captureRejections', { value: false, writable: true, enumerable: true });
  return EventEmitter;
});
