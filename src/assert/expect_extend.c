/* expect_extend: the expect function and its members. expect.extend registers custom
 * matchers (Jest's contract: matcher(received, ...args) called with a context holding
 * isNot, promise, equals and utils, returning {pass, message} or a promise of it); each
 * also becomes an asymmetric matcher (expect.name(...), expect.not.name(...)). The
 * built-in asymmetric matchers and expect.addEqualityTesters forward to sonde:expect.
 *
 * Memory: registered matchers are kept in the realm's state object; a prototype method or
 * factory finds its matcher through a hidden __name property, so no C data is attached. */
#include <stdlib.h>
#include <string.h>

#include "assert/assert_internal.h"
#include "js/jsclass.h"
#include "js/jsutil.h"

static char *arg_string(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t i,
                        const char *fallback) {
  if (i >= argc || JSValueIsUndefined(ctx, argv[i])) return xstrdup(fallback);
  return assert_to_string(ctx, argv[i], NULL);
}

/* ---- this.utils of custom matchers ---- */

static JSValueRef util_print(JSContextRef ctx, JSObjectRef fn, JSObjectRef self, size_t argc,
                             const JSValueRef argv[], JSValueRef *exc) {
  char *s = assert_print(ctx, assert_arg(ctx, argc, argv, 0));
  JSValueRef v = js_make_string(ctx, s);
  free(s);
  return v;
}

/* EXPECTED_COLOR, RECEIVED_COLOR, ...: sonde's messages carry no colours. */
static JSValueRef util_plain(JSContextRef ctx, JSObjectRef fn, JSObjectRef self, size_t argc,
                             const JSValueRef argv[], JSValueRef *exc) {
  char *s = arg_string(ctx, argc, argv, 0, "");
  JSValueRef v = js_make_string(ctx, s);
  free(s);
  return v;
}

/* jest-matcher-utils matcherHint(name, received = 'received', expected = 'expected',
 * {comment, isNot, promise, secondArgument, isDirectExpectCall}). */
static JSValueRef util_matcher_hint(JSContextRef ctx, JSObjectRef fn, JSObjectRef self, size_t argc,
                                    const JSValueRef argv[], JSValueRef *exc) {
  char *name = arg_string(ctx, argc, argv, 0, "");
  char *received = arg_string(ctx, argc, argv, 1, "received");
  char *expected = arg_string(ctx, argc, argv, 2, "expected");
  JSValueRef o = assert_arg(ctx, argc, argv, 3);
  char *comment = js_get_string(ctx, o, "comment");
  char *promise = js_get_string(ctx, o, "promise");
  char *second = js_get_string(ctx, o, "secondArgument");
  bool is_not = JSValueToBoolean(ctx, js_get(ctx, o, "isNot"));
  bool direct = JSValueToBoolean(ctx, js_get(ctx, o, "isDirectExpectCall"));
  sbuf_t hint = SBUF_INIT, dim = SBUF_INIT;
  sbuf_puts(&dim, "expect");
  if (!direct && *received) {
    sbuf_printf(&hint, "%s(%s", sbuf_cstr(&dim), received);
    sbuf_reset(&dim);
    sbuf_puts(&dim, ")");
  }
  if (promise && *promise) {
    sbuf_printf(&hint, "%s.%s", sbuf_cstr(&dim), promise);
    sbuf_reset(&dim);
  }
  if (is_not) {
    sbuf_printf(&hint, "%s.not", sbuf_cstr(&dim));
    sbuf_reset(&dim);
  }
  if (strchr(name, '.')) {
    sbuf_puts(&dim, name);
  } else {
    sbuf_printf(&hint, "%s.%s", sbuf_cstr(&dim), name);
    sbuf_reset(&dim);
  }
  if (!*expected) {
    sbuf_puts(&dim, "()");
  } else {
    sbuf_printf(&hint, "%s(%s", sbuf_cstr(&dim), expected);
    if (second && *second) sbuf_printf(&hint, ", %s", second);
    sbuf_reset(&dim);
    sbuf_puts(&dim, ")");
  }
  if (comment && *comment) sbuf_printf(&dim, " // %s", comment);
  sbuf_puts(&hint, sbuf_cstr(&dim));
  JSValueRef v = js_make_string(ctx, sbuf_cstr(&hint));
  sbuf_free(&hint);
  sbuf_free(&dim);
  free(name);
  free(received);
  free(expected);
  free(comment);
  free(promise);
  free(second);
  return v;
}

