/* Unit tests for the allure reporter: the result, container and attachment files one job
 * leaves in outputDir, with the fields Allure 2 reads (§3 of wdio-conventions.md). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/fsutil.h"
#include "common/strvec.h"
#include "report/allure.h"
#include "report/util.h"
#include "test_report_events.h"

static json_t *caps;
static report_job_t job;
static char dir[64];

static int setup(void **state) {
  caps = json_pack("{s:s, s:s, s:s}", "browserName", "api", "browserVersion", "stable",
                   "platformName", "linux");
  job = (report_job_t){"0-0", "/work/specs/users.spec.js", "specs/users.spec.js", caps};
  return 0;
}

static int teardown(void **state) {
  json_decref(caps);
  return 0;
}

static void remove_dir(void) {
  DIR *d = opendir(dir);
  if (!d) return;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.') continue;
    char *p = xasprintf("%s/%s", dir, e->d_name);
    unlink(p);
    free(p);
  }
  closedir(d);
  rmdir(dir);
}

/* Names in `dir` ending in `suffix`, sorted. */
static void list(const char *suffix, strvec_t *out) {
  DIR *d = opendir(dir);
  assert_non_null(d);
  struct dirent *e;
  size_t n = strlen(suffix);
  while ((e = readdir(d))) {
    size_t len = strlen(e->d_name);
    if (len > n && strcmp(e->d_name + len - n, suffix) == 0) strvec_push(out, e->d_name);
  }
  closedir(d);
  strvec_sort_unique(out);
}

static json_t *load(const char *name) {
  char *p = xasprintf("%s/%s", dir, name);
  json_t *doc = json_load_file(p, 0, NULL);
  free(p);
  assert_non_null(doc);
  return doc;
}

/* All results, keyed "<name>#<status>" (retried attempts share a name). */
static json_t *results(void) {
  strvec_t names = STRVEC_INIT;
  list("-result.json", &names);
  json_t *all = json_array();
  for (size_t i = 0; i < names.len; i++) {
    json_t *doc = load(names.items[i]);
    char *uuid = xstrndup(names.items[i], 36);
    assert_string_equal(json_string_value(json_object_get(doc, "uuid")), uuid);
    free(uuid);
    json_array_append_new(all, doc);
  }
  strvec_free(&names);
  return all;
}

static json_t *find(json_t *all, const char *name, const char *status) {
  size_t i;
  json_t *r;
  json_array_foreach(all, i, r) {
    if (strcmp(report_jstr(r, "name"), name) == 0 &&
        (!status || strcmp(report_jstr(r, "status"), status) == 0))
      return r;
  }
  fail_msg("no result %s (%s)", name, status ? status : "any");
  return NULL;
}

static const char *label_of(json_t *r, const char *name) {
  size_t i;
  json_t *l;
  json_array_foreach(json_object_get(r, "labels"), i, l) if (strcmp(report_jstr(l, "name"), name) ==
                                                             0) return report_jstr(l, "value");
  return NULL;
}

