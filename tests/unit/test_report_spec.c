/* Unit tests for the spec reporter: canned worker events in, the whole printed report out.
 * Each test owns its reporter and memstream; expected texts are complete, byte for byte. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/sbuf.h"
#include "report/spec.h"

#define DIVIDER "------------------------------------------------------------------\n"
#define HEADER  "\n \"spec\" Reporter:\n"

typedef struct {
  char *buf;
  size_t len;
  FILE *out;
  reporter_t *r;
} capture_t;

static void capture_open(capture_t *c, bool color) {
  spec_reporter_opts_t opts = {.color = color};
  memset(c, 0, sizeof *c);
  c->out = open_memstream(&c->buf, &c->len);
  assert_non_null(c->out);
  c->r = spec_reporter_new(c->out, &opts);
  assert_non_null(c->r);
}

/* Ends the run and returns everything printed; the caller frees it. */
static char *capture_close(capture_t *c) {
  report_summary_t summary = {0};
  c->r->ops->run_end(c->r, &summary);
  c->r->ops->free(c->r);
  assert_int_equal(fclose(c->out), 0);
  return c->buf;
}

/* Takes the reference of `ev`, so that calls can be written as send(c, job, json_pack(...)). */
static void send(capture_t *c, const report_job_t *job, json_t *ev) {
  assert_non_null(ev);
  c->r->ops->event(c->r, job, ev);
  json_decref(ev);
}

static void end_job(capture_t *c, const report_job_t *job, bool passed) {
  c->r->ops->job_end(c->r, job, passed);
}

static void suite_start(capture_t *c, const report_job_t *job, const char *title) {
  send(c, job,
       json_pack("{s:s, s:s, s:s, s:s, s:s}", "type", "suite:start", "cid", job->cid, "title",
                 title, "fullTitle", title, "file", job->spec));
}

static void suite_end(capture_t *c, const report_job_t *job, const char *title) {
  send(c, job,
       json_pack("{s:s, s:s, s:s, s:s, s:f}", "type", "suite:end", "cid", job->cid, "title", title,
                 "fullTitle", title, "duration", 1.0));
}

static void test_pass(capture_t *c, const report_job_t *job, const char *title, const char *full,
                      double ms) {
  send(c, job,
       json_pack("{s:s, s:s, s:s, s:s, s:s, s:f}", "type", "test:pass", "cid", job->cid, "title",
                 title, "fullTitle", full, "parent", "", "duration", ms));
}

static void test_pending(capture_t *c, const report_job_t *job, const char *title,
                         const char *full) {
  send(c, job,
       json_pack("{s:s, s:s, s:s, s:s, s:s}", "type", "test:pending", "cid", job->cid, "title",
                 title, "fullTitle", full, "parent", ""));
}

/* `stack` may be NULL: JavaScriptCore errors can come without one. */
static json_t *error_obj(const char *name, const char *message, const char *stack) {
  json_t *e = json_pack("{s:s, s:s}", "name", name, "message", message);
  assert_non_null(e);
  if (stack) assert_int_equal(json_object_set_new(e, "stack", json_string(stack)), 0);
  return e;
}

static void test_fail(capture_t *c, const report_job_t *job, const char *title, const char *full,
                      double ms, json_t *error) {
  send(c, job,
       json_pack("{s:s, s:s, s:s, s:s, s:s, s:f, s:o}", "type", "test:fail", "cid", job->cid,
                 "title", title, "fullTitle", full, "parent", "", "duration", ms, "error", error));
}

static void runner_end(capture_t *c, const report_job_t *job, double ms) {
  send(c, job,
       json_pack("{s:s, s:s, s:i, s:i, s:i, s:f}", "type", "runner:end", "cid", job->cid, "passes",
                 0, "failures", 0, "pending", 0, "duration", ms));
}

static void assert_no_escape(const char *s) { assert_null(strchr(s, '\x1b')); }

/* --- duration ---------------------------------------------------------------------------- */

