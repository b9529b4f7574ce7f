/* model: see model.h. */
#include "report/model.h"

#include <stdlib.h>
#include <string.h>

#include "report/util.h"

static double rm_now(const rm_set_t *set) {
  return set->hooks.now ? set->hooks.now() : report_now_ms();
}

static char *dup_or_empty(const char *s) { return xstrdup(s ? s : ""); }

/* A copy of the string member `key` whole (NULs included), "" when absent; *len its length. */
static char *dup_member(const json_t *ev, const char *key, size_t *len) {
  const json_t *v = json_object_get(ev, key);
  *len = json_is_string(v) ? json_string_length(v) : 0;
  char *copy = xmalloc(*len + 1);
  if (*len) memcpy(copy, json_string_value(v), *len);
  copy[*len] = '\0';
  return copy;
}

/* --- construction ------------------------------------------------------------------------ */

static rm_suite_t *suite_new(rm_job_t *j, const json_t *ev, const char *file, double now) {
  if (j->nsuites == j->suites_cap) {
    j->suites_cap = j->suites_cap ? j->suites_cap * 2 : 8;
    j->suites = xrealloc(j->suites, j->suites_cap * sizeof *j->suites);
  }
  rm_suite_t *s = xcalloc(1, sizeof *s);
  s->title = dup_member(ev, "title", &s->title_len);
  s->full_title = dup_member(ev, "fullTitle", &s->full_title_len);
  s->file = dup_or_empty(file ? file : j->spec);
  s->index = j->nsuites;
  s->start_ms = now;
  s->before_exchanges = json_array();
  s->after_exchanges = json_array();
  j->suites[j->nsuites++] = s;
  return s;
}

static void open_push(rm_job_t *j, size_t index) {
  if (j->nopen == j->open_cap) {
    j->open_cap = j->open_cap ? j->open_cap * 2 : 8;
    j->open = xrealloc(j->open, j->open_cap * sizeof *j->open);
  }
  j->open[j->nopen++] = index;
}

static rm_suite_t *innermost(rm_job_t *j) { return j->suites[j->open[j->nopen - 1]]; }

/* The suite a test event belongs to: the innermost open one, except for a late outcome (of
 * a test that ended before, see fw_emit), which belongs to its test's own suite even when
 * that suite has ended since, as mocha reports it (the latest suite of that title). */
static rm_suite_t *suite_of(rm_job_t *j, const json_t *ev) {
  const char *full;
  size_t len;
  if (!json_is_true(json_object_get(ev, "late")) || !report_suite_title_of(ev, &full, &len))
    return innermost(j);
  if (len == 0) return j->suites[0];
  for (size_t i = j->nsuites; i-- > 1;) {
    rm_suite_t *s = j->suites[i];
    if (s->full_title_len == len && memcmp(s->full_title, full, len) == 0) return s;
  }
  return innermost(j);
}

static rm_job_t *job_new(rm_set_t *set, const report_job_t *job) {
  rm_job_t *j = xcalloc(1, sizeof *j);
  j->cid = dup_or_empty(job->cid);
  j->spec = dup_or_empty(job->spec);
  j->spec_display = dup_or_empty(job->spec_display ? job->spec_display : job->spec);
  j->capabilities = job->capabilities ? json_deep_copy(job->capabilities) : json_object();
  j->loose = json_array();
  j->start_ms = rm_now(set);
  rm_suite_t *root = suite_new(j, NULL, j->spec, j->start_ms);
  open_push(j, root->index);
  j->next = set->jobs;
  set->jobs = j;
  if (set->hooks.suite_start) set->hooks.suite_start(j, root, set->hooks.ud);
  return j;
}

static rm_job_t *job_get(rm_set_t *set, const report_job_t *job) {
  const char *cid = job->cid ? job->cid : "";
  for (rm_job_t *j = set->jobs; j; j = j->next)
    if (strcmp(j->cid, cid) == 0) return j;
  return job_new(set, job);
}

static rm_test_t *test_new(const json_t *ev, double now) {
  rm_test_t *t = xcalloc(1, sizeof *t);
  t->title = dup_member(ev, "title", &t->title_len);
  t->full_title =
      dup_member(ev, json_object_get(ev, "fullTitle") ? "fullTitle" : "title", &t->full_title_len);
  t->start_ms = now;
  t->exchanges = json_array();
  return t;
}

