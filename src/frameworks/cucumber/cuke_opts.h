/* cuke_opts: the config's `cucumberOpts` (framework: 'cucumber'), read and checked the way
 * config.c checks the core options: the first bad value gives one message
 * "<config>:<line>: \"cucumberOpts.<key>\" ..." (config_key_error). The launcher calls it to
 * refuse a bad config before any worker starts; each worker reads it again for its jobs.
 * Defaults are @wdio/cucumber-framework's (timeout 60000, strict off, snippets on).
 *
 * Memory: everything in cuke_opts_t is owned by it (cuke_opts_free). */
#ifndef SONDE_FRAMEWORKS_CUCUMBER_CUKE_OPTS_H
#define SONDE_FRAMEWORKS_CUCUMBER_CUKE_OPTS_H

#include <jansson.h>
#include <stdbool.h>

#include "common/sbuf.h"
#include "common/strvec.h"
#include "config/config.h"

typedef struct {
  strvec_t require;             /* globs of step-definition and support files (config-relative) */
  strvec_t require_module;      /* modules loaded before them (resolved from the config's folder) */
  char *tags;                   /* a tag expression; NULL for every scenario */
  double timeout;               /* default step and hook timeout, ms */
  bool strict;                  /* pending steps fail the scenario (WebdriverIO's default: off) */
  bool dry_run;                 /* match steps without running them */
  bool fail_fast;               /* stop after the first failed scenario */
  bool ignore_undefined;        /* undefined steps make the scenario pending, not failed */
  bool fail_ambiguous;          /* ambiguous steps fail the run (else: the scenario only) */
  int retry;                    /* retries of a failed scenario */
  bool reverse;                 /* order 'reverse': the job's scenarios run last to first */
  int parallel;                 /* scenarios of a feature running at once (1: none at once) */
  strvec_t names;               /* scenario name filters (RegExp sources, "/src/flags" form) */
  char *language;               /* default dialect of the feature files ("en") */
  bool snippets;                /* undefined steps print a snippet */
  bool scenario_level_reporter; /* the spec reporter shows scenarios without their steps */
  bool tags_in_title;           /* "@a, @b: title" for features and scenarios, as WebdriverIO */
  char *json_path;              /* format 'json:<file>' (relative to the cwd); NULL for none */
  char *message_path;           /* format 'message:<file>': Cucumber Messages NDJSON */
  char *junit_path;             /* format 'junit:<file>' */
  char *html_path;              /* format 'html:<file>' */
  bool progress, summary;       /* formats 'progress' and 'summary' (the console, per job) */
  bool messages;                /* one of the five above: the run is kept as messages */
  json_t *world_parameters;     /* an object: the World's `parameters`; NULL for {} */
} cuke_opts_t;

/* 0, or -1 with one message in err. `out` is filled either way (free it). */
int cuke_opts_parse(const sonde_config_t *cfg, cuke_opts_t *out, sbuf_t *err);
void cuke_opts_free(cuke_opts_t *o);

#endif
