/* headers: the Headers object of responses and request configs, as in fetch: names match
 * whatever their case and read back lower-case (iteration, toJSON), get() joins repeated
 * values with ", ", iteration yields [name, value] pairs in insertion order. The list keeps
 * each name as it was given, so that a header an interceptor sets goes on the wire and into
 * logs, failure dumps and HAR files as the user wrote it ("X-Trace-ID", not "x-trace-id").
 * The list lives in the object's private data and is freed by the finalizer. Also the
 * C-side header lists (api_hlist_t, api_internal.h) the client merges default and
 * per-request headers in, and their conversions to and from JS. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "api/api_internal.h"
#include "common/sbuf.h"
#include "js/jsutil.h"

/* The Headers object's list: the same storage as api_hlist_t (names as given), with
 * repeated names kept (append), as fetch's Headers does. */
typedef api_hlist_t header_list_t;

static char *lower_dup(const char *s) {
  char *d = xstrdup(s);
  for (char *p = d; *p; p++) *p = (char)tolower((unsigned char)*p);
  return d;
}

/* Appends a pair, taking `name`. */
static void hlist_push(api_hlist_t *h, char *name, const char *value) {
  if (h->len == h->cap) {
    h->cap = h->cap ? h->cap * 2 : 8;
    h->names = xrealloc(h->names, h->cap * sizeof(char *));
    h->values = xrealloc(h->values, h->cap * sizeof(char *));
  }
  h->names[h->len] = name;
  h->values[h->len] = xstrdup(value);
  h->len++;
}

static void list_append(header_list_t *l, const char *name, const char *value) {
  hlist_push(l, xstrdup(name), value);
}

static void headers_finalize(JSObjectRef obj) {
  header_list_t *l = JSObjectGetPrivate(obj);
  if (!l) return;
  api_hlist_free(l);
  free(l);
}

static header_list_t *list_of(JSContextRef ctx, JSObjectRef self, JSValueRef *exc) {
  header_list_t *l = self ? JSObjectGetPrivate(self) : NULL;
  if (!l) js_throw(ctx, exc, "TypeError", "Illegal invocation: not a Headers object");
  return l;
}

/* The name argument as given (compared without case); a toString() that throws sets *exc. */
static char *name_arg(JSContextRef ctx, size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  return argc ? api_to_utf8(ctx, argv[0], NULL, exc) : xstrdup("");
}

static JSValueRef h_get(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                        const JSValueRef argv[], JSValueRef *exc) {
  header_list_t *l = list_of(ctx, self, exc);
  if (!l) return NULL;
  char *name = name_arg(ctx, argc, argv, exc);
  if (*exc) {
    free(name);
    return NULL;
  }
  sbuf_t b = SBUF_INIT;
  bool found = false;
  for (size_t i = 0; i < l->len; i++) {
    if (strcasecmp(l->names[i], name) != 0) continue;
    if (found) sbuf_puts(&b, ", ");
    sbuf_puts(&b, l->values[i]);
    found = true;
  }
  free(name);
  JSValueRef r = found ? js_make_string(ctx, sbuf_cstr(&b)) : JSValueMakeNull(ctx);
  sbuf_free(&b);
  return r;
}

static JSValueRef h_has(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                        const JSValueRef argv[], JSValueRef *exc) {
  header_list_t *l = list_of(ctx, self, exc);
  if (!l) return NULL;
  char *name = name_arg(ctx, argc, argv, exc);
  if (*exc) {
    free(name);
    return NULL;
  }
  bool found = false;
  for (size_t i = 0; i < l->len && !found; i++) found = strcasecmp(l->names[i], name) == 0;
  free(name);
  return JSValueMakeBoolean(ctx, found);
}

static JSValueRef h_set(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                        const JSValueRef argv[], JSValueRef *exc) {
  header_list_t *l = list_of(ctx, self, exc);
  if (!l) return NULL;
  char *name = name_arg(ctx, argc, argv, exc);
  char *value = argc > 1 ? api_to_utf8(ctx, argv[1], NULL, exc) : xstrdup("");
  if (*exc) {
    free(name);
    free(value);
    return NULL;
  }
  api_hlist_del(l, name);
  list_append(l, name, value);
  free(name);
  free(value);
  return JSValueMakeUndefined(ctx);
}

