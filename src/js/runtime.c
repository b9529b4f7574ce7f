/* runtime: the context group, realms (global contexts) and queueMicrotask; the other
 * globals come from the API families (timers.c, node_console.c, node_process.c, web.c, ...),
 * which this file calls when a realm is made and freed. */
#include "js/runtime.h"

#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/sbuf.h"
#include "js/inspect.h"
#include "js/jsclass.h"
#include "js/jsutil.h"
#include "common/secret.h"
#include "js/runtime_internal.h"

/* Every live realm of the process, so that C callbacks can find theirs from a context. */
static js_realm_t *all_realms;
static int live_runtimes; /* the cached property names go with the last runtime */

/* ---- runtime ---- */

/* Not in the public headers of this JavaScriptCore, but exported by the library. */
JS_EXPORT void JSSynchronousEdenCollectForDebugging(JSContextRef ctx);
JS_EXPORT void JSSynchronousGarbageCollectForDebugging(JSContextRef ctx);
typedef bool (*JSShouldTerminateCallback)(JSContextRef ctx, void *context);
JS_EXPORT void JSContextGroupSetExecutionTimeLimit(JSContextGroupRef group, double limit,
                                                   JSShouldTerminateCallback callback,
                                                   void *context);
JS_EXPORT void JSContextGroupClearExecutionTimeLimit(JSContextGroupRef group);

js_runtime_t *js_runtime_new(uv_loop_t *loop, int argc, char **argv) {
  js_runtime_t *rt = xcalloc(1, sizeof(*rt));
  rt->loop = loop;
  /* The engine's code cache keeps the bytecode of every source it has compiled, keyed by
   * its text: each spec file's, though no spec file is evaluated twice in a process. It
   * made a worker's memory grow with every file (issue 8). JSC reads its options from the
   * environment when the first VM is made; a user's own setting wins. */
  setenv("JSC_useCodeCache", "false", 0);
  /* The JIT policy for short-lived realms (issue 18, docs/performance.md): the baseline
   * JIT compiles a function once it has run ~500 times (calls and loop iterations); every
   * realm has its own copies of the expect helpers and the runtime's JavaScript, so each
   * spec file paid their compilation again. A hundred times later (and the "soon" tier
   * likewise) cost the CPU-heavy spec nothing measurable while cutting the API workload's
   * CPU by a quarter; turning the baseline JIT off cut a third but nearly doubled the
   * CPU-heavy spec's. JSC_* from the environment still win. */
  setenv("JSC_thresholdForJITAfterWarmUp", "50000", 0);
  setenv("JSC_thresholdForJITSoon", "5000", 0);
  /* Hot code (a long event stream, a loop in a test) is tiered up to the optimising JITs,
   * once. The FTL tier and the compiler threads each keep megabytes: a 10 000-event
   * subscription grew a worker's peak RSS by ~8 MB over a 100-event one (FTL ~4 MB, the
   * compiler threads' heaps ~2.5 MB); with the DFG compiling on the JS thread and no FTL,
   * by ~2.5 MB (with the thresholds above, ~2.8 MB of its own memory and ~4 MB of the
   * library's code pages: the 100-event run compiles nothing). Test code rarely runs long
   * enough for the FTL to pay back its compile time (a 5 MB CRC loop ran no slower
   * without it); the DFG stays (3x on such loops). */
  setenv("JSC_useFTLJIT", "false", 0);
  setenv("JSC_useConcurrentJIT", "false", 0);
  rt->group = JSContextGroupCreate();
  rt->started_ns = uv_hrtime();
  for (int i = 0; i < argc; i++) strvec_push(&rt->argv, argv[i]);
  js_node_register(rt);
  live_runtimes++;
  return rt;
}

/* The engine calls this on the thread that runs the script, between two of its
 * instructions: the realm of `ctx` is the one whose code is running. */
static bool watchdog_expired(JSContextRef ctx, void *ud) {
  js_runtime_t *rt = ud;
  js_realm_t *realm = js_realm_from_context(ctx);
  return realm && rt->watchdog && rt->watchdog(realm, rt->watchdog_ud);
}

void js_runtime_set_watchdog(js_runtime_t *rt, double seconds, js_watchdog_fn fn, void *userdata) {
  rt->watchdog = fn;
  rt->watchdog_ud = userdata;
  if (fn && seconds > 0)
    JSContextGroupSetExecutionTimeLimit(rt->group, seconds, watchdog_expired, rt);
  else JSContextGroupClearExecutionTimeLimit(rt->group);
}

void js_realm_set_exit_handler(js_realm_t *realm, js_exit_handler fn, void *userdata) {
  realm->exit_handler = fn;
  realm->exit_ud = userdata;
}

