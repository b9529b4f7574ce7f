/* Unit tests for the job model: where exchanges land, failed hooks, retries, crashed jobs,
 * and that a streaming reporter (no RM_KEEP_TESTS) holds no finished test. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "report/model.h"
#include "test_report_events.h"

static const report_job_t JOB = {"0-0", "/work/specs/users.spec.js", "specs/users.spec.js", NULL};

static double fixed_now(void) { return 1748779201000.0; }

typedef struct {
  int tests, retries, suites_ended;
  size_t max_kept;
} counts_t;

static void count_test(rm_job_t *job, rm_suite_t *suite, rm_test_t *test, void *ud) {
  counts_t *c = ud;
  if (test->retry) c->retries++;
  else c->tests++;
  for (size_t i = 0; i < job->nsuites; i++)
    if (job->suites[i]->ntests > c->max_kept) c->max_kept = job->suites[i]->ntests;
}

static void count_suite(rm_job_t *job, rm_suite_t *suite, void *ud) {
  ((counts_t *)ud)->suites_ended++;
}

static void feed(rm_set_t *set, json_t *ev) {
  rm_feed(set, &JOB, ev);
  json_decref(ev);
}

static void test_exchanges_land_where_they_ran(void **state) {
  (void)state;
  rm_hooks_t hooks = {.flags = RM_KEEP_TESTS | RM_KEEP_EXCHANGES, .now = fixed_now};
  rm_set_t set;
  rm_set_init(&set, &hooks);
  feed(&set, ev_suite_start("Users", "Users"));
  feed(&set, ev_http("POST", "http://h/reset", 200, NULL, NULL)); /* before all */
  feed(&set, ev_test_start("lists", "Users lists"));
  feed(&set, ev_http("GET", "http://h/users", 200, NULL, "[]"));
  feed(&set, ev_log("hello"));
  feed(&set, ev_pass("lists", "Users lists", 5));
  feed(&set, ev_pending("later", "Users later"));
  feed(&set, ev_http("DELETE", "http://h/users/1", 200, NULL, NULL)); /* after all */
  feed(&set, ev_suite_end("Users", "Users", 20));
  feed(&set, ev_runner_end(30, NULL));
  rm_job_t *j = rm_finish(&set, &JOB, true);

  assert_int_equal(j->nsuites, 2);
  rm_suite_t *s = j->suites[1];
  assert_string_equal(s->title, "Users");
  assert_int_equal(s->depth, 1);
  assert_true(s->ended);
  assert_int_equal(s->ntests, 2);
  assert_int_equal(json_array_size(s->before_exchanges), 1);
  assert_int_equal(json_array_size(s->after_exchanges), 1);
  rm_test_t *t = s->tests[0];
  assert_int_equal(t->state, RM_PASSED);
  assert_int_equal(json_array_size(t->exchanges), 1);
  json_t *ex = json_array_get(t->exchanges, 0);
  assert_null(json_object_get(ex, "type"));
  assert_null(json_object_get(ex, "cid"));
  assert_true(json_is_number(json_object_get(ex, "time")));
  assert_int_equal(t->logs.len, 0); /* RM_KEEP_LOGS not asked for */
  assert_int_equal(s->tests[1]->state, RM_SKIPPED);
  assert_int_equal(j->passed_tests, 1);
  assert_int_equal(j->skipped_tests, 1);
  assert_null(j->error);
  assert_null(set.jobs);
  rm_job_free(j);
  rm_set_free(&set);
}

static void test_hook_failure_takes_the_abandoned_test(void **state) {
  (void)state;
  rm_hooks_t hooks = {.flags = RM_KEEP_TESTS | RM_KEEP_FAILED_EXCHANGES | RM_KEEP_LOGS};
  rm_set_t set;
  rm_set_init(&set, &hooks);
  feed(&set, ev_suite_start("S", "S"));
  feed(&set, ev_test_start("a", "S a"));
  feed(&set, ev_http("GET", "http://h/a", 200, NULL, NULL));
  feed(&set, ev_log("in the hook"));
  feed(&set, ev_hook_fail("before each", "\"before each\" hook for \"a\"",
                          "S \"before each\" hook for \"a\"", ev_error("Error", "boom", NULL)));
  feed(&set, ev_test_start("b", "S b"));
  feed(&set, ev_http("GET", "http://h/b", 200, NULL, NULL));
  feed(&set, ev_pass("b", "S b", 1));
  feed(&set, ev_suite_end("S", "S", 3));
  feed(&set, ev_runner_end(5, NULL));
  rm_job_t *j = rm_finish(&set, &JOB, false);
  rm_suite_t *s = j->suites[1];
  assert_int_equal(s->ntests, 2);
  rm_test_t *hook = s->tests[0];
  assert_string_equal(hook->hook, "before each");
  assert_int_equal(hook->state, RM_FAILED);
  assert_int_equal(json_array_size(hook->exchanges), 1);
  assert_string_equal(hook->logs.data, "in the hook\n");
  /* A passed test keeps no exchange under RM_KEEP_FAILED_EXCHANGES. */
  assert_int_equal(json_array_size(s->tests[1]->exchanges), 0);
  assert_int_equal(j->failed_tests, 1);
  rm_job_free(j);
  rm_set_free(&set);
}

