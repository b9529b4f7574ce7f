/* Unit tests for http/ws: a WebSocket client connection against a small server on
 * 127.0.0.1 on the same loop (libuv TCP, the server side of ws_codec). The server's
 * behaviour is picked by the request path: /echo, /refuse (403), /silent (never answers),
 * /proto (chooses the second subprotocol offered), /badaccept; and, once open, by the
 * messages it gets: "close" (a close frame 4403), "drop" (TCP closed without a close
 * frame), "masked" (a masked frame: a protocol error), "ignore-close" (close frames left
 * unanswered), anything else is echoed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uv.h>

#include "common/sbuf.h"
#include "http/ws.h"
#include "http/ws_codec.h"

/* ---- the server ---- */

typedef struct {
  uv_tcp_t tcp;
  sbuf_t in;
  bool open, ignore_close, closed;
  ws_codec_t *codec;
  char path[64];
} peer_t;

static uv_loop_t loop;
static uv_tcp_t listener;
static int port;
static peer_t *last_peer;

static void peer_closed(uv_handle_t *h) {
  peer_t *p = h->data;
  ws_codec_free(p->codec);
  sbuf_free(&p->in);
  free(p);
}

static void peer_close(peer_t *p) {
  if (p->closed) return;
  p->closed = true;
  if (last_peer == p) last_peer = NULL;
  uv_close((uv_handle_t *)&p->tcp, peer_closed);
}

static void write_done(uv_write_t *w, int status) {
  free(w->data);
  free(w);
}

static void peer_write(peer_t *p, const char *data, size_t n) {
  if (p->closed || !n) return;
  uv_write_t *w = xmalloc(sizeof *w);
  char *copy = xmalloc(n);
  memcpy(copy, data, n);
  w->data = copy;
  uv_buf_t b = uv_buf_init(copy, (unsigned)n);
  assert_int_equal(uv_write(w, (uv_stream_t *)&p->tcp, &b, 1, write_done), 0);
}

static void peer_flush(peer_t *p) {
  sbuf_t *out = ws_codec_output(p->codec);
  peer_write(p, out->data, out->len);
  ws_codec_consume(p->codec, out->len);
}

static void srv_message(int op, const uint8_t *d, size_t n, void *ud) {
  peer_t *p = ud;
  if (op != WS_OP_TEXT && op != WS_OP_BINARY) return;
  if (n == 5 && memcmp(d, "close", 5) == 0) {
    ws_codec_close(p->codec, 4403, "Forbidden", 9);
  } else if (n == 4 && memcmp(d, "drop", 4) == 0) {
    peer_close(p);
  } else if (n == 6 && memcmp(d, "masked", 6) == 0) {
    peer_write(p, "\x81\x81\x01\x02\x03\x04x", 7);
  } else if (n == 12 && memcmp(d, "ignore-close", 12) == 0) {
    p->ignore_close = true;
    ws_codec_send(p->codec, op, d, n);
  } else {
    ws_codec_send(p->codec, op, d, n);
  }
}

static void srv_close(uint16_t code, const char *r, size_t n, void *ud) {}

static void on_alloc(uv_handle_t *h, size_t size, uv_buf_t *b) {
  b->base = xmalloc(size);
  b->len = size;
}

