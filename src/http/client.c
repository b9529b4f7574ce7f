/* client: the asynchronous HTTP client of client.h, on libcurl's multi interface driven by
 * the caller's libuv loop. This is curl's "multi_socket" pattern: CURLMOPT_SOCKETFUNCTION
 * maps every socket curl wants watched to a uv_poll_t, CURLMOPT_TIMERFUNCTION drives one
 * uv_timer_t, and after each curl_multi_socket_action the finished transfers are drained
 * with curl_multi_info_read. Connections live in the CURLM's connection cache, so every
 * request of a client can reuse them. Setting up one exchange (and redirects) is xfer.c.
 *
 * Memory: the client owns its CURLM, its cookie share, its uv handles and one http_xfer_t
 * per exchange in flight. A finished exchange hands a fresh http_response_t to its done
 * callback, which owns it. uv handles are released in their close callbacks, which is why
 * http_client_free only completes once the loop has run; the client struct goes with the
 * last of them.
 *
 * Re-entrancy: done callbacks may call http_client_send, http_client_cancel and even
 * http_client_free. Every exchange is unlinked and freed before its callback runs, and the
 * loops that deliver callbacks re-check `closed` after each one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http/client_internal.h"

/* The uv_poll_t of one socket curl asked us to watch, stored with curl_multi_assign. */
struct http_sock {
  uv_poll_t poll;
  http_client_t *client;
  curl_socket_t fd;
  http_sock_t *prev, *next;
};

/* How many idle connections the cache keeps at least. curl's default (4 per easy handle in
 * the multi) would close most connections of a burst of parallel requests right after it,
 * and a test suite tends to fire the next burst at the same hosts. */
#define HTTP_MAX_CACHED_CONNECTIONS     64L
/* ... and at most, however many transfers ran at once (see http_cache_fit). */
#define HTTP_MAX_CACHED_CONNECTIONS_CAP 4096L

void http_warn(const char *what, const char *why) {
  fprintf(stderr, "sonde: http: %s: %s\n", what, why);
}

/* For uv calls that only fail on programming errors (closing or uninitialized handles):
 * carrying on would break the "callback called exactly once" promise silently. */
static void http_uv_must(int rc, const char *what) {
  if (rc < 0) {
    http_warn(what, uv_strerror(rc));
    abort();
  }
}

/* ---- lists ---------------------------------------------------------------------------- */

static void http_list_push(http_xfer_list_t *l, http_xfer_t *x) {
  x->prev = l->tail;
  x->next = NULL;
  if (l->tail) l->tail->next = x;
  else l->head = x;
  l->tail = x;
}

static void http_list_remove(http_xfer_list_t *l, http_xfer_t *x) {
  if (x->prev) x->prev->next = x->next;
  else l->head = x->next;
  if (x->next) x->next->prev = x->prev;
  else l->tail = x->prev;
  x->prev = x->next = NULL;
}

static http_xfer_t *http_list_find(const http_xfer_list_t *l, uint64_t id) {
  for (http_xfer_t *x = l->head; x; x = x->next) {
    if (x->id == id) return x;
  }
  return NULL;
}

/* ---- responses ------------------------------------------------------------------------ */

void http_response_free(http_response_t *res) {
  if (!res) return;
  free(res->error_code);
  free(res->error_message);
  free(res->status_text);
  http_headers_free(res->headers, res->n_headers);
  free(res->body);
  free(res->effective_url);
  free(res);
}

/* Error responses keep the shape of a normal one (status_text and body are "" rather than
 * NULL) so callers can print any response without checking `error` first. */
static http_response_t *http_response_error(http_error_t error, const char *code, char *message,
                                            const char *url) {
  http_response_t *res = xcalloc(1, sizeof(*res));
  res->error = error;
  res->error_code = xstrdup(code);
  res->error_message = message;
  res->status_text = xstrdup("");
  res->body = xstrdup("");
  res->effective_url = xstrdup(url);
  return res;
}

/* ---- exchanges ------------------------------------------------------------------------ */

/* The easy handle must already be out of the multi. */
static void http_xfer_free(http_xfer_t *x) {
  if (x->easy) curl_easy_cleanup(x->easy);
  curl_slist_free_all(x->req_headers);
  http_response_free(x->res);
  http_xfer_reset_response(x);
  sbuf_free(&x->body);
  http_xreq_free(&x->req);
  free(x);
}

