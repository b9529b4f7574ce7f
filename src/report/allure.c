/* allure reporter: see allure.h.
 *
 * Results stream: the model (model.h) runs with RM_KEEP_TESTS unset, so each test is
 * written and freed in its test_end callback; what stays per job is the open suites with
 * the uuids of the tests below them (for the containers) — never the whole run.
 *
 * Statuses follow WebdriverIO's allure reporter: "failed" when the error is an assertion
 * (report_error_is_assertion), "broken" for any other error, a failed hook and a test cut
 * short by a crash; "skipped" with stage "pending" for skipped tests. historyId and
 * testCaseId are md5("<full title>#<browserName>-<browserVersion>"), stable across runs. */
#include "report/allure.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/fsutil.h"
#include "common/secret.h"
#include "common/strvec.h"
#include "report/exchange.h"
#include "report/model.h"
#include "report/util.h"

typedef struct {
  reporter_t base;
  char *dir;
  allure_opts_t opts; /* framework owned; environment a copy */
  rm_set_t set;
  char host[256];
  bool env_written;
  bool dir_failed; /* reported once */
  /* Files written so far, each with secret_generation() when it was written: a secret
   * learned after a test's files were written (a token from a later login) is masked in
   * them when the run ends. */
  struct allure_written {
    char *path;
    unsigned long secrets;
  } * written;
  size_t nwritten, written_cap;
} allure_reporter_t;

/* Per open suite: the uuids of every result written below it. */
typedef struct {
  strvec_t children;
} allure_suite_t;

/* --- files ----------------------------------------------------------------------------- */

static bool allure_write(allure_reporter_t *r, const char *name, const char *data, size_t len) {
  if (fs_mkdir_p(r->dir) != 0) {
    if (!r->dir_failed)
      fprintf(stderr, "sonde: allure reporter: cannot create %s: %s\n", r->dir, strerror(errno));
    r->dir_failed = true;
    return false;
  }
  char *path = xasprintf("%s/%s", r->dir, name);
  bool ok = secret_write_file_atomic(path, data, len) == 0;
  if (!ok) {
    fprintf(stderr, "sonde: allure reporter: cannot write %s: %s\n", path, strerror(errno));
    free(path);
    return false;
  }
  if (r->nwritten == r->written_cap) {
    r->written_cap = r->written_cap ? r->written_cap * 2 : 64;
    r->written = xrealloc(r->written, r->written_cap * sizeof(*r->written));
  }
  r->written[r->nwritten++] = (struct allure_written){path, secret_generation()};
  return ok;
}

/* json_dumps refuses strings that are not UTF-8; a cleaned copy is the fallback. */
static bool allure_write_json(allure_reporter_t *r, const char *name, json_t *doc) {
  char *text = json_dumps(doc, JSON_INDENT(2));
  if (!text) {
    json_t *clean = report_json_clean(doc);
    text = json_dumps(clean, JSON_INDENT(2));
    json_decref(clean);
  }
  bool ok = text && allure_write(r, name, text, strlen(text));
  free(text);
  return ok;
}

/* Writes `doc` as an attachment; returns its {name, source, type} entry. */
static json_t *attach_json(allure_reporter_t *r, const char *title, json_t *doc) {
  char uuid[37];
  report_uuid4(uuid);
  char *source = xasprintf("%s-attachment.json", uuid);
  allure_write_json(r, source, doc);
  json_t *entry =
      json_pack("{s:s, s:s, s:s}", "name", title, "source", source, "type", "application/json");
  free(source);
  return entry;
}

static json_t *attach_text(allure_reporter_t *r, const char *title, const char *text, size_t len) {
  char uuid[37];
  report_uuid4(uuid);
  char *source = xasprintf("%s-attachment.txt", uuid);
  /* A text attachment is shown as text: a NUL as the visible "␀" (U+2400). */
  size_t n;
  char *clean = report_clean_textn(text, len, 0, &n);
  allure_write(r, source, clean, n);
  free(clean);
  json_t *entry =
      json_pack("{s:s, s:s, s:s}", "name", title, "source", source, "type", "text/plain");
  free(source);
  return entry;
}

/* Java properties syntax: backslash, and in keys '=', ':' and spaces, are escaped; line
 * breaks become \n so that one value stays on one line. */
