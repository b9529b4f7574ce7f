/* api_har: HAR 1.2 recording of a client's exchanges (wdio-api-runner's startRecording,
 * stopRecording, getHar, isRecording). Each attempt that goes out while its client records
 * becomes an entry: the request as sent (headers after the interceptors, the body as
 * serialized), the response as received (before any response interceptor), timings and
 * the HTTP version; an attempt that got no response (refused, timed out) is an entry with
 * status 0 and an `_error` field. stopRecording writes `har-logs/<name>.har` (relative to
 * the working directory, as that project does) through a temporary file, so a reader never
 * sees half a file; when it cannot, the recording goes on with nothing lost.
 *
 * Secrets: values of masked headers are "****" in the entries, and the document handed out
 * (file or getHar) is passed through secret_mask_json, so a token in a URL, a body or a
 * header the masking list misses is masked as everywhere else.
 *
 * Memory: a client's api_har_t owns its name and entries (json); a call keeps the request
 * half of its attempt in flight (json, owned) until the response completes it. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/time.h>
#include <time.h>

#include "api/api_internal.h"
#include "common/fsutil.h"
#include "common/percent.h"
#include "js/jsbytes.h"

#define API_HAR_DIR      "har-logs"
/* Bodies beyond this are cut (the entry says how big they were): a HAR is for reading. */
#define API_HAR_BODY_MAX (1024 * 1024)

double api_har_now_ms(void) {
  struct timeval tv;
  gettimeofday(&tv, NULL);
  return (double)tv.tv_sec * 1000.0 + (double)tv.tv_usec / 1000.0;
}

static json_t *iso_time(double ms) {
  time_t secs = (time_t)(ms / 1000.0);
  struct tm tm;
  char buf[40];
  if (!gmtime_r(&secs, &tm)) return json_string("1970-01-01T00:00:00.000Z");
  size_t n = strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &tm);
  snprintf(buf + n, sizeof buf - n, ".%03dZ", (int)fmod(ms, 1000.0));
  return json_string(buf);
}

/* A form- or query-encoded piece, decoded; invalid UTF-8 is kept as it was encoded. */
static json_t *decoded(const char *s, size_t n) {
  size_t k;
  char *out = percent_decode(s, n, PERCENT_PLUS | PERCENT_NUL, &k);
  json_t *v = json_stringn(out, k);
  free(out);
  if (!v) v = json_stringn(s, n);
  return v ? v : json_string("");
}

/* name=value pairs of a query string or form body as HAR's [{name, value}]. */
static json_t *pairs(const char *s, size_t len) {
  json_t *out = json_array();
  for (size_t i = 0; i < len;) {
    size_t end = i;
    while (end < len && s[end] != '&') end++;
    size_t eq = i;
    while (eq < end && s[eq] != '=') eq++;
    if (end > i)
      json_array_append_new(
          out, json_pack("{s:o, s:o}", "name", decoded(s + i, eq - i), "value",
                         eq < end ? decoded(s + eq + 1, end - eq - 1) : json_string("")));
    i = end + 1;
  }
  return out;
}

static json_t *query_of(const char *url) {
  const char *q = strchr(url, '?');
  if (!q) return json_array();
  const char *hash = strchr(q, '#');
  return pairs(q + 1, hash ? (size_t)(hash - q - 1) : strlen(q + 1));
}

/* A header list as HAR headers (masked ones "****") and its cookies ("Cookie" pairs). */
static json_t *headers_of(const api_config_t *cfg, const http_header_t *h, size_t n,
                          json_t **cookies, int *size) {
  json_t *out = json_array();
  *cookies = json_array();
  *size = 2;
  for (size_t i = 0; i < n; i++) {
    bool masked = api_secret_header(cfg, h[i].name);
    json_t *name = json_string(h[i].name), *value = json_string(h[i].value);
    if (!name) name = json_string("");
    if (!value || masked) {
      json_decref(value);
      value = json_string("****");
    }
    json_array_append_new(out, json_pack("{s:o, s:o}", "name", name, "value", value));
    *size += (int)(strlen(h[i].name) + strlen(h[i].value) + 4);
    if (strcasecmp(h[i].name, "cookie") != 0) continue;
    for (const char *p = h[i].value; *p;) {
      while (*p == ' ' || *p == ';') p++;
      const char *end = strchr(p, ';');
      size_t len = end ? (size_t)(end - p) : strlen(p);
      const char *eq = memchr(p, '=', len);
      if (eq && eq > p) {
        json_t *cn = json_stringn(p, (size_t)(eq - p));
        if (cn)
          json_array_append_new(*cookies, json_pack("{s:o, s:s}", "name", cn, "value", "****"));
      }
      p += len;
    }
  }
  return out;
}