static void answer_handshake(peer_t *p, size_t head_len) {
  const char *k = strstr(p->in.data, "Sec-WebSocket-Key: ");
  assert_non_null(k);
  char key[64] = {0};
  sscanf(k + 19, "%63[^\r]", key);
  sscanf(p->in.data, "GET %63s", p->path);
  if (strcmp(p->path, "/silent") == 0) return;
  if (strcmp(p->path, "/refuse") == 0) {
    const char *r = "HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n";
    peer_write(p, r, strlen(r));
    return;
  }
  char *accept = ws_handshake_accept(strcmp(p->path, "/badaccept") == 0 ? "other" : key);
  sbuf_t r = SBUF_INIT;
  sbuf_printf(&r,
              "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n"
              "Connection: Upgrade\r\nSec-WebSocket-Accept: %s\r\n",
              accept);
  if (strcmp(p->path, "/proto") == 0) sbuf_puts(&r, "Sec-WebSocket-Protocol: graphql-ws\r\n");
  sbuf_puts(&r, "\r\n");
  /* A first frame in the same packet as the head. */
  if (strcmp(p->path, "/hello") == 0) sbuf_append(&r, "\x81\x05hello", 7);
  peer_write(p, r.data, r.len);
  sbuf_free(&r);
  free(accept);
  p->open = true;
  size_t rest = p->in.len - head_len;
  if (rest) ws_codec_feed(p->codec, p->in.data + head_len, rest);
}

static void peer_read(uv_stream_t *s, ssize_t n, const uv_buf_t *b) {
  peer_t *p = s->data;
  if (n < 0) {
    peer_close(p);
  } else if (n > 0 && !p->open) {
    sbuf_append(&p->in, b->base, (size_t)n);
    size_t end = ws_handshake_head_end(p->in.data, p->in.len);
    if (end) answer_handshake(p, end);
  } else if (n > 0) {
    if (p->ignore_close && (uint8_t)b->base[0] == 0x88) {
      free(b->base);
      return;
    }
    ws_codec_feed(p->codec, b->base, (size_t)n);
    peer_flush(p);
  }
  free(b->base);
}

static void on_connection(uv_stream_t *srv, int status) {
  assert_int_equal(status, 0);
  peer_t *p = xcalloc(1, sizeof *p);
  sbuf_init(&p->in);
  ws_codec_config_t cc = {srv_message, srv_close, p, 0, true};
  p->codec = ws_codec_new(&cc);
  uv_tcp_init(&loop, &p->tcp);
  p->tcp.data = p;
  assert_int_equal(uv_accept(srv, (uv_stream_t *)&p->tcp), 0);
  uv_read_start((uv_stream_t *)&p->tcp, on_alloc, peer_read);
  last_peer = p;
}

/* Binds `t` (initialised on the loop) to a free port of 127.0.0.1 and returns the port. */
static int bind_loopback(uv_tcp_t *t) {
  struct sockaddr_in a;
  uv_ip4_addr("127.0.0.1", 0, &a);
  assert_int_equal(uv_tcp_bind(t, (const struct sockaddr *)&a, 0), 0);
  struct sockaddr_in got;
  int len = sizeof got;
  assert_int_equal(uv_tcp_getsockname(t, (struct sockaddr *)&got, &len), 0);
  return ntohs(got.sin_port);
}

static int setup(void **state) {
  uv_loop_init(&loop);
  uv_tcp_init(&loop, &listener);
  port = bind_loopback(&listener);
  assert_int_equal(uv_listen((uv_stream_t *)&listener, 16, on_connection), 0);
  return 0;
}

/* Peers still open are closed with their memory; the listener has none. */
static void close_any(uv_handle_t *h, void *arg) {
  if (uv_is_closing(h)) return;
  if (h == (uv_handle_t *)&listener) uv_close(h, NULL);
  else if (h->type == UV_TCP && h->data) peer_close(h->data);
}

static int teardown(void **state) {
  uv_walk(&loop, close_any, NULL);
  uv_run(&loop, UV_RUN_DEFAULT);
  assert_int_equal(uv_loop_close(&loop), 0);
  return 0;
}

/* ---- the client side ---- */

typedef struct {
  sbuf_t
      log; /* "open:<protocol>", "msg:<text>", "close:<clean>:<code>:<reason>:<error code>:<status>" */
  sbuf_t error;
  ws_conn_t *c;
  const char *on_open_send; /* sent as soon as the connection opens */
  bool close_on_echo;       /* ws_close(1000, "bye") at the first message */
  bool done;
} client_t;

