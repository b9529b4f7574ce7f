/* cucumber: the cucumber interface on the shared runner (framework: 'cucumber'). A job's
 * realm gets the step-definition API (Given/When/Then, hooks, World, DataTable ... from
 * src/jslib/cucumber.js), its step-definition files are loaded by the worker, then each
 * feature file is parsed (gherkin.h) and becomes a suite (a Rule a nested suite) whose
 * scenarios (pickles, Background steps and outline rows included) are tests; a scenario's
 * test function runs its hooks and steps, and every step is reported as step:start and
 * step:end events (report/events.h).
 *
 * Memory: fw_cucumber_install returns state owned by the realm (released when the realm
 * is freed); the options are borrowed and must outlive the realm. */
#ifndef SONDE_FRAMEWORKS_CUCUMBER_H
#define SONDE_FRAMEWORKS_CUCUMBER_H

#include <jansson.h>

#include "frameworks/cucumber/cuke_opts.h"
#include "frameworks/runner.h"

typedef struct fw_cucumber fw_cucumber_t;

/* Installs the API in the runner's realm. NULL with a malloc'd message on failure. */
fw_cucumber_t *fw_cucumber_install(fw_runner_t *r, const cuke_opts_t *opts, char **err);

/* Parses one feature file ("path" or "path:line[:line...]" to keep only the scenarios and
 * examples rows at those lines) and adds its scenarios to the tree. Returns 0, or -1 with
 * *error set to an ERROR object (events.h) naming file:line:column. */
int fw_cucumber_load_feature(fw_cucumber_t *ck, const char *spec, json_t **error);

/* The files to load before the features, in order: cucumberOpts.requireModule (resolved as
 * `require` would from `config_dir`), then the files of the cucumberOpts.require globs
 * (relative to `config_dir`). Absolute paths appended to `out`; -1 and *error (an ERROR
 * object) for a module that cannot be found. */
int fw_cucumber_support_files(fw_cucumber_t *ck, const char *config_dir, strvec_t *out,
                              json_t **error);

/* The job has ended: writes cucumberOpts.format files (json:<file> as <file> with "-<cid>"
 * before its extension). 0, or -1 with a malloc'd message. */
int fw_cucumber_finish(fw_cucumber_t *ck, const char *cid, char **err);

/* Built-in modules `@cucumber/cucumber` and `@wdio/cucumber-framework`; and the API's
 * members added to an exports object (the `sonde` module) when the realm has it. */
void fw_cucumber_register_modules(js_runtime_t *rt);
void fw_cucumber_export(js_realm_t *realm, JSObjectRef exports);

#endif
