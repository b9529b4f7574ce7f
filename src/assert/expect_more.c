/* expect_more: Jest's matchers about single values — toBeDefined, toBeUndefined, toBeNull,
 * toBeTruthy, toBeFalsy, toBeNaN, the four number comparisons, toBeCloseTo, toBeInstanceOf
 * — and toThrow/toThrowError (a function that throws, or with .rejects the rejection),
 * with Jest's messages (jest-matchers 29, without colours).
 *
 * Memory: as in expect_matchers.c, nothing outlives a call. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "assert/assert_internal.h"
#include "assert/assert_message.h"
#include "js/jsclass.h"
#include "js/jsutil.h"

/* Jest's ensureNoExpected: these matchers take no argument. */
static bool no_expected(assert_run_t *r, size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  if (argc == 0 || JSValueIsUndefined(r->ctx, argv[0])) return true;
  return expect_usage(r, exc, "", "this matcher must not have an expected argument", "Expected",
                      argv[0]);
}

static bool value_matcher(assert_run_t *r, size_t argc, const JSValueRef argv[], JSValueRef *exc,
                          bool pass) {
  if (!no_expected(r, argc, argv, exc)) return false;
  r->pass = pass;
  r->actual = r->received;
  if (assert_failed(r)) {
    expect_hint(r, "", NULL, NULL);
    sbuf_puts(&r->msg, "Received: ");
    expect_put(r, r->received);
  }
  return true;
}

static bool m_defined(assert_run_t *r, size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  return value_matcher(r, argc, argv, exc, !JSValueIsUndefined(r->ctx, r->received));
}

static bool m_undefined(assert_run_t *r, size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  return value_matcher(r, argc, argv, exc, JSValueIsUndefined(r->ctx, r->received));
}

static bool m_null(assert_run_t *r, size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  return value_matcher(r, argc, argv, exc, JSValueIsNull(r->ctx, r->received));
}

static bool m_truthy(assert_run_t *r, size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  return value_matcher(r, argc, argv, exc, JSValueToBoolean(r->ctx, r->received));
}

static bool m_falsy(assert_run_t *r, size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  return value_matcher(r, argc, argv, exc, !JSValueToBoolean(r->ctx, r->received));
}

static bool m_nan(assert_run_t *r, size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  bool nan =
      JSValueIsNumber(r->ctx, r->received) && isnan(JSValueToNumber(r->ctx, r->received, NULL));
  return value_matcher(r, argc, argv, exc, nan);
}

/* ---- numbers ---- */

static bool is_numeric(JSContextRef ctx, JSValueRef v) {
  return JSValueIsNumber(ctx, v) || JSValueGetType(ctx, v) == kJSTypeBigInt;
}

/* Jest's ensureNumbers: both sides numbers or bigints. */
static bool ensure_numbers(assert_run_t *r, JSValueRef expected, JSValueRef *exc) {
  if (!is_numeric(r->ctx, r->received))
    return expect_usage(r, exc, NULL, "received value must be a number or bigint", "Received",
                        r->received);
  if (!is_numeric(r->ctx, expected))
    return expect_usage(r, exc, NULL, "expected value must be a number or bigint", "Expected",
                        expected);
  return true;
}

/* param: which comparison (see the table). */
enum { CMP_GT, CMP_GE, CMP_LT, CMP_LE };

