/* spec reporter: renders WebdriverIO v9's spec reporter layout from the worker events.
 *
 * Jobs run concurrently, so the reporter keeps one spec_job_t per cid, created by the job's
 * first event and freed at its job_end. A job's text is rendered while its events arrive;
 * what stays in memory is the small state needed to finish it (open suite stack, counters,
 * failures) plus the text itself. At job_end the finished block goes to `blocks` and
 * run_end prints them all.
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

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/sbuf.h"
#include "common/secret.h"
#include "report/exchange.h"
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

/* --- formatting helpers ------------------------------------------------------------- */

/* pretty-ms (what WebdriverIO uses) with its defaults: below a second the milliseconds are
 * rounded (a non-zero fraction below 1 shows as 1ms); above, seconds are floored to one
 * decimal, ".0" is dropped and zero units are left out ("1m", not "1m 0s"). */
const char *report_format_duration(double ms, char *buf, size_t size) {
  if (!buf || size == 0) return buf;
  if (!isfinite(ms) || ms <= 0) {
    snprintf(buf, size, "0ms");
    return buf;
  }
  /* Keeps the integer conversions below defined; that is some 31 000 years. */
  if (ms > 1e15) ms = 1e15;
  if (ms < 1000) {
    /* A whole number of 1..1000: printed as an integer, which costs a fraction of "%.0f". */
    snprintf(buf, size, "%lldms", (long long)(ms >= 1 ? round(ms) : ceil(ms)));
    return buf;
  }

  uint64_t whole = (uint64_t)ms;
  uint64_t days = whole / 86400000u;
  uint64_t units[4] = {days / 365, days % 365, whole / 3600000u % 24, whole / 60000u % 60};
  static const char *const names[4] = {"y", "d", "h", "m"};
  /* The epsilon is pretty-ms's: it keeps 65300 from flooring to 5.2s. */
  uint64_t tenths = (uint64_t)floor(fmod(ms / 1000.0, 60.0) * 10 + 0.0000001);
  sbuf_t b = SBUF_INIT;

  for (int i = 0; i < 4; i++) {
    if (!units[i]) continue;
    sbuf_printf(&b, "%s%llu%s", b.len ? " " : "", (unsigned long long)units[i], names[i]);
  }
  if (tenths % 10)
    sbuf_printf(&b, "%s%llu.%llus", b.len ? " " : "", (unsigned long long)(tenths / 10),
                (unsigned long long)(tenths % 10));
  else if (tenths) sbuf_printf(&b, "%s%llus", b.len ? " " : "", (unsigned long long)(tenths / 10));
  snprintf(buf, size, "%s", b.len ? sbuf_cstr(&b) : "0ms");
  sbuf_free(&b);
  return buf;
}

/* chalk leaves empty strings bare, so an empty message line carries no codes either. */
static void spec_paint(const spec_reporter_t *r, sbuf_t *b, const char *color, const char *text) {
  if (r->color && color && *text) {
    sbuf_puts(b, color);
    sbuf_puts(b, text);
    sbuf_puts(b, SPEC_FG_CLOSE);
  } else {
    sbuf_puts(b, text);
  }
}

/* Appends `text` as one block line per embedded newline, each behind the job prefix, and
 * `color` applied per line the way chalk re-opens a colour after every newline. An empty
 * line is the prefix alone, as in WebdriverIO; without the preface lines are bare. */
static void spec_put(const spec_reporter_t *r, const spec_job_t *j, sbuf_t *b, const char *color,
                     const char *text) {
  const char *p = text;
  for (;;) {
    const char *nl = strchr(p, '\n');
    size_t n = nl ? (size_t)(nl - p) : strlen(p);
    if (!r->hide_preface) sbuf_puts(b, j->prefix);
    if (n) {
      char *line = xstrndup(p, n);
      if (!r->hide_preface) sbuf_putc(b, ' ');
      spec_paint(r, b, color, line);
      free(line);
    }
    sbuf_putc(b, '\n');
    if (!nl) break;
    p = nl + 1;
  }
}

static const char *spec_str(const json_t *obj, const char *key) {
  return json_string_value(json_object_get(obj, key));
}

/* Capabilities may hold numbers ("browserVersion": 120); an empty string counts as absent. */
static char *spec_cap(const json_t *caps, const char *const *keys) {
  for (; *keys; keys++) {
    const json_t *v = json_object_get(caps, *keys);
    if (json_is_string(v) && *json_string_value(v)) return xstrdup(json_string_value(v));
    if (json_is_integer(v)) return xasprintf("%lld", (long long)json_integer_value(v));
    if (json_is_real(v)) return xasprintf("%g", json_real_value(v));
  }
  return NULL;
}

/* WebdriverIO's getEnviromentCombo, minus the mobile and multiremote forms, and with missing
 * parts left out instead of printed as "(unknown)". The same legacy fallbacks are read. */