static void test_format_duration(void **state) {
  (void)state;
  static const struct {
    double ms;
    const char *want;
  } cases[] = {
      {0, "0ms"},        {999, "999ms"},        {1000, "1s"},
      {59999, "59.9s"},  {60000, "1m"},         {65300, "1m 5.3s"},
      {244.4, "244ms"},  {244.5, "245ms"},      {0.3, "1ms"},
      {999.6, "1000ms"}, {1234, "1.2s"},        {1299, "1.2s"},
      {3600000, "1h"},   {3725000, "1h 2m 5s"}, {90061000, "1d 1h 1m 1s"},
      {-5, "0ms"},
  };
  char buf[64];
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    assert_string_equal(report_format_duration(cases[i].ms, buf, sizeof buf), cases[i].want);

  /* Truncates like snprintf and never writes past `size`. */
  char small[4] = "xxx";
  assert_ptr_equal(report_format_duration(65300, small, sizeof small), small);
  assert_string_equal(small, "1m ");
  assert_ptr_equal(report_format_duration(1, small, 0), small);
  assert_string_equal(small, "1m ");
}

/* --- layouts ----------------------------------------------------------------------------- */

static void test_passing_job(void **state) {
  (void)state;
  capture_t c;
  json_t *caps = json_pack("{s:s}", "browserName", "api");
  report_job_t job = {"0-0", "/w/test/specs/health.spec.js", "test/specs/health.spec.js", caps};

  capture_open(&c, false);
  send(&c, &job,
       json_pack("{s:s, s:s, s:s}", "type", "runner:start", "cid", "0-0", "spec", job.spec));
  suite_start(&c, &job, "Health");
  send(&c, &job,
       json_pack("{s:s, s:s, s:s, s:s, s:s}", "type", "test:start", "cid", "0-0", "title",
                 "responds", "fullTitle", "Health responds", "parent", "Health"));
  send(&c, &job,
       json_pack("{s:s, s:s, s:s, s:s}", "type", "log", "cid", "0-0", "level", "log", "text",
                 "this is printed live, not here"));
  test_pass(&c, &job, "responds", "Health responds", 12);
  suite_end(&c, &job, "Health");
  runner_end(&c, &job, 244.4);
  end_job(&c, &job, true);
  report_summary_t summary = {0};
  c.r->ops->run_end(c.r, &summary); /* the second run_end below must not repeat it */
  char *out = capture_close(&c);

  assert_string_equal(out, HEADER DIVIDER
                      "[api #0-0] Running: api\n"
                      "[api #0-0]\n"
                      "[api #0-0] » test/specs/health.spec.js\n"
                      "[api #0-0] Health\n"
                      "[api #0-0]    ✓ responds (12ms)\n"
                      "[api #0-0]\n"
                      "[api #0-0] 1 passing (244ms)\n"
                      "\n");
  free(out);
  json_decref(caps);
}

#define P "[api stable linux #0-0]"

/* The layout of WebdriverIO's own documentation, with sonde's per-test durations. */
static void test_reference_layout(void **state) {
  (void)state;
  capture_t c;
  json_t *caps = json_pack("{s:s, s:s, s:s}", "browserName", "api", "browserVersion", "stable",
                           "platformName", "linux");
  report_job_t job = {"0-0", "/w/test/specs/users.spec.js", "test/specs/users.spec.js", caps};

  capture_open(&c, false);
  suite_start(&c, &job, "Users API");
  test_pass(&c, &job, "lists users", "Users API lists users", 12);
  test_fail(&c, &job, "returns 404 for a missing user", "Users API returns 404 for a missing user",
            3,
            error_obj("Error", "Expected status 404, but received 200",
                      "Error: Expected status 404, but received 200\n    at <file>:9:28\n"));
  test_pending(&c, &job, "is skipped", "Users API is skipped");
  suite_start(&c, &job, "admin");
  test_pass(&c, &job, "deletes a user", "Users API admin deletes a user", 5);
  suite_end(&c, &job, "admin");
  suite_end(&c, &job, "Users API");
  runner_end(&c, &job, 1234);
  end_job(&c, &job, false);
  char *out = capture_close(&c);

  assert_string_equal(
      out, HEADER DIVIDER P
      " Running: api (vstable) on linux\n" P "\n" P " » test/specs/users.spec.js\n" P
      " Users API\n" P "    ✓ lists users (12ms)\n" P
      "    ✖ returns 404 for a missing user (3ms)\n" P "    - is skipped\n" P "\n" P
      "     admin\n" P "        ✓ deletes a user (5ms)\n" P "\n" P " 2 passing (1.2s)\n" P
      " 1 failing\n" P " 1 skipped\n" P "\n" P " 1) Users API returns 404 for a missing user\n" P
      " Expected status 404, but received 200\n" P
      " Error: Expected status 404, but received 200\n" P
      "     at <file>:9:28\n"
      "\n");
  assert_no_escape(out);
  free(out);
  json_decref(caps);
}

