/* Unit tests for schema: format assertions (the values sonde users check most: email,
 * date-time, uri, uuid, ipv4/ipv6, hostname) and ECMAScript pattern semantics on PCRE2
 * (\s, \d, \w, $, ., \u escapes, [^], \p{...}) plus what format "regex" rejects. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "schema/schema.h"

static schema_registry_t *reg;

static int setup(void **state) {
  reg = schema_registry_new(NULL);
  return 0;
}

static int teardown(void **state) {
  schema_registry_free(reg);
  return 0;
}

/* 1 valid, 0 invalid, -1 schema error, for {key: value} against a JSON string text. */
static int check_kw(const char *key, const char *value, const char *instance_json) {
  json_error_t e;
  json_t *schema = json_pack("{s:s}", key, value);
  json_t *inst = json_loads(instance_json, JSON_DECODE_ANY | JSON_ALLOW_NUL, &e);
  if (!inst) fail_msg("bad test JSON %s", instance_json);
  int rc = schema_validate(reg, schema, inst, NULL, NULL);
  json_decref(schema);
  json_decref(inst);
  return rc;
}

typedef struct {
  const char *value; /* JSON text of the instance */
  int want;
} case_t;

static void run_cases(const char *key, const char *value, const case_t *cases, size_t n) {
  for (size_t i = 0; i < n; i++) {
    int got = check_kw(key, value, cases[i].value);
    if (got != cases[i].want)
      fail_msg("%s %s on %s: got %d, want %d", key, value, cases[i].value, got, cases[i].want);
  }
}
#define RUN(key, value, cases) run_cases(key, value, cases, sizeof cases / sizeof cases[0])

static void test_email(void **state) {
  static const case_t cases[] = {
      {"\"joe.bloggs@example.com\"", 1},
      {"\"first.last+tag@sub.example.co.uk\"", 1},
      {"\"\\\"quoted local\\\"@example.com\"", 1},
      {"\"user@[127.0.0.1]\"", 1},
      {"\"user@[IPv6:::1]\"", 1},
      {"\"plainaddress\"", 0},
      {"\"@example.com\"", 0},
      {"\"user@\"", 0},
      {"\"user@@example.com\"", 0},
      {"\".user@example.com\"", 0},
      {"\"us..er@example.com\"", 0},
      {"\"user@exa_mple.com\"", 0},
      {"\"user name@example.com\"", 0},
      {"\"user@example.com \"", 0},
      {"\"user@-example.com\"", 0},
      {"42", 1},
  };
  RUN("format", "email", cases);
}

static void test_date_time(void **state) {
  static const case_t cases[] = {
      {"\"2024-05-01T10:00:00Z\"", 1},     {"\"2024-05-01T10:00:00.123+02:00\"", 1},
      {"\"2024-02-29t23:59:59z\"", 1},     {"\"2016-12-31T23:59:60Z\"", 1},
      {"\"2023-02-29T10:00:00Z\"", 0},     {"\"2024-05-01 10:00:00Z\"", 0},
      {"\"2024-05-01T10:00:00\"", 0},      {"\"2024-05-01T24:00:00Z\"", 0},
      {"\"2024-05-01T10:00:00+0200\"", 0}, {"\"2024-5-01T10:00:00Z\"", 0},
      {"\"2024-05-01T10:00:60Z\"", 0},
  };
  RUN("format", "date-time", cases);
  static const case_t dates[] = {
      {"\"2024-02-29\"", 1}, {"\"1900-02-29\"", 0}, {"\"2024-13-01\"", 0}};
  RUN("format", "date", dates);
  static const case_t times[] = {{"\"10:00:00Z\"", 1}, {"\"10:00:00\"", 0}, {"\"10:00Z\"", 0}};
  RUN("format", "time", times);
  static const case_t durations[] = {
      {"\"P1Y2M3DT4H5M6S\"", 1}, {"\"PT0S\"", 1},  {"\"P2W\"", 1}, {"\"P\"", 0},
      {"\"P1Y2D\"", 0},          {"\"PT1.5S\"", 0}};
  RUN("format", "duration", durations);
}

