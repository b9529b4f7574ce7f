/* job: one spec file's job in its own realm (see worker.h). A job goes: new realm → api
 * and test interface installed → the config evaluated again in the realm when it has
 * worker hooks or services (whose worker instances are made there) → spec loaded (it may use top-level await) → runner:start → tests →
 * runner:end → realm freed on the next loop turn (never from inside the runner's own
 * callbacks) → ready. Several jobs run at once, each in its own realm; they only meet on
 * the loop. A job is reference-counted: whatever may call back into it later (a hook's
 * completion, a load's promise, its timers) holds a reference, and a job that ended early
 * (process.exit, the watchdog) is `dead`: such callbacks then do nothing. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "assert/assert.h"
#include "common/fsutil.h"
#include "common/glob.h"
#include "common/log.h"
#include "common/sbuf.h"
#include "common/secret.h"
#include "config/hooks.h"
#include "config/services.h"
#include "js/inspect.h"
#include "js/jsutil.h"
#include "worker/worker_internal.h"

static void job_advance(job_t *job);
static void job_unref(job_t *job);

static void send_job_event(job_t *job, json_t *ev) {
  if (job->dead) return;
  json_object_set_new(ev, "cid", json_string(job->cid));
  worker_send(job->w, ev);
}

static void send_job_log(job_t *job, const char *level, const char *text) {
  json_t *ev = json_pack("{s:s, s:s, s:s}", "type", "log", "level", level, "text", text);
  send_job_event(job, ev);
  json_decref(ev);
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

static job_t *job_of_realm(js_realm_t *realm) {
  return realm ? js_realm_get_slot(realm, JS_SLOT_WORKER) : NULL;
}

/* A spec file's console: its own lines, in its own log file. */
static void console_to_launcher(js_realm_t *realm, js_log_level_t level, const char *text,
                                size_t len, void *ud) {
  job_t *job = ud;
  if (job->dead) return;
  if (job->log) {
    sbuf_t shown = SBUF_INIT; /* a text log shows a NUL as "␀" */
    sbuf_append_visible(&shown, text, len);
    log_write_to(job->log, "console", LOG_INFO, "%s", sbuf_cstr(&shown));
    sbuf_free(&shown);
  }
  /* The text whole, NULs included: each reporter shows them its own way. */
  json_t *ev =
      json_pack("{s:s, s:s, s:s%}", "type", "log", "level", level_name(level), "text", text, len);
  send_job_event(job, ev);
  json_decref(ev);
}

/* The config's own realm (a custom api client, hooks of a config evaluated only there):
 * its lines belong to the job when only one runs, else to no job (the launcher prints them
 * for the worker). */
void worker_config_console(js_realm_t *realm, js_log_level_t level, const char *text, size_t len,
                           void *ud) {
  worker_t *w = ud;
  if (w->n_jobs == 1) {
    console_to_launcher(realm, level, text, len, w->jobs);
    return;
  }
  json_t *ev =
      json_pack("{s:s, s:s, s:s%}", "type", "log", "level", level_name(level), "text", text, len);
  worker_send(w, ev);
  json_decref(ev);
}

static void send_exchange(job_t *job, const api_exchange_t *x) {
  json_t *ev = api_exchange_json(x);
  if (!ev) return;
  send_job_event(job, ev);
  json_decref(ev);
}

static void drop_exchanges(job_t *job) {
  for (size_t i = 0; i < job->n_exchanges; i++) api_exchange_free(job->exchanges[i]);
  job->n_exchanges = 0;
}

static void emit_event(json_t *ev, void *ud) {
  job_t *job = ud;
  if (job->dead) return;
  const char *type = json_string_value(json_object_get(ev, "type"));
  if (type && !job->w->all_exchanges) {
    if (strcmp(type, "test:fail") == 0 || strcmp(type, "test:retry") == 0)
      for (size_t i = 0; i < job->n_exchanges; i++) send_exchange(job, job->exchanges[i]);
    if (strncmp(type, "test:", 5) == 0) drop_exchanges(job);
  }
  send_job_event(job, ev);
  /* The test's own code runs next: should it end the process (a kill, an out-of-memory),
   * the launcher must know what ran and which test was running. Written out at once unless
   * the last write is under WORKER_START_FLUSH_NS old: a write for every test of a run of
   * quick synchronous tests woke the launcher each time (+18% CPU on 1 000 tests), and a
   * test that is killed has usually been running for longer than that (process.exit()
   * writes everything anyway, see flush_at_exit). */
  if (type && strcmp(type, "test:start") == 0 &&
      uv_hrtime() - job->w->flushed_ns >= WORKER_START_FLUSH_NS)
    worker_flush(job->w);
}

