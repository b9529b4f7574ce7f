/* launcher_internal: the structures shared by launcher.c (jobs, scheduling, hooks, output)
 * and pool.c (worker processes). Not for other modules. */
#ifndef SONDE_LAUNCHER_INTERNAL_H
#define SONDE_LAUNCHER_INTERNAL_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>
#include <uv.h>

#include "cli/cli.h"
#include "common/sbuf.h"
#include "common/strvec.h"
#include "config/config.h"
#include "report/events.h"
#include "store/store.h"
#include "worker/ipc.h"

typedef enum { JOB_QUEUED, JOB_STARTING, JOB_RUNNING, JOB_DONE, JOB_DROPPED } job_state_t;

typedef struct slot slot_t;
typedef struct launcher launcher_t;

typedef struct {
  char *cid;
  strvec_t specs;     /* absolute paths; usually one */
  char *spec_display; /* the first spec relative to the working directory */
  json_t *capabilities;
  size_t cap_index;
  job_state_t state;
  int64_t order;       /* queue position (retries go to the front unless deferred) */
  uint64_t not_before; /* uv_now() before which a retry may not start */
  int retries;         /* spec-file retries done so far */
  bool started;        /* runner:start seen */
  uint64_t started_ns; /* when runner:start was seen: a lost job's duration */
  bool passed;
  bool skipped;      /* every test filtered out */
  strvec_t suites;   /* titles of the open suites, for the failure lines */
  sbuf_t early_logs; /* stdout lines logged while the spec loaded, printed after RUNNING */
  sbuf_t grouped;    /* groupLogsByTestSpec: the job's stdout lines until it ends */
  slot_t *slot;
} job_t;

struct slot {
  launcher_t *l;
  uv_process_t proc; /* when exec'd (no zygote) */
  pid_t pid;
  bool forked; /* forked by the zygote: no proc handle, exits come from it */
  uv_pipe_t channel;
  ipc_reader_t reader;
  job_t **jobs; /* the jobs it runs (or is about to run), at most l->per_worker */
  size_t n_jobs;
  bool ever_ready; /* it finished starting (config loaded, client prepared) */
  bool draining;   /* it takes no more jobs (it grew, or its watchdog fired) and
                            shuts down once those it runs have ended */
  bool shutdown_sent;
  bool init_sent;      /* it has the config (a worker started early waits for it) */
  long long rss_start; /* its resident memory when it first said ready (bytes) */
  int jobs_run;
  bool exited;
  bool channel_ended; /* its channel reached its end (forked: may stand for its exit) */
  int handles_open;
  int64_t exit_status;
  int term_signal;
  slot_t *next;
};

struct launcher {
  uv_loop_t *loop;
  sonde_config_t *cfg;
  const cli_options_t *cli;
  char exe[4096];
  job_t **jobs;
  size_t n_jobs;
  int64_t front_order, back_order;
  size_t *cap_running; /* running jobs per capability */
  size_t n_caps;
  slot_t *slots;
  size_t n_slots;        /* live worker processes */
  uv_poll_t zygote_poll; /* the zygote's exit reports (pool.c) */
  slot_t *pid_pending;   /* the early worker, whose pid the zygote has not yet told */
  bool zygote_watched;
  bool zygote_gone;  /* it was killed mid-run: forked workers' exits are not reported */
  size_t max_slots;  /* worker processes (option workers, default one per CPU) */
  size_t per_worker; /* jobs one worker runs at once: maxInstances spread over them */
  size_t n_running;  /* jobs starting or running, at most maxInstances */
  reporter_t **reporters;
  size_t n_reporters;
  bool color;
  int passed, failed, skipped, retried;
  int worker_errors;   /* workers that exited badly between or after jobs */
  bool workers_broken; /* a worker died while starting: starting more would loop */
  int hook_failures_complete;
  int stop_signal; /* SIGINT/SIGTERM received: 0 when none */
  uv_signal_t sigint, sigterm;
  uv_timer_t retry_timer;
  uint64_t started_ns;
  store_t *store;       /* the shared store the workers reach over their channels */
  json_t *openapi_cov;  /* OpenAPI coverage by document (coverage.c) */
  double min_coverage;  /* openapi.minCoverage in percent; -1 when not set */
  bool coverage_failed; /* the run is below it */
};

/* launcher.c, called by the pool */
void launcher_setup_logging(const sonde_config_t *cfg);
void launcher_dispatch(launcher_t *l);
void launcher_on_event(launcher_t *l, job_t *job, json_t *ev);
/* The job's worker is gone (`others`: how many other jobs that process ran besides it). */
void launcher_job_lost(launcher_t *l, job_t *job, const char *reason, size_t others);
void launcher_print_prefixed(FILE *out, const char *cid, const char *text);

/* coverage.c: the run's OpenAPI coverage. seed reads minCoverage (-1 with a message
 * when it is not a percentage) and starts the table from the config's document; add
 * merges an openapi:coverage event; finish prints the table, writes openapi-coverage.json
 * and returns false when a document is below minCoverage. */
int launcher_coverage_seed(launcher_t *l, sbuf_t *err);
void launcher_coverage_add(launcher_t *l, const json_t *ev);
/* openapi-coverage.json's value (a new reference), NULL when no document was used. */
json_t *launcher_coverage_document(launcher_t *l);
bool launcher_coverage_finish(launcher_t *l, const json_t *document);
/* The pieces seed and finish are made of, for merge-reports (merge.c) too: the config's
 * minCoverage (-1 when unset; -1 returned with a message when it is not a percentage);
 * merging a {"documents": [...]} value (an openapi:coverage event, openapi-coverage.json)
 * into `acc` (documents by name) by openapi_cov_merge; and the end: `acc`'s table on
 * stdout, `document` (openapi_cov_document of acc; NULL: nothing to do) written to
 * <outputDir>/openapi-coverage.json, false when a document is below min_coverage. */
int launcher_coverage_min(const sonde_config_t *cfg, double *min_coverage, sbuf_t *err);
void launcher_coverage_merge(json_t *acc, const json_t *coverage);
bool launcher_coverage_report(const sonde_config_t *cfg, const json_t *acc, const json_t *document,
                              double min_coverage);

/* pool.c */
/* Starts a worker process; it gets the config at once when the launcher has one, else
 * with pool_init_slot once the config is known to be good. */
void pool_start_slot(launcher_t *l);
/* Reads the pid of the worker started before the config was loaded, if not yet read. */
void pool_settle_pid(launcher_t *l);
void pool_init_slot(slot_t *s);
void pool_send(slot_t *s, json_t *msg);
void pool_run_job(slot_t *s, job_t *job);
/* Whether the worker can take another job now. */
bool pool_slot_accepting(const launcher_t *l, const slot_t *s);
void pool_slot_add_job(slot_t *s, job_t *job);
/* The job ended (or was lost): its place in the worker is free; a draining worker with no
 * job left is shut down. */
void pool_slot_remove_job(slot_t *s, job_t *job);
void pool_shutdown_slot(slot_t *s);
void pool_kill_all(launcher_t *l, int signum);
void pool_kill_slot(slot_t *s, int signum);
/* Closes the watch on the zygote's exit reports (at the end of the run). */
void pool_close(launcher_t *l);

#endif
