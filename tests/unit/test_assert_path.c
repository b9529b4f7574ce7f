/* Unit tests for assert/assert_path: parsing property paths (dots, [index], quoted keys,
 * numbers as keys) and their syntax errors, the canonical form messages print, resolution
 * on JS values with the exact reason it stops, and the reason texts. Resolution tests own a
 * fresh global context each, released in teardown (clean under ASan/LSan). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "assert/assert_path.h"
#include "common/sbuf.h"
#include "js/jsutil.h"

/* "a|#0|b": keys as written, #n for an index segment. */
static char *describe(const assert_path_t *p) {
  sbuf_t b = SBUF_INIT;
  for (size_t i = 0; i < p->len; i++) {
    if (i) sbuf_putc(&b, '|');
    if (p->segs[i].index) sbuf_printf(&b, "#%zu", p->segs[i].n);
    else sbuf_puts(&b, p->segs[i].key);
  }
  return sbuf_take(&b);
}

static void expect_parse(const char *text, const char *want) {
  assert_path_t p;
  sbuf_t err = SBUF_INIT;
  if (assert_path_parse(text, &p, &err) != 0) fail_msg("parse \"%s\": %s", text, sbuf_cstr(&err));
  char *got = describe(&p);
  if (strcmp(got, want) != 0) print_error("for %s\n", text);
  assert_string_equal(got, want);
  free(got);
  assert_path_free(&p);
  sbuf_free(&err);
}

static void expect_parse_error(const char *text, const char *want) {
  assert_path_t p;
  sbuf_t err = SBUF_INIT;
  assert_int_equal(assert_path_parse(text, &p, &err), -1);
  assert_null(p.segs);
  if (strcmp(sbuf_cstr(&err), want) != 0) print_error("for %s\n", text);
  assert_string_equal(sbuf_cstr(&err), want);
  sbuf_free(&err);
}

static void test_parse(void **state) {
  expect_parse("a", "a");
  expect_parse("user.name", "user|name");
  expect_parse("a[0].b", "a|#0|b");
  expect_parse("data[0].tags[1].name", "data|#0|tags|#1|name");
  expect_parse("[2]", "#2");
  expect_parse("[0][1]", "#0|#1");
  expect_parse("['a.b']", "a.b");
  expect_parse("[\"x\"]", "x");
  expect_parse("a['it\\'s'].b", "a|it's|b");
  expect_parse("a[\"[0]\"]", "a|[0]");
  expect_parse("[ 3 ]", "#3");
  expect_parse("a[key]", "a|key");
  expect_parse("a[01]", "a|01");
  expect_parse("items.0.id", "items|0|id");
  expect_parse("$ref.x-y", "$ref|x-y");
  expect_parse("héllo.wörld", "héllo|wörld");
}

static void test_parse_numbers(void **state) {
  assert_path_t p;
  sbuf_t err = SBUF_INIT;
  assert_int_equal(assert_path_parse("a.10[3].012", &p, &err), 0);
  assert_int_equal(p.len, 4);
  /* "10" written as a key is still an array index when the value is an array. */
  assert_false(p.segs[1].index);
  assert_true(p.segs[1].numeric);
  assert_int_equal(p.segs[1].n, 10);
  assert_true(p.segs[2].index);
  assert_int_equal(p.segs[2].n, 3);
  assert_false(p.segs[3].numeric);
  assert_path_free(&p);
  sbuf_free(&err);
}

static void test_parse_errors(void **state) {
  expect_parse_error("", "the path is empty");
  expect_parse_error("a..b", "empty key at position 2 of \"a..b\"");
  expect_parse_error(".a", "empty key at position 0 of \".a\"");
  expect_parse_error("a.", "empty key at position 2 of \"a.\"");
  expect_parse_error("a[0", "unterminated '[' at position 1 of \"a[0\"");
  expect_parse_error("a['x]", "unterminated quoted key at position 1 of \"a['x]\"");
  expect_parse_error("a['x'y]", "expected ']' at position 5 of \"a['x'y]\"");
  expect_parse_error("a]", "unexpected ']' at position 1 of \"a]\"");
  expect_parse_error("a[]", "empty brackets at position 1 of \"a[]\"");
  expect_parse_error("a.[0]", "expected a key after '.' at position 2 of \"a.[0]\"");
  expect_parse_error("a[0]b", "expected '.' or '[' at position 4 of \"a[0]b\"");
}

