/* Unit tests for schema: the compile cache (keyed by content), invalid schemas and
 * unresolvable references (-1 with a message, never a crash), documents added to the
 * registry, dialect selection ($schema and the registry's default), format assertion
 * options, and schemas that recurse without consuming the instance. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "schema/schema.h"

static json_t *parse(const char *text) {
  json_error_t e;
  json_t *j = json_loads(text, JSON_DECODE_ANY, &e);
  if (!j) fail_msg("bad test JSON: %s: %s", text, e.text);
  return j;
}

/* schema_validate on text; the message of a -1 goes to *msg (caller frees) when given. */
static int check(schema_registry_t *reg, const char *schema, const char *instance, char **msg) {
  json_t *s = parse(schema), *i = parse(instance);
  sbuf_t err = SBUF_INIT;
  int rc = schema_validate(reg, s, i, NULL, &err);
  if (msg) *msg = sbuf_take(&err);
  sbuf_free(&err);
  json_decref(s);
  json_decref(i);
  return rc;
}

static void test_cache_by_content(void **state) {
  schema_registry_t *reg = schema_registry_new(NULL);
  json_t *a = parse("{\"type\":\"object\",\"properties\":{\"x\":{\"minimum\":1}}}");
  json_t *b = parse("{\"properties\":{\"x\":{\"minimum\":1}},\"type\":\"object\"}");
  json_t *c = parse("{\"type\":\"object\",\"properties\":{\"x\":{\"minimum\":1.0}}}");
  const schema_t *ca = schema_compile(reg, a, NULL);
  assert_non_null(ca);
  assert_ptr_equal(schema_compile(reg, b, NULL), ca); /* key order does not matter */
  const schema_t *cc = schema_compile(reg, c, NULL);
  assert_non_null(cc);
  assert_ptr_not_equal(cc, ca); /* 1 and 1.0 are different documents */
  /* the cache holds a copy: changing the caller's schema afterwards changes nothing */
  json_object_set_new(json_object_get(json_object_get(a, "properties"), "x"), "minimum",
                      json_integer(100));
  json_t *obj = json_pack("{s:i}", "x", 5);
  assert_int_equal(schema_validate_compiled(reg, ca, obj, NULL, NULL), 1);
  const schema_t *changed = schema_compile(reg, a, NULL);
  assert_ptr_not_equal(changed, ca);
  assert_int_equal(schema_validate_compiled(reg, changed, obj, NULL, NULL), 0);
  json_decref(obj);
  json_decref(a);
  json_decref(b);
  json_decref(c);
  schema_registry_free(reg);
}

