/* jsbytes: see jsbytes.h. UTF-8 decoding follows the WHATWG Encoding standard (a maximal
 * invalid subpart becomes one U+FFFD), which is also what Node's Buffer and TextDecoder
 * produce. Memory: results are malloc'd for the caller; engine pointers are borrowed. */
#include "js/jsbytes.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/sbuf.h"
#include "common/utf8.h"
#include "js/jsutil.h"

/* ---- UTF-16 <-> UTF-8 ---- */

static char *utf16_to_utf8(const JSChar *u, size_t n, size_t *len) {
  unsigned char *out = xmalloc(n * 3 + 1);
  size_t o = 0;
  for (size_t i = 0; i < n; i++) {
    uint32_t c = u[i];
    if (c >= 0xD800 && c <= 0xDBFF && i + 1 < n && u[i + 1] >= 0xDC00 && u[i + 1] <= 0xDFFF) {
      c = 0x10000 + ((c - 0xD800) << 10) + (u[i + 1] - 0xDC00);
      i++;
    } else if (c >= 0xD800 && c <= 0xDFFF) {
      c = 0xFFFD;
    }
    o += utf8_put(out + o, c);
  }
  out[o] = '\0';
  if (len) *len = o;
  return (char *)out;
}

static JSStringRef string_copy(JSContextRef ctx, JSValueRef v, JSValueRef *exception) {
  JSValueRef exc = NULL;
  JSStringRef s = JSValueToStringCopy(ctx, v ? v : JSValueMakeUndefined(ctx), &exc);
  if (!s && exception) *exception = exc;
  return s;
}

char *js_to_utf8(JSContextRef ctx, JSValueRef v, size_t *len, JSValueRef *exception) {
  JSStringRef s = string_copy(ctx, v, exception);
  if (!s) return NULL;
  char *r = utf16_to_utf8(JSStringGetCharactersPtr(s), JSStringGetLength(s), len);
  JSStringRelease(s);
  return r;
}

uint16_t *js_to_utf16(JSContextRef ctx, JSValueRef v, size_t *n, JSValueRef *exception) {
  JSStringRef s = string_copy(ctx, v, exception);
  if (!s) return NULL;
  size_t len = JSStringGetLength(s);
  uint16_t *r = xmalloc((len + 1) * sizeof(uint16_t));
  memcpy(r, JSStringGetCharactersPtr(s), len * sizeof(uint16_t));
  r[len] = 0;
  JSStringRelease(s);
  *n = len;
  return r;
}

static JSValueRef string_from_units(JSContextRef ctx, const JSChar *u, size_t n) {
  JSStringRef s = JSStringCreateWithCharacters(u, n);
  JSValueRef v = JSValueMakeString(ctx, s);
  JSStringRelease(s);
  return v;
}

JSValueRef js_string_from_utf8(JSContextRef ctx, const char *str, size_t len, bool fatal) {
  const unsigned char *s = (const unsigned char *)str;
  JSChar *u = xmalloc((len + 1) * sizeof(JSChar));
  size_t o = 0, i = 0;
  while (i < len) {
    unsigned char b = s[i];
    if (b < 0x80) {
      u[o++] = b;
      i++;
      continue;
    }
    /* Expected continuation count and the allowed range of the second byte. */
    size_t need = 0;
    uint32_t c = 0;
    unsigned char lo = 0x80, hi = 0xBF;
    if (b >= 0xC2 && b <= 0xDF) need = 1, c = b & 0x1F;
    else if (b >= 0xE0 && b <= 0xEF) {
      need = 2, c = b & 0x0F;
      if (b == 0xE0) lo = 0xA0;
      if (b == 0xED) hi = 0x9F;
    } else if (b >= 0xF0 && b <= 0xF4) {
      need = 3, c = b & 0x07;
      if (b == 0xF0) lo = 0x90;
      if (b == 0xF4) hi = 0x8F;
    }
    size_t j = i + 1;
    bool ok = need > 0;
    for (size_t k = 0; ok && k < need; k++, j++) {
      if (j >= len || s[j] < lo || s[j] > hi) {
        ok = false;
        break;
      }
      c = (c << 6) | (s[j] & 0x3F);
      lo = 0x80, hi = 0xBF;
    }
    if (!ok) {
      if (fatal) {
        free(u);
        return NULL;
      }
      u[o++] = 0xFFFD;
      i = j > i + 1 ? j : i + 1; /* the maximal subpart is replaced by one U+FFFD */
      continue;
    }
    if (c >= 0x10000) {
      c -= 0x10000;
      u[o++] = (JSChar)(0xD800 + (c >> 10));
      u[o++] = (JSChar)(0xDC00 + (c & 0x3FF));
    } else {
      u[o++] = (JSChar)c;
    }
    i = j;
  }
  JSValueRef v = string_from_units(ctx, u, o);
  free(u);
  return v;
}

