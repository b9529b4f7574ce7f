/* spec reporter: renders WebdriverIO v9's spec reporter layout from the worker events.
 *
 * Jobs run concurrently, so the reporter keeps one spec_job_t per cid, created by the job's
 * first event and freed at its job_end. A job's text is rendered while its events arrive;
 * what stays in memory is the small state needed to finish it (open suite stack, counters,
 * failures) plus the text itself. At job_end the finished block goes to `blocks` and
 * run_end prints them all. The lines themselves are made in spec_render.c.
 *
 * Finished blocks are spooled to an unnamed temporary file (report_spool_t): with the
 * request and response under every failure a block can be kilobytes a test, which a long
 * run must not keep in memory. Where no temporary file can be had (full or read-only
 * /tmp) the spool keeps the text in memory instead, so the report is never lost.
 *
 * Ownership: the reporter owns copies of everything it keeps (titles, capabilities strings,
 * error texts, blocks); events and report_job_t are borrowed for the duration of a call;
 * `out` is borrowed and never closed. */
#include "report/spec.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/sbuf.h"
#include "common/secret.h"
#include "report/exchange.h"
#include "report/spec_internal.h"
#include "report/util.h"

/* --- job state ------------------------------------------------------------------------ */

static spec_suite_t *spec_push_suite(spec_job_t *j) {
  if (j->depth == j->cap) {
    j->cap = j->cap ? j->cap * 2 : 8;
    j->stack = xrealloc(j->stack, j->cap * sizeof *j->stack);
  }
  spec_suite_t *s = &j->stack[j->depth++];
  memset(s, 0, sizeof *s);
  return s;
}

static void spec_suite_free(spec_suite_t *s) {
  sbuf_free(&s->own);
  for (size_t i = 0; i < s->nkids; i++) {
    spec_suite_free(s->kids[i]);
    free(s->kids[i]);
  }
  free(s->kids);
  free(s->title);
  free(s->full_title);
  free(s->file);
}

static bool spec_suite_is(const spec_suite_t *s, const char *full, size_t len) {
  return s->full_title && strlen(s->full_title) == len && memcmp(s->full_title, full, len) == 0;
}

/* The ended suite of fullTitle `full` under `s`, the latest of that title; NULL if none. */
static spec_suite_t *spec_find_ended(spec_suite_t *s, const char *full, size_t len) {
  for (size_t i = s->nkids; i-- > 0;) {
    spec_suite_t *k = s->kids[i], *found = spec_find_ended(k, full, len);
    if (found) return found;
    if (spec_suite_is(k, full, len)) return k;
  }
  return NULL;
}

/* The suite of fullTitle `full`, open or ended, searched from the innermost open suite
 * outwards: an ended suite hangs under the open suite it ended in (its parent), so one
 * that ended inside a describe still running is found under that describe. NULL if none. */
static spec_suite_t *spec_find_suite(spec_job_t *j, const char *full, size_t len) {
  for (size_t i = j->depth; i-- > 0;) {
    spec_suite_t *open = &j->stack[i], *found = spec_find_ended(open, full, len);
    if (found) return found;
    if (i > 0 && spec_suite_is(open, full, len)) return open;
  }
  return NULL;
}

static spec_job_t *spec_job_get(spec_reporter_t *r, const report_job_t *job) {
  const char *cid = job->cid ? job->cid : "";
  for (spec_job_t *j = r->jobs; j; j = j->next)
    if (strcmp(j->cid, cid) == 0) return j;

  spec_job_t *j = xcalloc(1, sizeof *j);
  j->cid = xstrdup(cid);
  j->spec = xstrdup(job->spec ? job->spec : "");
  j->spec_display = xstrdup(job->spec_display ? job->spec_display : j->spec);
  spec_job_describe(j, job->capabilities);
  spec_push_suite(j); /* root */
  j->next = r->jobs;
  r->jobs = j;
  return j;
}

static void spec_job_free(spec_job_t *j) {
  for (size_t i = 0; i < j->depth; i++) spec_suite_free(&j->stack[i]);
  free(j->stack);
  for (size_t i = 0; i < j->nfailures; i++) {
    free(j->failures[i].title);
    free(j->failures[i].body);
  }
  free(j->failures);
  sbuf_free(&j->tail);
  json_decref(j->running_test);
  json_decref(j->steps);
  free(j->cur_file);
  free(j->cid);
  free(j->spec);
  free(j->spec_display);
  free(j->seed);
  free(j->prefix);
  free(j->running);
  json_decref(j->last_exchange);
  free(j);
}

