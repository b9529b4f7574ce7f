/* ws: a WebSocket client connection on the caller's libuv loop: the connection (TCP, TLS,
 * proxy) set up by libcurl (stream.h, connect-only), the opening handshake and framing of
 * ws_codec.h, the close handshake with a timeout. No JavaScript: the WebSocket class and
 * the GraphQL transports sit on top.
 *
 * Memory: ws_connect copies its options. The caller frees the connection with ws_free,
 * exactly once, at any time (from a callback too); no callback runs after it. Data passed
 * to callbacks lives until the callback returns. */
#ifndef SONDE_HTTP_WS_H
#define SONDE_HTTP_WS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <uv.h>

#include "http/client.h"
#include "http/ws_codec.h"

typedef struct ws_conn ws_conn_t;

typedef enum { WS_CONNECTING, WS_OPEN, WS_CLOSING, WS_CLOSED } ws_state_t;

typedef struct {
  const char *url;              /* ws://, wss:// (http:// and https:// are taken as such) */
  const char *const *protocols; /* subprotocols offered, in order */
  size_t n_protocols;
  const http_header_t *headers; /* more handshake headers (Authorization, Cookie ...) */
  size_t n_headers;
  long open_timeout_ms;         /* connection and handshake; <= 0: 30 s */
  long close_timeout_ms;        /* how long a close waits for the server's; <= 0: 5 s */
  uint64_t max_message;         /* 0: 64 MiB */
  bool insecure;                /* accept any certificate (NODE_TLS_REJECT_UNAUTHORIZED=0) */
  const char *proxy, *no_proxy; /* as http_request_t's */
} ws_options_t;

typedef struct {
  bool was_clean;     /* both close frames went through */
  uint16_t code;      /* the close code: the server's, or 1006 when the connection was
                           lost or never opened, 1002/1007/1009 for a protocol violation */
  const char *reason; /* the close frame's reason (UTF-8, may be empty) */
  size_t reason_len;
  const char *error;      /* NULL after a close handshake; otherwise why the connection failed
                           or was lost, naming the URL */
  const char *error_code; /* with `error`: "ECONNREFUSED", "ETIMEDOUT", "ECONNRESET",
                             "EPROTO" (a broken handshake or frame), "EHANDSHAKE" (the server
                             refused the upgrade: see status) ... */
  int status;             /* the HTTP status of a refused handshake, else 0 */
} ws_close_info_t;

typedef struct {
  void (*on_open)(ws_conn_t *c, const char *protocol, void *userdata);
  /* WS_OP_TEXT (UTF-8, checked) or WS_OP_BINARY; also WS_OP_PING and WS_OP_PONG, which
   * are answered already. */
  void (*on_message)(ws_conn_t *c, int opcode, const uint8_t *data, size_t len, void *userdata);
  /* Once, at the end, whatever the cause. */
  void (*on_close)(ws_conn_t *c, const ws_close_info_t *info, void *userdata);
  void *userdata;
} ws_callbacks_t;

/* Never NULL: every failure comes through on_close on a later loop turn. */
ws_conn_t *ws_connect(uv_loop_t *loop, const ws_options_t *opts, const ws_callbacks_t *cb);
void ws_free(ws_conn_t *c);

ws_state_t ws_state(const ws_conn_t *c);
/* Sends a message (WS_OP_TEXT, WS_OP_BINARY, WS_OP_PING). -1 unless open. */
int ws_send(ws_conn_t *c, int opcode, const void *data, size_t len);
/* Starts the close handshake (code 0: a close frame without a code). While connecting,
 * gives up the connection instead (on_close: code 1006, error "closed before open"). */
void ws_close(ws_conn_t *c, uint16_t code, const char *reason, size_t reason_len);
/* Bytes accepted by ws_send and not yet written to the socket. */
size_t ws_buffered(const ws_conn_t *c);

#endif
