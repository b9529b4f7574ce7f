/* pool: worker processes. Each slot is this binary in worker mode with a socketpair on
 * fd 3: forked by the zygote (zygote.h), or spawned fresh with uv_spawn when there is
 * none; never a fork of a process whose engine has started. The pool turns worker
 * messages into launcher calls; when a worker dies with a job, the job is reported lost
 * and the launcher decides whether to start another worker. */
#include <signal.h>
#include <stdio.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "assert/assert.h"
#include "common/log.h"
#include "common/secret.h"
#include "launcher/launcher_internal.h"
#include "launcher/zygote.h"
#include "store/store_js.h"

/* How much a worker may grow over its start before it is replaced (see "ready"), in MB;
 * SONDE_WORKER_MAX_GROWTH_MB overrides it (0 replaces a worker after every job). */
#if defined(__SANITIZE_ADDRESS__)
/* AddressSanitizer keeps freed memory in quarantine and adds shadow memory: a worker grows
 * several times faster, and tests that expect one worker for a few files would see it
 * replaced. */
#define POOL_RECYCLE_GROWTH_MB 64
#else
/* A worker is ~22 MB when ready: with 7.5 MB it peaks at 29.1-29.5 MB (the bench's 50-test
 * files, 200 files of 5 tests), inside the 30 MB budget (issue 8); with 8 it touched
 * 30.1 MB, and 7 cost ~5% more time in replacements. */
#define POOL_RECYCLE_GROWTH_MB 7.5
#endif

static long long recycle_growth_bytes(void) {
  static long long bytes = -1;
  if (bytes < 0) {
    const char *env = getenv("SONDE_WORKER_MAX_GROWTH_MB");
    char *end = NULL;
    double mb = env ? strtod(env, &end) : -1;
    if (!env || end == env || *end || !(mb >= 0) || mb > 1e6) mb = POOL_RECYCLE_GROWTH_MB;
    bytes = (long long)(mb * 1048576);
  }
  return bytes;
}

typedef struct {
  uv_write_t req;
  char *data;
} write_req_t;

static void on_written(uv_write_t *req, int status) {
  write_req_t *w = (write_req_t *)req;
  free(w->data);
  free(w);
}

