/* web_formdata: FormData (append/set/get/getAll/has/delete and iteration; Blob values
 * become Files) plus its two wire forms for fetch: multipart/form-data encoding of a
 * FormData body, and parsing of multipart or urlencoded bodies for Body.formData().
 *
 * Memory: the entries are a JS array of [name, value] pairs kept as a hidden property, so
 * File values stay ordinary engine objects; encoders build malloc'd buffers the caller
 * owns. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/sbuf.h"
#include "js/inspect.h"
#include "js/jsbytes.h"
#include "js/jsclass.h"
#include "js/jsutil.h"
#include "js/web.h"
#include "js/web_url_parse.h"

#define ENTRIES "__sonde_entries"

static js_class_def_t formdata_class;

static JSObjectRef entries_of(JSContextRef ctx, JSValueRef fd) {
  JSValueRef e = js_get(ctx, fd, ENTRIES);
  return JSValueIsObject(ctx, e) ? (JSObjectRef)e : NULL;
}

static JSValueRef formdata_construct(JSContextRef ctx, JSObjectRef nt, size_t argc,
                                     const JSValueRef argv[], JSValueRef *exc) {
  if (!nt)
    return js_throw(ctx, exc, "TypeError",
                    "Class constructor FormData cannot be invoked without 'new'");
  if (argc > 0 && !JSValueIsUndefined(ctx, argv[0]))
    return js_throw(
        ctx, exc, "TypeError",
        "FormData constructor: Argument 1 is not a form element (there are no forms in sonde).");
  JSObjectRef o = js_class_make(ctx, &formdata_class, NULL, nt);
  js_set_hidden(ctx, o, ENTRIES, js_make_array(ctx, 0, NULL));
  return o;
}

/* The value stored for (value, filename): a string, or a File. */
static JSValueRef entry_value(JSContextRef ctx, JSValueRef value, JSValueRef filename,
                              JSValueRef *exc) {
  const unsigned char *data;
  size_t len;
  const char *type;
  if (js_blob_bytes(ctx, value, &data, &len, &type)) {
    const char *own = js_file_name(ctx, value);
    if (own && (!filename || JSValueIsUndefined(ctx, filename))) return value;
    char *name = filename && !JSValueIsUndefined(ctx, filename) ? js_value_to_utf8(ctx, filename)
                                                                : xstrdup(own ? own : "blob");
    JSObjectRef f = js_file_new(ctx, data, len, name, type);
    free(name);
    return f;
  }
  size_t n;
  char *s = js_to_utf8(ctx, value, &n, exc);
  if (!s) return NULL;
  JSValueRef r = js_string_from_utf8(ctx, s, n, false);
  free(s);
  return r;
}

static JSObjectRef form_this(JSContextRef ctx, JSObjectRef self, JSValueRef *exc) {
  if (!JSValueIsObjectOfClass(ctx, self, js_class_ref(&formdata_class)) || !entries_of(ctx, self)) {
    js_throw(ctx, exc, "TypeError", "Illegal invocation: not a FormData");
    return NULL;
  }
  return entries_of(ctx, self);
}

static bool name_eq(JSContextRef ctx, JSValueRef pair, JSValueRef name) {
  return JSValueIsStrictEqual(ctx, js_array_get(ctx, pair, 0), name);
}

static JSValueRef name_string(JSContextRef ctx, size_t argc, const JSValueRef argv[],
                              JSValueRef *exc) {
  size_t n;
  char *s = js_to_utf8(ctx, argc ? argv[0] : JSValueMakeUndefined(ctx), &n, exc);
  if (!s) return NULL;
  JSValueRef r = js_string_from_utf8(ctx, s, n, false);
  free(s);
  return r;
}

