// options.signal: an AbortSignal (the runtime's, or any object with `aborted` and
// addEventListener) cancels the request and rejects with an AbortError.
const { check, eq, serverLog } = require(`${process.env.E2E_SHARED}/http-check.js`);

function controller() {
  if (typeof AbortController === 'function') return new AbortController();
  const listeners = [];
  const signal = {
    aborted: false, reason: undefined, listeners,
    addEventListener(type, fn) { if (type === 'abort') listeners.push(fn); },
    removeEventListener(type, fn) { const i = listeners.indexOf(fn); if (i >= 0) listeners.splice(i, 1); },
  };
  return {
    signal,
    abort(reason) {
      if (signal.aborted) return;
      signal.aborted = true;
      signal.reason = reason;
      for (const fn of listeners.slice()) fn({ type: 'abort' });
    },
  };
}

async function rejection(promise) {
  try { await promise; } catch (e) { return e; }
  throw new Error('expected a rejection');
}

describe('abort signals', () => {
  it('abort a request in flight with an AbortError', async () => {
    const c = controller();
    const start = Date.now();
    setTimeout(() => c.abort(), 100);
    const err = await rejection(api.get('/delay/3000', { signal: c.signal, timeout: 10000 }));
    eq(err.name, 'AbortError', 'name');
    check(Date.now() - start < 2500, 'rejected when aborted, not when the server answered');
  });

  it('reject at once for a signal already aborted, sending nothing', async () => {
    const c = controller();
    c.abort();
    const err = await rejection(api.get('/echo/never', { signal: c.signal }));
    eq(err.name, 'AbortError', 'name');
    eq((await serverLog('/echo/never')).length, 0, 'requests received');
  });

  it('abort the wait between retries', async () => {
    const c = controller();
    setTimeout(() => c.abort(), 200);
    const err = await rejection(api.get('/seq/abort?steps=503,200',
      { signal: c.signal, retries: 1, retryDelay: 5000 }));
    eq(err.name, 'AbortError', 'name');
    eq((await serverLog('/seq/abort')).length, 1, 'no second attempt');
  });

  it('reject with the reason the signal was aborted with', async () => {
    const c = controller();
    const reason = new Error('user gave up');
    setTimeout(() => c.abort(reason), 50);
    const err = await rejection(api.get('/delay/3000', { signal: c.signal, timeout: 10000 }));
    eq(err, reason, 'the reason itself');
  });

  it('stop listening once the request is done', async () => {
    const c = controller();
    eq((await api.get('/echo', { signal: c.signal })).status, 200, 'status');
    if (c.signal.listeners) eq(c.signal.listeners.length, 0, 'listeners left');
    c.abort(); // harmless now
  });

  it('reject a signal that is no signal', async () => {
    let err;
    try { await api.get('/echo', { signal: {} }); } catch (e) { err = e; }
    check(err instanceof TypeError, 'expected a TypeError, got ' + err);
  });
});