static void test_network_formats(void **state) {
  static const case_t uri[] = {
      {"\"https://example.com/a/b?c=d#e\"", 1},
      {"\"urn:isbn:0451450523\"", 1},
      {"\"mailto:a@b.c\"", 1},
      {"\"/relative\"", 0},
      {"\"http://exa mple.com\"", 0},
      {"\"http://[::1]:8080/\"", 1},
      {"\"http://example.com/%zz\"", 0},
  };
  RUN("format", "uri", uri);
  static const case_t ref[] = {
      {"\"../a?b#c\"", 1}, {"\"#frag\"", 1}, {"\"a:b:c\"", 1}, {"\"\\\\\\\\share\"", 0}};
  RUN("format", "uri-reference", ref);
  static const case_t uuid[] = {{"\"123e4567-e89b-12d3-a456-426614174000\"", 1},
                                {"\"123e4567e89b12d3a456426614174000\"", 0},
                                {"\"123e4567-e89b-12d3-a456-42661417400g\"", 0}};
  RUN("format", "uuid", uuid);
  static const case_t v4[] = {
      {"\"192.168.0.1\"", 1}, {"\"192.168.0.256\"", 0}, {"\"01.2.3.4\"", 0}, {"\"1.2.3\"", 0}};
  RUN("format", "ipv4", v4);
  static const case_t v6[] = {{"\"::1\"", 1},
                              {"\"2001:db8::8a2e:370:7334\"", 1},
                              {"\"::ffff:1.2.3.4\"", 1},
                              {"\"1::2::3\"", 0},
                              {"\"12345::\"", 0}};
  RUN("format", "ipv6", v6);
  static const case_t host[] = {
      {"\"example.com\"", 1},
      {"\"a-b.example\"", 1},
      {"\"-a.example\"", 0},
      {"\"a..b\"", 0},
      {"\"xn--bcher-kva.example\"", 1},
      {"\"xn--X\"", 0},
      {"\"b\\u00fccher.example\"", 0},
  };
  RUN("format", "hostname", host);
  static const case_t idn[] = {{"\"b\\u00fccher.example\"", 1},
                               {"\"\\uc2e4\\ub840.\\ud14c\\uc2a4\\ud2b8\"", 1},
                               {"\"\\u302e\\uc2e4\\ub840\"", 0}};
  RUN("format", "idn-hostname", idn);
  static const case_t ptr[] = {{"\"/a/b~0c/~1\"", 1}, {"\"\"", 1}, {"\"a/b\"", 0}, {"\"/~2\"", 0}};
  RUN("format", "json-pointer", ptr);
  static const case_t tmpl[] = {{"\"/users/{id}{?q,page}\"", 1}, {"\"/users/{id\"", 0}};
  RUN("format", "uri-template", tmpl);
}

static void test_pattern_semantics(void **state) {
  static const case_t space[] = {{"\" \"", 1},       {"\"\\u00a0\"", 1}, {"\"\\u2003\"", 1},
                                 {"\"\\ufeff\"", 1}, {"\"\\u2028\"", 1}, {"\"x\"", 0}};
  RUN("pattern", "^\\s$", space);
  static const case_t nonspace[] = {{"\"\\u00a0\"", 0}, {"\"x\"", 1}, {"\"\\u2013\"", 1}};
  RUN("pattern", "^[\\S]$", nonspace);
  static const case_t digit[] = {{"\"42\"", 1}, {"\"\\u0664\\u0662\"", 0}};
  RUN("pattern", "^\\d+$", digit);
  static const case_t word[] = {{"\"abc_1\"", 1}, {"\"\\u00e9\"", 0}};
  RUN("pattern", "^\\w+$", word);
  static const case_t dollar[] = {{"\"abc\"", 1}, {"\"abc\\n\"", 0}};
  RUN("pattern", "^abc$", dollar);
  static const case_t dot[] = {
      {"\"a\"", 1}, {"\"\\u2028\"", 0}, {"\"\\r\"", 0}, {"\"\\ud83d\\ude00\"", 1}};
  RUN("pattern", "^.$", dot);
  static const case_t uesc[] = {{"\"\\ud83d\\ude00\"", 1}, {"\"x\"", 0}};
  RUN("pattern", "^\\uD83D\\uDE00$", uesc);
  RUN("pattern", "^\\u{1F600}$", uesc);
  static const case_t anything[] = {{"\"\\n\"", 1}, {"\"\"", 0}};
  RUN("pattern", "[^]", anything);
  static const case_t letters[] = {{"\"\\u00e9t\\u00e9\"", 1}, {"\"42\"", 0}};
  RUN("pattern", "^\\p{Letter}+$", letters);
  RUN("pattern", "^\\p{L}+$", letters);
  static const case_t ctrl[] = {{"\"\\u0003\"", 1}, {"\"c\"", 0}};
  RUN("pattern", "^\\cC$", ctrl);
  static const case_t backref[] = {{"\"abab\"", 1}, {"\"abba\"", 0}};
  RUN("pattern", "^(?<x>ab)\\k<x>$", backref);
  /* unanchored: a match anywhere counts */
  static const case_t search[] = {{"\"xxabcxx\"", 1}};
  RUN("pattern", "abc", search);
  /* an invalid pattern makes the schema invalid */
  assert_int_equal(check_kw("pattern", "a{2,1}", "\"a\""), -1);
  assert_int_equal(check_kw("pattern", "\\a", "\"a\""), -1);
}

static void test_format_regex(void **state) {
  static const case_t cases[] = {
      {"\"^[a-z]+(?:-[a-z]+)*$\"", 1},
      {"\"(?<year>\\\\d{4})\"", 1},
      {"\"(?<=a+)b\"", 1},
      {"\"[]\"", 1},
      {"\"\\\\cA\"", 1},
      {"\"^(abc]\"", 0},
      {"\"\\\\a\"", 0},
      {"\"(?i)abc\"", 0},
      {"\"(?P<n>x)\"", 0},
      {"\"a**\"", 0},
      {"\"[z-a]\"", 0},
      {"\"\\\\1(a)\"", 1},
      {"\"\\\\2(a)\"", 0},
      {"\"{\"", 0},
      {"\"x{1}\"", 1},
  };
  RUN("format", "regex", cases);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_email),           cmocka_unit_test(test_date_time),
      cmocka_unit_test(test_network_formats), cmocka_unit_test(test_pattern_semantics),
      cmocka_unit_test(test_format_regex),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