/* While transfers run, curl's timer must keep the loop alive; an idle client must not.
 * curl 7.88 disarms the timer once idle, but later versions arm it for connection upkeep,
 * and a worker whose uv_run never returns would hang. */
static void http_update_ref(http_client_t *c) {
  if (c->closed) return;
  if (c->active.head) uv_ref((uv_handle_t *)&c->timer);
  else uv_unref((uv_handle_t *)&c->timer);
}

/* The connection cache holds at least as many connections as transfers run at once. Past
 * its size, every transfer that ends closes a connection (curl counts those in use too),
 * which the next burst opens again: with a hundred spec files at once in a worker, 885
 * connections (and TLS handshakes, against a real API) were made for 1 000 requests. */
static void http_cache_fit(http_client_t *c) {
  if ((long)c->n_active <= c->max_connects || c->max_connects >= HTTP_MAX_CACHED_CONNECTIONS_CAP)
    return;
  long want = c->max_connects;
  while (want < (long)c->n_active && want < HTTP_MAX_CACHED_CONNECTIONS_CAP) want *= 2;
  if (want > HTTP_MAX_CACHED_CONNECTIONS_CAP) want = HTTP_MAX_CACHED_CONNECTIONS_CAP;
  CURLMcode mc = curl_multi_setopt(c->multi, CURLMOPT_MAXCONNECTS, want);
  if (mc != CURLM_OK) http_warn("curl_multi_setopt(CURLMOPT_MAXCONNECTS)", curl_multi_strerror(mc));
  else c->max_connects = want;
}

/* Takes the exchange off its list (and its easy handle out of the multi). */
static void http_xfer_unlink(http_xfer_t *x) {
  http_client_t *c = x->client;
  if (x->in_multi) {
    CURLMcode mc = curl_multi_remove_handle(c->multi, x->easy);
    if (mc != CURLM_OK) http_warn("curl_multi_remove_handle", curl_multi_strerror(mc));
    http_list_remove(&c->active, x);
    c->n_active--;
    x->in_multi = false;
    http_update_ref(c);
  } else {
    http_list_remove(&c->deferred, x);
  }
}

/* Unlinks an exchange for good: it no longer counts as pending. */
static void http_xfer_detach(http_xfer_t *x) {
  http_xfer_unlink(x);
  x->client->pending--;
}

static void http_on_defer(uv_idle_t *idle);

/* Queues the error of an exchange that is on no list; takes `message`. */
static void http_xfer_defer(http_xfer_t *x, http_error_t error, const char *code, char *message) {
  http_client_t *c = x->client;
  if (x->easy) {
    curl_easy_cleanup(x->easy);
    x->easy = NULL;
  }
  x->res = http_response_error(error, code, message, x->req.url);
  x->res->redirects = x->redirects;
  x->res->duration_ms = x->hops_ms;
  http_list_push(&c->deferred, x);
  http_uv_must(uv_idle_start(&c->defer, http_on_defer), "uv_idle_start");
}

static void http_on_defer(uv_idle_t *idle) {
  http_client_t *c = idle->data;
  /* Exchanges deferred by the callbacks below wait for the next turn, so a callback that
   * keeps sending bad requests cannot starve the loop. */
  uint64_t last = c->next_id;
  while (!c->closed && c->deferred.head && c->deferred.head->id <= last) {
    http_xfer_t *x = c->deferred.head;
    http_xfer_detach(x);
    http_response_t *res = x->res;
    http_done_cb done = x->done;
    void *userdata = x->userdata;
    x->res = NULL;
    http_xfer_free(x);
    done(res, userdata);
  }
  if (!c->closed && !c->deferred.head) http_uv_must(uv_idle_stop(&c->defer), "uv_idle_stop");
}

/* Puts an exchange whose x->req is set (first hop or redirect) into the multi. Errors are
 * reported through `done` on a later turn, like every other outcome. */
