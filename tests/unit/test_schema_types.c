/* Unit tests for schema_type_bits: the JSON types a compiled schema allows, as its "type",
 * "const" and "enum" say, through $ref (to a pointer, to another resource's $id, relative
 * to an enclosing $id), allOf (narrowing: number and integer meet in integer), anyOf and
 * oneOf (their union; any branch without a type makes it any), an array's items, draft 7's
 * $ref that hides its siblings, and a schema that $refs itself in a cycle (bounded). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "schema/schema.h"

enum {
  T_NULL = SCHEMA_TYPE_NULL,
  T_BOOL = SCHEMA_TYPE_BOOLEAN,
  T_OBJ = SCHEMA_TYPE_OBJECT,
  T_ARR = SCHEMA_TYPE_ARRAY,
  T_NUM = SCHEMA_TYPE_NUMBER,
  T_STR = SCHEMA_TYPE_STRING,
  T_INT = SCHEMA_TYPE_INTEGER
};

/* The type bits of `schema` (JSON text) compiled in reg; its items' in *items. */
static unsigned bits(schema_registry_t *reg, const char *schema, unsigned *items) {
  json_error_t e;
  json_t *s = json_loads(schema, JSON_DECODE_ANY, &e);
  if (!s) fail_msg("bad test JSON: %s: %s", schema, e.text);
  sbuf_t err = SBUF_INIT;
  const schema_t *c = schema_compile(reg, s, &err);
  if (!c) fail_msg("%s: %s", schema, sbuf_cstr(&err));
  sbuf_free(&err);
  json_decref(s);
  return schema_type_bits(c, items);
}

static void test_keywords(void **state) {
  schema_registry_t *reg = schema_registry_new(NULL);
  unsigned items = 99;
  assert_int_equal(bits(reg, "{}", &items), 0);
  assert_int_equal(items, 0);
  assert_int_equal(bits(reg, "true", NULL), 0);
  assert_int_equal(bits(reg, "{\"type\": \"integer\"}", NULL), T_INT);
  assert_int_equal(bits(reg, "{\"type\": [\"string\", \"null\"]}", NULL), T_STR | T_NULL);
  assert_int_equal(bits(reg, "{\"enum\": [1, 2.5, \"x\"]}", NULL), T_INT | T_NUM | T_STR);
  assert_int_equal(bits(reg, "{\"const\": true}", NULL), T_BOOL);
  assert_int_equal(bits(reg, "{\"type\": [\"string\", \"integer\"], \"enum\": [1, 2]}", NULL),
                   T_INT);
  /* allOf narrows; number and integer meet in integer */
  assert_int_equal(
      bits(reg, "{\"allOf\": [{\"type\": [\"number\", \"string\"]}, {\"type\": \"integer\"}]}",
           NULL),
      T_INT);
  assert_int_equal(bits(reg, "{\"allOf\": [{\"minimum\": 1}, {\"type\": \"integer\"}]}", NULL),
                   T_INT);
  /* anyOf/oneOf: the union, unless a branch allows any type */
  assert_int_equal(
      bits(reg, "{\"anyOf\": [{\"type\": \"integer\"}, {\"type\": \"boolean\"}]}", NULL),
      T_INT | T_BOOL);
  assert_int_equal(bits(reg, "{\"oneOf\": [{\"type\": \"integer\"}, {\"minimum\": 3}]}", NULL), 0);
  /* an array's items, through allOf too */
  assert_int_equal(
      bits(reg, "{\"type\": \"array\", \"allOf\": [{\"items\": {\"type\": \"boolean\"}}]}", &items),
      T_ARR);
  assert_int_equal(items, T_BOOL);
  assert_int_equal(bits(reg, "{\"type\": \"string\", \"items\": {\"type\": \"integer\"}}", &items),
                   T_STR);
  assert_int_equal(items, 0);
  schema_registry_free(reg);
}

