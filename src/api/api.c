/* api: the `api` global. Each call builds an http_request_t from the arguments and the
 * apiRunner options, sends it on the worker's http client, and resolves the returned
 * promise with an ApiResponse when the exchange completes. A pending request holds its
 * resolve/reject functions and its request config protected until it settles or the realm
 * is unbound. */
#include "api/api.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "common/sbuf.h"
#include "http/client.h"
#include "http/url.h"
#include "js/jsutil.h"

typedef struct api_binding api_binding_t;

typedef struct pending {
  api_binding_t *binding;
  uint64_t http_id;
  JSObjectRef resolve, reject, config;  /* protected */
  char *method;
  char *url;
  double timeout_ms;
  json_t *exchange;   /* the request half of the exchange event; NULL without a sink */
  struct pending *prev, *next;
} pending_t;

struct api_binding {
  api_client_t *client;
  js_realm_t *realm;
  char *base_url;
  double timeout_ms;
  json_t *headers;
  JSObjectRef object;   /* the client object; protected */
  pending_t *pending;
  api_binding_t *next;
};

struct api_client {
  http_client_t *http;
  api_binding_t *bindings;
  api_exchange_fn exchange_sink;
  void *exchange_ud;
};

void api_set_exchange_sink(api_client_t *c, api_exchange_fn fn, void *userdata) {
  c->exchange_sink = fn;
  c->exchange_ud = userdata;
}

/* ---- exchange events (reports show every request and response) ---- */

#define EXCHANGE_BODY_MAX 4096

static bool secret_header(const char *name) {
  static const char *const exact[] = {"authorization", "proxy-authorization", "cookie",
                                      "set-cookie"};
  for (size_t i = 0; i < sizeof(exact) / sizeof(exact[0]); i++)
    if (strcasecmp(name, exact[i]) == 0) return true;
  char *lower = xstrdup(name);
  for (char *p = lower; *p; p++) *p = (char)tolower((unsigned char)*p);
  bool secret = strstr(lower, "token") || strstr(lower, "secret") || strstr(lower, "api-key") ||
                strstr(lower, "apikey") || strstr(lower, "password");
  free(lower);
  return secret;
}

static json_t *headers_json(const http_header_t *h, size_t n) {
  json_t *obj = json_object();
  for (size_t i = 0; i < n; i++) {
    const char *value = secret_header(h[i].name) ? "****" : h[i].value;
    json_t *prev = json_object_get(obj, h[i].name);
    if (prev) {
      char *joined = xasprintf("%s, %s", json_string_value(prev), value);
      json_object_set_new(obj, h[i].name, json_string(joined));
      free(joined);
    } else {
      json_object_set_new(obj, h[i].name, json_string(value));
    }
  }
  return obj;
}

static json_t *body_json(const char *body, size_t len) {
  if (!body || !len) return json_string("");
  size_t n = len > EXCHANGE_BODY_MAX ? EXCHANGE_BODY_MAX : len;
  json_t *s = json_stringn_nocheck(body, n);
  if (!json_is_string(s) || !json_string_value(s)) {
    json_decref(s);
    s = json_string("<binary>");
  }
  return s;
}

api_client_t *api_client_new(uv_loop_t *loop) {
  http_client_t *http = http_client_new(loop);
  if (!http) return NULL;
  api_client_t *c = xcalloc(1, sizeof(*c));
  c->http = http;
  return c;
}

void api_client_free(api_client_t *c) {
  if (!c) return;
  while (c->bindings) api_unbind(c, c->bindings->realm);
  http_client_free(c->http);
  free(c);
}

static api_binding_t *binding_of(JSContextRef ctx) {
  js_realm_t *realm = js_realm_from_context(ctx);
  return realm ? js_realm_get_slot(realm, JS_SLOT_API) : NULL;
}

/* ---- requests ---- */

typedef struct {
  char **names;
  char **values;
  size_t len, cap;
} hlist_t;

static void hlist_set(hlist_t *h, const char *name, const char *value) {
  for (size_t i = 0; i < h->len; i++) {
    if (strcasecmp(h->names[i], name) == 0) {
      free(h->values[i]);
      h->values[i] = xstrdup(value);
      return;
    }
  }
  if (h->len == h->cap) {
    h->cap = h->cap ? h->cap * 2 : 8;
    h->names = xrealloc(h->names, h->cap * sizeof(char *));
    h->values = xrealloc(h->values, h->cap * sizeof(char *));
  }
  h->names[h->len] = xstrdup(name);
  h->values[h->len] = xstrdup(value);
  h->len++;
}