static void put_property_text(sbuf_t *b, const char *s, bool key) {
  for (; *s; s++) {
    if (*s == '\\') sbuf_puts(b, "\\\\");
    else if (*s == '\n') sbuf_puts(b, "\\n");
    else if (*s == '\r') sbuf_puts(b, "\\r");
    else if (key && (*s == '=' || *s == ':' || *s == ' ')) sbuf_printf(b, "\\%c", *s);
    else sbuf_putc(b, *s);
  }
}

static void write_environment(allure_reporter_t *r) {
  if (r->env_written || !json_is_object(r->opts.environment)) return;
  r->env_written = true;
  sbuf_t b = SBUF_INIT;
  const char *key;
  const json_t *value;
  json_object_foreach((json_t *)r->opts.environment, key, value) {
    char *text = json_is_string(value) ? xstrdup(json_string_value(value))
                                       : json_dumps(value, JSON_COMPACT | JSON_ENCODE_ANY);
    put_property_text(&b, key, true);
    sbuf_puts(&b, " = ");
    put_property_text(&b, text ? text : "", false);
    sbuf_putc(&b, '\n');
    free(text);
  }
  allure_write(r, "environment.properties", b.data ? b.data : "", b.len);
  sbuf_free(&b);
}

/* --- documents ----------------------------------------------------------------------------- */

char *allure_package_label(const char *spec_display) {
  char *p = xstrdup(spec_display ? spec_display : "");
  for (char *c = p; *c; c++)
    if (*c == '/') *c = '.';
  return p;
}

static const char *caps_str(const json_t *caps, const char *a, const char *b) {
  const char *v = report_jstr(caps, a);
  return v && *v ? v : report_jstr(caps, b);
}

/* WebdriverIO's capability key: "<browserName>-<browserVersion>", or the name alone. */
static char *capability_key(const json_t *caps) {
  const char *name = caps_str(caps, "browserName", "deviceName");
  const char *version = caps_str(caps, "browserVersion", "version");
  if (version && *version) return xasprintf("%s-%s", name ? name : "", version);
  return xstrdup(name ? name : "");
}

static void history_id(const json_t *caps, const char *full_title, size_t full_len, char out[33]) {
  char *key = capability_key(caps);
  sbuf_t input = SBUF_INIT; /* the whole title: it may hold NULs */
  sbuf_append(&input, full_title, full_len);
  if (*key) sbuf_printf(&input, "#%s", key);
  report_md5_hex(sbuf_cstr(&input), input.len, out);
  sbuf_free(&input);
  free(key);
}

/* Strings from the events are the user's: cleaned, one bad byte cannot lose a result. */
static void set_text(json_t *doc, const char *key, const char *value) {
  char *clean = report_clean_cstr(value, 0);
  json_object_set_new(doc, key, json_string(clean));
  free(clean);
}

static json_t *label_n(const char *name, const char *value, size_t len) {
  json_t *l = json_object();
  set_text(l, "name", name);
  json_object_set_new(l, "value", report_json_text(value, len, 0)); /* NULs kept */
  return l;
}

static json_t *label(const char *name, const char *value) {
  return label_n(name, value, strlen(value));
}

/* The describes a test is in, outermost first (the root suite left out): `suite` and its
 * parents. Their count is suite->depth; NULL when 0. */
static const rm_suite_t **suite_chain(const rm_job_t *j, const rm_suite_t *suite) {
  if (suite->depth <= 0) return NULL;
  const rm_suite_t **chain = xcalloc((size_t)suite->depth, sizeof *chain);
  for (const rm_suite_t *s = suite; s->depth > 0; s = j->suites[s->parent]) chain[s->depth - 1] = s;
  return chain;
}

/* allure-js-commons' getSuiteLabels: the first describe is parentSuite, the second suite,
 * the rest joined with " > " subSuite. `chain` holds the test's `depth` describes. */
