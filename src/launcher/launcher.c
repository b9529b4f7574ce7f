/* launcher: see launcher.h. Worker slots are libuv child processes (this binary in worker
 * mode, spawned fresh: never a fork of a process whose engine has started) with a
 * socketpair on fd 3. A slot that dies is replaced while jobs remain; its job is reported
 * failed with the reason. Only this process writes to the terminal and the reports. */
#include "launcher/launcher.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "api/api.h"
#include "common/fsutil.h"
#include "common/sbuf.h"
#include "config/config.h"
#include "js/runtime.h"
#include "launcher/planner.h"
#include "report/registry.h"
#include "worker/ipc.h"
#include "worker/worker.h"

typedef enum { JOB_QUEUED, JOB_RUNNING, JOB_DONE } job_state_t;

typedef struct {
  char *cid;
  char *spec;
  char *spec_display;
  json_t *capabilities;
  job_state_t state;
  bool started;       /* runner:start seen */
  bool ended;         /* runner:end seen */
  bool passed;
  bool skipped;       /* every test filtered out */
  strvec_t suites;    /* titles of the open suites, for the failure lines */
  sbuf_t early_logs;  /* stdout lines logged while the spec loaded, printed after RUNNING */
} job_t;

typedef struct launcher launcher_t;

typedef struct {
  launcher_t *l;
  uv_process_t proc;
  uv_pipe_t channel;
  ipc_reader_t reader;
  job_t *job;
  int handles_open;
  bool exited;
  int64_t exit_status;
  int term_signal;
} slot_t;

struct launcher {
  uv_loop_t *loop;
  sonde_config_t *cfg;
  const cli_options_t *cli;
  char exe[4096];
  job_t *jobs;
  size_t n_jobs;
  size_t next_job;
  size_t running_slots;
  reporter_t **reporters;
  size_t n_reporters;
  bool color;
  int passed, failed, skipped;
  int worker_errors;   /* workers that exited badly between or after jobs */
  uint64_t started_ns;
};

static void slot_start(launcher_t *l);

/* ---- output ---- */

static const char *cap_label(const json_t *caps) {
  const char *b = json_string_value(json_object_get(caps, "browserName"));
  if (b) return b;
  const char *p = json_string_value(json_object_get(caps, "platformName"));
  return p ? p : "api";
}

static void print_prefixed(FILE *out, const char *cid, const char *text) {
  const char *p = text;
  for (;;) {
    const char *nl = strchr(p, '\n');
    size_t n = nl ? (size_t)(nl - p) : strlen(p);
    fprintf(out, "[%s] %.*s\n", cid, (int)n, p);
    if (!nl) break;
    p = nl + 1;
  }
  fflush(out);
}

static void print_job_line(launcher_t *l, job_t *job, const char *state);

static void flush_early_logs(job_t *job) {
  if (!job->early_logs.len) return;
  print_prefixed(stdout, job->cid, job->early_logs.data);
  sbuf_free(&job->early_logs);
}

static void print_job_line(launcher_t *l, job_t *job, const char *state) {
  const char *color = "";
  if (l->color) {
    if (strcmp(state, "PASSED") == 0) color = "\x1b[32m";
    else if (strcmp(state, "FAILED") == 0) color = "\x1b[31m";
    else if (strcmp(state, "SKIPPED") == 0) color = "\x1b[36m";
  }
  printf("[%s] %s%s%s in %s - %s\n", job->cid, color, state, l->color && *color ? "\x1b[0m" : "",
         cap_label(job->capabilities), job->spec_display);
  fflush(stdout);
}

