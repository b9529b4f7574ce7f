/* worker: see worker.h. A job goes: new realm → api and test interface installed → spec
 * loaded (it may use top-level await) → runner:start → tests → runner:end → realm freed
 * on the next loop turn (never from inside the runner's own callbacks) → ready. */
#include "worker/worker.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/api.h"
#include "assert/assert.h"
#include "common/sbuf.h"
#include "config/config.h"
#include "frameworks/runner.h"
#include "js/inspect.h"
#include "js/jsutil.h"
#include "js/runtime.h"
#include "worker/ipc.h"

typedef struct {
  char *cid;
  char *spec;
  json_t *capabilities;
  js_realm_t *realm;
  fw_runner_t *runner;
  double started;
  bool active;
} job_t;

typedef struct {
  uv_loop_t *loop;
  uv_pipe_t channel;
  ipc_reader_t reader;
  js_runtime_t *rt;
  sonde_config_t config;
  api_config_t api_config;
  bool have_config;
  api_client_t *api;
  job_t job;
  uv_timer_t cleanup_timer;
  bool stopping;
  int exit_code;
} worker_t;

static void send_msg(worker_t *w, json_t *msg) {
  if (ipc_write_fd(WORKER_CHANNEL_FD, msg) != 0 && !w->stopping) {
    /* The launcher is gone: nobody is left to report to. */
    w->stopping = true;
    uv_stop(w->loop);
  }
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
                                void *ud) {
  worker_t *w = ud;
  json_t *ev = json_pack("{s:s, s:s, s:s}", "type", "log", "level", level_name(level), "text", text);
  send_job_event(w, ev);
  json_decref(ev);
}

static void emit_event(json_t *ev, void *ud) {
  send_job_event(ud, ev);
}

static void emit_exchange(json_t *ev, void *ud) {
  worker_t *w = ud;
  if (w->job.active) send_job_event(w, ev);
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
  fw_runner_free(job->runner);
  api_unbind(w->api, job->realm);
  js_realm_free(job->realm);
  free(job->cid);
  free(job->spec);
  json_decref(job->capabilities);
  memset(job, 0, sizeof(*job));
  json_t *ready = json_pack("{s:s}", "type", "ready");
  send_msg(w, ready);
  json_decref(ready);
}

static void job_finish(worker_t *w, json_t *error) {
  job_t *job = &w->job;
  fw_stats_t st = {0};
  if (job->runner) fw_runner_stats(job->runner, &st);
  json_t *ev = json_pack("{s:s, s:i, s:i, s:i, s:f}", "type", "runner:end", "passes", st.passes,
                         "failures", st.failures + (error ? 1 : 0), "pending", st.pending,
                         "duration", (double)uv_hrtime() / 1e6 - job->started);
  if (error) json_object_set_new(ev, "error", error);
  send_job_event(w, ev);
  json_decref(ev);
  job->active = false;
  uv_timer_start(&w->cleanup_timer, job_cleanup, 0, 0);
}

static void on_run_done(fw_runner_t *r, void *ud) {
  job_finish(ud, NULL);
}

static JSValueRef on_loaded(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                            const JSValueRef argv[], JSValueRef *exc) {
  worker_t *w = data;
  job_t *job = &w->job;
  if (!job->active) return NULL;
  json_t *ev = json_pack("{s:s, s:s}", "type", "runner:start", "spec", job->spec);
  json_object_set(ev, "capabilities", job->capabilities);
  send_job_event(w, ev);
  json_decref(ev);
  fw_runner_run(job->runner, on_run_done, w);
  return NULL;
}

static JSValueRef on_load_failed(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                                 const JSValueRef argv[], JSValueRef *exc) {
  worker_t *w = data;
  if (!w->job.active) return NULL;
  job_finish(w, load_error_json(ctx, argc ? argv[0] : JSValueMakeUndefined(ctx), w->job.spec));
  return NULL;
}

static void sonde_module_init(js_realm_t *realm, JSObjectRef exports, void *ud) {
  JSContextRef ctx = js_realm_context(realm);
  js_set(ctx, exports, "api", api_global(realm));
  assert_export(realm, exports);
}

