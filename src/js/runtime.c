/* runtime: the context group, realms (global contexts) and the Node-style globals every
 * realm gets: console, timers, queueMicrotask, process. Timers are libuv timers owned by
 * their realm; the JS callbacks they hold are protected from GC until the timer ends. */
#include "js/runtime.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/sbuf.h"
#include "js/inspect.h"
#include "js/jsutil.h"
#include "js/runtime_internal.h"

extern char **environ;

/* Every live realm of the process, so that C callbacks can find theirs from a context. */
static js_realm_t *all_realms;

/* ---- runtime ---- */

js_runtime_t *js_runtime_new(uv_loop_t *loop, int argc, char **argv) {
  js_runtime_t *rt = xcalloc(1, sizeof(*rt));
  rt->loop = loop;
  rt->group = JSContextGroupCreate();
  for (int i = 0; i < argc; i++) strvec_push(&rt->argv, argv[i]);
  return rt;
}

void js_runtime_free(js_runtime_t *rt) {
  if (!rt) return;
  for (js_realm_t *r = all_realms, *next; r; r = next) {
    next = r->next;
    if (r->rt == rt) js_realm_free(r);
  }
  for (size_t i = 0; i < rt->n_builtins; i++) free(rt->builtins[i].name);
  free(rt->builtins);
  strvec_free(&rt->argv);
  JSContextGroupRelease(rt->group);
  free(rt);
}

uv_loop_t *js_runtime_loop(js_runtime_t *rt) {
  return rt->loop;
}

void js_runtime_add_builtin(js_runtime_t *rt, const char *name, js_builtin_init init,
                            void *userdata) {
  rt->builtins = xrealloc(rt->builtins, (rt->n_builtins + 1) * sizeof(*rt->builtins));
  rt->builtins[rt->n_builtins++] = (js_builtin_t){xstrdup(name), init, userdata};
}

/* ---- timers ---- */

static void timer_closed(uv_handle_t *h) {
  free(h->data);
}

static void timer_stop(js_timer_t *t) {
  js_realm_t *realm = t->realm;
  if (t->prev) t->prev->next = t->next;
  else realm->timers = t->next;
  if (t->next) t->next->prev = t->prev;
  realm->n_timers--;
  JSValueUnprotect(realm->ctx, t->fn);
  if (t->args) JSValueUnprotect(realm->ctx, t->args);
  uv_timer_stop(&t->handle);
  uv_close((uv_handle_t *)&t->handle, timer_closed);
}

static void timer_fire(uv_timer_t *h) {
  js_timer_t *t = h->data;
  js_realm_t *realm = t->realm;
  JSContextRef ctx = realm->ctx;
  size_t argc = t->args ? js_array_length(ctx, t->args) : 0;
  JSValueRef *argv = argc ? xmalloc(argc * sizeof(JSValueRef)) : NULL;
  for (size_t i = 0; i < argc; i++) argv[i] = js_array_get(ctx, t->args, (unsigned)i);
  JSValueRef fn = t->fn;
  JSValueProtect(ctx, fn);
  if (!t->repeat) timer_stop(t); /* before the call: the callback may set new timers */
  JSValueRef exc = NULL;
  js_call(ctx, fn, NULL, argc, argv, &exc);
  JSValueUnprotect(ctx, fn);
  free(argv);
  if (exc) js_realm_report_uncaught(realm, exc, false);
}

static JSValueRef timer_start(JSContextRef ctx, size_t argc, const JSValueRef argv[],
                              JSValueRef *exception, bool repeat, bool immediate) {
  js_realm_t *realm = js_realm_from_context(ctx);
  if (!realm) return JSValueMakeUndefined(ctx);
  if (argc < 1 || !js_is_function(ctx, argv[0]))
    return js_throw(ctx, exception, "TypeError",
                    "The \"callback\" argument must be of type function");
  double delay = 0;
  size_t first_arg = immediate ? 1 : 2;
  if (!immediate && argc > 1) {
    delay = JSValueToNumber(ctx, argv[1], NULL);
    if (!(delay >= 1)) delay = immediate ? 0 : 1; /* Node clamps to 1 ms (also NaN) */
    if (delay > 2147483647.0) delay = 1;
  }
  js_timer_t *t = xcalloc(1, sizeof(*t));
  t->realm = realm;
  t->id = ++realm->rt->next_timer_id;
  t->repeat = repeat;
  t->fn = (JSObjectRef)argv[0];
  JSValueProtect(ctx, t->fn);
  if (argc > first_arg) {
    t->args = js_make_array(ctx, argc - first_arg, argv + first_arg);
    JSValueProtect(ctx, t->args);
  }
  uv_timer_init(realm->rt->loop, &t->handle);
  t->handle.data = t;
  uint64_t ms = (uint64_t)delay;
  uv_timer_start(&t->handle, timer_fire, ms, repeat ? (ms ? ms : 1) : 0);
  t->next = realm->timers;
  if (realm->timers) realm->timers->prev = t;
  realm->timers = t;
  realm->n_timers++;
  return JSValueMakeNumber(ctx, (double)t->id);
}

