/* launcher: see launcher.h. Jobs (spec file groups × capabilities) wait in one queue;
 * launcher_dispatch hands them to idle worker slots (pool.c), the capability with the
 * fewest running jobs first, within maxInstances overall and per capability. Launcher-side
 * hooks (onPrepare, onWorkerStart, onWorkerEnd, onComplete) run in the config's realm.
 * Only this process writes to the terminal and the reports. */
#include "launcher/launcher.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "api/api.h"
#include "api/fetch.h"
#include "assert/assert.h"
#include "common/fsutil.h"
#include "common/log.h"
#include "common/teardown.h"
#include "common/sbuf.h"
#include "common/secret.h"
#include "config/hooks.h"
#include "config/services.h"
#include "frameworks/cucumber/cuke_opts.h"
#include "frameworks/jasmine_opts.h"
#include "js/jsutil.h"
#include "js/runtime.h"
#include "launcher/launcher_internal.h"
#include "launcher/planner.h"
#include "launcher/progress.h"
#include "launcher/zygote.h"
#include "report/registry.h"
#include "report/util.h"
#include "store/store_js.h"

/* ---- output ---- */

static const char *cap_label(const json_t *caps) {
  const char *b = json_string_value(json_object_get(caps, "browserName"));
  if (b) return b;
  const char *p = json_string_value(json_object_get(caps, "platformName"));
  return p ? p : "api";
}

void launcher_print_prefixed(FILE *out, const char *cid, const char *text) {
  const char *p = text;
  progress_pause();
  for (;;) {
    const char *nl = strchr(p, '\n');
    size_t n = nl ? (size_t)(nl - p) : strlen(p);
    fprintf(out, "[%s] %.*s\n", cid, (int)n, p);
    if (!nl) break;
    p = nl + 1;
  }
  fflush(out);
  progress_resume();
}

/* Terminal lines of a job: live, or held until the job ends with groupLogsByTestSpec. */
static void job_print(launcher_t *l, job_t *job, const char *text) {
  if (l->cfg->group_logs) {
    if (job->grouped.len) sbuf_putc(&job->grouped, '\n');
    sbuf_puts(&job->grouped, text);
    return;
  }
  launcher_print_prefixed(stdout, job->cid, text);
}

/* "[0-0] PASSED in api - specs/a.spec.js" (every file of a grouped job, comma separated;
 * " (1 retries)" once a spec file was retried). */
static void print_job_line(launcher_t *l, job_t *job, const char *state) {
  const char *color = "";
  if (l->color) {
    if (strcmp(state, "PASSED") == 0) color = "\x1b[32m";
    else if (strcmp(state, "FAILED") == 0) color = "\x1b[31m";
    else if (strcmp(state, "SKIPPED") == 0) color = "\x1b[36m";
    else if (strncmp(state, "RETRYING", 8) == 0) color = "\x1b[33m";
  }
  sbuf_t files = SBUF_INIT;
  sbuf_puts(&files, job->spec_display);
  char *cwd = job->specs.len > 1 ? fs_cwd() : NULL;
  for (size_t i = 1; i < job->specs.len; i++) {
    char *rel = fs_relative(cwd, job->specs.items[i]);
    sbuf_printf(&files, ", %s", rel);
    free(rel);
  }
  free(cwd);
  bool final = strcmp(state, "PASSED") == 0 || strcmp(state, "FAILED") == 0;
  progress_pause();
  printf("[%s] %s%s%s in %s - %s", job->cid, color, state, *color ? "\x1b[0m" : "",
         cap_label(job->capabilities), sbuf_cstr(&files));
  if (final && job->retries > 0) printf(" (%d retries)", job->retries);
  putchar('\n');
  fflush(stdout);
  progress_resume();
  sbuf_free(&files);
}

static void flush_early_logs(launcher_t *l, job_t *job) {
  if (!job->early_logs.len) return;
  job_print(l, job, job->early_logs.data);
  sbuf_free(&job->early_logs);
}

static void announce_running(launcher_t *l, job_t *job) {
  if (job->started) return;
  job->started = true;
  job->started_ns = uv_hrtime();
  print_job_line(l, job, "RUNNING");
  flush_early_logs(l, job);
}

/* "suite.inner.test" for the failure line: the suites open now, as WebdriverIO prints them.
 * A late outcome (its suite ended; another runs now) is named by its own suites instead:
 * those still open that begin its full title, then the rest of the full title before the
 * test's own (the suites that ended, space-separated as in the full title). */
