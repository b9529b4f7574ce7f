/* sonde-testserver: declarations shared by the daemon (server.c), the reply helpers
 * (reply.c), the counters behind /stats (stats.c), the request log (log.c), the TLS
 * listeners (tls.c), the body encoders (encode.c) and the route modules (routes_*.c).
 *
 * Memory: server.c owns every srv_request_t (allocated on a request's first callback,
 * freed when MHD reports the request complete); route handlers only borrow it. The reply
 * helpers take ownership of the json_t they are handed, whatever the outcome. */
#ifndef SONDE_TESTSERVER_SERVER_H
#define SONDE_TESTSERVER_SERVER_H

#include <jansson.h>
#include <microhttpd.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

/* Uploads beyond this are drained and answered with 413 rather than buffered. */
#define SRV_MAX_BODY (64u * 1024u * 1024u)

/* Per-connection state, MHD's socket context (see srv_on_connection). */
typedef struct {
  unsigned long counted_gen; /* stats generation this connection was last counted in */
} srv_conn_t;

/* Which listener a request came in on: the daemon's `cls`. */
typedef enum { SRV_LISTENER_HTTP, SRV_LISTENER_HTTPS } srv_listener_t;

typedef struct {
  struct MHD_Connection *conn;
  srv_conn_t *conn_state; /* NULL only if MHD could not report it */
  srv_listener_t listener;
  const char *method; /* borrowed from MHD; valid until the request completes */
  const char *path;   /* percent-decoded, without the query string; likewise */
  char *body;         /* raw upload, NUL-terminated when non-NULL; owned */
  size_t body_len;
  size_t body_cap;
  bool body_too_large;
  bool in_flight; /* still counted in the inFlight gauge */
} srv_request_t;

/* ---- server.c ---- */

/* Sleeps up to `ms`, returning early (false) once shutdown has begun, so slow /delay
 * requests never hold up SIGTERM. */
bool srv_wait_ms(unsigned long ms);
/* Leaves the inFlight gauge; idempotent. Called before a response is queued so that the
 * gauge never overlaps with the client's next request. */
void srv_request_done(srv_request_t *req);

/* ---- reply.c: utilities ----
 * Allocation failure aborts the process, as everywhere in sonde (src/common/sbuf.h): a
 * test server has no better way to recover, and it keeps the handlers readable. */

void *srv_xmalloc(size_t n);
void *srv_xrealloc(void *p, size_t n);
char *srv_xstrdup(const char *s);
/* Returns `v`, aborting when a jansson constructor returned NULL. */
json_t *srv_jcheck(json_t *v);
/* json_object_set_new / json_array_append_new that abort on failure. */
void srv_jset(json_t *obj, const char *key, json_t *value);
void srv_jappend(json_t *arr, json_t *value);
/* pthread mutex lock/unlock that abort on failure, like libuv's uv_mutex_lock. */
void srv_lock(pthread_mutex_t *m);
void srv_unlock(pthread_mutex_t *m);

/* ---- reply.c: responses ---- */

/* A response carrying `body` compact-encoded (NULL: empty body) as application/json.
 * Takes `body`. NULL when MHD fails, which srv_queue turns into a closed connection. */
struct MHD_Response *srv_response_json(json_t *body);
/* A response with a copy of `len` bytes of `data` and the given Content-Type. */
struct MHD_Response *srv_response_bytes(const char *content_type, const char *data, size_t len);
/* Adds a header, or destroys `resp` and returns NULL when MHD refuses it, so calls chain. */
struct MHD_Response *srv_response_header(struct MHD_Response *resp, const char *name,
                                         const char *value);
/* Leaves inFlight, queues `resp` (NULL → MHD_NO: the connection is closed) and drops our
 * reference to it. Every reply goes through here. */
