/* node_url_legacy: Node's legacy url.parse/format/resolve. parse splits the string the way
 * the old parser does for ordinary URLs (protocol, // and auth@host:port, pathname, search,
 * hash; hostnames lower-cased; slashed schemes get "/" as path) and returns a Url object
 * with Node's property order; format builds a string back from such an object (or from a
 * WHATWG URL, with the auth/fragment/search options); resolve goes through the WHATWG
 * parser. Memory: strings are malloc'd per call and freed before returning. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/sbuf.h"
#include "js/jsbytes.h"
#include "js/jsclass.h"
#include "js/jsutil.h"
#include "js/node_url_legacy.h"
#include "js/web.h"
#include "js/web_url_parse.h"

static JSValueRef opt(JSContextRef ctx, const char *s) {
  return s ? js_string_from_utf8(ctx, s, strlen(s), false) : JSValueMakeNull(ctx);
}

static bool slashed_protocol(const char *p) {
  static const char *const names[] = {"http:", "https:", "ftp:", "gopher:", "file:", "ws:", "wss:"};
  for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
    if (strcasecmp(p, names[i]) == 0) return true;
  return false;
}

static js_class_def_t url_class = {.name = "Url"};

static JSObjectRef legacy_parse(JSContextRef ctx, const char *input, bool parse_query,
                                bool slashes_denote_host) {
  char *rest = xstrdup(input);
  /* trim whitespace, as the old parser does */
  char *s = rest;
  while (isspace((unsigned char)*s)) s++;
  size_t n = strlen(s);
  while (n && isspace((unsigned char)s[n - 1])) s[--n] = '\0';
  char *protocol = NULL, *auth = NULL, *host = NULL, *hostname = NULL, *port = NULL;
  char *hash = NULL, *search = NULL, *query = NULL, *pathname = NULL;
  bool slashes = false;

  char *h = strchr(s, '#');
  if (h) {
    hash = xstrdup(h);
    *h = '\0';
  }
  char *q = strchr(s, '?');
  if (q) {
    search = xstrdup(q);
    query = xstrdup(q + 1);
    *q = '\0';
  }
  char *p = s;
  size_t i = 0;
  while (p[i] && (isalnum((unsigned char)p[i]) || p[i] == '+' || p[i] == '-' || p[i] == '.')) i++;
  if (i > 0 && p[i] == ':') {
    protocol = xstrndup(p, i + 1);
    for (char *c = protocol; *c; c++) *c = (char)tolower((unsigned char)*c);
    p += i + 1;
  }
  if ((protocol || slashes_denote_host) && p[0] == '/' && p[1] == '/' &&
      !(protocol && strcmp(protocol, "javascript:") == 0)) {
    slashes = true;
    p += 2;
    size_t end = strcspn(p, "/\\");
    char *authority = xstrndup(p, end);
    p += end;
    char *at = strrchr(authority, '@');
    char *hp = authority;
    if (at) {
      *at = '\0';
      size_t dn;
      auth = url_percent_decode(authority, strlen(authority), &dn);
      hp = at + 1;
    }
    char *colon = hp[0] == '[' ? strstr(hp, "]:") : strrchr(hp, ':');
    if (colon && hp[0] == '[') colon++;
    if (colon && colon[1] && strspn(colon + 1, "0123456789") == strlen(colon + 1)) {
      port = xstrdup(colon + 1);
      *colon = '\0';
    }
    hostname = xstrdup(hp);
    for (char *c = hostname; *c; c++) *c = (char)tolower((unsigned char)*c);
    if (hostname[0] == '[') {
      size_t hl = strlen(hostname);
      memmove(hostname, hostname + 1, hl);
      if (hl >= 2 && hostname[hl - 2] == ']') hostname[hl - 2] = '\0';
    }
    host = port ? xasprintf("%s:%s", hostname, port) : xstrdup(hostname);
    free(authority);
  }
  pathname = *p                                                                  ? xstrdup(p)
             : (slashes || (protocol && slashed_protocol(protocol))) && hostname ? xstrdup("/")
                                                                                 : NULL;

  js_class_init(ctx, &url_class);
  JSObjectRef o = js_class_make(ctx, &url_class, NULL, NULL);
  js_set(ctx, o, "protocol", opt(ctx, protocol));
  js_set(ctx, o, "slashes", slashes ? JSValueMakeBoolean(ctx, true) : JSValueMakeNull(ctx));
  js_set(ctx, o, "auth", opt(ctx, auth));
  js_set(ctx, o, "host", opt(ctx, host));
  js_set(ctx, o, "port", opt(ctx, port));
  js_set(ctx, o, "hostname", opt(ctx, hostname));
  js_set(ctx, o, "hash", opt(ctx, hash));
  js_set(ctx, o, "search", parse_query && !search ? opt(ctx, "") : opt(ctx, search));
  if (parse_query) js_set(ctx, o, "query", js_qs_parse(ctx, query ? query : ""));
  else js_set(ctx, o, "query", opt(ctx, query));
  js_set(ctx, o, "pathname", opt(ctx, pathname));
  char *path =
      pathname || search ? xasprintf("%s%s", pathname ? pathname : "", search ? search : "") : NULL;
  js_set(ctx, o, "path", opt(ctx, path));
  sbuf_t href = SBUF_INIT;
  if (protocol) sbuf_puts(&href, protocol);
  if (slashes) sbuf_puts(&href, "//");
  if (auth) sbuf_printf(&href, "%s@", auth);
  if (host) sbuf_puts(&href, host);
  if (path) sbuf_puts(&href, path);
  if (hash) sbuf_puts(&href, hash);
  js_set(ctx, o, "href", opt(ctx, sbuf_cstr(&href)));
  sbuf_free(&href);
  free(path);
  free(rest);
  free(protocol);
  free(auth);
  free(host);
  free(hostname);
  free(port);
  free(hash);
  free(search);
  free(query);
  free(pathname);
  return o;
}

