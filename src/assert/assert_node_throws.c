/* assert_node_throws: Node's assert.throws, doesNotThrow, rejects and doesNotReject, with
 * Node 20's validation of the expected error (a class, a RegExp, a validation function or
 * an object of properties) and its messages. rejects/doesNotReject return a promise that
 * settles after the given one; their AssertionErrors carry the stack of the call.
 *
 * Memory: a pending check's JS values ride on its continuation functions as a hidden
 * property; nothing is protected. */
#include <stdlib.h>
#include <string.h>

#include "assert/assert_internal.h"
#include "js/jsclass.h"
#include "js/jsutil.h"

/* What the caller passed after the function: (expected, message), where a string in the
 * expected position is the message (Node's rule). */
typedef struct {
  JSValueRef expected; /* NULL when none */
  JSValueRef message;  /* NULL when none */
} node_expect_t;

static void node_args(JSContextRef ctx, size_t argc, const JSValueRef argv[], node_expect_t *e) {
  JSValueRef a = assert_arg(ctx, argc, argv, 1), m = assert_arg(ctx, argc, argv, 2);
  e->expected = JSValueIsUndefined(ctx, a) ? NULL : a;
  e->message = JSValueIsUndefined(ctx, m) ? NULL : m;
  if (e->expected && JSValueIsString(ctx, e->expected)) {
    e->message = e->expected;
    e->expected = NULL;
  }
}

static char *fn_name(JSContextRef ctx, JSValueRef f) {
  char *n = js_is_function(ctx, f) ? js_get_string(ctx, f, "name") : NULL;
  if (n && !*n) {
    free(n);
    n = NULL;
  }
  return n;
}

/* Error.isPrototypeOf(expected): a subclass of Error. */
static bool error_subclass(JSContextRef ctx, JSValueRef expected) {
  JSValueRef exc = NULL;
  JSValueRef r = js_call_global(ctx, "Error.isPrototypeOf", 1, &expected, &exc);
  return r && JSValueToBoolean(ctx, r);
}

