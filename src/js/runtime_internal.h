/* runtime_internal: the structures shared by the files of js/ (runtime, module loader, web
 * and Node API families), and the installers each family exports to the runtime. Not for
 * other modules. */
#ifndef SONDE_JS_RUNTIME_INTERNAL_H
#define SONDE_JS_RUNTIME_INTERNAL_H

#include <stdint.h>

#include "js/runtime.h"

typedef struct {
  char *name;
  js_builtin_init init; /* one of init / make */
  js_builtin_make make;
  void *userdata;
} js_builtin_t;

typedef struct {
  void (*fn)(js_realm_t *realm, void *userdata);
  void *userdata;
} js_realm_hook_t;

typedef struct {
  void (*fn)(void *userdata);
  void *userdata;
} js_free_hook_t;

struct js_runtime {
  uv_loop_t *loop;
  JSContextGroupRef group;
  strvec_t argv;
  js_builtin_t *builtins;
  size_t n_builtins;
  uint64_t next_timer_id;
  js_realm_hook_t *realm_hooks; /* js_runtime_on_realm */
  size_t n_realm_hooks;
  js_free_hook_t *free_hooks; /* js_runtime_on_free */
  size_t n_free_hooks;
  uint64_t started_ns;     /* performance.timeOrigin, process.uptime() */
  js_watchdog_fn watchdog; /* js_runtime_set_watchdog */
  void *watchdog_ud;
  struct js_immediates *immediates; /* timers.c; NULL until the first setImmediate */
};

typedef struct js_immediates js_immediates_t;

typedef struct js_timer {
  uv_timer_t handle; /* unused by an immediate */
  js_realm_t *realm; /* NULL: a C call queued by js_runtime_after_immediates */
  uint64_t id;
  uint64_t delay;
  bool repeat;
  bool unref;       /* not counted by js_realm_pending_timers */
  bool immediate;   /* in the runtime's immediates queue, not a libuv timer */
  bool requeue;     /* js_realm_defer: goes round the immediates queue once more before it runs */
  JSObjectRef fn;   /* protected while the timer lives */
  JSObjectRef args; /* extra arguments (array), protected; NULL when none */
  struct js_timer *prev, *next;             /* the realm's timers */
  struct js_timer *queue_prev, *queue_next; /* the immediates queue */
  void (*c_fn)(void *); /* js_runtime_after_immediates (realm NULL): called, then freed */
  void *c_userdata;
} js_timer_t;

typedef struct js_cleanup {
  void (*fn)(js_realm_t *realm, void *userdata);
  void *userdata;
  struct js_cleanup *next;
} js_cleanup_t;

struct js_realm {
  js_runtime_t *rt;
  JSGlobalContextRef ctx;
  js_console_sink console_sink;
  void *console_ud;
  js_uncaught_handler uncaught;
  void *uncaught_ud;
  int rejections_held; /* js_realm_hold_rejections depth */
  JSValueRef *held;    /* (promise, reason) pairs while held; protected */
  size_t n_held;
  js_exit_handler exit_handler; /* js_realm_set_exit_handler; NULL: process.exit ends the process */
  void *exit_ud;
  void *slots[JS_SLOT_COUNT];
  js_timer_t *timers;
  size_t n_timers;
  size_t n_holds;                                    /* js_realm_hold */
  JSObjectRef module_cache;                          /* path → module object; protected */
  JSObjectRef builtin_cache;                         /* name → exports; protected */
  js_cleanup_t *cleanups;                            /* js_realm_on_free, run newest first */
  unsigned scope_depth;                              /* js_realm_scope_enter */
  void (*scope_end)(js_realm_t *, unsigned, void *); /* js_realm_on_scope_end (one) */
  void *scope_end_ud;
  struct js_console *console; /* node_console.c */
  struct js_stdio *stdio;     /* node_process.c: partial lines of process.stdout/stderr */
  bool closing;               /* js_realm_free has started */
  bool closures_ready;        /* jsutil.c: the closure class's prototype inherits from
                                * Function.prototype in this realm */
  bool process_ready;         /* node_process.c: the process object exists */
  bool timer_classes_ready;   /* timers.c: Timeout and Immediate are set up */
  struct js_realm *next;
};

void js_module_init_realm(js_realm_t *realm);
void js_module_free_realm(js_realm_t *realm);

/* module_resolve.c: the file a (non built-in) request names, seen from `from_dir`, with
 * import conditions when `import`; NULL when not found, with *error (malloc'd) set when the
 * cause is more than "not found" (a subpath a package does not export). `error` may be
 * NULL. */
char *js_resolve_file(const char *from_dir, const char *request, bool import, char **error);
/* The path of a file: URL, percent-decoded; NULL when it is not one. */
char *js_file_url_path(const char *url);

/* ---- installers of the API families (each in its own file) ---- */

void js_console_install(JSContextRef ctx); /* node_console.c; lazy (web.c) */
void js_console_free(js_realm_t *realm);
void js_process_install(JSContextRef ctx); /* node_process.c; lazy (web.c) */
void js_process_free(js_realm_t *realm);   /* emits 'exit', flushes partial lines */
/* Emits process 'uncaughtException' / 'unhandledRejection' to the realm's listeners; false
 * when there are none (the caller reports the error then). `promise` may be NULL. */
bool js_process_handle_uncaught(js_realm_t *realm, JSValueRef error, bool rejection,
                                JSValueRef promise);
/* Writes text to the realm's console sink as process.stdout/stderr would (line-buffered). */
void js_stdio_write(js_realm_t *realm, bool err, const char *text, size_t len);
#include "js/node.h"
#include "js/web.h"

/* timers.c: the timer globals of a realm; ending a realm's timers; closing the runtime's
 * immediates queue (after its realms are freed). */
void js_timers_install(JSContextRef ctx);
void js_timers_realm_free(js_realm_t *realm);
void js_timers_runtime_free(js_runtime_t *rt);

/* Error.captureStackTrace in V8's manner (node_errors.c). */
void js_errors_install(JSContextRef ctx);

/* queueMicrotask (runtime.c), also process.nextTick. */
JSValueRef js_queue_microtask(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc);

#endif
