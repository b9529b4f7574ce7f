// structured-clone: the HTML structured clone algorithm behind structuredClone(). Why
// JavaScript: it is a graph copy of JS values (identity map for cycles and shared
// references, own enumerable properties read through getters, prototypes reset), which is
// exactly what the engine's own operations express; C would only call them one by one.
(function (DOMException) {
  'use strict';
  const tagOf = (v) => Object.prototype.toString.call(v).slice(8, -1);
  const errorCtors = { Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError };
  const typed = ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array',
    'Int32Array', 'Uint32Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array'];

  function fail(v) {
    let what;
    try { what = typeof v === 'object' ? `#<${tagOf(v)}>` : String(v); }
    catch { what = 'value'; }
    throw new DOMException(`${what} could not be cloned.`, 'DataCloneError');
  }

  return function structuredClone(value, options) {
    if (arguments.length === 0) {
      const e = new TypeError('The "value" argument must be specified');
      e.code = 'ERR_MISSING_ARGS';
      throw e;
    }
    const memory = new Map();
    const copyProps = (src, dst) => {
      for (const k of Object.keys(src)) dst[k] = clone(src[k]);
      return dst;
    };
    function clone(v) {
      if (v === null || (typeof v !== 'object' && typeof v !== 'function')) {
        if (typeof v === 'symbol') fail(v);
        return v;
      }
      if (memory.has(v)) return memory.get(v);
      if (typeof v === 'function') fail(v);
      const tag = tagOf(v);
      let out;
      switch (tag) {
        case 'Boolean': case 'Number': case 'String': case 'BigInt':
          out = Object(v.valueOf());
          memory.set(v, out);
          return out;
        case 'Date':
          out = new Date(v.getTime());
          memory.set(v, out);
          return out;
        case 'RegExp':
          out = new RegExp(v.source, v.flags);
          memory.set(v, out);
          return out;
        case 'ArrayBuffer':
          out = v.slice(0);
          memory.set(v, out);
          return out;
        case 'DataView': {
          const buf = clone(v.buffer);
          out = new DataView(buf, v.byteOffset, v.byteLength);
          memory.set(v, out);
          return out;
        }
        case 'Map':
          out = new Map();
          memory.set(v, out);
          for (const [k, val] of v) out.set(clone(k), clone(val));
          return out;
        case 'Set':
          out = new Set();
          memory.set(v, out);
          for (const k of v) out.add(clone(k));
          return out;
        case 'Array':
          out = new Array(v.length);
          memory.set(v, out);
          return copyProps(v, out);
        case 'Error': {
          const name = v.name;
          const Ctor = Object.prototype.hasOwnProperty.call(errorCtors, name) ? errorCtors[name] : Error;
          out = Object.create(Ctor.prototype);
          memory.set(v, out);
          const msg = Object.getOwnPropertyDescriptor(v, 'message');
          if (msg) Object.defineProperty(out, 'message', { value: String(v.message), writable: true, configurable: true });
          if (typeof v.stack === 'string') Object.defineProperty(out, 'stack', { value: v.stack, writable: true, configurable: true });
          if ('cause' in v) Object.defineProperty(out, 'cause', { value: clone(v.cause), writable: true, configurable: true });
          return out;
        }
        case 'Object':
          if (v instanceof Error) break;
          out = {};
          memory.set(v, out);
          return copyProps(v, out);
        default:
          if (typed.includes(tag)) {
            const buf = clone(v.buffer);
            out = new globalThis[tag](buf, v.byteOffset, v.length);
            memory.set(v, out);
            return out;
          }
          // Class instances (and URL, Headers, ...) clone as plain objects, as in Node.
          if (['Promise', 'WeakMap', 'WeakSet', 'WeakRef', 'FinalizationRegistry', 'Symbol',
            'Generator', 'AsyncGenerator'].includes(tag)) fail(v);
          out = {};
          memory.set(v, out);
          return copyProps(v, out);
      }
      out = {};
      memory.set(v, out);
      return copyProps(v, out);
    }
    if (options !== undefined && (options === null || typeof options !== 'object')) {
      const e = new TypeError('The "options" argument must be of type object.');
      e.code = 'ERR_INVALID_ARG_TYPE';
      throw e;
    }
    return clone(value);
  };
});
