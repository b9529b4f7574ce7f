/* ws_codec: the WebSocket protocol (RFC 6455) without I/O: the opening handshake's request
 * and the check of its response, and framing on wslay (Debian's libwslay), bytes in and
 * bytes out. ws.c puts it on a socket; tests feed it crafted frames. No JavaScript.
 *
 * wslay reassembles fragmented messages, answers pings and close frames, checks masking,
 * control frames between fragments and UTF-8 in text messages, and bounds a message's
 * size; a violation makes it queue a close frame with the code RFC 6455 names (1002,
 * 1007, 1009) and stop reading.
 *
 * Memory: the codec owns its wslay context and output buffer. Message bytes passed to
 * callbacks live until the callback returns. Strings returned by the handshake functions
 * are malloc'd and owned by the caller. */
#ifndef SONDE_HTTP_WS_CODEC_H
#define SONDE_HTTP_WS_CODEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/sbuf.h"

enum {
  WS_OP_TEXT = 0x1,
  WS_OP_BINARY = 0x2,
  WS_OP_CLOSE = 0x8,
  WS_OP_PING = 0x9,
  WS_OP_PONG = 0xA,
};

/* ---- opening handshake ---- */

/* A fresh Sec-WebSocket-Key (16 random bytes, base64). */
char *ws_handshake_key(void);
/* The Sec-WebSocket-Accept a server must answer for `key`. */
char *ws_handshake_accept(const char *key);
/* The GET request of the handshake: `host` (with ":port" when not the default) and
 * `target` (path and query) as they go on the wire; `protocols` are offered in order
 * (NULL/0: none); `extra` are more "Name: value" lines (without CRLF; may be NULL). */
char *ws_handshake_request(const char *host, const char *target, const char *key,
                           const char *const *protocols, size_t n_protocols,
                           const char *const *extra, size_t n_extra);
/* Where the response head ends in `buf` (just past its blank line), or 0 while incomplete. */
size_t ws_handshake_head_end(const char *buf, size_t n);
/* Checks a complete response head (status line and headers). NULL when the server accepted
 * the upgrade, with *protocol set to the subprotocol it chose ("" for none, malloc'd);
 * otherwise why not (malloc'd), and *status set to the status code read (0 if none). */
char *ws_handshake_check(const char *head, size_t len, const char *key,
                         const char *const *protocols, size_t n_protocols, char **protocol,
                         int *status);

/* ---- framing ---- */

typedef struct ws_codec ws_codec_t;

typedef struct {
  /* A whole message: WS_OP_TEXT or WS_OP_BINARY (reassembled), or WS_OP_PING / WS_OP_PONG
   * (already answered). */
  void (*on_message)(int opcode, const uint8_t *data, size_t len, void *userdata);
  /* The peer's close frame: its code (1005 when it had none) and reason. The codec has
   * queued the answering close frame. */
  void (*on_close)(uint16_t code, const char *reason, size_t reason_len, void *userdata);
  void *userdata;
  uint64_t max_message; /* 0: 64 MiB */
  bool server;          /* the server side (tests): expects masked frames, sends unmasked */
} ws_codec_config_t;

ws_codec_t *ws_codec_new(const ws_codec_config_t *cfg);
void ws_codec_free(ws_codec_t *c);

/* Parses received bytes. 0, or -1 when the codec cannot go on (out of memory inside
 * wslay); a protocol violation is not -1: it queues a close frame (see ws_codec_failed). */
int ws_codec_feed(ws_codec_t *c, const void *buf, size_t n);
/* Queues a message (WS_OP_TEXT, WS_OP_BINARY, WS_OP_PING, WS_OP_PONG). -1 when the codec no
 * longer sends (a close frame was queued) or the message is invalid (a control frame of
 * more than 125 bytes). */
int ws_codec_send(ws_codec_t *c, int opcode, const void *data, size_t len);
/* Queues a close frame (code 0: none; reason at most 123 bytes). -1 if one was queued. */
int ws_codec_close(ws_codec_t *c, uint16_t code, const char *reason, size_t len);
/* Frames queued so far, encoded: the caller writes them and consumes what it wrote. */
sbuf_t *ws_codec_output(ws_codec_t *c);
void ws_codec_consume(ws_codec_t *c, size_t n);

bool ws_codec_close_sent(const ws_codec_t *c);
bool ws_codec_close_received(const ws_codec_t *c);
/* The code of the close frame the codec sent on its own because the peer broke the
 * protocol (1002, 1007, 1009 ...), or 0. */
uint16_t ws_codec_failed(const ws_codec_t *c);
/* Bytes of queued messages not yet encoded into the output (bufferedAmount). */
size_t ws_codec_queued(const ws_codec_t *c);

#endif
