/* sonde-testserver: fault injection for the HTTP client's tests, and the request log.
 *
 *   /seq/<key>?steps=503,429r1,503d2,reset,w300,200
 *       The n-th request for <key> gets the n-th step (the last one repeats): a status
 *       (body {"key","attempt","status"}); "<status>r<s>" adds Retry-After: <s> seconds;
 *       "<status>d<s>" adds Retry-After as the HTTP date <s> seconds ahead; "reset" closes
 *       the connection without a response; "w<ms>" waits <ms> and then answers 200.
 *       Counters go back to zero with POST /reset or POST /log/reset.
 *   /truncated            Content-Length 100, 20 bytes sent, then the connection closes
 *   /slow-body?chunks=N&interval=MS   N chunks of text, MS apart (chunked encoding)
 *   /invalid-json         application/json that does not parse
 *   /encoded/<gzip|deflate|br>        a JSON body with that Content-Encoding
 *   /binary               bytes 0..255 as application/octet-stream
 *   /redirect/<n>?status=S   S (default 302) to /redirect/<n-1>, and /redirect/1 to /echo
 *   /respond?status=S&type=T&body=B&h=Name:value&h=...   any response (without body=B,
 *                         the request's body sent back as it is)
 *   /log?path=P|prefix=P  the request log (log.c); POST /log/reset empties it
 *   /listeners            {"http":port,"https":port,"h2":port}
 * and, for any request whose target is absolute ("GET http://host/path"), a forward-proxy
 * stand-in that answers {"proxied":true,"method","target","headers"} itself; CONNECT gets 403.
 *
 * Memory: handlers borrow the request; the sequence counters are a json object guarded by
 * faults_lock and freed by srv_faults_cleanup. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "server.h"

#define FAULTS_MAX_STEPS       64
#define FAULTS_MAX_CHUNKS      1000ul
#define FAULTS_MAX_INTERVAL_MS 60000ul

static pthread_mutex_t faults_lock = PTHREAD_MUTEX_INITIALIZER;
static json_t *faults_counters; /* key → requests seen */

void srv_faults_reset(void) {
  srv_lock(&faults_lock);
  if (faults_counters && json_object_clear(faults_counters) != 0) abort();
  srv_unlock(&faults_lock);
}

void srv_faults_cleanup(void) {
  srv_lock(&faults_lock);
  json_decref(faults_counters);
  faults_counters = NULL;
  srv_unlock(&faults_lock);
}

static const char *faults_arg(srv_request_t *req, const char *name) {
  return MHD_lookup_connection_value(req->conn, MHD_GET_ARGUMENT_KIND, name);
}

/* An RFC 9110 IMF-fixdate `seconds` from now. */
static void faults_http_date(char *out, size_t n, unsigned long seconds) {
  time_t t = time(NULL) + (time_t)seconds;
  struct tm tm;
  if (!gmtime_r(&t, &tm)) abort();
  strftime(out, n, "%a, %d %b %Y %H:%M:%S GMT", &tm);
}

/* ---- /seq/<key> ---- */

static enum MHD_Result faults_seq(srv_request_t *req, const char *key) {
  const char *steps = faults_arg(req, "steps");
  if (!*key || !steps || !*steps)
    return srv_reply_error(req, MHD_HTTP_BAD_REQUEST, "INVALID_SEQ",
                           "Use /seq/<key>?steps=503,429r1,200");
  json_t *k = srv_json_string(key, strlen(key));
  srv_lock(&faults_lock);
  if (!faults_counters) faults_counters = srv_jcheck(json_object());
  json_t *count = json_object_get(faults_counters, json_string_value(k));
  json_int_t attempt = count ? json_integer_value(count) + 1 : 1;
  srv_jset(faults_counters, json_string_value(k), json_integer(attempt));
  srv_unlock(&faults_lock);
  json_decref(k);

  /* The step for this attempt: the attempt-th comma-separated token, or the last. */
  char step[32] = "";
  const char *p = steps;
  for (json_int_t i = 1;; i++) {
    const char *comma = strchr(p, ',');
    size_t n = comma ? (size_t)(comma - p) : strlen(p);
    if (n < sizeof step) {
      memcpy(step, p, n);
      step[n] = '\0';
    }
    if (i == attempt || !comma || i >= FAULTS_MAX_STEPS) break;
    p = comma + 1;
  }