static const char *hlist_get(const hlist_t *h, const char *name) {
  for (size_t i = 0; i < h->len; i++)
    if (strcasecmp(h->names[i], name) == 0) return h->values[i];
  return NULL;
}

static void hlist_free(hlist_t *h) {
  for (size_t i = 0; i < h->len; i++) {
    free(h->names[i]);
    free(h->values[i]);
  }
  free(h->names);
  free(h->values);
}

/* Copies an object's own enumerable properties (name → String(value)) into `h`. */
static void hlist_set_from_js(JSContextRef ctx, hlist_t *h, JSValueRef obj) {
  if (!JSValueIsObject(ctx, obj)) return;
  JSPropertyNameArrayRef names = JSObjectCopyPropertyNames(ctx, (JSObjectRef)obj);
  size_t n = JSPropertyNameArrayGetCount(names);
  for (size_t i = 0; i < n; i++) {
    JSStringRef name = JSPropertyNameArrayGetNameAtIndex(names, i);
    JSValueRef v = JSObjectGetProperty(ctx, (JSObjectRef)obj, name, NULL);
    if (!v || JSValueIsUndefined(ctx, v)) continue;
    char *k = js_string_to_utf8(name);
    char *val = js_value_to_utf8(ctx, v);
    hlist_set(h, k, val);
    free(k);
    free(val);
  }
  JSPropertyNameArrayRelease(names);
}

static void append_params(JSContextRef ctx, sbuf_t *url, JSValueRef params) {
  if (!JSValueIsObject(ctx, params)) return;
  JSPropertyNameArrayRef names = JSObjectCopyPropertyNames(ctx, (JSObjectRef)params);
  size_t n = JSPropertyNameArrayGetCount(names);
  for (size_t i = 0; i < n; i++) {
    JSStringRef name = JSPropertyNameArrayGetNameAtIndex(names, i);
    JSValueRef v = JSObjectGetProperty(ctx, (JSObjectRef)params, name, NULL);
    if (!v || JSValueIsUndefined(ctx, v)) continue;
    char *k = js_string_to_utf8(name);
    if (JSValueIsArray(ctx, v)) {
      size_t m = js_array_length(ctx, v);
      for (size_t j = 0; j < m; j++) {
        char *val = js_value_to_utf8(ctx, js_array_get(ctx, v, (unsigned)j));
        url_append_param(url, k, val);
        free(val);
      }
    } else {
      char *val = js_value_to_utf8(ctx, v);
      url_append_param(url, k, val);
      free(val);
    }
    free(k);
  }
  JSPropertyNameArrayRelease(names);
}

static bool looks_like_json(const char *s) {
  json_t *j = json_loads(s, JSON_DECODE_ANY, NULL);
  if (!j) return false;
  json_decref(j);
  return true;
}

static JSValueRef json_stringify(JSContextRef ctx, JSValueRef v, JSValueRef *exc) {
  JSStringRef s = JSValueCreateJSONString(ctx, v, 0, exc);
  if (!s) return NULL;
  JSValueRef r = JSValueMakeString(ctx, s);
  JSStringRelease(s);
  return r;
}

static void pending_unlink(pending_t *p) {
  api_binding_t *b = p->binding;
  if (p->prev) p->prev->next = p->next;
  else b->pending = p->next;
  if (p->next) p->next->prev = p->prev;
}

static void pending_free(JSContextRef ctx, pending_t *p) {
  json_decref(p->exchange);
  JSValueUnprotect(ctx, p->resolve);
  JSValueUnprotect(ctx, p->reject);
  JSValueUnprotect(ctx, p->config);
  free(p->method);
  free(p->url);
  free(p);
}

static bool is_json_type(const char *ct) {
  if (!ct) return false;
  const char *semi = strchr(ct, ';');
  size_t n = semi ? (size_t)(semi - ct) : strlen(ct);
  while (n && isspace((unsigned char)ct[n - 1])) n--;
  if (n == 16 && strncasecmp(ct, "application/json", 16) == 0) return true;
  return n > 5 && strncasecmp(ct + n - 5, "+json", 5) == 0;
}

