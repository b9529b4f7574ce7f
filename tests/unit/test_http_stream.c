/* test_http_stream: long-lived transfers (http/stream.h) in body mode against a
 * libmicrohttpd server inside the test (one thread per connection, so handlers may sleep):
 * a body that arrives in pieces, redirects followed, a POST with headers, an endless body
 * closed from inside a callback, refused connections and requests that cannot start.
 * Each test owns its loop and requires uv_loop_close to succeed: no handle is leaked. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "common/sbuf.h"
#include "http/stream.h"

/* ---- the server ---- */

/* /events: three events 20 ms apart; /forever: an event every 5 ms until the client goes. */
static ssize_t events_reader(void *cls, uint64_t pos, char *buf, size_t max) {
  int *n = cls;
  bool forever = *n < 0;
  if (!forever && *n >= 3) return MHD_CONTENT_READER_END_OF_STREAM;
  usleep(forever ? 5000 : 20000);
  int k = forever ? 1 : ++*n;
  return snprintf(buf, max, "data: %d\n\n", k);
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *conn, const char *url,
                                  const char *method, const char *version, const char *upload,
                                  size_t *upload_size, void **req_cls) {
  if (!*req_cls) { /* first call: headers only */
    *req_cls = xcalloc(1, sizeof(sbuf_t));
    return MHD_YES;
  }
  sbuf_t *body = *req_cls;
  if (*upload_size) {
    sbuf_append(body, upload, *upload_size);
    *upload_size = 0;
    return MHD_YES;
  }
  struct MHD_Response *res;
  int code = 200;
  if (strcmp(url, "/redirect") == 0) {
    res = MHD_create_response_from_buffer(0, (char *)"", MHD_RESPMEM_PERSISTENT);
    MHD_add_response_header(res, "Location", "/events");
    code = 302;
  } else if (strcmp(url, "/events") == 0 || strcmp(url, "/forever") == 0) {
    int *n = xcalloc(1, sizeof *n);
    if (strcmp(url, "/forever") == 0) *n = -1;
    res = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 256, events_reader, n, free);
    MHD_add_response_header(res, "Content-Type", "text/event-stream");
  } else {
    const char *token = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "X-Token");
    char *text =
        xasprintf("%s %s token=%s body=%s", method, url, token ? token : "-", sbuf_cstr(body));
    res = MHD_create_response_from_buffer(strlen(text), text, MHD_RESPMEM_MUST_FREE);
    MHD_add_response_header(res, "Content-Type", "text/plain");
  }
  enum MHD_Result ret = MHD_queue_response(conn, code, res);
  MHD_destroy_response(res);
  return ret;
}

static void on_done(void *cls, struct MHD_Connection *c, void **req_cls,
                    enum MHD_RequestTerminationCode toe) {
  if (*req_cls) {
    sbuf_free(*req_cls);
    free(*req_cls);
  }
}

static struct MHD_Daemon *daemon_;
static int port;
static uv_loop_t loop;

static int setup(void **state) {
  struct sockaddr_in addr = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
  daemon_ =
      MHD_start_daemon(MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD, 0, NULL,
                       NULL, on_request, NULL, MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr,
                       MHD_OPTION_NOTIFY_COMPLETED, on_done, NULL, MHD_OPTION_END);
  assert_non_null(daemon_);
  port = MHD_get_daemon_info(daemon_, MHD_DAEMON_INFO_BIND_PORT)->port;
  assert_int_equal(uv_loop_init(&loop), 0);
  return 0;
}

static int teardown(void **state) {
  uv_run(&loop, UV_RUN_DEFAULT);
  assert_int_equal(uv_loop_close(&loop), 0);
  MHD_stop_daemon(daemon_);
  return 0;
}

/* ---- the client ---- */

typedef struct {
  sbuf_t log; /* "head <status> <content-type>", then the body, then "end <code>" */
  int pieces;
  bool ended;
  bool close_on_data;
  http_stream_t *st;
} sink_t;

static void on_head(http_stream_t *s, long status, const http_header_t *h, size_t n, void *ud) {
  sink_t *k = ud;
  const char *type = "-";
  for (size_t i = 0; i < n; i++)
    if (strcasecmp(h[i].name, "Content-Type") == 0) type = h[i].value;
  sbuf_printf(&k->log, "head %ld %s|", status, type);
}

