/* cucumber: see cucumber.h. This file makes the realm's API (cucumber.js, given the natives
 * below) and the built-in modules that export it; cucumber/cuke_tree.c turns feature files
 * into the tree. The natives are closures over the job's fw_cucumber_t. */
#include <stdlib.h>
#include <string.h>

#include "common/sbuf.h"
#include "frameworks/cucumber/cuke_int.h"
#include "js/jsclass.h"

#define CUKE_API_GLOBAL "__sonde_cucumber"

char *cuke_arg_str(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t i) {
  return i < argc && !JSValueIsUndefined(ctx, argv[i]) && !JSValueIsNull(ctx, argv[i])
             ? js_value_to_utf8(ctx, argv[i])
             : NULL;
}

/* Gherkin text (a pickle's, a step argument's) as a JavaScript string, its NULs given back
 * (gherkin.h). */
static JSValueRef text_value(JSContextRef ctx, const char *s) {
  size_t len;
  char *text = gherkin_text(s, &len);
  JSValueRef v = js_make_string_len(ctx, text, len);
  free(text);
  return v;
}

char **cuke_arg_strings(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t i,
                        size_t *n) {
  *n = i < argc ? js_array_length(ctx, argv[i]) : 0;
  char **strings = xcalloc(*n + 1, sizeof(char *));
  for (size_t k = 0; k < *n; k++) {
    char *s = js_value_to_utf8(ctx, js_array_get(ctx, argv[i], (unsigned)k));
    strings[k] = s ? s : xstrdup("");
  }
  return strings;
}

void cuke_strings_free(char **strings) {
  for (char **s = strings; s && *s; s++) free(*s);
  free(strings);
}

/* defineStep(pattern, flags|null, isRegExp) -> id */
NATIVE(n_define_step) {
  fw_cucumber_t *ck = data;
  char *pattern = cuke_arg_str(ctx, argc, argv, 0), *flags = cuke_arg_str(ctx, argc, argv, 1);
  bool is_re = argc > 2 && JSValueToBoolean(ctx, argv[2]);
  char *err = NULL;
  cukexpr_t *e = NULL;
  if (is_re) {
    /* JavaScript's flags that PCRE2 spells inline; g and y mean nothing for a whole match. */
    char *src = xasprintf("%s%s%s", flags && strchr(flags, 'i') ? "(?i)" : "",
                          flags && strchr(flags, 's') ? "(?s)" : "", pattern ? pattern : "");
    e = cukexpr_compile_regex(ck->reg, src, &err);
    free(src);
  } else {
    e = cukexpr_compile(ck->reg, pattern ? pattern : "", &err);
  }
  free(flags);
  bool defer = !e && !is_re && !ck->defs_final && err && strstr(err, "Undefined parameter type");
  if (!e && !defer) {
    js_throw(ctx, exc, "Error", "%s", err ? err : "invalid step pattern");
    free(err);
    free(pattern);
    return NULL;
  }
  free(err);
  if (ck->ndefs == ck->cap) {
    ck->cap = ck->cap ? ck->cap * 2 : 16;
    ck->defs = xrealloc(ck->defs, ck->cap * sizeof(*ck->defs));
  }
  ck->defs[ck->ndefs] = (cuke_def_t){e, defer ? pattern : NULL};
  if (!defer) free(pattern);
  return JSValueMakeNumber(ctx, (double)ck->ndefs++);
}

int cuke_defs_finish(fw_cucumber_t *ck, json_t **error) {
  if (ck->defs_final) return 0;
  ck->defs_final = true;
  JSContextRef ctx = js_realm_context(ck->realm);
  for (size_t i = 0; i < ck->ndefs; i++) {
    cuke_def_t *d = &ck->defs[i];
    if (!d->deferred) continue;
    char *err = NULL;
    d->e = cukexpr_compile(ck->reg, d->deferred, &err);
    free(d->deferred);
    d->deferred = NULL;
    if (d->e) continue;
    /* Where the definition was made, as cucumber.js recorded it. */
    JSValueRef steps = js_get(ctx, js_get(ctx, ck->api, "__state"), "steps");
    char *where = js_get_string(ctx, js_array_get(ctx, steps, (unsigned)i), "where");
    *error = json_pack("{s:s, s:s}", "name", "Error", "message", err ? err : "invalid expression");
    char *stack =
        xasprintf("Error: %s\n    at %s", err ? err : "invalid expression", where ? where : "?");
    json_object_set_new(*error, "stack", json_string(stack));
    free(stack);
    free(where);
    free(err);
    return -1;
  }
  return 0;
}

