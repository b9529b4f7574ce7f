/* registry: see registry.h. Adding a reporter = one row in `known` with its constructor.
 *
 * Options: plain values are read from the config's JSON (cfg->json, CLI overrides merged);
 * functions and RegExps, which JSON cannot carry, from the config's JS object
 * (registry_js.h). Options WebdriverIO's reporters accept but that mean nothing for an API
 * run (screenshots, Sauce Labs links) are accepted and ignored; unknown options are
 * ignored, as WebdriverIO does; an option of the wrong type stops the run with a message
 * that names it. */
#include "report/registry.h"

#include <stdlib.h>
#include <string.h>

#include "report/allure.h"
#include "report/dot.h"
#include "report/json.h"
#include "report/watch_graph.h"
#include "report/junit.h"
#include "report/registry_js.h"
#include "report/spec.h"
#include "report/util.h"

/* Where a constructor reads its entry: the reporter's name, its index in `reporters`, its
 * JSON options (an object, possibly empty) and the JS options object (NULL without). */
typedef struct {
  const sonde_config_t *cfg;
  const report_env_t *env;
  const char *name;
  size_t index;
  const json_t *options;
  JSValueRef js_options;
} entry_t;

typedef reporter_t *(*report_ctor)(const entry_t *e, sbuf_t *err);

/* --- option readers: each returns -1 after writing the message -------------------------- */

static int option_error(const entry_t *e, const char *key, sbuf_t *err, const char *want,
                        const json_t *v) {
  char *path = xasprintf("reporters.%s", key);
  config_key_error(e->cfg, path, err, "\"reporters\": %s option \"%s\" must be %s (got %s)",
                   e->name, key, want, config_json_type(v));
  free(path);
  return -1;
}

static int opt_bool(const entry_t *e, const char *key, bool *out, sbuf_t *err) {
  const json_t *v = json_object_get(e->options, key);
  if (!v || json_is_null(v)) return 0;
  if (!json_is_boolean(v)) return option_error(e, key, err, "a boolean", v);
  *out = json_is_true(v);
  return 0;
}

/* Borrowed from e->options; NULL when absent. */
static int opt_string(const entry_t *e, const char *key, const char **out, sbuf_t *err) {
  const json_t *v = json_object_get(e->options, key);
  if (!v || json_is_null(v)) return 0;
  if (!json_is_string(v)) return option_error(e, key, err, "a string", v);
  *out = json_string_value(v);
  return 0;
}

/* The reporter's outputDir, else the config's (`inherit`), resolved against the working
 * directory as WebdriverIO's path.join does; NULL when neither is set. */
static int opt_output_dir(const entry_t *e, bool inherit, char **out, sbuf_t *err) {
  const char *dir = NULL;
  if (opt_string(e, "outputDir", &dir, err) != 0) return -1;
  if (!dir && inherit) dir = report_jstr(e->cfg->json, "outputDir");
  *out = dir && *dir ? report_resolve_dir(dir) : NULL;
  return 0;
}

/* outputFileFormat must be a function (WebdriverIO throws otherwise). */
static int opt_namer(const entry_t *e, report_namer_t **out, sbuf_t *err) {
  *out = NULL;
  JSValueRef fn = rjs_get(e->cfg, e->js_options, "outputFileFormat");
  const json_t *v = json_object_get(e->options, "outputFileFormat");
  if (!fn && (!v || json_is_null(v))) return 0;
  if (!fn || !rjs_is_function(e->cfg, fn)) {
    config_key_error(e->cfg, "reporters.outputFileFormat", err,
                     "\"reporters\": %s option \"outputFileFormat\" must be a function", e->name);
    return -1;
  }
  *out = rjs_namer_new(e->cfg, e->js_options, fn);
  return 0;
}

/* --- constructors -------------------------------------------------------------------------- */

static reporter_t *make_spec(const entry_t *e, sbuf_t *err) {
  spec_reporter_opts_t opts = {.color = e->env->color};
  bool color = true, show_preface = true;
  if (opt_bool(e, "color", &color, err) || opt_bool(e, "onlyFailures", &opts.only_failures, err) ||
      opt_bool(e, "showPreface", &show_preface, err) ||
      opt_bool(e, "realtimeReporting", &opts.realtime, err))
    return NULL;
  bool ignored;
  if (opt_bool(e, "addConsoleLogs", &ignored, err) ||
      opt_bool(e, "sauceLabsSharableLinks", &ignored, err))
    return NULL;
  opts.color = opts.color && color;
  opts.hide_preface = !show_preface;
  const json_t *symbols = json_object_get(e->options, "symbols");
  if (symbols && !json_is_null(symbols)) {
    if (!json_is_object(symbols)) {
      option_error(e, "symbols", err, "an object", symbols);
      return NULL;
    }
    struct {
      const char *key;
      const char **slot;
    } map[] = {{"passed", &opts.symbol_passed},
               {"failed", &opts.symbol_failed},
               {"skipped", &opts.symbol_skipped},
               {"pending", NULL},
               {"retried", &opts.symbol_retried}};
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++) {
      const json_t *v = json_object_get(symbols, map[i].key);
      if (!v || json_is_null(v)) continue;
      if (!json_is_string(v)) {
        char *key = xasprintf("symbols.%s", map[i].key);
        option_error(e, key, err, "a string", v);
        free(key);
        return NULL;
      }
      if (map[i].slot) *map[i].slot = json_string_value(v);
    }
  }
  return spec_reporter_new(e->env->out, &opts);
}

