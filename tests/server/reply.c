/* sonde-testserver: building and queueing responses, plus the small utilities every
 * route needs (aborting allocators, UTF-8-safe JSON strings, strict number parsing).
 *
 * Memory: the reply helpers take the json_t they are handed; MHD owns a response's
 * bytes once it is created (copied, or freed by MHD through the free callback). */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server.h"

static void srv_oom(void) {
  fputs("sonde-testserver: out of memory\n", stderr);
  abort();
}

void *srv_xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p) srv_oom();
  return p;
}

void *srv_xrealloc(void *p, size_t n) {
  void *q = realloc(p, n ? n : 1);
  if (!q) srv_oom();
  return q;
}

char *srv_xstrdup(const char *s) {
  size_t n = strlen(s) + 1;
  return memcpy(srv_xmalloc(n), s, n);
}

json_t *srv_jcheck(json_t *v) {
  if (!v) srv_oom();
  return v;
}

void srv_jset(json_t *obj, const char *key, json_t *value) {
  /* Keys are literals or went through srv_json_string, so only allocation can fail. */
  if (json_object_set_new(obj, key, srv_jcheck(value)) != 0) srv_oom();
}

void srv_jappend(json_t *arr, json_t *value) {
  if (json_array_append_new(arr, srv_jcheck(value)) != 0) srv_oom();
}

void srv_lock(pthread_mutex_t *m) {
  if (pthread_mutex_lock(m) != 0) abort();
}

void srv_unlock(pthread_mutex_t *m) {
  if (pthread_mutex_unlock(m) != 0) abort();
}

/* Length of the well-formed UTF-8 sequence at p (RFC 3629: no overlongs, no surrogates,
 * nothing above U+10FFFF), or 0 when the byte there starts none. */
static size_t srv_utf8_len(const unsigned char *p, size_t avail) {
  unsigned c = p[0], cp;
  size_t len;
  if (c < 0x80) return 1;
  if (c >= 0xC2 && c <= 0xDF) {
    len = 2;
    cp = c & 0x1F;
  } else if (c >= 0xE0 && c <= 0xEF) {
    len = 3;
    cp = c & 0x0F;
  } else if (c >= 0xF0 && c <= 0xF4) {
    len = 4;
    cp = c & 0x07;
  } else {
    return 0;
  }
  if (avail < len) return 0;
  for (size_t i = 1; i < len; i++) {
    if ((p[i] & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (p[i] & 0x3F);
  }
  if (len == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) return 0;
  if (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) return 0;
  return len;
}

json_t *srv_json_string(const char *s, size_t n) {
  json_t *str = json_stringn(s, n);
  if (str) return str;
  /* Rare path (or out of memory): copy, replacing each bad byte by U+FFFD (3 bytes). */
  if (n > (SIZE_MAX - 1) / 3) srv_oom();
  char *clean = srv_xmalloc(n * 3 + 1);
  size_t o = 0;
  for (size_t i = 0; i < n;) {
    size_t len = srv_utf8_len((const unsigned char *)s + i, n - i);
    if (len) {
      memcpy(clean + o, s + i, len);
      o += len;
      i += len;
    } else {
      memcpy(clean + o, "\xEF\xBF\xBD", 3);
      o += 3;
      i++;
    }
  }
  str = json_stringn(clean, o);
  free(clean);
  return srv_jcheck(str);
}

bool srv_parse_ulong(const char *s, unsigned long max, unsigned long *out) {
  unsigned long v = 0;
  if (!s || !*s) return false;
  for (; *s; s++) {
    if (*s < '0' || *s > '9') return false;
    unsigned long d = (unsigned long)(*s - '0');
    if (v > max / 10 || (v == max / 10 && d > max % 10)) return false;
    v = v * 10 + d;
  }
  *out = v;
  return true;
}

bool srv_is_method(const srv_request_t *req, const char *method) {
  return strcmp(req->method, method) == 0;
}

bool srv_is_get(const srv_request_t *req) {
  return srv_is_method(req, "GET") || srv_is_method(req, "HEAD");
}

struct MHD_Response *srv_response_header(struct MHD_Response *resp, const char *name,
                                         const char *value) {
  if (!resp) return NULL;
  if (MHD_add_response_header(resp, name, value) != MHD_YES) {
    MHD_destroy_response(resp);
    return NULL;
  }
  return resp;
}

struct MHD_Response *srv_response_bytes(const char *content_type, const char *data, size_t len) {
  /* Nothing to copy for an empty body; MHD never writes through the pointer. */
  struct MHD_Response *resp = MHD_create_response_from_buffer(
      len, len ? (void *)data : (void *)"", len ? MHD_RESPMEM_MUST_COPY : MHD_RESPMEM_PERSISTENT);
  return srv_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, content_type);
}

struct MHD_Response *srv_response_json(json_t *body) {
  if (!body) return srv_response_bytes("application/json", "", 0);
  char *text = json_dumps(body, JSON_COMPACT | JSON_ENCODE_ANY);
  json_decref(body);
  if (!text) srv_oom();
  /* json_dumps escapes NUL, so strlen is the full length. */
  struct MHD_Response *resp =
      MHD_create_response_from_buffer_with_free_callback(strlen(text), text, free);
  if (!resp) {
    free(text);
    return NULL;
  }
  return srv_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, "application/json");
}

enum MHD_Result srv_queue(srv_request_t *req, unsigned status, struct MHD_Response *resp) {
  srv_request_done(req);
  if (!resp) return MHD_NO;
  enum MHD_Result ret = MHD_queue_response(req->conn, status, resp);
  MHD_destroy_response(resp);
  return ret;
}

enum MHD_Result srv_reply_json(srv_request_t *req, unsigned status, json_t *body) {
  return srv_queue(req, status, srv_response_json(body));
}

/* The {"code","message"} body of every error; the message may hold client-sent bytes
 * (paths, methods), hence srv_json_string. */
static struct MHD_Response *srv_error_response(const char *code, const char *fmt, va_list ap) {
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  if (n < 0) return NULL;
  char *message = srv_xmalloc((size_t)n + 1);
  vsnprintf(message, (size_t)n + 1, fmt, ap);

  json_t *body = srv_jcheck(json_object());
  srv_jset(body, "code", json_string(code));
  srv_jset(body, "message", srv_json_string(message, (size_t)n));
  free(message);
  return srv_response_json(body);
}

static struct MHD_Response *srv_error_responsef(const char *code, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static struct MHD_Response *srv_error_responsef(const char *code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  struct MHD_Response *resp = srv_error_response(code, fmt, ap);
  va_end(ap);
  return resp;
}

enum MHD_Result srv_reply_error(srv_request_t *req, unsigned status, const char *code,
                                const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  struct MHD_Response *resp = srv_error_response(code, fmt, ap);
  va_end(ap);
  return srv_queue(req, status, resp);
}

enum MHD_Result srv_reply_bad_method(srv_request_t *req, const char *allow) {
  struct MHD_Response *resp = srv_error_responsef(
      "METHOD_NOT_ALLOWED", "Method %s not allowed on %s", req->method, req->path);
  return srv_queue(req, MHD_HTTP_METHOD_NOT_ALLOWED,
                   srv_response_header(resp, MHD_HTTP_HEADER_ALLOW, allow));
}
