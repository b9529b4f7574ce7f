/* client: the asynchronous HTTP client of client.h, on libcurl's multi interface driven by
 * the caller's libuv loop. This is curl's "multi_socket" pattern: CURLMOPT_SOCKETFUNCTION
 * maps every socket curl wants watched to a uv_poll_t, CURLMOPT_TIMERFUNCTION drives one
 * uv_timer_t, and after each curl_multi_socket_action the finished transfers are drained
 * with curl_multi_info_read. Connections live in the CURLM's connection cache, so every
 * request of a client can reuse them.
 *
 * Memory: the client owns its CURLM, its uv handles and one http_xfer_t per exchange in
 * flight (easy handle, copied request headers and body, the response being received). A
 * finished exchange hands a fresh http_response_t to its done callback, which owns it.
 * uv handles are released in their close callbacks, which is why http_client_free only
 * completes once the loop has run; the client struct goes with the last of them.
 *
 * Re-entrancy: done callbacks may call http_client_send, http_client_cancel and even
 * http_client_free. Every exchange is unlinked and freed before its callback runs, and the
 * loops that deliver callbacks re-check `closed` after each one. */
#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <curl/curl.h>

#include "common/sbuf.h"
#include "http/client.h"

typedef struct http_xfer http_xfer_t;
typedef struct http_sock http_sock_t;

/* One exchange. It sits on exactly one of the client's two lists: `active` while its easy
 * handle is in the multi, `deferred` while it waits to report a setup error. */
struct http_xfer {
  http_client_t *client;
  http_xfer_t *prev, *next;
  uint64_t id;
  http_done_cb done;
  void *userdata;
  char *url;                      /* for effective_url when curl has none (setup errors) */
  CURL *easy;
  struct curl_slist *req_headers; /* must outlive the transfer: curl does not copy it */
  http_response_t *res;           /* only for deferred exchanges: the error to report */
  bool in_multi;                  /* on `active` with easy added to the multi */

  /* The response as it arrives; the header callback resets it at every status line. */
  long status;
  char *status_text;
  http_header_t *headers;
  size_t n_headers, cap_headers;
  bool headers_done;
  sbuf_t body;
  char errbuf[CURL_ERROR_SIZE];
};

typedef struct {
  http_xfer_t *head, *tail;
} http_xfer_list_t;

/* The uv_poll_t of one socket curl asked us to watch, stored with curl_multi_assign. */
struct http_sock {
  uv_poll_t poll;
  http_client_t *client;
  curl_socket_t fd;
  http_sock_t *prev, *next;
};

struct http_client {
  uv_loop_t *loop;
  CURLM *multi;
  uv_timer_t timer;   /* curl's one timeout (CURLMOPT_TIMERFUNCTION) */
  uv_idle_t defer;    /* reports setup errors on a later loop turn, never inside send */
  http_xfer_list_t active;
  http_xfer_list_t deferred;
  http_sock_t *socks;
  uint64_t next_id;
  size_t pending;
  int open_handles;   /* uv handles of the client struct still to be closed */
  bool closed;        /* http_client_free was called; the struct awaits its close callbacks */
};

/* How many idle connections the cache keeps. curl's default (4 per easy handle in the
 * multi) would close most connections of a burst of parallel requests right after it,
 * and a test suite tends to fire the next burst at the same hosts. */
#define HTTP_MAX_CACHED_CONNECTIONS 64L

static void http_warn(const char *what, const char *why) {
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
  if (l->tail)
    l->tail->next = x;
  else
    l->head = x;
  l->tail = x;
}

static void http_list_remove(http_xfer_list_t *l, http_xfer_t *x) {
  if (x->prev)
    x->prev->next = x->next;
  else
    l->head = x->next;
  if (x->next)
    x->next->prev = x->prev;
  else
    l->tail = x->prev;
  x->prev = x->next = NULL;
}

