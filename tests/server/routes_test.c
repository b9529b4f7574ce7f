/* sonde-testserver: helper endpoints for e2e tests — fixed statuses, delays, an echo of
 * the request, a login that sets a session cookie, non-JSON and empty bodies, the /stats counters, a connection that
 * dies without a response, and the files of its working directory (/files/).
 *
 * Memory: handlers borrow the request; the JSON they build goes to the reply helpers,
 * which take it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server.h"

/* /delay is capped so a typo cannot park a connection thread for hours. */
#define TEST_MAX_DELAY_MS 300000ul

typedef enum MHD_Result (*test_handler_fn)(srv_request_t *req, const char *rest);

/* ---- /status/<code> ---- */

static enum MHD_Result test_status(srv_request_t *req, const char *rest) {
  unsigned long code;
  /* 1xx is not a final response; MHD cannot send one as such. */
  if (!srv_parse_ulong(rest, 599, &code) || code < 200)
    return srv_reply_error(req, MHD_HTTP_BAD_REQUEST, "INVALID_STATUS",
                           "Status must be a number from 200 to 599, got \"%s\"", rest);
  if (code == MHD_HTTP_NO_CONTENT || code == MHD_HTTP_NOT_MODIFIED)
    return srv_queue(req, (unsigned)code,
                     MHD_create_response_from_buffer(0, (void *)"", MHD_RESPMEM_PERSISTENT));

  json_t *body = srv_jcheck(json_object());
  srv_jset(body, "status", json_integer((json_int_t)code));
  struct MHD_Response *resp = srv_response_json(body);
  if (code >= 300 && code < 400)
    resp = srv_response_header(resp, MHD_HTTP_HEADER_LOCATION, "/echo");
  return srv_queue(req, (unsigned)code, resp);
}

/* ---- /delay/<ms> ---- */

static enum MHD_Result test_delay(srv_request_t *req, const char *rest) {
  unsigned long ms;
  if (!srv_parse_ulong(rest, TEST_MAX_DELAY_MS, &ms))
    return srv_reply_error(req, MHD_HTTP_BAD_REQUEST, "INVALID_DELAY",
                           "Delay must be a number of milliseconds up to %lu, got \"%s\"",
                           TEST_MAX_DELAY_MS, rest);
  /* Shutting down: drop the connection rather than lie about the delay. */
  if (!srv_wait_ms(ms)) return srv_queue(req, MHD_HTTP_SERVICE_UNAVAILABLE, NULL);
  json_t *body = srv_jcheck(json_object());
  srv_jset(body, "delayed", json_integer((json_int_t)ms));
  return srv_reply_json(req, MHD_HTTP_OK, body);
}

/* ---- /echo ---- */

/* "?a=1&a=2": the later value wins; "?flag" gives "". MHD has percent-decoded both. */
static enum MHD_Result test_echo_query(void *cls, enum MHD_ValueKind kind, const char *key,
                                       size_t key_size, const char *value, size_t value_size) {
  json_t *query = cls;
  json_t *k = srv_json_string(key, key_size);
  srv_jset(query, json_string_value(k),
           srv_json_string(value ? value : "", value ? value_size : 0));
  json_decref(k);
  return MHD_YES;
}

/* Names lower-cased (HTTP names are case-insensitive); repeats joined with ", ", which
 * is what a proxy folding them would send. */
static enum MHD_Result test_echo_header(void *cls, enum MHD_ValueKind kind, const char *key,
                                        size_t key_size, const char *value, size_t value_size) {
  json_t *headers = cls;
  char *lower = srv_xmalloc(key_size + 1);
  for (size_t i = 0; i < key_size; i++)
    lower[i] = (key[i] >= 'A' && key[i] <= 'Z') ? (char)(key[i] - 'A' + 'a') : key[i];
  lower[key_size] = '\0';
  json_t *k = srv_json_string(lower, key_size);
  free(lower);
  const char *name = json_string_value(k);

  json_t *v = srv_json_string(value ? value : "", value ? value_size : 0);
  json_t *prev = json_object_get(headers, name);
  if (prev) {
    size_t plen = json_string_length(prev), vlen = json_string_length(v);
    char *joined = srv_xmalloc(plen + 2 + vlen);
    memcpy(joined, json_string_value(prev), plen);
    memcpy(joined + plen, ", ", 2);
    memcpy(joined + plen + 2, json_string_value(v), vlen);
    json_decref(v);
    v = srv_json_string(joined, plen + 2 + vlen);
    free(joined);
  }
  srv_jset(headers, name, v);
  json_decref(k);
  return MHD_YES;
}

