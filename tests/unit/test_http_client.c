/* test_http_client: the libcurl/libuv HTTP client against servers started inside the test,
 * on 127.0.0.1 with free ports. A libmicrohttpd server (one thread per connection, so its
 * handlers may sleep) serves ordinary exchanges and records the last request it saw; a raw
 * socket "canned" server sends responses MHD cannot produce (no reason phrase, 1xx before
 * the final response, trailers, empty or truncated replies).
 *
 * Every test owns its loop, client and servers; teardown frees the client, runs the loop
 * dry and requires uv_loop_close to succeed, so a leaked handle fails the test. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

#include "common/sbuf.h"
#include "http/client.h"

/* ---- MHD server ----------------------------------------------------------------------- */

typedef struct {
  struct MHD_Daemon *daemon;
  uint16_t port;
  atomic_int connections;
  pthread_mutex_t lock;
  /* The last complete request, as the server saw it (guarded by lock). */
  char *method;
  char *url;
  sbuf_t headers; /* "Name: value\n" per header, in arrival order */
  sbuf_t body;
} server_t;

typedef struct {
  sbuf_t body;
} server_req_t;

static enum MHD_Result collect_header(void *cls, enum MHD_ValueKind kind, const char *key,
                                      const char *value) {
  sbuf_printf(cls, "%s: %s\n", key, value ? value : "");
  return MHD_YES;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *conn, const char *url,
                                  const char *method, const char *version, const char *upload_data,
                                  size_t *upload_size, void **req_cls) {
  server_t *s = cls;
  server_req_t *r = *req_cls;
  if (!r) {
    r = xcalloc(1, sizeof(*r));
    *req_cls = r;
    return MHD_YES;
  }
  if (*upload_size) {
    sbuf_append(&r->body, upload_data, *upload_size);
    *upload_size = 0;
    return MHD_YES;
  }

  pthread_mutex_lock(&s->lock);
  free(s->method);
  free(s->url);
  s->method = xstrdup(method);
  s->url = xstrdup(url);
  sbuf_reset(&s->headers);
  MHD_get_connection_values(conn, MHD_HEADER_KIND, collect_header, &s->headers);
  sbuf_reset(&s->body);
  sbuf_append(&s->body, r->body.data ? r->body.data : "", r->body.len);
  pthread_mutex_unlock(&s->lock);

  unsigned int code = MHD_HTTP_OK;
  sbuf_t out = SBUF_INIT;
  const char *q;
  bool json = false;
  if (strcmp(url, "/delay") == 0) {
    q = MHD_lookup_connection_value(conn, MHD_GET_ARGUMENT_KIND, "ms");
    usleep((useconds_t)(q ? atoi(q) : 0) * 1000);
    sbuf_puts(&out, "slept");
  } else if (strcmp(url, "/status") == 0) {
    q = MHD_lookup_connection_value(conn, MHD_GET_ARGUMENT_KIND, "code");
    code = q ? (unsigned int)atoi(q) : 200;
    sbuf_printf(&out, "status %u", code);
  } else if (strcmp(url, "/json") == 0) {
    sbuf_puts(&out, "{\"ok\":true}");
    json = true;
  } else {
    sbuf_append(&out, r->body.data ? r->body.data : "", r->body.len);
  }

  struct MHD_Response *res = MHD_create_response_from_buffer(
      out.len, out.data ? out.data : (char *)"", MHD_RESPMEM_MUST_COPY);
  sbuf_free(&out);
  if (json) {
    MHD_add_response_header(res, "Content-Type", "application/json");
    MHD_add_response_header(res, "X-Dup", "a");
    MHD_add_response_header(res, "X-Mixed-Case", "Yes");
    MHD_add_response_header(res, "X-Dup", "b");
  }
  enum MHD_Result ret = MHD_queue_response(conn, code, res);
  MHD_destroy_response(res);
  return ret;
}

static void on_request_done(void *cls, struct MHD_Connection *conn, void **req_cls,
                            enum MHD_RequestTerminationCode toe) {
  server_req_t *r = *req_cls;
  if (r) {
    sbuf_free(&r->body);
    free(r);
    *req_cls = NULL;
  }
}

static void on_connection(void *cls, struct MHD_Connection *conn, void **socket_context,
                          enum MHD_ConnectionNotificationCode toe) {
  server_t *s = cls;
  if (toe == MHD_CONNECTION_NOTIFY_STARTED) atomic_fetch_add(&s->connections, 1);
}

static server_t *server_start(void) {
  server_t *s = xcalloc(1, sizeof(*s));
  pthread_mutex_init(&s->lock, NULL);
  struct sockaddr_in addr = {0};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = 0;
  s->daemon = MHD_start_daemon(
      MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ERROR_LOG, 0, NULL,
      NULL, on_request, s, MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr,
      MHD_OPTION_NOTIFY_COMPLETED, on_request_done, s, MHD_OPTION_NOTIFY_CONNECTION, on_connection,
      s, MHD_OPTION_END);
  assert_non_null(s->daemon);
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(s->daemon, MHD_DAEMON_INFO_BIND_PORT);
  assert_non_null(info);
  s->port = info->port;
  assert_true(s->port > 0);
  return s;
}

