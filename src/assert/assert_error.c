/* assert_error: the AssertionError class (one per realm, from sonde:assert-error) and the
 * stack treatment of every error the assertion APIs throw: sonde's own frames (its
 * embedded scripts, native code) are removed so the top frame is the spec line that called
 * the matcher, and line/column/sourceURL follow it. Checks that settle in a later turn
 * (.resolves, assert.rejects) take the stack of an Error captured when they were called.
 *
 * Memory: the class is cached in the realm's state object; strings are freed here. */
#include <stdlib.h>
#include <string.h>

#include "assert/assert_internal.h"
#include "js/jsclass.h"
#include "js/jsutil.h"
#include "js/runtime.h"

/* init(error, options): the C half of `new AssertionError(options)`, Node's rules. */
static JSValueRef assert_error_init(JSContextRef ctx, JSObjectRef fn, JSObjectRef self, size_t argc,
                                    const JSValueRef argv[], JSValueRef *exc) {
  if (argc < 2 || !JSValueIsObject(ctx, argv[0])) return JSValueMakeUndefined(ctx);
  JSObjectRef err = (JSObjectRef)argv[0];
  JSValueRef options = argv[1];
  JSValueRef message = js_get(ctx, options, "message");
  JSValueRef actual = js_get(ctx, options, "actual");
  JSValueRef expected = js_get(ctx, options, "expected");
  JSValueRef op = js_get(ctx, options, "operator");
  bool generated = JSValueIsUndefined(ctx, message) || JSValueIsNull(ctx, message);
  JSValueRef text;
  if (!generated) {
    JSStringRef s = JSValueToStringCopy(ctx, message, exc);
    if (!s) return NULL;
    text = JSValueMakeString(ctx, s);
    JSStringRelease(s);
  } else {
    JSValueRef args[3] = {actual, expected, op};
    text = assert_lib_call(ctx, "diff", "nodeMessage", 3, args, exc);
    if (!text) return NULL;
  }
  js_define_value(ctx, err, "message", text, false);
  js_set(ctx, err, "generatedMessage", JSValueMakeBoolean(ctx, generated));
  js_set(ctx, err, "code", js_make_string(ctx, "ERR_ASSERTION"));
  js_set(ctx, err, "actual", actual);
  js_set(ctx, err, "expected", expected);
  js_set(ctx, err, "operator", op);
  assert_trim_stack(ctx, err, NULL);
  return JSValueMakeUndefined(ctx);
}

JSObjectRef assert_error_class(JSContextRef ctx) {
  JSValueRef cls = assert_state_get(ctx, "AssertionError");
  if (js_is_function(ctx, cls)) return (JSObjectRef)cls;
  JSValueRef exc = NULL;
  JSValueRef define = js_jslib(ctx, "assert-error", &exc);
  JSValueRef init = js_make_function(ctx, "init", assert_error_init, 2);
  cls = define ? js_call(ctx, define, NULL, 1, &init, &exc) : NULL;
  if (!cls || !js_is_function(ctx, cls)) {
    /* Only a broken build gets here; fall back to Error so failures still report. */
    cls = js_get(ctx, JSContextGetGlobalObject(ctx), "Error");
  }
  assert_state_set(ctx, "AssertionError", cls);
  return (JSObjectRef)cls;
}

/* ---- stacks ---- */

/* Where a JavaScriptCore frame line ("fn@url:line:col") points; the first '@' ends the
 * function name, as js_format_stack reads it (URLs may hold '@', names do not). */
static const char *frame_location(const char *line, size_t n, size_t *loc_len) {
  const char *at = memchr(line, '@', n);
  const char *loc = at ? at + 1 : line;
  *loc_len = n - (size_t)(loc - line);
  return loc;
}

static bool frame_is_sonde(const char *loc, size_t n) {
  return (n >= 6 && strncmp(loc, "sonde:", 6) == 0) ||
         (n == 13 && strncmp(loc, "[native code]", 13) == 0);
}

