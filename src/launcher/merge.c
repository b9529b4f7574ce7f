/* merge: `sonde merge-reports [--config <file>] <dir|file>...` (see launcher.h). Shards of
 * one suite run on several CI machines (`--shard i/n`), each with the json reporter; this
 * joins their documents into one run: every document is replayed, as the events its job
 * sent, into the reporters the config names (one spec summary, one JUnit file, one Allure
 * results folder...), in spec file order, with the cids an unsharded run would have had
 * (`<capability>-<n>`, numbered per capability in that order).
 *
 * A shard that checked responses against an API document has its openapi-coverage.json
 * beside its documents (the json reporter writes it there): those are merged as the
 * launcher merges its workers' coverage (coverage.c), and the merged run ends as a run
 * does: the table, <outputDir>/openapi-coverage.json, the reporters' coverage documents
 * and minCoverage.
 *
 * What a document does not keep is not replayed: the order of a suite's tests relative to
 * its child suites (its tests come first, as mocha runs them), spec file retries, cucumber
 * steps, and the timing of console output within a test (it comes before the test's end).
 *
 * Memory: the documents are loaded, replayed and freed here; the config and the reporters
 * live for the call. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <uv.h>

#include "common/fsutil.h"
#include "config/config.h"
#include "js/runtime.h"
#include "launcher/launcher.h"
#include "launcher/launcher_internal.h"
#include "openapi/openapi.h"
#include "report/json.h"
#include "report/registry.h"

typedef struct {
  json_t **items;
  size_t len, cap;
} doc_list_t;

static bool is_job_document(const json_t *doc) {
  return json_is_object(doc) && json_is_string(json_object_get(doc, "cid")) &&
         json_is_array(json_object_get(doc, "specs")) &&
         json_string_value(json_array_get(json_object_get(doc, "specs"), 0)) &&
         json_is_array(json_object_get(doc, "suites"));
}

static void docs_push(doc_list_t *l, json_t *doc) {
  if (l->len == l->cap) {
    l->cap = l->cap ? l->cap * 2 : 16;
    l->items = xrealloc(l->items, l->cap * sizeof *l->items);
  }
  l->items[l->len++] = doc;
}

/* A shard's openapi-coverage.json: its documents merged into `coverage`. */
static int collect_coverage(const char *path, json_t *coverage, sbuf_t *err) {
  json_error_t jerr;
  json_t *doc = json_load_file(path, 0, &jerr);
  const json_t *list = json_object_get(doc, "documents");
  bool ok = doc && json_is_array(list);
  if (!doc) sbuf_printf(err, "merge-reports: %s:%d: %s", path, jerr.line, jerr.text);
  else if (!ok)
    sbuf_printf(err, "merge-reports: %s: \"documents\" must be an array of coverage documents",
                path);
  /* every document checked before any is merged: nothing half-merged */
  for (size_t i = 0; ok && i < json_array_size(list); i++) {
    sbuf_t why = SBUF_INIT;
    ok = openapi_cov_valid(json_array_get(list, i), &why);
    if (!ok) sbuf_printf(err, "merge-reports: %s: documents[%zu]%s", path, i, sbuf_cstr(&why));
    sbuf_free(&why);
  }
  if (ok) launcher_coverage_merge(coverage, doc);
  json_decref(doc);
  return ok ? 0 : -1;
}

/* A folder: every file in it that is a json reporter document (other reporters' files and
 * sonde-timings.json may sit beside them), and its openapi-coverage.json. A file named on
 * the command line must be one of the two. */