static void server_stop(server_t *s) {
  if (!s) return;
  MHD_stop_daemon(s->daemon);
  pthread_mutex_destroy(&s->lock);
  free(s->method);
  free(s->url);
  sbuf_free(&s->headers);
  sbuf_free(&s->body);
  free(s);
}

/* Copies of what the server recorded, taken under its lock. */
static char *server_headers(server_t *s) {
  pthread_mutex_lock(&s->lock);
  char *h = xstrdup(sbuf_cstr(&s->headers));
  pthread_mutex_unlock(&s->lock);
  return h;
}

static char *server_method(server_t *s) {
  pthread_mutex_lock(&s->lock);
  char *m = xstrdup(s->method ? s->method : "");
  pthread_mutex_unlock(&s->lock);
  return m;
}

static void assert_server_body(server_t *s, const char *body, size_t len) {
  pthread_mutex_lock(&s->lock);
  size_t got = s->body.len;
  bool same = got == len && (len == 0 || memcmp(s->body.data, body, len) == 0);
  pthread_mutex_unlock(&s->lock);
  assert_int_equal(got, len);
  assert_true(same);
}

/* Number of header lines named `name` (case-insensitive) in server_headers() output. */
static int count_header(const char *headers, const char *name) {
  int n = 0;
  size_t len = strlen(name);
  for (const char *p = headers; *p;) {
    if (strncasecmp(p, name, len) == 0 && p[len] == ':') n++;
    const char *nl = strchr(p, '\n');
    if (!nl) break;
    p = nl + 1;
  }
  return n;
}

/* ---- canned server: one connection, one fixed reply ----------------------------------- */

typedef struct {
  int fd;
  uint16_t port;
  pthread_t thread;
  const char *reply; /* NULL: close without replying */
  size_t reply_len;
} canned_t;

static void *canned_main(void *arg) {
  canned_t *cs = arg;
  int conn = accept(cs->fd, NULL, NULL);
  if (conn < 0) return NULL;
  char buf[8192];
  size_t have = 0;
  while (have < sizeof(buf) - 1) {
    ssize_t n = recv(conn, buf + have, sizeof(buf) - 1 - have, 0);
    if (n <= 0) break;
    have += (size_t)n;
    buf[have] = 0;
    if (strstr(buf, "\r\n\r\n")) break;
  }
  for (size_t off = 0; cs->reply && off < cs->reply_len;) {
    ssize_t n = send(conn, cs->reply + off, cs->reply_len - off, MSG_NOSIGNAL);
    if (n <= 0) break;
    off += (size_t)n;
  }
  close(conn);
  return NULL;
}

/* Binds 127.0.0.1 on a free port; returns the socket and stores the port. */
static int listen_loopback(uint16_t *port) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  assert_true(fd >= 0);
  struct sockaddr_in addr = {0};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  assert_int_equal(bind(fd, (struct sockaddr *)&addr, sizeof(addr)), 0);
  socklen_t len = sizeof(addr);
  assert_int_equal(getsockname(fd, (struct sockaddr *)&addr, &len), 0);
  *port = ntohs(addr.sin_port);
  return fd;
}

static void canned_start(canned_t *cs, const char *reply, size_t reply_len) {
  cs->fd = listen_loopback(&cs->port);
  assert_int_equal(listen(cs->fd, 4), 0);
  cs->reply = reply;
  cs->reply_len = reply_len;
  assert_int_equal(pthread_create(&cs->thread, NULL, canned_main, cs), 0);
}

static void canned_stop(canned_t *cs) {
  pthread_join(cs->thread, NULL);
  close(cs->fd);
}

/* ---- fixture -------------------------------------------------------------------------- */

typedef struct {
  uv_loop_t loop;
  uv_timer_t tick;
  http_client_t *client;
  server_t *srv;
} state_t;

typedef struct {
  int calls;
  http_response_t *res;
  uint64_t done_at; /* uv_hrtime() at the callback */
} result_t;

static void on_done(http_response_t *res, void *userdata) {
  result_t *r = userdata;
  r->calls++;
  r->done_at = uv_hrtime();
  http_response_free(r->res);
  r->res = res;
}

static void result_clear(result_t *r) {
  http_response_free(r->res);
  r->res = NULL;
}

static int setup(void **state) {
  state_t *st = xcalloc(1, sizeof(*st));
  assert_int_equal(uv_loop_init(&st->loop), 0);
  assert_int_equal(uv_timer_init(&st->loop, &st->tick), 0);
  st->client = http_client_new(&st->loop);
  assert_non_null(st->client);
  st->srv = server_start();
  *state = st;
  return 0;
}