void spec_set_file(spec_job_t *j, const char *file) {
  free(j->cur_file);
  j->cur_file = xstrdup(file);
}

/* Where the next test line goes, with its suite's depth and failure group. Root-level
 * items belong to WebdriverIO's "(root)" pseudo suite: before the first suite it leads the
 * output, after it (after-all hooks) it closes it; the title is written with the first item. */
static sbuf_t *spec_target(const spec_reporter_t *r, spec_job_t *j, const json_t *ev, int *depth,
                           int32_t *group) {
  spec_suite_t *top = &j->stack[j->depth - 1];
  const char *full;
  size_t len;
  /* A late outcome (of a test that ended before) goes to its test's own suite, as mocha
   * lists it, even when that suite has ended since. */
  if (json_is_true(json_object_get(ev, "late")) && report_suite_title_of(ev, &full, &len) &&
      len > 0) {
    spec_suite_t *own = spec_find_suite(j, full, len);
    if (own) top = own; /* never the root: its title is empty */
  }
  *depth = top->depth;
  *group = top->seq;
  if (top->depth > 0) {
    top->events++;
    return &top->own;
  }
  if (top->has_children) {
    if (!j->tail_events++) spec_put(r, j, &j->tail, NULL, "(root)");
    *group = SPEC_GROUP_ROOT_TAIL;
    return &j->tail;
  }
  if (!top->events++) {
    char *line = xasprintf("» %s", j->spec_display);
    spec_put(r, j, &top->own, NULL, line);
    free(line);
    spec_set_file(j, j->spec_display);
    spec_put(r, j, &top->own, NULL, "(root)");
  }
  return &top->own;
}

static void spec_add_failure(spec_job_t *j, int32_t group, const char *title, char *body) {
  if (j->nfailures == j->failures_cap) {
    j->failures_cap = j->failures_cap ? j->failures_cap * 2 : 4;
    j->failures = xrealloc(j->failures, j->failures_cap * sizeof *j->failures);
  }
  spec_failure_t *f = &j->failures[j->nfailures++];
  f->title = xstrdup(title);
  f->body = body;
  f->group = group;
  f->seq = j->failure_seq++;
  j->failed++;
}

/* --- events ----------------------------------------------------------------------------- */

/* A suite reaches its parent only when it ends, so that the tests it still gets after a
 * child suite stay above that child. A suite with neither tests nor child suites is left
 * out, and the blank line follows only suites with lines of their own (WebdriverIO's
 * getResultDisplay). */
void spec_close_suite(spec_job_t *j) {
  spec_suite_t *s = xmalloc(sizeof *s);
  *s = j->stack[--j->depth];
  spec_suite_t *parent = &j->stack[j->depth - 1];
  if (parent->nkids == parent->kids_cap) {
    parent->kids_cap = parent->kids_cap ? parent->kids_cap * 2 : 4;
    parent->kids = xrealloc(parent->kids, parent->kids_cap * sizeof *parent->kids);
  }
  parent->kids[parent->nkids++] = s;
}

/* --- realtime reporting ------------------------------------------------------------------ */

/* WebdriverIO's printCurrentStats lines, printed as events arrive: a banner per suite and
 * "<symbol> <title> » [ <file> ]" per test. */
static void spec_realtime_print(const spec_reporter_t *r, const spec_job_t *j, const char *text) {
  sbuf_t b = SBUF_INIT;
  spec_put(r, j, &b, NULL, text);
  /* A closed stdout stops the printing, not the run. */
  if (fwrite(b.data, 1, b.len, r->out) == b.len) fflush(r->out);
  sbuf_free(&b);
}

static void spec_realtime_test(const spec_reporter_t *r, const spec_job_t *j, const char *symbol,
                               const char *color, const char *title) {
  sbuf_t line = SBUF_INIT;
  sbuf_puts(&line, "   ");
  spec_paint(r, &line, color, symbol);
  sbuf_printf(&line, " %s » ", title);
  spec_paint(r, &line, color, "[");
  sbuf_printf(&line, " %s ", j->spec_display);
  spec_paint(r, &line, color, "]");
  spec_realtime_print(r, j, sbuf_cstr(&line));
  sbuf_free(&line);
}

