/* mocha: the bdd and tdd interfaces of mocha as globals of a spec realm. Each global is a
 * thin closure that forwards to the runner's tree-building calls; `.only`/`.skip` variants
 * are properties of the functions, as in mocha. */
#include <stdlib.h>
#include <string.h>

#include "common/sbuf.h"
#include "frameworks/runner_internal.h"
#include "js/jsclass.h"
#include "js/jsutil.h"

typedef enum { DEF_SUITE, DEF_TEST, DEF_HOOK } def_kind_t;

typedef struct {
  def_kind_t what;
  fw_kind_t hook; /* for DEF_HOOK */
  bool only, skip;
} def_t;

static void def_free(void *p) { free(p); }

static const char *type_name(JSContextRef ctx, JSValueRef v) {
  switch (JSValueGetType(ctx, v)) {
  case kJSTypeUndefined: return "undefined";
  case kJSTypeNull: return "object";
  case kJSTypeBoolean: return "boolean";
  case kJSTypeNumber: return "number";
  case kJSTypeString: return "string";
  case kJSTypeSymbol: return "symbol";
  default: return js_is_function(ctx, v) ? "function" : "object";
  }
}

/* mocha refuses titles that are not strings (Suite and Test constructors). */
static char *title_arg(JSContextRef ctx, size_t argc, const JSValueRef argv[], bool suite,
                       size_t *len, JSValueRef *exception) {
  if (argc < 1 || !JSValueIsString(ctx, argv[0])) {
    const char *type = argc < 1 ? "undefined" : type_name(ctx, argv[0]);
    JSObjectRef err = js_make_error(ctx, "TypeError", "");
    char *msg =
        xasprintf(suite ? "Suite argument \"title\" must be a string. Received type \"%s\""
                        : "Test argument \"title\" should be a string. Received type \"%s\"",
                  type);
    js_set(ctx, err, "message", js_make_string(ctx, msg));
    js_set(ctx, err, "code", js_make_string(ctx, "ERR_MOCHA_INVALID_ARG_TYPE"));
    free(msg);
    *exception = err;
    return NULL;
  }
  return js_value_to_utf8_len(ctx, argv[0], len); /* NULs kept: 'a\0b' is reported whole */
}

/* before(fn), before('title', fn): the title is the string or the function's name. A value
 * that is not a function still makes a hook, which fails when it runs (as in mocha). */
static JSValueRef def_hook(JSContextRef ctx, fw_runner_t *r, const def_t *d, size_t argc,
                           const JSValueRef argv[]) {
  JSValueRef fn = NULL;
  char *title = NULL;
  size_t len = 0;
  if (argc > 0 && js_is_function(ctx, argv[0])) {
    fn = argv[0];
    JSValueRef name = js_get(ctx, fn, "name");
    if (!JSValueIsUndefined(ctx, name) && !JSValueIsNull(ctx, name))
      title = js_value_to_utf8_len(ctx, name, &len);
  } else {
    if (argc > 0 && JSValueToBoolean(ctx, argv[0]))
      title = js_value_to_utf8_len(ctx, argv[0], &len);
    fn = argc > 1 ? argv[1] : JSValueMakeUndefined(ctx);
  }
  fw_suite_t *s = fw_collecting_suite(r);
  if (!fw_suite_skipped(s)) fw_add_hook_n(r, d->hook, title ? title : "", len, fn);
  free(title);
  return fw_suite_object(r, s);
}

static JSValueRef def_suite(JSContextRef ctx, fw_runner_t *r, const def_t *d, size_t argc,
                            const JSValueRef argv[], JSValueRef *exception) {
  size_t len, ft_len;
  char *title = title_arg(ctx, argc, argv, true, &len, exception);
  if (!title) return NULL;
  JSValueRef fn = argc > 1 ? argv[1] : NULL;
  bool has_fn = fn && js_is_function(ctx, fn);
  fw_suite_t *parent = fw_collecting_suite(r);
  char *ft = fw_full_title(parent, title, len, &ft_len);
  JSValueRef result = NULL;
  if (!has_fn && !d->skip && !fw_suite_skipped(parent)) {
    char *msg = xasprintf(
        "Suite \"%s\" was defined but no callback was supplied. Supply a "
        "callback or explicitly skip the suite.",
        ft);
    js_throw(ctx, exception, "TypeError", "%s", msg);
    free(msg);
  } else if (d->skip && r->opts.forbid_pending &&
             (!r->grep || (fw_grep_raw(r, ft, ft_len) && !r->opts.invert))) {
    /* mocha refuses a skipped suite at once when pending tests are forbidden. */
    js_throw(ctx, exception, "Error", "Pending test forbidden");
  } else {
    fw_suite_t *s = fw_add_suite_n(r, title, len, fn, d->only, d->skip, exception);
    if (s) result = fw_suite_object(r, s);
  }
  free(ft);
  free(title);
  return result;
}

