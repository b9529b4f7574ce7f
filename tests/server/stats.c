/* sonde-testserver: the counters behind GET /stats, which let e2e cases prove what the
 * runner did on the wire: how many requests, over how many connections (keep-alive
 * reuse), and how many ran at once (maxInstances / concurrency limits).
 *
 * Requests to /stats and /stats/reset are not counted (server.c filters them), so
 * reading the counters never changes them. A connection is counted when it serves its
 * first counted request after the last reset, not when it is accepted: the harness's own
 * /stats probes open connections too, and a reused keep-alive connection is still
 * counted once after a reset.
 *
 * Memory: all state is static, guarded by stats_lock; srv_stats_cleanup frees it. */
#include <stdlib.h>
#include <string.h>

#include "server.h"

static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
  unsigned long gen; /* bumped by reset; srv_conn_t remembers the last one counted */
  json_int_t requests;
  json_int_t connections;
  json_int_t in_flight; /* a live gauge: reset keeps it, running requests still end */
  json_int_t max_in_flight;
  json_t *paths; /* path → count; created on first use */
} stats = {.gen = 1};

void srv_stats_begin(srv_conn_t *conn, const char *path) {
  /* Sanitise outside the lock: object keys must be UTF-8. */
  json_t *key = srv_json_string(path, strlen(path));
  const char *k = json_string_value(key);

  srv_lock(&stats_lock);
  stats.requests++;
  if (conn && conn->counted_gen != stats.gen) {
    conn->counted_gen = stats.gen;
    stats.connections++;
  }
  if (++stats.in_flight > stats.max_in_flight) stats.max_in_flight = stats.in_flight;
  if (!stats.paths) stats.paths = srv_jcheck(json_object());
  json_t *count = json_object_get(stats.paths, k);
  if (!count) srv_jset(stats.paths, k, json_integer(1));
  else if (json_integer_set(count, json_integer_value(count) + 1) != 0)
    abort(); /* only fails for a non-integer, which this file never stores */
  srv_unlock(&stats_lock);

  json_decref(key);
}

void srv_stats_end(void) {
  srv_lock(&stats_lock);
  stats.in_flight--;
  srv_unlock(&stats_lock);
}

json_t *srv_stats_snapshot(void) {
  json_t *snap = srv_jcheck(json_object());
  srv_lock(&stats_lock);
  srv_jset(snap, "requests", json_integer(stats.requests));
  srv_jset(snap, "connections", json_integer(stats.connections));
  srv_jset(snap, "inFlight", json_integer(stats.in_flight));
  srv_jset(snap, "maxInFlight", json_integer(stats.max_in_flight));
  srv_jset(snap, "paths", stats.paths ? json_deep_copy(stats.paths) : json_object());
  srv_unlock(&stats_lock);
  return snap;
}

void srv_stats_reset(void) {
  srv_lock(&stats_lock);
  stats.gen++;
  stats.requests = 0;
  stats.connections = 0;
  stats.max_in_flight = 0;
  if (stats.paths && json_object_clear(stats.paths) != 0) abort(); /* fails only for non-objects */
  srv_unlock(&stats_lock);
}

void srv_stats_cleanup(void) {
  srv_lock(&stats_lock);
  json_decref(stats.paths);
  stats.paths = NULL;
  srv_unlock(&stats_lock);
}
