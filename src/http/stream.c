/* stream: see stream.h. The multi_socket pattern of client.c, for one transfer: curl's
 * sockets watched with uv_poll_t, its timer with one uv_timer_t. A connect-only stream,
 * once connected, keeps its easy handle in the multi (curl_easy_send/recv find the
 * connection through it) and watches the socket with its own uv_poll_t.
 *
 * Re-entrancy: every callback may call http_stream_close. `depth` counts the calls into
 * curl and the callbacks under way; close only marks the stream, and the outermost of them
 * tears it down when it returns (http_stream_leave). */
#include "http/stream.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "http/client_internal.h"

typedef struct stream_sock {
  uv_poll_t poll;
  http_stream_t *s;
  curl_socket_t fd;
  struct stream_sock *next;
} stream_sock_t;

struct http_stream {
  uv_loop_t *loop;
  http_stream_cb_t cb;
  CURLM *multi;
  CURL *easy;
  bool in_multi;
  struct curl_slist *hdrs;
  char *url, *method, *body;
  size_t body_len;
  bool connect_only;

  uv_timer_t timer; /* curl's timeout */
  uv_idle_t defer;  /* reports a failure to start on a later turn */
  stream_sock_t *socks;
  uv_poll_t io; /* connect-only, once connected */
  bool io_started;
  curl_socket_t fd;

  int depth;
  bool closed, ended, torn_down;
  int open_handles;
  char *early_error; /* why the transfer could not start */

  long status; /* the head being received */
  http_header_t *headers;
  size_t n_headers, cap_headers;
  bool head_sent;
  char errbuf[CURL_ERROR_SIZE];
};

static void stream_teardown(http_stream_t *s);

static void stream_enter(http_stream_t *s) { s->depth++; }

/* True when the stream is gone: the caller must not touch it any more. */
static bool stream_leave(http_stream_t *s) {
  if (--s->depth == 0 && s->closed && !s->torn_down) {
    stream_teardown(s);
    return true;
  }
  return s->closed;
}

static void stream_on_handle_closed(uv_handle_t *h) {
  http_stream_t *s = h->data;
  if (--s->open_handles == 0) free(s);
}

static void stream_sock_closed(uv_handle_t *h) {
  stream_sock_t *k = h->data;
  http_stream_t *s = k->s;
  free(k);
  if (--s->open_handles == 0) free(s);
}

static void stream_drop_sock(http_stream_t *s, stream_sock_t *k) {
  for (stream_sock_t **p = &s->socks; *p; p = &(*p)->next) {
    if (*p == k) {
      *p = k->next;
      break;
    }
  }
  uv_close((uv_handle_t *)&k->poll, stream_sock_closed);
}

/* ---- the end ---- */

static void stream_end(http_stream_t *s, http_error_t err, const char *code, const char *msg) {
  if (s->ended || s->closed) return;
  s->ended = true;
  if (s->cb.on_end) s->cb.on_end(s, err, code, msg, s->cb.userdata);
}

static void stream_send_head(http_stream_t *s) {
  if (s->head_sent || s->closed) return;
  s->head_sent = true;
  if (s->cb.on_head) s->cb.on_head(s, s->status, s->headers, s->n_headers, s->cb.userdata);
}

