/* web_encoding: TextEncoder (UTF-8), TextDecoder (utf-8, utf-16le, latin1 labels; fatal,
 * ignoreBOM and streaming decode) and atob/btoa, with Node's errors (TypeError
 * ERR_ENCODING_INVALID_ENCODED_DATA, RangeError ERR_ENCODING_NOT_SUPPORTED, DOMException
 * InvalidCharacterError).
 *
 * Memory: a decoder's state (encoding, flags, the bytes of a character split across
 * streamed chunks) is a malloc'd struct freed by the finalizer. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "js/jsbytes.h"
#include "common/sbuf.h"
#include "js/jsclass.h"
#include "js/jsutil.h"
#include "js/node.h"
#include "js/web.h"

typedef enum { DEC_UTF8, DEC_UTF16LE, DEC_LATIN1 } dec_kind_t;

typedef struct {
  dec_kind_t kind;
  bool fatal, ignore_bom;
  bool bom_seen;            /* the BOM check happens once per stream */
  unsigned char pending[4]; /* an incomplete character from the last streamed chunk */
  size_t n_pending;
} decoder_t;

/* ---- TextEncoder ---- */

static JSValueRef encoder_encode(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                 const JSValueRef argv[], JSValueRef *exc) {
  size_t n = 0;
  char *s =
      argc && !JSValueIsUndefined(ctx, argv[0]) ? js_to_utf8(ctx, argv[0], &n, exc) : xstrdup("");
  return s ? js_adopt_uint8array(ctx, s, n) : NULL;
}

/* encodeInto(string, u8): as many whole characters as fit; {read (UTF-16 units), written}. */
static JSValueRef encoder_encode_into(JSContextRef ctx, JSObjectRef f, JSObjectRef self,
                                      size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  unsigned char *dst;
  size_t cap;
  if (argc < 2 || JSValueGetTypedArrayType(ctx, argv[1], NULL) != kJSTypedArrayTypeUint8Array ||
      !js_bytes_view(ctx, argv[1], &dst, &cap))
    return js_throw_arg_type(ctx, exc, "dest", "an instance of Uint8Array",
                             argc > 1 ? argv[1] : NULL);
  size_t n = 0;
  uint16_t *u = js_to_utf16(ctx, argv[0], &n, exc);
  if (!u) return NULL;
  js_bytes_view(ctx, argv[1], &dst, &cap);
  size_t read = 0, written = 0;
  while (read < n) {
    uint32_t c = u[read];
    size_t units = 1;
    if (c >= 0xD800 && c <= 0xDBFF && read + 1 < n && u[read + 1] >= 0xDC00 &&
        u[read + 1] <= 0xDFFF) {
      c = 0x10000 + ((c - 0xD800) << 10) + (u[read + 1] - 0xDC00);
      units = 2;
    } else if (c >= 0xD800 && c <= 0xDFFF) {
      c = 0xFFFD;
    }
    size_t len = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    if (written + len > cap) break;
    unsigned char *o = dst + written;
    if (len == 1) o[0] = (unsigned char)c;
    else if (len == 2)
      o[0] = (unsigned char)(0xC0 | (c >> 6)), o[1] = (unsigned char)(0x80 | (c & 0x3F));
    else if (len == 3)
      o[0] = (unsigned char)(0xE0 | (c >> 12)), o[1] = (unsigned char)(0x80 | ((c >> 6) & 0x3F)),
      o[2] = (unsigned char)(0x80 | (c & 0x3F));
    else
      o[0] = (unsigned char)(0xF0 | (c >> 18)), o[1] = (unsigned char)(0x80 | ((c >> 12) & 0x3F)),
      o[2] = (unsigned char)(0x80 | ((c >> 6) & 0x3F)), o[3] = (unsigned char)(0x80 | (c & 0x3F));
    written += len;
    read += units;
  }
  free(u);
  JSObjectRef r = JSObjectMake(ctx, NULL, NULL);
  js_set(ctx, r, "read", JSValueMakeNumber(ctx, (double)read));
  js_set(ctx, r, "written", JSValueMakeNumber(ctx, (double)written));
  return r;
}

