/* worker: see worker.h. A job goes: new realm → api and test interface installed → spec
 * loaded (it may use top-level await) → runner:start → tests → runner:end → realm freed
 * on the next loop turn (never from inside the runner's own callbacks) → ready. */
#include "worker/worker.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api/api.h"
#include "api/fetch.h"
#include "graphql/graphql.h"
#include "graphql/streams.h"
#include "assert/assert.h"
#include "common/sbuf.h"
#include "common/fsutil.h"
#include "common/log.h"
#include "common/secret.h"
#include "common/teardown.h"
#include "common/glob.h"
#include "config/config.h"
#include "config/hooks.h"
#include "config/services.h"
#include "frameworks/cucumber.h"
#include "frameworks/jasmine.h"
#include "frameworks/runner.h"
#include "js/inspect.h"
#include "js/jsutil.h"
#include "js/runtime.h"
#include "report/registry.h"
#include "store/store_js.h"
#include "worker/ipc.h"

/* A job's steps; each may wait for the loop (an async hook, a spec file with top-level
 * await, the tests), and job_advance continues from where it stopped. */
typedef enum {
  JP_BEFORE_SESSION,
  JP_REQUIRE,
  JP_LOAD,
  JP_PREPARE,
  JP_BEFORE,
  JP_RUN,
  JP_AFTER,
  JP_AFTER_SESSION,
  JP_END,
} job_phase_t;

/* HTTP exchanges reach the launcher only when a report will show them: with the test that
 * failed (spec, junit), or all of them when a reporter records every exchange. */
#define EXCHANGES_KEPT_PER_TEST 20
/* Young collections after released realms: a realm weighs as much as this many tests, and
 * a collection runs once the weight since the last one reaches the threshold (after every
 * spec file of 15 tests or more, every second one of 5 tests, every fourth of 1 test). */
#define WORKER_GC_REALM_WEIGHT 5
#define WORKER_GC_THRESHOLD 20

typedef struct {
  char *cid;
  strvec_t specs;
  json_t *capabilities;
  js_realm_t *realm;
  fw_runner_t *runner;
  double started;
  bool active;
  job_phase_t phase;
  size_t load_index;      /* next spec file to load */
  bool waiting;           /* a step is in progress */
  bool has_tests;         /* something left to run after .only/grep */
  json_t *error;          /* the spec file(s) failed to load: reported in runner:end */
  fw_cucumber_t *cucumber;  /* framework: 'cucumber' (owned by the realm) */
  strvec_t support;       /* cucumber: step-definition and support files, loaded in order */
  size_t support_index;
} job_t;

typedef struct {
  uv_loop_t *loop;
  uv_pipe_t channel;
  ipc_reader_t reader;
  js_runtime_t *rt;
  sonde_config_t config;
  api_config_t api_config;
  bool have_config;
  cuke_opts_t cuke;       /* cucumberOpts, for framework: 'cucumber' */
  jasmine_opts_t jasmine; /* jasmineOpts, for framework: 'jasmine' */
  int young_garbage; /* tests and realms since the last young collection, weighed */
  api_client_t *api;
  job_t job;
  uv_timer_t cleanup_timer;
  uv_timer_t advance_timer;
  uv_prepare_t flush_prepare;  /* writes the batched messages before the loop waits */
  sbuf_t outbox;               /* encoded messages not yet written to the launcher */
  uint64_t flushed_ns;         /* when the outbox was last written out */
  bool all_exchanges;          /* a reporter records every exchange (allure, json) */
  /* The current test's last exchanges, until its outcome is known (oldest first). */
  api_exchange_t *exchanges[EXCHANGES_KEPT_PER_TEST];
  size_t n_exchanges;
  bool stopping;
  int exit_code;
} worker_t;

static void job_advance(worker_t *w);

/* The resident memory of this process in bytes (0 when /proc is unavailable). */
static long long resident_bytes(void) {
  FILE *f = fopen("/proc/self/statm", "r");
  if (!f) return 0;
  long long size = 0, resident = 0;
  int n = fscanf(f, "%lld %lld", &size, &resident);
  fclose(f);
  return n == 2 ? resident * (long long)sysconf(_SC_PAGESIZE) : 0;
}

/* "ready" carries the worker's memory, so the launcher can retire a worker that grew. */
static json_t *ready_message(void) {
  return json_pack("{s:s, s:I}", "type", "ready", "rss", (json_int_t)resident_bytes());
}