void worker_job_exchange(js_realm_t *realm, api_exchange_t *x, void *ud) {
  job_t *job = job_of_realm(realm);
  if (!job || !job->active) {
    api_exchange_free(x);
    return;
  }
  if (job->w->all_exchanges) {
    send_exchange(job, x);
    api_exchange_free(x);
    return;
  }
  if (job->n_exchanges == EXCHANGES_KEPT_PER_TEST) {
    api_exchange_free(job->exchanges[0]);
    memmove(job->exchanges, job->exchanges + 1,
            (EXCHANGES_KEPT_PER_TEST - 1) * sizeof(*job->exchanges));
    job->n_exchanges--;
  }
  job->exchanges[job->n_exchanges++] = x;
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

/* ---- a job's life ---- */

static void job_ref(job_t *job) { job->refs++; }

static void job_unref(job_t *job) {
  if (--job->refs > 0) return;
  free(job->cid);
  strvec_free(&job->specs);
  strvec_free(&job->support);
  json_decref(job->capabilities);
  json_decref(job->error);
  json_decref(job->end_error);
  free(job);
}

static void job_timer_closed(uv_handle_t *h) { job_unref(h->data); }

/* runner:end, with the counts as they are when the realm goes (a job that died keeps those
 * of its end: nothing it ran since was reported). Sent even for a dead job. */
static void send_runner_end(job_t *job) {
  fw_stats_t st = job->end_stats;
  if (job->runner && !job->dead) fw_runner_stats(job->runner, &st);
  json_t *error = job->end_error ? job->end_error : job->error;
  json_t *ev = json_pack("{s:s, s:s, s:i, s:i, s:i, s:f}", "type", "runner:end", "cid", job->cid,
                         "passes", st.passes, "failures", st.failures + (error ? 1 : 0), "pending",
                         st.pending, "duration", (double)uv_hrtime() / 1e6 - job->started);
  if (error) json_object_set(ev, "error", error);
  if (job->realm && getenv("SONDE_WATCH_GRAPH")) {
    /* watch mode re-runs this spec file when one of these changes (launcher/watch.c) */
    strvec_t files = STRVEC_INIT;
    js_module_files(job->realm, &files);
    json_t *list = json_array();
    for (size_t i = 0; i < files.len; i++) json_array_append_new(list, json_string(files.items[i]));
    json_object_set_new(ev, "modules", list);
    strvec_free(&files);
  }
  worker_send(job->w, ev);
  json_decref(ev);
}

/* A worker that grew past the launcher's threshold (half the growth after which it is
 * replaced) collects everything, old garbage included, before it reports its memory: the
 * launcher replaces it only when that did not bring it back under its budget. Once per MB
 * of further growth at most, so memory that stays does not cost a collection per file. */
static long long collect_if_grown(worker_t *w) {
  long long rss = worker_resident_bytes();
  if (w->collect_at <= 0 || !w->rss_start || rss - w->rss_start <= w->collect_at ||
      rss - w->collected_rss < 1048576)
    return rss;
  js_runtime_collect_full(w->rt);
  w->young_garbage = 0;
  w->collected_rss = worker_resident_bytes();
  log_debug("worker", "grew to %.1f MB: a full collection left %.1f MB", rss / 1048576.0,
            w->collected_rss / 1048576.0);
  return w->collected_rss;
}

void worker_job_cleanup(job_t *job) {
  worker_t *w = job->w;
  if (job->end_pending) send_runner_end(job);
  job->end_pending = false;
  fw_stats_t st = {0};
  if (job->runner) fw_runner_stats(job->runner, &st);
  fw_runner_free(job->runner);
  job->runner = NULL;
  job->dead = true; /* its hooks' completions, arriving late, must find nothing to do */
  if (job->config) JSValueUnprotect(js_realm_context(job->realm), job->config);
  job->config = NULL;
  if (job->service_hooks) JSValueUnprotect(js_realm_context(job->realm), job->service_hooks);
  job->service_hooks = NULL;
  api_unbind(w->api, job->realm);
  js_realm_free(job->realm);
  job->realm = NULL;
  /* What a released realm leaves is mostly young garbage, a realm's globals plus what its
   * tests made: collected once enough has piled up (a collection costs about as much as
   * a realm's start, and the worker is replaced anyway once it has grown). */
  w->young_garbage += WORKER_GC_REALM_WEIGHT + st.passes + st.failures + st.pending;
  if (w->young_garbage >= WORKER_GC_THRESHOLD) {
    js_runtime_collect_young(w->rt);
    w->young_garbage = 0;
  }
  long long rss = collect_if_grown(w);
  drop_exchanges(job);
  if (job->log) fclose(job->log);
  job->log = NULL;
  /* A secret learned while the file ran (a token from a login response) may be in lines
   * written before it was known: the file is masked again with every secret known now. */
  if (job->log_path) secret_remask_file(job->log_path, job->log_secrets, "sonde worker");
  free(job->log_path);
  job->log_path = NULL;
  for (job_t **pp = &w->jobs; *pp; pp = &(*pp)->next)
    if (*pp == job) {
      *pp = job->next;
      w->n_jobs--;
      break;
    }
  uv_close((uv_handle_t *)&job->advance_timer, job_timer_closed);
  job_unref(job); /* the list's */
  if (w->n_jobs == 0) log_set_file(NULL);
  json_t *ready = worker_ready_message(rss);
  worker_send(w, ready);
  json_decref(ready);
}

static void cleanup_fire(void *job) { worker_job_cleanup(job); }

/* The job ends. Its realm is released once the immediates it has queued have run, and
 * runner:end is sent then, just before: what the realm still runs until then (an immediate
 * of an `after` hook or an 'exit' listener) throws into the runner, which reports it as a
 * late failure, and that must come before runner:end to count (after it, the launcher has
 * closed the file and the error was lost). */
static void job_finish(job_t *job, json_t *extra_error) {
  if (job->runner) fw_runner_stats(job->runner, &job->end_stats);
  if (extra_error) {
    json_decref(job->end_error);
    job->end_error = json_incref(extra_error);
  }
  job->active = false;
  if (job->end_pending) return; /* already queued */
  job->end_pending = true;
  /* The list's reference keeps the job until then; if the loop is stopped first, the
   * worker cleans every job up itself and the call is dropped. */
  js_runtime_after_immediates(job->w->rt, cleanup_fire, job);
}

static void job_end(job_t *job) {
  /* process 'exit' listeners: their output is the job's, so before runner:end. */
  if (job->realm) js_realm_emit_exit(job->realm);
  if (job->dead) return; /* a listener called process.exit: that ended the job */
  char *err = NULL;
  if (fw_cucumber_finish(job->cucumber, job->cid, &err) != 0) {
    send_job_log(job, "error", err);
    free(err);
  }
  /* What the contract checks touched, before runner:end. The record is the process's: with
   * several files in the worker, what has accumulated goes with the file that ends first
   * (the launcher only adds it up). */
  json_t *coverage = assert_openapi_take_coverage(false);
  if (coverage) {
    json_t *cov = json_pack("{s:s, s:o}", "type", "openapi:coverage", "documents", coverage);
    send_job_event(job, cov);
    json_decref(cov);
  }
  job_finish(job, NULL);
}

/* The job ends here, whatever it was doing (process.exit, a busy loop): its runner:end
 * carries `message`, and nothing it still has under way is run or reported. Its realm goes
 * on the next turn of the loop, as after a normal end. */
static void job_abort(job_t *job, const char *name, const char *message) {
  if (job->dead || !job->active) return;
  json_t *error = json_pack("{s:s, s:s, s:s}", "name", name, "message", message, "stack", "");
  job_finish(job, error);
  json_decref(error);
  job->dead = true;
}

static bool on_process_exit(js_realm_t *realm, int code, void *ud) {
  job_t *job = ud;
  char *cwd = fs_cwd();
  char *spec = fs_relative(cwd, job->specs.items[0]);
  char *msg = xasprintf(
      "process.exit(%d) was called in %s: the spec file ended there (the "
      "other files of its worker go on)",
      code, spec);
  job_abort(job, "ProcessExit", msg);
  free(msg);
  free(spec);
  free(cwd);
  return true;
}

/* A spec's JavaScript ran watchdog_s of CPU time without returning to the loop: its file
 * fails and ends; the worker finishes the other files it runs and is replaced. */
bool worker_job_watchdog(js_realm_t *realm, void *ud) {
  worker_t *w = ud;
  job_t *job = job_of_realm(realm);
  if (!job || job->dead) return job != NULL;
  char *cwd = fs_cwd();
  char *spec = fs_relative(cwd, job->specs.items[0]);
  char *msg = xasprintf(
      "%s ran JavaScript for %g s of CPU time without yielding (a busy "
      "loop?): the watchdog ended the spec file (watchdogTimeout)",
      spec, w->watchdog_s);
  job_abort(job, "WatchdogTimeout", msg);
  free(msg);
  free(spec);
  free(cwd);
  json_t *retire = json_pack("{s:s}", "type", "retire");
  worker_send(w, retire);
  json_decref(retire);
  return true;
}

/* ---- continuing a job ---- */

static void advance_fire(uv_timer_t *t) { job_advance(t->data); }

/* The current step finished: continue from the loop, never from inside the step. */
static void step_done(void *ud) {
  job_t *job = ud;
  if (job->dead) return;
  job->waiting = false;
  uv_timer_start(&job->advance_timer, advance_fire, 0, 0);
}

static void on_run_done(fw_runner_t *r, void *ud) { step_done(ud); }

static void step_unref(void *ud) { job_unref(ud); }

static JSValueRef on_loaded(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                            const JSValueRef argv[], JSValueRef *exc) {
  step_done(data);
  return NULL;
}

static JSValueRef on_load_failed(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                                 const JSValueRef argv[], JSValueRef *exc) {
  job_t *job = data;
  if (job->dead) return NULL;
  if (!job->error)
    job->error = load_error_json(ctx, argc ? argv[0] : JSValueMakeUndefined(ctx),
                                 job->specs.items[job->load_index ? job->load_index - 1 : 0]);
  step_done(job);
  return NULL;
}

static void on_hook_error(const char *hook, JSContextRef ctx, JSValueRef error, void *ud) {
  job_t *job = ud;
  if (job->dead) return;
  char *msg = hooks_describe_error(hook, ctx, error);
  send_job_log(job, "error", msg);
  free(msg);
}

static void job_hook_done(void *ud) {
  step_done(ud);
  job_unref(ud);
}

/* Calls config hook `name` in the job's realm: the config evaluated there when it has one
 * (JP_CONFIG), else the worker's. */
static bool call_config_hook(job_t *job, const char *name, size_t argc, const JSValueRef argv[],
                             hooks_error_fn on_error, hooks_done_fn done, void *ud) {
  worker_t *w = job->w;
  JSContextRef ctx = js_realm_context(job->realm);
  JSObjectRef config = job->config ? job->config : w->config.object;
  return hooks_call_on(&w->config, config, job->service_hooks, w->loop, name, ctx, argc, argv,
                       w->config.mocha_timeout, on_error, done, ud);
}

/* Starts a config hook for the job; true when the job must wait for it. */
static bool job_hook(job_t *job, const char *name, size_t argc, const JSValueRef argv[]) {
  job->waiting = true;
  job_ref(job);
  if (call_config_hook(job, name, argc, argv, on_hook_error, job_hook_done, job)) return true;
  job_unref(job);
  job->waiting = false;
  return false;
}

/* A runner hook call: errors are reported for the job, completion resumes the runner
 * (unless the job ended meanwhile: then the runner is gone). */
typedef struct {
  job_t *job;
  void (*resume)(void *);
  void *resume_ud;
} runner_hook_t;

static void runner_hook_error(const char *hook, JSContextRef ctx, JSValueRef error, void *ud) {
  on_hook_error(hook, ctx, error, ((runner_hook_t *)ud)->job);
}

static void runner_hook_done(void *ud) {
  runner_hook_t *rh = ud;
  if (!rh->job->dead) rh->resume(rh->resume_ud);
  job_unref(rh->job);
  free(rh);
}

/* For the runner: beforeTest, afterTest, beforeSuite ... */
static bool runner_hook(void *ud, const char *name, size_t argc, const JSValueRef argv[],
                        void (*resume)(void *), void *resume_ud) {
  job_t *job = ud;
  runner_hook_t *rh = xmalloc(sizeof(*rh));
  *rh = (runner_hook_t){job, resume, resume_ud};
  job_ref(job);
  if (call_config_hook(job, name, argc, argv, runner_hook_error, runner_hook_done, rh)) return true;
  job_unref(job);
  free(rh);
  return false;
}

static bool runner_hook_defined(void *ud, const char *name) {
  job_t *job = ud;
  return hooks_defined_on(&job->w->config, job->service_hooks, name);
}

static JSValueRef specs_value(JSContextRef ctx, const strvec_t *specs) {
  return js_make_string_array(ctx, specs->items, specs->len);
}

/* Loads `path` into the job's realm: a spec file, a mochaOpts.require file, the config.
 * An asynchronous load holds a reference on the job until its promise's callbacks go. */
static JSValueRef load_module(job_t *job, const char *path, js_module_mode_t mode) {
  JSContextRef ctx = js_realm_context(job->realm);
  JSValueRef exc = NULL;
  JSValueRef loaded = js_module_load(job->realm, path, mode, &exc);
  if (job->dead) return NULL; /* process.exit while it loaded */
  if (loaded && mode == JS_MODULE_SYNC) return loaded;
  if (!loaded) {
    job->error = load_error_json(ctx, exc, path);
    return NULL;
  }
  job->waiting = true;
  job_ref(job);
  if (!js_then(ctx, loaded, on_loaded, on_load_failed, job, step_unref, &exc)) {
    job_unref(job);
    job->waiting = false;
    job->error = load_error_json(ctx, exc, path);
    return NULL;
  }
  return loaded;
}

static void load_file(job_t *job, const char *path, js_module_mode_t mode) {
  fw_runner_set_file(job->runner, path);
  load_module(job, path, mode);
}

/* Worker hooks run in the spec file's realm: WebdriverIO's worker evaluates the config in
 * the process of the spec, so `before` (or `beforeScenario`) can set globals the tests see. */
bool worker_has_job_hooks(const sonde_config_t *cfg) {
  for (const char *const *n = hooks_worker_names; *n; n++)
    if (hooks_defined(cfg, *n)) return true;
  return false;
}

/* The job's worker service instances, made in its realm from the config evaluated there
 * (WebdriverIO makes them in the spec's process, so what their hooks put on globalThis is
 * the tests' to see). The job keeps their hooks. */
static void attach_services(job_t *job, JSValueRef caps) {
  sbuf_t err = SBUF_INIT;
  if (services_attach(&job->w->config, job->realm, job->config, SERVICES_WORKER, caps,
                      &job->service_hooks, &err) != 0)
    job->error = json_pack("{s:s, s:s}", "name", "Error", "message", sbuf_cstr(&err));
  sbuf_free(&err);
}

/* The job's capabilities as a value of its realm, for a hook's arguments. */
static JSValueRef job_caps(job_t *job) {
  return js_from_json(js_realm_context(job->realm), job->capabilities);
}

/* A job's hook arguments are made only for a hook that is defined: the `before` hook's
 * third, the realm's lazy `browser` global, costs a compile of api-browser.js (~2 M
 * instructions, more than the rest of a small spec file's realm). */
static void job_advance(job_t *job) {
  worker_t *w = job->w;
  const sonde_config_t *cfg = &w->config;
  while (job->active && !job->waiting && !job->dead) {
    JSContextRef ctx = js_realm_context(job->realm);
    switch (job->phase) {
    case JP_CONFIG:
      if (job->config) { /* the promise of the config module has settled */
        JSValueUnprotect(ctx, job->config);
        job->config = job->error ? NULL : config_object_of(job->realm, cfg->path, cfg->overrides);
        if (job->config) JSValueProtect(ctx, job->config);
        else if (!job->error)
          job->error = json_pack("{s:s, s:s}", "name", "Error", "message",
                                 "the config file exported no config in the spec file's realm");
        if (!job->error && services_configured(cfg)) attach_services(job, job_caps(job));
        job->phase = job->error ? JP_END : JP_BEFORE_SESSION;
      } else if (w->has_worker_hooks) {
        /* The module's promise stands in job->config until it settles. */
        JSValueRef p = load_module(job, cfg->path, JS_MODULE_ASYNC);
        if (p) {
          job->config = (JSObjectRef)p;
          JSValueProtect(ctx, job->config);
        } else {
          job->phase = JP_END;
        }
      } else {
        job->phase = JP_BEFORE_SESSION;
      }
      break;
    case JP_BEFORE_SESSION: {
      job->phase = JP_REQUIRE;
      if (!runner_hook_defined(job, "beforeSession")) break;
      JSValueRef argv[4] = {job->config ? job->config : cfg->object, job_caps(job),
                            specs_value(ctx, &job->specs), js_make_string(ctx, job->cid)};
      job_hook(job, "beforeSession", 4, argv);
      break;
    }
    case JP_REQUIRE: {
      if (job->cucumber || job->support.len) { /* jasmine: requires, then helpers */
        /* One file at a time: a step file may be an ES module with top-level await. */
        if (job->error || job->support_index == job->support.len)
          job->phase = job->error ? JP_AFTER_SESSION : JP_LOAD;
        else load_file(job, job->support.items[job->support_index++], JS_MODULE_ASYNC);
        break;
      }
      char *cwd = fs_cwd();
      for (size_t i = 0; i < cfg->mocha_require.len && !job->error && !job->dead; i++) {
        char *path = path_resolve(cwd, cfg->mocha_require.items[i]);
        load_file(job, path, JS_MODULE_SYNC);
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
        load_file(job, job->specs.items[job->load_index++], JS_MODULE_ASYNC);
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
      send_job_event(job, ev);
      json_decref(ev);
      /* A spec with no tests left after filtering ends without before/after. */
      job->has_tests = n > 0;
      job->phase = job->has_tests ? JP_BEFORE : JP_RUN;
      break;
    }
    case JP_BEFORE: {
      job->phase = JP_RUN;
      if (!runner_hook_defined(job, "before")) break;
      /* (capabilities, specs, browser), as WebdriverIO calls it */
      JSValueRef argv[3] = {job_caps(job), specs_value(ctx, &job->specs),
                            js_get(ctx, JSContextGetGlobalObject(ctx), "browser")};
      job_hook(job, "before", 3, argv);
      break;
    }
    case JP_RUN:
      job->phase = job->has_tests ? JP_AFTER : JP_AFTER_SESSION;
      job->waiting = true;
      fw_runner_run(job->runner, on_run_done, job);
      break;
    case JP_AFTER: {
      job->phase = JP_AFTER_SESSION;
      if (!runner_hook_defined(job, "after")) break;
      fw_stats_t st;
      fw_runner_stats(job->runner, &st);
      JSValueRef argv[3] = {JSValueMakeNumber(ctx, st.failures), job_caps(job),
                            specs_value(ctx, &job->specs)};
      job_hook(job, "after", 3, argv);
      break;
    }
    case JP_AFTER_SESSION: {
      job->phase = JP_END;
      if (!runner_hook_defined(job, "afterSession")) break;
      JSValueRef argv[3] = {job->config ? job->config : cfg->object, job_caps(job),
                            specs_value(ctx, &job->specs)};
      job_hook(job, "afterSession", 3, argv);
      break;
    }
    case JP_END: job_end(job); return;
    }
  }
}

static void jasmine_support_files(const sonde_config_t *cfg, const jasmine_opts_t *o,
                                  strvec_t *out) {
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

/* outputDir: <outputDir>/<spec file name without its extension>-<cid>.log gets the spec
 * file's console lines; sonde's own log lines go to the newest job's file. */
static void job_open_log(job_t *job) {
  const sonde_config_t *cfg = &job->w->config;
  if (!cfg->output_dir) return;
  const char *base = fs_basename(job->specs.items[0]);
  const char *dot = strrchr(base, '.');
  char *path =
      xasprintf("%s/%.*s-%s.log", cfg->output_dir,
                (int)(dot && dot != base ? (size_t)(dot - base) : strlen(base)), base, job->cid);
  if (log_set_file(path) != 0 || !(job->log = fopen(path, "a"))) {
    fprintf(stderr, "sonde worker: cannot write %s\n", path);
    free(path);
    return;
  }
  job->log_path = path;
  job->log_secrets = secret_generation();
}

void worker_job_start(worker_t *w, json_t *msg) {
  job_t *job = xcalloc(1, sizeof(*job));
  job->w = w;
  job->refs = 2; /* the list's and the advance timer's */
  uv_timer_init(w->loop, &job->advance_timer);
  job->advance_timer.data = job;
  job->next = w->jobs;
  w->jobs = job;
  w->n_jobs++;
  const sonde_config_t *cfg = &w->config;
  job->cid = xstrdup(json_string_value(json_object_get(msg, "cid")) ?: "0-0");
  size_t i;
  json_t *item;
  json_array_foreach(json_object_get(msg, "specs"), i, item) {
    if (json_is_string(item)) strvec_push(&job->specs, json_string_value(item));
  }
  if (job->specs.len == 0)
    strvec_push(&job->specs, json_string_value(json_object_get(msg, "spec")) ?: "");
  job->capabilities = json_incref(json_object_get(msg, "capabilities"));
  if (!job->capabilities) job->capabilities = json_object();
  job->started = (double)uv_hrtime() / 1e6;
  job->active = true;
  job->phase = JP_CONFIG;
  job->realm = js_realm_new(w->rt);
  js_realm_set_slot(job->realm, JS_SLOT_WORKER, job);
  js_realm_set_console(job->realm, console_to_launcher, job);
  js_realm_set_exit_handler(job->realm, on_process_exit, job);
  job_open_log(job);
  log_debug("worker", "job %s: %s", job->cid, job->specs.items[0]);

  const char *cap_base = json_string_value(json_object_get(job->capabilities, "custom:baseUrl"));
  api_bind(w->api, job->realm, &w->api_config, cap_base);
  api_job_begin(w->api, job->realm, job->specs.items[0], job->cid, cfg->object, job->capabilities);
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
    fw_opts = (fw_options_t){.timeout_ms = w->jasmine.timeout,
                             .grep = w->jasmine.grep,
                             .invert = w->jasmine.invert_grep,
                             .file = job->specs.items[0],
                             .drain_ms = cfg->drain_timeout};
  if (cucumber) {
    /* Scenarios are selected by tags, names and lines; hooks get the step timeout. */
    fw_opts = (fw_options_t){.timeout_ms = w->cuke.timeout,
                             .bail = w->cuke.fail_fast,
                             .file = job->specs.items[0],
                             .drain_ms = cfg->drain_timeout};
  }
  char *err = NULL;
  job->runner = fw_runner_new(job->realm, &fw_opts, emit_event, job, &err);
  if (!job->runner) {
    job->error = json_pack("{s:s, s:s}", "name", "Error", "message", err);
    free(err);
    job->phase = JP_AFTER_SESSION;
  } else {
    fw_runner_set_hook_caller(job->runner, runner_hook, runner_hook_defined, job);
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
    } else if (fw_cucumber_support_files(job->cucumber, cfg->dir, &job->support, &job->error) !=
               0) {
      job->phase = JP_AFTER_SESSION;
    }
  }
  job_advance(job);
}
