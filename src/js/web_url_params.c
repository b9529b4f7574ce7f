/* web_url_params: URLSearchParams (free-standing, or the live searchParams of a URL, whose
 * query it rewrites on every change) and the application/x-www-form-urlencoded list it is
 * made of. Names and values are kept as UTF-8 (lone surrogates become U+FFFD on the way
 * in, as USVString conversion does).
 *
 * Memory: the list is the object's private data, freed by its finalizer; the owner pointer
 * is valid while the object lives (the URL object is kept alive by a hidden property). */
#include <stdlib.h>
#include <string.h>

#include "common/sbuf.h"
#include "js/inspect.h"
#include "js/jsbytes.h"
#include "js/jsclass.h"
#include "js/jsutil.h"
#include "js/web_url_internal.h"

/* ---- form-urlencoded lists ---- */

void url_params_append(url_params_t *p, const char *name, const char *value) {
  if (p->len == p->cap) {
    p->cap = p->cap ? p->cap * 2 : 8;
    p->names = xrealloc(p->names, p->cap * sizeof(char *));
    p->values = xrealloc(p->values, p->cap * sizeof(char *));
  }
  p->names[p->len] = xstrdup(name);
  p->values[p->len] = xstrdup(value);
  p->len++;
}

void url_params_clear(url_params_t *p) {
  for (size_t i = 0; i < p->len; i++) {
    free(p->names[i]);
    free(p->values[i]);
  }
  p->len = 0;
}

void url_params_free(url_params_t *p) {
  url_params_clear(p);
  free(p->names);
  free(p->values);
  memset(p, 0, sizeof(*p));
}

/* Percent-decoded with '+' as space. Invalid UTF-8 becomes U+FFFD when the string reaches
 * JavaScript (js_string_from_utf8), as the standard's "UTF-8 decode without BOM" does. */
static char *form_decode(const char *s, size_t n) {
  char *plus = xstrndup(s, n);
  for (char *p = plus; *p; p++)
    if (*p == '+') *p = ' ';
  char *r = url_percent_decode(plus, n, NULL);
  free(plus);
  return r;
}

void url_params_parse(url_params_t *p, const char *query) {
  for (const char *s = query; *s;) {
    const char *amp = strchr(s, '&');
    size_t n = amp ? (size_t)(amp - s) : strlen(s);
    if (n) {
      const char *eq = memchr(s, '=', n);
      size_t nn = eq ? (size_t)(eq - s) : n;
      char *name = form_decode(s, nn);
      char *value = eq ? form_decode(eq + 1, n - nn - 1) : xstrdup("");
      url_params_append(p, name, value);
      free(name);
      free(value);
    }
    if (!amp) break;
    s = amp + 1;
  }
}

char *url_params_serialize(const url_params_t *p) {
  sbuf_t b = SBUF_INIT;
  for (size_t i = 0; i < p->len; i++) {
    char *n = url_form_encode(p->names[i]), *v = url_form_encode(p->values[i]);
    sbuf_printf(&b, "%s%s=%s", i ? "&" : "", n, v);
    free(n);
    free(v);
  }
  return sbuf_take(&b);
}

/* ---- URLSearchParams ---- */

static JSValueRef str(JSContextRef ctx, const char *s) {
  return js_string_from_utf8(ctx, s, strlen(s), false);
}

/* The list changed: the URL's query follows it (an empty list gives a null query). */
static void update_url(params_t *p) {
  if (!p->owner) return;
  char *q = url_params_serialize(&p->list);
  free(p->owner->url.query);
  p->owner->url.query = *q ? q : NULL;
  if (!*q) free(q);
}

static void params_finalize(JSObjectRef o) {
  params_t *p = JSObjectGetPrivate(o);
  if (!p) return;
  url_params_free(&p->list);
  free(p);
}

static JSValueRef params_construct(JSContextRef ctx, JSObjectRef nt, size_t argc,
                                   const JSValueRef argv[], JSValueRef *exc);
