/* hooks: calls the lifecycle hooks of a config (`onPrepare`, `beforeTest`, ...): each hook
 * is a function or an array of functions; the functions of one hook run concurrently with
 * `this` bound to the config, may be async, and are awaited (each bounded by a timeout).
 * A throwing or rejecting function is reported through the error callback and does not
 * stop the others. Used by the launcher and by workers, on their own loops.
 * The hooks of services (services.h, cfg->service_hooks) are called with the config's:
 * worker hooks in the same concurrent call, after the config's functions in order;
 * launcher hooks (onPrepare, onWorkerStart, onWorkerEnd, onComplete) once the config's
 * have settled, as WebdriverIO runs them.
 *
 * Memory: arguments are protected for the duration of the call; the callbacks receive
 * borrowed values. */
#ifndef SONDE_CONFIG_HOOKS_H
#define SONDE_CONFIG_HOOKS_H

#include <JavaScriptCore/JavaScript.h>
#include <stdbool.h>

#include "config/config.h"

/* The hooks sonde calls, by role (NULL-terminated), the one list the config's validation,
 * its near-miss warnings, services and workers read. The launcher's run once per run
 * (onPrepare, onWorkerStart, onWorkerEnd, onComplete); a worker's (the session and test
 * lifecycle, WebdriverIO's cucumber hooks included) run in each spec file's realm. */
extern const char *const hooks_launcher_names[];
extern const char *const hooks_worker_names[];

/* Checks that every known hook in the config is a function or an array of functions;
 * -1 with a "<file>:<line>: \"<hook>\" must be a function ..." message otherwise. */
int hooks_validate(const sonde_config_t *cfg, sbuf_t *err);

/* True when the config defines hook `name` (a function or a non-empty array). */
bool hooks_defined(const sonde_config_t *cfg, const char *name);

typedef void (*hooks_error_fn)(const char *hook, JSContextRef ctx, JSValueRef error, void *ud);
typedef void (*hooks_done_fn)(void *ud);

/* Calls hook `name` with `argv` in `ctx` (a realm of the same context group as the
 * config's). `done` is called exactly once, after every function settled or timed out
 * (never from inside this call when a function returned a pending promise; immediately
 * when nothing is pending). Returns false, without calling anything, when the hook is not
 * defined. */
bool hooks_call(const sonde_config_t *cfg, uv_loop_t *loop, const char *name, JSContextRef ctx,
                size_t argc, const JSValueRef argv[], double timeout_ms, hooks_error_fn on_error,
                hooks_done_fn done, void *ud);

/* hooks_call with the hooks of `config` and `service_hooks` instead of cfg's: the same config
 * file evaluated in a spec file's realm, so its hooks see that realm's globals, and the
 * service instances of that spec file's job (services_take), which live in the config's
 * realm. Either may be NULL (none). */
bool hooks_call_on(const sonde_config_t *cfg, JSObjectRef config, JSObjectRef service_hooks,
                   uv_loop_t *loop, const char *name, JSContextRef ctx, size_t argc,
                   const JSValueRef argv[], double timeout_ms, hooks_error_fn on_error,
                   hooks_done_fn done, void *ud);
/* hooks_defined with a job's own service hooks instead of cfg's. */
bool hooks_defined_on(const sonde_config_t *cfg, JSObjectRef service_hooks, const char *name);

/* hooks_call, then runs `loop` until the hook has settled: for the launcher's one-off hooks
 * (onPrepare, onComplete). Returns the number of functions that failed. */
int hooks_call_sync(const sonde_config_t *cfg, uv_loop_t *loop, const char *name, JSContextRef ctx,
                    size_t argc, const JSValueRef argv[], double timeout_ms,
                    hooks_error_fn on_error, void *ud);

/* "onPrepare hook failed: Error: boom\n    at /abs/sonde.conf.js:12:11" */
char *hooks_describe_error(const char *hook, JSContextRef ctx, JSValueRef error);

#endif
