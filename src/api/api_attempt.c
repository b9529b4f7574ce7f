/* api_attempt: one attempt of an `api` call on the wire (see api_request.c for the steps
 * before it).
 *
 *   send    the attempt's config (or the call itself) becomes an http request: params
 *           appended, the Content-Type settled for the body an interceptor may have
 *           swapped, the body serialized, the exchange logged and started; the config is
 *           what response.request shows.
 *   done    a network error, 5xx or 429 waits and tries again while retries last; else an
 *           error rejects the call and a response becomes an ApiResponse, goes through the
 *           response interceptors and resolves it.
 *
 * Memory: see api_call.h. */
#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "api/api_call.h"
#include "http/url.h"

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
void api_call_send(api_call_t *call, JSObjectRef config, JSValueRef materialized) {
  api_binding_t *b = call->b;
  api_client_t *c = b->client;
  JSContextRef ctx = js_realm_context(b->realm);
  api_ticket_t *t = api_ticket_ref(call->ticket);
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
    if (t->call) api_call_settle(call, exc, true);
    api_ticket_unref(t);
    free(method);
    sbuf_free(&url);
    api_hlist_free(&headers);
    free(data);
    return;
  }
  api_ticket_unref(t);

  /* response.request: the config as sent (api_call_request makes it when there is none). */
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
  if (c->request_check) {
    /* the automatic contract check of requests: a violation rejects the call unsent */
    JSValueRef thrown = NULL;
    api_request_info_t info = {call->sent_method,
                               call->sent_url,
                               (const char *const *)headers.names,
                               (const char *const *)headers.values,
                               headers.len,
                               data,
                               len,
                               b->cfg.cookies};
    c->request_check(ctx, &info, call->origin, c->request_check_ud, &thrown);
    if (thrown) {
      free(hh);
      free(data);
      api_hlist_free(&headers);
      api_call_settle(call, thrown, true);
      return;
    }
  }
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
  api_call_stop_timer(call);
  api_call_attempt(call);
}

static JSValueRef on_response_ready(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                                    const JSValueRef argv[], JSValueRef *exc) {
  api_ticket_t *t = data;
  if (t->call) api_call_settle(t->call, argc ? argv[0] : JSValueMakeUndefined(ctx), false);
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
      if (rc != 0) api_call_stop_timer(call);
    } else {
      free(call->timer);
      call->timer = NULL;
    }
    if (rc != 0) {
      api_debug(b, "cannot wait for the retry (%s); retrying now", uv_strerror(rc));
      api_call_attempt(call);
    }
    return;
  }

  api_exchange_info_t info = api_call_info(call);
  if (res->error != HTTP_OK) {
    JSObjectRef err = api_error_new(ctx, &info, res, call->origin);
    http_response_free(res);
    api_call_settle(call, err, true);
    return;
  }
  if (!info.request && call->sent_method) {
    JSValueRef thrown = NULL;
    info.request = api_call_request(call, &thrown);
    if (thrown) {
      http_response_free(res);
      api_call_settle(call, thrown, true);
      return;
    }
  }
  JSObjectRef response = api_response_new(ctx, &info, res);
  http_response_free(res);
  if (js_array_length(ctx, call->inst->res_fns) == 0) {
    api_call_settle(call, response, false);
    return;
  }
  api_call_chain(call, "response", call->inst->res_fns, response, on_response_ready);
}