/* defineParameterType(name, [sources], useForSnippets, preferForRegexpMatch) */
NATIVE(n_define_type) {
  fw_cucumber_t *ck = data;
  char *name = cuke_arg_str(ctx, argc, argv, 0);
  size_t n;
  char **res = cuke_arg_strings(ctx, argc, argv, 1, &n);
  char *err = NULL;
  int rc = cukexpr_registry_define(ck->reg, name ? name : "", (const char *const *)res, n,
                                   argc > 2 && JSValueToBoolean(ctx, argv[2]),
                                   argc > 3 && JSValueToBoolean(ctx, argv[3]), &err);
  cuke_strings_free(res);
  free(name);
  if (rc != 0) js_throw(ctx, exc, "Error", "%s", err ? err : "invalid parameter type");
  free(err);
  return JSValueMakeUndefined(ctx);
}

static JSValueRef arg_value(JSContextRef ctx, const cukexpr_arg_t *a) {
  JSObjectRef o = JSObjectMake(ctx, NULL, NULL);
  js_set(ctx, o, "type", js_make_string(ctx, a->type_name ? a->type_name : ""));
  js_set(ctx, o, "custom", JSValueMakeBoolean(ctx, a->transform == CUKEXPR_T_CUSTOM));
  JSValueRef v = JSValueMakeUndefined(ctx);
  if (a->kind == CUKEXPR_V_INT) v = JSValueMakeNumber(ctx, (double)a->i);
  else if (a->kind == CUKEXPR_V_DOUBLE) v = JSValueMakeNumber(ctx, a->d);
  else if (a->kind == CUKEXPR_V_STRING) v = text_value(ctx, a->s);
  js_set(ctx, o, "value", v);
  JSValueRef *groups = xcalloc(a->ngroups + 1, sizeof(JSValueRef));
  for (size_t i = 0; i < a->ngroups; i++)
    groups[i] =
        a->groups && a->groups[i] ? text_value(ctx, a->groups[i]) : JSValueMakeUndefined(ctx);
  js_set(ctx, o, "groups", js_make_array(ctx, a->ngroups, groups));
  free(groups);
  return o;
}

/* match(text) -> [{id, args}] for every definition that matches. */
NATIVE(n_match) {
  fw_cucumber_t *ck = data;
  size_t len = 0; /* the step's text may hold NULs */
  char *text = argc > 0 ? js_value_to_utf8_len(ctx, argv[0], &len) : NULL;
  JSObjectRef out = js_make_array(ctx, 0, NULL);
  unsigned k = 0;
  for (size_t i = 0; text && i < ck->ndefs; i++) {
    cukexpr_arg_t *args = NULL;
    size_t nargs = 0;
    if (!ck->defs[i].e || cukexpr_match(ck->defs[i].e, text, len, &args, &nargs) != 1) continue;
    JSObjectRef m = JSObjectMake(ctx, NULL, NULL);
    js_set(ctx, m, "id", JSValueMakeNumber(ctx, (double)i));
    JSValueRef *vals = xcalloc(nargs + 1, sizeof(JSValueRef));
    for (size_t j = 0; j < nargs; j++) vals[j] = arg_value(ctx, &args[j]);
    js_set(ctx, m, "args", js_make_array(ctx, nargs, vals));
    free(vals);
    cukexpr_args_free(args, nargs);
    JSObjectSetPropertyAtIndex(ctx, out, k++, m, NULL);
  }
  free(text);
  return out;
}

