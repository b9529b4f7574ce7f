/* assert_internal: what the files of src/assert/ share; not for other modules.
 *
 * One check or matcher runs on an assert_run_t: it sets `pass` and, only when the
 * assertion fails (pass == negated), writes the failure message into `msg`. The front ends
 * (assertResponse's chain, expect, Node's assert) turn a failed run into a thrown
 * AssertionError. Per-realm JS state lives in one hidden global object (assert_state), so
 * nothing here keeps JS values alive across calls; the only process-wide state is the
 * schema registry (assert_schema.c). Strings returned as char * are malloc'd and owned by
 * the caller. */
#ifndef SONDE_ASSERT_ASSERT_INTERNAL_H
#define SONDE_ASSERT_ASSERT_INTERNAL_H

#include <JavaScriptCore/JavaScript.h>
#include <stdbool.h>
#include <stddef.h>

#include "common/sbuf.h"

enum {
  ASSERT_NOT = 1u << 0,      /* .not: the check must fail */
  ASSERT_RESOLVES = 1u << 1, /* expect(promise).resolves */
  ASSERT_REJECTS = 1u << 2,  /* expect(promise).rejects */
  ASSERT_EXPECT = 1u << 3,   /* an API check run as an expect matcher */
};

typedef struct {
  JSContextRef ctx;
  const char *name; /* matcher name, for Jest's hint line */
  unsigned flags;
  JSValueRef received; /* the value under test (a response for the API checks) */
  bool pass;
  sbuf_t msg;          /* failure message; written only when the assertion fails */
  JSValueRef expected; /* NULL: not set on the error */
  JSValueRef actual;
  int param; /* the check's table parameter */
} assert_run_t;

/* Returns false when it threw (*exception set); true otherwise, pass/msg filled.
 * *exception is NULL on entry, so a check may test it after calls that can throw. */
typedef bool (*assert_check_fn)(assert_run_t *run, size_t argc, const JSValueRef argv[],
                                JSValueRef *exception);

typedef struct {
  const char *name;
  assert_check_fn fn;
  int param; /* copied to assert_run_t.param: a status code, a status class; for an API
                check, ASSERT_ANY_VALUE when it takes values other than responses too */
} assert_check_t;

#define ASSERT_ANY_VALUE (-1)

static inline bool assert_negated(const assert_run_t *r) { return (r->flags & ASSERT_NOT) != 0; }
/* The assertion fails: pass is what .not forbids. */
static inline bool assert_failed(const assert_run_t *r) { return r->pass == assert_negated(r); }
static inline JSValueRef assert_arg(JSContextRef ctx, size_t argc, const JSValueRef argv[],
                                    size_t i) {
  return i < argc ? argv[i] : JSValueMakeUndefined(ctx);
}

/* ---- assert.c: per-realm state and the embedded libraries ---- */

/* The realm's state object (hidden global), created on first use. */
JSObjectRef assert_state(JSContextRef ctx);
JSValueRef assert_state_get(JSContextRef ctx, const char *key);
void assert_state_set(JSContextRef ctx, const char *key, JSValueRef v);
/* lib.fn(...argv) of src/jslib/<lib>.js ("expect" or "diff"), compiled once per realm.
 * NULL with *exception on a throw. */
JSValueRef assert_lib_call(JSContextRef ctx, const char *lib, const char *fn, size_t argc,
                           const JSValueRef argv[], JSValueRef *exception);
/* lib.fn itself (a function), or NULL with *exception. */
JSValueRef assert_lib_get(JSContextRef ctx, const char *lib, const char *fn, JSValueRef *exception);

/* ---- assert.c: value helpers ---- */

bool assert_is_regexp(JSContextRef ctx, JSValueRef v);
/* Has an asymmetricMatch method (expect.any(...), expect.objectContaining(...), ...). */
bool assert_is_asymmetric(JSContextRef ctx, JSValueRef v);
bool assert_is_thenable(JSContextRef ctx, JSValueRef v);
/* re.test(String(s)); false with *exception set when it threw. */
bool assert_regexp_test(JSContextRef ctx, JSValueRef re, JSValueRef s, JSValueRef *exception);
/* String(v), never throwing ("" when conversion throws). */
char *assert_to_string(JSContextRef ctx, JSValueRef v, size_t *len);
/* A value in wdio-api-runner's messages: JSON.stringify's text ("\"Ann\"", {"a":1}),
 * "undefined", and Jest's form for what JSON cannot show (asymmetric matchers, functions). */