/* Messages are batched: one write per loop turn instead of one per event (a run of a
 * thousand tests sends several thousand events). */
#define OUTBOX_FLUSH_AT 65536
/* A test:start is written out at once when nothing was written for this long (20 ms). */
#define WORKER_START_FLUSH_NS 20000000ULL

static void flush_outbox(worker_t *w) {
  w->flushed_ns = uv_hrtime();
  if (!w->outbox.len) return;
  if (ipc_write_all(WORKER_CHANNEL_FD, w->outbox.data, w->outbox.len) != 0 && !w->stopping) {
    /* The launcher is gone: nobody is left to report to. */
    w->stopping = true;
    uv_stop(w->loop);
  }
  sbuf_reset(&w->outbox);
}

static void on_flush_prepare(uv_prepare_t *h) {
  flush_outbox(h->data);
}

/* process.exit() in a spec ends the process from inside JavaScript: still deliver what the
 * job reported so far. */
static worker_t *exiting_worker;

static void flush_at_exit(void) {
  if (exiting_worker) flush_outbox(exiting_worker);
}

static void send_msg(worker_t *w, json_t *msg) {
  secret_mask_json(msg); /* a secret an API echoed never leaves the worker (issue 13) */
  ipc_encode_to(&w->outbox, msg);
  if (w->outbox.len >= OUTBOX_FLUSH_AT) flush_outbox(w);
}

/* A shared-store request (store_js.c) to the launcher. */
static void store_send(json_t *msg, void *ud) {
  send_msg(ud, msg);
}

static void send_job_event(worker_t *w, json_t *ev) {
  if (w->job.cid) json_object_set_new(ev, "cid", json_string(w->job.cid));
  send_msg(w, ev);
}

static const char *level_name(js_log_level_t level) {
  switch (level) {
    case JS_LOG_DEBUG: return "debug";
    case JS_LOG_INFO: return "info";
    case JS_LOG_WARN: return "warn";
    case JS_LOG_ERROR: return "error";
    default: return "log";
  }
}

static void console_to_launcher(js_realm_t *realm, js_log_level_t level, const char *text,
                                size_t len, void *ud) {
  worker_t *w = ud;
  if (w->config.output_dir) {
    sbuf_t shown = SBUF_INIT; /* a text log shows a NUL as "␀" */
    sbuf_append_visible(&shown, text, len);
    log_write("console", LOG_INFO, "%s", sbuf_cstr(&shown));
    sbuf_free(&shown);
  }
  /* The text whole, NULs included: each reporter shows them its own way. */
  json_t *ev = json_pack("{s:s, s:s, s:s%}", "type", "log", "level", level_name(level), "text",
                         text, len);
  send_job_event(w, ev);
  json_decref(ev);
}


static void send_exchange(worker_t *w, const api_exchange_t *x) {
  json_t *ev = api_exchange_json(x);
  if (!ev) return;
  send_job_event(w, ev);
  json_decref(ev);
}

static void drop_exchanges(worker_t *w) {
  for (size_t i = 0; i < w->n_exchanges; i++) api_exchange_free(w->exchanges[i]);
  w->n_exchanges = 0;
}

static void emit_event(json_t *ev, void *ud) {
  worker_t *w = ud;
  const char *type = json_string_value(json_object_get(ev, "type"));
  if (type && !w->all_exchanges) {
    if (strcmp(type, "test:fail") == 0 || strcmp(type, "test:retry") == 0)
      for (size_t i = 0; i < w->n_exchanges; i++) send_exchange(w, w->exchanges[i]);
    if (strncmp(type, "test:", 5) == 0) drop_exchanges(w);
  }
  send_job_event(w, ev);
  /* The test's own code runs next: should it end the process (a kill, an out-of-memory),
   * the launcher must know what ran and which test was running. Written out at once unless
   * the last write is under WORKER_START_FLUSH_NS old: a write for every test of a run of
   * quick synchronous tests woke the launcher each time (+18% CPU on 1 000 tests), and a
   * test that is killed has usually been running for longer than that (process.exit()
   * writes everything anyway, see flush_at_exit). */
  if (type && strcmp(type, "test:start") == 0 && uv_hrtime() - w->flushed_ns >= WORKER_START_FLUSH_NS)
    flush_outbox(w);
}