/* A string in single quotes, as the snippet's JavaScript needs it. */
static void put_quoted(sbuf_t *b, const char *s) {
  sbuf_putc(b, '\'');
  for (; *s; s++) {
    if (*s == '\'' || *s == '\\') sbuf_putc(b, '\\');
    sbuf_putc(b, *s);
  }
  sbuf_putc(b, '\'');
}

/* The function header of one generated expression: "Given('I have {int}', function (int) {". */
static void put_header(sbuf_t *b, const char *keyword, const cukexpr_generated_t *g,
                       const char *extra) {
  sbuf_printf(b, "%s(", keyword);
  put_quoted(b, g->source);
  sbuf_puts(b, ", function (");
  for (size_t i = 0; i < g->ntypes; i++) {
    const char *t = g->types[i] && *g->types[i] ? g->types[i] : "arg";
    size_t seen = 0;
    for (size_t j = 0; j < i; j++)
      seen += strcmp(g->types[j] && *g->types[j] ? g->types[j] : "arg", t) == 0;
    sbuf_printf(b, "%s%s", i ? ", " : "", t);
    if (seen) sbuf_printf(b, "%zu", seen + 1);
  }
  if (extra && *extra) sbuf_printf(b, "%s%s", g->ntypes ? ", " : "", extra);
  sbuf_puts(b, ") {\n");
}

/* snippet(keywordType, text, extraArg[, list]) -> a step definition to paste, as Cucumber's
 * JavaScript snippet syntax writes it (other candidate expressions commented out); with
 * `list` true, an array of one snippet per candidate expression (a suggestion's). */
NATIVE(n_snippet) {
  fw_cucumber_t *ck = data;
  char *type = cuke_arg_str(ctx, argc, argv, 0), *extra = cuke_arg_str(ctx, argc, argv, 2);
  /* The step's text as the expression generator takes it: a NUL as C0 80 (gherkin.h). */
  size_t len = 0;
  char *raw = argc > 1 ? js_value_to_utf8_len(ctx, argv[1], &len) : NULL;
  char *text = raw ? gherkin_text_encode(raw, len) : NULL;
  free(raw);
  bool list = argc > 3 && JSValueToBoolean(ctx, argv[3]);
  const char *kw = "Given";
  if (type && strcmp(type, "Action") == 0) kw = "When";
  if (type && strcmp(type, "Outcome") == 0) kw = "Then";
  static const char body[] =
      "  // Write code here that turns the phrase above into concrete actions\n"
      "  return 'pending';\n});";
  cukexpr_generated_t *gen = NULL;
  size_t n = cukexpr_generate(ck->reg, text ? text : "", &gen);
  sbuf_t b = SBUF_INIT;
  JSValueRef *items = xcalloc(n + 1, sizeof(JSValueRef));
  for (size_t i = 0; i < n; i++) {
    if (list) {
      sbuf_reset(&b);
      put_header(&b, kw, &gen[i], extra);
      sbuf_puts(&b, body);
      items[i] = text_value(ctx, sbuf_cstr(&b));
      continue;
    }
    if (i) sbuf_puts(&b, "// ");
    put_header(&b, kw, &gen[i], extra);
  }
  if (!list) sbuf_puts(&b, body);
  JSValueRef v = list ? js_make_array(ctx, n, items) : text_value(ctx, sbuf_cstr(&b));
  free(items);
  cukexpr_generated_free(gen, n);
  sbuf_free(&b);
  free(type);
  free(text);
  free(extra);
  return v;
}

static tagexpr_t *parse_tags(JSContextRef ctx, size_t argc, const JSValueRef argv[],
                             JSValueRef *exc) {
  char *src = cuke_arg_str(ctx, argc, argv, 0), *err = NULL;
  tagexpr_t *e = tagexpr_parse(src ? src : "", &err);
  if (!e) js_throw(ctx, exc, "Error", "%s", err ? err : "invalid tag expression");
  free(err);
  free(src);
  return e;
}

NATIVE(n_check_tags) {
  tagexpr_free(parse_tags(ctx, argc, argv, exc));
  return JSValueMakeUndefined(ctx);
}