/* Node's expectedException: true when `actual` satisfies `expected`, else throws (false). */
static bool node_expected(JSContextRef ctx, JSValueRef actual, const node_expect_t *e,
                          const char *op, JSValueRef stack_from, JSValueRef *exc) {
  JSValueRef expected = e->expected;
  char *text = NULL;
  JSValueRef fail_actual = actual, fail_expected = expected;
  const char *fail_op = op;
  if (assert_is_regexp(ctx, expected)) {
    char *str = assert_to_string(ctx, actual, NULL);
    JSValueRef s = js_make_string(ctx, str);
    free(str);
    bool hit = assert_regexp_test(ctx, expected, s, exc);
    if (*exc) return false;
    if (hit) return true;
    char *re = assert_node_inspect(ctx, expected), *in = assert_node_inspect(ctx, s);
    text = xasprintf("The input did not match the regular expression %s. Input:\n\n%s\n", re, in);
    free(re);
    free(in);
  } else if (!js_is_function(ctx, expected)) {
    if (!JSValueIsObject(ctx, actual)) {
      /* Node builds this one as a deepStrictEqual failure. */
      JSValueRef args[3] = {actual, expected, js_make_string(ctx, "deepStrictEqual")};
      JSValueRef m = e->message ? NULL : assert_lib_call(ctx, "diff", "nodeMessage", 3, args, exc);
      if (!e->message && !m) return false;
      text = m ? js_value_to_utf8(ctx, m) : NULL;
    } else {
      JSValueRef args[2] = {actual, expected};
      JSValueRef cmp = assert_lib_call(ctx, "expect", "nodeCompareError", 2, args, exc);
      if (!cmp) return false;
      if (JSValueIsNull(ctx, cmp)) return true;
      if (!e->message) {
        JSValueRef margs[3] = {js_array_get(ctx, cmp, 0), js_array_get(ctx, cmp, 1),
                               js_make_string(ctx, "deepStrictEqual")};
        JSValueRef m = assert_lib_call(ctx, "diff", "nodeMessage", 3, margs, exc);
        if (!m) return false;
        text = js_value_to_utf8(ctx, m);
      }
    }
  } else if (JSValueIsObject(ctx, js_get(ctx, expected, "prototype")) &&
             JSValueIsInstanceOfConstructor(ctx, actual, (JSObjectRef)expected, NULL)) {
    return true;
  } else if (error_subclass(ctx, expected)) {
    char *want = fn_name(ctx, expected);
    sbuf_t b = SBUF_INIT;
    if (want) sbuf_printf(&b, "The error is expected to be an instance of \"%s\". Received ", want);
    else sbuf_puts(&b, "The error is expected to be an instance of the provided class. Received ");
    if (assert_node_is_error(ctx, actual)) {
      char *name = js_get_string(ctx, js_get(ctx, actual, "constructor"), "name");
      if (!name || !*name) {
        free(name);
        name = js_get_string(ctx, actual, "name");
      }
      if (want && name && strcmp(want, name) == 0)
        sbuf_puts(&b, "an error with identical name but a different prototype.");
      else sbuf_printf(&b, "\"%s\"", name ? name : "");
      char *msg = js_get_string(ctx, actual, "message");
      if (msg && *msg) sbuf_printf(&b, "\n\nError message:\n\n%s", msg);
      free(msg);
      free(name);
    } else {
      char *s = assert_node_inspect(ctx, actual);
      sbuf_printf(&b, "\"%s\"", s);
      free(s);
    }
    free(want);
    text = sbuf_take(&b);
  } else {
    /* A validation function: it must return exactly true. */
    JSObjectRef self = JSObjectMake(ctx, NULL, NULL);
    JSValueRef r = js_call(ctx, expected, self, 1, &actual, exc);
    if (!r) return false;
    if (JSValueIsBoolean(ctx, r) && JSValueToBoolean(ctx, r)) return true;
    char *name = fn_name(ctx, expected), *got = assert_node_inspect(ctx, r);
    sbuf_t b = SBUF_INIT;
    sbuf_printf(&b, "The %s%s%svalidation function is expected to return \"true\". Received %s",
                name ? "\"" : "", name ? name : "", name ? "\" " : "", got);
    if (assert_node_is_error(ctx, actual)) {
      char *s = assert_to_string(ctx, actual, NULL);
      sbuf_printf(&b, "\n\nCaught error:\n\n%s", s);
      free(s);
    }
    free(name);
    free(got);
    text = sbuf_take(&b);
  }
  assert_node_fail(ctx, fail_actual, fail_expected, fail_op, e->message, text, stack_from, exc);
  free(text);
  return false;
}

static JSValueRef missing(JSContextRef ctx, const node_expect_t *e, const char *op,
                          const char *what, JSValueRef stack_from, JSValueRef *exc) {
  sbuf_t b = SBUF_INIT;
  sbuf_printf(&b, "Missing expected %s", what);
  char *name = e->expected ? js_get_string(ctx, e->expected, "name") : NULL;
  if (name && *name) sbuf_printf(&b, " (%s)", name);
  free(name);
  if (e->message) {
    char *m = assert_to_string(ctx, e->message, NULL);
    sbuf_printf(&b, ": %s", m);
    free(m);
  } else {
    sbuf_putc(&b, '.');
  }
  JSValueRef undef = JSValueMakeUndefined(ctx);
  /* Node passes this text as the message: generatedMessage is false. */
  JSValueRef text = js_make_string(ctx, sbuf_cstr(&b));
  sbuf_free(&b);
  if (e->message && assert_node_is_error(ctx, e->message)) text = e->message;
  return assert_node_fail(ctx, undef, e->expected ? e->expected : undef, op, text, NULL, stack_from,
                          exc);
}

/* Node's hasMatchingError, for doesNotThrow: whether `actual` is the kind of error the
 * caller said not to expect. */