static js_class_def_t params_class;

#define PARAMS_THIS(p)                                        \
  params_t *p = js_class_this(ctx, &params_class, self, exc); \
  if (!p) return NULL

static char *utf8_of(JSContextRef ctx, JSValueRef v, JSValueRef *exc) {
  return js_to_utf8(ctx, v ? v : JSValueMakeUndefined(ctx), NULL, exc);
}

/* Appends each [name, value] of an iterable of pairs. */
static bool fill_pairs(JSContextRef ctx, params_t *p, JSValueRef init, JSValueRef *exc) {
  JSValueRef list = js_call_global(ctx, "Array.from", 1, &init, exc);
  if (!list) return false;
  size_t n = js_array_length(ctx, list);
  for (size_t i = 0; i < n; i++) {
    JSValueRef pair = js_array_get(ctx, list, (unsigned)i);
    JSValueRef items =
        JSValueIsObject(ctx, pair) ? js_call_global(ctx, "Array.from", 1, &pair, exc) : NULL;
    if (!items || js_array_length(ctx, items) != 2) {
      if (!*exc)
        js_throw_code(ctx, exc, "TypeError", "ERR_INVALID_TUPLE",
                      "Each query pair must be an iterable [name, value] tuple");
      return false;
    }
    char *name = utf8_of(ctx, js_array_get(ctx, items, 0), exc);
    char *value = name ? utf8_of(ctx, js_array_get(ctx, items, 1), exc) : NULL;
    if (value) url_params_append(&p->list, name, value);
    free(name);
    free(value);
    if (*exc) return false;
  }
  return true;
}

static bool fill_record(JSContextRef ctx, params_t *p, JSValueRef init, JSValueRef *exc) {
  JSValueRef keys = js_call_global(ctx, "Object.keys", 1, &init, exc);
  if (!keys) return false;
  size_t n = js_array_length(ctx, keys);
  for (size_t i = 0; i < n; i++) {
    JSValueRef k = js_array_get(ctx, keys, (unsigned)i);
    char *name = utf8_of(ctx, k, exc);
    char *value = name ? utf8_of(ctx, js_get(ctx, init, name), exc) : NULL;
    if (value) url_params_append(&p->list, name, value);
    free(name);
    free(value);
    if (*exc) return false;
  }
  return true;
}

static JSValueRef params_construct(JSContextRef ctx, JSObjectRef nt, size_t argc,
                                   const JSValueRef argv[], JSValueRef *exc) {
  if (!nt)
    return js_throw(ctx, exc, "TypeError",
                    "Class constructor URLSearchParams cannot be invoked without 'new'");
  params_t *p = xcalloc(1, sizeof(*p));
  JSObjectRef obj = js_class_make(ctx, &params_class, p, nt);
  JSValueRef init = argc ? argv[0] : JSValueMakeUndefined(ctx);
  if (JSValueIsUndefined(ctx, init) || JSValueIsNull(ctx, init)) return obj;
  params_t *other = js_class_private(ctx, &params_class, init);
  if (other) {
    for (size_t i = 0; i < other->list.len; i++)
      url_params_append(&p->list, other->list.names[i], other->list.values[i]);
    return obj;
  }
  if (JSValueIsObject(ctx, init) && !js_is_function(ctx, init)) {
    JSValueRef iter = js_get_keyed(ctx, init, js_symbol(ctx, "iterator"));
    bool ok =
        js_is_function(ctx, iter) ? fill_pairs(ctx, p, init, exc) : fill_record(ctx, p, init, exc);
    return ok ? obj : NULL;
  }
  char *s = utf8_of(ctx, init, exc);
  if (!s) return NULL;
  url_params_parse(&p->list, s[0] == '?' ? s + 1 : s);
  free(s);
  return obj;
}

