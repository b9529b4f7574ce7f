/* node_buffer: Node's Buffer (a global, and the `buffer` module).
 * A Buffer is a Uint8Array whose prototype is Buffer.prototype (itself inheriting from
 * Uint8Array.prototype), so typed-array code works on it unchanged; the methods here are C
 * over the array's bytes: encodings (utf8, utf16le, latin1, ascii, base64, base64url, hex),
 * from/alloc/concat/compare/byteLength, slice/subarray views, read/write of integers and
 * floats, fill, indexOf, equals, copy, toJSON and the <Buffer ..> inspection.
 *
 * Memory: bytes live in ArrayBuffers owned by the engine (created from malloc'd memory it
 * frees); pointers into them are used only between engine calls. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/sbuf.h"
#include "js/jsbytes.h"
#include "js/jsclass.h"
#include "js/jsutil.h"
#include "js/node.h"
#include "js/runtime_internal.h"

#define PROTO_KEY  "__sonde_buffer_proto"
#define MAX_LENGTH 4294967296.0

static JSObjectRef buffer_proto(JSContextRef ctx) {
  js_buffer_install(ctx);
  JSValueRef p = js_get(ctx, JSContextGetGlobalObject(ctx), PROTO_KEY);
  return JSValueIsObject(ctx, p) ? (JSObjectRef)p : NULL;
}

static JSObjectRef as_buffer(JSContextRef ctx, JSObjectRef arr) {
  JSObjectRef proto = buffer_proto(ctx);
  if (arr && proto) JSObjectSetPrototype(ctx, arr, proto);
  return arr;
}

JSObjectRef js_buffer_adopt(JSContextRef ctx, void *bytes, size_t len) {
  return as_buffer(ctx, js_adopt_uint8array(ctx, bytes, len));
}

JSObjectRef js_buffer_from(JSContextRef ctx, const void *bytes, size_t len) {
  return as_buffer(ctx, js_make_uint8array(ctx, bytes, len));
}

/* A Buffer viewing bytes [start, start+len) of the array `src` (shared memory). */
static JSObjectRef buffer_view(JSContextRef ctx, JSObjectRef src, size_t start, size_t len) {
  JSObjectRef ab = JSValueGetTypedArrayType(ctx, src, NULL) == kJSTypedArrayTypeArrayBuffer
                       ? src
                       : JSObjectGetTypedArrayBuffer(ctx, src, NULL);
  size_t base = ab == src ? 0 : JSObjectGetTypedArrayByteOffset(ctx, src, NULL);
  JSObjectRef v = JSObjectMakeTypedArrayWithArrayBufferAndOffset(ctx, kJSTypedArrayTypeUint8Array,
                                                                 ab, base + start, len, NULL);
  return as_buffer(ctx, v);
}

static bool this_bytes(JSContextRef ctx, JSValueRef self, unsigned char **p, size_t *n,
                       JSValueRef *exc) {
  if (JSValueGetTypedArrayType(ctx, self, NULL) != kJSTypedArrayTypeNone &&
      js_bytes_view(ctx, self, p, n))
    return true;
  js_throw_arg_type(ctx, exc, "this", "an instance of Buffer or Uint8Array", self);
  return false;
}

static js_encoding_t encoding_arg(JSContextRef ctx, JSValueRef v, JSValueRef *exc) {
  if (!v || JSValueIsUndefined(ctx, v) || JSValueIsNull(ctx, v)) return JS_ENC_UTF8;
  char *name = js_value_to_utf8(ctx, v);
  js_encoding_t e = js_encoding_parse(name);
  if (e == JS_ENC_INVALID)
    js_throw_code(ctx, exc, "TypeError", "ERR_UNKNOWN_ENCODING", "Unknown encoding: %s", name);
  free(name);
  return e;
}

/* Clamps a relative index argument like TypedArray#slice. */
static size_t index_arg(JSContextRef ctx, const JSValueRef *v, size_t len, size_t def) {
  if (!v || JSValueIsUndefined(ctx, *v)) return def;
  double d = JSValueToNumber(ctx, *v, NULL);
  if (d != d) return 0;
  if (d < 0) d += (double)len;
  if (d < 0) return 0;
  return d > (double)len ? len : (size_t)d;
}

/* Node's offset arguments: integers within [0, len], defaulting to `def`. */
static size_t offset_arg(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t i,
                         size_t def, size_t len) {
  if (argc <= i || JSValueIsUndefined(ctx, argv[i])) return def;
  double d = JSValueToNumber(ctx, argv[i], NULL);
  if (!(d >= 0)) return 0;
  return d > (double)len ? len : (size_t)d;
}