static void spec_job_describe(spec_job_t *j, const json_t *caps) {
  static const char *const browser_keys[] = {"browserName", "browser", NULL};
  static const char *const version_keys[] = {"browserVersion", "version", "browser_version", NULL};
  static const char *const platform_keys[] = {"platformName", "platform", NULL};
  const json_t *always = json_object_get(caps, "alwaysMatch");
  if (json_is_object(always)) caps = always;

  char *browser = spec_cap(caps, browser_keys);
  char *version = spec_cap(caps, version_keys);
  char *platform = spec_cap(caps, platform_keys);
  sbuf_t b = SBUF_INIT;

  sbuf_putc(&b, '[');
  const char *parts[3] = {browser, version, platform};
  for (int i = 0; i < 3; i++)
    if (parts[i]) sbuf_printf(&b, "%s ", parts[i]);
  sbuf_printf(&b, "#%s]", j->cid);
  j->prefix = sbuf_take(&b);

  sbuf_puts(&b, "Running:");
  if (browser) sbuf_printf(&b, " %s", browser);
  if (version) sbuf_printf(&b, " (v%s)", version);
  if (platform) sbuf_printf(&b, " on %s", platform);
  j->running = sbuf_take(&b);

  free(browser);
  free(version);
  free(platform);
}

/* WebdriverIO strips the working directory from a suite's file; the launcher already gives
 * the job's own spec in that form, which covers every suite but those of a grouped job. */
static char *spec_file_display(const spec_job_t *j, const char *file) {
  if (!file || strcmp(file, j->spec) == 0) return xstrdup(j->spec_display);
  char cwd[4096];
  if (getcwd(cwd, sizeof cwd)) {
    size_t n = strlen(cwd);
    if (strncmp(file, cwd, n) == 0 && file[n] == '/') return xstrdup(file + n + 1);
  }
  return xstrdup(file);
}

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

