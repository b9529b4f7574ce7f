/* node_url: the `url` module (URL and URLSearchParams, fileURLToPath, pathToFileURL,
 * domainToASCII, urlToHttpOptions, and the legacy parse/format/resolve, which old packages
 * still call) and `querystring` (parse, stringify, escape, unescape). The legacy parser is
 * an approximation of Node's url.parse for the URLs APIs use (scheme, auth, host, port,
 * path, query, hash); it does not reproduce every quirk of the old parser.
 *
 * Memory: strings are malloc'd per call and freed before returning. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "common/fsutil.h"
#include "common/glob.h"
#include "common/sbuf.h"
#include "js/jsbytes.h"
#include "js/jsclass.h"
#include "js/jsutil.h"
#include "js/node.h"
#include "js/runtime_internal.h"
#include "js/web.h"
#include "js/web_url_parse.h"

static JSValueRef str(JSContextRef ctx, const char *s) {
  return js_string_from_utf8(ctx, s, strlen(s), false);
}

static JSValueRef take(JSContextRef ctx, char *s) {
  JSValueRef v = str(ctx, s);
  free(s);
  return v;
}

/* ---- querystring ---- */

static bool qs_unreserved(unsigned char c) { return isalnum(c) || strchr("-_.!~*'()", c) != NULL; }

static char *qs_escape_utf8(const char *s) {
  sbuf_t b = SBUF_INIT;
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (qs_unreserved(*p)) sbuf_putc(&b, (char)*p);
    else sbuf_printf(&b, "%%%02X", *p);
  }
  return sbuf_take(&b);
}

static JSValueRef qs_escape(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                            const JSValueRef argv[], JSValueRef *exc) {
  char *s = js_to_utf8(ctx, argc ? argv[0] : JSValueMakeUndefined(ctx), NULL, exc);
  if (!s) return NULL;
  JSValueRef r = take(ctx, qs_escape_utf8(s));
  free(s);
  return r;
}

static JSValueRef qs_unescape(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  size_t n;
  char *s = js_to_utf8(ctx, argc ? argv[0] : JSValueMakeUndefined(ctx), &n, exc);
  if (!s) return NULL;
  size_t out;
  char *d = url_percent_decode(s, n, &out);
  JSValueRef r = js_string_from_utf8(ctx, d, out, false);
  free(d);
  free(s);
  return r;
}

/* One piece of a query: '+' is a space, then percent-decoding. */
static JSValueRef qs_piece(JSContextRef ctx, const char *s, size_t n) {
  char *copy = xstrndup(s, n);
  for (char *p = copy; *p; p++)
    if (*p == '+') *p = ' ';
  size_t out;
  char *d = url_percent_decode(copy, n, &out);
  JSValueRef r = js_string_from_utf8(ctx, d, out, false);
  free(d);
  free(copy);
  return r;
}

static JSObjectRef qs_parse_str(JSContextRef ctx, const char *q, const char *sep, const char *eq) {
  JSObjectRef o = JSObjectMake(ctx, NULL, NULL);
  JSObjectSetPrototype(ctx, o, JSValueMakeNull(ctx));
  size_t sl = strlen(sep), el = strlen(eq);
  for (const char *s = q; *s;) {
    const char *end = sl ? strstr(s, sep) : NULL;
    size_t n = end ? (size_t)(end - s) : strlen(s);
    if (n) {
      const char *e = el ? strstr(s, eq) : NULL;
      if (e && e >= s + n) e = NULL;
      JSValueRef key = qs_piece(ctx, s, e ? (size_t)(e - s) : n);
      JSValueRef val = e ? qs_piece(ctx, e + el, n - (size_t)(e - s) - el) : str(ctx, "");
      char *k = js_value_to_utf8(ctx, key);
      JSValueRef prev = js_get(ctx, o, k);
      if (JSValueIsUndefined(ctx, prev)) {
        js_set(ctx, o, k, val);
      } else if (JSValueIsArray(ctx, prev)) {
        JSObjectSetPropertyAtIndex(ctx, (JSObjectRef)prev, (unsigned)js_array_length(ctx, prev),
                                   val, NULL);
      } else {
        JSValueRef pair[2] = {prev, val};
        js_set(ctx, o, k, js_make_array(ctx, 2, pair));
      }
      free(k);
    }
    if (!end) break;
    s = end + sl;
  }
  return o;
}

