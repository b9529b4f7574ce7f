/* Unit tests for the schema module's reading of URI text: the one percent-decoder
 * (schema_uri_unescape: strict or lenient escapes, '+' as a space, "%00" kept as a NUL
 * only when asked) and "$ref" fragments holding "%00" (a JSON Pointer may name a member
 * whose name holds U+0000; an anchor cannot). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "schema/schema.h"

/* Decodes s with flags; NULL, or the result compared with want (want_len bytes). */
static void expect_decoded(const char *s, unsigned flags, const char *want, size_t want_len) {
  size_t len = 12345;
  char *got = schema_uri_unescape(s, strlen(s), flags, &len);
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
  enum { STRICT = SCHEMA_URI_STRICT, NUL = SCHEMA_URI_NUL, PLUS = SCHEMA_URI_PLUS };
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
  char *got = schema_uri_unescape("ab%41", 4, 0, NULL);
  assert_string_equal(got, "ab%4");
  free(got);
  assert_null(schema_uri_unescape("ab%41", 4, STRICT, NULL));
}

/* A document with a member whose name holds U+0000, added to the registry by hand
 * (jansson's parser refuses such names and its deep copy cuts them short, so only an
 * added document keeps one): {"$defs": {"a\u0000b": {"type": "integer"}, "a": {"type":
 * "string", "$anchor": "a"}}}. */
#define NUL_DOC "https://nul.test/d"
static void add_nul_document(schema_registry_t *reg) {
  json_t *defs = json_pack("{s{ssss}}", "a", "type", "string", "$anchor", "a");
  assert_int_equal(json_object_setn_new(defs, "a\0b", 3, json_pack("{ss}", "type", "integer")), 0);
  json_t *doc = json_pack("{so}", "$defs", defs);
  assert_int_equal(schema_registry_add(reg, NUL_DOC, doc), 0);
  json_decref(doc);
}

/* Validates instance (a new reference, taken) against {"$ref": NUL_DOC + fragment}. */
static int validate(schema_registry_t *reg, const char *fragment, json_t *instance,
                    schema_errors_t *errors, sbuf_t *err) {
  char *ref = xasprintf("%s%s", NUL_DOC, fragment);
  json_t *s = json_pack("{ss}", "$ref", ref);
  int rc = schema_validate(reg, s, instance, errors, err);
  json_decref(s);
  json_decref(instance);
  free(ref);
  return rc;
}

/* RFC 6901 lets a member name hold U+0000 and its fragment form percent-encodes it, so
 * "#/$defs/a%00b" names "a\u0000b", not "a"; an anchor's plain name cannot hold one. */
static void test_nul_in_ref_fragments(void **state) {
  schema_registry_t *reg = schema_registry_new(NULL);
  add_nul_document(reg);
  sbuf_t err = SBUF_INIT;
  assert_int_equal(validate(reg, "#/$defs/a%00b", json_integer(5), NULL, &err), 1);
  assert_int_equal(validate(reg, "#/$defs/a", json_string("x"), NULL, &err), 1);
  assert_int_equal(validate(reg, "#/$defs/a%00", json_string("x"), NULL, &err), -1);
  assert_non_null(strstr(sbuf_cstr(&err), "can't resolve reference"));
  sbuf_reset(&err);
  assert_int_equal(validate(reg, "#a", json_string("x"), NULL, &err), 1);
  assert_int_equal(validate(reg, "#a%00b", json_string("x"), NULL, &err), -1);
  assert_non_null(strstr(sbuf_cstr(&err), "can't resolve reference"));
  /* the error's schema path shows the NUL rather than ending at it */
  schema_errors_t errors = {0};
  assert_int_equal(validate(reg, "#/$defs/a%00b", json_string("x"), &errors, &err), 0);
  assert_int_equal(errors.len, 1);
  if (!strstr(errors.items[0].schema_path, "/$defs/a\\u0000b/type"))
    fail_msg("schema path %s", errors.items[0].schema_path);
  schema_errors_free(&errors);
  sbuf_free(&err);
  schema_registry_free(reg);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_percent_decoding),
      cmocka_unit_test(test_nul_in_ref_fragments),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
