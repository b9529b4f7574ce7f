/* runtime: one JavaScriptCore context group per process (js_runtime_t) and the global
 * contexts created in it (js_realm_t: one per spec file, one for the config). A realm owns
 * its global context, its timers and its module cache; js_realm_free cancels pending
 * timers and releases the context. Node-style globals installed on every realm: console,
 * setTimeout/setInterval/setImmediate (+ clear*), queueMicrotask, process, require,
 * Buffer, and the web globals (URL, TextEncoder, AbortController, structuredClone, crypto,
 * performance, Blob, FormData, Headers, Request, Response, ...); Node's core modules
 * (fs, path, os, util, events, crypto, child_process, ...) are built-ins of the runtime.
 * Everything runs on the caller's libuv loop, on one thread. */
#ifndef SONDE_JS_RUNTIME_H
#define SONDE_JS_RUNTIME_H

#include <JavaScriptCore/JavaScript.h>
#include <stdbool.h>
#include <uv.h>

#include "common/strvec.h"

typedef struct js_runtime js_runtime_t;
typedef struct js_realm js_realm_t;

typedef enum { JS_LOG_DEBUG, JS_LOG_LOG, JS_LOG_INFO, JS_LOG_WARN, JS_LOG_ERROR } js_log_level_t;

/* Receives each console line (already formatted, without the trailing newline): `len`
 * bytes of UTF-8, which may hold NULs (console.log('a\0b')); text[len] is a NUL. */
typedef void (*js_console_sink)(js_realm_t *realm, js_log_level_t level, const char *text,
                                size_t len, void *userdata);
/* Receives an exception thrown where no caller can catch it: a timer callback, an
 * unhandled promise rejection. */
typedef void (*js_uncaught_handler)(js_realm_t *realm, JSValueRef error, bool is_rejection,
                                    void *userdata);
/* A built-in module: fills `exports` the first time a realm requires `name`. */
typedef void (*js_builtin_init)(js_realm_t *realm, JSObjectRef exports, void *userdata);

js_runtime_t *js_runtime_new(uv_loop_t *loop, int argc, char **argv);
void js_runtime_free(js_runtime_t *rt);
uv_loop_t *js_runtime_loop(js_runtime_t *rt);

/* A built-in module whose exports are the value `make` returns (a function, for modules
 * such as `events` whose module.exports is one); NULL with *exception when it failed. */
typedef JSValueRef (*js_builtin_make)(js_realm_t *realm, void *userdata, JSValueRef *exception);

/* Registers a built-in module under `name` (and aliases, call again). Runtime-wide; a later
 * registration of a name wins over an earlier one (the runtime's own come first). */
void js_runtime_add_builtin(js_runtime_t *rt, const char *name, js_builtin_init init,
                            void *userdata);
void js_runtime_add_builtin_value(js_runtime_t *rt, const char *name, js_builtin_make make,
                                  void *userdata);

/* Runs `init` on every realm created from now on, after the runtime's own globals: for
 * globals that live in modules built on js/ (fetch). */
void js_runtime_on_realm(js_runtime_t *rt, void (*init)(js_realm_t *realm, void *userdata),
                         void *userdata);
/* Runs `fn` when the runtime is freed, after its realms: to release what a realm hook
 * shared between realms. */
void js_runtime_on_free(js_runtime_t *rt, void (*fn)(void *userdata), void *userdata);

/* Called when one entry into JavaScript (a call from C: a test, a timer, a callback) has
 * run for the watchdog's limit of CPU time without returning: a busy loop. Returning true
 * ends that execution (an exception nothing in JavaScript can catch unwinds to the caller
 * in C); false lets it run for another period. */
typedef bool (*js_watchdog_fn)(js_realm_t *realm, void *userdata);
/* Arms the engine's watchdog for every realm of the runtime (seconds of CPU time per entry
 * into JavaScript). Call before any spec code is compiled: the engine only checks the
 * limit in code compiled while a watchdog exists. */
void js_runtime_set_watchdog(js_runtime_t *rt, double seconds, js_watchdog_fn fn, void *userdata);

/* process.exit(code) of a realm whose embedder ends the realm, not the process (several
 * spec files share a worker). Returning true makes process.exit throw instead of exiting:
 * the embedder then discards the realm; false exits the process as Node does. */
typedef bool (*js_exit_handler)(js_realm_t *realm, int code, void *userdata);
void js_realm_set_exit_handler(js_realm_t *realm, js_exit_handler fn, void *userdata);

js_realm_t *js_realm_new(js_runtime_t *rt);
void js_realm_free(js_realm_t *realm);
/* Runs the realm's process 'exit' listeners now (once: not again when it is freed) and
 * prints what is left of partial process.stdout/stderr lines: a spec file's realm ends
 * after its results are reported, and what the listeners print belongs to its job. */
void js_realm_emit_exit(js_realm_t *realm);
/* A young-generation collection, now (a fraction of a millisecond). Released realms' objects
 * are mostly young; the engine's own schedule would keep them until a full collection it
 * seldom runs, so a process that releases many realms calls this every few of them. */
void js_runtime_collect_young(js_runtime_t *rt);
/* A full collection, now, then the C heap's free pages given back to the system: what
 * released realms left behind, young or old. Costs milliseconds (a worker's whole heap is
 * marked); for a process that would otherwise be replaced for its memory. */
