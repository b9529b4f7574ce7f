/* http client: asynchronous HTTP exchanges on libcurl's multi interface, driven by a libuv
 * loop. One client per worker process; connections are kept alive and reused across every
 * request the client makes. No JavaScript types here.
 *
 * Memory: http_client_send copies everything it needs from the request. The response
 * passed to the completion callback belongs to the callback, which frees it with
 * http_response_free. */
#ifndef SONDE_HTTP_CLIENT_H
#define SONDE_HTTP_CLIENT_H

#include <stddef.h>
#include <stdint.h>
#include <uv.h>

typedef struct http_client http_client_t;

typedef struct {
  char *name;
  char *value;
} http_header_t;

typedef enum {
  HTTP_OK = 0,          /* a response arrived (any status) */
  HTTP_ERR_TIMEOUT,     /* the whole exchange exceeded timeout_ms */
  HTTP_ERR_NETWORK,     /* connect/send/receive failed (refused, reset, DNS, TLS ...) */
  HTTP_ERR_INVALID,     /* the request could not be built (bad URL, bad method) */
} http_error_t;

typedef struct {
  const char *method;              /* "GET", "POST", ... (any token) */
  const char *url;                 /* absolute */
  const http_header_t *headers;    /* sent exactly as given, in order */
  size_t n_headers;
  const char *body;                /* may contain NULs; NULL = no body (POST, PUT and PATCH
                                      then send "Content-Length: 0"); ignored for HEAD */
  size_t body_len;
  long timeout_ms;                 /* whole exchange; <= 0 means none */
} http_request_t;

typedef struct {
  http_error_t error;
  char *error_code;        /* for HTTP_ERR_*: "ECONNREFUSED", "ECONNRESET", "ENOTFOUND",
                              "ETIMEDOUT", "CERT_INVALID", "EPROTO" ...; NULL when ok */
  char *error_message;     /* human-readable cause (curl's message); NULL when ok */
  long status;             /* 0 on error */
  char *status_text;       /* reason phrase from the status line, or the standard phrase
                              for the code when the server sent none (HTTP/2); "" on error */
  http_header_t *headers;  /* headers of the final response (not of 1xx ones), in order,
                              names as sent, duplicates kept; NULL/0 on error */
  size_t n_headers;
  char *body;              /* never NULL, NUL-terminated for convenience; body_len excludes
                              the NUL. Raw bytes: no Content-Encoding decoding. "" on error */
  size_t body_len;
  double duration_ms;      /* whole transfer (resolve, connect, send, last body byte) */
  char *effective_url;     /* the URL requested (redirects are never followed) */
} http_response_t;

typedef void (*http_done_cb)(http_response_t *res, void *userdata);

/* NULL when libcurl cannot be initialized. The first call initializes libcurl for the
 * process (curl_global_init), which is not thread-safe: create clients from one thread. */
http_client_t *http_client_new(uv_loop_t *loop);
/* Cancels pending exchanges (their callbacks are not called) and frees the client once
 * libuv has closed its handles: run the loop afterwards until it has no more handles. */
void http_client_free(http_client_t *client);

/* Starts an exchange; `done` is called exactly once from the loop (never from inside this
 * call) unless the exchange is cancelled first. Returns an id > 0 for http_client_cancel.
 * Requests that cannot be built (bad method token, header name or CR/LF in a value, bad
 * URL) fail through `done` as well, with HTTP_ERR_INVALID. `done` may call any function of
 * this header, http_client_free included. */
uint64_t http_client_send(http_client_t *client, const http_request_t *req, http_done_cb done,
                          void *userdata);
/* Aborts an exchange; its callback will not be called. Unknown or finished ids are ignored. */
void http_client_cancel(http_client_t *client, uint64_t id);
/* Number of exchanges in flight. */
size_t http_client_pending(const http_client_t *client);

void http_response_free(http_response_t *res);
/* Standard reason phrase for a status code ("Not Found"), "" when unknown. */
const char *http_status_text(long status);

#endif