static JSValueRef util_with_type(JSContextRef ctx, JSObjectRef fn, JSObjectRef self, size_t argc,
                                 const JSValueRef argv[], JSValueRef *exc) {
  char *name = arg_string(ctx, argc, argv, 0, "Received");
  JSValueRef value = assert_arg(ctx, argc, argv, 1);
  JSValueRef print = assert_arg(ctx, argc, argv, 2);
  sbuf_t b = SBUF_INIT;
  const char *type = assert_type_name(ctx, value);
  if (strcmp(type, "null") != 0 && strcmp(type, "undefined") != 0)
    sbuf_printf(&b, "%s has type:  %s\n", name, type);
  JSValueRef printed = js_is_function(ctx, print) ? js_call(ctx, print, NULL, 1, &value, exc)
                                                  : util_print(ctx, fn, self, 1, &value, exc);
  JSValueRef v = NULL;
  if (printed) {
    char *s = assert_to_string(ctx, printed, NULL);
    sbuf_printf(&b, "%s has value: %s", name, s);
    free(s);
    v = js_make_string(ctx, sbuf_cstr(&b));
  }
  sbuf_free(&b);
  free(name);
  return v;
}

static JSValueRef util_error_message(JSContextRef ctx, JSObjectRef fn, JSObjectRef self,
                                     size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  char *hint = arg_string(ctx, argc, argv, 0, "");
  char *generic = arg_string(ctx, argc, argv, 1, "");
  sbuf_t b = SBUF_INIT;
  sbuf_printf(&b, "%s\n\nMatcher error: %s", hint, generic);
  if (argc > 2 && JSValueIsString(ctx, argv[2])) {
    char *specific = js_value_to_utf8(ctx, argv[2]);
    sbuf_printf(&b, "\n\n%s", specific);
    free(specific);
  }
  JSValueRef v = js_make_string(ctx, sbuf_cstr(&b));
  sbuf_free(&b);
  free(hint);
  free(generic);
  return v;
}

/* Calls the sonde:<lib> function named by the hidden __lib ("diff.diff", ...). */
static JSValueRef lib_forward(JSContextRef ctx, JSObjectRef fn, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  char *path = js_get_string(ctx, fn, "__lib");
  if (!path) return JSValueMakeUndefined(ctx);
  char *dot = strchr(path, '.');
  *dot = '\0';
  JSValueRef r = NULL;
  JSValueRef table = js_jslib(ctx, path, exc);
  for (char *part = dot + 1, *next; table && part; part = next) {
    next = strchr(part, '.');
    if (next) *next++ = '\0';
    JSValueRef v = js_get(ctx, table, part);
    if (!next) r = js_call(ctx, v, table, argc, argv, exc);
    table = v;
  }
  free(path);
  /* Errors from the library (expect.stringContaining(1)) point at the caller's line. */
  if (!r && *exc && JSValueIsObject(ctx, *exc)) assert_trim_stack(ctx, (JSObjectRef)*exc, NULL);
  return r;
}

static JSObjectRef lib_function(JSContextRef ctx, const char *name, const char *path) {
  JSObjectRef f = js_make_function(ctx, name, lib_forward, 1);
  js_set_hidden(ctx, f, "__lib", js_make_string(ctx, path));
  return f;
}

static JSValueRef context_equals(JSContextRef ctx, JSObjectRef fn, JSObjectRef self, size_t argc,
                                 const JSValueRef argv[], JSValueRef *exc) {
  JSValueRef args[4] = {assert_arg(ctx, argc, argv, 0), assert_arg(ctx, argc, argv, 1),
                        assert_arg(ctx, argc, argv, 2), assert_arg(ctx, argc, argv, 3)};
  return assert_lib_call(ctx, "expect", "rawEquals", 4, args, exc);
}

static JSValueRef context_noop(JSContextRef ctx, JSObjectRef fn, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  return JSValueMakeUndefined(ctx);
}

