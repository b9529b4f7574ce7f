/* cuke_opts: see cuke_opts.h. Values are read from the config object itself (not its JSON)
 * because `name` may hold RegExp values, which JSON would turn into {}. */
#include "frameworks/cucumber/cuke_opts.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "frameworks/cucumber/gherkin.h"
#include "frameworks/cucumber/tag_expr.h"
#include "config/opts_reader.h"
#include "js/jsutil.h"

/* A number at least `min`; whole when asked. */
static double read_number(opts_reader_t *rd, const char *name, double fallback, double min,
                          bool whole) {
  JSValueRef v = opts_get(rd, name);
  if (!v) return fallback;
  double d = JSValueIsNumber(rd->ctx, v) ? JSValueToNumber(rd->ctx, v, NULL) : NAN;
  if (isnan(d) || d < min || (whole && d != floor(d))) {
    opts_bad(rd, name, whole ? "a whole number, 0 or more" : "a number of milliseconds, 0 or more",
             v);
    return fallback;
  }
  return d;
}

/* A RegExp keeps its flags: "/source/flags"; a string is a pattern as it is. */
static bool push_pattern(opts_reader_t *rd, JSValueRef v, strvec_t *out) {
  if (JSValueIsString(rd->ctx, v)) {
    strvec_push_owned(out, js_value_to_utf8(rd->ctx, v));
    return true;
  }
  if (JSValueIsObject(rd->ctx, v) && JSValueIsString(rd->ctx, js_get(rd->ctx, v, "source"))) {
    char *src = js_get_string(rd->ctx, v, "source");
    char *flags = js_get_string(rd->ctx, v, "flags");
    strvec_push_owned(out, xasprintf("/%s/%s", src, flags ? flags : ""));
    free(src);
    free(flags);
    return true;
  }
  return false;
}

static void read_names(opts_reader_t *rd, strvec_t *out) {
  JSValueRef v = opts_get(rd, "name");
  if (!v) return;
  if (JSValueIsArray(rd->ctx, v)) {
    size_t n = js_array_length(rd->ctx, v);
    for (size_t i = 0; i < n; i++)
      if (!push_pattern(rd, js_array_get(rd->ctx, v, (unsigned)i), out)) {
        opts_bad(rd, "name", "a RegExp, a string or an array of them", v);
        return;
      }
    return;
  }
  if (!push_pattern(rd, v, out)) opts_bad(rd, "name", "a RegExp, a string or an array of them", v);
}

/* Keys sonde knows; anything else is refused so that a typo does not go unnoticed. source,
 * profile and backtrace are in WebdriverIO's own sample config and change nothing there
 * any more: accepted so that such a config runs, and ignored. Defaults are
 * @wdio/cucumber-framework's (strict off, timeout 60000), not cucumber-js's. */
static const char *const kKnown[] = {
    "require",
    "requireModule",
    "tags",
    "timeout",
    "strict",
    "dryRun",
    "failFast",
    "ignoreUndefinedDefinitions",
    "failAmbiguousDefinitions",
    "retry",
    "name",
    "language",
    "snippets",
    "scenarioLevelReporter",
    "format",
    "import",
    "worldParameters",
    "order",
    "parallel",
    "source",
    "profile",
    "tagsInTitle",
    "backtrace",
    "tagExpression",
};

