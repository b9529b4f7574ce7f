/* api_request: one `api` call, from its arguments to the settled promise.
 *
 *   start   arguments and options checked; URL joined with the base URL; default and
 *           per-request headers merged; the body's Content-Type chosen unless someone set
 *           one; the promise made; the abort signal watched.
 *   attempt a fresh request config {method, url, headers, params, body, timeout} goes
 *           through the request interceptors (in order, each may mutate or replace it; a
 *           throw rejects the call); Blob and FormData file parts are read. Without
 *           interceptors or such bodies this step is synchronous.
 *   send    params appended, body serialized, the exchange started on the http client;
 *           config is what response.request shows.
 *   done    network errors, 5xx and 429 are retried (apiRunner.retries / per request)
 *           after retryDelay (doubling with jitter for retryBackoff 'exponential', or what
 *           a 429/503 Retry-After asks, capped by the timeout); otherwise an http response
 *           becomes an ApiResponse, passed through the response interceptors, and resolves
 *           the promise; an error rejects it. Timeouts (the whole attempt exceeded
 *           `timeout`) are not retried: the test fails with the timeout error.
 *
 * Memory: a call is owned by its binding's list until it settles or is cancelled. JS
 * continuations (interceptor promises, the abort listener) hold a ticket, not the call: a
 * small refcounted box whose `call` is cleared when the call goes, so a continuation that
 * runs late (or is collected late) finds nothing to do. */
#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "api/api_internal.h"
#include "http/url.h"

typedef struct {
  int refs;
  api_call_t *call;
} api_ticket_t;

struct api_call {
  api_binding_t *b;
  api_inst_t *inst; /* the client object called; outlived by the call */
  api_call_t *prev, *next;
  api_ticket_t *ticket;
  JSObjectRef resolve, reject; /* protected */
  JSObjectRef origin;          /* an Error made when the call was made, so that a network
                                  * error's stack is the caller's line (a spec's), not the
                                  * loop's; protected */
  JSValueRef body;             /* the caller's body; protected; NULL when none */
  JSValueRef params;           /* protected; NULL when none */
  JSObjectRef signal;          /* protected; NULL when none */
  JSObjectRef on_abort;        /* the listener added to `signal`; protected */
  JSObjectRef config;          /* the config the last attempt sent (interceptors ran);
                                  * protected; NULL when the attempt went out without one */
  api_hlist_t sent_headers;    /* without a config: the headers of the attempt in flight */
  char *sent_json;             /* without a config: its JSON body text, or NULL */
  char *method;
  char *url;              /* base URL + path; params are appended per attempt */
  api_hlist_t headers;    /* defaults merged with the call's own */
  char *auto_type;        /* the Content-Type chosen from the body; NULL: caller's */
  char *boundary;         /* for FormData bodies */
  double timeout_ms;      /* as asked for; each attempt's config starts from it */
  double sent_timeout_ms; /* of the attempt in flight (an interceptor may change it) */
  int retries;
  double retry_delay_ms;
  bool exponential;
  int max_redirects;            /* 0: redirect 'manual' (the 3xx is the response) */
  double max_body_size;         /* bytes; 0: no limit */
  int attempt;                  /* attempts started */
  uint64_t http_id;             /* the exchange in flight, 0 when none */
  uv_timer_t *timer;            /* the wait before the next attempt; NULL when none */
  char *sent_method, *sent_url; /* of the attempt in flight */
  api_exchange_t *exchange;     /* its exchange record (request half) */
  json_t *har_request;          /* its HAR entry's request half when the client records;
                                  * owned; NULL otherwise */
  double har_started;           /* when it was sent, ms since the epoch */
};

static void call_attempt(api_call_t *call);

/* ---- tickets ---- */

static api_ticket_t *ticket_ref(api_ticket_t *t) {
  t->refs++;
  return t;
}

static void ticket_unref(void *p) {
  api_ticket_t *t = p;
  if (--t->refs == 0) free(t);
}

/* ---- lifetime ---- */

static void on_timer_closed(uv_handle_t *h) { free(h); }

static void call_stop_timer(api_call_t *call) {
  if (!call->timer) return;
  uv_close((uv_handle_t *)call->timer, on_timer_closed);
  call->timer = NULL;
}