static void test_free(rm_test_t *t) {
  if (!t) return;
  free(t->title);
  free(t->full_title);
  free(t->hook);
  json_decref(t->error);
  json_decref(t->exchanges);
  json_decref(t->steps);
  json_decref(t->meta);
  free(t->pending_reason);
  sbuf_free(&t->logs);
  free(t);
}

static void suite_free(rm_suite_t *s) {
  for (size_t i = 0; i < s->ntests; i++) test_free(s->tests[i]);
  free(s->tests);
  free(s->title);
  free(s->full_title);
  free(s->file);
  json_decref(s->before_exchanges);
  json_decref(s->after_exchanges);
  free(s);
}

void rm_job_free(rm_job_t *j) {
  if (!j) return;
  for (size_t i = 0; i < j->nsuites; i++) suite_free(j->suites[i]);
  free(j->suites);
  free(j->open);
  test_free(j->current);
  json_decref(j->loose);
  json_decref(j->error);
  json_decref(j->capabilities);
  free(j->cid);
  free(j->spec);
  free(j->spec_display);
  free(j->seed);
  free(j);
}

/* --- placing things ----------------------------------------------------------------------- */

/* Exchanges made outside tests belong to the hooks of the suite that is innermost now. */
static void flush_loose(rm_job_t *j) {
  if (json_array_size(j->loose) == 0) return;
  rm_suite_t *s = innermost(j);
  json_array_extend(s->has_children ? s->after_exchanges : s->before_exchanges, j->loose);
  json_array_clear(j->loose);
}

/* The exchange as a report shows it: the event without its routing members, plus "time",
 * when the launcher got it (the response's end, near enough: events are sent at once). */
static json_t *exchange_copy(const json_t *ev, double now) {
  json_t *ex = json_deep_copy(ev);
  json_object_del(ex, "type");
  json_object_del(ex, "cid");
  json_object_set_new(ex, "time", json_real(now));
  return ex;
}

static void finish_test(rm_set_t *set, rm_job_t *j, rm_suite_t *s, rm_test_t *t) {
  t->stop_ms = rm_now(set);
  if (t->start_ms <= 0) t->start_ms = t->stop_ms - t->duration_ms;
  /* A retried attempt may start a forced millisecond late (see on_retry): keep its order. */
  if (t->stop_ms < t->start_ms) t->stop_ms = t->start_ms;
  if (!t->retry) {
    if (t->state == RM_PASSED) s->passed++, j->passed_tests++;
    else if (t->state == RM_FAILED) s->failed++, j->failed_tests++;
    else s->skipped++, j->skipped_tests++;
  } else {
    j->retried_tests++;
  }
  if (set->hooks.test_end) set->hooks.test_end(j, s, t, set->hooks.ud);

  unsigned f = set->hooks.flags;
  if (!(f & RM_KEEP_TESTS) || t->retry) {
    test_free(t);
    return;
  }
  if (!(f & RM_KEEP_EXCHANGES) && !((f & RM_KEEP_FAILED_EXCHANGES) && t->state == RM_FAILED))
    json_array_clear(t->exchanges);
  if (s->ntests == s->tests_cap) {
    s->tests_cap = s->tests_cap ? s->tests_cap * 2 : 8;
    s->tests = xrealloc(s->tests, s->tests_cap * sizeof *s->tests);
  }
  s->tests[s->ntests++] = t;
}

static void set_error(rm_test_t *t, const json_t *error) {
  json_decref(t->error);
  t->error = json_is_object(error) ? json_deep_copy(error) : NULL;
}

static double ev_duration(const json_t *ev) {
  const json_t *d = json_object_get(ev, "duration");
  return json_is_number(d) ? json_number_value(d) : 0;
}

/* The test an end event closes: the running one, or (pending tests never start, and a late
 * failure belongs to a test that ended before) a new one. */
static rm_test_t *take_current(rm_set_t *set, rm_job_t *j, const json_t *ev) {
  rm_test_t *t = NULL;
  if (!json_is_true(json_object_get(ev, "late"))) {
    t = j->current;
    j->current = NULL;
  }
  if (!t) {
    flush_loose(j);
    suite_of(j, ev)->has_children = true;
    t = test_new(ev, rm_now(set));
  }
  return t;
}