static void run(const allure_opts_t *base) {
  strcpy(dir, "/tmp/sonde-allure-XXXXXX");
  assert_non_null(mkdtemp(dir));
  allure_opts_t opts = *base;
  opts.output_dir = dir;
  reporter_t *r = allure_reporter_new(&opts);
  send(r, &job, ev_suite_start("Users", "Users"));
  send(r, &job, ev_http("POST", "http://h/reset", 200, NULL, NULL));
  send(r, &job, ev_test_start("lists", "Users lists"));
  send(r, &job, ev_http("GET", "http://h/users/1", 200, NULL, "{\"id\":1}"));
  send(r, &job, ev_log("hello from the test"));
  send(r, &job, ev_pass("lists", "Users lists", 5));
  send(r, &job, ev_test_start("checks", "Users checks"));
  send(r, &job,
       ev_fail("checks", "Users checks", 2,
               ev_error("Error", "Expected status 200, but received 404", "at x")));
  send(r, &job, ev_test_start("breaks", "Users breaks"));
  send(r, &job, ev_http("GET", "http://h/down", 0, NULL, NULL));
  send(r, &job,
       ev_fail("breaks", "Users breaks", 2, ev_error("TypeError", "x is undefined", NULL)));
  send(r, &job, ev_test_start("flaky", "Users flaky"));
  send(r, &job, ev_retry("flaky", "Users flaky", 1, ev_error("AssertionError", "first", NULL)));
  send(r, &job, ev_pass("flaky", "Users flaky", 1));
  send(r, &job, ev_pending("later", "Users later"));
  send(r, &job, ev_suite_start("admin", "Users admin"));
  send(r, &job,
       ev_hook_fail("before all", "\"before all\" hook for \"x\"",
                    "Users admin \"before all\" hook for \"x\"",
                    ev_error("Error", "no token", NULL)));
  send(r, &job, ev_suite_end("admin", "Users admin", 1));
  send(r, &job, ev_suite_end("Users", "Users", 20));
  send(r, &job, ev_runner_end(25, NULL));
  r->ops->job_end(r, &job, false);
  report_summary_t summary = {0};
  r->ops->run_end(r, &summary);
  r->ops->free(r);
}

static void test_results(void **state) {
  (void)state;
  json_t *env = json_pack("{s:s, s:s}", "NODE_ENV", "test", "a=b", "x\ny");
  allure_opts_t opts = {.environment = env, .add_console_logs = true};
  run(&opts);
  json_decref(env);
  json_t *all = results();
  assert_int_equal(json_array_size(all), 7);

  json_t *lists = find(all, "lists", "passed");
  char hid[33];
  report_md5_hex("Users lists#api-stable", strlen("Users lists#api-stable"), hid);
  assert_string_equal(report_jstr(lists, "historyId"), hid);
  assert_string_equal(report_jstr(lists, "testCaseId"), hid);
  assert_string_equal(report_jstr(lists, "fullName"), "specs/users.spec.js#Users lists");
  assert_string_equal(report_jstr(lists, "stage"), "finished");
  json_t *tp = json_object_get(lists, "titlePath");
  assert_int_equal(json_array_size(tp), 3);
  assert_string_equal(json_string_value(json_array_get(tp, 0)), "specs");
  assert_string_equal(json_string_value(json_array_get(tp, 2)), "Users");
  assert_string_equal(label_of(lists, "parentSuite"), "Users");
  assert_string_equal(label_of(lists, "package"), "specs.users.spec.js");
  assert_string_equal(label_of(lists, "language"), "javascript");
  assert_string_equal(label_of(lists, "framework"), "wdio");
  assert_string_equal(label_of(lists, "thread"), "0-0");
  assert_true(json_integer_value(json_object_get(lists, "stop")) >=
              json_integer_value(json_object_get(lists, "start")));
  /* One step per exchange, with its two attachments on disk. */
  json_t *steps = json_object_get(lists, "steps");
  assert_int_equal(json_array_size(steps), 1);
  json_t *step = json_array_get(steps, 0);
  assert_string_equal(report_jstr(step, "name"), "GET /users/1 → 200");
  assert_string_equal(report_jstr(step, "status"), "passed");
  json_t *atts = json_object_get(step, "attachments");
  assert_int_equal(json_array_size(atts), 2);
  assert_string_equal(report_jstr(json_array_get(atts, 0), "name"), "Request");
  assert_string_equal(report_jstr(json_array_get(atts, 1), "type"), "application/json");
  json_t *res = load(report_jstr(json_array_get(atts, 1), "source"));
  assert_int_equal(json_integer_value(json_object_get(json_object_get(res, "body"), "id")), 1);
  json_decref(res);
  /* addConsoleLogs */
  json_t *logs = json_array_get(json_object_get(lists, "attachments"), 0);
  assert_string_equal(report_jstr(logs, "name"), "Console Logs");
  char *p = xasprintf("%s/%s", dir, report_jstr(logs, "source"));
  char *text = fs_read_file(p, NULL);
  assert_string_equal(text, "hello from the test\n");
  free(text);
  free(p);

  /* failed (an "Expect" message) vs broken; the failed exchange is a broken step. */
  json_t *checks = find(all, "checks", "failed");
  assert_string_equal(report_jstr(json_object_get(checks, "statusDetails"), "message"),
                      "Expected status 200, but received 404");
  json_t *breaks = find(all, "breaks", "broken");
  assert_string_equal(report_jstr(json_array_get(json_object_get(breaks, "steps"), 0), "status"),
                      "broken");
  /* A retried attempt is a result of its own with the same historyId. */
  json_t *first = find(all, "flaky", "failed");
  json_t *second = find(all, "flaky", "passed");
  assert_string_equal(report_jstr(first, "historyId"), report_jstr(second, "historyId"));
  json_t *later = find(all, "later", "skipped");
  assert_string_equal(report_jstr(later, "stage"), "pending");
  json_t *hook = find(all, "\"before all\" hook for \"x\"", "broken");
  assert_string_equal(label_of(hook, "suite"), "admin");

  /* The before all request lives in a container of Users, over its results. */
  strvec_t names = STRVEC_INIT;
  list("-container.json", &names);
  assert_int_equal(names.len, 1);
  json_t *c = load(names.items[0]);
  assert_string_equal(report_jstr(c, "name"), "Users");
  assert_int_equal(json_array_size(json_object_get(c, "children")), 7);
  json_t *fx = json_array_get(json_object_get(c, "befores"), 0);
  assert_string_equal(report_jstr(json_array_get(json_object_get(fx, "steps"), 0), "name"),
                      "POST /reset → 200");
  json_decref(c);
  strvec_free(&names);

  char *props_path = xasprintf("%s/environment.properties", dir);
  char *props = fs_read_file(props_path, NULL);
  assert_string_equal(props, "NODE_ENV = test\na\\=b = x\\ny\n");
  free(props);
  free(props_path);
  json_decref(all);
  remove_dir();
}