static void cl_open(ws_conn_t *c, const char *protocol, void *ud) {
  client_t *cl = ud;
  sbuf_printf(&cl->log, "open:%s\n", protocol);
  if (cl->on_open_send)
    assert_int_equal(ws_send(c, WS_OP_TEXT, cl->on_open_send, strlen(cl->on_open_send)), 0);
}

static void cl_message(ws_conn_t *c, int op, const uint8_t *d, size_t n, void *ud) {
  client_t *cl = ud;
  sbuf_printf(&cl->log, "msg:%d:", op);
  sbuf_append(&cl->log, (const char *)d, n);
  sbuf_putc(&cl->log, '\n');
  if (cl->close_on_echo) ws_close(c, 1000, "bye", 3);
}

static void cl_close(ws_conn_t *c, const ws_close_info_t *i, void *ud) {
  client_t *cl = ud;
  sbuf_printf(&cl->log, "close:%d:%u:", i->was_clean, i->code);
  sbuf_append(&cl->log, i->reason, i->reason_len);
  sbuf_printf(&cl->log, ":%s:%d\n", i->error_code ? i->error_code : "", i->status);
  if (i->error) sbuf_puts(&cl->error, i->error);
  assert_int_equal(ws_state(c), WS_CLOSED);
  cl->done = true;
  ws_free(c); /* from inside the callback */
}

/* Starts cl's connection to `target`: a path on the test server, or a whole URL. */
static void client_start(client_t *cl, const char *target, const char *const *protos, size_t np,
                         long open_timeout, long close_timeout) {
  sbuf_init(&cl->log);
  sbuf_init(&cl->error);
  char url[128];
  if (target[0] == '/') snprintf(url, sizeof url, "ws://127.0.0.1:%d%s", port, target);
  else snprintf(url, sizeof url, "%s", target);
  ws_options_t o = {.url = url,
                    .protocols = protos,
                    .n_protocols = np,
                    .open_timeout_ms = open_timeout,
                    .close_timeout_ms = close_timeout};
  ws_callbacks_t cb = {cl_open, cl_message, cl_close, cl};
  cl->c = ws_connect(&loop, &o, &cb);
}

/* client_start, then runs the loop until the connection has closed. */
static void run_client(client_t *cl, const char *path, const char *const *protos, size_t np,
                       long open_timeout, long close_timeout) {
  client_start(cl, path, protos, np, open_timeout, close_timeout);
  assert_int_equal(ws_state(cl->c), WS_CONNECTING);
  while (!cl->done) uv_run(&loop, UV_RUN_ONCE);
}

static void client_free(client_t *cl) {
  sbuf_free(&cl->log);
  sbuf_free(&cl->error);
}

static void test_echo_and_close(void **state) {
  client_t cl = {.on_open_send = "hi there", .close_on_echo = true};
  const char *protos[] = {"graphql-transport-ws"};
  run_client(&cl, "/echo", protos, 1, 0, 0);
  /* No subprotocol chosen by the server; our close 1000 answered by the server's. */
  assert_string_equal(sbuf_cstr(&cl.log), "open:\nmsg:1:hi there\nclose:1:1000:bye::0\n");
  client_free(&cl);
}

static void test_first_frame_with_head_and_subprotocol(void **state) {
  client_t cl = {.close_on_echo = true};
  run_client(&cl, "/hello", NULL, 0, 0, 0);
  assert_string_equal(sbuf_cstr(&cl.log), "open:\nmsg:1:hello\nclose:1:1000:bye::0\n");
  client_free(&cl);

  client_t c2 = {.on_open_send = "x", .close_on_echo = true};
  const char *protos[] = {"graphql-transport-ws", "graphql-ws"};
  run_client(&c2, "/proto", protos, 2, 0, 0);
  assert_string_equal(sbuf_cstr(&c2.log), "open:graphql-ws\nmsg:1:x\nclose:1:1000:bye::0\n");
  client_free(&c2);
}