char *assert_json_text(JSContextRef ctx, JSValueRef v);
/* A value in Jest's messages (printExpected/printReceived: pretty-format on one line). */
char *assert_print(JSContextRef ctx, JSValueRef v);
/* Jest's getType: "null", "array", "map", "set", "date", "regexp", "object", "number", ... */
const char *assert_type_name(JSContextRef ctx, JSValueRef v);
/* Jest's equals in one of sonde:expect's modes ("equal", "strict", "subset", "plain"),
 * with the realm's expect.addEqualityTesters list. False with *exception on a throw. */
bool assert_equals(JSContextRef ctx, JSValueRef a, JSValueRef b, const char *mode,
                   JSValueRef *exception);

/* ---- assert_error.c: AssertionError and stacks that start at the user's line ---- */

/* The realm's AssertionError constructor (Node's shape: new AssertionError({message,
 * actual, expected, operator})). */
JSObjectRef assert_error_class(JSContextRef ctx);
/* An AssertionError with `message` whose stack has sonde's own frames removed; its stack
 * is taken from `stack_from` (an Error captured earlier, for checks that settle later) when
 * given. */
JSObjectRef assert_error_new(JSContextRef ctx, const char *message, JSValueRef stack_from);
/* An ordinary error (`ctor`: "Error", "TypeError", ...) with the same stack treatment: the
 * usage errors of matchers. */
JSObjectRef assert_usage_error(JSContextRef ctx, const char *ctor, const char *message,
                               JSValueRef stack_from);
/* Drops frames of sonde's embedded scripts (sonde:*) and native code from err.stack (or
 * takes stack_from's stack, when given, with the same treatment), and points
 * line/column/sourceURL at the first remaining frame. */
void assert_trim_stack(JSContextRef ctx, JSObjectRef err, JSValueRef stack_from);
/* An Error whose stack is the caller's, for checks that finish in a later turn. */
JSObjectRef assert_capture_stack(JSContextRef ctx);
/* Throws the AssertionError of a failed run (message, expected, actual): sets *exception
 * and returns NULL. */
JSValueRef assert_throw_run(assert_run_t *run, JSValueRef stack_from, JSValueRef *exception);

/* ---- assert_response.c: the API checks ---- */

/* The checks of assertResponse and the API matchers of expect, {NULL}-terminated. */
extern const assert_check_t assert_response_checks[];
/* assert_graphql.c: the GraphQL checks of that table. */
bool assert_check_graphql_no_errors(assert_run_t *r, size_t argc, const JSValueRef argv[],
                                    JSValueRef *exc);
bool assert_check_graphql_error(assert_run_t *r, size_t argc, const JSValueRef argv[],
                                JSValueRef *exc);
bool assert_check_graphql_data(assert_run_t *r, size_t argc, const JSValueRef argv[],
                               JSValueRef *exc);
/* The response's header `name` (any case; Headers.get or a plain object's key): malloc'd
 * value, or NULL when absent. */
char *assert_response_header(JSContextRef ctx, JSValueRef response, const char *name);
/* Why `v` is not an API response (NULL when it is one): "received a Promise (did you
 * forget await?)". Static string. */
const char *assert_not_response(JSContextRef ctx, JSValueRef v);
/* The assertResponse function of a realm. */
JSObjectRef assert_response_function(JSContextRef ctx);
/* wdio-api-runner's apiMatchers export: the checks as functions for expect.extend. */
JSObjectRef assert_api_matchers(JSContextRef ctx);

/* ---- assert_schema.c ---- */

/* toMatchSchema: response.data against a JSON Schema, through the process-wide registry. */
bool assert_check_schema(assert_run_t *run, size_t argc, const JSValueRef argv[],
                         JSValueRef *exception);

/* ---- assert_openapi.c ---- */

/* toSatisfyApiSpec: the response against the realm's API document. */
bool assert_check_api_spec(assert_run_t *run, size_t argc, const JSValueRef argv[],
                           JSValueRef *exception);
