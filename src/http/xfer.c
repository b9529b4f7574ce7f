/* xfer: one exchange of the client (see client_internal.h): the owned copy of its request,
 * the easy handle set up from it, the callbacks that collect the response, the mapping of
 * curl's errors to Node-style codes, and redirects. Redirects are followed here rather
 * than by CURLOPT_FOLLOWLOCATION because curl keeps a CURLOPT_CUSTOMREQUEST method on every
 * hop (a PUT answered with 303 would be re-sent as PUT) and cannot drop credentials when
 * the origin changes; fetch's rules need both.
 *
 * Memory: everything hangs off the http_xfer_t; see client_internal.h. */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "http/client_internal.h"

/* ---- the request copy ----------------------------------------------------------------- */

void http_headers_free(http_header_t *h, size_t n) {
  for (size_t i = 0; i < n; i++) {
    free(h[i].name);
    free(h[i].value);
  }
  free(h);
}

void http_xreq_copy(http_xreq_t *dst, const http_request_t *req) {
  memset(dst, 0, sizeof(*dst));
  dst->method = xstrdup(req->method ? req->method : "GET");
  dst->url = xstrdup(req->url ? req->url : "");
  if (req->n_headers) {
    dst->headers = xcalloc(req->n_headers, sizeof(*dst->headers));
    for (size_t i = 0; i < req->n_headers; i++) {
      dst->headers[i].name = xstrdup(req->headers[i].name ? req->headers[i].name : "");
      dst->headers[i].value = xstrdup(req->headers[i].value ? req->headers[i].value : "");
    }
    dst->n_headers = req->n_headers;
  }
  if (req->body) {
    dst->body = xmalloc(req->body_len + 1);
    memcpy(dst->body, req->body, req->body_len);
    dst->body[req->body_len] = '\0';
    dst->body_len = req->body_len;
  }
  dst->max_redirects = req->max_redirects > 0 ? req->max_redirects : 0;
  dst->decode = req->decode;
  dst->cookies = req->cookies;
  dst->insecure = req->insecure;
  dst->http1 = req->http1;
  dst->max_body_size = req->max_body_size;
  dst->proxy = req->proxy ? xstrdup(req->proxy) : NULL;
  dst->no_proxy = req->no_proxy ? xstrdup(req->no_proxy) : NULL;
}

void http_xreq_free(http_xreq_t *r) {
  free(r->method);
  free(r->url);
  http_headers_free(r->headers, r->n_headers);
  free(r->body);
  free(r->proxy);
  free(r->no_proxy);
  memset(r, 0, sizeof(*r));
}

/* Drops every header named `name` (case-insensitive) from the request. */
static void http_xreq_drop_header(http_xreq_t *r, const char *name) {
  size_t out = 0;
  for (size_t i = 0; i < r->n_headers; i++) {
    if (strcasecmp(r->headers[i].name, name) == 0) {
      free(r->headers[i].name);
      free(r->headers[i].value);
      continue;
    }
    r->headers[out++] = r->headers[i];
  }
  r->n_headers = out;
}

/* ---- response collection -------------------------------------------------------------- */

void http_xfer_reset_response(http_xfer_t *x) {
  http_headers_free(x->headers, x->n_headers);
  x->headers = NULL;
  x->n_headers = x->cap_headers = 0;
  free(x->status_text);
  x->status_text = NULL;
  x->status = 0;
  x->headers_done = false;
  sbuf_reset(&x->body);
  free(x->too_large);
  x->too_large = NULL;
  x->errbuf[0] = '\0';
}

/* "50 MB (52428800 bytes)": a limit as a person reads it and as it was configured. */
static char *http_size_text(size_t n) {
  if (n >= 1024 * 1024 && n % (1024 * 1024) == 0)
    return xasprintf("%zu MB (%zu bytes)", n / (1024 * 1024), n);
  return xasprintf("%zu bytes", n);
}

/* Refuses the body: returning anything but the size given makes curl abort the transfer
 * with CURLE_WRITE_ERROR, which http_xfer_finish reports as x->too_large. */
