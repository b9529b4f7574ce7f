/* api: the global HTTP client of spec files (`api`, or apiRunner.globalName) and the
 * ApiResponse / Headers objects it resolves with. One api_client_t per worker owns the
 * http client (so connections and the cookie jar are reused across spec files) and, when
 * the config names one, the custom client object; api_bind attaches the client to one
 * realm (its default headers, base URL and interceptors are per realm) and api_unbind
 * cancels that realm's requests still in flight.
 * Options are copied; nothing here outlives api_client_free. */
#ifndef SONDE_API_API_H
#define SONDE_API_API_H

#include <jansson.h>
#include <stdbool.h>
#include <uv.h>

#include "common/strvec.h"
#include "js/runtime.h"

#include "config/config.h"

/* apiRunner.maxBodySize's default: bigger bodies fail the request rather than take the
 * worker's memory (a body costs about twice its size once read). */
#define API_DEFAULT_MAX_BODY_SIZE (50.0 * 1024 * 1024)

/* The apiRunner options of a config (and its baseUrl), validated, with RUNNER_API_OPTIONS
 * (or WDIO_API_OPTIONS) merged over them, and the environment the client honours. Owned
 * strings/json. */
typedef struct {
  char *base_url;         /* config baseUrl; NULL: paths must be absolute URLs */
  double timeout_ms;      /* apiRunner.timeout (default 30000): each attempt, whole */
  json_t *headers;        /* apiRunner.headers: object name → string (never NULL) */
  char *global_name;      /* apiRunner.globalName (default "api") */
  int retries;            /* apiRunner.retries (default 0) */
  double retry_delay_ms;  /* apiRunner.retryDelay (default 1000) */
  bool retry_exponential; /* apiRunner.retryBackoff: 'exponential' (default 'fixed') */
  int max_redirects;      /* apiRunner.maxRedirects (default 5) */
  double max_body_size;   /* apiRunner.maxBodySize in bytes (default 50 MB); 0: none */
  bool verbose;           /* apiRunner.verbose */
  strvec_t mask_headers;  /* apiRunner.maskHeaders: masked beyond the built-in list */
  bool cookies;           /* apiRunner.cookies: a cookie jar per worker */
  bool http2;             /* apiRunner.http2 (default true): HTTP/2 where TLS offers it */
  bool custom_client;     /* apiRunner.client or apiRunner.clientFactory is set */
  bool har;               /* apiRunner.har: each spec file's `api` exchanges are written to
                               har-logs/<spec file>-<cid>.har (api_record_spec) */
  /* From the environment. */
  bool insecure;     /* NODE_TLS_REJECT_UNAUTHORIZED=0 */
  char *http_proxy;  /* HTTP_PROXY / http_proxy; NULL: none */
  char *https_proxy; /* HTTPS_PROXY / https_proxy; NULL: none */
  char *no_proxy;    /* NO_PROXY / no_proxy; NULL: none */
  bool debug;        /* DEBUG enables sonde:http */
} api_config_t;

/* Reads and checks the options; -1 with a "<file>:<line>: \"apiRunner.x\" ..." message (or
 * "RUNNER_API_OPTIONS: ..." for the environment's). */
int api_config_parse(const sonde_config_t *cfg, api_config_t *out, sbuf_t *err);
void api_config_free(api_config_t *cfg);
/* Deep copy; free with api_config_free. */
void api_config_copy(api_config_t *dst, const api_config_t *src);

/* One attempt of an exchange, as recorded (copies of the headers and of at most 4 KB of
 * each body). Most are dropped unseen (their test passed), so the event is only built on
 * demand by api_exchange_json: {"type":"http","method","url","attempt","status",
 * "statusText","duration","request":{"headers","body"},"response":{"headers","body",
 * "size"},"error"?,"code"?,"retryIn"?}, secret header values masked. */
typedef struct api_exchange api_exchange_t;
/* Receives each attempt's record and owns it (api_exchange_free), with the realm whose
 * request it was (spec files of one worker share the client). */
typedef void (*api_exchange_fn)(js_realm_t *realm, api_exchange_t *exchange, void *userdata);
/* A new reference to the event. */
json_t *api_exchange_json(const api_exchange_t *x);
void api_exchange_free(api_exchange_t *x);

typedef struct api_client api_client_t;