/* ---- Buffer.from / alloc / concat ---- */

static JSValueRef from_value(JSContextRef ctx, size_t argc, const JSValueRef argv[],
                             JSValueRef *exc) {
  JSValueRef v = argc ? argv[0] : JSValueMakeUndefined(ctx);
  if (JSValueIsString(ctx, v)) {
    js_encoding_t enc = encoding_arg(ctx, argc > 1 ? argv[1] : NULL, exc);
    if (*exc) return NULL;
    size_t n = 0;
    unsigned char *bytes = js_encode_string(ctx, v, enc, &n, exc);
    return bytes ? js_buffer_adopt(ctx, bytes, n) : NULL;
  }
  if (JSValueIsObject(ctx, v)) {
    JSTypedArrayType t = JSValueGetTypedArrayType(ctx, v, NULL);
    unsigned char *p;
    size_t n;
    if (t == kJSTypedArrayTypeArrayBuffer && js_bytes_view(ctx, v, &p, &n)) {
      /* Buffer.from(arrayBuffer[, byteOffset[, length]]) shares the memory. */
      size_t off = offset_arg(ctx, argc, argv, 1, 0, n);
      size_t len = offset_arg(ctx, argc, argv, 2, n - off, n - off);
      return buffer_view(ctx, (JSObjectRef)v, off, len);
    }
    if (js_bytes_view(ctx, v, &p, &n) && t != kJSTypedArrayTypeNone &&
        (t == kJSTypedArrayTypeUint8Array || t == kJSTypedArrayTypeInt8Array ||
         t == kJSTypedArrayTypeUint8ClampedArray))
      return js_buffer_from(ctx, p, n);
    JSValueRef data = v;
    char *type = js_get_string(ctx, v, "type");
    if (type && strcmp(type, "Buffer") == 0 && JSValueIsArray(ctx, js_get(ctx, v, "data")))
      data = js_get(ctx, v, "data");
    free(type);
    JSValueRef lenv = js_get(ctx, data, "length");
    if (JSValueIsNumber(ctx, lenv) || t != kJSTypedArrayTypeNone) {
      size_t len = js_array_length(ctx, data);
      unsigned char *bytes = xmalloc(len ? len : 1);
      for (size_t i = 0; i < len; i++) {
        double d = JSValueToNumber(ctx, js_array_get(ctx, data, (unsigned)i), NULL);
        bytes[i] = d == d ? (unsigned char)((long long)d & 0xFF) : 0;
      }
      return js_buffer_adopt(ctx, bytes, len);
    }
    JSValueRef prim = js_call(ctx, js_get(ctx, v, "valueOf"), v, 0, NULL, NULL);
    if (prim && !JSValueIsStrictEqual(ctx, prim, v) &&
        (JSValueIsString(ctx, prim) || JSValueIsObject(ctx, prim))) {
      JSValueRef args[3] = {prim, argc > 1 ? argv[1] : JSValueMakeUndefined(ctx),
                            argc > 2 ? argv[2] : JSValueMakeUndefined(ctx)};
      return from_value(ctx, 3, args, exc);
    }
  }
  return js_throw_arg_type(ctx, exc, "first argument",
                           "of type string or an instance of Buffer, ArrayBuffer, or Array or "
                           "an Array-like Object",
                           v),
         NULL;
}

static JSValueRef buffer_from(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  return from_value(ctx, argc, argv, exc);
}

static bool size_arg(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t *n,
                     JSValueRef *exc) {
  if (argc < 1 || !JSValueIsNumber(ctx, argv[0])) {
    js_throw_arg_type(ctx, exc, "size", "of type number", argc ? argv[0] : NULL);
    return false;
  }
  double d = JSValueToNumber(ctx, argv[0], NULL);
  if (!(d >= 0 && d <= MAX_LENGTH)) {
    char *s = js_value_to_utf8(ctx, argv[0]);
    js_throw_code(ctx, exc, "RangeError", "ERR_OUT_OF_RANGE",
                  "The value of \"size\" is out of range. It must be >= 0 && <= 4294967296. "
                  "Received %s",
                  s);
    free(s);
    return false;
  }
  *n = (size_t)d;
  return true;
}

static void fill_bytes(unsigned char *p, size_t n, const unsigned char *pat, size_t plen) {
  if (!plen) {
    memset(p, 0, n);
    return;
  }
  for (size_t i = 0; i < n; i++) p[i] = pat[i % plen];
}