static bool m_compare(assert_run_t *r, size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  static const char *const ops[] = {">", ">=", "<", "<="};
  JSContextRef ctx = r->ctx;
  JSValueRef expected = assert_arg(ctx, argc, argv, 0);
  if (!ensure_numbers(r, expected, exc)) return false;
  JSValueRef a = r->received, b = expected;
  double x = JSValueIsNumber(ctx, a) ? JSValueToNumber(ctx, a, NULL) : NAN;
  double y = JSValueIsNumber(ctx, b) ? JSValueToNumber(ctx, b, NULL) : NAN;
  if (!JSValueIsNumber(ctx, a) || !JSValueIsNumber(ctx, b)) {
    /* A bigint on either side: the engine's comparison, so they mix as in JS. */
    JSRelationCondition c = JSValueCompare(ctx, a, b, exc);
    if (*exc) return false;
    switch (r->param) {
    case CMP_GT: r->pass = c == kJSRelationConditionGreaterThan; break;
    case CMP_GE:
      r->pass = c == kJSRelationConditionGreaterThan || c == kJSRelationConditionEqual;
      break;
    case CMP_LT: r->pass = c == kJSRelationConditionLessThan; break;
    default: r->pass = c == kJSRelationConditionLessThan || c == kJSRelationConditionEqual; break;
    }
  } else {
    switch (r->param) {
    case CMP_GT: r->pass = x > y; break;
    case CMP_GE: r->pass = x >= y; break;
    case CMP_LT: r->pass = x < y; break;
    default: r->pass = x <= y; break;
    }
  }
  r->expected = expected;
  r->actual = r->received;
  if (!assert_failed(r)) return true;
  const char *op = ops[r->param];
  expect_hint(r, NULL, NULL, NULL);
  sbuf_printf(&r->msg, "Expected:%s %s ", assert_negated(r) ? " not" : "", op);
  expect_put(r, expected);
  sbuf_printf(&r->msg, "\nReceived:%s %*s", assert_negated(r) ? "    " : "", (int)strlen(op) + 1,
              "");
  expect_put(r, r->received);
  return true;
}

/* Number.prototype.toExponential(0): "5e-3", not C's "5e-03". */
static void exponential(char *buf, size_t size, double v) {
  char tmp[64];
  snprintf(tmp, sizeof tmp, "%.0e", v);
  char *e = strchr(tmp, 'e');
  if (!e || !e[1]) {
    snprintf(buf, size, "%s", tmp);
    return;
  }
  char *digits = e + 2;
  while (digits[0] == '0' && digits[1]) digits++;
  snprintf(buf, size, "%.*s%s", (int)(e + 2 - tmp), tmp, digits);
}

static bool m_close_to(assert_run_t *r, size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  JSContextRef ctx = r->ctx;
  JSValueRef expected = assert_arg(ctx, argc, argv, 0);
  bool has_precision = argc >= 2 && !JSValueIsUndefined(ctx, argv[1]);
  const char *second = has_precision ? "precision" : NULL;
  if (!JSValueIsNumber(ctx, r->received))
    return expect_usage(r, exc, NULL, "received value must be a number", "Received", r->received);
  if (!JSValueIsNumber(ctx, expected))
    return expect_usage(r, exc, NULL, "expected value must be a number", "Expected", expected);
  double precision = has_precision ? JSValueToNumber(ctx, argv[1], NULL) : 2;
  double rec = JSValueToNumber(ctx, r->received, NULL), exp = JSValueToNumber(ctx, expected, NULL);
  double expected_diff = pow(10, -precision) / 2, received_diff = 0;
  if (isinf(rec) && isinf(exp) && signbit(rec) == signbit(exp)) {
    r->pass = true;
  } else {
    received_diff = fabs(exp - rec);
    r->pass = received_diff < expected_diff;
  }
  r->expected = expected;
  r->actual = r->received;
  if (!assert_failed(r)) return true;
  assert_msg_hint(&r->msg, r->name, r->flags, "received", "expected", second, NULL);
  sbuf_puts(&r->msg, "\n\n");
  bool neg = assert_negated(r);
  if (neg) {
    sbuf_puts(&r->msg, "Expected: not ");
    expect_put(r, expected);
    if (received_diff == 0) return true;
    sbuf_puts(&r->msg, "\nReceived:     ");
  } else {
    sbuf_puts(&r->msg, "Expected: ");
    expect_put(r, expected);
    sbuf_puts(&r->msg, "\nReceived: ");
  }
  expect_put(r, r->received);
  /* printCloseTo: the differences, with the expected one in the received one's notation. */
  char *rdiff = assert_print(ctx, JSValueMakeNumber(ctx, received_diff));
  char ediff[64];
  if (strchr(rdiff, 'e')) exponential(ediff, sizeof ediff, expected_diff);
  else if (precision >= 0 && precision < 20)
    snprintf(ediff, sizeof ediff, "%.*f", (int)precision + 1, expected_diff);
  else snprintf(ediff, sizeof ediff, "%g", expected_diff);
  char *eprec = assert_print(ctx, JSValueMakeNumber(ctx, precision));
  sbuf_printf(&r->msg, "\n\nExpected precision:  %s  %s\n", neg ? "    " : "", eprec);
  sbuf_printf(&r->msg, "Expected difference: %s< %s\n", neg ? "not " : "", ediff);
  sbuf_printf(&r->msg, "Received difference: %s  %s", neg ? "    " : "", rdiff);
  free(rdiff);
  free(eprec);
  return true;
}

