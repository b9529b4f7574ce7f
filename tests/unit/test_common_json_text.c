/* Unit tests for json_text_load: JSON text whose integers exceed 64 bits is read as
 * JavaScript's JSON.parse reads it (those integers doubles, the others integers again when
 * a double holds them exactly), text without one exactly as jansson reads it (64-bit
 * integers kept), and errors as jansson's. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "common/json_text.h"

static json_t *load(const char *text) {
  json_error_t e;
  json_t *v = json_text_load(text, strlen(text), JSON_DECODE_ANY, &e);
  if (!v) fail_msg("%s: %s", text, e.text);
  return v;
}

static void test_64_bit_integers_kept(void **state) {
  json_t *v = load("[1, 9007199254740993, -9223372036854775808, 1.0]");
  assert_true(json_is_integer(json_array_get(v, 1)));
  assert_int_equal(json_integer_value(json_array_get(v, 1)), 9007199254740993LL);
  assert_int_equal(json_integer_value(json_array_get(v, 2)), INT64_MIN);
  assert_true(json_is_real(json_array_get(v, 3)));
  json_decref(v);
}

static void test_huge_integers(void **state) {
  json_t *v = load(
      "{\"n\": 123456789012345678901234567890, \"m\": [-99999999999999999999, 7, "
      "-9007199254740992, 9007199254740994, 2.5], \"k\": {\"z\": 0}}");
  json_t *n = json_object_get(v, "n"), *m = json_object_get(v, "m");
  assert_true(json_is_real(n));
  assert_true(json_real_value(n) == 123456789012345678901234567890.0);
  assert_true(json_is_real(json_array_get(m, 0)));
  assert_true(json_real_value(json_array_get(m, 0)) == -99999999999999999999.0);
  /* integers a double holds exactly are integers again, at any depth */
  assert_true(json_is_integer(json_array_get(m, 1)));
  assert_int_equal(json_integer_value(json_array_get(m, 1)), 7);
  assert_true(json_is_integer(json_array_get(m, 2)));
  assert_int_equal(json_integer_value(json_array_get(m, 2)), -9007199254740992LL);
  assert_true(json_is_integer(json_object_get(json_object_get(v, "k"), "z")));
  /* beyond 2^53 a double is what JavaScript has too */
  assert_true(json_is_real(json_array_get(m, 3)));
  assert_true(json_is_real(json_array_get(m, 4)));
  json_decref(v);
  v = load("100000000000000000000");
  assert_true(json_is_real(v) && json_real_value(v) == 1e20);
  json_decref(v);
}

static void test_errors(void **state) {
  json_error_t e;
  assert_null(json_text_load("[1e999]", 7, JSON_DECODE_ANY, &e));
  assert_int_equal(json_error_code(&e), json_error_numeric_overflow);
  assert_null(json_text_load("{nope", 5, JSON_DECODE_ANY, &e));
  assert_int_equal(json_error_code(&e), json_error_invalid_syntax);
  assert_null(json_text_load("[123456789012345678901234567890", 31, JSON_DECODE_ANY, NULL));
  /* flags still apply: without JSON_DECODE_ANY a bare number is refused */
  assert_null(json_text_load("100000000000000000000", 21, 0, &e));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_64_bit_integers_kept),
      cmocka_unit_test(test_huge_integers),
      cmocka_unit_test(test_errors),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
