/* expect_matchers: Jest's matchers about equality and containment — toBe, toEqual,
 * toStrictEqual, toMatchObject, toHaveProperty, toContain, toContainEqual, toHaveLength,
 * toMatch — with Jest's messages (jest-matchers 29, without colours). The equality rules
 * themselves are sonde:expect's (assert_equals); the printing and diffs are sonde:diff's.
 *
 * Memory: each matcher frees what it allocates before returning; JS values stay on the
 * C stack. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "assert/assert_internal.h"
#include "assert/assert_message.h"
#include "assert/assert_path.h"
#include "js/jsclass.h"
#include "js/jsutil.h"

static bool object_is(JSContextRef ctx, JSValueRef a, JSValueRef b) {
  if (JSValueIsNumber(ctx, a) && JSValueIsNumber(ctx, b)) {
    double x = JSValueToNumber(ctx, a, NULL), y = JSValueToNumber(ctx, b, NULL);
    if (isnan(x) && isnan(y)) return true;
    if (x == 0 && y == 0) return signbit(x) == signbit(y);
    return x == y;
  }
  return JSValueIsStrictEqual(ctx, a, b);
}

/* "Expected: not X" and, when it prints differently, "Received:     Y". */
static void put_not_equal(assert_run_t *r, JSValueRef expected, JSValueRef received) {
  char *e = assert_print(r->ctx, expected), *g = assert_print(r->ctx, received);
  sbuf_printf(&r->msg, "Expected: not %s", e);
  if (strcmp(e, g) != 0) sbuf_printf(&r->msg, "\nReceived:     %s", g);
  free(e);
  free(g);
}

/* ---- toBe, toEqual, toStrictEqual ---- */

static bool m_to_be(assert_run_t *r, size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  JSContextRef ctx = r->ctx;
  JSValueRef expected = assert_arg(ctx, argc, argv, 0), received = r->received;
  r->pass = object_is(ctx, received, expected);
  r->expected = expected;
  r->actual = received;
  if (!assert_failed(r)) return true;
  expect_hint(r, NULL, NULL, "Object.is equality");
  if (assert_negated(r)) {
    sbuf_puts(&r->msg, "Expected: not ");
    expect_put(r, expected);
    return true;
  }
  const char *type = assert_type_name(ctx, expected), *deep = NULL;
  /* Maps and sets do not print linearly, so Jest gives no hint for them. */
  if (strcmp(type, "map") != 0 && strcmp(type, "set") != 0) {
    if (assert_equals(ctx, received, expected, "strict", exc)) deep = "toStrictEqual";
    else if (*exc) return false;
    else if (assert_equals(ctx, received, expected, "equal", exc)) deep = "toEqual";
    else if (*exc) return false;
  }
  if (deep)
    sbuf_printf(&r->msg, "If it should pass with deep equality, replace \"%s\" with \"%s\"\n\n",
                r->name, deep);
  return expect_put_diff(r, expected, received, "Expected", "Received", exc);
}

static bool equality(assert_run_t *r, size_t argc, const JSValueRef argv[], JSValueRef *exc,
                     const char *mode) {
  JSContextRef ctx = r->ctx;
  JSValueRef expected = assert_arg(ctx, argc, argv, 0);
  r->pass = assert_equals(ctx, r->received, expected, mode, exc);
  if (*exc) return false;
  r->expected = expected;
  r->actual = r->received;
  if (!assert_failed(r)) return true;
  expect_hint(r, NULL, NULL, "deep equality");
  if (assert_negated(r)) {
    put_not_equal(r, expected, r->received);
    return true;
  }
  return expect_put_diff(r, expected, r->received, "Expected", "Received", exc);
}

static bool m_to_equal(assert_run_t *r, size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  return equality(r, argc, argv, exc, "equal");
}

static bool m_to_strict_equal(assert_run_t *r, size_t argc, const JSValueRef argv[],
                              JSValueRef *exc) {
  return equality(r, argc, argv, exc, "strict");
}

