/* spec reporter text: the lines of a job's block (prefix, colours), failures' messages
 * and stacks, and the finished block WebdriverIO prints for a job (see spec.c). Strings it
 * returns are the caller's. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report/spec_internal.h"

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
void spec_paint(const spec_reporter_t *r, sbuf_t *b, const char *color, const char *text) {
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
void spec_put(const spec_reporter_t *r, const spec_job_t *j, sbuf_t *b, const char *color,
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
void spec_job_describe(spec_job_t *j, const json_t *caps) {
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
char *spec_file_display(const spec_job_t *j, const char *file) {
  if (!file || strcmp(file, j->spec) == 0) return xstrdup(j->spec_display);
  char cwd[4096];
  if (getcwd(cwd, sizeof cwd)) {
    size_t n = strlen(cwd);
    if (strncmp(file, cwd, n) == 0 && file[n] == '/') return xstrdup(file + n + 1);
  }
  return xstrdup(file);
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

char *spec_render_error(const spec_reporter_t *r, const spec_job_t *j, const char *name,
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
char *spec_render_error_json(const spec_reporter_t *r, const spec_job_t *j, const json_t *err) {
  if (!json_is_object(err)) return xstrdup("");
  return spec_render_error(r, j, report_jstr(err, "name"), report_jstr(err, "message"),
                           report_jstr(err, "stack"));
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
char *spec_job_render(spec_reporter_t *r, spec_job_t *j) {
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