static void print_failure(launcher_t *l, job_t *job, json_t *ev) {
  json_t *err = json_object_get(ev, "error");
  const char *name = json_string_value(json_object_get(err, "name"));
  const char *msg = json_string_value(json_object_get(err, "message"));
  const char *stack = json_string_value(json_object_get(err, "stack"));
  sbuf_t title = SBUF_INIT;
  for (size_t i = 0; i < job->suites.len; i++) sbuf_printf(&title, "%s.", job->suites.items[i]);
  sbuf_puts(&title, json_string_value(json_object_get(ev, "title")) ?: "");
  sbuf_t text = SBUF_INIT;
  sbuf_printf(&text, "%s in \"%s\"\n", name ? name : "Error", sbuf_cstr(&title));
  if (stack && msg && strstr(stack, msg)) sbuf_puts(&text, stack);
  else {
    sbuf_printf(&text, "%s: %s", name ? name : "Error", msg ? msg : "");
    if (stack && stack[0]) sbuf_printf(&text, "\n%s", stack);
  }
  print_prefixed(stdout, job->cid, sbuf_cstr(&text));
  sbuf_free(&title);
  sbuf_free(&text);
}

/* ---- reporters ---- */

static void report_event(launcher_t *l, job_t *job, const json_t *ev) {
  report_job_t rj = {job->cid, job->spec, job->spec_display, job->capabilities};
  for (size_t i = 0; i < l->n_reporters; i++) l->reporters[i]->ops->event(l->reporters[i], &rj, ev);
}

static void job_done(launcher_t *l, job_t *job, bool passed) {
  job->state = JOB_DONE;
  job->passed = passed;
  report_job_t rj = {job->cid, job->spec, job->spec_display, job->capabilities};
  for (size_t i = 0; i < l->n_reporters; i++)
    l->reporters[i]->ops->job_end(l->reporters[i], &rj, passed);
  if (job->skipped) {
    l->skipped++;
    print_job_line(l, job, "SKIPPED");
  } else if (passed) {
    l->passed++;
    print_job_line(l, job, "PASSED");
  } else {
    l->failed++;
    print_job_line(l, job, "FAILED");
  }
  strvec_free(&job->suites);
}

/* ---- talking to workers ---- */

typedef struct {
  uv_write_t req;
  char *data;
} write_req_t;

static void on_written(uv_write_t *req, int status) {
  write_req_t *w = (write_req_t *)req;
  free(w->data);
  free(w);
}

static void slot_send(slot_t *s, json_t *msg) {
  if (s->exited) return;
  write_req_t *w = xmalloc(sizeof(*w));
  size_t len;
  w->data = ipc_encode(msg, &len);
  uv_buf_t buf = uv_buf_init(w->data, (unsigned)len);
  if (uv_write(&w->req, (uv_stream_t *)&s->channel, &buf, 1, on_written) != 0) {
    free(w->data);
    free(w);
  }
}

static void slot_next(slot_t *s) {
  launcher_t *l = s->l;
  if (l->next_job >= l->n_jobs) {
    json_t *bye = json_pack("{s:s}", "type", "shutdown");
    slot_send(s, bye);
    json_decref(bye);
    return;
  }
  job_t *job = &l->jobs[l->next_job++];
  job->state = JOB_RUNNING;
  s->job = job;
  json_t *run = json_pack("{s:s, s:s, s:s, s:O}", "type", "run", "cid", job->cid, "spec",
                          job->spec, "capabilities", job->capabilities);
  slot_send(s, run);
  json_decref(run);
}