/* ---- toMatchObject ---- */

static bool non_null_object(JSContextRef ctx, JSValueRef v) {
  return JSValueIsObject(ctx, v) && !js_is_function(ctx, v);
}

static bool m_to_match_object(assert_run_t *r, size_t argc, const JSValueRef argv[],
                              JSValueRef *exc) {
  JSContextRef ctx = r->ctx;
  JSValueRef expected = assert_arg(ctx, argc, argv, 0);
  if (!non_null_object(ctx, r->received))
    return expect_usage(r, exc, NULL, "received value must be a non-null object", "Received",
                        r->received);
  if (!non_null_object(ctx, expected))
    return expect_usage(r, exc, NULL, "expected value must be a non-null object", "Expected",
                        expected);
  r->pass = assert_equals(ctx, r->received, expected, "subset", exc);
  if (*exc) return false;
  r->expected = expected;
  r->actual = r->received;
  if (!assert_failed(r)) return true;
  expect_hint(r, NULL, NULL, NULL);
  if (assert_negated(r)) {
    put_not_equal(r, expected, r->received);
    return true;
  }
  /* The diff shows only the part of the received object the expected one talks about. */
  JSValueRef args[2] = {r->received, expected};
  JSValueRef subset = assert_lib_call(ctx, "expect", "objectSubset", 2, args, exc);
  return subset && expect_put_diff(r, expected, subset, "Expected", "Received", exc);
}

/* ---- toHaveProperty ---- */

/* A path given as an array of keys: each is one segment, numbers are indexes. */
static bool path_from_array(JSContextRef ctx, JSValueRef arr, assert_path_t *p) {
  memset(p, 0, sizeof(*p));
  size_t n = js_array_length(ctx, arr);
  if (n == 0) return false;
  p->segs = xcalloc(n, sizeof(*p->segs));
  p->len = n;
  for (size_t i = 0; i < n; i++) {
    JSValueRef k = js_array_get(ctx, arr, (unsigned)i);
    assert_path_seg_t *s = &p->segs[i];
    s->key = assert_to_string(ctx, k, NULL);
    double d = JSValueIsNumber(ctx, k) ? JSValueToNumber(ctx, k, NULL) : -1;
    char *end;
    unsigned long long v = strtoull(s->key, &end, 10);
    s->numeric = *s->key && !*end && (s->key[0] != '0' || !s->key[1]);
    s->n = (size_t)v;
    s->index = d >= 0 && s->numeric;
  }
  return true;
}

