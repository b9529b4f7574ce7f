/* assert_node: Node's `assert` module for mocha users (require('assert'), 'node:assert',
 * 'assert/strict'): assert(value) itself, ok, the equal family (loose in the legacy module,
 * strict in assert/strict), the deep family (sonde:expect's nodeEqual), match, doesNotMatch,
 * fail and ifError, with Node 20's messages (sonde:diff's nodeMessage builds the generated
 * ones). assert.ok quotes the spec's own source as Node does. throws/rejects are in
 * assert_node_throws.c.
 *
 * Memory: each module is a function object cached in the realm's state; nothing in C
 * outlives a call. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "assert/assert_internal.h"
#include "assert/assert_message.h"
#include "common/fsutil.h"
#include "js/jsclass.h"
#include "js/jsutil.h"

char *assert_node_inspect(JSContextRef ctx, JSValueRef v) {
  JSValueRef exc = NULL;
  JSValueRef s = assert_lib_call(ctx, "diff", "nodeInspect", 1, &v, &exc);
  if (s && JSValueIsString(ctx, s)) return js_value_to_utf8(ctx, s);
  return assert_to_string(ctx, v, NULL);
}

bool assert_node_is_error(JSContextRef ctx, JSValueRef v) {
  JSValueRef ctor = js_get(ctx, JSContextGetGlobalObject(ctx), "Error");
  return JSValueIsObject(ctx, v) && JSValueIsObject(ctx, ctor) &&
         JSValueIsInstanceOfConstructor(ctx, v, (JSObjectRef)ctor, NULL);
}

JSValueRef assert_node_fail(JSContextRef ctx, JSValueRef actual, JSValueRef expected,
                            const char *op, JSValueRef message, const char *text,
                            JSValueRef stack_from, JSValueRef *exc) {
  bool given = message && !JSValueIsUndefined(ctx, message);
  if (given && assert_node_is_error(ctx, message)) {
    *exc = message;
    return NULL;
  }
  JSValueRef msg;
  if (given) {
    char *m = assert_to_string(ctx, message, NULL);
    msg = js_make_string(ctx, m);
    free(m);
    if (strcmp(op, "strictEqual") == 0 || strcmp(op, "deepStrictEqual") == 0) {
      JSValueRef args[4] = {actual, expected, js_make_string(ctx, op), msg};
      msg = assert_lib_call(ctx, "diff", "nodeMessage", 4, args, exc);
    }
  } else if (text) {
    msg = js_make_string(ctx, text);
  } else {
    JSValueRef args[3] = {actual, expected, js_make_string(ctx, op)};
    msg = assert_lib_call(ctx, "diff", "nodeMessage", 3, args, exc);
  }
  if (!msg) return NULL;
  char *m = js_value_to_utf8(ctx, msg);
  JSObjectRef err = assert_error_new(ctx, m, stack_from);
  free(m);
  js_set(ctx, err, "generatedMessage", JSValueMakeBoolean(ctx, !given));
  js_set(ctx, err, "code", js_make_string(ctx, "ERR_ASSERTION"));
  js_set(ctx, err, "actual", actual);
  js_set(ctx, err, "expected", expected);
  js_set(ctx, err, "operator", js_make_string(ctx, op));
  *exc = err;
  return NULL;
}

/* ---- ok ---- */

/* "The expression evaluated to a falsy value:\n\n  assert.ok(x)\n" from the spec's source
 * at the caller's frame, or NULL when the source cannot be read. */
static char *ok_message(JSContextRef ctx, JSObjectRef where) {
  char *file = js_get_string(ctx, where, "sourceURL");
  int line = (int)js_get_number(ctx, where, "line", 0);
  int col = (int)js_get_number(ctx, where, "column", 0);
  char *r = NULL;
  if (file && line > 0 && col > 0) {
    char *src = fs_read_file(file, NULL);
    char *code = src ? assert_msg_call_source(src, line, col) : NULL;
    if (code) r = xasprintf("The expression evaluated to a falsy value:\n\n  %s\n", code);
    free(code);
    free(src);
  }
  free(file);
  return r;
}