static void stream_done(http_stream_t *s, CURLcode rc) {
  if (rc == CURLE_OK && s->connect_only) {
    curl_socket_t fd = CURL_SOCKET_BAD;
    if (curl_easy_getinfo(s->easy, CURLINFO_ACTIVESOCKET, &fd) != CURLE_OK ||
        fd == CURL_SOCKET_BAD) {
      stream_end(s, HTTP_ERR_NETWORK, "EIO", "the connection was lost right after it was made");
      return;
    }
    /* curl no longer watches the socket; a poll of its own may linger until closed. */
    for (stream_sock_t *k = s->socks; k; k = k->next) {
      if (k->fd == fd) {
        curl_multi_assign(s->multi, fd, NULL);
        stream_drop_sock(s, k);
        break;
      }
    }
    int urc = uv_poll_init_socket(s->loop, &s->io, fd);
    if (urc < 0) {
      char *m = xasprintf("uv_poll_init_socket: %s", uv_strerror(urc));
      stream_end(s, HTTP_ERR_NETWORK, "EIO", m);
      free(m);
      return;
    }
    s->io.data = s;
    s->open_handles++;
    s->io_started = true;
    s->fd = fd;
    s->ended = true; /* no on_end from here on: the caller reads the end itself */
    if (s->cb.on_connected) s->cb.on_connected(s, s->cb.userdata);
    return;
  }
  if (rc == CURLE_OK) {
    stream_send_head(s);
    stream_end(s, HTTP_OK, NULL, NULL);
    return;
  }
  long os_errno = 0;
  if (curl_easy_getinfo(s->easy, CURLINFO_OS_ERRNO, &os_errno) != CURLE_OK) os_errno = 0;
  const char *code;
  http_error_t kind = http_classify(rc, os_errno, &code);
  char *msg = http_error_message(rc, s->errbuf, os_errno, s->url);
  stream_end(s, kind, code, msg);
  free(msg);
}

static void stream_check_done(http_stream_t *s) {
  CURLMsg *m;
  int left;
  while (!s->closed && (m = curl_multi_info_read(s->multi, &left))) {
    if (m->msg == CURLMSG_DONE) stream_done(s, m->data.result);
  }
}

/* One curl_multi_socket_action and what it finished. */
static void stream_action(http_stream_t *s, curl_socket_t fd, int ev) {
  stream_enter(s);
  int running;
  CURLMcode mc = curl_multi_socket_action(s->multi, fd, ev, &running);
  if (mc != CURLM_OK && !s->closed) {
    char *m = xasprintf("curl_multi_socket_action: %s", curl_multi_strerror(mc));
    stream_end(s, HTTP_ERR_NETWORK, "EIO", m);
    free(m);
  }
  stream_check_done(s);
  stream_leave(s);
}

/* ---- curl <-> libuv ---- */

static void stream_on_poll(uv_poll_t *p, int status, int events) {
  stream_sock_t *k = p->data;
  int ev = 0;
  if (status < 0) ev = CURL_CSELECT_ERR;
  if (events & UV_READABLE) ev |= CURL_CSELECT_IN;
  if (events & UV_WRITABLE) ev |= CURL_CSELECT_OUT;
  stream_action(k->s, k->fd, ev);
}

static int stream_on_socket(CURL *e, curl_socket_t fd, int what, void *userp, void *socketp) {
  http_stream_t *s = userp;
  stream_sock_t *k = socketp;
  if (what == CURL_POLL_REMOVE) {
    if (k) {
      curl_multi_assign(s->multi, fd, NULL);
      stream_drop_sock(s, k);
    }
    return 0;
  }
  if (!k) {
    k = xcalloc(1, sizeof *k);
    k->s = s;
    k->fd = fd;
    if (uv_poll_init_socket(s->loop, &k->poll, fd) < 0) {
      free(k);
      return -1;
    }
    k->poll.data = k;
    s->open_handles++;
    k->next = s->socks;
    s->socks = k;
    curl_multi_assign(s->multi, fd, k);
  }
  int ev = (what & CURL_POLL_IN ? UV_READABLE : 0) | (what & CURL_POLL_OUT ? UV_WRITABLE : 0);
  return uv_poll_start(&k->poll, ev, stream_on_poll) < 0 ? -1 : 0;
}

static void stream_on_timer(uv_timer_t *t) { stream_action(t->data, CURL_SOCKET_TIMEOUT, 0); }

