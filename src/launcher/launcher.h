/* launcher: the `sonde run` process. Loads the config, plans the jobs (spec files ×
 * capabilities), keeps up to maxInstances worker processes busy, prints the launcher's
 * lines and feeds the worker events to the reporters, then prints the summary. */
#ifndef SONDE_LAUNCHER_LAUNCHER_H
#define SONDE_LAUNCHER_LAUNCHER_H

#include "cli/cli.h"

/* Runs the whole test run; returns the process exit code (0 all passed, 1 otherwise). */
int launcher_run(const cli_options_t *opts, int argc, char **argv);

#endif
