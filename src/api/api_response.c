/* api_response: the ApiResponse an `api` call resolves with, and the errors it rejects
 * with.
 *
 * response.data follows the Content-Type: JSON types (application/json, any +json) are
 * parsed (an invalid body leaves the raw text in data and the reason in parseError, never
 * a throw); text/ types, XML, form and script types are text; a body without a Content-Type is
 * text when it is valid UTF-8; anything else is an ArrayBuffer; an empty body is null.
 * The raw bytes stay in the object's private data for text()/json()/bytes()/arrayBuffer(),
 * which return promises as fetch's do.
 *
 * Large bodies (API_BIG_BODY and up) make `data` (and parseError) when it is first read,
 * not before (big_define): a body that is never read as data costs its bytes only. When
 * it is read (or text() is called), a text or JSON body that is valid UTF-8 becomes one
 * string that replaces the bytes, made piece by piece (big_text). JavaScriptCore stores a
 * string whose characters are all below U+0100 one byte a character (the pieces of
 * Latin-1 text are made so too: latin1_piece), so such a body costs its size or less, and
 * about twice while it is made; other text costs two bytes a UTF-16 unit, twice that
 * while it is made (the C API copies every string it is given: a string cannot be built
 * in place, so the pieces and the joined string are there together). A whole-body
 * decode kept the bytes besides and went through a UTF-16 buffer: three to five times the
 * body. Large bodies that are not UTF-8 keep their bytes; when data is an ArrayBuffer, it
 * takes them (no copy), and text() and bytes() read them from it (as the spec may have
 * changed them; nothing once the buffer is detached).
 *
 * Memory: the raw body (api_raw_t) belongs to the ApiResponse object and is freed by its
 * finalizer; a large body's string is a property of a box object, itself a property of
 * the response under a symbol (not enumerable), and so lives as long as the response. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <unistd.h>

#include "api/api_internal.h"
#include "common/media.h"
#include "js/jsbytes.h"

/* Not in the public headers of this JavaScriptCore, but exported by the library. */
JS_EXPORT void JSSynchronousGarbageCollectForDebugging(JSContextRef ctx);

/* Bodies from this size up are made into strings piece by piece (big_text). */
#define API_BIG_BODY      (1024 * 1024)
/* The size of those pieces: JavaScriptCore decodes each through a UTF-16 buffer of twice
 * its size, which stays small this way. */
#define API_PIECE         (256 * 1024)
/* From this size up, the pieces are collected as soon as they are joined. */
#define API_COLLECT_AFTER (16 * 1024 * 1024)
/* From this size up, a JSON array or object body read as data before its text is parsed
 * from its bytes run by run and not kept (api_json_runs): 2.7-3.1x its size at the peak
 * before, ~1.8x (the objects and one run). Its text() and the like reject then
 * (body_gone). */
#define API_RUNS_FROM     (16 * 1024 * 1024)

typedef struct {
  char *data;      /* the body; NULL when `text` holds it */
  size_t len;      /* the body's size in bytes */
  JSValueRef text; /* a large UTF-8 body as a string, or NULL; held by `box` */
  /* Large bodies only (big_define): */
  JSObjectRef box;    /* {text, bytes}; held by the response */
  JSObjectRef buffer; /* a large body's data when it is an ArrayBuffer: it took the bytes
                         (data NULL); held by `box` */
  char *ct;           /* the Content-Type (malloc'd), or NULL */
  bool textual;       /* a JSON or text type, or none: data is text when it is UTF-8 */
  bool made;          /* data and parseError are made, or data was set */
  int utf8;           /* the body is valid UTF-8 without a BOM: 1, 0, or -1 not known yet */
  bool gone;          /* parsed into data from its bytes and not kept (api_json_runs) */
} api_raw_t;

/* ---- text ---- */

/* One code point of UTF-8 at s[*i] as the WHATWG decoder reads it: -1 for an invalid
 * sequence, after which *i points at the first byte not part of its maximal subpart. */