/* tagsMatch(expression, [tags]) */
NATIVE(n_tags_match) {
  tagexpr_t *e = parse_tags(ctx, argc, argv, exc);
  if (!e) return NULL;
  size_t n;
  char **tags = cuke_arg_strings(ctx, argc, argv, 1, &n);
  bool ok = tagexpr_eval(e, (const char *const *)tags, n);
  cuke_strings_free(tags);
  tagexpr_free(e);
  return JSValueMakeBoolean(ctx, ok);
}

/* step(event, title, keyword, text, status?, durationMs?, error?, index?, location?):
 * step:start / step:end for the scenario (test) that is running; a step:end also goes to
 * the json format with the step's index in the pickle and its definition's file:line. */
NATIVE(n_step) {
  fw_cucumber_t *ck = data;
  fw_runner_t *r = ck->r;
  char *type = cuke_arg_str(ctx, argc, argv, 0), *kw = cuke_arg_str(ctx, argc, argv, 2),
       *status = cuke_arg_str(ctx, argc, argv, 4), *where = cuke_arg_str(ctx, argc, argv, 8);
  /* The title and text may hold NULs (a NUL in the feature file): they go by length. */
  size_t title_len = 0, text_len = 0;
  char *title = argc > 1 ? js_value_to_utf8_len(ctx, argv[1], &title_len) : xstrdup(""),
       *text = argc > 3 ? js_value_to_utf8_len(ctx, argv[3], &text_len) : xstrdup("");
  double duration =
      argc > 5 && JSValueIsNumber(ctx, argv[5]) ? JSValueToNumber(ctx, argv[5], NULL) : 0;
  JSValueRef error = argc > 6 && !JSValueIsUndefined(ctx, argv[6]) && !JSValueIsNull(ctx, argv[6])
                         ? argv[6]
                         : NULL;
  if (status && argc > 7 && JSValueIsNumber(ctx, argv[7]))
    cuke_json_step(ck, ctx, (size_t)JSValueToNumber(ctx, argv[7], NULL), kw ? kw : "", status,
                   duration, error, where);
  if (!ck->opts->scenario_level_reporter) {
    fw_runnable_t *t = r->test_active ? r->tf.test : NULL;
    json_t *ev = json_pack("{s:s, s:s%, s:s, s:s%}", "type", type ? type : "step:start", "title",
                           title, title_len, "keyword", kw ? kw : "", "text", text, text_len);
    if (t) json_object_set_new(ev, "test", json_stringn(t->title, t->title_len));
    if (status) json_object_set_new(ev, "status", json_string(status));
    if (status) json_object_set_new(ev, "duration", json_real(duration));
    if (error) json_object_set_new(ev, "error", fw_error_json(r, error));
    fw_emit(r, ev);
  }
  free(type);
  free(title);
  free(kw);
  free(text);
  free(status);
  free(where);
  return JSValueMakeUndefined(ctx);
}

/* hookResult(keyword, status, durationMs, error?): a Before/After hook's outcome, for the
 * json format (hidden steps). */
NATIVE(n_hook_result) {
  fw_cucumber_t *ck = data;
  char *kw = cuke_arg_str(ctx, argc, argv, 0), *status = cuke_arg_str(ctx, argc, argv, 1);
  double duration =
      argc > 2 && JSValueIsNumber(ctx, argv[2]) ? JSValueToNumber(ctx, argv[2], NULL) : 0;
  JSValueRef error = argc > 3 && !JSValueIsUndefined(ctx, argv[3]) && !JSValueIsNull(ctx, argv[3])
                         ? argv[3]
                         : NULL;
  cuke_json_hook(ck, ctx, kw ? kw : "Before", status ? status : "passed", duration, error);
  free(kw);
  free(status);
  return JSValueMakeUndefined(ctx);
}

/* log(text): this.log / this.attach of a World, reported as the scenario's output. */
NATIVE(n_log) {
  fw_cucumber_t *ck = data;
  char *text = cuke_arg_str(ctx, argc, argv, 0);
  json_t *ev =
      json_pack("{s:s, s:s, s:s}", "type", "log", "level", "info", "text", text ? text : "");
  ck->r->emit(ev, ck->r->emit_ud);
  json_decref(ev);
  free(text);
  return JSValueMakeUndefined(ctx);
}