JSValueRef js_string_from_latin1(JSContextRef ctx, const unsigned char *s, size_t len) {
  JSChar *u = xmalloc((len + 1) * sizeof(JSChar));
  for (size_t i = 0; i < len; i++) u[i] = s[i];
  JSValueRef v = string_from_units(ctx, u, len);
  free(u);
  return v;
}

JSValueRef js_string_from_utf16le(JSContextRef ctx, const unsigned char *s, size_t len) {
  size_t n = len / 2;
  JSChar *u = xmalloc((n + 1) * sizeof(JSChar));
  for (size_t i = 0; i < n; i++) u[i] = (JSChar)(s[2 * i] | (s[2 * i + 1] << 8));
  JSValueRef v = string_from_units(ctx, u, n);
  free(u);
  return v;
}

/* ---- typed arrays ---- */

bool js_bytes_view(JSContextRef ctx, JSValueRef v, unsigned char **data, size_t *len) {
  if (!v || !JSValueIsObject(ctx, v)) return false;
  JSObjectRef o = (JSObjectRef)v;
  JSTypedArrayType t = JSValueGetTypedArrayType(ctx, v, NULL);
  if (t == kJSTypedArrayTypeArrayBuffer) {
    *data = JSObjectGetArrayBufferBytesPtr(ctx, o, NULL);
    *len = JSObjectGetArrayBufferByteLength(ctx, o, NULL);
    return true;
  }
  if (t != kJSTypedArrayTypeNone) {
    /* The pointer is the start of the whole buffer, not of the view. */
    unsigned char *base = JSObjectGetTypedArrayBytesPtr(ctx, o, NULL);
    *len = JSObjectGetTypedArrayByteLength(ctx, o, NULL);
    *data = base ? base + JSObjectGetTypedArrayByteOffset(ctx, o, NULL) : NULL;
    return true;
  }
  /* A DataView: the C API has no accessors for it, its own getters do the work. */
  JSValueRef dv = js_get(ctx, JSContextGetGlobalObject(ctx), "DataView");
  if (!JSValueIsObject(ctx, dv) || !JSValueIsInstanceOfConstructor(ctx, v, (JSObjectRef)dv, NULL))
    return false;
  JSValueRef buf = js_get(ctx, v, "buffer");
  if (JSValueGetTypedArrayType(ctx, buf, NULL) != kJSTypedArrayTypeArrayBuffer) return false;
  unsigned char *base = JSObjectGetArrayBufferBytesPtr(ctx, (JSObjectRef)buf, NULL);
  *data = base ? base + (size_t)js_get_number(ctx, v, "byteOffset", 0) : NULL;
  *len = (size_t)js_get_number(ctx, v, "byteLength", 0);
  return true;
}

static void free_bytes(void *bytes, void *ctx) { free(bytes); }

JSObjectRef js_adopt_uint8array(JSContextRef ctx, void *bytes, size_t len) {
  if (!bytes) bytes = xmalloc(1);
  JSObjectRef a = JSObjectMakeTypedArrayWithBytesNoCopy(ctx, kJSTypedArrayTypeUint8Array, bytes,
                                                        len, free_bytes, NULL, NULL);
  if (!a) free(bytes);
  return a;
}

JSObjectRef js_make_uint8array(JSContextRef ctx, const void *bytes, size_t len) {
  void *copy = xmalloc(len ? len : 1);
  if (len) memcpy(copy, bytes, len);
  return js_adopt_uint8array(ctx, copy, len);
}