static reporter_t *make_dot(const entry_t *e, sbuf_t *err) {
  bool color = true;
  if (opt_bool(e, "color", &color, err)) return NULL;
  return dot_reporter_new(e->env->out, e->env->color && color);
}

/* errorOptions: {error|failure|stacktrace: "<member of the error>"}. */
static int junit_error_options(const entry_t *e, junit_opts_t *o, sbuf_t *err) {
  const json_t *v = json_object_get(e->options, "errorOptions");
  if (!v || json_is_null(v)) return 0;
  if (!json_is_object(v)) return option_error(e, "errorOptions", err, "an object", v);
  const char *key;
  const json_t *field;
  json_object_foreach((json_t *)v, key, field) {
    if (!json_is_string(field)) {
      char *path = xasprintf("errorOptions.%s", key);
      option_error(e, path, err, "a string", field);
      free(path);
      return -1;
    }
    if (strcmp(key, "error") == 0) o->error_field = json_string_value(field);
    else if (strcmp(key, "failure") == 0) o->failure_field = json_string_value(field);
    else if (strcmp(key, "stacktrace") == 0) o->stacktrace_field = json_string_value(field);
    else {
      config_key_error(e->cfg, "reporters.errorOptions", err,
                       "\"reporters\": junit option \"errorOptions\" has an unknown key \"%s\" "
                       "(known: error, failure, stacktrace)",
                       key);
      return -1;
    }
  }
  return 0;
}

static reporter_t *make_junit(const entry_t *e, sbuf_t *err) {
  junit_opts_t o = {0};
  char *dir = NULL;
  reporter_t *r = NULL;
  sbuf_t why = SBUF_INIT;
  if (opt_output_dir(e, true, &dir, err) || opt_string(e, "packageName", &o.package_name, err) ||
      opt_bool(e, "addFileAttribute", &o.add_file_attribute, err) ||
      opt_bool(e, "addWorkerLogs", &o.add_worker_logs, err) || junit_error_options(e, &o, err))
    goto out;

  JSValueRef suite_fmt = rjs_get(e->cfg, e->js_options, "suiteNameFormat");
  JSValueRef class_fmt = rjs_get(e->cfg, e->js_options, "classNameFormat");
  const json_t *suite_json = json_object_get(e->options, "suiteNameFormat");
  if (suite_fmt && !rjs_is_function(e->cfg, suite_fmt) && !rjs_is_regexp(e->cfg, suite_fmt) &&
      !json_is_string(suite_json)) {
    config_key_error(e->cfg, "reporters.suiteNameFormat", err,
                     "\"reporters\": junit option \"suiteNameFormat\" must be a RegExp or a "
                     "function");
    goto out;
  }
  if (class_fmt && !rjs_is_function(e->cfg, class_fmt)) {
    config_key_error(e->cfg, "reporters.classNameFormat", err,
                     "\"reporters\": junit option \"classNameFormat\" must be a function");
    goto out;
  }
  if (rjs_junit_names_new(e->cfg, suite_fmt, class_fmt, &o.names, &why) != 0) {
    config_key_error(e->cfg, "reporters.suiteNameFormat", err,
                     "\"reporters\": junit option \"suiteNameFormat\" is no valid RegExp: %s",
                     sbuf_cstr(&why));
    goto out;
  }
  if (opt_namer(e, &o.namer, err) != 0) {
    if (o.names) o.names->free(o.names);
    goto out;
  }
  o.output_dir = dir;
  r = junit_reporter_new(e->env->out, e->env->color, &o);
out:
  sbuf_free(&why);
  free(dir);
  return r;
}

static reporter_t *make_json(const entry_t *e, sbuf_t *err) {
  json_reporter_opts_t o = {0};
  char *dir = NULL;
  bool compact = false;
  if (opt_output_dir(e, true, &dir, err) || opt_bool(e, "compact", &compact, err) ||
      opt_namer(e, &o.namer, err) != 0) {
    free(dir);
    return NULL;
  }
  o.output_dir = dir;
  o.compact = compact;
  o.framework = report_jstr(e->cfg->json, "framework");
  reporter_t *r = json_reporter_new(e->env->out, e->env->color, &o);
  free(dir);
  return r;
}

