/* web_headers: fetch's Headers class (also Request/Response headers): a list of name/value
 * pairs, names matched case-insensitively, values with leading/trailing whitespace
 * removed; get() joins repeated values with ", ", iteration is sorted by lower-cased name
 * with values combined except set-cookie, getSetCookie() lists those; names and values are
 * validated with undici's messages. A Headers may be immutable (responses of fetch...).
 * This is fetch's Headers; the api client's response headers are api/headers.c's.
 *
 * Memory: the list is malloc'd private data freed by the finalizer; names keep their
 * first-seen case for printing. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/sbuf.h"
#include "js/inspect.h"
#include "js/jsbytes.h"
#include "js/jsclass.h"
#include "js/jsutil.h"
#include "js/web.h"

typedef struct {
  char **names; /* as first given */
  char **lower;
  char **values;
  size_t len, cap;
  bool immutable;
} hlist_t;

static void hl_free(hlist_t *h) {
  for (size_t i = 0; i < h->len; i++) {
    free(h->names[i]);
    free(h->lower[i]);
    free(h->values[i]);
  }
  free(h->names);
  free(h->lower);
  free(h->values);
  free(h);
}

static void headers_finalize(JSObjectRef o) {
  hlist_t *h = JSObjectGetPrivate(o);
  if (h) hl_free(h);
}

static void hl_append(hlist_t *h, const char *name, const char *value) {
  if (h->len == h->cap) {
    h->cap = h->cap ? h->cap * 2 : 8;
    h->names = xrealloc(h->names, h->cap * sizeof(char *));
    h->lower = xrealloc(h->lower, h->cap * sizeof(char *));
    h->values = xrealloc(h->values, h->cap * sizeof(char *));
  }
  /* A name already present keeps its first spelling. */
  const char *shown = name;
  for (size_t i = 0; i < h->len; i++)
    if (strcasecmp(h->names[i], name) == 0) shown = h->names[i];
  h->names[h->len] = xstrdup(shown);
  h->lower[h->len] = xstrdup(name);
  for (char *p = h->lower[h->len]; *p; p++) *p = (char)tolower((unsigned char)*p);
  h->values[h->len] = xstrdup(value);
  h->len++;
}

static void hl_delete(hlist_t *h, const char *name) {
  size_t o = 0;
  for (size_t i = 0; i < h->len; i++) {
    if (strcasecmp(h->lower[i], name) == 0) {
      free(h->names[i]);
      free(h->lower[i]);
      free(h->values[i]);
      continue;
    }
    h->names[o] = h->names[i];
    h->lower[o] = h->lower[i];
    h->values[o] = h->values[i];
    o++;
  }
  h->len = o;
}

/* get(): values of `name` joined with ", " (malloc'd), NULL when absent. */
static char *hl_get(const hlist_t *h, const char *name) {
  sbuf_t b = SBUF_INIT;
  bool any = false;
  for (size_t i = 0; i < h->len; i++) {
    if (strcasecmp(h->lower[i], name) != 0) continue;
    if (any) sbuf_puts(&b, ", ");
    sbuf_puts(&b, h->values[i]);
    any = true;
  }
  if (!any) {
    sbuf_free(&b);
    return NULL;
  }
  return sbuf_take(&b);
}

/* ---- validation ---- */

static bool token_char(unsigned char c) {
  return isalnum(c) || (c && strchr("!#$%&'*+-.^_`|~", c));
}

static bool valid_name(const char *s) {
  if (!*s) return false;
  for (const unsigned char *p = (const unsigned char *)s; *p; p++)
    if (!token_char(*p)) return false;
  return true;
}