static JSValueRef h_append(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                           const JSValueRef argv[], JSValueRef *exc) {
  header_list_t *l = list_of(ctx, self, exc);
  if (!l) return NULL;
  char *name = name_arg(ctx, argc, argv, exc);
  char *value = argc > 1 ? api_to_utf8(ctx, argv[1], NULL, exc) : xstrdup("");
  if (*exc) {
    free(name);
    free(value);
    return NULL;
  }
  list_append(l, name, value);
  free(name);
  free(value);
  return JSValueMakeUndefined(ctx);
}

static JSValueRef h_delete(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                           const JSValueRef argv[], JSValueRef *exc) {
  header_list_t *l = list_of(ctx, self, exc);
  if (!l) return NULL;
  char *name = name_arg(ctx, argc, argv, exc);
  if (*exc) {
    free(name);
    return NULL;
  }
  api_hlist_del(l, name);
  free(name);
  return JSValueMakeUndefined(ctx);
}

/* Pairs, names, or values as a JS array; joined like get() for repeated names. Names are
 * lower-case as fetch shows them, or (`as_given`, for the request itself) as first given. */
typedef enum { ITER_ENTRIES, ITER_KEYS, ITER_VALUES } iter_kind_t;

static JSObjectRef to_array_cased(JSContextRef ctx, header_list_t *l, iter_kind_t kind,
                                  bool as_given) {
  JSValueRef *items = xmalloc((l->len + 1) * sizeof(JSValueRef));
  size_t n = 0;
  for (size_t i = 0; i < l->len; i++) {
    bool seen = false;
    for (size_t j = 0; j < i && !seen; j++) seen = strcasecmp(l->names[j], l->names[i]) == 0;
    if (seen) continue;
    sbuf_t v = SBUF_INIT;
    for (size_t j = i; j < l->len; j++) {
      if (strcasecmp(l->names[j], l->names[i]) != 0) continue;
      if (v.len) sbuf_puts(&v, ", ");
      sbuf_puts(&v, l->values[j]);
    }
    char *lower = as_given ? NULL : lower_dup(l->names[i]);
    JSValueRef name = js_make_string(ctx, lower ? lower : l->names[i]);
    free(lower);
    JSValueRef value = js_make_string(ctx, sbuf_cstr(&v));
    sbuf_free(&v);
    if (kind == ITER_KEYS) items[n++] = name;
    else if (kind == ITER_VALUES) items[n++] = value;
    else {
      JSValueRef pair[2] = {name, value};
      items[n++] = js_make_array(ctx, 2, pair);
    }
  }
  JSObjectRef arr = js_make_array(ctx, n, items);
  free(items);
  return arr;
}

static JSObjectRef to_array(JSContextRef ctx, header_list_t *l, iter_kind_t kind) {
  return to_array_cased(ctx, l, kind, false);
}

static JSValueRef array_iterator(JSContextRef ctx, JSObjectRef arr, JSValueRef *exc) {
  JSValueRef values = js_get(ctx, arr, "values");
  return js_call(ctx, values, arr, 0, NULL, exc);
}

#define ITER_FN(fname, kind)                                                              \
  static JSValueRef fname(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc, \
                          const JSValueRef argv[], JSValueRef *exc) {                     \
    header_list_t *l = list_of(ctx, self, exc);                                           \
    if (!l) return NULL;                                                                  \
    return array_iterator(ctx, to_array(ctx, l, kind), exc);                              \
  }
ITER_FN(h_entries, ITER_ENTRIES)
ITER_FN(h_keys, ITER_KEYS)
ITER_FN(h_values, ITER_VALUES)

static JSValueRef h_for_each(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                             const JSValueRef argv[], JSValueRef *exc) {
  header_list_t *l = list_of(ctx, self, exc);
  if (!l) return NULL;
  if (argc < 1 || !js_is_function(ctx, argv[0]))
    return js_throw(ctx, exc, "TypeError", "forEach expects a function");
  JSObjectRef pairs = to_array(ctx, l, ITER_ENTRIES);
  size_t n = js_array_length(ctx, pairs);
  for (size_t i = 0; i < n; i++) {
    JSValueRef pair = js_array_get(ctx, pairs, (unsigned)i);
    JSValueRef args[3] = {js_array_get(ctx, pair, 1), js_array_get(ctx, pair, 0), self};
    if (!js_call(ctx, argv[0], argc > 1 ? argv[1] : NULL, 3, args, exc)) return NULL;
  }
  return JSValueMakeUndefined(ctx);
}