/* skipTest(): the running scenario ends pending (mocha's this.skip() for the runner). */
NATIVE(n_skip_test) {
  fw_cucumber_t *ck = data;
  if (ck->r->inv.running) ck->r->inv.skip_requested = true;
  return JSValueMakeUndefined(ctx);
}

NATIVE(n_no_retry) {
  fw_cucumber_t *ck = data;
  if (ck->r->test_active && ck->r->tf.test) ck->r->tf.test->retries = 0;
  return JSValueMakeUndefined(ctx);
}

/* onUncaught(fn|null): while a step or hook runs, what it throws from a timer or leaves
 * rejected fails that step (fn(error)), as in cucumber-js; otherwise the runner's rules
 * apply (the scenario, or a late error). */
NATIVE(n_on_uncaught) {
  fw_cucumber_t *ck = data;
  if (ck->step_failer) JSValueUnprotect(ctx, ck->step_failer);
  ck->step_failer = argc && js_is_function(ctx, argv[0]) ? (JSObjectRef)argv[0] : NULL;
  if (ck->step_failer) JSValueProtect(ctx, ck->step_failer);
  return JSValueMakeUndefined(ctx);
}

static void cuke_uncaught(js_realm_t *realm, JSValueRef error, bool is_rejection, void *ud) {
  fw_cucumber_t *ck = ud;
  if (!ck->step_failer) {
    fw_on_uncaught(realm, error, is_rejection, ck->r);
    return;
  }
  JSContextRef ctx = js_realm_context(realm);
  JSValueRef exc = NULL;
  if (!js_call(ctx, ck->step_failer, NULL, 1, &error, &exc))
    fw_on_uncaught(realm, exc, false, ck->r);
}

/* configHook(name, [args]) -> a promise of the config hook's end, or undefined. */
NATIVE(n_config_hook) {
  fw_cucumber_t *ck = data;
  char *name = cuke_arg_str(ctx, argc, argv, 0);
  size_t n = argc > 1 ? js_array_length(ctx, argv[1]) : 0;
  JSValueRef *args = xcalloc(n + 1, sizeof(JSValueRef));
  for (size_t i = 0; i < n; i++) args[i] = js_array_get(ctx, argv[1], (unsigned)i);
  JSValueRef v = cuke_config_hook(ck, name ? name : "", n, args, exc);
  free(args);
  free(name);
  return v;
}

NATIVE(n_has_config_hook) {
  char *name = cuke_arg_str(ctx, argc, argv, 0);
  bool has = cuke_config_hook_defined(data, name ? name : "");
  free(name);
  return JSValueMakeBoolean(ctx, has);
}

static void add_native(JSContextRef ctx, JSObjectRef obj, const char *name, js_closure_fn fn,
                       fw_cucumber_t *ck) {
  js_set(ctx, obj, name, js_make_closure(ctx, name, fn, ck, NULL));
}

static void cuke_free(js_realm_t *realm, void *ud) {
  fw_cucumber_t *ck = ud;
  for (size_t i = 0; i < ck->ndefs; i++) {
    cukexpr_free(ck->defs[i].e);
    free(ck->defs[i].deferred);
  }
  free(ck->defs);
  cukexpr_registry_free(ck->reg);
  tagexpr_free(ck->tags);
  cuke_json_free(ck);
  cuke_msg_free(ck);
  json_decref(ck->documents);
  for (size_t i = 0; i < ck->nmeta; i++) json_decref(ck->meta[i]);
  free(ck->meta);
  gherkin_pickles_free(&ck->pickles);
  for (size_t i = 0; i < ck->nsteps; i++) free(ck->steps[i].keyword);
  free(ck->steps);
  free(ck->order);
  if (ck->api) JSValueUnprotect(js_realm_context(realm), ck->api);
  if (ck->step_failer) JSValueUnprotect(js_realm_context(realm), ck->step_failer);
  free(ck);
}