int cuke_opts_parse(const sonde_config_t *cfg, cuke_opts_t *out, sbuf_t *err) {
  memset(out, 0, sizeof(*out));
  out->timeout = 60000;
  out->snippets = true;
  out->language = xstrdup("en");
  JSContextRef ctx = js_realm_context(cfg->realm);
  JSValueRef opts = js_get(ctx, cfg->object, "cucumberOpts");
  if (JSValueIsUndefined(ctx, opts) || JSValueIsNull(ctx, opts)) return 0;
  opts_reader_t rd = {cfg, ctx, opts, "cucumberOpts", err, false};
  if (!JSValueIsObject(ctx, opts) || JSValueIsArray(ctx, opts) || js_is_function(ctx, opts)) {
    rd.failed = true;
    config_key_error(cfg, "cucumberOpts", err, "\"cucumberOpts\" must be an object (got %s)",
                     js_describe_type(ctx, opts));
    return -1;
  }
  JSPropertyNameArrayRef names = JSObjectCopyPropertyNames(ctx, (JSObjectRef)opts);
  size_t n = JSPropertyNameArrayGetCount(names);
  for (size_t i = 0; i < n && !rd.failed; i++) {
    char *name = js_string_to_utf8(JSPropertyNameArrayGetNameAtIndex(names, i));
    bool known = false;
    for (size_t k = 0; k < sizeof(kKnown) / sizeof(kKnown[0]); k++)
      known = known || strcmp(name, kKnown[k]) == 0;
    if (!known) {
      rd.failed = true;
      char *key = xasprintf("cucumberOpts.%s", name);
      config_key_error(cfg, key, err, "\"%s\" is not an option sonde knows", key);
      free(key);
    }
    free(name);
  }
  JSPropertyNameArrayRelease(names);

  opts_list(&rd, "require", &out->require);
  /* cucumber-js's `import` (ES module step files) is loaded the same way. */
  opts_list(&rd, "import", &out->require);
  opts_list(&rd, "requireModule", &out->require_module);
  out->tags = opts_string(&rd, "tags");
  /* WebdriverIO's former name of `tags`, still in its defaults. */
  if (!out->tags || !*out->tags) {
    free(out->tags);
    out->tags = opts_string(&rd, "tagExpression");
  }
  if (out->tags && !rd.failed) {
    char *perr = NULL;
    tagexpr_t *e = tagexpr_parse(out->tags, &perr);
    if (!e) {
      rd.failed = true;
      config_key_error(cfg, "cucumberOpts.tags", err, "\"cucumberOpts.tags\": %s", perr);
    }
    tagexpr_free(e);
    free(perr);
  }
  out->timeout = read_number(&rd, "timeout", 60000, 0, false);
  out->strict = opts_bool(&rd, "strict", NULL, false);
  out->dry_run = opts_bool(&rd, "dryRun", NULL, false);
  out->fail_fast = opts_bool(&rd, "failFast", NULL, false);
  out->ignore_undefined = opts_bool(&rd, "ignoreUndefinedDefinitions", NULL, false);
  out->fail_ambiguous = opts_bool(&rd, "failAmbiguousDefinitions", NULL, false);
  out->retry = (int)read_number(&rd, "retry", 0, 0, true);
  read_names(&rd, &out->names);
  char *lang = opts_string(&rd, "language");
  if (lang) {
    free(out->language);
    out->language = lang;
    if (!rd.failed && !gherkin_dialect_exists(lang)) {
      rd.failed = true;
      config_key_error(cfg, "cucumberOpts.language", err,
                       "\"cucumberOpts.language\" is \"%s\", which is not a Gherkin dialect", lang);
    }
  }
  out->snippets = opts_bool(&rd, "snippets", NULL, true);
  out->scenario_level_reporter = opts_bool(&rd, "scenarioLevelReporter", NULL, false);
  JSValueRef wp = opts_get(&rd, "worldParameters");
  if (wp && (!JSValueIsObject(ctx, wp) || JSValueIsArray(ctx, wp) || js_is_function(ctx, wp)))
    opts_bad(&rd, "worldParameters", "an object", wp);
  else if (wp) out->world_parameters = js_to_json(ctx, wp);
  char *order = opts_string(&rd, "order");
  out->reverse = order && strcmp(order, "reverse") == 0;
  if (order && strcmp(order, "defined") != 0 && !out->reverse && !rd.failed) {
    rd.failed = true;
    config_key_error(cfg, "cucumberOpts.order", err,
                     "\"cucumberOpts.order\" is \"%s\": this sonde runs scenarios in the order "
                     "they are defined (\"defined\") or in the reverse order (\"reverse\")",
                     order);
  }
  free(order);
  /* Scenarios of a feature run at once in the job's realm (1: one after another). */
  out->parallel = (int)read_number(&rd, "parallel", 1, 0, true);
  if (out->parallel < 1) out->parallel = 1;
  out->tags_in_title = opts_bool(&rd, "tagsInTitle", NULL, false);
  strvec_t formats = STRVEC_INIT;
  opts_list(&rd, "format", &formats);
  /* Formats writing a file take "<name>:<file>" (one file each: a job writes it with its
   * cid in the name); progress and summary print to the console. */
  static const struct {
    const char *name;
    size_t off;
  } files[] = {{"json:", offsetof(cuke_opts_t, json_path)},
               {"message:", offsetof(cuke_opts_t, message_path)},
               {"junit:", offsetof(cuke_opts_t, junit_path)},
               {"html:", offsetof(cuke_opts_t, html_path)}};
  for (size_t i = 0; i < formats.len && !rd.failed; i++) {
    const char *f = formats.items[i];
    bool done = false;
    for (size_t k = 0; k < sizeof files / sizeof files[0] && !done; k++) {
      size_t n = strlen(files[k].name);
      char **slot = (char **)((char *)out + files[k].off);
      if (strncmp(f, files[k].name, n) != 0 || !f[n] || *slot) continue;
      *slot = xstrdup(f + n);
      done = true;
    }
    if (!done && (strcmp(f, "progress") == 0 || strcmp(f, "summary") == 0)) {
      if (f[0] == 'p') out->progress = true;
      else out->summary = true;
      done = true;
    }
    if (done) continue;
    rd.failed = true;
    config_key_error(
        cfg, "cucumberOpts.format", err,
        "\"cucumberOpts.format\" (\"%s\") is not a format this sonde writes: \"json:<file>\", "
        "\"message:<file>\", \"junit:<file>\", \"html:<file>\" (each once), \"progress\" "
        "or \"summary\"",
        f);
  }
  out->messages =
      out->message_path || out->junit_path || out->html_path || out->progress || out->summary;
  strvec_free(&formats);
  return rd.failed ? -1 : 0;
}

void cuke_opts_free(cuke_opts_t *o) {
  strvec_free(&o->require);
  strvec_free(&o->require_module);
  free(o->tags);
  strvec_free(&o->names);
  free(o->language);
  json_decref(o->world_parameters);
  free(o->json_path);
  free(o->message_path);
  free(o->junit_path);
  free(o->html_path);
  memset(o, 0, sizeof(*o));
}
