/* hooks: see hooks.h. One hook call is a record counting the functions still pending;
 * each pending function holds a reference on it through its promise continuations, so a
 * continuation that arrives after a timeout finds the record still there (and ignores
 * itself). */
#include "config/hooks.h"

#include <stdlib.h>
#include <string.h>

#include "common/log.h"
#include "common/sbuf.h"
#include "js/inspect.h"
#include "js/jsutil.h"

const char *const hooks_launcher_names[] = {"onPrepare", "onWorkerStart", "onWorkerEnd",
                                            "onComplete", NULL};
// clang-format off
const char *const hooks_worker_names[] = {
    "beforeSession", "before", "beforeSuite", "beforeHook", "afterHook", "beforeTest",
    "afterTest", "afterSuite", "after", "afterSession",
    /* cucumber: */
    "beforeFeature", "beforeScenario", "beforeStep", "afterStep", "afterScenario", "afterFeature",
    NULL};
// clang-format on

typedef struct {
  char *name;
  int refs;       /* this call + every continuation pair + the open timer */
  size_t pending; /* functions not yet settled */
  bool finished;  /* done() was called */
  hooks_error_fn on_error;
  hooks_done_fn done;
  void *ud;
  JSContextRef ctx;
  uv_timer_t timer;
  bool timer_open;
} hook_call_t;

typedef struct {
  hook_call_t *call;
  bool settled;
} hook_item_t;

static void call_unref(hook_call_t *c) {
  if (--c->refs > 0) return;
  free(c->name);
  free(c);
}

static void timer_closed(uv_handle_t *h) { call_unref(h->data); }

static void call_finish(hook_call_t *c) {
  if (c->finished) return;
  c->finished = true;
  if (c->timer_open) {
    c->timer_open = false;
    uv_timer_stop(&c->timer);
    uv_close((uv_handle_t *)&c->timer, timer_closed);
  }
  c->done(c->ud);
}

static void item_settle(hook_item_t *item, JSValueRef error) {
  hook_call_t *c = item->call;
  if (item->settled) return;
  item->settled = true;
  if (c->finished) return; /* timed out earlier */
  if (error) c->on_error(c->name, c->ctx, error, c->ud);
  if (--c->pending == 0) call_finish(c);
}

static void item_free(void *p) {
  hook_item_t *item = p;
  call_unref(item->call);
  free(item);
}

static JSValueRef item_ok(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                          const JSValueRef argv[], JSValueRef *exc) {
  item_settle(data, NULL);
  return NULL;
}

static JSValueRef item_err(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                           const JSValueRef argv[], JSValueRef *exc) {
  item_settle(data, argc ? argv[0] : JSValueMakeUndefined(ctx));
  return NULL;
}

static void on_timeout(uv_timer_t *t) {
  hook_call_t *c = t->data;
  if (c->finished) return;
  char *msg = xasprintf("the %s hook did not finish within its timeout", c->name);
  c->on_error(c->name, c->ctx, js_make_error(c->ctx, "Error", msg), c->ud);
  free(msg);
  call_finish(c);
}

static JSValueRef hook_value(const sonde_config_t *cfg, JSContextRef ctx, const char *name) {
  if (!cfg->object) return JSValueMakeUndefined(ctx);
  return js_get(ctx, cfg->object, name);
}

/* Number of functions a hook value holds (a function, or an array of them). */
static size_t fn_count(JSContextRef ctx, JSValueRef v) {
  if (js_is_function(ctx, v)) return 1;
  return JSValueIsArray(ctx, v) ? js_array_length(ctx, v) : 0;
}

static JSValueRef fn_at(JSContextRef ctx, JSValueRef v, size_t i) {
  return js_is_function(ctx, v) ? v : js_array_get(ctx, v, (unsigned)i);
}

bool hooks_defined(const sonde_config_t *cfg, const char *name) {
  return hooks_defined_on(cfg, cfg->service_hooks, name);
}

bool hooks_defined_on(const sonde_config_t *cfg, JSObjectRef service_hooks, const char *name) {
  JSContextRef ctx = js_realm_context(cfg->realm);
  return fn_count(ctx, hook_value(cfg, ctx, name)) > 0 ||
         (service_hooks && fn_count(ctx, js_get(ctx, service_hooks, name)) > 0);
}