static int collect(const char *input, doc_list_t *docs, json_t *coverage, sbuf_t *err) {
  struct stat st;
  if (stat(input, &st) != 0) {
    sbuf_printf(err, "merge-reports: %s does not exist", input);
    return -1;
  }
  const char *base = strrchr(input, '/') ? strrchr(input, '/') + 1 : input;
  if (!S_ISDIR(st.st_mode) && strcmp(base, REPORT_OPENAPI_COVERAGE_FILE) == 0)
    return collect_coverage(input, coverage, err);
  if (!S_ISDIR(st.st_mode)) {
    json_error_t jerr;
    json_t *doc = json_load_file(input, 0, &jerr);
    if (!is_job_document(doc)) {
      if (doc) sbuf_printf(err, "merge-reports: %s is not a json reporter document", input);
      else sbuf_printf(err, "merge-reports: %s:%d: %s", input, jerr.line, jerr.text);
      json_decref(doc);
      return -1;
    }
    docs_push(docs, doc);
    return 0;
  }
  DIR *dir = opendir(input);
  if (!dir) {
    sbuf_printf(err, "merge-reports: cannot read %s", input);
    return -1;
  }
  strvec_t names = STRVEC_INIT;
  for (struct dirent *e; (e = readdir(dir));)
    if (e->d_name[0] != '.') strvec_push(&names, e->d_name);
  closedir(dir);
  strvec_sort_unique(&names);
  int rc = 0;
  for (size_t i = 0; i < names.len && rc == 0; i++) {
    char *path = xasprintf("%s/%s", input, names.items[i]);
    if (strcmp(names.items[i], REPORT_OPENAPI_COVERAGE_FILE) == 0) {
      rc = collect_coverage(path, coverage, err);
      free(path);
      continue;
    }
    struct stat fst;
    json_t *doc =
        stat(path, &fst) == 0 && S_ISREG(fst.st_mode) ? json_load_file(path, 0, NULL) : NULL;
    if (is_job_document(doc)) docs_push(docs, doc);
    else json_decref(doc);
    free(path);
  }
  strvec_free(&names);
  return rc;
}

static long cap_index_of(const json_t *doc) {
  return strtol(json_string_value(json_object_get(doc, "cid")), NULL, 10);
}

static const char *first_spec(const json_t *doc) {
  return json_string_value(json_array_get(json_object_get(doc, "specs"), 0));
}

static int cmp_docs(const void *a, const void *b) {
  const json_t *x = *(json_t *const *)a, *y = *(json_t *const *)b;
  long cx = cap_index_of(x), cy = cap_index_of(y);
  if (cx != cy) return cx < cy ? -1 : 1;
  return strcmp(first_spec(x), first_spec(y));
}

/* Milliseconds since the epoch of the json reporter's "2026-11-25T21:30:01.123Z"; 0 when
 * the value is not such a stamp. */
static double stamp_ms(const json_t *v) {
  struct tm tm = {0};
  int ms = 0;
  const char *s = json_string_value(v);
  if (!s || sscanf(s, "%d-%d-%dT%d:%d:%d.%dZ", &tm.tm_year, &tm.tm_mon, &tm.tm_mday, &tm.tm_hour,
                   &tm.tm_min, &tm.tm_sec, &ms) != 7)
    return 0;
  tm.tm_year -= 1900;
  tm.tm_mon -= 1;
  return (double)timegm(&tm) * 1000 + ms;
}

typedef struct {
  reporter_t **reporters;
  size_t n;
  report_job_t job;
} replay_t;

/* Sends `ev` (taken) to every reporter, with the job's cid. */
static void emit(replay_t *r, json_t *ev) {
  json_object_set_new(ev, "cid", json_string(r->job.cid));
  for (size_t i = 0; i < r->n; i++) r->reporters[i]->ops->event(r->reporters[i], &r->job, ev);
  json_decref(ev);
}

static void send_exchanges(replay_t *r, const json_t *exchanges) {
  size_t i;
  const json_t *ex;
  json_array_foreach(exchanges, i, ex) {
    json_t *ev = json_deep_copy(ex);
    json_object_set_new(ev, "type", json_string("http"));
    emit(r, ev);
  }
}

static json_t *test_error(const json_t *t) {
  const json_t *details = json_object_get(t, "errorDetails");
  if (json_is_object(details)) return json_deep_copy(details);
  json_t *e = json_object();
  const char *fields[][2] = {
      {"message", "error"}, {"name", "errorType"}, {"stack", "standardError"}};
  for (size_t i = 0; i < 3; i++)
    if (json_is_string(json_object_get(t, fields[i][1])))
      json_object_set(e, fields[i][0], json_object_get(t, fields[i][1]));
  return e;
}