JSObjectRef js_make_arraybuffer(JSContextRef ctx, const void *bytes, size_t len) {
  void *copy = xmalloc(len ? len : 1);
  if (len) memcpy(copy, bytes, len);
  JSObjectRef b = JSObjectMakeArrayBufferWithBytesNoCopy(ctx, copy, len, free_bytes, NULL, NULL);
  if (!b) free(copy);
  return b;
}

/* ---- base64 / hex ---- */

static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
static const char b64url[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

char *js_base64_encode(const unsigned char *s, size_t len, bool url, size_t *out_len) {
  const char *abc = url ? b64url : b64;
  char *out = xmalloc((len + 2) / 3 * 4 + 1);
  size_t o = 0, i = 0;
  for (; i + 2 < len; i += 3) {
    uint32_t v = (uint32_t)s[i] << 16 | (uint32_t)s[i + 1] << 8 | s[i + 2];
    out[o++] = abc[v >> 18];
    out[o++] = abc[(v >> 12) & 63];
    out[o++] = abc[(v >> 6) & 63];
    out[o++] = abc[v & 63];
  }
  if (i < len) {
    uint32_t v = (uint32_t)s[i] << 16 | (i + 1 < len ? (uint32_t)s[i + 1] << 8 : 0);
    out[o++] = abc[v >> 18];
    out[o++] = abc[(v >> 12) & 63];
    if (i + 1 < len) out[o++] = abc[(v >> 6) & 63];
    else if (!url) out[o++] = '=';
    if (!url) out[o++] = '=';
  }
  out[o] = '\0';
  if (out_len) *out_len = o;
  return out;
}

static int b64_value(unsigned char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+' || c == '-') return 62;
  if (c == '/' || c == '_') return 63;
  return -1;
}

unsigned char *js_base64_decode(const char *s, size_t len, size_t *out_len) {
  unsigned char *out = xmalloc(len / 4 * 3 + 4);
  size_t o = 0;
  uint32_t acc = 0;
  int bits = 0;
  for (size_t i = 0; i < len; i++) {
    if (s[i] == '=') break;
    int v = b64_value((unsigned char)s[i]);
    if (v < 0) continue;
    acc = (acc << 6) | (uint32_t)v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (unsigned char)(acc >> bits);
    }
  }
  out[o] = '\0';
  *out_len = o;
  return out;
}

