/* worker_internal: what worker.c (the process: its channel to the launcher, the batched
 * outbox, the config) and job.c (one spec file's job in its own realm) share. Not for other
 * modules. A worker owns its jobs; a job is reference-counted (see job.c). */
#ifndef SONDE_WORKER_WORKER_INTERNAL_H
#define SONDE_WORKER_WORKER_INTERNAL_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>
#include <uv.h>

#include "api/api.h"
#include "config/config.h"
#include "frameworks/cucumber.h"
#include "frameworks/jasmine.h"
#include "frameworks/runner.h"
#include "js/runtime.h"
#include "worker/ipc.h"

/* A job's steps; each may wait for the loop (an async hook, a spec file with top-level
 * await, the tests), and job_advance continues from where it stopped. */
typedef enum {
  JP_CONFIG,
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
#define WORKER_GC_REALM_WEIGHT  5
#define WORKER_GC_THRESHOLD     20

typedef struct worker worker_t;

typedef struct job {
  worker_t *w;
  struct job *next;
  int refs;  /* the worker's list, its two timers, pending callbacks */
  bool dead; /* ended early: nothing of it runs or is reported any more */
  char *cid;
  strvec_t specs;
  json_t *capabilities;
  js_realm_t *realm;
  fw_runner_t *runner;
  double started;
  bool active;
  job_phase_t phase;
  size_t load_index;       /* next spec file to load */
  bool waiting;            /* a step is in progress */
  bool has_tests;          /* something left to run after .only/grep */
  json_t *error;           /* the spec file(s) failed to load: reported in runner:end */
  bool end_pending;        /* the job ended: runner:end goes when its realm is released */
  json_t *end_error;       /* the error its end gave (process.exit, watchdog), or NULL */
  fw_stats_t end_stats;    /* the counts when it ended, for a job that died there */
  fw_cucumber_t *cucumber; /* framework: 'cucumber' (owned by the realm) */
  strvec_t support;        /* cucumber: step-definition and support files, loaded in order */
  size_t support_index;
  JSObjectRef config;        /* the config evaluated in this realm (its hooks); NULL: none */
  JSObjectRef service_hooks; /* its worker services' hooks (config's realm, protected) */
  FILE *log;                 /* outputDir: this spec file's own log */
  char *log_path;            /* its path; NULL without outputDir */
  unsigned long log_secrets; /* secret_generation() when it was opened */
  uv_timer_t advance_timer;
  /* The current test's last exchanges, until its outcome is known (oldest first). */
  api_exchange_t *exchanges[EXCHANGES_KEPT_PER_TEST];
  size_t n_exchanges;
} job_t;

struct worker {
  uv_loop_t *loop;
  uv_pipe_t channel;
  ipc_reader_t reader;
  js_runtime_t *rt;
  sonde_config_t config;
  api_config_t api_config;
  bool have_config;
  cuke_opts_t cuke;       /* cucumberOpts, for framework: 'cucumber' */
  jasmine_opts_t jasmine; /* jasmineOpts, for framework: 'jasmine' */
  int young_garbage;      /* tests and realms since the last young collection, weighed */
  api_client_t *api;
  job_t *jobs; /* running, newest first */
  size_t n_jobs;
  double watchdog_s;          /* CPU seconds one entry into a spec's JavaScript may take */
  bool has_worker_hooks;      /* the config defines hooks that run in the spec's realm */
  long long rss_start;        /* resident bytes when the worker was first ready */
  long long collect_at;       /* growth over rss_start that calls for a full collection */
  long long collected_rss;    /* resident bytes after the last full collection */
  uv_prepare_t flush_prepare; /* writes the batched messages before the loop waits */
  sbuf_t outbox;              /* encoded messages not yet written to the launcher */
  ipc_titles_t titles;        /* the title groups sent so far (sent once, then named) */
  uint64_t flushed_ns;        /* when the outbox was last written out */
  bool all_exchanges;         /* a reporter records every exchange (allure, json) */
  bool stopping;
  int exit_code;
};

/* ---- worker.c ---- */
/* A test:start is written out at once when nothing was written for this long (20 ms). */
#define WORKER_START_FLUSH_NS 20000000ULL
/* Queues a message for the launcher (secrets masked); written before the loop waits. */
void worker_send(worker_t *w, json_t *msg);
/* Writes the queued messages now. */
void worker_flush(worker_t *w);
/* {"type":"ready","rss":...}: the worker can take a job; its memory (worker_resident_bytes),
 * for recycling. */
json_t *worker_ready_message(long long rss);
/* The resident memory of this process in bytes (0 when /proc is unavailable). */
long long worker_resident_bytes(void);

/* ---- job.c ---- */
/* Starts the job of a "run" message in a new realm. */
void worker_job_start(worker_t *w, json_t *msg);
/* Releases a job's realm and the job (at the end of a job, or when the worker stops). */
void worker_job_cleanup(job_t *job);
/* The engine's watchdog (js_runtime_set_watchdog): ends the spec file that ran too long. */
bool worker_job_watchdog(js_realm_t *realm, void *userdata);
/* Receives the api client's exchanges (api_set_exchange_sink) for the job of the realm. */
void worker_job_exchange(js_realm_t *realm, api_exchange_t *x, void *userdata);
/* The console of the config's own realm (userdata: the worker). */
void worker_config_console(js_realm_t *realm, js_log_level_t level, const char *text, size_t len,
                           void *userdata);
/* Whether the config has hooks that run in each spec file's realm. */
bool worker_has_job_hooks(const sonde_config_t *cfg);

#endif
