/* node_child: what the two child_process files share — spawn options parsed once
 * (node_child_exec.c) and the asynchronous spawn (node_child_process.c). Internal.
 *
 * Memory: js_spawn_opts_t owns its strings (js_spawn_opts_free). */
#ifndef SONDE_JS_NODE_CHILD_H
#define SONDE_JS_NODE_CHILD_H

#include <JavaScriptCore/JavaScript.h>
#include <stdbool.h>
#include <stddef.h>

#include "common/sbuf.h"
#include "common/strvec.h"

typedef enum { JS_STDIO_PIPE, JS_STDIO_INHERIT, JS_STDIO_IGNORE } js_stdio_mode_t;

typedef struct {
  char *file;    /* program (or /bin/sh with shell) */
  strvec_t args; /* without argv[0] */
  strvec_t env;  /* NAME=value */
  char *cwd;     /* NULL: inherit */
  js_stdio_mode_t stdio[3];
  bool detached;
  char *cmd;            /* the command as error messages quote it */
  unsigned char *input; /* sync: written to stdin */
  size_t input_len;
  double timeout_ms; /* sync and exec: kill after this long (0 none) */
  int kill_signal;
  char *encoding;   /* sync/exec: output encoding; NULL or "buffer" for Buffers */
  bool stdio_given; /* options.stdio was set (execSync then keeps stderr) */
} js_spawn_opts_t;

void js_spawn_opts_free(js_spawn_opts_t *o);

/* Starts the child on the realm's loop and returns its ChildProcess object. With an
 * `exec_cb` (exec/execFile), stdout/stderr are also gathered and the callback is called
 * with (error, stdout, stderr) once the child has closed (js_child_exec_done). */
JSValueRef js_child_spawn(JSContextRef ctx, const js_spawn_opts_t *o, JSValueRef exec_cb,
                          JSValueRef *exc);
/* exec/execFile: the child closed; calls the callback kept on `obj`. */
void js_child_exec_done(JSContextRef ctx, JSObjectRef obj, int64_t status, const char *signal,
                        const sbuf_t *out, const sbuf_t *err);
/* exec/execFile: the child could not start; the callback gets `err` on a later turn. */
void js_child_exec_error(JSContextRef ctx, JSObjectRef obj, JSValueRef err);

#endif