static void http_xfer_start(http_xfer_t *x) {
  http_client_t *c = x->client;
  char *why = http_xfer_setup(x);
  if (why) {
    http_xfer_defer(x, HTTP_ERR_INVALID, "EINVAL", why);
    return;
  }
  /* curl_multi_add_handle arms curl's timer (through http_on_curl_timer); the transfer
   * itself starts when that timer fires on the loop. */
  CURLMcode mc = curl_multi_add_handle(c->multi, x->easy);
  if (mc != CURLM_OK) {
    http_xfer_defer(x, HTTP_ERR_NETWORK, "EIO",
                    xasprintf("curl_multi_add_handle: %s", curl_multi_strerror(mc)));
    return;
  }
  x->in_multi = true;
  http_list_push(&c->active, x);
  c->n_active++;
  http_cache_fit(c);
  http_update_ref(c);
}

static int http_version_of(CURL *easy) {
  long v = 0;
  if (curl_easy_getinfo(easy, CURLINFO_HTTP_VERSION, &v) != CURLE_OK) return 0;
  switch (v) {
  case CURL_HTTP_VERSION_1_0: return 10;
  case CURL_HTTP_VERSION_1_1: return 11;
  case CURL_HTTP_VERSION_2_0: return 20;
  case CURL_HTTP_VERSION_3: return 30;
  default: return 0;
  }
}

/* The response of a transfer that completed (rc == CURLE_OK); takes x's response parts. */
static http_response_t *http_xfer_take_response(http_xfer_t *x) {
  http_response_t *res = xcalloc(1, sizeof(*res));
  long status = 0;
  CURLcode irc = curl_easy_getinfo(x->easy, CURLINFO_RESPONSE_CODE, &status);
  if (irc != CURLE_OK || status == 0) status = x->status;
  res->error = HTTP_OK;
  res->status = status;
  if (x->status == status && x->status_text) { /* from http_status_line */
    res->status_text = x->status_text;
    x->status_text = NULL;
  } else {
    res->status_text = xstrdup(http_status_text(status));
  }
  res->headers = x->headers;
  res->n_headers = x->n_headers;
  x->headers = NULL;
  x->n_headers = x->cap_headers = 0;
  res->body_len = x->body.len;
  res->body = sbuf_take(&x->body);
  res->http_version = http_version_of(x->easy);
  curl_off_t wire = 0;
  if (curl_easy_getinfo(x->easy, CURLINFO_SIZE_DOWNLOAD_T, &wire) == CURLE_OK && wire > 0)
    res->wire_size = (size_t)wire;
  long connects = 0;
  if (curl_easy_getinfo(x->easy, CURLINFO_NUM_CONNECTS, &connects) == CURLE_OK)
    res->new_connection = connects > 0;
  return res;
}

static double http_xfer_hop_ms(http_xfer_t *x) {
  curl_off_t total_us = 0;
  if (curl_easy_getinfo(x->easy, CURLINFO_TOTAL_TIME_T, &total_us) != CURLE_OK) return 0;
  return (double)total_us / 1000.0;
}

/* Builds the response of a transfer curl reported done and hands it to the callback, or
 * starts the next hop of a redirect. The exchange is gone before the callback runs, so the
 * callback may do anything. */