void js_runtime_free(js_runtime_t *rt) {
  if (!rt) return;
  /* From the head each time: a realm's 'exit' listeners run JavaScript, and looking a realm
   * up moves it to the front of the list (js_realm_from_context). */
  for (js_realm_t *r = all_realms; r;) {
    if (r->rt == rt && !r->closing) {
      js_realm_free(r);
      r = all_realms;
    } else {
      r = r->next;
    }
  }
  js_timers_runtime_free(rt);
  for (size_t i = 0; i < rt->n_free_hooks; i++) rt->free_hooks[i].fn(rt->free_hooks[i].userdata);
  free(rt->free_hooks);
  free(rt->realm_hooks);
  for (size_t i = 0; i < rt->n_builtins; i++) free(rt->builtins[i].name);
  free(rt->builtins);
  strvec_free(&rt->argv);
  JSContextGroupRelease(rt->group);
  free(rt);
  if (--live_runtimes == 0) js_names_free();
}

uv_loop_t *js_runtime_loop(js_runtime_t *rt) { return rt->loop; }

void js_runtime_add_builtin(js_runtime_t *rt, const char *name, js_builtin_init init,
                            void *userdata) {
  rt->builtins = xrealloc(rt->builtins, (rt->n_builtins + 1) * sizeof(*rt->builtins));
  rt->builtins[rt->n_builtins++] = (js_builtin_t){xstrdup(name), init, NULL, userdata};
}

void js_runtime_add_builtin_value(js_runtime_t *rt, const char *name, js_builtin_make make,
                                  void *userdata) {
  rt->builtins = xrealloc(rt->builtins, (rt->n_builtins + 1) * sizeof(*rt->builtins));
  rt->builtins[rt->n_builtins++] = (js_builtin_t){xstrdup(name), NULL, make, userdata};
}

void js_runtime_on_realm(js_runtime_t *rt, void (*init)(js_realm_t *, void *), void *userdata) {
  rt->realm_hooks = xrealloc(rt->realm_hooks, (rt->n_realm_hooks + 1) * sizeof(*rt->realm_hooks));
  rt->realm_hooks[rt->n_realm_hooks++] = (js_realm_hook_t){init, userdata};
}

void js_runtime_on_free(js_runtime_t *rt, void (*fn)(void *), void *userdata) {
  rt->free_hooks = xrealloc(rt->free_hooks, (rt->n_free_hooks + 1) * sizeof(*rt->free_hooks));
  rt->free_hooks[rt->n_free_hooks++] = (js_free_hook_t){fn, userdata};
}

/* ---- timers (timers.c) and holds ---- */

void js_realm_hold(js_realm_t *realm, int delta) {
  if (delta < 0 && realm->n_holds < (size_t)-delta) realm->n_holds = 0;
  else realm->n_holds = (size_t)((long)realm->n_holds + delta);
}

size_t js_realm_pending_work(js_realm_t *realm) { return realm->n_timers + realm->n_holds; }

/* ---- queueMicrotask / process.nextTick ---- */

static JSValueRef microtask_run(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exception) {
  /* The promise was resolved with [fn, ...args]: nothing to keep alive on the C side. */
  JSValueRef list = argc ? argv[0] : JSValueMakeUndefined(ctx);
  size_t n = js_array_length(ctx, list);
  JSValueRef args[8];
  size_t nargs = 0;
  for (size_t i = 1; i < n && nargs < 8; i++) args[nargs++] = js_array_get(ctx, list, (unsigned)i);
  JSValueRef exc = NULL;
  js_call(ctx, js_array_get(ctx, list, 0), NULL, nargs, args, &exc);
  js_realm_t *realm = js_realm_from_context(ctx);
  if (exc && realm && !js_process_handle_uncaught(realm, exc, false, NULL))
    js_realm_report_uncaught(realm, exc, false);
  return JSValueMakeUndefined(ctx);
}

static JSValueRef microtask_ignore(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                                   const JSValueRef argv[], JSValueRef *exception) {
  return JSValueMakeUndefined(ctx);
}

JSValueRef js_queue_microtask(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  if (argc < 1 || !js_is_function(ctx, argv[0]))
    return js_throw_arg_type(ctx, exc, "callback", "of type function", argc ? argv[0] : NULL);
  JSObjectRef resolve = NULL, reject = NULL;
  JSObjectRef promise = JSObjectMakeDeferredPromise(ctx, &resolve, &reject, exc);
  if (!promise) return JSValueMakeUndefined(ctx);
  if (!js_then(ctx, promise, microtask_run, microtask_ignore, NULL, NULL, exc))
    return JSValueMakeUndefined(ctx);
  JSValueRef list = js_make_array(ctx, argc, argv);
  js_call(ctx, resolve, NULL, 1, &list, exc);
  return JSValueMakeUndefined(ctx);
}