static JSValueRef add(JSContextRef ctx, JSObjectRef self, size_t argc, const JSValueRef argv[],
                      JSValueRef *exc, bool replace) {
  JSObjectRef list = form_this(ctx, self, exc);
  if (!list) return NULL;
  if (argc < 2)
    return js_throw(ctx, exc, "TypeError", "FormData.%s: 2 arguments required.",
                    replace ? "set" : "append");
  JSValueRef name = name_string(ctx, argc, argv, exc);
  JSValueRef value = name ? entry_value(ctx, argv[1], argc > 2 ? argv[2] : NULL, exc) : NULL;
  if (!value) return NULL;
  JSValueRef pair[2] = {name, value};
  JSObjectRef entry = js_make_array(ctx, 2, pair);
  size_t n = js_array_length(ctx, list);
  if (replace) {
    JSObjectRef kept = js_make_array(ctx, 0, NULL);
    unsigned k = 0;
    bool placed = false;
    for (size_t i = 0; i < n; i++) {
      JSValueRef e = js_array_get(ctx, list, (unsigned)i);
      if (name_eq(ctx, e, name)) {
        if (!placed) JSObjectSetPropertyAtIndex(ctx, kept, k++, entry, NULL);
        placed = true;
        continue;
      }
      JSObjectSetPropertyAtIndex(ctx, kept, k++, e, NULL);
    }
    if (!placed) JSObjectSetPropertyAtIndex(ctx, kept, k++, entry, NULL);
    JSStringRef key = JSStringCreateWithUTF8CString(ENTRIES);
    JSObjectDeleteProperty(ctx, self, key, NULL);
    JSStringRelease(key);
    js_set_hidden(ctx, self, ENTRIES, kept);
  } else {
    JSObjectSetPropertyAtIndex(ctx, list, (unsigned)n, entry, NULL);
  }
  return JSValueMakeUndefined(ctx);
}

static JSValueRef form_append(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  return add(ctx, self, argc, argv, exc, false);
}

static JSValueRef form_set(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                           const JSValueRef argv[], JSValueRef *exc) {
  return add(ctx, self, argc, argv, exc, true);
}

static JSValueRef form_delete(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  JSObjectRef list = form_this(ctx, self, exc);
  JSValueRef name = list ? name_string(ctx, argc, argv, exc) : NULL;
  if (!name) return NULL;
  JSObjectRef kept = js_make_array(ctx, 0, NULL);
  unsigned k = 0;
  for (size_t i = 0; i < js_array_length(ctx, list); i++) {
    JSValueRef e = js_array_get(ctx, list, (unsigned)i);
    if (!name_eq(ctx, e, name)) JSObjectSetPropertyAtIndex(ctx, kept, k++, e, NULL);
  }
  JSStringRef key = JSStringCreateWithUTF8CString(ENTRIES);
  JSObjectDeleteProperty(ctx, self, key, NULL);
  JSStringRelease(key);
  js_set_hidden(ctx, self, ENTRIES, kept);
  return JSValueMakeUndefined(ctx);
}

static JSValueRef lookup(JSContextRef ctx, JSObjectRef self, size_t argc, const JSValueRef argv[],
                         JSValueRef *exc, int mode) {
  JSObjectRef list = form_this(ctx, self, exc);
  JSValueRef name = list ? name_string(ctx, argc, argv, exc) : NULL;
  if (!name) return NULL;
  JSObjectRef all = js_make_array(ctx, 0, NULL);
  unsigned k = 0;
  for (size_t i = 0; i < js_array_length(ctx, list); i++) {
    JSValueRef e = js_array_get(ctx, list, (unsigned)i);
    if (!name_eq(ctx, e, name)) continue;
    if (mode == 0) return js_array_get(ctx, e, 1);
    if (mode == 2) return JSValueMakeBoolean(ctx, true);
    JSObjectSetPropertyAtIndex(ctx, all, k++, js_array_get(ctx, e, 1), NULL);
  }
  return mode == 0   ? JSValueMakeNull(ctx)
         : mode == 2 ? JSValueMakeBoolean(ctx, false)
                     : (JSValueRef)all;
}

static JSValueRef form_get(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                           const JSValueRef argv[], JSValueRef *exc) {
  return lookup(ctx, self, argc, argv, exc, 0);
}

static JSValueRef form_get_all(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  return lookup(ctx, self, argc, argv, exc, 1);
}