static void test_invalid_schemas(void **state) {
  schema_registry_t *reg = schema_registry_new(NULL);
  static const struct {
    const char *schema, *message;
  } cases[] = {
      {"{\"type\":\"strin\"}", "invalid schema at /type: \"strin\" is not a JSON Schema type"},
      {"{\"type\":3}", "invalid schema at /type: must be a type name or an array of them"},
      {"{\"properties\":{\"a\":{\"minLength\":-1}}}",
       "invalid schema at /properties/a/minLength: must be a non-negative integer"},
      {"{\"required\":\"id\"}", "invalid schema at /required: must be an array of strings"},
      {"{\"minimum\":\"1\"}", "invalid schema at /minimum: must be a number"},
      {"{\"multipleOf\":0}", "invalid schema at /multipleOf: must be greater than 0"},
      {"{\"pattern\":\"(a\"}",
       "invalid schema at /pattern: \"(a\" is not a valid regular expression: unterminated group"},
      {"{\"items\":[{}]}",
       "invalid schema at /items: must be a schema (use prefixItems for a tuple)"},
      {"{\"allOf\":[]}", "invalid schema at /allOf: must be a non-empty array of schemas"},
      {"{\"properties\":{\"a\":3}}",
       "invalid schema at /properties/a: must be a schema (an object or a boolean)"},
      {"{\"$ref\":\"#/$defs/missing\"}",
       "invalid schema at /$ref: can't resolve reference \"#/$defs/missing\""},
      {"{\"properties\":{\"a\":{\"$ref\":\"http://example.com/nowhere.json\"}}}",
       "invalid schema at /properties/a/$ref: can't resolve reference "
       "\"http://example.com/nowhere.json\""},
      {"{\"$ref\":\"#nope\"}", "invalid schema at /$ref: can't resolve reference \"#nope\""},
      {"{\"$schema\":\"http://example.com/unknown-meta\"}",
       "unknown $schema \"http://example.com/unknown-meta\""},
      {"\"string\"", "invalid schema: a schema must be an object or a boolean"},
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    char *msg = NULL;
    assert_int_equal(check(reg, cases[k].schema, "1", &msg), -1);
    if (strcmp(msg, cases[k].message) != 0)
      fail_msg("schema %s\n got: %s\nwant: %s", cases[k].schema, msg, cases[k].message);
    free(msg);
    /* the failure is cached: the same message again */
    assert_int_equal(check(reg, cases[k].schema, "1", &msg), -1);
    assert_string_equal(msg, cases[k].message);
    free(msg);
  }
  /* a failed compilation leaves nothing half-built: a good schema sharing a remote works */
  json_t *remote =
      parse("{\"$defs\":{\"ok\":{\"type\":\"string\"},\"bad\":{\"$ref\":\"#/nowhere\"}}}");
  assert_int_equal(schema_registry_add(reg, "http://example.com/r.json", remote), 0);
  json_decref(remote);
  assert_int_equal(check(reg, "{\"$ref\":\"http://example.com/r.json#/$defs/bad\"}", "1", NULL),
                   -1);
  assert_int_equal(check(reg, "{\"$ref\":\"http://example.com/r.json#/$defs/ok\"}", "\"s\"", NULL),
                   1);
  assert_int_equal(check(reg, "{\"$ref\":\"http://example.com/r.json#/$defs/ok\"}", "1", NULL), 0);
  schema_registry_free(reg);
}

static void test_registry_documents(void **state) {
  schema_registry_t *reg = schema_registry_new(NULL);
  json_t *doc = parse(
      "{\"$id\":\"https://example.com/defs.json\",\"$defs\":{\"id\":{\"type\":\"integer\"},"
      "\"named\":{\"$anchor\":\"name\",\"type\":\"string\"}}}");
  assert_int_equal(schema_registry_add(reg, "https://example.com/defs.json", doc), 0);
  assert_int_equal(schema_registry_add(reg, "https://example.com/defs.json", doc), -1); /* taken */
  assert_int_equal(schema_registry_add(reg, "relative.json", doc), -1); /* not absolute */
  json_decref(doc);
  const char *s =
      "{\"properties\":{\"id\":{\"$ref\":\"https://example.com/defs.json#/$defs/id\"},"
      "\"name\":{\"$ref\":\"https://example.com/defs.json#name\"}}}";
  assert_int_equal(check(reg, s, "{\"id\":1,\"name\":\"a\"}", NULL), 1);
  assert_int_equal(check(reg, s, "{\"id\":\"1\"}", NULL), 0);
  assert_int_equal(check(reg, s, "{\"name\":2}", NULL), 0);
  schema_registry_free(reg);
}

static void test_dialects_and_formats(void **state) {
  /* 2020-12 by default: prefixItems applies, array-form items is an error */
  schema_registry_t *reg = schema_registry_new(NULL);
  assert_int_equal(check(reg, "{\"prefixItems\":[{\"type\":\"string\"}]}", "[1]", NULL), 0);
  assert_int_equal(check(reg,
                         "{\"$schema\":\"http://json-schema.org/draft-07/schema#\","
                         "\"items\":[{\"type\":\"string\"}]}",
                         "[1]", NULL),
                   0);
  /* draft 7: $ref siblings are ignored */
  assert_int_equal(
      check(reg,
            "{\"$schema\":\"http://json-schema.org/draft-07/schema#\","
            "\"definitions\":{\"a\":{}},\"$ref\":\"#/definitions/a\",\"type\":\"string\"}",
            "1", NULL),
      1);
  assert_int_equal(
      check(reg, "{\"$defs\":{\"a\":{}},\"$ref\":\"#/$defs/a\",\"type\":\"string\"}", "1", NULL),
      0);
  /* formats are asserted by default; unknown formats are ignored */
  assert_int_equal(check(reg, "{\"format\":\"email\"}", "\"not an email\"", NULL), 0);
  assert_int_equal(check(reg, "{\"format\":\"no-such-format\"}", "\"x\"", NULL), 1);
  schema_registry_free(reg);

  schema_options_t opts = {.assert_formats = false, .draft = SCHEMA_DRAFT_7};
  reg = schema_registry_new(&opts);
  assert_int_equal(check(reg, "{\"format\":\"email\"}", "\"not an email\"", NULL), 1);
  assert_int_equal(check(reg, "{\"items\":[{\"type\":\"string\"}]}", "[1]", NULL), 0);
  assert_int_equal(check(reg, "{\"prefixItems\":[{\"type\":\"string\"}]}", "[1]", NULL), 1);
  schema_registry_free(reg);
}

