/* json reporter: see json.h. The model keeps the running jobs (with every exchange, since
 * the document lists them all); a job's document is built and written at its job_end and
 * the job freed. */
#include "report/json.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "common/fsutil.h"

typedef struct {
  reporter_t base;
  FILE *out;
  bool color;
  json_reporter_opts_t opts; /* strings owned (copies) */
  rm_set_t set;
  report_spool_t spool;
  json_t *timings; /* spec file (as displayed) → milliseconds, every job so far */
} json_reporter_t;

static json_t *iso(double ms) {
  char buf[64];
  report_iso_stamp(ms, buf, sizeof buf);
  return json_string(buf);
}

static const char *state_name(rm_state_t s) {
  return s == RM_PASSED ? "passed" : s == RM_FAILED ? "failed" : "skipped";
}

/* A string member of an event whole (NULs kept: the document writes "\u0000"), or null. */
static json_t *str_or_null(const json_t *obj, const char *key) {
  json_t *s = report_json_text_of(json_object_get(obj, key), 0);
  return s ? s : json_null();
}

static json_t *test_doc(const rm_test_t *t) {
  json_t *d = json_object();
  json_object_set_new(d, "name", report_json_text(t->title, t->title_len, 0));
  json_object_set_new(d, "fullTitle", report_json_text(t->full_title, t->full_title_len, 0));
  if (t->hook) json_object_set_new(d, "hook", json_string(t->hook));
  json_object_set_new(d, "state", json_string(state_name(t->state)));
  json_object_set_new(d, "start", iso(t->start_ms));
  json_object_set_new(d, "end", iso(t->stop_ms));
  json_object_set_new(d, "duration", json_real(t->duration_ms));
  json_object_set_new(d, "retries", json_integer(t->retries));
  if (t->state == RM_FAILED) {
    /* The community reporter's three fields, then the whole error (expected/actual). */
    json_object_set_new(d, "error", str_or_null(t->error, "message"));
    json_object_set_new(d, "errorType", str_or_null(t->error, "name"));
    json_object_set_new(d, "standardError", str_or_null(t->error, "stack"));
    if (t->error) json_object_set_new(d, "errorDetails", json_deep_copy(t->error));
    if (t->aborted) json_object_set_new(d, "aborted", json_true());
  }
  if (t->pending_reason)
    json_object_set_new(d, "pendingReason",
                        report_json_text(t->pending_reason, t->pending_reason_len, 0));
  json_object_set_new(d, "exchanges", json_deep_copy(t->exchanges));
  if (t->logs.len) json_object_set_new(d, "logs", report_json_text(t->logs.data, t->logs.len, 0));
  return d;
}

static json_t *suite_doc(const rm_suite_t *s) {
  json_t *d = json_object();
  json_t *tests = json_array(), *hooks = json_array();
  json_object_set_new(
      d, "name",
      s->depth == 0 ? json_string("(root)") : report_json_text(s->title, s->title_len, 0));
  json_object_set_new(d, "fullTitle", report_json_text(s->full_title, s->full_title_len, 0));
  json_object_set_new(d, "depth", json_integer(s->depth));
  json_object_set_new(d, "file", json_string(s->file));
  json_object_set_new(d, "start", iso(s->start_ms));
  json_object_set_new(d, "end", iso(s->stop_ms));
  json_object_set_new(d, "duration", json_real(s->duration_ms));
  for (size_t i = 0; i < s->ntests; i++)
    json_array_append_new(s->tests[i]->hook ? hooks : tests, test_doc(s->tests[i]));
  json_object_set_new(d, "tests", tests);
  json_object_set_new(d, "hooks", hooks);
  json_object_set_new(d, "beforeAll", json_deep_copy(s->before_exchanges));
  json_object_set_new(d, "afterAll", json_deep_copy(s->after_exchanges));
  return d;
}

/* The root suite is listed only when something happened in it outside any describe. */
static bool root_shown(const rm_suite_t *root) {
  return root->ntests || json_array_size(root->before_exchanges) ||
         json_array_size(root->after_exchanges);
}

json_t *json_reporter_document(const json_reporter_opts_t *o, const rm_job_t *j) {
  json_t *d = json_object();
  json_object_set_new(d, "cid", json_string(j->cid));
  json_object_set_new(d, "spec", json_string(j->spec_display));
  json_object_set_new(d, "specs", json_pack("[s]", j->spec));
  json_object_set_new(d, "capabilities", json_deep_copy(j->capabilities));
  json_object_set_new(d, "framework", json_string(o->framework ? o->framework : "mocha"));
  json_object_set_new(d, "start", iso(j->start_ms));
  json_object_set_new(d, "end", iso(j->stop_ms));
  json_object_set_new(d, "duration", json_real(j->duration_ms));
  json_object_set_new(d, "passed", json_boolean(j->passed));
  if (j->seed) json_object_set_new(d, "seed", json_string(j->seed));
  json_object_set_new(
      d, "state",
      json_pack("{s:i, s:i, s:i, s:i}", "passed", j->passed_tests, "failed", j->failed_tests,
                "skipped", j->skipped_tests, "retried", j->retried_tests));
  json_t *suites = json_array();
  for (size_t i = 0; i < j->nsuites; i++)
    if (j->suites[i]->depth > 0 || root_shown(j->suites[i]))
      json_array_append_new(suites, suite_doc(j->suites[i]));
  json_object_set_new(d, "suites", suites);
  if (j->error) json_object_set_new(d, "error", json_deep_copy(j->error));
  return d;
}

