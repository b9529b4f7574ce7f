/* node: the Node API families of js/ (node_*.c), each registering its built-in modules on a
 * runtime, and the few C entry points one family offers another. Internal to js/ and to
 * the bindings built on it. Values returned are owned by the engine (garbage collected). */
#ifndef SONDE_JS_NODE_H
#define SONDE_JS_NODE_H

#include <JavaScriptCore/JavaScript.h>
#include <stdbool.h>
#include <stddef.h>

#include "js/runtime.h"

/* node.c: registers every family below, plus the names of Node modules sonde lacks. */
void js_node_register(js_runtime_t *rt);
/* True when `name` (with or without "node:") is a Node core module sonde does not
 * provide: requiring it fails with an error naming it (ERR_SONDE_UNSUPPORTED). */
bool js_node_missing_module(const char *name);

void js_node_events_register(js_runtime_t *rt);         /* node_events.c: events */
void js_node_process_register(js_runtime_t *rt);        /* node_process.c: process, console */
void js_node_buffer_register(js_runtime_t *rt);         /* node_buffer.c: buffer */
void js_node_string_decoder_register(js_runtime_t *rt); /* node_string_decoder.c */
void js_node_fs_register(js_runtime_t *rt);             /* node_fs.c: fs, fs/promises */
void js_node_path_register(js_runtime_t *rt);           /* node_path.c: path, path/posix */
void js_node_os_register(js_runtime_t *rt);             /* node_os.c: os */
void js_node_util_register(js_runtime_t *rt);           /* node_util.c: util, util/types */
void js_node_timers_register(js_runtime_t *rt);         /* node_timers.c: timers(/promises) */
void js_node_crypto_register(js_runtime_t *rt);         /* node_crypto.c: crypto */
void js_node_child_process_register(js_runtime_t *rt);  /* node_child_process.c */
void js_node_url_register(js_runtime_t *rt);            /* node_url.c: url, querystring */
void js_node_module_register(js_runtime_t *rt);         /* module.c: module (createRequire) */

/* events.EventEmitter of the context's realm (evaluated once per realm). */
JSObjectRef js_events_ctor(JSContextRef ctx);

/* Buffer (node_buffer.c): the global is installed on every realm. */
void js_buffer_install(JSContextRef ctx);
/* A new Buffer holding a copy of the bytes / taking malloc'd bytes. */
JSObjectRef js_buffer_from(JSContextRef ctx, const void *bytes, size_t len);
JSObjectRef js_buffer_adopt(JSContextRef ctx, void *bytes, size_t len);

/* Signal number for a name ("SIGTERM") or number; SIGTERM for undefined; -1 if unknown. */
int js_signal_number(JSContextRef ctx, JSValueRef v);

/* An Error as Node's fs/child_process make them from a libuv error code: message
 * "<CODE>: <description>, <syscall> '<path>'", with errno, code, syscall and path. */
JSObjectRef js_uv_error(JSContextRef ctx, int uv_code, const char *syscall, const char *path,
                        const char *dest);

#endif