static http_xfer_t *http_list_find(const http_xfer_list_t *l, uint64_t id) {
  for (http_xfer_t *x = l->head; x; x = x->next) {
    if (x->id == id)
      return x;
  }
  return NULL;
}

/* ---- responses ------------------------------------------------------------------------ */

static void http_headers_free(http_header_t *h, size_t n) {
  for (size_t i = 0; i < n; i++) {
    free(h[i].name);
    free(h[i].value);
  }
  free(h);
}

void http_response_free(http_response_t *res) {
  if (!res)
    return;
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

static void http_xfer_reset_headers(http_xfer_t *x) {
  http_headers_free(x->headers, x->n_headers);
  x->headers = NULL;
  x->n_headers = x->cap_headers = 0;
}

/* The easy handle must already be out of the multi. */
static void http_xfer_free(http_xfer_t *x) {
  if (x->easy)
    curl_easy_cleanup(x->easy);
  curl_slist_free_all(x->req_headers);
  http_response_free(x->res);
  http_xfer_reset_headers(x);
  free(x->status_text);
  sbuf_free(&x->body);
  free(x->url);
  free(x);
}

/* While transfers run, curl's timer must keep the loop alive; an idle client must not.
 * curl 7.88 disarms the timer once idle, but later versions arm it for connection upkeep,
 * and a worker whose uv_run never returns would hang. */
static void http_update_ref(http_client_t *c) {
  if (c->closed)
    return;
  if (c->active.head)
    uv_ref((uv_handle_t *)&c->timer);
  else
    uv_unref((uv_handle_t *)&c->timer);
}

/* Takes the exchange off its list (and its easy handle out of the multi). */
static void http_xfer_unlink(http_xfer_t *x) {
  http_client_t *c = x->client;
  if (x->in_multi) {
    CURLMcode mc = curl_multi_remove_handle(c->multi, x->easy);
    if (mc != CURLM_OK)
      http_warn("curl_multi_remove_handle", curl_multi_strerror(mc));
    http_list_remove(&c->active, x);
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
static void http_xfer_defer(http_xfer_t *x, http_error_t error, const char *code,
                            char *message) {
  http_client_t *c = x->client;
  if (x->easy) {
    curl_easy_cleanup(x->easy);
    x->easy = NULL;
  }
  x->res = http_response_error(error, code, message, x->url);
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
  if (!c->closed && !c->deferred.head)
    http_uv_must(uv_idle_stop(&c->defer), "uv_idle_stop");
}

/* Maps a failed transfer to the error kinds and Node-style codes of client.h. */
static http_error_t http_classify(CURLcode rc, long os_errno, const char **code) {
  switch (rc) {
  case CURLE_OPERATION_TIMEDOUT:
    *code = "ETIMEDOUT";
    return HTTP_ERR_TIMEOUT;
  case CURLE_URL_MALFORMAT:
  case CURLE_UNSUPPORTED_PROTOCOL:
  case CURLE_BAD_FUNCTION_ARGUMENT:
    *code = "EINVAL";
    return HTTP_ERR_INVALID;
  case CURLE_COULDNT_RESOLVE_HOST:
  case CURLE_COULDNT_RESOLVE_PROXY:
    *code = "ENOTFOUND";
    return HTTP_ERR_NETWORK;
  case CURLE_COULDNT_CONNECT:
    /* curl folds every connect() failure into one code; the errno tells them apart. */
    switch (os_errno) {
    case EHOSTUNREACH: *code = "EHOSTUNREACH"; break;
    case ENETUNREACH: *code = "ENETUNREACH"; break;
    case ETIMEDOUT: *code = "ETIMEDOUT"; break;
    case EADDRNOTAVAIL: *code = "EADDRNOTAVAIL"; break;
    case EACCES: *code = "EACCES"; break;
    default: *code = "ECONNREFUSED"; break;
    }
    return HTTP_ERR_NETWORK;
  case CURLE_SEND_ERROR:
  case CURLE_RECV_ERROR:
  case CURLE_GOT_NOTHING:
  case CURLE_PARTIAL_FILE:
  case CURLE_HTTP2:
  case CURLE_HTTP2_STREAM:
  case CURLE_HTTP3:
    *code = "ECONNRESET";
    return HTTP_ERR_NETWORK;
  case CURLE_PEER_FAILED_VERIFICATION:
  case CURLE_SSL_CACERT_BADFILE:
  case CURLE_SSL_ISSUER_ERROR:
  case CURLE_SSL_PINNEDPUBKEYNOTMATCH:
  case CURLE_SSL_INVALIDCERTSTATUS:
  case CURLE_SSL_CRL_BADFILE:
    *code = "CERT_INVALID";
    return HTTP_ERR_NETWORK;
  case CURLE_SSL_CONNECT_ERROR:
  case CURLE_SSL_CERTPROBLEM:
  case CURLE_SSL_CIPHER:
  case CURLE_SSL_ENGINE_NOTFOUND:
  case CURLE_SSL_ENGINE_SETFAILED:
  case CURLE_SSL_ENGINE_INITFAILED:
  case CURLE_SSL_SHUTDOWN_FAILED:
  case CURLE_USE_SSL_FAILED:
  case CURLE_WEIRD_SERVER_REPLY:
  case CURLE_BAD_CONTENT_ENCODING:
    *code = "EPROTO";
    return HTTP_ERR_NETWORK;
  default:
    *code = "EIO";
    return HTTP_ERR_NETWORK;
  }
}

/* curl's error buffer says the most ("Failed to connect to 127.0.0.1 port 1 after 0 ms:
 * Couldn't connect to server") but is empty for some codes and never names the errno. */
static char *http_error_message(CURLcode rc, const char *errbuf, long os_errno,
                                const char *url) {
  sbuf_t m = SBUF_INIT;
  size_t n = strlen(errbuf);
  while (n > 0 && isspace((unsigned char)errbuf[n - 1]))
    n--;
  if (n > 0)
    sbuf_append(&m, errbuf, n);
  else
    sbuf_puts(&m, curl_easy_strerror(rc));
  const char *why = os_errno != 0 ? strerror((int)os_errno) : NULL;
  if (why && !strstr(sbuf_cstr(&m), why))
    sbuf_printf(&m, " (%s)", why);
  if (rc == CURLE_URL_MALFORMAT)
    sbuf_printf(&m, ": \"%s\"", url);
  return sbuf_take(&m);
}

/* Builds the response of a transfer curl reported done, then hands it to the callback. The
 * exchange is gone before the callback runs, so the callback may do anything. */
static void http_xfer_finish(http_xfer_t *x, CURLcode rc) {
  http_response_t *res;

  if (rc == CURLE_OK) {
    res = xcalloc(1, sizeof(*res));
    long status = 0;
    CURLcode irc = curl_easy_getinfo(x->easy, CURLINFO_RESPONSE_CODE, &status);
    if (irc != CURLE_OK || status == 0)
      status = x->status;
    res->error = HTTP_OK;
    res->status = status;
    if (x->status == status && x->status_text && x->status_text[0]) {
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
  } else {
    long os_errno = 0;
    if (curl_easy_getinfo(x->easy, CURLINFO_OS_ERRNO, &os_errno) != CURLE_OK)
      os_errno = 0;
    const char *code;
    http_error_t kind = http_classify(rc, os_errno, &code);
    res = http_response_error(kind, code, http_error_message(rc, x->errbuf, os_errno, x->url),
                              x->url);
  }

  char *eff = NULL;
  if (curl_easy_getinfo(x->easy, CURLINFO_EFFECTIVE_URL, &eff) == CURLE_OK && eff) {
    free(res->effective_url);
    res->effective_url = xstrdup(eff);
  } else if (!res->effective_url) {
    res->effective_url = xstrdup(x->url);
  }
  curl_off_t total_us = 0;
  if (curl_easy_getinfo(x->easy, CURLINFO_TOTAL_TIME_T, &total_us) == CURLE_OK)
    res->duration_ms = (double)total_us / 1000.0;

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
    http_xfer_defer(x, HTTP_ERR_NETWORK, "EIO",
                    xasprintf("%s: %s", what, curl_multi_strerror(mc)));
  }
}

static void http_check_multi_info(http_client_t *c) {
  CURLMsg *msg;
  int left;
  while (!c->closed && (msg = curl_multi_info_read(c->multi, &left))) {
    if (msg->msg != CURLMSG_DONE)
      continue;
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
  if (mc != CURLM_OK && !c->closed)
    http_fail_all(c, "curl_multi_socket_action", mc);
}

/* ---- curl <-> libuv -------------------------------------------------------------------- */

static void http_on_sock_closed(uv_handle_t *h) {
  free(h->data);
}

static void http_sock_close(http_sock_t *sk) {
  http_client_t *c = sk->client;
  if (sk->prev)
    sk->prev->next = sk->next;
  else
    c->socks = sk->next;
  if (sk->next)
    sk->next->prev = sk->prev;
  uv_close((uv_handle_t *)&sk->poll, http_on_sock_closed);
}

static void http_on_poll(uv_poll_t *h, int status, int events) {
  http_sock_t *sk = h->data;
  int flags = 0;
  if (status < 0) {
    flags = CURL_CSELECT_ERR;
  } else {
    if (events & UV_READABLE)
      flags |= CURL_CSELECT_IN;
    if (events & UV_WRITABLE)
      flags |= CURL_CSELECT_OUT;
  }
  /* curl may drop this socket (and so close `h`) inside; sk stays allocated until the
   * close callback, but is not ours to touch afterwards. */
  http_socket_action(sk->client, sk->fd, flags);
}

static int http_on_curl_socket(CURL *easy, curl_socket_t fd, int what, void *userp,
                               void *socketp) {
  http_client_t *c = userp;
  http_sock_t *sk = socketp;

  if (what == CURL_POLL_REMOVE) {
    if (sk) {
      CURLMcode mc = curl_multi_assign(c->multi, fd, NULL);
      if (mc != CURLM_OK)
        http_warn("curl_multi_assign", curl_multi_strerror(mc));
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
    if (c->socks)
      c->socks->prev = sk;
    c->socks = sk;
    CURLMcode mc = curl_multi_assign(c->multi, fd, sk);
    if (mc != CURLM_OK) {
      http_warn("curl_multi_assign", curl_multi_strerror(mc));
      http_sock_close(sk);
      return -1;
    }
  }

  int events = 0;
  if (what & CURL_POLL_IN)
    events |= UV_READABLE;
  if (what & CURL_POLL_OUT)
    events |= UV_WRITABLE;
  int rc = uv_poll_start(&sk->poll, events, http_on_poll);
  if (rc < 0) {
    http_warn("uv_poll_start", uv_strerror(rc));
    return -1;
  }
  return 0;
}

static void http_on_timer(uv_timer_t *t) {
  http_socket_action(t->data, CURL_SOCKET_TIMEOUT, 0);
}

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
  if (--c->open_handles == 0)
    free(c);
}

/* curl_global_init is the one piece of process state: it is done once, by the first
 * client, and never undone. Creating the first client from several threads at once is
 * not safe; sonde runs one loop (one thread) per process. */
static bool http_curl_ready(void) {
  static bool ready;
  if (!ready) {
    CURLcode rc = curl_global_init(CURL_GLOBAL_DEFAULT);
    if (rc != CURLE_OK) {
      http_warn("curl_global_init", curl_easy_strerror(rc));
      return false;
    }
    ready = true;
  }
  return true;
}

#define HTTP_MSETOPT(c, opt, val)                                                           \
  do {                                                                                      \
    CURLMcode mc_ = curl_multi_setopt((c)->multi, opt, val);                                \
    if (mc_ != CURLM_OK) {                                                                  \
      http_warn("curl_multi_setopt(" #opt ")", curl_multi_strerror(mc_));                   \
      goto fail;                                                                            \
    }                                                                                       \
  } while (0)

http_client_t *http_client_new(uv_loop_t *loop) {
  if (!http_curl_ready())
    return NULL;
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
  if (!c)
    return;
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
  if (mc != CURLM_OK)
    http_warn("curl_multi_cleanup", curl_multi_strerror(mc));
  c->multi = NULL;
  while (c->socks)
    http_sock_close(c->socks);
  uv_close((uv_handle_t *)&c->timer, http_on_client_handle_closed);
  uv_close((uv_handle_t *)&c->defer, http_on_client_handle_closed);
}

size_t http_client_pending(const http_client_t *c) {
  return c->pending;
}

void http_client_cancel(http_client_t *c, uint64_t id) {
  http_xfer_t *x = http_list_find(&c->active, id);
  if (!x)
    x = http_list_find(&c->deferred, id);
  if (!x)
    return;
  http_xfer_detach(x);
  http_xfer_free(x);
  if (!c->deferred.head)
    http_uv_must(uv_idle_stop(&c->defer), "uv_idle_stop");
}

/* ---- request setup -------------------------------------------------------------------- */

/* RFC 9110 token: methods and header names. Anything else could split the request line or
 * a header line, so it is refused rather than sent. */
static bool http_is_token(const char *s) {
  if (!s || !*s)
    return false;
  for (; *s; s++) {
    unsigned char ch = (unsigned char)*s;
    if (!isalnum(ch) && !strchr("!#$%&'*+-.^_`|~", ch))
      return false;
  }
  return true;
}

static bool http_is_field_value(const char *s) {
  return strpbrk(s, "\r\n") == NULL;
}

static size_t http_on_body(char *data, size_t size, size_t n, void *userp) {
  http_xfer_t *x = userp;
  sbuf_append(&x->body, data, size * n);
  return size * n;
}

static const char *http_trim(const char *s, const char *e, const char **end) {
  while (s < e && (*s == ' ' || *s == '\t'))
    s++;
  while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
    e--;
  *end = e;
  return s;
}

/* "HTTP/1.1 404 Not Found" or curl's "HTTP/2 200 " for HTTP/2: a new response starts, so
 * whatever headers came before (1xx, a proxy's CONNECT reply) are not the final ones. */
static void http_on_status_line(http_xfer_t *x, const char *p, const char *e) {
  while (p < e && *p != ' ')
    p++;
  while (p < e && *p == ' ')
    p++;
  long code = 0;
  for (int i = 0; i < 3 && p < e && isdigit((unsigned char)*p); i++, p++)
    code = code * 10 + (*p - '0');
  const char *end;
  const char *reason = http_trim(p, e, &end);
  http_xfer_reset_headers(x);
  free(x->status_text);
  x->status = code;
  x->status_text = xstrndup(reason, (size_t)(end - reason));
  x->headers_done = false;
}

static size_t http_on_header(char *data, size_t size, size_t n, void *userp) {
  http_xfer_t *x = userp;
  size_t len = size * n;
  const char *e = data + len;
  while (e > data && (e[-1] == '\r' || e[-1] == '\n'))
    e--;

  if (e - data >= 5 && memcmp(data, "HTTP/", 5) == 0) {
    http_on_status_line(x, data, e);
    return len;
  }
  if (e == data) {
    x->headers_done = true;
    return len;
  }
  /* Lines after the blank line that ends the final header block are chunked trailers,
   * which are not response headers. */
  if (x->headers_done)
    return len;

  const char *end;
  if (*data == ' ' || *data == '\t') {
    /* obs-fold (RFC 9112 5.2): the line continues the previous value. */
    if (x->n_headers > 0) {
      const char *v = http_trim(data, e, &end);
      http_header_t *h = &x->headers[x->n_headers - 1];
      char *joined = xasprintf("%s %.*s", h->value, (int)(end - v), v);
      free(h->value);
      h->value = joined;
    }
    return len;
  }
  const char *colon = memchr(data, ':', (size_t)(e - data));
  if (!colon)
    return len;
  if (x->n_headers == x->cap_headers) {
    x->cap_headers = x->cap_headers ? x->cap_headers * 2 : 16;
    x->headers = xrealloc(x->headers, x->cap_headers * sizeof(*x->headers));
  }
  http_header_t *h = &x->headers[x->n_headers++];
  const char *name = http_trim(data, colon, &end);
  h->name = xstrndup(name, (size_t)(end - name));
  const char *value = http_trim(colon + 1, e, &end);
  h->value = xstrndup(value, (size_t)(end - value));
  return len;
}

/* Adds one line to the request's header list; false when curl could not allocate it. */
static bool http_add_header(http_xfer_t *x, const char *name, const char *value) {
  /* curl reads "Name:" as "drop this header" and "Name;" as "send it empty". */
  char *line = value ? (*value ? xasprintf("%s: %s", name, value) : xasprintf("%s;", name))
                     : xasprintf("%s:", name);
  struct curl_slist *l = curl_slist_append(x->req_headers, line);
  free(line);
  if (!l)
    return false;
  x->req_headers = l;
  return true;
}

#define HTTP_SETOPT(x, opt, val)                                                            \
  do {                                                                                      \
    CURLcode rc_ = curl_easy_setopt((x)->easy, opt, val);                                   \
    if (rc_ != CURLE_OK)                                                                    \
      return xasprintf("curl_easy_setopt(" #opt "): %s", curl_easy_strerror(rc_));          \
  } while (0)

/* Prepares x->easy for `req`. Returns NULL, or why the request cannot be made (malloc'd). */
static char *http_xfer_setup(http_xfer_t *x, const http_request_t *req) {
  const char *method = req->method ? req->method : "GET";
  if (!http_is_token(method))
    return xasprintf("invalid HTTP method \"%s\"", method);
  if (!req->url || !*req->url)
    return xstrdup("missing URL");

  bool has_expect = false, has_content_type = false;
  for (size_t i = 0; i < req->n_headers; i++) {
    const http_header_t *h = &req->headers[i];
    const char *value = h->value ? h->value : "";
    if (!http_is_token(h->name))
      return xasprintf("invalid header name \"%s\"", h->name ? h->name : "");
    if (!http_is_field_value(value))
      return xasprintf("invalid value for header \"%s\" (CR or LF)", h->name);
    has_expect |= strcasecmp(h->name, "Expect") == 0;
    has_content_type |= strcasecmp(h->name, "Content-Type") == 0;
    if (!http_add_header(x, h->name, value))
      return xstrdup("curl_slist_append failed");
  }
  /* curl would add "Expect: 100-continue" to large bodies (and wait up to a second for
   * the 100) and label every body application/x-www-form-urlencoded; neither was asked
   * for. Its default Accept (any type) stays: curl only sends it when the caller gave none. */
  if (!has_expect && !http_add_header(x, "Expect", NULL))
    return xstrdup("curl_slist_append failed");
  if (!has_content_type && !http_add_header(x, "Content-Type", NULL))
    return xstrdup("curl_slist_append failed");

  x->easy = curl_easy_init();
  if (!x->easy)
    return xstrdup("curl_easy_init failed");
  HTTP_SETOPT(x, CURLOPT_PRIVATE, (void *)x);
  HTTP_SETOPT(x, CURLOPT_ERRORBUFFER, x->errbuf);
  HTTP_SETOPT(x, CURLOPT_URL, req->url);
  HTTP_SETOPT(x, CURLOPT_PROTOCOLS_STR, "http,https");
  HTTP_SETOPT(x, CURLOPT_NOSIGNAL, 1L);
  HTTP_SETOPT(x, CURLOPT_TCP_KEEPALIVE, 1L);
  /* Redirects are the caller's decision: the 3xx comes back as is. */
  HTTP_SETOPT(x, CURLOPT_FOLLOWLOCATION, 0L);
  /* HTTP/2 only where TLS negotiates it (ALPN); cleartext stays HTTP/1.1, no h2c upgrade. */
  HTTP_SETOPT(x, CURLOPT_HTTP_VERSION, (long)CURL_HTTP_VERSION_2TLS);
  HTTP_SETOPT(x, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1L);
  HTTP_SETOPT(x, CURLOPT_HTTPHEADER, x->req_headers);
  HTTP_SETOPT(x, CURLOPT_HEADERFUNCTION, http_on_header);
  HTTP_SETOPT(x, CURLOPT_HEADERDATA, (void *)x);
  HTTP_SETOPT(x, CURLOPT_WRITEFUNCTION, http_on_body);
  HTTP_SETOPT(x, CURLOPT_WRITEDATA, (void *)x);
  HTTP_SETOPT(x, CURLOPT_TIMEOUT_MS, req->timeout_ms > 0 ? req->timeout_ms : 0L);

  bool is_head = strcmp(method, "HEAD") == 0;
  const char *body = req->body;
  size_t body_len = req->body ? req->body_len : 0;
  /* Methods that define a body get "Content-Length: 0" without one (RFC 9110 8.6). */
  if (!body && (!strcmp(method, "POST") || !strcmp(method, "PUT") || !strcmp(method, "PATCH")))
    body = "";
  if (is_head) {
    /* NOBODY, not CUSTOMREQUEST: only then does curl stop waiting for the body that the
     * Content-Length of a HEAD response announces. A body given with HEAD is dropped. */
    HTTP_SETOPT(x, CURLOPT_NOBODY, 1L);
  } else if (body) {
    /* The size goes first so COPYPOSTFIELDS copies body_len bytes, NULs included. */
    HTTP_SETOPT(x, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)body_len);
    HTTP_SETOPT(x, CURLOPT_COPYPOSTFIELDS, body);
    if (strcmp(method, "POST") != 0)
      HTTP_SETOPT(x, CURLOPT_CUSTOMREQUEST, method);
  } else {
    HTTP_SETOPT(x, CURLOPT_HTTPGET, 1L);
    if (strcmp(method, "GET") != 0)
      HTTP_SETOPT(x, CURLOPT_CUSTOMREQUEST, method);
  }
  return NULL;
}

uint64_t http_client_send(http_client_t *c, const http_request_t *req, http_done_cb done,
                          void *userdata) {
  http_xfer_t *x = xcalloc(1, sizeof(*x));
  x->client = c;
  x->id = ++c->next_id;
  x->done = done;
  x->userdata = userdata;
  x->url = xstrdup(req->url ? req->url : "");
  sbuf_init(&x->body);
  c->pending++;

  char *why = http_xfer_setup(x, req);
  if (why) {
    /* Not synchronous even here: the callback runs from the loop like any other. */
    http_xfer_defer(x, HTTP_ERR_INVALID, "EINVAL", why);
    return x->id;
  }
  /* curl_multi_add_handle arms curl's timer (through http_on_curl_timer); the transfer
   * itself starts when that timer fires on the loop. */
  CURLMcode mc = curl_multi_add_handle(c->multi, x->easy);
  if (mc != CURLM_OK) {
    http_xfer_defer(x, HTTP_ERR_NETWORK, "EIO",
                    xasprintf("curl_multi_add_handle: %s", curl_multi_strerror(mc)));
    return x->id;
  }
  x->in_multi = true;
  http_list_push(&c->active, x);
  http_update_ref(c);
  return x->id;
}