int hooks_validate(const sonde_config_t *cfg, sbuf_t *err) {
  JSContextRef ctx = js_realm_context(cfg->realm);
  const char *const *roles[] = {hooks_launcher_names, hooks_worker_names};
  for (size_t r = 0; r < 2; r++)
    for (const char *const *n = roles[r]; *n; n++) {
      JSValueRef v = hook_value(cfg, ctx, *n);
      if (JSValueIsUndefined(ctx, v) || JSValueIsNull(ctx, v) || js_is_function(ctx, v)) continue;
      bool ok = JSValueIsArray(ctx, v);
      size_t len = ok ? js_array_length(ctx, v) : 0;
      for (size_t i = 0; ok && i < len; i++)
        ok = js_is_function(ctx, js_array_get(ctx, v, (unsigned)i));
      if (!ok) {
        config_key_error(cfg, *n, err, "\"%s\" must be a function or an array of functions", *n);
        return -1;
      }
    }
  return 0;
}

/* Calls the `n` functions of `fns` (taken from `own` then `svc`) concurrently, `self` as
 * their `this`. */
static void call_functions(JSObjectRef self, uv_loop_t *loop, const char *name, JSContextRef ctx,
                           JSValueRef own, JSValueRef svc, size_t argc, const JSValueRef argv[],
                           double timeout_ms, hooks_error_fn on_error, hooks_done_fn done,
                           void *ud) {
  size_t n_own = fn_count(ctx, own), n = n_own + fn_count(ctx, svc);
  hook_call_t *c = xcalloc(1, sizeof(*c));
  c->name = xstrdup(name);
  c->refs = 1;
  c->pending = n;
  c->on_error = on_error;
  c->done = done;
  c->ud = ud;
  c->ctx = ctx;
  for (size_t i = 0; i < n; i++) {
    JSValueRef fn = i < n_own ? fn_at(ctx, own, i) : fn_at(ctx, svc, i - n_own);
    hook_item_t *item = xcalloc(1, sizeof(*item));
    item->call = c;
    c->refs++;
    JSValueRef exc = NULL;
    /* A function that rejects is reported as this hook's failure, not as an unhandled
     * rejection of the realm (the engine announces it before js_then below). */
    js_realm_t *realm = js_realm_from_context(ctx);
    if (realm) js_realm_hold_rejections(realm);
    JSValueRef r = js_call(ctx, fn, self, argc, argv, &exc);
    bool pending =
        !exc && js_is_thenable(ctx, r) && js_then(ctx, r, item_ok, item_err, item, item_free, &exc);
    if (realm) js_realm_release_rejections(realm, pending ? r : NULL);
    if (pending) continue;
    item_settle(item, exc);
    item_free(item);
  }
  if (!c->finished && c->pending > 0 && timeout_ms > 0) {
    uv_timer_init(loop, &c->timer);
    c->timer.data = c;
    c->timer_open = true;
    c->refs++;
    uv_timer_start(&c->timer, on_timeout, (uint64_t)timeout_ms, 0);
  }
  call_unref(c);
}

/* A launcher hook whose services' functions run once the config's have settled, as
 * WebdriverIO runs them (runLauncherHook, then runServiceHook). */
typedef struct {
  JSObjectRef self;
  JSObjectRef service_hooks;
  uv_loop_t *loop;
  char *name;
  JSContextRef ctx;
  size_t argc;
  JSValueRef *argv; /* protected until the second call has started */
  double timeout_ms;
  hooks_error_fn on_error;
  hooks_done_fn done;
  void *ud;
} chained_t;

static void chained_next(void *p) {
  chained_t *ch = p;
  JSValueRef svc = js_get(ch->ctx, ch->service_hooks, ch->name);
  call_functions(ch->self, ch->loop, ch->name, ch->ctx, JSValueMakeUndefined(ch->ctx), svc,
                 ch->argc, ch->argv, ch->timeout_ms, ch->on_error, ch->done, ch->ud);
  for (size_t i = 0; i < ch->argc; i++) JSValueUnprotect(ch->ctx, ch->argv[i]);
  free(ch->argv);
  free(ch->name);
  free(ch);
}

