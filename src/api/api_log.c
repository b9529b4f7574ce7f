/* api_log: what the client tells about its exchanges.
 *  - Exchange events (one per attempt) for the reporters, through the client's sink.
 *  - Verbose output (apiRunner.verbose): the request and the response of each attempt as
 *    console output of the realm at level info, so the launcher prints it under the job's
 *    cid ("[0-0] → GET http://..."). It goes through the realm's console.info as it was
 *    when the realm started, so a spec that stubs console does not swallow it.
 *  - Debug lines (DEBUG=sonde:http or sonde:*), on stderr as the `debug` package prints
 *    them: the attempts, the retries and their reasons, and libcurl's own connection notes.
 * Secret headers are masked everywhere: Authorization, Proxy-Authorization, Cookie,
 * Set-Cookie, any name containing token, secret, password or api-key/apikey, and the
 * names in apiRunner.maskHeaders. Bodies are truncated.
 *
 * Memory: an exchange record is made here per attempt and handed to the sink, which owns
 * it from then on. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "api/api_internal.h"

#define API_EVENT_BODY_MAX   4096
#define API_VERBOSE_BODY_MAX 1000
#define API_MASK             "****"

bool api_secret_header(const api_config_t *cfg, const char *name) {
  /* Every header of every exchange is checked: on a lower-case copy, with plain compares. */
  char buf[128];
  size_t n = strlen(name);
  char *lower = n < sizeof(buf) ? buf : xmalloc(n + 1);
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)name[i];
    lower[i] = (char)(c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c);
  }
  lower[n] = '\0';
  static const char *const exact[] = {"authorization", "proxy-authorization", "cookie",
                                      "set-cookie"};
  static const char *const parts[] = {"token",  "secret",  "api-key",
                                      "apikey", "api_key", "password"};
  bool secret = false;
  for (size_t i = 0; !secret && i < sizeof(exact) / sizeof(exact[0]); i++)
    secret = strcmp(lower, exact[i]) == 0;
  for (size_t i = 0; !secret && cfg && i < cfg->mask_headers.len; i++)
    secret = strcasecmp(name, cfg->mask_headers.items[i]) == 0;
  for (size_t i = 0; !secret && i < sizeof(parts) / sizeof(parts[0]); i++)
    secret = strstr(lower, parts[i]) != NULL;
  if (lower != buf) free(lower);
  return secret;
}

/* ---- text of bodies ---- */

/* Printable text: no NUL and no control bytes other than tab and newlines. UTF-8 beyond
 * ASCII passes (the event's JSON encoder checks it; verbose output prints bytes). */
static bool printable(const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') return false;
  }
  return true;
}

/* Cuts at most `max` bytes without splitting a UTF-8 sequence. */
static size_t cut(const char *s, size_t n, size_t max) {
  if (n <= max) return n;
  while (max > 0 && ((unsigned char)s[max] & 0xC0) == 0x80) max--;
  /* Never through a secret: its first part would be printed unmasked. */
  return secret_safe_cut(s, n, max);
}

static json_t *headers_json(const http_header_t *h, size_t n) {
  json_t *obj = json_object();
  for (size_t i = 0; i < n; i++) {
    json_t *prev = json_object_get(obj, h[i].name);
    json_t *v = prev ? json_sprintf("%s, %s", json_string_value(prev), h[i].value)
                     : json_string(h[i].value);
    /* Header bytes that are not UTF-8 cannot be JSON strings. */
    json_object_set_new(obj, h[i].name, v ? v : json_string("<binary>"));
  }
  return obj;
}

/* ---- exchange records ---- */

typedef struct {
  http_header_t *headers; /* copies, secret values already masked */
  size_t n_headers;
  char *body; /* at most API_EVENT_BODY_MAX bytes of it */
  size_t body_kept, body_len;
} api_half_t;

struct api_exchange {
  char *method, *url;
  int attempt;
  api_half_t request, response;
  bool answered; /* a response arrived (else error and code say why) */
  long status;
  char *status_text;
  double duration_ms;
  char *error, *code;
  double retry_ms; /* < 0: no retry follows */
};

