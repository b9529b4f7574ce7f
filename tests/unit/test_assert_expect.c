/* Unit tests for the assertion APIs on a bare global context (no runtime, no server):
 * expect's messages (hint, Expected/Received lines, the line diff), the AssertionError they
 * throw (name, expected/actual, matcherResult, a stack that starts at the caller's line),
 * Node's assert messages, and assertResponse on hand-made response objects. Each test owns
 * a fresh context, released in teardown. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "assert/assert_internal.h"
#include "common/sbuf.h"
#include "js/jsutil.h"

static int setup(void **state) {
  JSGlobalContextRef ctx = JSGlobalContextCreate(NULL);
  if (!ctx) return -1;
  JSObjectRef global = JSContextGetGlobalObject(ctx);
  js_set(ctx, global, "expect", expect_function(ctx));
  js_set(ctx, global, "assertResponse", assert_response_function(ctx));
  js_set(ctx, global, "assert", assert_node_module(ctx, false));
  *state = (void *)ctx;
  return 0;
}

static int teardown(void **state) {
  JSGlobalContextRelease((JSGlobalContextRef)*state);
  return 0;
}

/* Runs `code` (from "spec.js", line 1), which must throw; returns the thrown value. */
static JSValueRef throws(JSContextRef ctx, const char *code) {
  JSValueRef exc = NULL;
  JSValueRef r = js_eval(ctx, code, "/specs/unit.spec.js", 1, &exc);
  if (r) fail_msg("did not throw: %s", code);
  return exc;
}

static void expect_message(JSContextRef ctx, const char *code, const char *want) {
  JSValueRef err = throws(ctx, code);
  char *msg = js_get_string(ctx, err, "message");
  if (!msg || strcmp(msg, want) != 0) print_error("for %s\n", code);
  assert_non_null(msg);
  assert_string_equal(msg, want);
  free(msg);
}

static void passes(JSContextRef ctx, const char *code) {
  JSValueRef exc = NULL;
  if (!js_eval(ctx, code, "/specs/unit.spec.js", 1, &exc)) {
    char *msg = js_get_string(ctx, exc, "message");
    fail_msg("%s threw: %s", code, msg ? msg : "?");
  }
}

static void test_expect_messages(void **state) {
  JSContextRef ctx = *state;
  expect_message(
      ctx, "expect(1).toBe(2)",
      "expect(received).toBe(expected) // Object.is equality\n\nExpected: 2\nReceived: 1");
  expect_message(
      ctx, "expect('a').not.toBe('a')",
      "expect(received).not.toBe(expected) // Object.is equality\n\nExpected: not \"a\"");
  expect_message(
      ctx, "expect({a: 1, b: [1, 2]}).toEqual({a: 2, b: [1, 2]})",
      "expect(received).toEqual(expected) // deep equality\n\n"
      "- Expected  - 1\n+ Received  + 1\n\n"
      "  Object {\n-   \"a\": 2,\n+   \"a\": 1,\n    \"b\": Array [\n      1,\n      2,\n"
      "    ],\n  }");
  expect_message(ctx, "expect([1, 2]).toHaveLength(3)",
                 "expect(received).toHaveLength(expected)\n\n"
                 "Expected length: 3\nReceived length: 2\nReceived array:  [1, 2]");
  expect_message(ctx, "expect({a: {b: 1}}).toHaveProperty('a.c')",
                 "expect(received).toHaveProperty(path)\n\n"
                 "Expected path: \"a.c\"\nReceived path: \"a\"\n\nReceived value: {\"b\": 1}");
  expect_message(ctx, "expect(3).toBeGreaterThan(5)",
                 "expect(received).toBeGreaterThan(expected)\n\nExpected: > 5\nReceived:   3");
  expect_message(ctx, "expect(null).toBeDefined(1)",
                 "expect(received).toBeDefined()\n\n"
                 "Matcher error: this matcher must not have an expected argument\n\n"
                 "Expected has type:  number\nExpected has value: 1");
  expect_message(ctx, "expect(() => {}).toThrow('x')",
                 "expect(received).toThrow(expected)\n\nExpected substring: \"x\"\n\n"
                 "Received function did not throw");
  expect_message(ctx, "expect({id: 'x'}).toEqual({id: expect.any(Number)})",
                 "expect(received).toEqual(expected) // deep equality\n\n"
                 "- Expected  - 1\n+ Received  + 1\n\n"
                 "  Object {\n-   \"id\": Any<Number>,\n+   \"id\": \"x\",\n  }");
}

static void test_expect_passes(void **state) {
  JSContextRef ctx = *state;
  passes(ctx, "expect({a: 1, b: undefined}).toEqual({a: 1})");
  passes(ctx, "expect([1, {x: 'y'}]).toStrictEqual([1, {x: 'y'}])");
  passes(ctx, "expect({a: 1, b: 2}).toMatchObject({b: 2})");
  passes(ctx, "expect('abc').toMatch(/b/); expect([1, 2]).toContain(2)");
  passes(ctx, "expect(0.1 + 0.2).toBeCloseTo(0.3); expect(NaN).toBeNaN()");
  passes(ctx, "expect(() => { throw new TypeError('t') }).toThrow(TypeError)");
  passes(ctx, "expect({n: 5}).toEqual(expect.objectContaining({n: expect.any(Number)}))");
}

