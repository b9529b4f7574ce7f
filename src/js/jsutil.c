#include "js/jsutil.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/json_text.h"
#include "common/sbuf.h"
#include "common/utf8.h"
#include "js/runtime_internal.h"

/* UTF-16 to UTF-8 as reports need it: a lone surrogate becomes U+FFFD (JSC's own converter
 * stops there, cutting the text), and a NUL becomes U+2400 (the visible "␀") when the
 * result is a C string, so that nothing downstream cuts it either; with `keep_nul` NULs stay
 * and the caller takes the length. */
static char *utf16_to_utf8(const JSChar *u, size_t n, bool keep_nul, size_t *len) {
  char *buf = xmalloc(n * 3 + 1), *p = buf;
  for (size_t i = 0; i < n; i++) {
    uint32_t c = u[i];
    if (c < 0x80) {
      if (c == 0 && !keep_nul) p += utf8_put((unsigned char *)p, 0x2400); /* "␀" */
      else *p++ = (char)c;
      continue;
    }
    if (c >= 0xD800 && c <= 0xDBFF && i + 1 < n && u[i + 1] >= 0xDC00 && u[i + 1] <= 0xDFFF) {
      c = 0x10000 + ((c - 0xD800) << 10) + (u[++i] - 0xDC00);
    } else if (c >= 0xD800 && c <= 0xDFFF) {
      c = 0xFFFD;
    }
    p += utf8_put((unsigned char *)p, c);
  }
  *p = '\0';
  if (len) *len = (size_t)(p - buf);
  return buf;
}

static char *string_to_utf8(JSStringRef s, bool keep_nul, size_t *len) {
  return utf16_to_utf8(JSStringGetCharactersPtr(s), JSStringGetLength(s), keep_nul, len);
}

char *js_string_to_utf8(JSStringRef s) { return string_to_utf8(s, false, NULL); }

char *js_string_to_utf8_len(JSStringRef s, size_t *len) { return string_to_utf8(s, true, len); }

/* UTF-8 to UTF-16, NULs included; a byte that starts no valid sequence becomes U+FFFD
 * (as TextDecoder does). */
JSStringRef js_string_create_utf8(const char *utf8, size_t len) {
  const unsigned char *p = (const unsigned char *)(utf8 ? utf8 : ""), *end = p + (utf8 ? len : 0);
  JSChar *u = xmalloc((len + 1) * sizeof(JSChar)), *q = u;
  while (p < end) {
    uint32_t c = *p;
    size_t n = c < 0x80                 ? 1
               : c >= 0xC2 && c <= 0xDF ? 2
               : c >= 0xE0 && c <= 0xEF ? 3
               : c >= 0xF0 && c <= 0xF4 ? 4
                                        : 0;
    bool ok = n > 0 && (size_t)(end - p) >= n;
    if (ok && n > 1) {
      c &= 0x7F >> n;
      for (size_t i = 1; i < n && ok; i++) {
        ok = (p[i] & 0xC0) == 0x80;
        c = (c << 6) | (p[i] & 0x3F);
      }
      /* Overlong forms, surrogates and values past U+10FFFF are not UTF-8. */
      ok = ok && !(n == 3 && (c < 0x800 || (c >= 0xD800 && c <= 0xDFFF))) &&
           !(n == 4 && (c < 0x10000 || c > 0x10FFFF));
    }
    if (!ok) {
      *q++ = 0xFFFD;
      p++;
      continue;
    }
    p += n;
    if (c >= 0x10000) {
      *q++ = (JSChar)(0xD800 + ((c - 0x10000) >> 10));
      *q++ = (JSChar)(0xDC00 + ((c - 0x10000) & 0x3FF));
    } else {
      *q++ = (JSChar)c;
    }
  }
  JSStringRef s = JSStringCreateWithCharacters(u, (size_t)(q - u));
  free(u);
  return s;
}

char *js_value_to_utf8_len(JSContextRef ctx, JSValueRef v, size_t *len) {
  JSValueRef exc = NULL;
  JSStringRef s = JSValueToStringCopy(ctx, v, &exc);
  if (!s) {
    if (len) *len = 0;
    return xstrdup("");
  }
  char *buf = string_to_utf8(s, len != NULL, len);
  JSStringRelease(s);
  return buf;
}