static bool matching_error(JSContextRef ctx, JSValueRef actual, JSValueRef expected,
                           JSValueRef *exc) {
  if (!js_is_function(ctx, expected)) {
    if (assert_is_regexp(ctx, expected)) {
      char *str = assert_to_string(ctx, actual, NULL);
      JSValueRef s = js_make_string(ctx, str);
      free(str);
      return assert_regexp_test(ctx, expected, s, exc);
    }
    js_throw_arg_type(ctx, exc, "expected", "of type function or an instance of RegExp", expected);
    return false;
  }
  if (JSValueIsObject(ctx, js_get(ctx, expected, "prototype")) &&
      JSValueIsInstanceOfConstructor(ctx, actual, (JSObjectRef)expected, NULL))
    return true;
  if (error_subclass(ctx, expected)) return false;
  JSObjectRef self = JSObjectMake(ctx, NULL, NULL);
  JSValueRef r = js_call(ctx, expected, self, 1, &actual, exc);
  return r && JSValueIsBoolean(ctx, r) && JSValueToBoolean(ctx, r);
}

static JSValueRef unwanted(JSContextRef ctx, JSValueRef actual, const node_expect_t *e,
                           const char *op, const char *what, JSValueRef stack_from,
                           JSValueRef *exc) {
  if (e->expected) {
    JSValueRef err = NULL;
    bool match = matching_error(ctx, actual, e->expected, &err);
    if (err) {
      *exc = err;
      return NULL;
    }
    if (!match) {
      *exc = actual;
      return NULL;
    }
  }
  char *details = e->message ? assert_to_string(ctx, e->message, NULL) : NULL;
  char *m = JSValueIsObject(ctx, actual) ? js_get_string(ctx, actual, "message") : NULL;
  char *text = xasprintf("Got unwanted %s%s%s\nActual message: \"%s\"", what, details ? ": " : ".",
                         details ? details : "", m ? m : "undefined");
  JSValueRef msg = js_make_string(ctx, text);
  if (e->message && assert_node_is_error(ctx, e->message)) msg = e->message;
  assert_node_fail(ctx, actual, e->expected ? e->expected : JSValueMakeUndefined(ctx), op, msg,
                   NULL, stack_from, exc);
  free(text);
  free(details);
  free(m);
  return NULL;
}

/* ---- throws / doesNotThrow ---- */

static bool call_fn(JSContextRef ctx, size_t argc, const JSValueRef argv[], JSValueRef *thrown,
                    JSValueRef *exc) {
  JSValueRef f = assert_arg(ctx, argc, argv, 0);
  if (!js_is_function(ctx, f)) {
    js_throw_arg_type(ctx, exc, "fn", "of type function", f);
    if (*exc && JSValueIsObject(ctx, *exc)) assert_trim_stack(ctx, (JSObjectRef)*exc, NULL);
    return false;
  }
  *thrown = NULL;
  js_call(ctx, f, NULL, 0, NULL, thrown);
  return true;
}

JSValueRef assert_node_throws(JSContextRef ctx, JSObjectRef fn, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  JSValueRef thrown;
  if (!call_fn(ctx, argc, argv, &thrown, exc)) return NULL;
  node_expect_t e;
  node_args(ctx, argc, argv, &e);
  if (!thrown) return missing(ctx, &e, "throws", "exception", NULL, exc);
  if (!e.expected) return JSValueMakeUndefined(ctx);
  return node_expected(ctx, thrown, &e, "throws", NULL, exc) ? JSValueMakeUndefined(ctx) : NULL;
}

JSValueRef assert_node_does_not_throw(JSContextRef ctx, JSObjectRef fn, JSObjectRef self,
                                      size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  JSValueRef thrown;
  if (!call_fn(ctx, argc, argv, &thrown, exc)) return NULL;
  if (!thrown) return JSValueMakeUndefined(ctx);
  node_expect_t e;
  node_args(ctx, argc, argv, &e);
  return unwanted(ctx, thrown, &e, "doesNotThrow", "exception", NULL, exc);
}

/* ---- rejects / doesNotReject ---- */