static size_t http_refuse_body(http_xfer_t *x, const char *what) {
  char *limit = http_size_text(x->req.max_body_size);
  free(x->too_large);
  x->too_large = xasprintf("the response body exceeds maxBodySize of %s: %s", limit, what);
  free(limit);
  return 0;
}

static size_t http_on_body(char *data, size_t size, size_t n, void *userp) {
  http_xfer_t *x = userp;
  size_t len = size * n, max = x->req.max_body_size;
  if (max && len > max - (x->body.len < max ? x->body.len : max))
    return len ? http_refuse_body(x, "more than that arrived") : 0;
  sbuf_append(&x->body, data, len);
  return len;
}

/* At the end of a final response's headers: a Content-Length over the limit fails the
 * exchange before any of the body is read; one within it is reserved at once, so the body
 * is not copied as it grows (decoded bodies may still outgrow it). */
static size_t http_on_headers_end(http_xfer_t *x, size_t len) {
  const char *cl = NULL;
  bool encoded = false;
  for (size_t i = 0; i < x->n_headers; i++) {
    if (strcasecmp(x->headers[i].name, "Content-Length") == 0) cl = x->headers[i].value;
    /* The length is then the encoded size: only the decoded bytes are held to the limit. */
    if (strcasecmp(x->headers[i].name, "Content-Encoding") == 0 &&
        strcasecmp(x->headers[i].value, "identity") != 0)
      encoded = x->req.decode;
  }
  long status = x->status;
  bool has_body = status >= 200 && status != 204 && status != 304 &&
                  !(status >= 300 && status < 400) && strcmp(x->req.method, "HEAD") != 0;
  if (!cl || !has_body) return len;
  char *end;
  errno = 0;
  unsigned long long n = strtoull(cl, &end, 10);
  if (errno || end == cl || *end) return len;
  size_t max = x->req.max_body_size;
  if (max && n > max && !encoded) {
    char *what = xasprintf("Content-Length is %llu", n);
    http_refuse_body(x, what);
    free(what);
    return 0;
  }
  if (n > x->body.len && n < SIZE_MAX / 2) sbuf_reserve(&x->body, (size_t)n - x->body.len);
  return len;
}

static const char *http_trim(const char *s, const char *e, const char **end) {
  while (s < e && (*s == ' ' || *s == '\t')) s++;
  while (e > s && (e[-1] == ' ' || e[-1] == '\t')) e--;
  *end = e;
  return s;
}

/* "HTTP/1.1 404 Not Found" or curl's "HTTP/2 200 " for HTTP/2: a new response starts, so
 * whatever headers came before (1xx, a proxy's CONNECT reply) are not the final ones. */
static void http_on_status_line(http_xfer_t *x, const char *p, const char *e) {
  http_headers_free(x->headers, x->n_headers);
  x->headers = NULL;
  x->n_headers = x->cap_headers = 0;
  free(x->status_text);
  x->status = http_status_line(p, (size_t)(e - p), &x->status_text);
  x->headers_done = false;
}