static void http_xfer_finish(http_xfer_t *x, CURLcode rc) {
  http_response_t *res;

  if (rc == CURLE_OK) {
    char *why = NULL;
    switch (http_xfer_redirect(x, &why)) {
    case HTTP_FOLLOW_RESTART:
      x->hops_ms += http_xfer_hop_ms(x);
      http_xfer_unlink(x);
      if (x->deadline_ns && uv_hrtime() >= x->deadline_ns) {
        x->res = NULL;
        http_xfer_defer(x, HTTP_ERR_TIMEOUT, "ETIMEDOUT",
                        xasprintf("Operation timed out after %ld milliseconds", x->timeout_ms));
        return;
      }
      http_xfer_reset_response(x);
      http_xfer_start(x);
      return;
    case HTTP_FOLLOW_ERROR:
      x->hops_ms += http_xfer_hop_ms(x);
      http_xfer_unlink(x);
      http_xfer_defer(x, HTTP_ERR_REDIRECT, "ERR_TOO_MANY_REDIRECTS", why);
      return;
    case HTTP_FOLLOW_NONE: break;
    }
    res = http_xfer_take_response(x);
  } else if (x->too_large) {
    /* The write callback refused the body (CURLE_WRITE_ERROR): say why, not curl. */
    res = http_response_error(HTTP_ERR_TOO_LARGE, "ERR_BODY_TOO_LARGE", x->too_large, x->req.url);
    x->too_large = NULL;
  } else {
    long os_errno = 0;
    if (curl_easy_getinfo(x->easy, CURLINFO_OS_ERRNO, &os_errno) != CURLE_OK) os_errno = 0;
    const char *code;
    http_error_t kind = http_classify(rc, os_errno, &code);
    res = http_response_error(kind, code, http_error_message(rc, x->errbuf, os_errno, x->req.url),
                              x->req.url);
  }

  char *eff = NULL;
  if (curl_easy_getinfo(x->easy, CURLINFO_EFFECTIVE_URL, &eff) == CURLE_OK && eff) {
    free(res->effective_url);
    res->effective_url = xstrdup(eff);
  } else if (!res->effective_url) {
    res->effective_url = xstrdup(x->req.url);
  }
  res->duration_ms = x->hops_ms + http_xfer_hop_ms(x);
  res->redirects = x->redirects;

  http_xfer_detach(x);
  http_done_cb done = x->done;
  void *userdata = x->userdata;
  http_xfer_free(x);
  done(res, userdata);
}

/* Reports every transfer still in the multi as failed: after curl_multi_socket_action
 * itself fails, curl will not finish them, and each callback must still run once. */
static void http_fail_all(http_client_t *c, const char *what, CURLMcode mc) {
  while (c->active.head) {
    http_xfer_t *x = c->active.head;
    http_xfer_unlink(x);
    http_xfer_defer(x, HTTP_ERR_NETWORK, "EIO", xasprintf("%s: %s", what, curl_multi_strerror(mc)));
  }
}

static void http_check_multi_info(http_client_t *c) {
  CURLMsg *msg;
  int left;
  while (!c->closed && (msg = curl_multi_info_read(c->multi, &left))) {
    if (msg->msg != CURLMSG_DONE) continue;
    /* msg dies with curl_multi_remove_handle: copy what we need first. */
    CURL *easy = msg->easy_handle;
    CURLcode rc = msg->data.result;
    char *priv = NULL;
    CURLcode irc = curl_easy_getinfo(easy, CURLINFO_PRIVATE, &priv);
    http_xfer_t *x = (http_xfer_t *)priv;
    if (irc != CURLE_OK || !x) {
      http_warn("curl_easy_getinfo(CURLINFO_PRIVATE)", curl_easy_strerror(irc));
      continue;
    }
    http_xfer_finish(x, rc);
  }
}

static void http_socket_action(http_client_t *c, curl_socket_t fd, int flags) {
  int running = 0;
  CURLMcode mc = curl_multi_socket_action(c->multi, fd, flags, &running);
  http_check_multi_info(c);
  if (mc != CURLM_OK && !c->closed) http_fail_all(c, "curl_multi_socket_action", mc);
}

/* ---- curl <-> libuv -------------------------------------------------------------------- */

static void http_on_sock_closed(uv_handle_t *h) { free(h->data); }

static void http_sock_close(http_sock_t *sk) {
  http_client_t *c = sk->client;
  if (sk->prev) sk->prev->next = sk->next;
  else c->socks = sk->next;
  if (sk->next) sk->next->prev = sk->prev;
  uv_close((uv_handle_t *)&sk->poll, http_on_sock_closed);
}

static void http_on_poll(uv_poll_t *h, int status, int events) {
  http_sock_t *sk = h->data;
  int flags = 0;
  if (status < 0) {
    /* libuv saw an error condition on the socket (a reset, say). CURL_CSELECT_ERR would
     * make curl fail the transfer with "select/poll returned error"; letting it read and
     * write instead makes the failing recv/send report the real cause ("Recv failure:
     * Connection reset by peer"). */
    flags = CURL_CSELECT_IN | CURL_CSELECT_OUT;
  } else {
    if (events & UV_READABLE) flags |= CURL_CSELECT_IN;
    if (events & UV_WRITABLE) flags |= CURL_CSELECT_OUT;
  }
  /* curl may drop this socket (and so close `h`) inside; sk stays allocated until the
   * close callback, but is not ours to touch afterwards. */
  http_socket_action(sk->client, sk->fd, flags);
}