static void spec_realtime_suite(const spec_reporter_t *r, const spec_job_t *j, const char *file,
                                const char *title) {
  char *text = xasprintf(SPEC_DIVIDER "\nSuite started: \n  » %s\n%s", file, title);
  spec_realtime_print(r, j, text);
  free(text);
}

/* A cucumber scenario's steps under its line: ✓ passed, ✖ failed or ambiguous, - skipped,
 * pending or undefined. */
static void spec_step_lines(const spec_reporter_t *r, spec_job_t *j, sbuf_t *dst, int depth) {
  size_t i;
  json_t *step;
  json_array_foreach(j->steps, i, step) {
    const char *status = report_jstr(step, "status"), *title = report_jstr(step, "title");
    const char *symbol = r->sym_skipped, *color = SPEC_CYAN;
    if (status && strcmp(status, "passed") == 0) symbol = r->sym_passed, color = SPEC_GREEN;
    if (status && (strcmp(status, "failed") == 0 || strcmp(status, "ambiguous") == 0))
      symbol = r->sym_failed, color = SPEC_RED;
    sbuf_t line = SBUF_INIT;
    sbuf_printf(&line, "   %*s", (depth > 1 ? (depth - 1) * 4 : 0) + 4, "");
    spec_paint(r, &line, color, symbol);
    sbuf_printf(&line, " %s", title ? title : "");
    spec_put(r, j, dst, NULL, sbuf_cstr(&line));
    sbuf_free(&line);
  }
  json_decref(j->steps);
  j->steps = NULL;
}

/* Returns the failure group of the suite the line went to. */
static int32_t spec_test_line(const spec_reporter_t *r, spec_job_t *j, const json_t *ev,
                              const char *symbol, const char *color, bool with_duration) {
  int depth;
  int32_t group;
  sbuf_t *dst = spec_target(r, j, ev, &depth, &group);
  const char *title = report_jstr(ev, "title");
  const json_t *duration = json_object_get(ev, "duration");
  sbuf_t line = SBUF_INIT;

  /* A line per test: appended piece by piece, which costs a fraction of sbuf_printf. */
  sbuf_puts(&line, "   ");
  for (int i = 1; i < depth; i++) sbuf_puts(&line, "    ");
  spec_paint(r, &line, color, symbol);
  sbuf_putc(&line, ' ');
  sbuf_puts(&line, title ? title : "");
  if (with_duration && json_is_number(duration)) {
    char buf[64], paren[80] = "(";
    report_format_duration(json_number_value(duration), buf, sizeof buf);
    strcat(strcat(paren, buf), ")"); /* buf holds at most 63 bytes */
    sbuf_putc(&line, ' ');
    spec_paint(r, &line, SPEC_GRAY, paren);
  }
  spec_put(r, j, dst, NULL, sbuf_cstr(&line));
  if (r->realtime) spec_realtime_test(r, j, symbol, color, title ? title : "");
  spec_step_lines(r, j, dst, depth);
  sbuf_free(&line);
  return group;
}

static void spec_on_suite_start(const spec_reporter_t *r, spec_job_t *j, const json_t *ev) {
  int depth = j->stack[j->depth - 1].depth + 1;
  j->stack[j->depth - 1].has_children = true;
  spec_suite_t *s = spec_push_suite(j);
  const char *title = report_jstr(ev, "title");
  s->depth = depth;
  s->seq = ++j->suite_seq;
  s->title = xstrdup(title ? title : "");
  s->full_title = xstrdup(report_jstr(ev, "fullTitle") ? report_jstr(ev, "fullTitle") : s->title);
  if (depth == 1) s->file = spec_file_display(j, report_jstr(ev, "file"));
  if (r->realtime) {
    char *file = spec_file_display(j, report_jstr(ev, "file"));
    spec_realtime_suite(r, j, file, s->title);
    free(file);
  }
}

/* A finished test's last exchange must not be shown under a later hook's failure. */
static void spec_forget_exchange(spec_job_t *j) {
  json_decref(j->last_exchange);
  j->last_exchange = NULL;
}