/* The bytes of a fill/indexOf value: a number (one byte), a string in `enc`, or bytes. */
static unsigned char *pattern_of(JSContextRef ctx, JSValueRef v, js_encoding_t enc, size_t *n,
                                 JSValueRef *exc) {
  unsigned char *p;
  if (JSValueIsNumber(ctx, v)) {
    p = xmalloc(1);
    p[0] = (unsigned char)((long long)JSValueToNumber(ctx, v, NULL) & 0xFF);
    *n = 1;
    return p;
  }
  size_t len;
  if (js_bytes_view(ctx, v, &p, &len)) {
    unsigned char *copy = xmalloc(len ? len : 1);
    memcpy(copy, p, len);
    *n = len;
    return copy;
  }
  return js_encode_string(ctx, v, enc, n, exc);
}

static JSValueRef buffer_alloc(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  size_t n;
  if (!size_arg(ctx, argc, argv, &n, exc)) return NULL;
  unsigned char *bytes = xcalloc(n ? n : 1, 1);
  if (argc > 1 && !JSValueIsUndefined(ctx, argv[1])) {
    js_encoding_t enc = encoding_arg(ctx, argc > 2 ? argv[2] : NULL, exc);
    size_t plen = 0;
    unsigned char *pat = *exc ? NULL : pattern_of(ctx, argv[1], enc, &plen, exc);
    if (!pat) {
      free(bytes);
      return NULL;
    }
    fill_bytes(bytes, n, pat, plen);
    free(pat);
  }
  return js_buffer_adopt(ctx, bytes, n);
}

static JSValueRef buffer_alloc_unsafe(JSContextRef ctx, JSObjectRef f, JSObjectRef self,
                                      size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  size_t n;
  if (!size_arg(ctx, argc, argv, &n, exc)) return NULL;
  return js_buffer_adopt(ctx, xcalloc(n ? n : 1, 1), n);
}

static JSValueRef buffer_concat(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  if (argc < 1 || !JSValueIsArray(ctx, argv[0]))
    return js_throw_arg_type(ctx, exc, "list", "an instance of Array", argc ? argv[0] : NULL);
  size_t n = js_array_length(ctx, argv[0]), total = 0;
  for (size_t i = 0; i < n; i++) {
    unsigned char *p;
    size_t len;
    JSValueRef item = js_array_get(ctx, argv[0], (unsigned)i);
    if (JSValueGetTypedArrayType(ctx, item, NULL) == kJSTypedArrayTypeNone ||
        !js_bytes_view(ctx, item, &p, &len)) {
      char *name = xasprintf("list[%zu]", i);
      js_throw_arg_type(ctx, exc, name, "an instance of Buffer or Uint8Array", item);
      free(name);
      return NULL;
    }
    total += len;
  }
  size_t want = argc > 1 && JSValueIsNumber(ctx, argv[1])
                    ? (size_t)JSValueToNumber(ctx, argv[1], NULL)
                    : total;
  unsigned char *out = xcalloc(want ? want : 1, 1);
  size_t o = 0;
  for (size_t i = 0; i < n && o < want; i++) {
    unsigned char *p;
    size_t len;
    js_bytes_view(ctx, js_array_get(ctx, argv[0], (unsigned)i), &p, &len);
    size_t take = len < want - o ? len : want - o;
    if (take) memcpy(out + o, p, take);
    o += take;
  }
  return js_buffer_adopt(ctx, out, want);
}

static JSValueRef buffer_byte_length(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                     const JSValueRef argv[], JSValueRef *exc) {
  unsigned char *p;
  size_t n = 0;
  if (argc > 0 && js_bytes_view(ctx, argv[0], &p, &n)) return JSValueMakeNumber(ctx, (double)n);
  if (argc < 1 || !JSValueIsString(ctx, argv[0]))
    return js_throw_arg_type(ctx, exc, "string",
                             "of type string or an instance of Buffer or ArrayBuffer",
                             argc ? argv[0] : NULL);
  js_encoding_t enc = JS_ENC_UTF8;
  if (argc > 1 && JSValueIsString(ctx, argv[1])) {
    char *name = js_value_to_utf8(ctx, argv[1]);
    enc = js_encoding_parse(name);
    free(name);
  }
  unsigned char *bytes = js_encode_string(ctx, argv[0], enc, &n, exc);
  free(bytes);
  return JSValueMakeNumber(ctx, (double)n);
}

static bool is_buffer(JSContextRef ctx, JSValueRef v) {
  JSObjectRef proto = buffer_proto(ctx);
  if (!proto || !JSValueIsObject(ctx, v)) return false;
  for (JSValueRef p = JSObjectGetPrototype(ctx, (JSObjectRef)v); JSValueIsObject(ctx, p);
       p = JSObjectGetPrototype(ctx, (JSObjectRef)p))
    if (JSValueIsStrictEqual(ctx, p, proto)) return true;
  return false;
}

