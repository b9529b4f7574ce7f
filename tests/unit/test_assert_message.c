/* Unit tests for assert/assert_message: how failed body checks show the body (the first
 * 200 characters, counted as characters, not bytes), schema error lists, Jest's hint line,
 * label padding, durations, the media-type rule of toHaveContentType, and the call source
 * that assert.ok quotes. Plain C: no engine needed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "assert/assert_internal.h"
#include "assert/assert_message.h"
#include "common/sbuf.h"

static void expect_body(const char *body, size_t len, const char *want) {
  sbuf_t b = SBUF_INIT;
  assert_msg_body(&b, body, len);
  assert_string_equal(sbuf_cstr(&b), want);
  sbuf_free(&b);
}

static void test_body(void **state) {
  expect_body(NULL, 0, "the body is empty");
  expect_body("", 0, "the body is empty");
  expect_body("{\"a\":1}", 7, "received: {\"a\":1}");

  char exact[201], over[202];
  memset(exact, 'x', 200);
  exact[200] = '\0';
  memset(over, 'y', 201);
  over[201] = '\0';
  sbuf_t want = SBUF_INIT;
  sbuf_printf(&want, "received: %s", exact);
  expect_body(exact, 200, sbuf_cstr(&want));
  sbuf_reset(&want);
  sbuf_printf(&want, "received (first 200 of 201 characters): %.200s...", over);
  expect_body(over, 201, sbuf_cstr(&want));
  sbuf_free(&want);
}

static void test_body_utf8(void **state) {
  /* 250 two-byte characters: the excerpt is 200 characters, 400 bytes, never a split one. */
  sbuf_t body = SBUF_INIT, want = SBUF_INIT;
  for (int i = 0; i < 250; i++) sbuf_puts(&body, "é");
  sbuf_puts(&want, "received (first 200 of 250 characters): ");
  sbuf_append(&want, body.data, 400);
  sbuf_puts(&want, "...");
  expect_body(body.data, body.len, sbuf_cstr(&want));
  sbuf_free(&body);
  sbuf_free(&want);
}

static void test_schema(void **state) {
  schema_error_t items[3] = {
      {.instance_path = "", .message = "must have required property 'name'"},
      {.instance_path = "/id", .message = "must be integer"},
      {.instance_path = "/tags/0", .message = "must be string"},
  };
  sbuf_t b = SBUF_INIT;
  schema_errors_t one = {items + 1, 1};
  assert_msg_schema(&b, &one);
  assert_string_equal(sbuf_cstr(&b), "Schema validation failed: /id must be integer");
  sbuf_reset(&b);
  schema_errors_t root = {items, 1};
  assert_msg_schema(&b, &root);
  assert_string_equal(sbuf_cstr(&b),
                      "Schema validation failed: must have required property 'name'");
  sbuf_reset(&b);
  schema_errors_t two = {items + 1, 2};
  assert_msg_schema(&b, &two);
  assert_string_equal(sbuf_cstr(&b),
                      "Schema validation failed: 2 validation errors:\n"
                      "  - /id must be integer\n"
                      "  - /tags/0 must be string");
  sbuf_reset(&b);
  schema_errors_t all = {items, 3};
  assert_msg_schema(&b, &all);
  assert_string_equal(sbuf_cstr(&b),
                      "Schema validation failed: 3 validation errors:\n"
                      "  - must have required property 'name'\n"
                      "  - /id must be integer\n"
                      "  - /tags/0 must be string");
  sbuf_reset(&b);
  schema_errors_t none = {NULL, 0};
  assert_msg_schema(&b, &none);
  assert_string_equal(sbuf_cstr(&b), "Schema validation failed: No errors");
  sbuf_free(&b);
}

static void check_hint(const char *name, unsigned flags, const char *expected, const char *second,
                       const char *comment, const char *want) {
  sbuf_t b = SBUF_INIT;
  assert_msg_hint(&b, name, flags, "received", expected, second, comment);
  assert_string_equal(sbuf_cstr(&b), want);
  sbuf_free(&b);
}