static int stream_on_curl_timer(CURLM *m, long timeout_ms, void *userp) {
  http_stream_t *s = userp;
  if (timeout_ms < 0) return uv_timer_stop(&s->timer) < 0 ? -1 : 0;
  return uv_timer_start(&s->timer, stream_on_timer, (uint64_t)timeout_ms, 0) < 0 ? -1 : 0;
}

/* ---- the response ---- */

static size_t stream_on_header(char *buf, size_t size, size_t n, void *ud) {
  http_stream_t *s = ud;
  size_t len = size * n;
  if (s->closed) return 0;
  if (len >= 5 && strncmp(buf, "HTTP/", 5) == 0) { /* a new head (1xx, redirect, final) */
    http_headers_free(s->headers, s->n_headers);
    s->headers = NULL;
    s->n_headers = s->cap_headers = 0;
    s->status = http_status_line(buf, len, NULL);
    return len;
  }
  size_t l = len;
  while (l && (buf[l - 1] == '\r' || buf[l - 1] == '\n')) l--;
  if (l == 0) { /* the head's end: the final one unless curl follows or continues it */
    bool follow = false;
    if (s->status >= 300 && s->status < 400)
      for (size_t i = 0; i < s->n_headers && !follow; i++)
        follow = strcasecmp(s->headers[i].name, "Location") == 0;
    if (s->status >= 200 && !follow) {
      stream_enter(s);
      stream_send_head(s);
      if (stream_leave(s)) return 0;
    }
    return len;
  }
  const char *colon = memchr(buf, ':', l);
  if (!colon) return len; /* a folded or broken line: ignored */
  if (s->n_headers == s->cap_headers) {
    s->cap_headers = s->cap_headers ? 2 * s->cap_headers : 16;
    s->headers = xrealloc(s->headers, s->cap_headers * sizeof *s->headers);
  }
  const char *v = colon + 1, *ve = buf + l;
  while (v < ve && (*v == ' ' || *v == '\t')) v++;
  while (ve > v && (ve[-1] == ' ' || ve[-1] == '\t')) ve--;
  s->headers[s->n_headers].name = xstrndup(buf, (size_t)(colon - buf));
  s->headers[s->n_headers].value = xstrndup(v, (size_t)(ve - v));
  s->n_headers++;
  return len;
}

static size_t stream_on_body(char *buf, size_t size, size_t n, void *ud) {
  http_stream_t *s = ud;
  size_t len = size * n;
  if (s->closed) return 0;
  stream_enter(s);
  stream_send_head(s);
  if (!s->closed && s->cb.on_data) s->cb.on_data(s, buf, len, s->cb.userdata);
  return stream_leave(s) ? 0 : len;
}

/* ---- setup ---- */

