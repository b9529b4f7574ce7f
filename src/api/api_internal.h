/* api_internal: what the files of the api module share. api.c holds the client, the
 * per-realm binding and the JS glue; api_methods.c the client objects of a realm (`api`,
 * createApiClient's) and their methods; api_request.c one call from arguments to settled
 * promise (options, interceptors, abort) and api_attempt.c its attempts on the wire (send,
 * retries, outcome), sharing api_call.h; api_body.c request bodies;
 * api_response.c ApiResponse objects and errors; api_log.c exchange events, verbose output
 * and debug logs; api_har.c HAR recording; api_jslibs.c the JavaScript parts of
 * wdio-api-runner's API (auth helpers, metrics, stub browser); headers.c the Headers class
 * and header lists.
 *
 * Memory: the client owns its bindings; a binding owns its client objects and its calls. JS values kept in C
 * structures are protected for as long as they are kept, and every such field says so. */
#ifndef SONDE_API_INTERNAL_H
#define SONDE_API_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "api/api.h"
#include "common/sbuf.h"
#include "common/secret.h"
#include "http/client.h"
#include "js/jsutil.h"

typedef struct api_binding api_binding_t;
typedef struct api_call api_call_t;
typedef struct api_inst api_inst_t;

/* ---- header lists (headers.c) ---- */

/* An ordered list of unique (case-insensitive) names with their values; owned strings. */
typedef struct {
  char **names;
  char **values;
  size_t len, cap;
} api_hlist_t;

/* ---- reading user values (headers.c) ----
 * Getters, proxies and toString() of values the user passed can throw; on the request path
 * every such exception must reject the call, never be dropped. These set *exc to what was
 * thrown and are sticky: once *exc is set they do nothing (undefined, "" or false), so a
 * run of reads can be checked once at the end. */

/* obj[name]; undefined when obj is no object. */
JSValueRef api_prop(JSContextRef ctx, JSValueRef obj, const char *name, JSValueRef *exc);
/* String(v) as UTF-8 (malloc'd, never NULL; *len may be NULL). */
char *api_to_utf8(JSContextRef ctx, JSValueRef v, size_t *len, JSValueRef *exc);

/* Replaces the value of `name` (any case; the first spelling is kept) or appends it. */
void api_hlist_set(api_hlist_t *h, const char *name, const char *value);
const char *api_hlist_get(const api_hlist_t *h, const char *name);
void api_hlist_del(api_hlist_t *h, const char *name);
void api_hlist_copy(api_hlist_t *dst, const api_hlist_t *src);
void api_hlist_free(api_hlist_t *h);
/* Reads a Headers object (its list) or any object (own enumerable properties, values
 * converted with String()) into `h`, setting each name. Nothing for other values. A getter
 * or String() that throws stops it with *exc set (sticky, as api_prop). */
void api_hlist_from_js(JSContextRef ctx, api_hlist_t *h, JSValueRef v, JSValueRef *exc);
/* A new Headers object holding the list. */
JSObjectRef api_hlist_to_headers(JSContextRef ctx, const api_hlist_t *h);
/* A plain object name → value. */
JSObjectRef api_hlist_to_object(JSContextRef ctx, const api_hlist_t *h);

/* ---- the client and its bindings (api.c) ---- */

struct api_client {
  uv_loop_t *loop;
  http_client_t *http;
  api_binding_t *bindings;
  api_exchange_fn exchange_sink;
  void *exchange_ud;
  api_response_check_fn response_check; /* apiRunner.openapi's automatic mode, or NULL */
  void *response_check_ud;
  api_request_check_fn request_check; /* apiRunner.openapi.validateRequests, or NULL */
  void *request_check_ud;
  JSObjectRef custom;            /* the custom client; protected in custom_ctx; or NULL */
  JSGlobalContextRef custom_ctx; /* the config's context, for unprotecting `custom` */
  bool tls_warned;               /* the NODE_TLS_REJECT_UNAUTHORIZED warning was printed */
  uint64_t rng;                  /* xorshift state for retry jitter */
};

/* A client's HAR recording (api_har.c). */
typedef struct {
  bool recording;
  char *name;      /* the file's name without .har; owned */
  json_t *entries; /* array, owned; NULL when not recording */
} api_har_t;

/* One client object of a realm: the `api` global (id 0) or one made by createApiClient.
 * Its methods are closures carrying the id, found again through the realm's binding, so a
 * method called after its realm went away finds nothing rather than freed memory. */
struct api_inst {
  api_binding_t *b;
  unsigned id;
  api_config_t cfg;     /* own copy: base URL, timeout, retries, verbose ... */
  api_hlist_t defaults; /* default headers, built-in ones first; setHeader changes them */
  bool ct_builtin;      /* the default Content-Type is the built-in one (not the user's) */
  JSObjectRef object;   /* the client object (built-in or custom); protected */
  JSObjectRef req_fns;  /* request interceptors (array); protected */
  JSObjectRef res_fns;  /* response interceptors (array); protected */
  api_har_t har;
  api_inst_t *next;
};