static JSValueRef buffer_is_buffer(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                   const JSValueRef argv[], JSValueRef *exc) {
  return JSValueMakeBoolean(ctx, argc > 0 && is_buffer(ctx, argv[0]));
}

static JSValueRef buffer_is_encoding(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                     const JSValueRef argv[], JSValueRef *exc) {
  if (argc < 1 || !JSValueIsString(ctx, argv[0])) return JSValueMakeBoolean(ctx, false);
  char *name = js_value_to_utf8(ctx, argv[0]);
  bool ok = js_encoding_parse(name) != JS_ENC_INVALID;
  free(name);
  return JSValueMakeBoolean(ctx, ok);
}

static int compare_bytes(const unsigned char *a, size_t an, const unsigned char *b, size_t bn) {
  int c = memcmp(a, b, an < bn ? an : bn);
  if (c == 0) c = an < bn ? -1 : an > bn ? 1 : 0;
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

static JSValueRef buffer_compare_static(JSContextRef ctx, JSObjectRef f, JSObjectRef self,
                                        size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  unsigned char *a, *b;
  size_t an, bn;
  if (argc < 2 || !js_bytes_view(ctx, argv[0], &a, &an))
    return js_throw_arg_type(ctx, exc, "buf1", "an instance of Buffer or Uint8Array",
                             argc ? argv[0] : NULL);
  if (!js_bytes_view(ctx, argv[1], &b, &bn))
    return js_throw_arg_type(ctx, exc, "buf2", "an instance of Buffer or Uint8Array", argv[1]);
  return JSValueMakeNumber(ctx, compare_bytes(a, an, b, bn));
}

/* Buffer(arg, encodingOrOffset, length): the deprecated call form, same as Buffer.from. */
static JSValueRef buffer_call(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  if (argc > 0 && JSValueIsNumber(ctx, argv[0])) return buffer_alloc(ctx, f, self, 1, argv, exc);
  return from_value(ctx, argc, argv, exc);
}

/* ---- prototype ---- */

static JSValueRef proto_to_string(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                  const JSValueRef argv[], JSValueRef *exc) {
  unsigned char *p;
  size_t n;
  if (!this_bytes(ctx, self, &p, &n, exc)) return NULL;
  js_encoding_t enc = encoding_arg(ctx, argc > 0 ? argv[0] : NULL, exc);
  if (*exc) return NULL;
  size_t start = offset_arg(ctx, argc, argv, 1, 0, n), end = offset_arg(ctx, argc, argv, 2, n, n);
  if (end < start) end = start;
  return js_decode_bytes(ctx, p + start, end - start, enc);
}

static JSValueRef proto_to_json(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  unsigned char *p;
  size_t n;
  if (!this_bytes(ctx, self, &p, &n, exc)) return NULL;
  JSValueRef *items = xmalloc((n ? n : 1) * sizeof(JSValueRef));
  for (size_t i = 0; i < n; i++) items[i] = JSValueMakeNumber(ctx, p[i]);
  JSObjectRef o = JSObjectMake(ctx, NULL, NULL);
  js_set(ctx, o, "type", js_make_string(ctx, "Buffer"));
  js_set(ctx, o, "data", js_make_array(ctx, n, items));
  free(items);
  return o;
}

static JSValueRef proto_equals(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  unsigned char *a, *b;
  size_t an, bn;
  if (!this_bytes(ctx, self, &a, &an, exc)) return NULL;
  if (argc < 1 || !js_bytes_view(ctx, argv[0], &b, &bn))
    return js_throw_arg_type(ctx, exc, "otherBuffer", "an instance of Buffer or Uint8Array",
                             argc ? argv[0] : NULL);
  return JSValueMakeBoolean(ctx, an == bn && memcmp(a, b, an) == 0);
}

static JSValueRef proto_compare(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  unsigned char *a, *b;
  size_t an, bn;
  if (!this_bytes(ctx, self, &a, &an, exc)) return NULL;
  if (argc < 1 || !js_bytes_view(ctx, argv[0], &b, &bn))
    return js_throw_arg_type(ctx, exc, "target", "an instance of Buffer or Uint8Array",
                             argc ? argv[0] : NULL);
  size_t ts = offset_arg(ctx, argc, argv, 1, 0, bn), te = offset_arg(ctx, argc, argv, 2, bn, bn);
  size_t ss = offset_arg(ctx, argc, argv, 3, 0, an), se = offset_arg(ctx, argc, argv, 4, an, an);
  if (te < ts) te = ts;
  if (se < ss) se = ss;
  return JSValueMakeNumber(ctx, compare_bytes(a + ss, se - ss, b + ts, te - ts));
}

static JSValueRef proto_slice(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  unsigned char *p;
  size_t n;
  if (!this_bytes(ctx, self, &p, &n, exc)) return NULL;
  size_t start = index_arg(ctx, argc > 0 ? &argv[0] : NULL, n, 0);
  size_t end = index_arg(ctx, argc > 1 ? &argv[1] : NULL, n, n);
  return buffer_view(ctx, self, start, end > start ? end - start : 0);
}

static JSValueRef proto_copy(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                             const JSValueRef argv[], JSValueRef *exc) {
  unsigned char *src, *dst;
  size_t sn, dn;
  if (!this_bytes(ctx, self, &src, &sn, exc)) return NULL;
  if (argc < 1 || !js_bytes_view(ctx, argv[0], &dst, &dn))
    return js_throw_arg_type(ctx, exc, "target", "an instance of Buffer or Uint8Array",
                             argc ? argv[0] : NULL);
  size_t ts = offset_arg(ctx, argc, argv, 1, 0, dn);
  size_t ss = offset_arg(ctx, argc, argv, 2, 0, sn), se = offset_arg(ctx, argc, argv, 3, sn, sn);
  size_t n = se > ss ? se - ss : 0;
  if (n > dn - ts) n = dn - ts;
  if (n) memmove(dst + ts, src + ss, n);
  return JSValueMakeNumber(ctx, (double)n);
}

/* write(string[, offset[, length]][, encoding]) */
static JSValueRef proto_write(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  unsigned char *p;
  size_t n;
  if (!this_bytes(ctx, self, &p, &n, exc)) return NULL;
  if (argc < 1 || !JSValueIsString(ctx, argv[0]))
    return js_throw_arg_type(ctx, exc, "argument", "of type string", argc ? argv[0] : NULL);
  size_t off = 0, max = n;
  JSValueRef encv = NULL;
  if (argc > 1 && JSValueIsString(ctx, argv[1])) {
    encv = argv[1];
  } else {
    off = offset_arg(ctx, argc, argv, 1, 0, n);
    max = n - off;
    if (argc > 2 && JSValueIsString(ctx, argv[2])) encv = argv[2];
    else {
      max = offset_arg(ctx, argc, argv, 2, n - off, n - off);
      if (argc > 3) encv = argv[3];
    }
  }
  js_encoding_t enc = encoding_arg(ctx, encv, exc);
  if (*exc) return NULL;
  size_t len = 0;
  unsigned char *bytes = js_encode_string(ctx, argv[0], enc, &len, exc);
  if (!bytes) return NULL;
  if (len > max) {
    len = max;
    /* Never write part of a UTF-8 character. */
    if (enc == JS_ENC_UTF8)
      while (len > 0 && (bytes[len] & 0xC0) == 0x80) len--;
  }
  js_bytes_view(ctx, self, &p, &n);
  memcpy(p + off, bytes, len);
  free(bytes);
  return JSValueMakeNumber(ctx, (double)len);
}

/* fill(value[, offset[, end]][, encoding]) */
static JSValueRef proto_fill(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                             const JSValueRef argv[], JSValueRef *exc) {
  unsigned char *p;
  size_t n;
  if (!this_bytes(ctx, self, &p, &n, exc)) return NULL;
  size_t off = 0, end = n;
  JSValueRef encv = NULL;
  if (argc > 1 && JSValueIsString(ctx, argv[1])) {
    encv = argv[1];
  } else {
    off = offset_arg(ctx, argc, argv, 1, 0, n);
    if (argc > 2 && JSValueIsString(ctx, argv[2])) encv = argv[2];
    else {
      end = offset_arg(ctx, argc, argv, 2, n, n);
      if (argc > 3) encv = argv[3];
    }
  }
  js_encoding_t enc = encoding_arg(ctx, encv, exc);
  if (*exc) return NULL;
  size_t plen = 0;
  unsigned char *pat = pattern_of(ctx, argc ? argv[0] : JSValueMakeNumber(ctx, 0), enc, &plen, exc);
  if (!pat) return NULL;
  js_bytes_view(ctx, self, &p, &n);
  if (end > off) fill_bytes(p + off, end - off, pat, plen);
  free(pat);
  return self;
}

static JSValueRef index_of(JSContextRef ctx, JSObjectRef self, size_t argc, const JSValueRef argv[],
                           JSValueRef *exc, bool last) {
  unsigned char *p;
  size_t n;
  if (!this_bytes(ctx, self, &p, &n, exc)) return NULL;
  JSValueRef encv =
      argc > 2 ? argv[2] : (argc > 1 && JSValueIsString(ctx, argv[1]) ? argv[1] : NULL);
  js_encoding_t enc = encoding_arg(ctx, encv, exc);
  if (*exc) return NULL;
  size_t plen = 0;
  unsigned char *pat = pattern_of(ctx, argc ? argv[0] : JSValueMakeUndefined(ctx), enc, &plen, exc);
  if (!pat) return NULL;
  js_bytes_view(ctx, self, &p, &n);
  double from = last ? (double)n : 0;
  if (argc > 1 && JSValueIsNumber(ctx, argv[1])) {
    from = JSValueToNumber(ctx, argv[1], NULL);
    if (from < 0) from += (double)n;
  }
  long found = -1;
  if (plen <= n) {
    if (last) {
      long start = from > (double)(n - plen) ? (long)(n - plen) : (long)from;
      for (long i = start; i >= 0; i--)
        if (memcmp(p + i, pat, plen) == 0) {
          found = i;
          break;
        }
    } else {
      size_t start = from < 0 ? 0 : (size_t)from;
      for (size_t i = start; i + plen <= n; i++)
        if (memcmp(p + i, pat, plen) == 0) {
          found = (long)i;
          break;
        }
    }
  }
  free(pat);
  return JSValueMakeNumber(ctx, (double)found);
}

static JSValueRef proto_index_of(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                 const JSValueRef argv[], JSValueRef *exc) {
  return index_of(ctx, self, argc, argv, exc, false);
}

static JSValueRef proto_last_index_of(JSContextRef ctx, JSObjectRef f, JSObjectRef self,
                                      size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  return index_of(ctx, self, argc, argv, exc, true);
}

static JSValueRef proto_includes(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                 const JSValueRef argv[], JSValueRef *exc) {
  JSValueRef r = index_of(ctx, self, argc, argv, exc, false);
  return r ? JSValueMakeBoolean(ctx, JSValueToNumber(ctx, r, NULL) >= 0) : NULL;
}

/* [util.inspect.custom]: <Buffer 68 69 ... N more bytes> (50 bytes at most, as Node). */
static JSValueRef proto_inspect(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  unsigned char *p;
  size_t n;
  if (!this_bytes(ctx, self, &p, &n, exc)) return NULL;
  sbuf_t b = SBUF_INIT;
  char *name = js_get_string(ctx, js_get(ctx, self, "constructor"), "name");
  sbuf_printf(&b, "<%s", name ? name : "Buffer");
  free(name);
  size_t shown = n > 50 ? 50 : n;
  for (size_t i = 0; i < shown; i++) sbuf_printf(&b, " %02x", p[i]);
  if (n > shown) sbuf_printf(&b, " ... %zu more byte%s", n - shown, n - shown > 1 ? "s" : "");
  sbuf_putc(&b, '>');
  JSValueRef r = js_make_string(ctx, sbuf_cstr(&b));
  sbuf_free(&b);
  return r;
}

static JSValueRef swap(JSContextRef ctx, JSObjectRef self, size_t width, JSValueRef *exc) {
  unsigned char *p;
  size_t n;
  if (!this_bytes(ctx, self, &p, &n, exc)) return NULL;
  if (n % width)
    return js_throw_code(ctx, exc, "RangeError", "ERR_INVALID_BUFFER_SIZE",
                         "Buffer size must be a multiple of %zu-bits", width * 8);
  for (size_t i = 0; i < n; i += width)
    for (size_t j = 0; j < width / 2; j++) {
      unsigned char t = p[i + j];
      p[i + j] = p[i + width - 1 - j];
      p[i + width - 1 - j] = t;
    }
  return self;
}

#define SWAP_FN(fname, w)                                                                 \
  static JSValueRef fname(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc, \
                          const JSValueRef argv[], JSValueRef *exc) {                     \
    return swap(ctx, self, w, exc);                                                       \
  }
SWAP_FN(proto_swap16, 2)
SWAP_FN(proto_swap32, 4)
SWAP_FN(proto_swap64, 8)

/* ---- numbers: read/write{U,}Int{8,16,32}{LE,BE}, {Float,Double}{LE,BE}, BigInt64 ---- */

typedef struct {
  const char *name; /* without the read/write prefix */
  int size;
  char kind; /* 'u' unsigned, 'i' signed, 'f' float/double, 'b' bigint, 'B' biguint */
  bool little;
} num_spec_t;

static const num_spec_t num_specs[] = {
    {"UInt8", 1, 'u', true},       {"Int8", 1, 'i', true},        {"UInt16LE", 2, 'u', true},
    {"UInt16BE", 2, 'u', false},   {"Int16LE", 2, 'i', true},     {"Int16BE", 2, 'i', false},
    {"UInt32LE", 4, 'u', true},    {"UInt32BE", 4, 'u', false},   {"Int32LE", 4, 'i', true},
    {"Int32BE", 4, 'i', false},    {"FloatLE", 4, 'f', true},     {"FloatBE", 4, 'f', false},
    {"DoubleLE", 8, 'f', true},    {"DoubleBE", 8, 'f', false},   {"BigInt64LE", 8, 'b', true},
    {"BigInt64BE", 8, 'b', false}, {"BigUInt64LE", 8, 'B', true}, {"BigUInt64BE", 8, 'B', false},
};

static bool num_offset(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t i, size_t n,
                       int size, size_t *off, JSValueRef *exc) {
  double d =
      argc > i && !JSValueIsUndefined(ctx, argv[i]) ? JSValueToNumber(ctx, argv[i], NULL) : 0;
  if (!(d >= 0) || d != floor(d) || d + size > (double)n) {
    js_throw_code(ctx, exc, "RangeError", "ERR_OUT_OF_RANGE",
                  "The value of \"offset\" is out of range. It must be >= 0 and <= %ld. "
                  "Received %g",
                  (long)n - size, d);
    return false;
  }
  *off = (size_t)d;
  return true;
}

static JSValueRef num_read(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                           const JSValueRef argv[], JSValueRef *exc) {
  const num_spec_t *s = data;
  unsigned char *p;
  size_t n, off;
  if (!this_bytes(ctx, self, &p, &n, exc) || !num_offset(ctx, argc, argv, 0, n, s->size, &off, exc))
    return NULL;
  uint64_t v = 0;
  for (int i = 0; i < s->size; i++) {
    int idx = s->little ? s->size - 1 - i : i;
    v = (v << 8) | p[off + idx];
  }
  switch (s->kind) {
  case 'u': return JSValueMakeNumber(ctx, (double)v);
  case 'i': {
    int shift = 64 - s->size * 8;
    return JSValueMakeNumber(ctx, (double)((int64_t)(v << shift) >> shift));
  }
  case 'f':
    if (s->size == 4) {
      uint32_t u = (uint32_t)v;
      float fl;
      memcpy(&fl, &u, 4);
      return JSValueMakeNumber(ctx, fl);
    } else {
      double d;
      memcpy(&d, &v, 8);
      return JSValueMakeNumber(ctx, d);
    }
  case 'b': return JSBigIntCreateWithInt64(ctx, (int64_t)v, exc);
  default: return JSBigIntCreateWithUInt64(ctx, v, exc);
  }
}

static JSValueRef num_write(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                            const JSValueRef argv[], JSValueRef *exc) {
  const num_spec_t *s = data;
  unsigned char *p;
  size_t n, off;
  if (!this_bytes(ctx, self, &p, &n, exc) || !num_offset(ctx, argc, argv, 1, n, s->size, &off, exc))
    return NULL;
  JSValueRef val = argc > 0 ? argv[0] : JSValueMakeUndefined(ctx);
  uint64_t v = 0;
  if (s->kind == 'b' || s->kind == 'B') {
    char *str = js_value_to_utf8(ctx, val);
    v = s->kind == 'b' ? (uint64_t)strtoll(str, NULL, 10) : strtoull(str, NULL, 10);
    free(str);
  } else {
    double d = JSValueToNumber(ctx, val, NULL);
    if (s->kind == 'f') {
      if (s->size == 4) {
        float fl = (float)d;
        uint32_t u;
        memcpy(&u, &fl, 4);
        v = u;
      } else {
        memcpy(&v, &d, 8);
      }
    } else {
      v = d == d ? (uint64_t)(int64_t)d : 0;
    }
  }
  for (int i = 0; i < s->size; i++) {
    int idx = s->little ? i : s->size - 1 - i;
    p[off + idx] = (unsigned char)(v >> (8 * i));
  }
  return JSValueMakeNumber(ctx, (double)(off + (size_t)s->size));
}

static void define_numbers(JSContextRef ctx, JSObjectRef proto) {
  for (size_t i = 0; i < sizeof(num_specs) / sizeof(num_specs[0]); i++) {
    const num_spec_t *s = &num_specs[i];
    for (int w = 0; w < 2; w++) {
      char *name = xasprintf("%s%s", w ? "write" : "read", s->name);
      JSObjectRef fn = js_make_closure(ctx, name, w ? num_write : num_read, (void *)s, NULL);
      js_define_value(ctx, proto, name, fn, false);
      /* Node also accepts readUint8 etc. */
      if (strncmp(s->name, "UInt", 4) == 0 || strncmp(s->name, "BigUInt", 7) == 0) {
        char *alias = xstrdup(name);
        char *u = strstr(alias, "UInt");
        u[1] = 'i';
        js_define_value(ctx, proto, alias, fn, false);
        free(alias);
      }
      free(name);
    }
  }
}

/* ---- install ---- */

static const js_fn_t proto_fns[] = {
    {"toString", proto_to_string, 0},
    {"toLocaleString", proto_to_string, 0},
    {"toJSON", proto_to_json, 0},
    {"equals", proto_equals, 1},
    {"compare", proto_compare, 1},
    {"slice", proto_slice, 2},
    {"subarray", proto_slice, 2},
    {"copy", proto_copy, 1},
    {"write", proto_write, 4},
    {"fill", proto_fill, 1},
    {"indexOf", proto_index_of, 1},
    {"lastIndexOf", proto_last_index_of, 1},
    {"includes", proto_includes, 1},
    {"swap16", proto_swap16, 0},
    {"swap32", proto_swap32, 0},
    {"swap64", proto_swap64, 0},
    {NULL, NULL, 0},
};

static const js_fn_t static_fns[] = {
    {"from", buffer_from, 3},
    {"alloc", buffer_alloc, 3},
    {"allocUnsafe", buffer_alloc_unsafe, 1},
    {"allocUnsafeSlow", buffer_alloc_unsafe, 1},
    {"concat", buffer_concat, 2},
    {"byteLength", buffer_byte_length, 2},
    {"isBuffer", buffer_is_buffer, 1},
    {"isEncoding", buffer_is_encoding, 1},
    {"compare", buffer_compare_static, 2},
    {NULL, NULL, 0},
};

void js_buffer_install(JSContextRef ctx) {
  if (!js_once(ctx, "__sonde_once_buffer")) return;
  JSObjectRef global = JSContextGetGlobalObject(ctx);
  JSValueRef u8 = js_get(ctx, global, "Uint8Array");
  JSObjectRef buffer = js_make_function(ctx, "Buffer", buffer_call, 3);
  JSObjectRef proto = JSObjectMake(ctx, NULL, NULL);
  JSObjectSetPrototype(ctx, proto, js_get(ctx, u8, "prototype"));
  JSObjectSetPrototype(ctx, buffer, u8);
  js_define_methods(ctx, proto, proto_fns);
  define_numbers(ctx, proto);
  js_define_value(ctx, proto, "constructor", buffer, false);
  js_set_keyed(ctx, proto, js_symbol_for(ctx, "nodejs.util.inspect.custom"),
               js_make_function(ctx, "inspect", proto_inspect, 0));
  js_define_value(ctx, buffer, "prototype", proto, false);
  js_define_methods(ctx, buffer, static_fns);
  js_set(ctx, buffer, "poolSize", JSValueMakeNumber(ctx, 8192));
  js_set_hidden(ctx, global, PROTO_KEY, proto);
  js_define_value(ctx, global, "Buffer", buffer, false);
}

static void buffer_init(js_realm_t *realm, JSObjectRef exports, void *ud) {
  JSContextRef ctx = js_realm_context(realm);
  JSObjectRef global = JSContextGetGlobalObject(ctx);
  js_set(ctx, exports, "Buffer", js_get(ctx, global, "Buffer"));
  js_set(ctx, exports, "SlowBuffer", js_get(ctx, global, "Buffer"));
  static const char *const globals[] = {"atob", "btoa", "Blob", "File"};
  for (size_t i = 0; i < 4; i++) js_set(ctx, exports, globals[i], js_get(ctx, global, globals[i]));
  js_set(ctx, exports, "INSPECT_MAX_BYTES", JSValueMakeNumber(ctx, 50));
  js_set(ctx, exports, "kMaxLength", JSValueMakeNumber(ctx, MAX_LENGTH));
  js_set(ctx, exports, "kStringMaxLength", JSValueMakeNumber(ctx, 536870888));
  JSObjectRef constants = JSObjectMake(ctx, NULL, NULL);
  js_set(ctx, constants, "MAX_LENGTH", JSValueMakeNumber(ctx, MAX_LENGTH));
  js_set(ctx, constants, "MAX_STRING_LENGTH", JSValueMakeNumber(ctx, 536870888));
  js_set(ctx, exports, "constants", constants);
}

void js_node_buffer_register(js_runtime_t *rt) {
  js_runtime_add_builtin(rt, "buffer", buffer_init, NULL);
  js_node_string_decoder_register(rt);
}
