// jasmine-matchers: jasmine-core 5's expect for src/jslib/jasmine.js, compiled on a realm's
// first expect (or asymmetric tester, pp, throwUnless ...): pretty printing, the equality
// with jasmine's diff lines, asymmetric testers, the matchers and their texts, custom
// matchers, expectAsync. A spec file that expects nothing (plain throws) never compiles it.
// `core` is jasmine.js's shared state: record/failure (a result goes to the running spec),
// the custom testers and matchers, spies(), and sonde's own expect (the API matchers).
(function (core) {
  'use strict';
  const { isError, tag, has } = core;
  // ---- pretty printing (jasmine's pp) ----
  function pp(value, seen = []) {
    if (value === undefined) return 'undefined';
    if (value === null) return 'null';
    if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
    if (typeof value === 'string') return "'" + value + "'";
    if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
    if (typeof value === 'symbol') return value.toString();
    if (typeof value === 'function') return value.and && value.calls ? 'spy on ' + value.and.identity : 'Function';
    if (typeof value.jasmineToString === 'function') return value.jasmineToString(pp);
    if (isError(value)) return value.name + ': ' + value.message;
    if (value instanceof RegExp) return String(value);
    if (value instanceof Date) return 'Date(' + value + ')';
    if (seen.includes(value)) return '<circular reference: ' + (Array.isArray(value) ? 'Array' : 'Object') + '>';
    const inner = seen.concat([value]);
    if (Array.isArray(value)) {
      const items = value.map((v) => pp(v, inner));
      for (const k of Object.keys(value)) if (!/^\d+$/.test(k)) items.push(k + ': ' + pp(value[k], inner));
      return '[ ' + items.join(', ') + ' ]';
    }
    if (value instanceof Map) return 'Map( ' + [...value].map(([k, v]) => '[ ' + pp(k, inner) + ', ' + pp(v, inner) + ' ]').join(', ') + ' )';
    if (value instanceof Set) return 'Set( ' + [...value].map((v) => pp(v, inner)).join(', ') + ' )';
    if (tag(value) === '[object Promise]') return '[object Promise]';
    const ctor = Object.getPrototypeOf(value) === null ? 'null' : (value.constructor && value.constructor.name) || 'Object';
    const props = Object.keys(value).map((k) => k + ': ' + pp(value[k], inner));
    for (const s of Object.getOwnPropertySymbols(value)) props.push(s.toString() + ': ' + pp(value[s], inner));
    return ctor + '({ ' + props.join(', ') + ' })';
  }

  // ---- equality with jasmine's diff lines ----
  const isAsym = (v) => v && typeof v.asymmetricMatch === 'function' && !isSpy(v);
  const isSpy = (v) => typeof v === 'function' && v.and && v.calls && typeof v.calls.count === 'function';
  const pathText = (path) => '$' + path.map((p) => typeof p === 'number' ? '[' + p + ']'
    : /^[A-Za-z_$][\w$]*$/.test(p) ? '.' + p : "['" + p + "']").join('');

  function eq(a, b, testers = core.customTesters, diff = null, path = []) {
    const mismatch = () => { if (diff) diff.push({ path, actual: a, expected: b }); return false; };
    if (isAsym(b) && b.name === 'objectContaining' && diff && a && typeof a === 'object') {
      // jasmine reports the sample's properties one by one
      let ok = true;
      for (const k of Object.keys(b.arg)) {
        if (!(k in a)) { ok = false; diff.push({ text: 'Expected ' + (path.length ? pathText(path) : 'object') + ' to have properties\n    ' + k + ': ' + pp(b.arg[k]) }); }
        else if (!eq(a[k], b.arg[k], testers, diff, path.concat([k]))) ok = false;
      }
      return ok;
    }
    if (isAsym(b)) return b.asymmetricMatch(a, util) || mismatch();
    if (isAsym(a)) return a.asymmetricMatch(b, util) || mismatch();
    for (const t of testers) {
      const r = t(a, b);
      if (r !== undefined) return r || mismatch();
    }
    if (Object.is(a, b)) return true;
    if (a instanceof Error && b instanceof Error) return (a.message === b.message && a.constructor === b.constructor) || mismatch();
    const ta = tag(a), tb = tag(b);
    if (ta !== tb || typeof a !== 'object' || a === null || b === null) {
      if (typeof a === 'number' && typeof b === 'number' && a === b) return true; // 0 and -0 differ (Object.is)
      if (ta !== tb && typeof a === 'object' && a && typeof b === 'object' && b && diff && path.length) {
        diff.push({ path, actual: a, expected: b, kind: true });
        return false;
      }
      return mismatch();
    }
    switch (ta) {
      case '[object String]': case '[object Number]': case '[object Boolean]':
        return Object.is(a.valueOf(), b.valueOf()) || mismatch();
      case '[object Date]': return +a === +b || mismatch();
      case '[object RegExp]': return String(a) === String(b) || mismatch();
    }
    if (a instanceof Map || a instanceof Set) {
      if (a.size !== b.size) return mismatch();
      const bs = [...b];
      const ok = [...a].every((x, i) => {
        if (a instanceof Set) return b.has(x) || bs.some((y) => eq(x, y, testers));
        return b.has(x[0]) ? eq(x[1], b.get(x[0]), testers) : eq(x, bs[i], testers);
      });
      return ok || mismatch();
    }
    if (Array.isArray(a)) {
      let ok = true;
      if (a.length !== b.length) {
        if (diff) diff.push({ path: path.concat(['length']), actual: a.length, expected: b.length });
        ok = false;
      }
      for (let i = 0; i < Math.max(a.length, b.length); i++) {
        if (i >= b.length) {
          if (diff) diff.push({ text: 'Unexpected ' + pathText(path.concat([i])) + ' = ' + pp(a[i]) + ' in array.' });
          ok = false;
        } else if (!eq(a[i], b[i], testers, diff, path.concat([i]))) ok = false;
      }
      return ok;
    }
    if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b) && a.constructor !== b.constructor) {
      if (diff) diff.push({ path, actual: a, expected: b, kind: true });
      return false;
    }
    const keys = (o) => Object.keys(o).filter((k) => o[k] !== undefined || !isAsym(o[k]));
    const ka = keys(a), kb = keys(b);
    const missing = kb.filter((k) => !has(a, k)), extra = ka.filter((k) => !has(b, k));
    let ok = true;
    if (missing.length || extra.length) {
      ok = false;
      if (diff) {
        const where = path.length ? pathText(path) : 'object';
        if (missing.length) diff.push({ text: 'Expected ' + where + ' to have properties' + missing.map((k) => '\n    ' + k + ': ' + pp(b[k])).join('') });
        if (extra.length) diff.push({ text: 'Expected ' + where + ' not to have properties' + extra.map((k) => '\n    ' + k + ': ' + pp(a[k])).join('') });
      }
    }
    for (const k of kb) if (has(a, k) && !eq(a[k], b[k], testers, diff, path.concat([k]))) ok = false;
    return ok;
  }

  function diffText(actual, expected) {
    const diff = [];
    eq(actual, expected, core.customTesters, diff, []);
    if (!diff.length) return 'Expected ' + pp(actual) + ' to equal ' + pp(expected) + '.';
    return diff.map((d) => {
      if (d.text) return d.text;
      if (!d.path.length) return 'Expected ' + pp(d.actual) + ' to equal ' + pp(d.expected) + '.';
      if (d.kind) {
        const kind = (v) => (v.constructor && v.constructor.name) || 'Object';
        return 'Expected ' + pathText(d.path) + ' to be a kind of ' + kind(d.expected) + ', but was ' + pp(d.actual) + '.';
      }
      return 'Expected ' + pathText(d.path) + ' = ' + pp(d.actual) + ' to equal ' + pp(d.expected) + '.';
    }).join('\n');
  }

  function contains(haystack, needle) {
    if (haystack instanceof Set) return [...haystack].some((x) => eq(x, needle));
    if (typeof haystack === 'string') return haystack.indexOf(needle) >= 0;
    if (haystack && typeof haystack.length === 'number') return Array.prototype.some.call(haystack, (x) => eq(x, needle));
    return false;
  }
  const util = { equals: (a, b, t) => eq(a, b, Array.isArray(t) ? t : core.customTesters), contains, pp,
    buildFailureMessage: failureMessage };

  function failureMessage(name, isNot, actual, ...expected) {
    const words = name.replace(/[A-Z]/g, (c) => ' ' + c.toLowerCase()).trim();
    return 'Expected ' + pp(actual) + (isNot ? ' not ' : ' ') + words +
      (expected.length ? ' ' + expected.map((e) => pp(e)).join(', ') : '') + '.';
  }

  // ---- asymmetric testers ----
  // The fields jasmine's asymmetric testers show in JSON (reporters' `expected`).
  const ASYM_JSON = { objectContaining: 'sample', arrayContaining: 'sample', arrayWithExactContents: 'sample',
    setContaining: 'sample', mapContaining: 'sample', stringMatching: 'regexp', stringContaining: 'expected' };
  class Asym {
    constructor(name, arg, match, show) { this.name = name; this.arg = arg; this.match = match; this.show = show; }
    toJSON() { const k = ASYM_JSON[this.name]; return k ? { [k]: this.name === 'stringMatching' ? {} : this.arg } : {}; }
    asymmetricMatch(other, u) { return this.match(other, u || util); }
    jasmineToString(p) { return '<jasmine.' + this.name + (this.show ? '(' + this.show(p || pp) + ')' : '') + '>'; }
  }
  const typeName = (c) => c && c.name || String(c);
  function any(ctor) {
    if (ctor === undefined) throw new TypeError('jasmine.any() expects to be passed a constructor function. Please pass one or use jasmine.anything() to match any object.');
    return new Asym('any', ctor, (o) => {
      if (ctor === String) return typeof o === 'string' || o instanceof String;
      if (ctor === Number) return typeof o === 'number' || o instanceof Number;
      if (ctor === Function) return typeof o === 'function' || o instanceof Function;
      if (ctor === Boolean) return typeof o === 'boolean' || o instanceof Boolean;
      if (ctor === Symbol) return typeof o === 'symbol';
      if (ctor === BigInt) return typeof o === 'bigint';
      if (ctor === Object) return o !== null && (typeof o === 'object' || typeof o === 'function');
      return o instanceof ctor;
    }, () => typeName(ctor));
  }
  const asym = {
    any,
    anything: () => new Asym('anything', null, (o) => o !== undefined && o !== null),
    objectContaining: (s) => new Asym('objectContaining', s, (o, u) => o !== null && o !== undefined &&
      Object.keys(s).every((k) => k in Object(o) && u.equals(o[k], s[k])), (p) => p(s)),
    arrayContaining: (s) => new Asym('arrayContaining', s, (o, u) => Array.isArray(o) &&
      s.every((x) => u.contains(o, x)), (p) => p(s)),
    arrayWithExactContents: (s) => new Asym('arrayWithExactContents', s, (o, u) => {
      if (!Array.isArray(o) || o.length !== s.length) return false;
      const left = o.slice();
      return s.every((x) => { const i = left.findIndex((y) => u.equals(y, x)); return i >= 0 && left.splice(i, 1); });
    }, (p) => p(s)),
    setContaining: (s) => new Asym('setContaining', s, (o, u) => o instanceof Set &&
      [...s].every((x) => o.has(x) || [...o].some((y) => u.equals(y, x))), (p) => p(s)),
    mapContaining: (s) => new Asym('mapContaining', s, (o, u) => o instanceof Map &&
      [...s].every(([k, v]) => [...o].some(([k2, v2]) => u.equals(k2, k) && u.equals(v2, v))), (p) => p(s)),
    stringMatching: (re) => {
      if (typeof re !== 'string' && !(re instanceof RegExp)) throw new Error('Expected is not a String or a RegExp');
      const r = new RegExp(re);
      return new Asym('stringMatching', re, (o) => typeof o === 'string' && r.test(o), () => String(r));
    },
    stringContaining: (s) => {
      if (typeof s !== 'string') throw new Error('Expected is not a String');
      return new Asym('stringContaining', s, (o) => typeof o === 'string' && o.indexOf(s) >= 0, () => '"' + s + '"');
    },
    truthy: () => new Asym('truthy', null, (o) => !!o),
    falsy: () => new Asym('falsy', null, (o) => !o),
    empty: () => new Asym('empty', null, (o) => o !== null && o !== undefined && (typeof o === 'string' || Array.isArray(o) ? o.length === 0
      : o instanceof Map || o instanceof Set ? o.size === 0 : typeof o === 'object' && Object.keys(o).length === 0)),
    notEmpty: () => new Asym('notEmpty', null, (o) => o !== null && o !== undefined && (typeof o === 'string' || Array.isArray(o) ? o.length > 0
      : o instanceof Map || o instanceof Set ? o.size > 0 : typeof o === 'object' && Object.keys(o).length > 0)),
    is: (s) => new Asym('is', s, (o) => Object.is(o, s), (p) => p(s)),
  };

  // ---- the matchers: (actual, ...args) -> {pass, message?}; `this` is {isNot, util} ----
  const num = (v) => typeof v === 'number' || v instanceof Number;
  function threw(fn) {
    if (typeof fn !== 'function') throw new Error('Actual is not a Function');
    try { fn(); } catch (e) { return { threw: true, e }; }
    return { threw: false };
  }
  // jasmine words these with the literal "actual" when negated.
  const special = (pass, a, what) => ({ pass, message: pass ? 'Expected actual not to be ' + what + '.' : 'Expected ' + pp(a) + ' to be ' + what + '.' });
  const errName = (e) => (e && e.constructor && e.constructor.name) || 'Error';
  const matchers = {
    toBe(a, e) {
      const pass = a === e;
      // jasmine adds the tip whenever the expected value is an object (null too)
      if (typeof e !== 'object') return { pass };
      return { pass, message: failureMessage('toBe', pass, a, e) + ' Tip: To check for deep equality, use .toEqual() instead of .toBe().' };
    },
    toEqual(a, e) {
      const pass = eq(a, e);
      return { pass, message: pass ? failureMessage('toEqual', true, a, e) : diffText(a, e) };
    },
    toBeTruthy: (a) => ({ pass: !!a }), toBeFalsy: (a) => ({ pass: !a }),
    toBeDefined: (a) => ({ pass: a !== undefined }), toBeUndefined: (a) => ({ pass: a === undefined }),
    toBeNull: (a) => ({ pass: a === null }), toBeTrue: (a) => ({ pass: a === true }), toBeFalse: (a) => ({ pass: a === false }),
    toBeNaN: (a) => special(Number.isNaN(a), a, 'NaN'),
    toBePositiveInfinity: (a) => special(a === Infinity, a, 'Infinity'),
    toBeNegativeInfinity: (a) => special(a === -Infinity, a, '-Infinity'),
    toContain: (a, e) => ({ pass: contains(a, e) }),
    toMatch(a, e) {
      if (typeof e !== 'string' && !(e instanceof RegExp)) throw new Error('Expected is not a String or a RegExp');
      return { pass: new RegExp(e).test(a) };
    },
    toBeCloseTo(a, e, precision = 2) {
      if (e === null || a === null) throw new Error('Cannot use toBeCloseTo with null. Arguments evaluated to: expect(' + a + ').toBeCloseTo(' + e + ').');
      if (a === e) return { pass: true };
      const delta = Math.abs(e - a), max = Math.pow(10, -precision) / 2;
      return { pass: Math.round(delta * Math.pow(10, precision + 1)) <= Math.round(max * Math.pow(10, precision + 1)) };
    },
    toBeGreaterThan: (a, e) => ({ pass: a > e }), toBeGreaterThanOrEqual: (a, e) => ({ pass: a >= e }),
    toBeLessThan: (a, e) => ({ pass: a < e }), toBeLessThanOrEqual: (a, e) => ({ pass: a <= e }),
    toBeInstanceOf(a, e) {
      const at = a === null || a === undefined ? pp(a) : (a.constructor && a.constructor.name) || 'Object';
      const pass = typeof e === 'function' && (a instanceof e || any(e).asymmetricMatch(a));
      return { pass, message: 'Expected instance of ' + at + (this.isNot ? ' not' : '') + ' to be an instance of ' + typeName(e) };
    },
    toHaveSize(a, e) {
      if (a instanceof WeakSet || a instanceof WeakMap || a instanceof DataView) throw new Error('Cannot get size of ' + pp(a) + '.');
      const size = a instanceof Map || a instanceof Set ? a.size : Array.isArray(a) || typeof a === 'string' ? a.length : Object.keys(a).length;
      return { pass: size === e, message: this.isNot ? 'Expected ' + pp(a) + ' not to have size ' + e + '.'
        : 'Expected ' + pp(a) + ' with size ' + size + ' to have size ' + e + '.' };
    },
    toThrow(fn, ...args) {
      const r = threw(fn);
      if (!r.threw) return { pass: false, message: 'Expected function to throw' + (args.length ? ' ' + pp(args[0]) : ' an exception') + '.' };
      if (!args.length) return { pass: true, message: 'Expected function not to throw, but it threw ' + pp(r.e) + '.' };
      const pass = eq(r.e, args[0]);
      return { pass, message: pass ? 'Expected function not to throw ' + pp(args[0]) + '.'
        : 'Expected function to throw ' + pp(args[0]) + ', but it threw ' + pp(r.e) + '.' };
    },
    toThrowError(fn, type, msg) {
      if (typeof type !== 'function' || !(type === Error || type.prototype instanceof Error)) { msg = type; type = undefined; }
      const want = (type ? typeName(type) : 'an exception') + (msg === undefined ? '' : msg instanceof RegExp ? ' with a message matching ' + pp(msg) : ' with message ' + pp(msg));
      const r = threw(fn);
      if (!r.threw) return { pass: false, message: 'Expected function to throw ' + (type || msg !== undefined ? want : 'an Error') + '.' };
      if (!isError(r.e)) return { pass: false, message: 'Expected function to throw ' + (type || msg !== undefined ? want : 'an Error') + ', but it threw ' + pp(r.e) + '.' };
      const okType = !type || r.e instanceof type;
      const okMsg = msg === undefined || (msg instanceof RegExp ? msg.test(r.e.message) : r.e.message === msg);
      const got = msg === undefined ? errName(r.e) : (type ? errName(r.e) : 'an exception') + ' with message ' + pp(r.e.message);
      if (!type && msg === undefined) return { pass: true, message: 'Expected function not to throw an Error, but it threw ' + errName(r.e) + '.' };
      return { pass: okType && okMsg, message: okType && okMsg ? 'Expected function not to throw ' + want + '.'
        : 'Expected function to throw ' + want + ', but it threw ' + got + '.' };
    },
    toThrowMatching(fn, pred) {
      if (typeof pred !== 'function') throw new Error('Predicate is not a function');
      const r = threw(fn);
      if (!r.threw) return { pass: false, message: 'Expected function to throw an exception matching a predicate.' };
      const pass = !!pred(r.e);
      return { pass, message: pass ? 'Expected function not to throw an exception matching a predicate.'
        : 'Expected function to throw an exception matching a predicate, but it threw ' + (isError(r.e) ? errName(r.e) + ' with message ' + pp(r.e.message) : pp(r.e)) + '.' };
    },
  };
  let spyMatchers = null;
  for (const name of ['toHaveBeenCalled', 'toHaveBeenCalledTimes', 'toHaveBeenCalledWith',
    'toHaveBeenCalledOnceWith', 'toHaveBeenCalledBefore', 'toHaveNoOtherSpyInteractions', 'toHaveSpyInteractions']) {
    matchers[name] = function (...args) {
      spyMatchers = spyMatchers || core.spies().matchers(pp, eq, diffText);
      return spyMatchers[name].apply(this, args);
    };
  }
  // The API matchers (src/assert/assert_response.c) with their own messages: a failure that
  // sonde's expect throws becomes a failed expectation of the spec.
  const API_MATCHERS = ['toHaveStatus', 'toBeSuccess', 'toBeOk', 'toBeRedirect', 'toBeClientError',
    'toBeServerError', 'toBeCreated', 'toBeAccepted', 'toBeNoContent', 'toBeBadRequest',
    'toBeUnauthorized', 'toBeForbidden', 'toBeNotFound', 'toBeConflict', 'toBeUnprocessable',
    'toBeTooManyRequests', 'toBeInternalServerError', 'toBeServiceUnavailable', 'toHaveStatusText',
    'toHaveHeader', 'toHaveContentType', 'toHaveBody', 'toHaveEmptyBody', 'toHaveBodyProperty',
    'toHaveBodyLength', 'toHaveBodyContaining', 'toHaveBodyMatching', 'toRespondWithin', 'toMatchSchema',
    'toSatisfyApiSpec', 'toSatisfySchemaInApiSpec'];
  const apiMatchers = {};
  for (const name of API_MATCHERS) {
    apiMatchers[name] = function (actual, ...args) {
      try {
        const e = core.sondeExpect()(actual);
        (this.isNot ? e.not : e)[name](...args);
        return { pass: !this.isNot };
      } catch (err) {
        if (!isError(err) || err.name === 'TypeError') throw err; // a usage error, not a failure
        return { pass: this.isNot, message: err.message };
      }
    };
  }

  function runMatcher(name, fn, actual, args, isNot, ctx, ssf, unless) {
    const self = { isNot, util, pp };
    const r = fn.call(self, actual, ...args) || {};
    const pass = isNot ? !r.pass : !!r.pass;
    let message = pass ? '' : typeof r.message === 'function' ? r.message() : r.message;
    if (!pass && !message) message = failureMessage(name, isNot, actual, ...args);
    core.record(pass, pass ? '' : message, pass ? null : core.failure(message, ctx, ssf), name, actual, args.length === 1 ? args[0] : args, unless);
  }
  function makeExpectation(actual, table, isNot, ctx, asyncMode) {
    const e = {};
    const define = (name, fn) => {
      e[name] = function m(...args) {
        if (asyncMode) return Promise.resolve(fn(actual, args, isNot, ctx));
        return runMatcher(name, fn, actual, args, isNot, ctx, m);
      };
    };
    for (const name of Object.keys(table)) define(name, table[name]);
    e.withContext = (c) => makeExpectation(actual, table, isNot, c, asyncMode);
    if (!isNot) Object.defineProperty(e, 'not', { get: () => makeExpectation(actual, table, true, ctx, asyncMode) });
    return e;
  }
  function userMatchers(defs) {
    const out = {};
    for (const name of Object.keys(defs)) {
      out[name] = function (actual, ...args) {
        const m = defs[name](util, core.customTesters);
        if (this.isNot && typeof m.negativeCompare === 'function') {
          const r = m.negativeCompare(actual, ...args);
          return { pass: !r.pass, message: r.message };
        }
        return m.compare(actual, ...args);
      };
    }
    return out;
  }
  // expect()'s objects share one prototype of matcher methods, made again only when
  // jasmine.addMatchers adds some (a closure per matcher per expect() made a test cost
  // ~60 allocations per expectation).
  let expectProto = null;
  function syncProto() {
    if (expectProto) return expectProto;
    const table = Object.assign({}, apiMatchers, matchers, userMatchers(core.customMatchers));
    const proto = {};
    for (const name of Object.keys(table)) {
      const fn = table[name];
      proto[name] = function m(...args) { return runMatcher(name, fn, this.actual, args, this.isNot, this.context, m, this.unless); };
    }
    proto.withContext = function (c) { return expectation(this.actual, this.isNot, c, this.unless); };
    Object.defineProperty(proto, 'not', { get() { return this.isNot ? undefined : expectation(this.actual, true, this.context, this.unless); } });
    return (expectProto = proto);
  }
  function expectation(actual, isNot, context, unless) {
    const e = Object.create(syncProto());
    e.actual = actual;
    e.isNot = isNot;
    e.context = context;
    if (unless) e.unless = true;
    return e;
  }
  function expect(actual) {
    if (arguments.length !== 1) throw new Error('Expect takes a single argument: expect(actual)');
    return expectation(actual, false, null);
  }
  // throwUnless(actual): expect's matchers, but a failure is thrown (jasmine-core 5).
  function throwUnless(actual) { return expectation(actual, false, null, true); }
  function expectAsync(actual, unless) {
    if (!actual || typeof actual.then !== 'function') throw new Error('Expected expectAsync to be called with a promise.');
    const e = makeAsync(actual, false, unless);
    Object.defineProperty(e, 'already', { get: () => makeAsync(actual, true, unless) });
    return e;
  }
  function makeAsync(actual, already, unless) {
    const run = unless ? (n, f, a, args, isNot, ctx, ssf) => runMatcher(n, f, a, args, isNot, ctx, ssf, true) : runMatcher;
    const table = core.spies().asyncMatchers(actual, pp, eq, run, already);
    for (const [name, def] of Object.entries(core.customAsyncMatchers)) {
      table[name] = (a, args, isNot, ctx) => {
        const m = def(util, core.customTesters);
        return Promise.resolve(m.compare(a, ...args)).then((r) => run(name, () => r, a, args, isNot, ctx));
      };
    }
    return makeExpectation(actual, table, false, null, true);
  }

  return {
    pp, eq, diffText, util, asym, expect, throwUnless, expectAsync,
    resetProto() { expectProto = null; },
  };
})