static int teardown(void **state) {
  state_t *st = *state;
  http_client_free(st->client);
  uv_close((uv_handle_t *)&st->tick, NULL);
  uv_run(&st->loop, UV_RUN_DEFAULT);
  assert_int_equal(uv_loop_close(&st->loop), 0);
  server_stop(st->srv);
  free(st);
  return 0;
}

static void on_tick(uv_timer_t *t) {}

/* Runs the loop until *counter reaches target; fails after 10 s. The tick keeps
 * UV_RUN_ONCE from blocking forever when the client has nothing to wait for. */
static void run_until(state_t *st, const int *counter, int target) {
  uint64_t deadline = uv_hrtime() + 10ull * 1000 * 1000 * 1000;
  assert_int_equal(uv_timer_start(&st->tick, on_tick, 20, 20), 0);
  while (*counter < target) {
    if (uv_hrtime() > deadline)
      fail_msg("timed out waiting for %d callbacks (got %d)", target, *counter);
    uv_run(&st->loop, UV_RUN_ONCE);
  }
  assert_int_equal(uv_timer_stop(&st->tick), 0);
}

/* Runs the loop for about `ms` milliseconds. */
static void run_for(state_t *st, uint64_t ms) {
  uint64_t end = uv_hrtime() + ms * 1000 * 1000;
  assert_int_equal(uv_timer_start(&st->tick, on_tick, 5, 5), 0);
  while (uv_hrtime() < end) uv_run(&st->loop, UV_RUN_ONCE);
  assert_int_equal(uv_timer_stop(&st->tick), 0);
}

static void count_alive(uv_handle_t *h, void *arg) {
  if (uv_is_active(h) && uv_has_ref(h)) (*(int *)arg)++;
}

/* Handles that would keep uv_run(UV_RUN_DEFAULT) from returning. */
static int loop_alive_handles(state_t *st) {
  int n = 0;
  uv_walk(&st->loop, count_alive, &n);
  return n;
}

static const char *url_of(char *buf, size_t size, uint16_t port, const char *path) {
  snprintf(buf, size, "http://127.0.0.1:%u%s", port, path);
  return buf;
}

static const char *find_header(const http_response_t *res, const char *name) {
  for (size_t i = 0; i < res->n_headers; i++) {
    if (strcasecmp(res->headers[i].name, name) == 0) return res->headers[i].value;
  }
  return NULL;
}

/* Sends one request and runs the loop until its response is in r->res. */
static void exchange(state_t *st, const http_request_t *req, result_t *r) {
  int before = r->calls;
  http_client_send(st->client, req, on_done, r);
  run_until(st, &r->calls, before + 1);
  assert_int_equal(r->calls, before + 1);
}

/* ---- tests ---------------------------------------------------------------------------- */

static void test_get_json(void **state) {
  state_t *st = *state;
  char url[128];
  http_header_t headers[] = {{"Accept", "application/json"}, {"X-Token", "abc"}};
  http_request_t req = {.method = "GET",
                        .url = url_of(url, sizeof(url), st->srv->port, "/json"),
                        .headers = headers,
                        .n_headers = 2};
  result_t r = {0};
  uint64_t id = http_client_send(st->client, &req, on_done, &r);
  assert_true(id > 0);
  assert_int_equal(r.calls, 0); /* never from inside send */
  assert_int_equal(http_client_pending(st->client), 1);
  run_until(st, &r.calls, 1);
  assert_int_equal(http_client_pending(st->client), 0);

  http_response_t *res = r.res;
  assert_int_equal(res->error, HTTP_OK);
  assert_null(res->error_code);
  assert_null(res->error_message);
  assert_int_equal(res->status, 200);
  assert_string_equal(res->status_text, "OK");
  assert_string_equal(res->body, "{\"ok\":true}");
  assert_int_equal(res->body_len, 11);
  assert_string_equal(find_header(res, "Content-Type"), "application/json");
  assert_string_equal(res->effective_url, url);
  assert_true(res->duration_ms > 0.0 && res->duration_ms < 5000.0);

  char *method = server_method(st->srv);
  char *sent = server_headers(st->srv);
  assert_string_equal(method, "GET");
  assert_non_null(strstr(sent, "Accept: application/json\n"));
  assert_int_equal(count_header(sent, "Accept"), 1); /* curl's default did not join in */
  assert_non_null(strstr(sent, "X-Token: abc\n"));
  assert_int_equal(count_header(sent, "Expect"), 0);
  assert_int_equal(count_header(sent, "Content-Type"), 0);
  assert_int_equal(count_header(sent, "Content-Length"), 0);
  free(method);
  free(sent);
  result_clear(&r);
}