char *js_value_to_utf8(JSContextRef ctx, JSValueRef v) {
  return js_value_to_utf8_len(ctx, v, NULL);
}

JSValueRef js_make_string(JSContextRef ctx, const char *utf8) {
  JSStringRef s = JSStringCreateWithUTF8CString(utf8 ? utf8 : "");
  JSValueRef v = JSValueMakeString(ctx, s);
  JSStringRelease(s);
  return v;
}

JSValueRef js_make_string_len(JSContextRef ctx, const char *utf8, size_t len) {
  /* JSStringCreateWithUTF8CString would stop at a NUL. */
  JSStringRef s = js_string_create_utf8(utf8, len);
  JSValueRef v = JSValueMakeString(ctx, s);
  JSStringRelease(s);
  return v;
}

/* ---- property names ----
 *
 * Every js_get/js_set used to create and release a JSStringRef from the C name: a UTF-8
 * to UTF-16 conversion and two allocations, about a quarter of a property access from C.
 * Names are few and repeat (status, headers, then ...), so each is made once and kept
 * for the life of the process in a small open-addressing table; a name that does not fit
 * (more than NAME_SLOTS / 2 distinct names) is made per use as before. */
#define NAME_SLOTS 2048

typedef struct {
  char *key;
  JSStringRef name;
} js_name_slot_t;

static js_name_slot_t name_table[NAME_SLOTS];
static size_t name_count;

static uint32_t name_hash(const char *s) {
  uint32_t h = 2166136261u;
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 16777619u;
  return h;
}

/* The cached name, or NULL when the table is full (the caller makes its own). */
static JSStringRef name_lookup(const char *name) {
  uint32_t i = name_hash(name) & (NAME_SLOTS - 1);
  for (;; i = (i + 1) & (NAME_SLOTS - 1)) {
    js_name_slot_t *slot = &name_table[i];
    if (!slot->key) break;
    if (strcmp(slot->key, name) == 0) return slot->name;
  }
  if (name_count >= NAME_SLOTS / 2) return NULL;
  name_table[i].key = xstrdup(name);
  name_table[i].name = JSStringCreateWithUTF8CString(name);
  name_count++;
  return name_table[i].name;
}

JSStringRef js_name_acquire(const char *name) {
  if (!name) name = ""; /* as JSStringCreateWithUTF8CString takes NULL */
  JSStringRef n = name_lookup(name);
  return n ? JSStringRetain(n) : JSStringCreateWithUTF8CString(name);
}

void js_names_free(void) {
  for (size_t i = 0; i < NAME_SLOTS; i++) {
    if (!name_table[i].key) continue;
    free(name_table[i].key);
    JSStringRelease(name_table[i].name);
    name_table[i].key = NULL;
  }
  name_count = 0;
}

JSValueRef js_get(JSContextRef ctx, JSValueRef obj, const char *name) {
  if (!obj || !JSValueIsObject(ctx, obj)) return JSValueMakeUndefined(ctx);
  JSStringRef n = js_name_acquire(name);
  JSValueRef exc = NULL;
  JSValueRef v = JSObjectGetProperty(ctx, (JSObjectRef)obj, n, &exc);
  JSStringRelease(n);
  return (v && !exc) ? v : JSValueMakeUndefined(ctx);
}

static void set_with(JSContextRef ctx, JSObjectRef obj, const char *name, JSValueRef v,
                     JSPropertyAttributes attributes) {
  JSStringRef n = js_name_acquire(name);
  JSObjectSetProperty(ctx, obj, n, v, attributes, NULL);
  JSStringRelease(n);
}

void js_set(JSContextRef ctx, JSObjectRef obj, const char *name, JSValueRef v) {
  set_with(ctx, obj, name, v, kJSPropertyAttributeNone);
}

void js_set_hidden(JSContextRef ctx, JSObjectRef obj, const char *name, JSValueRef v) {
  set_with(ctx, obj, name, v, kJSPropertyAttributeDontEnum | kJSPropertyAttributeReadOnly);
}

JSObjectRef js_set_function(JSContextRef ctx, JSObjectRef obj, const char *name,
                            JSObjectCallAsFunctionCallback fn) {
  JSStringRef n = js_name_acquire(name);
  JSObjectRef f = JSObjectMakeFunctionWithCallback(ctx, n, fn);
  JSObjectSetProperty(ctx, obj, n, f, kJSPropertyAttributeDontEnum, NULL);
  JSStringRelease(n);
  return f;
}

