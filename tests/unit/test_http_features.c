/* test_http_features: what the http client does beyond one plain exchange: redirects
 * (fetch's method rules, the limit, credentials across origins, the timeout spanning hops),
 * content decoding, the cookie jar, proxies, debug lines, Retry-After parsing, and reason
 * phrases (status lines without one, as over HTTP/2, get the standard phrase).
 *
 * A libmicrohttpd server on 127.0.0.1 serves the routes below and records the last request
 * it saw; a raw socket "canned" server sends fixed bytes (an encoded body) or plays a
 * forward proxy and records the request it got. Every test owns its loop, client and
 * servers; teardown requires uv_loop_close to succeed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "common/sbuf.h"
#include "http/client.h"
#include "http/get.h"

/* ---- MHD server ----------------------------------------------------------------------- */

typedef struct {
  struct MHD_Daemon *daemon;
  uint16_t port;
  pthread_mutex_t lock;
  char *method;   /* of the last request to /final */
  sbuf_t headers; /* "Name: value\n" per header of that request */
  sbuf_t body;
  int requests; /* every request */
} server_t;

typedef struct {
  sbuf_t body;
} req_t;

static enum MHD_Result collect_header(void *cls, enum MHD_ValueKind kind, const char *key,
                                      const char *value) {
  sbuf_printf(cls, "%s: %s\n", key, value ? value : "");
  return MHD_YES;
}

static enum MHD_Result reply(struct MHD_Connection *conn, unsigned code, const char *body,
                             const char *name, const char *value) {
  struct MHD_Response *res =
      MHD_create_response_from_buffer(strlen(body), (void *)body, MHD_RESPMEM_MUST_COPY);
  if (name) MHD_add_response_header(res, name, value);
  enum MHD_Result ret = MHD_queue_response(conn, code, res);
  MHD_destroy_response(res);
  return ret;
}

/* /r/<n>?code=C: C (default 302) to /r/<n-1>; /r/0 redirects to /final.
 * /to?code=C&url=U: C to U.   /slow-to: 302 to /slow after 150 ms.   /slow: 200 after 150 ms.
 * /final: records the request.   /set?c=COOKIE: Set-Cookie: COOKIE.   anything else: 200. */
static enum MHD_Result on_request(void *cls, struct MHD_Connection *conn, const char *url,
                                  const char *method, const char *version, const char *upload_data,
                                  size_t *upload_size, void **req_cls) {
  server_t *s = cls;
  req_t *r = *req_cls;
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
  s->requests++;
  pthread_mutex_unlock(&s->lock);
  const char *code_arg = MHD_lookup_connection_value(conn, MHD_GET_ARGUMENT_KIND, "code");
  unsigned code = code_arg ? (unsigned)atoi(code_arg) : 302;
  char location[256];
  if (strncmp(url, "/r/", 3) == 0) {
    int n = atoi(url + 3);
    if (n == 0) snprintf(location, sizeof(location), "/final");
    else snprintf(location, sizeof(location), "/r/%d?code=%u", n - 1, code);
    return reply(conn, code, "redirect", "Location", location);
  }
  if (strcmp(url, "/to") == 0)
    return reply(conn, code, "redirect", "Location",
                 MHD_lookup_connection_value(conn, MHD_GET_ARGUMENT_KIND, "url"));
  if (strcmp(url, "/slow-to") == 0 || strcmp(url, "/slow") == 0) {
    usleep(150 * 1000);
    return url[5] ? reply(conn, 302, "", "Location", "/slow")
                  : reply(conn, 200, "slow", NULL, NULL);
  }
  if (strcmp(url, "/set") == 0)
    return reply(conn, 200, "set", "Set-Cookie",
                 MHD_lookup_connection_value(conn, MHD_GET_ARGUMENT_KIND, "c"));
  if (strcmp(url, "/final") == 0) {
    pthread_mutex_lock(&s->lock);
    free(s->method);
    s->method = xstrdup(method);
    sbuf_reset(&s->headers);
    MHD_get_connection_values(conn, MHD_HEADER_KIND, collect_header, &s->headers);
    sbuf_reset(&s->body);
    sbuf_append(&s->body, r->body.data ? r->body.data : "", r->body.len);
    pthread_mutex_unlock(&s->lock);
  }
  return reply(conn, 200, "final", NULL, NULL);
}