static int32_t utf8_next(const unsigned char *s, size_t len, size_t *i) {
  unsigned char b = s[(*i)++];
  if (b < 0x80) return b;
  int need;
  int32_t cp;
  unsigned char lower = 0x80, upper = 0xBF;
  if (b >= 0xC2 && b <= 0xDF) {
    need = 1;
    cp = b & 0x1F;
  } else if (b >= 0xE0 && b <= 0xEF) {
    need = 2;
    cp = b & 0x0F;
    if (b == 0xE0) lower = 0xA0;
    if (b == 0xED) upper = 0x9F; /* no surrogates */
  } else if (b >= 0xF0 && b <= 0xF4) {
    need = 3;
    cp = b & 0x07;
    if (b == 0xF0) lower = 0x90;
    if (b == 0xF4) upper = 0x8F; /* nothing above U+10FFFF */
  } else {
    return -1;
  }
  for (int k = 0; k < need; k++) {
    if (*i >= len || s[*i] < lower || s[*i] > upper) return -1;
    cp = (cp << 6) | (s[*i] & 0x3F);
    lower = 0x80;
    upper = 0xBF;
    (*i)++;
  }
  return cp;
}

JSValueRef api_make_text(JSContextRef ctx, const char *data, size_t len) {
  const unsigned char *s = (const unsigned char *)data;
  size_t i = 0, n = 0;
  if (len >= 3 && s[0] == 0xEF && s[1] == 0xBB && s[2] == 0xBF) i = 3; /* BOM, as TextDecoder */
  JSChar *buf = xmalloc((len + 1) * sizeof(JSChar));
  while (i < len) {
    int32_t cp = utf8_next(s, len, &i);
    if (cp < 0) {
      buf[n++] = 0xFFFD;
    } else if (cp >= 0x10000) {
      cp -= 0x10000;
      buf[n++] = (JSChar)(0xD800 + (cp >> 10));
      buf[n++] = (JSChar)(0xDC00 + (cp & 0x3FF));
    } else {
      buf[n++] = (JSChar)cp;
    }
  }
  JSStringRef str = JSStringCreateWithCharacters(buf, n);
  free(buf);
  JSValueRef v = JSValueMakeString(ctx, str);
  JSStringRelease(str);
  return v;
}

/* The string of an ASCII body without NUL bytes (the usual JSON body), made without the
 * UTF-8 decoder JSStringCreateWithUTF8CString runs (~35 instructions a byte); NULL for
 * anything else. */
static JSStringRef ascii_string(const char *data, size_t len) {
  JSChar *buf = xmalloc((len ? len : 1) * sizeof(JSChar));
  for (size_t i = 0; i < len; i++) {
    unsigned char c = (unsigned char)data[i];
    if (c == 0 || c >= 0x80) {
      free(buf);
      return NULL;
    }
    buf[i] = c;
  }
  JSStringRef str = JSStringCreateWithCharacters(buf, len);
  free(buf);
  return str;
}

/* Valid UTF-8 without NUL bytes: what a body must be to pass for text. */
static bool utf8_text(const char *data, size_t len) {
  const unsigned char *s = (const unsigned char *)data;
  for (size_t i = 0; i < len;) {
    if (s[i] == 0) return false;
    if (utf8_next(s, len, &i) < 0) return false;
  }
  return true;
}

/* ---- large bodies ---- */

/* ASCII without NUL bytes, eight bytes at a time (a 100 MB body is read in ~20 ms). */
static bool ascii_text(const char *data, size_t len) {
  const uint64_t high = 0x8080808080808080ull, ones = 0x0101010101010101ull;
  size_t i = 0;
  for (; i + 8 <= len; i += 8) {
    uint64_t w;
    memcpy(&w, data + i, 8);
    if ((w & high) || ((w - ones) & ~w & high)) return false; /* a high bit, or a zero byte */
  }
  for (; i < len; i++)
    if (data[i] == 0 || (unsigned char)data[i] >= 0x80) return false;
  return true;
}

/* Gives the whole pages of body[from, to) back to the system once their bytes have been
 * used; the block stays allocated (and is freed whole later), those pages read as zeros.
 * Nothing that malloc keeps lies inside an allocated block, so this is safe for any
 * allocator. A failure only means the memory is returned later, with the block. */
static void release_pages(char *data, size_t len, size_t from, size_t to) {
  uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
  uintptr_t a = ((uintptr_t)(data + from) + page - 1) & ~(page - 1);
  uintptr_t b = ((uintptr_t)(data + to) + page - 1) & ~(page - 1);
  uintptr_t limit = (uintptr_t)(data + len + 1) & ~(page - 1); /* the block ends past len */
  if (b > limit) b = limit;
  if (b > a && madvise((void *)a, b - a, MADV_DONTNEED) != 0) return;
}