static json_t *labels_doc(allure_reporter_t *r, const rm_job_t *j, const rm_suite_t **chain,
                          int depth) {
  json_t *labels = json_array();
  sbuf_t sub = SBUF_INIT;
  size_t n = (size_t)depth + 1; /* as the open stack counted them, the root first */
  for (size_t i = 1; i < n; i++) {
    const rm_suite_t *s = chain[i - 1];
    if (i == 1) json_array_append_new(labels, label_n("parentSuite", s->title, s->title_len));
    else if (i == 2) json_array_append_new(labels, label_n("suite", s->title, s->title_len));
    else {
      if (i > 3) sbuf_puts(&sub, " > ");
      sbuf_append(&sub, s->title, s->title_len);
    }
  }
  if (n > 3) json_array_append_new(labels, label_n("subSuite", sbuf_cstr(&sub), sub.len));
  sbuf_free(&sub);
  char *pkg = allure_package_label(j->spec_display);
  json_array_append_new(labels, label("package", pkg));
  free(pkg);
  json_array_append_new(labels, label("language", "javascript"));
  json_array_append_new(labels, label("framework", r->opts.framework ? r->opts.framework : "wdio"));
  json_array_append_new(labels, label("thread", j->cid));
  if (r->host[0]) json_array_append_new(labels, label("host", r->host));
  extern char **environ;
  for (char **e = environ; e && *e; e++) {
    if (strncmp(*e, "ALLURE_LABEL_", 13) != 0) continue;
    const char *eq = strchr(*e, '=');
    if (!eq || eq == *e + 13) continue;
    char *name = xstrndup(*e + 13, (size_t)(eq - *e - 13));
    json_array_append_new(labels, label(name, eq + 1));
    free(name);
  }
  return labels;
}

/* The spec's path segments, then the test's `depth` describes in `chain`. */
static json_t *title_path(const rm_job_t *j, const rm_suite_t **chain, int depth) {
  json_t *path = json_array();
  const char *p = j->spec_display;
  while (*p) {
    const char *slash = strchr(p, '/');
    size_t n = slash ? (size_t)(slash - p) : strlen(p);
    if (n && !(n == 1 && *p == '.') && !(n == 2 && p[0] == '.' && p[1] == '.')) {
      char *seg = xstrndup(p, n);
      json_array_append_new(path, json_string(seg));
      free(seg);
    }
    if (!slash) break;
    p = slash + 1;
  }
  for (int i = 0; i < depth; i++)
    json_array_append_new(path, report_json_text(chain[i]->title, chain[i]->title_len, 0));
  return path;
}

static json_t *status_details(const json_t *error) {
  json_t *d = json_object();
  if (!json_is_object(error)) return d;
  /* Whole (NULs kept: the result file writes "\u0000"), without colour codes. */
  json_t *message = report_json_text_of(json_object_get(error, "message"), REPORT_CLEAN_ANSI);
  json_object_set_new(d, "message", message ? message : json_string(""));
  json_t *stack = report_json_text_of(json_object_get(error, "stack"), REPORT_CLEAN_ANSI);
  if (stack) json_object_set_new(d, "trace", stack);
  return d;
}

static json_int_t ms_int(double ms) { return isfinite(ms) && ms > 0 ? (json_int_t)llround(ms) : 0; }

/* One HTTP exchange as a step, with the request and the response as attachments. */
static json_t *exchange_step(allure_reporter_t *r, const json_t *ex) {
  char *name = report_exchange_title(ex);
  const json_t *time = json_object_get(ex, "time");
  const json_t *duration = json_object_get(ex, "duration");
  double stop = json_is_number(time) ? json_number_value(time) : report_now_ms();
  double start = stop - (json_is_number(duration) ? json_number_value(duration) : 0);
  bool answered = json_is_integer(json_object_get(ex, "status"));
  json_t *attachments = json_array();
  json_t *doc = report_exchange_request_doc(ex);
  json_array_append_new(attachments, attach_json(r, "Request", doc));
  json_decref(doc);
  doc = report_exchange_response_doc(ex);
  json_array_append_new(attachments, attach_json(r, "Response", doc));
  json_decref(doc);
  json_t *details = json_object();
  if (!answered)
    json_object_set_new(
        details, "message",
        json_string(report_jstr(ex, "error") ? report_jstr(ex, "error") : "no response"));
  json_t *step = json_pack("{s:s, s:s, s:o, s:s, s:[], s:o, s:[], s:I, s:I}", "name", name,
                           "status", answered ? "passed" : "broken", "statusDetails", details,
                           "stage", "finished", "steps", "attachments", attachments, "parameters",
                           "start", ms_int(start), "stop", ms_int(stop));
  free(name);
  return step;
}

