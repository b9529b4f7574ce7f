/* inspect: Node-style formatting of JavaScript values for console output
 * (util.inspect / util.format). Returned strings are malloc'd; the caller frees them. */
#ifndef SONDE_JS_INSPECT_H
#define SONDE_JS_INSPECT_H

#include <JavaScriptCore/JavaScript.h>
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

/* depth value meaning "no limit" (Node's depth: Infinity / null). */
#define JS_INSPECT_DEPTH_INFINITE INT_MAX

/* For the limits below: 0 means Node's default, so {.depth, .colors} initialisers keep
 * Node's defaults; a negative value stands for an explicit 0 (or false). */
#define JS_INSPECT_ZERO           (-1)

typedef struct {
  int depth;             /* nesting shown before [Object]; Node's default 2 */
  bool colors;           /* ANSI colours as Node uses them */
  int max_array_length;  /* default 100 */
  int max_string_length; /* default 10000 */
  int break_length;      /* default 80; JS_INSPECT_DEPTH_INFINITE for Infinity */
  int compact;           /* default 3; negative: compact: false */
  bool sorted;           /* sort object keys */
  bool no_custom;        /* ignore [util.inspect.custom] methods (customInspect: false) */
} js_inspect_opts_t;

/* Reads util.inspect's options object (depth, colors, maxArrayLength, maxStringLength,
 * breakLength, compact, sorted, customInspect) into `opts`; other fields stay. */
void js_inspect_opts_from_js(JSContextRef ctx, JSValueRef options, js_inspect_opts_t *opts);

/* util.inspect as a function of this realm (made once per realm, carrying .custom,
 * .defaultOptions, .colors and .styles as Node's does). */
JSObjectRef js_inspect_function(JSContextRef ctx);

/* Columns a UTF-8 string takes on a terminal (wide characters count 2, ANSI escapes 0). */
size_t js_string_width(const char *s);

/* util.inspect(value, {depth, colors}) as Node 20 prints it. NULL opts: Node's defaults
 * (depth 2, no colours). */
char *js_inspect(JSContextRef ctx, JSValueRef value, const js_inspect_opts_t *opts);

/* util.format(...args) as console.log prints its arguments: a string first argument is a
 * format (%s %d %i %f %j %o %O %c %%); remaining arguments are appended separated by spaces,
 * strings as-is and everything else inspected. */
char *js_format_args(JSContextRef ctx, size_t argc, const JSValueRef argv[],
                     const js_inspect_opts_t *opts);
/* The same with its length in *len, NULs of string arguments kept (js_format_args shows
 * them as "␀" so that its C string is never cut). */
char *js_format_args_len(JSContextRef ctx, size_t argc, const JSValueRef argv[],
                         const js_inspect_opts_t *opts, size_t *len);

/* An error's stack in Node's shape, from the pieces JavaScriptCore gives: a first line
 * "name: message" (Error.prototype.toString rules; NULL name means "Error"), then one
 * "    at fn (file:line:col)" line per frame of `jsc_stack` ("fn@file:line:col" lines;
 * anonymous and top-level frames print as "    at file:line:col", frames without a file,
 * such as native code, are dropped). A `jsc_stack` that is not in JavaScriptCore's shape
 * (a stack a script assigned, or one already in V8's shape) is returned unchanged; NULL or
 * "" gives the first line alone. */
char *js_format_stack(const char *name, const char *message, const char *jsc_stack);

/* The stack of a thrown value as reports print it: js_format_stack on its pieces, with a
 * SyntaxError's own file:line put first (the parser's position is not one of its frames). */
char *js_error_stack(JSContextRef ctx, JSValueRef err);
/* The same with sonde's own frames ("    at fn (sonde:<lib>:line:col)") kept: what
 * jasmineOpts.cleanStack: false shows. */
char *js_error_stack_all(JSContextRef ctx, JSValueRef err);

#endif