static JSValueRef encoder_encoding(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                   const JSValueRef argv[], JSValueRef *exc) {
  return js_make_string(ctx, "utf-8");
}

static JSValueRef encoder_inspect(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                  const JSValueRef argv[], JSValueRef *exc) {
  return js_make_string(ctx, "TextEncoder { encoding: 'utf-8' }");
}

static JSValueRef encoder_make(JSContextRef ctx, JSObjectRef new_target, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc);

static js_class_def_t encoder_class = {
    .name = "TextEncoder",
    .construct = encoder_make,
    .methods =
        (const js_fn_t[]){
            {"encode", encoder_encode, 0}, {"encodeInto", encoder_encode_into, 2}, {NULL, NULL, 0}},
    .accessors = (const js_accessor_t[]){{"encoding", encoder_encoding, NULL}, {NULL, NULL, NULL}},
};

static JSValueRef encoder_make(JSContextRef ctx, JSObjectRef new_target, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  if (!new_target)
    return js_throw(ctx, exc, "TypeError",
                    "Class constructor TextEncoder cannot be invoked without 'new'");
  return js_class_make(ctx, &encoder_class, NULL, new_target);
}

/* ---- TextDecoder ---- */

static void decoder_finalize(JSObjectRef o) { free(JSObjectGetPrivate(o)); }

static JSValueRef decoder_make(JSContextRef ctx, JSObjectRef new_target, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc);
static JSValueRef decoder_decode(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                 const JSValueRef argv[], JSValueRef *exc);
static JSValueRef decoder_get(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc);
static JSValueRef decoder_fatal(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc);
static JSValueRef decoder_ignore_bom(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                     const JSValueRef argv[], JSValueRef *exc);
static JSValueRef decoder_inspect(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                  const JSValueRef argv[], JSValueRef *exc);

static js_class_def_t decoder_class = {
    .name = "TextDecoder",
    .finalize = decoder_finalize,
    .construct = decoder_make,
    .methods = (const js_fn_t[]){{"decode", decoder_decode, 0}, {NULL, NULL, 0}},
    .accessors = (const js_accessor_t[]){{"encoding", decoder_get, NULL},
                                         {"fatal", decoder_fatal, NULL},
                                         {"ignoreBOM", decoder_ignore_bom, NULL},
                                         {NULL, NULL, NULL}},
};

static const char *const kind_names[] = {"utf-8", "utf-16le", "windows-1252"};

static bool parse_label(const char *label, dec_kind_t *kind) {
  static const struct {
    const char *label;
    dec_kind_t kind;
  } labels[] = {
      {"utf-8", DEC_UTF8},       {"utf8", DEC_UTF8},       {"unicode-1-1-utf-8", DEC_UTF8},
      {"utf-16le", DEC_UTF16LE}, {"utf-16", DEC_UTF16LE},  {"ucs-2", DEC_UTF16LE},
      {"unicode", DEC_UTF16LE},  {"latin1", DEC_LATIN1},   {"iso-8859-1", DEC_LATIN1},
      {"ascii", DEC_LATIN1},     {"us-ascii", DEC_LATIN1}, {"windows-1252", DEC_LATIN1},
      {"l1", DEC_LATIN1},        {"cp1252", DEC_LATIN1},   {"iso8859-1", DEC_LATIN1},
  };
  /* Labels are matched with ASCII whitespace trimmed and case ignored. */
  while (*label == ' ' || *label == '\t' || *label == '\n') label++;
  size_t n = strlen(label);
  while (n && (label[n - 1] == ' ' || label[n - 1] == '\t' || label[n - 1] == '\n')) n--;
  for (size_t i = 0; i < sizeof(labels) / sizeof(labels[0]); i++) {
    if (strlen(labels[i].label) == n && strncasecmp(label, labels[i].label, n) == 0) {
      *kind = labels[i].kind;
      return true;
    }
  }
  return false;
}

