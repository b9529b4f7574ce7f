/* Unit tests for "$ref" fragments holding "%00": a JSON Pointer may name a member whose
 * name holds U+0000 (RFC 6901), which "#/a%00b" names rather than "a"; an anchor cannot
 * hold one. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "schema/schema.h"

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
      cmocka_unit_test(test_nul_in_ref_fragments),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
