/* sonde-testserver: the project's own HTTP API for e2e tests and the demo.
 *
 * This file is the daemon: it parses the command line, binds 127.0.0.1, publishes the
 * port, runs libmicrohttpd with one thread per connection (so a slow /delay never blocks
 * other clients, and keep-alive connections keep their thread) until SIGINT or SIGTERM,
 * and turns MHD's callbacks into srv_request_t values for the route modules. Beside the
 * plain listener it runs the same routes over TLS (a self-signed certificate made at
 * start-up) and the ALPN probe of tls.c, on free ports that GET /listeners reports; a
 * failure of either is logged and leaves the plain listener serving.
 *
 * Memory: srv_request_t (per request) and srv_conn_t (per connection) are allocated here
 * and freed in MHD's completion and connection-closed callbacks; the route modules'
 * stores are freed before exit so that LeakSanitizer stays quiet. */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "server.h"

#define SRV_USAGE          "usage: sonde-testserver [--port N] [--port-file PATH]\n"
/* Idle keep-alive connections are closed after this; generous, as clients reuse them. */
#define SRV_IDLE_TIMEOUT_S 120u

typedef struct {
  unsigned long port;
  const char *port_file;
} srv_options_t;

/* Shutdown flag and the condition /delay sleeps on, so SIGTERM cuts sleeps short. */
static pthread_mutex_t srv_stop_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t srv_stop_cond;
static bool srv_stopping;

/* ---- shutdown-aware sleeping ---- */

static int srv_stop_init(void) {
  pthread_condattr_t attr;
  int rc = pthread_condattr_init(&attr);
  if (rc != 0) return rc;
  /* Monotonic, so a wall-clock jump cannot stretch or cut a delay. */
  rc = pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
  if (rc == 0) rc = pthread_cond_init(&srv_stop_cond, &attr);
  pthread_condattr_destroy(&attr);
  return rc;
}

static void srv_stop_begin(void) {
  srv_lock(&srv_stop_lock);
  srv_stopping = true;
  if (pthread_cond_broadcast(&srv_stop_cond) != 0) abort();
  srv_unlock(&srv_stop_lock);
}

bool srv_wait_ms(unsigned long ms) {
  struct timespec deadline;
  if (clock_gettime(CLOCK_MONOTONIC, &deadline) != 0) abort();
  deadline.tv_sec += (time_t)(ms / 1000);
  deadline.tv_nsec += (long)(ms % 1000) * 1000000L;
  if (deadline.tv_nsec >= 1000000000L) {
    deadline.tv_sec++;
    deadline.tv_nsec -= 1000000000L;
  }

  srv_lock(&srv_stop_lock);
  int rc = 0;
  while (!srv_stopping && rc != ETIMEDOUT) {
    rc = pthread_cond_timedwait(&srv_stop_cond, &srv_stop_lock, &deadline);
    if (rc != 0 && rc != ETIMEDOUT) abort();
  }
  bool completed = !srv_stopping;
  srv_unlock(&srv_stop_lock);
  return completed;
}

/* ---- MHD callbacks ---- */

void srv_request_done(srv_request_t *req) {
  if (!req->in_flight) return;
  req->in_flight = false;
  srv_stats_end();
}

static bool srv_is_stats_path(const char *path) {
  return strcmp(path, "/stats") == 0 || strcmp(path, "/stats/reset") == 0;
}

static void srv_on_connection(void *cls, struct MHD_Connection *conn, void **socket_context,
                              enum MHD_ConnectionNotificationCode toe) {
  if (toe == MHD_CONNECTION_NOTIFY_STARTED) {
    *socket_context = srv_xmalloc(sizeof(srv_conn_t));
    ((srv_conn_t *)*socket_context)->counted_gen = 0;
  } else {
    free(*socket_context);
    *socket_context = NULL;
  }
}

