// util: the parts of Node's `util` module that are about JS values themselves —
// promisify/callbackify (wrapping functions), inherits, deprecate, isDeepStrictEqual (a
// graph comparison) and util.types (brand checks done by calling builtins that throw on
// the wrong receiver, as the engine offers no other test). format/inspect and the rest are
// C (node_util.c). `warn(message, type, code)` is process.emitWarning.
(function (warn) {
  'use strict';
  const un = (f) => Function.prototype.call.bind(f);
  const getter = (C, k) => un(Object.getOwnPropertyDescriptor(C.prototype, k).get);
  const brand = (check) => (v) => {
    if (v === null || typeof v !== 'object') return false;
    try { check(v); return true; } catch { return false; }
  };
  const tag = un(Object.prototype.toString);
  const TypedArray = Object.getPrototypeOf(Uint8Array);
  const typedTag = getter(TypedArray, Symbol.toStringTag);
  const isTypedArray = (v) => ArrayBuffer.isView(v) && typedTag(v) !== undefined;
  const typedIs = (name) => (v) => ArrayBuffer.isView(v) && typedTag(v) === name;
  const fnSrc = un(Function.prototype.toString);
  const AsyncFunction = (async () => {}).constructor;
  const GeneratorFunction = function* () {}.constructor;
  const AsyncGeneratorFunction = async function* () {}.constructor;

  const types = {
    isDate: brand(un(Date.prototype.getTime)),
    isRegExp: brand(getter(RegExp, 'source')),
    isMap: brand(getter(Map, 'size')),
    isSet: brand(getter(Set, 'size')),
    isWeakMap: brand(un(WeakMap.prototype.has)),
    isWeakSet: brand(un(WeakSet.prototype.has)),
    isArrayBuffer: brand(getter(ArrayBuffer, 'byteLength')),
    isSharedArrayBuffer: () => false,
    isAnyArrayBuffer: brand(getter(ArrayBuffer, 'byteLength')),
    isDataView: brand(getter(DataView, 'byteLength')),
    isArrayBufferView: (v) => ArrayBuffer.isView(v),
    isTypedArray,
    isUint8Array: typedIs('Uint8Array'), isUint8ClampedArray: typedIs('Uint8ClampedArray'),
    isUint16Array: typedIs('Uint16Array'), isUint32Array: typedIs('Uint32Array'),
    isInt8Array: typedIs('Int8Array'), isInt16Array: typedIs('Int16Array'),
    isInt32Array: typedIs('Int32Array'), isFloat32Array: typedIs('Float32Array'),
    isFloat64Array: typedIs('Float64Array'), isBigInt64Array: typedIs('BigInt64Array'),
    isBigUint64Array: typedIs('BigUint64Array'),
    isNumberObject: brand(un(Number.prototype.valueOf)),
    isStringObject: brand(un(String.prototype.valueOf)),
    isBooleanObject: brand(un(Boolean.prototype.valueOf)),
    isBigIntObject: brand(un(BigInt.prototype.valueOf)),
    isSymbolObject: brand(un(Symbol.prototype.valueOf)),
    isNativeError: (v) => v instanceof Error || tag(v) === '[object Error]',
    isAsyncFunction: (v) => typeof v === 'function' &&
      (v instanceof AsyncFunction || v instanceof AsyncGeneratorFunction),
    isGeneratorFunction: (v) => typeof v === 'function' &&
      (v instanceof GeneratorFunction || v instanceof AsyncGeneratorFunction),
    isGeneratorObject: (v) => tag(v) === '[object Generator]',
    isMapIterator: (v) => tag(v) === '[object Map Iterator]',
    isSetIterator: (v) => tag(v) === '[object Set Iterator]',
    isArgumentsObject: (v) => tag(v) === '[object Arguments]',
    isModuleNamespaceObject: (v) => tag(v) === '[object Module]',
    isProxy: () => false,
    isExternal: () => false,
    isKeyObject: () => false,
    isCryptoKey: () => false,
  };
  types.isBoxedPrimitive = (v) => types.isNumberObject(v) || types.isStringObject(v) ||
    types.isBooleanObject(v) || types.isBigIntObject(v) || types.isSymbolObject(v);
  types.isPromise = (v) => v instanceof Promise || tag(v) === '[object Promise]';
  void fnSrc;

  const kCustomPromisify = Symbol.for('nodejs.util.promisify.custom');
  function promisify(original) {
    if (typeof original !== 'function') {
      const e = new TypeError('The "original" argument must be of type function');
      e.code = 'ERR_INVALID_ARG_TYPE';
      throw e;
    }
    if (original[kCustomPromisify]) {
      const fn = original[kCustomPromisify];
      Object.defineProperty(fn, kCustomPromisify, { value: fn, configurable: true });
      return fn;
    }
    function fn(...args) {
      return new Promise((resolve, reject) => {
        Reflect.apply(original, this, [...args, (err, ...values) => {
          if (err) return reject(err);
          resolve(values[0]);
        }]);
      });
    }
    Object.setPrototypeOf(fn, Object.getPrototypeOf(original));
    Object.defineProperty(fn, kCustomPromisify, { value: fn, configurable: true });
    return Object.defineProperties(fn, Object.getOwnPropertyDescriptors(original));
  }
  promisify.custom = kCustomPromisify;

  function callbackify(original) {
    if (typeof original !== 'function') {
      const e = new TypeError('The "original" argument must be of type function');
      e.code = 'ERR_INVALID_ARG_TYPE';
      throw e;
    }
    function callbackified(...args) {
      const cb = args.pop();
      if (typeof cb !== 'function') {
        const e = new TypeError('The last argument must be of type function');
        e.code = 'ERR_INVALID_ARG_TYPE';
        throw e;
      }
      Reflect.apply(original, this, args).then(
        (v) => queueMicrotask(() => cb(null, v)),
        (err) => {
          if (!err) {
            const e = new Error('Promise was rejected with a falsy value');
            e.code = 'ERR_FALSY_VALUE_REJECTION';
            e.reason = err;
            err = e;
          }
          queueMicrotask(() => cb(err));
        });
    }
    return callbackified;
  }

  function inherits(ctor, superCtor) {
    if (ctor === undefined || ctor === null || superCtor === undefined || superCtor === null ||
      superCtor.prototype === undefined) {
      const e = new TypeError('The "ctor" and "superCtor" arguments must be functions with a prototype');
      e.code = 'ERR_INVALID_ARG_TYPE';
      throw e;
    }
    Object.defineProperty(ctor, 'super_', { value: superCtor, writable: true, configurable: true });
    Object.setPrototypeOf(ctor.prototype, superCtor.prototype);
  }

  const warned = new Set();
  function deprecate(fn, msg, code) {
    let done = false;
    function deprecated(...args) {
      if (!done && !(code && warned.has(code))) {
        done = true;
        if (code) warned.add(code);
        warn(msg, 'DeprecationWarning', code);
      }
      return new.target ? Reflect.construct(fn, args, new.target) : Reflect.apply(fn, this, args);
    }
    Object.setPrototypeOf(deprecated, fn);
    if (fn.prototype) deprecated.prototype = fn.prototype;
    return deprecated;
  }

  // isDeepStrictEqual: Node's strict deep equality (same prototypes and tags, own
  // enumerable keys and symbols, Map/Set contents, Object.is for primitives).
  const ownKeys = (o) => Object.keys(o).concat(
    Object.getOwnPropertySymbols(o).filter((s) => Object.prototype.propertyIsEnumerable.call(o, s)));
  function deepEqual(a, b, memo) {
    if (Object.is(a, b)) return true;
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
    if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
    if (tag(a) !== tag(b)) return false;
    if (Array.isArray(a) && a.length !== b.length) return false;
    if (types.isDate(a) && a.getTime() !== b.getTime()) return false;
    if (types.isRegExp(a) && (a.source !== b.source || a.flags !== b.flags || a.lastIndex !== b.lastIndex)) return false;
    if (types.isBoxedPrimitive(a) && !Object.is(a.valueOf(), b.valueOf())) return false;
    if (a instanceof Error && (a.message !== b.message || a.name !== b.name)) return false;
    if (ArrayBuffer.isView(a)) {
      if (a.byteLength !== b.byteLength) return false;
      const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
      const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
      for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
    }
    if (types.isArrayBuffer(a) && !deepEqual(new Uint8Array(a), new Uint8Array(b), memo)) return false;
    const pair = memo.get(a);
    if (pair && pair.has(b)) return true;
    if (!pair) memo.set(a, new Set([b]));
    else pair.add(b);
    const ka = ownKeys(a), kb = ownKeys(b);
    if (ka.length !== kb.length) return false;
    for (const k of ka) {
      if (!Object.prototype.propertyIsEnumerable.call(b, k)) return false;
      if (!deepEqual(a[k], b[k], memo)) return false;
    }
    if (types.isMap(a)) {
      if (a.size !== b.size) return false;
      outer: for (const [k, v] of a) {
        if (b.has(k)) {
          if (!deepEqual(v, b.get(k), memo)) return false;
          continue;
        }
        if (typeof k !== 'object' || k === null) return false;
        for (const [k2, v2] of b) if (deepEqual(k, k2, memo) && deepEqual(v, v2, memo)) continue outer;
        return false;
      }
    }
    if (types.isSet(a)) {
      if (a.size !== b.size) return false;
      outer: for (const v of a) {
        if (b.has(v)) continue;
        if (typeof v !== 'object' || v === null) return false;
        for (const v2 of b) if (deepEqual(v, v2, memo)) continue outer;
        return false;
      }
    }
    return true;
  }
  const isDeepStrictEqual = (a, b) => deepEqual(a, b, new Map());

  return {
    promisify, callbackify, inherits, deprecate, isDeepStrictEqual, types,
    isArray: Array.isArray,
    isBoolean: (v) => typeof v === 'boolean',
    isNull: (v) => v === null,
    isNullOrUndefined: (v) => v === null || v === undefined,
    isNumber: (v) => typeof v === 'number',
    isString: (v) => typeof v === 'string',
    isSymbol: (v) => typeof v === 'symbol',
    isUndefined: (v) => v === undefined,
    isRegExp: types.isRegExp,
    isObject: (v) => v !== null && typeof v === 'object',
    isDate: types.isDate,
    isError: (v) => v instanceof Error,
    isFunction: (v) => typeof v === 'function',
    isPrimitive: (v) => v === null || (typeof v !== 'object' && typeof v !== 'function'),
  };
});