/* Unlinks and frees a call; JS values are unprotected, nothing is called. */
static void call_free(api_call_t *call) {
  api_binding_t *b = call->b;
  JSContextRef ctx = js_realm_context(b->realm);
  if (call->http_id) http_client_cancel(b->client->http, call->http_id);
  call_stop_timer(call);
  if (call->prev) call->prev->next = call->next;
  else b->calls = call->next;
  if (call->next) call->next->prev = call->prev;
  call->ticket->call = NULL;
  ticket_unref(call->ticket);
  JSValueRef held[] = {call->resolve, call->reject,   call->body,   call->params,
                       call->signal,  call->on_abort, call->config, call->origin};
  for (size_t i = 0; i < sizeof(held) / sizeof(held[0]); i++)
    if (held[i]) JSValueUnprotect(ctx, held[i]);
  api_exchange_free(call->exchange);
  json_decref(call->har_request);
  api_hlist_free(&call->headers);
  api_hlist_free(&call->sent_headers);
  free(call->sent_json);
  free(call->method);
  free(call->url);
  free(call->auto_type);
  free(call->boundary);
  free(call->sent_method);
  free(call->sent_url);
  free(call);
}

void api_call_cancel(api_call_t *call) { call_free(call); }

/* Settles the promise with `value` (reject: as an error) and frees the call first, so that
 * whatever the settlement runs (an abort of this very signal, say) finds it gone. */
static void call_settle(api_call_t *call, JSValueRef value, bool reject) {
  JSContextRef ctx = js_realm_context(call->b->realm);
  api_client_t *client = call->b->client;
  if (!reject && client->response_check) {
    /* the automatic contract check: a violation rejects the call where the test awaits it */
    JSValueRef thrown = NULL;
    client->response_check(ctx, value, client->response_check_ud, &thrown);
    if (thrown) {
      value = thrown;
      reject = true;
    }
  }
  JSObjectRef fn = reject ? call->reject : call->resolve, call_reject = call->reject;
  JSObjectRef signal = call->signal, listener = call->on_abort;
  JSValueRef keep[] = {fn, value, signal, listener, call_reject};
  for (size_t i = 0; i < 5; i++)
    if (keep[i]) JSValueProtect(ctx, keep[i]);
  call_free(call);
  if (signal && listener) {
    /* The caller's signal: its removeEventListener may throw, and a response must not
     * resolve the call past an exception (a rejection already under way stays). */
    JSValueRef thrown = NULL;
    JSValueRef remove = api_prop(ctx, signal, "removeEventListener", &thrown);
    JSValueRef args[2] = {js_make_string(ctx, "abort"), listener};
    if (js_is_function(ctx, remove)) js_call(ctx, remove, signal, 2, args, &thrown);
    if (thrown && !reject) {
      JSValueProtect(ctx, thrown);
      JSValueUnprotect(ctx, value);
      keep[1] = value = thrown;
      JSValueUnprotect(ctx, fn);
      keep[0] = fn = call_reject;
      JSValueProtect(ctx, fn);
    }
  }
  JSValueRef exc = NULL;
  js_call(ctx, fn, NULL, 1, &value, &exc);
  for (size_t i = 0; i < 5; i++)
    if (keep[i]) JSValueUnprotect(ctx, keep[i]);
}

/* The params a config shows: a URLSearchParams as it is (no plain copy keeps its entries),
 * else a copy of the caller's object, made per attempt so that an interceptor editing
 * them does not edit them twice; {} without params. A getter that throws sets *exc. */
static JSObjectRef call_params(api_call_t *call, JSValueRef *exc) {
  JSContextRef ctx = js_realm_context(call->b->realm);
  JSObjectRef params = JSObjectMake(ctx, NULL, NULL);
  if (!call->params) return params;
  char *tag = api_tag_of(call->b, call->params);
  bool search = strcmp(tag, "URLSearchParams") == 0;
  free(tag);
  if (search) return (JSObjectRef)call->params;
  JSValueRef object = js_get(ctx, JSContextGetGlobalObject(ctx), "Object");
  JSValueRef args[2] = {params, call->params};
  if (!*exc) js_call(ctx, js_get(ctx, object, "assign"), object, 2, args, exc);
  return params;
}

/* response.request for an attempt sent without a config: the fields a config has. NULL
 * with *exc when reading the params throws. */
static JSValueRef call_request(api_call_t *call, JSValueRef *exc) {
  JSContextRef ctx = js_realm_context(call->b->realm);
  JSObjectRef config = JSObjectMake(ctx, NULL, NULL);
  js_set(ctx, config, "method", js_make_string(ctx, call->sent_method));
  js_set(ctx, config, "url", js_make_string(ctx, call->sent_url));
  js_set(ctx, config, "headers", api_hlist_to_headers(ctx, &call->sent_headers));
  js_set(ctx, config, "params", call_params(call, exc));
  if (*exc) return NULL;
  js_set(ctx, config, "body",
         call->sent_json ? js_make_string(ctx, call->sent_json)
         : call->body    ? call->body
                         : JSValueMakeUndefined(ctx));
  js_set(ctx, config, "timeout", JSValueMakeNumber(ctx, call->sent_timeout_ms));
  js_set(ctx, config, "attempt", JSValueMakeNumber(ctx, call->attempt));
  return config;
}

