/* worker: see worker.h. The process side of a worker: the channel to the launcher (messages
 * batched in an outbox written once per loop turn), the config and the api client shared by
 * its jobs (job.c), and the engine's watchdog. */
#include "worker/worker.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api/fetch.h"
#include "assert/assert.h"
#include "common/log.h"
#include "common/sbuf.h"
#include "common/secret.h"
#include "common/teardown.h"
#include "config/services.h"
#include "graphql/graphql.h"
#include "graphql/streams.h"
#include "report/registry.h"
#include "store/store_js.h"
#include "worker/worker_internal.h"

long long worker_resident_bytes(void) {
  FILE *f = fopen("/proc/self/statm", "r");
  if (!f) return 0;
  long long size = 0, resident = 0;
  int n = fscanf(f, "%lld %lld", &size, &resident);
  fclose(f);
  return n == 2 ? resident * (long long)sysconf(_SC_PAGESIZE) : 0;
}

/* "ready" carries the worker's memory, so the launcher can retire a worker that grew. */
json_t *worker_ready_message(long long rss) {
  return json_pack("{s:s, s:I}", "type", "ready", "rss", (json_int_t)rss);
}

/* Messages are batched: one write per loop turn instead of one per event (a run of a
 * thousand tests sends several thousand events). */
#define OUTBOX_FLUSH_AT 65536

void worker_flush(worker_t *w) {
  w->flushed_ns = uv_hrtime();
  if (!w->outbox.len) return;
  if (ipc_write_all(WORKER_CHANNEL_FD, w->outbox.data, w->outbox.len) != 0 && !w->stopping) {
    /* The launcher is gone: nobody is left to report to. */
    w->stopping = true;
    uv_stop(w->loop);
  }
  sbuf_reset(&w->outbox);
}

/* A shared-store request (store_js.c) to the launcher. */
static void store_send(json_t *msg, void *ud) { worker_send(ud, msg); }

/* Before the loop waits. When it will not wait (an immediate is queued: mocha's next step
 * after a test is one), the batch grows on unless it is WORKER_START_FLUSH_NS old: a write
 * for every step of a run of quick tests woke the launcher each time. */
static void on_flush_prepare(uv_prepare_t *h) {
  worker_t *w = h->data;
  if (js_runtime_immediates_pending(w->rt) && uv_hrtime() - w->flushed_ns < WORKER_START_FLUSH_NS)
    return;
  worker_flush(w);
}

/* process.exit() outside a spec file's realm (the config's code) ends the process from
 * inside JavaScript: still deliver what the jobs reported so far. */
static worker_t *exiting_worker;

static void flush_at_exit(void) {
  if (exiting_worker) worker_flush(exiting_worker);
}

void worker_send(worker_t *w, json_t *msg) {
  secret_mask_json(msg); /* a secret an API echoed never leaves the worker (issue 13) */
  ipc_encode_event_to(&w->outbox, &w->titles, msg);
  if (w->outbox.len >= OUTBOX_FLUSH_AT) worker_flush(w);
}

/* A secret the worker has just learned (a masked header's value, a token an interceptor
 * set): the launcher masks the reports it writes later with it, so a secret printed before
 * it was known is masked in them. Not through worker_send, which would mask it. */
static void send_secret(const char *value, size_t len, void *ud) {
  worker_t *w = ud;
  char *hex = secret_to_hex(value, len);
  json_t *msg = json_pack("{s:s, s:s}", "type", "secret", "hex", hex);
  ipc_encode_to(&w->outbox, msg);
  json_decref(msg);
  free(hex);
}

/* Every event of a job names its cid: the launcher tells interleaved jobs apart by it. */
static void sonde_module_init(js_realm_t *realm, JSObjectRef exports, void *ud) {
  api_export(realm, exports);
  assert_export(realm, exports);
  fw_cucumber_export(realm, exports);
  graphql_export(realm, exports);
}

/* jasmineOpts.requires (resolved from the cwd), then the files of the helpers globs (from the
 * config's folder, sorted as jasmine loads them). */
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
  w->rss_start = worker_resident_bytes();
  json_t *ready = worker_ready_message(w->rss_start);
  worker_send(w, ready);
  json_decref(ready);
}

static void on_message(json_t *msg, void *ud) {
  worker_t *w = ud;
  const char *type = json_string_value(json_object_get(msg, "type"));
  if (!type) return;
  if (strcmp(type, "init") == 0) {
    sbuf_t err = SBUF_INIT;
    const char *path = json_string_value(json_object_get(msg, "config"));
    const json_t *overrides = json_object_get(msg, "overrides");
    assert_openapi_seed_fetched(json_object_get(msg, "openapiDocuments"));
    if (!path || config_load(w->rt, path, overrides, &w->config, &err) != 0 ||
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
    w->collect_at = (long long)json_integer_value(json_object_get(msg, "collectAt"));
    w->all_exchanges = (report_needs(&w->config) & REPORT_NEEDS_ALL_EXCHANGES) != 0;
    /* Services count: their worker hooks run in the spec's realm too (job.c). */
    w->has_worker_hooks = worker_has_job_hooks(&w->config) || services_configured(&w->config);
    w->watchdog_s = w->config.watchdog_timeout / 1000;
    js_runtime_set_watchdog(w->rt, w->watchdog_s, worker_job_watchdog, w);
    js_realm_set_console(w->config.realm, worker_config_console, w);
    int level = log_level_parse(w->config.log_level);
    log_configure(level < 0 ? LOG_INFO : (log_level_t)level,
                  json_object_get(w->config.json, "logLevels"), getenv("DEBUG"));
    api_client_prepare(w->api, &w->config, on_api_ready, w);
  } else if (strcmp(type, "run") == 0 && w->have_config) {
    worker_job_start(w, msg);
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
  /* Ctrl-C reaches the whole process group: the launcher handles it (it stops the workers
   * with SIGTERM and finishes the reports), so a worker must not die of it first, which
   * the launcher could see before its own SIGINT and take for a crash. */
  signal(SIGINT, SIG_IGN);
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
  secret_set_listener(send_secret, &w);
  w.api = api_client_new(w.loop);
  if (!w.api) {
    fprintf(stderr, "sonde worker: cannot initialise the HTTP client (libcurl)\n");
    return 2;
  }
  api_set_exchange_sink(w.api, worker_job_exchange, &w);
  /* apiRunner.openapi.validate; the check itself reads the mode, which the config sets */
  api_set_response_check(w.api, assert_openapi_auto_check, NULL);
  api_set_request_check(w.api, assert_openapi_request_check, NULL);
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

  while (w.jobs) {
    w.jobs->dead = true;
    worker_job_cleanup(w.jobs);
  }
  worker_flush(&w);
  exiting_worker = NULL;
  if (!sonde_full_teardown()) {
    log_shutdown();
    fflush(NULL);
    _exit(w.exit_code);
  }
  sbuf_free(&w.outbox);
  ipc_titles_free(&w.titles);
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
