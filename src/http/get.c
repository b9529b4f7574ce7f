/* get: see get.h. */
#include "http/get.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "http/client.h"
#include "http/curl_dl.h"

typedef struct {
  sbuf_t body;
  size_t max;
  bool too_big;
} get_sink_t;

static size_t on_data(char *data, size_t size, size_t n, void *ud) {
  get_sink_t *s = ud;
  size_t bytes = size * n;
  if (s->body.len + bytes > s->max) {
    s->too_big = true;
    return 0; /* stops the transfer with CURLE_WRITE_ERROR */
  }
  sbuf_append(&s->body, data, bytes);
  return bytes;
}

/* The final response's status line, read from the headers libcurl hands over (one status
 * line per response: redirects and 1xx come first). */
typedef struct {
  long code;
  char *reason;
} get_status_t;

static size_t on_header(char *data, size_t size, size_t n, void *ud) {
  get_status_t *st = ud;
  size_t bytes = size * n;
  if (bytes > 5 && strncmp(data, "HTTP/", 5) == 0) {
    free(st->reason);
    st->code = http_status_line(data, bytes, &st->reason);
  }
  return bytes;
}

char *http_get_text(const char *url, long timeout_ms, size_t max_bytes, size_t *len, sbuf_t *err) {
  const char *why = NULL;
  if (!curl_dl_load(&why)) {
    sbuf_puts(err, why);
    return NULL;
  }
  CURL *h = curl_easy_init();
  if (!h) {
    sbuf_puts(err, "cannot start a transfer (libcurl)");
    return NULL;
  }
  get_sink_t sink = {SBUF_INIT, max_bytes, false};
  get_status_t reason = {0, NULL};
  char detail[CURL_ERROR_SIZE] = "";
  struct curl_slist *headers =
      curl_slist_append(NULL, "Accept: application/yaml, application/json;q=0.9, */*;q=0.8");
  curl_easy_setopt(h, CURLOPT_URL, url);
  curl_easy_setopt(h, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(h, CURLOPT_USERAGENT, "sonde");
  curl_easy_setopt(h, CURLOPT_FOLLOWLOCATION, 1L);
  curl_easy_setopt(h, CURLOPT_MAXREDIRS, 10L);
#if LIBCURL_VERSION_NUM >= 0x075500
  curl_easy_setopt(h, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(h, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
#endif
  curl_easy_setopt(h, CURLOPT_TIMEOUT_MS, timeout_ms);
  curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(h, CURLOPT_ACCEPT_ENCODING, "");
  curl_easy_setopt(h, CURLOPT_ERRORBUFFER, detail);
  curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, on_data);
  curl_easy_setopt(h, CURLOPT_WRITEDATA, &sink);
  curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, on_header);
  curl_easy_setopt(h, CURLOPT_HEADERDATA, &reason);
  CURLcode rc = curl_easy_perform(h);
  long status = 0;
  curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &status);
  char *out = NULL;
  if (sink.too_big) {
    sbuf_printf(err, "it is larger than %zu MB", max_bytes >> 20);
  } else if (rc == CURLE_OPERATION_TIMEDOUT) {
    sbuf_printf(err, "no answer within %ld ms", timeout_ms);
  } else if (rc != CURLE_OK) {
    sbuf_printf(err, "cannot fetch it: %s", detail[0] ? detail : curl_easy_strerror(rc));
  } else if (status < 200 || status > 299) {
    const char *text =
        reason.code == status && reason.reason ? reason.reason : http_status_text(status);
    sbuf_printf(err, "the server answered HTTP %ld%s%s", status, *text ? " " : "", text);
  } else {
    *len = sink.body.len;
    out = sbuf_take(&sink.body);
  }
  sbuf_free(&sink.body);
  free(reason.reason);
  curl_slist_free_all(headers);
  curl_easy_cleanup(h);
  return out;
}
