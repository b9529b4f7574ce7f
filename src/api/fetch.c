/* fetch: see fetch.h. One fetch is a pending_t: the parts of its Request, the promise's
 * resolve/reject (protected), the http exchange id and the abort subscription. Redirects
 * are followed by the http client itself (fetch semantics, at most 20); bodies are
 * decoded there too (Accept-Encoding is offered as undici does).
 *
 * Memory: pending_t's are malloc'd and freed when they settle, are aborted, or their
 * realm ends; the fetch_state_t lives from fetch_register to js_runtime_free. */
#include "api/fetch.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "api/api.h"
#include "common/sbuf.h"
#include "http/client.h"
#include "js/jsclass.h"
#include "js/jsutil.h"
#include "js/web.h"

#define FETCH_MAX_REDIRECTS 20
/* undici's headersTimeout/bodyTimeout are 300 s each; one limit for the whole exchange. */
#define FETCH_TIMEOUT_MS    300000

typedef struct pending pending_t;

typedef struct {
  js_runtime_t *rt;
  http_client_t *own; /* for realms without an api client; created on first use */
  pending_t *pending;
} fetch_state_t;

struct pending {
  fetch_state_t *state;
  js_realm_t *realm;
  http_client_t *http;
  uint64_t id;
  JSObjectRef resolve, reject; /* protected */
  js_abort_sub_t *abort;
  js_request_parts_t parts;
  pending_t *prev, *next;
};

/* ---- pending list ---- */

static void pending_unlink(pending_t *p) {
  if (p->prev) p->prev->next = p->next;
  else p->state->pending = p->next;
  if (p->next) p->next->prev = p->prev;
}

static void pending_free(pending_t *p) {
  JSContextRef ctx = js_realm_context(p->realm);
  pending_unlink(p);
  js_abort_unsubscribe(p->abort);
  JSValueUnprotect(ctx, p->resolve);
  JSValueUnprotect(ctx, p->reject);
  js_request_parts_free(&p->parts);
  free(p);
}

/* Settles the fetch and frees it. */
static void settle(pending_t *p, JSValueRef value, bool ok) {
  JSContextRef ctx = js_realm_context(p->realm);
  js_realm_t *realm = p->realm;
  JSObjectRef fn = ok ? p->resolve : p->reject;
  JSValueProtect(ctx, fn);
  JSValueProtect(ctx, value);
  pending_free(p);
  JSValueRef exc = NULL;
  js_call(ctx, fn, NULL, 1, &value, &exc);
  JSValueUnprotect(ctx, value);
  JSValueUnprotect(ctx, fn);
  if (exc) js_realm_report_uncaught(realm, exc, false);
}

/* TypeError("fetch failed") with an Error cause carrying the network code, as undici. */
static JSObjectRef fetch_failed(JSContextRef ctx, const char *message, const char *code) {
  JSObjectRef cause = js_make_error(ctx, "Error", message ? message : "network error");
  if (code) js_set(ctx, cause, "code", js_make_string(ctx, code));
  JSObjectRef e = js_make_error(ctx, "TypeError", "fetch failed");
  JSStringRef key = JSStringCreateWithUTF8CString("cause");
  JSObjectSetProperty(ctx, e, key, cause, kJSPropertyAttributeDontEnum, NULL);
  JSStringRelease(key);
  return e;
}

/* ---- completion ---- */

static bool is_redirect(long status) {
  return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
}

static void on_done(http_response_t *res, void *userdata) {
  pending_t *p = userdata;
  JSContextRef ctx = js_realm_context(p->realm);
  if (res->error != HTTP_OK) {
    const char *msg =
        res->error == HTTP_ERR_REDIRECT ? "redirect count exceeded" : res->error_message;
    settle(p, fetch_failed(ctx, msg, res->error_code), false);
    http_response_free(res);
    return;
  }
  bool has_location = false;
  JSObjectRef headers = js_headers_new(ctx);
  for (size_t i = 0; i < res->n_headers; i++) {
    /* A header the Headers class would reject (odd server output) is left out. */
    JSValueRef ignored = NULL;
    js_headers_append(ctx, headers, res->headers[i].name, res->headers[i].value, &ignored);
    if (strcasecmp(res->headers[i].name, "location") == 0) has_location = true;
  }
  if (p->parts.redirect == 1 && is_redirect(res->status) && has_location) {
    settle(p, fetch_failed(ctx, "unexpected redirect", NULL), false);
    http_response_free(res);
    return;
  }
  bool head = strcmp(p->parts.method, "HEAD") == 0;
  void *body = NULL;
  if (!head) {
    body = xmalloc(res->body_len ? res->body_len : 1);
    if (res->body_len) memcpy(body, res->body, res->body_len);
  }
  JSObjectRef response =
      js_response_new(ctx, res->status, res->status_text, headers, body, res->body_len,
                      res->effective_url ? res->effective_url : p->parts.url, res->redirects > 0);
  http_response_free(res);
  settle(p, response, true);
}

static void on_abort(JSContextRef ctx, JSValueRef reason, void *userdata) {
  pending_t *p = userdata;
  http_client_cancel(p->http, p->id);
  /* Our hold on the spent subscription goes now; pending_free must not release it twice. */
  js_abort_unsubscribe(p->abort);
  p->abort = NULL;
  settle(p, reason, false);
}