/* A piece of text (valid UTF-8) past ASCII whose characters all fit in Latin-1 (below
 * U+0100: no lead byte past 0xC3) as a string of one byte a character; NULL for any other
 * piece. JavaScriptCore makes 8-bit strings from UTF-8 of ASCII only, anything else takes
 * two bytes a character, and the joined text is 8-bit only when every piece is: so such
 * a piece is read by the JSON parser as a string literal of ASCII with escapes, which it
 * builds 8-bit. "déjà" text costs half then. */
static JSValueRef latin1_piece(JSContextRef ctx, const char *s, size_t n) {
  bool high = false;
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c >= 0xC4) return NULL;
    high |= c >= 0x80;
  }
  if (!high) return NULL; /* ASCII: JSStringCreateWithUTF8CString makes it 8-bit */
  /* "..." with '"', '\\', control and non-ASCII characters as \u00XX: at most 6 bytes a
   * byte. */
  static const char hex[] = "0123456789abcdef";
  char *literal = xmalloc(6 * n + 3), *o = literal;
  *o++ = '"';
  for (size_t i = 0; i < n; i++) {
    unsigned c = (unsigned char)s[i];
    if (c >= 0x80) c = ((c & 0x1F) << 6) | ((unsigned char)s[++i] & 0x3F); /* 0xC2/0xC3 xx */
    if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') {
      *o++ = (char)c;
    } else {
      memcpy(o, "\\u00", 4);
      o[4] = hex[c >> 4];
      o[5] = hex[c & 0xF];
      o += 6;
    }
  }
  memcpy(o, "\"", 2);
  JSStringRef str = JSStringCreateWithUTF8CString(literal);
  free(literal);
  JSValueRef v = JSValueMakeFromJSONString(ctx, str);
  JSStringRelease(str);
  return v;
}

/* The body of `raw` (valid UTF-8 without NUL bytes or a BOM, len >= API_BIG_BODY) as one
 * string, raw->data freed: strings are made of API_PIECE-sized pieces (cut between
 * characters) from the end of the body back, the pages of each piece's bytes given back
 * as soon as it is made, and joined into one string at the end. Bytes and pieces together
 * never take more than the string, pieces and the joined string twice that. NULL with
 * *exc when the engine fails (the body is lost then). */
static JSValueRef big_text(JSContextRef ctx, api_raw_t *raw, JSValueRef *exc) {
  char *data = raw->data;
  size_t len = raw->len;
  JSObjectRef pieces = JSObjectMakeArray(ctx, 0, NULL, exc);
  if (!pieces) return NULL;
  unsigned n = 0;
  for (size_t end = len; end > 0;) {
    size_t start = end > API_PIECE ? end - API_PIECE : 0;
    while (start > 0 && ((unsigned char)data[start] & 0xC0) == 0x80) start--; /* continuation */
    data[end] = '\0'; /* data[len] is the body's own terminator; below, a used byte */
    JSValueRef piece = latin1_piece(ctx, data + start, end - start);
    if (!piece) {
      JSStringRef str = JSStringCreateWithUTF8CString(data + start);
      piece = JSValueMakeString(ctx, str);
      JSStringRelease(str);
    }
    JSObjectSetPropertyAtIndex(ctx, pieces, n++, piece, exc);
    if (*exc) break;
    release_pages(data, len, start, end);
    end = start;
  }
  free(raw->data);
  raw->data = NULL;
  JSValueRef sep = js_make_string(ctx, "");
  JSValueRef reversed =
      *exc ? NULL : js_call(ctx, js_get(ctx, pieces, "reverse"), pieces, 0, NULL, exc);
  JSValueRef text =
      reversed ? js_call(ctx, js_get(ctx, pieces, "join"), pieces, 1, &sep, exc) : NULL;
  if (!text) { /* the engine failed (out of memory); the bytes are gone: an empty body */
    raw->data = xstrdup("");
    raw->len = 0;
    raw->utf8 = 0;
    return NULL;
  }
  /* The pieces are garbage now (the array is still on this stack: empty it). Collected at
   * once, their memory goes to what comes next, the parse of a JSON body (measured on a
   * 100 MB one: 40 MB less at the peak); for a few megabytes that is not worth a full
   * collection. */
  js_set(ctx, pieces, "length", JSValueMakeNumber(ctx, 0));
  if (len >= API_COLLECT_AFTER) JSSynchronousGarbageCollectForDebugging(ctx);
  return text;
}