/* The shared part of every matcher context (isNot and promise are per call). */
static JSObjectRef context_base(JSContextRef ctx) {
  JSValueRef b = assert_state_get(ctx, "matcherContext");
  if (JSValueIsObject(ctx, b)) return (JSObjectRef)b;
  JSObjectRef base = JSObjectMake(ctx, NULL, NULL);
  JSObjectRef utils = JSObjectMake(ctx, NULL, NULL);
  static const js_fn_t fns[] = {
      {"printReceived", util_print, 1},
      {"printExpected", util_print, 1},
      {"matcherHint", util_matcher_hint, 4},
      {"printWithType", util_with_type, 3},
      {"matcherErrorMessage", util_error_message, 3},
      {"EXPECTED_COLOR", util_plain, 1},
      {"RECEIVED_COLOR", util_plain, 1},
      {"INVERTED_COLOR", util_plain, 1},
      {"BOLD_WEIGHT", util_plain, 1},
      {"DIM_COLOR", util_plain, 1},
      {NULL, NULL, 0},
  };
  for (const js_fn_t *f = fns; f->name; f++)
    js_set(ctx, utils, f->name, js_make_function(ctx, f->name, f->fn, f->length));
  js_set(ctx, utils, "stringify", lib_function(ctx, "stringify", "diff.stringify"));
  js_set(ctx, utils, "diff", lib_function(ctx, "diff", "diff.diff"));
  js_set(ctx, utils, "printDiffOrStringify",
         lib_function(ctx, "printDiffOrStringify", "diff.printDiffOrStringify"));
  js_set(ctx, base, "utils", utils);
  js_set(ctx, base, "equals", js_make_function(ctx, "equals", context_equals, 4));
  js_set(ctx, base, "expand", JSValueMakeBoolean(ctx, false));
  js_set(ctx, base, "dontThrow", js_make_function(ctx, "dontThrow", context_noop, 0));
  assert_state_set(ctx, "matcherContext", base);
  return base;
}

static JSObjectRef context_new(JSContextRef ctx, unsigned flags) {
  JSObjectRef c = JSObjectMake(ctx, NULL, NULL);
  JSObjectSetPrototype(ctx, c, context_base(ctx));
  js_set(ctx, c, "isNot", JSValueMakeBoolean(ctx, flags & ASSERT_NOT));
  js_set(ctx, c, "promise",
         js_make_string(ctx, flags & ASSERT_RESOLVES  ? "resolves"
                             : flags & ASSERT_REJECTS ? "rejects"
                                                      : ""));
  JSValueRef testers = assert_state_get(ctx, "testers");
  js_set(ctx, c, "customTesters",
         JSValueIsObject(ctx, testers) ? testers : js_make_array(ctx, 0, NULL));
  return c;
}

/* ---- running a custom matcher ---- */

static JSValueRef custom_result(JSContextRef ctx, const char *name, unsigned flags,
                                JSValueRef result, JSValueRef stack_from, JSValueRef *exc) {
  JSValueRef pass = js_get(ctx, result, "pass");
  if (!JSValueIsObject(ctx, result) || !JSValueIsBoolean(ctx, pass)) {
    char *shown = assert_print(ctx, result);
    char *msg = xasprintf(
        "Unexpected return from a matcher function.\nMatcher functions should "
        "return an object in the following format:\n  {message?: string | "
        "function, pass: boolean}\n'%s' was returned",
        shown);
    *exc = assert_usage_error(ctx, "Error", msg, stack_from);
    free(msg);
    free(shown);
    return NULL;
  }
  assert_run_t run = {
      .ctx = ctx, .name = name, .flags = flags, .pass = JSValueToBoolean(ctx, pass)};
  if (!assert_failed(&run)) return JSValueMakeUndefined(ctx);
  JSValueRef message = js_get(ctx, result, "message");
  if (js_is_function(ctx, message)) {
    message = js_call(ctx, message, NULL, 0, NULL, exc);
    if (!message) return NULL;
  }
  size_t len = 0;
  char *text = JSValueIsUndefined(ctx, message) ? NULL : assert_to_string(ctx, message, &len);
  sbuf_puts(&run.msg, len ? text : "No message was specified for this matcher.");
  free(text);
  JSValueRef v = js_get(ctx, result, "expected");
  if (!JSValueIsUndefined(ctx, v)) run.expected = v;
  v = js_get(ctx, result, "actual");
  if (!JSValueIsUndefined(ctx, v)) run.actual = v;
  assert_throw_run(&run, stack_from, exc);
  sbuf_free(&run.msg);
  return NULL;
}

