/* Unit tests for the spec reporter's options (onlyFailures, showPreface, symbols,
 * realtimeReporting), the last request and response under a failure, and the dot
 * reporter. Expected texts are complete, byte for byte. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/dot.h"
#include "report/spec.h"
#include "test_report_events.h"

#define DIVIDER "------------------------------------------------------------------\n"

static report_job_t job = {"0-0", "/work/specs/users.spec.js", "specs/users.spec.js", NULL};

typedef struct {
  char *buf;
  size_t len;
  FILE *out;
} capture_t;

static void capture_open(capture_t *c) {
  memset(c, 0, sizeof *c);
  c->out = open_memstream(&c->buf, &c->len);
  assert_non_null(c->out);
}

static char *finish(capture_t *c, reporter_t *r) {
  report_summary_t summary = {0};
  r->ops->run_end(r, &summary);
  r->ops->free(r);
  assert_int_equal(fclose(c->out), 0);
  return c->buf;
}

/* One suite: a passing test, then a failing one after a 404. */
static void play(reporter_t *r, bool fail) {
  send(r, &job, ev_suite_start("Users", "Users"));
  send(r, &job, ev_test_start("lists", "Users lists"));
  send(r, &job, ev_http("GET", "http://h/users", 200, NULL, "[]"));
  send(r, &job, ev_pass("lists", "Users lists", 5));
  if (fail) {
    send(r, &job, ev_test_start("finds", "Users finds"));
    send(r, &job, ev_http("GET", "http://h/users/9", 404, NULL, "{\"error\":\"no\"}"));
    send(r, &job,
         ev_fail("finds", "Users finds", 3,
                 ev_error("Error", "Expected 200", "Error: Expected 200\n    at x.js:1:1")));
  }
  send(r, &job, ev_suite_end("Users", "Users", 9));
  send(r, &job, ev_runner_end(1200, NULL));
  r->ops->job_end(r, &job, !fail);
}

static void test_last_exchange_under_failure(void **state) {
  (void)state;
  capture_t c;
  capture_open(&c);
  spec_reporter_opts_t opts = {0};
  reporter_t *r = spec_reporter_new(c.out, &opts);
  play(r, true);
  char *out = finish(&c, r);
  assert_string_equal(out, "\n \"spec\" Reporter:\n" DIVIDER
                           "[#0-0] Running:\n"
                           "[#0-0]\n"
                           "[#0-0] » specs/users.spec.js\n"
                           "[#0-0] Users\n"
                           "[#0-0]    ✓ lists (5ms)\n"
                           "[#0-0]    ✖ finds (3ms)\n"
                           "[#0-0]\n"
                           "[#0-0] 1 passing (1.2s)\n"
                           "[#0-0] 1 failing\n"
                           "[#0-0]\n"
                           "[#0-0] 1) Users finds\n"
                           "[#0-0] Expected 200\n"
                           "[#0-0] Error: Expected 200\n"
                           "[#0-0]     at x.js:1:1\n"
                           "[#0-0] Request: GET http://h/users/9\n"
                           "[#0-0]   accept: application/json\n"
                           "[#0-0]   authorization: ****\n"
                           "[#0-0] Response: 404 Not Found (3ms)\n"
                           "[#0-0]   content-type: application/json\n"
                           "[#0-0]   {\"error\":\"no\"}\n"
                           "\n");
  free(out);
}

static void test_only_failures_and_preface(void **state) {
  (void)state;
  capture_t c;
  capture_open(&c);
  spec_reporter_opts_t opts = {.only_failures = true,
                               .hide_preface = true,
                               .symbol_passed = "PASS",
                               .symbol_failed = "FAIL"};
  reporter_t *r = spec_reporter_new(c.out, &opts);
  play(r, false); /* no failure: no block */
  report_job_t second = {"0-1", "/work/specs/b.spec.js", "specs/b.spec.js", NULL};
  json_t *start = ev_suite_start("B", "B");
  json_object_set_new(start, "file", json_string(second.spec));
  send(r, &second, start);
  send(r, &second, ev_fail("x", "B x", 1, ev_error("Error", "bad", NULL)));
  send(r, &second, ev_suite_end("B", "B", 1));
  send(r, &second, ev_runner_end(10, NULL));
  r->ops->job_end(r, &second, false);
  char *out = finish(&c, r);
  assert_string_equal(out, "\n \"spec\" Reporter:\n" DIVIDER
                           "Running:\n"
                           "\n"
                           "» specs/b.spec.js\n"
                           "B\n"
                           "   FAIL x (1ms)\n"
                           "\n"
                           "1 failing (10ms)\n"
                           "\n"
                           "1) B x\n"
                           "bad\n"
                           "\n");
  free(out);
}

static void test_realtime(void **state) {
  (void)state;
  capture_t c;
  capture_open(&c);
  spec_reporter_opts_t opts = {.realtime = true};
  reporter_t *r = spec_reporter_new(c.out, &opts);
  send(r, &job, ev_suite_start("Users", "Users"));
  assert_int_equal(fflush(c.out), 0);
  assert_string_equal(c.buf, "[#0-0] " DIVIDER
                             "[#0-0] Suite started: \n"
                             "[#0-0]   » specs/users.spec.js\n"
                             "[#0-0] Users\n");
  send(r, &job, ev_pass("lists", "Users lists", 5));
  assert_int_equal(fflush(c.out), 0);
  assert_non_null(strstr(c.buf, "[#0-0]    ✓ lists » [ specs/users.spec.js ]\n"));
  send(r, &job, ev_suite_end("Users", "Users", 9));
  send(r, &job, ev_runner_end(10, NULL));
  r->ops->job_end(r, &job, true);
  char *out = finish(&c, r);
  assert_non_null(strstr(out, " \"spec\" Reporter:\n")); /* the block still follows */
  free(out);
}

static void test_dot(void **state) {
  (void)state;
  capture_t c;
  capture_open(&c);
  reporter_t *r = dot_reporter_new(c.out, false);
  play(r, true);
  send(r, &job, ev_pending("p", "p"));
  send(r, &job, ev_runner_end(1, ev_error("SyntaxError", "x", NULL)));
  char *out = finish(&c, r);
  assert_string_equal(out, "\n \"dot\" Reporter:\n.F.F\n");
  free(out);

  capture_open(&c);
  r = dot_reporter_new(c.out, true);
  play(r, false);
  out = finish(&c, r);
  assert_string_equal(out,
                      "\n \x1b[1m\x1b[35m\"dot\" Reporter:\x1b[39m\x1b[22m\n"
                      "\x1b[92m.\x1b[39m\n");
  free(out);

  capture_open(&c);
  r = dot_reporter_new(c.out, false);
  out = finish(&c, r); /* nothing ran: nothing printed */
  assert_string_equal(out, "");
  free(out);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_last_exchange_under_failure),
      cmocka_unit_test(test_only_failures_and_preface),
      cmocka_unit_test(test_realtime),
      cmocka_unit_test(test_dot),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