/* Keeps `value` alive as long as the response, under a symbol of its own. */
static void hold(JSContextRef ctx, JSObjectRef r, JSValueRef value) {
  JSStringRef desc = JSStringCreateWithUTF8CString("sonde.body");
  JSValueRef key = JSValueMakeSymbol(ctx, desc);
  JSStringRelease(desc);
  JSObjectSetPropertyForKey(
      ctx, r, key, value,
      kJSPropertyAttributeReadOnly | kJSPropertyAttributeDontEnum | kJSPropertyAttributeDontDelete,
      NULL);
}

/* Whether a large body can become one string through big_text (cached in raw->utf8). */
static bool big_utf8(api_raw_t *raw) {
  if (raw->utf8 < 0)
    raw->utf8 = raw->data && raw->len < INT32_MAX &&
                (ascii_text(raw->data, raw->len) ||
                 (memcmp(raw->data, "\xEF\xBB\xBF", 3) != 0 && utf8_text(raw->data, raw->len)));
  return raw->utf8 == 1;
}

/* ---- the ApiResponse class ---- */

static void raw_finalize(JSObjectRef obj) {
  api_raw_t *raw = JSObjectGetPrivate(obj);
  if (!raw) return;
  free(raw->data);
  free(raw->ct);
  free(raw);
}

static api_raw_t *raw_of(JSContextRef ctx, JSObjectRef self, JSValueRef *exc);

static void free_bytes(void *bytes, void *ctx) { free(bytes); }

static JSObjectRef make_array_buffer(JSContextRef ctx, const char *data, size_t len) {
  void *copy = xmalloc(len ? len : 1);
  memcpy(copy, data, len);
  return JSObjectMakeArrayBufferWithBytesNoCopy(ctx, copy, len, free_bytes, NULL, NULL);
}

/* A promise settled with `value` (or rejected with `error` when it is not NULL). */
static JSValueRef settled(JSContextRef ctx, JSValueRef value, JSValueRef error, JSValueRef *exc) {
  return js_settled_promise(ctx, !error, error ? error : value, exc);
}

/* The bytes of a body whose data became an ArrayBuffer: that buffer's, as the spec may have
 * changed them (none once it is detached). */
static const char *buffer_bytes(JSContextRef ctx, const api_raw_t *raw, size_t *len) {
  JSValueRef exc = NULL;
  const char *p = JSObjectGetArrayBufferBytesPtr(ctx, raw->buffer, &exc);
  *len = p && !exc ? JSObjectGetArrayBufferByteLength(ctx, raw->buffer, &exc) : 0;
  return p && !exc && *len ? p : "";
}

/* The body as text: the string a large body is kept as (made now if need be), or decoded
 * from its bytes. NULL with *exc when the engine fails making it. */
static JSValueRef raw_text(JSContextRef ctx, api_raw_t *raw, JSValueRef *exc) {
  if (raw->text) return raw->text;
  if (raw->buffer) {
    size_t len;
    const char *bytes = buffer_bytes(ctx, raw, &len);
    return api_make_text(ctx, bytes, len);
  }
  if (!raw->box || !raw->textual || !big_utf8(raw)) return api_make_text(ctx, raw->data, raw->len);
  JSValueRef text = big_text(ctx, raw, exc);
  if (!text) return NULL;
  raw->text = text;
  js_set(ctx, raw->box, "text", text);
  return text;
}

/* The body's bytes as a new ArrayBuffer (a string body was UTF-8 without a BOM: its UTF-8 is
 * the bytes). */
static JSObjectRef raw_array_buffer(JSContextRef ctx, const api_raw_t *raw, JSValueRef *exc) {
  if (raw->buffer) {
    size_t len;
    const char *bytes = buffer_bytes(ctx, raw, &len);
    return make_array_buffer(ctx, bytes, len);
  }
  if (!raw->text) return make_array_buffer(ctx, raw->data, raw->len);
  size_t len = 0;
  char *bytes = js_to_utf8(ctx, raw->text, &len, exc);
  if (!bytes) return NULL;
  return JSObjectMakeArrayBufferWithBytesNoCopy(ctx, bytes, len, free_bytes, NULL, exc);
}

/* The rejection of text(), json(), bytes() and arrayBuffer() once the body is gone. */
static JSValueRef body_gone(JSContextRef ctx, const api_raw_t *raw, JSValueRef *exc) {
  char *msg = xasprintf(
      "the %zu-byte JSON body was parsed into data from its bytes and not "
      "kept (to bound memory); read text() before data to have both",
      raw->len);
  JSValueRef err = js_make_error(ctx, "TypeError", msg);
  free(msg);
  return settled(ctx, NULL, err, exc);
}