/* Plain object for JSON.stringify and console output. */
static JSValueRef h_to_json(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                            const JSValueRef argv[], JSValueRef *exc) {
  header_list_t *l = list_of(ctx, self, exc);
  if (!l) return NULL;
  JSObjectRef obj = JSObjectMake(ctx, NULL, NULL);
  JSObjectRef pairs = to_array(ctx, l, ITER_ENTRIES);
  size_t n = js_array_length(ctx, pairs);
  for (size_t i = 0; i < n; i++) {
    JSValueRef pair = js_array_get(ctx, pairs, (unsigned)i);
    char *name = js_value_to_utf8(ctx, js_array_get(ctx, pair, 0));
    js_set(ctx, obj, name, js_array_get(ctx, pair, 1));
    free(name);
  }
  return obj;
}

static JSClassRef headers_class(void) {
  static JSClassRef cls;
  if (!cls) {
    static const JSStaticFunction fns[] = {
        {"get", h_get, kJSPropertyAttributeDontEnum},
        {"has", h_has, kJSPropertyAttributeDontEnum},
        {"set", h_set, kJSPropertyAttributeDontEnum},
        {"append", h_append, kJSPropertyAttributeDontEnum},
        {"delete", h_delete, kJSPropertyAttributeDontEnum},
        {"forEach", h_for_each, kJSPropertyAttributeDontEnum},
        {"entries", h_entries, kJSPropertyAttributeDontEnum},
        {"keys", h_keys, kJSPropertyAttributeDontEnum},
        {"values", h_values, kJSPropertyAttributeDontEnum},
        {"toJSON", h_to_json, kJSPropertyAttributeDontEnum},
        {NULL, NULL, 0},
    };
    JSClassDefinition def = kJSClassDefinitionEmpty;
    def.className = "Headers";
    def.staticFunctions = fns;
    def.finalize = headers_finalize;
    cls = JSClassCreate(&def);
  }
  return cls;
}

JSObjectRef api_headers_new(JSContextRef ctx) {
  header_list_t *l = xcalloc(1, sizeof(*l));
  JSObjectRef obj = JSObjectMake(ctx, headers_class(), l);
  /* Iteration (for…of, spread) needs Symbol.iterator on the class prototype, which the
   * static-function table cannot name: add it once per realm (the binding remembers; a
   * realm without one, the config's, checks every time). */
  api_binding_t *b = api_binding_of(ctx);
  if (b && b->headers_iterable) return obj;
  if (b) b->headers_iterable = true;
  JSValueRef proto = JSObjectGetPrototype(ctx, obj);
  JSValueRef sym = js_get(ctx, js_get(ctx, JSContextGetGlobalObject(ctx), "Symbol"), "iterator");
  if (JSValueIsObject(ctx, proto) &&
      !JSObjectHasPropertyForKey(ctx, (JSObjectRef)proto, sym, NULL)) {
    JSValueRef entries = js_get(ctx, proto, "entries");
    JSObjectSetPropertyForKey(ctx, (JSObjectRef)proto, sym, entries, kJSPropertyAttributeDontEnum,
                              NULL);
  }
  return obj;
}

void api_headers_append(JSContextRef ctx, JSObjectRef headers, const char *name,
                        const char *value) {
  header_list_t *l = JSObjectGetPrivate(headers);
  if (l) list_append(l, name, value);
}

/* ---- api_hlist_t ---- */

void api_hlist_set(api_hlist_t *h, const char *name, const char *value) {
  for (size_t i = 0; i < h->len; i++) {
    if (strcasecmp(h->names[i], name) == 0) {
      free(h->values[i]);
      h->values[i] = xstrdup(value);
      return;
    }
  }
  hlist_push(h, xstrdup(name), value);
}

const char *api_hlist_get(const api_hlist_t *h, const char *name) {
  for (size_t i = 0; i < h->len; i++)
    if (strcasecmp(h->names[i], name) == 0) return h->values[i];
  return NULL;
}