static JSObjectRef build_response(JSContextRef ctx, pending_t *p, http_response_t *res) {
  JSObjectRef r = JSObjectMake(ctx, NULL, NULL);
  JSObjectRef headers = api_headers_new(ctx);
  const char *content_type = NULL;
  for (size_t i = 0; i < res->n_headers; i++) {
    api_headers_append(ctx, headers, res->headers[i].name, res->headers[i].value);
    if (strcasecmp(res->headers[i].name, "content-type") == 0) content_type = res->headers[i].value;
  }
  js_set(ctx, r, "status", JSValueMakeNumber(ctx, (double)res->status));
  js_set(ctx, r, "statusText", js_make_string(ctx, res->status_text ? res->status_text : ""));
  js_set(ctx, r, "headers", headers);
  JSValueRef data = JSValueMakeNull(ctx);
  if (res->body_len > 0) {
    if (is_json_type(content_type)) {
      JSStringRef s = JSStringCreateWithUTF8CString(res->body);
      JSValueRef parsed = JSValueMakeFromJSONString(ctx, s);
      JSStringRelease(s);
      data = parsed ? parsed : js_make_string_len(ctx, res->body, res->body_len);
    } else {
      data = js_make_string_len(ctx, res->body, res->body_len);
    }
  }
  js_set(ctx, r, "data", data);
  js_set(ctx, r, "ok", JSValueMakeBoolean(ctx, res->status >= 200 && res->status < 300));
  js_set(ctx, r, "duration", JSValueMakeNumber(ctx, res->duration_ms));
  js_set(ctx, r, "url", js_make_string(ctx, res->effective_url ? res->effective_url : p->url));
  js_set(ctx, r, "request", p->config);
  return r;
}

static JSObjectRef build_error(JSContextRef ctx, pending_t *p, http_response_t *res) {
  char *msg;
  if (res->error == HTTP_ERR_TIMEOUT)
    msg = xasprintf("Request timeout after %gms: %s %s", p->timeout_ms, p->method, p->url);
  else
    msg = xasprintf("%s %s failed: %s", p->method, p->url,
                    res->error_message ? res->error_message : "network error");
  JSObjectRef e = js_make_error(ctx, "Error", msg);
  free(msg);
  js_set(ctx, e, "code", js_make_string(ctx, res->error_code ? res->error_code : "EUNKNOWN"));
  js_set(ctx, e, "method", js_make_string(ctx, p->method));
  js_set(ctx, e, "url", js_make_string(ctx, p->url));
  return e;
}

static void emit_exchange(api_client_t *c, pending_t *p, const http_response_t *res) {
  json_t *ev = p->exchange;
  json_object_set_new(ev, "duration", json_real(res->duration_ms));
  if (res->error == HTTP_OK) {
    json_object_set_new(ev, "status", json_integer(res->status));
    json_object_set_new(ev, "statusText", json_string(res->status_text ? res->status_text : ""));
    json_t *response = json_pack("{s:o, s:o, s:I}", "headers",
                                 headers_json(res->headers, res->n_headers), "body",
                                 body_json(res->body, res->body_len), "size",
                                 (json_int_t)res->body_len);
    json_object_set_new(ev, "response", response);
  } else {
    json_object_set_new(ev, "error", json_string(res->error_message ? res->error_message : "error"));
  }
  c->exchange_sink(ev, c->exchange_ud);
}

static void on_http_done(http_response_t *res, void *userdata) {
  pending_t *p = userdata;
  api_binding_t *b = p->binding;
  JSContextRef ctx = js_realm_context(b->realm);
  pending_unlink(p);
  if (p->exchange && b->client->exchange_sink) emit_exchange(b->client, p, res);
  JSValueRef exc = NULL;
  if (res->error == HTTP_OK) {
    JSValueRef value = build_response(ctx, p, res);
    js_call(ctx, p->resolve, NULL, 1, &value, &exc);
  } else {
    JSValueRef err = build_error(ctx, p, res);
    js_call(ctx, p->reject, NULL, 1, &err, &exc);
  }
  http_response_free(res);
  pending_free(ctx, p);
}