static bool m_to_have_property(assert_run_t *r, size_t argc, const JSValueRef argv[],
                               JSValueRef *exc) {
  JSContextRef ctx = r->ctx;
  JSValueRef path_v = assert_arg(ctx, argc, argv, 0);
  JSValueRef want = assert_arg(ctx, argc, argv, 1);
  bool has_value = argc >= 2;
  const char *second = has_value ? "value" : NULL;
  if (JSValueIsUndefined(ctx, r->received) || JSValueIsNull(ctx, r->received))
    return expect_usage(r, exc, "path", "received value must not be null nor undefined", "Received",
                        r->received);
  assert_path_t path;
  bool is_array = JSValueIsArray(ctx, path_v);
  if (is_array) {
    if (!path_from_array(ctx, path_v, &path))
      return expect_usage(r, exc, "path", "expected path must not be an empty array", "Expected",
                          path_v);
  } else if (JSValueIsString(ctx, path_v)) {
    char *text = js_value_to_utf8(ctx, path_v);
    sbuf_t err = SBUF_INIT;
    int rc = assert_path_parse(text, &path, &err);
    free(text);
    if (rc != 0) {
      char *generic = xasprintf("expected path is not a valid property path: %s", sbuf_cstr(&err));
      expect_usage(r, exc, "path", generic, "Expected", path_v);
      free(generic);
      sbuf_free(&err);
      return false;
    }
  } else {
    return expect_usage(r, exc, "path", "expected path must be a string or array", "Expected",
                        path_v);
  }
  assert_path_result_t res;
  assert_path_resolve(ctx, r->received, &path, &res);
  bool found = res.status == ASSERT_PATH_FOUND;
  r->pass = found;
  if (found && has_value) {
    r->pass = assert_equals(ctx, res.value, want, "equal", exc);
    if (*exc) {
      assert_path_free(&path);
      return false;
    }
  }
  r->expected = has_value ? want : NULL;
  r->actual = res.value;
  bool ok = true;
  if (assert_failed(r)) {
    sbuf_t b = SBUF_INIT;
    assert_msg_hint(&r->msg, r->name, r->flags, "received", "path", second, NULL);
    sbuf_puts(&r->msg, "\n\n");
    char *epath = assert_print(ctx, path_v);
    JSValueRef rpath;
    if (is_array) {
      JSValueRef start[2] = {JSValueMakeNumber(ctx, 0), JSValueMakeNumber(ctx, (double)res.depth)};
      rpath = js_call(ctx, js_get(ctx, path_v, "slice"), path_v, 2, start, NULL);
    } else {
      assert_path_format(&path, res.depth, NULL, &b);
      rpath = js_make_string(ctx, sbuf_cstr(&b));
    }
    if (assert_negated(r)) {
      if (has_value) {
        char *e = assert_print(ctx, want), *g = assert_print(ctx, res.value);
        sbuf_printf(&r->msg, "Expected path: %s\n\nExpected value: not %s", epath, e);
        if (strcmp(e, g) != 0) sbuf_printf(&r->msg, "\nReceived value:     %s", g);
        free(e);
        free(g);
      } else {
        sbuf_printf(&r->msg, "Expected path: not %s\n\nReceived value: ", epath);
        expect_put(r, res.value);
      }
    } else {
      sbuf_printf(&r->msg, "Expected path: %s\n", epath);
      if (found) {
        sbuf_putc(&r->msg, '\n');
        ok = expect_put_diff(r, want, res.value, "Expected value", "Received value", exc);
      } else {
        sbuf_puts(&r->msg, "Received path: ");
        expect_put(r, rpath ? rpath : JSValueMakeUndefined(ctx));
        sbuf_puts(&r->msg, "\n\n");
        if (has_value) {
          sbuf_puts(&r->msg, "Expected value: ");
          expect_put(r, want);
          sbuf_putc(&r->msg, '\n');
        }
        sbuf_puts(&r->msg, "Received value: ");
        expect_put(r, res.value);
      }
    }
    free(epath);
    sbuf_free(&b);
  }
  assert_path_free(&path);
  return ok;
}

/* ---- toContain, toContainEqual ---- */

static const char SUGGEST_TO_CONTAIN_EQUAL[] =
    "Looks like you wanted to test for object/array equality with the stricter `toContain` "
    "matcher. You probably need to use `toContainEqual` instead.";

/* Array.from(received); NULL with *exc when it throws. */
static JSValueRef items_of(JSContextRef ctx, JSValueRef v, JSValueRef *exc) {
  return js_call_global(ctx, "Array.from", 1, &v, exc);
}

static void put_contain_labels(assert_run_t *r, const char *elabel, const char *rlabel,
                               JSValueRef expected) {
  size_t w = strlen(elabel) > strlen(rlabel) ? strlen(elabel) : strlen(rlabel);
  assert_msg_label(&r->msg, elabel, w);
  if (assert_negated(r)) sbuf_puts(&r->msg, "not ");
  expect_put(r, expected);
  sbuf_putc(&r->msg, '\n');
  assert_msg_label(&r->msg, rlabel, w);
  if (assert_negated(r)) sbuf_puts(&r->msg, "    ");
  expect_put(r, r->received);
}

