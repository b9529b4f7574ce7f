/* registry_js: see registry_js.h. Helper functions are compiled once per object with
 * js_eval in the config's realm; their results are converted to C strings at once. A
 * throwing format function does not stop the run: the reporter falls back to its default
 * and says why on stderr. */
#include "report/registry_js.h"

#include <stdlib.h>
#include <string.h>

#include "js/jsutil.h"
#include "js/runtime.h"

static JSContextRef rjs_ctx(const sonde_config_t *cfg) {
  return cfg && cfg->realm ? js_realm_context(cfg->realm) : NULL;
}

static bool present(JSContextRef ctx, JSValueRef v) {
  return v && !JSValueIsUndefined(ctx, v) && !JSValueIsNull(ctx, v);
}

JSValueRef rjs_entry_options(const sonde_config_t *cfg, size_t index) {
  JSContextRef ctx = rjs_ctx(cfg);
  if (!ctx || !cfg->object) return NULL;
  JSValueRef list = js_get(ctx, cfg->object, "reporters");
  if (!JSValueIsArray(ctx, list)) return NULL;
  JSValueRef entry = js_array_get(ctx, list, (unsigned)index);
  if (!JSValueIsArray(ctx, entry)) return NULL;
  JSValueRef options = js_array_get(ctx, entry, 1);
  return JSValueIsObject(ctx, options) ? options : NULL;
}

JSValueRef rjs_get(const sonde_config_t *cfg, JSValueRef options, const char *key) {
  JSContextRef ctx = rjs_ctx(cfg);
  if (!ctx || !options) return NULL;
  JSValueRef v = js_get(ctx, options, key);
  return present(ctx, v) ? v : NULL;
}

bool rjs_is_function(const sonde_config_t *cfg, JSValueRef v) {
  JSContextRef ctx = rjs_ctx(cfg);
  return ctx && v && js_is_function(ctx, v);
}

/* Object.prototype.toString answers for RegExps of any realm. */
bool rjs_is_regexp(const sonde_config_t *cfg, JSValueRef v) {
  JSContextRef ctx = rjs_ctx(cfg);
  if (!ctx || !v || !JSValueIsObject(ctx, v)) return false;
  JSValueRef exc = NULL;
  JSValueRef fn = js_eval(ctx, "(function (v) { return Object.prototype.toString.call(v); })",
                          "sonde:reporters", 1, &exc);
  if (!fn) return false;
  JSValueRef tag = js_call(ctx, fn, NULL, 1, &v, &exc);
  if (!tag) return false;
  char *s = js_value_to_utf8(ctx, tag);
  bool is = strcmp(s, "[object RegExp]") == 0;
  free(s);
  return is;
}

/* "<name>: <message>" of a thrown value, into `err`. */
static void describe_exception(JSContextRef ctx, JSValueRef exc, sbuf_t *err) {
  js_error_info_t info;
  js_error_info(ctx, exc, &info);
  sbuf_printf(err, "%s%s%s", info.name ? info.name : "", info.name ? ": " : "",
              info.message ? info.message : "exception");
  js_error_info_free(&info);
}

/* Calls helper(args...) and returns its string result, or NULL with the reason in `err`. */
static char *call_for_string(JSContextRef ctx, JSValueRef helper, size_t argc,
                             const JSValueRef *argv, sbuf_t *err) {
  JSValueRef exc = NULL;
  JSValueRef v = js_call(ctx, helper, NULL, argc, argv, &exc);
  if (!v) {
    describe_exception(ctx, exc, err);
    return NULL;
  }
  if (!JSValueIsString(ctx, v)) {
    sbuf_puts(err, "it did not return a string");
    return NULL;
  }
  return js_value_to_utf8(ctx, v);
}

static JSValueRef compile(JSContextRef ctx, const char *src) {
  JSValueRef exc = NULL;
  JSValueRef fn = js_eval(ctx, src, "sonde:reporters", 1, &exc);
  if (fn) JSValueProtect(ctx, fn);
  return fn;
}