/* ---- toBeInstanceOf ---- */

/* printConstructorName: "<label>: Name\n" or why the name cannot be shown. */
static void put_ctor_name(assert_run_t *r, const char *label, JSValueRef ctor, bool is_not,
                          bool is_expected) {
  JSValueRef name = js_get(r->ctx, ctor, "name");
  if (!JSValueIsString(r->ctx, name)) {
    sbuf_printf(&r->msg, "%s name is not a string\n", label);
    return;
  }
  char *n = js_value_to_utf8(r->ctx, name);
  if (!*n) sbuf_printf(&r->msg, "%s name is an empty string\n", label);
  else sbuf_printf(&r->msg, "%s: %s%s\n", label, !is_not ? "" : is_expected ? "not " : "    ", n);
  free(n);
}

/* printReceivedConstructorNameNot: the received class and how it relates to the expected
 * one ("Received constructor:     Point extends … extends Object"). */
static void put_ctor_name_not(assert_run_t *r, const char *label, JSValueRef ctor,
                              JSValueRef expected) {
  JSContextRef ctx = r->ctx;
  char *en = js_get_string(ctx, expected, "name"), *rn = js_get_string(ctx, ctor, "name");
  if (en && *en && rn && *rn) {
    JSValueRef proto =
        JSValueIsObject(ctx, ctor) ? JSObjectGetPrototype(ctx, (JSObjectRef)ctor) : NULL;
    bool direct = proto && JSValueIsStrictEqual(ctx, proto, expected);
    sbuf_printf(&r->msg, "%s:     %s %s %s\n", label, rn, direct ? "extends" : "extends … extends",
                en);
  } else {
    put_ctor_name(r, label, ctor, false, false);
  }
  free(en);
  free(rn);
}

static bool m_instance_of(assert_run_t *r, size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  JSContextRef ctx = r->ctx;
  JSValueRef expected = assert_arg(ctx, argc, argv, 0), received = r->received;
  if (!js_is_function(ctx, expected))
    return expect_usage(r, exc, NULL, "expected value must be a function", "Expected", expected);
  r->pass = JSValueIsInstanceOfConstructor(ctx, received, (JSObjectRef)expected, exc);
  if (*exc) return false;
  r->expected = expected;
  r->actual = received;
  if (!assert_failed(r)) return true;
  expect_hint(r, NULL, NULL, NULL);
  bool neg = assert_negated(r);
  put_ctor_name(r, "Expected constructor", expected, neg, true);
  bool primitive = !JSValueIsObject(ctx, received);
  JSValueRef proto = primitive ? NULL : JSObjectGetPrototype(ctx, (JSObjectRef)received);
  JSValueRef ctor = primitive ? JSValueMakeUndefined(ctx) : js_get(ctx, received, "constructor");
  if (neg) {
    if (js_is_function(ctx, ctor) && !JSValueIsStrictEqual(ctx, ctor, expected))
      put_ctor_name_not(r, "Received constructor", ctor, expected);
  } else if (primitive || JSValueIsNull(ctx, proto)) {
    sbuf_puts(&r->msg, "\nReceived value has no prototype\nReceived value: ");
    expect_put(r, received);
  } else if (js_is_function(ctx, ctor)) {
    put_ctor_name(r, "Received constructor", ctor, false, false);
  } else {
    sbuf_puts(&r->msg, "\nReceived value: ");
    expect_put(r, received);
  }
  /* Jest's text ends with the constructor line's newline; trim it like the other matchers. */
  while (r->msg.len && r->msg.data[r->msg.len - 1] == '\n') r->msg.data[--r->msg.len] = '\0';
  return true;
}

/* ---- toThrow ---- */

typedef struct {
  bool threw;
  bool has_message; /* thrown.message is a string */
  bool is_error;    /* has string name, message and stack */
  JSValueRef value;
  JSValueRef message; /* a string value */
} thrown_t;

