/* json_scan: values found where JSON.parse would find them, and refused where it throws. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "common/json_scan.h"

static size_t end_of(const char *s) { return json_scan_value(s, strlen(s), 0); }

static void test_values(void **state) {
  (void)state;
  static const char *const valid[] = {
      "0",
      "-0",
      "1.5e+10",
      "-12.25E-3",
      "123",
      "true",
      "false",
      "null",
      "\"\"",
      "\"a\\\"b\\\\c\\/\\b\\f\\n\\r\\t\\u00e9\\uD800\"",
      "\"d\xc3\xa9j\xc3\xa0\"",
      "[]",
      "{}",
      "[ 1 , [ ] , { } , \"x\" ]",
      "{\"a\":{\"b\":[1,{\"c\":null}]},\"d\":\"}\"}",
      "[\"]\", \"\\\"]\"]",
  };
  for (size_t i = 0; i < sizeof valid / sizeof valid[0]; i++) {
    assert_int_equal(end_of(valid[i]), strlen(valid[i]));
  }
  /* A value ends where it ends; what follows is the caller's. */
  assert_int_equal(end_of("12,3"), 2);
  assert_int_equal(end_of("01"), 1); /* JSON.parse then fails on the "1" left over */
  assert_int_equal(end_of("[1] x"), 3);
  assert_int_equal(end_of("{\"a\":1}}"), 7);
}

static void test_refused(void **state) {
  (void)state;
  static const char *const invalid[] = {
      "",     "-",     "1.",       ".5",       "1e",      "+1",          "NaN",
      "tru",  "nul",   "\"abc",    "\"a\tb\"", "\"\\x\"", "\"\\u12G4\"", "[1,]",
      "[,1]", "[1 2]", "{\"a\"}",  "{\"a\":}", "{a:1}",   "{\"a\":1,}",  "[}",
      "{]",   "[1",    "{\"a\":1", "'x'",
  };
  for (size_t i = 0; i < sizeof invalid / sizeof invalid[0]; i++) {
    assert_int_equal(end_of(invalid[i]), (size_t)-1);
  }
}

static void test_arrays_and_depth(void **state) {
  (void)state;
  const char *spaced = " \n[1, {\"a\": [2]}]\r\n\t";
  assert_true(json_scan_is_array(spaced, strlen(spaced)));
  assert_false(json_scan_is_array("{\"a\":[]}", 8));
  assert_false(json_scan_is_array("[1] [2]", 7));
  assert_false(json_scan_is_array("[1", 2));
  char deep[2 * JSON_SCAN_MAX_DEPTH + 3];
  for (int n = JSON_SCAN_MAX_DEPTH; n <= JSON_SCAN_MAX_DEPTH + 1; n++) {
    memset(deep, '[', (size_t)n);
    memset(deep + n, ']', (size_t)n);
    size_t len = 2 * (size_t)n;
    /* Deeper than JSON_SCAN_MAX_DEPTH: refused, the caller parses the whole text. */
    assert_int_equal(json_scan_value(deep, len, 0), n == JSON_SCAN_MAX_DEPTH ? len : (size_t)-1);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_values),
      cmocka_unit_test(test_refused),
      cmocka_unit_test(test_arrays_and_depth),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
