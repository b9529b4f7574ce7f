/* Unit tests for http/ws_codec: the opening handshake and framing edge cases (fragments,
 * control frames between fragments, masking, oversized and invalid frames, invalid UTF-8,
 * the close handshake), fed whole and byte by byte. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "common/sbuf.h"
#include "http/ws_codec.h"

/* ---- handshake ---- */

static void test_accept_key(void **state) {
  /* The example of RFC 6455 section 1.3. */
  char *a = ws_handshake_accept("dGhlIHNhbXBsZSBub25jZQ==");
  assert_string_equal(a, "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=");
  free(a);
  char *k1 = ws_handshake_key(), *k2 = ws_handshake_key();
  assert_int_equal(strlen(k1), 24);
  assert_string_not_equal(k1, k2);
  free(k1);
  free(k2);
}

static void test_request(void **state) {
  const char *protos[] = {"graphql-transport-ws", "graphql-ws"};
  const char *extra[] = {"Authorization: Bearer t"};
  char *r = ws_handshake_request("h:8080", "/graphql?x=1", "KEY", protos, 2, extra, 1);
  assert_string_equal(r,
                      "GET /graphql?x=1 HTTP/1.1\r\nHost: h:8080\r\nUpgrade: websocket\r\n"
                      "Connection: Upgrade\r\nSec-WebSocket-Key: KEY\r\n"
                      "Sec-WebSocket-Version: 13\r\n"
                      "Sec-WebSocket-Protocol: graphql-transport-ws, graphql-ws\r\n"
                      "Authorization: Bearer t\r\n\r\n");
  free(r);
  r = ws_handshake_request("h", "", "KEY", NULL, 0, NULL, 0);
  assert_non_null(strstr(r, "GET / HTTP/1.1\r\n"));
  assert_null(strstr(r, "Protocol"));
  free(r);
}

static char *check_head(const char *head, const char *const *protos, size_t n, char **proto,
                        int *status) {
  return ws_handshake_check(head, strlen(head), "dGhlIHNhbXBsZSBub25jZQ==", protos, n, proto,
                            status);
}

static void test_response_check(void **state) {
  const char *protos[] = {"graphql-transport-ws", "graphql-ws"};
  char *proto;
  int status;
  const char *ok =
      "HTTP/1.1 101 Switching Protocols\r\nupgrade: WebSocket\r\n"
      "Connection: keep-alive, Upgrade\r\n"
      "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n"
      "Sec-WebSocket-Protocol: graphql-ws\r\n\r\n";
  assert_int_equal(ws_handshake_head_end(ok, strlen(ok)), strlen(ok));
  assert_int_equal(ws_handshake_head_end(ok, strlen(ok) - 1), 0);
  assert_null(check_head(ok, protos, 2, &proto, &status));
  assert_int_equal(status, 101);
  assert_string_equal(proto, "graphql-ws");
  free(proto);

  /* A status line that is not three digits, in a buffer with no NUL after it (the fuzzer
   * found sscanf reading past such a buffer). */
  char raw[12];
  memcpy(raw, "HTTP/1.1 1x1", 12);
  char *why =
      ws_handshake_check(raw, sizeof raw, "dGhlIHNhbXBsZSBub25jZQ==", protos, 2, &proto, &status);
  assert_string_equal(why, "the server's answer is not an HTTP/1.1 response");
  free(why);

  /* No subprotocol chosen: "" */
  const char *none =
      "HTTP/1.1 101 x\r\nUpgrade: websocket\r\nConnection: upgrade\r\n"
      "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n\r\n";
  assert_null(check_head(none, protos, 2, &proto, &status));
  assert_string_equal(proto, "");
  free(proto);

  struct {
    const char *head, *why;
    int status;
  } bad[] = {
      {"HTTP/1.1 401 Unauthorized\r\n\r\n", "answered 401", 401},
      {"HTTP/1.1 200 OK\r\nUpgrade: websocket\r\n\r\n", "answered 200", 200},
      {"garbage\r\n\r\n", "not an HTTP/1.1 response", 0},
      {"HTTP/1.1 101 x\r\nConnection: upgrade\r\n"
       "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n\r\n",
       "Upgrade: websocket", 101},
      {"HTTP/1.1 101 x\r\nUpgrade: websocket\r\nConnection: close\r\n"
       "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n\r\n",
       "Connection: Upgrade", 101},
      {"HTTP/1.1 101 x\r\nUpgrade: websocket\r\nConnection: upgrade\r\n"
       "Sec-WebSocket-Accept: AAAA\r\n\r\n",
       "does not match", 101},
      {"HTTP/1.1 101 x\r\nUpgrade: websocket\r\nConnection: upgrade\r\n"
       "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n"
       "Sec-WebSocket-Protocol: chat\r\n\r\n",
       "\"chat\", which was not offered", 101},
      {"HTTP/1.1 101 x\r\nUpgrade: websocket\r\nConnection: upgrade\r\n"
       "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n"
       "Sec-WebSocket-Extensions: permessage-deflate\r\n\r\n",
       "extension", 101},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    char *why = check_head(bad[i].head, protos, 2, &proto, &status);
    assert_non_null(why);
    assert_null(proto);
    if (!strstr(why, bad[i].why)) fail_msg("case %zu: \"%s\" lacks \"%s\"", i, why, bad[i].why);
    assert_int_equal(status, bad[i].status);
    free(why);
  }
}