static JSValueRef custom_settled(JSContextRef ctx, JSObjectRef fn, JSObjectRef self, size_t argc,
                                 const JSValueRef argv[], JSValueRef *exc) {
  JSValueRef job = js_get(ctx, fn, "__job");
  char *name = js_get_string(ctx, job, "name");
  unsigned flags = (unsigned)js_get_number(ctx, job, "flags", 0);
  JSValueRef r = custom_result(ctx, name ? name : "", flags, assert_arg(ctx, argc, argv, 0),
                               js_get(ctx, job, "stack"), exc);
  free(name);
  return r;
}

JSValueRef expect_run_custom(JSContextRef ctx, const char *name, unsigned flags,
                             JSValueRef received, size_t argc, const JSValueRef argv[],
                             JSValueRef stack_from, JSValueRef *exc) {
  JSValueRef matcher = js_get(ctx, assert_state_get(ctx, "custom"), name);
  JSValueRef *args = xcalloc(argc + 1, sizeof(JSValueRef));
  args[0] = received;
  for (size_t i = 0; i < argc; i++) args[i + 1] = argv[i];
  JSValueRef result = js_call(ctx, matcher, context_new(ctx, flags), argc + 1, args, exc);
  free(args);
  if (!result) return NULL;
  if (!assert_is_thenable(ctx, result))
    return custom_result(ctx, name, flags, result, stack_from, exc);
  /* An async matcher: judge its result when it settles, with this call's stack. */
  JSObjectRef job = JSObjectMake(ctx, NULL, NULL);
  js_set(ctx, job, "name", js_make_string(ctx, name));
  js_set(ctx, job, "flags", JSValueMakeNumber(ctx, flags));
  js_set(ctx, job, "stack", stack_from ? stack_from : assert_capture_stack(ctx));
  JSObjectRef on_ok = js_make_function(ctx, NULL, custom_settled, 0);
  js_set_hidden(ctx, on_ok, "__job", job);
  JSValueRef handler = on_ok;
  return js_call(ctx, js_get(ctx, result, "then"), result, 1, &handler, exc);
}

/* ---- expect's members ---- */

/* expect.name(...sample) / expect.not.name(...sample) for a custom matcher. */
static JSValueRef custom_asymmetric(JSContextRef ctx, JSObjectRef fn, JSObjectRef self, size_t argc,
                                    const JSValueRef argv[], JSValueRef *exc) {
  JSValueRef name = js_get(ctx, fn, "__name");
  char *n = js_value_to_utf8(ctx, name);
  JSValueRef matcher = js_get(ctx, assert_state_get(ctx, "custom"), n);
  free(n);
  JSValueRef args[5] = {name, matcher, js_make_array(ctx, argc, argv), js_get(ctx, fn, "__inverse"),
                        context_base(ctx)};
  return assert_lib_call(ctx, "expect", "custom", 5, args, exc);
}

static JSObjectRef named_function(JSContextRef ctx, const char *name,
                                  JSObjectCallAsFunctionCallback cb, bool inverse) {
  JSObjectRef f = js_make_function(ctx, name, cb, 0);
  js_set_hidden(ctx, f, "__name", js_make_string(ctx, name));
  js_set_hidden(ctx, f, "__inverse", JSValueMakeBoolean(ctx, inverse));
  return f;
}

