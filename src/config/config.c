/* config: see config.h. Validation reports the first problem only, with the key as a
 * dotted path and the line of its first appearance in the file when it can be found. */
#include "config/config.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/fsutil.h"
#include "common/glob.h"
#include "common/log.h"
#include "js/inspect.h"
#include "config/hooks.h"
#include "config/services.h"
#include "js/jsutil.h"

typedef struct {
  JSContextRef ctx;
  const char *path;
  const char *source;      /* the file's text, for line lookups */
  const json_t *overrides; /* the command line's, or NULL */
  sbuf_t *err;
  bool failed;
} validator_t;

/* Line of the first `key:` / `'key':` / `"key":` in the source, 0 when not found. */
static int key_line(const char *src, const char *key) {
  if (!src) return 0;
  size_t n = strlen(key);
  int line = 1;
  for (const char *p = src; *p; p++) {
    if (*p == '\n') {
      line++;
      continue;
    }
    if (strncmp(p, key, n) != 0) continue;
    if (p > src && (isalnum((unsigned char)p[-1]) || p[-1] == '_' || p[-1] == '$')) continue;
    const char *q = p + n;
    if (*q == '\'' || *q == '"') q++;
    while (*q == ' ' || *q == '\t') q++;
    if (*q == ':') return line;
  }
  return 0;
}

/* Whether the dotted `key` was given on the command line (--a.b value). */
static bool from_overrides(const json_t *overrides, const char *key) {
  char *copy = xstrdup(key), *save = NULL;
  const json_t *v = overrides;
  for (char *part = strtok_r(copy, ".", &save); part && v; part = strtok_r(NULL, ".", &save))
    v = json_is_object(v) ? json_object_get(v, part) : NULL;
  free(copy);
  return v != NULL;
}

static void locate(const char *path, const char *source, const json_t *overrides, const char *key,
                   sbuf_t *err) {
  if (overrides && from_overrides(overrides, key)) {
    sbuf_printf(err, "--%s: ", key);
    return;
  }
  const char *leaf = strrchr(key, '.');
  int line = key_line(source, leaf ? leaf + 1 : key);
  if (line) sbuf_printf(err, "%s:%d: ", path, line);
  else sbuf_printf(err, "%s: ", path);
}

static void fail(validator_t *v, const char *key, const char *fmt, const char *detail) {
  if (v->failed) return;
  v->failed = true;
  locate(v->path, v->source, v->overrides, key, v->err);
  sbuf_printf(v->err, fmt, key, detail);
}

void config_key_error(const sonde_config_t *cfg, const char *key, sbuf_t *err, const char *fmt,
                      ...) {
  locate(cfg->path, cfg->source, cfg->overrides, key, err);
  va_list ap;
  va_start(ap, fmt);
  sbuf_vprintf(err, fmt, ap);
  va_end(ap);
}

const char *config_json_type(const json_t *v) {
  switch (json_typeof(v)) {
  case JSON_OBJECT: return "object";
  case JSON_ARRAY: return "array";
  case JSON_STRING: return "string";
  case JSON_INTEGER:
  case JSON_REAL: return "number";
  case JSON_TRUE:
  case JSON_FALSE: return "boolean";
  default: return "null";
  }
}

static bool present(JSContextRef ctx, JSValueRef v) { return v && !JSValueIsUndefined(ctx, v); }

static char *get_string(validator_t *v, JSValueRef obj, const char *name, const char *key,
                        const char *fallback) {
  JSValueRef x = js_get(v->ctx, obj, name);
  if (!present(v->ctx, x) || JSValueIsNull(v->ctx, x)) return fallback ? xstrdup(fallback) : NULL;
  if (!JSValueIsString(v->ctx, x)) {
    fail(v, key, "\"%s\" must be a string (got %s)", js_describe_type(v->ctx, x));
    return fallback ? xstrdup(fallback) : NULL;
  }
  return js_value_to_utf8(v->ctx, x);
}

/* A path option, absolute (relative ones are taken from the working directory, as the
 * CLI's values are); NULL when unset. */