static void on_test_end(rm_set_t *set, rm_job_t *j, const json_t *ev, rm_state_t state) {
  rm_test_t *t = take_current(set, j, ev);
  t->state = state;
  t->duration_ms = ev_duration(ev);
  const json_t *retries = json_object_get(ev, "retries");
  if (json_is_integer(retries)) t->retries = (int)json_integer_value(retries);
  if (state == RM_FAILED) set_error(t, json_object_get(ev, "error"));
  if (state == RM_SKIPPED && report_jstr(ev, "reason"))
    t->pending_reason = dup_member(ev, "reason", &t->pending_reason_len);
  finish_test(set, j, suite_of(j, ev), t);
}

/* A failed hook is reported as a test of its own; a test its each-hook abandoned never gets
 * an end event, so its exchanges move to the hook. */
static void on_hook_fail(rm_set_t *set, rm_job_t *j, const json_t *ev) {
  rm_test_t *t = test_new(ev, rm_now(set));
  t->hook = xstrdup(report_jstr(ev, "hook"));
  t->state = RM_FAILED;
  t->duration_ms = ev_duration(ev);
  set_error(t, json_object_get(ev, "error"));
  if (j->current && !json_is_true(json_object_get(ev, "late"))) {
    t->start_ms = j->current->start_ms;
    json_array_extend(t->exchanges, j->current->exchanges);
    if (j->current->logs.len) sbuf_append(&t->logs, j->current->logs.data, j->current->logs.len);
    test_free(j->current);
    j->current = NULL;
  } else {
    t->start_ms = 0; /* finish_test derives it from the duration */
  }
  json_array_extend(t->exchanges, j->loose);
  json_array_clear(j->loose);
  rm_suite_t *s = suite_of(j, ev);
  s->has_children = true;
  finish_test(set, j, s, t);
}

static void on_retry(rm_set_t *set, rm_job_t *j, const json_t *ev) {
  rm_test_t *t = take_current(set, j, ev);
  t->state = RM_FAILED;
  t->retry = true;
  t->duration_ms = ev_duration(ev);
  set_error(t, json_object_get(ev, "error"));
  /* The next attempt runs without a new test:start. It starts strictly later than this
   * one, even within the same millisecond: Allure tells the final attempt by its start. */
  double next = rm_now(set);
  if (next < t->start_ms + 1) next = t->start_ms + 1;
  j->current = test_new(ev, next);
  j->current->retries = t->retries + 1;
  finish_test(set, j, suite_of(j, ev), t);
}

static void close_suite(rm_set_t *set, rm_job_t *j, double duration) {
  flush_loose(j);
  rm_suite_t *s = innermost(j);
  s->ended = true;
  s->stop_ms = rm_now(set);
  s->duration_ms = duration >= 0 ? duration : s->stop_ms - s->start_ms;
  if (set->hooks.suite_end) set->hooks.suite_end(j, s, set->hooks.ud);
  j->nopen--;
}

/* The end of a job, normal or not: what is still running failed with the job's error. */
static void close_all(rm_set_t *set, rm_job_t *j) {
  if (j->current) {
    rm_test_t *t = j->current;
    j->current = NULL;
    t->state = RM_FAILED;
    t->aborted = true;
    t->duration_ms = rm_now(set) - t->start_ms;
    set_error(t, j->error);
    j->error_absorbed = j->error != NULL;
    finish_test(set, j, innermost(j), t);
  }
  while (j->nopen > 1) close_suite(set, j, -1);
  if (j->nopen == 1) {
    rm_suite_t *root = innermost(j);
    close_suite(set, j, j->duration_ms > 0 ? j->duration_ms : -1);
    root->ended = true;
  }
}

/* --- events -------------------------------------------------------------------------------- */

void rm_set_init(rm_set_t *set, const rm_hooks_t *hooks) {
  memset(set, 0, sizeof *set);
  if (hooks) set->hooks = *hooks;
}