/* ---- framing ---- */

typedef struct {
  sbuf_t log; /* "T:text\n", "B:<len>\n", "PING:x\n", "PONG:x\n", "CLOSE:code:reason\n" */
} sink_t;

static void on_message(int op, const uint8_t *d, size_t n, void *ud) {
  sink_t *s = ud;
  if (op == WS_OP_BINARY) {
    sbuf_printf(&s->log, "B:%zu\n", n);
    return;
  }
  sbuf_puts(&s->log, op == WS_OP_TEXT ? "T:" : op == WS_OP_PING ? "PING:" : "PONG:");
  sbuf_append(&s->log, (const char *)d, n);
  sbuf_putc(&s->log, '\n');
}

static void on_close(uint16_t code, const char *reason, size_t n, void *ud) {
  sink_t *s = ud;
  sbuf_printf(&s->log, "CLOSE:%u:", code);
  sbuf_append(&s->log, reason, n);
  sbuf_putc(&s->log, '\n');
}

static ws_codec_t *new_codec(sink_t *s, bool server, uint64_t max) {
  sbuf_init(&s->log);
  ws_codec_config_t cfg = {on_message, on_close, s, max, server};
  ws_codec_t *c = ws_codec_new(&cfg);
  assert_non_null(c);
  return c;
}

/* Decodes a client's output with a server codec: what the server would see. */
static char *server_sees(ws_codec_t *client) {
  sink_t s;
  ws_codec_t *srv = new_codec(&s, true, 0);
  sbuf_t *out = ws_codec_output(client);
  assert_int_equal(ws_codec_feed(srv, out->data, out->len), 0);
  ws_codec_free(srv);
  return sbuf_take(&s.log);
}

/* Feeds server frames to a fresh client, whole and then byte by byte; both must log
 * `want`, and the client's answer must decode (server side) to `answer`. */
static void check_frames(const char *frames, size_t n, uint64_t max, const char *want,
                         const char *answer, uint16_t failed) {
  for (int bytewise = 0; bytewise < 2; bytewise++) {
    sink_t s;
    ws_codec_t *c = new_codec(&s, false, max);
    if (bytewise) {
      for (size_t i = 0; i < n; i++) assert_int_equal(ws_codec_feed(c, frames + i, 1), 0);
    } else {
      assert_int_equal(ws_codec_feed(c, frames, n), 0);
    }
    assert_string_equal(sbuf_cstr(&s.log), want);
    char *seen = server_sees(c);
    assert_string_equal(seen, answer);
    free(seen);
    assert_int_equal(ws_codec_failed(c), failed);
    ws_codec_free(c);
    sbuf_free(&s.log);
  }
}

#define FRAMES(lit) lit, sizeof(lit) - 1