static void job_start(worker_t *w, json_t *msg) {
  job_t *job = &w->job;
  const sonde_config_t *cfg = &w->config;
  job->cid = xstrdup(json_string_value(json_object_get(msg, "cid")) ?: "0-0");
  job->spec = xstrdup(json_string_value(json_object_get(msg, "spec")) ?: "");
  job->capabilities = json_incref(json_object_get(msg, "capabilities"));
  if (!job->capabilities) job->capabilities = json_object();
  job->started = (double)uv_hrtime() / 1e6;
  job->active = true;
  job->realm = js_realm_new(w->rt);
  js_realm_set_console(job->realm, console_to_launcher, w);
  JSContextRef ctx = js_realm_context(job->realm);

  const char *cap_base = json_string_value(json_object_get(job->capabilities, "custom:baseUrl"));
  api_bind(w->api, job->realm, &w->api_config, cap_base);
  assert_install_globals(job->realm);

  fw_options_t fw_opts = {
      .timeout_ms = cfg->mocha_timeout,
      .retries = cfg->mocha_retries,
      .bail = cfg->mocha_bail,
      .grep = cfg->mocha_grep,
      .invert = cfg->mocha_invert,
      .file = job->spec,
  };
  char *err = NULL;
  job->runner = fw_runner_new(job->realm, &fw_opts, emit_event, w, &err);
  if (!job->runner) {
    json_t *e = json_pack("{s:s, s:s}", "name", "Error", "message", err);
    free(err);
    job_finish(w, e);
    return;
  }
  fw_mocha_install(job->runner, cfg->mocha_ui);

  JSValueRef exc = NULL;
  JSValueRef loaded = js_module_load(job->realm, job->spec, JS_MODULE_ASYNC, &exc);
  if (!loaded) {
    job_finish(w, load_error_json(ctx, exc, job->spec));
    return;
  }
  if (!js_then(ctx, loaded, on_loaded, on_load_failed, w, NULL, &exc))
    job_finish(w, load_error_json(ctx, exc, job->spec));
}

static void worker_stop(worker_t *w) {
  if (w->stopping) return;
  w->stopping = true;
  uv_read_stop((uv_stream_t *)&w->channel);
  uv_stop(w->loop);
}

static void on_message(json_t *msg, void *ud) {
  worker_t *w = ud;
  const char *type = json_string_value(json_object_get(msg, "type"));
  if (!type) return;
  if (strcmp(type, "init") == 0) {
    sbuf_t err = SBUF_INIT;
    const char *path = json_string_value(json_object_get(msg, "config"));
    if (!path || config_load(w->rt, path, json_object_get(msg, "overrides"), &w->config, &err) != 0 ||
        api_config_parse(&w->config, &w->api_config, &err) != 0) {
      fprintf(stderr, "sonde worker: %s\n", sbuf_cstr(&err));
      sbuf_free(&err);
      w->exit_code = 1;
      worker_stop(w);
      return;
    }
    sbuf_free(&err);
    w->have_config = true;
    json_t *ready = json_pack("{s:s}", "type", "ready");
    send_msg(w, ready);
    json_decref(ready);
  } else if (strcmp(type, "run") == 0 && w->have_config && !w->job.active && !w->job.realm) {
    job_start(w, msg);
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
  js_runtime_add_builtin(w.rt, "sonde", sonde_module_init, &w);
  js_runtime_add_builtin(w.rt, "wdio-api-runner", sonde_module_init, &w);
  js_runtime_add_builtin(w.rt, "@wdio/globals", sonde_module_init, &w);
  assert_register_builtins(w.rt);
  w.api = api_client_new(w.loop);
  if (!w.api) {
    fprintf(stderr, "sonde worker: cannot initialise the HTTP client (libcurl)\n");
    return 2;
  }
  api_set_exchange_sink(w.api, emit_exchange, &w);
  uv_timer_init(w.loop, &w.cleanup_timer);
  w.cleanup_timer.data = &w;
  if (uv_pipe_init(w.loop, &w.channel, 0) != 0 ||
      uv_pipe_open(&w.channel, WORKER_CHANNEL_FD) != 0) {
    fprintf(stderr, "sonde worker: no launcher channel on fd %d\n", WORKER_CHANNEL_FD);
    return 2;
  }
  w.channel.data = &w;
  uv_read_start((uv_stream_t *)&w.channel, alloc_cb, on_read);
  uv_run(w.loop, UV_RUN_DEFAULT);

  if (w.job.realm) job_cleanup(&w.cleanup_timer);
  api_client_free(w.api);
  if (w.have_config) config_free(&w.config);
  api_config_free(&w.api_config);
  js_runtime_free(w.rt);
  ipc_reader_free(&w.reader);
  uv_walk(w.loop, close_walk, NULL);
  uv_run(w.loop, UV_RUN_DEFAULT);
  uv_loop_close(w.loop);
  return w.exit_code;
}