static void expect_format(const char *text, size_t n, const char *root, const char *want) {
  assert_path_t p;
  sbuf_t err = SBUF_INIT, out = SBUF_INIT;
  assert_int_equal(assert_path_parse(text, &p, &err), 0);
  assert_path_format(&p, n, root, &out);
  assert_string_equal(sbuf_cstr(&out), want);
  assert_path_free(&p);
  sbuf_free(&err);
  sbuf_free(&out);
}

static void test_format(void **state) {
  expect_format("user.name", 2, "body", "body.user.name");
  expect_format("user.name", 1, "body", "body.user");
  expect_format("user.name", 0, "body", "body");
  expect_format("[0].name", 2, "body", "body[0].name");
  expect_format("[0].name", 2, NULL, "[0].name");
  expect_format("a.b", 2, "", "a.b");
  expect_format("['a.b'].c", 2, "body", "body['a.b'].c");
  expect_format("[\"x\"]", 1, "body", "body.x");
  expect_format("a['it\\'s']", 2, NULL, "a['it\\'s']");
  expect_format("items.0", 2, "body", "body.items.0");
  expect_format("x[key with space]", 2, NULL, "x['key with space']");
}

/* A parsed path and a hand-made result give this reason. */
static void expect_reason(const char *text, assert_path_status_t status, size_t depth,
                          size_t length, const char *kind, const char *want) {
  assert_path_t p;
  sbuf_t err = SBUF_INIT, out = SBUF_INIT;
  assert_int_equal(assert_path_parse(text, &p, &err), 0);
  assert_path_result_t r = {.status = status, .depth = depth, .length = length, .kind = kind};
  assert_path_reason(&p, &r, "body", &out);
  assert_string_equal(sbuf_cstr(&out), want);
  assert_path_free(&p);
  sbuf_free(&err);
  sbuf_free(&out);
}

static void test_reason(void **state) {
  expect_reason("user.email", ASSERT_PATH_MISSING, 1, 0, NULL,
                "body.user has no property \"email\"");
  expect_reason("user", ASSERT_PATH_MISSING, 0, 0, NULL, "body has no property \"user\"");
  expect_reason("data[0].tags[1].name", ASSERT_PATH_RANGE, 3, 1, NULL,
                "body.data[0].tags has 1 element, so index 1 is out of range");
  expect_reason("[5]", ASSERT_PATH_RANGE, 0, 3, NULL,
                "body has 3 elements, so index 5 is out of range");
  expect_reason("user.address.city", ASSERT_PATH_NULL, 2, 0, NULL, "body.user.address is null");
  expect_reason("a.b", ASSERT_PATH_UNDEFINED, 0, 0, NULL, "body is undefined");
  expect_reason("name.first", ASSERT_PATH_PRIMITIVE, 1, 0, "a string",
                "body.name is a string, not an object");
}

/* ---- resolution on JS values ---- */

static int setup(void **state) {
  *state = (void *)JSGlobalContextCreate(NULL);
  return *state ? 0 : -1;
}

static int teardown(void **state) {
  JSGlobalContextRelease((JSGlobalContextRef)*state);
  return 0;
}

static const char DOC[] =
    "({ user: { name: 'Bob', address: null, nick: undefined, tags: ['a', 'b'] },"
    "   data: [{ tags: [{ name: 'x' }] }], 'a.b': 7, 3: 'three', count: 3 })";

/* Resolves `path` in DOC: the status, depth and, when found, the value as JSON. */
static void expect_resolve(JSContextRef ctx, const char *path, assert_path_status_t status,
                           size_t depth, const char *json, const char *reason) {
  JSValueRef exc = NULL;
  JSValueRef doc = js_eval(ctx, DOC, "test.js", 1, &exc);
  assert_non_null(doc);
  assert_path_t p;
  sbuf_t err = SBUF_INIT, why = SBUF_INIT;
  assert_int_equal(assert_path_parse(path, &p, &err), 0);
  assert_path_result_t r;
  assert_path_resolve(ctx, doc, &p, &r);
  if (r.status != status || r.depth != depth) print_error("for %s\n", path);
  assert_int_equal(r.status, status);
  assert_int_equal(r.depth, depth);
  if (json) {
    JSStringRef s = JSValueCreateJSONString(ctx, r.value, 0, NULL);
    char *text = s ? js_string_to_utf8(s) : xstrdup("undefined");
    if (s) JSStringRelease(s);
    assert_string_equal(text, json);
    free(text);
  }
  if (reason) {
    assert_path_reason(&p, &r, "body", &why);
    assert_string_equal(sbuf_cstr(&why), reason);
  }
  assert_path_free(&p);
  sbuf_free(&err);
  sbuf_free(&why);
}