static JSValueRef params_append(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  PARAMS_THIS(p);
  if (argc < 2)
    return js_throw_code(ctx, exc, "TypeError", "ERR_MISSING_ARGS",
                         "The \"name\" and \"value\" arguments must be specified");
  char *name = utf8_of(ctx, argv[0], exc);
  char *value = name ? utf8_of(ctx, argv[1], exc) : NULL;
  if (value) {
    url_params_append(&p->list, name, value);
    update_url(p);
  }
  free(name);
  free(value);
  return value ? JSValueMakeUndefined(ctx) : NULL;
}

/* Removes pairs named `name` (and, when `value` is given, with that value). */
static void remove_pairs(params_t *p, const char *name, const char *value) {
  size_t o = 0;
  for (size_t i = 0; i < p->list.len; i++) {
    if (strcmp(p->list.names[i], name) == 0 && (!value || strcmp(p->list.values[i], value) == 0)) {
      free(p->list.names[i]);
      free(p->list.values[i]);
      continue;
    }
    p->list.names[o] = p->list.names[i];
    p->list.values[o] = p->list.values[i];
    o++;
  }
  p->list.len = o;
}

static JSValueRef params_delete(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  PARAMS_THIS(p);
  char *name = utf8_of(ctx, argc ? argv[0] : NULL, exc);
  if (!name) return NULL;
  char *value = argc > 1 && !JSValueIsUndefined(ctx, argv[1]) ? utf8_of(ctx, argv[1], exc) : NULL;
  remove_pairs(p, name, value);
  update_url(p);
  free(name);
  free(value);
  return JSValueMakeUndefined(ctx);
}

static JSValueRef params_get(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                             const JSValueRef argv[], JSValueRef *exc) {
  PARAMS_THIS(p);
  char *name = utf8_of(ctx, argc ? argv[0] : NULL, exc);
  if (!name) return NULL;
  JSValueRef r = JSValueMakeNull(ctx);
  for (size_t i = 0; i < p->list.len; i++) {
    if (strcmp(p->list.names[i], name) == 0) {
      r = str(ctx, p->list.values[i]);
      break;
    }
  }
  free(name);
  return r;
}

static JSValueRef params_get_all(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                 const JSValueRef argv[], JSValueRef *exc) {
  PARAMS_THIS(p);
  char *name = utf8_of(ctx, argc ? argv[0] : NULL, exc);
  if (!name) return NULL;
  JSObjectRef arr = js_make_array(ctx, 0, NULL);
  unsigned n = 0;
  for (size_t i = 0; i < p->list.len; i++)
    if (strcmp(p->list.names[i], name) == 0)
      JSObjectSetPropertyAtIndex(ctx, arr, n++, str(ctx, p->list.values[i]), NULL);
  free(name);
  return arr;
}

static JSValueRef params_has(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                             const JSValueRef argv[], JSValueRef *exc) {
  PARAMS_THIS(p);
  char *name = utf8_of(ctx, argc ? argv[0] : NULL, exc);
  if (!name) return NULL;
  char *value = argc > 1 && !JSValueIsUndefined(ctx, argv[1]) ? utf8_of(ctx, argv[1], exc) : NULL;
  bool found = false;
  for (size_t i = 0; i < p->list.len && !found; i++)
    found =
        strcmp(p->list.names[i], name) == 0 && (!value || strcmp(p->list.values[i], value) == 0);
  free(name);
  free(value);
  return JSValueMakeBoolean(ctx, found);
}

static JSValueRef params_set(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                             const JSValueRef argv[], JSValueRef *exc) {
  PARAMS_THIS(p);
  if (argc < 2)
    return js_throw_code(ctx, exc, "TypeError", "ERR_MISSING_ARGS",
                         "The \"name\" and \"value\" arguments must be specified");
  char *name = utf8_of(ctx, argv[0], exc);
  char *value = name ? utf8_of(ctx, argv[1], exc) : NULL;
  if (!value) {
    free(name);
    return NULL;
  }
  /* The first pair named `name` takes the value; the others go. */
  bool done = false;
  size_t o = 0;
  for (size_t i = 0; i < p->list.len; i++) {
    if (strcmp(p->list.names[i], name) == 0) {
      if (done) {
        free(p->list.names[i]);
        free(p->list.values[i]);
        continue;
      }
      free(p->list.values[i]);
      p->list.values[i] = xstrdup(value);
      done = true;
    }
    p->list.names[o] = p->list.names[i];
    p->list.values[o] = p->list.values[i];
    o++;
  }
  p->list.len = o;
  if (!done) url_params_append(&p->list, name, value);
  update_url(p);
  free(name);
  free(value);
  return JSValueMakeUndefined(ctx);
}

