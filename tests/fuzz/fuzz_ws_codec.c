/* fuzz_ws_codec: libFuzzer target for the WebSocket codec (src/http/ws_codec.c on
 * libwslay): the input as frames from a server (client side) and from a client (server
 * side), in pieces a header byte sizes, and as the head of a handshake answer. A codec that
 * reports a violation must have answered it with a close frame. Built and run by
 * scripts/fuzz.sh. */
// fuzz-build: src/http/ws_codec.c src/common/sbuf.c -lwslay
// fuzz-pkgs:
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/sbuf.h"
#include "http/ws_codec.h"

static void on_message(int op, const uint8_t *d, size_t n, void *ud) { (*(size_t *)ud) += n; }

static void on_close(uint16_t code, const char *reason, size_t n, void *ud) {
  if (n > 123) abort(); /* a control frame carries at most 125 bytes */
}

static void feed(bool server, const uint8_t *data, size_t size) {
  size_t total = 0;
  ws_codec_config_t cfg = {on_message, on_close, &total, 256, server};
  ws_codec_t *c = ws_codec_new(&cfg);
  if (!c) return;
  size_t step = size ? (size_t)data[0] % 17 + 1 : 1;
  for (size_t i = 0; i < size; i += step)
    if (ws_codec_feed(c, data + i, size - i < step ? size - i : step) != 0) break;
  if (ws_codec_failed(c) && !ws_codec_close_sent(c)) abort();
  if (!server) {
    /* What the client answered (pongs, close frames) reads back on the server side. It
     * may still break a rule: wslay echoes a close reason that is not UTF-8 when the
     * frame came in pieces (see test_http_ws_codec.c), so only crashes count here. */
    ws_codec_config_t scfg = {on_message, on_close, &total, 0, true};
    ws_codec_t *s = ws_codec_new(&scfg);
    if (s) {
      sbuf_t *out = ws_codec_output(c);
      ws_codec_feed(s, out->data, out->len);
      ws_codec_free(s);
    }
  }
  ws_codec_free(c);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  feed(false, data, size);
  feed(true, data, size);
  char *proto = NULL;
  int status = 0;
  static const char *const protos[] = {"graphql-transport-ws", "graphql-ws"};
  char *why = ws_handshake_check((const char *)data, size, "dGhlIHNhbXBsZSBub25jZQ==", protos, 2,
                                 &proto, &status);
  if (!why == !proto) abort(); /* exactly one of the two */
  free(why);
  free(proto);
  return 0;
}