static void failure_title(const job_t *job, const json_t *ev, sbuf_t *out) {
  const char *leaf = json_string_value(json_object_get(ev, "title")) ?: "";
  const char *parent = json_string_value(json_object_get(ev, "parent"));
  const char *full = json_string_value(json_object_get(ev, "fullTitle"));
  size_t open = job->suites.len;
  bool late = parent && full && (open ? strcmp(job->suites.items[open - 1], parent) != 0 : *parent);
  if (!late) {
    for (size_t i = 0; i < open; i++) sbuf_printf(out, "%s.", job->suites.items[i]);
    sbuf_puts(out, leaf);
    return;
  }
  /* the longest run of open suites that begins the full title */
  size_t used = 0, kept = 0;
  for (size_t i = 0; i < open; i++) {
    size_t n = strlen(job->suites.items[i]);
    if (strncmp(full + used, job->suites.items[i], n) != 0 || full[used + n] != ' ') break;
    used += n + 1;
    kept = i + 1;
  }
  for (size_t i = 0; i < kept; i++) sbuf_printf(out, "%s.", job->suites.items[i]);
  size_t rest = strlen(full + used), leaf_len = strlen(leaf);
  if (rest > leaf_len + 1 && strcmp(full + used + rest - leaf_len, leaf) == 0 &&
      full[used + rest - leaf_len - 1] == ' ')
    sbuf_printf(out, "%.*s.", (int)(rest - leaf_len - 1), full + used);
  sbuf_puts(out, leaf);
}

static void print_failure(launcher_t *l, job_t *job, json_t *ev) {
  json_t *err = json_object_get(ev, "error");
  const char *name = json_string_value(json_object_get(err, "name"));
  const char *msg = json_string_value(json_object_get(err, "message"));
  const char *stack = json_string_value(json_object_get(err, "stack"));
  sbuf_t title = SBUF_INIT;
  failure_title(job, ev, &title);
  sbuf_t text = SBUF_INIT;
  sbuf_printf(&text, "%s in \"%s\"\n", name ? name : "Error", sbuf_cstr(&title));
  if (stack && msg && strstr(stack, msg)) {
    sbuf_puts(&text, stack);
  } else {
    sbuf_printf(&text, "%s: %s", name ? name : "Error", msg ? msg : "");
    if (stack && stack[0]) sbuf_printf(&text, "\n%s", stack);
  }
  job_print(l, job, sbuf_cstr(&text));
  sbuf_free(&title);
  sbuf_free(&text);
}

static void print_grouped(launcher_t *l, job_t *job, bool passed) {
  if (!job->grouped.len) return;
  progress_pause();
  printf("\n***** List of steps of WorkerID=[%s]%s *****\n", job->cid,
         passed ? "" : " that preceded the error above");
  launcher_print_prefixed(stdout, job->cid, job->grouped.data);
  progress_resume();
  sbuf_free(&job->grouped);
}

/* ---- hooks ---- */

static double hook_timeout(const launcher_t *l) { return l->cfg->mocha_timeout; }

static void on_hook_error(const char *hook, JSContextRef ctx, JSValueRef error, void *ud) {
  launcher_t *l = ud;
  char *msg = hooks_describe_error(hook, ctx, error);
  fprintf(stderr, "sonde: %s\n", msg);
  free(msg);
  if (strcmp(hook, "onComplete") == 0) l->hook_failures_complete++;
}

static JSContextRef hook_ctx(const launcher_t *l) { return js_realm_context(l->cfg->realm); }

static JSValueRef capabilities_value(launcher_t *l) {
  JSContextRef ctx = hook_ctx(l);
  JSValueRef caps = js_get(ctx, l->cfg->object, "capabilities");
  return JSValueIsObject(ctx, caps) ? caps : js_from_json(ctx, l->cfg->capabilities);
}

static JSValueRef specs_value(JSContextRef ctx, const strvec_t *specs) {
  return js_make_string_array(ctx, specs->items, specs->len);
}

static void ignore_done(void *ud) { (void)ud; }

/* ---- jobs ---- */

static void drop_queued(launcher_t *l);

static size_t cap_limit(const launcher_t *l, const job_t *job) {
  json_t *own = json_object_get(job->capabilities, "maxInstances");
  if (!own) own = json_object_get(job->capabilities, "sonde:maxInstances");
  if (!own) own = json_object_get(job->capabilities, "wdio:maxInstances");
  if (json_is_integer(own) && json_integer_value(own) > 0) return (size_t)json_integer_value(own);
  return (size_t)l->cfg->max_instances_per_capability;
}