/* First callback of a request: the headers are in, the body (if any) is not. */
static enum MHD_Result srv_request_start(struct MHD_Connection *conn, const char *url,
                                         const char *method, srv_listener_t listener,
                                         void **req_cls) {
  srv_request_t *req = srv_xmalloc(sizeof *req);
  memset(req, 0, sizeof *req);
  req->conn = conn;
  req->listener = listener;
  req->method = method;
  req->path = url;
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(conn, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
  req->conn_state = info ? info->socket_context : NULL;
  if (!srv_is_stats_path(url)) {
    srv_stats_begin(req->conn_state, url);
    req->in_flight = true;
  }
  srv_log_request(req);
  *req_cls = req;
  return MHD_YES;
}

/* MHD hands uploads over in chunks of its buffer size; several MB must fit. */
static void srv_request_append(srv_request_t *req, const char *data, size_t n) {
  if (req->body_too_large) return;
  if (n > SRV_MAX_BODY - req->body_len) {
    req->body_too_large = true;
    return;
  }
  if (req->body_len + n + 1 > req->body_cap) {
    size_t cap = req->body_cap ? req->body_cap : 4096;
    while (cap < req->body_len + n + 1) cap *= 2;
    req->body = srv_xrealloc(req->body, cap);
    req->body_cap = cap;
  }
  memcpy(req->body + req->body_len, data, n);
  req->body_len += n;
  req->body[req->body_len] = '\0';
}

static enum MHD_Result srv_dispatch(srv_request_t *req) {
  enum MHD_Result ret;
  if (req->body_too_large)
    return srv_reply_error(req, MHD_HTTP_CONTENT_TOO_LARGE, "PAYLOAD_TOO_LARGE",
                           "Request body exceeds %u bytes", SRV_MAX_BODY);
  if (srv_route_faults(req, &ret) || srv_route_bodies(req, &ret) || srv_route_test(req, &ret) ||
      srv_route_users(req, &ret) || srv_route_auth(req, &ret) || srv_route_graphql(req, &ret))
    return ret;
  return srv_reply_error(req, MHD_HTTP_NOT_FOUND, "NOT_FOUND", "No route for %s %s", req->method,
                         req->path);
}

static enum MHD_Result srv_on_request(void *cls, struct MHD_Connection *conn, const char *url,
                                      const char *method, const char *version,
                                      const char *upload_data, size_t *upload_data_size,
                                      void **req_cls) {
  srv_request_t *req = *req_cls;
  if (!req) return srv_request_start(conn, url, method, (srv_listener_t)(intptr_t)cls, req_cls);
  if (*upload_data_size > 0) {
    srv_request_append(req, upload_data, *upload_data_size);
    *upload_data_size = 0;
    return MHD_YES;
  }
  return srv_dispatch(req);
}

/* Called once per request however it ended (sent, client gone, /crash-connection). */
static void srv_on_completed(void *cls, struct MHD_Connection *conn, void **req_cls,
                             enum MHD_RequestTerminationCode toe) {
  srv_request_t *req = *req_cls;
  if (!req) return;
  srv_request_done(req);
  free(req->body);
  free(req);
  *req_cls = NULL;
}

/* ---- listeners ---- */

static struct MHD_Daemon *srv_tls_daemon;
static char *srv_cert_pem, *srv_key_pem;

/* The plain listener (cert NULL) or the TLS one; both serve every route. */
static struct MHD_Daemon *srv_start_daemon(const struct sockaddr_in *addr, srv_listener_t which,
                                           const char *cert, const char *key) {
  unsigned flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_AUTO |
                   MHD_USE_ERROR_LOG;
  void *cls = (void *)(intptr_t)which;
  if (!cert)
    return MHD_start_daemon(flags, ntohs(addr->sin_port), NULL, NULL, srv_on_request, cls,
                            MHD_OPTION_SOCK_ADDR, (const struct sockaddr *)addr,
                            MHD_OPTION_NOTIFY_COMPLETED, srv_on_completed, NULL,
                            MHD_OPTION_NOTIFY_CONNECTION, srv_on_connection, NULL,
                            MHD_OPTION_CONNECTION_TIMEOUT, SRV_IDLE_TIMEOUT_S, MHD_OPTION_END);
  return MHD_start_daemon(
      flags | MHD_USE_TLS, 0, NULL, NULL, srv_on_request, cls, MHD_OPTION_SOCK_ADDR,
      (const struct sockaddr *)addr, MHD_OPTION_NOTIFY_COMPLETED, srv_on_completed, NULL,
      MHD_OPTION_NOTIFY_CONNECTION, srv_on_connection, NULL, MHD_OPTION_CONNECTION_TIMEOUT,
      SRV_IDLE_TIMEOUT_S, MHD_OPTION_HTTPS_MEM_CERT, cert, MHD_OPTION_HTTPS_MEM_KEY, key,
      MHD_OPTION_END);
}

/* The HTTPS listener and the ALPN probe, on free loopback ports. Failures only log: the
 * plain listener is what most tests need. */
static void srv_start_tls(void) {
  if (srv_tls_make_cert(&srv_cert_pem, &srv_key_pem) != 0) {
    fputs("sonde-testserver: no TLS listeners (certificate generation failed)\n", stderr);
    return;
  }
  struct sockaddr_in addr;
  memset(&addr, 0, sizeof addr);
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  srv_tls_daemon = srv_start_daemon(&addr, SRV_LISTENER_HTTPS, srv_cert_pem, srv_key_pem);
  const union MHD_DaemonInfo *info =
      srv_tls_daemon ? MHD_get_daemon_info(srv_tls_daemon, MHD_DAEMON_INFO_BIND_PORT) : NULL;
  if (info) srv_port_https = info->port;
  else fputs("sonde-testserver: the HTTPS listener could not start\n", stderr);
  srv_port_h2 = srv_h2_start(srv_cert_pem, srv_key_pem);
}

static void srv_stop_tls(void) {
  if (srv_tls_daemon) MHD_stop_daemon(srv_tls_daemon);
  srv_tls_daemon = NULL;
  srv_h2_stop();
  free(srv_cert_pem);
  free(srv_key_pem);
  srv_cert_pem = srv_key_pem = NULL;
}

/* ---- command line and lifecycle ---- */

static int srv_parse_args(int argc, char **argv, srv_options_t *opt) {
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i], *value = NULL;
    bool is_port = strncmp(arg, "--port", 6) == 0 && (arg[6] == '\0' || arg[6] == '=');
    bool is_file = strncmp(arg, "--port-file", 11) == 0 && (arg[11] == '\0' || arg[11] == '=');
    if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
      fputs(SRV_USAGE, stdout);
      exit(0);
    }
    if (!is_port && !is_file) {
      fprintf(stderr, "sonde-testserver: unknown argument '%s'\n" SRV_USAGE, arg);
      return -1;
    }
    const char *eq = strchr(arg, '=');
    if (eq) {
      value = eq + 1;
    } else if (i + 1 < argc) {
      value = argv[++i];
    } else {
      fprintf(stderr, "sonde-testserver: %s needs a value\n" SRV_USAGE, arg);
      return -1;
    }
    if (is_file) {
      opt->port_file = value;
    } else if (!srv_parse_ulong(value, 65535, &opt->port)) {
      fprintf(stderr, "sonde-testserver: invalid port '%s'\n", value);
      return -1;
    }
  }
  return 0;
}