/* Compares names by UTF-16 code units, as the standard's sort does. */
static int utf16_cmp(const char *a, const char *b) {
  const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
  while (*x && *x == *y) x++, y++;
  if (!*x || !*y) return *x ? 1 : *y ? -1 : 0;
  /* Supplementary characters (4-byte UTF-8) sort as surrogates, before U+E000..U+FFFF. */
  int cx = *x >= 0xF0 ? 0xED : *x, cy = *y >= 0xF0 ? 0xED : *y;
  if (cx != cy) return cx < cy ? -1 : 1;
  return *x < *y ? -1 : 1;
}

static JSValueRef params_sort(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  PARAMS_THIS(p);
  /* Insertion sort: stable, and lists are short. */
  for (size_t i = 1; i < p->list.len; i++) {
    char *n = p->list.names[i], *v = p->list.values[i];
    size_t j = i;
    while (j > 0 && utf16_cmp(p->list.names[j - 1], n) > 0) {
      p->list.names[j] = p->list.names[j - 1];
      p->list.values[j] = p->list.values[j - 1];
      j--;
    }
    p->list.names[j] = n;
    p->list.values[j] = v;
  }
  update_url(p);
  return JSValueMakeUndefined(ctx);
}

static JSValueRef params_to_string(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                   const JSValueRef argv[], JSValueRef *exc) {
  PARAMS_THIS(p);
  char *s = url_params_serialize(&p->list);
  JSValueRef r = str(ctx, s);
  free(s);
  return r;
}

static JSValueRef params_size(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  PARAMS_THIS(p);
  return JSValueMakeNumber(ctx, (double)p->list.len);
}

/* entries/keys/values: iterators over a snapshot (what = 0 pairs, 1 names, 2 values). */
static JSValueRef iterate(JSContextRef ctx, JSObjectRef self, int what, JSValueRef *exc) {
  PARAMS_THIS(p);
  JSObjectRef arr = js_make_array(ctx, 0, NULL);
  for (size_t i = 0; i < p->list.len; i++) {
    JSValueRef item;
    if (what == 1) item = str(ctx, p->list.names[i]);
    else if (what == 2) item = str(ctx, p->list.values[i]);
    else {
      JSValueRef pair[2] = {str(ctx, p->list.names[i]), str(ctx, p->list.values[i])};
      item = js_make_array(ctx, 2, pair);
    }
    JSObjectSetPropertyAtIndex(ctx, arr, (unsigned)i, item, NULL);
  }
  return js_array_iterator(ctx, arr);
}

static JSValueRef params_entries(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                 const JSValueRef argv[], JSValueRef *exc) {
  return iterate(ctx, self, 0, exc);
}

static JSValueRef params_keys(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  return iterate(ctx, self, 1, exc);
}

static JSValueRef params_values(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  return iterate(ctx, self, 2, exc);
}

static JSValueRef params_for_each(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                  const JSValueRef argv[], JSValueRef *exc) {
  PARAMS_THIS(p);
  if (argc < 1 || !js_is_function(ctx, argv[0]))
    return js_throw_arg_type(ctx, exc, "callback", "of type function", argc ? argv[0] : NULL);
  /* The list may change under the callback: re-read it on every round. */
  for (size_t i = 0; i < p->list.len; i++) {
    JSValueRef args[3] = {str(ctx, p->list.values[i]), str(ctx, p->list.names[i]), self};
    if (!js_call(ctx, argv[0], argc > 1 ? argv[1] : NULL, 3, args, exc)) return NULL;
  }
  return JSValueMakeUndefined(ctx);
}

