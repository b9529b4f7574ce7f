/* Unit tests for openapi's coverage (coverage.c): merged reports give the same table and
 * openapi-coverage.json whatever order the workers or shards reported them in (documents
 * by name, operations in document order), and openapi_cov_valid refuses what is not a
 * coverage document, saying where. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "openapi/openapi.h"

static json_t *report(const char *name, json_int_t calls) {
  return json_pack("{sss[{sss[{sssIsIsI}]sI}{sss[{sssIsIsI}]sI}]sI}", "document", name,
                   "operations", "operation", "GET /b", "responses", "response", "200", "calls",
                   calls, "conforming", calls, "violated", (json_int_t)0, "undocumentedStatus",
                   (json_int_t)0, "operation", "GET /a", "responses", "response", "200", "calls",
                   (json_int_t)0, "conforming", (json_int_t)0, "violated", (json_int_t)0,
                   "undocumentedStatus", (json_int_t)1, "unmatched", (json_int_t)0);
}

/* The table and the JSON document of reports merged in the order given. */
static void merged(const char *const *names, size_t n, char **table, char **json) {
  json_t *acc = json_object();
  for (size_t i = 0; i < n; i++) {
    json_t *r = report(names[i], (json_int_t)strlen(names[i]));
    openapi_cov_merge(acc, r);
    json_decref(r);
  }
  sbuf_t t = SBUF_INIT;
  openapi_cov_table(acc, &t);
  *table = sbuf_take(&t);
  json_t *doc = openapi_cov_document(acc);
  *json = json_dumps(doc, JSON_COMPACT);
  json_decref(doc);
  json_decref(acc);
}

static void test_order(void **state) {
  static const char *const forward[] = {"s1.yaml", "s2.yaml", "s3.yaml", "s1.yaml"};
  static const char *const backward[] = {"s3.yaml", "s1.yaml", "s2.yaml", "s1.yaml"};
  char *t1, *j1, *t2, *j2;
  merged(forward, 4, &t1, &j1);
  merged(backward, 4, &t2, &j2);
  assert_string_equal(t1, t2);
  assert_string_equal(j1, j2);
  /* by name; operations as the document lists them (GET /b before GET /a) */
  char *s1 = strstr(t1, "coverage of s1.yaml"), *s2 = strstr(t1, "coverage of s2.yaml"),
       *s3 = strstr(t1, "coverage of s3.yaml");
  assert_true(s1 && s2 && s3 && s1 < s2 && s2 < s3);
  assert_non_null(strstr(t1,
                         "coverage of s1.yaml: 1 of 2 documented responses exercised (50.0%)\n"
                         "  GET /b  200      14 calls\n"
                         "  GET /a  200      never called\n"));
  assert_true(strstr(j1, "\"s1.yaml\"") < strstr(j1, "\"s2.yaml\""));
  free(t1);
  free(j1);
  free(t2);
  free(j2);
}

/* openapi_cov_valid's answer for JSON text: "" when valid, else why. */
static char *why_invalid(const char *text) {
  json_t *v = json_loads(text, JSON_DECODE_ANY, NULL);
  assert_non_null(v);
  sbuf_t why = SBUF_INIT;
  bool ok = openapi_cov_valid(v, &why);
  json_decref(v);
  if (ok) assert_int_equal(why.len, 0);
  return sbuf_take(&why);
}

static void test_valid(void **state) {
  static const struct {
    const char *text, *why;
  } cases[] = {
      {"{\"document\": \"x\", \"operations\": [], \"unmatched\": 0}", ""},
      {"{\"document\": \"x\", \"operations\": [{\"operation\": \"GET /\", \"responses\": "
       "[{\"response\": \"200\", \"calls\": 2}]}], \"percent\": 50.0}",
       ""},
      {"1", " must be an object with a \"document\" name"},
      {"{\"operations\": []}", " must be an object with a \"document\" name"},
      {"{\"document\": \"x\", \"operations\": 7}", ".operations must be an array"},
      {"{\"document\": \"x\", \"operations\": [], \"unmatched\": -1}",
       ".unmatched must be a count"},
      {"{\"document\": \"x\", \"operations\": [1]}", ".operations[0] must be an object"},
      {"{\"document\": \"x\", \"operations\": [{\"operation\": \"GET /\", \"responses\": "
       "[{\"response\": \"200\", \"calls\": \"2\"}]}]}",
       ".operations[0].responses[0] must be an object with a \"response\" key and counts"},
      {"{\"document\": \"x\", \"operations\": [{\"operation\": \"GET /\", \"responses\": "
       "[{\"response\": \"200\"}]}]}",
       ".operations[0].responses[0] must be"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char *why = why_invalid(cases[i].text);
    if (*cases[i].why ? strstr(why, cases[i].why) != why : *why)
      fail_msg("%s: got \"%s\", want \"%s\"", cases[i].text, why, cases[i].why);
    free(why);
  }
}

/* Two shards' files at the largest count: the sum stays there (it overflowed: UB). */
static void test_huge_counts(void **state) {
  (void)state;
  const char *text =
      "{\"document\": \"x\", \"unmatched\": 9223372036854775807, "
      "\"operations\": [{\"operation\": \"GET /\", \"responses\": "
      "[{\"response\": \"200\", \"calls\": 9223372036854775807}]}]}";
  json_t *shard = json_loads(text, 0, NULL);
  assert_non_null(shard);
  json_t *acc = json_object();
  openapi_cov_merge(acc, shard);
  openapi_cov_merge(acc, shard);
  json_t *doc = json_object_get(acc, "x");
  assert_true(json_integer_value(json_object_get(doc, "unmatched")) == 9223372036854775807LL);
  json_t *r = json_array_get(
      json_object_get(json_array_get(json_object_get(doc, "operations"), 0), "responses"), 0);
  assert_true(json_integer_value(json_object_get(r, "calls")) == 9223372036854775807LL);
  json_decref(acc);
  json_decref(shard);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_order),
      cmocka_unit_test(test_valid),
      cmocka_unit_test(test_huge_counts),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
