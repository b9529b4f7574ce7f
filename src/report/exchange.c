/* exchange: see exchange.h. */
#include "report/exchange.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/spec.h"
#include "report/util.h"

/* " (attempt 2)" for a retried request (the client sends one event per attempt). */
static void attempt_note(const json_t *ex, char *buf, size_t size) {
  const json_t *attempt = json_object_get(ex, "attempt");
  if (json_is_integer(attempt) && json_integer_value(attempt) > 1)
    snprintf(buf, size, " (attempt %lld)", (long long)json_integer_value(attempt));
  else buf[0] = '\0';
}

char *report_exchange_title(const json_t *ex) {
  const char *method = report_jstr(ex, "method");
  const char *path = report_url_path(report_jstr(ex, "url"));
  const json_t *status = json_object_get(ex, "status");
  char note[48];
  attempt_note(ex, note, sizeof note);
  if (json_is_integer(status))
    return xasprintf("%s %s → %lld%s", method ? method : "GET", path,
                     (long long)json_integer_value(status), note);
  return xasprintf("%s %s → %s%s", method ? method : "GET", path,
                   report_jstr(ex, "error") ? report_jstr(ex, "error") : "no response", note);
}

/* One line per embedded newline, all behind the indent; a trailing newline adds none. */
static void put_lines(sbuf_t *out, const char *indent, const char *text) {
  const char *p = text;
  while (*p) {
    const char *nl = strchr(p, '\n');
    size_t n = nl ? (size_t)(nl - p) : strlen(p);
    if (n && p[n - 1] == '\r') n--;
    sbuf_printf(out, "%s%.*s\n", indent, (int)n, p);
    if (!nl) break;
    p = nl + 1;
  }
}

static void put_headers(sbuf_t *out, const char *indent, const json_t *headers) {
  const char *name;
  const json_t *value;
  json_object_foreach((json_t *)headers, name, value) {
    sbuf_printf(out, "%s%s: %s\n", indent, name,
                json_is_string(value) ? json_string_value(value) : "");
  }
}

void report_exchange_text(const json_t *ex, const char *indent, sbuf_t *out) {
  if (!indent) indent = "";
  char *inner = xasprintf("%s  ", indent);
  const json_t *req = json_object_get(ex, "request");
  const json_t *res = json_object_get(ex, "response");
  const char *method = report_jstr(ex, "method");
  const char *url = report_jstr(ex, "url");

  char note[48];
  attempt_note(ex, note, sizeof note);
  sbuf_printf(out, "%sRequest: %s %s%s\n", indent, method ? method : "GET", url ? url : "", note);
  put_headers(out, inner, json_object_get(req, "headers"));
  const char *body = report_jstr(req, "body");
  if (body && *body) put_lines(out, inner, body);

  char dur[64] = "";
  const json_t *duration = json_object_get(ex, "duration");
  if (json_is_number(duration)) {
    char buf[48];
    snprintf(dur, sizeof dur, " (%s)",
             report_format_duration(json_number_value(duration), buf, sizeof buf));
  }
  const json_t *status = json_object_get(ex, "status");
  if (!json_is_integer(status)) {
    const char *error = report_jstr(ex, "error");
    sbuf_printf(out, "%sResponse: none (%s)%s\n", indent, error ? error : "no response", dur);
    free(inner);
    return;
  }
  const char *text = report_jstr(ex, "statusText");
  sbuf_printf(out, "%sResponse: %lld%s%s%s\n", indent, (long long)json_integer_value(status),
              text && *text ? " " : "", text ? text : "", dur);
  put_headers(out, inner, json_object_get(res, "headers"));
  body = report_jstr(res, "body");
  if (body && *body) {
    put_lines(out, inner, body);
    /* The worker keeps the first bytes of a body; say how much was left out. */
    const json_t *size = json_object_get(res, "size");
    size_t kept = json_string_length(json_object_get(res, "body"));
    if (json_is_integer(size) && json_integer_value(size) > (json_int_t)kept &&
        strncmp(body, "<binary", 7) != 0)
      sbuf_printf(out, "%s… %lld more bytes\n", inner,
                  (long long)(json_integer_value(size) - (json_int_t)kept));
  }
  free(inner);
}

/* A body that parses as JSON is shown as JSON; anything else stays text. */
static json_t *body_doc(const json_t *holder) {
  const json_t *body = json_object_get(holder, "body");
  if (!json_is_string(body) || json_string_length(body) == 0) return json_null();
  json_t *parsed =
      json_loadb(json_string_value(body), json_string_length(body), JSON_DECODE_ANY, NULL);
  return parsed ? parsed : json_incref((json_t *)body);
}

static json_t *headers_doc(const json_t *holder) {
  const json_t *h = json_object_get(holder, "headers");
  return json_is_object(h) ? json_deep_copy(h) : json_object();
}

json_t *report_exchange_request_doc(const json_t *ex) {
  const json_t *req = json_object_get(ex, "request");
  json_t *doc = json_object();
  json_object_set_new(doc, "method",
                      json_string(report_jstr(ex, "method") ? report_jstr(ex, "method") : ""));
  json_object_set_new(doc, "url",
                      json_string(report_jstr(ex, "url") ? report_jstr(ex, "url") : ""));
  json_object_set_new(doc, "headers", headers_doc(req));
  json_object_set_new(doc, "body", body_doc(req));
  return doc;
}

json_t *report_exchange_response_doc(const json_t *ex) {
  json_t *doc = json_object();
  const json_t *status = json_object_get(ex, "status");
  const json_t *duration = json_object_get(ex, "duration");
  if (!json_is_integer(status)) {
    const char *error = report_jstr(ex, "error");
    json_object_set_new(doc, "error", json_string(error ? error : "no response"));
  } else {
    const json_t *res = json_object_get(ex, "response");
    json_object_set_new(doc, "status", json_incref((json_t *)status));
    const char *text = report_jstr(ex, "statusText");
    json_object_set_new(doc, "statusText", json_string(text ? text : ""));
    json_object_set_new(doc, "headers", headers_doc(res));
    json_object_set_new(doc, "body", body_doc(res));
    const json_t *size = json_object_get(res, "size");
    if (json_is_integer(size)) json_object_set_new(doc, "size", json_incref((json_t *)size));
  }
  if (json_is_number(duration) && isfinite(json_number_value(duration)))
    json_object_set_new(doc, "duration", json_real(json_number_value(duration)));
  return doc;
}
