/* http client: asynchronous HTTP exchanges on libcurl's multi interface, driven by a libuv
 * loop. One client per worker process; connections are kept alive and reused across every
 * request the client makes, and the client's cookie jar (when requests ask for it) lives as
 * long as the client. No JavaScript types here.
 *
 * Memory: http_client_send copies everything it needs from the request. The response
 * passed to the completion callback belongs to the callback, which frees it with
 * http_response_free. */
#ifndef SONDE_HTTP_CLIENT_H
#define SONDE_HTTP_CLIENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>
#include <uv.h>

typedef struct http_client http_client_t;

typedef struct {
  char *name;
  char *value;
} http_header_t;

typedef enum {
  HTTP_OK = 0,        /* a response arrived (any status) */
  HTTP_ERR_TIMEOUT,   /* the whole exchange exceeded timeout_ms */
  HTTP_ERR_NETWORK,   /* connect/send/receive failed (refused, reset, DNS, TLS ...) */
  HTTP_ERR_INVALID,   /* the request could not be built (bad URL, bad method) */
  HTTP_ERR_REDIRECT,  /* more redirects than max_redirects, or one to a non-HTTP URL */
  HTTP_ERR_TOO_LARGE, /* the response body (decoded) exceeds max_body_size */
} http_error_t;

typedef struct {
  const char *method;           /* "GET", "POST", ... (any token) */
  const char *url;              /* absolute */
  const http_header_t *headers; /* sent exactly as given, in order */
  size_t n_headers;
  const char *body; /* may contain NULs; NULL = no body (POST, PUT and PATCH
                                      then send "Content-Length: 0"); ignored for HEAD */
  size_t body_len;
  long timeout_ms; /* whole exchange, redirects included; <= 0 means none */

  /* Everything below defaults to the behaviour of a zeroed field. */
  int max_redirects;    /* > 0: follow up to this many redirects (301, 302, 303, 307, 308
                             with a Location) the way fetch does: 303, and 301/302 after a
                             POST, continue as GET without a body; Authorization and Cookie
                             are dropped when the origin changes. One more fails with
                             HTTP_ERR_REDIRECT. 0: the 3xx response comes back as is. */
  bool decode;          /* send Accept-Encoding for gzip, deflate, br and zstd (unless the
                             headers name one) and decode such bodies */
  bool cookies;         /* send cookies from, and store Set-Cookie into, the client's jar */
  bool insecure;        /* accept any server certificate and host name */
  bool http1;           /* HTTP/1.1 only; otherwise HTTP/2 where TLS negotiates it (ALPN) */
  const char *proxy;    /* NULL: libcurl's own defaults (it reads http_proxy, HTTPS_PROXY
                             ...); "": no proxy; else the proxy URL ("http://host:port") */
  const char *no_proxy; /* with `proxy`: hosts that bypass it (curl's NOPROXY list) */
  size_t max_body_size; /* > 0: a final response whose body (after decoding) would exceed
                             this many bytes fails with HTTP_ERR_TOO_LARGE, as soon as its
                             Content-Length says so or once that much has arrived */
} http_request_t;

typedef struct {
  http_error_t error;
  char *error_code;       /* for HTTP_ERR_*: "ECONNREFUSED", "ECONNRESET", "ENOTFOUND",
                              "ETIMEDOUT", "CERT_INVALID", "EPROTO",
                              "ERR_TOO_MANY_REDIRECTS", "ERR_BODY_TOO_LARGE" ...; NULL
                              when ok */
  char *error_message;    /* human-readable cause (curl's message); NULL when ok */
  long status;            /* 0 on error */
  char *status_text;      /* reason phrase from the status line, or the standard phrase
                              for the code when the server sent none (HTTP/2); "" on error */
  http_header_t *headers; /* headers of the final response (not of 1xx ones, nor of the
                              redirects followed), in order, names as sent, duplicates kept;
                              NULL/0 on error */
  size_t n_headers;
  char *body; /* never NULL, NUL-terminated for convenience; body_len excludes
                              the NUL. Decoded only when the request asked for `decode`;
                              "" on error */
  size_t body_len;
  double duration_ms;  /* whole exchange (resolve, connect, send, last body byte), the
                              redirects followed included */
  char *effective_url; /* the URL of the final response (after redirects followed) */
  int redirects;       /* redirects followed */
  int http_version;    /* of the final response: 10, 11, 20, 30; 0 when unknown */
  size_t wire_size;    /* body bytes as they came over the wire (before decoding) */
  bool new_connection; /* false when the final exchange reused a kept-alive connection */
} http_response_t;

typedef void (*http_done_cb)(http_response_t *res, void *userdata);

/* NULL when libcurl cannot be initialized. The first call initializes libcurl for the
 * process (curl_global_init), which is not thread-safe: create clients from one thread. */
/* Loads libcurl and initialises it now rather than with the first client: the zygote does
 * it once for every worker it will fork. Failures are reported by http_client_new. */
void http_preload(void);
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

/* Receives libcurl's informational lines ("Connected to ...", "ALPN: server accepted h2",
 * "Re-using existing connection ...") of every exchange, without the newline, with the id
 * http_client_send returned. NULL turns it off. For debug logs; costs nothing when off. */
typedef void (*http_debug_cb)(uint64_t id, const char *line, void *userdata);
void http_client_set_debug(http_client_t *client, http_debug_cb fn, void *userdata);

/* Forgets every cookie in the client's jar. */
void http_client_clear_cookies(http_client_t *client);

void http_response_free(http_response_t *res);
/* Standard reason phrase for a status code ("Not Found"), "" when unknown. */
const char *http_status_text(long status);
/* The status code of a status line as libcurl hands it over ("HTTP/1.1 404 Not Found\r\n",
 * or "HTTP/2 404 \r\n": HTTP/2 has no reason phrase), 0 when it has none; *reason gets a
 * new string (unless reason is NULL): the line's reason phrase, or the standard one
 * (http_status_text) when the line carries none. */
long http_status_line(const char *line, size_t len, char **reason);
/* How long a Retry-After value (delay-seconds or an HTTP-date) asks to wait from `now`, in
 * milliseconds: 0 for a date already past, -1 when the value is neither form. */
double http_retry_after_ms(const char *value, time_t now);

#endif