static JSValueRef node_ok(JSContextRef ctx, JSObjectRef fn, JSObjectRef self, size_t argc,
                          const JSValueRef argv[], JSValueRef *exc) {
  JSValueRef value = assert_arg(ctx, argc, argv, 0), message = assert_arg(ctx, argc, argv, 1);
  JSValueRef yes = JSValueMakeBoolean(ctx, true);
  if (argc == 0)
    return assert_node_fail(ctx, JSValueMakeUndefined(ctx), yes, "==", NULL,
                            "No value argument passed to `assert.ok()`", NULL, exc);
  if (JSValueToBoolean(ctx, value)) return JSValueMakeUndefined(ctx);
  char *text = NULL;
  if (JSValueIsUndefined(ctx, message)) {
    JSObjectRef where = assert_capture_stack(ctx);
    assert_trim_stack(ctx, where, NULL);
    text = ok_message(ctx, where);
  }
  assert_node_fail(ctx, value, yes, "==", message, text, NULL, exc);
  free(text);
  return NULL;
}

/* ---- equality ---- */

static bool object_is(JSContextRef ctx, JSValueRef a, JSValueRef b) {
  if (JSValueIsNumber(ctx, a) && JSValueIsNumber(ctx, b)) {
    double x = JSValueToNumber(ctx, a, NULL), y = JSValueToNumber(ctx, b, NULL);
    if (isnan(x) && isnan(y)) return true;
    if (x == 0 && y == 0) return signbit(x) == signbit(y);
    return x == y;
  }
  return JSValueIsStrictEqual(ctx, a, b);
}

static bool both_nan(JSContextRef ctx, JSValueRef a, JSValueRef b) {
  return JSValueIsNumber(ctx, a) && JSValueIsNumber(ctx, b) &&
         isnan(JSValueToNumber(ctx, a, NULL)) && isnan(JSValueToNumber(ctx, b, NULL));
}

typedef enum { EQ_LOOSE, EQ_STRICT, EQ_DEEP, EQ_DEEP_STRICT } node_eq_t;

static bool node_compare(JSContextRef ctx, JSValueRef a, JSValueRef b, node_eq_t kind,
                         JSValueRef *exc) {
  switch (kind) {
  case EQ_LOOSE: {
    bool eq = JSValueIsEqual(ctx, a, b, exc);
    return eq || both_nan(ctx, a, b);
  }
  case EQ_STRICT: return object_is(ctx, a, b);
  default: {
    JSValueRef args[3] = {a, b, JSValueMakeBoolean(ctx, kind == EQ_DEEP_STRICT)};
    JSValueRef r = assert_lib_call(ctx, "expect", "nodeEqual", 3, args, exc);
    return r && JSValueToBoolean(ctx, r);
  }
  }
}

static JSValueRef node_equality(JSContextRef ctx, size_t argc, const JSValueRef argv[],
                                JSValueRef *exc, node_eq_t kind, bool negated, const char *op) {
  if (argc < 2) {
    char *msg =
        xasprintf("The \"%s\" argument must be specified", argc == 0 ? "actual" : "expected");
    JSObjectRef e = assert_usage_error(ctx, "TypeError", msg, NULL);
    js_set(ctx, e, "code", js_make_string(ctx, "ERR_MISSING_ARGS"));
    free(msg);
    *exc = e;
    return NULL;
  }
  JSValueRef err = NULL;
  bool eq = node_compare(ctx, argv[0], argv[1], kind, &err);
  if (err) {
    *exc = err;
    return NULL;
  }
  if (eq != negated) return JSValueMakeUndefined(ctx);
  return assert_node_fail(ctx, argv[0], argv[1], op, assert_arg(ctx, argc, argv, 2), NULL, NULL,
                          exc);
}

#define NODE_EQ_FN(fname, kind, negated, op)                                               \
  static JSValueRef fname(JSContextRef ctx, JSObjectRef fn, JSObjectRef self, size_t argc, \
                          const JSValueRef argv[], JSValueRef *exc) {                      \
    return node_equality(ctx, argc, argv, exc, kind, negated, op);                         \
  }