static void emit_exchange(api_exchange_t *x, void *ud) {
  worker_t *w = ud;
  if (!w->job.active) {
    api_exchange_free(x);
    return;
  }
  if (w->all_exchanges) {
    send_exchange(w, x);
    api_exchange_free(x);
    return;
  }
  if (w->n_exchanges == EXCHANGES_KEPT_PER_TEST) {
    api_exchange_free(w->exchanges[0]);
    memmove(w->exchanges, w->exchanges + 1, (EXCHANGES_KEPT_PER_TEST - 1) * sizeof(*w->exchanges));
    w->n_exchanges--;
  }
  w->exchanges[w->n_exchanges++] = x;
}

/* The spec file itself failed (syntax error, a throw at load time, a bad option). */
static json_t *load_error_json(JSContextRef ctx, JSValueRef exc, const char *spec) {
  js_error_info_t info;
  js_error_info(ctx, exc, &info);
  json_t *e = json_object();
  const char *name = info.name ? info.name : "Error";
  const char *message = info.message ? info.message : "";
  json_object_set_new(e, "name", json_string(name));
  json_object_set_new(e, "message", json_string(message));
  char *formatted = js_error_stack(ctx, exc);
  sbuf_t stack = SBUF_INIT;
  sbuf_puts(&stack, formatted);
  free(formatted);
  if (!strstr(sbuf_cstr(&stack), "\n    at ")) sbuf_printf(&stack, "\n    at %s", spec);
  json_object_set_new(e, "stack", json_string(sbuf_cstr(&stack)));
  sbuf_free(&stack);
  js_error_info_free(&info);
  return e;
}

static void job_cleanup(uv_timer_t *t) {
  worker_t *w = t->data;
  job_t *job = &w->job;
  fw_stats_t st = {0};
  if (job->runner) fw_runner_stats(job->runner, &st);
  fw_runner_free(job->runner);
  api_unbind(w->api, job->realm);
  js_realm_free(job->realm);
  /* What a released realm leaves is mostly young garbage, a realm's globals plus what its
   * tests made: collected once enough has piled up (a collection costs about as much as
   * a realm's start, and the worker is replaced anyway once it has grown). */
  w->young_garbage += WORKER_GC_REALM_WEIGHT + st.passes + st.failures + st.pending;
  if (w->young_garbage >= WORKER_GC_THRESHOLD) {
    js_runtime_collect_young(w->rt);
    w->young_garbage = 0;
  }
  services_detach(&w->config);
  free(job->cid);
  strvec_free(&job->specs);
  strvec_free(&job->support);
  json_decref(job->capabilities);
  json_decref(job->error);
  memset(job, 0, sizeof(*job));
  drop_exchanges(w);
  log_set_file(NULL);
  json_t *ready = ready_message();
  send_msg(w, ready);
  json_decref(ready);
}

static void job_end(worker_t *w) {
  job_t *job = &w->job;
  /* process 'exit' listeners: their output is the job's, so before runner:end. */
  if (job->realm) js_realm_emit_exit(job->realm);
  char *err = NULL;
  if (fw_cucumber_finish(job->cucumber, job->cid, &err) != 0) {
    json_t *log = json_pack("{s:s, s:s, s:s}", "type", "log", "level", "error", "text", err);
    send_job_event(w, log);
    json_decref(log);
    free(err);
  }
  /* what this job's contract checks touched, before runner:end */
  json_t *coverage = assert_openapi_take_coverage(false);
  if (coverage) {
    json_t *cov = json_pack("{s:s, s:o}", "type", "openapi:coverage", "documents", coverage);
    send_job_event(w, cov);
    json_decref(cov);
  }
  fw_stats_t st = {0};
  if (job->runner) fw_runner_stats(job->runner, &st);
  json_t *ev = json_pack("{s:s, s:i, s:i, s:i, s:f}", "type", "runner:end", "passes", st.passes,
                         "failures", st.failures + (job->error ? 1 : 0), "pending", st.pending,
                         "duration", (double)uv_hrtime() / 1e6 - job->started);
  if (job->error) json_object_set(ev, "error", job->error);
  if (job->realm && getenv("SONDE_WATCH_GRAPH")) {
    /* watch mode re-runs this spec file when one of these changes (launcher/watch.c) */
    strvec_t files = STRVEC_INIT;
    js_module_files(job->realm, &files);
    json_t *list = json_array();
    for (size_t i = 0; i < files.len; i++) json_array_append_new(list, json_string(files.items[i]));
    json_object_set_new(ev, "modules", list);
    strvec_free(&files);
  }
  send_job_event(w, ev);
  json_decref(ev);
  job->active = false;
  uv_timer_start(&w->cleanup_timer, job_cleanup, 0, 0);
}

