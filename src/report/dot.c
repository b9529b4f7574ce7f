/* dot reporter: see dot.h. */
#include "report/dot.h"

#include <stdlib.h>
#include <string.h>

#include "common/sbuf.h"
#include "report/util.h"

/* chalk's bright colours, closed with the default-foreground code as chalk does. */
#define DOT_GREEN    "\x1b[92m"
#define DOT_CYAN     "\x1b[96m"
#define DOT_RED      "\x1b[91m"
#define DOT_FG_CLOSE "\x1b[39m"

typedef struct {
  reporter_t base;
  FILE *out;
  bool color;
  report_spool_t spool;
} dot_reporter_t;

static void dot_put(dot_reporter_t *r, const char *color, const char *mark) {
  char buf[32];
  int n = r->color ? snprintf(buf, sizeof buf, "%s%s%s", color, mark, DOT_FG_CLOSE)
                   : snprintf(buf, sizeof buf, "%s", mark);
  report_spool_write(&r->spool, buf, (size_t)n);
}

static void dot_event(reporter_t *base, const report_job_t *job, const json_t *ev) {
  dot_reporter_t *r = (dot_reporter_t *)base;
  const char *type = report_jstr(ev, "type");
  if (!type) return;
  if (strcmp(type, "test:pass") == 0) dot_put(r, DOT_GREEN, ".");
  else if (strcmp(type, "test:pending") == 0) dot_put(r, DOT_CYAN, ".");
  else if (strcmp(type, "test:fail") == 0) dot_put(r, DOT_RED, "F");
  /* A spec file that did not load, or a worker that died, failed without a test event. */
  else if (strcmp(type, "runner:end") == 0 && json_is_object(json_object_get(ev, "error")))
    dot_put(r, DOT_RED, "F");
}

static void dot_job_end(reporter_t *base, const report_job_t *job, bool passed) {
  (void)base;
  (void)job;
  (void)passed;
}

static void dot_run_end(reporter_t *base, const report_summary_t *summary) {
  dot_reporter_t *r = (dot_reporter_t *)base;
  report_spool_print(&r->spool, r->out, "dot", r->color, true);
}

static void dot_free(reporter_t *base) {
  dot_reporter_t *r = (dot_reporter_t *)base;
  if (!r) return;
  report_spool_free(&r->spool);
  free(r);
}

static const reporter_ops_t dot_ops = {
    .event = dot_event,
    .job_end = dot_job_end,
    .run_end = dot_run_end,
    .free = dot_free,
};

reporter_t *dot_reporter_new(FILE *out, bool color) {
  dot_reporter_t *r = xcalloc(1, sizeof *r);
  r->base.ops = &dot_ops;
  r->out = out;
  r->color = color;
  report_spool_init(&r->spool);
  return &r->base;
}