static json_t *exchange_steps(allure_reporter_t *r, const json_t *exchanges) {
  json_t *steps = json_array();
  if (r->opts.disable_steps) return steps;
  size_t i;
  json_t *ex;
  json_array_foreach(exchanges, i, ex) json_array_append_new(steps, exchange_step(r, ex));
  return steps;
}

/* A step's title as a JSON string, NULs kept (a NUL in the feature file). */
static json_t *title_text(const json_t *step) {
  json_t *t = report_json_text_of(json_object_get(step, "title"), 0);
  return t ? t : json_string("");
}

/* A cucumber scenario's steps as Allure steps, each with its HTTP exchanges inside. */
static json_t *cucumber_steps(allure_reporter_t *r, const json_t *steps) {
  json_t *out = json_array();
  size_t i;
  json_t *s;
  json_array_foreach(steps, i, s) {
    const char *status = report_jstr(s, "status") ? report_jstr(s, "status") : "broken";
    const json_t *error = json_object_get(s, "error");
    if (strcmp(status, "failed") == 0 && error && !report_error_is_assertion(error))
      status = "broken";
    else if (strcmp(status, "ambiguous") == 0 || strcmp(status, "undefined") == 0)
      status = "broken";
    else if (strcmp(status, "passed") != 0 && strcmp(status, "failed") != 0) status = "skipped";
    const json_t *start = json_object_get(s, "start"), *stop = json_object_get(s, "stop");
    double a = json_number_value(start), b = stop ? json_number_value(stop) : a;
    json_array_append_new(
        out,
        json_pack("{s:o, s:s, s:o, s:s, s:o, s:[], s:[], s:I, s:I}", "name", title_text(s),
                  "status", status, "statusDetails", status_details(error), "stage", "finished",
                  "steps", exchange_steps(r, json_object_get(s, "exchanges")), "attachments",
                  "parameters", "start", ms_int(a), "stop", ms_int(b >= a ? b : a)));
  }
  return out;
}

static const char *result_status(const rm_test_t *t) {
  if (t->state == RM_PASSED) return "passed";
  if (t->state == RM_SKIPPED) return "skipped";
  if (t->hook || t->aborted || !t->error) return "broken";
  return report_error_is_assertion(t->error) ? "failed" : "broken";
}

/* Writes one result; `uuid` receives its id. */
/* Titles and logs go by their lengths: they may hold NULs. */
typedef struct {
  const char *name, *full_title, *logs; /* logs: NULL for none */
  size_t name_len, full_len, logs_len;
  const char *pending_reason; /* NULL for none */
  size_t pending_len;
} result_texts_t;