/* ---- continuing a job ---- */

static void advance_fire(uv_timer_t *t) {
  job_advance(t->data);
}

/* The current step finished: continue from the loop, never from inside the step. */
static void step_done(void *ud) {
  worker_t *w = ud;
  w->job.waiting = false;
  uv_timer_start(&w->advance_timer, advance_fire, 0, 0);
}

static void on_run_done(fw_runner_t *r, void *ud) {
  step_done(ud);
}

static JSValueRef on_loaded(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                            const JSValueRef argv[], JSValueRef *exc) {
  step_done(data);
  return NULL;
}

static JSValueRef on_load_failed(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                                 const JSValueRef argv[], JSValueRef *exc) {
  worker_t *w = data;
  job_t *job = &w->job;
  if (!job->error)
    job->error = load_error_json(ctx, argc ? argv[0] : JSValueMakeUndefined(ctx),
                                 job->specs.items[job->load_index ? job->load_index - 1 : 0]);
  step_done(w);
  return NULL;
}

static void on_hook_error(const char *hook, JSContextRef ctx, JSValueRef error, void *ud) {
  worker_t *w = ud;
  char *msg = hooks_describe_error(hook, ctx, error);
  json_t *ev = json_pack("{s:s, s:s, s:s}", "type", "log", "level", "error", "text", msg);
  send_job_event(w, ev);
  json_decref(ev);
  free(msg);
}

/* Starts a config hook for the job; true when the job must wait for it. */
static bool job_hook(worker_t *w, const char *name, size_t argc, const JSValueRef argv[]) {
  JSContextRef ctx = js_realm_context(w->job.realm);
  w->job.waiting = true;
  if (hooks_call(&w->config, w->loop, name, ctx, argc, argv, w->config.mocha_timeout,
                 on_hook_error, step_done, w))
    return true;
  w->job.waiting = false;
  return false;
}

/* A runner hook call: errors are reported for the worker, completion resumes the runner. */
typedef struct {
  worker_t *w;
  void (*resume)(void *);
  void *resume_ud;
} runner_hook_t;

static void runner_hook_error(const char *hook, JSContextRef ctx, JSValueRef error, void *ud) {
  on_hook_error(hook, ctx, error, ((runner_hook_t *)ud)->w);
}

static void runner_hook_done(void *ud) {
  runner_hook_t *rh = ud;
  rh->resume(rh->resume_ud);
  free(rh);
}

/* For the runner: beforeTest, afterTest, beforeSuite ... */
static bool runner_hook(void *ud, const char *name, size_t argc, const JSValueRef argv[],
                        void (*resume)(void *), void *resume_ud) {
  worker_t *w = ud;
  JSContextRef ctx = js_realm_context(w->job.realm);
  runner_hook_t *rh = xmalloc(sizeof(*rh));
  *rh = (runner_hook_t){w, resume, resume_ud};
  if (hooks_call(&w->config, w->loop, name, ctx, argc, argv, w->config.mocha_timeout,
                 runner_hook_error, runner_hook_done, rh))
    return true;
  free(rh);
  return false;
}

static bool runner_hook_defined(void *ud, const char *name) {
  worker_t *w = ud;
  return hooks_defined(&w->config, name);
}

static JSValueRef specs_value(JSContextRef ctx, const strvec_t *specs) {
  JSValueRef *items = xmalloc((specs->len + 1) * sizeof(JSValueRef));
  for (size_t i = 0; i < specs->len; i++) items[i] = js_make_string(ctx, specs->items[i]);
  JSValueRef arr = js_make_array(ctx, specs->len, items);
  free(items);
  return arr;
}