static JSValueRef js_set_timeout(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                 const JSValueRef argv[], JSValueRef *exc) {
  return timer_start(ctx, argc, argv, exc, false, false);
}

static JSValueRef js_set_interval(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                  const JSValueRef argv[], JSValueRef *exc) {
  return timer_start(ctx, argc, argv, exc, true, false);
}

static JSValueRef js_set_immediate(JSContextRef ctx, JSObjectRef f, JSObjectRef self,
                                   size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  return timer_start(ctx, argc, argv, exc, false, true);
}

static JSValueRef js_clear_timer(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                 const JSValueRef argv[], JSValueRef *exc) {
  js_realm_t *realm = js_realm_from_context(ctx);
  if (!realm || argc < 1 || !JSValueIsNumber(ctx, argv[0])) return JSValueMakeUndefined(ctx);
  uint64_t id = (uint64_t)JSValueToNumber(ctx, argv[0], NULL);
  for (js_timer_t *t = realm->timers; t; t = t->next) {
    if (t->id == id) {
      timer_stop(t);
      break;
    }
  }
  return JSValueMakeUndefined(ctx);
}

size_t js_realm_pending_timers(js_realm_t *realm) {
  return realm->n_timers;
}

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
  if (exc) js_realm_report_uncaught(js_realm_from_context(ctx), exc, false);
  return JSValueMakeUndefined(ctx);
}

static JSValueRef microtask_ignore(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                                   const JSValueRef argv[], JSValueRef *exception) {
  return JSValueMakeUndefined(ctx);
}

static JSValueRef js_queue_microtask(JSContextRef ctx, JSObjectRef f, JSObjectRef self,
                                     size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  if (argc < 1 || !js_is_function(ctx, argv[0]))
    return js_throw(ctx, exc, "TypeError", "The \"callback\" argument must be of type function");
  JSObjectRef resolve = NULL, reject = NULL;
  JSObjectRef promise = JSObjectMakeDeferredPromise(ctx, &resolve, &reject, exc);
  if (!promise) return JSValueMakeUndefined(ctx);
  if (!js_then(ctx, promise, microtask_run, microtask_ignore, NULL, NULL, exc))
    return JSValueMakeUndefined(ctx);
  JSValueRef list = js_make_array(ctx, argc, argv);
  js_call(ctx, resolve, NULL, 1, &list, exc);
  return JSValueMakeUndefined(ctx);
}

/* ---- console ---- */

static void default_sink(js_realm_t *realm, js_log_level_t level, const char *text, void *ud) {
  FILE *out = level >= JS_LOG_WARN ? stderr : stdout;
  fputs(text, out);
  fputc('\n', out);
  fflush(out);
}

static JSValueRef console_emit(JSContextRef ctx, js_log_level_t level, size_t argc,
                               const JSValueRef argv[]) {
  js_realm_t *realm = js_realm_from_context(ctx);
  if (!realm) return JSValueMakeUndefined(ctx);
  js_inspect_opts_t opts = {.depth = 2, .colors = false};
  char *text = js_format_args(ctx, argc, argv, &opts);
  realm->console_sink(realm, level, text, realm->console_ud);
  free(text);
  return JSValueMakeUndefined(ctx);
}

#define CONSOLE_FN(fname, level)                                                              \
  static JSValueRef fname(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,    \
                          const JSValueRef argv[], JSValueRef *exc) {                        \
    return console_emit(ctx, level, argc, argv);                                             \
  }
CONSOLE_FN(console_log, JS_LOG_LOG)
CONSOLE_FN(console_info, JS_LOG_INFO)
CONSOLE_FN(console_warn, JS_LOG_WARN)
CONSOLE_FN(console_error, JS_LOG_ERROR)
CONSOLE_FN(console_debug, JS_LOG_DEBUG)

static void install_console(JSContextRef ctx, JSObjectRef global) {
  JSObjectRef console = JSObjectMake(ctx, NULL, NULL);
  js_set_function(ctx, console, "log", console_log);
  js_set_function(ctx, console, "info", console_info);
  js_set_function(ctx, console, "warn", console_warn);
  js_set_function(ctx, console, "error", console_error);
  js_set_function(ctx, console, "debug", console_debug);
  js_set_function(ctx, console, "trace", console_debug);
  js_set_function(ctx, console, "dir", console_log);
  js_set(ctx, global, "console", console);
}

/* ---- process ---- */

static JSValueRef process_cwd(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  char buf[4096];
  if (!getcwd(buf, sizeof(buf))) return js_throw(ctx, exc, "Error", "process.cwd() failed");
  return js_make_string(ctx, buf);
}

static JSValueRef process_next_tick(JSContextRef ctx, JSObjectRef f, JSObjectRef self,
                                    size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  return js_queue_microtask(ctx, f, self, argc, argv, exc);
}