static size_t count_state(const launcher_t *l, job_state_t state) {
  size_t n = 0;
  for (size_t i = 0; i < l->n_jobs; i++) n += l->jobs[i]->state == state;
  return n;
}

/* The next job to start now: the capability with the fewest running jobs first, then queue
 * order. Sets *wait_ms when a queued job is only held back by its retry delay. */
static job_t *pick_job(launcher_t *l, uint64_t *wait_ms) {
  job_t *best = NULL;
  uint64_t now = uv_now(l->loop);
  *wait_ms = 0;
  for (size_t i = 0; i < l->n_jobs; i++) {
    job_t *job = l->jobs[i];
    if (job->state != JOB_QUEUED) continue;
    if (job->not_before > now) {
      uint64_t w = job->not_before - now;
      if (*wait_ms == 0 || w < *wait_ms) *wait_ms = w;
      continue;
    }
    if (l->cap_running[job->cap_index] >= cap_limit(l, job)) continue;
    if (!best || l->cap_running[job->cap_index] < l->cap_running[best->cap_index] ||
        (l->cap_running[job->cap_index] == l->cap_running[best->cap_index] &&
         job->order < best->order))
      best = job;
  }
  return best;
}

typedef struct {
  launcher_t *l;
  job_t *job;
} start_ctx_t;

static void job_started(void *ud) {
  start_ctx_t *sc = ud;
  launcher_t *l = sc->l;
  job_t *job = sc->job;
  free(sc);
  /* The worker may have died while onWorkerStart ran: then the job was already reported
   * lost (and its slot may be gone), so only a job still starting is ours to send. */
  if (job->state != JOB_STARTING) return;
  if (l->stop_signal) {
    launcher_job_lost(l, job, "the run was stopped before the job started", 0);
    return;
  }
  job->state = JOB_RUNNING;
  log_debug("launcher", "job %s (%s) goes to a worker", job->cid, job->spec_display);
  pool_run_job(job->slot, job);
}

static void start_job(launcher_t *l, slot_t *s, job_t *job) {
  job->state = JOB_STARTING;
  pool_slot_add_job(s, job);
  l->n_running++;
  l->cap_running[job->cap_index]++;
  start_ctx_t *sc = xmalloc(sizeof(*sc));
  *sc = (start_ctx_t){l, job};
  JSContextRef ctx = hook_ctx(l);
  JSValueRef argv[5] = {js_make_string(ctx, job->cid), js_from_json(ctx, job->capabilities),
                        specs_value(ctx, &job->specs), JSObjectMake(ctx, NULL, NULL),
                        js_make_array(ctx, 0, NULL)};
  if (!hooks_call(l->cfg, l->loop, "onWorkerStart", ctx, 5, argv, hook_timeout(l), on_hook_error,
                  job_started, sc))
    job_started(sc);
}

static void retry_fire(uv_timer_t *t) { launcher_dispatch(t->data); }

/* A worker with no job that will get none. */
static bool slot_idle(const slot_t *s) { return s->ever_ready && !s->exited && s->n_jobs == 0; }

void launcher_dispatch(launcher_t *l) {
  if (l->workers_broken) drop_queued(l);
  if (l->stop_signal || l->workers_broken) {
    for (slot_t *s = l->slots; s; s = s->next)
      if (slot_idle(s)) pool_shutdown_slot(s);
    return;
  }
  uint64_t wait_ms = 0;
  /* Fill the workers that have room, the emptiest first: the files spread over them. */
  for (;;) {
    slot_t *best = NULL;
    for (slot_t *s = l->slots; s; s = s->next)
      if (pool_slot_accepting(l, s) && (!best || s->n_jobs < best->n_jobs)) best = s;
    if (!best || l->n_running >= (size_t)l->cfg->max_instances) break;
    job_t *job = pick_job(l, &wait_ms);
    if (!job) break;
    start_job(l, best, job);
  }
  size_t queued = count_state(l, JOB_QUEUED);
  /* More workers while there is work they could start now: room in the workers that are
   * starting or have room, against the jobs waiting (within maxInstances). */
  size_t room = 0, live = 0;
  for (slot_t *s = l->slots; s; s = s->next) {
    if (s->exited || s->shutdown_sent || s->draining) continue;
    live++;
    room += l->per_worker - (s->n_jobs < l->per_worker ? s->n_jobs : l->per_worker);
  }
  size_t startable = (size_t)l->cfg->max_instances > l->n_running
                         ? (size_t)l->cfg->max_instances - l->n_running
                         : 0;
  if (startable > queued) startable = queued;
  while (startable > room && live < l->max_slots) {
    job_t *job = pick_job(l, &wait_ms);
    if (!job) break;
    size_t before = l->n_slots;
    pool_start_slot(l);
    if (l->n_slots == before) break; /* could not spawn: reported; stop trying */
    live++;
    room += l->per_worker;
  }
  if (queued == 0) {
    for (slot_t *s = l->slots; s; s = s->next)
      if (slot_idle(s)) pool_shutdown_slot(s);
  } else if (wait_ms > 0) {
    uv_timer_start(&l->retry_timer, retry_fire, wait_ms, 0);
  } else if (l->n_slots == 0 && count_state(l, JOB_RUNNING) + count_state(l, JOB_STARTING) == 0) {
    /* No worker could be started at all: the queued jobs cannot run. */
    for (size_t i = 0; i < l->n_jobs; i++)
      if (l->jobs[i]->state == JOB_QUEUED) l->jobs[i]->state = JOB_DROPPED;
  }
}