static api_exchange_info_t call_info(const api_call_t *call) {
  api_exchange_info_t info = {
      .method = call->sent_method ? call->sent_method : call->method,
      .url = call->sent_url ? call->sent_url : call->url,
      .request = call->config,
      .attempts = call->attempt,
      .timeout_ms = call->sent_timeout_ms,
  };
  return info;
}

/* ---- abort ---- */

static JSValueRef on_abort(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                           const JSValueRef argv[], JSValueRef *exc) {
  api_ticket_t *t = data;
  api_call_t *call = t->call;
  if (!call) return NULL;
  api_debug(call->b, "%s %s aborted", call->method, call->url);
  JSValueRef thrown = NULL;
  JSValueRef reason = api_prop(ctx, call->signal, "reason", &thrown);
  if (thrown) { /* a getter on the caller's signal: that is the rejection */
    call_settle(call, thrown, true);
    return NULL;
  }
  /* As fetch does: an Error-like reason (AbortSignal's default DOMException, a timeout's
   * TimeoutError) is the rejection itself; anything else is wrapped in an AbortError. */
  JSValueRef err = JSValueIsObject(ctx, reason)
                       ? reason
                       : (JSValueRef)api_abort_error_new(ctx, call->method, call->url, reason);
  call_settle(call, err, true);
  return NULL;
}

/* ---- options ---- */

typedef struct {
  const char *fn; /* "api.get" ... for messages */
  JSValueRef *exc;
} api_args_t;

static bool opt_number(JSContextRef ctx, const api_args_t *a, JSValueRef options, const char *name,
                       bool integer, double *out) {
  JSValueRef v = api_prop(ctx, options, name, a->exc);
  if (*a->exc) return false;
  if (JSValueIsUndefined(ctx, v) || JSValueIsNull(ctx, v)) return true;
  double d = JSValueIsNumber(ctx, v) ? JSValueToNumber(ctx, v, NULL) : NAN;
  if (!isfinite(d) || d < 0 || (integer && d != floor(d))) {
    js_throw(ctx, a->exc, "TypeError", "%s: options.%s must be a non-negative %s", a->fn, name,
             integer ? "integer" : "number");
    return false;
  }
  *out = d;
  return true;
}

/* A string option among `allowed` (NULL-terminated); *out is the index. */
static bool opt_enum(JSContextRef ctx, const api_args_t *a, JSValueRef options, const char *name,
                     const char *const *allowed, int *out) {
  JSValueRef v = api_prop(ctx, options, name, a->exc);
  if (*a->exc) return false;
  if (JSValueIsUndefined(ctx, v) || JSValueIsNull(ctx, v)) return true;
  char *s = JSValueIsString(ctx, v) ? js_value_to_utf8(ctx, v) : NULL;
  for (int i = 0; s && allowed[i]; i++) {
    if (strcmp(s, allowed[i]) == 0) {
      *out = i;
      free(s);
      return true;
    }
  }
  free(s);
  js_throw(ctx, a->exc, "TypeError", "%s: options.%s must be '%s' or '%s'%s", a->fn, name,
           allowed[0], allowed[1], allowed[2] ? " (or another allowed value)" : "");
  return false;
}

/* Reads the per-request options into the call; false with *exc on a bad one. */
static bool call_options(JSContextRef ctx, api_call_t *call, const api_args_t *a,
                         JSValueRef options) {
  double retries = call->retries, redirects = call->max_redirects;
  if (!opt_number(ctx, a, options, "timeout", false, &call->timeout_ms) ||
      !opt_number(ctx, a, options, "retries", true, &retries) ||
      !opt_number(ctx, a, options, "retryDelay", false, &call->retry_delay_ms) ||
      !opt_number(ctx, a, options, "maxRedirects", true, &redirects) ||
      !opt_number(ctx, a, options, "maxBodySize", true, &call->max_body_size))
    return false;
  call->retries = retries > 100 ? 100 : (int)retries;
  call->max_redirects = redirects > 100 ? 100 : (int)redirects;
  static const char *const backoffs[] = {"fixed", "exponential", NULL};
  int backoff = call->exponential ? 1 : 0;
  if (!opt_enum(ctx, a, options, "retryBackoff", backoffs, &backoff)) return false;
  call->exponential = backoff == 1;
  static const char *const redirect_modes[] = {"follow", "manual", "error", NULL};
  int mode = 0;
  if (!opt_enum(ctx, a, options, "redirect", redirect_modes, &mode)) return false;
  if (mode == 1) call->max_redirects = 0;
  /* 'error': any redirect fails, which is following with a limit of none left. */
  if (mode == 2) call->max_redirects = -1;

  JSValueRef signal = api_prop(ctx, options, "signal", a->exc);
  if (*a->exc) return false;
  if (!JSValueIsUndefined(ctx, signal) && !JSValueIsNull(ctx, signal)) {
    JSValueRef add = api_prop(ctx, signal, "addEventListener", a->exc);
    if (*a->exc) return false;
    if (!JSValueIsObject(ctx, signal) || !js_is_function(ctx, add)) {
      js_throw(ctx, a->exc, "TypeError", "%s: options.signal must be an AbortSignal", a->fn);
      return false;
    }
    call->signal = (JSObjectRef)signal;
    JSValueProtect(ctx, signal);
  }
  JSValueRef params = api_prop(ctx, options, "params", a->exc);
  if (*a->exc) return false;
  if (JSValueIsObject(ctx, params)) {
    call->params = params;
    JSValueProtect(ctx, params);
  }
  api_hlist_t own = {0};
  api_hlist_from_js(ctx, &own, api_prop(ctx, options, "headers", a->exc), a->exc);
  if (*a->exc) {
    api_hlist_free(&own);
    return false;
  }
  for (size_t i = 0; i < own.len; i++) api_hlist_set(&call->headers, own.names[i], own.values[i]);
  if (api_hlist_get(&own, "content-type")) {
    free(call->auto_type);
    call->auto_type = NULL;
  }
  api_hlist_free(&own);
  return true;
}

