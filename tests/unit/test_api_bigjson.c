/* test_api_bigjson: a large JSON body parsed in runs (api_json_runs) gives what JSON.parse
 * gives, compared in depth (own keys in order, descriptors, prototypes, Object.is for
 * numbers), with runs from one byte (every member its own run, every container walked)
 * to the size in use: arrays of every element kind, arrays of arrays, objects around a big
 * array at any depth, objects of many members, repeated names within and across runs,
 * `__proto__` and other inherited names, integer-like keys, escapes and lone surrogates;
 * and nothing at all (NULL, body untouched) for what it leaves to JSON.parse. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "api/api_internal.h"

static JSGlobalContextRef ctx;
static JSObjectRef same_fn; /* (a, b) => whether a and b are the same in depth */

/* Deep equality strict enough to tell a parse apart from JSON.parse's. */
static const char same_js[] =
    "(function same(a, b) {\n"
    "  if (typeof a !== typeof b) return false;\n"
    "  if (a === null || typeof a !== 'object') return Object.is(a, b);\n"
    "  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;\n"
    "  if (Array.isArray(a) !== Array.isArray(b)) return false;\n"
    "  const ka = Reflect.ownKeys(a), kb = Reflect.ownKeys(b);\n"
    "  if (ka.length !== kb.length) return false;\n"
    "  for (let i = 0; i < ka.length; i++) {\n"
    "    if (ka[i] !== kb[i]) return false;\n"
    "    const da = Object.getOwnPropertyDescriptor(a, ka[i]);\n"
    "    const db = Object.getOwnPropertyDescriptor(b, kb[i]);\n"
    "    if (da.writable !== db.writable || da.enumerable !== db.enumerable ||\n"
    "        da.configurable !== db.configurable || !same(da.value, db.value)) return false;\n"
    "  }\n"
    "  return true;\n"
    "})";

static int setup(void **state) {
  ctx = JSGlobalContextCreate(NULL);
  JSStringRef src = JSStringCreateWithUTF8CString(same_js);
  JSValueRef fn = JSEvaluateScript(ctx, src, NULL, NULL, 1, NULL);
  JSStringRelease(src);
  assert_non_null(fn);
  same_fn = (JSObjectRef)fn;
  JSValueProtect(ctx, same_fn);
  return 0;
}

static int teardown(void **state) {
  JSValueUnprotect(ctx, same_fn);
  JSGlobalContextRelease(ctx);
  return 0;
}

static char *stringify(JSValueRef v) {
  JSStringRef s = JSValueCreateJSONString(ctx, v, 0, NULL);
  if (!s) return strdup("(not JSON)");
  size_t max = JSStringGetMaximumUTF8CStringSize(s);
  char *out = malloc(max);
  JSStringGetUTF8CString(s, out, max);
  JSStringRelease(s);
  return out;
}

/* api_json_runs on a copy of `json` in runs of `run` bytes, compared with JSON.parse's. */
static void check_same_run(const char *json, size_t run) {
  size_t len = strlen(json);
  char *body = malloc(len + 1);
  memcpy(body, json, len + 1);
  JSValueRef exc = NULL;
  JSValueRef got = api_json_runs(ctx, body, len, run, &exc);
  assert_null(exc);
  assert_non_null(got);
  JSStringRef str = JSStringCreateWithUTF8CString(json);
  JSValueRef want = JSValueMakeFromJSONString(ctx, str);
  JSStringRelease(str);
  assert_non_null(want);
  JSValueRef args[2] = {got, want};
  JSValueRef same = JSObjectCallAsFunction(ctx, same_fn, NULL, 2, args, NULL);
  if (!same || !JSValueToBoolean(ctx, same)) {
    char *a = stringify(got), *b = stringify(want);
    fail_msg("runs of %zu bytes gave %.300s\nJSON.parse gave %.300s", run, a, b);
  }
  free(body);
}

/* The same in runs of every size that walks it differently, and the size in use. */
static void check_same(const char *json) {
  static const size_t runs[] = {1, 2, 5, 16, 64, 4096, API_JSON_RUN};
  for (size_t k = 0; k < sizeof runs / sizeof runs[0]; k++) check_same_run(json, runs[k]);
}

static void check_left(const char *json) {
  size_t len = strlen(json);
  char *body = strdup(json);
  JSValueRef exc = NULL;
  assert_null(api_json_runs(ctx, body, len, 1, &exc));
  assert_null(exc);
  assert_string_equal(body, json); /* untouched */
  free(body);
}

/* `count` items of the generated shape, joined by commas (malloc'd). */
static char *items(int count, bool keyed) {
  sbuf_t b = SBUF_INIT;
  for (int i = 0; i < count; i++) {
    if (i) sbuf_puts(&b, ",");
    if (keyed) sbuf_printf(&b, "\"k%d\":", i);
    sbuf_printf(&b, "{\"id\":%d,\"name\":\"item %d\",\"tags\":[\"a\",\"b\"],\"ok\":%s}", i, i,
                i % 2 ? "true" : "false");
  }
  return b.data ? b.data : strdup("");
}