/* Retries, a failed hook three levels down, a message over two lines, a stack without the
 * "<name>: <message>" line (JavaScriptCore's form) and a failure without a stack. */
static void test_nested_hooks_retries(void **state) {
  (void)state;
  capture_t c;
  json_t *caps = json_pack("{s:s, s:s, s:s}", "browserName", "api", "browserVersion", "stable",
                           "platformName", "linux");
  report_job_t job = {"0-0", "/w/test/specs/orders.spec.js", "test/specs/orders.spec.js", caps};

  capture_open(&c, false);
  suite_start(&c, &job, "Orders");
  send(&c, &job,
       json_pack("{s:s, s:s, s:s, s:s, s:s, s:f, s:o}", "type", "test:retry", "cid", "0-0", "title",
                 "creates an order", "fullTitle", "Orders creates an order", "parent", "Orders",
                 "duration", 40.0, "error", error_obj("Error", "socket hang up", NULL)));
  test_pass(&c, &job, "creates an order", "Orders creates an order", 35);
  test_fail(&c, &job, "totals", "Orders totals", 2.2,
            error_obj("AssertionError", "expected 1\nto equal 2", NULL));
  suite_start(&c, &job, "payments");
  test_pending(&c, &job, "is pending", "Orders payments is pending");
  suite_start(&c, &job, "refunds");
  send(&c, &job,
       json_pack("{s:s, s:s, s:s, s:s, s:s, s:f, s:s, s:o}", "type", "test:fail", "cid", "0-0",
                 "title", "\"before all\" hook for \"refunds a payment\"", "fullTitle",
                 "Orders payments refunds \"before all\" hook for \"refunds a payment\"", "parent",
                 "refunds", "duration", 7.0, "hook", "before all", "error",
                 error_obj("TypeError", "x is undefined",
                           "@/w/test/specs/orders.spec.js:3:5\nrun@/w/x.js:1:1")));
  suite_end(&c, &job, "refunds");
  suite_start(&c, &job, "empty");
  suite_end(&c, &job, "empty");
  suite_end(&c, &job, "payments");
  suite_end(&c, &job, "Orders");
  runner_end(&c, &job, 65300);
  end_job(&c, &job, false);
  char *out = capture_close(&c);

  assert_string_equal(
      out, HEADER DIVIDER P
      " Running: api (vstable) on linux\n" P "\n" P " » test/specs/orders.spec.js\n" P " Orders\n" P
      "    ↻ creates an order (40ms)\n" P "    ✓ creates an order (35ms)\n" P
      "    ✖ totals (2ms)\n" P "\n" P "     payments\n" P "        - is pending\n" P "\n" P
      "         refunds\n" P "            ✖ \"before all\" hook for \"refunds a payment\"\n" P
      "\n" P " 1 passing (1m 5.3s)\n" P " 2 failing\n" P " 1 skipped\n" P " 1 retried\n" P "\n" P
      " 1) Orders totals\n" P " expected 1\n" P " to equal 2\n" P "\n" P
      " 2) Orders payments refunds \"before all\" hook for \"refunds a payment\"\n" P
      " x is undefined\n" P " TypeError: x is undefined\n" P
      " @/w/test/specs/orders.spec.js:3:5\n" P
      " run@/w/x.js:1:1\n"
      "\n");
  free(out);
  json_decref(caps);
}

#undef P

/* One passing test under the given capabilities; returns the job's two first lines. */
static char *caps_header(json_t *caps) {
  capture_t c;
  report_job_t job = {"1-0", "/w/a.spec.js", "a.spec.js", caps};
  capture_open(&c, false);
  suite_start(&c, &job, "S");
  test_pass(&c, &job, "t", "S t", 1);
  runner_end(&c, &job, 1);
  end_job(&c, &job, true);
  char *out = capture_close(&c);
  json_decref(caps);

  const char *start = out + strlen(HEADER DIVIDER);
  const char *second = strchr(start, '\n');
  assert_non_null(second);
  const char *third = strchr(second + 1, '\n');
  assert_non_null(third);
  char *head = xstrndup(start, (size_t)(third - start + 1));
  free(out);
  return head;
}