static int http_on_curl_socket(CURL *easy, curl_socket_t fd, int what, void *userp, void *socketp) {
  http_client_t *c = userp;
  http_sock_t *sk = socketp;

  if (what == CURL_POLL_REMOVE) {
    if (sk) {
      CURLMcode mc = curl_multi_assign(c->multi, fd, NULL);
      if (mc != CURLM_OK) http_warn("curl_multi_assign", curl_multi_strerror(mc));
      http_sock_close(sk);
    }
    return 0;
  }

  if (!sk) {
    sk = xcalloc(1, sizeof(*sk));
    int rc = uv_poll_init_socket(c->loop, &sk->poll, fd);
    if (rc < 0) {
      http_warn("uv_poll_init_socket", uv_strerror(rc));
      free(sk);
      return -1;
    }
    sk->poll.data = sk;
    sk->client = c;
    sk->fd = fd;
    sk->next = c->socks;
    if (c->socks) c->socks->prev = sk;
    c->socks = sk;
    CURLMcode mc = curl_multi_assign(c->multi, fd, sk);
    if (mc != CURLM_OK) {
      http_warn("curl_multi_assign", curl_multi_strerror(mc));
      http_sock_close(sk);
      return -1;
    }
  }

  int events = 0;
  if (what & CURL_POLL_IN) events |= UV_READABLE;
  if (what & CURL_POLL_OUT) events |= UV_WRITABLE;
  int rc = uv_poll_start(&sk->poll, events, http_on_poll);
  if (rc < 0) {
    http_warn("uv_poll_start", uv_strerror(rc));
    return -1;
  }
  return 0;
}

static void http_on_timer(uv_timer_t *t) { http_socket_action(t->data, CURL_SOCKET_TIMEOUT, 0); }

/* curl forbids calling curl_multi_socket_action from here; a 0 ms timeout therefore
 * becomes a uv timer that fires on the next loop turn. */
static int http_on_curl_timer(CURLM *multi, long timeout_ms, void *userp) {
  http_client_t *c = userp;
  if (timeout_ms < 0) {
    http_uv_must(uv_timer_stop(&c->timer), "uv_timer_stop");
    return 0;
  }
  int rc = uv_timer_start(&c->timer, http_on_timer, (uint64_t)timeout_ms, 0);
  if (rc < 0) {
    http_warn("uv_timer_start", uv_strerror(rc));
    return -1;
  }
  return 0;
}

/* ---- client --------------------------------------------------------------------------- */

static void http_on_client_handle_closed(uv_handle_t *h) {
  http_client_t *c = h->data;
  if (--c->open_handles == 0) free(c);
}

/* Loading libcurl and curl_global_init are the one piece of process state: done once, by
 * the first client (or the zygote, ahead of the workers it forks), and never undone.
 * Creating the first client from several threads at once is not safe; sonde runs one loop
 * (one thread) per process. */
static bool http_curl_ready(void) {
  const char *why = NULL;
  if (curl_dl_load(&why)) return true;
  http_warn("libcurl", why ? why : "cannot be loaded");
  return false;
}

void http_preload(void) { curl_dl_load(NULL); }