static char *opt_str(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t i,
                     const char *def) {
  if (i < argc && JSValueIsString(ctx, argv[i])) {
    char *s = js_value_to_utf8(ctx, argv[i]);
    if (*s) return s;
    free(s);
  }
  return xstrdup(def);
}

static JSValueRef qs_parse(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                           const JSValueRef argv[], JSValueRef *exc) {
  char *q =
      argc && JSValueIsString(ctx, argv[0]) ? js_to_utf8(ctx, argv[0], NULL, exc) : xstrdup("");
  if (!q) return NULL;
  char *sep = opt_str(ctx, argc, argv, 1, "&"), *eq = opt_str(ctx, argc, argv, 2, "=");
  JSObjectRef o = qs_parse_str(ctx, q, sep, eq);
  free(q);
  free(sep);
  free(eq);
  return o;
}

static char *qs_value(JSContextRef ctx, JSValueRef v) {
  if (JSValueIsString(ctx, v)) {
    char *s = js_to_utf8(ctx, v, NULL, NULL);
    char *r = qs_escape_utf8(s ? s : "");
    free(s);
    return r;
  }
  if (JSValueIsBoolean(ctx, v) || JSValueGetType(ctx, v) == kJSTypeBigInt)
    return js_value_to_utf8(ctx, v);
  if (JSValueIsNumber(ctx, v)) {
    double d = JSValueToNumber(ctx, v, NULL);
    return d - d == 0 ? js_value_to_utf8(ctx, v) : xstrdup("");
  }
  return xstrdup("");
}

static char *qs_stringify_obj(JSContextRef ctx, JSValueRef obj, const char *sep, const char *eq) {
  sbuf_t b = SBUF_INIT;
  if (!JSValueIsObject(ctx, obj)) return sbuf_take(&b);
  JSValueRef keys = js_call_global(ctx, "Object.keys", 1, &obj, NULL);
  size_t n = js_array_length(ctx, keys);
  for (size_t i = 0; i < n; i++) {
    char *k = js_value_to_utf8(ctx, js_array_get(ctx, keys, (unsigned)i));
    char *ek = qs_escape_utf8(k);
    JSValueRef v = js_get(ctx, obj, k);
    size_t m = JSValueIsArray(ctx, v) ? js_array_length(ctx, v) : 1;
    for (size_t j = 0; j < m; j++) {
      char *ev = qs_value(ctx, JSValueIsArray(ctx, v) ? js_array_get(ctx, v, (unsigned)j) : v);
      if (b.len) sbuf_puts(&b, sep);
      sbuf_printf(&b, "%s%s%s", ek, eq, ev);
      free(ev);
    }
    free(ek);
    free(k);
  }
  return sbuf_take(&b);
}

static JSValueRef qs_stringify(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  char *sep = opt_str(ctx, argc, argv, 1, "&"), *eq = opt_str(ctx, argc, argv, 2, "=");
  char *s = qs_stringify_obj(ctx, argc ? argv[0] : JSValueMakeUndefined(ctx), sep, eq);
  free(sep);
  free(eq);
  return take(ctx, s);
}

static void qs_init(js_realm_t *realm, JSObjectRef exports, void *ud) {
  JSContextRef ctx = js_realm_context(realm);
  static const js_fn_t fns[] = {{"parse", qs_parse, 4},
                                {"decode", qs_parse, 4},
                                {"stringify", qs_stringify, 4},
                                {"encode", qs_stringify, 4},
                                {"escape", qs_escape, 1},
                                {"unescape", qs_unescape, 1},
                                {NULL, NULL, 0}};
  for (const js_fn_t *fn = fns; fn->name; fn++)
    js_set(ctx, exports, fn->name, js_make_function(ctx, fn->name, fn->fn, fn->length));
}