fw_cucumber_t *fw_cucumber_install(fw_runner_t *r, const cuke_opts_t *opts, char **err) {
  js_realm_t *realm = fw_runner_realm(r);
  JSContextRef ctx = js_realm_context(realm);
  fw_cucumber_t *ck = xcalloc(1, sizeof(*ck));
  ck->r = r;
  ck->realm = realm;
  ck->opts = opts;
  ck->reg = cukexpr_registry_new();
  ck->running_pickle = SIZE_MAX;
  js_realm_on_free(realm, cuke_free, ck);
  if (opts->tags && !(ck->tags = tagexpr_parse(opts->tags, err))) return NULL;

  JSObjectRef natives = JSObjectMake(ctx, NULL, NULL);
  add_native(ctx, natives, "defineStep", n_define_step, ck);
  add_native(ctx, natives, "defineParameterType", n_define_type, ck);
  add_native(ctx, natives, "match", n_match, ck);
  add_native(ctx, natives, "snippet", n_snippet, ck);
  add_native(ctx, natives, "checkTags", n_check_tags, ck);
  add_native(ctx, natives, "tagsMatch", n_tags_match, ck);
  add_native(ctx, natives, "step", n_step, ck);
  add_native(ctx, natives, "log", n_log, ck);
  add_native(ctx, natives, "skipTest", n_skip_test, ck);
  add_native(ctx, natives, "onUncaught", n_on_uncaught, ck);
  add_native(ctx, natives, "hookResult", n_hook_result, ck);
  add_native(ctx, natives, "noRetry", n_no_retry, ck);
  add_native(ctx, natives, "configHook", n_config_hook, ck);
  add_native(ctx, natives, "hasConfigHook", n_has_config_hook, ck);
  /* WebdriverIO calls beforeSuite/afterSuite, beforeHook/afterHook and beforeTest/afterTest
   * for mocha and jasmine only: the runner is told the config has none of them (the
   * worker always gives it hook_defined, which it asks once and remembers). */
  for (size_t i = 0; i < FW_CONFIG_HOOKS; i++) r->hook_known[i] = -1;
  JSObjectRef o = JSObjectMake(ctx, NULL, NULL);
  js_set(ctx, o, "timeout", JSValueMakeNumber(ctx, opts->timeout));
  js_set(ctx, o, "dryRun", JSValueMakeBoolean(ctx, opts->dry_run));
  js_set(ctx, o, "strict", JSValueMakeBoolean(ctx, opts->strict));
  js_set(ctx, o, "ignoreUndefined", JSValueMakeBoolean(ctx, opts->ignore_undefined));
  js_set(ctx, o, "failAmbiguous", JSValueMakeBoolean(ctx, opts->fail_ambiguous));
  js_set(ctx, o, "snippets", JSValueMakeBoolean(ctx, opts->snippets));
  js_set(ctx, o, "parallel", JSValueMakeNumber(ctx, opts->parallel));
  js_set(ctx, o, "json", JSValueMakeBoolean(ctx, opts->json_path != NULL));
  if (opts->messages) cuke_msg_natives(ck, ctx, natives);
  if (opts->world_parameters)
    js_set(ctx, o, "worldParameters", js_from_json(ctx, opts->world_parameters));
  js_set(ctx, natives, "opts", o);

  JSValueRef exc = NULL;
  JSValueRef make = js_jslib(ctx, "cucumber", &exc);
  JSValueRef api = make ? js_call(ctx, make, NULL, 1, (JSValueRef *)&natives, &exc) : NULL;
  if (!api || !JSValueIsObject(ctx, api)) {
    char *msg = api ? NULL : js_value_to_utf8(ctx, exc);
    *err = xasprintf("cannot set up the cucumber API: %s", msg ? msg : "no object");
    free(msg);
    return NULL;
  }
  ck->api = (JSObjectRef)api;
  JSValueProtect(ctx, ck->api);
  js_realm_set_uncaught(realm, cuke_uncaught, ck);
  js_set_hidden(ctx, JSContextGetGlobalObject(ctx), CUKE_API_GLOBAL, api);
  return ck;
}

/* ---- scenarios ---- */

