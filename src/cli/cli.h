/* cli: argv → the options of one sonde invocation.
 * Every string and the overrides object are owned by cli_options_t (cli_options_free). */
#ifndef SONDE_CLI_CLI_H
#define SONDE_CLI_CLI_H

#include <jansson.h>
#include <stdbool.h>

#include "common/sbuf.h"
#include "common/strvec.h"

typedef enum {
  CLI_RUN,     /* sonde run <config> [flags] or sonde <config> [flags] */
  CLI_WORKER,  /* sonde worker (internal: the launcher starts workers this way) */
  CLI_HELP,    /* --help, -h, help, or no arguments */
  CLI_VERSION, /* --version, -v, version */
  CLI_INIT,    /* sonde init [--framework f] [--typescript] [--baseUrl u] [--reporters r] [--yes] */
  CLI_MERGE_REPORTS, /* sonde merge-reports [--config <file>] <dir|file>... */
} cli_command_t;

typedef struct {
  cli_command_t command;
  char *config_path; /* as given (relative to the cwd); CLI_RUN, and CLI_MERGE_REPORTS
                          (--config, else the folder's default config) */
  strvec_t specs;    /* --spec values, in order (repeatable; also comma separated) */
  strvec_t excludes; /* --exclude values, likewise */
  strvec_t suites;   /* --suite names, in order (repeatable) */
  strvec_t inputs;   /* merge-reports: the folders or files to merge, in order */
  /* Every other --key value / --a.b value / --key=value as a nested object deep-merged over
   * the config: "--mochaOpts.grep x" → {"mochaOpts":{"grep":"x"}}. Values "true"/"false"
   * become booleans, decimal numbers become numbers, anything else stays a string; a flag
   * followed by another flag or by nothing is true ("--mochaOpts.invert"). A key given twice
   * becomes an array of both values. Never NULL after a successful parse. */
  json_t *overrides;
  bool no_config; /* CLI_HELP because no config was given or found: exit 2 */
} cli_options_t;

/* Returns 0 on success. Without a config path (`sonde`, `sonde run`, `sonde --spec x`) the
 * first of sonde.conf.{ts,mts,js,mjs,cjs} and wdio.conf.{...} in the current folder is run,
 * as `wdio` does; `sonde` alone with none of them asks for help (no_config). On a usage
 * error (unknown command, flag without a name, --spec without a value, no config given or
 * found for run) returns -1 with one line in `err`. */
int cli_parse(int argc, char **argv, cli_options_t *out, sbuf_t *err);
void cli_options_free(cli_options_t *opts);

/* Writes the --help text. */
const char *cli_usage(void);

/* Deep-merges `src` into `dst` (objects merge key by key, anything else replaces). */
void cli_json_deep_merge(json_t *dst, json_t *src);

#endif