static void test_refs(void **state) {
  schema_registry_t *reg = schema_registry_new(NULL);
  json_t *doc = json_loads(
      "{\"$defs\": {"
      " \"count\": {\"$id\": \"https://x.test/count\", \"type\": \"integer\"},"
      " \"page\": {\"$id\": \"https://x.test/page\", \"$ref\": \"count\"},"
      " \"loop\": {\"allOf\": [{\"$ref\": \"#/$defs/loop\"}, "
      "{\"$ref\": \"#/$defs/loop\"}]}}}",
      0, NULL);
  assert_int_equal(schema_registry_add(reg, "https://x.test/doc", doc), 0);
  json_decref(doc);
  /* to a pointer, to an $id, and from inside an $id relative to it */
  assert_int_equal(bits(reg, "{\"$ref\": \"https://x.test/doc#/$defs/count\"}", NULL), T_INT);
  assert_int_equal(bits(reg, "{\"$ref\": \"https://x.test/page\"}", NULL), T_INT);
  assert_int_equal(bits(reg, "{\"allOf\": [{\"$ref\": \"https://x.test/page\"}]}", NULL), T_INT);
  unsigned items = 0;
  assert_int_equal(
      bits(reg, "{\"type\": \"array\", \"items\": {\"$ref\": \"https://x.test/page\"}}", &items),
      T_ARR);
  assert_int_equal(items, T_INT);
  /* a cycle ends (any type: nothing says otherwise) */
  assert_int_equal(bits(reg, "{\"$ref\": \"https://x.test/doc#/$defs/loop\"}", NULL), 0);
  schema_registry_free(reg);

  /* draft 7: $ref hides its siblings, "type" included */
  schema_options_t d7 = {.assert_formats = true, .draft = SCHEMA_DRAFT_7};
  reg = schema_registry_new(&d7);
  assert_int_equal(
      bits(reg,
           "{\"definitions\": {\"b\": {\"type\": \"boolean\"}}, \"properties\": {\"x\": "
           "{\"$ref\": \"#/definitions/b\", \"type\": \"string\"}}, \"allOf\": [{\"$ref\": "
           "\"#/properties/x\"}]}",
           NULL),
      T_BOOL);
  schema_registry_free(reg);
}

/* schema_prop_type_bits: a property's types, through $ref and allOf; additionalProperties
 * for the others; any type where patternProperties might apply. */
static void test_properties(void **state) {
  schema_registry_t *reg = schema_registry_new(NULL);
  json_t *s = json_loads(
      "{\"$defs\": {\"rgb\": {\"properties\": {\"R\": {\"type\": "
      "\"integer\"}}, \"additionalProperties\": {\"type\": \"boolean\"}}},"
      " \"allOf\": [{\"$ref\": \"#/$defs/rgb\"}, {\"properties\": {\"R\": "
      "{\"type\": [\"integer\", \"string\"]}}}]}",
      0, NULL);
  sbuf_t err = SBUF_INIT;
  const schema_t *c = schema_compile(reg, s, &err);
  assert_non_null(c);
  assert_int_equal(schema_prop_type_bits(c, "R", NULL), T_INT);
  assert_int_equal(schema_prop_type_bits(c, "other", NULL), T_BOOL);
  json_decref(s);
  s = json_loads(
      "{\"patternProperties\": {\"^x\": {\"type\": \"integer\"}}, "
      "\"additionalProperties\": {\"type\": \"boolean\"}}",
      0, NULL);
  c = schema_compile(reg, s, &err);
  assert_non_null(c);
  assert_int_equal(schema_prop_type_bits(c, "xy", NULL), 0);
  json_decref(s);
  s = json_loads(
      "{\"properties\": {\"ids\": {\"type\": \"array\", \"items\": {\"type\": "
      "\"integer\"}}}}",
      0, NULL);
  c = schema_compile(reg, s, &err);
  assert_non_null(c);
  unsigned items = 0;
  assert_int_equal(schema_prop_type_bits(c, "ids", &items), T_ARR);
  assert_int_equal(items, T_INT);
  json_decref(s);
  sbuf_free(&err);
  schema_registry_free(reg);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_keywords),
      cmocka_unit_test(test_refs),
      cmocka_unit_test(test_properties),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