static void on_request_done(void *cls, struct MHD_Connection *conn, void **req_cls,
                            enum MHD_RequestTerminationCode toe) {
  req_t *r = *req_cls;
  if (r) {
    sbuf_free(&r->body);
    free(r);
    *req_cls = NULL;
  }
}

static server_t *server_start(void) {
  server_t *s = xcalloc(1, sizeof(*s));
  pthread_mutex_init(&s->lock, NULL);
  struct sockaddr_in addr = {0};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  s->daemon = MHD_start_daemon(
      MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ERROR_LOG, 0, NULL,
      NULL, on_request, s, MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr,
      MHD_OPTION_NOTIFY_COMPLETED, on_request_done, s, MHD_OPTION_END);
  assert_non_null(s->daemon);
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(s->daemon, MHD_DAEMON_INFO_BIND_PORT);
  assert_non_null(info);
  s->port = info->port;
  return s;
}

static void server_stop(server_t *s) {
  MHD_stop_daemon(s->daemon);
  pthread_mutex_destroy(&s->lock);
  free(s->method);
  sbuf_free(&s->headers);
  sbuf_free(&s->body);
  free(s);
}

/* What /final last received, copied under the lock. */
static void server_final(server_t *s, char **method, char **headers, char **body) {
  pthread_mutex_lock(&s->lock);
  *method = xstrdup(s->method ? s->method : "");
  *headers = xstrdup(sbuf_cstr(&s->headers));
  *body = xstrdup(sbuf_cstr(&s->body));
  pthread_mutex_unlock(&s->lock);
}

/* ---- canned server: one connection, fixed reply, request recorded ---------------------- */

typedef struct {
  int fd;
  uint16_t port;
  pthread_t thread;
  const char *reply;
  size_t reply_len;
  char request[8192]; /* what the client sent, up to the end of its headers */
} canned_t;

static void *canned_main(void *arg) {
  canned_t *cs = arg;
  int conn = accept(cs->fd, NULL, NULL);
  if (conn < 0) return NULL;
  size_t have = 0;
  while (have < sizeof(cs->request) - 1) {
    ssize_t n = recv(conn, cs->request + have, sizeof(cs->request) - 1 - have, 0);
    if (n <= 0) break;
    have += (size_t)n;
    cs->request[have] = 0;
    if (strstr(cs->request, "\r\n\r\n")) break;
  }
  for (size_t off = 0; off < cs->reply_len;) {
    ssize_t n = send(conn, cs->reply + off, cs->reply_len - off, MSG_NOSIGNAL);
    if (n <= 0) break;
    off += (size_t)n;
  }
  close(conn);
  return NULL;
}

static void canned_start(canned_t *cs, const char *reply, size_t reply_len) {
  memset(cs, 0, sizeof(*cs));
  cs->fd = socket(AF_INET, SOCK_STREAM, 0);
  assert_true(cs->fd >= 0);
  struct sockaddr_in addr = {0};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  assert_int_equal(bind(cs->fd, (struct sockaddr *)&addr, sizeof(addr)), 0);
  socklen_t len = sizeof(addr);
  assert_int_equal(getsockname(cs->fd, (struct sockaddr *)&addr, &len), 0);
  cs->port = ntohs(addr.sin_port);
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
} result_t;