static const char *header_value(const http_header_t *h, size_t n, const char *name) {
  for (size_t i = 0; i < n; i++)
    if (strcasecmp(h[i].name, name) == 0) return h[i].value;
  return NULL;
}

/* A body as HAR text: UTF-8 as it is, anything else base64 (*base64 set); cut at the max. */
static json_t *body_text(const char *body, size_t len, bool *base64) {
  size_t n = len;
  if (n > API_HAR_BODY_MAX) {
    /* On a character boundary (else the text would go out as base64), never through a
     * secret (its first part would escape masking). */
    n = API_HAR_BODY_MAX;
    while (n > 0 && ((unsigned char)body[n] & 0xC0) == 0x80) n--;
    n = secret_safe_cut(body, len, n);
  }
  json_t *text = json_stringn(body, n);
  *base64 = false;
  if (text) return text;
  /* Masked before it is encoded: in base64 no secret could be recognised any more. */
  size_t masked_len = n, out_len;
  char *masked = secret_mask(body, n, &masked_len);
  char *b64 = js_base64_encode((const unsigned char *)(masked ? masked : body), masked_len, false,
                               &out_len);
  free(masked);
  text = json_stringn(b64, out_len);
  free(b64);
  *base64 = true;
  return text;
}

static json_t *mime_of(const char *content_type) {
  if (!content_type) return json_string("application/octet-stream");
  size_t n = strcspn(content_type, ";");
  while (n > 0 && content_type[n - 1] == ' ') n--;
  json_t *v = json_stringn(content_type, n);
  return v ? v : json_string("application/octet-stream");
}

json_t *api_har_request(const api_config_t *cfg, const char *method, const char *url,
                        const http_header_t *h, size_t n, const char *body, size_t len) {
  json_t *cookies;
  int headers_size;
  json_t *headers = headers_of(cfg, h, n, &cookies, &headers_size);
  json_t *u = json_string(url);
  json_t *req = json_pack("{s:s, s:o, s:s, s:o, s:o, s:o, s:i, s:i}", "method", method, "url",
                          u ? u : json_string(""), "httpVersion", "HTTP/1.1", "cookies", cookies,
                          "headers", headers, "queryString", query_of(url), "headersSize",
                          headers_size, "bodySize", (int)len);
  if (body && len) {
    const char *ct = header_value(h, n, "content-type");
    bool base64;
    json_t *post =
        json_pack("{s:o, s:o}", "mimeType", mime_of(ct), "text", body_text(body, len, &base64));
    if (base64) json_object_set_new(post, "_encoding", json_string("base64"));
    if (ct && strncasecmp(ct, "application/x-www-form-urlencoded", 33) == 0)
      json_object_set_new(post, "params", pairs(body, len));
    json_object_set_new(req, "postData", post);
  }
  return req;
}

static const char *version_name(int v) {
  return v == 10 ? "HTTP/1.0" : v == 20 ? "HTTP/2" : v == 30 ? "HTTP/3" : "HTTP/1.1";
}

