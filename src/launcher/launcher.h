/* launcher: the `sonde run` process. Loads the config, plans the jobs (spec files ×
 * capabilities), keeps up to maxInstances worker processes busy, prints the launcher's
 * lines and feeds the worker events to the reporters, then prints the summary. */
#ifndef SONDE_LAUNCHER_LAUNCHER_H
#define SONDE_LAUNCHER_LAUNCHER_H

#include <stdbool.h>

#include "cli/cli.h"
#include "report/events.h"

/* Runs the whole test run; returns the process exit code (0 all passed, 1 otherwise). */
int launcher_run(const cli_options_t *opts, int argc, char **argv);

/* `sonde merge-reports`: replays the json reporter's documents of several runs (shards)
 * into the config's reporters as one run (merge.c); returns the exit code that run would
 * have had, 2 on a usage or input error. */
int launcher_merge_reports(const cli_options_t *opts, int argc, char **argv);

/* `sonde run <config> --watch`: runs the suite, then re-runs the spec files a change
 * touches (watch.c); returns when the user quits (0, or 128 + the signal). */
int launcher_watch(const cli_options_t *opts, int argc, char **argv);

/* Colours on stdout: not with NO_COLOR, forced by FORCE_COLOR (0 disables), else on a TTY. */
bool launcher_use_color(void);

/* WebdriverIO's closing line: "Spec Files: 2 passed, 1 failed, 3 total (100% completed) in
 * 00:00:01". */
void launcher_print_summary(const report_summary_t *summary);

#endif
