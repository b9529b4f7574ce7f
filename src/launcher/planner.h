/* planner: which spec files a run covers and how they group into jobs. Config patterns
 * are relative to the config file's folder, --spec/--exclude values to the working
 * directory (a file, else a glob). --spec replaces `specs` and ignores the config's
 * `exclude` (an explicitly named file runs); --exclude applies in both cases. A nested
 * array in `specs` is one job running all its files. Files are absolute, sorted, without
 * duplicates within a list. Everything returned is owned by the caller. */
#ifndef SONDE_LAUNCHER_PLANNER_H
#define SONDE_LAUNCHER_PLANNER_H

#include "cli/cli.h"
#include "common/sbuf.h"
#include "common/strvec.h"
#include "config/config.h"

typedef struct {
  strvec_t files; /* the spec files of one job */
} plan_group_t;

typedef struct {
  plan_group_t *items;
  size_t len;
} plan_groups_t;

/* The jobs of capability `cap`: its 'sonde:specs' (or 'wdio:specs') replace the config's
 * specs, its 'sonde:exclude' (or 'wdio:exclude') add to the excludes. Returns -1 with a
 * message when a --spec or --suite names nothing; config patterns that match nothing are
 * added to `warnings`. An empty result is not an error here. */
int planner_collect(const sonde_config_t *cfg, const json_t *cap, const cli_options_t *cli,
                    plan_groups_t *out, strvec_t *warnings, sbuf_t *err);

/* Keeps the groups of shard `index` of `total` (1-based). Groups are identified by their
 * first file across `all` (every capability's groups), so a spec file runs in the same
 * shard for every capability and the shards together cover every job exactly once. With
 * `timings` (spec file relative to the working directory → milliseconds, as
 * planner_load_timings returns) the shards are balanced by duration, else by count. */
void planner_shard(plan_groups_t *lists, size_t n_lists, int index, int total,
                   const json_t *timings);

/* The "specs" object of a timings file (the json reporter's sonde-timings.json); an empty
 * object, with a warning on stderr, when the file does not exist (a first run); NULL with a
 * message naming the file when it is not such a file. */
json_t *planner_load_timings(const char *path, sbuf_t *err);

void plan_groups_free(plan_groups_t *groups);

#endif