/* `sent`: the request half, whose masked values are registered as secrets (common/secret)
 * so that they are masked wherever else they show up. */
static void half_record(api_half_t *half, const api_config_t *cfg, const http_header_t *h, size_t n,
                        const char *body, size_t body_len, bool sent) {
  half->headers = xcalloc(n + 1, sizeof(*half->headers));
  half->n_headers = n;
  for (size_t i = 0; i < n; i++) {
    bool secret = api_secret_header(cfg, h[i].name);
    if (secret && sent) secret_add_header(h[i].name, h[i].value);
    half->headers[i].name = xstrdup(h[i].name);
    half->headers[i].value = xstrdup(secret ? API_MASK : h[i].value);
  }
  half->body_len = body ? body_len : 0;
  half->body_kept = cut(body, half->body_len, API_EVENT_BODY_MAX);
  half->body = half->body_kept ? xstrndup(body, half->body_kept) : NULL;
}

static void half_free(api_half_t *half) {
  for (size_t i = 0; i < half->n_headers; i++) {
    free(half->headers[i].name);
    free(half->headers[i].value);
  }
  free(half->headers);
  free(half->body);
}

static json_t *half_json(const api_half_t *half) {
  json_t *body;
  if (!half->body_len) body = json_string("");
  else if (printable(half->body, half->body_kept) &&
           (body = json_stringn(half->body, half->body_kept)))
    ;
  else body = json_sprintf("<binary: %zu bytes>", half->body_len);
  return json_pack("{s:o, s:o}", "headers", headers_json(half->headers, half->n_headers), "body",
                   body);
}

json_t *api_exchange_json(const api_exchange_t *x) {
  json_t *ev = json_pack("{s:s, s:s, s:s, s:i}", "type", "http", "method", x->method, "url", x->url,
                         "attempt", x->attempt);
  if (!ev) return NULL; /* a URL that is not UTF-8 */
  json_object_set_new(ev, "request", half_json(&x->request));
  json_object_set_new(ev, "duration", json_real(x->duration_ms));
  if (x->answered) {
    json_object_set_new(ev, "status", json_integer(x->status));
    json_t *text = json_string(x->status_text);
    json_object_set_new(ev, "statusText", text ? text : json_string(""));
    json_t *response = half_json(&x->response);
    json_object_set_new(response, "size", json_integer((json_int_t)x->response.body_len));
    json_object_set_new(ev, "response", response);
  } else {
    json_t *msg = json_string(x->error);
    json_object_set_new(ev, "error", msg ? msg : json_string("error"));
    json_object_set_new(ev, "code", json_string(x->code));
  }
  if (x->retry_ms >= 0) json_object_set_new(ev, "retryIn", json_real(x->retry_ms));
  return ev;
}

void api_exchange_free(api_exchange_t *x) {
  if (!x) return;
  free(x->method);
  free(x->url);
  half_free(&x->request);
  half_free(&x->response);
  free(x->status_text);
  free(x->error);
  free(x->code);
  free(x);
}

api_exchange_t *api_log_request(api_binding_t *b, const char *method, const char *url, int attempt,
                                const http_header_t *headers, size_t n_headers, const char *body,
                                size_t body_len) {
  if (!b->client->exchange_sink) return NULL;
  api_exchange_t *x = xcalloc(1, sizeof(*x));
  x->method = xstrdup(method);
  x->url = xstrdup(url);
  x->attempt = attempt;
  x->retry_ms = -1;
  half_record(&x->request, &b->cfg, headers, n_headers, body, body_len, true);
  return x;
}

/* ---- verbose ---- */

static void verbose_print(api_binding_t *b, const char *text) {
  JSContextRef ctx = js_realm_context(b->realm);
  if (b->console_info) {
    JSValueRef arg = js_make_string(ctx, text);
    JSValueRef exc = NULL;
    if (js_call(ctx, b->console_info, NULL, 1, &arg, &exc)) return;
  }
  printf("%s\n", text);
  fflush(stdout);
}

