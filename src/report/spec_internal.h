/* spec reporter internals, shared by spec.c (the events: job state, suites, failures) and
 * spec_render.c (the text: lines, errors, and a job's finished block). See spec.c for the
 * design; the same ownership rules hold: a spec_job_t owns everything it points to. */
#ifndef SONDE_REPORT_SPEC_INTERNAL_H
#define SONDE_REPORT_SPEC_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

#include "common/sbuf.h"
#include "report/spec.h"
#include "report/util.h"

#define SPEC_DIVIDER         "------------------------------------------------------------------"

/* chalk's codes: each colour closes with the default-foreground code, not a full reset,
 * so that nested styles survive. */
#define SPEC_GREEN           "\x1b[32m"
#define SPEC_RED             "\x1b[31m"
#define SPEC_CYAN            "\x1b[36m"
#define SPEC_YELLOW          "\x1b[33m"
#define SPEC_GRAY            "\x1b[90m"
#define SPEC_FG_CLOSE        "\x1b[39m"

/* Failures are numbered in suite order, not arrival order (see spec_failure_t). Root-level
 * items that arrive after the first suite are WebdriverIO's trailing "(root)" group and load
 * or crash errors come last of all. */
#define SPEC_GROUP_ROOT_TAIL (INT32_MAX - 1)
#define SPEC_GROUP_JOB_ERROR INT32_MAX

/* The failure shown for a job whose worker ended without runner:end. */
#define SPEC_WORKER_DIED     "worker exited before the spec file finished"

/* One describe block. WebdriverIO prints a suite's own tests before its child suites even
 * when a framework (jasmine) runs them interleaved, so a suite's lines and its finished
 * children are kept apart; the block is rendered when the job ends, since a late failure
 * (a timer of a test that ended) may still add a line to a suite that has ended. */
typedef struct spec_suite {
  sbuf_t own;               /* prefixed lines of this suite's tests and failed hooks */
  struct spec_suite **kids; /* ended child suites, in start order; owned */
  size_t nkids, kids_cap;
  char *title;
  char *full_title;
  char *file;  /* display path; top-level suites only */
  int depth;   /* 0 is the root suite, which frameworks do not announce */
  int32_t seq; /* start order: the suites' order in WebdriverIO's output */
  int events;  /* lines in `own` */
  bool has_children;
} spec_suite_t;

/* The number is given only when the block is finished, because failures are listed in
 * suite start order (WebdriverIO walks its suites), which may differ from arrival order. */
typedef struct {
  char *title;
  char *body;    /* prefixed message and stack lines */
  int32_t group; /* spec_suite_t.seq of the suite it belongs to */
  int32_t seq;   /* arrival order within the job */
} spec_failure_t;

typedef struct spec_job {
  struct spec_job *next;
  char *cid;
  char *spec;
  char *spec_display;
  char *prefix;        /* "[api stable linux #0-0]" */
  char *running;       /* "Running: api (vstable) on linux" */
  char *cur_file;      /* file of the last "»" line, so each file gets one */
  spec_suite_t *stack; /* stack[0] is the root suite */
  size_t depth, cap;
  sbuf_t tail; /* root-level items after the first suite (after-all hooks) */
  int tail_events;
  spec_failure_t *failures;
  size_t nfailures, failures_cap;
  int32_t suite_seq, failure_seq;
  int passed, failed, skipped, retried;
  bool runner_end_seen;
  bool has_duration;
  double duration;
  json_t *last_exchange; /* the last http event of the running test, for its failure */
  json_t *running_test;  /* the test:start of the test that has not ended yet, or NULL */
  json_t *steps;         /* step:end events of the running cucumber scenario, or NULL */
  char *seed;            /* jasmine's random order seed, or NULL */
} spec_job_t;

typedef struct {
  reporter_t base;
  FILE *out;
  bool color;
  bool only_failures;
  bool hide_preface;
  bool realtime;
  char *sym_passed, *sym_failed, *sym_skipped, *sym_retried;
  spec_job_t *jobs;      /* jobs between their first event and job_end */
  report_spool_t blocks; /* finished blocks, in job_end order */
} spec_reporter_t;

/* --- spec_render.c ------------------------------------------------------------------------ */

/* `text` in `color` (chalk's way: an empty text stays bare); no colour without r->color. */
void spec_paint(const spec_reporter_t *r, sbuf_t *b, const char *color, const char *text);
/* `text` as block lines behind the job's prefix, one per embedded newline. */
void spec_put(const spec_reporter_t *r, const spec_job_t *j, sbuf_t *b, const char *color,
              const char *text);
/* Sets the job's prefix and "Running:" line from its capabilities. */
void spec_job_describe(spec_job_t *j, const json_t *caps);
/* A suite's file as WebdriverIO shows it. New string. */
char *spec_file_display(const spec_job_t *j, const char *file);
/* A failure's message and stack as block lines; new strings. */
char *spec_render_error(const spec_reporter_t *r, const spec_job_t *j, const char *name,
                        const char *message, const char *stack);
char *spec_render_error_json(const spec_reporter_t *r, const spec_job_t *j, const json_t *err);
/* The job's finished block (closing its open suites), NULL when it has nothing to show. */
char *spec_job_render(spec_reporter_t *r, spec_job_t *j);

/* --- spec.c ------------------------------------------------------------------------------- */

/* Records `file` as the file of the last "»" line. */
void spec_set_file(spec_job_t *j, const char *file);
/* Ends the innermost open suite: it joins its parent's children. */
void spec_close_suite(spec_job_t *j);

#endif