static void write_result(allure_reporter_t *r, const rm_job_t *j, const rm_suite_t *suite,
                         const result_texts_t *texts, const char *status, const json_t *error,
                         const json_t *exchanges, const json_t *cuke_steps, const json_t *meta,
                         double start, double stop, char uuid[37]) {
  char hid[33];
  report_uuid4(uuid);
  history_id(j->capabilities, texts->full_title, texts->full_len, hid);
  sbuf_t full_name = SBUF_INIT;
  sbuf_printf(&full_name, "%s#", j->spec_display);
  sbuf_append(&full_name, texts->full_title, texts->full_len);
  char *key = capability_key(j->capabilities);
  json_t *attachments = json_array();
  if (texts->logs && texts->logs_len)
    json_array_append_new(attachments,
                          attach_text(r, "Console Logs", texts->logs, texts->logs_len));
  json_t *parameters = json_array();
  if (*key) {
    json_t *p = json_object();
    set_text(p, "name", "browser");
    set_text(p, "value", key);
    json_array_append_new(parameters, p);
  }
  if (j->seed)
    json_array_append_new(parameters, json_pack("{s:s, s:s}", "name", "seed", "value", j->seed));
  /* A cucumber outline row's values (cucumber's own names, as allure-cucumberjs shows). */
  json_array_extend(parameters, json_object_get(meta, "parameters"));
  json_t *doc = json_object();
  set_text(doc, "uuid", uuid);
  set_text(doc, "historyId", hid);
  set_text(doc, "testCaseId", hid);
  json_object_set_new(doc, "name", report_json_text(texts->name, texts->name_len, 0));
  json_object_set_new(doc, "fullName", report_json_text(full_name.data, full_name.len, 0));
  const rm_suite_t **chain = suite_chain(j, suite);
  json_object_set_new(doc, "titlePath", title_path(j, chain, suite->depth));
  set_text(doc, "status", status);
  json_t *details = status_details(error);
  if (texts->pending_reason)
    json_object_set_new(details, "message",
                        report_json_text(texts->pending_reason, texts->pending_len, 0));
  json_object_set_new(doc, "statusDetails", details);
  set_text(doc, "stage", strcmp(status, "skipped") == 0 ? "pending" : "finished");
  json_object_set_new(doc, "steps",
                      json_array_size(cuke_steps) && !r->opts.disable_steps
                          ? cucumber_steps(r, cuke_steps)
                          : exchange_steps(r, exchanges));
  json_object_set_new(doc, "attachments", attachments);
  json_object_set_new(doc, "parameters", parameters);
  json_t *labels = labels_doc(r, j, chain, suite->depth);
  free(chain);
  size_t ti;
  json_t *tag;
  json_array_foreach(json_object_get(meta, "tags"), ti, tag)
      json_array_append_new(labels, json_pack("{s:s, s:O}", "name", "tag", "value", tag));
  json_object_set_new(doc, "labels", labels);
  json_object_set_new(doc, "links", json_array());
  json_object_set_new(doc, "start", json_integer(ms_int(start)));
  json_object_set_new(doc, "stop", json_integer(ms_int(stop >= start ? stop : start)));
  char *file = xasprintf("%s-result.json", uuid);
  allure_write_json(r, file, doc);
  json_decref(doc);
  free(file);
  free(key);
  sbuf_free(&full_name);
}

/* --- model callbacks ------------------------------------------------------------------------ */

static void on_suite_start(rm_job_t *j, rm_suite_t *s, void *ud) {
  s->data = xcalloc(1, sizeof(allure_suite_t));
}

static void on_test_end(rm_job_t *j, rm_suite_t *s, rm_test_t *t, void *ud) {
  allure_reporter_t *r = ud;
  char uuid[37];
  result_texts_t texts = {
      t->title,          t->full_title,        r->opts.add_console_logs ? t->logs.data : NULL,
      t->title_len,      t->full_title_len,    t->logs.len,
      t->pending_reason, t->pending_reason_len};
  write_result(r, j, s, &texts, result_status(t), t->error, t->exchanges, t->steps, t->meta,
               t->start_ms, t->stop_ms, uuid);
  for (size_t i = 0; i < j->nopen; i++) {
    allure_suite_t *as = j->suites[j->open[i]]->data;
    if (as) strvec_push(&as->children, uuid);
  }
}

static json_t *fixture(allure_reporter_t *r, const char *name, const json_t *exchanges) {
  double start = 0, stop = 0;
  size_t i;
  json_t *ex;
  json_array_foreach(exchanges, i, ex) {
    double t = json_number_value(json_object_get(ex, "time"));
    double d = json_number_value(json_object_get(ex, "duration"));
    if (!start || t - d < start) start = t - d;
    if (t > stop) stop = t;
  }
  return json_pack("{s:s, s:s, s:{}, s:s, s:o, s:[], s:[], s:I, s:I}", "name", name, "status",
                   "passed", "statusDetails", "stage", "finished", "steps",
                   exchange_steps(r, exchanges), "attachments", "parameters", "start",
                   ms_int(start), "stop", ms_int(stop));
}