static void verbose_headers(api_binding_t *b, sbuf_t *out, const http_header_t *h, size_t n) {
  for (size_t i = 0; i < n; i++)
    sbuf_printf(out, "\n  %s: %s", h[i].name,
                api_secret_header(&b->cfg, h[i].name) ? API_MASK : h[i].value);
}

static void verbose_body(sbuf_t *out, const char *body, size_t len) {
  if (!body || !len) return;
  if (!printable(body, len < API_VERBOSE_BODY_MAX ? len : API_VERBOSE_BODY_MAX)) {
    sbuf_printf(out, "\n  <binary: %zu bytes>", len);
    return;
  }
  size_t n = cut(body, len, API_VERBOSE_BODY_MAX);
  sbuf_puts(out, "\n  ");
  /* Indent continuation lines so a pretty-printed body stays inside its block. */
  for (size_t i = 0; i < n; i++) {
    if (body[i] == '\r') continue;
    sbuf_putc(out, body[i]);
    if (body[i] == '\n') sbuf_puts(out, "  ");
  }
  if (n < len) sbuf_printf(out, "… (truncated: %zu bytes in all)", len);
}

void api_log_verbose_request(api_binding_t *b, bool verbose, const char *method, const char *url,
                             int attempt, int attempts_max, const http_header_t *headers,
                             size_t n_headers, const char *body, size_t body_len) {
  if (!verbose) return;
  sbuf_t out = SBUF_INIT;
  sbuf_printf(&out, "→ %s %s", method, url);
  if (attempt > 1) sbuf_printf(&out, " (attempt %d of %d)", attempt, attempts_max);
  verbose_headers(b, &out, headers, n_headers);
  verbose_body(&out, body, body_len);
  verbose_print(b, sbuf_cstr(&out));
  sbuf_free(&out);
}

static void verbose_response(api_binding_t *b, const http_response_t *res, double retry_ms) {
  sbuf_t out = SBUF_INIT;
  if (res->error == HTTP_OK)
    sbuf_printf(&out, "← %ld %s (%.1f ms)", res->status, res->status_text, res->duration_ms);
  else
    sbuf_printf(&out, "← %s: %s (%.1f ms)", res->error_code ? res->error_code : "error",
                res->error_message ? res->error_message : "", res->duration_ms);
  if (retry_ms >= 0) sbuf_printf(&out, ", retrying in %.0f ms", retry_ms);
  if (res->error == HTTP_OK) {
    verbose_headers(b, &out, res->headers, res->n_headers);
    verbose_body(&out, res->body, res->body_len);
  }
  verbose_print(b, sbuf_cstr(&out));
  sbuf_free(&out);
}

void api_log_response(api_binding_t *b, bool verbose, api_exchange_t *x, const http_response_t *res,
                      int attempt, double retry_ms) {
  if (verbose) verbose_response(b, res, retry_ms);
  api_client_t *c = b->client;
  if (!x) return;
  x->duration_ms = res->duration_ms;
  x->answered = res->error == HTTP_OK;
  if (x->answered) {
    x->status = res->status;
    x->status_text = xstrdup(res->status_text ? res->status_text : "");
    half_record(&x->response, &b->cfg, res->headers, res->n_headers, res->body, res->body_len,
                false);
  } else {
    x->error = xstrdup(res->error_message ? res->error_message : "error");
    x->code = xstrdup(res->error_code ? res->error_code : "EIO");
  }
  x->retry_ms = retry_ms;
  if (c->exchange_sink) c->exchange_sink(b->realm, x, c->exchange_ud);
  else api_exchange_free(x);
}

/* ---- debug ---- */

void api_debug(const api_binding_t *b, const char *fmt, ...) {
  if (!b->cfg.debug) return;
  sbuf_t line = SBUF_INIT;
  va_list ap;
  va_start(ap, fmt);
  sbuf_vprintf(&line, fmt, ap);
  va_end(ap);
  fprintf(stderr, "sonde:http %s\n", sbuf_cstr(&line));
  fflush(stderr);
  sbuf_free(&line);
}

void api_debug_http(uint64_t id, const char *line, void *userdata) {
  fprintf(stderr, "sonde:http #%llu %s\n", (unsigned long long)id, line);
  fflush(stderr);
}