static void report_event(launcher_t *l, job_t *job, const json_t *ev) {
  report_job_t rj = {job->cid, job->specs.items[0], job->spec_display, job->capabilities};
  for (size_t i = 0; i < l->n_reporters; i++) l->reporters[i]->ops->event(l->reporters[i], &rj, ev);
  const char *type = json_string_value(json_object_get(ev, "type"));
  bool pass = type && strcmp(type, "test:pass") == 0;
  if (pass || (type && strcmp(type, "test:fail") == 0)) progress_test(pass);
}

static void drop_queued(launcher_t *l) {
  for (size_t i = 0; i < l->n_jobs; i++)
    if (l->jobs[i]->state == JOB_QUEUED) l->jobs[i]->state = JOB_DROPPED;
}

static void reset_attempt(job_t *job) {
  job->started = false;
  job->skipped = false;
  strvec_free(&job->suites);
  sbuf_free(&job->early_logs);
  sbuf_free(&job->grouped);
}

static void job_finished(launcher_t *l, job_t *job, bool passed) {
  report_job_t rj = {job->cid, job->specs.items[0], job->spec_display, job->capabilities};
  for (size_t i = 0; i < l->n_reporters; i++)
    l->reporters[i]->ops->job_end(l->reporters[i], &rj, passed);
  l->cap_running[job->cap_index]--;
  l->n_running--;
  if (job->slot) pool_slot_remove_job(job->slot, job);
  job->slot = NULL;
  job->passed = passed;
  bool will_retry = !passed && !l->stop_signal && job->retries < l->cfg->spec_file_retries;
  print_grouped(l, job, passed);
  if (will_retry && l->cfg->spec_file_retries_delay > 0) {
    char *state = xasprintf("RETRYING after %gs", l->cfg->spec_file_retries_delay);
    print_job_line(l, job, state);
    free(state);
  } else {
    print_job_line(l, job,
                   will_retry     ? "RETRYING"
                   : job->skipped ? "SKIPPED"
                   : passed       ? "PASSED"
                                  : "FAILED");
  }

  /* onWorkerEnd gets the retries left, as WebdriverIO passes them. */
  JSContextRef ctx = hook_ctx(l);
  JSValueRef argv[4] = {js_make_string(ctx, job->cid), JSValueMakeNumber(ctx, passed ? 0 : 1),
                        specs_value(ctx, &job->specs),
                        JSValueMakeNumber(ctx, l->cfg->spec_file_retries - job->retries)};
  hooks_call(l->cfg, l->loop, "onWorkerEnd", ctx, 4, argv, hook_timeout(l), on_hook_error,
             ignore_done, l);

  if (will_retry) {
    job->retries++;
    l->retried++;
    job->state = JOB_QUEUED;
    job->order = l->cfg->spec_file_retries_deferred ? l->back_order++ : l->front_order--;
    job->not_before = uv_now(l->loop) + (uint64_t)(l->cfg->spec_file_retries_delay * 1000);
    reset_attempt(job);
    return;
  }
  job->state = JOB_DONE;
  progress_file_done();
  if (job->skipped) l->skipped++;
  else if (passed) l->passed++;
  else l->failed++;
  if (!passed && l->cfg->bail > 0 && l->failed >= l->cfg->bail) drop_queued(l);
}