#define HTTP_MSETOPT(c, opt, val)                                         \
  do {                                                                    \
    CURLMcode mc_ = curl_multi_setopt((c)->multi, opt, val);              \
    if (mc_ != CURLM_OK) {                                                \
      http_warn("curl_multi_setopt(" #opt ")", curl_multi_strerror(mc_)); \
      goto fail;                                                          \
    }                                                                     \
  } while (0)

http_client_t *http_client_new(uv_loop_t *loop) {
  if (!http_curl_ready()) return NULL;
  http_client_t *c = xcalloc(1, sizeof(*c));
  c->loop = loop;
  c->multi = curl_multi_init();
  if (!c->multi) {
    http_warn("curl_multi_init", "failed");
    free(c);
    return NULL;
  }
  HTTP_MSETOPT(c, CURLMOPT_SOCKETFUNCTION, http_on_curl_socket);
  HTTP_MSETOPT(c, CURLMOPT_SOCKETDATA, c);
  HTTP_MSETOPT(c, CURLMOPT_TIMERFUNCTION, http_on_curl_timer);
  HTTP_MSETOPT(c, CURLMOPT_TIMERDATA, c);
  HTTP_MSETOPT(c, CURLMOPT_MAXCONNECTS, HTTP_MAX_CACHED_CONNECTIONS);
  c->max_connects = HTTP_MAX_CACHED_CONNECTIONS;

  /* Timer and idle handle are initialized last: once they exist, only uv_close can free
   * the client. Neither init can fail for a valid loop. */
  http_uv_must(uv_timer_init(loop, &c->timer), "uv_timer_init");
  http_uv_must(uv_idle_init(loop, &c->defer), "uv_idle_init");
  c->timer.data = c;
  c->defer.data = c;
  c->open_handles = 2;
  /* An idle client must not keep the loop alive; the timer is ref'd while transfers run. */
  uv_unref((uv_handle_t *)&c->timer);
  return c;

fail:
  curl_multi_cleanup(c->multi);
  free(c);
  return NULL;
}

void http_client_free(http_client_t *c) {
  if (!c) return;
  c->closed = true;
  while (c->active.head) {
    http_xfer_t *x = c->active.head;
    http_xfer_detach(x);
    http_xfer_free(x);
  }
  while (c->deferred.head) {
    http_xfer_t *x = c->deferred.head;
    http_xfer_detach(x);
    http_xfer_free(x);
  }
  /* Closes the cached connections; curl reports their sockets through the socket
   * callback, which closes the matching polls. */
  CURLMcode mc = curl_multi_cleanup(c->multi);
  if (mc != CURLM_OK) http_warn("curl_multi_cleanup", curl_multi_strerror(mc));
  c->multi = NULL;
  /* After the multi: the easy handles that used the share are gone with their exchanges. */
  if (c->share) {
    CURLSHcode sc = curl_share_cleanup(c->share);
    if (sc != CURLSHE_OK) http_warn("curl_share_cleanup", curl_share_strerror(sc));
    c->share = NULL;
  }
  while (c->socks) http_sock_close(c->socks);
  uv_close((uv_handle_t *)&c->timer, http_on_client_handle_closed);
  uv_close((uv_handle_t *)&c->defer, http_on_client_handle_closed);
}

size_t http_client_pending(const http_client_t *c) { return c->pending; }

void http_client_cancel(http_client_t *c, uint64_t id) {
  http_xfer_t *x = http_list_find(&c->active, id);
  if (!x) x = http_list_find(&c->deferred, id);
  if (!x) return;
  http_xfer_detach(x);
  http_xfer_free(x);
  if (!c->deferred.head) http_uv_must(uv_idle_stop(&c->defer), "uv_idle_stop");
}

void http_client_set_debug(http_client_t *c, http_debug_cb fn, void *userdata) {
  c->debug = fn;
  c->debug_ud = userdata;
}

void http_client_clear_cookies(http_client_t *c) {
  if (!c->share) return;
  /* CURLOPT_COOKIELIST needs an easy handle; any one attached to the share will do. */
  CURL *easy = curl_easy_init();
  if (!easy) {
    http_warn("curl_easy_init", "failed");
    return;
  }
  CURLcode rc = curl_easy_setopt(easy, CURLOPT_SHARE, c->share);
  if (rc == CURLE_OK) rc = curl_easy_setopt(easy, CURLOPT_COOKIELIST, "ALL");
  if (rc != CURLE_OK) http_warn("curl_easy_setopt(CURLOPT_COOKIELIST)", curl_easy_strerror(rc));
  curl_easy_cleanup(easy);
}

uint64_t http_client_send(http_client_t *c, const http_request_t *req, http_done_cb done,
                          void *userdata) {
  http_xfer_t *x = xcalloc(1, sizeof(*x));
  x->client = c;
  x->id = ++c->next_id;
  x->done = done;
  x->userdata = userdata;
  http_xreq_copy(&x->req, req);
  x->timeout_ms = req->timeout_ms > 0 ? req->timeout_ms : 0;
  if (x->timeout_ms) x->deadline_ns = uv_hrtime() + (uint64_t)x->timeout_ms * 1000000u;
  sbuf_init(&x->body);
  c->pending++;
  http_xfer_start(x);
  return x->id;
}