/* Strips HTTP whitespace around a value in place; false for NUL, CR or LF inside. */
static bool normalize_value(char *s, size_t *len) {
  size_t n = *len, start = 0;
  while (start < n && (s[start] == ' ' || s[start] == '\t' || s[start] == '\r' || s[start] == '\n'))
    start++;
  while (n > start && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r' || s[n - 1] == '\n'))
    n--;
  for (size_t i = start; i < n; i++)
    if (s[i] == '\0' || s[i] == '\r' || s[i] == '\n') return false;
  memmove(s, s + start, n - start);
  s[n - start] = '\0';
  *len = n - start;
  return true;
}

static js_class_def_t headers_class;

static bool checked_append(JSContextRef ctx, hlist_t *h, const char *op, JSValueRef namev,
                           JSValueRef valuev, bool set, JSValueRef *exc) {
  if (h->immutable) {
    js_throw(ctx, exc, "TypeError", "immutable");
    return false;
  }
  size_t nl, vl;
  char *name = js_to_utf8(ctx, namev, &nl, exc);
  char *value = name ? js_to_utf8(ctx, valuev, &vl, exc) : NULL;
  bool ok = value != NULL;
  if (ok && !valid_name(name)) {
    js_throw(ctx, exc, "TypeError", "%s: \"%s\" is an invalid header name.", op, name);
    ok = false;
  } else if (ok && !normalize_value(value, &vl)) {
    js_throw(ctx, exc, "TypeError", "%s: \"%s\" is an invalid header value.", op, value);
    ok = false;
  }
  if (ok) {
    if (set) hl_delete(h, name);
    hl_append(h, name, value);
  }
  free(name);
  free(value);
  return ok;
}

/* ---- filling from a HeadersInit ---- */

static bool fill(JSContextRef ctx, hlist_t *h, JSValueRef init, JSValueRef *exc) {
  if (!init || JSValueIsUndefined(ctx, init) || JSValueIsNull(ctx, init)) return true;
  hlist_t *other = js_class_private(ctx, &headers_class, init);
  if (other) {
    for (size_t i = 0; i < other->len; i++) hl_append(h, other->names[i], other->values[i]);
    return true;
  }
  if (!JSValueIsObject(ctx, init) || js_is_function(ctx, init)) {
    js_throw(ctx, exc, "TypeError",
             "Headers constructor: Argument 1 could not be converted to one of: "
             "sequence<sequence<ByteString>>, record<ByteString, ByteString>.");
    return false;
  }
  JSValueRef iter = js_get_keyed(ctx, init, js_symbol(ctx, "iterator"));
  if (js_is_function(ctx, iter)) {
    JSValueRef list = js_call_global(ctx, "Array.from", 1, &init, exc);
    if (!list) return false;
    for (size_t i = 0; i < js_array_length(ctx, list); i++) {
      JSValueRef pair = js_array_get(ctx, list, (unsigned)i);
      JSValueRef items =
          JSValueIsObject(ctx, pair) ? js_call_global(ctx, "Array.from", 1, &pair, exc) : NULL;
      size_t n = items ? js_array_length(ctx, items) : 0;
      if (n != 2) {
        if (!*exc)
          js_throw(ctx, exc, "TypeError",
                   "Headers constructor: expected name/value pair to be length 2, found %zu.", n);
        return false;
      }
      if (!checked_append(ctx, h, "Headers.append", js_array_get(ctx, items, 0),
                          js_array_get(ctx, items, 1), false, exc))
        return false;
    }
    return true;
  }
  JSValueRef keys = js_call_global(ctx, "Object.keys", 1, &init, exc);
  if (!keys) return false;
  for (size_t i = 0; i < js_array_length(ctx, keys); i++) {
    JSValueRef k = js_array_get(ctx, keys, (unsigned)i);
    JSStringRef ks = JSValueToStringCopy(ctx, k, NULL);
    JSValueRef v = JSObjectGetProperty(ctx, (JSObjectRef)init, ks, NULL);
    JSStringRelease(ks);
    if (!checked_append(ctx, h, "Headers.append", k, v ? v : JSValueMakeUndefined(ctx), false, exc))
      return false;
  }
  return true;
}

/* ---- methods ---- */

#define H_THIS(h)                                             \
  hlist_t *h = js_class_this(ctx, &headers_class, self, exc); \
  if (!h) return NULL

static JSValueRef headers_construct(JSContextRef ctx, JSObjectRef nt, size_t argc,
                                    const JSValueRef argv[], JSValueRef *exc) {
  if (!nt)
    return js_throw(ctx, exc, "TypeError",
                    "Class constructor Headers cannot be invoked without 'new'");
  hlist_t *h = xcalloc(1, sizeof(*h));
  JSObjectRef o = js_class_make(ctx, &headers_class, h, nt);
  return fill(ctx, h, argc ? argv[0] : NULL, exc) ? o : NULL;
}

static JSValueRef h_append(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                           const JSValueRef argv[], JSValueRef *exc) {
  H_THIS(h);
  bool ok = checked_append(ctx, h, "Headers.append", argc > 0 ? argv[0] : JSValueMakeUndefined(ctx),
                           argc > 1 ? argv[1] : JSValueMakeUndefined(ctx), false, exc);
  return ok ? JSValueMakeUndefined(ctx) : NULL;
}

static JSValueRef h_set(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                        const JSValueRef argv[], JSValueRef *exc) {
  H_THIS(h);
  bool ok = checked_append(ctx, h, "Headers.set", argc > 0 ? argv[0] : JSValueMakeUndefined(ctx),
                           argc > 1 ? argv[1] : JSValueMakeUndefined(ctx), true, exc);
  return ok ? JSValueMakeUndefined(ctx) : NULL;
}

static char *name_arg(JSContextRef ctx, size_t argc, const JSValueRef argv[], const char *op,
                      JSValueRef *exc) {
  char *name = js_to_utf8(ctx, argc ? argv[0] : JSValueMakeUndefined(ctx), NULL, exc);
  if (name && !valid_name(name)) {
    js_throw(ctx, exc, "TypeError", "%s: \"%s\" is an invalid header name.", op, name);
    free(name);
    return NULL;
  }
  return name;
}

static JSValueRef h_delete(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                           const JSValueRef argv[], JSValueRef *exc) {
  H_THIS(h);
  if (h->immutable) return js_throw(ctx, exc, "TypeError", "immutable");
  char *name = name_arg(ctx, argc, argv, "Headers.delete", exc);
  if (!name) return NULL;
  hl_delete(h, name);
  free(name);
  return JSValueMakeUndefined(ctx);
}

static JSValueRef h_get(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                        const JSValueRef argv[], JSValueRef *exc) {
  H_THIS(h);
  char *name = name_arg(ctx, argc, argv, "Headers.get", exc);
  if (!name) return NULL;
  char *v = hl_get(h, name);
  free(name);
  if (!v) return JSValueMakeNull(ctx);
  JSValueRef r = js_string_from_utf8(ctx, v, strlen(v), false);
  free(v);
  return r;
}

static JSValueRef h_has(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                        const JSValueRef argv[], JSValueRef *exc) {
  H_THIS(h);
  char *name = name_arg(ctx, argc, argv, "Headers.has", exc);
  if (!name) return NULL;
  char *v = hl_get(h, name);
  free(name);
  free(v);
  return JSValueMakeBoolean(ctx, v != NULL);
}

static JSValueRef h_get_set_cookie(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                   const JSValueRef argv[], JSValueRef *exc) {
  H_THIS(h);
  JSObjectRef arr = js_make_array(ctx, 0, NULL);
  unsigned n = 0;
  for (size_t i = 0; i < h->len; i++)
    if (strcmp(h->lower[i], "set-cookie") == 0)
      JSObjectSetPropertyAtIndex(
          ctx, arr, n++, js_string_from_utf8(ctx, h->values[i], strlen(h->values[i]), false), NULL);
  return arr;
}

/* The sorted, combined view that iteration shows: pairs of lower-case name and value. */
static JSObjectRef sorted_pairs(JSContextRef ctx, const hlist_t *h) {
  size_t n = h->len;
  size_t *idx = xmalloc((n ? n : 1) * sizeof(size_t));
  for (size_t i = 0; i < n; i++) idx[i] = i;
  for (size_t i = 1; i < n; i++) {
    size_t v = idx[i], j = i;
    while (j > 0 && strcmp(h->lower[idx[j - 1]], h->lower[v]) > 0) {
      idx[j] = idx[j - 1];
      j--;
    }
    idx[j] = v;
  }
  JSObjectRef out = js_make_array(ctx, 0, NULL);
  unsigned o = 0;
  for (size_t i = 0; i < n; i++) {
    const char *name = h->lower[idx[i]];
    char *value;
    if (strcmp(name, "set-cookie") == 0) {
      value = xstrdup(h->values[idx[i]]);
    } else {
      if (i > 0 && strcmp(h->lower[idx[i - 1]], name) == 0) continue;
      value = hl_get(h, name);
    }
    JSValueRef pair[2] = {js_make_string(ctx, name),
                          js_string_from_utf8(ctx, value, strlen(value), false)};
    JSObjectSetPropertyAtIndex(ctx, out, o++, js_make_array(ctx, 2, pair), NULL);
    free(value);
  }
  free(idx);
  return out;
}

static JSValueRef iterate(JSContextRef ctx, JSObjectRef self, int what, JSValueRef *exc) {
  H_THIS(h);
  JSObjectRef pairs = sorted_pairs(ctx, h);
  if (what == 0) return js_array_iterator(ctx, pairs);
  JSObjectRef out = js_make_array(ctx, 0, NULL);
  for (size_t i = 0; i < js_array_length(ctx, pairs); i++)
    JSObjectSetPropertyAtIndex(
        ctx, out, (unsigned)i,
        js_array_get(ctx, js_array_get(ctx, pairs, (unsigned)i), what == 1 ? 0 : 1), NULL);
  return js_array_iterator(ctx, out);
}

static JSValueRef h_entries(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                            const JSValueRef argv[], JSValueRef *exc) {
  return iterate(ctx, self, 0, exc);
}

static JSValueRef h_keys(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                         const JSValueRef argv[], JSValueRef *exc) {
  return iterate(ctx, self, 1, exc);
}

static JSValueRef h_values(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                           const JSValueRef argv[], JSValueRef *exc) {
  return iterate(ctx, self, 2, exc);
}

static JSValueRef h_for_each(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                             const JSValueRef argv[], JSValueRef *exc) {
  H_THIS(h);
  if (argc < 1 || !js_is_function(ctx, argv[0]))
    return js_throw(ctx, exc, "TypeError",
                    "Headers.forEach: Argument 1 could not be converted to: Function.");
  JSObjectRef pairs = sorted_pairs(ctx, h);
  for (size_t i = 0; i < js_array_length(ctx, pairs); i++) {
    JSValueRef pair = js_array_get(ctx, pairs, (unsigned)i);
    JSValueRef args[3] = {js_array_get(ctx, pair, 1), js_array_get(ctx, pair, 0), self};
    if (!js_call(ctx, argv[0], argc > 1 ? argv[1] : NULL, 3, args, exc)) return NULL;
  }
  return JSValueMakeUndefined(ctx);
}

/* [util.inspect.custom]: Headers { 'Name': 'value', ... } with first-seen name case. */
static JSValueRef h_inspect(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                            const JSValueRef argv[], JSValueRef *exc) {
  hlist_t *h = js_class_private(ctx, &headers_class, self);
  if (!h) return self;
  JSObjectRef o = JSObjectMake(ctx, NULL, NULL);
  for (size_t i = 0; i < h->len; i++) {
    if (JSValueIsString(ctx, js_get(ctx, o, h->names[i]))) continue;
    char *v = hl_get(h, h->lower[i]);
    js_set(ctx, o, h->names[i], js_string_from_utf8(ctx, v, strlen(v), false));
    free(v);
  }
  js_inspect_opts_t opts = {.depth = 2};
  js_inspect_opts_from_js(ctx, argc > 1 ? argv[1] : NULL, &opts);
  char *body = js_inspect(ctx, o, &opts);
  char *s = xasprintf("Headers %s", body);
  JSValueRef r = js_make_string(ctx, s);
  free(body);
  free(s);
  return r;
}

static js_class_def_t headers_class = {
    .name = "Headers",
    .finalize = headers_finalize,
    .construct = headers_construct,
    .methods = (const js_fn_t[]){{"append", h_append, 2},
                                 {"delete", h_delete, 1},
                                 {"get", h_get, 1},
                                 {"getSetCookie", h_get_set_cookie, 0},
                                 {"has", h_has, 1},
                                 {"set", h_set, 2},
                                 {"entries", h_entries, 0},
                                 {"keys", h_keys, 0},
                                 {"values", h_values, 0},
                                 {"forEach", h_for_each, 1},
                                 {NULL, NULL, 0}},
    .iterator = "entries",
};

/* ---- C entry points ---- */

JSObjectRef js_headers_new(JSContextRef ctx) {
  js_headers_install(ctx);
  return js_class_make(ctx, &headers_class, xcalloc(1, sizeof(hlist_t)), NULL);
}

bool js_headers_append(JSContextRef ctx, JSObjectRef headers, const char *name, const char *value,
                       JSValueRef *exception) {
  hlist_t *h = js_class_private(ctx, &headers_class, headers);
  if (!h) return false;
  bool was = h->immutable;
  h->immutable = false;
  bool ok = checked_append(ctx, h, "Headers.append", js_make_string(ctx, name),
                           js_make_string(ctx, value), false, exception);
  h->immutable = was;
  return ok;
}

bool js_headers_fill(JSContextRef ctx, JSObjectRef headers, JSValueRef init,
                     JSValueRef *exception) {
  hlist_t *h = js_class_private(ctx, &headers_class, headers);
  return h && fill(ctx, h, init, exception);
}

size_t js_headers_count(JSContextRef ctx, JSValueRef headers) {
  hlist_t *h = js_class_private(ctx, &headers_class, headers);
  return h ? h->len : 0;
}

bool js_headers_at(JSContextRef ctx, JSValueRef headers, size_t i, const char **name,
                   const char **value) {
  hlist_t *h = js_class_private(ctx, &headers_class, headers);
  if (!h || i >= h->len) return false;
  *name = h->lower[i];
  *value = h->values[i];
  return true;
}

char *js_headers_get(JSContextRef ctx, JSValueRef headers, const char *name) {
  hlist_t *h = js_class_private(ctx, &headers_class, headers);
  return h ? hl_get(h, name) : NULL;
}

void js_headers_set_guard(JSContextRef ctx, JSValueRef headers, bool immutable) {
  hlist_t *h = js_class_private(ctx, &headers_class, headers);
  if (h) h->immutable = immutable;
}

bool js_headers_is(JSContextRef ctx, JSValueRef v) {
  return js_class_private(ctx, &headers_class, v) != NULL;
}

void js_headers_install(JSContextRef ctx) {
  if (!js_once(ctx, "__sonde_once_headers")) return;
  JSObjectRef global = JSContextGetGlobalObject(ctx);
  JSObjectRef ctor = js_class_init(ctx, &headers_class);
  js_set_keyed(ctx, (JSObjectRef)js_get(ctx, ctor, "prototype"),
               js_symbol_for(ctx, "nodejs.util.inspect.custom"),
               js_make_function(ctx, "inspect", h_inspect, 2));
  js_define_value(ctx, global, "Headers", ctor, false);
}