static void test_server_closes(void **state) {
  client_t cl = {.on_open_send = "close"};
  run_client(&cl, "/echo", NULL, 0, 0, 0);
  assert_string_equal(sbuf_cstr(&cl.log), "open:\nclose:1:4403:Forbidden::0\n");
  assert_string_equal(sbuf_cstr(&cl.error), "");
  client_free(&cl);
}

static void test_server_drops(void **state) {
  client_t cl = {.on_open_send = "drop"};
  run_client(&cl, "/echo", NULL, 0, 0, 0);
  assert_string_equal(sbuf_cstr(&cl.log), "open:\nclose:0:1006:::0\n");
  client_free(&cl);
}

static void test_protocol_violation(void **state) {
  client_t cl = {.on_open_send = "masked"};
  run_client(&cl, "/echo", NULL, 0, 0, 0);
  assert_string_equal(sbuf_cstr(&cl.log), "open:\nclose:0:1002::EPROTO:0\n");
  assert_non_null(strstr(sbuf_cstr(&cl.error), "breaks the WebSocket protocol"));
  client_free(&cl);
}

static void test_close_timeout(void **state) {
  /* The server stops answering close frames: our close gives up after 100 ms. */
  client_t cl = {.on_open_send = "ignore-close", .close_on_echo = true};
  uint64_t t0 = uv_hrtime();
  run_client(&cl, "/echo", NULL, 0, 0, 100);
  uint64_t ms = (uv_hrtime() - t0) / 1000000;
  assert_string_equal(sbuf_cstr(&cl.log), "open:\nmsg:1:ignore-close\nclose:0:1006:::0\n");
  assert_true(ms >= 90 && ms < 2000);
  client_free(&cl);
}

static void test_refused_handshake(void **state) {
  client_t cl = {0};
  run_client(&cl, "/refuse", NULL, 0, 0, 0);
  assert_string_equal(sbuf_cstr(&cl.log), "close:0:1006::EHANDSHAKE:403\n");
  assert_non_null(strstr(sbuf_cstr(&cl.error), "answered 403 instead of 101"));
  assert_non_null(strstr(sbuf_cstr(&cl.error), "/refuse"));
  client_free(&cl);

  client_t c2 = {0};
  run_client(&c2, "/badaccept", NULL, 0, 0, 0);
  assert_string_equal(sbuf_cstr(&c2.log), "close:0:1006::EPROTO:0\n");
  assert_non_null(strstr(sbuf_cstr(&c2.error), "Sec-WebSocket-Accept"));
  client_free(&c2);
}

static void test_open_timeout(void **state) {
  client_t cl = {0};
  uint64_t t0 = uv_hrtime();
  run_client(&cl, "/silent", NULL, 0, 150, 0);
  uint64_t ms = (uv_hrtime() - t0) / 1000000;
  assert_string_equal(sbuf_cstr(&cl.log), "close:0:1006::ETIMEDOUT:0\n");
  assert_true(ms >= 140 && ms < 2000);
  assert_non_null(strstr(sbuf_cstr(&cl.error), "timed out"));
  client_free(&cl);
}

static void test_connection_refused_and_bad_url(void **state) {
  /* A port nobody listens on: bind one, close it. */
  uv_tcp_t t;
  uv_tcp_init(&loop, &t);
  int dead = bind_loopback(&t);
  uv_close((uv_handle_t *)&t, NULL);
  uv_run(&loop, UV_RUN_NOWAIT);

  client_t cl = {0};
  char url[64];
  snprintf(url, sizeof url, "ws://127.0.0.1:%d/", dead);
  client_start(&cl, url, NULL, 0, 0, 0);
  while (!cl.done) uv_run(&loop, UV_RUN_ONCE);
  assert_string_equal(sbuf_cstr(&cl.log), "close:0:1006::ECONNREFUSED:0\n");
  assert_non_null(strstr(sbuf_cstr(&cl.error), "cannot connect"));
  client_free(&cl);

  client_t c2 = {0};
  client_start(&c2, "ftp://x/", NULL, 0, 0, 0);
  assert_false(c2.done); /* never from inside ws_connect */
  while (!c2.done) uv_run(&loop, UV_RUN_ONCE);
  assert_string_equal(sbuf_cstr(&c2.log), "close:0:1006::EINVAL:0\n");
  assert_non_null(strstr(sbuf_cstr(&c2.error), "not a ws: or wss: URL"));
  client_free(&c2);
}

