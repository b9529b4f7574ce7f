/* config: evaluates a WebdriverIO-style config file in its own realm, merges the CLI
 * overrides over it, and validates it into sonde_config_t. The realm stays alive with the
 * config (hooks and other functions in it remain callable) until config_free.
 * Every string and json_t in sonde_config_t is owned by it. */
#ifndef SONDE_CONFIG_CONFIG_H
#define SONDE_CONFIG_CONFIG_H

#include <jansson.h>
#include <stdbool.h>

#include "common/sbuf.h"
#include "common/strvec.h"
#include "js/runtime.h"

typedef struct {
  char *path;              /* absolute path of the config file */
  char *dir;               /* its folder: specs and exclude (read from `json` by the planner)
                              are relative to it */
  int max_instances;       /* default 100: spec files running at once */
  int workers;             /* worker processes the spec files share; 0 (default): one per CPU */
  double watchdog_timeout; /* ms of CPU time a spec's JavaScript may run without yielding
                              before its file is ended (default 30000; 0: never) */
  char *framework;         /* "mocha" */
  char *mocha_ui;          /* "bdd" | "tdd" */
  double mocha_timeout;    /* default 10000 */
  int mocha_retries;
  bool mocha_bail;
  char *mocha_grep;  /* NULL or a RegExp source ("/re/flags" for a RegExp value) */
  char *mocha_fgrep; /* NULL or a literal substring */
  bool mocha_invert;
  bool mocha_forbid_only;
  bool mocha_forbid_pending;
  double drain_timeout;             /* ms a spec file's timers may run after its last test (2000) */
  strvec_t mocha_require;           /* files loaded before the specs (relative to the cwd) */
  int max_instances_per_capability; /* default 100 */
  int bail; /* stop scheduling after this many failed spec files; 0 = never */
  int spec_file_retries;
  double spec_file_retries_delay; /* seconds */
  bool spec_file_retries_deferred;
  int shard_index, shard_total; /* --shard i/n; 0/0 when not sharding */
  char *shard_timings;          /* shardTimings: a json reporter's sonde-timings.json that
                              balances the shards; NULL when unset; absolute */
  char *output_dir;             /* NULL when unset; absolute */
  bool group_logs;              /* groupLogsByTestSpec */
  strvec_t reporters;           /* names as written, in order (options stay in `json`) */
  char *base_url;               /* NULL when unset */
  char *log_level;              /* default "info" */
  json_t *capabilities;         /* array of objects; default [{"browserName":"api"}] */
  json_t *json;              /* the whole config as JSON (functions left out), overrides merged */
  json_t *overrides;         /* the command line's overrides (a reference), or NULL: a bad
                            * value from there is blamed on its flag, not a config line */
  JSObjectRef object;        /* the config object itself in `realm` (protected) */
  JSObjectRef service_hooks; /* hook name → array of service hooks bound to their instances
                              * (config/services.c), or NULL; protected */
  char *source;              /* the file's text, for line lookups in error messages */
  js_realm_t *realm;         /* where the config was evaluated */
} sonde_config_t;

/* Options of other modules (apiRunner, reporter options, hooks) are read by those modules
 * from `json`/`object`; they report a bad value with config_key_error, which gives the same
 * "<file>:<line>: \"<key>\" ..." shape as the core options. `key` is a dotted path. */
void config_key_error(const sonde_config_t *cfg, const char *key, sbuf_t *err, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* "string", "number", "array", "object", "boolean", "null" for messages. */
const char *config_json_type(const json_t *v);

/* The config object exported by the module `path` that `realm` has loaded (exports.config
 * or the default export's), with `overrides` (may be NULL) merged over it; NULL when there
 * is none. A worker loads the config again into each spec file's realm for its hooks. */
JSObjectRef config_object_of(js_realm_t *realm, const char *path, const json_t *overrides);

/* Loads `path` (relative to the cwd or absolute). `overrides` (may be NULL) is deep-merged
 * over the exported config. Runs `loop`-driven work until the module (which may use
 * top-level await) has settled. On failure returns -1 with one message in `err` that names
 * the file and, where known, the key and line. */
int config_load(js_runtime_t *rt, const char *path, const json_t *overrides, sonde_config_t *out,
                sbuf_t *err);
void config_free(sonde_config_t *cfg);

/* Keys of the config (top level, mochaOpts, apiRunner) one or two edits from a known key:
 * appends a line for each to `out` ("<file>:<line>: unknown key \"maxInstance\"; did you
 * mean \"maxInstances\"?", or for a key from `overrides`, the command line's, the flag as
 * typed) and returns how many (near_miss.c). */
int config_near_misses(const sonde_config_t *cfg, const json_t *overrides, sbuf_t *out);

/* Logs at debug level each WebdriverIO key present that sonde accepts and ignores
 * (autoCompileOpts, hostname, waitforTimeout, ...); returns how many (near_miss.c). */
int config_log_ignored(const sonde_config_t *cfg);

#endif
