/* sonde-testserver: the request log behind GET /log. Every request (except /stats and /log
 * themselves) is recorded when its headers arrive, with its listener, method, path, query
 * and headers and the time, so that e2e tests can prove what the runner sent, how many
 * attempts it made and how long it waited between them.
 *
 * Memory: the entries are a json array guarded by log_lock, capped at LOG_MAX (the oldest
 * go first); srv_log_cleanup frees it. Snapshots are deep copies owned by the caller. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "server.h"

#define LOG_MAX 10000

static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static json_t *log_entries; /* array; created on first use */
static json_int_t log_seq;

/* main() calls this before it starts any thread, which fixes the epoch race-free. */
double srv_now_ms(void) {
  static struct timespec start;
  static bool started;
  struct timespec now;
  if (clock_gettime(CLOCK_MONOTONIC, &now) != 0) abort();
  if (!started) {
    start = now;
    started = true;
  }
  return (double)(now.tv_sec - start.tv_sec) * 1e3 + (double)(now.tv_nsec - start.tv_nsec) / 1e6;
}

static enum MHD_Result log_pair(void *cls, enum MHD_ValueKind kind, const char *key,
                                size_t key_size, const char *value, size_t value_size) {
  json_t *obj = cls;
  char *lower = srv_xmalloc(key_size + 1);
  for (size_t i = 0; i < key_size; i++) {
    char c = key[i];
    lower[i] = (kind == MHD_HEADER_KIND && c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
  }
  lower[key_size] = '\0';
  json_t *k = srv_json_string(lower, key_size);
  free(lower);
  json_t *v = srv_json_string(value ? value : "", value ? value_size : 0);
  json_t *prev = json_object_get(obj, json_string_value(k));
  if (prev) {
    /* Repeated names are joined the way a proxy folds them. */
    json_t *joined =
        srv_jcheck(json_sprintf("%s, %s", json_string_value(prev), json_string_value(v)));
    json_decref(v);
    v = joined;
  }
  srv_jset(obj, json_string_value(k), v);
  json_decref(k);
  return MHD_YES;
}

void srv_log_request(srv_request_t *req) {
  if (strcmp(req->path, "/stats") == 0 || strncmp(req->path, "/stats/", 7) == 0 ||
      strcmp(req->path, "/log") == 0 || strncmp(req->path, "/log/", 5) == 0)
    return;
  json_t *e = srv_jcheck(json_object());
  json_t *headers = srv_jcheck(json_object());
  json_t *query = srv_jcheck(json_object());
  MHD_get_connection_values_n(req->conn, MHD_HEADER_KIND, log_pair, headers);
  MHD_get_connection_values_n(req->conn, MHD_GET_ARGUMENT_KIND, log_pair, query);
  srv_jset(e, "t", json_real(srv_now_ms()));
  srv_jset(e, "listener", json_string(req->listener == SRV_LISTENER_HTTPS ? "https" : "http"));
  srv_jset(e, "method", srv_json_string(req->method, strlen(req->method)));
  srv_jset(e, "path", srv_json_string(req->path, strlen(req->path)));
  srv_jset(e, "query", query);
  srv_jset(e, "headers", headers);

  srv_lock(&log_lock);
  if (!log_entries) log_entries = srv_jcheck(json_array());
  srv_jset(e, "seq", json_integer(++log_seq));
  if (json_array_size(log_entries) >= LOG_MAX && json_array_remove(log_entries, 0) != 0) abort();
  srv_jappend(log_entries, e);
  srv_unlock(&log_lock);
}

json_t *srv_log_snapshot(const char *path, const char *prefix) {
  json_t *out = srv_jcheck(json_array());
  srv_lock(&log_lock);
  size_t i;
  json_t *e;
  json_array_foreach(log_entries, i, e) {
    const char *p = json_string_value(json_object_get(e, "path"));
    if (path && strcmp(p, path) != 0) continue;
    if (prefix && strncmp(p, prefix, strlen(prefix)) != 0) continue;
    srv_jappend(out, json_deep_copy(e));
  }
  srv_unlock(&log_lock);
  return out;
}

void srv_log_reset(void) {
  srv_lock(&log_lock);
  if (log_entries && json_array_clear(log_entries) != 0) abort();
  srv_unlock(&log_lock);
}

void srv_log_cleanup(void) {
  srv_lock(&log_lock);
  json_decref(log_entries);
  log_entries = NULL;
  srv_unlock(&log_lock);
}
