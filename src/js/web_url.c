/* web_url: the URL and URLSearchParams globals over web_url_parse. A URL's searchParams
 * object is live: changing it rewrites the URL's query, and setting search/href re-reads
 * the list. URLSearchParams takes a query string, a record, a sequence of pairs or another
 * URLSearchParams; it sorts stably by name and serializes as application/x-www-form-
 * urlencoded. Both print as Node prints them.
 *
 * Memory: a URL's private data is its url_t; a URLSearchParams' private data is its list
 * plus a pointer to the url_t it belongs to. The two objects keep each other alive through
 * hidden properties (so the pointer is valid whenever JS can reach either) and each
 * finalizer frees only its own struct. */
#include <stdlib.h>
#include <string.h>

#include "common/sbuf.h"
#include "js/inspect.h"
#include "js/jsbytes.h"
#include "js/jsclass.h"
#include "js/jsutil.h"
#include "js/web.h"
#include "js/web_url_parse.h"

#include "js/web_url_internal.h"

/* ---- helpers ---- */

static JSValueRef str(JSContextRef ctx, const char *s) {
  return js_string_from_utf8(ctx, s, strlen(s), false);
}

static JSValueRef take_str(JSContextRef ctx, char *s) {
  JSValueRef v = str(ctx, s);
  free(s);
  return v;
}

static char *arg_utf8(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t i,
                      JSValueRef *exc) {
  return js_to_utf8(ctx, i < argc ? argv[i] : JSValueMakeUndefined(ctx), NULL, exc);
}

static void url_finalize(JSObjectRef o);
static JSValueRef url_construct(JSContextRef ctx, JSObjectRef nt, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc);

static JSValueRef invalid_url(JSContextRef ctx, JSValueRef *exc, const char *input,
                              const char *base) {
  JSObjectRef e = js_make_node_error(ctx, "TypeError", "ERR_INVALID_URL", "Invalid URL");
  js_set(ctx, e, "input", str(ctx, input));
  if (base) js_set(ctx, e, "base", str(ctx, base));
  *exc = e;
  return NULL;
}

/* The query changed: the URL's searchParams list follows it. */
static void reparse_params(url_obj_t *u) {
  if (!u->params) return;
  url_params_clear(&u->params->list);
  if (u->url.query) url_params_parse(&u->params->list, u->url.query);
}

/* ---- URL ---- */

static JSValueRef url_construct(JSContextRef ctx, JSObjectRef nt, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  if (!nt)
    return js_throw(ctx, exc, "TypeError", "Class constructor URL cannot be invoked without 'new'");
  if (argc < 1)
    return js_throw_code(ctx, exc, "TypeError", "ERR_MISSING_ARGS",
                         "The \"url\" argument must be specified");
  char *input = arg_utf8(ctx, argc, argv, 0, exc);
  if (!input) return NULL;
  char *base_s = NULL;
  url_t base = {0}, parsed = {0};
  bool have_base = argc > 1 && !JSValueIsUndefined(ctx, argv[1]);
  if (have_base) {
    base_s = arg_utf8(ctx, argc, argv, 1, exc);
    if (!base_s) {
      free(input);
      return NULL;
    }
  }
  int r = have_base ? url_parse(base_s, NULL, &base) : 0;
  if (r == 0) r = url_parse(input, have_base ? &base : NULL, &parsed);
  if (have_base) url_free(&base);
  if (r != 0) {
    invalid_url(ctx, exc, input, base_s);
    free(input);
    free(base_s);
    return NULL;
  }
  free(input);
  free(base_s);
  url_obj_t *u = xcalloc(1, sizeof(*u));
  u->url = parsed;
  JSObjectRef obj = js_class_make(ctx, &js_url_class, u, nt);
  JSObjectRef params = js_params_make(ctx, u);
  reparse_params(u);
  js_set_hidden(ctx, obj, "__sonde_params", params);
  js_set_hidden(ctx, params, "__sonde_url", obj);
  return obj;
}

