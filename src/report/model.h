/* model: one job's results rebuilt from its worker events, for the reporters that write a
 * file per job (junit, json) or per test (allure).
 *
 * The events say little about where an HTTP exchange belongs; the model decides once for
 * every reporter:
 *   - between a test's test:start and its end event (before/after each hooks included):
 *     the test's;
 *   - a failed hook (test:fail with "hook") takes the exchanges made since the last test
 *     or suite boundary, and those of a test its before/after each hook abandoned;
 *   - any other exchange outside a test ran in a before/after all hook: the innermost
 *     open suite keeps it, as `before` while no test or child suite of it has started,
 *     `after` once one has.
 * A job ends with job_end: tests still open then (a crash, an interrupt) are closed as
 * failed with the job's error, and open suites are closed, so a report of a crashed job
 * is as well-formed as any other.
 *
 * Memory: a set owns its jobs; a job owns its suites, tests and every json_t it keeps
 * (references taken from the borrowed events). With RM_KEEP_TESTS unset a test is freed
 * right after the test_end callback, so a streaming reporter holds one test at a time. */
#ifndef SONDE_REPORT_MODEL_H
#define SONDE_REPORT_MODEL_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "common/sbuf.h"
#include "report/events.h"

typedef enum { RM_PASSED, RM_FAILED, RM_SKIPPED } rm_state_t;

enum {
  RM_KEEP_TESTS = 1,            /* suites keep their finished tests until job_end */
  RM_KEEP_EXCHANGES = 2,        /* kept tests keep their exchanges... */
  RM_KEEP_FAILED_EXCHANGES = 4, /* ...or only failed tests do */
  RM_KEEP_LOGS = 8,             /* tests collect the console lines logged while they ran */
};

typedef struct {
  char *title; /* titles: UTF-8 of *_len bytes, which may hold NULs */
  size_t title_len;
  char *full_title;
  size_t full_title_len;
  char *hook; /* "before all" etc. for a failed hook, else NULL */
  rm_state_t state;
  bool retry;      /* an attempt that failed and was retried (test:retry) */
  bool aborted;    /* the job ended while it ran: `error` is the job's */
  int retries;     /* attempts before the final one */
  double start_ms; /* epoch ms, when the launcher got test:start */
  double stop_ms;
  double duration_ms;   /* as the worker measured it */
  json_t *error;        /* ERROR object of events.h, or NULL */
  json_t *exchanges;    /* array of http events, without "type" and "cid" and with "time":
                          epoch ms when the launcher got it */
  sbuf_t logs;          /* "text\n" per console line, with RM_KEEP_LOGS (NULs kept) */
  json_t *meta;         /* a cucumber scenario's "scenario" event (tags, parameters), or NULL */
  char *pending_reason; /* a skipped test's reason (jasmine's pending('...')), or NULL; UTF-8
                          of pending_reason_len bytes, which may hold NULs */
  size_t pending_reason_len;
  json_t *steps; /* a cucumber scenario's steps (step:start/step:end), NULL when
                          none: [{title, status, start, stop (epoch ms), error?, exchanges}],
                          each step's exchanges also in `exchanges` */
} rm_test_t;

typedef struct rm_suite {
  char *title; /* "" for the root suite; may hold NULs (see title_len) */
  size_t title_len;
  char *full_title;
  size_t full_title_len;
  char *file;    /* absolute spec path */
  size_t index;  /* position in job->suites (start order); 0 is the root */
  size_t parent; /* index of the parent; the root's is 0 */
  int depth;     /* 0 for the root */
  double start_ms, stop_ms, duration_ms;
  bool ended;
  bool has_children;        /* a test or a child suite has started in it */
  json_t *before_exchanges; /* exchanges of its before all hooks */
  json_t *after_exchanges;  /* exchanges of its after all hooks */
  rm_test_t **tests;        /* kept tests (RM_KEEP_TESTS), in end order */
  size_t ntests, tests_cap;
  int passed, failed, skipped; /* its own tests, final attempts only */
  void *data;                  /* the reporter's */
} rm_suite_t;

typedef struct rm_job {
  struct rm_job *next;
  char *cid;
  char *spec;         /* absolute */
  char *spec_display; /* relative to the working directory */
  json_t *capabilities;
  rm_suite_t **suites; /* start order; suites[0] is the root */
  size_t nsuites, suites_cap;
  size_t *open; /* stack of indexes of open suites; open[0] is the root */
  size_t nopen, open_cap;
  rm_test_t *current;  /* between test:start and its end */
  json_t *loose;       /* exchanges outside tests not yet placed */
  json_t *error;       /* runner:end's error, or the one made up for a lost worker */
  bool error_absorbed; /* `error` was given to a test that was running */
  bool runner_end_seen;
  bool passed; /* job_end's verdict */
  double start_ms, stop_ms, duration_ms;
  int passed_tests, failed_tests, skipped_tests, retried_tests;
  char *seed; /* jasmine's random order seed (a log event's "seed"), or NULL */
  void *data; /* the reporter's */
} rm_job_t;

typedef struct {
  unsigned flags;
  /* Any of these may be NULL. Pointers passed are valid during the call. test_end sees
   * retried attempts too (test->retry). */
  void (*suite_start)(rm_job_t *job, rm_suite_t *suite, void *ud);
  void (*test_end)(rm_job_t *job, rm_suite_t *suite, rm_test_t *test, void *ud);
  void (*suite_end)(rm_job_t *job, rm_suite_t *suite, void *ud);
  void *ud;
  double (*now)(void); /* the clock; NULL for the wall clock (tests pass a fixed one) */
} rm_hooks_t;

typedef struct {
  rm_hooks_t hooks;
  rm_job_t *jobs; /* between their first event and job_end */
} rm_set_t;

void rm_set_init(rm_set_t *set, const rm_hooks_t *hooks);
/* Updates the job `job` names with one event. */
void rm_feed(rm_set_t *set, const report_job_t *job, const json_t *ev);
/* Closes the job (see above) and hands it over: the caller renders it and frees it with
 * rm_job_free. Never NULL. */
rm_job_t *rm_finish(rm_set_t *set, const report_job_t *job, bool passed);
void rm_job_free(rm_job_t *job);
/* Frees the jobs that never ended (the launcher went away first). */
void rm_set_free(rm_set_t *set);

/* The message used when a worker died without runner:end. */
#define RM_WORKER_DIED "worker exited before the spec file finished"

#endif