static JSValueRef def_call(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                           const JSValueRef argv[], JSValueRef *exception) {
  def_t *d = data;
  fw_runner_t *r = fw_runner_of(ctx);
  if (!r) return js_throw(ctx, exception, "Error", "the test interface is not active here");
  if (d->what == DEF_HOOK) return def_hook(ctx, r, d, argc, argv);
  if (d->what == DEF_SUITE) return def_suite(ctx, r, d, argc, argv, exception);
  size_t len;
  char *title = title_arg(ctx, argc, argv, false, &len, exception);
  if (!title) return NULL;
  /* it.skip(title, fn) never runs fn; mocha keeps no function at all. */
  JSValueRef fn = argc > 1 && !d->skip ? argv[1] : NULL;
  int retries = -1;
  if (argc > 2 && JSValueIsNumber(ctx, argv[2])) retries = (int)JSValueToNumber(ctx, argv[2], NULL);
  fw_runnable_t *t = fw_add_test_n(r, title, len, fn, d->only, d->skip, retries);
  free(title);
  return fw_runnable_object(r, t);
}

static JSObjectRef make_def(JSContextRef ctx, const char *name, def_kind_t what, fw_kind_t hook,
                            bool only, bool skip) {
  def_t *d = xcalloc(1, sizeof(*d));
  d->what = what;
  d->hook = hook;
  d->only = only;
  d->skip = skip;
  return js_make_closure(ctx, name, def_call, d, def_free);
}

/* name, name.only, name.skip. */
static JSObjectRef install_def(JSContextRef ctx, JSObjectRef global, const char *name,
                               def_kind_t what) {
  JSObjectRef f = make_def(ctx, name, what, FW_TEST, false, false);
  js_set(ctx, f, "only", make_def(ctx, name, what, FW_TEST, true, false));
  js_set(ctx, f, "skip", make_def(ctx, name, what, FW_TEST, false, true));
  js_define_value(ctx, global, name, f, false);
  return f;
}

/* The rest of the interface is made on first use (js_define_lazies): most spec files call
 * describe and it only, and each function costs ~10 k instructions a realm. The skip
 * aliases are the very `.skip` functions, as in mocha (xit === it.skip). */
static void skip_alias(JSContextRef ctx, const char *alias, const char *base, def_kind_t what) {
  JSObjectRef global = JSContextGetGlobalObject(ctx);
  JSValueRef f = js_get(ctx, global, base);
  JSValueRef skip = JSValueIsObject(ctx, f) ? js_get(ctx, f, "skip") : NULL;
  if (!skip || !js_is_function(ctx, skip)) skip = make_def(ctx, alias, what, FW_TEST, false, true);
  js_define_value(ctx, global, alias, skip, false);
}

static void hook(JSContextRef ctx, const char *name, fw_kind_t kind) {
  js_define_value(ctx, JSContextGetGlobalObject(ctx), name,
                  make_def(ctx, name, DEF_HOOK, kind, false, false), false);
}

static void lazy_context(JSContextRef ctx) {
  install_def(ctx, JSContextGetGlobalObject(ctx), "context", DEF_SUITE);
}
static void lazy_specify(JSContextRef ctx) {
  install_def(ctx, JSContextGetGlobalObject(ctx), "specify", DEF_TEST);
}
static void lazy_xdescribe(JSContextRef ctx) {
  skip_alias(ctx, "xdescribe", "describe", DEF_SUITE);
}
static void lazy_xcontext(JSContextRef ctx) { skip_alias(ctx, "xcontext", "context", DEF_SUITE); }
static void lazy_xit(JSContextRef ctx) { skip_alias(ctx, "xit", "it", DEF_TEST); }
static void lazy_xspecify(JSContextRef ctx) { skip_alias(ctx, "xspecify", "specify", DEF_TEST); }
static void lazy_before(JSContextRef ctx) { hook(ctx, "before", FW_HOOK_BEFORE_ALL); }
static void lazy_after(JSContextRef ctx) { hook(ctx, "after", FW_HOOK_AFTER_ALL); }
static void lazy_before_each(JSContextRef ctx) { hook(ctx, "beforeEach", FW_HOOK_BEFORE_EACH); }
static void lazy_after_each(JSContextRef ctx) { hook(ctx, "afterEach", FW_HOOK_AFTER_EACH); }

static const js_lazy_t kBddLazies[] = {
    {"context", lazy_context},      {"specify", lazy_specify}, {"xdescribe", lazy_xdescribe},
    {"xcontext", lazy_xcontext},    {"xit", lazy_xit},         {"xspecify", lazy_xspecify},
    {"before", lazy_before},        {"after", lazy_after},     {"beforeEach", lazy_before_each},
    {"afterEach", lazy_after_each},
};

int fw_mocha_install(fw_runner_t *r, const char *ui) {
  JSGlobalContextRef ctx = js_realm_context(fw_runner_realm(r));
  JSObjectRef global = JSContextGetGlobalObject(ctx);
  if (!ui || strcmp(ui, "bdd") == 0) {
    install_def(ctx, global, "describe", DEF_SUITE);
    install_def(ctx, global, "it", DEF_TEST);
    js_define_lazies(ctx, kBddLazies, sizeof(kBddLazies) / sizeof(kBddLazies[0]));
    return 0;
  }
  if (strcmp(ui, "tdd") == 0) {
    install_def(ctx, global, "suite", DEF_SUITE);
    install_def(ctx, global, "test", DEF_TEST);
    hook(ctx, "suiteSetup", FW_HOOK_BEFORE_ALL);
    hook(ctx, "suiteTeardown", FW_HOOK_AFTER_ALL);
    hook(ctx, "setup", FW_HOOK_BEFORE_EACH);
    hook(ctx, "teardown", FW_HOOK_AFTER_EACH);
    return 0;
  }
  return -1;
}