typedef struct {
  fw_cucumber_t *ck;
  size_t index;
} scenario_ref_t;

static JSValueRef rows_value(JSContextRef ctx, const gherkin_pickle_row_t *rows, size_t n) {
  JSValueRef *items = xcalloc(n + 1, sizeof(JSValueRef));
  for (size_t i = 0; i < n; i++) {
    JSValueRef *cells = xcalloc(rows[i].ncells + 1, sizeof(JSValueRef));
    for (size_t j = 0; j < rows[i].ncells; j++) cells[j] = text_value(ctx, rows[i].cells[j]);
    items[i] = js_make_array(ctx, rows[i].ncells, cells);
    free(cells);
  }
  JSObjectRef a = js_make_array(ctx, n, items);
  free(items);
  return a;
}

/* The pickle as hooks receive it in cucumber-js (Cucumber Messages' Pickle: id, name, uri,
 * language, tags [{name, astNodeId}], steps [{id, text, type, argument}]), plus what
 * cucumber.js reads: the scenario's line, and each step's keyword, line, data table (rows
 * of strings) and doc string. */
static JSObjectRef pickle_value(JSContextRef ctx, const fw_cucumber_t *ck,
                                const gherkin_pickle_t *p) {
  JSObjectRef o = JSObjectMake(ctx, NULL, NULL);
  char id[32];
  snprintf(id, sizeof id, "%u", p->id);
  js_set(ctx, o, "id", js_make_string(ctx, id));
  js_set(ctx, o, "name", text_value(ctx, p->name));
  js_set(ctx, o, "uri", js_make_string(ctx, p->uri));
  js_set(ctx, o, "language", js_make_string(ctx, p->language));
  js_set(ctx, o, "line", JSValueMakeNumber(ctx, p->loc.line));
  JSValueRef *tags = xcalloc(p->ntags + 1, sizeof(JSValueRef));
  for (size_t i = 0; i < p->ntags; i++) {
    JSObjectRef t = JSObjectMake(ctx, NULL, NULL);
    js_set(ctx, t, "name", text_value(ctx, p->tags[i].name));
    snprintf(id, sizeof id, "%u", p->tags[i].ast_id);
    js_set(ctx, t, "astNodeId", js_make_string(ctx, id));
    tags[i] = t;
  }
  js_set(ctx, o, "tags", js_make_array(ctx, p->ntags, tags));
  free(tags);
  /* Step arguments in the messages' shape come from gherkin_json.c. */
  json_t *env = gherkin_pickle_json(p);
  json_t *pickle_json = json_object_get(env, "pickle");
  js_set(ctx, o, "astNodeIds", js_from_json(ctx, json_object_get(pickle_json, "astNodeIds")));
  JSValueRef *steps = xcalloc(p->nsteps + 1, sizeof(JSValueRef));
  for (size_t i = 0; i < p->nsteps; i++) {
    const gherkin_pickle_step_t *s = &p->steps[i];
    JSObjectRef so = JSObjectMake(ctx, NULL, NULL);
    snprintf(id, sizeof id, "%u", s->id);
    js_set(ctx, so, "id", js_make_string(ctx, id));
    js_set(ctx, so, "text", text_value(ctx, s->text));
    const cuke_step_info_t *info = s->ast_ids[0] < ck->nsteps ? &ck->steps[s->ast_ids[0]] : NULL;
    js_set(ctx, so, "keyword", text_value(ctx, info && info->keyword ? info->keyword : "* "));
    js_set(ctx, so, "line", JSValueMakeNumber(ctx, info ? info->line : 0));
    js_set(ctx, so, "type", js_make_string(ctx, gherkin_keyword_type_name(s->type)));
    json_t *step_json = json_object_get(pickle_json, "steps");
    json_t *argument = json_object_get(json_array_get(step_json, i), "argument");
    if (argument) js_set(ctx, so, "argument", js_from_json(ctx, argument));
    if (s->rows) js_set(ctx, so, "dataTable", rows_value(ctx, s->rows, s->nrows));
    if (s->doc) js_set(ctx, so, "docString", text_value(ctx, s->doc));
    if (s->doc_media_type) js_set(ctx, so, "mediaType", text_value(ctx, s->doc_media_type));
    steps[i] = so;
  }
  js_set(ctx, o, "steps", js_make_array(ctx, p->nsteps, steps));
  free(steps);
  json_decref(env);
  return o;
}

