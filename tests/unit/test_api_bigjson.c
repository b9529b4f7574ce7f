/* test_api_bigjson: a large JSON body parsed in runs (api_json_runs) gives what JSON.parse
 * gives: arrays of every element kind across several runs, an object around one big array
 * (its other members, a later duplicate of the array's name, a __proto__ member), and
 * nothing at all (NULL, body untouched) for shapes it leaves to JSON.parse. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "api/api_internal.h"

static JSGlobalContextRef ctx;

static int setup(void **state) {
  ctx = JSGlobalContextCreate(NULL);
  return 0;
}

static int teardown(void **state) {
  JSGlobalContextRelease(ctx);
  return 0;
}

static char *stringify(JSValueRef v) {
  JSStringRef s = JSValueCreateJSONString(ctx, v, 0, NULL);
  assert_non_null(s);
  size_t max = JSStringGetMaximumUTF8CStringSize(s);
  char *out = malloc(max);
  JSStringGetUTF8CString(s, out, max);
  JSStringRelease(s);
  return out;
}

/* api_json_runs on a copy of `json`, compared with JSON.parse's value (through stringify,
 * and the prototype of the result). */
static void check_same(const char *json) {
  size_t len = strlen(json);
  char *body = malloc(len + 1);
  memcpy(body, json, len + 1);
  JSValueRef exc = NULL;
  JSValueRef got = api_json_runs(ctx, body, len, &exc);
  assert_null(exc);
  assert_non_null(got);
  JSStringRef str = JSStringCreateWithUTF8CString(json);
  JSValueRef want = JSValueMakeFromJSONString(ctx, str);
  JSStringRelease(str);
  char *a = stringify(got), *b = stringify(want);
  if (strcmp(a, b) != 0) fail_msg("runs gave %.300s\nJSON.parse gave %.300s", a, b);
  assert_true(JSValueIsStrictEqual(ctx, JSObjectGetPrototype(ctx, (JSObjectRef)got),
                                   JSObjectGetPrototype(ctx, (JSObjectRef)want)));
  free(a);
  free(b);
  free(body);
}

static void check_left(const char *json) {
  size_t len = strlen(json);
  char *body = strdup(json);
  JSValueRef exc = NULL;
  assert_null(api_json_runs(ctx, body, len, &exc));
  assert_null(exc);
  assert_string_equal(body, json); /* untouched */
  free(body);
}

static void test_arrays(void **state) {
  check_same("[]");
  check_same(" [ 1 , \"two\" , {\"three\": [3]} , [4, [5]] , null , true , -6.5e2 ] ");
  check_same("[\"d\xc3\xa9j\xc3\xa0\", \"\\u00e9\\n\\\"\", {\"__proto__\": 1}]");
  /* Some megabytes: many runs of elements, their pages given back as they go. */
  sbuf_t big = SBUF_INIT;
  sbuf_puts(&big, "[");
  for (int i = 0; i < 60000; i++)
    sbuf_printf(&big, "%s{\"id\":%d,\"name\":\"item %d\",\"tags\":[\"a\",\"b\"],\"ok\":%s}",
                i ? "," : "", i, i, i % 2 ? "true" : "false");
  sbuf_puts(&big, "]");
  check_same(big.data);
  sbuf_free(&big);
}

static void test_objects(void **state) {
  sbuf_t arr = SBUF_INIT;
  sbuf_puts(&arr, "[");
  for (int i = 0; i < 1000; i++) sbuf_printf(&arr, "%s[%d, \"x\"]", i ? "," : "", i);
  sbuf_puts(&arr, "]");
  char *wrapped = xasprintf("{\"total\": 3, \"items\": %s, \"next\": null}", arr.data);
  check_same(wrapped);
  /* A later member of the array's name wins, as in JSON.parse. */
  char *dup = xasprintf("{\"items\": %s, \"items\": 7}", arr.data);
  check_same(dup);
  /* Under __proto__ the array is an own property, as JSON.parse makes it. */
  char *proto = xasprintf("{\"__proto__\": %s}", arr.data);
  check_same(proto);
  free(wrapped);
  free(dup);
  free(proto);
  sbuf_free(&arr);
}

static void test_left_to_json_parse(void **state) {
  check_left("42");
  check_left("\"text\"");
  check_left("{\"a\": [1], \"b\": \"a long string member, longer than the array\"}");
  check_left("{}");
  check_left("[1, 2,]"); /* invalid: JSON.parse says why */
  check_left("[1] [2]");
  check_left("{\"a\": [1, 2, 3]");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_arrays),
      cmocka_unit_test(test_objects),
      cmocka_unit_test(test_left_to_json_parse),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