void launcher_on_event(launcher_t *l, job_t *job, json_t *ev) {
  const char *type = json_string_value(json_object_get(ev, "type"));
  if (!type) return;
  if (strcmp(type, "log") == 0) {
    const char *level = json_string_value(json_object_get(ev, "level")) ?: "log";
    /* The terminal shows a NUL as "␀"; the reporters get the text whole. */
    json_t *shown = report_json_visible(json_object_get(ev, "text"));
    const char *text = json_string_value(shown) ?: "";
    bool err = strcmp(level, "warn") == 0 || strcmp(level, "error") == 0;
    if (err) {
      launcher_print_prefixed(stderr, job->cid, text);
    } else if (!job->started) {
      /* RUNNING comes once the file has loaded; what it printed while loading follows. */
      if (job->early_logs.len) sbuf_putc(&job->early_logs, '\n');
      sbuf_puts(&job->early_logs, text);
    } else {
      job_print(l, job, text);
    }
    json_decref(shown);
    report_event(l, job, ev);
    return;
  }
  if (strcmp(type, "runner:start") == 0) {
    announce_running(l, job);
  } else if (strcmp(type, "suite:start") == 0) {
    json_t *shown = report_json_visible(json_object_get(ev, "title")); /* printed: "␀" */
    strvec_push(&job->suites, json_string_value(shown) ?: "");
    json_decref(shown);
  } else if (strcmp(type, "suite:end") == 0) {
    if (job->suites.len) free(job->suites.items[--job->suites.len]);
  } else if (strcmp(type, "test:fail") == 0) {
    json_t *shown = report_json_visible(ev);
    print_failure(l, job, shown);
    json_decref(shown);
  } else if (strcmp(type, "openapi:coverage") == 0) {
    launcher_coverage_add(l, ev);
    return; /* the launcher's own: reporters do not know it */
  }
  report_event(l, job, ev);
  if (strcmp(type, "runner:end") == 0) {
    json_int_t failures = json_integer_value(json_object_get(ev, "failures"));
    json_int_t passes = json_integer_value(json_object_get(ev, "passes"));
    json_int_t pending = json_integer_value(json_object_get(ev, "pending"));
    bool has_error = json_object_get(ev, "error") != NULL;
    announce_running(l, job);
    job->skipped = !has_error && failures == 0 && passes == 0 && pending == 0;
    job_finished(l, job, failures == 0 && !has_error);
  }
}

void launcher_job_lost(launcher_t *l, job_t *job, const char *reason, size_t others) {
  char *msg = others == 0 ? xasprintf("%s while running %s", reason, job->spec_display)
                          : xasprintf(
                                "%s while running %s (with %zu other spec file%s in the "
                                "same process)",
                                reason, job->spec_display, others, others == 1 ? "" : "s");
  double duration = job->started ? (double)(uv_hrtime() - job->started_ns) / 1e6 : 0.0;
  json_t *ev = json_pack("{s:s, s:s, s:i, s:i, s:i, s:f, s:{s:s, s:s}}", "type", "runner:end",
                         "cid", job->cid, "passes", 0, "failures", 1, "pending", 0, "duration",
                         duration, "error", "name", "WorkerCrash", "message", msg);
  announce_running(l, job);
  launcher_print_prefixed(stderr, job->cid, msg);
  report_event(l, job, ev);
  json_decref(ev);
  free(msg);
  job_finished(l, job, false);
}

/* ---- planning ---- */

static job_t *new_job(launcher_t *l, size_t cap_index, size_t n, strvec_t *files, const char *cwd) {
  job_t *job = xcalloc(1, sizeof(*job));
  job->cid = xasprintf("%zu-%zu", cap_index, n);
  job->specs = *files;
  memset(files, 0, sizeof(*files));
  job->spec_display = fs_relative(cwd, job->specs.items[0]);
  job->capabilities = json_incref(json_array_get(l->cfg->capabilities, cap_index));
  job->cap_index = cap_index;
  job->order = l->back_order++;
  return job;
}