static char *get_path(validator_t *v, JSValueRef obj, const char *name) {
  char *value = get_string(v, obj, name, name, NULL);
  if (!value) return NULL;
  char *cwd = fs_cwd();
  char *path = path_resolve(cwd, value);
  free(cwd);
  free(value);
  return path;
}

static double get_number(validator_t *v, JSValueRef obj, const char *name, const char *key,
                         double fallback) {
  JSValueRef x = js_get(v->ctx, obj, name);
  if (!present(v->ctx, x)) return fallback;
  if (!JSValueIsNumber(v->ctx, x) || isnan(JSValueToNumber(v->ctx, x, NULL))) {
    fail(v, key, "\"%s\" must be a number (got %s)", js_describe_type(v->ctx, x));
    return fallback;
  }
  return JSValueToNumber(v->ctx, x, NULL);
}

static bool get_bool(validator_t *v, JSValueRef obj, const char *name, const char *key,
                     bool fallback) {
  JSValueRef x = js_get(v->ctx, obj, name);
  if (!present(v->ctx, x)) return fallback;
  if (!JSValueIsBoolean(v->ctx, x)) {
    fail(v, key, "\"%s\" must be a boolean (got %s)", js_describe_type(v->ctx, x));
    return fallback;
  }
  return JSValueToBoolean(v->ctx, x);
}

static JSValueRef get_object(validator_t *v, JSValueRef obj, const char *name, const char *key) {
  JSValueRef x = js_get(v->ctx, obj, name);
  if (!present(v->ctx, x) || JSValueIsNull(v->ctx, x)) return NULL;
  if (!JSValueIsObject(v->ctx, x) || JSValueIsArray(v->ctx, x) || js_is_function(v->ctx, x)) {
    fail(v, key, "\"%s\" must be an object (got %s)", js_describe_type(v->ctx, x));
    return NULL;
  }
  return x;
}

/* An array of strings (a single string is accepted as a one-item array). */
static void get_string_list(validator_t *v, JSValueRef obj, const char *name, const char *key,
                            strvec_t *out) {
  JSValueRef x = js_get(v->ctx, obj, name);
  if (!present(v->ctx, x) || JSValueIsNull(v->ctx, x)) return;
  if (JSValueIsString(v->ctx, x)) {
    strvec_push_owned(out, js_value_to_utf8(v->ctx, x));
    return;
  }
  if (!JSValueIsArray(v->ctx, x)) {
    fail(v, key, "\"%s\" must be an array of strings (got %s)", js_describe_type(v->ctx, x));
    return;
  }
  size_t n = js_array_length(v->ctx, x);
  for (size_t i = 0; i < n; i++) {
    JSValueRef item = js_array_get(v->ctx, x, (unsigned)i);
    if (JSValueIsArray(v->ctx, item)) {
      /* A nested array groups specs into one job; until grouping lands, run each. */
      size_t m = js_array_length(v->ctx, item);
      for (size_t j = 0; j < m; j++) {
        JSValueRef inner = js_array_get(v->ctx, item, (unsigned)j);
        if (JSValueIsString(v->ctx, inner)) strvec_push_owned(out, js_value_to_utf8(v->ctx, inner));
      }
      continue;
    }
    if (!JSValueIsString(v->ctx, item)) {
      fail(v, key, "\"%s\" must be an array of strings (an item is %s)",
           js_describe_type(v->ctx, item));
      return;
    }
    strvec_push_owned(out, js_value_to_utf8(v->ctx, item));
  }
}

/* grep may be a string or a RegExp; a RegExp is kept as "/source/flags". */
static char *get_grep(validator_t *v, JSValueRef mocha) {
  JSValueRef x = js_get(v->ctx, mocha, "grep");
  if (!present(v->ctx, x) || JSValueIsNull(v->ctx, x)) return NULL;
  if (JSValueIsString(v->ctx, x) || JSValueIsNumber(v->ctx, x)) return js_value_to_utf8(v->ctx, x);
  if (JSValueIsObject(v->ctx, x) && JSValueIsString(v->ctx, js_get(v->ctx, x, "source"))) {
    char *src = js_get_string(v->ctx, x, "source");
    char *flags = js_get_string(v->ctx, x, "flags");
    char *r = xasprintf("/%s/%s", src, flags ? flags : "");
    free(src);
    free(flags);
    return r;
  }
  fail(v, "mochaOpts.grep", "\"%s\" must be a string or a RegExp (got %s)",
       js_describe_type(v->ctx, x));
  return NULL;
}