static void test_error_shape(void **state) {
  JSContextRef ctx = *state;
  JSValueRef err = throws(ctx, "function inner() {\n  expect(1).toBe(2);\n}\ninner();");
  char *name = js_get_string(ctx, err, "name");
  assert_string_equal(name, "AssertionError");
  free(name);
  assert_int_equal((int)js_get_number(ctx, err, "expected", 0), 2);
  assert_int_equal((int)js_get_number(ctx, err, "actual", 0), 1);
  JSValueRef result = js_get(ctx, err, "matcherResult");
  assert_false(JSValueToBoolean(ctx, js_get(ctx, result, "pass")));
  /* The stack starts at the line that called the matcher; no sonde frame is left. */
  char *stack = js_get_string(ctx, err, "stack");
  assert_non_null(stack);
  assert_non_null(strstr(stack, "inner@/specs/unit.spec.js:2:"));
  assert_null(strstr(stack, "sonde:"));
  assert_null(strstr(stack, "[native code]"));
  assert_int_equal((int)js_get_number(ctx, err, "line", 0), 2);
  char *url = js_get_string(ctx, err, "sourceURL");
  assert_string_equal(url, "/specs/unit.spec.js");
  free(url);
  free(stack);
  JSValueRef is_error = js_eval(ctx, "(e) => e instanceof Error", NULL, 1, NULL);
  assert_true(JSValueToBoolean(ctx, js_call(ctx, is_error, NULL, 1, &err, NULL)));
}

static void test_node_messages(void **state) {
  JSContextRef ctx = *state;
  expect_message(ctx, "assert.strictEqual(1, 2)",
                 "Expected values to be strictly equal:\n\n1 !== 2\n");
  expect_message(ctx, "assert.equal(1, 2)", "1 == 2");
  expect_message(ctx, "assert.deepStrictEqual({a: 1}, {a: 2})",
                 "Expected values to be strictly deep-equal:\n+ actual - expected\n\n"
                 "  {\n+   a: 1\n-   a: 2\n  }");
  expect_message(ctx, "assert.notStrictEqual(1, 1)",
                 "Expected \"actual\" to be strictly unequal to: 1");
  expect_message(ctx, "assert.throws(() => {}, TypeError)",
                 "Missing expected exception (TypeError).");
  expect_message(ctx, "assert.match('abc', /x/)",
                 "The input did not match the regular expression /x/. Input:\n\n'abc'\n");
  expect_message(ctx, "assert.fail()", "Failed");
  /* No source to quote here: Node's fallback text. */
  expect_message(ctx, "assert.ok(0)", "0 == true");
  expect_message(ctx, "throw new assert.AssertionError({message: 'custom'})", "custom");
  passes(ctx,
         "var e = new assert.AssertionError({actual: 1, expected: 2, operator: 'strictEqual'});"
         "if (e.message !== 'Expected values to be strictly equal:\\n\\n1 !== 2\\n' ||"
         "    e.code !== 'ERR_ASSERTION' || !e.generatedMessage || !(e instanceof Error))"
         "  throw new Error(e.message);");
  passes(ctx, "assert(1); assert.deepEqual({a: 1}, {a: '1'}); assert.ok(true)");
}

static void test_assert_response(void **state) {
  JSContextRef ctx = *state;
  static const char res[] =
      "var res = { status: 200, statusText: 'OK', duration: 12, data: { user: { name: 'Bob' } },"
      "  headers: { 'Content-Type': 'application/json; charset=utf-8' } };";
  passes(ctx, res);
  passes(ctx,
         "assertResponse(res).toHaveStatus(200).and.toBeSuccess().toHaveContentType("
         "'application/json').toHaveBodyProperty('user.name', 'Bob').not.toHaveStatus(404)");
  expect_message(ctx, "assertResponse(res).toHaveStatus(404)",
                 "Expected status 404, but received 200");
  expect_message(ctx, "assertResponse(res).not.toBeOk()",
                 "Expected status not to be success (2xx), but received 200");
  expect_message(ctx, "assertResponse(res).toHaveBodyProperty('user.name', 'Ann')",
                 "Expected body.user.name to equal \"Ann\", but got \"Bob\"");
  expect_message(
      ctx, "assertResponse(res).toHaveBodyProperty('user.tags[0]')",
      "Expected body to have property \"user.tags[0]\", but body.user has no property \"tags\"");
  expect_message(ctx, "assertResponse(res).toRespondWithin(10)",
                 "Expected response within 10ms, but took 12ms");
  expect_message(ctx, "assertResponse(res).toHaveHeader('x-id')",
                 "Expected header \"x-id\" to be present");
  expect_message(
      ctx, "expect(res).toHaveContentType('xml')",
      "Expected content-type to contain xml, but got \"application/json; charset=utf-8\"");
  expect_message(ctx, "assertResponse(Promise.resolve(res))",
                 "assertResponse(response) expects an API response, but received a Promise (did "
                 "you forget await?)");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_expect_messages, setup, teardown),
      cmocka_unit_test_setup_teardown(test_expect_passes, setup, teardown),
      cmocka_unit_test_setup_teardown(test_error_shape, setup, teardown),
      cmocka_unit_test_setup_teardown(test_node_messages, setup, teardown),
      cmocka_unit_test_setup_teardown(test_assert_response, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