/* ---- file URLs ---- */

static JSValueRef file_url_to_path(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                   const JSValueRef argv[], JSValueRef *exc) {
  JSValueRef v = argc ? argv[0] : JSValueMakeUndefined(ctx);
  char *href = JSValueIsObject(ctx, v)   ? js_get_string(ctx, v, "href")
               : JSValueIsString(ctx, v) ? js_value_to_utf8(ctx, v)
                                         : NULL;
  if (!href) return js_throw_arg_type(ctx, exc, "path", "of type string or an instance of URL", v);
  url_t u = {0};
  if (url_parse(href, NULL, &u) != 0) {
    free(href);
    JSObjectRef e = js_make_node_error(ctx, "TypeError", "ERR_INVALID_URL", "Invalid URL");
    *exc = e;
    return NULL;
  }
  free(href);
  JSValueRef r = NULL;
  if (strcmp(u.scheme, "file") != 0) {
    js_throw_code(ctx, exc, "TypeError", "ERR_INVALID_URL_SCHEME",
                  "The URL must be of scheme file");
  } else if (u.host && *u.host) {
    js_throw_code(ctx, exc, "TypeError", "ERR_INVALID_FILE_URL_HOST",
                  "File URL host must be \"localhost\" or empty on linux");
  } else {
    char *path = url_pathname(&u);
    bool encoded_slash = false;
    for (const char *p = path; *p; p++)
      if (p[0] == '%' && p[1] == '2' && (p[2] == 'f' || p[2] == 'F')) encoded_slash = true;
    if (encoded_slash) {
      js_throw_code(ctx, exc, "TypeError", "ERR_INVALID_FILE_URL_PATH",
                    "File URL path must not include encoded / characters");
    } else {
      size_t n;
      char *d = url_percent_decode(path, strlen(path), &n);
      r = js_string_from_utf8(ctx, d, n, false);
      free(d);
    }
    free(path);
  }
  url_free(&u);
  return r;
}

static JSValueRef path_to_file_url(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                   const JSValueRef argv[], JSValueRef *exc) {
  if (argc < 1 || !JSValueIsString(ctx, argv[0]))
    return js_throw_arg_type(ctx, exc, "path", "of type string", argc ? argv[0] : NULL);
  char *p = js_to_utf8(ctx, argv[0], NULL, exc);
  if (!p) return NULL;
  char *cwd = fs_cwd();
  char *abs = path_resolve(cwd, p);
  size_t n = strlen(p);
  /* path.resolve drops a trailing slash; the URL keeps it. */
  if (n && p[n - 1] == '/' && abs[strlen(abs) - 1] != '/') {
    char *with = xasprintf("%s/", abs);
    free(abs);
    abs = with;
  }
  sbuf_t b = SBUF_INIT;
  sbuf_puts(&b, "file://");
  for (const unsigned char *s = (const unsigned char *)abs; *s; s++) {
    /* Characters the URL parser would take as delimiters or drop, as Node escapes them. */
    if (*s == '%' || *s == '\\' || *s == '\n' || *s == '\r' || *s == '\t' || *s == '#' || *s == '?')
      sbuf_printf(&b, "%%%02X", *s);
    else sbuf_putc(&b, (char)*s);
  }
  JSValueRef r = js_url_new(ctx, sbuf_cstr(&b), exc);
  sbuf_free(&b);
  free(abs);
  free(cwd);
  free(p);
  return r;
}

static JSValueRef domain_to_ascii(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                  const JSValueRef argv[], JSValueRef *exc) {
  char *d = js_to_utf8(ctx, argc ? argv[0] : JSValueMakeUndefined(ctx), NULL, exc);
  if (!d) return NULL;
  char *h = url_host_parse(d, strlen(d), false);
  free(d);
  return take(ctx, h ? h : xstrdup(""));
}