/* NULL when libcurl cannot be initialised. */
api_client_t *api_client_new(uv_loop_t *loop);
/* Frees the http client; run the loop afterwards so libuv can close its handles. */
void api_client_free(api_client_t *c);

void api_set_exchange_sink(api_client_t *c, api_exchange_fn fn, void *userdata);

/* A check of every response an `api` call is about to resolve with (after the response
 * interceptors): setting *exception rejects the call with it instead. `origin` is an Error
 * made when the call was made, whose stack is the caller's (the spec file's line). */
typedef void (*api_response_check_fn)(JSContextRef ctx, JSValueRef response, JSObjectRef origin,
                                      void *userdata, JSValueRef *exception);
void api_set_response_check(api_client_t *c, api_response_check_fn fn, void *userdata);
/* A request about to be sent (after the request interceptors, its params in the URL and
 * its body serialized). */
typedef struct {
  const char *method;
  const char *url;
  const char *const *header_names; /* as sent, n_headers of each */
  const char *const *header_values;
  size_t n_headers;
  const char *body; /* body_len bytes; NULL when none */
  size_t body_len;
  bool cookie_jar; /* apiRunner.cookies: the jar adds cookies these headers do not show */
} api_request_info_t;
/* A check of every request before it is sent: setting *exception rejects the call with it
 * and the request is not sent. `origin` as for the response check. */
typedef void (*api_request_check_fn)(JSContextRef ctx, const api_request_info_t *request,
                                     JSObjectRef origin, void *userdata, JSValueRef *exception);
void api_set_request_check(api_client_t *c, api_request_check_fn fn, void *userdata);
/* The body bytes an ApiResponse was made from (owned by the response): false when `v` is
 * no ApiResponse or a large body's bytes were handed to its data. */
bool api_response_body(JSContextRef ctx, JSValueRef v, const char **data, size_t *len);

/* Called once api_client_prepare is done: `error` NULL when the client is ready (custom or
 * built-in), else why the run cannot go on (e.g. the custom client lacks a method). */
typedef void (*api_ready_fn)(const char *error, void *userdata);
/* Creates the custom client of apiRunner.client (`new Client(config)`) or
 * apiRunner.clientFactory (`clientFactory(config)`, which may return a promise) once per
 * worker, checks that it offers get/post/put/patch/delete/head/options, and from then on
 * api_bind installs it instead of the built-in client. Without either option `done` runs
 * at once. `done` is called exactly once, possibly before this returns. `cfg` must stay
 * alive (its realm holds the custom client) until api_client_free. */
void api_client_prepare(api_client_t *c, const sonde_config_t *cfg, api_ready_fn done,
                        void *userdata);

/* Installs the client object as a global of `realm` (and keeps it for require('sonde')).
 * `base_url` overrides cfg->base_url for this realm (a capability's custom:baseUrl). */
void api_bind(api_client_t *c, js_realm_t *realm, const api_config_t *cfg, const char *base_url);
/* Tells the realm's binding about its job: the spec file, the cid, the config object and
 * the capabilities, which the global `browser` (a stub, made when first read) shows; with
 * apiRunner.har, starts recording the realm's `api` for the spec file (its HAR is written
 * when the realm is unbound). */
void api_job_begin(api_client_t *c, js_realm_t *realm, const char *spec, const char *cid,
                   JSValueRef config, const json_t *capabilities);
/* Cancels the realm's pending requests, writes the HAR of apiRunner.har (a failure is
 * printed on stderr) and forgets the realm. */
void api_unbind(api_client_t *c, js_realm_t *realm);

/* The worker's http client, for other JS bindings on the same stack (fetch); NULL when no
 * client is bound to `realm`. */
struct http_client *api_http_of(js_realm_t *realm);

/* The client object bound to `realm` (the custom one when configured), or undefined. */
JSValueRef api_global(js_realm_t *realm);
/* Adds `api` (api_global) and createApiClient to the exports of the `sonde` module. */
void api_export(js_realm_t *realm, JSObjectRef exports);

/* Headers objects (also used for request configs): a case-insensitive, ordered list. */
JSObjectRef api_headers_new(JSContextRef ctx);
void api_headers_append(JSContextRef ctx, JSObjectRef headers, const char *name, const char *value);

#endif
