// jasmine-spies: jasmine-core 5's spies (spyOn, createSpy, createSpyObj, and.*, calls.*),
// their matchers, the async matchers of expectAsync and jasmine.clock(), for
// src/jslib/jasmine.js. Spies installed on objects are removed and the clock uninstalled
// after each spec (reset()). Timers mocked by the clock are the realm's globals only.
(function () {
  'use strict';
  let order = 0;            // invocation order across spies (toHaveBeenCalledBefore)
  let installed = [];       // restore functions of spyOn/spyOnProperty, run after each spec
  const isSpy = (v) => typeof v === 'function' && !!v.and && !!v.calls && typeof v.calls.count === 'function';

  // Strategies: a spy's plan (returnValue, callFake ...) and, through withArgs, one per list
  // of arguments (matched with jasmine's equality); a call that matches none of them while
  // only those are configured fails, as in jasmine-core.
  let util = null;              // {pp, eq} of jasmine.js (use())
  let customStrategies = {};    // jasmine.addSpyStrategy, reset after each spec
  let defaultStrategy = null;   // jasmine.setDefaultSpyStrategy, reset after each spec
  let respy = false;            // jasmine.getEnv().allowRespy(true)
  function makeStrategy(identity, original, getSpy) {
    const none = function () {};
    const set = (plan) => { s.plan = plan; return getSpy(); };
    const s = {
      identity, plan: none,
      returnValue(v) { return set(function () { return v; }); },
      returnValues(...vs) { return set(function () { return vs.shift(); }); },
      callFake(fn) {
        if (typeof fn !== 'function') throw new Error('Argument passed to callFake should be a function, got ' + fn);
        return set(fn);
      },
      callThrough() { return set(original || none); },
      throwError(e) { const err = typeof e === 'string' ? new Error(e) : e; return set(function () { throw err; }); },
      resolveTo(v) { return set(function () { return Promise.resolve(v); }); },
      rejectWith(v) { return set(function () { return Promise.reject(v); }); },
      stub() { return set(none); },
      exec(self, args, isNew) {
        const plan = s.plan;
        if (!isNew) return plan.apply(self, args);
        if (plan.prototype) return Reflect.construct(plan, args);
        const r = plan.apply(self, args); // an arrow function: `new` of jasmine's bound plan
        return r !== null && (typeof r === 'object' || typeof r === 'function') ? r : self;
      },
      isConfigured: () => s.plan !== none,
    };
    for (const k of Object.keys(customStrategies)) {
      if (s[k]) continue;
      s[k] = (...a) => {
        const plan = customStrategies[k](...a);
        if (typeof plan !== 'function') throw new Error('Spy strategy must return a function');
        return set(plan);
      };
    }
    return s;
  }

  function createSpy(name, original) {
    if (typeof name === 'function' && original === undefined) { original = name; name = original.name; }
    const identity = name === undefined || name === '' ? 'unknown' : String(name);
    const records = [];
    const byArgs = [];          // [{args, strategy}] of withArgs
    let byValue = false;
    const spy = function (...args) {
      const rec = { object: this, invocationOrder: ++order, args: byValue ? args.map(clone) : args, returnValue: undefined, verified: false };
      records.push(rec);
      let strategy = base;
      if (byArgs.length) {
        const hit = byArgs.find((b) => util.eq(args, b.args));
        if (hit) strategy = hit.strategy;
        else if (!base.isConfigured())
          throw new Error("Spy '" + identity + "' received a call with arguments " + util.pp(args) + ' but all configured strategies specify other arguments.');
      }
      rec.returnValue = strategy.exec(this, args, new.target !== undefined);
      return rec.returnValue;
    };
    const base = makeStrategy(identity, original, () => spy);
    const calls = {
      any: () => records.length > 0,
      count: () => records.length,
      argsFor: (i) => (records[i] ? records[i].args : []),
      thisFor: (i) => (records[i] ? records[i].object : undefined),
      allArgs: () => records.map((r) => r.args),
      all: () => records.slice(),
      mostRecent: () => records[records.length - 1],
      first: () => records[0],
      reset: () => { records.length = 0; },
      saveArgumentsByValue: () => { byValue = true; },
      records,
    };
    if (typeof original === 'function') {
      for (const k in original) {
        if (k === 'and' || k === 'calls') throw new Error("Jasmine spies would overwrite the 'and' and 'calls' properties on the object being spied upon");
        spy[k] = original[k];
      }
      Object.defineProperty(spy, 'length', { value: original.length });
    }
    Object.defineProperty(spy, 'name', { value: identity });
    spy.and = base;
    spy.calls = calls;
    spy.withArgs = (...args) => {
      let hit = byArgs.find((b) => util.eq(args, b.args));
      if (!hit) byArgs.push((hit = { args, strategy: makeStrategy(identity, original, () => spy) }));
      return { and: hit.strategy };
    };
    if (defaultStrategy) defaultStrategy(base);
    return spy;
  }
  const clone = (v) => (Array.isArray(v) ? v.slice() : v && typeof v === 'object' ? Object.assign({}, v) : v);

  function spyOn(obj, name) {
    if (obj === undefined || obj === null) throw new Error('<spyOn> : could not find an object to spy upon for ' + name + '()\nUsage: spyOn(<object>, <methodName>)');
    if (name === undefined || name === null) throw new Error('<spyOn> : No method name supplied\nUsage: spyOn(<object>, <methodName>)');
    if (obj[name] === undefined) throw new Error('<spyOn> : ' + name + '() method does not exist\nUsage: spyOn(<object>, <methodName>)');
    if (isSpy(obj[name])) {
      if (respy) return obj[name];
      throw new Error('<spyOn> : ' + name + ' has already been spied upon\nUsage: spyOn(<object>, <methodName>)');
    }
    const desc = Object.getOwnPropertyDescriptor(obj, name);
    if (desc && !(desc.writable || desc.set)) throw new Error('<spyOn> : ' + name + ' is not declared writable or has no setter\nUsage: spyOn(<object>, <methodName>)');
    const original = obj[name];
    const spy = createSpy(name, original);
    const own = Object.prototype.hasOwnProperty.call(obj, name);
    obj[name] = spy;
    installed.push(() => { if (own) obj[name] = original; else delete obj[name]; });
    return spy;
  }
  function spyOnProperty(obj, prop, access = 'get') {
    if (!obj) throw new Error('<spyOnProperty> : spyOn could not find an object to spy upon for ' + prop + '\nUsage: spyOnProperty(<object>, <propName>, [accessType])');
    let proto = obj, desc;
    while (proto && !(desc = Object.getOwnPropertyDescriptor(proto, prop))) proto = Object.getPrototypeOf(proto);
    if (!desc) throw new Error('<spyOnProperty> : ' + prop + ' property does not exist\nUsage: spyOnProperty(<object>, <propName>, [accessType])');
    if (!desc.configurable) throw new Error('<spyOnProperty> : ' + prop + ' is not declared configurable\nUsage: spyOnProperty(<object>, <propName>, [accessType])');
    if (!desc[access]) throw new Error('<spyOnProperty> : Property ' + prop + ' does not have access type ' + access + '\nUsage: spyOnProperty(<object>, <propName>, [accessType])');
    if (isSpy(desc[access])) {
      if (respy) return desc[access];
      throw new Error('<spyOnProperty> : ' + prop + '#' + access + ' has already been spied upon\nUsage: spyOnProperty(<object>, <propName>, [accessType])');
    }
    const spy = createSpy(prop, desc[access]);
    const own = Object.prototype.hasOwnProperty.call(obj, prop);
    Object.defineProperty(obj, prop, Object.assign({}, desc, { [access]: spy }));
    installed.push(() => { if (own) Object.defineProperty(obj, prop, desc); else delete obj[prop]; });
    return spy;
  }
  function spyOnAllFunctions(obj, includeNonEnumerable) {
    if (!obj) throw new Error('spyOnAllFunctions could not find an object to spy upon');
    for (let o = obj; o && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
      for (const k of includeNonEnumerable ? Object.getOwnPropertyNames(o) : Object.keys(o)) {
        const d = Object.getOwnPropertyDescriptor(o, k);
        if (k !== 'constructor' && d && typeof d.value === 'function' && (d.writable || d.set) && !isSpy(obj[k])) spyOn(obj, k);
      }
      if (!includeNonEnumerable) break;
    }
    return obj;
  }
  function createSpyObj(base, methods, props) {
    if (typeof base !== 'string' && base !== undefined) { props = methods; methods = base; base = 'unknown'; }
    const obj = {};
    const list = Array.isArray(methods) ? methods.map((m) => [m]) : methods && typeof methods === 'object' ? Object.entries(methods) : [];
    for (const [m, ret] of list) {
      obj[m] = createSpy(base + '.' + m);
      if (ret !== undefined) obj[m].and.returnValue(ret);
    }
    const plist = Array.isArray(props) ? props.map((p) => [p]) : props && typeof props === 'object' ? Object.entries(props) : [];
    for (const [p, v] of plist) {
      const get = createSpy(base + '.' + p + '.get'), set = createSpy(base + '.' + p + '.set');
      if (v !== undefined) get.and.returnValue(v);
      Object.defineProperty(obj, p, { get, set, enumerable: true, configurable: true });
    }
    if (!list.length && !plist.length) throw new Error('createSpyObj requires a non-empty array or object of method names to create spies for');
    return obj;
  }

  // ---- the mock clock ----
  const realTimers = { setTimeout: globalThis.setTimeout, clearTimeout: globalThis.clearTimeout,
    setInterval: globalThis.setInterval, clearInterval: globalThis.clearInterval, Date: globalThis.Date };
  let clockOn = false, now = 0, timers = [], nextId = 1, dateBase = null;
  function schedule(fn, delay, args, repeat) {
    const id = nextId++;
    timers.push({ id, fn, at: now + (Number(delay) || 0), delay: Number(delay) || 0, args, repeat });
    return id;
  }
  const cancel = (id) => { timers = timers.filter((t) => t.id !== id); };
  function MockDate(...a) {
    if (!new.target) return new realTimers.Date(dateBase + now).toString();
    return a.length ? new realTimers.Date(...a) : new realTimers.Date(dateBase + now);
  }
  MockDate.prototype = realTimers.Date.prototype;
  MockDate.now = () => dateBase + now;
  MockDate.parse = realTimers.Date.parse;
  MockDate.UTC = realTimers.Date.UTC;
  const clock = {
    install() {
      if (globalThis.setTimeout !== realTimers.setTimeout) throw new Error('Jasmine Clock was unable to install over custom global timer functions. Is the clock already installed?');
      clockOn = true; now = 0; timers = [];
      globalThis.setTimeout = (fn, d, ...a) => schedule(fn, d, a, false);
      globalThis.setInterval = (fn, d, ...a) => schedule(fn, d, a, true);
      globalThis.clearTimeout = cancel;
      globalThis.clearInterval = cancel;
      return clock;
    },
    uninstall() {
      if (!clockOn) return;
      clockOn = false; timers = []; dateBase = null;
      Object.assign(globalThis, realTimers);
    },
    withMock(fn) { clock.install(); try { fn(); } finally { clock.uninstall(); } },
    mockDate(date) {
      if (date !== undefined && !(date instanceof realTimers.Date)) throw new Error('The argument to jasmine.clock().mockDate(), if specified, should be a Date instance.');
      dateBase = (date ? date.getTime() : realTimers.Date.now()) - now;
      globalThis.Date = MockDate;
    },
    tick(ms = 0) {
      if (!clockOn) throw new Error('Mock clock is not installed, use jasmine.clock().install()');
      const end = now + ms;
      for (;;) {
        const due = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0];
        if (!due) break;
        now = due.at;
        if (due.repeat) due.at += due.delay > 0 ? due.delay : 1; else cancel(due.id);
        if (typeof due.fn === 'function') due.fn(...due.args); else (0, eval)(String(due.fn));
      }
      now = end;
    },
  };

  // ---- matchers on spies: (actual, ...args) -> {pass, message} ----
  function matchers(pp, eq, diffText) {
    const needSpy = (a) => { if (!isSpy(a)) throw new Error('Expected a spy, but got ' + pp(a) + '.'); };
    const id = (s) => 'spy ' + s.and.identity;
    const times = (n) => (n === 1 ? 'once' : n + ' times');
    const indent = (t) => t.split('\n').map((l) => '  ' + l).join('\n');
    return {
      toHaveBeenCalled(a) {
        needSpy(a);
        const n = a.calls.count();
        return { pass: n > 0, message: n > 0 ? 'Expected ' + id(a) + ' not to have been called.'
          : 'Expected ' + id(a) + ' to have been called.' };
      },
      toHaveBeenCalledTimes(a, n) {
        needSpy(a);
        if (typeof n !== 'number') throw new Error('The expected times failed is a required argument and must be a number.');
        const c = a.calls.count();
        return { pass: c === n, message: 'Expected ' + id(a) + (this.isNot ? ' not' : '') + ' to have been called ' + times(n) + '. It was called ' + c + ' times.' };
      },
      toHaveBeenCalledWith(a, ...want) {
        needSpy(a);
        const all = a.calls.all();
        let pass = false;
        for (const r of all) if (eq(r.args, want)) { r.verified = true; pass = true; }
        if (pass) return { pass, message: 'Expected ' + id(a) + ' not to have been called with:\n  ' + pp(want) + '\nbut it was.' };
        if (!all.length) return { pass, message: 'Expected ' + id(a) + ' to have been called with:\n  ' + pp(want) + '\nbut it was never called.' };
        return { pass, message: 'Expected ' + id(a) + ' to have been called with:\n  ' + pp(want) + '\nbut actual calls were:\n  ' +
          all.map((r) => pp(r.args)).join(',\n  ') + '.\n\n' + all.map((r, i) => 'Call ' + i + ':\n' + indent(diffText(r.args, want))).join('\n') };
      },
      toHaveBeenCalledOnceWith(a, ...want) {
        needSpy(a);
        const all = a.calls.all();
        const pass = all.length === 1 && eq(all[0].args, want);
        if (pass) all[0].verified = true;
        const calls = all.length ? all.map((r) => pp(r.args)).join(',\n  ') : '';
        return { pass, message: pass ? 'Expected ' + id(a) + ' to have been called 0 times, multiple times, or once, but with arguments different from:\n  ' + pp(want) + '\nBut the actual call was:\n  ' + calls + '.\n\n'
          : 'Expected ' + id(a) + ' to have been called only once, and with given args:\n  ' + pp(want) + '\n' +
            (all.length ? 'But the actual calls were:\n  ' + calls + '.\n\n' : 'But it was never called.\n\n') };
      },
      toHaveBeenCalledBefore(a, b) {
        needSpy(a);
        if (!isSpy(b)) throw new Error('Expected a spy, but got ' + pp(b) + '.');
        const ra = a.calls.all(), rb = b.calls.all();
        if (!ra.length) return { pass: false, message: 'Expected ' + id(a) + ' to have been called.' };
        if (!rb.length) return { pass: false, message: 'Expected ' + id(b) + ' to have been called.' };
        const pass = ra[0].invocationOrder < rb[0].invocationOrder;
        const overlap = ra[ra.length - 1].invocationOrder > rb[0].invocationOrder;
        return { pass, message: pass ? 'Expected ' + id(a) + ' to not have been called before ' + id(b) + ', but it was'
          : 'Expected ' + id(a) + ' to have been called before ' + id(b) + (overlap && !pass ? '' : '') };
      },
      toHaveSpyInteractions(a, ...extra) {
        const usage = (m) => new Error('<toHaveSpyInteractions> : ' + m + '\nUsage: expect(<spyObj>).toHaveSpyInteractions()');
        if (!a || (typeof a !== 'object' && typeof a !== 'function')) throw usage('Expected a spy object, but got ' + typeof a + '.');
        if (extra.length) throw usage('Does not take arguments');
        const all = Object.values(a).filter(isSpy);
        if (!all.length) throw usage('Expected a spy object with spies, but object has no spies.');
        const called = all.filter((s) => s.calls.any());
        return { pass: called.length > 0, message: called.length
          ? 'Expected spy object spies not to have been called, but the following spies were called: ' + called.map((s) => s.and.identity + ' called ' + s.calls.count() + ' time(s)').join(', ')
          : 'Expected spy object spies to have been called, but no spies were called.' };
      },
      toHaveNoOtherSpyInteractions(a) {
        if (!a || typeof a !== 'object') throw new Error('Expected an object, but got ' + pp(a) + '.');
        const spies = Object.keys(a).filter((k) => isSpy(a[k]));
        if (!spies.length) throw new Error('Expected an object with spies, but object has no spies.');
        const other = [];
        for (const k of spies) for (const r of a[k].calls.all()) if (!r.verified) other.push('  ' + a[k].and.identity + ' called with ' + pp(r.args));
        return { pass: !other.length, message: other.length ? 'Expected a spy object to have no other spy interactions, but it had the following calls:\n' + other.join(',\n') + '.'
          : "Expected a spy object to have other spy interactions but it didn't." };
      },
    };
  }

  // ---- expectAsync's matchers: name -> (promise, args, isNot, ctx) -> Promise ----
  function asyncMatchers(promise, pp, eq, runMatcher, already) {
    const settle = () => {
      const outcome = Promise.resolve(promise).then((v) => ({ s: 'resolved', v }), (v) => ({ s: 'rejected', v }));
      if (!already && !pending) return outcome;
      return Promise.race([outcome, Promise.resolve().then(() => ({ s: 'pending' }))]);
    };
    let pending = false; // toBePending looks at the state now, as `already` does
    const def = (name, judge) => (p, args, isNot, ctx) => (pending = name === 'toBePending', settle()).then((o) => {
      if (already && o.s === 'pending' && name !== 'toBePending') {
        runMatcher(name, () => ({ pass: isNot, message: 'Expected a promise to be settled (via expectAsync(...).already) but it was pending.' }), p, args, isNot, ctx);
        return;
      }
      runMatcher(name, () => judge(o, ...args), p, args, isNot, ctx);
    });
    return {
      // No message: jasmine's default one ("Expected [object Promise] to be rejected.").
      toBeResolved: def('toBeResolved', (o) => ({ pass: o.s === 'resolved', message: o.s === 'rejected'
        ? 'Expected a promise to be resolved but it was rejected with ' + pp(o.v) + '.' : undefined })),
      toBeRejected: def('toBeRejected', (o) => ({ pass: o.s === 'rejected' })),
      toBePending: def('toBePending', (o) => ({ pass: o.s === 'pending' })),
      toBeResolvedTo: def('toBeResolvedTo', (o, v) => {
        if (o.s === 'resolved' && eq(o.v, v)) return { pass: true, message: 'Expected a promise not to be resolved to ' + pp(v) + '.' };
        return { pass: false, message: 'Expected a promise to be resolved to ' + pp(v) + ' but it was ' + (o.s === 'resolved' ? 'resolved to ' + pp(o.v) : 'rejected') + '.' };
      }),
      toBeRejectedWith: def('toBeRejectedWith', (o, v) => {
        if (o.s === 'rejected' && eq(o.v, v)) return { pass: true, message: 'Expected a promise not to be rejected with ' + pp(v) + '.' };
        return { pass: false, message: 'Expected a promise to be rejected with ' + pp(v) + ' but it was ' + (o.s === 'rejected' ? 'rejected with ' + pp(o.v) : 'resolved') + '.' };
      }),
      toBeRejectedWithError: def('toBeRejectedWithError', (o, type, msg) => {
        if (typeof type !== 'function') { msg = type; type = Error; }
        const want = (type.name || 'Error') + (msg === undefined ? '' : ': ' + (msg instanceof RegExp ? String(msg) : pp(msg)));
        if (o.s !== 'rejected') return { pass: false, message: 'Expected a promise to be rejected with ' + want + ' but it was resolved.' };
        const e = o.v;
        const pass = e instanceof Error && e instanceof type && (msg === undefined || (msg instanceof RegExp ? msg.test(e.message) : e.message === msg));
        const how = !(e instanceof Error) ? pp(e) : !(e instanceof type) ? 'type ' + ((e.constructor && e.constructor.name) || 'Object') : pp(e);
        return { pass, message: pass ? 'Expected a promise not to be rejected with ' + want + ', but it was.'
          : 'Expected a promise to be rejected with ' + want + ' but it was rejected with ' + how + '.' };
      }),
    };
  }

  return {
    spyOn, spyOnProperty, spyOnAllFunctions, matchers, asyncMatchers,
    jasmine: {
      createSpy, createSpyObj, isSpy, clock: () => clock,
      addSpyStrategy(name, factory) { customStrategies[name] = factory; },
      setDefaultSpyStrategy(fn) { defaultStrategy = fn; },
    },
    allowRespy(allow) { respy = !!allow; },
    use(pp, eq) { util = { pp, eq }; },
    reset() {
      customStrategies = {};
      defaultStrategy = null;
      while (installed.length) installed.pop()();
      clock.uninstall();
    },
  };
})