/* ---- realms ---- */

/* The launcher's console (config hooks such as onPrepare): secrets masked as in workers. */
static void default_sink(js_realm_t *realm, js_log_level_t level, const char *text, size_t len,
                         void *ud) {
  FILE *out = level >= JS_LOG_WARN ? stderr : stdout;
  char *masked = secret_any() ? secret_mask(text, len, &len) : NULL;
  /* A terminal shows a NUL as nothing: the visible "␀" stands for it. */
  sbuf_t line = SBUF_INIT;
  sbuf_append_visible(&line, masked ? masked : text, len);
  fwrite(line.data, 1, line.len, out);
  sbuf_free(&line);
  free(masked);
  fputc('\n', out);
  fflush(out);
}

static JSValueRef on_unhandled_rejection(JSContextRef ctx, void *data, JSObjectRef self,
                                         size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  js_realm_t *realm = js_realm_from_context(ctx);
  JSValueRef reason = argc > 1 ? argv[1] : JSValueMakeUndefined(ctx);
  JSValueRef promise = argc > 0 ? argv[0] : JSValueMakeUndefined(ctx);
  if (realm && realm->rejections_held) {
    realm->held = xrealloc(realm->held, (realm->n_held + 2) * sizeof(JSValueRef));
    realm->held[realm->n_held++] = promise;
    realm->held[realm->n_held++] = reason;
    JSValueProtect(ctx, promise);
    JSValueProtect(ctx, reason);
    return JSValueMakeUndefined(ctx);
  }
  if (realm && !js_process_handle_uncaught(realm, reason, true, promise))
    js_realm_report_uncaught(realm, reason, true);
  return JSValueMakeUndefined(ctx);
}

void js_realm_hold_rejections(js_realm_t *realm) { realm->rejections_held++; }

void js_realm_release_rejections(js_realm_t *realm, JSValueRef handled) {
  if (--realm->rejections_held > 0) return;
  JSContextRef ctx = realm->ctx;
  JSValueRef *held = realm->held;
  size_t n = realm->n_held;
  realm->held = NULL;
  realm->n_held = 0;
  for (size_t i = 0; i + 1 < n; i += 2) {
    bool ours = handled && JSValueIsStrictEqual(ctx, held[i], handled);
    if (!ours && !realm->closing && !js_process_handle_uncaught(realm, held[i + 1], true, held[i]))
      js_realm_report_uncaught(realm, held[i + 1], true);
    JSValueUnprotect(ctx, held[i]);
    JSValueUnprotect(ctx, held[i + 1]);
  }
  free(held);
}

js_realm_t *js_realm_new(js_runtime_t *rt) {
  js_realm_t *realm = xcalloc(1, sizeof(*realm));
  realm->rt = rt;
  realm->ctx = JSGlobalContextCreateInGroup(rt->group, NULL);
  realm->console_sink = default_sink;
  realm->next = all_realms;
  all_realms = realm;
  JSContextRef ctx = realm->ctx;
  JSObjectRef global = JSContextGetGlobalObject(ctx);
  js_set(ctx, global, "global", global);
  js_set(ctx, global, "globalThis", global);
  js_errors_install(ctx);
  js_timers_install(ctx);
  js_set_function(ctx, global, "queueMicrotask", js_queue_microtask);
  JSObjectRef handler =
      js_make_closure(ctx, "onUnhandledRejection", on_unhandled_rejection, NULL, NULL);
  JSGlobalContextSetUnhandledRejectionCallback(realm->ctx, handler, NULL);
  js_module_init_realm(realm);
  js_web_install(realm);
  for (size_t i = 0; i < rt->n_realm_hooks; i++)
    rt->realm_hooks[i].fn(realm, rt->realm_hooks[i].userdata);
  return realm;
}

static JSValueRef no_rejection_handler(JSContextRef ctx, JSObjectRef fn, JSObjectRef self,
                                       size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  return JSValueMakeUndefined(ctx);
}

/* The engine holds a realm's unhandled-rejection callback through a strong handle, a root:
 * the realm's own function kept its global object, and with it the whole realm, alive for
 * good (~90 KB a realm, which a full collection could not free: the reason workers grew
 * with every spec file and had to be replaced). A released realm's callback becomes a
 * function of another live realm; the handle goes when the released global object is
 * collected. (With no other realm left, the process is ending anyway.) */
static void detach_rejection_callback(js_realm_t *realm) {
  for (js_realm_t *r = all_realms; r; r = r->next) {
    if (r != realm && !r->closing) {
      JSObjectRef fn = JSObjectMakeFunctionWithCallback(r->ctx, NULL, no_rejection_handler);
      JSGlobalContextSetUnhandledRejectionCallback(realm->ctx, fn, NULL);
      return;
    }
  }
}