void pool_send(slot_t *s, json_t *msg) {
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

bool pool_slot_accepting(const launcher_t *l, const slot_t *s) {
  return s->ever_ready && !s->exited && !s->shutdown_sent && !s->draining &&
         s->n_jobs < l->per_worker;
}

void pool_slot_add_job(slot_t *s, job_t *job) {
  s->jobs = xrealloc(s->jobs, (s->n_jobs + 1) * sizeof(*s->jobs));
  s->jobs[s->n_jobs++] = job;
  job->slot = s;
}

void pool_slot_remove_job(slot_t *s, job_t *job) {
  for (size_t i = 0; i < s->n_jobs; i++) {
    if (s->jobs[i] != job) continue;
    memmove(s->jobs + i, s->jobs + i + 1, (s->n_jobs - i - 1) * sizeof(*s->jobs));
    s->n_jobs--;
    break;
  }
  if (job->slot == s) job->slot = NULL;
  if (s->draining && s->n_jobs == 0) pool_shutdown_slot(s);
}

void pool_run_job(slot_t *s, job_t *job) {
  s->jobs_run++;
  json_t *specs = json_array();
  for (size_t i = 0; i < job->specs.len; i++)
    json_array_append_new(specs, json_string(job->specs.items[i]));
  json_t *run = json_pack("{s:s, s:s, s:o, s:O, s:i}", "type", "run", "cid", job->cid, "specs",
                          specs, "capabilities", job->capabilities, "retries", job->retries);
  pool_send(s, run);
  json_decref(run);
}

void pool_shutdown_slot(slot_t *s) {
  if (s->shutdown_sent || s->exited) return;
  s->shutdown_sent = true;
  json_t *bye = json_pack("{s:s}", "type", "shutdown");
  pool_send(s, bye);
  json_decref(bye);
}

void pool_kill_slot(slot_t *s, int signum) {
  pool_settle_pid(s->l);
  if (s->exited) return;
  if (s->forked) kill(s->pid, signum);
  else uv_process_kill(&s->proc, signum);
}

void pool_kill_all(launcher_t *l, int signum) {
  for (slot_t *s = l->slots; s; s = s->next) pool_kill_slot(s, signum);
}

/* The answer to a worker's shared-store request (a worker that exited gets nothing). */
static void store_send(void *owner, json_t *reply) { pool_send(owner, reply); }

/* The job of an event: the worker names it by cid (several run at once). */
static job_t *slot_job(const slot_t *s, const json_t *msg) {
  const char *cid = json_string_value(json_object_get(msg, "cid"));
  if (!cid) return s->n_jobs == 1 ? s->jobs[0] : NULL;
  for (size_t i = 0; i < s->n_jobs; i++)
    if (strcmp(s->jobs[i]->cid, cid) == 0) return s->jobs[i];
  return NULL;
}

static void on_worker_message(json_t *msg, void *ud) {
  slot_t *s = ud;
  launcher_t *l = s->l;
  const char *type = json_string_value(json_object_get(msg, "type"));
  if (!type) return;
  if (strcmp(type, "ready") == 0) {
    pool_settle_pid(l); /* the zygote wrote it as it forked the worker */
    s->ever_ready = true;
    long long rss = (long long)json_integer_value(json_object_get(msg, "rss"));
    /* Files still running hold memory of their own: each may add a growth's worth. */
    long long allowed = recycle_growth_bytes() * (long long)(1 + s->n_jobs);
    if (!s->rss_start) {
      s->rss_start = rss;
      log_debug("launcher", "worker process %d ready at %.1f MB", (int)s->pid, rss / 1048576.0);
    } else if (!s->draining &&
               (rss - s->rss_start > allowed || (recycle_growth_bytes() == 0 && s->jobs_run > 0))) {
      /* The engine keeps some memory of every spec file a process ran; a fresh worker
       * keeps a long run's memory flat for the price of one process start. */
      log_debug("launcher", "worker process %d grew to %lld MB: replacing it", (int)s->pid,
                rss >> 20);
      s->draining = true;
      if (s->n_jobs == 0) pool_shutdown_slot(s);
    }
    launcher_dispatch(l);
    return;
  }
  if (strcmp(type, "store") == 0) {
    store_js_serve(l->store, msg, s, store_send);
    return;
  }
  if (strcmp(type, "secret") == 0) { /* masked in what the reporters write from now on */
    secret_add_hex(json_string_value(json_object_get(msg, "hex")));
    return;
  }
  if (strcmp(type, "retire") == 0) {
    log_debug("launcher", "worker process %d retires after its watchdog fired", (int)s->pid);
    s->draining = true;
    if (s->n_jobs == 0) pool_shutdown_slot(s);
    launcher_dispatch(l);
    return;
  }
  job_t *job = slot_job(s, msg);
  if (job) {
    launcher_on_event(l, job, msg);
  } else if (strcmp(type, "log") == 0) {
    /* The config's realm of a worker running several files: no file to name. */
    char *who = xasprintf("worker %d", (int)s->pid);
    launcher_print_prefixed(stderr, who, json_string_value(json_object_get(msg, "text")) ?: "");
    free(who);
  }
}

static void slot_handle_closed(uv_handle_t *h) {
  slot_t *s = h->data;
  if (--s->handles_open > 0) return;
  launcher_t *l = s->l;
  for (slot_t **pp = &l->slots; *pp; pp = &(*pp)->next) {
    if (*pp == s) {
      *pp = s->next;
      break;
    }
  }
  ipc_reader_free(&s->reader);
  store_cancel_owner(l->store, s); /* its waiting pool takes */
  free(s->jobs);
  free(s);
}

static char *exit_reason(const slot_t *s) {
  if (s->term_signal) {
    const char *name = strsignal(s->term_signal);
    return xasprintf("the worker process was killed by signal %d (%s)", s->term_signal,
                     name ? name : "unknown");
  }
  return xasprintf("the worker process exited with code %lld", (long long)s->exit_status);
}

static void close_slot(slot_t *s) {
  if (!s->forked) uv_close((uv_handle_t *)&s->proc, slot_handle_closed);
  if (!uv_is_closing((uv_handle_t *)&s->channel))
    uv_close((uv_handle_t *)&s->channel, slot_handle_closed);
}

static void slot_exited(slot_t *s, int64_t status, int signal) {
  launcher_t *l = s->l;
  s->exited = true;
  s->exit_status = status;
  s->term_signal = signal;
  l->n_slots--;
  if (!s->init_sent) {
    /* A worker started ahead of the config (see launcher_run) and never needed. */
    close_slot(s);
    return;
  }
  /* Events the worker wrote just before it ended may still sit in the socket: read them
   * before judging its job (its runner:end may be there). */
  uv_os_fd_t fd;
  if (uv_fileno((uv_handle_t *)&s->channel, &fd) == 0) {
    char buf[65536];
    ssize_t n;
    while ((n = read(fd, buf, sizeof(buf))) > 0)
      ipc_reader_feed(&s->reader, buf, (size_t)n, on_worker_message, s);
  }
  char *reason = exit_reason(s);
  log_debug("launcher", "worker process %d ended: %s", (int)s->pid, reason);
  if (s->n_jobs) {
    /* Every file the process ran goes down with it: each is reported lost (and retried
     * when specFileRetries allows), saying that it shared the process. */
    size_t n = s->n_jobs;
    job_t **lost = xmalloc(n * sizeof(*lost));
    memcpy(lost, s->jobs, n * sizeof(*lost));
    for (size_t i = 0; i < n; i++) launcher_job_lost(l, lost[i], reason, n - 1);
    free(lost);
  } else if (!s->ever_ready && !l->stop_signal) {
    /* It could not start (its own message is above: config, client factory): another
     * worker would fail the same way, so the queued jobs cannot run. */
    fprintf(stderr, "sonde: a worker could not start (%s); stopping the run\n", reason);
    l->workers_broken = true;
    l->worker_errors++;
  } else if ((status != 0 || signal != 0) && !l->stop_signal) {
    /* No job was lost, but a worker must end cleanly: a non-zero exit here is a crash on
     * shutdown or a sanitizer report, which must not pass unnoticed. */
    fprintf(stderr, "sonde: %s after finishing its jobs\n", reason);
    l->worker_errors++;
  }
  free(reason);
  close_slot(s);
  launcher_dispatch(l);
}

static void on_worker_exit(uv_process_t *proc, int64_t status, int signal) {
  slot_exited(proc->data, status, signal);
}

/* ---- workers forked by the zygote ---- */

static void on_forked_exit(pid_t pid, int status, void *ud) {
  launcher_t *l = ud;
  pool_settle_pid(l);
  for (slot_t *s = l->slots; s; s = s->next) {
    if (!s->forked || s->pid != pid || s->exited) continue;
    if (WIFSIGNALED(status)) slot_exited(s, 0, WTERMSIG(status));
    else slot_exited(s, WIFEXITED(status) ? WEXITSTATUS(status) : 0, 0);
    return;
  }
}

static void on_zygote_readable(uv_poll_t *poll, int status, int events) {
  if (!zygote_read_exits(on_forked_exit, poll->data)) {
    /* It only ends before the launcher if it was killed: its workers' exits can no
     * longer be told, so the end of a worker's channel stands for its exit (on_read). */
    launcher_t *l = poll->data;
    log_debug("launcher", "the zygote has gone");
    uv_poll_stop(poll);
    l->zygote_gone = true;
    /* A worker whose channel ended before the zygote's death was seen (a killed process
     * may take a while to go on a busy machine) is gone too. slot_exited changes the
     * list: search again after each. */
    for (;;) {
      slot_t *s = l->slots;
      while (s && !(s->forked && !s->exited && s->channel_ended)) s = s->next;
      if (!s) break;
      slot_exited(s, 0, 0);
    }
  }
}

/* The slot's worker forked by the zygote; false when there is no zygote or it failed. The
 * worker asked for before the config is loaded does not wait for its pid: the zygote may
 * still be preloading libcurl, and the launcher evaluates the config meanwhile.
 * pool_settle_pid reads it. */
static bool fork_worker(launcher_t *l, slot_t *s) {
  if (!zygote_available()) return false;
  pool_settle_pid(l);
  if (!l->zygote_watched) {
    if (uv_poll_init(l->loop, &l->zygote_poll, zygote_exit_fd()) != 0) return false;
    l->zygote_poll.data = l;
    uv_poll_start(&l->zygote_poll, UV_READABLE, on_zygote_readable);
    l->zygote_watched = true;
  }
  int sv[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) return false;
  bool early = !l->cfg;
  pid_t pid = 0;
  bool asked = early ? zygote_spawn_start(sv[1]) : (pid = zygote_spawn(sv[1])) > 0;
  close(sv[1]);
  if (!asked || uv_pipe_open(&s->channel, sv[0]) != 0) {
    close(sv[0]);
    if (asked && early) pid = zygote_spawn_pid();
    if (pid > 0) kill(pid, SIGKILL); /* reaped by the zygote; no slot knows it */
    return false;
  }
  s->pid = pid;
  s->forked = true;
  if (early) l->pid_pending = s;
  return true;
}

void pool_settle_pid(launcher_t *l) {
  slot_t *s = l->pid_pending;
  if (!s) return;
  l->pid_pending = NULL;
  s->pid = zygote_spawn_pid();
  if (s->pid > 0) {
    log_debug("launcher", "forked worker process %d", (int)s->pid);
    return;
  }
  /* The zygote could not fork it, or has gone: the slot is dropped as one never needed
   * (no job goes to a worker before it is ready), and another is started in its place,
   * exec'd if the zygote cannot fork either. */
  s->pid = 0;
  if (s->exited) return;
  s->init_sent = false;
  slot_exited(s, 0, 0);
  if (l->cfg) launcher_dispatch(l);
}

void pool_close(launcher_t *l) {
  if (l->zygote_watched) uv_close((uv_handle_t *)&l->zygote_poll, NULL);
  l->zygote_watched = false;
}

static void alloc_cb(uv_handle_t *h, size_t suggested, uv_buf_t *buf) {
  buf->base = xmalloc(suggested);
  buf->len = suggested;
}

static void on_read(uv_stream_t *stream, ssize_t n, const uv_buf_t *buf) {
  slot_t *s = stream->data;
  if (n > 0) ipc_reader_feed(&s->reader, buf->base, (size_t)n, on_worker_message, s);
  free(buf->base);
  if (n >= 0) return;
  uv_read_stop(stream);
  s->channel_ended = true;
  /* The early worker's channel ends at once if the zygote could not fork it: its pid
   * (-1) says so, and the slot goes instead of waiting for an exit that never comes. */
  if (s == s->l->pid_pending) pool_settle_pid(s->l);
  if (s->forked && !s->exited && s->l->zygote_gone) slot_exited(s, 0, 0);
}

/* A worker process runs: the slot joins the pool and listens on its channel. */
static void slot_started(launcher_t *l, slot_t *s, const char *how) {
  if (s != l->pid_pending) log_debug("launcher", "%s worker process %d", how, (int)s->pid);
  s->handles_open = s->forked ? 1 : 2; /* the channel, and the process handle if spawned */
  s->next = l->slots;
  l->slots = s;
  l->n_slots++;
  uv_read_start((uv_stream_t *)&s->channel, alloc_cb, on_read);
  if (l->cfg) pool_init_slot(s);
}

void pool_start_slot(launcher_t *l) {
  slot_t *s = xcalloc(1, sizeof(*s));
  s->l = l;
  uv_pipe_init(l->loop, &s->channel, 0);
  s->channel.data = s;
  s->proc.data = s;
  if (fork_worker(l, s)) {
    slot_started(l, s, "forked");
    return;
  }
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
    l->worker_errors++;
    return;
  }
  s->pid = s->proc.pid;
  slot_started(l, s, "started");
}

void pool_init_slot(slot_t *s) {
  if (s->init_sent || s->exited) return;
  s->init_sent = true;
  /* A worker that grew by half its budget first collects its garbage in full (worker/job.c):
   * replacing it is for memory that a collection does not give back. */
  json_t *init =
      json_pack("{s:s, s:s, s:O, s:I}", "type", "init", "config", s->l->cfg->path, "overrides",
                s->l->cli->overrides, "collectAt", (json_int_t)(recycle_growth_bytes() / 2));
  /* the API document the launcher fetched, so that workers do not fetch it again */
  json_t *fetched = assert_openapi_fetched();
  if (fetched) json_object_set(init, "openapiDocuments", fetched);
  pool_send(s, init);
  json_decref(init);
}