bool js_is_function(JSContextRef ctx, JSValueRef v) {
  return v && JSValueIsObject(ctx, v) && JSObjectIsFunction(ctx, (JSObjectRef)v);
}

bool js_is_thenable(JSContextRef ctx, JSValueRef v) {
  return v && JSValueIsObject(ctx, v) && js_is_function(ctx, js_get(ctx, v, "then"));
}

char *js_get_string(JSContextRef ctx, JSValueRef obj, const char *name) {
  JSValueRef v = js_get(ctx, obj, name);
  if (JSValueIsUndefined(ctx, v) || JSValueIsNull(ctx, v)) return NULL;
  return js_value_to_utf8(ctx, v);
}

double js_get_number(JSContextRef ctx, JSValueRef obj, const char *name, double fallback) {
  JSValueRef v = js_get(ctx, obj, name);
  if (!JSValueIsNumber(ctx, v)) return fallback;
  return JSValueToNumber(ctx, v, NULL);
}

JSObjectRef js_make_error(JSContextRef ctx, const char *ctor, const char *message) {
  JSValueRef arg = js_make_string(ctx, message);
  if (!ctor || strcmp(ctor, "Error") == 0) return JSObjectMakeError(ctx, 1, &arg, NULL);
  JSValueRef c = js_get(ctx, JSContextGetGlobalObject(ctx), ctor);
  if (!JSValueIsObject(ctx, c)) return JSObjectMakeError(ctx, 1, &arg, NULL);
  JSObjectRef e = JSObjectCallAsConstructor(ctx, (JSObjectRef)c, 1, &arg, NULL);
  return e ? e : JSObjectMakeError(ctx, 1, &arg, NULL);
}

JSValueRef js_throw(JSContextRef ctx, JSValueRef *exception, const char *ctor, const char *fmt,
                    ...) {
  sbuf_t b = SBUF_INIT;
  va_list ap;
  va_start(ap, fmt);
  sbuf_vprintf(&b, fmt, ap);
  va_end(ap);
  if (exception) *exception = js_make_error(ctx, ctor, sbuf_cstr(&b));
  sbuf_free(&b);
  return JSValueMakeUndefined(ctx);
}

JSValueRef js_from_json(JSContextRef ctx, const json_t *json) {
  if (!json) return JSValueMakeUndefined(ctx);
  char *text = json_dumps(json, JSON_COMPACT | JSON_ENCODE_ANY);
  if (!text) return JSValueMakeUndefined(ctx);
  JSStringRef s = JSStringCreateWithUTF8CString(text);
  free(text);
  JSValueRef v = JSValueMakeFromJSONString(ctx, s);
  JSStringRelease(s);
  return v ? v : JSValueMakeUndefined(ctx);
}

static int hex_value(const char *p) {
  int v = 0;
  for (int i = 0; i < 4; i++) {
    char c = p[i];
    int d = c >= '0' && c <= '9'   ? c - '0'
            : c >= 'a' && c <= 'f' ? c - 'a' + 10
            : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                   : -1;
    if (d < 0) return -1;
    v = v * 16 + d;
  }
  return v;
}

/* JSON.stringify writes a lone surrogate as "\ud800", which jansson refuses (the whole value
 * would be lost): each becomes "\ufffd", as a lone surrogate does everywhere else. */
static void replace_lone_surrogates(char *text) {
  for (char *p = text; *p; p++) {
    if (*p != '\\') continue;
    if (p[1] != 'u') {
      if (p[1]) p++; /* "\\", "\"": the escaped character is not the start of another */
      continue;
    }
    int u = hex_value(p + 2);
    if (u >= 0xD800 && u <= 0xDBFF && p[6] == '\\' && p[7] == 'u') {
      int lo = hex_value(p + 8);
      if (lo >= 0xDC00 && lo <= 0xDFFF) {
        p += 11; /* a pair */
        continue;
      }
    }
    if (u >= 0xD800 && u <= 0xDFFF) memcpy(p + 2, "fffd", 4);
    if (u >= 0) p += 5;
  }
}