static void url_finalize(JSObjectRef o) {
  url_obj_t *u = JSObjectGetPrivate(o);
  if (!u) return;
  url_free(&u->url);
  free(u);
}

#define URL_THIS(u)                                            \
  url_obj_t *u = js_class_this(ctx, &js_url_class, self, exc); \
  if (!u) return NULL

static JSValueRef get_href(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                           const JSValueRef argv[], JSValueRef *exc) {
  URL_THIS(u);
  return take_str(ctx, url_href(&u->url, false));
}

static JSValueRef set_href(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                           const JSValueRef argv[], JSValueRef *exc) {
  URL_THIS(u);
  char *v = arg_utf8(ctx, argc, argv, 0, exc);
  if (!v) return NULL;
  url_t parsed = {0};
  if (url_parse(v, NULL, &parsed) != 0) {
    invalid_url(ctx, exc, v, NULL);
    free(v);
    return NULL;
  }
  free(v);
  url_free(&u->url);
  u->url = parsed;
  reparse_params(u);
  return JSValueMakeUndefined(ctx);
}

static JSValueRef get_origin(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                             const JSValueRef argv[], JSValueRef *exc) {
  URL_THIS(u);
  return take_str(ctx, url_origin(&u->url));
}

static JSValueRef get_protocol(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  URL_THIS(u);
  return take_str(ctx, xasprintf("%s:", u->url.scheme));
}

/* Setters that run the parser from a state: a rejected value leaves the URL as it was. */
static JSValueRef set_with(JSContextRef ctx, JSObjectRef self, size_t argc, const JSValueRef argv[],
                           JSValueRef *exc, url_override_t state, const char *suffix) {
  URL_THIS(u);
  char *v = arg_utf8(ctx, argc, argv, 0, exc);
  if (!v) return NULL;
  char *in = suffix ? xasprintf("%s%s", v, suffix) : xstrdup(v);
  url_parse_override(in, &u->url, state);
  free(in);
  free(v);
  return JSValueMakeUndefined(ctx);
}

static JSValueRef set_protocol(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  return set_with(ctx, self, argc, argv, exc, URL_SCHEME_START, ":");
}

static JSValueRef get_username(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  URL_THIS(u);
  return str(ctx, u->url.username);
}

static JSValueRef get_password(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  URL_THIS(u);
  return str(ctx, u->url.password);
}

static JSValueRef set_userinfo(JSContextRef ctx, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc, bool password) {
  URL_THIS(u);
  char *v = arg_utf8(ctx, argc, argv, 0, exc);
  if (!v) return NULL;
  if (!url_cannot_have_credentials(&u->url)) {
    if (password) url_set_password(&u->url, v);
    else url_set_username(&u->url, v);
  }
  free(v);
  return JSValueMakeUndefined(ctx);
}

static JSValueRef set_username(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  return set_userinfo(ctx, self, argc, argv, exc, false);
}

static JSValueRef set_password(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  return set_userinfo(ctx, self, argc, argv, exc, true);
}

static JSValueRef get_host(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                           const JSValueRef argv[], JSValueRef *exc) {
  URL_THIS(u);
  return take_str(ctx, url_host_port(&u->url));
}

static JSValueRef set_host(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                           const JSValueRef argv[], JSValueRef *exc) {
  URL_THIS(u);
  if (u->url.opaque_path) return JSValueMakeUndefined(ctx);
  return set_with(ctx, self, argc, argv, exc, URL_HOST, NULL);
}

static JSValueRef get_hostname(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  URL_THIS(u);
  return str(ctx, u->url.host ? u->url.host : "");
}

static JSValueRef set_hostname(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  URL_THIS(u);
  if (u->url.opaque_path) return JSValueMakeUndefined(ctx);
  return set_with(ctx, self, argc, argv, exc, URL_HOSTNAME, NULL);
}

static JSValueRef get_port(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                           const JSValueRef argv[], JSValueRef *exc) {
  URL_THIS(u);
  return u->url.port < 0 ? str(ctx, "") : take_str(ctx, xasprintf("%d", u->url.port));
}