static void test_retry_and_streaming(void **state) {
  (void)state;
  counts_t c = {0};
  rm_hooks_t hooks = {.test_end = count_test, .suite_end = count_suite, .ud = &c};
  rm_set_t set;
  rm_set_init(&set, &hooks);
  feed(&set, ev_suite_start("S", "S"));
  feed(&set, ev_test_start("flaky", "S flaky"));
  feed(&set, ev_retry("flaky", "S flaky", 1, ev_error("Error", "first", NULL)));
  feed(&set, ev_pass("flaky", "S flaky", 1));
  for (int i = 0; i < 1000; i++) {
    feed(&set, ev_test_start("t", "S t"));
    feed(&set, ev_http("GET", "http://h/t", 200, NULL, "{}"));
    feed(&set, ev_pass("t", "S t", 1));
  }
  feed(&set, ev_suite_end("S", "S", 3));
  feed(&set, ev_runner_end(5, NULL));
  rm_job_t *j = rm_finish(&set, &JOB, true);
  assert_int_equal(c.tests, 1001);
  assert_int_equal(c.retries, 1);
  assert_int_equal(c.max_kept, 0);
  assert_int_equal(c.suites_ended, 2); /* S and the root */
  assert_int_equal(j->retried_tests, 1);
  assert_int_equal(j->passed_tests, 1001);
  rm_job_free(j);
  rm_set_free(&set);
}

typedef struct {
  double start[2], stop[2];
  int n;
} times_t;

static void record_times(rm_job_t *job, rm_suite_t *suite, rm_test_t *test, void *ud) {
  times_t *t = ud;
  if (t->n < 2) {
    t->start[t->n] = test->start_ms;
    t->stop[t->n] = test->stop_ms;
  }
  t->n++;
}

/* Allure takes the attempt with the latest start as the final one: within one millisecond
 * (a frozen clock here) the next attempt must still start later, and never end earlier. */
static void test_retry_attempts_are_ordered(void **state) {
  (void)state;
  times_t t = {0};
  rm_hooks_t hooks = {.test_end = record_times, .ud = &t, .now = fixed_now};
  rm_set_t set;
  rm_set_init(&set, &hooks);
  feed(&set, ev_test_start("flaky", "flaky"));
  feed(&set, ev_retry("flaky", "flaky", 0.2, ev_error("Error", "first", NULL)));
  feed(&set, ev_pass("flaky", "flaky", 0.2));
  rm_job_free(rm_finish(&set, &JOB, true));
  assert_int_equal(t.n, 2);
  assert_true(t.start[1] >= t.start[0] + 1);
  assert_true(t.stop[1] >= t.start[1]);
  assert_true(t.stop[0] >= t.start[0]);
  rm_set_free(&set);
}

/* A worker that dies mid-test: the launcher sends runner:end with the crash, then job_end. */
static void test_crash_closes_everything(void **state) {
  (void)state;
  counts_t c = {0};
  rm_hooks_t hooks = {
      .flags = RM_KEEP_TESTS, .test_end = count_test, .suite_end = count_suite, .ud = &c};
  rm_set_t set;
  rm_set_init(&set, &hooks);
  feed(&set, ev_suite_start("S", "S"));
  feed(&set, ev_suite_start("inner", "S inner"));
  feed(&set, ev_test_start("dies", "S inner dies"));
  feed(&set, ev_runner_end(0, ev_error("WorkerCrash", "killed by signal 9", NULL)));
  rm_job_t *j = rm_finish(&set, &JOB, false);
  assert_int_equal(c.suites_ended, 3);
  assert_true(j->error_absorbed);
  rm_test_t *t = j->suites[2]->tests[0];
  assert_true(t->aborted);
  assert_int_equal(t->state, RM_FAILED);
  assert_string_equal(json_string_value(json_object_get(t->error, "name")), "WorkerCrash");
  rm_job_free(j);

  /* No runner:end at all: the model makes the error up. */
  feed(&set, ev_suite_start("S", "S"));
  j = rm_finish(&set, &JOB, false);
  assert_non_null(j->error);
  assert_false(j->error_absorbed);
  assert_string_equal(json_string_value(json_object_get(j->error, "message")), RM_WORKER_DIED);
  assert_true(j->suites[1]->ended);
  rm_job_free(j);
  rm_set_free(&set);
}

static void test_jobs_are_separate(void **state) {
  (void)state;
  report_job_t other = {"0-1", "/work/specs/b.spec.js", "specs/b.spec.js", NULL};
  rm_hooks_t hooks = {.flags = RM_KEEP_TESTS};
  rm_set_t set;
  rm_set_init(&set, &hooks);
  feed(&set, ev_test_start("a", "a"));
  json_t *ev = ev_pass("b", "b", 1);
  rm_feed(&set, &other, ev);
  json_decref(ev);
  feed(&set, ev_pass("a", "a", 1));
  rm_job_t *j = rm_finish(&set, &other, true);
  assert_string_equal(j->cid, "0-1");
  assert_int_equal(j->suites[0]->ntests, 1);
  assert_string_equal(j->suites[0]->tests[0]->title, "b");
  rm_job_free(j);
  /* The unfinished job is freed with the set. */
  rm_set_free(&set);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_exchanges_land_where_they_ran),
      cmocka_unit_test(test_hook_failure_takes_the_abandoned_test),
      cmocka_unit_test(test_retry_and_streaming),
      cmocka_unit_test(test_retry_attempts_are_ordered),
      cmocka_unit_test(test_crash_closes_everything),
      cmocka_unit_test(test_jobs_are_separate),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