static void test_post_binary_body(void **state) {
  state_t *st = *state;
  char url[128];
  static const char body[] = "a\0b\0\xff\x01 c"; /* 8 bytes before the literal's NUL */
  http_header_t headers[] = {{"Content-Type", "application/octet-stream"}};
  http_request_t req = {.method = "POST",
                        .url = url_of(url, sizeof(url), st->srv->port, "/echo"),
                        .headers = headers,
                        .n_headers = 1,
                        .body = body,
                        .body_len = sizeof(body) - 1};
  result_t r = {0};
  exchange(st, &req, &r);
  assert_int_equal(r.res->error, HTTP_OK);
  assert_int_equal(r.res->body_len, sizeof(body) - 1);
  assert_memory_equal(r.res->body, body, sizeof(body) - 1);
  assert_int_equal(r.res->body[r.res->body_len], '\0');
  assert_server_body(st->srv, body, sizeof(body) - 1);
  char *sent = server_headers(st->srv);
  assert_non_null(strstr(sent, "Content-Type: application/octet-stream\n"));
  assert_non_null(strstr(sent, "Content-Length: 8\n"));
  assert_int_equal(count_header(sent, "Content-Type"), 1);
  free(sent);
  result_clear(&r);
}

/* curl asks large bodies for "Expect: 100-continue" and labels bodies form-urlencoded;
 * neither may happen unasked. */
static void test_post_large_body_no_expect(void **state) {
  state_t *st = *state;
  char url[128];
  size_t len = 2 * 1024 * 1024 + 17;
  char *body = xmalloc(len);
  for (size_t i = 0; i < len; i++) body[i] = (char)(i * 31 + 7);
  http_request_t req = {.method = "POST",
                        .url = url_of(url, sizeof(url), st->srv->port, "/echo"),
                        .body = body,
                        .body_len = len};
  result_t r = {0};
  exchange(st, &req, &r);
  assert_int_equal(r.res->error, HTTP_OK);
  assert_int_equal(r.res->body_len, len);
  assert_memory_equal(r.res->body, body, len);
  char *sent = server_headers(st->srv);
  assert_int_equal(count_header(sent, "Expect"), 0);
  assert_int_equal(count_header(sent, "Content-Type"), 0);
  free(sent);
  free(body);
  result_clear(&r);
}

static void test_custom_methods(void **state) {
  state_t *st = *state;
  char url[128];
  url_of(url, sizeof(url), st->srv->port, "/echo");
  struct {
    const char *method;
    const char *body;           /* NULL: no body */
    const char *content_length; /* expected on the server, NULL: none */
  } cases[] = {
      {"PATCH", "{\"a\":1}", "7"},    {"PURGE", NULL, NULL}, {"DELETE", "gone", "4"},
      {"GET", "query-in-body", "13"}, {"PUT", NULL, "0"},    {"OPTIONS", NULL, NULL},
  };
  for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
    http_request_t req = {.method = cases[i].method,
                          .url = url,
                          .body = cases[i].body,
                          .body_len = cases[i].body ? strlen(cases[i].body) : 0};
    result_t r = {0};
    exchange(st, &req, &r);
    assert_int_equal(r.res->error, HTTP_OK);
    assert_int_equal(r.res->status, 200);
    char *method = server_method(st->srv);
    assert_string_equal(method, cases[i].method);
    free(method);
    assert_server_body(st->srv, cases[i].body ? cases[i].body : "",
                       cases[i].body ? strlen(cases[i].body) : 0);
    char *sent = server_headers(st->srv);
    if (cases[i].content_length) {
      char line[64];
      snprintf(line, sizeof(line), "Content-Length: %s\n", cases[i].content_length);
      assert_non_null(strstr(sent, line));
    } else {
      assert_int_equal(count_header(sent, "Content-Length"), 0);
    }
    free(sent);
    result_clear(&r);
  }
}

static void test_head(void **state) {
  state_t *st = *state;
  char url[128];
  http_request_t req = {.method = "HEAD", .url = url_of(url, sizeof(url), st->srv->port, "/json")};
  result_t r = {0};
  uint64_t t0 = uv_hrtime();
  exchange(st, &req, &r);
  assert_int_equal(r.res->error, HTTP_OK);
  assert_int_equal(r.res->status, 200);
  assert_int_equal(r.res->body_len, 0);
  assert_string_equal(r.res->body, "");
  assert_string_equal(find_header(r.res, "Content-Length"), "11");
  assert_true((r.done_at - t0) / 1000000 < 1000); /* did not wait for the announced body */
  char *method = server_method(st->srv);
  assert_string_equal(method, "HEAD");
  free(method);
  result_clear(&r);
}

