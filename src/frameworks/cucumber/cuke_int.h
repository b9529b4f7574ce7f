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
  char *keyword;                /* as written ("Given "); NULL for ids of other nodes */
  int line;
} cuke_step_info_t;

/* A step definition's pattern. An expression naming a parameter type not defined yet is
 * kept as text until the features load, as cucumber-js builds its expressions only then
 * (a support file loaded after the step file may define the type). */
typedef struct {
  cukexpr_t *e;                 /* NULL while deferred */
  char *deferred;               /* the expression's text, or NULL */
} cuke_def_t;

struct fw_cucumber {
  fw_runner_t *r;
  js_realm_t *realm;
  const cuke_opts_t *opts;      /* the worker's */
  cukexpr_registry_t *reg;
  cuke_def_t *defs;             /* by step definition id */
  size_t ndefs, cap;
  bool defs_final;              /* the features are loading: no more deferred expressions */
  JSObjectRef api;              /* what cucumber.js returned; protected */
  tagexpr_t *tags;              /* cucumberOpts.tags; NULL for none */
  gherkin_ids_t ids;
  gherkin_pickles_t pickles;    /* of every feature loaded into the job */
  cuke_step_info_t *steps;      /* by AST step id */
  size_t nsteps;
  json_t *documents;            /* uri -> its GherkinDocument (messages' shape), for hooks */
  json_t **meta;                /* by pickle: {"tags", "parameters"} for the "scenario" event */
  size_t nmeta;
  size_t running_pickle;        /* the scenario running now (SIZE_MAX: none) */
  json_t *json_features;        /* format json: the features loaded, in order */
  json_t **json_elements;       /* format json: by pickle, its scenario (NULL: not selected) */
  size_t json_elements_len;
  JSObjectRef step_failer;      /* fails the running step or hook (cucumber.js); protected */
  bool all_hooks_added;         /* BeforeAll/AfterAll are in the tree */
};

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

/* Compiles the deferred expressions; -1 and *error (an ERROR object naming the definition's
 * file:line) when one still names an unknown parameter type. */
int cuke_defs_finish(fw_cucumber_t *ck, json_t **error);

/* The scenario's test function: runs pickle `index` through cucumber.js's __run. */
JSObjectRef cuke_scenario_fn(fw_cucumber_t *ck, size_t index);

#endif
