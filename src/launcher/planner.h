/* planner: which spec files a run covers. Config patterns are relative to the config
 * file's folder, --spec/--exclude values to the working directory (a file, else a glob).
 * --spec replaces `specs` and ignores the config's `exclude` (an explicitly named file runs);
 * --exclude applies in both cases. Results are absolute paths, sorted, without duplicates. */
#ifndef SONDE_LAUNCHER_PLANNER_H
#define SONDE_LAUNCHER_PLANNER_H

#include "common/sbuf.h"
#include "common/strvec.h"
#include "config/config.h"

/* Fills `out`. Returns -1 with a message in `err` when a --spec names nothing or when no
 * spec file is left; pattern warnings (a config pattern matching nothing) go to `warnings`. */
int planner_collect_specs(const sonde_config_t *cfg, const strvec_t *cli_specs,
                          const strvec_t *cli_excludes, strvec_t *out, strvec_t *warnings,
                          sbuf_t *err);

#endif