/* Loads one spec file (or a mochaOpts.require file) into the job's realm. */
static void load_file(worker_t *w, const char *path, js_module_mode_t mode) {
  job_t *job = &w->job;
  JSContextRef ctx = js_realm_context(job->realm);
  JSValueRef exc = NULL;
  fw_runner_set_file(job->runner, path);
  JSValueRef loaded = js_module_load(job->realm, path, mode, &exc);
  if (loaded && mode == JS_MODULE_SYNC) return;
  if (!loaded) {
    job->error = load_error_json(ctx, exc, path);
    return;
  }
  job->waiting = true;
  if (!js_then(ctx, loaded, on_loaded, on_load_failed, w, NULL, &exc)) {
    job->waiting = false;
    job->error = load_error_json(ctx, exc, path);
  }
}

static void job_advance(worker_t *w) {
  job_t *job = &w->job;
  const sonde_config_t *cfg = &w->config;
  while (job->active && !job->waiting) {
    JSContextRef ctx = js_realm_context(job->realm);
    JSValueRef caps = js_from_json(ctx, job->capabilities);
    switch (job->phase) {
      case JP_BEFORE_SESSION: {
        job->phase = JP_REQUIRE;
        JSValueRef argv[4] = {cfg->object, caps, specs_value(ctx, &job->specs),
                              js_make_string(ctx, job->cid)};
        job_hook(w, "beforeSession", 4, argv);
        break;
      }
      case JP_REQUIRE: {
        if (job->cucumber || job->support.len) { /* jasmine: requires, then helpers */
          /* One file at a time: a step file may be an ES module with top-level await. */
          if (job->error || job->support_index == job->support.len)
            job->phase = job->error ? JP_AFTER_SESSION : JP_LOAD;
          else
            load_file(w, job->support.items[job->support_index++], JS_MODULE_ASYNC);
          break;
        }
        char *cwd = fs_cwd();
        for (size_t i = 0; i < cfg->mocha_require.len && !job->error; i++) {
          char *path = path_resolve(cwd, cfg->mocha_require.items[i]);
          load_file(w, path, JS_MODULE_SYNC);
          free(path);
        }
        free(cwd);
        job->phase = job->error ? JP_AFTER_SESSION : JP_LOAD;
        break;
      }
      case JP_LOAD:
        if (job->error) {
          job->phase = JP_AFTER_SESSION;
        } else if (job->load_index < job->specs.len && job->cucumber) {
          fw_runner_set_file(job->runner, job->specs.items[job->load_index]);
          fw_cucumber_load_feature(job->cucumber, job->specs.items[job->load_index++], &job->error);
        } else if (job->load_index < job->specs.len) {
          load_file(w, job->specs.items[job->load_index++], JS_MODULE_ASYNC);
        } else {
          job->phase = JP_PREPARE;
        }
        break;
      case JP_PREPARE: {
        char *err = NULL;
        int n = fw_runner_prepare(job->runner, &err);
        if (n < 0) {
          job->error = json_pack("{s:s, s:s}", "name", "Error", "message", err);
          free(err);
          job->phase = JP_AFTER_SESSION;
          break;
        }
        json_t *ev = json_pack("{s:s, s:s}", "type", "runner:start", "spec", job->specs.items[0]);
        json_t *specs = json_array();
        for (size_t i = 0; i < job->specs.len; i++)
          json_array_append_new(specs, json_string(job->specs.items[i]));
        json_object_set_new(ev, "specs", specs);
        json_object_set(ev, "capabilities", job->capabilities);
        send_job_event(w, ev);
        json_decref(ev);
        /* A spec with no tests left after filtering ends without before/after. */
        job->has_tests = n > 0;
        job->phase = job->has_tests ? JP_BEFORE : JP_RUN;
        break;
      }
      case JP_BEFORE: {
        job->phase = JP_RUN;
        /* (capabilities, specs, browser), as WebdriverIO calls it */
        JSValueRef argv[3] = {caps, specs_value(ctx, &job->specs),
                              js_get(ctx, JSContextGetGlobalObject(ctx), "browser")};
        job_hook(w, "before", 3, argv);
        break;
      }
      case JP_RUN:
        job->phase = job->has_tests ? JP_AFTER : JP_AFTER_SESSION;
        job->waiting = true;
        fw_runner_run(job->runner, on_run_done, w);
        break;
      case JP_AFTER: {
        job->phase = JP_AFTER_SESSION;
        fw_stats_t st;
        fw_runner_stats(job->runner, &st);
        JSValueRef argv[3] = {JSValueMakeNumber(ctx, st.failures), caps,
                              specs_value(ctx, &job->specs)};
        job_hook(w, "after", 3, argv);
        break;
      }
      case JP_AFTER_SESSION: {
        job->phase = JP_END;
        JSValueRef argv[3] = {cfg->object, caps, specs_value(ctx, &job->specs)};
        job_hook(w, "afterSession", 3, argv);
        break;
      }
      case JP_END:
        job_end(w);
        return;
    }
  }
}

