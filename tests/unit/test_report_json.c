/* Unit tests for the json reporter: the document's structure (suites, tests, states,
 * errors, exchanges, hooks), a crashed job, files in outputDir and stdout. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/fsutil.h"
#include "report/json.h"
#include "test_report_events.h"

static json_t *caps;
static report_job_t job;

static int setup(void **state) {
  caps = json_pack("{s:s}", "browserName", "api");
  job = (report_job_t){"0-1", "/work/specs/users.spec.js", "specs/users.spec.js", caps};
  return 0;
}

static int teardown(void **state) {
  json_decref(caps);
  return 0;
}

/* Runs a small job through a reporter writing to a fresh folder; returns its document. */
static json_t *run_job(bool crash) {
  char tmpl[] = "/tmp/sonde-json-XXXXXX";
  assert_non_null(mkdtemp(tmpl));
  json_reporter_opts_t opts = {.output_dir = tmpl, .framework = "mocha"};
  reporter_t *r = json_reporter_new(stdout, false, &opts);
  send(r, &job, ev_http("POST", "http://h/reset", 200, NULL, NULL));
  send(r, &job, ev_suite_start("Users", "Users"));
  send(r, &job, ev_test_start("lists", "Users lists"));
  send(r, &job, ev_http("GET", "http://h/users", 200, NULL, "[1,2]"));
  send(r, &job, ev_pass("lists", "Users lists", 12.5));
  send(r, &job, ev_test_start("finds", "Users finds"));
  send(r, &job, ev_http("GET", "http://h/users/9", 404, NULL, "{}"));
  if (!crash) {
    json_t *err =
        ev_error("AssertionError", "expected 200", "AssertionError: expected 200\n  at x");
    json_object_set_new(err, "expected", json_integer(200));
    send(r, &job, ev_fail("finds", "Users finds", 3, err));
    send(r, &job,
         ev_hook_fail("after each", "\"after each\" hook for \"finds\"",
                      "Users \"after each\" hook for \"finds\"",
                      ev_error("Error", "cleanup", NULL)));
    send(r, &job, ev_pending("later", "Users later"));
    send(r, &job, ev_suite_end("Users", "Users", 40));
    send(r, &job, ev_runner_end(50, NULL));
  }
  r->ops->job_end(r, &job, false);
  report_summary_t summary = {0};
  r->ops->run_end(r, &summary);
  r->ops->free(r);

  char *path = xasprintf("%s/wdio-0-1-json-reporter.log", tmpl);
  json_error_t jerr;
  json_t *doc = json_load_file(path, 0, &jerr);
  assert_non_null(doc);
  unlink(path);
  rmdir(tmpl);
  free(path);
  return doc;
}

static json_t *at(json_t *v, const char *path) {
  /* "suites.1.tests.0.name": members and array indexes separated by dots. */
  char *copy = xstrdup(path);
  char *save = NULL;
  for (char *part = strtok_r(copy, ".", &save); part && v; part = strtok_r(NULL, ".", &save)) {
    if (json_is_array(v)) v = json_array_get(v, strtoul(part, NULL, 10));
    else v = json_object_get(v, part);
  }
  free(copy);
  return v;
}

static const char *str_at(json_t *v, const char *path) {
  json_t *s = at(v, path);
  assert_true(json_is_string(s));
  return json_string_value(s);
}

static void test_document(void **state) {
  (void)state;
  json_t *doc = run_job(false);
  assert_string_equal(str_at(doc, "cid"), "0-1");
  assert_string_equal(str_at(doc, "spec"), "specs/users.spec.js");
  assert_string_equal(str_at(doc, "specs.0"), "/work/specs/users.spec.js");
  assert_string_equal(str_at(doc, "framework"), "mocha");
  assert_string_equal(str_at(doc, "capabilities.browserName"), "api");
  assert_true(json_is_false(at(doc, "passed")));
  assert_int_equal(json_integer_value(at(doc, "state.passed")), 1);
  assert_int_equal(json_integer_value(at(doc, "state.failed")), 2);
  assert_int_equal(json_integer_value(at(doc, "state.skipped")), 1);
  assert_true(strlen(str_at(doc, "start")) == 24);

  /* The root suite appears: a root-level before all hook made a request. */
  assert_int_equal(json_array_size(at(doc, "suites")), 2);
  assert_string_equal(str_at(doc, "suites.0.name"), "(root)");
  assert_string_equal(str_at(doc, "suites.0.beforeAll.0.url"), "http://h/reset");
  assert_string_equal(str_at(doc, "suites.1.name"), "Users");
  assert_int_equal(json_array_size(at(doc, "suites.1.tests")), 3);
  assert_string_equal(str_at(doc, "suites.1.tests.0.state"), "passed");
  assert_true(json_real_value(at(doc, "suites.1.tests.0.duration")) == 12.5);
  assert_int_equal(json_integer_value(at(doc, "suites.1.tests.0.exchanges.0.status")), 200);
  assert_string_equal(str_at(doc, "suites.1.tests.0.exchanges.0.response.body"), "[1,2]");
  assert_null(at(doc, "suites.1.tests.0.exchanges.0.type"));
  assert_string_equal(str_at(doc, "suites.1.tests.1.state"), "failed");
  assert_string_equal(str_at(doc, "suites.1.tests.1.error"), "expected 200");
  assert_string_equal(str_at(doc, "suites.1.tests.1.errorType"), "AssertionError");
  assert_int_equal(json_integer_value(at(doc, "suites.1.tests.1.errorDetails.expected")), 200);
  assert_string_equal(str_at(doc, "suites.1.tests.2.state"), "skipped");
  assert_string_equal(str_at(doc, "suites.1.hooks.0.hook"), "after each");
  assert_string_equal(str_at(doc, "suites.1.hooks.0.error"), "cleanup");
  assert_null(at(doc, "error"));
  json_decref(doc);
}

static void test_crashed_job(void **state) {
  (void)state;
  json_t *doc = run_job(true);
  assert_string_equal(str_at(doc, "error.message"), RM_WORKER_DIED);
  assert_string_equal(str_at(doc, "suites.1.tests.1.state"), "failed");
  assert_true(json_is_true(at(doc, "suites.1.tests.1.aborted")));
  assert_int_equal(json_array_size(at(doc, "suites.1.tests.1.exchanges")), 1);
  json_decref(doc);
}

static void test_stdout(void **state) {
  (void)state;
  char *buf = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&buf, &len);
  json_reporter_opts_t opts = {.compact = true};
  reporter_t *r = json_reporter_new(out, false, &opts);
  send(r, &job, ev_pass("t", "t", 1));
  send(r, &job, ev_runner_end(2, NULL));
  r->ops->job_end(r, &job, true);
  report_summary_t summary = {0};
  r->ops->run_end(r, &summary);
  r->ops->free(r);
  assert_int_equal(fclose(out), 0);
  assert_true(strncmp(buf, "\n \"json\" Reporter:\n{\"cid\":\"0-1\"", 31) == 0);
  json_t *doc = json_loads(buf + 19, 0, NULL);
  assert_non_null(doc);
  assert_true(json_is_true(at(doc, "passed")));
  json_decref(doc);
  free(buf);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_document),
      cmocka_unit_test(test_crashed_job),
      cmocka_unit_test(test_stdout),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