  if (strcmp(step, "reset") == 0) {
    srv_request_done(req);
    return MHD_NO;
  }
  unsigned long status = 200, wait_ms = 0, after = 0;
  char kind = 0;
  if (step[0] == 'w') {
    if (!srv_parse_ulong(step + 1, FAULTS_MAX_INTERVAL_MS, &wait_ms))
      return srv_reply_error(req, MHD_HTTP_BAD_REQUEST, "INVALID_STEP", "Bad step \"%s\"", step);
  } else {
    char *mark = strpbrk(step, "rd");
    if (mark) {
      kind = *mark;
      *mark = '\0';
      if (!srv_parse_ulong(mark + 1, 86400, &after))
        return srv_reply_error(req, MHD_HTTP_BAD_REQUEST, "INVALID_STEP", "Bad step");
    }
    if (!srv_parse_ulong(step, 599, &status) || status < 200)
      return srv_reply_error(req, MHD_HTTP_BAD_REQUEST, "INVALID_STEP",
                             "Bad step \"%s\": a status 200-599, reset or w<ms>", step);
  }
  if (wait_ms && !srv_wait_ms(wait_ms)) return srv_queue(req, MHD_HTTP_SERVICE_UNAVAILABLE, NULL);

  json_t *body = srv_jcheck(json_object());
  srv_jset(body, "key", srv_json_string(key, strlen(key)));
  srv_jset(body, "attempt", json_integer(attempt));
  srv_jset(body, "status", json_integer((json_int_t)status));
  struct MHD_Response *resp = srv_response_json(body);
  char value[64];
  if (kind == 'r') {
    snprintf(value, sizeof value, "%lu", after);
    resp = srv_response_header(resp, "Retry-After", value);
  } else if (kind == 'd') {
    faults_http_date(value, sizeof value, after);
    resp = srv_response_header(resp, "Retry-After", value);
  }
  return srv_queue(req, (unsigned)status, resp);
}

/* ---- bodies that misbehave ---- */

typedef struct {
  unsigned long chunks, interval_ms, sent;
} faults_slow_t;

static ssize_t faults_truncated_reader(void *cls, uint64_t pos, char *buf, size_t max) {
  static const char part[] = "{\"truncated\":\"yes\",";
  if (pos >= sizeof part - 1) return MHD_CONTENT_READER_END_WITH_ERROR;
  size_t n = sizeof part - 1 - (size_t)pos;
  if (n > max) n = max;
  memcpy(buf, part + pos, n);
  return (ssize_t)n;
}

static enum MHD_Result faults_truncated(srv_request_t *req) {
  struct MHD_Response *resp =
      MHD_create_response_from_callback(100, 64, faults_truncated_reader, NULL, NULL);
  return srv_queue(req, MHD_HTTP_OK,
                   srv_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, "application/json"));
}

static ssize_t faults_slow_reader(void *cls, uint64_t pos, char *buf, size_t max) {
  faults_slow_t *s = cls;
  if (s->sent == s->chunks) return MHD_CONTENT_READER_END_OF_STREAM;
  if (s->sent > 0 && !srv_wait_ms(s->interval_ms)) return MHD_CONTENT_READER_END_WITH_ERROR;
  int n = snprintf(buf, max, "chunk %lu\n", s->sent);
  s->sent++;
  return n < 0 || (size_t)n >= max ? MHD_CONTENT_READER_END_WITH_ERROR : (ssize_t)n;
}

static enum MHD_Result faults_slow_body(srv_request_t *req) {
  faults_slow_t s = {5, 100, 0};
  const char *chunks = faults_arg(req, "chunks"), *interval = faults_arg(req, "interval");
  if ((chunks && !srv_parse_ulong(chunks, FAULTS_MAX_CHUNKS, &s.chunks)) ||
      (interval && !srv_parse_ulong(interval, FAULTS_MAX_INTERVAL_MS, &s.interval_ms)))
    return srv_reply_error(req, MHD_HTTP_BAD_REQUEST, "INVALID_SLOW_BODY",
                           "chunks up to %lu, interval up to %lu ms", FAULTS_MAX_CHUNKS,
                           FAULTS_MAX_INTERVAL_MS);
  faults_slow_t *state = srv_xmalloc(sizeof *state);
  *state = s;
  struct MHD_Response *resp =
      MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 256, faults_slow_reader, state, free);
  if (!resp) free(state);
  return srv_queue(req, MHD_HTTP_OK,
                   srv_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, "text/plain"));
}