static JSValueRef decoder_make(JSContextRef ctx, JSObjectRef new_target, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  if (!new_target)
    return js_throw(ctx, exc, "TypeError",
                    "Class constructor TextDecoder cannot be invoked without 'new'");
  dec_kind_t kind = DEC_UTF8;
  if (argc > 0 && !JSValueIsUndefined(ctx, argv[0])) {
    char *label = js_value_to_utf8(ctx, argv[0]);
    bool ok = parse_label(label, &kind);
    if (!ok)
      js_throw_code(ctx, exc, "RangeError", "ERR_ENCODING_NOT_SUPPORTED",
                    "The \"%s\" encoding is not supported", label);
    free(label);
    if (!ok) return NULL;
  }
  decoder_t *d = xcalloc(1, sizeof(*d));
  d->kind = kind;
  if (argc > 1 && JSValueIsObject(ctx, argv[1])) {
    d->fatal = JSValueToBoolean(ctx, js_get(ctx, argv[1], "fatal"));
    d->ignore_bom = JSValueToBoolean(ctx, js_get(ctx, argv[1], "ignoreBOM"));
  }
  return js_class_make(ctx, &decoder_class, d, new_target);
}

/* Bytes at the end of `p` that begin a character the next chunk completes. */
static size_t utf8_incomplete(const unsigned char *p, size_t n) {
  for (size_t back = 1; back <= 3 && back <= n; back++) {
    unsigned char c = p[n - back];
    if ((c & 0xC0) == 0x80) continue;
    size_t need = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 ? 2 : 1;
    return need > back ? back : 0;
  }
  return 0;
}

static JSValueRef decoder_decode(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                 const JSValueRef argv[], JSValueRef *exc) {
  decoder_t *d = js_class_this(ctx, &decoder_class, self, exc);
  if (!d) return NULL;
  unsigned char *p = NULL;
  size_t n = 0;
  if (argc > 0 && !JSValueIsUndefined(ctx, argv[0]) && !js_bytes_view(ctx, argv[0], &p, &n))
    return js_throw_arg_type(ctx, exc, "input", "an instance of ArrayBuffer or ArrayBufferView",
                             argv[0]);
  bool stream = argc > 1 && JSValueIsObject(ctx, argv[1]) &&
                JSValueToBoolean(ctx, js_get(ctx, argv[1], "stream"));
  unsigned char *buf = xmalloc(d->n_pending + n + 1);
  memcpy(buf, d->pending, d->n_pending);
  if (n) memcpy(buf + d->n_pending, p, n);
  size_t total = d->n_pending + n, keep = 0;
  d->n_pending = 0;
  if (stream) {
    keep = d->kind == DEC_UTF8      ? utf8_incomplete(buf, total)
           : d->kind == DEC_UTF16LE ? total % 2
                                    : 0;
    memcpy(d->pending, buf + total - keep, keep);
    d->n_pending = keep;
  }
  size_t len = total - keep, skip = 0;
  if (!d->ignore_bom && !d->bom_seen && len > 0) {
    if (d->kind == DEC_UTF8 && len >= 3 && buf[0] == 0xEF && buf[1] == 0xBB && buf[2] == 0xBF)
      skip = 3;
    if (d->kind == DEC_UTF16LE && len >= 2 && buf[0] == 0xFF && buf[1] == 0xFE) skip = 2;
  }
  if (len > 0) d->bom_seen = stream;
  if (!stream) d->bom_seen = false;
  JSValueRef r;
  if (d->kind == DEC_UTF8) {
    r = js_string_from_utf8(ctx, (const char *)buf + skip, len - skip, d->fatal);
    if (!r)
      js_throw_code(ctx, exc, "TypeError", "ERR_ENCODING_INVALID_ENCODED_DATA",
                    "The encoded data was not valid for encoding utf-8");
  } else if (d->kind == DEC_UTF16LE) {
    r = js_string_from_utf16le(ctx, buf + skip, len - skip);
  } else {
    r = js_string_from_latin1(ctx, buf, len);
  }
  free(buf);
  return r;
}

static JSValueRef decoder_get(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  decoder_t *d = js_class_this(ctx, &decoder_class, self, exc);
  return d ? js_make_string(ctx, kind_names[d->kind]) : NULL;
}