void js_realm_free(js_realm_t *realm) {
  if (!realm || realm->closing) return;
  /* process.on('exit') listeners still run in a live realm. */
  js_process_free(realm);
  realm->closing = true;
  while (realm->cleanups) {
    js_cleanup_t *c = realm->cleanups;
    realm->cleanups = c->next;
    c->fn(realm, c->userdata);
    free(c);
  }
  for (js_realm_t **p = &all_realms; *p; p = &(*p)->next) {
    if (*p == realm) {
      *p = realm->next;
      break;
    }
  }
  js_timers_realm_free(realm);
  for (size_t i = 0; i < realm->n_held; i++) JSValueUnprotect(realm->ctx, realm->held[i]);
  free(realm->held);
  js_console_free(realm);
  js_module_free_realm(realm);
  detach_rejection_callback(realm);
  JSGlobalContextRelease(realm->ctx);
  free(realm);
}

void js_runtime_collect_young(js_runtime_t *rt) {
  /* Through any realm still alive in the group: a collection needs a context. */
  for (js_realm_t *r = all_realms; r; r = r->next) {
    if (r->rt == rt && !r->closing) {
      JSSynchronousEdenCollectForDebugging(r->ctx);
      break;
    }
  }
}

void js_runtime_collect_full(js_runtime_t *rt) {
  for (js_realm_t *r = all_realms; r; r = r->next) {
    if (r->rt == rt && !r->closing) {
      JSSynchronousGarbageCollectForDebugging(r->ctx);
      break;
    }
  }
  malloc_trim(0);
}

void js_realm_on_free(js_realm_t *realm, void (*fn)(js_realm_t *, void *), void *userdata) {
  js_cleanup_t *c = xcalloc(1, sizeof(*c));
  c->fn = fn;
  c->userdata = userdata;
  c->next = realm->cleanups;
  realm->cleanups = c;
}

unsigned js_realm_scope_enter(js_realm_t *realm) { return ++realm->scope_depth; }

void js_realm_scope_leave(js_realm_t *realm) {
  if (realm->scope_depth == 0) return;
  if (realm->scope_end && !realm->closing)
    realm->scope_end(realm, realm->scope_depth, realm->scope_end_ud);
  realm->scope_depth--;
}

unsigned js_realm_scope_depth(js_realm_t *realm) { return realm->scope_depth; }

void js_realm_on_scope_end(js_realm_t *realm, void (*fn)(js_realm_t *, unsigned, void *),
                           void *userdata) {
  realm->scope_end = fn;
  realm->scope_end_ud = userdata;
}

bool js_realm_closing(js_realm_t *realm) { return realm->closing; }

JSGlobalContextRef js_realm_context(js_realm_t *realm) { return realm->ctx; }

js_runtime_t *js_realm_runtime(js_realm_t *realm) { return realm->rt; }

void js_realm_set_console(js_realm_t *realm, js_console_sink sink, void *userdata) {
  realm->console_sink = sink ? sink : default_sink;
  realm->console_ud = userdata;
}

void js_realm_set_uncaught(js_realm_t *realm, js_uncaught_handler handler, void *userdata) {
  realm->uncaught = handler;
  realm->uncaught_ud = userdata;
}

void js_realm_set_slot(js_realm_t *realm, int slot, void *ptr) {
  if (slot >= 0 && slot < JS_SLOT_COUNT) realm->slots[slot] = ptr;
}

void *js_realm_get_slot(js_realm_t *realm, int slot) {
  return (slot >= 0 && slot < JS_SLOT_COUNT) ? realm->slots[slot] : NULL;
}

js_realm_t *js_realm_from_context(JSContextRef ctx) {
  /* A list, the realm found moved to its front: a worker may run a hundred spec files at
   * once, but the calls come in runs from one realm (its test's JavaScript), so the realm
   * asked for is nearly always the first. */
  JSGlobalContextRef g = JSContextGetGlobalContext(ctx);
  for (js_realm_t **p = &all_realms; *p; p = &(*p)->next) {
    js_realm_t *r = *p;
    if (r->ctx != g) continue;
    if (p != &all_realms) {
      *p = r->next;
      r->next = all_realms;
      all_realms = r;
    }
    return r;
  }
  return NULL;
}

void js_realm_report_uncaught(js_realm_t *realm, JSValueRef error, bool is_rejection) {
  if (realm && realm->uncaught) {
    realm->uncaught(realm, error, is_rejection, realm->uncaught_ud);
    return;
  }
  JSContextRef ctx = realm ? (JSContextRef)realm->ctx : NULL;
  if (!ctx) return;
  char *stack = js_error_stack(ctx, error);
  realm->console_sink(realm, JS_LOG_ERROR, stack, strlen(stack), realm->console_ud);
  free(stack);
}
