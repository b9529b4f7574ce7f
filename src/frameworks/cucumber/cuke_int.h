/* cuke_int: what cucumber.c (the realm's step-definition API and its natives) and
 * cuke_tree.c (a feature file into the runner's tree) share. Not for other modules. */
#ifndef SONDE_FRAMEWORKS_CUCUMBER_CUKE_INT_H
#define SONDE_FRAMEWORKS_CUCUMBER_CUKE_INT_H

#include "frameworks/cucumber.h"
#include "frameworks/cucumber/cucumber_expr.h"
#include "frameworks/cucumber/gherkin.h"
#include "frameworks/cucumber/tag_expr.h"
#include "frameworks/runner_internal.h"

typedef struct {
  char *keyword; /* as written ("Given "); NULL for ids of other nodes */
  int line;
} cuke_step_info_t;

/* A step definition's pattern. An expression naming a parameter type not defined yet is
 * kept as text until the features load, as cucumber-js builds its expressions only then
 * (a support file loaded after the step file may define the type). */
typedef struct {
  cukexpr_t *e;   /* NULL while deferred */
  char *deferred; /* the expression's text, or NULL */
} cuke_def_t;

/* cuke_messages.c's collection (see there); json arrays of envelopes unless said. */
typedef struct {
  json_t *head;    /* source, gherkinDocument, pickle */
  json_t *defs;    /* parameterType, stepDefinition, hook */
  json_t *run;     /* testRunStarted ... (testCase envelopes apart) */
  json_t *cases;   /* testCase */
  size_t cases_at; /* where in `run` the testCases go; SIZE_MAX: at the end */
  json_t *def_ids; /* by step definition index: its id (a string) */
  json_t *case_of; /* by pickle index: its testCase body, or null */
  json_t *run_id, *case_started_id, *hook_started_id; /* strings, NULL when none */
  json_t *current_case;                               /* the running testCase body (borrowed) */
  json_t *step_id;                                    /* the running test step's id (borrowed) */
  bool failed;                                        /* a test case or a run hook failed */
} cuke_msgs_t;

struct fw_cucumber {
  fw_runner_t *r;
  js_realm_t *realm;
  const cuke_opts_t *opts; /* the worker's */
  cukexpr_registry_t *reg;
  cuke_def_t *defs; /* by step definition id */
  size_t ndefs, cap;
  bool defs_final; /* the features are loading: no more deferred expressions */
  JSObjectRef api; /* what cucumber.js returned; protected */
  tagexpr_t *tags; /* cucumberOpts.tags; NULL for none */
  gherkin_ids_t ids;
  gherkin_pickles_t pickles; /* of every feature loaded into the job */
  cuke_step_info_t *steps;   /* by AST step id */
  size_t nsteps;
  json_t *documents; /* uri -> its GherkinDocument (messages' shape), for hooks */
  json_t **meta;     /* by pickle: {"tags", "parameters"} for the "scenario" event */
  size_t nmeta;
  size_t running_pickle;  /* the scenario running now (SIZE_MAX: none) */
  json_t *json_features;  /* format json: the features loaded, in order */
  json_t **json_elements; /* format json: by pickle, its scenario (NULL: not selected) */
  size_t json_elements_len;
  JSObjectRef step_failer; /* fails the running step or hook (cucumber.js); protected */
  bool all_hooks_added;    /* BeforeAll/AfterAll are in the tree */
  cuke_msgs_t msgs;        /* formats message, junit, html, progress, summary */
  size_t *order;           /* pickle indexes in the order their tests were added */
  size_t norder;
};

/* ---- cuke_messages.c: Cucumber Messages of the job (no-ops unless opts->messages) ---- */
bool cuke_msg_enabled(const fw_cucumber_t *ck);
/* Adds `natives.messages` (the functions cucumber.js reports the run with). */
void cuke_msg_natives(fw_cucumber_t *ck, JSContextRef ctx, JSObjectRef natives);
/* A feature's source, document and selected pickles (pickles[first..]); for a document
 * with errors, its source and parseError envelopes (selected unused). */
void cuke_msg_feature(fw_cucumber_t *ck, const gherkin_document_t *doc, const char *src, size_t len,
                      size_t first, const bool *selected);
/* Every envelope in order, testRunFinished last (success false when the job failed
 * otherwise, e.g. a feature did not parse). A new reference. */
json_t *cuke_msg_envelopes(fw_cucumber_t *ck, bool job_failed);
void cuke_msg_free(fw_cucumber_t *ck);

/* ---- cuke_reports.c: the formats made from the messages ---- */
int cuke_reports_write(fw_cucumber_t *ck, const char *cid, char **err);

/* The natives' signature (js_closure_fn), and argument i as a malloc'd string (NULL when
 * missing, undefined or null). */
#define NATIVE(name)                                                                  \
  static JSValueRef name(JSContextRef ctx, void *data, JSObjectRef self, size_t argc, \
                         const JSValueRef argv[], JSValueRef *exc)
char *cuke_arg_str(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t i);
/* The strings of the JS array argv[i] (each String()ed), NULL-terminated, *n of them (0
 * when the argument is missing); free with cuke_strings_free. */
char **cuke_arg_strings(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t i,
                        size_t *n);
void cuke_strings_free(char **strings);

/* ---- cuke_hooks.c: WebdriverIO's cucumber hooks of the config ---- */
bool cuke_config_hook_defined(fw_cucumber_t *ck, const char *name);
/* Calls the config hook `name`: a promise settled (fulfilled, whatever the hook did) when
 * it has run, undefined when the config has no such hook; NULL and *exc on a failure. */
JSValueRef cuke_config_hook(fw_cucumber_t *ck, const char *name, size_t argc,
                            const JSValueRef argv[], JSValueRef *exc);
/* beforeFeature/afterFeature as hooks of the suite being collected (the feature's). */
void cuke_add_feature_hooks(fw_cucumber_t *ck, const gherkin_document_t *doc);

/* ---- cuke_json.c: cucumberOpts.format json:<file> (no-ops without it) ---- */
void cuke_json_add_feature(fw_cucumber_t *ck, const gherkin_document_t *doc, size_t first,
                           const bool *selected);
/* A scenario's attempt starts (its steps so far are dropped). */
void cuke_json_scenario_start(fw_cucumber_t *ck, size_t index);
void cuke_json_step(fw_cucumber_t *ck, JSContextRef ctx, size_t step_index, const char *keyword,
                    const char *status, double duration_ms, JSValueRef error, const char *location);
void cuke_json_hook(fw_cucumber_t *ck, JSContextRef ctx, const char *keyword, const char *status,
                    double duration_ms, JSValueRef error);
void cuke_json_free(fw_cucumber_t *ck);
/* "reports/cucumber.json" + "0-0" -> "reports/cucumber-0-0.json" (malloc'd) */
char *cuke_path_with_cid(const char *path, const char *cid);

/* Compiles the deferred expressions; -1 and *error (an ERROR object naming the definition's
 * file:line) when one still names an unknown parameter type. */
int cuke_defs_finish(fw_cucumber_t *ck, json_t **error);

/* The scenario's test function: runs pickle `index` through cucumber.js's __run. */
JSObjectRef cuke_scenario_fn(fw_cucumber_t *ck, size_t index);

#endif