static JSValueRef decoder_fatal(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  decoder_t *d = js_class_this(ctx, &decoder_class, self, exc);
  return d ? JSValueMakeBoolean(ctx, d->fatal) : NULL;
}

static JSValueRef decoder_ignore_bom(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                     const JSValueRef argv[], JSValueRef *exc) {
  decoder_t *d = js_class_this(ctx, &decoder_class, self, exc);
  return d ? JSValueMakeBoolean(ctx, d->ignore_bom) : NULL;
}

static JSValueRef decoder_inspect(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                  const JSValueRef argv[], JSValueRef *exc) {
  decoder_t *d = js_class_private(ctx, &decoder_class, self);
  if (!d) return self;
  char *s =
      xasprintf("TextDecoder { encoding: '%s', fatal: %s, ignoreBOM: %s }", kind_names[d->kind],
                d->fatal ? "true" : "false", d->ignore_bom ? "true" : "false");
  JSValueRef r = js_make_string(ctx, s);
  free(s);
  return r;
}

/* ---- atob / btoa ---- */

static JSValueRef js_btoa(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                          const JSValueRef argv[], JSValueRef *exc) {
  if (argc < 1)
    return js_throw_code(ctx, exc, "TypeError", "ERR_MISSING_ARGS",
                         "The \"data\" argument must be specified");
  size_t n = 0;
  uint16_t *u = js_to_utf16(ctx, argv[0], &n, exc);
  if (!u) return NULL;
  unsigned char *bytes = xmalloc(n + 1);
  for (size_t i = 0; i < n; i++) {
    if (u[i] > 0xFF) {
      free(u);
      free(bytes);
      return js_throw_dom(ctx, exc, "InvalidCharacterError", "Invalid character");
    }
    bytes[i] = (unsigned char)u[i];
  }
  free(u);
  size_t len;
  char *b64 = js_base64_encode(bytes, n, false, &len);
  free(bytes);
  JSValueRef r = js_make_string(ctx, b64);
  free(b64);
  return r;
}

static JSValueRef js_atob(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                          const JSValueRef argv[], JSValueRef *exc) {
  if (argc < 1)
    return js_throw_code(ctx, exc, "TypeError", "ERR_MISSING_ARGS",
                         "The \"data\" argument must be specified");
  size_t n = 0;
  uint16_t *u = js_to_utf16(ctx, argv[0], &n, exc);
  if (!u) return NULL;
  char *ascii = xmalloc(n + 1);
  bool ok = true;
  for (size_t i = 0; i < n; i++) {
    if (u[i] > 0x7F) ok = false;
    ascii[i] = (char)u[i];
  }
  free(u);
  size_t len = 0;
  unsigned char *bytes = ok ? js_base64_decode_strict(ascii, n, &len) : NULL;
  free(ascii);
  if (!bytes) return js_throw_dom(ctx, exc, "InvalidCharacterError", "Invalid character");
  JSValueRef r = js_string_from_latin1(ctx, bytes, len);
  free(bytes);
  return r;
}

void js_encoding_install(JSContextRef ctx) {
  if (!js_once(ctx, "__sonde_once_encoding")) return;
  JSObjectRef global = JSContextGetGlobalObject(ctx);
  JSValueRef custom = js_symbol_for(ctx, "nodejs.util.inspect.custom");
  JSObjectRef enc = js_class_init(ctx, &encoder_class);
  js_set_keyed(ctx, (JSObjectRef)js_get(ctx, enc, "prototype"), custom,
               js_make_function(ctx, "inspect", encoder_inspect, 0));
  JSObjectRef dec = js_class_init(ctx, &decoder_class);
  js_set_keyed(ctx, (JSObjectRef)js_get(ctx, dec, "prototype"), custom,
               js_make_function(ctx, "inspect", decoder_inspect, 0));
  js_define_value(ctx, global, "TextEncoder", enc, false);
  js_define_value(ctx, global, "TextDecoder", dec, false);
  js_define_value(ctx, global, "atob", js_make_function(ctx, "atob", js_atob, 1), false);
  js_define_value(ctx, global, "btoa", js_make_function(ctx, "btoa", js_btoa, 1), false);
}