static JSValueRef form_has(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                           const JSValueRef argv[], JSValueRef *exc) {
  return lookup(ctx, self, argc, argv, exc, 2);
}

static JSValueRef iterate(JSContextRef ctx, JSObjectRef self, int what, JSValueRef *exc) {
  JSObjectRef list = form_this(ctx, self, exc);
  if (!list) return NULL;
  JSObjectRef out = js_make_array(ctx, 0, NULL);
  for (size_t i = 0; i < js_array_length(ctx, list); i++) {
    JSValueRef e = js_array_get(ctx, list, (unsigned)i);
    JSValueRef item =
        what == 0 ? js_make_array(ctx, 2,
                                  (JSValueRef[]){js_array_get(ctx, e, 0), js_array_get(ctx, e, 1)})
                  : js_array_get(ctx, e, what == 1 ? 0 : 1);
    JSObjectSetPropertyAtIndex(ctx, out, (unsigned)i, item, NULL);
  }
  return js_array_iterator(ctx, out);
}

static JSValueRef form_entries(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  return iterate(ctx, self, 0, exc);
}

static JSValueRef form_keys(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                            const JSValueRef argv[], JSValueRef *exc) {
  return iterate(ctx, self, 1, exc);
}

static JSValueRef form_values(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  return iterate(ctx, self, 2, exc);
}

static JSValueRef form_for_each(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  JSObjectRef list = form_this(ctx, self, exc);
  if (!list) return NULL;
  if (argc < 1 || !js_is_function(ctx, argv[0]))
    return js_throw(ctx, exc, "TypeError",
                    "FormData.forEach: Argument 1 could not be converted to: Function.");
  for (size_t i = 0; i < js_array_length(ctx, list); i++) {
    JSValueRef e = js_array_get(ctx, list, (unsigned)i);
    JSValueRef args[3] = {js_array_get(ctx, e, 1), js_array_get(ctx, e, 0), self};
    if (!js_call(ctx, argv[0], argc > 1 ? argv[1] : NULL, 3, args, exc)) return NULL;
  }
  return JSValueMakeUndefined(ctx);
}

/* FormData { name: value, ... } */
static JSValueRef form_inspect(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  JSObjectRef list = entries_of(ctx, self);
  if (!list) return self;
  JSObjectRef o = JSObjectMake(ctx, NULL, NULL);
  for (size_t i = 0; i < js_array_length(ctx, list); i++) {
    JSValueRef e = js_array_get(ctx, list, (unsigned)i);
    char *k = js_value_to_utf8(ctx, js_array_get(ctx, e, 0));
    js_set(ctx, o, k, js_array_get(ctx, e, 1));
    free(k);
  }
  js_inspect_opts_t opts = {.depth = 2};
  js_inspect_opts_from_js(ctx, argc > 1 ? argv[1] : NULL, &opts);
  char *body = js_inspect(ctx, o, &opts);
  char *s = xasprintf("FormData %s", body);
  JSValueRef r = js_make_string(ctx, s);
  free(s);
  free(body);
  return r;
}

static js_class_def_t formdata_class = {
    .name = "FormData",
    .construct = formdata_construct,
    .methods = (const js_fn_t[]){{"append", form_append, 2},
                                 {"delete", form_delete, 1},
                                 {"get", form_get, 1},
                                 {"getAll", form_get_all, 1},
                                 {"has", form_has, 1},
                                 {"set", form_set, 2},
                                 {"entries", form_entries, 0},
                                 {"keys", form_keys, 0},
                                 {"values", form_values, 0},
                                 {"forEach", form_for_each, 1},
                                 {NULL, NULL, 0}},
    .iterator = "entries",
};

/* ---- multipart/form-data ---- */

static void put_quoted_name(sbuf_t *b, const char *s) {
  for (; *s; s++) {
    if (*s == '"') sbuf_puts(b, "%22");
    else if (*s == '\n') sbuf_puts(b, "%0A");
    else if (*s == '\r') sbuf_puts(b, "%0D");
    else sbuf_putc(b, *s);
  }
}

