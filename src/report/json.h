/* json reporter: one JSON document per job, in the shape of the community
 * wdio-json-reporter (start, end, capabilities, suites[] with tests[] and hooks[], state
 * counts) plus what an API run adds: every test's HTTP exchanges, errors as objects, and
 * the exchanges of before/after all hooks per suite.
 *
 *   {"cid","spec","specs":[abs],"capabilities","framework","start","end","duration",
 *    "passed","state":{"passed","failed","skipped","retried"},
 *    "suites":[{"name","fullTitle","depth","file","start","end","duration",
 *               "tests":[{"name","fullTitle","state":"passed|failed|skipped","start","end",
 *                         "duration","retries","error"?,"errorType"?,"standardError"?,
 *                         "errorDetails"?,"aborted"?,"exchanges":[http events]}],
 *               "hooks":[failed hooks, like tests plus "hook"],
 *               "beforeAll":[exchanges],"afterAll":[exchanges]}],
 *    "error"?: ERROR}      (the spec file failed to load, or the worker died)
 *
 * Written when the job ends to <outputDir>/<name> (default wdio-<cid>-json-reporter.log)
 * through a temporary file and a rename; without an outputDir the documents are printed at
 * run end under "json" Reporter:. With an outputDir the run's end also writes
 * <outputDir>/sonde-timings.json, {"version":1,"specs":{"<spec as displayed>": ms}}, which
 * `shardTimings` reads to balance `--shard` by duration, and a run that checked responses
 * against an API document writes its coverage there too (openapi-coverage.json, as in the
 * config's outputDir). `sonde merge-reports` reads the documents back (suites are listed in
 * start order; "depth" gives their nesting) and merges the coverage.
 * Ownership: the reporter copies the strings and takes `namer`; `out` is borrowed. */
#ifndef SONDE_REPORT_JSON_H
#define SONDE_REPORT_JSON_H

#include <stdbool.h>
#include <stdio.h>

#include "report/events.h"
#include "report/model.h"
#include "report/util.h"

typedef struct {
  const char *output_dir; /* absolute; NULL prints at run end */
  const char *framework;  /* "mocha" */
  bool compact;           /* one line instead of two-space indentation */
  report_namer_t *namer;  /* outputFileFormat; taken, may be NULL */
} json_reporter_opts_t;

#define JSON_TIMINGS_FILE "sonde-timings.json"

reporter_t *json_reporter_new(FILE *out, bool color, const json_reporter_opts_t *opts);

/* The document of one finished job (for tests). New reference. */
json_t *json_reporter_document(const json_reporter_opts_t *opts, const rm_job_t *job);

#endif