static void test_free_while_connecting(void **state) {
  client_t cl = {0};
  client_start(&cl, "/silent", NULL, 0, 0, 0);
  ws_conn_t *c = cl.c;
  for (int i = 0; i < 5; i++) uv_run(&loop, UV_RUN_NOWAIT);
  ws_free(c); /* no callback after this; the loop winds down in teardown */
  for (int i = 0; i < 5; i++) uv_run(&loop, UV_RUN_NOWAIT);
  assert_string_equal(sbuf_cstr(&cl.log), "");
  client_free(&cl);
}

static void test_close_while_connecting(void **state) {
  client_t cl = {0};
  client_start(&cl, "/silent", NULL, 0, 0, 0);
  uv_run(&loop, UV_RUN_NOWAIT);
  ws_close(cl.c, 1000, NULL, 0);
  assert_false(cl.done); /* reported on a later turn */
  while (!cl.done) uv_run(&loop, UV_RUN_ONCE);
  assert_string_equal(sbuf_cstr(&cl.log), "close:0:1006::ECLOSED:0\n");
  assert_non_null(strstr(sbuf_cstr(&cl.error), "closed before the connection was established"));
  client_free(&cl);
}

static void test_many_messages(void **state) {
  /* 2000 messages sent at once, echoed back in order, then a close. */
  client_t cl = {0};
  client_start(&cl, "/echo", NULL, 0, 0, 0);
  while (ws_state(cl.c) == WS_CONNECTING) uv_run(&loop, UV_RUN_ONCE);
  char msg[64];
  for (int i = 0; i < 2000; i++) {
    int n = snprintf(msg, sizeof msg, "%d", i);
    assert_int_equal(ws_send(cl.c, i % 2 ? WS_OP_BINARY : WS_OP_TEXT, msg, (size_t)n), 0);
  }
  while (strstr(sbuf_cstr(&cl.log), "msg:1:1998\n") == NULL) uv_run(&loop, UV_RUN_ONCE);
  while (!strstr(sbuf_cstr(&cl.log), "msg:2:1999\n")) uv_run(&loop, UV_RUN_ONCE);
  assert_non_null(strstr(sbuf_cstr(&cl.log), "open:\nmsg:1:0\nmsg:2:1\nmsg:1:2\n"));
  ws_close(cl.c, 1000, NULL, 0);
  while (!cl.done) uv_run(&loop, UV_RUN_ONCE);
  assert_non_null(strstr(sbuf_cstr(&cl.log), "close:1:1000:::0\n"));
  client_free(&cl);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_echo_and_close, setup, teardown),
      cmocka_unit_test_setup_teardown(test_first_frame_with_head_and_subprotocol, setup, teardown),
      cmocka_unit_test_setup_teardown(test_server_closes, setup, teardown),
      cmocka_unit_test_setup_teardown(test_server_drops, setup, teardown),
      cmocka_unit_test_setup_teardown(test_protocol_violation, setup, teardown),
      cmocka_unit_test_setup_teardown(test_close_timeout, setup, teardown),
      cmocka_unit_test_setup_teardown(test_refused_handshake, setup, teardown),
      cmocka_unit_test_setup_teardown(test_open_timeout, setup, teardown),
      cmocka_unit_test_setup_teardown(test_connection_refused_and_bad_url, setup, teardown),
      cmocka_unit_test_setup_teardown(test_free_while_connecting, setup, teardown),
      cmocka_unit_test_setup_teardown(test_close_while_connecting, setup, teardown),
      cmocka_unit_test_setup_teardown(test_many_messages, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