static void validate(validator_t *v, JSValueRef c, sonde_config_t *out) {
  JSContextRef ctx = v->ctx;
  /* runner: 'api', or WebdriverIO's tuple form ['api', { ...options }] (the options are
   * apiRunner options; api_config reads them). */
  JSValueRef runner_value = js_get(ctx, c, "runner");
  char *runner = NULL;
  if (JSValueIsArray(ctx, runner_value)) {
    JSValueRef name = js_array_get(ctx, runner_value, 0);
    JSValueRef opts = js_array_get(ctx, runner_value, 1);
    runner = JSValueIsString(ctx, name) ? js_value_to_utf8(ctx, name) : NULL;
    if (runner && !JSValueIsUndefined(ctx, opts) &&
        (!JSValueIsObject(ctx, opts) || JSValueIsArray(ctx, opts) || js_is_function(ctx, opts)))
      fail(v, "runner", "\"%s\": the second item of ['api', options] must be an object (got %s)",
           js_describe_type(ctx, opts));
  } else {
    runner = get_string(v, c, "runner", "runner", NULL);
  }
  if (!v->failed && (!runner || strcmp(runner, "api") != 0)) {
    char *got = runner ? xasprintf("'%s'", runner) : xstrdup("nothing");
    fail(v, "runner",
         "\"%s\" must be 'api' (got %s): sonde runs API tests only, and without runner: 'api' "
         "spec files would fail with \"api is not defined\"",
         got);
    free(got);
  }
  free(runner);
  /* Only checked here: the planner reads the patterns (and their nested groups) itself. */
  strvec_t patterns = STRVEC_INIT;
  get_string_list(v, c, "specs", "specs", &patterns);
  get_string_list(v, c, "exclude", "exclude", &patterns);
  strvec_free(&patterns);
  double mi = get_number(v, c, "maxInstances", "maxInstances", 100);
  if (!v->failed && (mi < 1 || mi != floor(mi))) {
    char got[64];
    snprintf(got, sizeof(got), "%g", mi);
    fail(v, "maxInstances", "\"%s\" must be a whole number of at least 1 (got %s)", got);
  }
  out->max_instances = (int)mi;
  double workers = get_number(v, c, "workers", "workers", 0);
  if (!v->failed && (workers < 0 || workers != floor(workers) || workers > 4096)) {
    char got[64];
    snprintf(got, sizeof(got), "%g", workers);
    fail(v, "workers", "\"%s\" must be a whole number of worker processes from 1 to 4096 (got %s)",
         got);
  }
  out->workers = (int)workers;
  out->watchdog_timeout = get_number(v, c, "watchdogTimeout", "watchdogTimeout", 30000);
  if (!v->failed && !(out->watchdog_timeout >= 0))
    fail(v, "watchdogTimeout", "\"%s\" must be a number of milliseconds, 0 or more%s", "");
  out->framework = get_string(v, c, "framework", "framework", "mocha");
  /* cucumberOpts are read by frameworks/cucumber/cuke_opts.c (the launcher checks them). */
  /* jasmineOpts: frameworks/jasmine_opts.c. */
  if (!v->failed && strcmp(out->framework, "mocha") != 0 &&
      strcmp(out->framework, "cucumber") != 0 && strcmp(out->framework, "jasmine") != 0)
    fail(v, "framework",
         "\"%s\" is \"%s\", but this sonde supports only \"mocha\", \"jasmine\" and \"cucumber\"",
         out->framework);

  JSValueRef mocha = get_object(v, c, "mochaOpts", "mochaOpts");
  out->mocha_ui = get_string(v, mocha, "ui", "mochaOpts.ui", "bdd");
  if (!v->failed && strcmp(out->mocha_ui, "bdd") != 0 && strcmp(out->mocha_ui, "tdd") != 0)
    fail(v, "mochaOpts.ui", "\"%s\" must be \"bdd\" or \"tdd\" (got \"%s\")", out->mocha_ui);
  out->mocha_timeout = get_number(v, mocha, "timeout", "mochaOpts.timeout", 10000);
  out->mocha_retries = (int)get_number(v, mocha, "retries", "mochaOpts.retries", 0);
  out->mocha_bail = get_bool(v, mocha, "bail", "mochaOpts.bail", false);
  out->mocha_grep = mocha ? get_grep(v, mocha) : NULL;
  out->mocha_invert = get_bool(v, mocha, "invert", "mochaOpts.invert", false);
  out->mocha_fgrep = get_string(v, mocha, "fgrep", "mochaOpts.fgrep", NULL);
  out->mocha_forbid_only = get_bool(v, mocha, "forbidOnly", "mochaOpts.forbidOnly", false);
  out->mocha_forbid_pending = get_bool(v, mocha, "forbidPending", "mochaOpts.forbidPending", false);
  get_string_list(v, mocha, "require", "mochaOpts.require", &out->mocha_require);
  out->drain_timeout = get_number(v, c, "drainTimeout", "drainTimeout", 2000);
  if (!v->failed && !(out->drain_timeout >= 0))
    fail(v, "drainTimeout", "\"%s\" must be a number of milliseconds, 0 or more%s", "");

  out->max_instances_per_capability =
      (int)get_number(v, c, "maxInstancesPerCapability", "maxInstancesPerCapability", 100);
  if (!v->failed && out->max_instances_per_capability < 1)
    fail(v, "maxInstancesPerCapability", "\"%s\" must be at least 1%s", "");
  out->bail = (int)get_number(v, c, "bail", "bail", 0);
  out->spec_file_retries = (int)get_number(v, c, "specFileRetries", "specFileRetries", 0);
  out->spec_file_retries_delay =
      get_number(v, c, "specFileRetriesDelay", "specFileRetriesDelay", 0);
  out->spec_file_retries_deferred =
      get_bool(v, c, "specFileRetriesDeferred", "specFileRetriesDeferred", false);
  out->group_logs = get_bool(v, c, "groupLogsByTestSpec", "groupLogsByTestSpec", false);
  out->output_dir = get_path(v, c, "outputDir");
  JSValueRef shard = js_get(ctx, c, "shard");
  if (present(ctx, shard) && !JSValueIsNull(ctx, shard)) {
    char *text = js_value_to_utf8(ctx, shard);
    int i = 0, n = 0;
    char tail = 0;
    if (sscanf(text, "%d/%d%c", &i, &n, &tail) != 2 || n < 1 || i < 1 || i > n)
      fail(v, "shard", "\"%s\" must look like i/n with 1 <= i <= n (got \"%s\")", text);
    out->shard_index = i;
    out->shard_total = n;
    free(text);
  }
  out->shard_timings = get_path(v, c, "shardTimings");

  JSValueRef reporters = js_get(ctx, c, "reporters");
  if (present(ctx, reporters) && !JSValueIsArray(ctx, reporters)) {
    fail(v, "reporters", "\"%s\" must be an array (got %s)", js_describe_type(ctx, reporters));
  } else if (present(ctx, reporters)) {
    size_t n = js_array_length(ctx, reporters);
    for (size_t i = 0; i < n; i++) {
      JSValueRef item = js_array_get(ctx, reporters, (unsigned)i);
      if (JSValueIsArray(ctx, item)) item = js_array_get(ctx, item, 0);
      if (!JSValueIsString(ctx, item)) {
        fail(v, "reporters", "\"%s\" entries must be a name or [name, options] (got %s)",
             js_describe_type(ctx, item));
        break;
      }
      /* Names are checked by report/registry.c, which knows the reporters. */
      strvec_push_owned(&out->reporters, js_value_to_utf8(ctx, item));
    }
  }

  out->base_url = get_string(v, c, "baseUrl", "baseUrl", NULL);
  if (!v->failed && out->base_url && out->base_url[0] &&
      strncmp(out->base_url, "http://", 7) != 0 && strncmp(out->base_url, "https://", 8) != 0) {
    /* Said once, up front, instead of a network error in every test. */
    char *got = xasprintf("\"%s\"", out->base_url);
    fail(v, "baseUrl", "\"%s\" must be an http:// or https:// URL (got %s)", got);
    free(got);
  }
  out->log_level = get_string(v, c, "logLevel", "logLevel", "info");
  static const char *const levels[] = {"trace", "debug", "info", "warn", "error", "silent"};
  bool level_ok = false;
  for (size_t i = 0; i < 6; i++) level_ok = level_ok || strcmp(out->log_level, levels[i]) == 0;
  if (!level_ok)
    fail(v, "logLevel",
         "\"%s\" must be one of trace, debug, info, warn, error, silent (got \"%s\")",
         out->log_level);

  JSValueRef caps = js_get(ctx, c, "capabilities");
  out->capabilities = json_array();
  if (present(ctx, caps) && !JSValueIsArray(ctx, caps)) {
    if (JSValueIsObject(ctx, caps)) {
      json_t *one = js_to_json(ctx, caps);
      if (one) json_array_append_new(out->capabilities, one);
    } else {
      fail(v, "capabilities", "\"%s\" must be an array of objects (got %s)",
           js_describe_type(ctx, caps));
    }
  } else if (present(ctx, caps)) {
    size_t n = js_array_length(ctx, caps);
    for (size_t i = 0; i < n; i++) {
      JSValueRef item = js_array_get(ctx, caps, (unsigned)i);
      if (!JSValueIsObject(ctx, item) || JSValueIsArray(ctx, item)) {
        fail(v, "capabilities", "\"%s\" entries must be objects (got %s)",
             js_describe_type(ctx, item));
        break;
      }
      json_t *j = js_to_json(ctx, item);
      json_array_append_new(out->capabilities, j ? j : json_object());
    }
  }
  if (json_array_size(out->capabilities) == 0)
    json_array_append_new(out->capabilities, json_pack("{s:s}", "browserName", "api"));
}

