/* inspect: Node-style formatting of JavaScript values for console output
 * (util.inspect / util.format). Returned strings are malloc'd; the caller frees them. */
#ifndef SONDE_JS_INSPECT_H
#define SONDE_JS_INSPECT_H

#include <JavaScriptCore/JavaScript.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct {
  int depth;     /* nesting shown before [Object]; Node's default 2 */
  bool colors;   /* ANSI colours as Node uses them */
} js_inspect_opts_t;

/* util.inspect(value, {depth, colors}) as Node 20 prints it. */
char *js_inspect(JSContextRef ctx, JSValueRef value, const js_inspect_opts_t *opts);

/* util.format(...args) as console.log prints its arguments: a string first argument is a
 * format (%s %d %i %f %j %o %O %c %%); remaining arguments are appended separated by spaces,
 * strings as-is and everything else inspected. */
char *js_format_args(JSContextRef ctx, size_t argc, const JSValueRef argv[],
                     const js_inspect_opts_t *opts);

#endif
