/* Canned worker events for the reporter unit tests (the schema of src/report/events.h).
 * Every ev_* returns a new reference; send() hands it to a reporter and drops it. */
#ifndef SONDE_TEST_REPORT_EVENTS_H
#define SONDE_TEST_REPORT_EVENTS_H

#include <jansson.h>
#include <stdbool.h>
#include <string.h>

#include "report/events.h"

static inline json_t *ev_typed(const char *type, const char *title, const char *full) {
  json_t *ev = json_pack("{s:s, s:s}", "type", type, "cid", "0-0");
  if (title) json_object_set_new(ev, "title", json_string(title));
  if (full) json_object_set_new(ev, "fullTitle", json_string(full));
  return ev;
}

static inline json_t *ev_suite_start(const char *title, const char *full) {
  json_t *ev = ev_typed("suite:start", title, full);
  json_object_set_new(ev, "file", json_string("/work/specs/users.spec.js"));
  return ev;
}

static inline json_t *ev_suite_end(const char *title, const char *full, double ms) {
  json_t *ev = ev_typed("suite:end", title, full);
  json_object_set_new(ev, "duration", json_real(ms));
  return ev;
}

static inline json_t *ev_test_start(const char *title, const char *full) {
  return ev_typed("test:start", title, full);
}

static inline json_t *ev_pass(const char *title, const char *full, double ms) {
  json_t *ev = ev_typed("test:pass", title, full);
  json_object_set_new(ev, "duration", json_real(ms));
  json_object_set_new(ev, "retries", json_integer(0));
  return ev;
}

/* `stack` may be NULL. */
static inline json_t *ev_error(const char *name, const char *message, const char *stack) {
  json_t *e = json_pack("{s:s, s:s}", "name", name, "message", message);
  if (stack) json_object_set_new(e, "stack", json_string(stack));
  return e;
}

static inline json_t *ev_fail(const char *title, const char *full, double ms, json_t *error) {
  json_t *ev = ev_typed("test:fail", title, full);
  json_object_set_new(ev, "duration", json_real(ms));
  json_object_set_new(ev, "error", error);
  return ev;
}

static inline json_t *ev_retry(const char *title, const char *full, double ms, json_t *error) {
  json_t *ev = ev_typed("test:retry", title, full);
  json_object_set_new(ev, "duration", json_real(ms));
  json_object_set_new(ev, "error", error);
  return ev;
}

static inline json_t *ev_hook_fail(const char *hook, const char *title, const char *full,
                                   json_t *error) {
  json_t *ev = ev_fail(title, full, 2, error);
  json_object_set_new(ev, "hook", json_string(hook));
  return ev;
}

static inline json_t *ev_pending(const char *title, const char *full) {
  return ev_typed("test:pending", title, full);
}

static inline json_t *ev_log(const char *text) {
  return json_pack("{s:s, s:s, s:s, s:s}", "type", "log", "cid", "0-0", "level", "log", "text",
                   text);
}

/* An answered exchange; status 0 makes a network error instead. */
static inline json_t *ev_http(const char *method, const char *url, int status, const char *req_body,
                              const char *res_body) {
  json_t *ev = json_pack("{s:s, s:s, s:s, s:s, s:f}", "type", "http", "cid", "0-0", "method",
                         method, "url", url, "duration", 3.0);
  json_object_set_new(ev, "request",
                      json_pack("{s:{s:s, s:s}, s:s}", "headers", "accept", "application/json",
                                "authorization", "****", "body", req_body ? req_body : ""));
  if (status) {
    json_object_set_new(ev, "status", json_integer(status));
    json_object_set_new(ev, "statusText", json_string(status == 200 ? "OK" : "Not Found"));
    json_object_set_new(
        ev, "response",
        json_pack("{s:{s:s}, s:s, s:i}", "headers", "content-type", "application/json", "body",
                  res_body ? res_body : "", "size", (int)(res_body ? strlen(res_body) : 0)));
  } else {
    json_object_set_new(ev, "error", json_string("connect ECONNREFUSED"));
  }
  return ev;
}

static inline json_t *ev_runner_end(double ms, json_t *error) {
  json_t *ev = json_pack("{s:s, s:s, s:i, s:i, s:i, s:f}", "type", "runner:end", "cid", "0-0",
                         "passes", 0, "failures", 0, "pending", 0, "duration", ms);
  if (error) json_object_set_new(ev, "error", error);
  return ev;
}

static inline void send(reporter_t *r, const report_job_t *job, json_t *ev) {
  r->ops->event(r, job, ev);
  json_decref(ev);
}

#endif