/* ---- start ---- */

JSValueRef api_call_start(JSContextRef ctx, api_inst_t *inst, const char *method, JSValueRef path,
                          JSValueRef body, JSValueRef options, JSValueRef *exc) {
  api_binding_t *b = inst->b;
  char *fn = xasprintf("api.%s", method);
  for (char *p = fn + 4; *p; p++) *p = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
  api_args_t a = {fn, exc};
  if (!path || !JSValueIsString(ctx, path)) {
    js_throw(ctx, exc, "TypeError", "%s(path): path must be a string", fn);
    free(fn);
    return NULL;
  }
  if (options && !JSValueIsObject(ctx, options)) options = NULL;

  api_call_t *call = xcalloc(1, sizeof(*call));
  call->b = b;
  call->inst = inst;
  call->ticket = xcalloc(1, sizeof(*call->ticket));
  call->ticket->refs = 1;
  call->ticket->call = call;
  call->next = b->calls;
  if (b->calls) b->calls->prev = call;
  b->calls = call;
  call->method = xstrdup(method);
  char *p = js_value_to_utf8(ctx, path);
  call->url = url_join(inst->cfg.base_url, p);
  free(p);
  call->timeout_ms = inst->cfg.timeout_ms;
  call->retries = inst->cfg.retries;
  call->retry_delay_ms = inst->cfg.retry_delay_ms;
  call->exponential = inst->cfg.retry_exponential;
  call->max_redirects = inst->cfg.max_redirects;
  call->max_body_size = inst->cfg.max_body_size;
  api_hlist_copy(&call->headers, &inst->defaults);

  api_body_kind_t kind = api_body_kind(b, body);
  if (kind != API_BODY_NONE) {
    call->body = body;
    JSValueProtect(ctx, body);
  }
  if (kind == API_BODY_MULTIPART) call->boundary = api_body_boundary(b->client);
  /* The body's own type applies unless the user chose one (apiRunner.headers, setHeader);
   * call_options drops it again when the request's headers name one. */
  if (kind != API_BODY_NONE &&
      (inst->ct_builtin || !api_hlist_get(&inst->defaults, "content-type")))
    call->auto_type = api_body_content_type(ctx, kind, body, call->boundary);

  if (options && !call_options(ctx, call, &a, options)) {
    free(fn);
    call_free(call);
    return NULL;
  }
  free(fn);
  if (call->auto_type) api_hlist_set(&call->headers, "Content-Type", call->auto_type);

  JSObjectRef promise = JSObjectMakeDeferredPromise(ctx, &call->resolve, &call->reject, exc);
  if (!promise) {
    call->resolve = call->reject = NULL;
    call_free(call);
    return NULL;
  }
  JSValueProtect(ctx, call->resolve);
  JSValueProtect(ctx, call->reject);
  call->origin = js_make_error(ctx, "Error", "");
  JSValueProtect(ctx, call->origin);

  if (call->signal) {
    JSValueRef thrown = NULL;
    JSValueRef aborted = api_prop(ctx, call->signal, "aborted", &thrown);
    if (thrown) {
      call_settle(call, thrown, true);
      return promise;
    }
    if (JSValueToBoolean(ctx, aborted)) {
      call->attempt = 0;
      on_abort(ctx, call->ticket, NULL, 0, NULL, exc);
      return promise;
    }
    api_ticket_t *t = ticket_ref(call->ticket);
    call->on_abort = js_make_closure(ctx, "onAbort", on_abort, t, ticket_unref);
    JSValueProtect(ctx, call->on_abort);
    JSValueRef args[2] = {js_make_string(ctx, "abort"), call->on_abort};
    JSValueRef e = NULL;
    js_call(ctx, js_get(ctx, call->signal, "addEventListener"), call->signal, 2, args, &e);
    if (e) {
      call_settle(call, e, true);
      return promise;
    }
  }
  call_attempt(call);
  return promise;
}

