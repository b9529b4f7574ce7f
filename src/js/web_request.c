/* web_request: fetch's Request class on the body mixin of web_fetch.c, and
 * js_request_parts, which fetch() uses to validate its arguments exactly as
 * `new Request(input, init)` would and to take the method, URL, headers, body, signal and
 * redirect mode out of the result.
 *
 * Memory: the private data owns method, URL and body bytes (freed by the finalizer);
 * js_request_parts_t owns copies (js_request_parts_free). */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/sbuf.h"
#include "js/jsbytes.h"
#include "js/jsclass.h"
#include "js/jsutil.h"
#include "js/web.h"
#include "js/web_fetch_internal.h"

typedef struct {
  body_t body; /* first, for the mixin */
  char *method;
  char *url;
  int redirect; /* 0 follow, 1 error, 2 manual */
} request_t;

static const char *const kRedirects[] = {"follow", "error", "manual"};

static void request_finalize(JSObjectRef o) {
  request_t *r = JSObjectGetPrivate(o);
  if (!r) return;
  free(r->body.data);
  free(r->method);
  free(r->url);
  free(r);
}

static bool token(const char *s) {
  if (!*s) return false;
  for (const unsigned char *p = (const unsigned char *)s; *p; p++)
    if (!(*p > 0x20 && *p < 0x7F && !strchr("\"(),/:;<=>?@[\\]{}", *p))) return false;
  return true;
}

/* Method normalization: the six standard methods upper-cased, others as given. */
static char *normalize_method(const char *m) {
  static const char *const std[] = {"DELETE", "GET", "HEAD", "OPTIONS", "POST", "PUT"};
  for (size_t i = 0; i < 6; i++)
    if (strcasecmp(m, std[i]) == 0) return xstrdup(std[i]);
  return xstrdup(m);
}

static JSValueRef request_construct(JSContextRef ctx, JSObjectRef nt, size_t argc,
                                    const JSValueRef argv[], JSValueRef *exc) {
  if (!nt)
    return js_throw(ctx, exc, "TypeError",
                    "Class constructor Request cannot be invoked without 'new'");
  if (argc < 1)
    return js_throw(ctx, exc, "TypeError",
                    "Request constructor: At least 1 argument required, but only 0 present.");
  JSValueRef input = argv[0];
  JSValueRef init = argc > 1 && JSValueIsObject(ctx, argv[1]) ? argv[1] : NULL;
  request_t *from = js_class_private(ctx, &js_request_class, input);
  request_t *r = xcalloc(1, sizeof(*r));
  JSValueRef signal = NULL, headers_init = NULL;
  if (from) {
    r->url = xstrdup(from->url);
    r->method = xstrdup(from->method);
    r->redirect = from->redirect;
    signal = js_get(ctx, input, "__sonde_signal");
    headers_init = js_body_headers_of(ctx, input);
  } else {
    char *s = js_to_utf8(ctx, input, NULL, exc);
    if (!s) {
      free(r);
      return NULL;
    }
    r->url = js_url_resolve(s, NULL);
    if (!r->url) {
      js_throw(ctx, exc, "TypeError", "Failed to parse URL from %s", s);
      free(s);
      free(r);
      return NULL;
    }
    free(s);
    r->method = xstrdup("GET");
  }
  bool ok = true;
  if (init) {
    JSValueRef m = js_get(ctx, init, "method");
    if (!JSValueIsUndefined(ctx, m)) {
      char *method = js_value_to_utf8(ctx, m);
      if (!token(method)) {
        js_throw(ctx, exc, "TypeError", "'%s' is not a valid HTTP method.", method);
        ok = false;
      } else if (strcasecmp(method, "CONNECT") == 0 || strcasecmp(method, "TRACE") == 0 ||
                 strcasecmp(method, "TRACK") == 0) {
        js_throw(ctx, exc, "TypeError", "'%s' HTTP method is unsupported.", method);
        ok = false;
      } else {
        free(r->method);
        r->method = normalize_method(method);
      }
      free(method);
    }
    JSValueRef red = js_get(ctx, init, "redirect");
    if (ok && !JSValueIsUndefined(ctx, red)) {
      char *mode = js_value_to_utf8(ctx, red);
      int found = -1;
      for (int i = 0; i < 3; i++)
        if (strcmp(mode, kRedirects[i]) == 0) found = i;
      if (found < 0) {
        js_throw(ctx, exc, "TypeError",
                 "Request constructor: %s is not an accepted type. Expected one of follow, error, "
                 "manual.",
                 mode);
        ok = false;
      }
      r->redirect = found < 0 ? 0 : found;
      free(mode);
    }
    JSValueRef sig = js_get(ctx, init, "signal");
    if (!JSValueIsUndefined(ctx, sig)) signal = sig;
    JSValueRef h = js_get(ctx, init, "headers");
    if (!JSValueIsUndefined(ctx, h)) headers_init = h;
  }
  JSValueRef body = init ? js_get(ctx, init, "body") : NULL;
  bool own_body = body && !JSValueIsUndefined(ctx, body) && !JSValueIsNull(ctx, body);
  if (ok && (own_body || (from && from->body.has_body)) &&
      (strcmp(r->method, "GET") == 0 || strcmp(r->method, "HEAD") == 0)) {
    js_throw(ctx, exc, "TypeError", "Request with GET/HEAD method cannot have body.");
    ok = false;
  }
  if (ok && from && !own_body && from->body.used) {
    js_throw(ctx, exc, "TypeError",
             "Cannot construct a Request with a Request object that has already been used.");
    ok = false;
  }
  unsigned char *bytes = NULL;
  size_t len = 0;
  char *type = NULL;
  if (ok && own_body) ok = js_body_extract(ctx, body, &bytes, &len, &type, exc);
  JSObjectRef headers = ok ? js_body_new_headers(ctx, headers_init, type, exc) : NULL;
  free(type);
  if (!headers) {
    free(bytes);
    free(r->url);
    free(r->method);
    free(r);
    return NULL;
  }
  if (own_body) {
    js_body_take(&r->body, bytes, len, true);
  } else if (from && from->body.has_body) {
    /* The new request takes over the input's body, which counts as used. */
    js_body_take(&r->body, from->body.data, from->body.len, true);
    from->body.data = NULL;
    from->body.len = 0;
    from->body.used = true;
  }
  JSObjectRef o = js_class_make(ctx, &js_request_class, r, nt);
  js_set_hidden(ctx, o, "__sonde_headers", headers);
  if (!signal || !js_abort_signal_is(ctx, signal)) {
    JSValueRef ac = js_get(ctx, JSContextGetGlobalObject(ctx), "AbortController");
    JSObjectRef c = JSValueIsObject(ctx, ac)
                        ? JSObjectCallAsConstructor(ctx, (JSObjectRef)ac, 0, NULL, NULL)
                        : NULL;
    signal = c ? js_get(ctx, c, "signal") : JSValueMakeNull(ctx);
  }
  js_set_hidden(ctx, o, "__sonde_signal", signal);
  return o;
}