void api_hlist_del(api_hlist_t *h, const char *name) {
  size_t out = 0;
  for (size_t i = 0; i < h->len; i++) {
    if (strcasecmp(h->names[i], name) == 0) {
      free(h->names[i]);
      free(h->values[i]);
      continue;
    }
    h->names[out] = h->names[i];
    h->values[out] = h->values[i];
    out++;
  }
  h->len = out;
}

void api_hlist_copy(api_hlist_t *dst, const api_hlist_t *src) {
  memset(dst, 0, sizeof(*dst));
  for (size_t i = 0; i < src->len; i++) api_hlist_set(dst, src->names[i], src->values[i]);
}

void api_hlist_free(api_hlist_t *h) {
  for (size_t i = 0; i < h->len; i++) {
    free(h->names[i]);
    free(h->values[i]);
  }
  free(h->names);
  free(h->values);
  memset(h, 0, sizeof(*h));
}

JSValueRef api_prop(JSContextRef ctx, JSValueRef obj, const char *name, JSValueRef *exc) {
  if (*exc || !obj || !JSValueIsObject(ctx, obj)) return JSValueMakeUndefined(ctx);
  JSStringRef n = js_name_acquire(name); /* cached, as js_get's */
  JSValueRef v = JSObjectGetProperty(ctx, (JSObjectRef)obj, n, exc);
  JSStringRelease(n);
  return v && !*exc ? v : JSValueMakeUndefined(ctx);
}

char *api_to_utf8(JSContextRef ctx, JSValueRef v, size_t *len, JSValueRef *exc) {
  JSStringRef s = *exc ? NULL : JSValueToStringCopy(ctx, v, exc);
  if (!s) {
    if (len) *len = 0;
    return xstrdup("");
  }
  size_t max = JSStringGetMaximumUTF8CStringSize(s);
  char *buf = xmalloc(max);
  size_t n = JSStringGetUTF8CString(s, buf, max);
  JSStringRelease(s);
  if (len) *len = n ? n - 1 : 0;
  return buf;
}

void api_hlist_from_js(JSContextRef ctx, api_hlist_t *h, JSValueRef v, JSValueRef *exc) {
  if (*exc || !v || !JSValueIsObject(ctx, v)) return;
  if (JSValueIsObjectOfClass(ctx, v, headers_class())) {
    header_list_t *l = JSObjectGetPrivate((JSObjectRef)v);
    /* Repeated names become one header with the values joined, as get() shows them; each
     * name as it was first given. */
    JSObjectRef pairs = to_array_cased(ctx, l, ITER_ENTRIES, true);
    size_t n = js_array_length(ctx, pairs);
    for (size_t i = 0; i < n; i++) {
      JSValueRef pair = js_array_get(ctx, pairs, (unsigned)i);
      char *name = js_value_to_utf8(ctx, js_array_get(ctx, pair, 0));
      char *value = js_value_to_utf8(ctx, js_array_get(ctx, pair, 1));
      api_hlist_set(h, name, value);
      free(name);
      free(value);
    }
    return;
  }
  JSPropertyNameArrayRef names = JSObjectCopyPropertyNames(ctx, (JSObjectRef)v);
  size_t n = JSPropertyNameArrayGetCount(names);
  for (size_t i = 0; i < n && !*exc; i++) {
    JSStringRef name = JSPropertyNameArrayGetNameAtIndex(names, i);
    JSValueRef val = JSObjectGetProperty(ctx, (JSObjectRef)v, name, exc);
    if (*exc || !val || JSValueIsUndefined(ctx, val)) continue;
    char *k = js_string_to_utf8(name);
    char *s = api_to_utf8(ctx, val, NULL, exc);
    if (!*exc) api_hlist_set(h, k, s);
    free(k);
    free(s);
  }
  JSPropertyNameArrayRelease(names);
}

JSObjectRef api_hlist_to_headers(JSContextRef ctx, const api_hlist_t *h) {
  JSObjectRef obj = api_headers_new(ctx);
  for (size_t i = 0; i < h->len; i++) api_headers_append(ctx, obj, h->names[i], h->values[i]);
  return obj;
}

JSObjectRef api_hlist_to_object(JSContextRef ctx, const api_hlist_t *h) {
  JSObjectRef obj = JSObjectMake(ctx, NULL, NULL);
  for (size_t i = 0; i < h->len; i++)
    js_set(ctx, obj, h->names[i], js_make_string(ctx, h->values[i]));
  return obj;
}