NODE_EQ_FN(node_equal, EQ_LOOSE, false, "==")
NODE_EQ_FN(node_not_equal, EQ_LOOSE, true, "!=")
NODE_EQ_FN(node_strict_equal, EQ_STRICT, false, "strictEqual")
NODE_EQ_FN(node_not_strict_equal, EQ_STRICT, true, "notStrictEqual")
NODE_EQ_FN(node_deep_equal, EQ_DEEP, false, "deepEqual")
NODE_EQ_FN(node_not_deep_equal, EQ_DEEP, true, "notDeepEqual")
NODE_EQ_FN(node_deep_strict_equal, EQ_DEEP_STRICT, false, "deepStrictEqual")
NODE_EQ_FN(node_not_deep_strict_equal, EQ_DEEP_STRICT, true, "notDeepStrictEqual")

/* ---- match, fail, ifError ---- */

static JSValueRef node_match_impl(JSContextRef ctx, size_t argc, const JSValueRef argv[],
                                  JSValueRef *exc, bool match) {
  JSValueRef string = assert_arg(ctx, argc, argv, 0), re = assert_arg(ctx, argc, argv, 1);
  JSValueRef message = assert_arg(ctx, argc, argv, 2);
  if (!assert_is_regexp(ctx, re)) {
    js_throw_arg_type(ctx, exc, "regexp", "an instance of RegExp", re);
    if (*exc && JSValueIsObject(ctx, *exc)) assert_trim_stack(ctx, (JSObjectRef)*exc, NULL);
    return NULL;
  }
  const char *op = match ? "match" : "doesNotMatch";
  bool is_string = JSValueIsString(ctx, string);
  if (is_string) {
    JSValueRef err = NULL;
    bool hit = assert_regexp_test(ctx, re, string, &err);
    if (err) {
      *exc = err;
      return NULL;
    }
    if (hit == match) return JSValueMakeUndefined(ctx);
  }
  char *s = assert_node_inspect(ctx, string);
  char *text;
  if (!is_string) {
    text = xasprintf("The \"string\" argument must be of type string. Received type %s (%s)",
                     assert_type_name(ctx, string), s);
  } else {
    char *r = assert_node_inspect(ctx, re);
    text = xasprintf("%s%s. Input:\n\n%s\n",
                     match ? "The input did not match the regular expression "
                           : "The input was expected to not match the regular expression ",
                     r, s);
    free(r);
  }
  assert_node_fail(ctx, string, re, op, message, text, NULL, exc);
  free(text);
  free(s);
  return NULL;
}

static JSValueRef node_match(JSContextRef ctx, JSObjectRef fn, JSObjectRef self, size_t argc,
                             const JSValueRef argv[], JSValueRef *exc) {
  return node_match_impl(ctx, argc, argv, exc, true);
}

static JSValueRef node_does_not_match(JSContextRef ctx, JSObjectRef fn, JSObjectRef self,
                                      size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  return node_match_impl(ctx, argc, argv, exc, false);
}

static JSValueRef node_fail_fn(JSContextRef ctx, JSObjectRef fn, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  JSValueRef undef = JSValueMakeUndefined(ctx);
  JSValueRef a0 = assert_arg(ctx, argc, argv, 0);
  if (argc <= 1 && (JSValueIsUndefined(ctx, a0) || JSValueIsNull(ctx, a0)))
    return assert_node_fail(ctx, undef, undef, "fail", NULL, "Failed", NULL, exc);
  if (argc == 1) return assert_node_fail(ctx, undef, undef, "fail", a0, NULL, NULL, exc);
  /* The deprecated fail(actual, expected, message, operator). */
  JSValueRef op_v = assert_arg(ctx, argc, argv, 3);
  char *op = JSValueIsUndefined(ctx, op_v) ? xstrdup(argc == 2 ? "!=" : "fail")
                                           : assert_to_string(ctx, op_v, NULL);
  assert_node_fail(ctx, a0, argv[1], op, assert_arg(ctx, argc, argv, 2), NULL, NULL, exc);
  free(op);
  return NULL;
}