static void on_worker_message(json_t *msg, void *ud) {
  slot_t *s = ud;
  launcher_t *l = s->l;
  const char *type = json_string_value(json_object_get(msg, "type"));
  if (!type) return;
  if (strcmp(type, "ready") == 0) {
    slot_next(s);
    return;
  }
  job_t *job = s->job;
  if (!job) return;
  if (strcmp(type, "log") == 0) {
    const char *level = json_string_value(json_object_get(msg, "level")) ?: "log";
    const char *text = json_string_value(json_object_get(msg, "text")) ?: "";
    bool err = strcmp(level, "warn") == 0 || strcmp(level, "error") == 0;
    if (!err && !job->started) {
      /* The job's RUNNING line comes once the file has loaded; keep what it printed while
       * loading until then, so its output reads in order. */
      if (job->early_logs.len) sbuf_putc(&job->early_logs, '\n');
      sbuf_puts(&job->early_logs, text);
    } else {
      print_prefixed(err ? stderr : stdout, job->cid, text);
    }
    report_event(l, job, msg);
    return;
  }
  if (strcmp(type, "runner:start") == 0) {
    job->started = true;
    print_job_line(l, job, "RUNNING");
    flush_early_logs(job);
  } else if (strcmp(type, "suite:start") == 0) {
    strvec_push(&job->suites, json_string_value(json_object_get(msg, "title")) ?: "");
  } else if (strcmp(type, "suite:end") == 0) {
    if (job->suites.len) free(job->suites.items[--job->suites.len]);
  } else if (strcmp(type, "test:fail") == 0) {
    print_failure(l, job, msg);
  }
  report_event(l, job, msg);
  if (strcmp(type, "runner:end") == 0) {
    job->ended = true;
    json_int_t failures = json_integer_value(json_object_get(msg, "failures"));
    json_int_t passes = json_integer_value(json_object_get(msg, "passes"));
    json_int_t pending = json_integer_value(json_object_get(msg, "pending"));
    bool has_error = json_object_get(msg, "error") != NULL;
    if (has_error && !job->started) {
      print_job_line(l, job, "RUNNING");
      flush_early_logs(job);
    }
    job->skipped = !has_error && failures == 0 && passes == 0 && pending == 0;
    s->job = NULL;
    job_done(l, job, failures == 0 && !has_error);
  }
}

/* ---- worker processes ---- */

static void slot_handle_closed(uv_handle_t *h) {
  slot_t *s = h->data;
  if (--s->handles_open == 0) {
    ipc_reader_free(&s->reader);
    free(s);
  }
}

static char *exit_reason(const slot_t *s) {
  if (s->term_signal) {
    const char *name = strsignal(s->term_signal);
    return xasprintf("the worker process was killed by signal %d (%s)", s->term_signal,
                     name ? name : "unknown");
  }
  return xasprintf("the worker process exited with code %lld", (long long)s->exit_status);
}

static void slot_lost_job(slot_t *s) {
  launcher_t *l = s->l;
  job_t *job = s->job;
  s->job = NULL;
  char *reason = exit_reason(s);
  char *msg = xasprintf("%s while running %s", reason, job->spec_display);
  json_t *ev = json_pack("{s:s, s:s, s:i, s:i, s:i, s:f, s:{s:s, s:s}}", "type", "runner:end",
                         "cid", job->cid, "passes", 0, "failures", 1, "pending", 0, "duration",
                         0.0, "error", "name", "WorkerCrash", "message", msg);
  if (!job->started) {
    print_job_line(l, job, "RUNNING");
    flush_early_logs(job);
  }
  print_prefixed(stderr, job->cid, msg);
  report_event(l, job, ev);
  json_decref(ev);
  free(reason);
  free(msg);
  job_done(l, job, false);
}

static void on_worker_exit(uv_process_t *proc, int64_t status, int signal) {
  slot_t *s = proc->data;
  launcher_t *l = s->l;
  s->exited = true;
  s->exit_status = status;
  s->term_signal = signal;
  l->running_slots--;
  if (s->job) {
    slot_lost_job(s);
  } else if (status != 0 || signal != 0) {
    /* No job was lost, but a worker must end cleanly: a non-zero exit here is a crash on
     * shutdown or a sanitizer report, which must not pass unnoticed. */
    char *reason = exit_reason(s);
    fprintf(stderr, "sonde: %s after finishing its jobs\n", reason);
    free(reason);
    l->worker_errors++;
  }
  uv_close((uv_handle_t *)&s->proc, slot_handle_closed);
  if (!uv_is_closing((uv_handle_t *)&s->channel)) uv_close((uv_handle_t *)&s->channel, slot_handle_closed);
  if (l->next_job < l->n_jobs) slot_start(l);
}

static void alloc_cb(uv_handle_t *h, size_t suggested, uv_buf_t *buf) {
  buf->base = xmalloc(suggested);
  buf->len = suggested;
}

static void on_read(uv_stream_t *stream, ssize_t n, const uv_buf_t *buf) {
  slot_t *s = stream->data;
  if (n > 0) ipc_reader_feed(&s->reader, buf->base, (size_t)n, on_worker_message, s);
  free(buf->base);
  if (n < 0) uv_read_stop(stream);
}