static JSValueRef domain_to_unicode(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                    const JSValueRef argv[], JSValueRef *exc) {
  /* Punycode is not decoded back; ASCII domains come out lower-cased as Node's do. */
  return domain_to_ascii(ctx, f, self, argc, argv, exc);
}

/* urlToHttpOptions(url): the options object http.request takes. */
static JSValueRef url_to_http_options(JSContextRef ctx, JSObjectRef f, JSObjectRef self,
                                      size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  JSValueRef u = argc ? argv[0] : JSValueMakeUndefined(ctx);
  JSObjectRef o = JSObjectMake(ctx, NULL, NULL);
  js_set(ctx, o, "protocol", js_get(ctx, u, "protocol"));
  char *host = js_get_string(ctx, u, "hostname");
  if (host && host[0] == '[') {
    host[strlen(host) - 1] = '\0';
    js_set(ctx, o, "hostname", str(ctx, host + 1));
  } else {
    js_set(ctx, o, "hostname", str(ctx, host ? host : ""));
  }
  free(host);
  js_set(ctx, o, "hash", js_get(ctx, u, "hash"));
  js_set(ctx, o, "search", js_get(ctx, u, "search"));
  js_set(ctx, o, "pathname", js_get(ctx, u, "pathname"));
  char *pathname = js_get_string(ctx, u, "pathname"), *search = js_get_string(ctx, u, "search");
  js_set(ctx, o, "path",
         take(ctx, xasprintf("%s%s", pathname ? pathname : "", search ? search : "")));
  free(pathname);
  free(search);
  js_set(ctx, o, "href", js_get(ctx, u, "href"));
  char *port = js_get_string(ctx, u, "port");
  if (port && *port) js_set(ctx, o, "port", JSValueMakeNumber(ctx, atoi(port)));
  free(port);
  char *user = js_get_string(ctx, u, "username"), *pass = js_get_string(ctx, u, "password");
  if ((user && *user) || (pass && *pass))
    js_set(ctx, o, "auth", take(ctx, xasprintf("%s:%s", user ? user : "", pass ? pass : "")));
  free(user);
  free(pass);
  return o;
}

#include "js/node_url_legacy.h"

static void url_init(js_realm_t *realm, JSObjectRef exports, void *ud) {
  JSContextRef ctx = js_realm_context(realm);
  JSObjectRef global = JSContextGetGlobalObject(ctx);
  js_set(ctx, exports, "URL", js_get(ctx, global, "URL"));
  js_set(ctx, exports, "URLSearchParams", js_get(ctx, global, "URLSearchParams"));
  static const js_fn_t fns[] = {
      {"fileURLToPath", file_url_to_path, 1},       {"pathToFileURL", path_to_file_url, 1},
      {"domainToASCII", domain_to_ascii, 1},        {"domainToUnicode", domain_to_unicode, 1},
      {"urlToHttpOptions", url_to_http_options, 1}, {NULL, NULL, 0},
  };
  for (const js_fn_t *fn = fns; fn->name; fn++)
    js_set(ctx, exports, fn->name, js_make_function(ctx, fn->name, fn->fn, fn->length));
  js_url_legacy_install(ctx, exports);
}

void js_node_url_register(js_runtime_t *rt) {
  js_runtime_add_builtin(rt, "url", url_init, NULL);
  js_runtime_add_builtin(rt, "querystring", qs_init, NULL);
}

/* ---- the legacy API, shared with node_url_legacy.c ---- */

JSObjectRef js_qs_parse(JSContextRef ctx, const char *query) {
  return qs_parse_str(ctx, query, "&", "=");
}

char *js_qs_stringify(JSContextRef ctx, JSValueRef obj) {
  return qs_stringify_obj(ctx, obj, "&", "=");
}