static enum MHD_Result faults_invalid_json(srv_request_t *req) {
  static const char text[] = "{\"broken\": tru";
  return srv_queue(req, MHD_HTTP_OK, srv_response_bytes("application/json", text, sizeof text - 1));
}

static enum MHD_Result faults_encoded(srv_request_t *req, const char *enc) {
  char plain[512];
  int n = snprintf(plain, sizeof plain, "{\"encoding\":\"%s\",\"text\":\"%s\"}", enc,
                   "the quick brown fox jumps over the lazy dog, again and again and again");
  size_t len = 0;
  char *data;
  if (strcmp(enc, "gzip") == 0) data = srv_encode_gzip(plain, (size_t)n, &len);
  else if (strcmp(enc, "deflate") == 0) data = srv_encode_deflate(plain, (size_t)n, &len);
  else if (strcmp(enc, "br") == 0) data = srv_encode_br(plain, (size_t)n, &len);
  else
    return srv_reply_error(req, MHD_HTTP_NOT_FOUND, "UNKNOWN_ENCODING",
                           "Encodings: gzip, deflate, br");
  struct MHD_Response *resp = srv_response_bytes("application/json", data, len);
  free(data);
  char plain_len[24];
  snprintf(plain_len, sizeof plain_len, "%d", n);
  resp = srv_response_header(resp, MHD_HTTP_HEADER_CONTENT_ENCODING, enc);
  resp = srv_response_header(resp, "X-Decoded-Length", plain_len);
  return srv_queue(req, MHD_HTTP_OK, resp);
}

static enum MHD_Result faults_binary(srv_request_t *req) {
  char bytes[256];
  for (int i = 0; i < 256; i++) bytes[i] = (char)i;
  return srv_queue(req, MHD_HTTP_OK,
                   srv_response_bytes("application/octet-stream", bytes, sizeof bytes));
}

/* ---- redirects and free-form responses ---- */

static enum MHD_Result faults_redirect(srv_request_t *req, const char *rest) {
  unsigned long n, status = 302;
  const char *s = faults_arg(req, "status");
  if (!srv_parse_ulong(rest, 100, &n) || n == 0 || (s && !srv_parse_ulong(s, 399, &status)) ||
      status < 300)
    return srv_reply_error(req, MHD_HTTP_BAD_REQUEST, "INVALID_REDIRECT",
                           "Use /redirect/<1-100>?status=<3xx>");
  char location[64];
  if (n == 1) snprintf(location, sizeof location, "/echo");
  else snprintf(location, sizeof location, "/redirect/%lu?status=%lu", n - 1, status);
  json_t *body = srv_jcheck(json_pack("{s:s}", "location", location));
  return srv_queue(
      req, (unsigned)status,
      srv_response_header(srv_response_json(body), MHD_HTTP_HEADER_LOCATION, location));
}

typedef struct {
  struct MHD_Response *resp;
} faults_respond_t;

static enum MHD_Result faults_respond_header(void *cls, enum MHD_ValueKind kind, const char *key,
                                             const char *value) {
  faults_respond_t *r = cls;
  if (strcmp(key, "h") != 0 || !value || !r->resp) return MHD_YES;
  const char *colon = strchr(value, ':');
  if (!colon) return MHD_YES;
  char *name = srv_xstrdup(value);
  name[colon - value] = '\0';
  const char *v = colon + 1;
  while (*v == ' ') v++;
  r->resp = srv_response_header(r->resp, name, v);
  free(name);
  return MHD_YES;
}

