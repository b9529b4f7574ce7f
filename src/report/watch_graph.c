/* watch_graph: see watch_graph.h. */
#include "report/watch_graph.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/fsutil.h"
#include "common/sbuf.h"

typedef struct {
  reporter_t base;
  char *path;
  json_t *jobs; /* cid → {"spec","modules"} while running; then appended to done */
  json_t *done; /* the finished jobs, in the order they ended */
} watch_graph_t;

static void wg_event(reporter_t *base, const report_job_t *job, const json_t *ev) {
  watch_graph_t *r = (watch_graph_t *)base;
  const char *type = json_string_value(json_object_get(ev, "type"));
  if (!type || strcmp(type, "runner:end") != 0) return;
  json_t *modules = json_object_get(ev, "modules");
  json_object_set_new(r->jobs, job->cid,
                      json_pack("{s:s, s:O}", "spec", job->spec, "modules",
                                json_is_array(modules) ? modules : json_array()));
}

static void wg_job_end(reporter_t *base, const report_job_t *job, bool passed) {
  watch_graph_t *r = (watch_graph_t *)base;
  json_t *entry = json_object_get(r->jobs, job->cid);
  /* a job whose worker died sent no runner:end of its own: it loaded at least its spec */
  json_t *rec = entry ? json_incref(entry)
                      : json_pack("{s:s, s:[s]}", "spec", job->spec, "modules", job->spec);
  json_object_set_new(rec, "passed", json_boolean(passed));
  json_array_append_new(r->done, rec);
  json_object_del(r->jobs, job->cid);
}

static void wg_run_end(reporter_t *base, const report_summary_t *summary) {
  (void)summary;
  watch_graph_t *r = (watch_graph_t *)base;
  json_t *doc = json_pack("{s:O}", "jobs", r->done);
  char *tmp = xasprintf("%s.tmp", r->path);
  if (json_dump_file(doc, tmp, JSON_COMPACT) != 0 || rename(tmp, r->path) != 0) {
    fprintf(stderr, "sonde: watch: cannot write %s\n", r->path);
    remove(tmp);
  }
  free(tmp);
  json_decref(doc);
}

static void wg_free(reporter_t *base) {
  watch_graph_t *r = (watch_graph_t *)base;
  if (!r) return;
  json_decref(r->jobs);
  json_decref(r->done);
  free(r->path);
  free(r);
}

static const reporter_ops_t wg_ops = {
    .event = wg_event,
    .job_end = wg_job_end,
    .run_end = wg_run_end,
    .free = wg_free,
};

reporter_t *watch_graph_reporter_new(const char *path) {
  watch_graph_t *r = xcalloc(1, sizeof *r);
  r->base.ops = &wg_ops;
  r->path = xstrdup(path);
  r->jobs = json_object();
  r->done = json_array();
  return &r->base;
}