static void replay_test(replay_t *r, const json_t *t, const char *parent) {
  const char *title = json_string_value(json_object_get(t, "name"));
  const char *full = json_string_value(json_object_get(t, "fullTitle"));
  const char *state = json_string_value(json_object_get(t, "state"));
  const char *hook = json_string_value(json_object_get(t, "hook"));
  if (!title || !full || !state) return;
  json_t *base = json_pack("{s:s, s:s, s:s}", "title", title, "fullTitle", full, "parent", parent);
  if (!hook) {
    json_t *start = json_deep_copy(base);
    json_object_set_new(start, "type", json_string("test:start"));
    emit(r, start);
  }
  send_exchanges(r, json_object_get(t, "exchanges"));
  const char *logs = json_string_value(json_object_get(t, "logs"));
  if (logs && *logs)
    emit(r, json_pack("{s:s, s:s, s:s}", "type", "log", "level", "log", "text", logs));
  json_t *end = base;
  json_object_set(end, "duration", json_object_get(t, "duration"));
  if (strcmp(state, "passed") == 0) {
    json_object_set_new(end, "type", json_string("test:pass"));
  } else if (strcmp(state, "failed") == 0) {
    json_object_set_new(end, "type", json_string("test:fail"));
    json_object_set_new(end, "error", test_error(t));
    if (hook) json_object_set_new(end, "hook", json_string(hook));
  } else {
    json_object_set_new(end, "type", json_string("test:pending"));
    if (json_is_string(json_object_get(t, "pendingReason")))
      json_object_set(end, "reason", json_object_get(t, "pendingReason"));
  }
  json_object_set(end, "retries", json_object_get(t, "retries"));
  emit(r, end);
}

static void end_suite(replay_t *r, const json_t *suite) {
  send_exchanges(r, json_object_get(suite, "afterAll"));
  emit(r, json_pack("{s:s, s:s?, s:s?, s:O?}", "type", "suite:end", "title",
                    json_string_value(json_object_get(suite, "name")), "fullTitle",
                    json_string_value(json_object_get(suite, "fullTitle")), "duration",
                    json_object_get(suite, "duration")));
}

static void replay_suites(replay_t *r, const json_t *suites) {
  const json_t *open[256];
  size_t depth_of[256], nopen = 0, i;
  const json_t *suite;
  json_array_foreach(suites, i, suite) {
    size_t depth = (size_t)json_integer_value(json_object_get(suite, "depth"));
    bool root = depth == 0;
    while (nopen > 0 && depth_of[nopen - 1] >= depth) end_suite(r, open[--nopen]);
    const char *title = json_string_value(json_object_get(suite, "name"));
    if (!root && nopen < 256) {
      emit(r, json_pack("{s:s, s:s?, s:s?, s:s?}", "type", "suite:start", "title", title,
                        "fullTitle", json_string_value(json_object_get(suite, "fullTitle")), "file",
                        json_string_value(json_object_get(suite, "file"))));
      open[nopen] = suite;
      depth_of[nopen++] = depth;
    }
    send_exchanges(r, json_object_get(suite, "beforeAll"));
    size_t k;
    const json_t *t;
    const char *parent = root ? "" : title ? title : "";
    json_array_foreach(json_object_get(suite, "tests"), k, t) replay_test(r, t, parent);
    json_array_foreach(json_object_get(suite, "hooks"), k, t) replay_test(r, t, parent);
    if (root) send_exchanges(r, json_object_get(suite, "afterAll"));
  }
  while (nopen > 0) end_suite(r, open[--nopen]);
}

/* Replays one document as job `cid`; adds to the summary. */
static void replay_doc(replay_t *r, const json_t *doc, const char *cid, report_summary_t *sum) {
  char *cwd = fs_cwd();
  char *display = fs_relative(cwd, first_spec(doc));
  free(cwd);
  r->job = (report_job_t){cid, first_spec(doc), display, json_object_get(doc, "capabilities")};
  emit(r, json_pack("{s:s, s:s}", "type", "runner:start", "spec", first_spec(doc)));
  replay_suites(r, json_object_get(doc, "suites"));
  const json_t *state = json_object_get(doc, "state");
  json_int_t passes = json_integer_value(json_object_get(state, "passed"));
  json_int_t failures = json_integer_value(json_object_get(state, "failed"));
  json_int_t pending = json_integer_value(json_object_get(state, "skipped"));
  json_t *end =
      json_pack("{s:s, s:I, s:I, s:I, s:O?}", "type", "runner:end", "passes", passes, "failures",
                failures, "pending", pending, "duration", json_object_get(doc, "duration"));
  json_t *error = json_object_get(doc, "error");
  if (error) json_object_set(end, "error", error);
  emit(r, end);
  bool passed = json_is_true(json_object_get(doc, "passed"));
  for (size_t i = 0; i < r->n; i++) r->reporters[i]->ops->job_end(r->reporters[i], &r->job, passed);
  if (!passed) sum->specs_failed++;
  else if (!error && passes == 0 && failures == 0 && pending == 0) sum->specs_skipped++;
  else sum->specs_passed++;
  free(display);
}