static void test_runaway_recursion(void **state) {
  schema_registry_t *reg = schema_registry_new(NULL);
  char *msg = NULL;
  assert_int_equal(
      check(reg,
            "{\"$defs\":{\"a\":{\"$ref\":\"#/$defs/b\"},\"b\":{\"$ref\":\"#/$defs/a\"}},"
            "\"$ref\":\"#/$defs/a\"}",
            "1", &msg),
      -1);
  assert_non_null(strstr(msg, "recurses"));
  free(msg);
  /* recursion that consumes the instance is fine */
  assert_int_equal(
      check(reg, "{\"type\":\"array\",\"items\":{\"$ref\":\"#\"}}", "[[[[[]]]],[]]", NULL), 1);
  assert_int_equal(
      check(reg, "{\"type\":\"array\",\"items\":{\"$ref\":\"#\"}}", "[[[[[1]]]]]", NULL), 0);
  /* an instance nested deeper than the validator goes: -1, not a stack overflow */
  json_t *deep = json_object();
  for (int k = 0; k < 5000; k++) deep = json_pack("{s:o}", "a", deep);
  json_t *s = parse(
      "{\"type\":\"object\",\"properties\":{\"a\":{\"$ref\":\"#\"}},"
      "\"unevaluatedProperties\":false}");
  schema_errors_t errs = {NULL, 0};
  assert_int_equal(schema_validate(reg, s, deep, &errs, NULL), -1);
  schema_errors_free(&errs);
  json_decref(s);
  json_decref(deep);
  /* a schema nested deeper than the compiler goes: -1 too */
  json_t *nested = json_true();
  for (int k = 0; k < 5000; k++) nested = json_pack("{s:o}", "not", nested);
  msg = NULL;
  sbuf_t err = SBUF_INIT;
  assert_int_equal(schema_validate(reg, nested, json_null(), NULL, &err), -1);
  assert_non_null(strstr(sbuf_cstr(&err), "nests too deeply"));
  sbuf_free(&err);
  json_decref(nested);
  schema_registry_free(reg);
}

static void test_errors_free_and_reuse(void **state) {
  schema_registry_t *reg = schema_registry_new(NULL);
  json_t *s = parse("{\"required\":[\"a\",\"b\"]}"), *i = parse("{}");
  schema_errors_t errs = {NULL, 0};
  assert_int_equal(schema_validate(reg, s, i, &errs, NULL), 0);
  assert_int_equal(errs.len, 2);
  assert_int_equal(schema_validate(reg, s, i, &errs, NULL), 0); /* appends */
  assert_int_equal(errs.len, 4);
  schema_errors_free(&errs);
  assert_int_equal(errs.len, 0);
  assert_null(errs.items);
  schema_errors_free(&errs); /* twice is fine */
  json_decref(s);
  json_decref(i);
  schema_registry_free(reg);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_cache_by_content),   cmocka_unit_test(test_invalid_schemas),
      cmocka_unit_test(test_registry_documents), cmocka_unit_test(test_dialects_and_formats),
      cmocka_unit_test(test_runaway_recursion),  cmocka_unit_test(test_errors_free_and_reuse),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