/* ---- attempts ---- */

static void call_send(api_call_t *call, JSObjectRef config, JSValueRef materialized);

static JSValueRef on_config_ready(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                                  const JSValueRef argv[], JSValueRef *exc) {
  api_ticket_t *t = data;
  if (!t->call) return NULL;
  JSValueRef pair = argc ? argv[0] : JSValueMakeUndefined(ctx);
  JSValueRef config = js_array_get(ctx, pair, 0);
  call_send(t->call, (JSObjectRef)config, js_array_get(ctx, pair, 1));
  return NULL;
}

static JSValueRef on_chain_failed(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                                  const JSValueRef argv[], JSValueRef *exc) {
  api_ticket_t *t = data;
  if (t->call) call_settle(t->call, argc ? argv[0] : JSValueMakeUndefined(ctx), true);
  return NULL;
}

/* Runs the helper's `kind` ("request" or "response") chain over `value`, continuing with
 * on_ok or on_chain_failed. Each continuation holds its own ticket reference. */
static void call_chain(api_call_t *call, const char *kind, JSObjectRef fns, JSValueRef value,
                       js_closure_fn on_ok) {
  JSContextRef ctx = js_realm_context(call->b->realm);
  JSValueRef exc = NULL;
  JSObjectRef helper = api_helper(call->b, &exc);
  if (helper) {
    JSValueRef args[5] = {
        js_make_string(ctx, kind), fns, value,
        js_make_closure(ctx, NULL, on_ok, ticket_ref(call->ticket), ticket_unref),
        js_make_closure(ctx, NULL, on_chain_failed, ticket_ref(call->ticket), ticket_unref)};
    if (js_call(ctx, js_get(ctx, helper, "run"), helper, 5, args, &exc)) return;
  }
  call_settle(call, exc ? exc : JSValueMakeUndefined(ctx), true);
}

static void call_attempt(api_call_t *call) {
  api_binding_t *b = call->b;
  JSContextRef ctx = js_realm_context(b->realm);
  call->attempt++;
  /* Without request interceptors nobody sees the config before it is sent: send straight
   * from the call; response.request is made when the response is. */
  if (js_array_length(ctx, call->inst->req_fns) == 0 &&
      !api_body_needs_async(api_body_kind(b, call->body))) {
    call_send(call, NULL, JSValueMakeUndefined(ctx));
    return;
  }
  JSObjectRef config = JSObjectMake(ctx, NULL, NULL);
  js_set(ctx, config, "method", js_make_string(ctx, call->method));
  js_set(ctx, config, "url", js_make_string(ctx, call->url));
  js_set(ctx, config, "headers", api_hlist_to_headers(ctx, &call->headers));
  JSValueRef thrown = NULL;
  js_set(ctx, config, "params", call_params(call, &thrown));
  if (thrown) {
    call_settle(call, thrown, true);
    return;
  }
  js_set(ctx, config, "body", call->body ? call->body : JSValueMakeUndefined(ctx));
  js_set(ctx, config, "timeout", JSValueMakeNumber(ctx, call->timeout_ms));
  js_set(ctx, config, "attempt", JSValueMakeNumber(ctx, call->attempt));
  call_chain(call, "request", call->inst->req_fns, config, on_config_ready);
}

/* params: an object (arrays repeat the name) or a URLSearchParams, already encoded. A
 * getter or toString() that throws stops it with *exc set. */
static void append_params(api_binding_t *b, sbuf_t *url, JSValueRef params, JSValueRef *exc) {
  JSContextRef ctx = js_realm_context(b->realm);
  if (*exc || !JSValueIsObject(ctx, params)) return;
  char *tag = api_tag_of(b, params);
  bool encoded = strcmp(tag, "URLSearchParams") == 0;
  free(tag);
  if (encoded) {
    char *query = api_to_utf8(ctx, params, NULL, exc);
    if (*query) {
      const char *u = sbuf_cstr(url);
      char last = url->len ? u[url->len - 1] : '\0';
      if (!strchr(u, '?')) sbuf_putc(url, '?');
      else if (last != '?' && last != '&') sbuf_putc(url, '&');
      sbuf_puts(url, query);
    }
    free(query);
    return;
  }
  JSPropertyNameArrayRef names = JSObjectCopyPropertyNames(ctx, (JSObjectRef)params);
  size_t n = JSPropertyNameArrayGetCount(names);
  for (size_t i = 0; i < n && !*exc; i++) {
    JSStringRef name = JSPropertyNameArrayGetNameAtIndex(names, i);
    JSValueRef v = JSObjectGetProperty(ctx, (JSObjectRef)params, name, exc);
    if (*exc || !v || JSValueIsUndefined(ctx, v)) continue;
    char *k = js_string_to_utf8(name);
    bool many = JSValueIsArray(ctx, v);
    size_t m = many ? js_array_length(ctx, v) : 1;
    for (size_t j = 0; j < m && !*exc; j++) {
      JSValueRef item = v;
      if (many) {
        item = JSObjectGetPropertyAtIndex(ctx, (JSObjectRef)v, (unsigned)j, exc);
        if (*exc) break;
      }
      char *val = api_to_utf8(ctx, item, NULL, exc);
      if (!*exc) url_append_param(url, k, val);
      free(val);
    }
    free(k);
  }
  JSPropertyNameArrayRelease(names);
}