int launcher_merge_reports(const cli_options_t *opts, int argc, char **argv) {
  sbuf_t err = SBUF_INIT;
  doc_list_t docs = {0};
  int code = 2;
  if (opts->inputs.len == 0) {
    fprintf(stderr,
            "sonde: merge-reports: name the folders (or files) of the json reporter's "
            "documents to merge: sonde merge-reports [--config <file>] <dir>...\n");
    return 2;
  }
  json_t *coverage_acc = json_object(); /* documents by name, as coverage.c keeps them */
  for (size_t i = 0; i < opts->inputs.len; i++)
    if (collect(opts->inputs.items[i], &docs, coverage_acc, &err) != 0) goto out;
  if (docs.len == 0) {
    sbuf_printf(&err, "merge-reports: no json reporter documents in %s%s", opts->inputs.items[0],
                opts->inputs.len > 1 ? " and the other inputs" : "");
    goto out;
  }
  qsort(docs.items, docs.len, sizeof *docs.items, cmp_docs);

  uv_loop_t *loop = uv_default_loop();
  js_runtime_t *rt = js_runtime_new(loop, argc, argv);
  sonde_config_t cfg;
  reporter_t **reporters = NULL;
  size_t n = 0;
  report_env_t env = {stdout, launcher_use_color()};
  double min_coverage;
  if (config_load(rt, opts->config_path, opts->overrides, &cfg, &err) != 0) {
    js_runtime_free(rt);
    goto out;
  }
  if (launcher_coverage_min(&cfg, &min_coverage, &err) != 0 ||
      report_create_all(&cfg, &env, &reporters, &n, &err) != 0) {
    config_free(&cfg);
    js_runtime_free(rt);
    goto out;
  }
  report_summary_t sum = {0};
  replay_t r = {reporters, n, {0}};
  double first_start = 0, last_end = 0;
  long cap = -1, next = 0;
  for (size_t i = 0; i < docs.len; i++) {
    const json_t *doc = docs.items[i];
    if (cap_index_of(doc) != cap) cap = cap_index_of(doc), next = 0;
    char *cid = xasprintf("%ld-%ld", cap, next++);
    replay_doc(&r, doc, cid, &sum);
    free(cid);
    double start = stamp_ms(json_object_get(doc, "start")),
           end = stamp_ms(json_object_get(doc, "end"));
    if (start > 0 && (first_start == 0 || start < first_start)) first_start = start;
    if (end > last_end) last_end = end;
  }
  sum.specs_total = (int)docs.len;
  sum.duration_ms = last_end > first_start ? last_end - first_start : 0;
  json_t *coverage = json_object_size(coverage_acc) ? openapi_cov_document(coverage_acc) : NULL;
  sum.openapi_coverage = coverage;
  for (size_t i = 0; i < n; i++) reporters[i]->ops->run_end(reporters[i], &sum);
  launcher_print_summary(&sum);
  bool coverage_ok = launcher_coverage_report(&cfg, coverage_acc, coverage, min_coverage);
  json_decref(coverage);
  for (size_t i = 0; i < n; i++) reporters[i]->ops->free(reporters[i]);
  free(reporters);
  config_free(&cfg);
  js_runtime_free(rt);
  code = sum.specs_failed || !coverage_ok ? 1 : 0;
out:
  if (err.len) fprintf(stderr, "sonde: %s\n", sbuf_cstr(&err));
  for (size_t i = 0; i < docs.len; i++) json_decref(docs.items[i]);
  free(docs.items);
  json_decref(coverage_acc);
  sbuf_free(&err);
  return code;
}