#define STREAM_SETOPT(s, opt, val)                                                 \
  do {                                                                             \
    CURLcode rc_ = curl_easy_setopt((s)->easy, opt, val);                          \
    if (rc_ != CURLE_OK)                                                           \
      return xasprintf("curl_easy_setopt(" #opt "): %s", curl_easy_strerror(rc_)); \
  } while (0)

static char *stream_setup(http_stream_t *s, const http_stream_req_t *req) {
  const char *why = NULL;
  if (!curl_dl_load(&why)) return xstrdup(why);
  if (!(s->multi = curl_multi_init())) return xstrdup("curl_multi_init failed");
  if (curl_multi_setopt(s->multi, CURLMOPT_SOCKETFUNCTION, stream_on_socket) != CURLM_OK ||
      curl_multi_setopt(s->multi, CURLMOPT_SOCKETDATA, (void *)s) != CURLM_OK ||
      curl_multi_setopt(s->multi, CURLMOPT_TIMERFUNCTION, stream_on_curl_timer) != CURLM_OK ||
      curl_multi_setopt(s->multi, CURLMOPT_TIMERDATA, (void *)s) != CURLM_OK)
    return xstrdup("curl_multi_setopt failed");
  if (!(s->easy = curl_easy_init())) return xstrdup("curl_easy_init failed");
  for (size_t i = 0; i < req->n_headers; i++) {
    char *line = xasprintf("%s: %s", req->headers[i].name, req->headers[i].value);
    if (strpbrk(line, "\r\n")) {
      free(line);
      return xasprintf("invalid value for header \"%s\" (CR or LF)", req->headers[i].name);
    }
    struct curl_slist *l = curl_slist_append(s->hdrs, line);
    free(line);
    if (!l) return xstrdup("curl_slist_append failed");
    s->hdrs = l;
  }
  /* curl would wait up to a second for a "100 Continue" before sending a larger body. */
  struct curl_slist *l = curl_slist_append(s->hdrs, "Expect:");
  if (!l) return xstrdup("curl_slist_append failed");
  s->hdrs = l;
  STREAM_SETOPT(s, CURLOPT_ERRORBUFFER, s->errbuf);
  STREAM_SETOPT(s, CURLOPT_URL, s->url);
  STREAM_SETOPT(s, CURLOPT_PROTOCOLS_STR, "http,https");
  STREAM_SETOPT(s, CURLOPT_NOSIGNAL, 1L);
  STREAM_SETOPT(s, CURLOPT_TCP_KEEPALIVE, 1L);
  STREAM_SETOPT(s, CURLOPT_CONNECTTIMEOUT_MS,
                req->connect_timeout_ms > 0 ? req->connect_timeout_ms : 30000L);
  STREAM_SETOPT(s, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1L);
  if (req->insecure) {
    STREAM_SETOPT(s, CURLOPT_SSL_VERIFYPEER, 0L);
    STREAM_SETOPT(s, CURLOPT_SSL_VERIFYHOST, 0L);
  }
  if (req->proxy) {
    STREAM_SETOPT(s, CURLOPT_PROXY, req->proxy);
    if (req->no_proxy) STREAM_SETOPT(s, CURLOPT_NOPROXY, req->no_proxy);
  }
  if (req->connect_only) {
    /* The WebSocket handshake is HTTP/1.1 of our own over the bare connection; through a
     * proxy, that needs a CONNECT tunnel. No ALPN: a server must not pick h2. */
    STREAM_SETOPT(s, CURLOPT_CONNECT_ONLY, 1L);
    STREAM_SETOPT(s, CURLOPT_HTTPPROXYTUNNEL, 1L);
    STREAM_SETOPT(s, CURLOPT_SSL_ENABLE_ALPN, 0L);
  } else {
    STREAM_SETOPT(s, CURLOPT_HTTPHEADER, s->hdrs);
    STREAM_SETOPT(s, CURLOPT_FOLLOWLOCATION, 1L);
    STREAM_SETOPT(s, CURLOPT_MAXREDIRS, 10L);
    STREAM_SETOPT(s, CURLOPT_HTTP_VERSION, (long)CURL_HTTP_VERSION_1_1);
    STREAM_SETOPT(s, CURLOPT_HEADERFUNCTION, stream_on_header);
    STREAM_SETOPT(s, CURLOPT_HEADERDATA, (void *)s);
    STREAM_SETOPT(s, CURLOPT_WRITEFUNCTION, stream_on_body);
    STREAM_SETOPT(s, CURLOPT_WRITEDATA, (void *)s);
    if (s->method) STREAM_SETOPT(s, CURLOPT_CUSTOMREQUEST, s->method);
    if (s->body) {
      STREAM_SETOPT(s, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)s->body_len);
      STREAM_SETOPT(s, CURLOPT_POSTFIELDS, s->body);
    }
  }
  CURLMcode mc = curl_multi_add_handle(s->multi, s->easy);
  if (mc != CURLM_OK) return xasprintf("curl_multi_add_handle: %s", curl_multi_strerror(mc));
  s->in_multi = true;
  return NULL;
}

static void stream_on_defer(uv_idle_t *idle) {
  http_stream_t *s = idle->data;
  uv_idle_stop(idle);
  stream_enter(s);
  stream_end(s, HTTP_ERR_INVALID, "EINVAL", s->early_error);
  stream_leave(s);
}