bool js_formdata_encode(JSContextRef ctx, JSValueRef fd, unsigned char **bytes, size_t *len,
                        char **content_type) {
  JSObjectRef list =
      JSValueIsObjectOfClass(ctx, fd, js_class_ref(&formdata_class)) ? entries_of(ctx, fd) : NULL;
  if (!list) return false;
  unsigned char rnd[8];
  js_random_fill(rnd, sizeof(rnd));
  char boundary[64];
  snprintf(boundary, sizeof(boundary), "----formdata-sonde-%02x%02x%02x%02x%02x%02x%02x%02x",
           rnd[0], rnd[1], rnd[2], rnd[3], rnd[4], rnd[5], rnd[6], rnd[7]);
  sbuf_t b = SBUF_INIT;
  for (size_t i = 0; i < js_array_length(ctx, list); i++) {
    JSValueRef e = js_array_get(ctx, list, (unsigned)i);
    char *name = js_to_utf8(ctx, js_array_get(ctx, e, 0), NULL, NULL);
    JSValueRef v = js_array_get(ctx, e, 1);
    sbuf_printf(&b, "--%s\r\nContent-Disposition: form-data; name=\"", boundary);
    put_quoted_name(&b, name ? name : "");
    sbuf_putc(&b, '"');
    const unsigned char *data;
    size_t n;
    const char *type;
    if (js_blob_bytes(ctx, v, &data, &n, &type)) {
      const char *fname = js_file_name(ctx, v);
      sbuf_puts(&b, "; filename=\"");
      put_quoted_name(&b, fname ? fname : "blob");
      sbuf_printf(&b, "\"\r\nContent-Type: %s\r\n\r\n", *type ? type : "application/octet-stream");
      sbuf_append(&b, (const char *)data, n);
    } else {
      size_t sn;
      char *s = js_to_utf8(ctx, v, &sn, NULL);
      sbuf_puts(&b, "\r\n\r\n");
      /* Line breaks of string values are normalized to CRLF. */
      for (size_t k = 0; s && k < sn; k++) {
        if (s[k] == '\r' && k + 1 < sn && s[k + 1] == '\n') continue;
        if (s[k] == '\n' || s[k] == '\r') sbuf_puts(&b, "\r\n");
        else sbuf_putc(&b, s[k]);
      }
      free(s);
    }
    sbuf_puts(&b, "\r\n");
    free(name);
  }
  sbuf_printf(&b, "--%s--\r\n", boundary);
  *len = b.len;
  *bytes = (unsigned char *)sbuf_take(&b);
  *content_type = xasprintf("multipart/form-data; boundary=%s", boundary);
  return true;
}

/* A parameter of a header value: name="value" or name=value; malloc'd or NULL. */
static char *header_param(const char *h, size_t n, const char *param) {
  size_t pl = strlen(param);
  for (size_t i = 0; i + pl < n; i++) {
    if (strncasecmp(h + i, param, pl) != 0 || h[i + pl] != '=' ||
        (i > 0 && h[i - 1] != ' ' && h[i - 1] != ';'))
      continue;
    const char *v = h + i + pl + 1, *end = h + n;
    if (*v == '"') {
      const char *q = memchr(v + 1, '"', (size_t)(end - v - 1));
      return xstrndup(v + 1, q ? (size_t)(q - v - 1) : (size_t)(end - v - 1));
    }
    size_t k = 0;
    while (v + k < end && v[k] != ';' && v[k] != ' ') k++;
    return xstrndup(v, k);
  }
  return NULL;
}

static const unsigned char *find(const unsigned char *hay, size_t n, const char *needle,
                                 size_t nl) {
  for (size_t i = 0; i + nl <= n; i++)
    if (memcmp(hay + i, needle, nl) == 0) return hay + i;
  return NULL;
}