static void test_capabilities(void **state) {
  (void)state;
  static const struct {
    const char *caps;
    const char *want;
  } cases[] = {
      {"{\"browserName\":\"api\",\"browserVersion\":\"1.0\"}",
       "[api 1.0 #1-0] Running: api (v1.0)\n[api 1.0 #1-0]\n"},
      {"{\"browserName\":\"api\",\"platformName\":\"linux\"}",
       "[api linux #1-0] Running: api on linux\n[api linux #1-0]\n"},
      {"{\"browserName\":\"api\",\"browserVersion\":\"\",\"platformName\":\"linux\"}",
       "[api linux #1-0] Running: api on linux\n[api linux #1-0]\n"},
      {"{}", "[#1-0] Running:\n[#1-0]\n"},
      {"{\"alwaysMatch\":{\"browserName\":\"api\",\"browserVersion\":120}}",
       "[api 120 #1-0] Running: api (v120)\n[api 120 #1-0]\n"},
      {"{\"browserName\":\"api\",\"version\":\"2\",\"platform\":\"mac\"}",
       "[api 2 mac #1-0] Running: api (v2) on mac\n[api 2 mac #1-0]\n"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    json_t *caps = json_loads(cases[i].caps, 0, NULL);
    assert_non_null(caps);
    char *head = caps_header(caps);
    assert_string_equal(head, cases[i].want);
    free(head);
  }

  /* No capabilities object at all. */
  char *head = caps_header(NULL);
  assert_string_equal(head, "[#1-0] Running:\n[#1-0]\n");
  free(head);
}

static void test_load_error(void **state) {
  (void)state;
  capture_t c;
  json_t *caps = json_pack("{s:s}", "browserName", "api");
  report_job_t job = {"0-0", "/w/test/specs/broken.spec.js", "test/specs/broken.spec.js", caps};

  capture_open(&c, false);
  send(&c, &job,
       json_pack("{s:s, s:s, s:i, s:i, s:i, s:f, s:o}", "type", "runner:end", "cid", "0-0",
                 "passes", 0, "failures", 1, "pending", 0, "duration", 15.0, "error",
                 error_obj("SyntaxError", "Unexpected token ')'",
                           "SyntaxError: Unexpected token ')'\n"
                           "    at test/specs/broken.spec.js:4:2")));
  end_job(&c, &job, false);
  char *out = capture_close(&c);

  assert_string_equal(out, HEADER DIVIDER
                      "[api #0-0] Running: api\n"
                      "[api #0-0]\n"
                      "[api #0-0] » test/specs/broken.spec.js\n"
                      "[api #0-0]\n"
                      "[api #0-0] 1 failing (15ms)\n"
                      "[api #0-0]\n"
                      "[api #0-0] 1) test/specs/broken.spec.js\n"
                      "[api #0-0] Unexpected token ')'\n"
                      "[api #0-0] SyntaxError: Unexpected token ')'\n"
                      "[api #0-0]     at test/specs/broken.spec.js:4:2\n"
                      "\n");
  free(out);
  json_decref(caps);
}

/* The worker died inside "admin": what ran is shown, the open suites are closed, the
 * empty one left out, and the death is the last failure. */
static void test_worker_died(void **state) {
  (void)state;
  capture_t c;
  json_t *caps = json_pack("{s:s}", "browserName", "api");
  report_job_t job = {"0-0", "/w/test/specs/users.spec.js", "test/specs/users.spec.js", caps};

  capture_open(&c, false);
  suite_start(&c, &job, "Users API");
  test_pass(&c, &job, "lists users", "Users API lists users", 12);
  suite_start(&c, &job, "admin");
  send(&c, &job,
       json_pack("{s:s, s:s, s:s, s:s, s:s}", "type", "test:start", "cid", "0-0", "title",
                 "deletes", "fullTitle", "Users API admin deletes", "parent", "admin"));
  end_job(&c, &job, false);
  char *out = capture_close(&c);

  assert_string_equal(out, HEADER DIVIDER
                      "[api #0-0] Running: api\n"
                      "[api #0-0]\n"
                      "[api #0-0] » test/specs/users.spec.js\n"
                      "[api #0-0] Users API\n"
                      "[api #0-0]    ✓ lists users (12ms)\n"
                      "[api #0-0]\n"
                      "[api #0-0] 1 passing\n"
                      "[api #0-0] 1 failing\n"
                      "[api #0-0]\n"
                      "[api #0-0] 1) test/specs/users.spec.js\n"
                      "[api #0-0] worker exited before the spec file finished\n"
                      "\n");
  free(out);
  json_decref(caps);
}

/* A worker that died before sending anything still gets a block. */
static void test_worker_died_silent(void **state) {
  (void)state;
  capture_t c;
  json_t *caps = json_pack("{s:s}", "browserName", "api");
  report_job_t job = {"0-0", "/w/a.spec.js", "a.spec.js", caps};

  capture_open(&c, false);
  end_job(&c, &job, false);
  char *out = capture_close(&c);

  assert_string_equal(out, HEADER DIVIDER
                      "[api #0-0] Running: api\n"
                      "[api #0-0]\n"
                      "[api #0-0] » a.spec.js\n"
                      "[api #0-0]\n"
                      "[api #0-0] 1 failing\n"
                      "[api #0-0]\n"
                      "[api #0-0] 1) a.spec.js\n"
                      "[api #0-0] worker exited before the spec file finished\n"
                      "\n");
  free(out);
  json_decref(caps);
}

#define G(s) "\x1b[32m" s "\x1b[39m"
#define R(s) "\x1b[31m" s "\x1b[39m"
#define C(s) "\x1b[36m" s "\x1b[39m"
#define Y(s) "\x1b[33m" s "\x1b[39m"
#define D(s) "\x1b[90m" s "\x1b[39m"

static void test_color(void **state) {
  (void)state;
  capture_t c;
  json_t *caps = json_pack("{s:s}", "browserName", "api");
  report_job_t job = {"0-0", "/w/c.spec.js", "c.spec.js", caps};

  capture_open(&c, true);
  suite_start(&c, &job, "Colours");
  send(&c, &job,
       json_pack("{s:s, s:s, s:s, s:s, s:s, s:f, s:o}", "type", "test:retry", "cid", "0-0", "title",
                 "flaky", "fullTitle", "Colours flaky", "parent", "Colours", "duration", 4.0,
                 "error", error_obj("Error", "boom", NULL)));
  test_pass(&c, &job, "flaky", "Colours flaky", 3);
  test_fail(&c, &job, "breaks", "Colours breaks", 1500,
            error_obj("Error", "two\n\nlines", "    at a.js:1:1\n    at b.js:2:2\n"));
  test_pending(&c, &job, "later", "Colours later");
  suite_end(&c, &job, "Colours");
  runner_end(&c, &job, 2000);
  end_job(&c, &job, false);
  char *out = capture_close(&c);

  assert_string_equal(out,
    "\n \x1b[1m\x1b[35m\"spec\" Reporter:\x1b[39m\x1b[22m\n"
    DIVIDER
    "[api #0-0] Running: api\n"
    "[api #0-0]\n"
    "[api #0-0] » c.spec.js\n"
    "[api #0-0] Colours\n"
    "[api #0-0]    " Y("↻") " flaky " D("(4ms)") "\n"
    "[api #0-0]    " G("✓") " flaky " D("(3ms)") "\n"
    "[api #0-0]    " R("✖") " breaks " D("(1.5s)") "\n"
    "[api #0-0]    " C("-") " later\n"
    "[api #0-0]\n"
    "[api #0-0] " G("1 passing (2s)") "\n"
    "[api #0-0] " R("1 failing") "\n"
    "[api #0-0] " C("1 skipped") "\n"
    "[api #0-0] " Y("1 retried") "\n"
    "[api #0-0]\n"
    "[api #0-0] 1) Colours breaks\n"
    "[api #0-0] " R("two") "\n"
    "[api #0-0]\n"
    "[api #0-0] " R("lines") "\n"
    "[api #0-0] " D("Error: two") "\n"
    "[api #0-0]\n"
    "[api #0-0] " D("lines") "\n"
    "[api #0-0] " D("    at a.js:1:1") "\n"
    "[api #0-0] " D("    at b.js:2:2") "\n"
    "\n");
  free(out);
  json_decref(caps);
}

/* The same events without colour carry no escape code at all. */
static void test_color_off(void **state) {
  (void)state;
  capture_t c;
  json_t *caps = json_pack("{s:s}", "browserName", "api");
  report_job_t job = {"0-0", "/w/c.spec.js", "c.spec.js", caps};

  capture_open(&c, false);
  suite_start(&c, &job, "Colours");
  test_pass(&c, &job, "flaky", "Colours flaky", 3);
  test_fail(&c, &job, "breaks", "Colours breaks", 1500,
            error_obj("Error", "two\n\nlines", "    at a.js:1:1\n    at b.js:2:2\n"));
  suite_end(&c, &job, "Colours");
  runner_end(&c, &job, 2000);
  end_job(&c, &job, false);
  char *out = capture_close(&c);

  assert_string_equal(out, HEADER DIVIDER
                      "[api #0-0] Running: api\n"
                      "[api #0-0]\n"
                      "[api #0-0] » c.spec.js\n"
                      "[api #0-0] Colours\n"
                      "[api #0-0]    ✓ flaky (3ms)\n"
                      "[api #0-0]    ✖ breaks (1.5s)\n"
                      "[api #0-0]\n"
                      "[api #0-0] 1 passing (2s)\n"
                      "[api #0-0] 1 failing\n"
                      "[api #0-0]\n"
                      "[api #0-0] 1) Colours breaks\n"
                      "[api #0-0] two\n"
                      "[api #0-0]\n"
                      "[api #0-0] lines\n"
                      "[api #0-0] Error: two\n"
                      "[api #0-0]\n"
                      "[api #0-0] lines\n"
                      "[api #0-0]     at a.js:1:1\n"
                      "[api #0-0]     at b.js:2:2\n"
                      "\n");
  assert_no_escape(out);
  free(out);
  json_decref(caps);
}

/* Jobs run concurrently: their events interleave, and blocks follow job_end order. */
static void test_concurrent_jobs(void **state) {
  (void)state;
  capture_t c;
  json_t *caps = json_pack("{s:s}", "browserName", "api");
  report_job_t a = {"0-0", "/w/a.spec.js", "a.spec.js", caps};
  report_job_t b = {"0-1", "/w/b.spec.js", "b.spec.js", caps};

  capture_open(&c, false);
  suite_start(&c, &a, "A");
  suite_start(&c, &b, "B");
  test_pass(&c, &a, "a1", "A a1", 1);
  test_fail(&c, &b, "b1", "B b1", 2, error_obj("Error", "no", NULL));
  suite_end(&c, &a, "A");
  suite_end(&c, &b, "B");
  runner_end(&c, &b, 20);
  end_job(&c, &b, false);
  runner_end(&c, &a, 10);
  end_job(&c, &a, true);
  char *out = capture_close(&c);

  assert_string_equal(out, HEADER DIVIDER
                      "[api #0-1] Running: api\n"
                      "[api #0-1]\n"
                      "[api #0-1] » b.spec.js\n"
                      "[api #0-1] B\n"
                      "[api #0-1]    ✖ b1 (2ms)\n"
                      "[api #0-1]\n"
                      "[api #0-1] 1 failing (20ms)\n"
                      "[api #0-1]\n"
                      "[api #0-1] 1) B b1\n"
                      "[api #0-1] no\n" DIVIDER
                      "[api #0-0] Running: api\n"
                      "[api #0-0]\n"
                      "[api #0-0] » a.spec.js\n"
                      "[api #0-0] A\n"
                      "[api #0-0]    ✓ a1 (1ms)\n"
                      "[api #0-0]\n"
                      "[api #0-0] 1 passing (10ms)\n"
                      "\n");
  free(out);
  json_decref(caps);
}

/* Jasmine runs a suite's tests and child suites in declaration order; WebdriverIO still
 * lists a suite's own tests first, then its children, and numbers failures that way. A
 * suite holding only suites gets no blank line of its own. */
static void test_suite_order(void **state) {
  (void)state;
  capture_t c;
  json_t *caps = json_pack("{s:s}", "browserName", "api");
  report_job_t job = {"0-0", "/w/o.spec.js", "o.spec.js", caps};

  capture_open(&c, false);
  suite_start(&c, &job, "A");
  test_pass(&c, &job, "a1", "A a1", 1);
  suite_start(&c, &job, "B");
  test_fail(&c, &job, "b1", "A B b1", 1, error_obj("Error", "first", NULL));
  suite_end(&c, &job, "B");
  test_fail(&c, &job, "a2", "A a2", 1, error_obj("Error", "second", NULL));
  suite_end(&c, &job, "A");
  suite_start(&c, &job, "Outer");
  suite_start(&c, &job, "inner");
  test_pass(&c, &job, "i1", "Outer inner i1", 1);
  suite_end(&c, &job, "inner");
  suite_end(&c, &job, "Outer");
  runner_end(&c, &job, 5);
  end_job(&c, &job, false);
  char *out = capture_close(&c);

  assert_string_equal(out, HEADER DIVIDER
                      "[api #0-0] Running: api\n"
                      "[api #0-0]\n"
                      "[api #0-0] » o.spec.js\n"
                      "[api #0-0] A\n"
                      "[api #0-0]    ✓ a1 (1ms)\n"
                      "[api #0-0]    ✖ a2 (1ms)\n"
                      "[api #0-0]\n"
                      "[api #0-0]     B\n"
                      "[api #0-0]        ✖ b1 (1ms)\n"
                      "[api #0-0]\n"
                      "[api #0-0] Outer\n"
                      "[api #0-0]     inner\n"
                      "[api #0-0]        ✓ i1 (1ms)\n"
                      "[api #0-0]\n"
                      "[api #0-0] 2 passing (5ms)\n"
                      "[api #0-0] 2 failing\n"
                      "[api #0-0]\n"
                      "[api #0-0] 1) A a2\n"
                      "[api #0-0] second\n"
                      "[api #0-0]\n"
                      "[api #0-0] 2) A B b1\n"
                      "[api #0-0] first\n"
                      "\n");
  free(out);
  json_decref(caps);
}

/* Root-level hooks: WebdriverIO's "(root)" group leads before the suites and closes after. */
static void test_root_hooks(void **state) {
  (void)state;
  capture_t c;
  json_t *caps = json_pack("{s:s}", "browserName", "api");
  report_job_t job = {"0-0", "/w/r.spec.js", "r.spec.js", caps};

  capture_open(&c, false);
  send(&c, &job,
       json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:o}", "type", "test:fail", "cid", "0-0", "title",
                 "\"before all\" hook in \"{root}\"", "fullTitle",
                 "\"before all\" hook in \"{root}\"", "hook", "before all", "parent", "", "error",
                 error_obj("Error", "setup failed", NULL)));
  suite_start(&c, &job, "S");
  test_pending(&c, &job, "t", "S t");
  suite_end(&c, &job, "S");
  send(&c, &job,
       json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:o}", "type", "test:fail", "cid", "0-0", "title",
                 "\"after all\" hook in \"{root}\"", "fullTitle",
                 "\"after all\" hook in \"{root}\"", "hook", "after all", "parent", "", "error",
                 error_obj("Error", "teardown failed", NULL)));
  runner_end(&c, &job, 3);
  end_job(&c, &job, false);
  char *out = capture_close(&c);

  assert_string_equal(out, HEADER DIVIDER
                      "[api #0-0] Running: api\n"
                      "[api #0-0]\n"
                      "[api #0-0] » r.spec.js\n"
                      "[api #0-0] (root)\n"
                      "[api #0-0]    ✖ \"before all\" hook in \"{root}\"\n"
                      "[api #0-0]\n"
                      "[api #0-0] S\n"
                      "[api #0-0]    - t\n"
                      "[api #0-0]\n"
                      "[api #0-0] (root)\n"
                      "[api #0-0]    ✖ \"after all\" hook in \"{root}\"\n"
                      "[api #0-0]\n"
                      "[api #0-0] 2 failing (3ms)\n"
                      "[api #0-0] 1 skipped\n"
                      "[api #0-0]\n"
                      "[api #0-0] 1) \"before all\" hook in \"{root}\"\n"
                      "[api #0-0] setup failed\n"
                      "[api #0-0]\n"
                      "[api #0-0] 2) \"after all\" hook in \"{root}\"\n"
                      "[api #0-0] teardown failed\n"
                      "\n");
  free(out);
  json_decref(caps);
}

