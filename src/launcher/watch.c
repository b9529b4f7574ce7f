/* watch: `sonde run <config> --watch` (see launcher.h). A supervisor that runs the suite
 * once, then re-runs what a change touches: a changed spec file, and every spec file whose
 * realm loaded a changed module (the loader's own module graph, which the runs report
 * through report/watch_graph.c), each batch of changes debounced; a change to the config
 * runs everything again. In a terminal it reads keys: `a` runs all, `f` the spec files that
 * failed last, `q` (or Ctrl-C) quits; without one it re-runs until SIGINT or SIGTERM.
 *
 * Each run is a `sonde run` child process with the same arguments (less --watch), its spec
 * files named in SONDE_WATCH_SPECS, so a run is exactly what `sonde run --spec ...` does and
 * nothing of one run's state reaches the next; its workers are forks of the child's zygote,
 * which has the engine and libraries loaded before the first spec file is known.
 *
 * Memory: everything lives in one watch_t for the call; the graph is a JSON object (spec
 * file → {"passed","modules"}) replaced entry by entry as runs end. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <uv.h>

#include "common/fsutil.h"
#include "common/sbuf.h"
#include "common/strvec.h"
#include "launcher/launcher.h"

#define WATCH_DEBOUNCE_MS 300

extern char **environ;

typedef struct dir_watch {
  uv_fs_event_t handle;
  char *dir;
  struct dir_watch *next;
} dir_watch_t;

typedef struct {
  uv_loop_t *loop;
  char exe[4096];
  char *config;     /* absolute */
  strvec_t args;    /* the child's argv after the executable */
  char *graph_path; /* where a run writes its module graph */
  json_t *graph;    /* spec → {"passed": bool, "modules": [...]} */
  dir_watch_t *dirs;
  strvec_t pending; /* spec files changes asked for since the last run */
  bool pending_all; /* a config change or `a`: everything */
  uv_timer_t debounce;
  uv_process_t child;
  bool running;
  bool child_all; /* the running child runs every spec file */
  uv_tty_t tty;
  bool have_tty;
  uv_signal_t sigint, sigterm;
  int quit_signal; /* the signal that ends the watch, 0 for `q` */
  bool quitting;
} watch_t;

static void start_run(watch_t *w);
static void free_dir_watch(uv_handle_t *h);

static void print_prompt(watch_t *w) {
  if (w->have_tty)
    printf(
        "\nWatching for changes. Press a to run all, f to run the failed spec files, q to "
        "quit.\n");
  else printf("\nWatching for changes (SIGINT or SIGTERM to stop).\n");
  fflush(stdout);
}

static void close_everything(watch_t *w) {
  uv_timer_stop(&w->debounce);
  uv_close((uv_handle_t *)&w->debounce, NULL);
  for (dir_watch_t *d = w->dirs; d; d = d->next)
    uv_close((uv_handle_t *)&d->handle, free_dir_watch);
  w->dirs = NULL;
  if (w->have_tty) {
    uv_tty_set_mode(&w->tty, UV_TTY_MODE_NORMAL);
    uv_close((uv_handle_t *)&w->tty, NULL);
  }
  uv_close((uv_handle_t *)&w->sigint, NULL);
  uv_close((uv_handle_t *)&w->sigterm, NULL);
}

static void quit(watch_t *w, int signum) {
  if (w->quitting) return;
  w->quitting = true;
  w->quit_signal = signum;
  if (w->running) uv_process_kill(&w->child, signum ? signum : SIGINT);
  else close_everything(w);
}

/* ---- the module graph ---- */

static bool graph_uses(const json_t *entry, const char *file) {
  size_t i;
  const json_t *m;
  json_array_foreach(json_object_get(entry, "modules"), i,
                     m) if (strcmp(json_string_value(m), file) == 0) return true;
  return false;
}

static void watch_dir(watch_t *w, const char *dir);

/* Takes in what a run wrote; a run of every spec file replaces the whole graph. */
static void read_graph(watch_t *w) {
  json_t *doc = json_load_file(w->graph_path, 0, NULL);
  remove(w->graph_path);
  if (!doc) return; /* the run ended before its reporters (a config error): keep the old */
  if (w->child_all) json_object_clear(w->graph);
  size_t i;
  const json_t *job;
  json_array_foreach(json_object_get(doc, "jobs"), i, job) {
    const char *spec = json_string_value(json_object_get(job, "spec"));
    if (!spec) continue;
    json_object_set_new(w->graph, spec,
                        json_pack("{s:O, s:O}", "passed", json_object_get(job, "passed"), "modules",
                                  json_object_get(job, "modules")));
  }
  json_decref(doc);
  const char *spec;
  json_t *entry;
  json_object_foreach(w->graph, spec, entry) {
    json_t *m;
    json_array_foreach(json_object_get(entry, "modules"), i, m) {
      char *dir = fs_dirname(json_string_value(m));
      watch_dir(w, dir);
      free(dir);
    }
  }
}