static JSValueRef r_text(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                         const JSValueRef argv[], JSValueRef *exc) {
  api_raw_t *raw = raw_of(ctx, self, exc);
  if (raw && raw->gone) return body_gone(ctx, raw, exc);
  JSValueRef text = raw ? raw_text(ctx, raw, exc) : NULL;
  return text ? settled(ctx, text, NULL, exc) : NULL;
}

/* JSON.parse(text): the value, or NULL with the SyntaxError in *err. */
static JSValueRef json_parse(JSContextRef ctx, JSValueRef text, JSValueRef *err) {
  JSValueRef json = js_get(ctx, JSContextGetGlobalObject(ctx), "JSON");
  return js_call(ctx, js_get(ctx, json, "parse"), json, 1, &text, err);
}

static JSValueRef r_json(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                         const JSValueRef argv[], JSValueRef *exc) {
  api_raw_t *raw = raw_of(ctx, self, exc);
  if (!raw) return NULL;
  if (raw->gone) return body_gone(ctx, raw, exc);
  JSValueRef text = raw_text(ctx, raw, exc);
  if (!text) return NULL;
  JSValueRef err = NULL;
  JSValueRef v = json_parse(ctx, text, &err);
  return settled(ctx, v, v ? NULL : err, exc);
}

static JSValueRef r_array_buffer(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                 const JSValueRef argv[], JSValueRef *exc) {
  api_raw_t *raw = raw_of(ctx, self, exc);
  if (raw && raw->gone) return body_gone(ctx, raw, exc);
  JSObjectRef buffer = raw ? raw_array_buffer(ctx, raw, exc) : NULL;
  return buffer ? settled(ctx, buffer, NULL, exc) : NULL;
}

static JSValueRef r_bytes(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                          const JSValueRef argv[], JSValueRef *exc) {
  api_raw_t *raw = raw_of(ctx, self, exc);
  if (raw && raw->gone) return body_gone(ctx, raw, exc);
  JSObjectRef buffer = raw ? raw_array_buffer(ctx, raw, exc) : NULL;
  if (!buffer) return NULL;
  JSObjectRef view =
      JSObjectMakeTypedArrayWithArrayBuffer(ctx, kJSTypedArrayTypeUint8Array, buffer, exc);
  return view ? settled(ctx, view, NULL, exc) : NULL;
}

static JSClassRef response_class(void) {
  static JSClassRef cls;
  if (!cls) {
    static const JSStaticFunction fns[] = {
        {"text", r_text, kJSPropertyAttributeDontEnum},
        {"json", r_json, kJSPropertyAttributeDontEnum},
        {"bytes", r_bytes, kJSPropertyAttributeDontEnum},
        {"arrayBuffer", r_array_buffer, kJSPropertyAttributeDontEnum},
        {NULL, NULL, 0},
    };
    JSClassDefinition def = kJSClassDefinitionEmpty;
    def.className = "ApiResponse";
    def.staticFunctions = fns;
    def.finalize = raw_finalize;
    cls = JSClassCreate(&def);
  }
  return cls;
}

static api_raw_t *raw_of(JSContextRef ctx, JSObjectRef self, JSValueRef *exc) {
  api_raw_t *raw =
      self && JSValueIsObjectOfClass(ctx, self, response_class()) ? JSObjectGetPrivate(self) : NULL;
  if (!raw) js_throw(ctx, exc, "TypeError", "Illegal invocation: not an ApiResponse");
  return raw;
}

/* response.data for a body of this Content-Type (see the top comment). */
static JSValueRef parse_data(JSContextRef ctx, const char *ct, const char *data, size_t len,
                             JSValueRef *parse_error) {
  if (len == 0) return JSValueMakeNull(ctx);
  if (media_is_json(ct)) {
    /* The common case (valid UTF-8, no BOM, valid JSON) parses in C without a JS call;
     * anything else goes through JSON.parse for its SyntaxError. */
    bool bom = len >= 3 && memcmp(data, "\xEF\xBB\xBF", 3) == 0;
    JSStringRef json = NULL;
    if (!bom) json = ascii_string(data, len);
    /* The body is NUL-terminated (http_response_t) and utf8_text rules out inner NULs. */
    if (!json && !bom && utf8_text(data, len)) json = JSStringCreateWithUTF8CString(data);
    if (json) {
      JSValueRef v = JSValueMakeFromJSONString(ctx, json);
      JSStringRelease(json);
      if (v) return v;
    }
    JSValueRef text = api_make_text(ctx, data, len);
    JSValueRef err = NULL;
    JSValueRef v = json_parse(ctx, text, &err);
    if (v) return v;
    *parse_error = err;
    return text;
  }
  if (media_is_text(ct) || (!ct && utf8_text(data, len))) return api_make_text(ctx, data, len);
  return make_array_buffer(ctx, data, len);
}

