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
 * start and attempt are here; send and done are api_attempt.c's. Memory: see api_call.h. */
#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "api/api_call.h"
#include "http/url.h"

/* ---- tickets ---- */

api_ticket_t *api_ticket_ref(api_ticket_t *t) {
  t->refs++;
  return t;
}

void api_ticket_unref(void *p) {
  api_ticket_t *t = p;
  if (--t->refs == 0) free(t);
}

/* ---- lifetime ---- */

static void on_timer_closed(uv_handle_t *h) { free(h); }

void api_call_stop_timer(api_call_t *call) {
  if (!call->timer) return;
  uv_close((uv_handle_t *)call->timer, on_timer_closed);
  call->timer = NULL;
}

/* Unlinks and frees a call; JS values are unprotected, nothing is called. */
static void call_free(api_call_t *call) {
  api_binding_t *b = call->b;
  JSContextRef ctx = js_realm_context(b->realm);
  if (call->http_id) http_client_cancel(b->client->http, call->http_id);
  api_call_stop_timer(call);
  if (call->prev) call->prev->next = call->next;
  else b->calls = call->next;
  if (call->next) call->next->prev = call->prev;
  call->ticket->call = NULL;
  api_ticket_unref(call->ticket);
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
void api_call_settle(api_call_t *call, JSValueRef value, bool reject) {
  JSContextRef ctx = js_realm_context(call->b->realm);
  api_client_t *client = call->b->client;
  if (!reject && client->response_check) {
    /* the automatic contract check: a violation rejects the call where the test awaits it */
    JSValueRef thrown = NULL;
    client->response_check(ctx, value, call->origin, client->response_check_ud, &thrown);
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
JSValueRef api_call_request(api_call_t *call, JSValueRef *exc) {
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

api_exchange_info_t api_call_info(const api_call_t *call) {
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
    api_call_settle(call, thrown, true);
    return NULL;
  }
  /* As fetch does: an Error-like reason (AbortSignal's default DOMException, a timeout's
   * TimeoutError) is the rejection itself; anything else is wrapped in an AbortError. */
  JSValueRef err = JSValueIsObject(ctx, reason)
                       ? reason
                       : (JSValueRef)api_abort_error_new(ctx, call->method, call->url, reason);
  api_call_settle(call, err, true);
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
      api_call_settle(call, thrown, true);
      return promise;
    }
    if (JSValueToBoolean(ctx, aborted)) {
      call->attempt = 0;
      on_abort(ctx, call->ticket, NULL, 0, NULL, exc);
      return promise;
    }
    api_ticket_t *t = api_ticket_ref(call->ticket);
    call->on_abort = js_make_closure(ctx, "onAbort", on_abort, t, api_ticket_unref);
    JSValueProtect(ctx, call->on_abort);
    JSValueRef args[2] = {js_make_string(ctx, "abort"), call->on_abort};
    JSValueRef e = NULL;
    js_call(ctx, js_get(ctx, call->signal, "addEventListener"), call->signal, 2, args, &e);
    if (e) {
      api_call_settle(call, e, true);
      return promise;
    }
  }
  api_call_attempt(call);
  return promise;
}

/* ---- attempts ---- */

static JSValueRef on_config_ready(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                                  const JSValueRef argv[], JSValueRef *exc) {
  api_ticket_t *t = data;
  if (!t->call) return NULL;
  JSValueRef pair = argc ? argv[0] : JSValueMakeUndefined(ctx);
  JSValueRef config = js_array_get(ctx, pair, 0);
  api_call_send(t->call, (JSObjectRef)config, js_array_get(ctx, pair, 1));
  return NULL;
}

static JSValueRef on_chain_failed(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                                  const JSValueRef argv[], JSValueRef *exc) {
  api_ticket_t *t = data;
  if (t->call) api_call_settle(t->call, argc ? argv[0] : JSValueMakeUndefined(ctx), true);
  return NULL;
}

/* Runs the helper's `kind` ("request" or "response") chain over `value`, continuing with
 * on_ok or on_chain_failed. Each continuation holds its own ticket reference. */
void api_call_chain(api_call_t *call, const char *kind, JSObjectRef fns, JSValueRef value,
                    js_closure_fn on_ok) {
  JSContextRef ctx = js_realm_context(call->b->realm);
  JSValueRef exc = NULL;
  JSObjectRef helper = api_helper(call->b, &exc);
  if (helper) {
    JSValueRef args[5] = {
        js_make_string(ctx, kind), fns, value,
        js_make_closure(ctx, NULL, on_ok, api_ticket_ref(call->ticket), api_ticket_unref),
        js_make_closure(ctx, NULL, on_chain_failed, api_ticket_ref(call->ticket),
                        api_ticket_unref)};
    if (js_call(ctx, js_get(ctx, helper, "run"), helper, 5, args, &exc)) return;
  }
  api_call_settle(call, exc ? exc : JSValueMakeUndefined(ctx), true);
}

void api_call_attempt(api_call_t *call) {
  api_binding_t *b = call->b;
  JSContextRef ctx = js_realm_context(b->realm);
  call->attempt++;
  /* Without request interceptors nobody sees the config before it is sent: send straight
   * from the call; response.request is made when the response is. */
  if (js_array_length(ctx, call->inst->req_fns) == 0 &&
      !api_body_needs_async(api_body_kind(b, call->body))) {
    api_call_send(call, NULL, JSValueMakeUndefined(ctx));
    return;
  }
  JSObjectRef config = JSObjectMake(ctx, NULL, NULL);
  js_set(ctx, config, "method", js_make_string(ctx, call->method));
  js_set(ctx, config, "url", js_make_string(ctx, call->url));
  js_set(ctx, config, "headers", api_hlist_to_headers(ctx, &call->headers));
  JSValueRef thrown = NULL;
  js_set(ctx, config, "params", call_params(call, &thrown));
  if (thrown) {
    api_call_settle(call, thrown, true);
    return;
  }
  js_set(ctx, config, "body", call->body ? call->body : JSValueMakeUndefined(ctx));
  js_set(ctx, config, "timeout", JSValueMakeNumber(ctx, call->timeout_ms));
  js_set(ctx, config, "attempt", JSValueMakeNumber(ctx, call->attempt));
  api_call_chain(call, "request", call->inst->req_fns, config, on_config_ready);
}