static void test_error_statuses_are_responses(void **state) {
  state_t *st = *state;
  char url[128];
  struct {
    long code;
    const char *text;
  } cases[] = {{404, "Not Found"}, {500, "Internal Server Error"}, {201, "Created"}};
  for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
    char path[64];
    snprintf(path, sizeof(path), "/status?code=%ld", cases[i].code);
    http_request_t req = {.method = "GET", .url = url_of(url, sizeof(url), st->srv->port, path)};
    result_t r = {0};
    exchange(st, &req, &r);
    assert_int_equal(r.res->error, HTTP_OK);
    assert_null(r.res->error_code);
    assert_int_equal(r.res->status, cases[i].code);
    assert_string_equal(r.res->status_text, cases[i].text);
    char expect[32];
    snprintf(expect, sizeof(expect), "status %ld", cases[i].code);
    assert_string_equal(r.res->body, expect);
    result_clear(&r);
  }
}

static void test_response_headers(void **state) {
  state_t *st = *state;
  char url[128];
  http_request_t req = {.method = "GET", .url = url_of(url, sizeof(url), st->srv->port, "/json")};
  result_t r = {0};
  exchange(st, &req, &r);
  http_response_t *res = r.res;
  int dup_seen = 0;
  bool mixed = false;
  for (size_t i = 0; i < res->n_headers; i++) {
    if (strcmp(res->headers[i].name, "X-Dup") == 0) {
      assert_string_equal(res->headers[i].value, dup_seen == 0 ? "a" : "b");
      dup_seen++;
    }
    if (strcmp(res->headers[i].name, "X-Mixed-Case") == 0) {
      assert_string_equal(res->headers[i].value, "Yes");
      mixed = true;
    }
  }
  assert_int_equal(dup_seen, 2);
  assert_true(mixed);
  result_clear(&r);
}

static void test_timeout(void **state) {
  state_t *st = *state;
  char url[128];
  http_request_t req = {.method = "GET",
                        .url = url_of(url, sizeof(url), st->srv->port, "/delay?ms=500"),
                        .timeout_ms = 100};
  result_t r = {0};
  uint64_t t0 = uv_hrtime();
  exchange(st, &req, &r);
  double elapsed = (double)(r.done_at - t0) / 1e6;
  assert_int_equal(r.res->error, HTTP_ERR_TIMEOUT);
  assert_string_equal(r.res->error_code, "ETIMEDOUT");
  assert_non_null(strstr(r.res->error_message, "timed out"));
  assert_int_equal(r.res->status, 0);
  assert_string_equal(r.res->status_text, "");
  assert_int_equal(r.res->n_headers, 0);
  assert_string_equal(r.res->effective_url, url);
  assert_true(elapsed >= 90.0);
  assert_true(elapsed < 450.0);
  result_clear(&r);
}

static void test_connection_refused(void **state) {
  state_t *st = *state;
  uint16_t port;
  close(listen_loopback(&port)); /* bound then released: nobody listens there now */
  char url[128];
  http_request_t req = {.method = "GET", .url = url_of(url, sizeof(url), port, "/")};
  result_t r = {0};
  exchange(st, &req, &r);
  assert_int_equal(r.res->error, HTTP_ERR_NETWORK);
  assert_string_equal(r.res->error_code, "ECONNREFUSED");
  assert_non_null(strstr(r.res->error_message, "connect"));
  assert_int_equal(r.res->status, 0);
  result_clear(&r);
}

static void test_unknown_host(void **state) {
  state_t *st = *state;
  /* .invalid never resolves (RFC 6761); the timeout only bounds a slow resolver. */
  http_request_t req = {.method = "GET", .url = "http://sonde-test.invalid/", .timeout_ms = 5000};
  result_t r = {0};
  exchange(st, &req, &r);
  assert_int_equal(r.res->error, HTTP_ERR_NETWORK);
  assert_string_equal(r.res->error_code, "ENOTFOUND");
  assert_non_null(strstr(r.res->error_message, "sonde-test.invalid"));
  result_clear(&r);
}

static void test_invalid_requests(void **state) {
  state_t *st = *state;
  char url[128];
  url_of(url, sizeof(url), st->srv->port, "/echo");
  http_header_t bad_value[] = {{"X-Evil", "a\r\nInjected: 1"}};
  http_header_t bad_name[] = {{"X Evil", "a"}};
  http_request_t reqs[] = {
      {.method = "GE T", .url = url},
      {.method = "GET", .url = url, .headers = bad_value, .n_headers = 1},
      {.method = "GET", .url = url, .headers = bad_name, .n_headers = 1},
      {.method = "GET", .url = "http://[::1"},
      {.method = "GET", .url = "ftp://127.0.0.1/"},
      {.method = "GET", .url = ""},
  };
  size_t n = sizeof(reqs) / sizeof(reqs[0]);
  result_t r[6] = {{0}};
  for (size_t i = 0; i < n; i++) {
    http_client_send(st->client, &reqs[i], on_done, &r[i]);
    assert_int_equal(r[i].calls, 0);
  }
  assert_int_equal(http_client_pending(st->client), n);
  for (size_t i = 0; i < n; i++) {
    run_until(st, &r[i].calls, 1);
    assert_int_equal(r[i].calls, 1);
    assert_int_equal(r[i].res->error, HTTP_ERR_INVALID);
    assert_string_equal(r[i].res->error_code, "EINVAL");
    assert_non_null(r[i].res->error_message);
    assert_string_equal(r[i].res->body, "");
    result_clear(&r[i]);
  }
  assert_int_equal(http_client_pending(st->client), 0);
}