static enum MHD_Result test_echo(srv_request_t *req, const char *rest) {
  json_t *echo = srv_jcheck(json_object());
  json_t *query = srv_jcheck(json_object());
  json_t *headers = srv_jcheck(json_object());
  /* Both return the number of values visited; a negative count means a bad argument. */
  if (MHD_get_connection_values_n(req->conn, MHD_GET_ARGUMENT_KIND, test_echo_query, query) < 0 ||
      MHD_get_connection_values_n(req->conn, MHD_HEADER_KIND, test_echo_header, headers) < 0) {
    json_decref(echo);
    json_decref(query);
    json_decref(headers);
    return srv_queue(req, MHD_HTTP_INTERNAL_SERVER_ERROR, NULL);
  }

  json_t *parsed = NULL;
  if (req->body_len > 0) parsed = json_loadb(req->body, req->body_len, JSON_DECODE_ANY, NULL);
  srv_jset(echo, "method", srv_json_string(req->method, strlen(req->method)));
  srv_jset(echo, "path", srv_json_string(req->path, strlen(req->path)));
  srv_jset(echo, "query", query);
  srv_jset(echo, "headers", headers);
  srv_jset(echo, "body", srv_json_string(req->body ? req->body : "", req->body_len));
  srv_jset(echo, "json", parsed ? parsed : json_null());
  return srv_reply_json(req, MHD_HTTP_OK, echo);
}

/* ---- /login ---- */

/* A session cookie the client did not send: masked by name in Set-Cookie, its value must
 * be masked wherever it shows up again (the e2e http-secrets case). */
static enum MHD_Result test_login(srv_request_t *req, const char *rest) {
  if (!srv_is_method(req, "POST")) return srv_reply_bad_method(req, "POST");
  struct MHD_Response *resp = srv_response_json(srv_jcheck(json_pack("{s:s}", "status", "ok")));
  resp = srv_response_header(resp, "Set-Cookie", "sid=server-session-7a1f9c3e; Path=/; HttpOnly");
  return srv_queue(req, MHD_HTTP_OK, resp);
}

/* ---- fixed bodies ---- */

static enum MHD_Result test_text(srv_request_t *req, const char *rest) {
  if (!srv_is_get(req)) return srv_reply_bad_method(req, "GET, HEAD");
  static const char text[] = "hello from sonde";
  return srv_queue(req, MHD_HTTP_OK,
                   srv_response_bytes("text/plain; charset=utf-8", text, sizeof text - 1));
}

static enum MHD_Result test_empty(srv_request_t *req, const char *rest) {
  if (!srv_is_get(req)) return srv_reply_bad_method(req, "GET, HEAD");
  return srv_reply_json(req, MHD_HTTP_OK, NULL);
}

static enum MHD_Result test_health(srv_request_t *req, const char *rest) {
  if (!srv_is_get(req)) return srv_reply_bad_method(req, "GET, HEAD");
  return srv_reply_json(req, MHD_HTTP_OK, srv_jcheck(json_pack("{s:s}", "status", "ok")));
}

static enum MHD_Result test_problem(srv_request_t *req, const char *rest) {
  if (!srv_is_get(req)) return srv_reply_bad_method(req, "GET, HEAD");
  static const char problem[] = "{\"title\":\"Not here\",\"status\":404}";
  return srv_queue(req, MHD_HTTP_NOT_FOUND,
                   srv_response_bytes("application/problem+json", problem, sizeof problem - 1));
}

/* ---- state ---- */

static enum MHD_Result test_stats(srv_request_t *req, const char *rest) {
  if (!srv_is_get(req)) return srv_reply_bad_method(req, "GET, HEAD");
  return srv_reply_json(req, MHD_HTTP_OK, srv_stats_snapshot());
}