/* api.<method>(path, [body,] options) */
static JSValueRef api_send(JSContextRef ctx, const char *method, bool has_body, size_t argc,
                           const JSValueRef argv[], JSValueRef *exception) {
  api_binding_t *b = binding_of(ctx);
  if (!b) return js_throw(ctx, exception, "Error", "the api client is not active in this context");
  if (argc < 1 || !JSValueIsString(ctx, argv[0]))
    return js_throw(ctx, exception, "TypeError", "api.%s(path): path must be a string",
                    method);
  JSValueRef body = has_body && argc > 1 ? argv[1] : NULL;
  JSValueRef options = argc > (has_body ? 2u : 1u) ? argv[has_body ? 2 : 1] : NULL;
  if (options && !JSValueIsObject(ctx, options)) options = NULL;

  char *path = js_value_to_utf8(ctx, argv[0]);
  char *joined = url_join(b->base_url, path);
  free(path);
  sbuf_t url = SBUF_INIT;
  sbuf_puts(&url, joined);
  free(joined);
  if (options) append_params(ctx, &url, js_get(ctx, options, "params"));

  hlist_t headers = {0};
  hlist_set(&headers, "Content-Type", "application/json");
  hlist_set(&headers, "Accept", "application/json");
  const char *key;
  json_t *val;
  json_object_foreach(b->headers, key, val) {
    if (json_is_string(val)) hlist_set(&headers, key, json_string_value(val));
  }
  bool caller_type = false;
  if (options) {
    JSValueRef h = js_get(ctx, options, "headers");
    if (JSValueIsObject(ctx, h)) {
      hlist_t tmp = {0};
      hlist_set_from_js(ctx, &tmp, h);
      caller_type = hlist_get(&tmp, "content-type") != NULL;
      for (size_t i = 0; i < tmp.len; i++) hlist_set(&headers, tmp.names[i], tmp.values[i]);
      hlist_free(&tmp);
    }
  }

  /* Objects go as JSON; strings as they are (text/plain unless they are JSON). */
  char *body_text = NULL;
  size_t body_len = 0;
  if (body && !JSValueIsUndefined(ctx, body) && !JSValueIsNull(ctx, body)) {
    if (JSValueIsString(ctx, body)) {
      body_text = js_value_to_utf8_len(ctx, body, &body_len);
      if (!caller_type && !hlist_get(&headers, "content-type")) caller_type = false;
      if (!caller_type && !looks_like_json(body_text)) hlist_set(&headers, "Content-Type", "text/plain");
    } else {
      JSValueRef s = json_stringify(ctx, body, exception);
      if (!s) {
        sbuf_free(&url);
        hlist_free(&headers);
        return NULL;
      }
      body_text = js_value_to_utf8_len(ctx, s, &body_len);
    }
  }

  double timeout = b->timeout_ms;
  if (options) timeout = js_get_number(ctx, options, "timeout", timeout);

  /* The request config that response.request exposes. */
  JSObjectRef config = JSObjectMake(ctx, NULL, NULL);
  JSObjectRef req_headers = api_headers_new(ctx);
  http_header_t *hh = xcalloc(headers.len + 1, sizeof(*hh));
  for (size_t i = 0; i < headers.len; i++) {
    hh[i].name = headers.names[i];
    hh[i].value = headers.values[i];
    api_headers_append(ctx, req_headers, headers.names[i], headers.values[i]);
  }
  js_set(ctx, config, "method", js_make_string(ctx, method));
  js_set(ctx, config, "url", js_make_string(ctx, sbuf_cstr(&url)));
  js_set(ctx, config, "headers", req_headers);
  js_set(ctx, config, "body", body_text ? js_make_string_len(ctx, body_text, body_len)
                                        : JSValueMakeUndefined(ctx));
  js_set(ctx, config, "timeout", JSValueMakeNumber(ctx, timeout));

  JSObjectRef resolve = NULL, reject = NULL;
  JSObjectRef promise = JSObjectMakeDeferredPromise(ctx, &resolve, &reject, exception);
  if (!promise) {
    free(hh);
    free(body_text);
    sbuf_free(&url);
    hlist_free(&headers);
    return NULL;
  }
  pending_t *p = xcalloc(1, sizeof(*p));
  p->binding = b;
  p->resolve = resolve;
  p->reject = reject;
  p->config = config;
  JSValueProtect(ctx, resolve);
  JSValueProtect(ctx, reject);
  JSValueProtect(ctx, config);
  p->method = xstrdup(method);
  p->url = sbuf_take(&url);
  p->timeout_ms = timeout;
  if (b->client->exchange_sink) {
    p->exchange = json_pack("{s:s, s:s, s:s}", "type", "http", "method", method, "url", p->url);
    json_object_set_new(p->exchange, "request",
                        json_pack("{s:o, s:o}", "headers", headers_json(hh, headers.len), "body",
                                  body_json(body_text, body_len)));
  }
  p->next = b->pending;
  if (b->pending) b->pending->prev = p;
  b->pending = p;

  http_request_t req = {
      .method = method,
      .url = p->url,
      .headers = hh,
      .n_headers = headers.len,
      .body = body_text,
      .body_len = body_len,
      .timeout_ms = (long)timeout,
  };
  p->http_id = http_client_send(b->client->http, &req, on_http_done, p);
  free(hh);
  free(body_text);
  hlist_free(&headers);
  return promise;
}