/* cucumberOpts.parallel: [[pickle, document]] of the scenarios after `index` in its
 * feature (in the tree's order) that may start now, at most parallel - 1. */
static JSValueRef ahead_value(JSContextRef ctx, fw_cucumber_t *ck, size_t index) {
  JSValueRef *items = xcalloc((size_t)ck->opts->parallel + 1, sizeof(JSValueRef));
  size_t n = 0, pos = 0;
  while (pos < ck->norder && ck->order[pos] != index) pos++;
  const char *uri = ck->pickles.items[index].uri;
  for (size_t k = pos + 1; k < ck->norder && n + 1 < (size_t)ck->opts->parallel; k++) {
    const gherkin_pickle_t *p = &ck->pickles.items[ck->order[k]];
    if (strcmp(p->uri, uri) != 0) break;
    JSValueRef pair[2] = {pickle_value(ctx, ck, p),
                          js_from_json(ctx, json_object_get(ck->documents, p->uri))};
    items[n++] = js_make_array(ctx, 2, pair);
  }
  JSObjectRef a = js_make_array(ctx, n, items);
  free(items);
  return a;
}

static JSValueRef run_scenario(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  scenario_ref_t *ref = data;
  fw_cucumber_t *ck = ref->ck;
  cuke_json_scenario_start(ck, ref->index);
  /* What the test:start event does not say: the scenario's tags and outline values. */
  if (ref->index < ck->nmeta && ck->meta[ref->index]) {
    json_t *ev = json_pack("{s:s}", "type", "scenario");
    json_object_update(ev, ck->meta[ref->index]);
    fw_emit(ck->r, ev);
  }
  JSValueRef run = js_get(ctx, ck->api, "__run");
  const gherkin_pickle_t *p = &ck->pickles.items[ref->index];
  JSValueRef args[3] = {pickle_value(ctx, ck, p),
                        js_from_json(ctx, json_object_get(ck->documents, p->uri)), NULL};
  args[2] = ahead_value(ctx, ck, ref->index);
  return js_call(ctx, run, ck->api, 3, args, exc);
}

JSObjectRef cuke_scenario_fn(fw_cucumber_t *ck, size_t index) {
  scenario_ref_t *ref = xmalloc(sizeof(*ref));
  *ref = (scenario_ref_t){ck, index};
  return js_make_closure(js_realm_context(ck->realm), "scenario", run_scenario, ref, free);
}

/* ---- modules ---- */

void fw_cucumber_export(js_realm_t *realm, JSObjectRef exports) {
  JSContextRef ctx = js_realm_context(realm);
  JSValueRef api = js_get(ctx, JSContextGetGlobalObject(ctx), CUKE_API_GLOBAL);
  if (!JSValueIsObject(ctx, api)) return;
  JSPropertyNameArrayRef names = JSObjectCopyPropertyNames(ctx, (JSObjectRef)api);
  size_t n = JSPropertyNameArrayGetCount(names);
  for (size_t i = 0; i < n; i++) {
    JSStringRef name = JSPropertyNameArrayGetNameAtIndex(names, i);
    JSValueRef v = JSObjectGetProperty(ctx, (JSObjectRef)api, name, NULL);
    JSObjectSetProperty(ctx, exports, name, v, kJSPropertyAttributeNone, NULL);
  }
  JSPropertyNameArrayRelease(names);
}

static void module_init(js_realm_t *realm, JSObjectRef exports, void *ud) {
  fw_cucumber_export(realm, exports);
}

void fw_cucumber_register_modules(js_runtime_t *rt) {
  js_runtime_add_builtin(rt, "@cucumber/cucumber", module_init, NULL);
  js_runtime_add_builtin(rt, "@wdio/cucumber-framework", module_init, NULL);
}