static void test_arrays(void **state) {
  check_same("[]");
  check_same("[[]]");
  check_same(" [ 1 , \"two\" , {\"three\": [3]} , [4, [5]] , null , true , -6.5e2 ] ");
  check_same(
      "[\"d\xc3\xa9j\xc3\xa0\", \"\\u00e9\\n\\\"\", {\"__proto__\": 1}, \"\xf0\x9f\x98\x80\"]");
  /* Numbers as JSON.parse reads them: -0, beyond double range, past 2^53. */
  check_same("[-0, 0, 1e400, -1e400, 12345678901234567890, 0.1, 5e-324, 1E+2]");
  /* Text past ASCII is handed to the engine 8-bit, characters beyond Latin-1 escaped:
   * Latin-1, CJK, U+2028, astral, escapes beside raw characters, in values and keys. */
  check_same(
      "[\t\"\xc3\xbc\\\\\\\"\\t\xc2\xbb\", {\"\xe6\x97\xa5\xe6\x9c\xac\": "
      "\"\xe2\x80\xa8\xe2\x80\x99\"},"
      " \"\xf0\x9f\x98\x80\\ud83d\\ude00\xc3\xa9\", {\"d\xc3\xa9j\xc3\xa0\": "
      "[\"\\u00e9\\\\u00e9\"]}]\n");
  /* Lone surrogates and escapes stay as they are, in values and keys. */
  check_same("[\"\\ud800\", \"\\udc00x\", \"\\ud83d\\ude00\", {\"\\ud800\": \"\\u0000\"}]");
  /* Arrays of arrays: each inner array walked in turn. */
  check_same("[[1, [2, [3, [4, []]]]], [[5, 6], [7]], {\"a\": [[8]]}]");
  /* Some megabytes: many runs of elements, their pages given back as they go. */
  char *many = items(60000, false);
  char *json = xasprintf("[%s]", many);
  check_same_run(json, API_JSON_RUN);
  check_same_run(json, 4096);
  char *nested = xasprintf("[[%s], [%s]]", many, many);
  check_same_run(nested, API_JSON_RUN);
  free(nested);
  free(json);
  free(many);
}

static void test_objects(void **state) {
  check_same("{}");
  check_same("{\"a\": {}}");
  char *arr = items(300, false);
  /* Wrappers at any depth, the big array before, between or after other members. */
  const char *const shapes[] = {
      "{\"total\": 3, \"items\": [%s], \"next\": null}",
      "{\"data\": {\"items\": [%s]}}",
      "{\"meta\": {\"page\": 1, \"sort\": [\"id\"]}, \"results\": {\"page\": 1, \"rows\": [%s]}}",
      "[{\"rows\": [%s]}]",
      "{\"a\": [[%s]], \"b\": [{\"c\": [%s]}]}",
      /* A later member of the array's name wins, in the first one's place. */
      "{\"items\": [%s], \"x\": 1, \"items\": 7}",
      "{\"items\": 7, \"x\": 1, \"items\": [%s]}",
      "{\"items\": [%s], \"items\": [%s]}",
      /* Under __proto__ the value is an own property, as JSON.parse makes it. */
      "{\"__proto__\": [%s]}",
      "{\"a\": 1, \"b\": [%s], \"__proto__\": {\"x\": [%s]}, \"toString\": 2, \"constructor\": 3}",
      /* Integer-like keys come first whatever the runs. */
      "{\"b\": 1, \"2\": [%s], \"1\": 2, \"a\": [%s], \"0\": 3, \"4294967295\": 4, \"-1\": 5}",
      "{\"\": [%s], \"\\u0041\": 1, \"A\": 2, \"d\xc3\xa9j\xc3\xa0\": 3}",
  };
  for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
    char *json = xasprintf(shapes[k], arr, arr);
    check_same(json);
    free(json);
  }
  /* An object of many members, with names repeated across runs. */
  char *keyed = items(2000, true);
  char *json =
      xasprintf("{\"k5\": 0, %s, \"k7\": [1], \"__proto__\": null, \"k1999\": \"last\"}", keyed);
  check_same(json);
  free(json);
  free(keyed);
  free(arr);
}

static void test_left_to_json_parse(void **state) {
  /* A long string (a sixteenth of the body or more, over API_JSON_RUN) at any depth the
   * walk goes: it would be parsed whole from a copy widened to UTF-16, more than one
   * JSON.parse of the text. */
  char *many = items(300, false);
  sbuf_t blob = SBUF_INIT;
  for (int i = 0; i < 300000; i++) sbuf_puts(&blob, "QUJD"); /* 1.2 MB */
  char *json = xasprintf("{\"rows\": [%s], \"file\": {\"base64\": \"%s\"}}", many, blob.data);
  check_left(json);
  free(json);
  json = xasprintf("[%s, \"%s\"]", many, blob.data);
  check_left(json);
  free(json);
  /* Shorter, it is one more value of a run. */
  json = xasprintf("[%s, \"%.400s\"]", many, blob.data);
  check_same(json);
  free(json);
  sbuf_free(&blob);
  free(many);
  check_left("42");
  check_left("\"text\"");
  check_left("null");
  check_left("[1, 2,]"); /* invalid: JSON.parse says why */
  check_left("[1] [2]");
  check_left("{\"a\": [1, 2, 3]");
  check_left("{\"a\" 1}");
  check_left("{\"a\": 1,}");
  check_left("[\"\\x\"]");
  check_left("");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_arrays),
      cmocka_unit_test(test_objects),
      cmocka_unit_test(test_left_to_json_parse),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