static enum MHD_Result test_stats_reset(srv_request_t *req, const char *rest) {
  if (!srv_is_method(req, "POST")) return srv_reply_bad_method(req, "POST");
  srv_stats_reset();
  return srv_reply_json(req, MHD_HTTP_OK, srv_jcheck(json_pack("{s:s}", "status", "ok")));
}

/* The whole demo API back to its initial state, so e2e cases start from the same data. */
static enum MHD_Result test_reset(srv_request_t *req, const char *rest) {
  if (!srv_is_method(req, "POST")) return srv_reply_bad_method(req, "POST");
  srv_users_reset();
  srv_stats_reset();
  srv_log_reset();
  srv_faults_reset();
  return srv_reply_json(req, MHD_HTTP_OK, srv_jcheck(json_pack("{s:s}", "status", "ok")));
}

/* MHD_NO makes MHD close the socket without writing a byte: a network error for the
 * client. */
static enum MHD_Result test_crash(srv_request_t *req, const char *rest) {
  srv_request_done(req);
  return MHD_NO;
}

/* ---- /files/<path> ---- */

/* A file of the server's working directory (an e2e case's copy), for what sonde reads from
 * a URL (API documents): its bytes with a type from the extension. No ".." segment, no
 * absolute path; a missing file is a 404. */
static enum MHD_Result test_files(srv_request_t *req, const char *rest) {
  if (!srv_is_get(req)) return srv_reply_bad_method(req, "GET, HEAD");
  bool bad = !*rest || rest[0] == '/' || strncmp(rest, "../", 3) == 0 || strstr(rest, "/../") ||
             strcmp(rest, "..") == 0;
  size_t n = strlen(rest);
  if (bad || (n >= 3 && strcmp(rest + n - 3, "/..") == 0))
    return srv_reply_error(req, MHD_HTTP_BAD_REQUEST, "BAD_PATH", "No such file path: %s", rest);
  FILE *f = fopen(rest, "rb");
  if (!f) return srv_reply_error(req, MHD_HTTP_NOT_FOUND, "NO_FILE", "No file %s", rest);
  char *data = NULL;
  size_t len = 0, cap = 0;
  for (;;) {
    if (len == cap) data = srv_xrealloc(data, cap = cap ? cap * 2 : 4096);
    size_t got = fread(data + len, 1, cap - len, f);
    len += got;
    if (got == 0) break;
  }
  fclose(f);
  const char *dot = strrchr(rest, '.');
  const char *type = !dot                        ? "application/octet-stream"
                     : strcmp(dot, ".json") == 0 ? "application/json"
                     : strcmp(dot, ".yaml") == 0 || strcmp(dot, ".yml") == 0
                         ? "application/yaml"
                         : "text/plain; charset=utf-8";
  enum MHD_Result ret = srv_queue(req, MHD_HTTP_OK, srv_response_bytes(type, data, len));
  free(data);
  return ret;
}

/* Exact paths, or prefixes whose remainder is handed over as `rest`. */
static const struct {
  const char *path;
  bool prefix;
  test_handler_fn fn;
} test_routes[] = {
    {"/status/", true, test_status},
    {"/delay/", true, test_delay},
    {"/echo", false, test_echo},
    {"/echo/", true, test_echo},
    {"/login", false, test_login},
    {"/text", false, test_text},
    {"/empty", false, test_empty},
    {"/health", false, test_health},
    {"/problem", false, test_problem},
    {"/stats", false, test_stats},
    {"/stats/reset", false, test_stats_reset},
    {"/reset", false, test_reset},
    {"/crash-connection", false, test_crash},
    {"/files/", true, test_files},
};

bool srv_route_test(srv_request_t *req, enum MHD_Result *ret) {
  for (size_t i = 0; i < sizeof test_routes / sizeof test_routes[0]; i++) {
    const char *path = test_routes[i].path;
    size_t n = strlen(path);
    bool hit =
        test_routes[i].prefix ? strncmp(req->path, path, n) == 0 : strcmp(req->path, path) == 0;
    if (hit) {
      *ret = test_routes[i].fn(req, req->path + n);
      return true;
    }
  }
  return false;
}