/* A reason phrase comes from the wire when there is one, from the table otherwise. */
static void test_reason_phrase(void **state) {
  state_t *st = *state;
  struct {
    const char *reply;
    long status;
    const char *text;
  } cases[] = {
      {"HTTP/1.1 200 \r\nContent-Length: 2\r\n\r\nhi", 200, "OK"},
      {"HTTP/1.1 404\r\nContent-Length: 0\r\n\r\n", 404, "Not Found"},
      {"HTTP/1.1 299 \r\nContent-Length: 0\r\n\r\n", 299, ""},
      {"HTTP/1.1 200 All Good Here\r\nContent-Length: 0\r\n\r\n", 200, "All Good Here"},
  };
  for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
    canned_t cs;
    canned_start(&cs, cases[i].reply, strlen(cases[i].reply));
    char url[128];
    http_request_t req = {.method = "GET", .url = url_of(url, sizeof(url), cs.port, "/")};
    result_t r = {0};
    exchange(st, &req, &r);
    canned_stop(&cs);
    assert_int_equal(r.res->error, HTTP_OK);
    assert_int_equal(r.res->status, cases[i].status);
    assert_string_equal(r.res->status_text, cases[i].text);
    result_clear(&r);
  }
}

/* Only the final response's headers count: not a 1xx's, not chunked trailers. */
static void test_final_headers_only(void **state) {
  state_t *st = *state;
  static const char reply[] =
      "HTTP/1.1 103 Early Hints\r\n"
      "Link: </style.css>; rel=preload\r\n"
      "\r\n"
      "HTTP/1.1 201 Created\r\n"
      "X-Final: yes\r\n"
      "X-Folded: one\r\n"
      "  two\r\n"
      "Transfer-Encoding: chunked\r\n"
      "\r\n"
      "2\r\nhi\r\n"
      "0\r\n"
      "X-Trailer: t\r\n"
      "\r\n";
  canned_t cs;
  canned_start(&cs, reply, sizeof(reply) - 1);
  char url[128];
  http_request_t req = {.method = "GET", .url = url_of(url, sizeof(url), cs.port, "/")};
  result_t r = {0};
  exchange(st, &req, &r);
  canned_stop(&cs);
  http_response_t *res = r.res;
  assert_int_equal(res->error, HTTP_OK);
  assert_int_equal(res->status, 201);
  assert_string_equal(res->status_text, "Created");
  assert_int_equal(res->n_headers, 3);
  assert_string_equal(res->headers[0].name, "X-Final");
  assert_string_equal(res->headers[0].value, "yes");
  assert_string_equal(res->headers[1].name, "X-Folded");
  assert_string_equal(res->headers[1].value, "one two");
  assert_string_equal(res->headers[2].name, "Transfer-Encoding");
  assert_null(find_header(res, "Link"));
  assert_null(find_header(res, "X-Trailer"));
  assert_string_equal(res->body, "hi");
  result_clear(&r);
}

static void test_connection_reset(void **state) {
  state_t *st = *state;
  static const char truncated[] = "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nshort";
  const char *replies[] = {NULL, truncated};
  size_t lens[] = {0, sizeof(truncated) - 1};
  for (size_t i = 0; i < 2; i++) {
    canned_t cs;
    canned_start(&cs, replies[i], lens[i]);
    char url[128];
    http_request_t req = {.method = "GET", .url = url_of(url, sizeof(url), cs.port, "/")};
    result_t r = {0};
    exchange(st, &req, &r);
    canned_stop(&cs);
    assert_int_equal(r.res->error, HTTP_ERR_NETWORK);
    assert_string_equal(r.res->error_code, "ECONNRESET");
    assert_int_equal(r.res->status, 0);
    assert_int_equal(r.res->n_headers, 0);
    assert_int_equal(r.res->body_len, 0);
    result_clear(&r);
  }
}

