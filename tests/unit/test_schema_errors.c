/* Unit tests for schema: the error list (instance paths, schema paths, keywords and the
 * ajv-style messages sonde prints) for every keyword family, and the schemas sonde's own
 * examples use (type, required, properties, additionalProperties, items, minItems,
 * minLength, minimum, pattern, enum, format email and date-time). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schema/schema.h"

static schema_registry_t *reg;

static int setup(void **state) {
  reg = schema_registry_new(NULL);
  return reg ? 0 : -1;
}

static int teardown(void **state) {
  schema_registry_free(reg);
  return 0;
}

static json_t *parse(const char *text) {
  json_error_t e;
  json_t *j = json_loads(text, JSON_DECODE_ANY, &e);
  if (!j) fail_msg("bad test JSON: %s: %s", text, e.text);
  return j;
}

/* Validates and renders the errors as "<instance path> <message> [<keyword> <schema
 * path>]" lines joined by "\n". Returns the validate result in *rc. */
static char *run(const char *schema, const char *instance, int *rc) {
  json_t *s = parse(schema), *i = parse(instance);
  schema_errors_t errs = {NULL, 0};
  sbuf_t err = SBUF_INIT, out = SBUF_INIT;
  *rc = schema_validate(reg, s, i, &errs, &err);
  if (*rc < 0) sbuf_printf(&out, "ERROR %s", sbuf_cstr(&err));
  for (size_t k = 0; k < errs.len; k++)
    sbuf_printf(&out, "%s%s %s [%s %s]", k ? "\n" : "", errs.items[k].instance_path,
                errs.items[k].message, errs.items[k].keyword, errs.items[k].schema_path);
  /* without an error list the answer must be the same */
  int fast = schema_validate(reg, s, i, NULL, NULL);
  assert_int_equal(fast, *rc);
  schema_errors_free(&errs);
  sbuf_free(&err);
  json_decref(s);
  json_decref(i);
  return sbuf_take(&out);
}

static void expect(const char *schema, const char *instance, const char *want) {
  int rc;
  char *got = run(schema, instance, &rc);
  if (strcmp(got, want) != 0)
    fail_msg("schema %s\ninstance %s\n got: %s\nwant: %s", schema, instance, got, want);
  assert_int_equal(rc, *want ? 0 : 1);
  free(got);
}

static void test_sonde_examples(void **state) {
  const char *user =
      "{\"type\":\"object\",\"required\":[\"id\",\"email\"],\"additionalProperties\":false,"
      "\"properties\":{\"id\":{\"type\":\"integer\",\"minimum\":1},"
      "\"name\":{\"type\":\"string\",\"minLength\":2,\"pattern\":\"^[A-Z]\"},"
      "\"email\":{\"type\":\"string\",\"format\":\"email\"},"
      "\"role\":{\"enum\":[\"admin\",\"user\"]},"
      "\"createdAt\":{\"type\":\"string\",\"format\":\"date-time\"},"
      "\"tags\":{\"type\":\"array\",\"items\":{\"type\":\"string\"},\"minItems\":1}}}";
  expect(user,
         "{\"id\":1,\"email\":\"a@example.com\",\"name\":\"Ada\",\"role\":\"admin\","
         "\"createdAt\":\"2024-05-01T10:00:00Z\",\"tags\":[\"x\"]}",
         "");
  expect(user, "{\"email\":\"a@example.com\"}",
         " must have required property 'id' [required /required]");
  expect(user, "{\"id\":0,\"email\":\"nope\"}",
         "/id must be >= 1 [minimum /properties/id/minimum]\n"
         "/email must be a valid email [format /properties/email/format]");
  expect(user, "{\"id\":\"1\",\"email\":\"a@example.com\",\"extra\":true}",
         "/id must be integer [type /properties/id/type]\n"
         " has unexpected property 'extra' [additionalProperties /additionalProperties]");
  expect(user, "{\"id\":2,\"email\":\"a@example.com\",\"name\":\"a\",\"role\":\"root\"}",
         "/name must NOT have fewer than 2 characters [minLength /properties/name/minLength]\n"
         "/name must match pattern \"^[A-Z]\" [pattern /properties/name/pattern]\n"
         "/role must be one of: admin, user [enum /properties/role/enum]");
  expect(user,
         "{\"id\":2,\"email\":\"a@example.com\",\"createdAt\":\"2024-02-30T10:00:00Z\","
         "\"tags\":[]}",
         "/createdAt must be a valid date-time [format /properties/createdAt/format]\n"
         "/tags must NOT have fewer than 1 items [minItems /properties/tags/minItems]");
  expect(user, "{\"id\":2,\"email\":\"a@example.com\",\"tags\":[\"a\",3]}",
         "/tags/1 must be string [type /properties/tags/items/type]");
}