struct api_binding {
  api_client_t *client;
  js_realm_t *realm;
  api_config_t cfg;  /* own copy: the realm's options; base_url is this realm's */
  api_inst_t *insts; /* the realm's clients; the last one is `api` (id 0) */
  unsigned next_id;
  JSObjectRef helper;       /* api_helper(): JS glue, made on first use; protected */
  JSObjectRef console_info; /* console.info as the realm started, when verbose; protected */
  bool headers_iterable;    /* Headers.prototype[Symbol.iterator] is set in this realm */
  char *cid;                /* the job's cid (api_job_begin), or NULL */
  JSValueRef job_config;    /* the config object for browser.options; protected; or NULL */
  json_t *job_caps;         /* the job's capabilities; owned; or NULL */
  api_call_t *calls;        /* in flight */
  api_binding_t *next;
};

/* The binding of the realm whose code is running, or NULL. */
api_binding_t *api_binding_of(JSContextRef ctx);
/* The JS glue object of the binding: request(fns, config), response(fns, res),
 * add(list, fn) and tag(value). NULL with *exc when it cannot be made. */
JSObjectRef api_helper(api_binding_t *b, JSValueRef *exc);
/* Object.prototype.toString's tag of a value ("FormData", "Uint8Array" ...); malloc'd. */
char *api_tag_of(api_binding_t *b, JSValueRef v);
/* Uniform random number in [0, 1) for jitter. */
double api_random(api_client_t *c);

/* ---- client objects (api_methods.c) ---- */

/* A new client object of the binding with `cfg` (copied) and the built-in default headers
 * plus cfg->headers; `custom` (the custom client) instead of the built-in methods when not
 * NULL. */
api_inst_t *api_inst_new(api_binding_t *b, const api_config_t *cfg, JSObjectRef custom);
/* Unprotects and frees every client object of the binding. */
void api_insts_free(api_binding_t *b);
/* console.info of the realm for verbose output, read once. */
void api_keep_console(api_binding_t *b);
/* createApiClient(options): a new client object of the running realm's binding, or NULL
 * with *exc (no binding, an option of the wrong type). `options` NULL: none. */
JSValueRef api_create_client(JSContextRef ctx, JSValueRef options, JSValueRef *exc);

/* ---- HAR recording (api_har.c) ---- */

/* Wall-clock milliseconds since the epoch (an entry's startedDateTime). */
double api_har_now_ms(void);
/* The request half of an entry: the attempt as sent. A new reference. */
json_t *api_har_request(const api_config_t *cfg, const char *method, const char *url,
                        const http_header_t *h, size_t n, const char *body, size_t len);
/* Completes `request` (taken) with the attempt's response and appends the entry, when the
 * client still records; else drops it. */
void api_har_add(api_har_t *har, const api_config_t *cfg, json_t *request, double started_ms,
                 const http_response_t *res);
/* startRecording(name?): -1 with a message for a name that is no file name. */
int api_har_start(api_har_t *har, const char *name, sbuf_t *err);
/* stopRecording(): writes the file and returns its path (malloc'd), or NULL with the
 * reason in err (not recording, cannot write: then the recording goes on). */
char *api_har_stop(api_har_t *har, sbuf_t *err);
/* getHar(): the document so far, secrets masked. A new reference. */
json_t *api_har_get(const api_har_t *har);
void api_har_free(api_har_t *har);

/* ---- the JavaScript parts (api_jslibs.c, jslib/api-*.js) ---- */

/* Adds the auth helpers (basicAuth ... oauth2ClientCredentials and their utilities), the
 * metrics (createMetricsCollector ...), createStubBrowser and `browser` to the exports of
 * `sonde`; a failure to load them is reported as the realm's error. */
void api_jslib_export(js_realm_t *realm, JSObjectRef exports);
/* Defines the realm's lazy global `browser` (the job's stub browser). */
void api_jslib_install_globals(JSContextRef ctx);

/* ---- calls (api_request.c) ---- */

/* <client>.<method>(path, [body,] options) and request(path, options): returns the
 * promise, or NULL with *exc for bad arguments. `body` NULL: none. */
JSValueRef api_call_start(JSContextRef ctx, api_inst_t *inst, const char *method, JSValueRef path,
                          JSValueRef body, JSValueRef options, JSValueRef *exc);
/* Drops a call without settling it (its realm is going away). */
void api_call_cancel(api_call_t *call);

/* ---- bodies (api_body.c) ---- */

typedef enum {
  API_BODY_NONE,
  API_BODY_TEXT,     /* string: text/plain, or application/json when it parses as JSON */
  API_BODY_JSON,     /* any other object or value: JSON.stringify */
  API_BODY_FORM,     /* URLSearchParams: application/x-www-form-urlencoded */
  API_BODY_BYTES,    /* ArrayBuffer, typed array, DataView: application/octet-stream */
  API_BODY_BLOB,     /* Blob/File: its type, bytes read asynchronously */
  API_BODY_MULTIPART /* FormData: multipart/form-data, file parts read asynchronously */
} api_body_kind_t;