http_stream_t *http_stream_open(uv_loop_t *loop, const http_stream_req_t *req,
                                const http_stream_cb_t *cb) {
  http_stream_t *s = xcalloc(1, sizeof *s);
  s->loop = loop;
  s->cb = *cb;
  s->url = xstrdup(req->url ? req->url : "");
  s->method = req->method && strcmp(req->method, "GET") != 0 ? xstrdup(req->method) : NULL;
  if (req->body) {
    s->body = xmalloc(req->body_len + 1);
    memcpy(s->body, req->body, req->body_len);
    s->body_len = req->body_len;
  }
  s->connect_only = req->connect_only;
  s->fd = CURL_SOCKET_BAD;
  uv_timer_init(loop, &s->timer);
  s->timer.data = s;
  uv_idle_init(loop, &s->defer);
  s->defer.data = s;
  s->open_handles = 2;
  s->early_error = stream_setup(s, req);
  if (s->early_error) uv_idle_start(&s->defer, stream_on_defer);
  return s;
}

/* ---- connect-only I/O ---- */

static void stream_on_io(uv_poll_t *p, int status, int events) {
  http_stream_t *s = p->data;
  if (status < 0) events = UV_READABLE | UV_WRITABLE; /* let recv/send find the error */
  stream_enter(s);
  if (s->cb.on_io) s->cb.on_io(s, events, s->cb.userdata);
  stream_leave(s);
}

int http_stream_watch(http_stream_t *s, int events) {
  if (!s->io_started || s->closed) return -1;
  if (!events) return uv_poll_stop(&s->io) < 0 ? -1 : 0;
  return uv_poll_start(&s->io, events, stream_on_io) < 0 ? -1 : 0;
}

ssize_t http_stream_send(http_stream_t *s, const void *buf, size_t n, const char **why) {
  size_t sent = 0;
  CURLcode rc = curl_easy_send(s->easy, buf, n, &sent);
  if (rc == CURLE_AGAIN) return HTTP_STREAM_AGAIN;
  if (rc != CURLE_OK) {
    *why = curl_easy_strerror(rc);
    return -1;
  }
  return (ssize_t)sent;
}

ssize_t http_stream_recv(http_stream_t *s, void *buf, size_t n, const char **why) {
  size_t got = 0;
  CURLcode rc = curl_easy_recv(s->easy, buf, n, &got);
  if (rc == CURLE_AGAIN) return HTTP_STREAM_AGAIN;
  if (rc != CURLE_OK) {
    *why = curl_easy_strerror(rc);
    return -1;
  }
  return (ssize_t)got;
}

/* ---- the end of the stream object ---- */

static void stream_teardown(http_stream_t *s) {
  s->torn_down = true;
  /* Polls first: curl closes the sockets below, and libuv must not watch a closed fd. */
  while (s->socks) {
    stream_sock_t *k = s->socks;
    curl_multi_assign(s->multi, k->fd, NULL);
    stream_drop_sock(s, k);
  }
  if (s->io_started) uv_close((uv_handle_t *)&s->io, stream_on_handle_closed);
  if (s->in_multi) curl_multi_remove_handle(s->multi, s->easy);
  if (s->easy) curl_easy_cleanup(s->easy);
  if (s->multi) curl_multi_cleanup(s->multi);
  curl_slist_free_all(s->hdrs);
  http_headers_free(s->headers, s->n_headers);
  free(s->url);
  free(s->method);
  free(s->body);
  free(s->early_error);
  uv_close((uv_handle_t *)&s->timer, stream_on_handle_closed);
  uv_close((uv_handle_t *)&s->defer, stream_on_handle_closed);
}

void http_stream_close(http_stream_t *s) {
  if (!s || s->closed) return;
  s->closed = true;
  if (s->depth == 0) stream_teardown(s);
}