static size_t http_on_header(char *data, size_t size, size_t n, void *userp) {
  http_xfer_t *x = userp;
  size_t len = size * n;
  const char *e = data + len;
  while (e > data && (e[-1] == '\r' || e[-1] == '\n')) e--;

  if (e - data >= 5 && memcmp(data, "HTTP/", 5) == 0) {
    http_on_status_line(x, data, e);
    return len;
  }
  if (e == data) {
    x->headers_done = true;
    return x->status >= 200 ? http_on_headers_end(x, len) : len;
  }
  /* Lines after the blank line that ends the final header block are chunked trailers,
   * which are not response headers. */
  if (x->headers_done) return len;

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
  if (!colon) return len;
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

/* curl's informational lines, for http_client_set_debug. Headers and data are left out:
 * the api layer logs those itself, masked. */
static int http_on_debug(CURL *easy, curl_infotype type, char *data, size_t size, void *userp) {
  http_xfer_t *x = userp;
  http_client_t *c = x->client;
  if (type != CURLINFO_TEXT || !c->debug) return 0;
  while (size > 0 && (data[size - 1] == '\n' || data[size - 1] == '\r')) size--;
  char *line = xstrndup(data, size);
  c->debug(x->id, line, c->debug_ud);
  free(line);
  return 0;
}

/* ---- errors --------------------------------------------------------------------------- */

http_error_t http_classify(CURLcode rc, long os_errno, const char **code) {
  switch (rc) {
  case CURLE_OPERATION_TIMEDOUT: *code = "ETIMEDOUT"; return HTTP_ERR_TIMEOUT;
  case CURLE_URL_MALFORMAT:
  case CURLE_UNSUPPORTED_PROTOCOL:
  case CURLE_BAD_FUNCTION_ARGUMENT: *code = "EINVAL"; return HTTP_ERR_INVALID;
  case CURLE_COULDNT_RESOLVE_HOST:
  case CURLE_COULDNT_RESOLVE_PROXY: *code = "ENOTFOUND"; return HTTP_ERR_NETWORK;
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
  case CURLE_HTTP3: *code = "ECONNRESET"; return HTTP_ERR_NETWORK;
  case CURLE_PEER_FAILED_VERIFICATION:
  case CURLE_SSL_CACERT_BADFILE:
  case CURLE_SSL_ISSUER_ERROR:
  case CURLE_SSL_PINNEDPUBKEYNOTMATCH:
  case CURLE_SSL_INVALIDCERTSTATUS:
  case CURLE_SSL_CRL_BADFILE: *code = "CERT_INVALID"; return HTTP_ERR_NETWORK;
  case CURLE_SSL_CONNECT_ERROR:
  case CURLE_SSL_CERTPROBLEM:
  case CURLE_SSL_CIPHER:
  case CURLE_SSL_ENGINE_NOTFOUND:
  case CURLE_SSL_ENGINE_SETFAILED:
  case CURLE_SSL_ENGINE_INITFAILED:
  case CURLE_SSL_SHUTDOWN_FAILED:
  case CURLE_USE_SSL_FAILED:
  case CURLE_WEIRD_SERVER_REPLY:
  case CURLE_BAD_CONTENT_ENCODING: *code = "EPROTO"; return HTTP_ERR_NETWORK;
  default: *code = "EIO"; return HTTP_ERR_NETWORK;
  }
}

/* curl's error buffer says the most ("Failed to connect to 127.0.0.1 port 1 after 0 ms:
 * Couldn't connect to server") but is empty for some codes and never names the errno. */
char *http_error_message(CURLcode rc, const char *errbuf, long os_errno, const char *url) {
  sbuf_t m = SBUF_INIT;
  /* curl's words for these describe its state, not what the server did. */
  if (rc == CURLE_PARTIAL_FILE)
    sbuf_puts(&m, "the server closed the connection before the whole body arrived: ");
  else if (rc == CURLE_GOT_NOTHING)
    sbuf_puts(&m, "the server closed the connection without a response: ");
  size_t n = strlen(errbuf);
  while (n > 0 && isspace((unsigned char)errbuf[n - 1])) n--;
  if (n > 0) sbuf_append(&m, errbuf, n);
  else sbuf_puts(&m, curl_easy_strerror(rc));
  const char *why = os_errno != 0 ? strerror((int)os_errno) : NULL;
  if (why && !strstr(sbuf_cstr(&m), why)) sbuf_printf(&m, " (%s)", why);
  if (rc == CURLE_URL_MALFORMAT) sbuf_printf(&m, ": \"%s\"", url);
  return sbuf_take(&m);
}

/* ---- setup ---------------------------------------------------------------------------- */

/* RFC 9110 token: methods and header names. Anything else could split the request line or
 * a header line, so it is refused rather than sent. */
static bool http_is_token(const char *s) {
  if (!s || !*s) return false;
  for (; *s; s++) {
    unsigned char ch = (unsigned char)*s;
    if (!isalnum(ch) && !strchr("!#$%&'*+-.^_`|~", ch)) return false;
  }
  return true;
}

static bool http_is_field_value(const char *s) { return strpbrk(s, "\r\n") == NULL; }

/* Adds one line to the request's header list; false when curl could not allocate it. */
static bool http_add_header(http_xfer_t *x, const char *name, const char *value) {
  /* curl reads "Name:" as "drop this header" and "Name;" as "send it empty". */
  char *line = value ? (*value ? xasprintf("%s: %s", name, value) : xasprintf("%s;", name))
                     : xasprintf("%s:", name);
  struct curl_slist *l = curl_slist_append(x->req_headers, line);
  free(line);
  if (!l) return false;
  x->req_headers = l;
  return true;
}

/* The cookie jar is one CURLSH shared by the easy handles that want cookies. The client
 * runs on one thread, so the share needs no lock callbacks. */
static char *http_share_cookies(http_xfer_t *x) {
  http_client_t *c = x->client;
  if (!c->share) {
    CURLSH *sh = curl_share_init();
    if (!sh) return xstrdup("curl_share_init failed");
    CURLSHcode sc = curl_share_setopt(sh, CURLSHOPT_SHARE, CURL_LOCK_DATA_COOKIE);
    if (sc != CURLSHE_OK) {
      curl_share_cleanup(sh);
      return xasprintf("curl_share_setopt(CURL_LOCK_DATA_COOKIE): %s", curl_share_strerror(sc));
    }
    c->share = sh;
  }
  return NULL;
}

#define HTTP_SETOPT(x, opt, val)                                                   \
  do {                                                                             \
    CURLcode rc_ = curl_easy_setopt((x)->easy, opt, val);                          \
    if (rc_ != CURLE_OK)                                                           \
      return xasprintf("curl_easy_setopt(" #opt "): %s", curl_easy_strerror(rc_)); \
  } while (0)

char *http_xfer_setup(http_xfer_t *x) {
  const http_xreq_t *req = &x->req;
  const char *method = req->method;
  if (!http_is_token(method)) return xasprintf("invalid HTTP method \"%s\"", method);
  if (!*req->url) return xstrdup("missing URL");

  curl_slist_free_all(x->req_headers);
  x->req_headers = NULL;
  bool has_expect = false, has_content_type = false;
  for (size_t i = 0; i < req->n_headers; i++) {
    const http_header_t *h = &req->headers[i];
    if (!http_is_token(h->name)) return xasprintf("invalid header name \"%s\"", h->name);
    if (!http_is_field_value(h->value))
      return xasprintf("invalid value for header \"%s\" (CR or LF)", h->name);
    has_expect |= strcasecmp(h->name, "Expect") == 0;
    has_content_type |= strcasecmp(h->name, "Content-Type") == 0;
    if (!http_add_header(x, h->name, h->value)) return xstrdup("curl_slist_append failed");
  }
  /* curl would add "Expect: 100-continue" to large bodies (and wait up to a second for
   * the 100) and label every body application/x-www-form-urlencoded; neither was asked
   * for. Its default Accept (any type) stays: curl only sends it when the caller gave none. */
  if (!has_expect && !http_add_header(x, "Expect", NULL))
    return xstrdup("curl_slist_append failed");
  if (!has_content_type && !http_add_header(x, "Content-Type", NULL))
    return xstrdup("curl_slist_append failed");

  long remaining_ms = 0;
  if (x->deadline_ns) {
    uint64_t now = uv_hrtime();
    /* Never 0 here: to curl 0 means "no timeout". */
    remaining_ms = now >= x->deadline_ns ? 1 : (long)((x->deadline_ns - now + 999999) / 1000000);
  }

  if (x->easy) curl_easy_cleanup(x->easy);
  x->easy = curl_easy_init();
  if (!x->easy) return xstrdup("curl_easy_init failed");
  HTTP_SETOPT(x, CURLOPT_PRIVATE, (void *)x);
  HTTP_SETOPT(x, CURLOPT_ERRORBUFFER, x->errbuf);
  HTTP_SETOPT(x, CURLOPT_URL, req->url);
  HTTP_SETOPT(x, CURLOPT_PROTOCOLS_STR, "http,https");
  HTTP_SETOPT(x, CURLOPT_NOSIGNAL, 1L);
  HTTP_SETOPT(x, CURLOPT_TCP_KEEPALIVE, 1L);
  /* Redirects are followed by http_xfer_redirect, never by curl (see the top comment). */
  HTTP_SETOPT(x, CURLOPT_FOLLOWLOCATION, 0L);
  /* HTTP/2 only where TLS negotiates it (ALPN); cleartext stays HTTP/1.1, no h2c upgrade. */
  HTTP_SETOPT(x, CURLOPT_HTTP_VERSION,
              (long)(req->http1 ? CURL_HTTP_VERSION_1_1 : CURL_HTTP_VERSION_2TLS));
  HTTP_SETOPT(x, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1L);
  HTTP_SETOPT(x, CURLOPT_HTTPHEADER, x->req_headers);
  HTTP_SETOPT(x, CURLOPT_HEADERFUNCTION, http_on_header);
  HTTP_SETOPT(x, CURLOPT_HEADERDATA, (void *)x);
  HTTP_SETOPT(x, CURLOPT_WRITEFUNCTION, http_on_body);
  HTTP_SETOPT(x, CURLOPT_WRITEDATA, (void *)x);
  HTTP_SETOPT(x, CURLOPT_TIMEOUT_MS, remaining_ms);
  if (req->decode)
    HTTP_SETOPT(x, CURLOPT_ACCEPT_ENCODING, ""); /* "": every encoding curl was built with */
  if (req->insecure) {
    HTTP_SETOPT(x, CURLOPT_SSL_VERIFYPEER, 0L);
    HTTP_SETOPT(x, CURLOPT_SSL_VERIFYHOST, 0L);
  }
  if (req->proxy) {
    HTTP_SETOPT(x, CURLOPT_PROXY, req->proxy);
    if (req->no_proxy) HTTP_SETOPT(x, CURLOPT_NOPROXY, req->no_proxy);
  }
  if (req->cookies) {
    char *why = http_share_cookies(x);
    if (why) return why;
    HTTP_SETOPT(x, CURLOPT_SHARE, x->client->share);
    HTTP_SETOPT(x, CURLOPT_COOKIEFILE, ""); /* "": start the cookie engine, read no file */
  }
  if (x->client->debug) {
    HTTP_SETOPT(x, CURLOPT_DEBUGFUNCTION, http_on_debug);
    HTTP_SETOPT(x, CURLOPT_DEBUGDATA, (void *)x);
    HTTP_SETOPT(x, CURLOPT_VERBOSE, 1L);
  }

  bool is_head = strcmp(method, "HEAD") == 0;
  const char *body = req->body;
  /* Methods that define a body get "Content-Length: 0" without one (RFC 9110 8.6). */
  if (!body && (!strcmp(method, "POST") || !strcmp(method, "PUT") || !strcmp(method, "PATCH")))
    body = "";
  if (is_head) {
    /* NOBODY, not CUSTOMREQUEST: only then does curl stop waiting for the body that the
     * Content-Length of a HEAD response announces. A body given with HEAD is dropped. */
    HTTP_SETOPT(x, CURLOPT_NOBODY, 1L);
  } else if (body) {
    /* Not copied: x->req outlives the easy handle. The size goes first so that curl takes
     * body_len bytes, NULs included, rather than strlen(body). */
    HTTP_SETOPT(x, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)(req->body ? req->body_len : 0));
    HTTP_SETOPT(x, CURLOPT_POSTFIELDS, body);
    if (strcmp(method, "POST") != 0) HTTP_SETOPT(x, CURLOPT_CUSTOMREQUEST, method);
  } else {
    HTTP_SETOPT(x, CURLOPT_HTTPGET, 1L);
    if (strcmp(method, "GET") != 0) HTTP_SETOPT(x, CURLOPT_CUSTOMREQUEST, method);
  }
  return NULL;
}

/* ---- redirects ------------------------------------------------------------------------ */

static const char *http_find_header(const http_xfer_t *x, const char *name) {
  for (size_t i = 0; i < x->n_headers; i++) {
    if (strcasecmp(x->headers[i].name, name) == 0) return x->headers[i].value;
  }
  return NULL;
}

/* scheme://host:port of a URL, lower-cased by curl, port filled in; NULL when unparsable. */
static char *http_origin(const char *url) {
  CURLU *u = curl_url();
  if (!u) return NULL;
  char *scheme = NULL, *host = NULL, *port = NULL, *origin = NULL;
  if (curl_url_set(u, CURLUPART_URL, url, 0) == CURLUE_OK &&
      curl_url_get(u, CURLUPART_SCHEME, &scheme, 0) == CURLUE_OK &&
      curl_url_get(u, CURLUPART_HOST, &host, 0) == CURLUE_OK &&
      curl_url_get(u, CURLUPART_PORT, &port, CURLU_DEFAULT_PORT) == CURLUE_OK)
    origin = xasprintf("%s://%s:%s", scheme, host, port);
  curl_free(scheme);
  curl_free(host);
  curl_free(port);
  curl_url_cleanup(u);
  return origin;
}

/* `location` resolved against `base` (it may be relative); NULL when it is no URL. */
static char *http_resolve(const char *base, const char *location) {
  CURLU *u = curl_url();
  if (!u) return NULL;
  char *out = NULL, *joined = NULL;
  if (curl_url_set(u, CURLUPART_URL, base, 0) == CURLUE_OK &&
      curl_url_set(u, CURLUPART_URL, location, CURLU_URLENCODE) == CURLUE_OK &&
      curl_url_get(u, CURLUPART_URL, &joined, 0) == CURLUE_OK)
    out = xstrdup(joined);
  curl_free(joined);
  curl_url_cleanup(u);
  return out;
}

http_follow_t http_xfer_redirect(http_xfer_t *x, char **why) {
  http_xreq_t *r = &x->req;
  long status = x->status;
  bool redirect = status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
  const char *location = redirect ? http_find_header(x, "Location") : NULL;
  if (r->max_redirects <= 0 || !location || !*location) return HTTP_FOLLOW_NONE;
  if (x->redirects >= r->max_redirects) {
    *why = xasprintf("Maximum number of redirects exceeded (%d) at %s", r->max_redirects, r->url);
    return HTTP_FOLLOW_ERROR;
  }
  char *next = http_resolve(r->url, location);
  if (!next || (strncasecmp(next, "http://", 7) != 0 && strncasecmp(next, "https://", 8) != 0)) {
    *why = xasprintf("Redirect from %s to an unsupported location \"%s\"", r->url, location);
    free(next);
    return HTTP_FOLLOW_ERROR;
  }

  /* fetch (and browsers): 303 continues as GET (HEAD stays HEAD), and so do 301 and 302
   * after a POST; the body and the headers that describe it go. 307/308 keep everything. */
  bool to_get = (status == 303 && strcmp(r->method, "HEAD") != 0) ||
                ((status == 301 || status == 302) && strcmp(r->method, "POST") == 0);
  if (to_get) {
    free(r->method);
    r->method = xstrdup("GET");
    free(r->body);
    r->body = NULL;
    r->body_len = 0;
    static const char *const body_headers[] = {"Content-Type", "Content-Length", "Content-Encoding",
                                               "Content-Language", "Content-Location"};
    for (size_t i = 0; i < sizeof(body_headers) / sizeof(body_headers[0]); i++)
      http_xreq_drop_header(r, body_headers[i]);
  }
  /* Credentials meant for one origin must not travel to another. */
  char *from = http_origin(r->url), *to = http_origin(next);
  if (!from || !to || strcmp(from, to) != 0) {
    http_xreq_drop_header(r, "Authorization");
    http_xreq_drop_header(r, "Cookie");
  }
  free(from);
  free(to);
  free(r->url);
  r->url = next;
  x->redirects++;
  return HTTP_FOLLOW_RESTART;
}