static int plan_jobs(launcher_t *l, sbuf_t *err) {
  l->n_caps = json_array_size(l->cfg->capabilities);
  l->cap_running = xcalloc(l->n_caps, sizeof(size_t));
  plan_groups_t *lists = xcalloc(l->n_caps, sizeof(plan_groups_t));
  strvec_t warnings = STRVEC_INIT;
  int rc = 0;
  for (size_t c = 0; c < l->n_caps && rc == 0; c++)
    rc = planner_collect(l->cfg, json_array_get(l->cfg->capabilities, c), l->cli, &lists[c],
                         &warnings, err);
  for (size_t i = 0; i < warnings.len; i++)
    fprintf(stderr, "sonde: warning: %s\n", warnings.items[i]);
  strvec_free(&warnings);
  if (rc == 0 && l->cfg->shard_total > 1) {
    json_t *timings =
        l->cfg->shard_timings ? planner_load_timings(l->cfg->shard_timings, err) : NULL;
    if (l->cfg->shard_timings && !timings) rc = -1;
    else planner_shard(lists, l->n_caps, l->cfg->shard_index, l->cfg->shard_total, timings);
    json_decref(timings);
  }
  size_t total = 0;
  for (size_t c = 0; c < l->n_caps; c++) total += lists[c].len;
  if (rc == 0 && total == 0) {
    sbuf_printf(err, "No spec files found (specs in %s:", l->cfg->path);
    json_t *specs = json_object_get(l->cfg->json, "specs");
    char *text = specs ? json_dumps(specs, JSON_COMPACT | JSON_ENCODE_ANY) : NULL;
    sbuf_printf(err, " %s)", text ? text : "none given");
    free(text);
    rc = -1;
  }
  if (rc == 0) {
    char *cwd = fs_cwd();
    l->jobs = xcalloc(total ? total : 1, sizeof(job_t *));
    for (size_t c = 0; c < l->n_caps; c++)
      for (size_t g = 0; g < lists[c].len; g++)
        l->jobs[l->n_jobs++] = new_job(l, c, g, &lists[c].items[g].files, cwd);
    free(cwd);
  }
  for (size_t c = 0; c < l->n_caps; c++) plan_groups_free(&lists[c]);
  free(lists);
  return rc;
}

static void free_jobs(launcher_t *l) {
  for (size_t i = 0; i < l->n_jobs; i++) {
    job_t *job = l->jobs[i];
    free(job->cid);
    strvec_free(&job->specs);
    free(job->spec_display);
    json_decref(job->capabilities);
    reset_attempt(job);
    free(job);
  }
  free(l->jobs);
  free(l->cap_running);
}

/* ---- the run ---- */

/* logLevel, logLevels and DEBUG; with outputDir the launcher's lines go to sonde.log. */
void launcher_setup_logging(const sonde_config_t *cfg) {
  int level = log_level_parse(cfg->log_level);
  log_configure(level < 0 ? LOG_INFO : (log_level_t)level, json_object_get(cfg->json, "logLevels"),
                getenv("DEBUG"));
  if (cfg->output_dir) {
    char *path = xasprintf("%s/sonde.log", cfg->output_dir);
    if (log_set_file(path) != 0)
      fprintf(stderr, "sonde: cannot write %s: %s\n", path, strerror(errno));
    free(path);
  }
}

bool launcher_use_color(void) {
  const char *no = getenv("NO_COLOR");
  if (no && no[0]) return false;
  const char *force = getenv("FORCE_COLOR");
  if (force && strcmp(force, "0") == 0) return false;
  if (force && force[0]) return true;
  return isatty(STDOUT_FILENO);
}

void launcher_print_summary(const report_summary_t *s) {
  uint64_t secs = (uint64_t)(s->duration_ms / 1000);
  int total = s->specs_total;
  int finished = s->specs_passed + s->specs_failed + s->specs_skipped;
  sbuf_t b = SBUF_INIT;
  sbuf_printf(&b, "\nSpec Files:\t %d passed, ", s->specs_passed);
  if (s->specs_retried) sbuf_printf(&b, "%d retries, ", s->specs_retried);
  if (s->specs_failed) sbuf_printf(&b, "%d failed, ", s->specs_failed);
  if (s->specs_skipped) sbuf_printf(&b, "%d skipped, ", s->specs_skipped);
  sbuf_printf(&b, "%d total (%d%% completed) in %02llu:%02llu:%02llu  \n", total,
              total ? finished * 100 / total : 100, (unsigned long long)(secs / 3600),
              (unsigned long long)(secs / 60 % 60), (unsigned long long)(secs % 60));
  fputs(sbuf_cstr(&b), stdout);
  fflush(stdout);
  sbuf_free(&b);
}

static void on_signal(uv_signal_t *h, int signum) {
  launcher_t *l = h->data;
  if (l->stop_signal) return;
  l->stop_signal = signum;
  fprintf(stderr, "\nsonde: %s received: stopping the workers, finishing the reports\n",
          signum == SIGINT ? "SIGINT" : "SIGTERM");
  drop_queued(l);
  pool_kill_all(l, SIGTERM);
  uv_signal_stop(&l->sigint);
  uv_signal_stop(&l->sigterm);
}