/* A container only where hooks made requests: it is what carries them to the report. */
static void on_suite_end(rm_job_t *j, rm_suite_t *s, void *ud) {
  allure_reporter_t *r = ud;
  allure_suite_t *as = s->data;
  s->data = NULL;
  if (!as) return;
  bool any = json_array_size(s->before_exchanges) || json_array_size(s->after_exchanges);
  if (any && as->children.len && !r->opts.disable_hooks && !r->opts.disable_steps) {
    char uuid[37];
    report_uuid4(uuid);
    json_t *children = json_array();
    for (size_t i = 0; i < as->children.len; i++)
      json_array_append_new(children, json_string(as->children.items[i]));
    json_t *befores = json_array(), *afters = json_array();
    if (json_array_size(s->before_exchanges))
      json_array_append_new(befores, fixture(r, "\"before all\" hook", s->before_exchanges));
    if (json_array_size(s->after_exchanges))
      json_array_append_new(afters, fixture(r, "\"after all\" hook", s->after_exchanges));
    json_t *doc = json_pack("{s:s, s:s%, s:o, s:o, s:o, s:I, s:I}", "uuid", uuid, "name",
                            s->depth ? s->title : j->spec_display,
                            s->depth ? s->title_len : strlen(j->spec_display), "children", children,
                            "befores", befores, "afters", afters, "start", ms_int(s->start_ms),
                            "stop", ms_int(s->stop_ms));
    char *file = xasprintf("%s-container.json", uuid);
    if (doc) allure_write_json(r, file, doc);
    json_decref(doc);
    free(file);
  }
  strvec_free(&as->children);
  free(as);
}

/* --- reporter --------------------------------------------------------------------------------- */

static void allure_event(reporter_t *base, const report_job_t *job, const json_t *ev) {
  allure_reporter_t *r = (allure_reporter_t *)base;
  rm_feed(&r->set, job, ev);
}

static void allure_job_end(reporter_t *base, const report_job_t *job, bool passed) {
  allure_reporter_t *r = (allure_reporter_t *)base;
  rm_job_t *j = rm_finish(&r->set, job, passed);
  /* A spec file that failed to load, or a worker lost outside any test. */
  if (j->error && !j->error_absorbed) {
    char uuid[37];
    size_t n = strlen(j->spec_display);
    result_texts_t texts = {j->spec_display, j->spec_display, NULL, n, n, 0, NULL, 0};
    /* No describe applies: labels and titlePath name the file only. */
    write_result(r, j, j->suites[0], &texts, "broken", j->error, NULL, NULL, NULL, j->start_ms,
                 j->stop_ms, uuid);
  }
  write_environment(r);
  for (size_t i = 0; i < j->nsuites; i++) {
    allure_suite_t *as = j->suites[i]->data;
    if (as) strvec_free(&as->children);
    free(as);
    j->suites[i]->data = NULL;
  }
  rm_job_free(j);
}

static void allure_run_end(reporter_t *base, const report_summary_t *summary) {
  allure_reporter_t *r = (allure_reporter_t *)base;
  write_environment(r);
  for (size_t i = 0; i < r->nwritten; i++)
    secret_remask_file(r->written[i].path, r->written[i].secrets, "sonde: allure reporter");
}

static void allure_free(reporter_t *base) {
  allure_reporter_t *r = (allure_reporter_t *)base;
  if (!r) return;
  for (rm_job_t *j = r->set.jobs; j; j = j->next) {
    for (size_t i = 0; i < j->nsuites; i++) {
      allure_suite_t *as = j->suites[i]->data;
      if (as) strvec_free(&as->children);
      free(as);
    }
  }
  rm_set_free(&r->set);
  for (size_t i = 0; i < r->nwritten; i++) free(r->written[i].path);
  free(r->written);
  json_decref((json_t *)r->opts.environment);
  free((char *)r->opts.framework);
  free(r->dir);
  free(r);
}

static const reporter_ops_t allure_ops = {
    .event = allure_event,
    .job_end = allure_job_end,
    .run_end = allure_run_end,
    .free = allure_free,
};

reporter_t *allure_reporter_new(const allure_opts_t *opts) {
  allure_reporter_t *r = xcalloc(1, sizeof *r);
  r->base.ops = &allure_ops;
  if (opts) r->opts = *opts;
  r->dir = report_resolve_dir(r->opts.output_dir ? r->opts.output_dir : "allure-results");
  r->opts.output_dir = r->dir;
  r->opts.environment = r->opts.environment ? json_deep_copy(r->opts.environment) : NULL;
  r->opts.framework = r->opts.framework ? xstrdup(r->opts.framework) : NULL;
  if (gethostname(r->host, sizeof r->host - 1) != 0) r->host[0] = '\0';
  rm_hooks_t hooks = {
      .flags = r->opts.add_console_logs ? RM_KEEP_LOGS : 0,
      .suite_start = on_suite_start,
      .test_end = on_test_end,
      .suite_end = on_suite_end,
      .ud = r,
  };
  rm_set_init(&r->set, &hooks);
  return &r->base;
}