static JSValueRef url_parse_js(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  if (argc < 1 || !JSValueIsString(ctx, argv[0]))
    return js_throw_arg_type(ctx, exc, "url", "of type string", argc ? argv[0] : NULL);
  char *s = js_to_utf8(ctx, argv[0], NULL, exc);
  if (!s) return NULL;
  JSObjectRef o = legacy_parse(ctx, s, argc > 1 && JSValueToBoolean(ctx, argv[1]),
                               argc > 2 && JSValueToBoolean(ctx, argv[2]));
  free(s);
  return o;
}

static bool flag(JSContextRef ctx, JSValueRef opts, const char *name) {
  JSValueRef v = js_get(ctx, opts, name);
  return JSValueIsUndefined(ctx, v) || JSValueToBoolean(ctx, v);
}

/* format(urlObject | URL | string[, options]) */
static JSValueRef url_format_js(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  JSValueRef v = argc ? argv[0] : JSValueMakeUndefined(ctx);
  JSValueRef url_ctor = js_get(ctx, JSContextGetGlobalObject(ctx), "URL");
  if (JSValueIsObject(ctx, v) && JSValueIsObject(ctx, url_ctor) &&
      JSValueIsInstanceOfConstructor(ctx, v, (JSObjectRef)url_ctor, NULL)) {
    JSValueRef o = argc > 1 ? argv[1] : JSValueMakeUndefined(ctx);
    char *href = js_get_string(ctx, v, "href");
    url_t u = {0};
    JSValueRef r = NULL;
    if (href && url_parse(href, NULL, &u) == 0) {
      if (!flag(ctx, o, "auth")) {
        url_set_username(&u, "");
        url_set_password(&u, "");
      }
      if (!flag(ctx, o, "fragment")) {
        free(u.fragment);
        u.fragment = NULL;
      }
      if (!flag(ctx, o, "search")) {
        free(u.query);
        u.query = NULL;
      }
      char *s = url_href(&u, false);
      r = opt(ctx, s);
      free(s);
    }
    url_free(&u);
    free(href);
    return r ? r : opt(ctx, "");
  }
  if (JSValueIsString(ctx, v)) {
    char *s = js_to_utf8(ctx, v, NULL, exc);
    if (!s) return NULL;
    v = legacy_parse(ctx, s, false, false);
    free(s);
  }
  if (!JSValueIsObject(ctx, v))
    return js_throw_arg_type(ctx, exc, "urlObject", "one of type object or string", v);
  sbuf_t b = SBUF_INIT;
  char *protocol = js_get_string(ctx, v, "protocol");
  if (protocol && *protocol) {
    sbuf_puts(&b, protocol);
    if (protocol[strlen(protocol) - 1] != ':') sbuf_putc(&b, ':');
  }
  char *auth = js_get_string(ctx, v, "auth"), *host = js_get_string(ctx, v, "host");
  char *hostname = js_get_string(ctx, v, "hostname"), *port = js_get_string(ctx, v, "port");
  bool has_host = (host && *host) || (hostname && *hostname);
  bool slashes = JSValueToBoolean(ctx, js_get(ctx, v, "slashes"));
  char *proto_colon =
      protocol ? xasprintf("%s%s", protocol, protocol[strlen(protocol) - 1] == ':' ? "" : ":")
               : NULL;
  if (slashes || (has_host && (!proto_colon || slashed_protocol(proto_colon)))) sbuf_puts(&b, "//");
  free(proto_colon);
  if (auth && *auth && has_host) sbuf_printf(&b, "%s@", auth);
  if (host && *host) sbuf_puts(&b, host);
  else if (hostname && *hostname) {
    sbuf_puts(&b, hostname);
    if (port && *port) sbuf_printf(&b, ":%s", port);
  }
  char *pathname = js_get_string(ctx, v, "pathname");
  if (pathname && *pathname) {
    if (has_host && pathname[0] != '/') sbuf_putc(&b, '/');
    sbuf_puts(&b, pathname);
  }
  char *search = js_get_string(ctx, v, "search");
  JSValueRef query = js_get(ctx, v, "query");
  if (search && *search) {
    if (search[0] != '?') sbuf_putc(&b, '?');
    sbuf_puts(&b, search);
  } else if (JSValueIsObject(ctx, query)) {
    char *qs = js_qs_stringify(ctx, query);
    if (*qs) sbuf_printf(&b, "?%s", qs);
    free(qs);
  }
  char *hash = js_get_string(ctx, v, "hash");
  if (hash && *hash) {
    if (hash[0] != '#') sbuf_putc(&b, '#');
    sbuf_puts(&b, hash);
  }
  JSValueRef r = opt(ctx, sbuf_cstr(&b));
  sbuf_free(&b);
  free(protocol);
  free(auth);
  free(host);
  free(hostname);
  free(port);
  free(pathname);
  free(search);
  free(hash);
  return r;
}