static void sonde_module_init(js_realm_t *realm, JSObjectRef exports, void *ud) {
  api_export(realm, exports);
  assert_export(realm, exports);
  fw_cucumber_export(realm, exports);
  graphql_export(realm, exports);
}

/* jasmineOpts.requires (resolved from the cwd), then the files of the helpers globs (from the
 * config's folder, sorted as jasmine loads them). */
static void jasmine_support_files(const sonde_config_t *cfg, const jasmine_opts_t *o, strvec_t *out) {
  char *cwd = fs_cwd();
  for (size_t i = 0; i < o->requires.len; i++)
    strvec_push_owned(out, path_resolve(cwd, o->requires.items[i]));
  free(cwd);
  for (size_t i = 0; i < o->helpers.len; i++) {
    strvec_t files = STRVEC_INIT;
    glob_expand(cfg->dir, o->helpers.items[i], &files);
    for (size_t k = 0; k < files.len; k++)
      if (!strvec_contains(out, files.items[k])) strvec_push(out, files.items[k]);
    strvec_free(&files);
  }
}

static void job_start(worker_t *w, json_t *msg) {
  job_t *job = &w->job;
  const sonde_config_t *cfg = &w->config;
  job->cid = xstrdup(json_string_value(json_object_get(msg, "cid")) ?: "0-0");
  size_t i;
  json_t *item;
  json_array_foreach(json_object_get(msg, "specs"), i, item) {
    if (json_is_string(item)) strvec_push(&job->specs, json_string_value(item));
  }
  if (job->specs.len == 0) strvec_push(&job->specs, json_string_value(json_object_get(msg, "spec")) ?: "");
  job->capabilities = json_incref(json_object_get(msg, "capabilities"));
  if (!job->capabilities) job->capabilities = json_object();
  job->started = (double)uv_hrtime() / 1e6;
  job->active = true;
  job->phase = JP_BEFORE_SESSION;
  job->realm = js_realm_new(w->rt);
  js_realm_set_console(job->realm, console_to_launcher, w);
  if (cfg->output_dir) {
    /* <outputDir>/<spec file name without its extension>-<cid>.log */
    const char *base = fs_basename(job->specs.items[0]);
    const char *dot = strrchr(base, '.');
    char *path = xasprintf("%s/%.*s-%s.log", cfg->output_dir,
                           (int)(dot && dot != base ? (size_t)(dot - base) : strlen(base)), base,
                           job->cid);
    if (log_set_file(path) != 0) fprintf(stderr, "sonde worker: cannot write %s\n", path);
    free(path);
  }
  log_debug("worker", "job %s: %s", job->cid, job->specs.items[0]);

  const char *cap_base = json_string_value(json_object_get(job->capabilities, "custom:baseUrl"));
  api_bind(w->api, job->realm, &w->api_config, cap_base);
  api_job_begin(w->api, job->realm, job->specs.items[0], job->cid, cfg->object,
                job->capabilities);
  assert_install_globals(job->realm);

  bool cucumber = strcmp(cfg->framework, "cucumber") == 0;
  fw_options_t fw_opts = {
      .timeout_ms = cfg->mocha_timeout,
      .retries = cfg->mocha_retries,
      .bail = cfg->mocha_bail,
      .grep = cfg->mocha_grep,
      .fgrep = cfg->mocha_fgrep,
      .invert = cfg->mocha_invert,
      .forbid_only = cfg->mocha_forbid_only,
      .forbid_pending = cfg->mocha_forbid_pending,
      .file = job->specs.items[0],
      .drain_ms = cfg->drain_timeout,
  };
  bool jasmine = strcmp(cfg->framework, "jasmine") == 0;
  if (jasmine)
    fw_opts = (fw_options_t){.timeout_ms = w->jasmine.timeout, .grep = w->jasmine.grep,
                             .invert = w->jasmine.invert_grep, .file = job->specs.items[0],
                             .drain_ms = cfg->drain_timeout};
  if (cucumber) {
    /* Scenarios are selected by tags, names and lines; hooks get the step timeout. */
    fw_opts = (fw_options_t){.timeout_ms = w->cuke.timeout, .bail = w->cuke.fail_fast,
                             .file = job->specs.items[0], .drain_ms = cfg->drain_timeout};
  }
  char *err = NULL;
  job->runner = fw_runner_new(job->realm, &fw_opts, emit_event, w, &err);
  if (!job->runner) {
    job->error = json_pack("{s:s, s:s}", "name", "Error", "message", err);
    free(err);
    job->phase = JP_AFTER_SESSION;
  } else {
    fw_runner_set_hook_caller(job->runner, runner_hook, runner_hook_defined, w);
    if (jasmine) {
      if (!fw_jasmine_install(job->runner, &w->jasmine, &err)) {
        job->error = json_pack("{s:s, s:s}", "name", "Error", "message", err);
        free(err);
        job->phase = JP_AFTER_SESSION;
      }
      jasmine_support_files(cfg, &w->jasmine, &job->support);
    } else if (!cucumber) {
      fw_mocha_install(job->runner, cfg->mocha_ui);
    } else if (!(job->cucumber = fw_cucumber_install(job->runner, &w->cuke, &err))) {
      job->error = json_pack("{s:s, s:s}", "name", "Error", "message", err);
      free(err);
      job->phase = JP_AFTER_SESSION;
    } else if (fw_cucumber_support_files(job->cucumber, cfg->dir, &job->support, &job->error) != 0) {
      job->phase = JP_AFTER_SESSION;
    }
  }
  if (!job->error && services_configured(cfg)) {
    /* The job's service instances (WebdriverIO makes them in each worker process). */
    sbuf_t serr = SBUF_INIT;
    JSValueRef caps = js_from_json(js_realm_context(cfg->realm), job->capabilities);
    if (services_attach(&w->config, SERVICES_WORKER, caps, &serr) != 0) {
      job->error = json_pack("{s:s, s:s}", "name", "Error", "message", sbuf_cstr(&serr));
      job->phase = JP_AFTER_SESSION;
    }
    sbuf_free(&serr);
  }
  job_advance(w);
}