unsigned char *js_base64_decode_strict(const char *s, size_t len, size_t *out_len) {
  /* forgiving-base64 decode: strip ASCII whitespace, allow 1-2 trailing '=' when the
   * length is a multiple of 4, reject length % 4 == 1 and characters outside the alphabet. */
  char *clean = xmalloc(len + 1);
  size_t n = 0;
  for (size_t i = 0; i < len; i++) {
    char c = s[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r') continue;
    clean[n++] = c;
  }
  if (n % 4 == 0 && n > 0 && clean[n - 1] == '=') {
    n--;
    if (clean[n - 1] == '=') n--;
  }
  bool ok = n % 4 != 1;
  for (size_t i = 0; ok && i < n; i++) {
    char c = clean[i];
    if (c == '-' || c == '_' || b64_value((unsigned char)c) < 0) ok = false;
  }
  unsigned char *out = ok ? js_base64_decode(clean, n, out_len) : NULL;
  free(clean);
  return out;
}

char *js_hex_encode(const unsigned char *s, size_t len) {
  static const char digits[] = "0123456789abcdef";
  char *out = xmalloc(len * 2 + 1);
  for (size_t i = 0; i < len; i++) {
    out[2 * i] = digits[s[i] >> 4];
    out[2 * i + 1] = digits[s[i] & 15];
  }
  out[len * 2] = '\0';
  return out;
}

static int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

unsigned char *js_hex_decode(const char *s, size_t len, size_t *out_len) {
  unsigned char *out = xmalloc(len / 2 + 1);
  size_t o = 0;
  for (size_t i = 0; i + 1 < len; i += 2) {
    int hi = hex_value(s[i]), lo = hex_value(s[i + 1]);
    if (hi < 0 || lo < 0) break;
    out[o++] = (unsigned char)(hi << 4 | lo);
  }
  out[o] = '\0';
  *out_len = o;
  return out;
}

/* ---- encodings ---- */

js_encoding_t js_encoding_parse(const char *name) {
  if (!name) return JS_ENC_UTF8;
  static const struct {
    const char *name;
    js_encoding_t enc;
  } names[] = {
      {"utf8", JS_ENC_UTF8},     {"utf-8", JS_ENC_UTF8},          {"ucs2", JS_ENC_UTF16LE},
      {"ucs-2", JS_ENC_UTF16LE}, {"utf16le", JS_ENC_UTF16LE},     {"utf-16le", JS_ENC_UTF16LE},
      {"latin1", JS_ENC_LATIN1}, {"binary", JS_ENC_LATIN1},       {"ascii", JS_ENC_ASCII},
      {"base64", JS_ENC_BASE64}, {"base64url", JS_ENC_BASE64URL}, {"hex", JS_ENC_HEX},
  };
  for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
    if (strcasecmp(name, names[i].name) == 0) return names[i].enc;
  return JS_ENC_INVALID;
}

unsigned char *js_encode_string(JSContextRef ctx, JSValueRef str, js_encoding_t enc, size_t *len,
                                JSValueRef *exception) {
  if (enc == JS_ENC_UTF8 || enc == JS_ENC_INVALID)
    return (unsigned char *)js_to_utf8(ctx, str, len, exception);
  size_t n = 0;
  uint16_t *u = js_to_utf16(ctx, str, &n, exception);
  if (!u) return NULL;
  unsigned char *out = NULL;
  if (enc == JS_ENC_UTF16LE) {
    out = xmalloc(n * 2 + 1);
    for (size_t i = 0; i < n; i++) {
      out[2 * i] = (unsigned char)(u[i] & 0xFF);
      out[2 * i + 1] = (unsigned char)(u[i] >> 8);
    }
    out[n * 2] = '\0';
    *len = n * 2;
  } else if (enc == JS_ENC_LATIN1 || enc == JS_ENC_ASCII) {
    out = xmalloc(n + 1);
    for (size_t i = 0; i < n; i++) out[i] = (unsigned char)(u[i] & 0xFF);
    out[n] = '\0';
    *len = n;
  } else {
    /* base64 and hex text is ASCII: anything else is dropped by the decoders anyway. */
    char *ascii = xmalloc(n + 1);
    for (size_t i = 0; i < n; i++) ascii[i] = u[i] < 0x80 ? (char)u[i] : '?';
    ascii[n] = '\0';
    out = enc == JS_ENC_HEX ? js_hex_decode(ascii, n, len) : js_base64_decode(ascii, n, len);
    free(ascii);
  }
  free(u);
  return out;
}

JSValueRef js_decode_bytes(JSContextRef ctx, const unsigned char *s, size_t len,
                           js_encoding_t enc) {
  switch (enc) {
  case JS_ENC_UTF16LE: return js_string_from_utf16le(ctx, s, len);
  case JS_ENC_LATIN1: return js_string_from_latin1(ctx, s, len);
  case JS_ENC_ASCII: {
    unsigned char *a = xmalloc(len + 1);
    for (size_t i = 0; i < len; i++) a[i] = s[i] & 0x7F;
    JSValueRef v = js_string_from_latin1(ctx, a, len);
    free(a);
    return v;
  }
  case JS_ENC_BASE64:
  case JS_ENC_BASE64URL: {
    size_t n;
    char *t = js_base64_encode(s, len, enc == JS_ENC_BASE64URL, &n);
    JSValueRef v = js_string_from_latin1(ctx, (unsigned char *)t, n);
    free(t);
    return v;
  }
  case JS_ENC_HEX: {
    char *t = js_hex_encode(s, len);
    JSValueRef v = js_string_from_latin1(ctx, (unsigned char *)t, len * 2);
    free(t);
    return v;
  }
  default: return js_string_from_utf8(ctx, (const char *)s, len, false);
  }
}