static JSValueRef process_exit(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  int code = 0;
  if (argc > 0 && JSValueIsNumber(ctx, argv[0])) code = (int)JSValueToNumber(ctx, argv[0], NULL);
  else code = (int)js_get_number(ctx, js_get(ctx, JSContextGetGlobalObject(ctx), "process"),
                                 "exitCode", 0);
  fflush(stdout);
  fflush(stderr);
  exit(code);
}

static JSValueRef process_abort(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  fflush(stdout);
  fflush(stderr);
  abort();
}

static void install_process(js_realm_t *realm, JSContextRef ctx, JSObjectRef global) {
  JSObjectRef process = JSObjectMake(ctx, NULL, NULL);
  JSObjectRef env = JSObjectMake(ctx, NULL, NULL);
  for (char **e = environ; e && *e; e++) {
    const char *eq = strchr(*e, '=');
    if (!eq) continue;
    char *name = xstrndup(*e, (size_t)(eq - *e));
    js_set(ctx, env, name, js_make_string(ctx, eq + 1));
    free(name);
  }
  js_set(ctx, process, "env", env);
  strvec_t *av = &realm->rt->argv;
  JSValueRef *items = av->len ? xmalloc(av->len * sizeof(JSValueRef)) : NULL;
  for (size_t i = 0; i < av->len; i++) items[i] = js_make_string(ctx, av->items[i]);
  js_set(ctx, process, "argv", js_make_array(ctx, av->len, items));
  free(items);
  js_set(ctx, process, "platform", js_make_string(ctx, "linux"));
  js_set(ctx, process, "version", js_make_string(ctx, "v20.0.0"));
  JSObjectRef versions = JSObjectMake(ctx, NULL, NULL);
  js_set(ctx, versions, "sonde", js_make_string(ctx, SONDE_VERSION));
  js_set(ctx, process, "versions", versions);
  js_set(ctx, process, "pid", JSValueMakeNumber(ctx, (double)getpid()));
  js_set(ctx, process, "exitCode", JSValueMakeUndefined(ctx));
  js_set_function(ctx, process, "cwd", process_cwd);
  js_set_function(ctx, process, "nextTick", process_next_tick);
  js_set_function(ctx, process, "exit", process_exit);
  js_set_function(ctx, process, "abort", process_abort);
  js_set(ctx, global, "process", process);
}

/* ---- realms ---- */

static JSValueRef on_unhandled_rejection(JSContextRef ctx, void *data, JSObjectRef self,
                                         size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  js_realm_t *realm = js_realm_from_context(ctx);
  if (realm) js_realm_report_uncaught(realm, argc > 1 ? argv[1] : JSValueMakeUndefined(ctx), true);
  return JSValueMakeUndefined(ctx);
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
  install_console(ctx, global);
  install_process(realm, ctx, global);
  js_set_function(ctx, global, "setTimeout", js_set_timeout);
  js_set_function(ctx, global, "setInterval", js_set_interval);
  js_set_function(ctx, global, "setImmediate", js_set_immediate);
  js_set_function(ctx, global, "clearTimeout", js_clear_timer);
  js_set_function(ctx, global, "clearInterval", js_clear_timer);
  js_set_function(ctx, global, "clearImmediate", js_clear_timer);
  js_set_function(ctx, global, "queueMicrotask", js_queue_microtask);
  JSObjectRef handler =
      js_make_closure(ctx, "onUnhandledRejection", on_unhandled_rejection, NULL, NULL);
  JSGlobalContextSetUnhandledRejectionCallback(realm->ctx, handler, NULL);
  js_module_init_realm(realm);
  return realm;
}

void js_realm_free(js_realm_t *realm) {
  if (!realm) return;
  for (js_realm_t **p = &all_realms; *p; p = &(*p)->next) {
    if (*p == realm) {
      *p = realm->next;
      break;
    }
  }
  while (realm->timers) timer_stop(realm->timers);
  js_module_free_realm(realm);
  JSGlobalContextRelease(realm->ctx);
  free(realm);
}

JSGlobalContextRef js_realm_context(js_realm_t *realm) {
  return realm->ctx;
}

js_runtime_t *js_realm_runtime(js_realm_t *realm) {
  return realm->rt;
}

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
  /* Realms per process are few (the config's and the current spec's): a list suffices. */
  JSGlobalContextRef g = JSContextGetGlobalContext(ctx);
  for (js_realm_t *r = all_realms; r; r = r->next)
    if (r->ctx == g) return r;
  return NULL;
}

void js_realm_report_uncaught(js_realm_t *realm, JSValueRef error, bool is_rejection) {
  if (realm && realm->uncaught) {
    realm->uncaught(realm, error, is_rejection, realm->uncaught_ud);
    return;
  }
  JSContextRef ctx = realm ? (JSContextRef)realm->ctx : NULL;
  if (!ctx) return;
  js_error_info_t info;
  js_error_info(ctx, error, &info);
  fprintf(stderr, "%s: %s\n%s\n", info.name ? info.name : "Error",
          info.message ? info.message : "", info.stack ? info.stack : "");
  js_error_info_free(&info);
}