void rm_feed(rm_set_t *set, const report_job_t *job, const json_t *ev) {
  const char *type = report_jstr(ev, "type");
  if (!type) return;
  rm_job_t *j = job_get(set, job);
  if (j->nopen == 0) return; /* ended already (runner:end seen); nothing can follow */

  if (strcmp(type, "http") == 0) {
    json_t *ex = exchange_copy(ev, rm_now(set));
    /* A cucumber step still running made it: the step has it too. */
    json_t *steps = j->current ? j->current->steps : NULL;
    json_t *step = json_array_get(steps, json_array_size(steps) - 1);
    if (step && !json_object_get(step, "status"))
      json_array_append(json_object_get(step, "exchanges"), ex);
    json_array_append_new(j->current ? j->current->exchanges : j->loose, ex);
  } else if (strcmp(type, "scenario") == 0 && j->current) {
    json_decref(j->current->meta);
    j->current->meta = json_deep_copy(ev);
  } else if (strcmp(type, "step:start") == 0 && j->current) {
    if (!j->current->steps) j->current->steps = json_array();
    /* The event's title itself, shared (NULs and all), or "" when it has none. */
    json_t *title = json_object_get(ev, "title");
    title = json_is_string(title) ? json_incref(title) : json_string("");
    json_array_append_new(j->current->steps, json_pack("{s:o, s:f, s:[]}", "title", title, "start",
                                                       rm_now(set), "exchanges"));
  } else if (strcmp(type, "step:end") == 0 && j->current) {
    json_t *step = json_array_get(j->current->steps, json_array_size(j->current->steps) - 1);
    if (step && !json_object_get(step, "status")) {
      json_object_set_new(step, "status", json_string(report_jstr(ev, "status") ?: "passed"));
      json_object_set_new(step, "stop", json_real(rm_now(set)));
      const json_t *err = json_object_get(ev, "error");
      if (json_is_object(err)) json_object_set_new(step, "error", json_deep_copy(err));
    }
  } else if (strcmp(type, "log") == 0) {
    if (report_jstr(ev, "seed") && !j->seed) j->seed = xstrdup(report_jstr(ev, "seed"));
    if (j->current && (set->hooks.flags & RM_KEEP_LOGS)) {
      const json_t *text = json_object_get(ev, "text"); /* whole: it may hold NULs */
      if (json_is_string(text))
        sbuf_append(&j->current->logs, json_string_value(text), json_string_length(text));
      sbuf_putc(&j->current->logs, '\n');
    }
  } else if (strcmp(type, "suite:start") == 0) {
    flush_loose(j);
    rm_suite_t *parent = innermost(j);
    parent->has_children = true;
    rm_suite_t *s = suite_new(j, ev, report_jstr(ev, "file"), rm_now(set));
    s->parent = parent->index;
    s->depth = parent->depth + 1;
    open_push(j, s->index);
    if (set->hooks.suite_start) set->hooks.suite_start(j, s, set->hooks.ud);
  } else if (strcmp(type, "suite:end") == 0) {
    if (j->nopen > 1)
      close_suite(set, j, json_is_number(json_object_get(ev, "duration")) ? ev_duration(ev) : -1);
  } else if (strcmp(type, "test:start") == 0) {
    test_free(j->current);
    flush_loose(j);
    innermost(j)->has_children = true;
    j->current = test_new(ev, rm_now(set));
  } else if (strcmp(type, "test:pass") == 0) {
    on_test_end(set, j, ev, RM_PASSED);
  } else if (strcmp(type, "test:fail") == 0) {
    if (report_jstr(ev, "hook")) on_hook_fail(set, j, ev);
    else on_test_end(set, j, ev, RM_FAILED);
  } else if (strcmp(type, "test:pending") == 0) {
    on_test_end(set, j, ev, RM_SKIPPED);
  } else if (strcmp(type, "test:retry") == 0) {
    on_retry(set, j, ev);
  } else if (strcmp(type, "runner:end") == 0) {
    j->runner_end_seen = true;
    j->duration_ms = ev_duration(ev);
    const json_t *err = json_object_get(ev, "error");
    if (json_is_object(err)) j->error = json_deep_copy(err);
    close_all(set, j);
  }
}

rm_job_t *rm_finish(rm_set_t *set, const report_job_t *job, bool passed) {
  rm_job_t *j = job_get(set, job);
  j->passed = passed;
  if (!j->runner_end_seen && !j->error && !passed)
    j->error = json_pack("{s:s, s:s}", "name", "Error", "message", RM_WORKER_DIED);
  close_all(set, j);
  j->stop_ms = rm_now(set);
  if (j->duration_ms <= 0) j->duration_ms = j->stop_ms - j->start_ms;
  for (rm_job_t **p = &set->jobs; *p; p = &(*p)->next) {
    if (*p == j) {
      *p = j->next;
      break;
    }
  }
  j->next = NULL;
  return j;
}

void rm_set_free(rm_set_t *set) {
  while (set->jobs) {
    rm_job_t *j = set->jobs;
    set->jobs = j->next;
    rm_job_free(j);
  }
}