static JSValueRef settled(JSContextRef ctx, JSObjectRef fn, size_t argc, const JSValueRef argv[],
                          JSValueRef *exc, bool fulfilled) {
  JSValueRef job = js_get(ctx, fn, "__job");
  bool rejects = JSValueToBoolean(ctx, js_get(ctx, job, "rejects"));
  node_expect_t e = {js_get(ctx, job, "expected"), js_get(ctx, job, "message")};
  if (JSValueIsUndefined(ctx, e.expected)) e.expected = NULL;
  if (JSValueIsUndefined(ctx, e.message)) e.message = NULL;
  JSValueRef stack = js_get(ctx, job, "stack");
  JSValueRef value = assert_arg(ctx, argc, argv, 0);
  if (rejects) {
    if (fulfilled) return missing(ctx, &e, "rejects", "rejection", stack, exc);
    if (!e.expected) return JSValueMakeUndefined(ctx);
    return node_expected(ctx, value, &e, "rejects", stack, exc) ? JSValueMakeUndefined(ctx) : NULL;
  }
  if (fulfilled) return JSValueMakeUndefined(ctx);
  return unwanted(ctx, value, &e, "doesNotReject", "rejection", stack, exc);
}

static JSValueRef on_fulfilled(JSContextRef ctx, JSObjectRef fn, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  return settled(ctx, fn, argc, argv, exc, true);
}

static JSValueRef on_rejected(JSContextRef ctx, JSObjectRef fn, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  return settled(ctx, fn, argc, argv, exc, false);
}

/* An async function's way of failing: a rejected promise, never a synchronous throw. */
static JSValueRef rejected_with(JSContextRef ctx, JSValueRef err, JSValueRef *exc) {
  if (err && JSValueIsObject(ctx, err)) assert_trim_stack(ctx, (JSObjectRef)err, NULL);
  return js_call_global(ctx, "Promise.reject", 1, &err, exc);
}

static JSValueRef node_wait(JSContextRef ctx, size_t argc, const JSValueRef argv[], JSValueRef *exc,
                            bool rejects) {
  JSValueRef arg = assert_arg(ctx, argc, argv, 0), promise = arg, err = NULL;
  if (js_is_function(ctx, arg)) {
    promise = js_call(ctx, arg, NULL, 0, NULL, &err);
    if (!promise) return rejected_with(ctx, err, exc);
    if (!assert_is_thenable(ctx, promise)) {
      char *type = assert_node_inspect(ctx, promise);
      char *msg = xasprintf(
          "Expected instance of Promise to be returned from the \"promiseFn\" "
          "function but got type %s (%s).",
          assert_type_name(ctx, promise), type);
      JSObjectRef e = js_make_error(ctx, "TypeError", msg);
      js_set(ctx, e, "code", js_make_string(ctx, "ERR_INVALID_RETURN_VALUE"));
      free(msg);
      free(type);
      return rejected_with(ctx, e, exc);
    }
  } else if (!assert_is_thenable(ctx, arg)) {
    js_throw_arg_type(ctx, &err, "promiseFn", "of type function or an instance of Promise", arg);
    return rejected_with(ctx, err, exc);
  }
  node_expect_t e;
  node_args(ctx, argc, argv, &e);
  JSObjectRef job = JSObjectMake(ctx, NULL, NULL);
  js_set(ctx, job, "rejects", JSValueMakeBoolean(ctx, rejects));
  if (e.expected) js_set(ctx, job, "expected", e.expected);
  if (e.message) js_set(ctx, job, "message", e.message);
  js_set(ctx, job, "stack", assert_capture_stack(ctx));
  JSObjectRef ok = js_make_function(ctx, NULL, on_fulfilled, 0);
  JSObjectRef ko = js_make_function(ctx, NULL, on_rejected, 0);
  js_set_hidden(ctx, ok, "__job", job);
  js_set_hidden(ctx, ko, "__job", job);
  JSValueRef handlers[2] = {ok, ko};
  return js_call(ctx, js_get(ctx, promise, "then"), promise, 2, handlers, exc);
}

JSValueRef assert_node_rejects(JSContextRef ctx, JSObjectRef fn, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  return node_wait(ctx, argc, argv, exc, true);
}

JSValueRef assert_node_does_not_reject(JSContextRef ctx, JSObjectRef fn, JSObjectRef self,
                                       size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  return node_wait(ctx, argc, argv, exc, false);
}
