/* client_internal: the structures shared by client.c (the client, curl <-> libuv, finishing
 * exchanges) and xfer.c (one exchange: its copy of the request, its easy handle, the
 * response as it arrives, redirects). Not for other modules.
 *
 * Memory: an http_xfer_t owns its copy of the request (xreq), its easy handle and header
 * list, and the response parts received so far; http_xfer_free releases all of it. */
#ifndef SONDE_HTTP_CLIENT_INTERNAL_H
#define SONDE_HTTP_CLIENT_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "http/curl_dl.h"

#include "common/sbuf.h"
#include "http/client.h"

typedef struct http_xfer http_xfer_t;
typedef struct http_sock http_sock_t;

/* The request of an exchange, owned: a redirect rewrites it and sets it up again. */
typedef struct {
  char *method;
  char *url;
  http_header_t *headers;
  size_t n_headers;
  char *body; /* NULL: none */
  size_t body_len;
  int max_redirects;
  bool decode, cookies, insecure, http1;
  size_t max_body_size; /* 0: no limit */
  char *proxy;          /* NULL: libcurl's defaults */
  char *no_proxy;
} http_xreq_t;

/* One exchange. It sits on exactly one of the client's two lists: `active` while its easy
 * handle is in the multi, `deferred` while it waits to report an error. */
struct http_xfer {
  http_client_t *client;
  http_xfer_t *prev, *next;
  uint64_t id;
  http_done_cb done;
  void *userdata;
  http_xreq_t req;
  CURL *easy;
  struct curl_slist *req_headers; /* must outlive the transfer: curl does not copy it */
  http_response_t *res;           /* only for deferred exchanges: the error to report */
  bool in_multi;                  /* on `active` with easy added to the multi */

  uint64_t deadline_ns; /* uv_hrtime() at which the whole exchange times out; 0 none */
  long timeout_ms;      /* as requested, for the timeout message */
  int redirects;        /* followed so far */
  double hops_ms;       /* duration of the redirect responses already followed */

  /* The response as it arrives; the header callback resets it at every status line. */
  long status;
  char *status_text;
  http_header_t *headers;
  size_t n_headers, cap_headers;
  bool headers_done;
  sbuf_t body;
  char *too_large; /* why the body was refused (malloc'd), or NULL */
  char errbuf[CURL_ERROR_SIZE];
};

typedef struct {
  http_xfer_t *head, *tail;
} http_xfer_list_t;

struct http_client {
  uv_loop_t *loop;
  CURLM *multi;
  CURLSH *share;    /* the cookie jar; created by the first request that wants cookies */
  uv_timer_t timer; /* curl's one timeout (CURLMOPT_TIMERFUNCTION) */
  uv_idle_t defer;  /* reports errors on a later loop turn, never inside send */
  http_xfer_list_t active;
  size_t n_active;   /* on `active`: in the multi */
  long max_connects; /* CURLMOPT_MAXCONNECTS as set (http_cache_fit) */
  http_xfer_list_t deferred;
  http_sock_t *socks;
  uint64_t next_id;
  size_t pending;
  int open_handles; /* uv handles of the client struct still to be closed */
  bool closed;      /* http_client_free was called; the struct awaits its close callbacks */
  http_debug_cb debug;
  void *debug_ud;
};

/* client.c */
void http_warn(const char *what, const char *why);

/* xfer.c */
void http_headers_free(http_header_t *h, size_t n);
/* Copies `req` into x->req. */
void http_xreq_copy(http_xreq_t *dst, const http_request_t *req);
void http_xreq_free(http_xreq_t *r);
/* Prepares a fresh x->easy for x->req; the remaining time comes from x->deadline_ns.
 * Returns NULL, or why the request cannot be made (malloc'd). */
char *http_xfer_setup(http_xfer_t *x);
/* Forgets the response received so far (status, headers, body). */
void http_xfer_reset_response(http_xfer_t *x);
/* Error kind and Node-style code of a failed transfer, and its message (malloc'd). */
http_error_t http_classify(CURLcode rc, long os_errno, const char **code);
char *http_error_message(CURLcode rc, const char *errbuf, long os_errno, const char *url);

/* What to do with a finished response (rc == CURLE_OK) under the request's redirect rules. */
typedef enum {
  HTTP_FOLLOW_NONE,    /* not a redirect to follow: report it */
  HTTP_FOLLOW_RESTART, /* x->req now describes the next hop: set it up again */
  HTTP_FOLLOW_ERROR,   /* report *why (malloc'd) as HTTP_ERR_REDIRECT */
} http_follow_t;
http_follow_t http_xfer_redirect(http_xfer_t *x, char **why);

#endif