static JSValueRef set_port(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                           const JSValueRef argv[], JSValueRef *exc) {
  URL_THIS(u);
  if (url_cannot_have_credentials(&u->url)) return JSValueMakeUndefined(ctx);
  char *v = arg_utf8(ctx, argc, argv, 0, exc);
  if (!v) return NULL;
  if (!*v) u->url.port = -1;
  else url_parse_override(v, &u->url, URL_PORT);
  free(v);
  return JSValueMakeUndefined(ctx);
}

static JSValueRef get_pathname(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  URL_THIS(u);
  return take_str(ctx, url_pathname(&u->url));
}

static JSValueRef set_pathname(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  URL_THIS(u);
  if (u->url.opaque_path) return JSValueMakeUndefined(ctx);
  char *v = arg_utf8(ctx, argc, argv, 0, exc);
  if (!v) return NULL;
  url_t copy;
  url_copy(&copy, &u->url);
  for (size_t i = 0; i < copy.n_path; i++) free(copy.path[i]);
  copy.n_path = 0;
  if (url_parse_override(v, &copy, URL_PATH_START) == 0) {
    url_free(&u->url);
    u->url = copy;
  } else {
    url_free(&copy);
  }
  free(v);
  return JSValueMakeUndefined(ctx);
}

static JSValueRef get_search(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                             const JSValueRef argv[], JSValueRef *exc) {
  URL_THIS(u);
  if (!u->url.query || !*u->url.query) return str(ctx, "");
  return take_str(ctx, xasprintf("?%s", u->url.query));
}

static JSValueRef set_search(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                             const JSValueRef argv[], JSValueRef *exc) {
  URL_THIS(u);
  char *v = arg_utf8(ctx, argc, argv, 0, exc);
  if (!v) return NULL;
  free(u->url.query);
  u->url.query = NULL;
  if (*v) {
    u->url.query = xstrdup("");
    url_parse_override(v[0] == '?' ? v + 1 : v, &u->url, URL_QUERY);
  }
  free(v);
  reparse_params(u);
  return JSValueMakeUndefined(ctx);
}

static JSValueRef get_search_params(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                    const JSValueRef argv[], JSValueRef *exc) {
  URL_THIS(u);
  return js_get(ctx, self, "__sonde_params");
}

static JSValueRef get_hash(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                           const JSValueRef argv[], JSValueRef *exc) {
  URL_THIS(u);
  if (!u->url.fragment || !*u->url.fragment) return str(ctx, "");
  return take_str(ctx, xasprintf("#%s", u->url.fragment));
}

static JSValueRef set_hash(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                           const JSValueRef argv[], JSValueRef *exc) {
  URL_THIS(u);
  char *v = arg_utf8(ctx, argc, argv, 0, exc);
  if (!v) return NULL;
  free(u->url.fragment);
  u->url.fragment = NULL;
  if (*v) {
    u->url.fragment = xstrdup("");
    url_parse_override(v[0] == '#' ? v + 1 : v, &u->url, URL_FRAGMENT);
  }
  free(v);
  return JSValueMakeUndefined(ctx);
}

/* [util.inspect.custom]: URL { href: ..., origin: ..., ..., hash: ... } as Node prints. */
static JSValueRef url_inspect(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  url_obj_t *u = js_class_private(ctx, &js_url_class, self);
  if (!u) return self;
  if (argc > 0 && JSValueIsNumber(ctx, argv[0]) && JSValueToNumber(ctx, argv[0], NULL) < 0)
    return self;
  static const char *const keys[] = {"href",     "origin", "protocol",     "username",
                                     "password", "host",   "hostname",     "port",
                                     "pathname", "search", "searchParams", "hash"};
  JSObjectRef o = JSObjectMake(ctx, NULL, NULL);
  for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
    js_set(ctx, o, keys[i], js_get(ctx, self, keys[i]));
  js_inspect_opts_t opts = {.depth = 2};
  js_inspect_opts_from_js(ctx, argc > 1 ? argv[1] : NULL, &opts);
  char *body = js_inspect(ctx, o, &opts);
  char *name = js_get_string(ctx, js_get(ctx, self, "constructor"), "name");
  char *s = xasprintf("%s %s", name ? name : "URL", body);
  free(name);
  free(body);
  return take_str(ctx, s);
}