/* ---- file changes ---- */

static void on_debounced(uv_timer_t *t) {
  watch_t *w = t->data;
  if (!w->running && !w->quitting) start_run(w);
}

static void on_change(uv_fs_event_t *h, const char *filename, int events, int status) {
  (void)events;
  watch_t *w = h->data;
  dir_watch_t *d = (dir_watch_t *)h;
  if (status < 0 || !filename || w->quitting) return;
  char *path = xasprintf("%s/%s", d->dir, filename);
  bool hit = false;
  if (strcmp(path, w->config) == 0) {
    w->pending_all = hit = true;
  } else {
    const char *spec;
    json_t *entry;
    json_object_foreach(w->graph, spec, entry) {
      if (strcmp(spec, path) == 0 || graph_uses(entry, path)) {
        strvec_push(&w->pending, spec);
        hit = true;
      }
    }
  }
  free(path);
  /* Editors write a file in several steps: the run starts once they have been quiet. */
  if (hit) uv_timer_start(&w->debounce, on_debounced, WATCH_DEBOUNCE_MS, 0);
}

static void free_dir_watch(uv_handle_t *h) {
  dir_watch_t *d = (dir_watch_t *)h;
  free(d->dir);
  free(d);
}

static void watch_dir(watch_t *w, const char *dir) {
  for (dir_watch_t *d = w->dirs; d; d = d->next)
    if (strcmp(d->dir, dir) == 0) return;
  dir_watch_t *d = xcalloc(1, sizeof *d);
  d->dir = xstrdup(dir);
  int rc = uv_fs_event_init(w->loop, &d->handle);
  if (rc != 0) {
    fprintf(stderr, "sonde: watch: cannot watch %s: %s\n", dir, uv_strerror(rc));
    free_dir_watch((uv_handle_t *)&d->handle);
    return;
  }
  d->handle.data = w;
  rc = uv_fs_event_start(&d->handle, on_change, dir, 0);
  if (rc != 0) {
    fprintf(stderr, "sonde: watch: cannot watch %s: %s\n", dir, uv_strerror(rc));
    uv_close((uv_handle_t *)&d->handle, free_dir_watch);
    return;
  }
  d->next = w->dirs;
  w->dirs = d;
}

/* ---- runs ---- */

static void on_child_exit(uv_process_t *p, int64_t status, int signum) {
  (void)status;
  (void)signum;
  watch_t *w = p->data;
  w->running = false;
  uv_close((uv_handle_t *)p, NULL);
  read_graph(w);
  if (w->quitting) {
    close_everything(w);
    return;
  }
  if (w->pending_all || w->pending.len) {
    start_run(w);
    return;
  }
  print_prompt(w);
}

/* Starts a child run of the pending spec files (all of them when pending_all). */
static void start_run(watch_t *w) {
  bool all = w->pending_all;
  sbuf_t specs = SBUF_INIT;
  strvec_sort_unique(&w->pending);
  for (size_t i = 0; i < w->pending.len && !all; i++)
    if (fs_is_file(w->pending.items[i])) sbuf_printf(&specs, "%s\n", w->pending.items[i]);
  w->pending_all = false;
  strvec_free(&w->pending);
  if (!all && specs.len == 0) {
    sbuf_free(&specs);
    return; /* the changed spec files were deleted */
  }
  strvec_t env = STRVEC_INIT;
  for (char **e = environ; *e; e++)
    if (strncmp(*e, "SONDE_WATCH_", 12) != 0) strvec_push(&env, *e);
  strvec_push_owned(&env, xasprintf("SONDE_WATCH_GRAPH=%s", w->graph_path));
  if (!all) strvec_push_owned(&env, xasprintf("SONDE_WATCH_SPECS=%s", sbuf_cstr(&specs)));
  sbuf_free(&specs);
  char **argv = xcalloc(w->args.len + 2, sizeof(char *));
  argv[0] = w->exe;
  for (size_t i = 0; i < w->args.len; i++) argv[i + 1] = w->args.items[i];
  char **envp = xcalloc(env.len + 1, sizeof(char *));
  for (size_t i = 0; i < env.len; i++) envp[i] = env.items[i];
  uv_stdio_container_t stdio[3] = {{.flags = UV_IGNORE},
                                   {.flags = UV_INHERIT_FD, .data.fd = 1},
                                   {.flags = UV_INHERIT_FD, .data.fd = 2}};
  uv_process_options_t o = {.exit_cb = on_child_exit,
                            .file = w->exe,
                            .args = argv,
                            .env = envp,
                            .stdio_count = 3,
                            .stdio = stdio};
  w->child.data = w;
  w->child_all = all;
  int rc = uv_spawn(w->loop, &w->child, &o);
  free(argv);
  free(envp);
  strvec_free(&env);
  if (rc != 0) {
    fprintf(stderr, "sonde: watch: cannot start a run: %s\n", uv_strerror(rc));
    uv_close((uv_handle_t *)&w->child, NULL);
    return;
  }
  w->running = true;
}