static bool m_to_contain(assert_run_t *r, size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  JSContextRef ctx = r->ctx;
  JSValueRef expected = assert_arg(ctx, argc, argv, 0), received = r->received;
  if (JSValueIsUndefined(ctx, received) || JSValueIsNull(ctx, received))
    return expect_usage(r, exc, NULL, "received value must not be null nor undefined", "Received",
                        received);
  r->expected = expected;
  r->actual = received;
  if (JSValueIsString(ctx, received)) {
    if (!JSValueIsString(ctx, expected)) {
      /* Jest shows the values themselves in this hint. */
      sbuf_t b = SBUF_INIT;
      char *rs = js_value_to_utf8(ctx, received), *es = assert_to_string(ctx, expected, NULL);
      assert_msg_hint(&b, r->name, r->flags, rs, es, NULL, "indexOf");
      free(rs);
      free(es);
      sbuf_puts(&b,
                "\n\nMatcher error: expected value must be a string if received value is a "
                "string\n\n");
      expect_put_with_type(r, &b, "Expected", expected);
      sbuf_putc(&b, '\n');
      expect_put_with_type(r, &b, "Received", received);
      *exc = assert_usage_error(ctx, "Error", sbuf_cstr(&b), NULL);
      sbuf_free(&b);
      return false;
    }
    char *hay = js_value_to_utf8(ctx, received), *needle = js_value_to_utf8(ctx, expected);
    r->pass = strstr(hay, needle) != NULL;
    free(hay);
    free(needle);
    if (assert_failed(r)) {
      expect_hint(r, NULL, NULL, "indexOf");
      put_contain_labels(r, "Expected substring", "Received string", expected);
    }
    return true;
  }
  JSValueRef items = items_of(ctx, received, exc);
  if (!items) return false;
  size_t n = js_array_length(ctx, items);
  r->pass = false;
  for (size_t i = 0; i < n && !r->pass; i++)
    r->pass = JSValueIsStrictEqual(ctx, js_array_get(ctx, items, (unsigned)i), expected);
  if (!assert_failed(r)) return true;
  expect_hint(r, NULL, NULL, "indexOf");
  char *rlabel = xasprintf("Received %s", assert_type_name(ctx, received));
  put_contain_labels(r, "Expected value", rlabel, expected);
  free(rlabel);
  if (!assert_negated(r)) {
    for (size_t i = 0; i < n; i++) {
      if (assert_equals(ctx, js_array_get(ctx, items, (unsigned)i), expected, "equal", exc)) {
        sbuf_printf(&r->msg, "\n\n%s", SUGGEST_TO_CONTAIN_EQUAL);
        break;
      }
      if (*exc) return false;
    }
  }
  return true;
}

static bool m_to_contain_equal(assert_run_t *r, size_t argc, const JSValueRef argv[],
                               JSValueRef *exc) {
  JSContextRef ctx = r->ctx;
  JSValueRef expected = assert_arg(ctx, argc, argv, 0), received = r->received;
  if (JSValueIsUndefined(ctx, received) || JSValueIsNull(ctx, received))
    return expect_usage(r, exc, NULL, "received value must not be null nor undefined", "Received",
                        received);
  JSValueRef items = items_of(ctx, received, exc);
  if (!items) return false;
  size_t n = js_array_length(ctx, items);
  r->pass = false;
  for (size_t i = 0; i < n && !r->pass; i++) {
    r->pass = assert_equals(ctx, js_array_get(ctx, items, (unsigned)i), expected, "equal", exc);
    if (*exc) return false;
  }
  r->expected = expected;
  r->actual = received;
  if (!assert_failed(r)) return true;
  expect_hint(r, NULL, NULL, "deep equality");
  char *rlabel = xasprintf("Received %s", assert_type_name(ctx, received));
  put_contain_labels(r, "Expected value", rlabel, expected);
  free(rlabel);
  return true;
}

/* ---- toHaveLength ---- */