/* json_dumps refuses strings that are not UTF-8; the events are, but a cleaned copy makes
 * sure no job ends without its document. */
static char *dump(const json_reporter_opts_t *o, json_t *doc) {
  size_t flags = (o->compact ? JSON_COMPACT : JSON_INDENT(2));
  char *text = json_dumps(doc, flags);
  if (!text) {
    json_t *clean = report_json_clean(doc);
    text = json_dumps(clean, flags);
    json_decref(clean);
  }
  return text;
}

static char *job_file_name(json_reporter_t *r, const rm_job_t *j) {
  if (r->opts.namer) {
    sbuf_t err = SBUF_INIT;
    char *name = r->opts.namer->name(r->opts.namer, j->cid, j->capabilities, &err);
    if (name && *name) {
      sbuf_free(&err);
      return name;
    }
    free(name);
    fprintf(stderr, "sonde: json reporter: outputFileFormat: %s; using the default name\n",
            err.len ? sbuf_cstr(&err) : "it returned no name");
    sbuf_free(&err);
  }
  return xasprintf("wdio-%s-json-reporter.log", j->cid);
}

static void json_write_job(json_reporter_t *r, const rm_job_t *j) {
  json_t *doc = json_reporter_document(&r->opts, j);
  char *text = dump(&r->opts, doc);
  json_decref(doc);
  if (!text) {
    fprintf(stderr, "sonde: json reporter: no report for %s: cannot encode it\n", j->spec_display);
    return;
  }
  if (!r->opts.output_dir) {
    report_spool_write(&r->spool, text, strlen(text));
    report_spool_write(&r->spool, "\n", 1);
    free(text);
    return;
  }
  char *name = job_file_name(r, j);
  report_write_document("json", r->opts.output_dir, name, text);
  free(name);
  free(text);
}

static void json_event(reporter_t *base, const report_job_t *job, const json_t *ev) {
  json_reporter_t *r = (json_reporter_t *)base;
  rm_feed(&r->set, job, ev);
}

static void json_job_end(reporter_t *base, const report_job_t *job, bool passed) {
  json_reporter_t *r = (json_reporter_t *)base;
  rm_job_t *j = rm_finish(&r->set, job, passed);
  json_write_job(r, j);
  /* A file run under several capabilities weighs their sum in the next run's shards. */
  const json_t *before = json_object_get(r->timings, j->spec_display);
  double ms = (before ? json_number_value(before) : 0) + j->duration_ms;
  json_object_set_new(r->timings, j->spec_display, json_real(ms));
  rm_job_free(j);
}

static void json_run_end(reporter_t *base, const report_summary_t *summary) {
  json_reporter_t *r = (json_reporter_t *)base;
  report_spool_print(&r->spool, r->out, "json", r->color, false);
  /* The durations --shard balances the next run's shards by (config shardTimings). */
  if (r->opts.output_dir && json_object_size(r->timings)) {
    json_t *doc = json_pack("{s:i, s:O}", "version", 1, "specs", r->timings);
    char *text = doc ? json_dumps(doc, JSON_INDENT(2) | JSON_SORT_KEYS) : NULL;
    if (text) report_write_document("json", r->opts.output_dir, JSON_TIMINGS_FILE, text);
    free(text);
    json_decref(doc);
  }
  /* The run's OpenAPI coverage beside the documents: a shard's folder is all that
   * `sonde merge-reports` gets of it. */
  if (r->opts.output_dir && summary->openapi_coverage)
    report_write_coverage("json", r->opts.output_dir, summary->openapi_coverage);
}

static void json_free(reporter_t *base) {
  json_reporter_t *r = (json_reporter_t *)base;
  if (!r) return;
  rm_set_free(&r->set);
  report_spool_free(&r->spool);
  json_decref(r->timings);
  if (r->opts.namer) r->opts.namer->free(r->opts.namer);
  free((char *)r->opts.output_dir);
  free((char *)r->opts.framework);
  free(r);
}

static const reporter_ops_t json_ops = {
    .event = json_event,
    .job_end = json_job_end,
    .run_end = json_run_end,
    .free = json_free,
};

reporter_t *json_reporter_new(FILE *out, bool color, const json_reporter_opts_t *opts) {
  json_reporter_t *r = xcalloc(1, sizeof *r);
  r->base.ops = &json_ops;
  r->out = out;
  r->color = color;
  r->timings = json_object();
  if (opts) r->opts = *opts;
  r->opts.output_dir = r->opts.output_dir ? xstrdup(r->opts.output_dir) : NULL;
  r->opts.framework = r->opts.framework ? xstrdup(r->opts.framework) : NULL;
  rm_hooks_t hooks = {.flags = RM_KEEP_TESTS | RM_KEEP_EXCHANGES | RM_KEEP_LOGS};
  rm_set_init(&r->set, &hooks);
  report_spool_init(&r->spool);
  return &r->base;
}