static void worker_stop(worker_t *w) {
  if (w->stopping) return;
  w->stopping = true;
  uv_read_stop((uv_stream_t *)&w->channel);
  uv_stop(w->loop);
}

/* The api client is ready (a custom client's factory may be async): the worker can run jobs. */
static void on_api_ready(const char *error, void *ud) {
  worker_t *w = ud;
  if (error) {
    fprintf(stderr, "sonde worker: %s\n", error);
    w->exit_code = 1;
    worker_stop(w);
    return;
  }
  json_t *ready = ready_message();
  send_msg(w, ready);
  json_decref(ready);
}

static void on_message(json_t *msg, void *ud) {
  worker_t *w = ud;
  const char *type = json_string_value(json_object_get(msg, "type"));
  if (!type) return;
  if (strcmp(type, "init") == 0) {
    sbuf_t err = SBUF_INIT;
    const char *path = json_string_value(json_object_get(msg, "config"));
    if (!path || config_load(w->rt, path, json_object_get(msg, "overrides"), &w->config, &err) != 0 ||
        api_config_parse(&w->config, &w->api_config, &err) != 0 ||
        /* loaded before the first job, so the worker's memory baseline includes it (a
         * document loaded by a job would count as growth and recycle the worker) */
        assert_openapi_configure(&w->config, true, &err) != 0 ||
        (strcmp(w->config.framework, "cucumber") == 0 &&
         cuke_opts_parse(&w->config, &w->cuke, &err) != 0) ||
        (strcmp(w->config.framework, "jasmine") == 0 &&
         jasmine_opts_parse(&w->config, false, &w->jasmine, &err) != 0)) {
      fprintf(stderr, "sonde worker: %s\n", sbuf_cstr(&err));
      sbuf_free(&err);
      w->exit_code = 1;
      worker_stop(w);
      return;
    }
    sbuf_free(&err);
    w->have_config = true;
    w->all_exchanges = (report_needs(&w->config) & REPORT_NEEDS_ALL_EXCHANGES) != 0;
    /* Hooks run functions of the config's realm: their console output belongs to the job. */
    js_realm_set_console(w->config.realm, console_to_launcher, w);
    int level = log_level_parse(w->config.log_level);
    log_configure(level < 0 ? LOG_INFO : (log_level_t)level,
                  json_object_get(w->config.json, "logLevels"), getenv("DEBUG"));
    api_client_prepare(w->api, &w->config, on_api_ready, w);
  } else if (strcmp(type, "run") == 0 && w->have_config && !w->job.active && !w->job.realm) {
    job_start(w, msg);
  } else if (strcmp(type, "store:reply") == 0) {
    store_js_on_reply(msg);
  } else if (strcmp(type, "shutdown") == 0) {
    worker_stop(w);
  }
}