void api_har_add(api_har_t *har, const api_config_t *cfg, json_t *request, double started_ms,
                 const http_response_t *res) {
  if (!har->recording) {
    json_decref(request);
    return;
  }
  double time = res->duration_ms > 0 ? round(res->duration_ms * 1000) / 1000 : 0;
  json_t *response;
  if (res->error == HTTP_OK) {
    json_t *cookies;
    int headers_size;
    json_t *headers = headers_of(cfg, res->headers, res->n_headers, &cookies, &headers_size);
    const char *ct = header_value(res->headers, res->n_headers, "content-type");
    const char *location = header_value(res->headers, res->n_headers, "location");
    json_t *content =
        json_pack("{s:I, s:o}", "size", (json_int_t)res->body_len, "mimeType", mime_of(ct));
    if (res->body_len) {
      bool base64;
      json_object_set_new(content, "text", body_text(res->body, res->body_len, &base64));
      if (base64) json_object_set_new(content, "encoding", json_string("base64"));
    }
    json_object_set_new(request, "httpVersion", json_string(version_name(res->http_version)));
    response =
        json_pack("{s:i, s:s, s:s, s:o, s:o, s:o, s:s, s:i, s:I}", "status", (int)res->status,
                  "statusText", res->status_text ? res->status_text : "", "httpVersion",
                  version_name(res->http_version), "cookies", cookies, "headers", headers,
                  "content", content, "redirectURL", location ? location : "", "headersSize",
                  headers_size, "bodySize", (json_int_t)res->wire_size);
  } else {
    response =
        json_pack("{s:i, s:s, s:s, s:[], s:[], s:{s:i, s:s}, s:s, s:i, s:i, s:s}", "status", 0,
                  "statusText", "", "httpVersion", "HTTP/1.1", "cookies", "headers", "content",
                  "size", 0, "mimeType", "x-unknown", "redirectURL", "", "headersSize", -1,
                  "bodySize", -1, "_error", res->error_message ? res->error_message : "error");
  }
  json_t *entry = json_pack("{s:o, s:f, s:o, s:o, s:{}, s:{s:i, s:i, s:i, s:f, s:i}}",
                            "startedDateTime", iso_time(started_ms), "time", time, "request",
                            request, "response", response, "cache", "timings", "blocked", -1, "dns",
                            -1, "connect", -1, "wait", time, "send", 0);
  json_object_set_new(json_object_get(entry, "timings"), "receive", json_integer(0));
  json_array_append_new(har->entries, entry);
}

/* The HAR document of the entries so far, secrets masked; a new reference. */
static json_t *har_document(const api_har_t *har) {
  json_t *doc =
      json_pack("{s:{s:s, s:{s:s, s:s}, s:O}}", "log", "version", "1.2", "creator", "name", "sonde",
                "version", SONDE_VERSION, "entries", har->entries ? har->entries : json_array());
  json_t *copy = json_deep_copy(doc);
  json_decref(doc);
  secret_mask_json(copy);
  return copy;
}

int api_har_start(api_har_t *har, const char *name, sbuf_t *err) {
  if (name && (!*name || strstr(name, "..") || name[0] == '/')) {
    sbuf_printf(err, "startRecording(name): the name must be a file name under %s/, not \"%s\"",
                API_HAR_DIR, name);
    return -1;
  }
  if (har->recording) { /* as that project: a second start only renames */
    if (name) {
      free(har->name);
      har->name = xstrdup(name);
    }
    return 0;
  }
  har->recording = true;
  free(har->name);
  har->name = name ? xstrdup(name) : xasprintf("har-%.0f", api_har_now_ms());
  json_decref(har->entries);
  har->entries = json_array();
  return 0;
}

char *api_har_stop(api_har_t *har, sbuf_t *err) {
  if (!har->recording) {
    sbuf_puts(err, "Not currently recording");
    return NULL;
  }
  char *path = xasprintf("%s/%s.har", API_HAR_DIR, har->name);
  json_t *doc = har_document(har);
  char *text = json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
  json_decref(doc);
  char *dir = fs_dirname(path);
  int rc = text && fs_mkdir_p(dir) == 0 ? fs_write_file_atomic(path, text, strlen(text)) : -1;
  int e = errno;
  free(dir);
  free(text);
  if (rc != 0) {
    sbuf_printf(err, "stopRecording: cannot write %s: %s (still recording)", path, strerror(e));
    free(path);
    return NULL;
  }
  har->recording = false;
  free(har->name);
  har->name = NULL;
  json_decref(har->entries);
  har->entries = NULL;
  return path;
}

json_t *api_har_get(const api_har_t *har) { return har_document(har); }

void api_har_free(api_har_t *har) {
  free(har->name);
  json_decref(har->entries);
  memset(har, 0, sizeof(*har));
}