static void spec_on_fail(const spec_reporter_t *r, spec_job_t *j, const json_t *ev) {
  const char *hook = report_jstr(ev, "hook");
  const char *full = report_jstr(ev, "fullTitle");
  const json_t *err = json_object_get(ev, "error");

  /* Hooks are not tests: WebdriverIO shows them without the per-test duration sonde adds. */
  int32_t group = spec_test_line(r, j, ev, r->sym_failed, SPEC_RED, !hook);
  if (!full) full = report_jstr(ev, "title");
  char *body = spec_render_error_json(r, j, err);
  if (j->last_exchange) {
    /* What the test last sent and got: usually what the failed check was about. */
    sbuf_t text = SBUF_INIT, b = SBUF_INIT;
    report_exchange_text(j->last_exchange, "", &text);
    while (text.len && text.data[text.len - 1] == '\n') text.data[--text.len] = '\0';
    sbuf_puts(&b, body);
    spec_put(r, j, &b, SPEC_GRAY, sbuf_cstr(&text));
    free(body);
    body = sbuf_take(&b);
    sbuf_free(&text);
    spec_forget_exchange(j);
  }
  spec_add_failure(j, group, full ? full : "", body);
}

static void spec_on_runner_end(const spec_reporter_t *r, spec_job_t *j, const json_t *ev) {
  const json_t *duration = json_object_get(ev, "duration");
  const json_t *err = json_object_get(ev, "error");

  j->runner_end_seen = true;
  if (json_is_number(duration)) {
    j->has_duration = true;
    j->duration = json_number_value(duration);
  }
  if (!json_is_object(err)) return;
  if (j->running_test) {
    /* The worker died in a test: the failure is that test's, where it ran. */
    json_t *fail = json_pack("{s:s, s:O}", "type", "test:fail", "error", err);
    json_object_set(fail, "title", json_object_get(j->running_test, "title"));
    json_object_set(fail, "fullTitle", json_object_get(j->running_test, "fullTitle"));
    spec_on_fail(r, j, fail);
    json_decref(fail);
    return;
  }
  spec_add_failure(j, SPEC_GROUP_JOB_ERROR, j->spec_display, spec_render_error_json(r, j, err));
}

/* Which test is running: set by test:start, cleared by its end (a late outcome of an
 * earlier test does not end it). */
static void spec_track_running(spec_job_t *j, const char *type, const json_t *ev) {
  if (strcmp(type, "test:start") == 0) {
    json_decref(j->running_test);
    j->running_test = json_incref((json_t *)ev);
  } else if (strncmp(type, "test:", 5) == 0 && !json_is_true(json_object_get(ev, "late"))) {
    json_decref(j->running_test);
    j->running_test = NULL;
  }
}

static void spec_event_shown(spec_reporter_t *r, const report_job_t *job, const json_t *ev);

/* A terminal shows a NUL as nothing: titles, messages and logs show "␀" in its place. */
static void spec_event(reporter_t *base, const report_job_t *job, const json_t *ev) {
  json_t *shown = report_json_visible(ev);
  spec_event_shown((spec_reporter_t *)base, job, shown);
  json_decref(shown);
}

static void spec_event_shown(spec_reporter_t *r, const report_job_t *job, const json_t *ev) {
  const char *type = report_jstr(ev, "type");

  /* The launcher streams log lines live; they are no part of the block, but the seed of a
   * random order is shown under the counts. */
  if (type && strcmp(type, "log") == 0 && report_jstr(ev, "seed")) {
    spec_job_t *j = spec_job_get(r, job);
    if (!j->seed) j->seed = xstrdup(report_jstr(ev, "seed"));
  }
  if (!type || strcmp(type, "log") == 0) return;
  spec_job_t *j = spec_job_get(r, job);
  spec_track_running(j, type, ev);

  if (strcmp(type, "http") == 0) {
    json_decref(j->last_exchange);
    j->last_exchange = json_incref((json_t *)ev);
  } else if (strcmp(type, "test:start") == 0) {
    spec_forget_exchange(j);
    json_decref(j->steps);
    j->steps = NULL;
  } else if (strcmp(type, "step:end") == 0) {
    if (!j->steps) j->steps = json_array();
    json_array_append(j->steps, (json_t *)ev);
  } else if (strcmp(type, "suite:start") == 0) {
    spec_on_suite_start(r, j, ev);
  } else if (strcmp(type, "suite:end") == 0) {
    if (j->depth > 1) spec_close_suite(j);
  } else if (strcmp(type, "test:pass") == 0) {
    spec_test_line(r, j, ev, r->sym_passed, SPEC_GREEN, true);
    spec_forget_exchange(j);
    j->passed++;
  } else if (strcmp(type, "test:fail") == 0) {
    spec_on_fail(r, j, ev);
  } else if (strcmp(type, "test:pending") == 0) {
    spec_test_line(r, j, ev, r->sym_skipped, SPEC_CYAN, false);
    spec_forget_exchange(j);
    j->skipped++;
  } else if (strcmp(type, "test:retry") == 0) {
    spec_test_line(r, j, ev, r->sym_retried, SPEC_YELLOW, true);
    spec_forget_exchange(j);
    j->retried++;
  } else if (strcmp(type, "runner:end") == 0) {
    spec_on_runner_end(r, j, ev);
  }
}