/* "Invalid JSON in a <type> body: <why>" for response.parseError. */
static JSValueRef parse_error_text(JSContextRef ctx, const char *ct, JSValueRef error) {
  char *why = js_value_to_utf8(ctx, js_get(ctx, error, "message"));
  char *msg = xasprintf("Invalid JSON in a %s body: %s", ct ? ct : "(no type)", why);
  JSValueRef v = js_make_string(ctx, msg);
  free(msg);
  free(why);
  return v;
}

/* ---- large bodies: data made when first read ---- */

/* Object.defineProperty(obj, name, descriptor). */
static void define(JSContextRef ctx, JSObjectRef obj, const char *name, JSObjectRef descriptor) {
  JSValueRef object = js_get(ctx, JSContextGetGlobalObject(ctx), "Object");
  JSValueRef args[3] = {obj, js_make_string(ctx, name), descriptor};
  JSValueRef exc = NULL; /* cannot throw: the properties are configurable and ours */
  js_call(ctx, js_get(ctx, object, "defineProperty"), object, 3, args, &exc);
}

static void delete_property(JSContextRef ctx, JSObjectRef obj, const char *name) {
  JSStringRef n = js_name_acquire(name);
  JSObjectDeleteProperty(ctx, obj, n, NULL); /* configurable and ours: cannot throw */
  JSStringRelease(n);
}

/* Makes `name` a plain property of the response, as on a small body's. */
static void define_value(JSContextRef ctx, JSObjectRef r, const char *name, JSValueRef value,
                         bool enumerable) {
  JSObjectRef d = JSObjectMake(ctx, NULL, NULL);
  js_set(ctx, d, "value", value);
  js_set(ctx, d, "writable", JSValueMakeBoolean(ctx, true));
  js_set(ctx, d, "enumerable", JSValueMakeBoolean(ctx, enumerable));
  js_set(ctx, d, "configurable", JSValueMakeBoolean(ctx, true));
  define(ctx, r, name, d);
}

/* Makes data (and parseError) of a large body (see the top comment) and puts them on the
 * response as plain properties in place of the accessors. */
static void big_make(JSContextRef ctx, JSObjectRef r, api_raw_t *raw) {
  raw->made = true;
  JSValueRef parse_error = NULL, data = NULL;
  if (raw->textual && big_utf8(raw) && !raw->text && raw->len >= API_RUNS_FROM &&
      media_is_json(raw->ct)) {
    data = api_json_runs(ctx, raw->data, raw->len, API_JSON_RUN, &parse_error);
    if (data || parse_error) { /* else invalid, or a scalar: untouched, parsed below */
      free(raw->data);
      raw->data = NULL;
      raw->gone = true;
      if (!data) data = JSValueMakeUndefined(ctx);
    }
  }
  if (data) {
    /* made above */
  } else if (raw->textual && big_utf8(raw)) {
    JSValueRef exc = NULL;
    JSValueRef text = raw_text(ctx, raw, &exc);
    if (!text) { /* the engine failed (out of memory): the body is gone, say so */
      parse_error = exc ? exc : js_make_error(ctx, "Error", "out of memory");
      text = js_make_string(ctx, "");
    }
    if (!parse_error && media_is_json(raw->ct)) data = json_parse(ctx, text, &parse_error);
    if (!data) data = text;
  } else if (!media_is_json(raw->ct) && !media_is_text(raw->ct)) {
    /* Bytes (parse_data's ArrayBuffer): the buffer takes the body's memory rather than a
     * copy of it, and text() and bytes() read it from there. */
    JSValueRef exc = NULL;
    JSObjectRef buffer =
        JSObjectMakeArrayBufferWithBytesNoCopy(ctx, raw->data, raw->len, free_bytes, NULL, &exc);
    if (buffer) {
      raw->data = NULL;
      raw->buffer = buffer;
      js_set(ctx, raw->box, "bytes", buffer);
      data = buffer;
    } else {
      data = parse_data(ctx, raw->ct, raw->data, raw->len, &parse_error);
    }
  } else {
    data = parse_data(ctx, raw->ct, raw->data, raw->len, &parse_error);
  }
  define_value(ctx, r, "data", data, true);
  if (parse_error)
    define_value(ctx, r, "parseError", parse_error_text(ctx, raw->ct, parse_error), true);
  else delete_property(ctx, r, "parseError");
}