/* Sets every leaf of `overrides` on the JS object `obj`, creating objects on the way. */
static void apply_overrides(JSContextRef ctx, JSObjectRef obj, const json_t *overrides) {
  const char *key;
  json_t *val;
  json_object_foreach((json_t *)overrides, key, val) {
    JSValueRef cur = js_get(ctx, obj, key);
    if (json_is_object(val)) {
      if (!JSValueIsObject(ctx, cur) || JSValueIsArray(ctx, cur)) {
        cur = JSObjectMake(ctx, NULL, NULL);
        js_set(ctx, obj, key, cur);
      }
      apply_overrides(ctx, (JSObjectRef)cur, val);
    } else {
      js_set(ctx, obj, key, js_from_json(ctx, val));
    }
  }
}

/* The config's realm runs hooks, whose rejections hooks.c reports with the hook's name;
 * the engine announces such a rejection as unhandled before the caller can attach its
 * handler, so only exceptions from timers are reported here. */
static void config_uncaught(js_realm_t *realm, JSValueRef error, bool is_rejection, void *ud) {
  JSContextRef ctx = js_realm_context(realm);
  js_error_info_t info;
  js_error_info(ctx, error, &info);
  if (is_rejection) {
    log_debug("config", "rejection in the config's code: %s", info.message ? info.message : "");
  } else {
    char *stack = js_error_stack(ctx, error);
    fprintf(stderr, "sonde: uncaught error in the config's code: %s\n", stack);
    free(stack);
  }
  js_error_info_free(&info);
}