void js_runtime_collect_full(js_runtime_t *rt);
JSGlobalContextRef js_realm_context(js_realm_t *realm);
js_runtime_t *js_realm_runtime(js_realm_t *realm);
void js_realm_set_console(js_realm_t *realm, js_console_sink sink, void *userdata);
void js_realm_set_uncaught(js_realm_t *realm, js_uncaught_handler handler, void *userdata);
/* Arbitrary per-realm slot for the embedder (framework, api client). */
void js_realm_set_slot(js_realm_t *realm, int slot, void *ptr);
void *js_realm_get_slot(js_realm_t *realm, int slot);
enum { JS_SLOT_FRAMEWORK, JS_SLOT_API, JS_SLOT_WORKER, JS_SLOT_COUNT };
js_realm_t *js_realm_from_context(JSContextRef ctx);

/* Runs `fn` when the realm is freed, before its context is released (newest first): to
 * cancel work that holds JS values of the realm. The realm may not run JS any more then. */
void js_realm_on_free(js_realm_t *realm, void (*fn)(js_realm_t *realm, void *userdata),
                      void *userdata);
/* Scopes of what a realm opens: the runner enters one for each suite it runs (its
 * `before all` / `after all` hooks) and for each test (with its each hooks), and leaves it
 * when they are over; depth 0 is the file. A module that opens something long-lived (a
 * WebSocket, a subscription) notes the depth, and closes it when that scope ends:
 * fn(realm, depth, userdata) runs on leaving `depth`, before the depth goes down (one
 * listener per realm: graphql/streams.c's; a later call replaces it). */
unsigned js_realm_scope_enter(js_realm_t *realm);
void js_realm_scope_leave(js_realm_t *realm);
unsigned js_realm_scope_depth(js_realm_t *realm);
void js_realm_on_scope_end(js_realm_t *realm,
                           void (*fn)(js_realm_t *realm, unsigned depth, void *userdata),
                           void *userdata);
/* True once js_realm_free has started for `realm`. */
bool js_realm_closing(js_realm_t *realm);

/* Calls fn(...argv) on a later turn of the loop, after the immediates queued beside the
 * call: the callbacks of Node's asynchronous APIs. A throw goes to the uncaught handler. */
void js_realm_defer(js_realm_t *realm, JSObjectRef fn, size_t argc, const JSValueRef argv[]);

/* Calls fn(userdata) once the immediates queued so far have run (in the loop's check phase,
 * after them), as a setImmediate of C: what must come after a realm's last immediates, such
 * as its release, or mocha's next step (its Runner.immediately). Returns an id for
 * js_runtime_cancel_after_immediates, which does nothing once the call was made. Not called
 * if the loop is stopped first (dropped by js_runtime_free). */
uint64_t js_runtime_after_immediates(js_runtime_t *rt, void (*fn)(void *), void *userdata);
void js_runtime_cancel_after_immediates(js_runtime_t *rt, uint64_t id);
/* True while an immediate (of JavaScript or C) is queued: the loop will not wait. */
bool js_runtime_immediates_pending(js_runtime_t *rt);

/* Around a call whose returned promise the caller handles once the call returns (a config
 * hook): the engine announces such a promise's rejection as unhandled as the call returns,
 * before the caller could attach its handler. Between hold and release, unhandled
 * rejections wait; release reports them, except that of `handled` (the call's result, or
 * NULL). Calls nest. */
void js_realm_hold_rejections(js_realm_t *realm);
void js_realm_release_rejections(js_realm_t *realm, JSValueRef handled);

/* Routes an error to the realm's uncaught handler (or prints it when none is set). */
void js_realm_report_uncaught(js_realm_t *realm, JSValueRef error, bool is_rejection);

/* Number of live timers that keep the realm busy (setTimeout/setInterval not yet done,
 * unref()'d ones excluded). */
size_t js_realm_pending_timers(js_realm_t *realm);
/* Work that keeps the realm busy besides timers (an open WebSocket or EventSource): +1 when
 * it starts, -1 when it ends. */
void js_realm_hold(js_realm_t *realm, int delta);
/* Timers and held work: what a spec file's end waits for (the runner's drain). */
size_t js_realm_pending_work(js_realm_t *realm);

/* ---- modules (module.c) ---- */

typedef enum {
  JS_MODULE_SYNC,  /* CommonJS semantics: the body runs to completion inside require */
  JS_MODULE_ASYNC, /* the body may use top-level await: load returns a promise */
} js_module_mode_t;

/* Loads `path` (absolute) as the entry module of the realm. On success returns the
 * module's exports (mode SYNC) or a promise of them (mode ASYNC). On failure returns NULL
 * with the thrown error in *exception (syntax errors carry the file's line). */
JSValueRef js_module_load(js_realm_t *realm, const char *path, js_module_mode_t mode,
                          JSValueRef *exception);

/* Columns that the module wrapper adds to line 1 of `path` (0 for files it did not load):
 * stack formatting subtracts them so positions are the user's. Process-wide. */
long js_module_line1_offset(const char *path);

/* The files of the modules this realm loaded (absolute paths, the entry module included,
 * packages under node_modules left out), appended to `out`: what watch mode re-runs a spec
 * file for. */
void js_module_files(js_realm_t *realm, strvec_t *out);

/* module.exports of a module this realm loaded (e.g. after an ASYNC load settled). */
JSValueRef js_module_exports(js_realm_t *realm, const char *path);

/* Node's `require` resolution for `request` seen from directory `from_dir`: built-ins (also
 * with the `node:` prefix), relative and absolute files with the extensions .js .cjs .mjs
 * .json and directory index.js. Returns a malloc'd absolute path, or NULL when not found;
 * `*builtin` set when the request names a built-in module (then the name is returned). */
char *js_module_resolve(js_realm_t *realm, const char *from_dir, const char *request,
                        bool *builtin);

#endif