#define API_METHOD(fname, verb, body)                                                         \
  static JSValueRef fname(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,    \
                          const JSValueRef argv[], JSValueRef *exc) {                        \
    return api_send(ctx, verb, body, argc, argv, exc);                                       \
  }
API_METHOD(api_get, "GET", false)
API_METHOD(api_head, "HEAD", false)
API_METHOD(api_options_m, "OPTIONS", false)
API_METHOD(api_delete, "DELETE", false)
API_METHOD(api_post, "POST", true)
API_METHOD(api_put, "PUT", true)
API_METHOD(api_patch, "PATCH", true)

/* ---- binding ---- */

void api_bind(api_client_t *c, js_realm_t *realm, const api_config_t *cfg, const char *base_url) {
  JSContextRef ctx = js_realm_context(realm);
  api_binding_t *b = xcalloc(1, sizeof(*b));
  b->client = c;
  b->realm = realm;
  if (!base_url) base_url = cfg->base_url;
  b->base_url = base_url ? xstrdup(base_url) : NULL;
  b->timeout_ms = cfg->timeout_ms > 0 ? cfg->timeout_ms : 30000;
  b->headers = json_deep_copy(cfg->headers);
  b->object = JSObjectMake(ctx, NULL, NULL);
  JSValueProtect(ctx, b->object);
  js_set_function(ctx, b->object, "get", api_get);
  js_set_function(ctx, b->object, "head", api_head);
  js_set_function(ctx, b->object, "options", api_options_m);
  js_set_function(ctx, b->object, "delete", api_delete);
  js_set_function(ctx, b->object, "post", api_post);
  js_set_function(ctx, b->object, "put", api_put);
  js_set_function(ctx, b->object, "patch", api_patch);
  const char *name = cfg->global_name && cfg->global_name[0] ? cfg->global_name : "api";
  js_set(ctx, JSContextGetGlobalObject(ctx), name, b->object);
  js_realm_set_slot(realm, JS_SLOT_API, b);
  b->next = c->bindings;
  c->bindings = b;
}

void api_unbind(api_client_t *c, js_realm_t *realm) {
  for (api_binding_t **pp = &c->bindings; *pp; pp = &(*pp)->next) {
    api_binding_t *b = *pp;
    if (b->realm != realm) continue;
    *pp = b->next;
    JSContextRef ctx = js_realm_context(realm);
    while (b->pending) {
      pending_t *p = b->pending;
      http_client_cancel(c->http, p->http_id);
      pending_unlink(p);
      pending_free(ctx, p);
    }
    JSValueUnprotect(ctx, b->object);
    js_realm_set_slot(realm, JS_SLOT_API, NULL);
    json_decref(b->headers);
    free(b->base_url);
    free(b);
    return;
  }
}

struct http_client *api_http_of(js_realm_t *realm) {
  api_binding_t *b = js_realm_get_slot(realm, JS_SLOT_API);
  return b ? b->client->http : NULL;
}

JSValueRef api_global(js_realm_t *realm) {
  api_binding_t *b = js_realm_get_slot(realm, JS_SLOT_API);
  return b ? (JSValueRef)b->object : JSValueMakeUndefined(js_realm_context(realm));
}