/* --- job end ----------------------------------------------------------------------------- */

static void spec_job_end(reporter_t *base, const report_job_t *job, bool passed) {
  spec_reporter_t *r = (spec_reporter_t *)base;
  spec_job_t *j = spec_job_get(r, job);

  /* No runner:end means the worker died mid-file: the block must still say so. */
  if (!j->runner_end_seen && !passed)
    spec_add_failure(j, SPEC_GROUP_JOB_ERROR, j->spec_display,
                     spec_render_error(r, j, "Error", SPEC_WORKER_DIED, NULL));

  /* onlyFailures: WebdriverIO prints nothing for a job without failures. */
  char *block = r->only_failures && !j->nfailures ? NULL : spec_job_render(r, j);
  if (block) {
    /* Printed when the run ends: masked with the secrets known now, a token the spec file
     * learned after printing it included (what was printed live cannot be taken back). */
    size_t len = strlen(block);
    char *masked = secret_mask(block, len, &len);
    report_spool_write(&r->blocks, masked ? masked : block, len);
    free(masked);
  }
  free(block);

  for (spec_job_t **p = &r->jobs; *p; p = &(*p)->next) {
    if (*p == j) {
      *p = j->next;
      break;
    }
  }
  spec_job_free(j);
}

/* WebdriverIO's launcher prints a reporter's output only when it has any, as
 * console.log('\n', title) then console.log(blocks), hence the space and the final newline.
 * Printed blocks are dropped: their memory is not needed any more, and a second call must
 * not repeat them. */
static void spec_run_end(reporter_t *base, const report_summary_t *summary) {
  spec_reporter_t *r = (spec_reporter_t *)base;
  report_spool_print(&r->blocks, r->out, "spec", r->color, true);
}

static void spec_free(reporter_t *base) {
  spec_reporter_t *r = (spec_reporter_t *)base;
  if (!r) return;
  while (r->jobs) {
    spec_job_t *j = r->jobs;
    r->jobs = j->next;
    spec_job_free(j);
  }
  report_spool_free(&r->blocks);
  free(r->sym_passed);
  free(r->sym_failed);
  free(r->sym_skipped);
  free(r->sym_retried);
  free(r);
}

static const reporter_ops_t spec_ops = {
    .event = spec_event,
    .job_end = spec_job_end,
    .run_end = spec_run_end,
    .free = spec_free,
};

reporter_t *spec_reporter_new(FILE *out, const spec_reporter_opts_t *opts) {
  spec_reporter_t *r = xcalloc(1, sizeof *r);
  r->base.ops = &spec_ops;
  r->out = out;
  r->color = opts && opts->color;
  r->only_failures = opts && opts->only_failures;
  r->hide_preface = opts && opts->hide_preface;
  r->realtime = opts && opts->realtime;
  r->sym_passed = xstrdup(opts && opts->symbol_passed ? opts->symbol_passed : "✓");
  r->sym_failed = xstrdup(opts && opts->symbol_failed ? opts->symbol_failed : "✖");
  r->sym_skipped = xstrdup(opts && opts->symbol_skipped ? opts->symbol_skipped : "-");
  r->sym_retried = xstrdup(opts && opts->symbol_retried ? opts->symbol_retried : "↻");
  return &r->base;
}