json_t *js_to_json(JSContextRef ctx, JSValueRef v) {
  JSValueRef exc = NULL;
  JSStringRef s = JSValueCreateJSONString(ctx, v, 0, &exc);
  if (!s) return NULL;
  char *text = js_string_to_utf8(s);
  JSStringRelease(s);
  replace_lone_surrogates(text);
  /* JSON.stringify writes 1e20 with all its digits: a number, not a failure */
  json_t *j = json_text_load(text, strlen(text), JSON_DECODE_ANY | JSON_ALLOW_NUL, NULL);
  free(text);
  return j;
}

JSValueRef js_eval(JSContextRef ctx, const char *src, const char *file, int line,
                   JSValueRef *exception) {
  JSStringRef script = JSStringCreateWithUTF8CString(src);
  JSStringRef url = file ? JSStringCreateWithUTF8CString(file) : NULL;
  JSValueRef exc = NULL;
  JSValueRef v = JSEvaluateScript(ctx, script, NULL, url, line, &exc);
  JSStringRelease(script);
  if (url) JSStringRelease(url);
  if (exc) {
    if (exception) *exception = exc;
    return NULL;
  }
  return v;
}

JSValueRef js_call(JSContextRef ctx, JSValueRef fn, JSValueRef this_obj, size_t argc,
                   const JSValueRef argv[], JSValueRef *exception) {
  if (!js_is_function(ctx, fn)) {
    if (exception) *exception = js_make_error(ctx, "TypeError", "value is not a function");
    return NULL;
  }
  JSObjectRef self = (this_obj && JSValueIsObject(ctx, this_obj)) ? (JSObjectRef)this_obj : NULL;
  JSValueRef exc = NULL;
  JSValueRef v = JSObjectCallAsFunction(ctx, (JSObjectRef)fn, self, argc, argv, &exc);
  if (exc) {
    if (exception) *exception = exc;
    return NULL;
  }
  return v;
}

JSObjectRef js_settled_promise(JSContextRef ctx, bool ok, JSValueRef v, JSValueRef *exception) {
  JSObjectRef resolve, reject;
  JSObjectRef promise = JSObjectMakeDeferredPromise(ctx, &resolve, &reject, exception);
  if (!promise) return NULL;
  if (!v) v = JSValueMakeUndefined(ctx);
  if (!js_call(ctx, ok ? resolve : reject, NULL, 1, &v, exception)) return NULL;
  return promise;
}

void js_error_info(JSContextRef ctx, JSValueRef err, js_error_info_t *out) {
  memset(out, 0, sizeof(*out));
  if (err && JSValueIsObject(ctx, err)) {
    out->name = js_get_string(ctx, err, "name");
    out->message = js_get_string(ctx, err, "message");
    out->stack = js_get_string(ctx, err, "stack");
    out->line = (int)js_get_number(ctx, err, "line", 0);
    out->column = (int)js_get_number(ctx, err, "column", 0);
    out->source_url = js_get_string(ctx, err, "sourceURL");
    if (!out->message && !out->name) out->message = js_value_to_utf8(ctx, err);
  } else {
    out->message = err ? js_value_to_utf8(ctx, err) : xstrdup("undefined");
  }
}

void js_error_info_free(js_error_info_t *info) {
  free(info->name);
  free(info->message);
  free(info->stack);
  free(info->source_url);
  memset(info, 0, sizeof(*info));
}

typedef struct {
  js_closure_fn fn;
  void *data;
  void (*free_data)(void *);
  int *shared_refs; /* non-NULL when two closures share data (js_then) */
} closure_t;

static JSValueRef closure_call(JSContextRef ctx, JSObjectRef function, JSObjectRef this_obj,
                               size_t argc, const JSValueRef argv[], JSValueRef *exception) {
  closure_t *c = JSObjectGetPrivate(function);
  if (!c) return JSValueMakeUndefined(ctx);
  JSValueRef r = c->fn(ctx, c->data, this_obj, argc, argv, exception);
  return r ? r : JSValueMakeUndefined(ctx);
}

static void closure_finalize(JSObjectRef obj) {
  closure_t *c = JSObjectGetPrivate(obj);
  if (!c) return;
  bool last = true;
  if (c->shared_refs) {
    last = --*c->shared_refs == 0;
    if (last) free(c->shared_refs);
  }
  if (last && c->free_data) c->free_data(c->data);
  free(c);
}