static void test_hint(void **state) {
  check_hint("toBe", 0, "expected", NULL, "Object.is equality",
             "expect(received).toBe(expected) // Object.is equality");
  check_hint("toBe", ASSERT_NOT, "expected", NULL, NULL, "expect(received).not.toBe(expected)");
  check_hint("toBeNull", 0, "", NULL, NULL, "expect(received).toBeNull()");
  check_hint("toEqual", ASSERT_RESOLVES | ASSERT_NOT, "expected", NULL, "deep equality",
             "expect(received).resolves.not.toEqual(expected) // deep equality");
  check_hint("toThrow", ASSERT_REJECTS, "", NULL, NULL, "expect(received).rejects.toThrow()");
  check_hint("toHaveProperty", 0, "path", "value", NULL,
             "expect(received).toHaveProperty(path, value)");
  check_hint("toBeCloseTo", 0, "expected", "", NULL, "expect(received).toBeCloseTo(expected)");
}

static void test_label(void **state) {
  sbuf_t b = SBUF_INIT;
  assert_msg_label(&b, "Expected", 15);
  assert_msg_label(&b, "Received length", 15);
  assert_string_equal(sbuf_cstr(&b), "Expected:        Received length: ");
  sbuf_free(&b);
}

static void expect_duration(double ms, const char *want) {
  sbuf_t b = SBUF_INIT;
  assert_msg_duration(&b, ms);
  assert_string_equal(sbuf_cstr(&b), want);
  sbuf_free(&b);
}

static void test_duration(void **state) {
  expect_duration(250, "250");
  expect_duration(100.0, "100");
  expect_duration(12.34, "12.3");
  expect_duration(12.96, "13");
  expect_duration(0.04, "0");
  expect_duration(0.25, "0.3");
}

static void test_media_type(void **state) {
  assert_true(assert_media_type_matches("application/json", "application/json"));
  assert_true(assert_media_type_matches("application/json; charset=utf-8", "application/json"));
  assert_true(assert_media_type_matches("Application/JSON", "application/json"));
  assert_true(assert_media_type_matches(" text/plain ;charset=utf-8", "text/plain"));
  assert_true(assert_media_type_matches("text/plain; charset=utf-8", "text/plain; charset=UTF-8"));
  assert_true(assert_media_type_matches("text/plain; format=flowed; charset=\"utf-8\"",
                                        "text/plain; charset=utf-8"));
  assert_false(
      assert_media_type_matches("text/plain; charset=utf-8", "text/plain; charset=latin1"));
  assert_false(assert_media_type_matches("text/plain", "text/plain; charset=utf-8"));
  assert_false(assert_media_type_matches("application/problem+json", "application/json"));
  assert_false(assert_media_type_matches("application/json", "json"));
  assert_false(assert_media_type_matches(NULL, "application/json"));
}

static void expect_call(const char *src, int line, int col, const char *want) {
  char *got = assert_msg_call_source(src, line, col);
  if (!want) {
    assert_null(got);
    return;
  }
  assert_non_null(got);
  assert_string_equal(got, want);
  free(got);
}

static void test_call_source(void **state) {
  /* JavaScriptCore's column is the call's '(' (1-based); V8's the callee. */
  expect_call("  assert.ok(x === 1);\n", 1, 12, "assert.ok(x === 1)");
  expect_call("  assert.ok(x === 1);\n", 1, 3, "assert.ok(x === 1)");
  expect_call("foo();\nassert(a, 'msg (x)');\n", 2, 7, "assert(a, 'msg (x)')");
  expect_call("if (ok) strict.ok(f(g(1)), \")\");", 1, 18, "strict.ok(f(g(1)), \")\")");
  expect_call("    assert.ok(\n      1 === 2 &&\n        true,\n    );\n", 1, 14,
              "assert.ok(\n    1 === 2 &&\n      true,\n  )");
  expect_call("x = 1;\n", 1, 3, NULL);
  expect_call("assert.ok(\n", 1, 10, NULL);
  expect_call("a\n", 5, 1, NULL);
  expect_call("a\n", 1, 40, NULL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_body),       cmocka_unit_test(test_body_utf8),
      cmocka_unit_test(test_schema),     cmocka_unit_test(test_hint),
      cmocka_unit_test(test_label),      cmocka_unit_test(test_duration),
      cmocka_unit_test(test_media_type), cmocka_unit_test(test_call_source),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