static bool has_param(const char *content_type, const char *param) {
  for (const char *p = content_type; p && *p; p++)
    if (strncasecmp(p, param, strlen(param)) == 0) return true;
  return false;
}

/* The Content-Type to send with the body an interceptor may have swapped: a type we chose
 * follows the body, a caller's stays (a multipart one gets its boundary). */
static void settle_content_type(api_call_t *call, api_hlist_t *headers, api_body_kind_t kind,
                                JSValueRef body) {
  JSContextRef ctx = js_realm_context(call->b->realm);
  const char *ct = api_hlist_get(headers, "content-type");
  char *type = NULL;
  if (kind == API_BODY_MULTIPART && !call->boundary)
    call->boundary = api_body_boundary(call->b->client);
  if (kind != API_BODY_NONE && (!ct || (call->auto_type && strcmp(ct, call->auto_type) == 0)))
    type = api_body_content_type(ctx, kind, body, call->boundary);
  else if (kind == API_BODY_MULTIPART && ct && !has_param(ct, "boundary="))
    type = xasprintf("%s; boundary=%s", ct, call->boundary);
  if (type) api_hlist_set(headers, "Content-Type", type);
  free(type);
}

static void on_http_done(http_response_t *res, void *userdata);

/* String(obj[name]), NULL for undefined or null; sticky *exc as api_prop. */
static char *get_string(JSContextRef ctx, JSValueRef obj, const char *name, JSValueRef *exc) {
  JSValueRef v = api_prop(ctx, obj, name, exc);
  if (*exc || JSValueIsUndefined(ctx, v) || JSValueIsNull(ctx, v)) return NULL;
  return api_to_utf8(ctx, v, NULL, exc);
}

/* The attempt's config (as the interceptors left it), or the call itself when there is no
 * config, becomes an http request. */