static void unprotect(JSContextRef ctx, JSValueRef v) {
  if (ctx && v) JSValueUnprotect(ctx, v);
}

/* --- outputFileFormat ----------------------------------------------------------------------- */

typedef struct {
  report_namer_t base;
  JSContextRef ctx;
  JSValueRef helper, fn, config, options;
} rjs_namer_t;

static const char *const namer_src =
    "(function (fmt, config, options, cid, caps) {\n"
    "  var o = Object.assign({}, config);\n"
    "  o.cid = cid;\n"
    "  o.capabilities = caps;\n"
    "  Object.assign(o, options);\n"
    "  return fmt(o);\n"
    "})";

static char *namer_name(report_namer_t *base, const char *cid, const json_t *caps, sbuf_t *err) {
  rjs_namer_t *n = (rjs_namer_t *)base;
  if (!n->helper) {
    sbuf_puts(err, "cannot call it");
    return NULL;
  }
  JSValueRef argv[5] = {n->fn, n->config, n->options, js_make_string(n->ctx, cid),
                        js_from_json(n->ctx, caps)};
  return call_for_string(n->ctx, n->helper, 5, argv, err);
}

static void namer_free(report_namer_t *base) {
  rjs_namer_t *n = (rjs_namer_t *)base;
  unprotect(n->ctx, n->helper);
  unprotect(n->ctx, n->fn);
  unprotect(n->ctx, n->config);
  unprotect(n->ctx, n->options);
  free(n);
}

report_namer_t *rjs_namer_new(const sonde_config_t *cfg, JSValueRef options, JSValueRef fn) {
  JSContextRef ctx = rjs_ctx(cfg);
  if (!ctx || !fn) return NULL;
  rjs_namer_t *n = xcalloc(1, sizeof *n);
  n->base.name = namer_name;
  n->base.free = namer_free;
  n->ctx = ctx;
  n->helper = compile(ctx, namer_src);
  n->fn = fn;
  n->config = cfg->object ? (JSValueRef)cfg->object : JSValueMakeUndefined(ctx);
  n->options = options ? options : JSValueMakeUndefined(ctx);
  JSValueProtect(ctx, n->fn);
  JSValueProtect(ctx, n->config);
  JSValueProtect(ctx, n->options);
  return &n->base;
}

/* --- suiteNameFormat, classNameFormat ---------------------------------------------------------- */

typedef struct {
  junit_names_t base;
  JSContextRef ctx;
  JSValueRef regexp;   /* suiteNameFormat as a RegExp */
  JSValueRef suite_fn; /* suiteNameFormat as a function */
  JSValueRef class_fn; /* classNameFormat */
  JSValueRef split, call_suite, call_class;
} rjs_names_t;

static const char *const split_src =
    "(function (re, title) {\n"
    "  return String(title).split(re).filter(function (s) { return s && s.length; }).join(' ');\n"
    "})";
static const char *const suite_src =
    "(function (fn, suite) { var r = fn({ name: fn.name, suite: suite });\n"
    "  return typeof r === 'string' ? r : String(r); })";
static const char *const class_src =
    "(function (fn, packageName, suite) {\n"
    "  var r = fn({ packageName: packageName, suite: suite });\n"
    "  return typeof r === 'string' ? r : String(r); })";

/* What a format function sees of a suite: WebdriverIO's SuiteStats members that apply. */
static JSValueRef suite_value(JSContextRef ctx, const rm_suite_t *s) {
  json_t *o = json_pack("{s:s, s:s, s:s, s:s, s:f, s:i}", "type", "suite", "title",
                        s->depth ? s->title : "(root)", "fullTitle", s->full_title, "file", s->file,
                        "duration", s->duration_ms, "tests", (int)s->ntests);
  JSValueRef v = js_from_json(ctx, o);
  json_decref(o);
  return v;
}