static void on_data(http_stream_t *s, const char *buf, size_t n, void *ud) {
  sink_t *k = ud;
  k->pieces++;
  sbuf_append(&k->log, buf, n);
  if (k->close_on_data) {
    http_stream_close(s); /* from inside the callback: nothing more is delivered */
    k->ended = true;
  }
}

static void on_end(http_stream_t *s, http_error_t err, const char *code, const char *msg,
                   void *ud) {
  sink_t *k = ud;
  sbuf_printf(&k->log, "|end %s", code ? code : "ok");
  k->ended = true;
  http_stream_close(s);
}

static void run(sink_t *k, const char *method, const char *path, const http_header_t *h, size_t nh,
                const char *body) {
  sbuf_init(&k->log);
  char *url = xasprintf("http://127.0.0.1:%d%s", port, path);
  http_stream_req_t r = {.method = method,
                         .url = url,
                         .headers = h,
                         .n_headers = nh,
                         .body = body,
                         .body_len = body ? strlen(body) : 0};
  http_stream_cb_t cb = {.on_head = on_head, .on_data = on_data, .on_end = on_end, .userdata = k};
  k->st = http_stream_open(&loop, &r, &cb);
  free(url);
  assert_false(k->ended); /* never from inside open */
  while (!k->ended) uv_run(&loop, UV_RUN_ONCE);
}

static void test_body_in_pieces(void **state) {
  sink_t k = {0};
  run(&k, NULL, "/events", NULL, 0, NULL);
  assert_string_equal(sbuf_cstr(&k.log),
                      "head 200 text/event-stream|data: 1\n\ndata: 2\n\ndata: 3\n\n|end ok");
  assert_true(k.pieces >= 2); /* delivered as it came, not at the end */
  sbuf_free(&k.log);
}

static void test_redirect_followed(void **state) {
  sink_t k = {0};
  run(&k, "GET", "/redirect", NULL, 0, NULL);
  assert_string_equal(sbuf_cstr(&k.log),
                      "head 200 text/event-stream|data: 1\n\ndata: 2\n\ndata: 3\n\n|end ok");
  sbuf_free(&k.log);
}

static void test_post_with_headers(void **state) {
  sink_t k = {0};
  http_header_t h[] = {{"X-Token", "t1"}, {"Content-Type", "application/json"}};
  run(&k, "POST", "/echo", h, 2, "{\"query\":\"{ a }\"}");
  assert_string_equal(sbuf_cstr(&k.log),
                      "head 200 text/plain|POST /echo token=t1 body={\"query\":\"{ a }\"}|end ok");
  sbuf_free(&k.log);
}

static void test_close_inside_callback(void **state) {
  sink_t k = {.close_on_data = true};
  run(&k, NULL, "/forever", NULL, 0, NULL);
  for (int i = 0; i < 10; i++) uv_run(&loop, UV_RUN_NOWAIT);
  assert_int_equal(k.pieces, 1);
  assert_string_equal(sbuf_cstr(&k.log), "head 200 text/event-stream|data: 1\n\n");
  sbuf_free(&k.log);
}

static void test_failures(void **state) {
  sink_t k = {0};
  sbuf_init(&k.log);
  http_stream_req_t r = {.url = "http://127.0.0.1:1/"};
  http_stream_cb_t cb = {.on_head = on_head, .on_data = on_data, .on_end = on_end, .userdata = &k};
  http_stream_open(&loop, &r, &cb);
  while (!k.ended) uv_run(&loop, UV_RUN_ONCE);
  assert_string_equal(sbuf_cstr(&k.log), "|end ECONNREFUSED");
  sbuf_free(&k.log);

  sink_t bad = {0};
  http_header_t h[] = {{"X-Bad", "a\r\nInjected: 1"}};
  run(&bad, NULL, "/echo", h, 1, NULL);
  assert_string_equal(sbuf_cstr(&bad.log), "|end EINVAL");
  sbuf_free(&bad.log);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_body_in_pieces, setup, teardown),
      cmocka_unit_test_setup_teardown(test_redirect_followed, setup, teardown),
      cmocka_unit_test_setup_teardown(test_post_with_headers, setup, teardown),
      cmocka_unit_test_setup_teardown(test_close_inside_callback, setup, teardown),
      cmocka_unit_test_setup_teardown(test_failures, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
