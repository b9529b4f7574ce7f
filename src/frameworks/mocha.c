/* mocha: the bdd and tdd interfaces of mocha as globals of a spec realm. Each global is a
 * thin closure that forwards to the runner's tree-building calls; `.only`/`.skip` variants
 * are properties of the functions, as in mocha. */
#include <stdlib.h>
#include <string.h>

#include "common/sbuf.h"
#include "frameworks/runner.h"
#include "js/jsutil.h"

typedef enum { DEF_SUITE, DEF_TEST, DEF_HOOK } def_kind_t;

typedef struct {
  def_kind_t what;
  fw_kind_t hook;   /* for DEF_HOOK */
  bool only, skip;
} def_t;

static void def_free(void *p) {
  free(p);
}

static char *title_arg(JSContextRef ctx, size_t argc, const JSValueRef argv[]) {
  if (argc < 1) return xstrdup("");
  return js_value_to_utf8(ctx, argv[0]);
}

static JSValueRef def_call(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                           const JSValueRef argv[], JSValueRef *exception) {
  def_t *d = data;
  fw_runner_t *r = fw_runner_of(ctx);
  if (!r) return js_throw(ctx, exception, "Error", "the test interface is not active here");
  if (d->what == DEF_HOOK) {
    /* before(fn) or before('title', fn) */
    JSValueRef fn = argc > 0 ? argv[0] : NULL;
    char *title = NULL;
    if (argc > 1 && JSValueIsString(ctx, argv[0])) {
      title = js_value_to_utf8(ctx, argv[0]);
      fn = argv[1];
    } else if (fn && js_is_function(ctx, fn)) {
      title = js_get_string(ctx, fn, "name");
    }
    if (!fn || !js_is_function(ctx, fn)) {
      free(title);
      return js_throw(ctx, exception, "TypeError", "hook function must be a function");
    }
    fw_add_hook(r, d->hook, title ? title : "", fn);
    free(title);
    return JSValueMakeUndefined(ctx);
  }
  char *title = title_arg(ctx, argc, argv);
  JSValueRef fn = argc > 1 ? argv[1] : NULL;
  if (d->what == DEF_SUITE) {
    bool ok = fw_add_suite(r, title, fn, d->only, d->skip, exception);
    free(title);
    return ok ? JSValueMakeUndefined(ctx) : NULL;
  }
  int retries = -1;
  if (argc > 2 && JSValueIsNumber(ctx, argv[2])) retries = (int)JSValueToNumber(ctx, argv[2], NULL);
  fw_add_test(r, title, fn, d->only, d->skip, retries);
  free(title);
  return JSValueMakeUndefined(ctx);
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

/* name, name.only, name.skip; plus an optional alias for the skip form (xit, xdescribe). */
static void install_def(JSContextRef ctx, JSObjectRef global, const char *name, def_kind_t what,
                        const char *skip_alias) {
  JSObjectRef f = make_def(ctx, name, what, FW_TEST, false, false);
  js_set(ctx, f, "only", make_def(ctx, name, what, FW_TEST, true, false));
  JSObjectRef skip = make_def(ctx, name, what, FW_TEST, false, true);
  js_set(ctx, f, "skip", skip);
  js_set(ctx, global, name, f);
  if (skip_alias) js_set(ctx, global, skip_alias, skip);
}

static void install_hook(JSContextRef ctx, JSObjectRef global, const char *name, fw_kind_t kind) {
  js_set(ctx, global, name, make_def(ctx, name, DEF_HOOK, kind, false, false));
}

int fw_mocha_install(fw_runner_t *r, const char *ui) {
  JSGlobalContextRef ctx = js_realm_context(fw_runner_realm(r));
  JSObjectRef global = JSContextGetGlobalObject(ctx);
  if (!ui || strcmp(ui, "bdd") == 0) {
    install_def(ctx, global, "describe", DEF_SUITE, "xdescribe");
    install_def(ctx, global, "context", DEF_SUITE, "xcontext");
    install_def(ctx, global, "it", DEF_TEST, "xit");
    install_def(ctx, global, "specify", DEF_TEST, "xspecify");
    install_hook(ctx, global, "before", FW_HOOK_BEFORE_ALL);
    install_hook(ctx, global, "after", FW_HOOK_AFTER_ALL);
    install_hook(ctx, global, "beforeEach", FW_HOOK_BEFORE_EACH);
    install_hook(ctx, global, "afterEach", FW_HOOK_AFTER_EACH);
    return 0;
  }
  if (strcmp(ui, "tdd") == 0) {
    install_def(ctx, global, "suite", DEF_SUITE, NULL);
    install_def(ctx, global, "test", DEF_TEST, NULL);
    install_hook(ctx, global, "suiteSetup", FW_HOOK_BEFORE_ALL);
    install_hook(ctx, global, "suiteTeardown", FW_HOOK_AFTER_ALL);
    install_hook(ctx, global, "setup", FW_HOOK_BEFORE_EACH);
    install_hook(ctx, global, "teardown", FW_HOOK_AFTER_EACH);
    return 0;
  }
  return -1;
}