static void names_warn(const char *what, sbuf_t *err) {
  fprintf(stderr, "sonde: junit reporter: %s: %s; using the default\n", what, sbuf_cstr(err));
  sbuf_reset(err);
}

static char *names_prepare(junit_names_t *base, const char *title) {
  rjs_names_t *n = (rjs_names_t *)base;
  if (!n->regexp || !n->split) return NULL;
  sbuf_t err = SBUF_INIT;
  JSValueRef argv[2] = {n->regexp, js_make_string(n->ctx, title)};
  char *s = call_for_string(n->ctx, n->split, 2, argv, &err);
  if (!s) names_warn("suiteNameFormat", &err);
  sbuf_free(&err);
  return s;
}

static char *names_suite(junit_names_t *base, const rm_job_t *job, const rm_suite_t *suite) {
  rjs_names_t *n = (rjs_names_t *)base;
  if (!n->suite_fn || !n->call_suite) return NULL;
  sbuf_t err = SBUF_INIT;
  JSValueRef argv[2] = {n->suite_fn, suite_value(n->ctx, suite)};
  char *s = call_for_string(n->ctx, n->call_suite, 2, argv, &err);
  if (!s) names_warn("suiteNameFormat", &err);
  sbuf_free(&err);
  return s;
}

static char *names_class(junit_names_t *base, const char *package, const rm_job_t *job,
                         const rm_suite_t *suite) {
  rjs_names_t *n = (rjs_names_t *)base;
  if (!n->class_fn || !n->call_class) return NULL;
  sbuf_t err = SBUF_INIT;
  JSValueRef argv[3] = {n->class_fn, js_make_string(n->ctx, package), suite_value(n->ctx, suite)};
  char *s = call_for_string(n->ctx, n->call_class, 3, argv, &err);
  if (!s) names_warn("classNameFormat", &err);
  sbuf_free(&err);
  return s;
}

static void names_free(junit_names_t *base) {
  rjs_names_t *n = (rjs_names_t *)base;
  unprotect(n->ctx, n->regexp);
  unprotect(n->ctx, n->suite_fn);
  unprotect(n->ctx, n->class_fn);
  unprotect(n->ctx, n->split);
  unprotect(n->ctx, n->call_suite);
  unprotect(n->ctx, n->call_class);
  free(n);
}

int rjs_junit_names_new(const sonde_config_t *cfg, JSValueRef suite_format, JSValueRef class_format,
                        junit_names_t **out, sbuf_t *err) {
  JSContextRef ctx = rjs_ctx(cfg);
  *out = NULL;
  if (!ctx || (!suite_format && !class_format)) return 0;
  rjs_names_t *n = xcalloc(1, sizeof *n);
  n->base.prepare = names_prepare;
  n->base.suite = names_suite;
  n->base.class_name = names_class;
  n->base.free = names_free;
  n->ctx = ctx;
  if (suite_format && rjs_is_function(cfg, suite_format)) {
    n->suite_fn = suite_format;
    JSValueProtect(ctx, n->suite_fn);
    n->call_suite = compile(ctx, suite_src);
  } else if (suite_format) {
    /* A RegExp, or a string taken as a RegExp source. */
    JSValueRef re = suite_format;
    if (JSValueIsString(ctx, suite_format)) {
      JSValueRef exc = NULL;
      JSValueRef make =
          js_eval(ctx, "(function (s) { return new RegExp(s); })", "sonde:reporters", 1, &exc);
      re = make ? js_call(ctx, make, NULL, 1, &suite_format, &exc) : NULL;
      if (!re) {
        describe_exception(ctx, exc, err);
        names_free(&n->base);
        return -1;
      }
    }
    n->regexp = re;
    JSValueProtect(ctx, n->regexp);
    n->split = compile(ctx, split_src);
  }
  if (class_format) {
    n->class_fn = class_format;
    JSValueProtect(ctx, n->class_fn);
    n->call_class = compile(ctx, class_src);
  }
  *out = &n->base;
  return 0;
}