/* Written to PATH.tmp and renamed, so a poller never reads a half-written number. */
static int srv_write_port_file(const char *path, unsigned port) {
  size_t n = strlen(path) + sizeof ".tmp";
  char *tmp = srv_xmalloc(n);
  snprintf(tmp, n, "%s.tmp", path);
  FILE *f = fopen(tmp, "w");
  int ok = f != NULL;
  if (ok) ok = fprintf(f, "%u\n", port) > 0;
  if (f && fclose(f) != 0) ok = 0;
  if (ok) ok = rename(tmp, path) == 0;
  if (!ok) {
    fprintf(stderr, "sonde-testserver: cannot write port file %s: %s\n", path, strerror(errno));
    unlink(tmp);
  }
  free(tmp);
  return ok ? 0 : -1;
}

/* Never runs (the signals stay blocked until sigwait takes them); installing it undoes an
 * inherited SIG_IGN, which would make sigwait miss the signal. */
static void srv_on_signal(int sig) { (void)sig; }

static int srv_setup_signals(sigset_t *stop_sigs) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = srv_on_signal;
  if (sigemptyset(&sa.sa_mask) != 0 || sigaction(SIGINT, &sa, NULL) != 0 ||
      sigaction(SIGTERM, &sa, NULL) != 0)
    return -1;
  /* A client that hangs up mid-response must not kill the server. */
  sa.sa_handler = SIG_IGN;
  if (sigaction(SIGPIPE, &sa, NULL) != 0) return -1;
  /* Blocked before MHD starts its threads, which inherit the mask: only sigwait sees them. */
  if (sigemptyset(stop_sigs) != 0 || sigaddset(stop_sigs, SIGINT) != 0 ||
      sigaddset(stop_sigs, SIGTERM) != 0)
    return -1;
  return pthread_sigmask(SIG_BLOCK, stop_sigs, NULL) == 0 ? 0 : -1;
}

int main(int argc, char **argv) {
  srv_options_t opt = {0, NULL};
  sigset_t stop_sigs;
  if (srv_parse_args(argc, argv, &opt) != 0) return 2;
  if (srv_setup_signals(&stop_sigs) != 0) {
    perror("sonde-testserver: signals");
    return 1;
  }
  if (srv_stop_init() != 0) {
    fputs("sonde-testserver: cannot create condition variable\n", stderr);
    return 1;
  }
  srv_now_ms(); /* fixes the log's epoch before any thread exists */
  srv_users_reset();

  struct sockaddr_in addr;
  memset(&addr, 0, sizeof addr);
  addr.sin_family = AF_INET;
  addr.sin_port = htons((uint16_t)opt.port);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);

  struct MHD_Daemon *daemon = srv_start_daemon(&addr, SRV_LISTENER_HTTP, NULL, NULL);
  int status = 1;
  if (!daemon) {
    fprintf(stderr, "sonde-testserver: cannot listen on 127.0.0.1:%lu\n", opt.port);
    goto out;
  }
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  if (!info || info->port == 0) {
    fputs("sonde-testserver: cannot read the bound port\n", stderr);
    goto out_daemon;
  }
  unsigned port = info->port;
  srv_port_http = port;
  srv_start_tls();
  if (opt.port_file && srv_write_port_file(opt.port_file, port) != 0) goto out_daemon;
  printf("sonde-testserver listening on http://127.0.0.1:%u\n", port);
  if (fflush(stdout) != 0) goto out_daemon;

  int sig;
  if (sigwait(&stop_sigs, &sig) != 0) {
    fputs("sonde-testserver: sigwait failed\n", stderr);
    goto out_daemon;
  }
  status = 0;

out_daemon:
  /* Wake /delay sleepers first: MHD_stop_daemon joins every connection thread. */
  srv_stop_begin();
  MHD_stop_daemon(daemon);
  srv_stop_tls();
out:
  srv_users_cleanup();
  srv_stats_cleanup();
  srv_log_cleanup();
  srv_faults_cleanup();
  if (pthread_cond_destroy(&srv_stop_cond) != 0) status = 1;
  return status;
}