/* ---- keys and signals ---- */

static void on_alloc(uv_handle_t *h, size_t size, uv_buf_t *buf) {
  (void)h;
  static char keys[64];
  (void)size;
  *buf = uv_buf_init(keys, sizeof keys);
}

static void run_failed(watch_t *w) {
  const char *spec;
  json_t *entry;
  json_object_foreach(w->graph, spec, entry) if (!json_is_true(json_object_get(entry, "passed")))
      strvec_push(&w->pending, spec);
  if (!w->pending.len) {
    printf("No spec file failed in the last runs.\n");
    fflush(stdout);
  }
}

static void on_key(uv_stream_t *s, ssize_t n, const uv_buf_t *buf) {
  watch_t *w = s->data;
  if (n < 0) { /* the terminal went away: go on without keys */
    uv_read_stop(s);
    return;
  }
  for (ssize_t i = 0; i < n; i++) {
    char k = buf->base[i];
    if (k == 'q' || k == 3 /* Ctrl-C, raw mode */) {
      quit(w, k == 3 ? SIGINT : 0);
      return;
    }
    if (k == 'a') w->pending_all = true;
    else if (k == 'f') run_failed(w);
  }
  if (!w->running && (w->pending_all || w->pending.len)) start_run(w);
}

static void on_signal(uv_signal_t *h, int signum) { quit(h->data, signum); }

/* The child's arguments: ours without --watch (and a true/false value after it). */
static void child_args(int argc, char **argv, strvec_t *out) {
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--watch") == 0) {
      if (i + 1 < argc && (strcmp(argv[i + 1], "true") == 0 || strcmp(argv[i + 1], "false") == 0))
        i++;
      continue;
    }
    if (strncmp(argv[i], "--watch=", 8) == 0) continue;
    strvec_push(out, argv[i]);
  }
}

int launcher_watch(const cli_options_t *opts, int argc, char **argv) {
  watch_t w = {0};
  w.loop = uv_default_loop();
  size_t len = sizeof w.exe;
  if (uv_exepath(w.exe, &len) != 0) snprintf(w.exe, sizeof w.exe, "%s", argv[0]);
  char *cwd = fs_cwd();
  w.config = opts->config_path[0] == '/' ? xstrdup(opts->config_path)
                                         : xasprintf("%s/%s", cwd, opts->config_path);
  free(cwd);
  child_args(argc, argv, &w.args);
  const char *tmp = getenv("TMPDIR");
  w.graph_path = xasprintf("%s/sonde-watch-%ld.json", tmp && *tmp ? tmp : "/tmp", (long)getpid());
  w.graph = json_object();
  uv_timer_init(w.loop, &w.debounce);
  w.debounce.data = &w;
  uv_signal_init(w.loop, &w.sigint);
  uv_signal_init(w.loop, &w.sigterm);
  w.sigint.data = w.sigterm.data = &w;
  uv_signal_start(&w.sigint, on_signal, SIGINT);
  uv_signal_start(&w.sigterm, on_signal, SIGTERM);
  if (uv_guess_handle(0) == UV_TTY && uv_tty_init(w.loop, &w.tty, 0, 1) == 0) {
    w.have_tty = true;
    w.tty.data = &w;
    uv_tty_set_mode(&w.tty, UV_TTY_MODE_RAW);
    uv_read_start((uv_stream_t *)&w.tty, on_alloc, on_key);
  }
  char *config_dir = fs_dirname(w.config);
  watch_dir(&w, config_dir);
  free(config_dir);

  w.pending_all = true;
  start_run(&w);
  if (!w.running) close_everything(&w);
  uv_run(w.loop, UV_RUN_DEFAULT);

  if (w.have_tty) uv_tty_reset_mode();
  json_decref(w.graph);
  strvec_free(&w.args);
  strvec_free(&w.pending);
  remove(w.graph_path);
  free(w.graph_path);
  free(w.config);
  uv_loop_close(w.loop);
  return w.quit_signal ? 128 + w.quit_signal : 0;
}