static void spec_set_file(spec_job_t *j, const char *file) {
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

/* Does the stack already start with the "<name>: <message>" line V8 puts there?
 * JavaScriptCore's stacks are frames only, so the line is added for them. */
static bool spec_stack_has_header(const char *stack, const char *name, const char *message) {
  size_t n = strlen(name);
  if (strncmp(stack, name, n) != 0) return false;
  if (!*message) return stack[n] == '\0' || stack[n] == '\n' || stack[n] == ':';
  return stack[n] == ':' && stack[n + 1] == ' ' &&
         strncmp(stack + n + 2, message, strlen(message)) == 0;
}

static char *spec_render_error(const spec_reporter_t *r, const spec_job_t *j, const char *name,
                               const char *message, const char *stack) {
  sbuf_t b = SBUF_INIT;

  if (!name || !*name) name = "Error";
  if (!message) message = "";
  spec_put(r, j, &b, SPEC_RED, message);
  if (stack && *stack) {
    if (!spec_stack_has_header(stack, name, message)) {
      char *header = *message ? xasprintf("%s: %s", name, message) : xstrdup(name);
      spec_put(r, j, &b, SPEC_GRAY, header);
      free(header);
    }
    /* A trailing newline would otherwise become an empty prefixed line. */
    size_t n = strlen(stack);
    while (n && (stack[n - 1] == '\n' || stack[n - 1] == '\r')) n--;
    char *trimmed = xstrndup(stack, n);
    spec_put(r, j, &b, SPEC_GRAY, trimmed);
    free(trimmed);
  }
  return sbuf_take(&b);
}

/* ERROR objects of the event schema; a failure without one shows its title only. */
static char *spec_render_error_json(const spec_reporter_t *r, const spec_job_t *j,
                                    const json_t *err) {
  if (!json_is_object(err)) return xstrdup("");
  return spec_render_error(r, j, spec_str(err, "name"), spec_str(err, "message"),
                           spec_str(err, "stack"));
}

/* --- events ----------------------------------------------------------------------------- */

/* A suite reaches its parent only when it ends, so that the tests it still gets after a
 * child suite stay above that child. A suite with neither tests nor child suites is left
 * out, and the blank line follows only suites with lines of their own (WebdriverIO's
 * getResultDisplay). */
static void spec_close_suite(spec_job_t *j) {
  spec_suite_t *s = xmalloc(sizeof *s);
  *s = j->stack[--j->depth];
  spec_suite_t *parent = &j->stack[j->depth - 1];
  if (parent->nkids == parent->kids_cap) {
    parent->kids_cap = parent->kids_cap ? parent->kids_cap * 2 : 4;
    parent->kids = xrealloc(parent->kids, parent->kids_cap * sizeof *parent->kids);
  }
  parent->kids[parent->nkids++] = s;
}

/* Appends the block of ended suite `s` and its children to `dst`. */
static void spec_render_suite(const spec_reporter_t *r, spec_job_t *j, const spec_suite_t *s,
                              sbuf_t *dst) {
  if (s->events || s->has_children) {
    if (s->depth == 1 && (!j->cur_file || strcmp(j->cur_file, s->file) != 0)) {
      char *line = xasprintf("» %s", s->file);
      spec_put(r, j, dst, NULL, line);
      free(line);
      spec_set_file(j, s->file);
    }
    char *line = xasprintf("%*s%s", (s->depth - 1) * 4, "", s->title);
    spec_put(r, j, dst, NULL, line);
    free(line);
    sbuf_append(dst, s->own.data, s->own.len);
    if (s->events) spec_put(r, j, dst, NULL, "");
  }
  for (size_t i = 0; i < s->nkids; i++) spec_render_suite(r, j, s->kids[i], dst);
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
    const char *status = spec_str(step, "status"), *title = spec_str(step, "title");
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
  const char *title = spec_str(ev, "title");
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
  const char *title = spec_str(ev, "title");
  s->depth = depth;
  s->seq = ++j->suite_seq;
  s->title = xstrdup(title ? title : "");
  s->full_title = xstrdup(spec_str(ev, "fullTitle") ? spec_str(ev, "fullTitle") : s->title);
  if (depth == 1) s->file = spec_file_display(j, spec_str(ev, "file"));
  if (r->realtime) {
    char *file = spec_file_display(j, spec_str(ev, "file"));
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
  const char *hook = spec_str(ev, "hook");
  const char *full = spec_str(ev, "fullTitle");
  const json_t *err = json_object_get(ev, "error");

  /* Hooks are not tests: WebdriverIO shows them without the per-test duration sonde adds. */
  int32_t group = spec_test_line(r, j, ev, r->sym_failed, SPEC_RED, !hook);
  if (!full) full = spec_str(ev, "title");
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
  const char *type = spec_str(ev, "type");

  /* The launcher streams log lines live; they are no part of the block, but the seed of a
   * random order is shown under the counts. */
  if (type && strcmp(type, "log") == 0 && spec_str(ev, "seed")) {
    spec_job_t *j = spec_job_get(r, job);
    if (!j->seed) j->seed = xstrdup(spec_str(ev, "seed"));
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

static int spec_failure_cmp(const void *a, const void *b) {
  const spec_failure_t *x = a, *y = b;
  if (x->group != y->group) return x->group < y->group ? -1 : 1;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Only the first count line carries the duration (WebdriverIO's getCountDisplay). */
static void spec_put_counts(const spec_reporter_t *r, const spec_job_t *j, sbuf_t *b) {
  const struct {
    int n;
    const char *word, *color;
  } counts[] = {
      {j->passed, "passing", SPEC_GREEN},
      {j->failed, "failing", SPEC_RED},
      {j->skipped, "skipped", SPEC_CYAN},
      {j->retried, "retried", SPEC_YELLOW},
  };
  bool first = j->has_duration;

  for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
    if (counts[i].n <= 0) continue;
    char *line;
    if (first) {
      char buf[64];
      report_format_duration(j->duration, buf, sizeof buf);
      line = xasprintf("%d %s (%s)", counts[i].n, counts[i].word, buf);
      first = false;
    } else {
      line = xasprintf("%d %s", counts[i].n, counts[i].word);
    }
    spec_put(r, j, b, counts[i].color, line);
    free(line);
  }
}

/* Returns the job's block, or NULL when it has nothing to show (no tests ran and nothing
 * failed): WebdriverIO prints no block for such a worker. */
static char *spec_job_render(spec_reporter_t *r, spec_job_t *j) {
  while (j->depth > 1) spec_close_suite(j);

  spec_suite_t *root = &j->stack[0];
  sbuf_t results = SBUF_INIT;
  sbuf_append(&results, root->own.data, root->own.len);
  if (root->events) spec_put(r, j, &results, NULL, "");
  for (size_t i = 0; i < root->nkids; i++) spec_render_suite(r, j, root->kids[i], &results);
  sbuf_append(&results, j->tail.data, j->tail.len);
  if (j->tail_events) spec_put(r, j, &results, NULL, "");

  if (!results.len && !j->nfailures) {
    sbuf_free(&results);
    return NULL;
  }

  sbuf_t b = SBUF_INIT;
  sbuf_puts(&b, SPEC_DIVIDER "\n");
  spec_put(r, j, &b, NULL, j->running);
  spec_put(r, j, &b, NULL, "");
  if (!results.len) {
    /* The spec file never ran a test (load error, dead worker): still say which file. */
    char *line = xasprintf("» %s", j->spec_display);
    spec_put(r, j, &b, NULL, line);
    free(line);
    spec_put(r, j, &b, NULL, "");
  }
  sbuf_append(&b, results.data, results.len);
  sbuf_free(&results);
  spec_put_counts(r, j, &b);
  if (j->seed) {
    char *line = xasprintf("Randomized with seed %s", j->seed);
    spec_put(r, j, &b, NULL, line);
    free(line);
  }

  if (j->nfailures) qsort(j->failures, j->nfailures, sizeof *j->failures, spec_failure_cmp);
  for (size_t i = 0; i < j->nfailures; i++) {
    char *line = xasprintf("%zu) %s", i + 1, j->failures[i].title);
    spec_put(r, j, &b, NULL, "");
    spec_put(r, j, &b, NULL, line);
    free(line);
    sbuf_puts(&b, j->failures[i].body);
  }
  return sbuf_take(&b);
}

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