#define Q_THIS(r)                                                  \
  request_t *r = js_class_this(ctx, &js_request_class, self, exc); \
  if (!r) return NULL

static JSValueRef req_method(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                             const JSValueRef argv[], JSValueRef *exc) {
  Q_THIS(r);
  return js_make_string(ctx, r->method);
}

static JSValueRef req_url(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                          const JSValueRef argv[], JSValueRef *exc) {
  Q_THIS(r);
  return js_string_from_utf8(ctx, r->url, strlen(r->url), false);
}

static JSValueRef req_redirect(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  Q_THIS(r);
  return js_make_string(ctx, kRedirects[r->redirect]);
}

static JSValueRef req_signal(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                             const JSValueRef argv[], JSValueRef *exc) {
  Q_THIS(r);
  return js_get(ctx, self, "__sonde_signal");
}

/* The fixed-valued attributes of a request made by sonde (no browser context). */
static JSValueRef req_fixed(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                            const JSValueRef argv[], JSValueRef *exc) {
  Q_THIS(r);
  char *name = js_get_string(ctx, f, "name");
  static const char *const values[][2] = {
      {"get cache", "default"},   {"get credentials", "same-origin"},
      {"get mode", "cors"},       {"get referrer", "about:client"},
      {"get referrerPolicy", ""}, {"get integrity", ""},
      {"get destination", ""},    {"get duplex", "half"}};
  JSValueRef v = js_make_string(ctx, "");
  for (size_t i = 0; name && i < sizeof(values) / sizeof(values[0]); i++)
    if (strcmp(name, values[i][0]) == 0) v = js_make_string(ctx, values[i][1]);
  if (name && strcmp(name, "get keepalive") == 0) v = JSValueMakeBoolean(ctx, false);
  free(name);
  return v;
}

