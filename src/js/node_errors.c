/* node_errors: Node's Error.captureStackTrace(obj[, constructorOpt]) over the engine's own:
 * the frames up to and including constructorOpt are dropped, and obj.stack is written in
 * V8's shape ("Name: message\n    at fn (file:line:col)"), since code that calls this
 * V8 API reads the result as V8 would write it. Runtime frames (src/jslib) are dropped as
 * everywhere else. Strings are malloc'd per call and freed before returning. */
#include <stdlib.h>
#include <string.h>

#include "common/sbuf.h"
#include "js/inspect.h"
#include "js/jsclass.h"
#include "js/jsutil.h"
#include "js/runtime_internal.h"

#define ORIGINAL_KEY "__sonde_capture_stack"

/* The JavaScriptCore stack without the frames up to the first one of function `fn`. */
static char *drop_frames_through(const char *stack, const char *fn) {
  size_t n = strlen(fn);
  const char *p = stack;
  while (*p) {
    const char *nl = strchr(p, '\n');
    if (strncmp(p, fn, n) == 0 && p[n] == '@') return xstrdup(nl ? nl + 1 : "");
    if (!nl) break;
    p = nl + 1;
  }
  return xstrdup(stack);
}

static JSValueRef capture_stack_trace(JSContextRef ctx, JSObjectRef f, JSObjectRef self,
                                      size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  if (argc < 1 || !JSValueIsObject(ctx, argv[0]))
    return js_throw_arg_type(ctx, exc, "targetObject", "of type object", argc ? argv[0] : NULL);
  JSValueRef original = js_get(ctx, JSContextGetGlobalObject(ctx), ORIGINAL_KEY);
  JSValueRef arg = argv[0];
  if (!js_call(ctx, original, js_get(ctx, JSContextGetGlobalObject(ctx), "Error"), 1, &arg, exc))
    return NULL;
  char *raw = js_get_string(ctx, argv[0], "stack");
  if (!raw) return JSValueMakeUndefined(ctx);
  char *fn = argc > 1 && js_is_function(ctx, argv[1]) ? js_get_string(ctx, argv[1], "name") : NULL;
  char *frames = fn && *fn ? drop_frames_through(raw, fn) : xstrdup(raw);
  char *name = js_get_string(ctx, argv[0], "name"),
       *message = js_get_string(ctx, argv[0], "message");
  char *shaped = js_format_stack(name ? name : "Error", message, frames);
  js_set(ctx, (JSObjectRef)argv[0], "stack", js_make_string(ctx, shaped));
  free(shaped);
  free(name);
  free(message);
  free(frames);
  free(fn);
  free(raw);
  return JSValueMakeUndefined(ctx);
}

void js_errors_install(JSContextRef ctx) {
  JSObjectRef global = JSContextGetGlobalObject(ctx);
  JSValueRef error = js_get(ctx, global, "Error");
  JSValueRef original = js_get(ctx, error, "captureStackTrace");
  if (!js_is_function(ctx, original) || !JSValueIsObject(ctx, error)) return;
  js_set_hidden(ctx, global, ORIGINAL_KEY, original);
  js_define_value(ctx, (JSObjectRef)error, "captureStackTrace",
                  js_make_function(ctx, "captureStackTrace", capture_stack_trace, 2), false);
}