static JSValueRef url_can_parse(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  char *input = arg_utf8(ctx, argc, argv, 0, exc);
  if (!input) return NULL;
  bool ok;
  url_t base = {0}, parsed = {0};
  if (argc > 1 && !JSValueIsUndefined(ctx, argv[1])) {
    char *b = arg_utf8(ctx, argc, argv, 1, exc);
    ok = b && url_parse(b, NULL, &base) == 0 && url_parse(input, &base, &parsed) == 0;
    free(b);
  } else {
    ok = url_parse(input, NULL, &parsed) == 0;
  }
  url_free(&base);
  url_free(&parsed);
  free(input);
  return JSValueMakeBoolean(ctx, ok);
}

static JSValueRef url_object_url(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                 const JSValueRef argv[], JSValueRef *exc) {
  return js_throw_code(ctx, exc, "Error", "ERR_SONDE_UNSUPPORTED",
                       "URL.createObjectURL/revokeObjectURL are not available in sonde");
}

js_class_def_t js_url_class = {
    .name = "URL",
    .finalize = url_finalize,
    .construct = url_construct,
    .length = 1,
    .methods =
        (const js_fn_t[]){{"toString", get_href, 0}, {"toJSON", get_href, 0}, {NULL, NULL, 0}},
    .accessors = (const js_accessor_t[]){{"href", get_href, set_href},
                                         {"origin", get_origin, NULL},
                                         {"protocol", get_protocol, set_protocol},
                                         {"username", get_username, set_username},
                                         {"password", get_password, set_password},
                                         {"host", get_host, set_host},
                                         {"hostname", get_hostname, set_hostname},
                                         {"port", get_port, set_port},
                                         {"pathname", get_pathname, set_pathname},
                                         {"search", get_search, set_search},
                                         {"searchParams", get_search_params, NULL},
                                         {"hash", get_hash, set_hash},
                                         {NULL, NULL, NULL}},
    .statics = (const js_fn_t[]){{"canParse", url_can_parse, 1},
                                 {"createObjectURL", url_object_url, 1},
                                 {"revokeObjectURL", url_object_url, 1},
                                 {NULL, NULL, 0}},
};

/* ---- C entry points ---- */

char *js_url_resolve(const char *input, const char *base) {
  url_t b = {0}, u = {0};
  if (base && url_parse(base, NULL, &b) != 0) return NULL;
  int r = url_parse(input, base ? &b : NULL, &u);
  url_free(&b);
  if (r != 0) return NULL;
  char *href = url_href(&u, false);
  url_free(&u);
  return href;
}

JSValueRef js_url_new(JSContextRef ctx, const char *href, JSValueRef *exception) {
  js_url_install(ctx);
  JSObjectRef ctor = js_class_init(ctx, &js_url_class);
  JSValueRef arg = js_make_string(ctx, href);
  return ctor ? JSObjectCallAsConstructor(ctx, ctor, 1, &arg, exception) : NULL;
}

void js_url_install(JSContextRef ctx) {
  if (!js_once(ctx, "__sonde_once_url")) return;
  JSObjectRef global = JSContextGetGlobalObject(ctx);
  JSObjectRef url = js_class_init(ctx, &js_url_class);
  js_set_keyed(ctx, (JSObjectRef)js_get(ctx, url, "prototype"),
               js_symbol_for(ctx, "nodejs.util.inspect.custom"),
               js_make_function(ctx, "inspect", url_inspect, 2));
  js_define_value(ctx, global, "URL", url, false);
  js_define_value(ctx, global, "URLSearchParams", js_params_init(ctx), false);
}