static bool is_launcher_hook(const char *name) {
  return strcmp(name, "onPrepare") == 0 || strcmp(name, "onWorkerStart") == 0 ||
         strcmp(name, "onWorkerEnd") == 0 || strcmp(name, "onComplete") == 0;
}

bool hooks_call(const sonde_config_t *cfg, uv_loop_t *loop, const char *name, JSContextRef ctx,
                size_t argc, const JSValueRef argv[], double timeout_ms, hooks_error_fn on_error,
                hooks_done_fn done, void *ud) {
  return hooks_call_on(cfg, cfg->object, cfg->service_hooks, loop, name, ctx, argc, argv,
                       timeout_ms, on_error, done, ud);
}

bool hooks_call_on(const sonde_config_t *cfg, JSObjectRef config, JSObjectRef service_hooks,
                   uv_loop_t *loop, const char *name, JSContextRef ctx, size_t argc,
                   const JSValueRef argv[], double timeout_ms, hooks_error_fn on_error,
                   hooks_done_fn done, void *ud) {
  JSValueRef own = config ? js_get(ctx, config, name) : JSValueMakeUndefined(ctx);
  JSValueRef svc = service_hooks ? js_get(ctx, service_hooks, name) : JSValueMakeUndefined(ctx);
  size_t n_own = fn_count(ctx, own), n_svc = fn_count(ctx, svc);
  if (n_own + n_svc == 0) return false;
  static const char *const per_test[] = {"beforeTest", "afterTest",   "beforeHook",
                                         "afterHook",  "beforeSuite", "afterSuite"};
  bool frequent = false;
  for (size_t i = 0; i < sizeof(per_test) / sizeof(*per_test); i++)
    frequent = frequent || strcmp(name, per_test[i]) == 0;
  LOG_AT("hooks", frequent ? LOG_DEBUG : LOG_INFO, "Run %s hook", name);

  if (n_own && n_svc && is_launcher_hook(name)) {
    chained_t *ch = xcalloc(1, sizeof(*ch));
    *ch = (chained_t){config,
                      service_hooks,
                      loop,
                      xstrdup(name),
                      ctx,
                      argc,
                      xmalloc((argc + 1) * sizeof(JSValueRef)),
                      timeout_ms,
                      on_error,
                      done,
                      ud};
    for (size_t i = 0; i < argc; i++) {
      ch->argv[i] = argv[i];
      JSValueProtect(ctx, argv[i]);
    }
    call_functions(config, loop, name, ctx, own, JSValueMakeUndefined(ctx), argc, argv, timeout_ms,
                   on_error, chained_next, ch);
    return true;
  }
  call_functions(config, loop, name, ctx, own, svc, argc, argv, timeout_ms, on_error, done, ud);
  return true;
}

typedef struct {
  bool done;
  int failures;
  hooks_error_fn on_error;
  void *ud;
} sync_state_t;

static void sync_error(const char *hook, JSContextRef ctx, JSValueRef error, void *ud) {
  sync_state_t *s = ud;
  s->failures++;
  s->on_error(hook, ctx, error, s->ud);
}

static void sync_done(void *ud) { ((sync_state_t *)ud)->done = true; }

int hooks_call_sync(const sonde_config_t *cfg, uv_loop_t *loop, const char *name, JSContextRef ctx,
                    size_t argc, const JSValueRef argv[], double timeout_ms,
                    hooks_error_fn on_error, void *ud) {
  sync_state_t s = {false, 0, on_error, ud};
  if (!hooks_call(cfg, loop, name, ctx, argc, argv, timeout_ms, sync_error, sync_done, &s))
    return 0;
  while (!s.done && uv_run(loop, UV_RUN_ONCE)) {}
  return s.failures;
}

char *hooks_describe_error(const char *hook, JSContextRef ctx, JSValueRef error) {
  char *stack = js_error_stack(ctx, error);
  char *msg = xasprintf("%s hook failed: %s", hook, stack);
  free(stack);
  return msg;
}