/* WebdriverIO's allure reporter writes to its own outputDir (default allure-results), not
 * to the config's log folder. */
static reporter_t *make_allure(const entry_t *e, sbuf_t *err) {
  allure_opts_t o = {0};
  char *dir = NULL;
  const char *ignored_text = NULL;
  bool ignored = false;
  if (opt_output_dir(e, false, &dir, err) ||
      opt_bool(e, "disableWebdriverStepsReporting", &o.disable_steps, err) ||
      opt_bool(e, "disableWebdriverScreenshotsReporting", &o.disable_screenshots, err) ||
      opt_bool(e, "disableMochaHooks", &o.disable_hooks, err) ||
      opt_bool(e, "addConsoleLogs", &o.add_console_logs, err) ||
      opt_bool(e, "useCucumberStepReporter", &ignored, err) ||
      opt_string(e, "issueLinkTemplate", &ignored_text, err) ||
      opt_string(e, "tmsLinkTemplate", &ignored_text, err)) {
    free(dir);
    return NULL;
  }
  const json_t *env = json_object_get(e->options, "reportedEnvironmentVars");
  if (env && !json_is_null(env) && !json_is_object(env)) {
    option_error(e, "reportedEnvironmentVars", err, "an object", env);
    free(dir);
    return NULL;
  }
  o.output_dir = dir;
  o.environment = json_is_object(env) ? env : NULL;
  reporter_t *r = allure_reporter_new(&o);
  free(dir);
  return r;
}

/* What each reporter needs the workers to send (report_needs_t): a new reporter declares
 * it here, and no other module names reporters. */
static const struct {
  const char *name;
  report_ctor create;
  unsigned needs;
} known[] = {
    {"spec", make_spec, 0},
    {"dot", make_dot, 0},
    {"junit", make_junit, 0},
    {"allure", make_allure, REPORT_NEEDS_ALL_EXCHANGES},
    {"json", make_json, REPORT_NEEDS_ALL_EXCHANGES},
};

unsigned report_needs(const sonde_config_t *cfg) {
  unsigned needs = 0;
  for (size_t r = 0; r < cfg->reporters.len; r++)
    for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
      if (strcmp(known[i].name, cfg->reporters.items[r]) == 0) needs |= known[i].needs;
  return needs;
}

const char *report_known_names(void) { return "spec, dot, junit, allure, json"; }

static report_ctor find(const char *name) {
  for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
    if (strcmp(known[i].name, name) == 0) return known[i].create;
  return NULL;
}

int report_create_all(const sonde_config_t *cfg, const report_env_t *env, reporter_t ***out,
                      size_t *count, sbuf_t *err) {
  json_t *entries = json_object_get(cfg->json, "reporters");
  size_t n = json_is_array(entries) ? json_array_size(entries) : 0;
  /* one more slot: watch mode's module graph (launcher/watch.c sets SONDE_WATCH_GRAPH) */
  reporter_t **list = xcalloc(n + 2, sizeof(reporter_t *));
  size_t made = 0;
  json_t *no_options = json_object();
  int rc = 0;

  if (n == 0) {
    /* No `reporters` at all: the spec reporter, whose per-test lines the seed spec asks
     * for; `reporters: []` written out: dot, WebdriverIO's default. */
    entry_t e = {cfg, env, json_is_array(entries) ? "dot" : "spec", 0, no_options, NULL};
    list[made++] = find(e.name)(&e, err);
  }
  for (size_t i = 0; i < n; i++) {
    json_t *item = json_array_get(entries, i);
    json_t *options = NULL;
    if (json_is_array(item)) {
      options = json_array_get(item, 1);
      item = json_array_get(item, 0);
    }
    const char *name = json_string_value(item);
    report_ctor create = name ? find(name) : NULL;
    reporter_t *r = NULL;
    if (!create) {
      config_key_error(cfg, "reporters", err,
                       "\"reporters\" names an unknown reporter \"%s\" (known: %s)",
                       name ? name : "?", report_known_names());
    } else if (options && !json_is_null(options) && !json_is_object(options)) {
      config_key_error(cfg, "reporters", err,
                       "\"reporters\": the options of %s must be an object (got %s)", name,
                       config_json_type(options));
    } else {
      entry_t e = {cfg,
                   env,
                   name,
                   i,
                   json_is_object(options) ? options : no_options,
                   rjs_entry_options(cfg, i)};
      r = create(&e, err);
    }
    if (!r) {
      rc = -1;
      break;
    }
    list[made++] = r;
  }
  json_decref(no_options);
  const char *graph = getenv("SONDE_WATCH_GRAPH");
  if (rc == 0 && graph && *graph) list[made++] = watch_graph_reporter_new(graph);
  if (rc != 0) {
    for (size_t k = 0; k < made; k++) list[k]->ops->free(list[k]);
    free(list);
    return -1;
  }
  *out = list;
  *count = made;
  return 0;
}