/* "url:line:col" → its parts; false when it has no line/column. */
static bool frame_split(const char *loc, size_t n, char **url, int *line, int *col) {
  size_t c2 = n, c1;
  while (c2 > 0 && loc[c2 - 1] != ':') c2--;
  if (c2 == 0) return false;
  c1 = c2 - 1;
  while (c1 > 0 && loc[c1 - 1] != ':') c1--;
  if (c1 == 0) return false;
  char *end;
  char *lbuf = xstrndup(loc + c1, c2 - 1 - c1);
  char *cbuf = xstrndup(loc + c2, n - c2);
  long l = strtol(lbuf, &end, 10);
  bool ok = *lbuf && !*end;
  long c = strtol(cbuf, &end, 10);
  ok = ok && *cbuf && !*end;
  free(lbuf);
  free(cbuf);
  if (!ok) return false;
  *url = xstrndup(loc, c1 - 1);
  *line = (int)l;
  *col = (int)c;
  return true;
}

void assert_trim_stack(JSContextRef ctx, JSObjectRef err, JSValueRef stack_from) {
  JSValueRef src = stack_from ? stack_from : err;
  char *stack = js_get_string(ctx, src, "stack");
  if (!stack) return;
  sbuf_t out = SBUF_INIT;
  char *url = NULL;
  int line = 0, col = 0;
  for (const char *p = stack; *p;) {
    const char *nl = strchr(p, '\n');
    size_t n = nl ? (size_t)(nl - p) : strlen(p);
    size_t loc_len;
    const char *loc = frame_location(p, n, &loc_len);
    if (n && !frame_is_sonde(loc, loc_len)) {
      if (out.len) sbuf_putc(&out, '\n');
      sbuf_append(&out, p, n);
      if (!url) frame_split(loc, loc_len, &url, &line, &col);
    }
    p += n + (nl ? 1 : 0);
  }
  /* A stack of sonde frames alone says nothing more; keep it rather than leave none. */
  if (out.len) {
    js_define_value(ctx, err, "stack", js_make_string(ctx, sbuf_cstr(&out)), false);
    if (url) {
      /* Line 1 of a module also holds the loader's wrapper: report the user's column. */
      if (line == 1 && col > js_module_line1_offset(url)) col -= (int)js_module_line1_offset(url);
      js_define_value(ctx, err, "line", JSValueMakeNumber(ctx, line), false);
      js_define_value(ctx, err, "column", JSValueMakeNumber(ctx, col), false);
      js_define_value(ctx, err, "sourceURL", js_make_string(ctx, url), false);
    }
  }
  free(url);
  sbuf_free(&out);
  free(stack);
}

JSObjectRef assert_capture_stack(JSContextRef ctx) { return JSObjectMakeError(ctx, 0, NULL, NULL); }

JSObjectRef assert_error_new(JSContextRef ctx, const char *message, JSValueRef stack_from) {
  JSValueRef arg = js_make_string(ctx, message);
  JSObjectRef err = JSObjectMakeError(ctx, 1, &arg, NULL);
  JSObjectRef cls = assert_error_class(ctx);
  JSValueRef proto = js_get(ctx, cls, "prototype");
  if (JSValueIsObject(ctx, proto)) JSObjectSetPrototype(ctx, err, proto);
  assert_trim_stack(ctx, err, stack_from);
  return err;
}

JSObjectRef assert_usage_error(JSContextRef ctx, const char *ctor, const char *message,
                               JSValueRef stack_from) {
  JSObjectRef err = js_make_error(ctx, ctor, message);
  assert_trim_stack(ctx, err, stack_from);
  return err;
}

JSValueRef assert_throw_run(assert_run_t *run, JSValueRef stack_from, JSValueRef *exception) {
  JSContextRef ctx = run->ctx;
  JSObjectRef err = assert_error_new(ctx, sbuf_cstr(&run->msg), stack_from);
  if (run->expected) js_set(ctx, err, "expected", run->expected);
  if (run->actual) js_set(ctx, err, "actual", run->actual);
  if (run->flags & ASSERT_EXPECT) {
    /* JestAssertionError's matcherResult, for tools that read it. */
    JSObjectRef result = JSObjectMake(ctx, NULL, NULL);
    js_set(ctx, result, "pass", JSValueMakeBoolean(ctx, run->pass));
    js_set(ctx, result, "message", js_make_string(ctx, sbuf_cstr(&run->msg)));
    js_set(ctx, result, "name", js_make_string(ctx, run->name ? run->name : ""));
    if (run->expected) js_set(ctx, result, "expected", run->expected);
    js_set(ctx, result, "actual", run->actual ? run->actual : run->received);
    js_define_value(ctx, err, "matcherResult", result, false);
  }
  *exception = err;
  return NULL;
}