static void test_resolve(void **state) {
  JSContextRef ctx = *state;
  expect_resolve(ctx, "user.name", ASSERT_PATH_FOUND, 2, "\"Bob\"", NULL);
  expect_resolve(ctx, "user.tags[1]", ASSERT_PATH_FOUND, 3, "\"b\"", NULL);
  expect_resolve(ctx, "user.tags.0", ASSERT_PATH_FOUND, 3, "\"a\"", NULL);
  expect_resolve(ctx, "data[0].tags[0].name", ASSERT_PATH_FOUND, 5, "\"x\"", NULL);
  expect_resolve(ctx, "['a.b']", ASSERT_PATH_FOUND, 1, "7", NULL);
  expect_resolve(ctx, "3", ASSERT_PATH_FOUND, 1, "\"three\"", NULL);
  expect_resolve(ctx, "[3]", ASSERT_PATH_FOUND, 1, "\"three\"", NULL);
  expect_resolve(ctx, "user.address", ASSERT_PATH_FOUND, 2, "null", NULL);
  /* A key that exists with the value undefined is there. */
  expect_resolve(ctx, "user.nick", ASSERT_PATH_FOUND, 2, NULL, NULL);
  expect_resolve(ctx, "user.tags.length", ASSERT_PATH_FOUND, 3, "2", NULL);
  expect_resolve(ctx, "user.name.length", ASSERT_PATH_FOUND, 3, "3", NULL);
}

static void test_resolve_failures(void **state) {
  JSContextRef ctx = *state;
  expect_resolve(ctx, "user.email", ASSERT_PATH_MISSING, 1, NULL,
                 "body.user has no property \"email\"");
  expect_resolve(ctx, "data[0].tags[1].name", ASSERT_PATH_RANGE, 3, NULL,
                 "body.data[0].tags has 1 element, so index 1 is out of range");
  expect_resolve(ctx, "user.tags.5", ASSERT_PATH_RANGE, 2, NULL,
                 "body.user.tags has 2 elements, so index 5 is out of range");
  expect_resolve(ctx, "user.address.city", ASSERT_PATH_NULL, 2, NULL, "body.user.address is null");
  expect_resolve(ctx, "user.nick.first", ASSERT_PATH_UNDEFINED, 2, NULL,
                 "body.user.nick is undefined");
  expect_resolve(ctx, "count.value", ASSERT_PATH_PRIMITIVE, 1, NULL,
                 "body.count is a number, not an object");
  expect_resolve(ctx, "user.name.first", ASSERT_PATH_PRIMITIVE, 2, NULL,
                 "body.user.name is a string, not an object");
  expect_resolve(ctx, "user.tags.first", ASSERT_PATH_MISSING, 2, NULL,
                 "body.user.tags has no property \"first\"");
}

static void test_resolve_root(void **state) {
  JSContextRef ctx = *state;
  assert_path_t p;
  sbuf_t err = SBUF_INIT, why = SBUF_INIT;
  assert_int_equal(assert_path_parse("id", &p, &err), 0);
  assert_path_result_t r;
  assert_path_resolve(ctx, JSValueMakeNull(ctx), &p, &r);
  assert_int_equal(r.status, ASSERT_PATH_NULL);
  assert_path_reason(&p, &r, "body", &why);
  assert_string_equal(sbuf_cstr(&why), "body is null");
  assert_path_resolve(ctx, NULL, &p, &r);
  assert_int_equal(r.status, ASSERT_PATH_UNDEFINED);
  assert_path_free(&p);
  sbuf_free(&err);
  sbuf_free(&why);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_parse),
      cmocka_unit_test(test_parse_numbers),
      cmocka_unit_test(test_parse_errors),
      cmocka_unit_test(test_format),
      cmocka_unit_test(test_reason),
      cmocka_unit_test_setup_teardown(test_resolve, setup, teardown),
      cmocka_unit_test_setup_teardown(test_resolve_failures, setup, teardown),
      cmocka_unit_test_setup_teardown(test_resolve_root, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