static void slot_start(launcher_t *l) {
  slot_t *s = xcalloc(1, sizeof(*s));
  s->l = l;
  uv_pipe_init(l->loop, &s->channel, 0);
  s->channel.data = s;
  s->proc.data = s;
  char *args[] = {l->exe, "worker", NULL};
  uv_stdio_container_t stdio[4];
  stdio[0].flags = UV_IGNORE;
  stdio[1].flags = UV_INHERIT_FD;
  stdio[1].data.fd = 1;
  stdio[2].flags = UV_INHERIT_FD;
  stdio[2].data.fd = 2;
  stdio[3].flags = UV_CREATE_PIPE | UV_READABLE_PIPE | UV_WRITABLE_PIPE;
  stdio[3].data.stream = (uv_stream_t *)&s->channel;
  uv_process_options_t opts = {0};
  opts.file = l->exe;
  opts.args = args;
  opts.exit_cb = on_worker_exit;
  opts.stdio = stdio;
  opts.stdio_count = 4;
  int rc = uv_spawn(l->loop, &s->proc, &opts);
  if (rc != 0) {
    fprintf(stderr, "sonde: cannot start a worker process (%s): %s\n", l->exe, uv_strerror(rc));
    s->handles_open = 1;
    uv_close((uv_handle_t *)&s->channel, slot_handle_closed);
    /* Without workers the remaining jobs cannot run: fail them so the run ends. */
    while (l->next_job < l->n_jobs) {
      job_t *job = &l->jobs[l->next_job++];
      job_done(l, job, false);
    }
    return;
  }
  s->handles_open = 2;
  l->running_slots++;
  uv_read_start((uv_stream_t *)&s->channel, alloc_cb, on_read);
  json_t *init = json_pack("{s:s, s:s, s:O}", "type", "init", "config", l->cfg->path, "overrides",
                           l->cli->overrides);
  slot_send(s, init);
  json_decref(init);
}

/* ---- planning ---- */

static void plan_jobs(launcher_t *l, const strvec_t *specs) {
  size_t ncaps = json_array_size(l->cfg->capabilities);
  l->n_jobs = ncaps * specs->len;
  l->jobs = xcalloc(l->n_jobs ? l->n_jobs : 1, sizeof(job_t));
  char *cwd = fs_cwd();
  size_t k = 0;
  for (size_t c = 0; c < ncaps; c++) {
    for (size_t i = 0; i < specs->len; i++) {
      job_t *job = &l->jobs[k++];
      job->cid = xasprintf("%zu-%zu", c, i);
      job->spec = xstrdup(specs->items[i]);
      job->spec_display = fs_relative(cwd, specs->items[i]);
      job->capabilities = json_incref(json_array_get(l->cfg->capabilities, c));
    }
  }
  free(cwd);
}

static void free_jobs(launcher_t *l) {
  for (size_t i = 0; i < l->n_jobs; i++) {
    free(l->jobs[i].cid);
    free(l->jobs[i].spec);
    free(l->jobs[i].spec_display);
    json_decref(l->jobs[i].capabilities);
    strvec_free(&l->jobs[i].suites);
    sbuf_free(&l->jobs[i].early_logs);
  }
  free(l->jobs);
}

static bool use_color(void) {
  const char *no = getenv("NO_COLOR");
  if (no && no[0]) return false;
  const char *force = getenv("FORCE_COLOR");
  if (force && strcmp(force, "0") == 0) return false;
  if (force && force[0]) return true;
  return isatty(STDOUT_FILENO);
}

static void print_summary(launcher_t *l) {
  uint64_t secs = (uv_hrtime() - l->started_ns) / 1000000000ULL;
  size_t total = l->n_jobs;
  size_t finished = (size_t)(l->passed + l->failed + l->skipped);
  sbuf_t b = SBUF_INIT;
  sbuf_printf(&b, "\nSpec Files:\t %d passed, ", l->passed);
  if (l->failed) sbuf_printf(&b, "%d failed, ", l->failed);
  if (l->skipped) sbuf_printf(&b, "%d skipped, ", l->skipped);
  sbuf_printf(&b, "%zu total (%d%% completed) in %02llu:%02llu:%02llu  \n", total,
              total ? (int)(finished * 100 / total) : 100, (unsigned long long)(secs / 3600),
              (unsigned long long)(secs / 60 % 60), (unsigned long long)(secs % 60));
  fputs(sbuf_cstr(&b), stdout);
  fflush(stdout);
  sbuf_free(&b);
}