static void test_cancel(void **state) {
  state_t *st = *state;
  char slow[128], fast[128];
  url_of(slow, sizeof(slow), st->srv->port, "/delay?ms=300");
  url_of(fast, sizeof(fast), st->srv->port, "/json");
  http_request_t slow_req = {.method = "GET", .url = slow};
  http_request_t bad_req = {.method = "B A D", .url = slow};
  http_request_t fast_req = {.method = "GET", .url = fast};
  result_t cancelled = {0}, ok = {0};

  /* Before curl has started it, while it waits on the server, and a deferred error. */
  uint64_t a = http_client_send(st->client, &slow_req, on_done, &cancelled);
  uint64_t b = http_client_send(st->client, &slow_req, on_done, &cancelled);
  uint64_t c = http_client_send(st->client, &bad_req, on_done, &cancelled);
  assert_int_equal(http_client_pending(st->client), 3);
  http_client_cancel(st->client, a);
  http_client_cancel(st->client, c);
  run_for(st, 50);
  http_client_cancel(st->client, b);
  assert_int_equal(http_client_pending(st->client), 0);
  http_client_cancel(st->client, b);     /* finished ids are ignored */
  http_client_cancel(st->client, 12345); /* so are unknown ones */

  exchange(st, &fast_req, &ok);
  assert_int_equal(ok.res->status, 200);
  run_for(st, 400);
  assert_int_equal(cancelled.calls, 0);
  result_clear(&ok);
}

typedef struct {
  state_t *st;
  http_request_t req;
  int done;
  int ok;
} chain_t;

static void on_chain_done(http_response_t *res, void *userdata) {
  chain_t *ch = userdata;
  ch->done++;
  if (res->error == HTTP_OK && res->status == 200) ch->ok++;
  http_response_free(res);
  if (ch->done < 20) http_client_send(ch->st->client, &ch->req, on_chain_done, ch);
}

/* 20 requests one after the other, each sent from the previous one's callback. */
static void test_keepalive_reuse(void **state) {
  state_t *st = *state;
  char url[128];
  chain_t ch = {.st = st,
                .req = {.method = "GET", .url = url_of(url, sizeof(url), st->srv->port, "/json")}};
  http_client_send(st->client, &ch.req, on_chain_done, &ch);
  run_until(st, &ch.done, 20);
  assert_int_equal(ch.ok, 20);
  assert_int_equal(atomic_load(&st->srv->connections), 1);

  /* The connection also survives a loop left idle in between. */
  result_t r = {0};
  run_for(st, 50);
  exchange(st, &ch.req, &r);
  assert_int_equal(r.res->status, 200);
  assert_int_equal(atomic_load(&st->srv->connections), 1);
  result_clear(&r);

  /* An idle client with a cached connection must not keep the loop running. */
  assert_int_equal(loop_alive_handles(st), 0);
  assert_int_equal(uv_run(&st->loop, UV_RUN_DEFAULT), 0);
}

static void test_concurrent(void **state) {
  state_t *st = *state;
  char url[128];
  http_request_t req = {.method = "GET",
                        .url = url_of(url, sizeof(url), st->srv->port, "/delay?ms=300")};
  result_t r[10] = {{0}};
  int done = 0;
  uint64_t t0 = uv_hrtime();
  for (int i = 0; i < 10; i++) http_client_send(st->client, &req, on_done, &r[i]);
  assert_int_equal(http_client_pending(st->client), 10);
  for (int i = 0; i < 10; i++) {
    run_until(st, &r[i].calls, 1);
    done++;
  }
  double elapsed = 0;
  for (int i = 0; i < 10; i++) {
    assert_int_equal(r[i].res->error, HTTP_OK);
    assert_string_equal(r[i].res->body, "slept");
    double t = (double)(r[i].done_at - t0) / 1e6;
    if (t > elapsed) elapsed = t;
    result_clear(&r[i]);
  }
  assert_int_equal(done, 10);
  assert_true(elapsed >= 290.0);
  assert_true(elapsed < 1500.0); /* ten in a row would take 3000 ms */
  assert_int_equal(atomic_load(&st->srv->connections), 10);

  /* The next burst finds all ten connections still in the cache. */
  for (int i = 0; i < 10; i++) http_client_send(st->client, &req, on_done, &r[i]);
  for (int i = 0; i < 10; i++) {
    run_until(st, &r[i].calls, 2);
    assert_int_equal(r[i].res->error, HTTP_OK);
    result_clear(&r[i]);
  }
  assert_int_equal(atomic_load(&st->srv->connections), 10);
}

static void test_free_in_flight(void **state) {
  state_t *st = *state;
  char url[128];
  http_request_t req = {.method = "GET",
                        .url = url_of(url, sizeof(url), st->srv->port, "/delay?ms=300")};
  http_request_t bad = {.method = "", .url = url};
  result_t r = {0};
  for (int i = 0; i < 5; i++) http_client_send(st->client, &req, on_done, &r);
  run_for(st, 50);
  http_client_send(st->client, &req, on_done, &r); /* not yet started by curl */
  http_client_send(st->client, &bad, on_done, &r); /* error not yet reported */
  http_client_free(st->client);
  st->client = NULL;
  uv_close((uv_handle_t *)&st->tick, NULL);
  assert_int_equal(uv_run(&st->loop, UV_RUN_DEFAULT), 0);
  assert_int_equal(uv_loop_close(&st->loop), 0);
  assert_int_equal(r.calls, 0);
  /* teardown expects a live loop */
  assert_int_equal(uv_loop_init(&st->loop), 0);
  assert_int_equal(uv_timer_init(&st->loop, &st->tick), 0);
}

