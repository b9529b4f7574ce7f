/* cuke_hooks: WebdriverIO's cucumber hooks of the config (beforeFeature, beforeScenario,
 * beforeStep, afterStep, afterScenario, afterFeature), called through the runner's hook
 * caller (the worker's hooks.c: errors are logged, never fail a scenario). The scenario and
 * step hooks are awaited by cucumber.js (natives.configHook); the feature hooks are
 * `before all` and `after all` hooks of the feature's suite. */
#include <stdlib.h>
#include <string.h>

#include "frameworks/cucumber/cuke_int.h"

typedef struct {
  JSGlobalContextRef ctx;
  JSObjectRef resolve; /* protected */
} pending_hook_t;

static void hook_settled(void *ud) {
  pending_hook_t *p = ud;
  JSValueRef exc = NULL;
  js_call(p->ctx, p->resolve, NULL, 0, NULL, &exc);
  JSValueUnprotect(p->ctx, p->resolve);
  free(p);
}

bool cuke_config_hook_defined(fw_cucumber_t *ck, const char *name) {
  fw_runner_t *r = ck->r;
  return r->hook_call && (!r->hook_defined || r->hook_defined(r->hook_ud, name));
}

JSValueRef cuke_config_hook(fw_cucumber_t *ck, const char *name, size_t argc,
                            const JSValueRef argv[], JSValueRef *exc) {
  JSContextRef ctx = js_realm_context(ck->realm);
  if (!cuke_config_hook_defined(ck, name)) return JSValueMakeUndefined(ctx);
  JSObjectRef resolve = NULL, reject = NULL;
  JSObjectRef promise = JSObjectMakeDeferredPromise(ctx, &resolve, &reject, exc);
  if (!promise) return NULL;
  pending_hook_t *p = xmalloc(sizeof(*p));
  *p = (pending_hook_t){js_realm_context(ck->realm), resolve};
  JSValueProtect(ctx, resolve);
  if (!ck->r->hook_call(ck->r->hook_ud, name, argc, argv, hook_settled, p)) hook_settled(p);
  return promise;
}

/* A feature hook of the suite: its function calls the config hook with (uri, feature). */
typedef struct {
  fw_cucumber_t *ck;
  const char *name;
  char *uri;
  json_t *feature; /* the feature as Cucumber Messages' GherkinDocument has it */
} feature_hook_t;

static void feature_hook_free(void *d) {
  feature_hook_t *h = d;
  free(h->uri);
  json_decref(h->feature);
  free(h);
}

static JSValueRef feature_hook_run(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                                   const JSValueRef argv[], JSValueRef *exc) {
  feature_hook_t *h = data;
  JSValueRef args[2] = {js_make_string(ctx, h->uri), js_from_json(ctx, h->feature)};
  return cuke_config_hook(h->ck, h->name, 2, args, exc);
}

void cuke_add_feature_hooks(fw_cucumber_t *ck, const gherkin_document_t *doc) {
  static const struct {
    const char *name;
    fw_kind_t kind;
  } hooks[] = {{"beforeFeature", FW_HOOK_BEFORE_ALL}, {"afterFeature", FW_HOOK_AFTER_ALL}};
  json_t *env = NULL;
  for (size_t i = 0; i < 2; i++) {
    if (!cuke_config_hook_defined(ck, hooks[i].name)) continue;
    if (!env) env = gherkin_document_json(doc);
    feature_hook_t *h = xcalloc(1, sizeof(*h));
    h->ck = ck;
    h->name = hooks[i].name;
    h->uri = xstrdup(doc->uri);
    h->feature = json_incref(json_object_get(json_object_get(env, "gherkinDocument"), "feature"));
    JSObjectRef fn = js_make_closure(js_realm_context(ck->realm), hooks[i].name, feature_hook_run,
                                     h, feature_hook_free);
    fw_runnable_t *rn = fw_add_hook(ck->r, hooks[i].kind, hooks[i].name, fn);
    /* The config's hooks have their own bound (hooks.c); the runner adds none. */
    if (rn) fw_runnable_set_timeout(ck->r, rn, 0);
  }
  json_decref(env);
}