/* A grouped job runs several files: each file's first suite gets its "»" line, with the
 * working directory stripped. */
static void test_grouped_files(void **state) {
  (void)state;
  capture_t c;
  char cwd[4096];
  assert_non_null(getcwd(cwd, sizeof cwd));
  char *first = xasprintf("%s/specs/one.spec.js", cwd);
  char *second = xasprintf("%s/specs/two.spec.js", cwd);
  json_t *caps = json_pack("{s:s}", "browserName", "api");
  report_job_t job = {"0-0", first, "specs/one.spec.js", caps};

  capture_open(&c, false);
  suite_start(&c, &job, "One");
  test_pass(&c, &job, "works", "One works", 1);
  suite_end(&c, &job, "One");
  send(&c, &job,
       json_pack("{s:s, s:s, s:s, s:s, s:s}", "type", "suite:start", "cid", "0-0", "title", "Two",
                 "fullTitle", "Two", "file", second));
  test_pass(&c, &job, "works", "Two works", 1);
  suite_end(&c, &job, "Two");
  runner_end(&c, &job, 2);
  end_job(&c, &job, true);
  char *out = capture_close(&c);

  assert_string_equal(out, HEADER DIVIDER
                      "[api #0-0] Running: api\n"
                      "[api #0-0]\n"
                      "[api #0-0] » specs/one.spec.js\n"
                      "[api #0-0] One\n"
                      "[api #0-0]    ✓ works (1ms)\n"
                      "[api #0-0]\n"
                      "[api #0-0] » specs/two.spec.js\n"
                      "[api #0-0] Two\n"
                      "[api #0-0]    ✓ works (1ms)\n"
                      "[api #0-0]\n"
                      "[api #0-0] 2 passing (2ms)\n"
                      "\n");
  free(out);
  free(first);
  free(second);
  json_decref(caps);
}