JSObjectRef js_formdata_parse(JSContextRef ctx, const unsigned char *body, size_t len,
                              const char *content_type) {
  js_formdata_install(ctx);
  JSObjectRef ctor = js_class_init(ctx, &formdata_class);
  JSObjectRef fd = JSObjectCallAsConstructor(ctx, ctor, 0, NULL, NULL);
  if (!fd || !content_type) return NULL;
  JSObjectRef list = entries_of(ctx, fd);
  if (strncasecmp(content_type, "application/x-www-form-urlencoded", 33) == 0) {
    url_params_t p = {0};
    char *text = xstrndup((const char *)body, len);
    url_params_parse(&p, text);
    for (size_t i = 0; i < p.len; i++) {
      JSValueRef pair[2] = {js_string_from_utf8(ctx, p.names[i], strlen(p.names[i]), false),
                            js_string_from_utf8(ctx, p.values[i], strlen(p.values[i]), false)};
      JSObjectSetPropertyAtIndex(ctx, list, (unsigned)i, js_make_array(ctx, 2, pair), NULL);
    }
    url_params_free(&p);
    free(text);
    return fd;
  }
  if (strncasecmp(content_type, "multipart/form-data", 19) != 0) return NULL;
  char *boundary = header_param(content_type, strlen(content_type), "boundary");
  if (!boundary) return NULL;
  char *delim = xasprintf("--%s", boundary);
  size_t dl = strlen(delim);
  unsigned k = 0;
  const unsigned char *p = find(body, len, delim, dl), *end = body + len;
  while (p && p + dl + 2 <= end && !(p[dl] == '-' && p[dl + 1] == '-')) {
    const unsigned char *part = p + dl + 2; /* after CRLF */
    const unsigned char *next = find(part, (size_t)(end - part), delim, dl);
    if (!next) break;
    const unsigned char *hend = find(part, (size_t)(next - part), "\r\n\r\n", 4);
    if (!hend) break;
    const char *headers = (const char *)part;
    size_t hn = (size_t)(hend - part);
    char *name = NULL, *filename = NULL, *ctype = NULL;
    for (size_t i = 0; i < hn;) {
      const char *eol = memchr(headers + i, '\n', hn - i);
      size_t ln = eol ? (size_t)(eol - headers - i) : hn - i;
      const char *line = headers + i;
      if (ln && line[ln - 1] == '\r') ln--;
      if (strncasecmp(line, "content-disposition:", 20) == 0) {
        name = header_param(line, ln, "name");
        filename = header_param(line, ln, "filename");
      } else if (strncasecmp(line, "content-type:", 13) == 0) {
        const char *v = line + 13;
        while (*v == ' ') v++;
        ctype = xstrndup(v, ln - (size_t)(v - line));
      }
      i += ln + 2;
    }
    const unsigned char *data = hend + 4;
    size_t dn = (size_t)(next - data);
    if (dn >= 2 && data[dn - 2] == '\r' && data[dn - 1] == '\n') dn -= 2;
    JSValueRef value = filename
                           ? (JSValueRef)js_file_new(ctx, data, dn, filename, ctype ? ctype : "")
                           : js_string_from_utf8(ctx, (const char *)data, dn, false);
    JSValueRef pair[2] = {js_make_string(ctx, name ? name : ""), value};
    JSObjectSetPropertyAtIndex(ctx, list, k++, js_make_array(ctx, 2, pair), NULL);
    free(name);
    free(filename);
    free(ctype);
    p = next;
  }
  free(delim);
  free(boundary);
  return fd;
}

bool js_formdata_is(JSContextRef ctx, JSValueRef v) {
  return JSValueIsObjectOfClass(ctx, v, js_class_ref(&formdata_class));
}

void js_formdata_install(JSContextRef ctx) {
  if (!js_once(ctx, "__sonde_once_formdata")) return;
  JSObjectRef ctor = js_class_init(ctx, &formdata_class);
  js_set_keyed(ctx, (JSObjectRef)js_get(ctx, ctor, "prototype"),
               js_symbol_for(ctx, "nodejs.util.inspect.custom"),
               js_make_function(ctx, "inspect", form_inspect, 2));
  js_define_value(ctx, JSContextGetGlobalObject(ctx), "FormData", ctor, false);
}