static void test_nested_paths(void **state) {
  const char *list =
      "{\"type\":\"object\",\"properties\":{\"data\":{\"type\":\"array\","
      "\"items\":{\"type\":\"object\",\"required\":[\"email\"],\"properties\":"
      "{\"email\":{\"format\":\"email\"}}}}}}";
  expect(list, "{\"data\":[{\"email\":\"a@b.co\"},{\"email\":\"bad\"},{}]}",
         "/data/1/email must be a valid email [format "
         "/properties/data/items/properties/email/format]\n"
         "/data/2 must have required property 'email' [required /properties/data/items/required]");
  /* "/" and "~" in keys are escaped in both pointers */
  expect("{\"properties\":{\"a/b\":{\"properties\":{\"c~d\":{\"type\":\"null\"}}}}}",
         "{\"a/b\":{\"c~d\":1}}",
         "/a~1b/c~0d must be null [type /properties/a~1b/properties/c~0d/type]");
}

static void test_scalar_messages(void **state) {
  expect("{\"type\":[\"string\",\"null\"]}", "1", " must be string,null [type /type]");
  expect("{\"const\":{\"a\":1}}", "{\"a\":2}", " must be equal to constant [const /const]");
  expect("{\"enum\":[1,\"two\",null,[3]]}", "4", " must be one of: 1, two, null, [3] [enum /enum]");
  expect("{\"multipleOf\":0.5}", "1.25", " must be multiple of 0.5 [multipleOf /multipleOf]");
  expect("{\"maximum\":3}", "4", " must be <= 3 [maximum /maximum]");
  expect("{\"exclusiveMaximum\":3}", "3", " must be < 3 [exclusiveMaximum /exclusiveMaximum]");
  expect("{\"exclusiveMinimum\":1.5}", "1.5",
         " must be > 1.5 [exclusiveMinimum /exclusiveMinimum]");
  expect("{\"maxLength\":2}", "\"abc\"",
         " must NOT have more than 2 characters [maxLength /maxLength]");
  expect("{\"format\":\"uuid\"}", "\"x\"", " must be a valid uuid [format /format]");
  expect(" false", "1", " boolean schema is false [false schema ]");
}