/* WebdriverIO prints no block for a job without results, and no title without blocks. */
static void test_nothing_to_report(void **state) {
  (void)state;
  capture_t c;
  json_t *caps = json_pack("{s:s}", "browserName", "api");
  report_job_t a = {"0-0", "/w/a.spec.js", "a.spec.js", caps};
  report_job_t b = {"0-1", "/w/b.spec.js", "b.spec.js", caps};

  capture_open(&c, true);
  send(&c, &a, json_pack("{s:s, s:s, s:s}", "type", "runner:start", "cid", "0-0", "spec", a.spec));
  suite_start(&c, &a, "filtered out");
  suite_end(&c, &a, "filtered out");
  runner_end(&c, &a, 1);
  end_job(&c, &a, true);
  end_job(&c, &b, true);
  char *out = capture_close(&c);

  assert_string_equal(out, "");
  free(out);
  json_decref(caps);
}

/* free() without job_end or run_end releases jobs still running (ASan checks the rest). */
static void test_free_midrun(void **state) {
  (void)state;
  capture_t c;
  json_t *caps = json_pack("{s:s}", "browserName", "api");
  report_job_t a = {"0-0", "/w/a.spec.js", "a.spec.js", caps};
  report_job_t b = {"0-1", "/w/b.spec.js", "b.spec.js", caps};

  capture_open(&c, false);
  suite_start(&c, &a, "A");
  suite_start(&c, &a, "nested");
  test_fail(&c, &a, "t", "A nested t", 1, error_obj("Error", "x", "Error: x\n  at y"));
  suite_start(&c, &b, "B");
  test_pass(&c, &b, "t", "B t", 1);
  runner_end(&c, &b, 1);
  end_job(&c, &b, true);
  c.r->ops->free(c.r);
  assert_int_equal(fclose(c.out), 0);
  assert_string_equal(c.buf, "");
  free(c.buf);
  json_decref(caps);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_format_duration),
      cmocka_unit_test(test_passing_job),
      cmocka_unit_test(test_reference_layout),
      cmocka_unit_test(test_nested_hooks_retries),
      cmocka_unit_test(test_capabilities),
      cmocka_unit_test(test_load_error),
      cmocka_unit_test(test_worker_died),
      cmocka_unit_test(test_worker_died_silent),
      cmocka_unit_test(test_color),
      cmocka_unit_test(test_color_off),
      cmocka_unit_test(test_concurrent_jobs),
      cmocka_unit_test(test_suite_order),
      cmocka_unit_test(test_root_hooks),
      cmocka_unit_test(test_grouped_files),
      cmocka_unit_test(test_nothing_to_report),
      cmocka_unit_test(test_free_midrun),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