static void test_messages(void **state) {
  check_frames(FRAMES("\x81\x05hello"), 0, "T:hello\n", "", 0);
  check_frames(FRAMES("\x82\x03\x00\x01\x02"), 0, "B:3\n", "", 0);
  check_frames(FRAMES("\x81\x00"), 0, "T:\n", "", 0);
  /* 126: a 16-bit length */
  sbuf_t big = SBUF_INIT;
  sbuf_append(&big, "\x81\x7e\x01\x00", 4);
  for (int i = 0; i < 256; i++) sbuf_putc(&big, 'a' + i % 26);
  sink_t s;
  ws_codec_t *c = new_codec(&s, false, 0);
  assert_int_equal(ws_codec_feed(c, big.data, big.len), 0);
  assert_int_equal(s.log.len, 2 + 256 + 1);
  ws_codec_free(c);
  sbuf_free(&s.log);
  sbuf_free(&big);
}

static void test_fragments_and_control(void **state) {
  /* text "abc" + "def" in two fragments with a ping between them: the ping is answered
   * at once, the message arrives whole. */
  check_frames(FRAMES("\x01\x03"
                      "abc"
                      "\x89\x02hi"
                      "\x80\x03"
                      "def"),
               0, "PING:hi\nT:abcdef\n", "PONG:hi\n", 0);
  check_frames(FRAMES("\x02\x01x"
                      "\x00\x01y"
                      "\x80\x01z"),
               0, "B:3\n", "", 0);
  check_frames(FRAMES("\x8a\x01p"), 0, "PONG:p\n", "", 0);
}

static void test_protocol_errors(void **state) {
  /* A masked frame from the server. */
  check_frames(FRAMES("\x81\x85\x01\x02\x03\x04"
                      "abcde"),
               0, "", "CLOSE:1002:\n", 1002);
  /* A continuation with no message started. */
  check_frames(FRAMES("\x80\x01x"), 0, "", "CLOSE:1002:\n", 1002);
  /* A new message while one is fragmented. */
  check_frames(FRAMES("\x01\x01x\x81\x01y"), 0, "", "CLOSE:1002:\n", 1002);
  /* A fragmented control frame, and one longer than 125 bytes. */
  check_frames(FRAMES("\x09\x01x"), 0, "", "CLOSE:1002:\n", 1002);
  check_frames(FRAMES("\x89\x7e\x00\x7e"), 0, "", "CLOSE:1002:\n", 1002);
  /* Reserved bits and opcodes. */
  check_frames(FRAMES("\xc1\x01x"), 0, "", "CLOSE:1002:\n", 1002);
  check_frames(FRAMES("\x83\x01x"), 0, "", "CLOSE:1002:\n", 1002);
  check_frames(FRAMES("\x8b\x00"), 0, "", "CLOSE:1002:\n", 1002);
}

static void test_invalid_utf8_and_size(void **state) {
  check_frames(FRAMES("\x81\x02\xc3\x28"), 0, "", "CLOSE:1007:\n", 1007);
  /* Split between fragments, a valid sequence is fine. */
  check_frames(FRAMES("\x01\x01\xc3\x80\x01\xa9"), 0, "T:\xc3\xa9\n", "", 0);
  /* Over the message bound: in one frame, and across fragments. */
  check_frames(FRAMES("\x81\x0b"
                      "hello world"),
               10, "", "CLOSE:1009:\n", 1009);
  check_frames(FRAMES("\x01\x06"
                      "hello "
                      "\x80\x05"
                      "world"),
               10, "", "CLOSE:1009:\n", 1009);
  check_frames(FRAMES("\x81\x0a"
                      "0123456789"),
               10, "T:0123456789\n", "", 0);
}