static void get_thrown(JSContextRef ctx, JSValueRef e, thrown_t *t) {
  memset(t, 0, sizeof(*t));
  t->threw = true;
  t->value = e;
  bool obj = !JSValueIsUndefined(ctx, e) && !JSValueIsNull(ctx, e);
  JSValueRef m = obj ? js_get(ctx, JSValueToObject(ctx, e, NULL), "message") : NULL;
  t->has_message = m && JSValueIsString(ctx, m);
  t->is_error = t->has_message && JSValueIsString(ctx, js_get(ctx, e, "name")) &&
                JSValueIsString(ctx, js_get(ctx, e, "stack"));
  if (t->has_message) {
    t->message = m;
  } else {
    char *s = assert_to_string(ctx, e, NULL);
    t->message = js_make_string(ctx, s);
    free(s);
  }
}

static void put_line(assert_run_t *r, const char *label, JSValueRef v) {
  sbuf_puts(&r->msg, label);
  expect_put(r, v);
  sbuf_putc(&r->msg, '\n');
}

/* formatReceived(label, thrown, 'message' | 'name' | 'value'). */
static void put_received(assert_run_t *r, const char *label, const thrown_t *t, char key) {
  if (!t->threw) return;
  if (key == 'm') put_line(r, label, t->message);
  else if (key == 'n' && t->is_error) put_line(r, label, js_get(r->ctx, t->value, "name"));
  else if (key == 'v' && !t->is_error) put_line(r, label, t->value);
}

static const char DID_NOT_THROW[] = "Received function did not throw";