static void test_disabled_steps(void **state) {
  (void)state;
  allure_opts_t opts = {.disable_steps = true};
  run(&opts);
  json_t *all = results();
  json_t *lists = find(all, "lists", "passed");
  assert_int_equal(json_array_size(json_object_get(lists, "steps")), 0);
  strvec_t names = STRVEC_INIT;
  list("-attachment.json", &names);
  assert_int_equal(names.len, 0);
  list("-container.json", &names);
  assert_int_equal(names.len, 0);
  strvec_free(&names);
  char *props = xasprintf("%s/environment.properties", dir);
  assert_false(fs_is_file(props)); /* no reportedEnvironmentVars */
  free(props);
  json_decref(all);
  remove_dir();
}

/* A spec file that failed to load: one broken result named after the file. */
static void test_load_error(void **state) {
  (void)state;
  strcpy(dir, "/tmp/sonde-allure-XXXXXX");
  assert_non_null(mkdtemp(dir));
  allure_opts_t opts = {.output_dir = dir};
  reporter_t *r = allure_reporter_new(&opts);
  send(r, &job, ev_runner_end(1, ev_error("SyntaxError", "Unexpected token", "SyntaxError: x")));
  r->ops->job_end(r, &job, false);
  r->ops->free(r);
  json_t *all = results();
  assert_int_equal(json_array_size(all), 1);
  json_t *res = find(all, "specs/users.spec.js", "broken");
  assert_string_equal(report_jstr(json_object_get(res, "statusDetails"), "trace"),
                      "SyntaxError: x");
  json_decref(all);
  remove_dir();
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_results),
      cmocka_unit_test(test_disabled_steps),
      cmocka_unit_test(test_load_error),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
