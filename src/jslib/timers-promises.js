// timers-promises: `timers/promises` (setTimeout, setImmediate, setInterval as an async
// iterator, scheduler.wait/yield) over the realm's own timer functions. Why JavaScript:
// this is promise, async-iterator and AbortSignal plumbing around setTimeout, with no C
// resource of its own.
(function (timers) {
  'use strict';
  class AbortError extends Error {
    constructor(message = 'The operation was aborted', options = undefined) {
      super(message, options);
      this.code = 'ABORT_ERR';
      this.name = 'AbortError';
    }
  }
  const aborted = (signal) => new AbortError(undefined, { cause: signal.reason });

  function later(schedule, clear, ms, value, options = {}) {
    const { signal, ref = true } = options || {};
    if (signal && signal.aborted) return Promise.reject(aborted(signal));
    return new Promise((resolve, reject) => {
      let onAbort;
      const id = schedule(() => {
        if (signal) signal.removeEventListener('abort', onAbort);
        resolve(value);
      }, ms);
      if (!ref && id && typeof id.unref === 'function') id.unref();
      if (signal) {
        onAbort = () => {
          clear(id);
          reject(aborted(signal));
        };
        signal.addEventListener('abort', onAbort, { once: true });
      }
    });
  }

  const setTimeout = (ms, value, options) =>
    later((fn, d) => timers.setTimeout(fn, d), timers.clearTimeout, ms, value, options);
  const setImmediate = (value, options) =>
    later((fn) => timers.setImmediate(fn), timers.clearImmediate, 0, value, options);

  async function* setInterval(ms, value, options = {}) {
    const { signal } = options || {};
    if (signal && signal.aborted) throw aborted(signal);
    let pending = 0, wake = null, failed = null;
    const id = timers.setInterval(() => {
      pending++;
      if (wake) wake();
    }, ms);
    const onAbort = () => {
      failed = aborted(signal);
      if (wake) wake();
    };
    if (signal) signal.addEventListener('abort', onAbort, { once: true });
    try {
      for (;;) {
        if (failed) throw failed;
        if (pending === 0) await new Promise((r) => (wake = r));
        wake = null;
        if (failed) throw failed;
        if (pending > 0) {
          pending--;
          yield value;
        }
      }
    } finally {
      timers.clearInterval(id);
      if (signal) signal.removeEventListener('abort', onAbort);
    }
  }

  const scheduler = {
    wait: (ms, options) => setTimeout(ms, undefined, options),
    yield: () => setImmediate(),
  };
  return { setTimeout, setImmediate, setInterval, scheduler };
});
