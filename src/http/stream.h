/* stream: one long-lived HTTP transfer on the caller's libuv loop, for the streaming
 * transports: a response body delivered piece by piece as it arrives (an event stream), or
 * a bare connection (CURLOPT_CONNECT_ONLY: TCP, TLS and proxy tunnel set up by libcurl
 * with the same options as the api client) that the caller then reads and writes itself
 * (the WebSocket transport, ws.c). No JavaScript.
 *
 * Each stream has its own libcurl multi handle rather than the http_client's: a stream
 * never ends by itself, so it must not count among the client's pending exchanges, and a
 * connect-only connection can never be reused anyway.
 *
 * Memory: http_stream_open copies what it needs of the request. The stream is freed by
 * http_stream_close, which may be called from any of its callbacks; the memory goes once
 * libuv has closed its handles (run the loop). */
#ifndef SONDE_HTTP_STREAM_H
#define SONDE_HTTP_STREAM_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>
#include <uv.h>

#include "http/client.h"

typedef struct http_stream http_stream_t;

typedef struct {
  const char *method;           /* NULL: GET */
  const char *url;              /* http(s) */
  const http_header_t *headers; /* sent as given */
  size_t n_headers;
  const char *body; /* NULL: none */
  size_t body_len;
  long connect_timeout_ms; /* connection, TLS, and (body mode) the response head; <= 0: 30 s */
  bool insecure;           /* accept any certificate and host name */
  const char *proxy;       /* as http_request_t's */
  const char *no_proxy;
  bool connect_only; /* connect and stop: the caller speaks over the connection */
} http_stream_req_t;

typedef struct {
  /* Body mode: the head of the final response (redirects are followed). */
  void (*on_head)(http_stream_t *s, long status, const http_header_t *headers, size_t n,
                  void *userdata);
  /* Body mode: the next piece of the body, as it came. */
  void (*on_data)(http_stream_t *s, const char *buf, size_t n, void *userdata);
  /* Connect-only: the connection is up; use http_stream_watch/send/recv. */
  void (*on_connected)(http_stream_t *s, void *userdata);
  /* Connect-only: the socket became readable (UV_READABLE) and/or writable (UV_WRITABLE). */
  void (*on_io)(http_stream_t *s, int events, void *userdata);
  /* The end of a transfer: HTTP_OK when the body ended normally; otherwise the failure,
   * with a Node-style code ("ECONNREFUSED", "ETIMEDOUT" ...) and a message. Called at
   * most once, never after http_stream_close, never for a connect-only stream that
   * connected (the caller sees its end through recv). */
  void (*on_end)(http_stream_t *s, http_error_t error, const char *code, const char *message,
                 void *userdata);
  void *userdata;
} http_stream_cb_t;

/* Never NULL: a request that cannot start fails through on_end on a later loop turn. */
http_stream_t *http_stream_open(uv_loop_t *loop, const http_stream_req_t *req,
                                const http_stream_cb_t *cb);
/* Stops the transfer (no callback after this) and frees the stream. */
void http_stream_close(http_stream_t *s);

/* Connect-only streams. */
#define HTTP_STREAM_AGAIN ((ssize_t)-2)
/* The events on_io should report from now on (0: none). 0, or -1 if the socket is gone. */
int http_stream_watch(http_stream_t *s, int events);
/* Like curl_easy_send/recv: bytes moved, HTTP_STREAM_AGAIN when the socket is not ready,
 * -1 on a failure (*why set to curl's message, static). recv returns 0 at the end. */
ssize_t http_stream_send(http_stream_t *s, const void *buf, size_t n, const char **why);
ssize_t http_stream_recv(http_stream_t *s, void *buf, size_t n, const char **why);

#endif