enum MHD_Result srv_queue(srv_request_t *req, unsigned status, struct MHD_Response *resp);
enum MHD_Result srv_reply_json(srv_request_t *req, unsigned status, json_t *body);
/* {"code":code,"message":<formatted>} */
enum MHD_Result srv_reply_error(srv_request_t *req, unsigned status, const char *code,
                                const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* 405 with an Allow header listing `allow`. */
enum MHD_Result srv_reply_bad_method(srv_request_t *req, const char *allow);

/* A JSON string of `n` bytes of `s`; invalid UTF-8 becomes U+FFFD, because request
 * paths, headers and bodies are arbitrary bytes but JSON text must be UTF-8. Never NULL. */
json_t *srv_json_string(const char *s, size_t n);
/* Parses a plain decimal number (digits only, no sign or spaces) not above `max`. */
bool srv_parse_ulong(const char *s, unsigned long max, unsigned long *out);
/* GET, or HEAD (answered like GET; MHD drops the body). */
bool srv_is_get(const srv_request_t *req);
bool srv_is_method(const srv_request_t *req, const char *method);

/* ---- stats.c ---- */

/* Counts a request (and its connection, once per stats generation) and enters the
 * inFlight gauge. */
void srv_stats_begin(srv_conn_t *conn, const char *path);
void srv_stats_end(void);
/* {"requests":N,"connections":C,"inFlight":I,"maxInFlight":M,"paths":{...}}; caller owns. */
json_t *srv_stats_snapshot(void);
void srv_stats_reset(void);
void srv_stats_cleanup(void);

/* ---- log.c: every request received, for tests that prove what was sent ----
 * Requests to /stats and /log themselves are not logged. Times are milliseconds since
 * the server started, on the monotonic clock, taken when a request's headers arrived. */

void srv_log_request(srv_request_t *req);
/* The entries (oldest first) whose path equals `path` (NULL: all) or starts with
 * `prefix` (NULL: any); caller owns the array. */
json_t *srv_log_snapshot(const char *path, const char *prefix);
void srv_log_reset(void);
void srv_log_cleanup(void);
/* Milliseconds since the server started (monotonic). */
double srv_now_ms(void);

/* ---- tls.c ---- */

/* A self-signed ECDSA certificate for 127.0.0.1 and localhost, made at start-up (no key
 * material is checked in). 0 on success; the PEM strings are malloc'd. */
int srv_tls_make_cert(char **cert_pem, char **key_pem);
/* The ALPN probe: a bare GnuTLS listener on a free loopback port that offers h2 and
 * http/1.1 and answers every request with {"alpn":"<negotiated>"} (over HTTP/2 framing when
 * h2 was chosen). Returns the port, or 0 when it could not start. */
unsigned srv_h2_start(const char *cert_pem, const char *key_pem);
void srv_h2_stop(void);
/* Ports of the listeners for GET /listeners (0: not running). */
extern unsigned srv_port_http, srv_port_https, srv_port_h2;

/* ---- encode.c: Content-Encoding without a compression library ----
 * Valid gzip, zlib ("deflate") and brotli streams made of stored (uncompressed) blocks,
 * which every decoder must accept. Return malloc'd bytes and their length. */
char *srv_encode_gzip(const char *data, size_t len, size_t *out_len);
char *srv_encode_deflate(const char *data, size_t len, size_t *out_len);
char *srv_encode_br(const char *data, size_t len, size_t *out_len);

/* ---- routes_users.c / routes_test.c / routes_faults.c / routes_bodies.c ----
 * Each returns false when the path is not one of its routes; otherwise it has replied
 * and stored the MHD result in *ret. */
bool srv_route_users(srv_request_t *req, enum MHD_Result *ret);
bool srv_route_test(srv_request_t *req, enum MHD_Result *ret);
/* Fault injection (sequences of statuses, Retry-After, resets, truncated and slow bodies,
 * invalid JSON, encodings, redirects, a generic /respond), /log and /listeners, and the
 * forward-proxy stand-in for absolute-form request targets. */
bool srv_route_faults(srv_request_t *req, enum MHD_Result *ret);
/* Generated bodies of any size (/generate) and connections reset mid-response (/conn-reset). */
bool srv_route_bodies(srv_request_t *req, enum MHD_Result *ret);
void srv_faults_reset(void);
void srv_faults_cleanup(void);
/* An OAuth2 client-credentials token endpoint, POST /oauth/token (routes_auth.c). */
bool srv_route_auth(srv_request_t *req, enum MHD_Result *ret);
/* The demo's GraphQL endpoint: POST /graphql and /graphql/stream (routes_graphql.c). */
bool srv_route_graphql(srv_request_t *req, enum MHD_Result *ret);
/* Restores the seed users; also the initial state. */
void srv_users_reset(void);
void srv_users_cleanup(void);

#endif