static void test_object_array_messages(void **state) {
  expect("{\"maxProperties\":1}", "{\"a\":1,\"b\":2}",
         " must NOT have more than 1 properties [maxProperties /maxProperties]");
  expect("{\"minProperties\":1}", "{}",
         " must NOT have fewer than 1 properties [minProperties /minProperties]");
  expect("{\"dependentRequired\":{\"a\":[\"b\"]}}", "{\"a\":1}",
         " must have property 'b' when property 'a' is present [dependentRequired "
         "/dependentRequired]");
  expect("{\"propertyNames\":{\"maxLength\":2}}", "{\"abc\":1}",
         " property name 'abc' must NOT have more than 2 characters [maxLength "
         "/propertyNames/maxLength]");
  expect("{\"propertyNames\":false}", "{\"a\":1}",
         " property name 'a' is invalid [propertyNames /propertyNames]");
  expect("{\"maxItems\":1}", "[1,2]", " must NOT have more than 1 items [maxItems /maxItems]");
  expect(
      "{\"uniqueItems\":true}", "[1,2,1.0]",
      " must NOT have duplicate items (items ## 0 and 2 are identical) [uniqueItems /uniqueItems]");
  expect("{\"contains\":{\"type\":\"string\"}}", "[1]",
         " must contain at least 1 valid item(s) [contains /contains]");
  expect("{\"contains\":{\"type\":\"string\"},\"maxContains\":1}", "[\"a\",\"b\"]",
         " must contain at least 1 and no more than 1 valid item(s) [maxContains /maxContains]");
  expect("{\"prefixItems\":[{}],\"items\":false}", "[1,2]",
         " must NOT have more than 1 items [items /items]");
  expect("{\"unevaluatedProperties\":false,\"properties\":{\"a\":true}}", "{\"a\":1,\"b\":2}",
         " has unevaluated property 'b' [unevaluatedProperties /unevaluatedProperties]");
  expect("{\"prefixItems\":[true],\"unevaluatedItems\":false}", "[1,2,3]",
         " has unevaluated item 1 [unevaluatedItems /unevaluatedItems]");
}

static void test_combinator_messages(void **state) {
  /* anyOf lists each branch's errors, then its own */
  expect("{\"anyOf\":[{\"type\":\"string\"},{\"minimum\":5}]}", "1",
         " must be string [type /anyOf/0/type]\n"
         " must be >= 5 [minimum /anyOf/1/minimum]\n"
         " must match a schema in anyOf [anyOf /anyOf]");
  expect("{\"anyOf\":[{\"type\":\"string\"},{\"minimum\":5}]}", "6", "");
  expect("{\"oneOf\":[{\"minimum\":1},{\"minimum\":2}]}", "3",
         " must match exactly one schema in oneOf [oneOf /oneOf]");
  expect("{\"not\":{\"type\":\"integer\"}}", "1", " must NOT be valid [not /not]");
  expect("{\"if\":{\"minimum\":10},\"then\":{\"multipleOf\":10},\"else\":{\"maximum\":0}}", "15",
         " must be multiple of 10 [multipleOf /then/multipleOf]\n"
         " must match \"then\" schema [if /if]");
  expect("{\"if\":{\"minimum\":10},\"then\":{\"multipleOf\":10},\"else\":{\"maximum\":0}}", "5",
         " must be <= 0 [maximum /else/maximum]\n"
         " must match \"else\" schema [if /if]");
  /* errors behind $ref carry the target's schema path */
  expect("{\"$defs\":{\"pos\":{\"minimum\":0}},\"properties\":{\"n\":{\"$ref\":\"#/$defs/pos\"}}}",
         "{\"n\":-1}", "/n must be >= 0 [minimum /$defs/pos/minimum]");
}

static void test_numbers_and_strings(void **state) {
  expect("{\"const\":1}", "1.0", "");
  expect("{\"enum\":[2.0]}", "2", "");
  expect("{\"type\":\"integer\"}", "3.0", "");
  expect("{\"multipleOf\":0.01}", "19.99", "");
  expect("{\"multipleOf\":0.1}", "0.3", "");
  expect("{\"multipleOf\":0.0001}", "0.00751",
         " must be multiple of 0.0001 [multipleOf /multipleOf]");
  expect("{\"minimum\":9007199254740993}", "9007199254740992",
         " must be >= 9007199254740993 [minimum /minimum]");
  /* lengths count code points: two emoji are two characters */
  expect("{\"maxLength\":2}", "\"\\ud83d\\ude00\\ud83d\\ude00\"", "");
  expect("{\"minLength\":3}", "\"\\ud83d\\ude00\\ud83d\\ude00\"",
         " must NOT have fewer than 3 characters [minLength /minLength]");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_sonde_examples),      cmocka_unit_test(test_nested_paths),
      cmocka_unit_test(test_scalar_messages),     cmocka_unit_test(test_object_array_messages),
      cmocka_unit_test(test_combinator_messages), cmocka_unit_test(test_numbers_and_strings),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