/* ---- fetch() ---- */

static http_client_t *client_for(fetch_state_t *s, js_realm_t *realm) {
  http_client_t *http = api_http_of(realm);
  if (http) return http;
  if (!s->own) s->own = http_client_new(js_runtime_loop(s->rt));
  return s->own;
}

static bool has_header(const js_request_parts_t *parts, JSContextRef ctx, const char *name) {
  char *v = js_headers_get(ctx, parts->headers, name);
  free(v);
  return v != NULL;
}

static JSValueRef rejected(JSContextRef ctx, JSValueRef reason, JSValueRef *exc) {
  return js_settled_promise(ctx, false, reason, exc);
}

static JSValueRef fetch_call(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                             const JSValueRef argv[], JSValueRef *exc) {
  fetch_state_t *s = data;
  js_realm_t *realm = js_realm_from_context(ctx);
  if (!realm) return JSValueMakeUndefined(ctx);
  if (argc < 1)
    return rejected(
        ctx, js_make_error(ctx, "TypeError", "fetch: 1 argument required, but only 0 present."),
        exc);
  pending_t *p = xcalloc(1, sizeof(*p));
  JSValueRef err = NULL;
  if (!js_request_parts(ctx, argv[0], argc > 1 ? argv[1] : NULL, &p->parts, &err)) {
    js_request_parts_free(&p->parts);
    free(p);
    return rejected(ctx, err ? err : JSValueMakeUndefined(ctx), exc);
  }
  if (p->parts.signal && js_abort_signal_aborted(ctx, p->parts.signal)) {
    JSValueRef reason = js_abort_signal_reason(ctx, p->parts.signal);
    js_request_parts_free(&p->parts);
    free(p);
    return rejected(ctx, reason, exc);
  }
  http_client_t *http = client_for(s, realm);
  if (!http) {
    js_request_parts_free(&p->parts);
    free(p);
    return rejected(ctx, fetch_failed(ctx, "cannot initialise the HTTP client (libcurl)", NULL),
                    exc);
  }
  JSObjectRef promise = JSObjectMakeDeferredPromise(ctx, &p->resolve, &p->reject, exc);
  if (!promise) {
    js_request_parts_free(&p->parts);
    free(p);
    return NULL;
  }
  JSValueProtect(ctx, p->resolve);
  JSValueProtect(ctx, p->reject);
  p->state = s;
  p->realm = realm;
  p->http = http;
  p->next = s->pending;
  if (s->pending) s->pending->prev = p;
  s->pending = p;

  /* The request's headers in order, then undici's defaults for the ones not given. */
  size_t n = js_headers_count(ctx, p->parts.headers);
  http_header_t *hh = xcalloc(n + 4, sizeof(*hh));
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    const char *name, *value;
    if (js_headers_at(ctx, p->parts.headers, i, &name, &value))
      hh[k++] = (http_header_t){(char *)name, (char *)value};
  }
  static const char *const defaults[][2] = {{"accept", "*/*"},
                                            {"accept-language", "*"},
                                            {"sec-fetch-mode", "cors"},
                                            {"user-agent", "node"}};
  for (size_t i = 0; i < 4; i++)
    if (!has_header(&p->parts, ctx, defaults[i][0]))
      hh[k++] = (http_header_t){(char *)defaults[i][0], (char *)defaults[i][1]};
  const char *tls = getenv("NODE_TLS_REJECT_UNAUTHORIZED");
  http_request_t req = {
      .method = p->parts.method,
      .url = p->parts.url,
      .headers = hh,
      .n_headers = k,
      .body = (const char *)p->parts.body,
      .body_len = p->parts.body_len,
      .timeout_ms = FETCH_TIMEOUT_MS,
      .max_redirects = p->parts.redirect == 0 ? FETCH_MAX_REDIRECTS : 0,
      .decode = true,
      .cookies = false,
      .insecure = tls && strcmp(tls, "0") == 0,
  };
  p->id = http_client_send(http, &req, on_done, p);
  free(hh);
  if (p->parts.signal) p->abort = js_abort_subscribe(ctx, p->parts.signal, on_abort, p);
  return promise;
}

/* ---- registration ---- */

static void realm_ended(js_realm_t *realm, void *userdata) {
  fetch_state_t *s = userdata;
  for (pending_t *p = s->pending, *next; p; p = next) {
    next = p->next;
    if (p->realm != realm) continue;
    http_client_cancel(p->http, p->id);
    pending_free(p);
  }
}

static void install(js_realm_t *realm, void *userdata) {
  JSContextRef ctx = js_realm_context(realm);
  JSObjectRef fn = js_make_closure(ctx, "fetch", fetch_call, userdata, NULL);
  js_define_value(ctx, JSContextGetGlobalObject(ctx), "fetch", fn, false);
  js_realm_on_free(realm, realm_ended, userdata);
}

static void state_free(void *userdata) {
  fetch_state_t *s = userdata;
  if (s->own) http_client_free(s->own);
  free(s);
}

void fetch_register(js_runtime_t *rt) {
  fetch_state_t *s = xcalloc(1, sizeof(*s));
  s->rt = rt;
  js_runtime_on_realm(rt, install, s);
  js_runtime_on_free(rt, state_free, s);
}