static JSValueRef req_clone(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                            const JSValueRef argv[], JSValueRef *exc) {
  Q_THIS(r);
  if (r->body.used)
    return js_throw(ctx, exc, "TypeError", "Request.clone: Body has already been consumed.");
  request_t *c = xcalloc(1, sizeof(*c));
  c->method = xstrdup(r->method);
  c->url = xstrdup(r->url);
  c->redirect = r->redirect;
  unsigned char *copy = xmalloc(r->body.len ? r->body.len : 1);
  if (r->body.len) memcpy(copy, r->body.data, r->body.len);
  js_body_take(&c->body, copy, r->body.len, r->body.has_body);
  JSObjectRef o = js_class_make(ctx, &js_request_class, c, NULL);
  js_set_hidden(ctx, o, "__sonde_headers",
                js_body_copy_headers(ctx, js_body_headers_of(ctx, self)));
  js_set_hidden(ctx, o, "__sonde_signal", js_get(ctx, self, "__sonde_signal"));
  return o;
}

static JSValueRef req_inspect(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  static const char *const keys[] = {
      "method",      "url",   "headers",  "destination", "referrer",  "referrerPolicy", "mode",
      "credentials", "cache", "redirect", "integrity",   "keepalive", "signal",         NULL};
  if (!js_class_private(ctx, &js_request_class, self)) return self;
  return js_body_inspect_fields(ctx, self, "Request", keys, argc, argv);
}

js_class_def_t js_request_class = {
    .name = "Request",
    .finalize = request_finalize,
    .construct = request_construct,
    .length = 1,
    .methods = (const js_fn_t[]){JS_BODY_METHODS, {"clone", req_clone, 0}, {NULL, NULL, 0}},
    .accessors = (const js_accessor_t[]){{"method", req_method, NULL},
                                         {"url", req_url, NULL},
                                         {"headers", js_body_headers, NULL},
                                         {"redirect", req_redirect, NULL},
                                         {"signal", req_signal, NULL},
                                         {"body", js_body_stream, NULL},
                                         {"bodyUsed", js_body_used, NULL},
                                         {"cache", req_fixed, NULL},
                                         {"credentials", req_fixed, NULL},
                                         {"mode", req_fixed, NULL},
                                         {"referrer", req_fixed, NULL},
                                         {"referrerPolicy", req_fixed, NULL},
                                         {"integrity", req_fixed, NULL},
                                         {"keepalive", req_fixed, NULL},
                                         {"destination", req_fixed, NULL},
                                         {"duplex", req_fixed, NULL},
                                         {NULL, NULL, NULL}},
};

JSObjectRef js_request_init(JSContextRef ctx) {
  JSObjectRef ctor = js_class_init(ctx, &js_request_class);
  js_set_keyed(ctx, (JSObjectRef)js_get(ctx, ctor, "prototype"),
               js_symbol_for(ctx, "nodejs.util.inspect.custom"),
               js_make_function(ctx, "inspect", req_inspect, 2));
  return ctor;
}

JSObjectRef js_request_parts(JSContextRef ctx, JSValueRef input, JSValueRef init,
                             js_request_parts_t *out, JSValueRef *exception) {
  memset(out, 0, sizeof(*out));
  js_fetch_classes_install(ctx);
  JSObjectRef ctor = js_class_init(ctx, &js_request_class);
  JSValueRef args[2] = {input, init ? init : JSValueMakeUndefined(ctx)};
  JSObjectRef req = JSObjectCallAsConstructor(ctx, ctor, 2, args, exception);
  if (!req) return NULL;
  request_t *r = JSObjectGetPrivate(req);
  out->method = xstrdup(r->method);
  /* The fragment never goes on the wire. */
  out->url = xstrdup(r->url);
  char *hash = strchr(out->url, '#');
  if (hash) *hash = '\0';
  out->headers = (JSObjectRef)js_body_headers_of(ctx, req);
  if (r->body.has_body) {
    out->body = xmalloc(r->body.len ? r->body.len : 1);
    if (r->body.len) memcpy(out->body, r->body.data, r->body.len);
    out->body_len = r->body.len;
    r->body.used = true;
  }
  JSValueRef sig = js_get(ctx, req, "__sonde_signal");
  out->signal = js_abort_signal_is(ctx, sig) ? sig : NULL;
  out->redirect = r->redirect;
  return req;
}

void js_request_parts_free(js_request_parts_t *p) {
  free(p->method);
  free(p->url);
  free(p->body);
  memset(p, 0, sizeof(*p));
}