static JSValueRef big_get(JSContextRef ctx, JSObjectRef self, const char *name, JSValueRef *exc) {
  api_raw_t *raw = raw_of(ctx, self, exc);
  if (!raw) return NULL;
  if (!raw->made) big_make(ctx, self, raw);
  return js_get(ctx, self, name);
}

static JSValueRef big_get_data(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  return big_get(ctx, self, "data", exc);
}

static JSValueRef big_get_parse_error(JSContextRef ctx, JSObjectRef f, JSObjectRef self,
                                      size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  return big_get(ctx, self, "parseError", exc);
}

/* response.data = value before it was read: the value replaces what would be made. */
static JSValueRef big_set_data(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  api_raw_t *raw = raw_of(ctx, self, exc);
  if (!raw) return NULL;
  raw->made = true;
  delete_property(ctx, self, "parseError");
  define_value(ctx, self, "data", argc ? argv[0] : JSValueMakeUndefined(ctx), true);
  return JSValueMakeUndefined(ctx);
}

/* data (enumerable, settable) and parseError (not enumerable until there is one) as
 * accessors that make them when first read. */
static void big_define(JSContextRef ctx, JSObjectRef r) {
  JSStringRef name = JSStringCreateWithUTF8CString("data");
  JSObjectRef get = JSObjectMakeFunctionWithCallback(ctx, name, big_get_data);
  JSObjectRef set = JSObjectMakeFunctionWithCallback(ctx, name, big_set_data);
  JSStringRelease(name);
  JSObjectRef d = JSObjectMake(ctx, NULL, NULL);
  js_set(ctx, d, "get", get);
  js_set(ctx, d, "set", set);
  js_set(ctx, d, "enumerable", JSValueMakeBoolean(ctx, true));
  js_set(ctx, d, "configurable", JSValueMakeBoolean(ctx, true));
  define(ctx, r, "data", d);
  name = JSStringCreateWithUTF8CString("parseError");
  get = JSObjectMakeFunctionWithCallback(ctx, name, big_get_parse_error);
  JSStringRelease(name);
  d = JSObjectMake(ctx, NULL, NULL);
  js_set(ctx, d, "get", get);
  js_set(ctx, d, "enumerable", JSValueMakeBoolean(ctx, false));
  js_set(ctx, d, "configurable", JSValueMakeBoolean(ctx, true));
  define(ctx, r, "parseError", d);
}

static const char *http_version_name(int v) {
  switch (v) {
  case 10: return "1.0";
  case 11: return "1.1";
  case 20: return "2";
  case 30: return "3";
  default: return "";
  }
}

/* The response's own fields. (A JS initialiser was tried: cheaper per response, but it
 * was compiled again in every realm, which cost more than it saved for spec files of
 * fewer than ~80 requests.) */
static void set_fields(JSContextRef ctx, JSObjectRef r, const api_exchange_info_t *info,
                       const http_response_t *res, JSObjectRef headers, JSValueRef data,
                       size_t size, double duration, const char *url, JSValueRef request) {
  js_set(ctx, r, "status", JSValueMakeNumber(ctx, (double)res->status));
  js_set(ctx, r, "statusText", js_make_string(ctx, res->status_text ? res->status_text : ""));
  js_set(ctx, r, "headers", headers);
  if (data) js_set(ctx, r, "data", data); /* NULL: made when read (big_define) */
  js_set(ctx, r, "ok", JSValueMakeBoolean(ctx, res->status >= 200 && res->status < 300));
  js_set(ctx, r, "duration", JSValueMakeNumber(ctx, duration));
  js_set(ctx, r, "size", JSValueMakeNumber(ctx, (double)size));
  js_set(ctx, r, "attempts", JSValueMakeNumber(ctx, info->attempts));
  js_set(ctx, r, "url", js_make_string(ctx, url));
  js_set(ctx, r, "redirected", JSValueMakeBoolean(ctx, res->redirects > 0));
  js_set(ctx, r, "httpVersion", js_make_string(ctx, http_version_name(res->http_version)));
  js_set(ctx, r, "request", request);
}

