/* api: the global HTTP client of spec files (`api`, or apiRunner.globalName) and the
 * ApiResponse / Headers objects it resolves with. One api_client_t per worker owns the
 * http client (so connections are reused across spec files); api_bind attaches the client
 * to one realm and api_unbind cancels that realm's requests still in flight.
 * Options are copied; nothing here outlives api_client_free. */
#ifndef SONDE_API_API_H
#define SONDE_API_API_H

#include <jansson.h>
#include <uv.h>

#include "js/runtime.h"

#include "config/config.h"

/* The apiRunner options of a config (and its baseUrl), validated. Owned strings/json. */
typedef struct {
  char *base_url;           /* config baseUrl; NULL: paths must be absolute URLs */
  double timeout_ms;        /* apiRunner.timeout (default 30000) */
  json_t *headers;          /* apiRunner.headers: object name → string (never NULL) */
  char *global_name;        /* apiRunner.globalName (default "api") */
} api_config_t;

/* Reads and checks the options; -1 with a "<file>:<line>: \"apiRunner.x\" ..." message. */
int api_config_parse(const sonde_config_t *cfg, api_config_t *out, sbuf_t *err);
void api_config_free(api_config_t *cfg);

/* Receives one event per finished exchange: {"type":"http","method","url","status",
 * "statusText","duration","request":{"headers","body"},"response":{"headers","body",
 * "size"},"error"?}. Secret header values are masked and bodies truncated. Borrowed. */
typedef void (*api_exchange_fn)(json_t *event, void *userdata);

typedef struct api_client api_client_t;

/* NULL when libcurl cannot be initialised. */
api_client_t *api_client_new(uv_loop_t *loop);
/* Frees the http client; run the loop afterwards so libuv can close its handles. */
void api_client_free(api_client_t *c);

void api_set_exchange_sink(api_client_t *c, api_exchange_fn fn, void *userdata);

/* Installs the client object as a global of `realm` (and keeps it for require('sonde')).
 * `base_url` overrides cfg->base_url for this realm (a capability's custom:baseUrl). */
void api_bind(api_client_t *c, js_realm_t *realm, const api_config_t *cfg, const char *base_url);
/* Cancels the realm's pending requests and forgets the realm. */
void api_unbind(api_client_t *c, js_realm_t *realm);

/* The worker's http client, for other JS bindings on the same stack (fetch); NULL when no
 * client is bound to `realm`. */
struct http_client *api_http_of(js_realm_t *realm);

/* The client object bound to `realm`, or undefined. */
JSValueRef api_global(js_realm_t *realm);

/* Headers objects (also used for request configs): a case-insensitive, ordered list. */
JSObjectRef api_headers_new(JSContextRef ctx);
void api_headers_append(JSContextRef ctx, JSObjectRef headers, const char *name,
                        const char *value);

#endif