int launcher_run(const cli_options_t *opts, int argc, char **argv) {
  launcher_t l = {0};
  l.loop = uv_default_loop();
  l.cli = opts;
  l.started_ns = uv_hrtime();
  l.color = use_color();
  size_t exe_len = sizeof(l.exe);
  if (uv_exepath(l.exe, &exe_len) != 0) snprintf(l.exe, sizeof(l.exe), "%s", argv[0]);
  signal(SIGPIPE, SIG_IGN);

  js_runtime_t *rt = js_runtime_new(l.loop, argc, argv);
  sonde_config_t cfg;
  sbuf_t err = SBUF_INIT;
  int code = 1;
  if (config_load(rt, opts->config_path, opts->overrides, &cfg, &err) != 0) {
    fprintf(stderr, "sonde: %s\n", sbuf_cstr(&err));
    goto out_config;
  }
  l.cfg = &cfg;
  api_config_t api_cfg;
  int api_ok = api_config_parse(&cfg, &api_cfg, &err);
  api_config_free(&api_cfg);
  if (api_ok != 0) {
    fprintf(stderr, "sonde: %s\n", sbuf_cstr(&err));
    goto out_config;
  }
  strvec_t specs = STRVEC_INIT, warnings = STRVEC_INIT;
  int planned = planner_collect_specs(&cfg, &opts->specs, &opts->excludes, &specs, &warnings, &err);
  for (size_t i = 0; i < warnings.len; i++) fprintf(stderr, "sonde: warning: %s\n", warnings.items[i]);
  strvec_free(&warnings);
  if (planned != 0) {
    fprintf(stderr, "sonde: %s\n", sbuf_cstr(&err));
    strvec_free(&specs);
    goto out_config;
  }
  plan_jobs(&l, &specs);
  strvec_free(&specs);

  report_env_t env = {stdout, l.color};
  if (report_create_all(&cfg, &env, &l.reporters, &l.n_reporters, &err) != 0) {
    fprintf(stderr, "sonde: %s\n", sbuf_cstr(&err));
    free_jobs(&l);
    goto out_config;
  }

  time_t now = time(NULL);
  char stamp[64];
  strftime(stamp, sizeof(stamp), "%Y-%m-%dT%H:%M:%S.000Z", gmtime(&now));
  printf("\nExecution of %zu workers started at %s\n\n", l.n_jobs, stamp);
  fflush(stdout);

  size_t slots = (size_t)cfg.max_instances < l.n_jobs ? (size_t)cfg.max_instances : l.n_jobs;
  for (size_t i = 0; i < slots; i++) slot_start(&l);
  uv_run(l.loop, UV_RUN_DEFAULT);

  /* Jobs that never ran (no worker could start) count as failed. */
  for (size_t i = 0; i < l.n_jobs; i++)
    if (l.jobs[i].state != JOB_DONE) job_done(&l, &l.jobs[i], false);
  report_summary_t summary = {l.passed, l.failed, l.skipped, 0, (int)l.n_jobs,
                              (double)(uv_hrtime() - l.started_ns) / 1e6};
  for (size_t i = 0; i < l.n_reporters; i++) l.reporters[i]->ops->run_end(l.reporters[i], &summary);
  print_summary(&l);
  code = (l.failed || l.worker_errors) ? 1 : 0;
  for (size_t i = 0; i < l.n_reporters; i++) l.reporters[i]->ops->free(l.reporters[i]);
  free(l.reporters);
  free_jobs(&l);
out_config:
  config_free(&cfg);
  js_runtime_free(rt);
  sbuf_free(&err);
  uv_run(l.loop, UV_RUN_DEFAULT);
  uv_loop_close(l.loop);
  return code;
}