static void alloc_cb(uv_handle_t *h, size_t suggested, uv_buf_t *buf) {
  buf->base = xmalloc(suggested);
  buf->len = suggested;
}

static void on_read(uv_stream_t *s, ssize_t n, const uv_buf_t *buf) {
  worker_t *w = s->data;
  if (n > 0) ipc_reader_feed(&w->reader, buf->base, (size_t)n, on_message, w);
  free(buf->base);
  if (n < 0) worker_stop(w); /* the launcher closed the channel */
}

static void close_walk(uv_handle_t *h, void *arg) {
  if (!uv_is_closing(h)) uv_close(h, NULL);
}

int worker_main(int argc, char **argv) {
  worker_t w = {0};
  w.loop = uv_default_loop();
  w.rt = js_runtime_new(w.loop, argc, argv);
  fetch_register(w.rt);
  streams_register(w.rt);
  graphql_register(w.rt, &w.config);
  store_js_register_remote(w.rt, store_send, &w);
  js_runtime_add_builtin(w.rt, "sonde", sonde_module_init, &w);
  js_runtime_add_builtin(w.rt, "wdio-api-runner", sonde_module_init, &w);
  js_runtime_add_builtin(w.rt, "@wdio/globals", sonde_module_init, &w);
  fw_cucumber_register_modules(w.rt);
  assert_register_builtins(w.rt);
  w.api = api_client_new(w.loop);
  if (!w.api) {
    fprintf(stderr, "sonde worker: cannot initialise the HTTP client (libcurl)\n");
    return 2;
  }
  api_set_exchange_sink(w.api, emit_exchange, &w);
  /* apiRunner.openapi.validate; the check itself reads the mode, which the config sets */
  api_set_response_check(w.api, assert_openapi_auto_check, NULL);
  uv_timer_init(w.loop, &w.cleanup_timer);
  w.cleanup_timer.data = &w;
  uv_timer_init(w.loop, &w.advance_timer);
  w.advance_timer.data = &w;
  exiting_worker = &w;
  atexit(flush_at_exit);
  uv_prepare_init(w.loop, &w.flush_prepare);
  w.flush_prepare.data = &w;
  uv_prepare_start(&w.flush_prepare, on_flush_prepare);
  uv_unref((uv_handle_t *)&w.flush_prepare);
  if (uv_pipe_init(w.loop, &w.channel, 0) != 0 ||
      uv_pipe_open(&w.channel, WORKER_CHANNEL_FD) != 0) {
    fprintf(stderr, "sonde worker: no launcher channel on fd %d\n", WORKER_CHANNEL_FD);
    return 2;
  }
  w.channel.data = &w;
  uv_read_start((uv_stream_t *)&w.channel, alloc_cb, on_read);
  uv_run(w.loop, UV_RUN_DEFAULT);

  if (w.job.realm) job_cleanup(&w.cleanup_timer);
  flush_outbox(&w);
  exiting_worker = NULL;
  if (!sonde_full_teardown()) {
    log_shutdown();
    fflush(NULL);
    _exit(w.exit_code);
  }
  sbuf_free(&w.outbox);
  drop_exchanges(&w);
  api_client_free(w.api);
  if (w.have_config) config_free(&w.config);
  cuke_opts_free(&w.cuke);
  jasmine_opts_free(&w.jasmine);
  api_config_free(&w.api_config);
  js_runtime_free(w.rt);
  ipc_reader_free(&w.reader);
  uv_walk(w.loop, close_walk, NULL);
  uv_run(w.loop, UV_RUN_DEFAULT);
  uv_loop_close(w.loop);
  log_shutdown();
  return w.exit_code;
}