typedef struct {
  bool settled;
  JSValueRef error; /* protected when set */
} settle_state_t;

static JSValueRef on_ok(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                        const JSValueRef argv[], JSValueRef *exc) {
  ((settle_state_t *)data)->settled = true;
  return NULL;
}

static JSValueRef on_err(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                         const JSValueRef argv[], JSValueRef *exc) {
  settle_state_t *s = data;
  s->settled = true;
  s->error = argc ? argv[0] : JSValueMakeUndefined(ctx);
  JSValueProtect(ctx, s->error);
  return NULL;
}

static void describe_error(JSContextRef ctx, JSValueRef exc, const char *path, sbuf_t *err) {
  js_error_info_t info;
  js_error_info(ctx, exc, &info);
  if (info.line && info.source_url) sbuf_printf(err, "%s:%d", info.source_url, info.line);
  else sbuf_puts(err, path);
  if (info.column && info.source_url) sbuf_printf(err, ":%d", info.column);
  sbuf_printf(err, ": %s: %s", info.name ? info.name : "Error", info.message ? info.message : "");
  js_error_info_free(&info);
}

JSObjectRef config_object_of(js_realm_t *realm, const char *path, const json_t *overrides) {
  JSContextRef ctx = js_realm_context(realm);
  JSValueRef exports = js_module_exports(realm, path);
  JSValueRef c = js_get(ctx, exports, "config");
  if (!JSValueIsObject(ctx, c)) c = js_get(ctx, js_get(ctx, exports, "default"), "config");
  if (!JSValueIsObject(ctx, c)) return NULL;
  if (overrides) apply_overrides(ctx, (JSObjectRef)c, overrides);
  return (JSObjectRef)c;
}