/* [util.inspect.custom]: URLSearchParams { 'a' => '1', ... } */
static JSValueRef params_inspect(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                 const JSValueRef argv[], JSValueRef *exc) {
  params_t *p = js_class_private(ctx, &params_class, self);
  if (!p) return self;
  js_inspect_opts_t opts = {.depth = 2};
  js_inspect_opts_from_js(ctx, argc > 1 ? argv[1] : NULL, &opts);
  if (argc > 0 && JSValueIsNumber(ctx, argv[0])) {
    double d = JSValueToNumber(ctx, argv[0], NULL);
    if (d < 0) return js_make_string(ctx, "[Object]");
    opts.depth = (int)d - 1;
  }
  sbuf_t b = SBUF_INIT;
  size_t total = 0;
  for (size_t i = 0; i < p->list.len; i++) {
    char *k = js_inspect(ctx, str(ctx, p->list.names[i]), &opts);
    char *v = js_inspect(ctx, str(ctx, p->list.values[i]), &opts);
    sbuf_printf(&b, "%s%s => %s", i ? "\x01" : "", k, v);
    total += js_string_width(k) + js_string_width(v) + 4 + (i ? 2 : 0);
    free(k);
    free(v);
  }
  long break_len = opts.break_length > 0 ? opts.break_length : 80;
  const char *sep = (long)total > break_len ? ",\n  " : ", ";
  sbuf_t out = SBUF_INIT;
  char *name = js_get_string(ctx, js_get(ctx, self, "constructor"), "name");
  if (!name) name = xstrdup("URLSearchParams");
  if (p->list.len == 0) sbuf_printf(&out, "%s {}", name);
  else sbuf_printf(&out, "%s {%s", name, (long)total > break_len ? "\n  " : " ");
  for (const char *s = sbuf_cstr(&b); *s; s++) {
    if (*s == '\x01') sbuf_puts(&out, sep);
    else sbuf_putc(&out, *s);
  }
  if (p->list.len) sbuf_puts(&out, " }");
  free(name);
  sbuf_free(&b);
  JSValueRef r = str(ctx, sbuf_cstr(&out));
  sbuf_free(&out);
  return r;
}

static js_class_def_t params_class = {
    .name = "URLSearchParams",
    .finalize = params_finalize,
    .construct = params_construct,
    .methods = (const js_fn_t[]){{"append", params_append, 2},
                                 {"delete", params_delete, 1},
                                 {"get", params_get, 1},
                                 {"getAll", params_get_all, 1},
                                 {"has", params_has, 1},
                                 {"set", params_set, 2},
                                 {"sort", params_sort, 0},
                                 {"entries", params_entries, 0},
                                 {"forEach", params_for_each, 1},
                                 {"keys", params_keys, 0},
                                 {"values", params_values, 0},
                                 {"toString", params_to_string, 0},
                                 {NULL, NULL, 0}},
    .accessors = (const js_accessor_t[]){{"size", params_size, NULL}, {NULL, NULL, NULL}},
    .iterator = "entries",
};

JSObjectRef js_params_make(JSContextRef ctx, url_obj_t *owner) {
  params_t *p = xcalloc(1, sizeof(*p));
  p->owner = owner;
  owner->params = p;
  return js_class_make(ctx, &params_class, p, NULL);
}

JSObjectRef js_params_init(JSContextRef ctx) {
  JSObjectRef ctor = js_class_init(ctx, &params_class);
  js_set_keyed(ctx, (JSObjectRef)js_get(ctx, ctor, "prototype"),
               js_symbol_for(ctx, "nodejs.util.inspect.custom"),
               js_make_function(ctx, "inspect", params_inspect, 2));
  return ctor;
}