static void call_send(api_call_t *call, JSObjectRef config, JSValueRef materialized) {
  api_binding_t *b = call->b;
  api_client_t *c = b->client;
  JSContextRef ctx = js_realm_context(b->realm);
  api_ticket_t *t = ticket_ref(call->ticket);
  JSValueRef undefined = JSValueMakeUndefined(ctx);

  /* The config is the interceptors' (any getter on it may throw: that rejects the call). */
  JSValueRef exc = NULL;
  char *method = config ? get_string(ctx, config, "method", &exc) : NULL;
  char *path = config ? get_string(ctx, config, "url", &exc) : NULL;
  sbuf_t url = SBUF_INIT;
  if (path) {
    char *joined = url_join(call->inst->cfg.base_url, path);
    sbuf_puts(&url, joined);
    free(joined);
    free(path);
  } else {
    sbuf_puts(&url, call->url);
  }
  api_hlist_t headers = {0};
  JSValueRef body;
  double timeout;
  if (config) {
    append_params(b, &url, api_prop(ctx, config, "params", &exc), &exc);
    /* Names as the caller or an interceptor spelled them (headers.c keeps them). */
    api_hlist_from_js(ctx, &headers, api_prop(ctx, config, "headers", &exc), &exc);
    body = api_prop(ctx, config, "body", &exc);
    JSValueRef t_ms = api_prop(ctx, config, "timeout", &exc);
    timeout = JSValueIsNumber(ctx, t_ms) ? JSValueToNumber(ctx, t_ms, NULL) : call->timeout_ms;
  } else {
    append_params(b, &url, call->params ? call->params : undefined, &exc);
    api_hlist_copy(&headers, &call->headers);
    body = call->body ? call->body : undefined;
    timeout = call->timeout_ms;
  }
  api_body_kind_t kind = api_body_kind(b, body);
  settle_content_type(call, &headers, kind, body);
  char *data = NULL;
  size_t len = 0;
  int rc = exc ? -1
               : api_body_serialize(ctx, kind, body, materialized,
                                    api_hlist_get(&headers, "content-type"), &data, &len, &exc);
  if (!t->call || rc != 0) {
    /* A getter on the config threw or aborted the call, or JSON.stringify threw. */
    if (t->call) call_settle(call, exc, true);
    ticket_unref(t);
    free(method);
    sbuf_free(&url);
    api_hlist_free(&headers);
    free(data);
    return;
  }
  ticket_unref(t);

  /* response.request: the config as sent (call_request makes it when there is none). */
  if (call->config) JSValueUnprotect(ctx, call->config);
  call->config = config;
  api_hlist_free(&call->sent_headers);
  free(call->sent_json);
  call->sent_json = NULL;
  if (config) {
    js_set(ctx, config, "url", js_make_string(ctx, sbuf_cstr(&url)));
    js_set(ctx, config, "headers", api_hlist_to_headers(ctx, &headers));
    if (kind == API_BODY_JSON) js_set(ctx, config, "body", js_make_string_len(ctx, data, len));
    JSValueProtect(ctx, config);
  } else {
    api_hlist_copy(&call->sent_headers, &headers);
    if (kind == API_BODY_JSON) call->sent_json = xstrndup(data, len);
  }

  free(call->sent_method);
  free(call->sent_url);
  call->sent_method = method && *method ? method : xstrdup(call->method);
  if (call->sent_method != method) free(method);
  call->sent_url = sbuf_take(&url);
  call->sent_timeout_ms = timeout;

  http_header_t *hh = xcalloc(headers.len + 1, sizeof(*hh));
  for (size_t i = 0; i < headers.len; i++) {
    hh[i].name = headers.names[i];
    hh[i].value = headers.values[i];
    /* Masked headers' values, interceptors' included, are masked wherever they appear
     * (with an exchange sink, api_log_request registers them as it masks them). */
    if (!c->exchange_sink && api_secret_header(&b->cfg, hh[i].name))
      secret_add_header(hh[i].name, hh[i].value);
  }
  bool https = strncasecmp(call->sent_url, "https:", 6) == 0;
  if (https && b->cfg.insecure && !c->tls_warned) {
    c->tls_warned = true;
    fprintf(stderr,
            "sonde: warning: NODE_TLS_REJECT_UNAUTHORIZED is '0': TLS certificates "
            "are not verified (development only)\n");
  }
  const char *proxy = https ? b->cfg.https_proxy : b->cfg.http_proxy;
  http_request_t req = {
      .method = call->sent_method,
      .url = call->sent_url,
      .headers = hh,
      .n_headers = headers.len,
      .body = data,
      .body_len = len,
      .timeout_ms = timeout > 0 ? (long)ceil(timeout) : 0,
      /* 'error' mode (-1): follow nothing, fail on the first redirect. */
      .max_redirects = call->max_redirects < 0 ? 0 : call->max_redirects,
      .decode = true,
      .cookies = b->cfg.cookies,
      .insecure = b->cfg.insecure,
      .http1 = !b->cfg.http2,
      .proxy = proxy ? proxy : "",
      .no_proxy = b->cfg.no_proxy,
      .max_body_size =
          call->max_body_size >= (double)SIZE_MAX ? SIZE_MAX : (size_t)call->max_body_size,
  };
  int max = call->retries + 1;
  json_decref(call->har_request);
  call->har_request = NULL;
  if (call->inst->har.recording) {
    call->har_request =
        api_har_request(&b->cfg, call->sent_method, call->sent_url, hh, headers.len, data, len);
    call->har_started = api_har_now_ms();
  }
  call->exchange = api_log_request(b, call->sent_method, call->sent_url, call->attempt, hh,
                                   headers.len, data, len);
  api_log_verbose_request(b, call->inst->cfg.verbose, call->sent_method, call->sent_url,
                          call->attempt, max, hh, headers.len, data, len);
  call->http_id = http_client_send(c->http, &req, on_http_done, call);
  api_debug(b, "#%llu → %s %s (attempt %d of %d)", (unsigned long long)call->http_id,
            call->sent_method, call->sent_url, call->attempt, max);
  free(hh);
  free(data);
  api_hlist_free(&headers);
}

/* ---- outcomes ---- */

static const char *find_header(const http_response_t *res, const char *name) {
  for (size_t i = 0; i < res->n_headers; i++)
    if (strcasecmp(res->headers[i].name, name) == 0) return res->headers[i].value;
  return NULL;
}

/* How long to wait before the next attempt, or -1 when there is none. */
static double retry_delay(api_call_t *call, const http_response_t *res) {
  if (call->attempt > call->retries) return -1;
  bool status_retry = res->error == HTTP_OK && (res->status == 429 || res->status >= 500);
  if (res->error != HTTP_ERR_NETWORK && !status_retry) return -1;
  double delay = call->retry_delay_ms;
  if (call->exponential) {
    delay *= pow(2, call->attempt - 1);
    delay += delay * 0.25 * api_random(call->b->client); /* jitter: up to a quarter more */
  }
  if (res->error == HTTP_OK && (res->status == 429 || res->status == 503)) {
    double asked = http_retry_after_ms(find_header(res, "Retry-After"), time(NULL));
    double cap = call->sent_timeout_ms;
    if (asked >= 0) delay = cap > 0 && asked > cap ? cap : asked;
  }
  return delay;
}