/* resolve(from, to): through the WHATWG parser; relative bases resolve as paths. */
static JSValueRef url_resolve_js(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                 const JSValueRef argv[], JSValueRef *exc) {
  char *from = js_to_utf8(ctx, argc > 0 ? argv[0] : JSValueMakeUndefined(ctx), NULL, exc);
  char *to =
      from ? js_to_utf8(ctx, argc > 1 ? argv[1] : JSValueMakeUndefined(ctx), NULL, exc) : NULL;
  if (!to) {
    free(from);
    return NULL;
  }
  char *r = js_url_resolve(to, from);
  if (!r) {
    /* A base without a scheme: resolve against a placeholder and strip it again. */
    char *base = xasprintf("resolve://%s%s", from[0] == '/' ? "" : "/", from);
    char *full = js_url_resolve(to, base);
    r = full && strncmp(full, "resolve://", 10) == 0 ? xstrdup(full + 10 + (from[0] == '/' ? 0 : 1))
                                                     : xstrdup(to);
    free(full);
    free(base);
  }
  JSValueRef v = opt(ctx, r);
  free(r);
  free(from);
  free(to);
  return v;
}

void js_url_legacy_install(JSContextRef ctx, JSObjectRef exports) {
  js_set(ctx, exports, "Url", js_class_init(ctx, &url_class));
  js_set(ctx, exports, "parse", js_make_function(ctx, "urlParse", url_parse_js, 3));
  js_set(ctx, exports, "format", js_make_function(ctx, "urlFormat", url_format_js, 2));
  js_set(ctx, exports, "resolve", js_make_function(ctx, "urlResolve", url_resolve_js, 2));
  js_set(ctx, exports, "resolveObject", js_make_function(ctx, "urlParse", url_parse_js, 3));
}