static enum MHD_Result faults_respond(srv_request_t *req) {
  unsigned long status = 200;
  const char *s = faults_arg(req, "status");
  if (s && (!srv_parse_ulong(s, 599, &status) || status < 200))
    return srv_reply_error(req, MHD_HTTP_BAD_REQUEST, "INVALID_STATUS", "status: 200-599");
  const char *type = faults_arg(req, "type");
  const char *body = faults_arg(req, "body");
  /* Without a body argument, the request's body is sent back as it is. */
  size_t body_len = body ? strlen(body) : req->body_len;
  if (!body) body = req->body ? req->body : "";
  faults_respond_t r = {srv_response_bytes(type ? type : "text/plain", body, body_len)};
  MHD_get_connection_values(req->conn, MHD_GET_ARGUMENT_KIND, faults_respond_header, &r);
  return srv_queue(req, (unsigned)status, r.resp);
}

/* ---- the log, the listeners, the proxy stand-in ---- */

static enum MHD_Result faults_log(srv_request_t *req) {
  return srv_reply_json(req, MHD_HTTP_OK,
                        srv_log_snapshot(faults_arg(req, "path"), faults_arg(req, "prefix")));
}

static enum MHD_Result faults_log_reset(srv_request_t *req) {
  if (!srv_is_method(req, "POST")) return srv_reply_bad_method(req, "POST");
  srv_log_reset();
  srv_faults_reset();
  return srv_reply_json(req, MHD_HTTP_OK, srv_jcheck(json_pack("{s:s}", "status", "ok")));
}

static enum MHD_Result faults_listeners(srv_request_t *req) {
  return srv_reply_json(req, MHD_HTTP_OK,
                        srv_jcheck(json_pack("{s:i, s:i, s:i}", "http", (int)srv_port_http, "https",
                                             (int)srv_port_https, "h2", (int)srv_port_h2)));
}

static enum MHD_Result faults_header_pair(void *cls, enum MHD_ValueKind kind, const char *key,
                                          const char *value) {
  char *lower = srv_xstrdup(key);
  for (char *p = lower; *p; p++)
    if (*p >= 'A' && *p <= 'Z') *p = (char)(*p - 'A' + 'a');
  srv_jset(cls, lower, srv_json_string(value ? value : "", value ? strlen(value) : 0));
  free(lower);
  return MHD_YES;
}

static enum MHD_Result faults_proxy(srv_request_t *req) {
  if (srv_is_method(req, "CONNECT"))
    return srv_reply_error(req, MHD_HTTP_FORBIDDEN, "NO_TUNNEL",
                           "This proxy stand-in does not tunnel (CONNECT %s)", req->path);
  json_t *headers = srv_jcheck(json_object());
  MHD_get_connection_values(req->conn, MHD_HEADER_KIND, faults_header_pair, headers);
  json_t *body = srv_jcheck(json_object());
  srv_jset(body, "proxied", json_true());
  srv_jset(body, "method", srv_json_string(req->method, strlen(req->method)));
  srv_jset(body, "target", srv_json_string(req->path, strlen(req->path)));
  srv_jset(body, "headers", headers);
  return srv_reply_json(req, MHD_HTTP_OK, body);
}

bool srv_route_faults(srv_request_t *req, enum MHD_Result *ret) {
  const char *path = req->path;
  if (srv_is_method(req, "CONNECT") || strncmp(path, "http://", 7) == 0 ||
      strncmp(path, "https://", 8) == 0)
    *ret = faults_proxy(req);
  else if (strncmp(path, "/seq/", 5) == 0) *ret = faults_seq(req, path + 5);
  else if (strcmp(path, "/truncated") == 0) *ret = faults_truncated(req);
  else if (strcmp(path, "/slow-body") == 0) *ret = faults_slow_body(req);
  else if (strcmp(path, "/invalid-json") == 0) *ret = faults_invalid_json(req);
  else if (strncmp(path, "/encoded/", 9) == 0) *ret = faults_encoded(req, path + 9);
  else if (strcmp(path, "/binary") == 0) *ret = faults_binary(req);
  else if (strncmp(path, "/redirect/", 10) == 0) *ret = faults_redirect(req, path + 10);
  else if (strcmp(path, "/respond") == 0) *ret = faults_respond(req);
  else if (strcmp(path, "/log") == 0) *ret = faults_log(req);
  else if (strcmp(path, "/log/reset") == 0) *ret = faults_log_reset(req);
  else if (strcmp(path, "/listeners") == 0) *ret = faults_listeners(req);
  else return false;
  return true;
}
