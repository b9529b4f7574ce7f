/* sonde:expect: the part of `expect` and `assert` that is about JavaScript values
 * themselves. Jest's deep equality (equals with asymmetric matchers and custom testers;
 * toStrictEqual's type, sparseness and undefined-property rules; toMatchObject's subset
 * rule and the subset shown in its diff), the asymmetric matchers (expect.any, ...), and
 * Node's assert deep equality. src/assert/ evaluates it once per realm (js_jslib) and calls
 * the functions of the table it evaluates to; the matchers and every message are C
 * (src/assert/expect_*.c, assert_node.c), the printing and diffs are sonde:diff. */
(function () {
  'use strict';
  const ASYMMETRIC = Symbol.for('jest.asymmetricMatcher');
  const objToString = Object.prototype.toString;
  const hasOwn = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
  const hasDefined = (o, k) => hasOwn(o, k) && o[k] !== undefined;
  const isA = (type, v) => objToString.call(v) === `[object ${type}]`;
  const isObject = (v) => v !== null && typeof v === 'object';
  const isAsymmetric = (v) => !!v && typeof v.asymmetricMatch === 'function';

  /* ---- Jest's equals (expect-utils, jasmineUtils.eq) ---- */

  function asymmetricMatch(a, b) {
    const asA = isAsymmetric(a), asB = isAsymmetric(b);
    if (asA && asB) return undefined;
    if (asA) return a.asymmetricMatch(b);
    if (asB) return b.asymmetricMatch(a);
    return undefined;
  }

  function keysOf(o, hasKey) {
    const keys = [];
    for (const k in o) if (hasKey(o, k)) keys.push(k);
    for (const s of Object.getOwnPropertySymbols(o))
      if (Object.getOwnPropertyDescriptor(o, s).enumerable) keys.push(s);
    return keys;
  }

  function eq(a, b, aStack, bStack, testers, hasKey) {
    const asym = asymmetricMatch(a, b);
    if (asym !== undefined) return asym;
    const testerContext = { equals };
    for (const tester of testers) {
      const r = tester.call(testerContext, a, b, testers);
      if (r !== undefined) return r;
    }
    if (a instanceof Error && b instanceof Error) return a.message == b.message;
    if (Object.is(a, b)) return true;
    if (a === null || b === null) return a === b;
    const className = objToString.call(a);
    if (className !== objToString.call(b)) return false;
    switch (className) {
      case '[object Boolean]':
      case '[object String]':
      case '[object Number]':
        if (typeof a !== typeof b) return false;
        if (typeof a !== 'object') return Object.is(a, b);
        return Object.is(a.valueOf(), b.valueOf());
      case '[object Date]':
        return +a === +b || (isNaN(+a) && isNaN(+b));
      case '[object RegExp]':
        return a.source === b.source && a.flags === b.flags;
    }
    if (typeof a !== 'object' || typeof b !== 'object') return false;
    let i = aStack.length;
    while (i--) {
      if (aStack[i] === a) return bStack[i] === b;
      if (bStack[i] === b) return false;
    }
    if (hasKey === hasOwn && className === '[object Array]' && a.length !== b.length) return false;
    aStack.push(a);
    bStack.push(b);
    const aKeys = keysOf(a, hasKey);
    let size = aKeys.length;
    if (keysOf(b, hasKey).length !== size) return false;
    while (size--) {
      const key = aKeys[size];
      if (!hasKey(b, key) || !eq(a[key], b[key], aStack, bStack, testers, hasKey)) return false;
    }
    aStack.pop();
    bStack.pop();
    return true;
  }

  /* strict: own keys with undefined values count (toStrictEqual); otherwise they do not. */
  function equals(a, b, testers, strict) {
    return eq(a, b, [], [], testers || [], strict ? hasOwn : hasDefined);
  }

  /* Sets, Maps and other iterables compared by content (arrays are eq's business). */
  function iterableEquality(a, b, testers = [], aStack = [], bStack = []) {
    if (!isObject(a) || !isObject(b) || Array.isArray(a) || Array.isArray(b) ||
        typeof a[Symbol.iterator] !== 'function' || typeof b[Symbol.iterator] !== 'function')
      return undefined;
    if (a.constructor !== b.constructor) return false;
    let i = aStack.length;
    while (i--) if (aStack[i] === a) return bStack[i] === b;
    aStack.push(a);
    bStack.push(b);
    const nested = (x, y) => iterableEquality(x, y, testers, [...aStack], [...bStack]);
    const inner = [...testers.filter((t) => t !== iterableEquality), nested];
    const done = (r) => { aStack.pop(); bStack.pop(); return r; };
    if (a.size !== undefined) {
      if (a.size !== b.size) return done(false);
      if (isA('Set', a)) {
        for (const av of a) {
          if (b.has(av)) continue;
          let found = false;
          for (const bv of b) if (equals(av, bv, inner)) { found = true; break; }
          if (!found) return done(false);
        }
        return done(true);
      }
      if (isA('Map', a)) {
        for (const [ak, av] of a) {
          if (b.has(ak) && equals(av, b.get(ak), inner)) continue;
          let found = false;
          for (const [bk, bv] of b)
            if (equals(ak, bk, inner) && equals(av, bv, inner)) { found = true; break; }
          if (!found) return done(false);
        }
        return done(true);
      }
    }
    const bIterator = b[Symbol.iterator]();
    for (const av of a) {
      const next = bIterator.next();
      if (next.done || !equals(av, next.value, inner)) return done(false);
    }
    return done(!!bIterator.next().done);
  }

  /* toStrictEqual: classes must match (arrays from any realm are arrays). */
  function typeEquality(a, b) {
    if (a == null || b == null || a.constructor === b.constructor ||
        (Array.isArray(a) && Array.isArray(b)))
      return undefined;
    return false;
  }

  /* toStrictEqual: [, 1] is not [undefined, 1]. */
  function sparseArrayEquality(a, b, testers = []) {
    if (!Array.isArray(a) || !Array.isArray(b)) return undefined;
    return equals(a, b, testers.filter((t) => t !== sparseArrayEquality), true) &&
      equals(Object.keys(a), Object.keys(b));
  }

  function arrayBufferEquality(a, b) {
    let va = a, vb = b;
    if (a instanceof ArrayBuffer && b instanceof ArrayBuffer) {
      va = new DataView(a);
      vb = new DataView(b);
    }
    if (!(va instanceof DataView && vb instanceof DataView)) return undefined;
    if (va.byteLength !== vb.byteLength) return false;
    for (let i = 0; i < va.byteLength; i++) if (va.getUint8(i) !== vb.getUint8(i)) return false;
    return true;
  }

  const isObjectWithKeys = (v) =>
    isObject(v) && !(v instanceof Error) && !Array.isArray(v) && !(v instanceof Date);

  function hasPropertyInObject(o, key) {
    if (!o || typeof o !== 'object' || o === Object.prototype) return false;
    return hasOwn(o, key) || hasPropertyInObject(Object.getPrototypeOf(o), key);
  }

  /* toMatchObject: every key of the subset is in the object with an equal value. */
  function subsetEqualityWith(seen) {
    return function subsetEquality(object, subset) {
      if (!isObjectWithKeys(subset)) return undefined;
      return keysOf(subset, hasOwn).every((key) => {
        const sub = subset[key];
        if (isObjectWithKeys(sub)) {
          if (seen.has(sub)) return equals(object[key], sub, [iterableEquality]);
          seen.set(sub, true);
        }
        const r = object != null && hasPropertyInObject(object, key) &&
          equals(object[key], sub, [iterableEquality, subsetEqualityWith(seen)]);
        seen.delete(sub);
        return r;
      });
    };
  }
  const subsetEquality = (object, subset) => subsetEqualityWith(new WeakMap())(object, subset);

  const STRICT_TESTERS = [iterableEquality, typeEquality, sparseArrayEquality, arrayBufferEquality];

  /* mode: 'equal' (toEqual), 'strict' (toStrictEqual), 'subset' (toMatchObject) or
   * 'plain'; testers: expect.addEqualityTesters's list. */
  function matchEquals(a, b, mode, testers) {
    const custom = testers || [];
    switch (mode) {
      case 'strict': return equals(a, b, [...custom, ...STRICT_TESTERS], true);
      case 'subset': return equals(a, b, [...custom, iterableEquality, subsetEquality]);
      case 'plain': return equals(a, b, custom);
      default: return equals(a, b, [...custom, iterableEquality]);
    }
  }

  /* The part of `object` that `subset` talks about, so toMatchObject's diff shows only it. */
  function objectSubset(object, subset, seen = new WeakMap()) {
    if (Array.isArray(object)) {
      if (Array.isArray(subset) && subset.length === object.length)
        return subset.map((sub, i) => objectSubset(object[i], sub));
    } else if (object instanceof Date) {
      return object;
    } else if (isObject(object) && isObject(subset)) {
      if (equals(object, subset, [iterableEquality, subsetEquality])) return subset;
      const trimmed = {};
      seen.set(object, trimmed);
      for (const key of keysOf(object, hasOwn).filter((k) => hasPropertyInObject(subset, k)))
        trimmed[key] = seen.has(object[key]) ? seen.get(object[key])
          : objectSubset(object[key], subset[key], seen);
      if (keysOf(trimmed, hasOwn).length > 0) return trimmed;
    }
    return object;
  }

  /* ---- asymmetric matchers ---- */

  class AsymmetricMatcher {
    constructor(sample, inverse) {
      this.sample = sample;
      this.inverse = !!inverse;
      this.$$typeof = ASYMMETRIC;
    }
    result(r) { return this.inverse ? !r : r; }
    prefixed(base, word) { return `${base}${this.inverse ? 'Not' : ''}${word}`; }
  }

  const fnName = (f) => (typeof f === 'function' && f.name) || 'Function';

  class Any extends AsymmetricMatcher {
    constructor(sample) {
      if (sample === undefined)
        throw new TypeError('any() expects to be passed a constructor function. ' +
          'Please pass one or use anything() to match any object.');
      super(sample);
    }
    asymmetricMatch(other) {
      const s = this.sample;
      if (s === String) return typeof other === 'string' || other instanceof String;
      if (s === Number) return typeof other === 'number' || other instanceof Number;
      if (s === Function) return typeof other === 'function' || other instanceof Function;
      if (s === Boolean) return typeof other === 'boolean' || other instanceof Boolean;
      if (s === BigInt) return typeof other === 'bigint' || other instanceof BigInt;
      if (s === Symbol) return typeof other === 'symbol' || other instanceof Symbol;
      if (s === Object) return typeof other === 'object';
      return other instanceof s;
    }
    toString() { return 'Any'; }
    getExpectedType() {
      const names = new Map([[String, 'string'], [Number, 'number'], [Function, 'function'],
        [Boolean, 'boolean'], [Object, 'object']]);
      return names.get(this.sample) || 'object';
    }
    toAsymmetricMatcher() { return `Any<${fnName(this.sample)}>`; }
  }

  class Anything extends AsymmetricMatcher {
    asymmetricMatch(other) { return other != null; }
    toString() { return 'Anything'; }
    toAsymmetricMatcher() { return 'Anything'; }
  }

  class ArrayContaining extends AsymmetricMatcher {
    asymmetricMatch(other) {
      if (!Array.isArray(this.sample))
        throw new Error(`You must provide an array to ${this}, not '${typeof this.sample}'.`);
      return this.result(this.sample.length === 0 || (Array.isArray(other) &&
        this.sample.every((item) => other.some((o) => equals(item, o)))));
    }
    toString() { return this.prefixed('Array', 'Containing'); }
    getExpectedType() { return 'array'; }
  }

  class ObjectContaining extends AsymmetricMatcher {
    asymmetricMatch(other) {
      if (typeof this.sample !== 'object')
        throw new Error(`You must provide an object to ${this}, not '${typeof this.sample}'.`);
      let r = true;
      for (const key of keysOf(this.sample, hasOwn)) {
        if (!hasPropertyInObject(other, key) || !equals(this.sample[key], other[key])) {
          r = false;
          break;
        }
      }
      return this.result(r);
    }
    toString() { return this.prefixed('Object', 'Containing'); }
    getExpectedType() { return 'object'; }
  }

  class StringContaining extends AsymmetricMatcher {
    constructor(sample, inverse) {
      if (!isA('String', sample)) throw new Error('Expected is not a string');
      super(sample, inverse);
    }
    asymmetricMatch(other) { return this.result(isA('String', other) && other.includes(this.sample)); }
    toString() { return this.prefixed('String', 'Containing'); }
    getExpectedType() { return 'string'; }
  }

  class StringMatching extends AsymmetricMatcher {
    constructor(sample, inverse) {
      if (!isA('String', sample) && !isA('RegExp', sample))
        throw new Error('Expected is not a String or a RegExp');
      super(new RegExp(sample), inverse);
    }
    asymmetricMatch(other) { return this.result(isA('String', other) && this.sample.test(other)); }
    toString() { return this.prefixed('String', 'Matching'); }
    getExpectedType() { return 'string'; }
  }

  class CloseTo extends AsymmetricMatcher {
    constructor(sample, precision = 2, inverse) {
      if (!isA('Number', sample)) throw new Error('Expected is not a Number');
      if (!isA('Number', precision)) throw new Error('Precision is not a Number');
      super(sample, inverse);
      this.precision = precision;
    }
    asymmetricMatch(other) {
      if (!isA('Number', other)) return false;
      const s = this.sample;
      const r = (other === Infinity && s === Infinity) || (other === -Infinity && s === -Infinity) ||
        Math.abs(s - other) < Math.pow(10, -this.precision) / 2;
      return this.result(r);
    }
    toString() { return this.prefixed('Number', 'CloseTo'); }
    getExpectedType() { return 'number'; }
    toAsymmetricMatcher() {
      const digits = `${this.precision} digit${this.precision === 1 ? '' : 's'}`;
      return `${this.toString()} ${this.sample} (${digits})`;
    }
  }

  /* expect.<custom>(...sample): a matcher of expect.extend used inside another value. */
  class CustomMatcher extends AsymmetricMatcher {
    constructor(name, fn, sample, inverse, context) {
      super(sample, inverse);
      this.name = name;
      this.fn = fn;
      this.context = context;
    }
    asymmetricMatch(other) {
      const ctx = Object.assign(Object.create(this.context), { isNot: this.inverse, promise: '' });
      const r = this.fn.call(ctx, other, ...this.sample);
      return this.result(!!(r && r.pass));
    }
    toString() { return `${this.inverse ? 'not.' : ''}${this.name}`; }
    getExpectedType() { return 'any'; }
    toAsymmetricMatcher() { return `${this.toString()}<${this.sample.map(String).join(', ')}>`; }
  }

  const asymmetric = (inverse) => ({
    objectContaining: (o) => new ObjectContaining(o, inverse),
    arrayContaining: (a) => new ArrayContaining(a, inverse),
    stringContaining: (s) => new StringContaining(s, inverse),
    stringMatching: (s) => new StringMatching(s, inverse),
    closeTo: (n, p) => new CloseTo(n, p, inverse),
  });

  /* ---- Node's assert deep equality (isDeepStrictEqual / isDeepEqual) ---- */

  function nodeEqual(a, b, strict, memo) {
    if (a === b) return a !== 0 || !strict || Object.is(a, b);
    if (!isObject(a) || !isObject(b)) {
      if (strict || isObject(a) || isObject(b)) return Number.isNaN(a) && Number.isNaN(b);
      return a == b || (Number.isNaN(a) && Number.isNaN(b));
    }
    if (strict && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
    const tag = objToString.call(a);
    if (tag !== objToString.call(b)) return false;
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    if (Array.isArray(a) && a.length !== b.length) return false;
    if (tag === '[object Date]' && a.getTime() !== b.getTime()) return false;
    if (tag === '[object RegExp]' &&
        (a.source !== b.source || a.flags !== b.flags || a.lastIndex !== b.lastIndex)) return false;
    if (a instanceof Error && (a.message !== b.message || a.name !== b.name)) return false;
    if (['[object Number]', '[object String]', '[object Boolean]'].includes(tag) &&
        !Object.is(a.valueOf(), b.valueOf())) return false;
    if (ArrayBuffer.isView(a)) {
      if (a.length !== b.length || a.byteLength !== b.byteLength) return false;
      for (let i = 0; i < a.length; i++)
        if (!(strict ? Object.is(a[i], b[i]) : a[i] == b[i])) return false;
    }
    memo = memo || { a: [], b: [] };
    for (let i = 0; i < memo.a.length; i++) if (memo.a[i] === a && memo.b[i] === b) return true;
    memo.a.push(a);
    memo.b.push(b);
    const own = (o) => {
      const keys = Object.keys(o);
      if (!strict) return keys;
      return keys.concat(Object.getOwnPropertySymbols(o).filter((s) =>
        Object.prototype.propertyIsEnumerable.call(o, s)));
    };
    const ak = own(a), bk = own(b);
    let r = ak.length === bk.length && ak.every((k) =>
      Object.prototype.propertyIsEnumerable.call(b, k) && nodeEqual(a[k], b[k], strict, memo));
    if (r && tag === '[object Set]') r = setEqual(a, b, strict, memo);
    if (r && tag === '[object Map]') r = mapEqual(a, b, strict, memo);
    memo.a.pop();
    memo.b.pop();
    return r;
  }

  function setEqual(a, b, strict, memo) {
    if (a.size !== b.size) return false;
    const rest = [...b].filter((v) => !a.has(v));
    for (const v of a) {
      if (b.has(v)) continue;
      const i = rest.findIndex((w) => nodeEqual(v, w, strict, memo));
      if (i < 0) return false;
      rest.splice(i, 1);
    }
    return true;
  }

  function mapEqual(a, b, strict, memo) {
    if (a.size !== b.size) return false;
    const rest = [...b].filter(([k]) => !a.has(k));
    for (const [k, v] of a) {
      if (b.has(k)) {
        if (!nodeEqual(v, b.get(k), strict, memo)) return false;
        continue;
      }
      const i = rest.findIndex(([k2, v2]) =>
        nodeEqual(k, k2, strict, memo) && nodeEqual(v, v2, strict, memo));
      if (i < 0) return false;
      rest.splice(i, 1);
    }
    return true;
  }

  /* assert.throws(fn, object): the keys that must match, and placeholder objects named
   * Comparison for the message when one does not (Node prints them that way). */
  class Comparison {
    constructor(obj, keys, actual) {
      for (const key of keys) {
        if (!(key in obj)) continue;
        if (actual !== undefined && typeof actual[key] === 'string' && isA('RegExp', obj[key]) &&
            obj[key].exec(actual[key]) !== null)
          this[key] = actual[key];
        else
          this[key] = obj[key];
      }
    }
  }

  /* null when `actual` (a thrown value) has every key of `expected` with a deep-strict-equal
   * value (strings may match a RegExp), else [Comparison of actual, Comparison of expected]. */
  function nodeCompareError(actual, expected) {
    const keys = Object.keys(expected);
    if (expected instanceof Error) keys.push('name', 'message');
    for (const key of keys) {
      if (isObject(actual) && typeof actual[key] === 'string' && isA('RegExp', expected[key]) &&
          expected[key].exec(actual[key]) !== null)
        continue;
      if (!isObject(actual) || !(key in actual) || !nodeEqual(actual[key], expected[key], true))
        return [new Comparison(isObject(actual) ? actual : {}, keys),
          new Comparison(expected, keys, isObject(actual) ? actual : undefined)];
    }
    return null;
  }

  return {
    equals: matchEquals,
    /* this.equals of custom matchers: Jest's equals(a, b, customTesters?, strictCheck?). */
    rawEquals: (a, b, testers, strict) => equals(a, b, Array.isArray(testers) ? testers : [], strict),
    objectSubset,
    any: (ctor) => new Any(ctor),
    anything: () => new Anything(),
    asymmetric: asymmetric(false),
    notAsymmetric: asymmetric(true),
    custom: (name, fn, sample, inverse, context) =>
      new CustomMatcher(name, fn, sample, inverse, context),
    isAsymmetric,
    nodeEqual: (a, b, strict) => nodeEqual(a, b, strict),
    nodeCompareError,
  };
})()