static void on_retry_timer(uv_timer_t *timer) {
  api_call_t *call = timer->data;
  call_stop_timer(call);
  call_attempt(call);
}

static JSValueRef on_response_ready(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                                    const JSValueRef argv[], JSValueRef *exc) {
  api_ticket_t *t = data;
  if (t->call) call_settle(t->call, argc ? argv[0] : JSValueMakeUndefined(ctx), false);
  return NULL;
}

static void on_http_done(http_response_t *res, void *userdata) {
  api_call_t *call = userdata;
  api_binding_t *b = call->b;
  JSContextRef ctx = js_realm_context(b->realm);
  uint64_t id = call->http_id;
  call->http_id = 0;
  const char *location = find_header(res, "Location");
  if (res->error == HTTP_OK && call->max_redirects < 0 && res->status >= 300 && res->status < 400 &&
      location) {
    /* redirect: 'error', as fetch: a redirect is a failure of its own. */
    char *why = xasprintf("redirect mode is 'error' and the server redirected (%ld to %s)",
                          res->status, location);
    res->error = HTTP_ERR_REDIRECT;
    free(res->error_code);
    res->error_code = xstrdup("ERR_REDIRECT");
    free(res->error_message);
    res->error_message = why;
  }
  /* A masked response header (Set-Cookie, a fresh token) is secret wherever its value shows
   * up again: the cookie the client sends back and a later echo of it, a body. */
  if (res->error == HTTP_OK)
    for (size_t i = 0; i < res->n_headers; i++)
      if (api_secret_header(&b->cfg, res->headers[i].name))
        secret_add_header(res->headers[i].name, res->headers[i].value);
  double delay = retry_delay(call, res);
  api_exchange_t *exchange = call->exchange;
  call->exchange = NULL;
  api_log_response(b, call->inst->cfg.verbose, exchange, res, call->attempt, delay);
  if (call->har_request) {
    api_har_add(&call->inst->har, &b->cfg, call->har_request, call->har_started, res);
    call->har_request = NULL;
  }
  if (res->error == HTTP_OK)
    api_debug(b, "#%llu ← %ld %s (%.1f ms, %zu bytes, HTTP %s, %s connection%s)",
              (unsigned long long)id, res->status, res->status_text, res->duration_ms,
              res->body_len,
              res->http_version == 20   ? "2"
              : res->http_version == 10 ? "1.0"
                                        : "1.1",
              res->new_connection ? "new" : "reused", res->redirects ? ", redirected" : "");
  else
    api_debug(b, "#%llu ← %s: %s (%.1f ms)", (unsigned long long)id, res->error_code,
              res->error_message, res->duration_ms);

  if (delay >= 0) {
    api_debug(b, "#%llu retry %d of %d in %.0f ms", (unsigned long long)id, call->attempt,
              call->retries, delay);
    http_response_free(res);
    /* The loop's clock is from the start of this turn; without the update the wait
     * could end before `delay` has really passed since the response came in. */
    uv_update_time(b->client->loop);
    call->timer = xmalloc(sizeof(*call->timer));
    int rc = uv_timer_init(b->client->loop, call->timer);
    if (rc == 0) {
      call->timer->data = call;
      rc = uv_timer_start(call->timer, on_retry_timer, (uint64_t)ceil(delay), 0);
      if (rc != 0) call_stop_timer(call);
    } else {
      free(call->timer);
      call->timer = NULL;
    }
    if (rc != 0) {
      api_debug(b, "cannot wait for the retry (%s); retrying now", uv_strerror(rc));
      call_attempt(call);
    }
    return;
  }

  api_exchange_info_t info = call_info(call);
  if (res->error != HTTP_OK) {
    JSObjectRef err = api_error_new(ctx, &info, res, call->origin);
    http_response_free(res);
    call_settle(call, err, true);
    return;
  }
  if (!info.request && call->sent_method) {
    JSValueRef thrown = NULL;
    info.request = call_request(call, &thrown);
    if (thrown) {
      http_response_free(res);
      call_settle(call, thrown, true);
      return;
    }
  }
  JSObjectRef response = api_response_new(ctx, &info, res);
  http_response_free(res);
  if (js_array_length(ctx, call->inst->res_fns) == 0) {
    call_settle(call, response, false);
    return;
  }
  call_chain(call, "response", call->inst->res_fns, response, on_response_ready);
}