static JSValueRef expect_extend(JSContextRef ctx, JSObjectRef fn, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  JSValueRef matchers = assert_arg(ctx, argc, argv, 0);
  if (!JSValueIsObject(ctx, matchers)) {
    *exc = assert_usage_error(ctx, "TypeError",
                              "expect.extend(matchers): matchers must be an "
                              "object of matcher functions",
                              NULL);
    return NULL;
  }
  JSValueRef custom = assert_state_get(ctx, "custom");
  if (!JSValueIsObject(ctx, custom)) {
    custom = JSObjectMake(ctx, NULL, NULL);
    assert_state_set(ctx, "custom", custom);
  }
  JSObjectRef proto = expect_prototype(ctx);
  JSObjectRef expect = expect_function(ctx);
  JSValueRef not_ns = js_get(ctx, expect, "not");
  JSPropertyNameArrayRef names = JSObjectCopyPropertyNames(ctx, (JSObjectRef)matchers);
  size_t n = JSPropertyNameArrayGetCount(names);
  for (size_t i = 0; i < n; i++) {
    char *name = js_string_to_utf8(JSPropertyNameArrayGetNameAtIndex(names, i));
    JSValueRef matcher = js_get(ctx, matchers, name);
    if (js_is_function(ctx, matcher)) {
      js_set(ctx, (JSObjectRef)custom, name, matcher);
      js_define_value(ctx, proto, name, named_function(ctx, name, expect_dispatch_custom, false),
                      false);
      js_define_value(ctx, expect, name, named_function(ctx, name, custom_asymmetric, false),
                      false);
      if (JSValueIsObject(ctx, not_ns))
        js_define_value(ctx, (JSObjectRef)not_ns, name,
                        named_function(ctx, name, custom_asymmetric, true), false);
    }
    free(name);
  }
  JSPropertyNameArrayRelease(names);
  return JSValueMakeUndefined(ctx);
}

static JSValueRef expect_add_testers(JSContextRef ctx, JSObjectRef fn, JSObjectRef self,
                                     size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  JSValueRef testers = assert_arg(ctx, argc, argv, 0);
  if (!JSValueIsArray(ctx, testers)) {
    *exc = assert_usage_error(ctx, "TypeError",
                              "expect.addEqualityTesters: expected an array of "
                              "tester functions",
                              NULL);
    return NULL;
  }
  JSValueRef old = assert_state_get(ctx, "testers");
  if (JSValueIsArray(ctx, old)) {
    testers = js_call(ctx, js_get(ctx, old, "concat"), old, 1, &testers, exc);
    if (!testers) return NULL;
  }
  assert_state_set(ctx, "testers", testers);
  return JSValueMakeUndefined(ctx);
}

static JSValueRef expect_call(JSContextRef ctx, JSObjectRef fn, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  if (argc > 1) {
    *exc = assert_usage_error(ctx, "Error", "Expect takes at most one argument.", NULL);
    return NULL;
  }
  return expect_make(ctx, assert_arg(ctx, argc, argv, 0));
}

JSObjectRef expect_function(JSContextRef ctx) {
  JSValueRef f = assert_state_get(ctx, "expect");
  if (js_is_function(ctx, f)) return (JSObjectRef)f;
  JSObjectRef expect = js_make_function(ctx, "expect", expect_call, 1);
  /* Every member forwards to sonde:expect, compiled only once one is used. */
  static const char *const asym[] = {"objectContaining", "arrayContaining", "stringContaining",
                                     "stringMatching",   "closeTo",         NULL};
  JSObjectRef not_ns = JSObjectMake(ctx, NULL, NULL);
  for (const char *const *a = asym; *a; a++) {
    char *path = xasprintf("expect.asymmetric.%s", *a);
    js_define_value(ctx, expect, *a, lib_function(ctx, *a, path), false);
    free(path);
    path = xasprintf("expect.notAsymmetric.%s", *a);
    js_define_value(ctx, not_ns, *a, lib_function(ctx, *a, path), false);
    free(path);
  }
  js_define_value(ctx, expect, "any", lib_function(ctx, "any", "expect.any"), false);
  js_define_value(ctx, expect, "anything", lib_function(ctx, "anything", "expect.anything"), false);
  js_define_value(ctx, expect, "not", not_ns, false);
  js_define_value(ctx, expect, "extend", js_make_function(ctx, "extend", expect_extend, 1), false);
  js_define_value(ctx, expect, "addEqualityTesters",
                  js_make_function(ctx, "addEqualityTesters", expect_add_testers, 1), false);
  assert_state_set(ctx, "expect", expect);
  return expect;
}