int config_load(js_runtime_t *rt, const char *path, const json_t *overrides, sonde_config_t *out,
                sbuf_t *err) {
  memset(out, 0, sizeof(*out));
  char *cwd = fs_cwd();
  out->path = path_resolve(cwd, path);
  free(cwd);
  out->dir = fs_dirname(out->path);
  if (!fs_is_file(out->path)) {
    sbuf_printf(err, "config file %s not found", out->path);
    return -1;
  }
  out->realm = js_realm_new(rt);
  js_realm_set_uncaught(out->realm, config_uncaught, NULL);
  JSContextRef ctx = js_realm_context(out->realm);
  JSValueRef exc = NULL;
  JSValueRef promise = js_module_load(out->realm, out->path, JS_MODULE_ASYNC, &exc);
  if (!promise) {
    describe_error(ctx, exc, out->path, err);
    return -1;
  }
  settle_state_t st = {0};
  if (!js_then(ctx, promise, on_ok, on_err, &st, NULL, &exc)) {
    describe_error(ctx, exc, out->path, err);
    return -1;
  }
  while (!st.settled && uv_run(js_runtime_loop(rt), UV_RUN_ONCE)) {}
  if (st.error) {
    describe_error(ctx, st.error, out->path, err);
    JSValueUnprotect(ctx, st.error);
    return -1;
  }
  if (!st.settled) {
    sbuf_printf(err,
                "%s: the config file never finished loading (a top-level await that "
                "never settles?)",
                out->path);
    return -1;
  }
  JSValueRef c = config_object_of(out->realm, out->path, overrides);
  if (!c) {
    sbuf_printf(err,
                "%s: No named export object called \"config\" found (use exports.config = {...}, "
                "module.exports = { config } or export const config = {...})",
                out->path);
    return -1;
  }
  out->object = (JSObjectRef)c;
  JSValueProtect(ctx, out->object);
  out->json = js_to_json(ctx, c);
  if (!json_is_object(out->json)) {
    json_decref(out->json);
    out->json = json_object();
  }
  out->source = fs_read_file(out->path, NULL);
  out->overrides = overrides ? json_incref((json_t *)overrides) : NULL;
  validator_t v = {ctx, out->path, out->source, overrides, err, false};
  validate(&v, c, out);
  if (v.failed) return -1;
  if (hooks_validate(out, err) != 0) return -1;
  return services_validate(out, err);
}

void config_free(sonde_config_t *cfg) {
  if (!cfg) return;
  json_decref(cfg->overrides);
  free(cfg->path);
  free(cfg->dir);
  free(cfg->framework);
  free(cfg->mocha_ui);
  free(cfg->mocha_grep);
  free(cfg->mocha_fgrep);
  strvec_free(&cfg->mocha_require);
  free(cfg->output_dir);
  free(cfg->shard_timings);
  strvec_free(&cfg->reporters);
  free(cfg->base_url);
  free(cfg->log_level);
  json_decref(cfg->capabilities);
  json_decref(cfg->json);
  free(cfg->source);
  if (cfg->realm) {
    services_detach(cfg);
    if (cfg->object) JSValueUnprotect(js_realm_context(cfg->realm), cfg->object);
    js_realm_free(cfg->realm);
  }
  memset(cfg, 0, sizeof(*cfg));
}
