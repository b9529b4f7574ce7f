/* Unit tests for percent_decode, the one percent-decoder: strict (NULL on a malformed
 * escape) or lenient (kept as written), '+' as a space only for forms, "%00" a NUL byte
 * only when the caller keeps lengths (else refused as a malformed escape is), and only
 * the n bytes given read. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "common/percent.h"

/* Decodes s with flags; NULL, or the result compared with want (want_len bytes). */
static void expect_decoded(const char *s, unsigned flags, const char *want, size_t want_len) {
  size_t len = 12345;
  char *got = percent_decode(s, strlen(s), flags, &len);
  if (!want) {
    if (got) fail_msg("\"%s\" (flags %u) decoded to \"%s\", want NULL", s, flags, got);
    return;
  }
  if (!got) fail_msg("\"%s\" (flags %u) gave NULL, want \"%s\"", s, flags, want);
  assert_int_equal(len, want_len);
  assert_memory_equal(got, want, want_len);
  assert_int_equal(got[len], '\0');
  free(got);
}

static void test_percent_decoding(void **state) {
  enum { STRICT = PERCENT_STRICT, NUL = PERCENT_NUL, PLUS = PERCENT_PLUS };
  expect_decoded("a%2Fb%7e%C3%A9", STRICT, "a/b~\xc3\xa9", 6);
  expect_decoded("", STRICT, "", 0);
  /* malformed escapes: NULL when strict, else as written */
  const char *bad[] = {"%", "a%4", "%zz", "%4g"};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    expect_decoded(bad[i], STRICT, NULL, 0);
    expect_decoded(bad[i], 0, bad[i], strlen(bad[i]));
  }
  expect_decoded("%%41", 0, "%A", 2);
  /* "%00": a NUL byte inside the result only when the caller keeps lengths */
  expect_decoded("a%00b", STRICT | NUL, "a\0b", 3);
  expect_decoded("a%00b", NUL, "a\0b", 3);
  expect_decoded("a%00b", STRICT, NULL, 0);
  expect_decoded("a%00b", 0, "a%00b", 5);
  /* '+' is a space only in a form's encoding */
  expect_decoded("a+b%2B", PLUS, "a b+", 4);
  expect_decoded("a+b%2B", 0, "a+b+", 4);
  /* only n bytes are read: an escape cut short by n is malformed */
  char *got = percent_decode("ab%41", 4, 0, NULL);
  assert_string_equal(got, "ab%4");
  free(got);
  assert_null(percent_decode("ab%41", 4, STRICT, NULL));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_percent_decoding),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