/* toSatisfySchemaInApiSpec(name): a value (or a response's data) against a named schema. */
bool assert_check_schema_in_api_spec(assert_run_t *run, size_t argc, const JSValueRef argv[],
                                     JSValueRef *exception);
/* The loadApiSpec(pathOrObject) export. */
JSObjectRef assert_load_api_spec_function(JSContextRef ctx);

/* ---- expect_core.c, expect_extend.c ---- */

/* The realm's expect function (created on first call). */
JSObjectRef expect_function(JSContextRef ctx);
/* expect(value): a new Expectation. */
JSObjectRef expect_make(JSContextRef ctx, JSValueRef received);
/* The realm's Expectation prototype (every matcher). */
JSObjectRef expect_prototype(JSContextRef ctx);
/* The prototype method of a matcher of expect.extend (its name in a hidden __name). */
JSValueRef expect_dispatch_custom(JSContextRef ctx, JSObjectRef fn, JSObjectRef self, size_t argc,
                                  const JSValueRef argv[], JSValueRef *exception);
/* Runs the expect.extend matcher `name`: undefined, a promise (async matchers), or NULL
 * with *exception (its AssertionError, with the stack of `stack_from` when given). */
JSValueRef expect_run_custom(JSContextRef ctx, const char *name, unsigned flags,
                             JSValueRef received, size_t argc, const JSValueRef argv[],
                             JSValueRef stack_from, JSValueRef *exception);

/* Jest's message pieces, appended to run->msg. The hint line plus the blank line after it;
 * `expected` NULL prints "expected", "" prints "()". */
void expect_hint(assert_run_t *r, const char *expected, const char *second, const char *comment);
/* printExpected / printReceived. */
void expect_put(assert_run_t *r, JSValueRef v);
/* printWithType: "<name> has type:  number\n<name> has value: 1". */
void expect_put_with_type(assert_run_t *r, sbuf_t *out, const char *name, JSValueRef v);
/* printDiffOrStringify(expected, received, labels); false with *exception on a throw. */
bool expect_put_diff(assert_run_t *r, JSValueRef expected, JSValueRef received, const char *elabel,
                     const char *rlabel, JSValueRef *exception);
/* A matcher error (Jest's matcherErrorMessage): throws an Error "<hint>\n\nMatcher error:
 * <generic>[\n\n<printWithType(name, value)>]" and returns false. `name` NULL: no value. */
bool expect_usage(assert_run_t *r, JSValueRef *exception, const char *expected_arg,
                  const char *generic, const char *name, JSValueRef value);

/* ---- expect_matchers.c, expect_more.c: Jest's matchers ({NULL}-terminated) ---- */

extern const assert_check_t expect_equality_matchers[];
extern const assert_check_t expect_value_matchers[];

/* ---- assert_node.c, assert_node_throws.c ---- */

/* Node's assert module: the callable `assert` (strict: assert/strict's). */
JSObjectRef assert_node_module(JSContextRef ctx, bool strict);
/* Throws Node's AssertionError (sets *exception, returns NULL). The message is the
 * caller's `message` when given (an Error given as message is thrown as it is; for
 * strictEqual/deepStrictEqual Node 20 puts it above the diff), else `text` when not NULL,
 * else Node's message for `op`. The stack comes from `stack_from` when given. */
JSValueRef assert_node_fail(JSContextRef ctx, JSValueRef actual, JSValueRef expected,
                            const char *op, JSValueRef message, const char *text,
                            JSValueRef stack_from, JSValueRef *exception);
/* util.inspect as Node's assert messages use it. */
char *assert_node_inspect(JSContextRef ctx, JSValueRef v);
bool assert_node_is_error(JSContextRef ctx, JSValueRef v);
JSValueRef assert_node_throws(JSContextRef ctx, JSObjectRef fn, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exception);
JSValueRef assert_node_does_not_throw(JSContextRef ctx, JSObjectRef fn, JSObjectRef self,
                                      size_t argc, const JSValueRef argv[], JSValueRef *exception);
JSValueRef assert_node_rejects(JSContextRef ctx, JSObjectRef fn, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exception);
JSValueRef assert_node_does_not_reject(JSContextRef ctx, JSObjectRef fn, JSObjectRef self,
                                       size_t argc, const JSValueRef argv[], JSValueRef *exception);

#endif