static JSValueRef node_if_error(JSContextRef ctx, JSObjectRef fn, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  JSValueRef err = assert_arg(ctx, argc, argv, 0);
  if (JSValueIsUndefined(ctx, err) || JSValueIsNull(ctx, err)) return JSValueMakeUndefined(ctx);
  JSValueRef m = JSValueIsObject(ctx, err) ? js_get(ctx, err, "message") : NULL;
  char *what;
  if (m && JSValueIsString(ctx, m)) {
    what = js_value_to_utf8(ctx, m);
    if (!*what) {
      free(what);
      what = js_get_string(ctx, js_get(ctx, err, "constructor"), "name");
      if (!what) what = xstrdup("");
    }
  } else {
    what = assert_node_inspect(ctx, err);
  }
  char *text = xasprintf("ifError got unwanted exception: %s", what);
  assert_node_fail(ctx, err, JSValueMakeNull(ctx), "ifError", NULL, text, NULL, exc);
  free(text);
  free(what);
  return NULL;
}

/* ---- the modules ---- */

/* As in Node, both modules share their functions: assert === assert.ok, and assert/strict
 * is a second callable with the same members except that equal, notEqual, deepEqual and
 * notDeepEqual are the strict ones (strict.equal === assert.strictEqual). */
static void node_build(JSContextRef ctx) {
  static const js_fn_t fns[] = {
      {"equal", node_equal, 3},
      {"notEqual", node_not_equal, 3},
      {"strictEqual", node_strict_equal, 3},
      {"notStrictEqual", node_not_strict_equal, 3},
      {"deepEqual", node_deep_equal, 3},
      {"notDeepEqual", node_not_deep_equal, 3},
      {"deepStrictEqual", node_deep_strict_equal, 3},
      {"notDeepStrictEqual", node_not_deep_strict_equal, 3},
      {"throws", assert_node_throws, 3},
      {"doesNotThrow", assert_node_does_not_throw, 3},
      {"rejects", assert_node_rejects, 3},
      {"doesNotReject", assert_node_does_not_reject, 3},
      {"match", node_match, 3},
      {"doesNotMatch", node_does_not_match, 3},
      {"fail", node_fail_fn, 4},
      {"ifError", node_if_error, 1},
      {NULL, NULL, 0},
  };
  static const char *const strict_names[][2] = {{"equal", "strictEqual"},
                                                {"notEqual", "notStrictEqual"},
                                                {"deepEqual", "deepStrictEqual"},
                                                {"notDeepEqual", "notDeepStrictEqual"}};
  JSObjectRef legacy = js_make_function(ctx, "ok", node_ok, 2);
  JSObjectRef strict = js_make_function(ctx, "strict", node_ok, 2);
  js_set(ctx, legacy, "ok", legacy);
  js_set(ctx, strict, "ok", legacy);
  for (const js_fn_t *f = fns; f->name; f++) {
    JSObjectRef fn = js_make_function(ctx, f->name, f->fn, f->length);
    js_set(ctx, legacy, f->name, fn);
    js_set(ctx, strict, f->name, fn);
  }
  for (size_t i = 0; i < sizeof strict_names / sizeof *strict_names; i++)
    js_set(ctx, strict, strict_names[i][0], js_get(ctx, legacy, strict_names[i][1]));
  JSObjectRef cls = assert_error_class(ctx);
  js_set(ctx, legacy, "AssertionError", cls);
  js_set(ctx, strict, "AssertionError", cls);
  js_set(ctx, legacy, "strict", strict);
  js_set(ctx, strict, "strict", strict);
  assert_state_set(ctx, "nodeAssert", legacy);
  assert_state_set(ctx, "nodeAssertStrict", strict);
}

JSObjectRef assert_node_module(JSContextRef ctx, bool strict) {
  const char *key = strict ? "nodeAssertStrict" : "nodeAssert";
  JSValueRef m = assert_state_get(ctx, key);
  if (!js_is_function(ctx, m)) {
    node_build(ctx);
    m = assert_state_get(ctx, key);
  }
  return (JSObjectRef)m;
}