JSObjectRef api_response_new(JSContextRef ctx, const api_exchange_info_t *info,
                             http_response_t *res) {
  api_raw_t *raw = xcalloc(1, sizeof(*raw));
  raw->data = res->body;
  raw->len = res->body_len;
  res->body = xstrdup("");
  res->body_len = 0;

  JSObjectRef headers = api_headers_new(ctx);
  const char *ct = NULL;
  for (size_t i = 0; i < res->n_headers; i++) {
    api_headers_append(ctx, headers, res->headers[i].name, res->headers[i].value);
    if (!ct && strcasecmp(res->headers[i].name, "content-type") == 0) ct = res->headers[i].value;
  }
  bool big = raw->len >= API_BIG_BODY;
  JSObjectRef r = JSObjectMake(ctx, response_class(), raw);
  JSValueRef parse_error = NULL;
  JSValueRef data = NULL;
  if (big) {
    raw->box = JSObjectMake(ctx, NULL, NULL);
    raw->ct = ct ? xstrdup(ct) : NULL;
    raw->textual = media_is_json(ct) || media_is_text(ct) || !ct;
    raw->utf8 = -1;
    hold(ctx, r, raw->box);
  } else {
    data = parse_data(ctx, ct, raw->data, raw->len, &parse_error);
  }
  /* Whole milliseconds would hide the difference between a 0.3 ms and a 0.9 ms local
   * call; three decimals are what curl measures. */
  double duration = round(res->duration_ms * 1000) / 1000;
  const char *url = res->effective_url ? res->effective_url : info->url;
  JSValueRef request = info->request ? info->request : JSValueMakeUndefined(ctx);

  set_fields(ctx, r, info, res, headers, data, raw->len, duration, url, request);
  if (big) big_define(ctx, r);
  if (parse_error) js_set(ctx, r, "parseError", parse_error_text(ctx, ct, parse_error));
  return r;
}

bool api_response_body(JSContextRef ctx, JSValueRef v, const char **data, size_t *len) {
  if (!JSValueIsObjectOfClass(ctx, v, response_class())) return false;
  api_raw_t *raw = JSObjectGetPrivate((JSObjectRef)v);
  if (!raw || !raw->data) return false; /* a large body's bytes went to a string or buffer */
  *data = raw->data;
  *len = raw->len;
  return true;
}

/* ---- errors ---- */

JSObjectRef api_error_new(JSContextRef ctx, const api_exchange_info_t *info,
                          const http_response_t *res, JSObjectRef origin) {
  char *msg;
  const char *why = res->error_message ? res->error_message : "network error";
  /* A path with no base URL to join it to: say what to set, not libcurl's "bad URL". */
  bool relative = info->url && !strstr(info->url, "://");
  if (relative)
    why =
        "a relative URL needs a base URL: set baseUrl in the config (or apiRunner.baseUrl, "
        "or --baseUrl)";
  if (res->error == HTTP_ERR_TIMEOUT)
    msg = xasprintf("Request timeout after %gms: %s %s", info->timeout_ms, info->method, info->url);
  else if (info->attempts > 1)
    msg = xasprintf("%s %s failed after %d attempts: %s", info->method, info->url, info->attempts,
                    why);
  else msg = xasprintf("%s %s failed: %s", info->method, info->url, why);
  JSObjectRef e = origin;
  if (e) js_set(ctx, e, "message", js_make_string(ctx, msg));
  else e = js_make_error(ctx, "Error", msg);
  free(msg);
  js_set(ctx, e, "code",
         js_make_string(ctx, relative          ? "ERR_INVALID_URL"
                             : res->error_code ? res->error_code
                                               : "EUNKNOWN"));
  js_set(ctx, e, "attempts", JSValueMakeNumber(ctx, info->attempts));
  js_set(ctx, e, "method", js_make_string(ctx, info->method));
  js_set(ctx, e, "url", js_make_string(ctx, info->url));
  if (res->error == HTTP_ERR_TIMEOUT)
    js_set(ctx, e, "timeout", JSValueMakeNumber(ctx, info->timeout_ms));
  return e;
}

JSObjectRef api_abort_error_new(JSContextRef ctx, const char *method, const char *url,
                                JSValueRef reason) {
  JSObjectRef e = js_make_error(ctx, "Error", "This operation was aborted");
  js_set(ctx, e, "name", js_make_string(ctx, "AbortError"));
  js_set(ctx, e, "code", js_make_string(ctx, "ABORT_ERR"));
  js_set(ctx, e, "method", js_make_string(ctx, method));
  js_set(ctx, e, "url", js_make_string(ctx, url));
  if (reason && !JSValueIsUndefined(ctx, reason)) js_set(ctx, e, "cause", reason);
  return e;
}