static void on_done(http_response_t *res, void *userdata) {
  result_t *r = userdata;
  r->calls++;
  http_response_free(r->res);
  r->res = res;
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

/* Sends one request and runs the loop until its response is in r->res (10 s at most). */
static void exchange(state_t *st, const http_request_t *req, result_t *r) {
  int before = r->calls;
  http_client_send(st->client, req, on_done, r);
  uint64_t deadline = uv_hrtime() + 10ull * 1000 * 1000 * 1000;
  assert_int_equal(uv_timer_start(&st->tick, on_tick, 20, 20), 0);
  while (r->calls == before) {
    if (uv_hrtime() > deadline) fail_msg("timed out waiting for the response");
    uv_run(&st->loop, UV_RUN_ONCE);
  }
  assert_int_equal(uv_timer_stop(&st->tick), 0);
}

static char *url(const state_t *st, const char *host, const char *path) {
  return xasprintf("http://%s:%u%s", host, st->srv->port, path);
}

static const char *find_header(const http_response_t *res, const char *name) {
  for (size_t i = 0; i < res->n_headers; i++)
    if (strcasecmp(res->headers[i].name, name) == 0) return res->headers[i].value;
  return NULL;
}

/* ---- redirects ------------------------------------------------------------------------ */

static void test_redirect_followed(void **state) {
  state_t *st = *state;
  char *u = url(st, "127.0.0.1", "/r/3");
  http_request_t req = {.method = "GET", .url = u, .max_redirects = 5};
  result_t r = {0};
  exchange(st, &req, &r);
  assert_int_equal(r.res->error, HTTP_OK);
  assert_int_equal(r.res->status, 200);
  assert_string_equal(r.res->body, "final");
  assert_int_equal(r.res->redirects, 4);
  char *final = url(st, "127.0.0.1", "/final");
  assert_string_equal(r.res->effective_url, final);
  assert_null(find_header(r.res, "Location")); /* headers are the final response's */
  assert_true(r.res->duration_ms > 0);
  free(final);
  free(u);
  http_response_free(r.res);
}

static void test_redirect_not_followed_by_default(void **state) {
  state_t *st = *state;
  char *u = url(st, "127.0.0.1", "/r/1");
  http_request_t req = {.method = "GET", .url = u};
  result_t r = {0};
  exchange(st, &req, &r);
  assert_int_equal(r.res->status, 302);
  assert_string_equal(find_header(r.res, "Location"), "/r/0?code=302");
  assert_int_equal(r.res->redirects, 0);
  free(u);
  http_response_free(r.res);
}

static void test_redirect_limit(void **state) {
  state_t *st = *state;
  char *u = url(st, "127.0.0.1", "/r/3");
  http_request_t req = {.method = "GET", .url = u, .max_redirects = 2};
  result_t r = {0};
  exchange(st, &req, &r);
  assert_int_equal(r.res->error, HTTP_ERR_REDIRECT);
  assert_string_equal(r.res->error_code, "ERR_TOO_MANY_REDIRECTS");
  assert_non_null(strstr(r.res->error_message, "Maximum number of redirects exceeded (2)"));
  assert_int_equal(r.res->redirects, 2);
  pthread_mutex_lock(&st->srv->lock);
  assert_int_equal(st->srv->requests, 3);
  pthread_mutex_unlock(&st->srv->lock);
  free(u);
  http_response_free(r.res);
}

/* fetch's rules: 303 (and 301/302 after POST) go on as GET without the body and its
 * headers; 307 and 308 (and 301/302 after other methods) keep method and body. */
static void check_method_rule(state_t *st, const char *method, unsigned code,
                              const char *want_method, bool body_kept) {
  char path[64];
  snprintf(path, sizeof(path), "/r/0?code=%u", code);
  char *u = url(st, "127.0.0.1", path);
  http_header_t headers[] = {{"Content-Type", "application/json"}, {"X-Other", "kept"}};
  http_request_t req = {.method = method,
                        .url = u,
                        .headers = headers,
                        .n_headers = 2,
                        .body = "{\"a\":1}",
                        .body_len = 7,
                        .max_redirects = 5};
  result_t r = {0};
  exchange(st, &req, &r);
  assert_int_equal(r.res->status, 200);
  char *m, *h, *b;
  server_final(st->srv, &m, &h, &b);
  assert_string_equal(m, want_method);
  assert_string_equal(b, body_kept ? "{\"a\":1}" : "");
  assert_true((strstr(h, "Content-Type: application/json") != NULL) == body_kept);
  assert_non_null(strstr(h, "X-Other: kept"));
  free(m);
  free(h);
  free(b);
  free(u);
  http_response_free(r.res);
}

static void test_redirect_method_rules(void **state) {
  state_t *st = *state;
  check_method_rule(st, "POST", 303, "GET", false);
  check_method_rule(st, "PUT", 303, "GET", false);
  check_method_rule(st, "POST", 302, "GET", false);
  check_method_rule(st, "POST", 301, "GET", false);
  check_method_rule(st, "PUT", 301, "PUT", true);
  check_method_rule(st, "PATCH", 302, "PATCH", true);
  check_method_rule(st, "POST", 307, "POST", true);
  check_method_rule(st, "DELETE", 308, "DELETE", true);
}

static void test_redirect_drops_credentials_across_origins(void **state) {
  state_t *st = *state;
  http_header_t headers[] = {{"Authorization", "Bearer t"}, {"Cookie", "a=1"}, {"X-Keep", "1"}};
  char *same = url(st, "127.0.0.1", "/final");
  char *other = url(st, "localhost", "/final");
  const char *targets[] = {same, other};
  for (int i = 0; i < 2; i++) {
    char *enc = xasprintf("/to?code=302&url=%s", targets[i]);
    char *u = url(st, "127.0.0.1", enc);
    http_request_t req = {
        .method = "GET", .url = u, .headers = headers, .n_headers = 3, .max_redirects = 1};
    result_t r = {0};
    exchange(st, &req, &r);
    assert_int_equal(r.res->status, 200);
    char *m, *h, *b;
    server_final(st->srv, &m, &h, &b);
    bool kept = i == 0;
    assert_true((strstr(h, "Authorization: Bearer t") != NULL) == kept);
    assert_true((strstr(h, "Cookie: a=1") != NULL) == kept);
    assert_non_null(strstr(h, "X-Keep: 1"));
    free(m);
    free(h);
    free(b);
    free(u);
    free(enc);
    http_response_free(r.res);
  }
  free(same);
  free(other);
}

static void test_redirect_timeout_spans_hops(void **state) {
  state_t *st = *state;
  char *u = url(st, "127.0.0.1", "/slow-to");
  /* 150 ms for the redirect and 150 ms for the target: each alone fits in 250 ms. */
  http_request_t req = {.method = "GET", .url = u, .max_redirects = 1, .timeout_ms = 250};
  result_t r = {0};
  exchange(st, &req, &r);
  assert_int_equal(r.res->error, HTTP_ERR_TIMEOUT);
  assert_string_equal(r.res->error_code, "ETIMEDOUT");
  free(u);
  http_response_free(r.res);
}

/* ---- decoding ------------------------------------------------------------------------- */

static uint32_t crc32_of(const unsigned char *p, size_t n) {
  uint32_t crc = 0xFFFFFFFFu;
  for (size_t i = 0; i < n; i++) {
    crc ^= p[i];
    for (int k = 0; k < 8; k++) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  return crc ^ 0xFFFFFFFFu;
}

/* A gzip member of one stored deflate block. */
static size_t gzip_stored(const char *text, unsigned char *out) {
  size_t n = strlen(text), o = 0;
  static const unsigned char header[10] = {0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff};
  memcpy(out, header, 10);
  o = 10;
  out[o++] = 1;
  out[o++] = (unsigned char)n;
  out[o++] = (unsigned char)(n >> 8);
  out[o++] = (unsigned char)~n;
  out[o++] = (unsigned char)(~n >> 8);
  memcpy(out + o, text, n);
  o += n;
  uint32_t crc = crc32_of((const unsigned char *)text, n);
  for (int i = 0; i < 4; i++) out[o++] = (unsigned char)(crc >> (8 * i));
  for (int i = 0; i < 4; i++) out[o++] = (unsigned char)(n >> (8 * i));
  return o;
}

static void check_decode(state_t *st, bool decode) {
  static const char text[] = "{\"hello\":\"gzip\"}";
  unsigned char gz[128];
  size_t gz_len = gzip_stored(text, gz);
  char head[256];
  int hl = snprintf(head, sizeof(head),
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                    "Content-Encoding: gzip\r\nContent-Length: %zu\r\nConnection: close\r\n\r\n",
                    gz_len);
  char *reply = xmalloc((size_t)hl + gz_len);
  memcpy(reply, head, (size_t)hl);
  memcpy(reply + hl, gz, gz_len);
  canned_t cs;
  canned_start(&cs, reply, (size_t)hl + gz_len);
  char *u = xasprintf("http://127.0.0.1:%u/gz", cs.port);
  http_request_t req = {.method = "GET", .url = u, .decode = decode};
  result_t r = {0};
  exchange(st, &req, &r);
  canned_stop(&cs);
  assert_int_equal(r.res->status, 200);
  assert_int_equal(r.res->wire_size, gz_len);
  if (decode) {
    assert_string_equal(r.res->body, text);
    assert_non_null(strstr(cs.request, "Accept-Encoding: "));
  } else {
    assert_int_equal(r.res->body_len, gz_len);
    assert_memory_equal(r.res->body, gz, gz_len);
    assert_null(strstr(cs.request, "Accept-Encoding"));
  }
  free(u);
  free(reply);
  http_response_free(r.res);
}

static void test_decode_gzip(void **state) { check_decode(*state, true); }

static void test_no_decode_by_default(void **state) { check_decode(*state, false); }

/* ---- cookies -------------------------------------------------------------------------- */

static bool final_has_cookie(state_t *st, bool cookies, const char *want) {
  char *u = url(st, "127.0.0.1", "/final");
  http_request_t req = {.method = "GET", .url = u, .cookies = cookies};
  result_t r = {0};
  exchange(st, &req, &r);
  char *m, *h, *b;
  server_final(st->srv, &m, &h, &b);
  bool has = want ? strstr(h, want) != NULL : strstr(h, "Cookie:") != NULL;
  free(m);
  free(h);
  free(b);
  free(u);
  http_response_free(r.res);
  return has;
}

static void test_cookie_jar(void **state) {
  state_t *st = *state;
  char *u = url(st, "127.0.0.1", "/set?c=sid%3Dabc%3B%20Path%3D%2F");
  http_request_t set = {.method = "GET", .url = u, .cookies = true};
  result_t r = {0};
  exchange(st, &set, &r);
  http_response_free(r.res);
  assert_true(final_has_cookie(st, true, "Cookie: sid=abc"));
  assert_false(final_has_cookie(st, false, NULL)); /* requests without the jar send none */
  http_client_clear_cookies(st->client);
  assert_false(final_has_cookie(st, true, NULL));
  free(u);
}

static void test_cookies_off_store_nothing(void **state) {
  state_t *st = *state;
  char *u = url(st, "127.0.0.1", "/set?c=sid%3Dabc%3B%20Path%3D%2F");
  http_request_t set = {.method = "GET", .url = u};
  result_t r = {0};
  exchange(st, &set, &r);
  http_response_free(r.res);
  assert_false(final_has_cookie(st, true, NULL));
  free(u);
}

/* ---- proxies, debug ------------------------------------------------------------------- */

static void test_proxy(void **state) {
  state_t *st = *state;
  static const char ok[] =
      "HTTP/1.1 200 OK\r\nContent-Length: 7\r\nConnection: close\r\n\r\nproxied";
  canned_t cs;
  canned_start(&cs, ok, sizeof(ok) - 1);
  char *proxy = xasprintf("http://127.0.0.1:%u", cs.port);
  http_request_t req = {.method = "GET", .url = "http://api.example.invalid/x?y=1", .proxy = proxy};
  result_t r = {0};
  exchange(st, &req, &r);
  canned_stop(&cs);
  assert_int_equal(r.res->status, 200);
  assert_string_equal(r.res->body, "proxied");
  assert_true(strncmp(cs.request, "GET http://api.example.invalid/x?y=1 HTTP/1.1\r\n", 47) == 0);
  http_response_free(r.res);

  /* NO_PROXY: the proxy is bypassed (and the refused direct connection proves it). */
  http_request_t direct = {
      .method = "GET", .url = "http://127.0.0.1:9/x", .proxy = proxy, .no_proxy = "127.0.0.1"};
  r = (result_t){0};
  exchange(st, &direct, &r);
  assert_string_equal(r.res->error_code, "ECONNREFUSED");
  http_response_free(r.res);

  /* "" means no proxy at all, whatever the environment says. */
  setenv("http_proxy", "http://127.0.0.1:9", 1);
  char *u = url(st, "127.0.0.1", "/final");
  http_request_t none = {.method = "GET", .url = u, .proxy = ""};
  r = (result_t){0};
  exchange(st, &none, &r);
  unsetenv("http_proxy");
  assert_int_equal(r.res->status, 200);
  http_response_free(r.res);
  free(u);
  free(proxy);
}

typedef struct {
  int lines;
  bool connected;
  uint64_t id;
} debug_seen_t;

static void on_debug(uint64_t id, const char *line, void *userdata) {
  debug_seen_t *d = userdata;
  d->lines++;
  d->id = id;
  if (strstr(line, "Connected to 127.0.0.1")) d->connected = true;
  assert_null(strchr(line, '\n'));
}

static void test_debug_lines(void **state) {
  state_t *st = *state;
  debug_seen_t seen = {0};
  http_client_set_debug(st->client, on_debug, &seen);
  char *u = url(st, "127.0.0.1", "/final");
  http_request_t req = {.method = "GET", .url = u};
  result_t r = {0};
  uint64_t before = 0;
  exchange(st, &req, &r);
  assert_true(seen.lines > 0);
  assert_true(seen.connected);
  assert_true(seen.id > before);
  http_response_free(r.res);
  http_client_set_debug(st->client, NULL, NULL);
  seen = (debug_seen_t){0};
  r = (result_t){0};
  exchange(st, &req, &r);
  assert_int_equal(seen.lines, 0);
  http_response_free(r.res);
  free(u);
}

/* ---- Retry-After ---------------------------------------------------------------------- */

static void test_retry_after(void **state) {
  time_t now = 1700000000; /* Tue, 14 Nov 2023 22:13:20 GMT */
  assert_true(http_retry_after_ms("120", now) == 120000);
  assert_true(http_retry_after_ms(" 0 ", now) == 0);
  assert_true(http_retry_after_ms("Tue, 14 Nov 2023 22:13:30 GMT", now) == 10000);
  assert_true(http_retry_after_ms("Tuesday, 14-Nov-23 22:13:25 GMT", now) == 5000);
  assert_true(http_retry_after_ms("Tue Nov 14 22:13:22 2023", now) == 2000);
  assert_true(http_retry_after_ms("Tue, 14 Nov 2023 22:00:00 GMT", now) == 0); /* past */
  assert_true(http_retry_after_ms("12abc", now) == -1);
  assert_true(http_retry_after_ms("-5", now) == -1);
  assert_true(http_retry_after_ms("soon", now) == -1);
  assert_true(http_retry_after_ms("", now) == -1);
  assert_true(http_retry_after_ms(NULL, now) == -1);
}

/* ---- reason phrases --------------------------------------------------------------------- */

static void test_status_line(void **state) {
  char *reason;
  const char h2[] = "HTTP/2 404 \r\n", own[] = "HTTP/1.1 404 Gone Fishing\r\n",
             bare[] = "HTTP/1.1 299\r\n";
  assert_int_equal(http_status_line(h2, sizeof(h2) - 1, &reason), 404);
  assert_string_equal(reason, "Not Found"); /* HTTP/2 sends none: the standard one */
  free(reason);
  assert_int_equal(http_status_line(own, sizeof(own) - 1, &reason), 404);
  assert_string_equal(reason, "Gone Fishing");
  free(reason);
  assert_int_equal(http_status_line(bare, sizeof(bare) - 1, &reason), 299);
  assert_string_equal(reason, ""); /* an unregistered code has no standard phrase */
  free(reason);
  /* the code alone (the WebSocket/SSE stream's head) */
  assert_int_equal(http_status_line(own, sizeof(own) - 1, NULL), 404);
  const char junk[] = "HTTP/1.1 x\r\n";
  assert_int_equal(http_status_line(junk, sizeof(junk) - 1, NULL), 0);
}

/* The one-off GET (API documents at a URL) names the status as the client does. */
static void test_get_text_reason(void **state) {
  static const char *const replies[] = {
      "HTTP/1.1 404 \r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
      "HTTP/1.1 404 Gone Fishing\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"};
  static const char *const expected[] = {"the server answered HTTP 404 Not Found",
                                         "the server answered HTTP 404 Gone Fishing"};
  for (int i = 0; i < 2; i++) {
    canned_t cs;
    canned_start(&cs, replies[i], strlen(replies[i]));
    char *url = xasprintf("http://127.0.0.1:%u/doc.yaml", cs.port);
    sbuf_t err = SBUF_INIT;
    size_t len = 0;
    assert_null(http_get_text(url, 30000, 1 << 20, &len, &err));
    assert_string_equal(sbuf_cstr(&err), expected[i]);
    canned_stop(&cs);
    sbuf_free(&err);
    free(url);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_redirect_followed, setup, teardown),
      cmocka_unit_test_setup_teardown(test_redirect_not_followed_by_default, setup, teardown),
      cmocka_unit_test_setup_teardown(test_redirect_limit, setup, teardown),
      cmocka_unit_test_setup_teardown(test_redirect_method_rules, setup, teardown),
      cmocka_unit_test_setup_teardown(test_redirect_drops_credentials_across_origins, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_redirect_timeout_spans_hops, setup, teardown),
      cmocka_unit_test_setup_teardown(test_decode_gzip, setup, teardown),
      cmocka_unit_test_setup_teardown(test_no_decode_by_default, setup, teardown),
      cmocka_unit_test_setup_teardown(test_cookie_jar, setup, teardown),
      cmocka_unit_test_setup_teardown(test_cookies_off_store_nothing, setup, teardown),
      cmocka_unit_test_setup_teardown(test_proxy, setup, teardown),
      cmocka_unit_test_setup_teardown(test_debug_lines, setup, teardown),
      cmocka_unit_test(test_retry_after),
      cmocka_unit_test(test_status_line),
      cmocka_unit_test(test_get_text_reason),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