typedef struct {
  state_t *st;
  int *calls;     /* shared by every exchange of the test */
  uint64_t other; /* id to cancel from the callback, 0: free the client instead */
} reenter_t;

static void on_reenter_done(http_response_t *res, void *userdata) {
  reenter_t *re = userdata;
  (*re->calls)++;
  http_response_free(res);
  if (re->other) {
    http_client_cancel(re->st->client, re->other);
  } else {
    http_client_free(re->st->client);
    re->st->client = NULL;
  }
}

/* Callbacks that cancel another exchange or free the whole client. The requests finish
 * together, so their completions come out of one curl_multi_info_read drain. */
static void test_reentrant_callbacks(void **state) {
  state_t *st = *state;
  char url[128];
  http_request_t req = {.method = "GET",
                        .url = url_of(url, sizeof(url), st->srv->port, "/delay?ms=100")};
  int calls = 0;
  reenter_t first = {.st = st, .calls = &calls}, second = {.st = st, .calls = &calls};
  uint64_t id1 = http_client_send(st->client, &req, on_reenter_done, &first);
  uint64_t id2 = http_client_send(st->client, &req, on_reenter_done, &second);
  first.other = id2;
  second.other = id1;
  run_until(st, &calls, 1);
  run_for(st, 200);
  assert_int_equal(calls, 1);
  assert_int_equal(http_client_pending(st->client), 0);

  int kills = 0;
  reenter_t killers[4];
  for (int i = 0; i < 4; i++) {
    killers[i] = (reenter_t){.st = st, .calls = &kills};
    http_client_send(st->client, &req, on_reenter_done, &killers[i]);
  }
  run_until(st, &kills, 1);
  assert_null(st->client);
  run_for(st, 300);
  assert_int_equal(kills, 1);
}

static void test_status_text(void **state) {
  assert_string_equal(http_status_text(100), "Continue");
  assert_string_equal(http_status_text(200), "OK");
  assert_string_equal(http_status_text(204), "No Content");
  assert_string_equal(http_status_text(301), "Moved Permanently");
  assert_string_equal(http_status_text(308), "Permanent Redirect");
  assert_string_equal(http_status_text(404), "Not Found");
  assert_string_equal(http_status_text(413), "Content Too Large");
  assert_string_equal(http_status_text(422), "Unprocessable Content");
  assert_string_equal(http_status_text(429), "Too Many Requests");
  assert_string_equal(http_status_text(451), "Unavailable For Legal Reasons");
  assert_string_equal(http_status_text(500), "Internal Server Error");
  assert_string_equal(http_status_text(511), "Network Authentication Required");
  assert_string_equal(http_status_text(306), "");
  assert_string_equal(http_status_text(418), "");
  assert_string_equal(http_status_text(0), "");
  assert_string_equal(http_status_text(-1), "");
  assert_string_equal(http_status_text(999), "");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_get_json, setup, teardown),
      cmocka_unit_test_setup_teardown(test_post_binary_body, setup, teardown),
      cmocka_unit_test_setup_teardown(test_post_large_body_no_expect, setup, teardown),
      cmocka_unit_test_setup_teardown(test_custom_methods, setup, teardown),
      cmocka_unit_test_setup_teardown(test_head, setup, teardown),
      cmocka_unit_test_setup_teardown(test_error_statuses_are_responses, setup, teardown),
      cmocka_unit_test_setup_teardown(test_response_headers, setup, teardown),
      cmocka_unit_test_setup_teardown(test_timeout, setup, teardown),
      cmocka_unit_test_setup_teardown(test_connection_refused, setup, teardown),
      cmocka_unit_test_setup_teardown(test_unknown_host, setup, teardown),
      cmocka_unit_test_setup_teardown(test_invalid_requests, setup, teardown),
      cmocka_unit_test_setup_teardown(test_reason_phrase, setup, teardown),
      cmocka_unit_test_setup_teardown(test_final_headers_only, setup, teardown),
      cmocka_unit_test_setup_teardown(test_connection_reset, setup, teardown),
      cmocka_unit_test_setup_teardown(test_cancel, setup, teardown),
      cmocka_unit_test_setup_teardown(test_keepalive_reuse, setup, teardown),
      cmocka_unit_test_setup_teardown(test_concurrent, setup, teardown),
      cmocka_unit_test_setup_teardown(test_free_in_flight, setup, teardown),
      cmocka_unit_test_setup_teardown(test_reentrant_callbacks, setup, teardown),
      cmocka_unit_test(test_status_text),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