static bool m_to_throw(assert_run_t *r, size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  JSContextRef ctx = r->ctx;
  JSValueRef expected = assert_arg(ctx, argc, argv, 0), received = r->received;
  bool has_expected = !JSValueIsUndefined(ctx, expected);
  thrown_t t = {0};
  if (r->flags & ASSERT_REJECTS) {
    /* With .rejects the received value is the rejection; Jest judges only errors. */
    JSValueRef name = JSValueIsObject(ctx, received) ? js_get(ctx, received, "name") : NULL;
    if (name && JSValueIsString(ctx, name) &&
        JSValueIsString(ctx, js_get(ctx, received, "message")))
      get_thrown(ctx, received, &t);
  } else if (!js_is_function(ctx, received)) {
    return expect_usage(r, exc, has_expected ? "expected" : "", "received value must be a function",
                        "Received", received);
  } else {
    JSValueRef err = NULL;
    js_call(ctx, received, NULL, 0, NULL, &err);
    if (err) get_thrown(ctx, err, &t);
  }
  r->actual = t.threw ? t.value : NULL;
  bool neg = assert_negated(r);
  if (!has_expected) {
    r->pass = t.threw;
    if (!assert_failed(r)) return true;
    expect_hint(r, "", NULL, NULL);
    if (!neg) sbuf_puts(&r->msg, DID_NOT_THROW);
    else if (t.has_message) {
      put_received(r, "Error name:    ", &t, 'n');
      put_received(r, "Error message: ", &t, 'm');
    } else {
      put_received(r, "Thrown value: ", &t, 'v');
    }
  } else if (js_is_function(ctx, expected)) {
    r->pass = t.threw && JSValueIsInstanceOfConstructor(ctx, t.value, (JSObjectRef)expected, NULL);
    r->expected = expected;
    if (!assert_failed(r)) return true;
    expect_hint(r, NULL, NULL, NULL);
    put_ctor_name(r, "Expected constructor", expected, neg, true);
    JSValueRef ctor =
        t.threw && JSValueIsObject(ctx, t.value) ? js_get(ctx, t.value, "constructor") : NULL;
    if (!t.threw) {
      sbuf_printf(&r->msg, "\n%s", DID_NOT_THROW);
    } else {
      if (ctor && js_is_function(ctx, ctor) && neg && !JSValueIsStrictEqual(ctx, ctor, expected))
        put_ctor_name_not(r, "Received constructor", ctor, expected);
      else if (ctor && js_is_function(ctx, ctor) && !neg)
        put_ctor_name(r, "Received constructor", ctor, false, false);
      sbuf_putc(&r->msg, '\n');
      if (t.has_message) put_received(r, "Received message: ", &t, 'm');
      else put_received(r, "Received value: ", &t, 'v');
    }
  } else if (JSValueIsString(ctx, expected) || assert_is_regexp(ctx, expected)) {
    bool re = !JSValueIsString(ctx, expected);
    if (!t.threw) r->pass = false;
    else if (re) r->pass = assert_regexp_test(ctx, expected, t.message, exc);
    else {
      char *m = js_value_to_utf8(ctx, t.message), *e = js_value_to_utf8(ctx, expected);
      r->pass = strstr(m, e) != NULL;
      free(m);
      free(e);
    }
    if (*exc) return false;
    r->expected = expected;
    if (!assert_failed(r)) return true;
    expect_hint(r, NULL, NULL, NULL);
    const char *kind = re ? "pattern" : "substring";
    sbuf_printf(&r->msg, "Expected %s: %s", kind, neg ? "not " : "");
    expect_put(r, expected);
    sbuf_putc(&r->msg, '\n');
    /* Labels line up with "Expected substring: [not ]" / "Expected pattern: [not ]". */
    size_t width = strlen("Expected ") + strlen(kind) + 2 + (neg ? 4 : 0);
    char label[64];
    if (!t.threw) {
      sbuf_printf(&r->msg, "\n%s", DID_NOT_THROW);
    } else {
      snprintf(label, sizeof label, "%-*s", (int)width,
               t.has_message ? "Received message: " : "Received value: ");
      put_received(r, label, &t, t.has_message ? 'm' : 'v');
    }
  } else if (assert_is_asymmetric(ctx, expected)) {
    r->pass = false;
    if (t.threw) {
      JSValueRef m =
          js_call(ctx, js_get(ctx, expected, "asymmetricMatch"), expected, 1, &t.value, exc);
      if (!m) return false;
      r->pass = JSValueToBoolean(ctx, m);
    }
    r->expected = expected;
    if (!assert_failed(r)) return true;
    expect_hint(r, NULL, NULL, NULL);
    sbuf_printf(&r->msg, "Expected asymmetric matcher: %s", neg ? "not " : "");
    expect_put(r, expected);
    sbuf_puts(&r->msg, "\n\n");
    if (!t.threw) sbuf_puts(&r->msg, DID_NOT_THROW);
    else if (t.has_message) {
      put_received(r, "Received name:    ", &t, 'n');
      put_received(r, "Received message: ", &t, 'm');
    } else {
      put_received(r, "Thrown value: ", &t, 'v');
    }
  } else if (JSValueIsObject(ctx, expected)) {
    /* An error object: its message must equal the thrown one's. */
    JSValueRef emsg = js_get(ctx, expected, "message");
    r->pass = false;
    if (t.threw) {
      char *a = js_value_to_utf8(ctx, t.message), *b = assert_to_string(ctx, emsg, NULL);
      r->pass = strcmp(a, b) == 0;
      free(a);
      free(b);
    }
    r->expected = expected;
    if (!assert_failed(r)) return true;
    expect_hint(r, NULL, NULL, NULL);
    if (neg) {
      put_line(r, "Expected message: not ", emsg);
      if (!t.has_message) put_received(r, "Thrown value: ", &t, 'v');
    } else if (!t.threw) {
      put_line(r, "Expected message: ", emsg);
      sbuf_printf(&r->msg, "\n%s", DID_NOT_THROW);
    } else if (t.has_message) {
      if (!expect_put_diff(r, emsg, t.message, "Expected message", "Received message", exc))
        return false;
    } else {
      put_line(r, "Expected message: ", emsg);
      put_received(r, "Received value:   ", &t, 'v');
    }
  } else {
    return expect_usage(r, exc, NULL,
                        "expected value must be a string or regular expression or "
                        "class or error",
                        "Expected", expected);
  }
  while (r->msg.len && r->msg.data[r->msg.len - 1] == '\n') r->msg.data[--r->msg.len] = '\0';
  return true;
}

const assert_check_t expect_value_matchers[] = {
    {"toBeDefined", m_defined, 0},
    {"toBeUndefined", m_undefined, 0},
    {"toBeNull", m_null, 0},
    {"toBeTruthy", m_truthy, 0},
    {"toBeFalsy", m_falsy, 0},
    {"toBeNaN", m_nan, 0},
    {"toBeGreaterThan", m_compare, CMP_GT},
    {"toBeGreaterThanOrEqual", m_compare, CMP_GE},
    {"toBeLessThan", m_compare, CMP_LT},
    {"toBeLessThanOrEqual", m_compare, CMP_LE},
    {"toBeCloseTo", m_close_to, 0},
    {"toBeInstanceOf", m_instance_of, 0},
    {"toThrow", m_to_throw, 0},
    {"toThrowError", m_to_throw, 0},
    {NULL, NULL, 0},
};
