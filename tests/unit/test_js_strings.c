/* test_js_strings: JavaScript strings to UTF-8 and back (jsutil.c). A lone surrogate becomes
 * U+FFFD and, in C strings, a NUL becomes U+2400, so a C string is never cut; the
 * length-reporting forms keep NULs both ways. Pairs become 4-byte sequences. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "js/jsutil.h"

typedef struct {
  JSChar units[8];
  size_t n;
  const char *c_string; /* js_value_to_utf8 */
  const char *bytes;    /* js_value_to_utf8_len, `len` bytes */
  size_t len;
} conv_case_t;

static const conv_case_t kCases[] = {
    {{'a', 'b'}, 2, "ab", "ab", 2},
    {{'a', 0, 'b'},
     3,
     "a\xE2\x90\x80"
     "b",
     "a\0b",
     3},
    {{'x', 0xD800, 'y'}, 3, "x\xEF\xBF\xBDy", "x\xEF\xBF\xBDy", 5},   /* lone high */
    {{0xDC00, 'z'}, 2, "\xEF\xBF\xBDz", "\xEF\xBF\xBDz", 4},          /* lone low */
    {{0xD83D, 0xDE00}, 2, "\xF0\x9F\x98\x80", "\xF0\x9F\x98\x80", 4}, /* a pair: 😀 */
    {{'e', 0xD83D}, 2, "e\xEF\xBF\xBD", "e\xEF\xBF\xBD", 4},          /* high at the end */
    {{0xDE00, 0xD83D}, 2, "\xEF\xBF\xBD\xEF\xBF\xBD", "\xEF\xBF\xBD\xEF\xBF\xBD", 6}, /* reversed */
    {{0xE9, 0x20AC}, 2, "\xC3\xA9\xE2\x82\xAC", "\xC3\xA9\xE2\x82\xAC", 5},           /* é € */
    {{0}, 1, "\xE2\x90\x80", "\0", 1},
    {{0}, 0, "", "", 0},
};

static void conversions(void **state) {
  (void)state;
  JSGlobalContextRef ctx = JSGlobalContextCreate(NULL);
  for (size_t i = 0; i < sizeof kCases / sizeof kCases[0]; i++) {
    const conv_case_t *c = &kCases[i];
    JSStringRef s = JSStringCreateWithCharacters(c->units, c->n);
    JSValueRef v = JSValueMakeString(ctx, s);
    char *plain = js_value_to_utf8(ctx, v);
    assert_string_equal(plain, c->c_string);
    char *copy = js_string_to_utf8(s);
    assert_string_equal(copy, c->c_string);
    size_t len = 99;
    char *bytes = js_value_to_utf8_len(ctx, v, &len);
    assert_int_equal(len, c->len);
    assert_memory_equal(bytes, c->bytes, len);
    assert_int_equal(bytes[len], '\0');
    free(plain);
    free(copy);
    free(bytes);
    JSStringRelease(s);
  }
  JSGlobalContextRelease(ctx);
}

/* UTF-8 back to JavaScript (js_make_string_len, js_string_create_utf8): NULs kept, a pair
 * from a 4-byte sequence, U+FFFD for each byte that starts no valid sequence. */
static void from_utf8(void **state) {
  (void)state;
  static const struct {
    const char *bytes;
    size_t len;
    JSChar units[8];
    size_t n;
  } cases[] = {
      {"a\0b", 3, {'a', 0, 'b'}, 3},
      {"\xF0\x9F\x98\x80!", 5, {0xD83D, 0xDE00, '!'}, 3},
      {"x\xFFy", 3, {'x', 0xFFFD, 'y'}, 3},
      {"\xE2\x82", 2, {0xFFFD, 0xFFFD}, 2},             /* cut short */
      {"\xED\xA0\x80", 3, {0xFFFD, 0xFFFD, 0xFFFD}, 3}, /* an encoded surrogate */
      {"\xC0\xAF", 2, {0xFFFD, 0xFFFD}, 2},             /* overlong */
      {"", 0, {0}, 0},
  };
  JSGlobalContextRef ctx = JSGlobalContextCreate(NULL);
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    JSValueRef v = js_make_string_len(ctx, cases[i].bytes, cases[i].len);
    JSStringRef s = JSValueToStringCopy(ctx, v, NULL);
    assert_int_equal(JSStringGetLength(s), cases[i].n);
    assert_memory_equal(JSStringGetCharactersPtr(s), cases[i].units, cases[i].n * sizeof(JSChar));
    JSStringRelease(s);
  }
  JSGlobalContextRelease(ctx);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(conversions), cmocka_unit_test(from_utf8)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