static bool m_to_have_length(assert_run_t *r, size_t argc, const JSValueRef argv[],
                             JSValueRef *exc) {
  JSContextRef ctx = r->ctx;
  JSValueRef expected = assert_arg(ctx, argc, argv, 0), received = r->received;
  JSValueRef len_v = (JSValueIsUndefined(ctx, received) || JSValueIsNull(ctx, received))
                         ? JSValueMakeUndefined(ctx)
                         : js_get(ctx, JSValueToObject(ctx, received, NULL), "length");
  if (!JSValueIsNumber(ctx, len_v))
    return expect_usage(r, exc, NULL,
                        "received value must have a length property whose value "
                        "must be a number",
                        "Received", received);
  double want = JSValueIsNumber(ctx, expected) ? JSValueToNumber(ctx, expected, NULL) : -1;
  if (want < 0 || floor(want) != want || isinf(want))
    return expect_usage(r, exc, NULL, "expected value must be a non-negative integer", "Expected",
                        expected);
  double len = JSValueToNumber(ctx, len_v, NULL);
  r->pass = len == want;
  r->expected = expected;
  r->actual = len_v;
  if (!assert_failed(r)) return true;
  expect_hint(r, NULL, NULL, NULL);
  char *vlabel = xasprintf("Received %s", assert_type_name(ctx, received));
  size_t w = strlen(vlabel) > 15 ? strlen(vlabel) : 15; /* "Expected length" */
  assert_msg_label(&r->msg, "Expected length", w);
  if (assert_negated(r)) sbuf_puts(&r->msg, "not ");
  expect_put(r, expected);
  sbuf_putc(&r->msg, '\n');
  if (!assert_negated(r)) {
    assert_msg_label(&r->msg, "Received length", w);
    expect_put(r, len_v);
    sbuf_putc(&r->msg, '\n');
  }
  assert_msg_label(&r->msg, vlabel, w);
  if (assert_negated(r)) sbuf_puts(&r->msg, "    ");
  expect_put(r, received);
  free(vlabel);
  return true;
}

/* ---- toMatch ---- */

static bool m_to_match(assert_run_t *r, size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  JSContextRef ctx = r->ctx;
  JSValueRef expected = assert_arg(ctx, argc, argv, 0), received = r->received;
  if (!JSValueIsString(ctx, received))
    return expect_usage(r, exc, NULL, "received value must be a string", "Received", received);
  bool substring = JSValueIsString(ctx, expected);
  if (!substring &&
      !(JSValueIsObject(ctx, expected) && js_is_function(ctx, js_get(ctx, expected, "test"))))
    return expect_usage(r, exc, NULL, "expected value must be a string or regular expression",
                        "Expected", expected);
  if (substring) {
    char *hay = js_value_to_utf8(ctx, received), *needle = js_value_to_utf8(ctx, expected);
    r->pass = strstr(hay, needle) != NULL;
    free(hay);
    free(needle);
  } else {
    r->pass = assert_regexp_test(ctx, expected, received, exc);
    if (*exc) return false;
  }
  r->expected = expected;
  r->actual = received;
  if (!assert_failed(r)) return true;
  expect_hint(r, NULL, NULL, NULL);
  const char *elabel = substring ? "Expected substring" : "Expected pattern";
  put_contain_labels(r, elabel, "Received string", expected);
  return true;
}

const assert_check_t expect_equality_matchers[] = {
    {"toBe", m_to_be, 0},
    {"toEqual", m_to_equal, 0},
    {"toStrictEqual", m_to_strict_equal, 0},
    {"toMatchObject", m_to_match_object, 0},
    {"toHaveProperty", m_to_have_property, 0},
    {"toContain", m_to_contain, 0},
    {"toContainEqual", m_to_contain_equal, 0},
    {"toHaveLength", m_to_have_length, 0},
    {"toMatch", m_to_match, 0},
    {NULL, NULL, 0},
};