static int run_exit_code(const launcher_t *l) {
  if (l->stop_signal) return 128 + l->stop_signal;
  return (l->failed || l->worker_errors || l->hook_failures_complete || l->coverage_failed) ? 1 : 0;
}

static void run_on_complete(launcher_t *l) {
  JSContextRef ctx = hook_ctx(l);
  JSObjectRef results = JSObjectMake(ctx, NULL, NULL);
  js_set(ctx, results, "finished", JSValueMakeNumber(ctx, l->passed + l->failed + l->skipped));
  js_set(ctx, results, "passed", JSValueMakeNumber(ctx, l->passed));
  js_set(ctx, results, "retries", JSValueMakeNumber(ctx, l->retried));
  js_set(ctx, results, "failed", JSValueMakeNumber(ctx, l->failed));
  JSValueRef argv[4] = {JSValueMakeNumber(ctx, run_exit_code(l)), l->cfg->object,
                        capabilities_value(l), results};
  hooks_call_sync(l->cfg, l->loop, "onComplete", ctx, 4, argv, hook_timeout(l), on_hook_error, l);
}

static void close_walk(uv_handle_t *h, void *arg) {
  if (!uv_is_closing(h)) uv_close(h, NULL);
}

int launcher_run(const cli_options_t *opts, int argc, char **argv) {
  launcher_t l = {0};
  l.loop = uv_default_loop();
  l.cli = opts;
  l.started_ns = uv_hrtime();
  secret_add_env(); /* API_KEY, API_TOKEN: masked in what the config's hooks print */
  l.color = launcher_use_color();
  size_t exe_len = sizeof(l.exe);
  if (uv_exepath(l.exe, &exe_len) != 0) snprintf(l.exe, sizeof(l.exe), "%s", argv[0]);
  signal(SIGPIPE, SIG_IGN);

  /* A worker's start (exec, libraries, engine) overlaps the config's evaluation here; it
   * waits for the config until the launcher has checked it. */
  pool_start_slot(&l);

  js_runtime_t *rt = js_runtime_new(l.loop, argc, argv);
  l.store = store_new(l.loop);
  store_js_register_local(rt, l.store); /* the config's hooks may import it */
  fetch_register(rt);
  assert_register_builtins(rt);
  sonde_config_t cfg;
  sbuf_t err = SBUF_INIT;
  int code = 1;
  api_config_t api_cfg = {0};
  int loaded = config_load(rt, opts->config_path, opts->overrides, &cfg, &err);
  if (loaded == 0) loaded = api_config_parse(&cfg, &api_cfg, &err);
  /* a broken API document stops the run before any worker starts */
  if (loaded == 0) loaded = assert_openapi_configure(&cfg, true, &err);
  api_config_free(&api_cfg);
  if (loaded == 0 && strcmp(cfg.framework, "cucumber") == 0) {
    cuke_opts_t cuke;
    loaded = cuke_opts_parse(&cfg, &cuke, &err);
    cuke_opts_free(&cuke);
  }
  if (loaded == 0 && strcmp(cfg.framework, "jasmine") == 0) {
    jasmine_opts_t jas;
    loaded = jasmine_opts_parse(&cfg, true, &jas, &err);
    jasmine_opts_free(&jas);
  }
  if (loaded != 0) {
    fprintf(stderr, "sonde: %s\n", sbuf_cstr(&err));
    goto out;
  }
  launcher_setup_logging(&cfg);
  {
    /* Near misses ("maxInstance") warn; the run goes on, as WebdriverIO's does. */
    sbuf_t warn = SBUF_INIT;
    if (config_near_misses(&cfg, opts->overrides, &warn) > 0) {
      char *save = NULL;
      for (char *line = strtok_r(warn.data, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
        fprintf(stderr, "sonde: warning: %s\n", line);
    }
    sbuf_free(&warn);
    config_log_ignored(&cfg);
  }
  l.cfg = &cfg;
  report_env_t env = {stdout, l.color};
  if (services_attach(&cfg, cfg.realm, cfg.object, SERVICES_LAUNCHER, capabilities_value(&l),
                      &cfg.service_hooks, &err) != 0) {
    fprintf(stderr, "sonde: %s\n", sbuf_cstr(&err));
    goto out;
  }
  if (launcher_coverage_seed(&l, &err) != 0 || plan_jobs(&l, &err) != 0 ||
      report_create_all(&cfg, &env, &l.reporters, &l.n_reporters, &err) != 0) {
    fprintf(stderr, "sonde: %s\n", sbuf_cstr(&err));
    json_decref(l.openapi_cov);
    free_jobs(&l);
    goto out;
  }

  JSContextRef ctx = hook_ctx(&l);
  JSValueRef prep_argv[2] = {cfg.object, capabilities_value(&l)};
  hooks_call_sync(&cfg, l.loop, "onPrepare", ctx, 2, prep_argv, hook_timeout(&l), on_hook_error,
                  &l);

  time_t now = time(NULL);
  char stamp[64];
  strftime(stamp, sizeof(stamp), "%Y-%m-%dT%H:%M:%S.000Z", gmtime(&now));
  printf("\nExecution of %zu workers started at %s\n\n", l.n_jobs, stamp);
  fflush(stdout);
  if (progress_wanted(!json_is_false(json_object_get(cfg.json, "progress"))))
    progress_start(l.loop, l.n_jobs);

  uv_signal_init(l.loop, &l.sigint);
  uv_signal_init(l.loop, &l.sigterm);
  l.sigint.data = l.sigterm.data = &l;
  uv_signal_start(&l.sigint, on_signal, SIGINT);
  uv_signal_start(&l.sigterm, on_signal, SIGTERM);
  uv_timer_init(l.loop, &l.retry_timer);
  l.retry_timer.data = &l;
  /* maxInstances files at once, spread over `workers` processes (one per CPU unless set):
   * a worker runs several files at once, each in its own realm (docs/performance.md). */
  size_t at_once = (size_t)cfg.max_instances < l.n_jobs ? (size_t)cfg.max_instances : l.n_jobs;
  if (at_once == 0) at_once = 1;
  l.max_slots = cfg.workers > 0 ? (size_t)cfg.workers : (size_t)uv_available_parallelism();
  if (l.max_slots > at_once) l.max_slots = at_once;
  if (l.max_slots == 0) l.max_slots = 1;
  l.per_worker = (at_once + l.max_slots - 1) / l.max_slots;
  for (slot_t *s = l.slots; s; s = s->next) pool_init_slot(s);
  launcher_dispatch(&l);
  /* The signal handles would keep the loop alive: run until the workers are gone. */
  while (l.n_slots > 0 || count_state(&l, JOB_QUEUED) + count_state(&l, JOB_STARTING) > 0) {
    if (!uv_run(l.loop, UV_RUN_ONCE) && l.n_slots == 0) break;
  }
  uv_close((uv_handle_t *)&l.sigint, NULL);
  uv_close((uv_handle_t *)&l.sigterm, NULL);
  uv_close((uv_handle_t *)&l.retry_timer, NULL);

  progress_stop();
  run_on_complete(&l);
  json_t *coverage = launcher_coverage_document(&l);
  report_summary_t summary = {l.passed,  l.failed,      l.skipped,
                              l.retried, (int)l.n_jobs, (double)(uv_hrtime() - l.started_ns) / 1e6,
                              coverage};
  for (size_t i = 0; i < l.n_reporters; i++) l.reporters[i]->ops->run_end(l.reporters[i], &summary);
  launcher_print_summary(&summary);
  l.coverage_failed = !launcher_coverage_finish(&l, coverage);
  json_decref(coverage);
  code = run_exit_code(&l);
  for (size_t i = 0; i < l.n_reporters; i++) l.reporters[i]->ops->free(l.reporters[i]);
  free(l.reporters);
  free_jobs(&l);
out:
  /* The worker started ahead of the config is not needed after a config error. */
  for (slot_t *s = l.slots; s; s = s->next)
    if (!s->init_sent && !s->exited) pool_kill_slot(s, SIGTERM);
  while (l.n_slots > 0 && uv_run(l.loop, UV_RUN_ONCE)) {}
  /* Reports are written and closed and every worker is gone. */
  if (!sonde_full_teardown()) {
    log_shutdown();
    fflush(NULL);
    zygote_stop();
    _exit(code);
  }
  pool_close(&l);
  store_free(l.store);
  config_free(&cfg);
  js_runtime_free(rt);
  sbuf_free(&err);
  uv_walk(l.loop, close_walk, NULL);
  uv_run(l.loop, UV_RUN_DEFAULT);
  uv_loop_close(l.loop);
  log_shutdown();
  return code;
}