static void test_close_handshake(void **state) {
  /* The server closes: the client reports it and answers with the same code. */
  check_frames(FRAMES("\x88\x05\x03\xe8"
                      "bye"),
               0, "CLOSE:1000:bye\n", "CLOSE:1000:bye\n", 0);
  check_frames(FRAMES("\x88\x00"), 0, "CLOSE:1005:\n", "CLOSE:1005:\n", 0);
  /* graphql-ws's own codes come through. */
  check_frames(FRAMES("\x88\x0e\x11\x33"
                      "Unauthorized"),
               0, "CLOSE:4403:Unauthorized\n", "CLOSE:4403:Unauthorized\n", 0);
  /* A close reason that is not UTF-8, in one piece, is answered with 1007, not echoed.
   * (When the frame comes in pieces wslay echoes it before the codec sees it: known.) */
  {
    sink_t s;
    ws_codec_t *c = new_codec(&s, false, 0);
    assert_int_equal(ws_codec_feed(c, "\x88\x04\x03\xe8\xff\xfe", 6), 0);
    assert_int_equal(ws_codec_failed(c), 1007);
    assert_string_equal(sbuf_cstr(&s.log), "");
    char *seen = server_sees(c);
    assert_string_equal(seen, "CLOSE:1007:\n");
    free(seen);
    ws_codec_free(c);
    sbuf_free(&s.log);
  }
  /* A close frame with a one-byte body (no whole code): wslay takes it as one without a
   * code rather than failing the connection. */
  check_frames(FRAMES("\x88\x01x"), 0, "CLOSE:1005:\n", "CLOSE:1005:\n", 0);
  /* Nothing after a close frame is read. */
  check_frames(FRAMES("\x88\x02\x03\xe8\x81\x01x"), 0, "CLOSE:1000:\n", "CLOSE:1000:\n", 0);

  /* The client closes: one close frame, nothing sent after it. */
  sink_t s;
  ws_codec_t *c = new_codec(&s, false, 0);
  assert_int_equal(ws_codec_send(c, WS_OP_TEXT, "x", 1), 0);
  assert_int_equal(ws_codec_close(c, 4000, "done", 4), 0);
  assert_true(ws_codec_close_sent(c));
  assert_false(ws_codec_close_received(c));
  assert_int_equal(ws_codec_failed(c), 0);
  assert_int_equal(ws_codec_send(c, WS_OP_TEXT, "y", 1), -1);
  assert_int_equal(ws_codec_close(c, 1000, NULL, 0), -1);
  char *seen = server_sees(c);
  assert_string_equal(seen, "T:x\nCLOSE:4000:done\n");
  free(seen);
  assert_int_equal(ws_codec_feed(c,
                                 "\x88\x06\x0f\xa0"
                                 "done",
                                 8),
                   0);
  assert_true(ws_codec_close_received(c));
  assert_string_equal(sbuf_cstr(&s.log), "CLOSE:4000:done\n");
  ws_codec_free(c);
  sbuf_free(&s.log);
}

static void test_client_output(void **state) {
  /* The client masks what it sends; a server codec reads it back, binary and control
   * frames included; output can be consumed in parts. */
  sink_t s;
  ws_codec_t *c = new_codec(&s, false, 0);
  assert_int_equal(ws_codec_send(c, WS_OP_TEXT, "{\"type\":\"connection_init\"}", 26), 0);
  assert_int_equal(ws_codec_send(c, WS_OP_BINARY, "\0\1\2", 3), 0);
  assert_int_equal(ws_codec_send(c, WS_OP_PING, "k", 1), 0);
  sbuf_t *out = ws_codec_output(c);
  assert_true(out->data[1] & 0x80); /* the mask bit */
  for (size_t i = 0; i + 15 <= out->len; i++)
    assert_memory_not_equal(out->data + i, "connection_init", 15);
  assert_int_equal(ws_codec_queued(c), 0);
  char *seen = server_sees(c);
  assert_string_equal(seen, "T:{\"type\":\"connection_init\"}\nB:3\nPING:k\n");
  free(seen);
  size_t total = out->len;
  ws_codec_consume(c, 5);
  assert_int_equal(out->len, total - 5);
  ws_codec_consume(c, total);
  assert_int_equal(out->len, 0);
  /* A control frame over 125 bytes cannot be sent. */
  char big[126] = {0};
  assert_int_equal(ws_codec_send(c, WS_OP_PING, big, sizeof big), -1);
  ws_codec_free(c);
  sbuf_free(&s.log);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_accept_key),
      cmocka_unit_test(test_request),
      cmocka_unit_test(test_response_check),
      cmocka_unit_test(test_messages),
      cmocka_unit_test(test_fragments_and_control),
      cmocka_unit_test(test_protocol_errors),
      cmocka_unit_test(test_invalid_utf8_and_size),
      cmocka_unit_test(test_close_handshake),
      cmocka_unit_test(test_client_output),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