static JSClassRef closure_class(void) {
  static JSClassRef cls;
  if (!cls) {
    JSClassDefinition def = kJSClassDefinitionEmpty;
    def.className = "Function";
    def.callAsFunction = closure_call;
    def.finalize = closure_finalize;
    cls = JSClassCreate(&def);
  }
  return cls;
}

/* Closures must look like functions (call, apply, bind). Giving each one Function.prototype
 * as its prototype made a new object shape per closure; instead the class's own prototype
 * object, shared by the realm's closures, inherits from Function.prototype, set up once
 * per realm (per closure where there is no realm). */
static JSObjectRef make_closure(JSContextRef ctx, closure_t *c) {
  JSObjectRef f = JSObjectMake(ctx, closure_class(), c);
  js_realm_t *realm = js_realm_from_context(ctx);
  if (!realm || !realm->closures_ready) {
    JSValueRef fproto =
        js_get(ctx, js_get(ctx, JSContextGetGlobalObject(ctx), "Function"), "prototype");
    JSValueRef shared = JSObjectGetPrototype(ctx, f);
    if (realm && JSValueIsObject(ctx, shared)) {
      JSObjectSetPrototype(ctx, (JSObjectRef)shared, fproto);
      realm->closures_ready = true;
    } else {
      JSObjectSetPrototype(ctx, f, fproto);
    }
  }
  return f;
}

/* `name` is not set: a put of "name" on the closure fails, Function.prototype.name being
 * read-only and inherited, so closures have always been anonymous ([Function
 * (anonymous)]); trying cost ~4 k instructions a closure, ~35 closures a spec file. */
JSObjectRef js_make_closure(JSContextRef ctx, const char *name, js_closure_fn fn, void *data,
                            void (*free_data)(void *)) {
  closure_t *c = xcalloc(1, sizeof(*c));
  c->fn = fn;
  c->data = data;
  c->free_data = free_data;
  return make_closure(ctx, c);
}

bool js_then(JSContextRef ctx, JSValueRef thenable, js_closure_fn on_ok, js_closure_fn on_err,
             void *data, void (*free_data)(void *), JSValueRef *exception) {
  int *refs = xmalloc(sizeof(int));
  *refs = 2;
  closure_t *a = xcalloc(1, sizeof(*a));
  closure_t *b = xcalloc(1, sizeof(*b));
  *a = (closure_t){on_ok, data, free_data, refs};
  *b = (closure_t){on_err, data, free_data, refs};
  JSValueRef args[2] = {make_closure(ctx, a), make_closure(ctx, b)};
  JSValueRef then = js_get(ctx, thenable, "then");
  return js_call(ctx, then, thenable, 2, args, exception) != NULL;
}

JSObjectRef js_make_array(JSContextRef ctx, size_t n, const JSValueRef *items) {
  return JSObjectMakeArray(ctx, n, items, NULL);
}

const char *js_describe_type(JSContextRef ctx, JSValueRef v) {
  switch (JSValueGetType(ctx, v)) {
  case kJSTypeUndefined: return "undefined";
  case kJSTypeNull: return "null";
  case kJSTypeBoolean: return "boolean";
  case kJSTypeNumber: return "number";
  case kJSTypeString: return "string";
  case kJSTypeSymbol: return "symbol";
  case kJSTypeBigInt: return "bigint";
  default:
    if (JSValueIsArray(ctx, v)) return "array";
    return js_is_function(ctx, v) ? "function" : "object";
  }
}

JSObjectRef js_make_string_array(JSContextRef ctx, char *const *list, size_t n) {
  JSValueRef *items = xmalloc((n + 1) * sizeof(JSValueRef));
  for (size_t i = 0; i < n; i++) items[i] = js_make_string(ctx, list[i]);
  JSObjectRef arr = js_make_array(ctx, n, items);
  free(items);
  return arr;
}

size_t js_array_length(JSContextRef ctx, JSValueRef arr) {
  double n = js_get_number(ctx, arr, "length", 0);
  return n > 0 ? (size_t)n : 0;
}

JSValueRef js_array_get(JSContextRef ctx, JSValueRef arr, unsigned index) {
  if (!JSValueIsObject(ctx, arr)) return JSValueMakeUndefined(ctx);
  JSValueRef v = JSObjectGetPropertyAtIndex(ctx, (JSObjectRef)arr, index, NULL);
  return v ? v : JSValueMakeUndefined(ctx);
}