api_body_kind_t api_body_kind(api_binding_t *b, JSValueRef body);
/* True when serializing needs the asynchronous step of api_helper().request (Blob reads). */
bool api_body_needs_async(api_body_kind_t kind);
/* The Content-Type a body of that kind gets when the caller set none; `boundary` for
 * multipart. malloc'd, NULL for API_BODY_NONE. */
char *api_body_content_type(JSContextRef ctx, api_body_kind_t kind, JSValueRef body,
                            const char *boundary);
/* Serializes `body` (with `materialized`, what api_helper().request resolved for Blob and
 * FormData bodies) into *out and *len (malloc'd; *out NULL: no body). `content_type` is the
 * header that will be sent; a multipart body takes its boundary from it. -1 with *exc
 * when JSON.stringify throws (a cycle, a BigInt). */
int api_body_serialize(JSContextRef ctx, api_body_kind_t kind, JSValueRef body,
                       JSValueRef materialized, const char *content_type, char **out, size_t *len,
                       JSValueRef *exc);
/* A fresh multipart boundary. malloc'd. */
char *api_body_boundary(api_client_t *c);
/* Whether `s` is JSON text (what JSON.parse would accept; whitespace around it allowed). */
bool api_looks_like_json(const char *s, size_t len);

/* ---- responses and errors (api_response.c) ---- */

/* What api_response_new needs to know about the call beyond the http response. */
typedef struct {
  const char *method;
  const char *url;    /* as sent (params appended) */
  JSValueRef request; /* the config the last attempt sent: response.request */
  int attempts;
  double timeout_ms;
} api_exchange_info_t;

/* The ApiResponse of an http response; takes res->body (leaves "" behind). */
JSObjectRef api_response_new(JSContextRef ctx, const api_exchange_info_t *info,
                             http_response_t *res);
/* The Error a failed exchange rejects with: message naming method, URL (and the limit for
 * a timeout), with code, attempts, method, url. `origin` (may be NULL) is an Error made
 * when the request was made: it becomes that error, so its stack is the caller's. */
JSObjectRef api_error_new(JSContextRef ctx, const api_exchange_info_t *info,
                          const http_response_t *res, JSObjectRef origin);
/* The AbortError of an aborted request (`reason`: the signal's, may be undefined). */
JSObjectRef api_abort_error_new(JSContextRef ctx, const char *method, const char *url,
                                JSValueRef reason);
/* A JS string decoded from UTF-8 as TextDecoder does (invalid sequences → U+FFFD). */
JSValueRef api_make_text(JSContextRef ctx, const char *data, size_t len);
/* api_bigjson.c: a large JSON body (valid UTF-8) whose value is an array or an object,
 * parsed a run of about `run` bytes of whole members at a time (API_JSON_RUN in use; the
 * tests take small runs), walking into any member bigger than a run the same way, each
 * run's pages of `data` given back once parsed: the body's bytes and its parsed objects
 * are never all there at once. The value equals JSON.parse's (member order, a repeated
 * name's last value, `__proto__` as an own property). NULL with *exc NULL when the body is
 * not valid JSON, its value is no array or object, or it holds a string (or number) of a
 * sixteenth of the body or more and over API_JSON_RUN (nothing was touched: parse the
 * whole text); NULL with *exc when the engine failed midway (the body is gone then). */
#define API_JSON_RUN (1024 * 1024)
JSValueRef api_json_runs(JSContextRef ctx, char *data, size_t len, size_t run, JSValueRef *exc);

/* ---- logs (api_log.c) ---- */

/* Whether a header's value is masked in events and verbose output. */
bool api_secret_header(const api_config_t *cfg, const char *name);
/* The record of an attempt, its request half (NULL without a sink). */
api_exchange_t *api_log_request(api_binding_t *b, const char *method, const char *url, int attempt,
                                const http_header_t *headers, size_t n_headers, const char *body,
                                size_t body_len);
/* Completes the record and hands it to the sink (takes it), and prints the response half
 * when `verbose`. `retry_ms` >= 0 when another attempt follows after that wait. */
void api_log_response(api_binding_t *b, bool verbose, api_exchange_t *exchange,
                      const http_response_t *res, int attempt, double retry_ms);
/* Prints the request half when `verbose`. */
void api_log_verbose_request(api_binding_t *b, bool verbose, const char *method, const char *url,
                             int attempt, int attempts_max, const http_header_t *headers,
                             size_t n_headers, const char *body, size_t body_len);
/* "sonde:http <message>" on stderr when DEBUG enables it. */
void api_debug(const api_binding_t *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The http client's informational lines, as debug lines. */
void api_debug_http(uint64_t id, const char *line, void *userdata);

#endif
