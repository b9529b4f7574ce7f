/* assert_graphql: the GraphQL checks of the API table (assert_response_checks), so that
 * assertResponse(res) chains and expect(res) both have them, `.not` included:
 *   toHaveNoGraphQLErrors()              the body's `errors` is missing or empty
 *   toHaveGraphQLError(messageOrRegExp?) an error (whose message contains the string or
 *                                        matches the RegExp) is in `errors`
 *   toHaveGraphQLData(path?, value?)     `data` is not null; with a path (as in
 *                                        toHaveBodyProperty, rooted at the body's `data`)
 *                                        the property exists (and equals `value`)
 * The response is the GraphQL client's result: its `data` is the whole body. Failure
 * messages name the first errors with their paths. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "assert/assert_internal.h"
#include "assert/assert_path.h"
#include "js/jsutil.h"

#define GQL_ERRORS_SHOWN 3

static bool gql_usage(assert_run_t *r, JSValueRef *exc, const char *why) {
  char msg[200];
  snprintf(msg, sizeof msg, "%s: %s", r->name, why);
  *exc = assert_usage_error(r->ctx, "TypeError", msg, NULL);
  return false;
}

static JSValueRef gql_body(assert_run_t *r) { return js_get(r->ctx, r->received, "data"); }

/* The body's errors array, or NULL when it has none (missing, null, not an array). */
static JSObjectRef gql_errors(assert_run_t *r, size_t *n) {
  JSContextRef ctx = r->ctx;
  JSValueRef errors = js_get(ctx, gql_body(r), "errors");
  *n = 0;
  if (!JSValueIsArray(ctx, errors)) return NULL;
  *n = js_array_length(ctx, errors);
  return (JSObjectRef)errors;
}

static char *gql_message(JSContextRef ctx, JSValueRef error) {
  JSValueRef m = js_get(ctx, error, "message");
  return JSValueIsUndefined(ctx, m) ? assert_json_text(ctx, error) : js_value_to_utf8(ctx, m);
}

/* "Boom!" at user.name, "Other" (and 2 more) — the first errors as the messages show them. */
static void gql_describe(JSContextRef ctx, JSObjectRef errors, size_t n,
                         bool (*keep)(assert_run_t *, JSValueRef, JSValueRef *), assert_run_t *r,
                         sbuf_t *out) {
  size_t shown = 0, kept = 0;
  JSValueRef ignored = NULL;
  for (size_t i = 0; i < n; i++) {
    JSValueRef e = js_array_get(ctx, errors, (unsigned)i);
    if (keep && !keep(r, e, &ignored)) continue;
    kept++;
    if (shown == GQL_ERRORS_SHOWN) continue;
    char *msg = gql_message(ctx, e);
    sbuf_printf(out, "%s\"%s\"", shown ? ", " : "", msg);
    free(msg);
    JSValueRef path = js_get(ctx, e, "path");
    size_t plen = js_array_length(ctx, path);
    if (JSValueIsArray(ctx, path) && plen) {
      sbuf_puts(out, " at ");
      for (size_t k = 0; k < plen; k++) {
        char *seg = js_value_to_utf8(ctx, js_array_get(ctx, path, (unsigned)k));
        sbuf_printf(out, "%s%s", k ? "." : "", seg);
        free(seg);
      }
    }
    shown++;
  }
  if (kept > shown) sbuf_printf(out, " (and %zu more)", kept - shown);
}

bool assert_check_graphql_no_errors(assert_run_t *r, size_t argc, const JSValueRef argv[],
                                    JSValueRef *exc) {
  size_t n;
  JSObjectRef errors = gql_errors(r, &n);
  r->pass = n == 0;
  if (assert_failed(r)) {
    if (assert_negated(r)) {
      sbuf_puts(&r->msg, "Expected GraphQL errors, but the response has none");
    } else {
      sbuf_printf(&r->msg, "Expected no GraphQL errors, but the response has %zu: ", n);
      gql_describe(r->ctx, errors, n, NULL, r, &r->msg);
    }
  }
  return true;
}

/* Whether error `e` matches the expected message (argv of the check, kept in r->expected). */
static bool gql_error_matches(assert_run_t *r, JSValueRef e, JSValueRef *exc) {
  JSContextRef ctx = r->ctx;
  JSValueRef want = r->expected;
  if (!want) return true;
  JSValueRef msg = js_get(ctx, e, "message");
  if (JSValueIsString(ctx, want)) {
    char *w = js_value_to_utf8(ctx, want), *m = js_value_to_utf8(ctx, msg);
    bool ok = strstr(m, w) != NULL;
    free(w);
    free(m);
    return ok;
  }
  JSValueRef res = js_call(ctx, js_get(ctx, want, "test"), want, 1, &msg, exc);
  return res && JSValueToBoolean(ctx, res);
}

bool assert_check_graphql_error(assert_run_t *r, size_t argc, const JSValueRef argv[],
                                JSValueRef *exc) {
  JSContextRef ctx = r->ctx;
  JSValueRef want = assert_arg(ctx, argc, argv, 0);
  bool is_re = JSValueIsObject(ctx, want) && js_is_function(ctx, js_get(ctx, want, "test"));
  if (!JSValueIsUndefined(ctx, want) && !JSValueIsString(ctx, want) && !is_re)
    return gql_usage(r, exc, "the expected message must be a string or a RegExp");
  r->expected = JSValueIsUndefined(ctx, want) ? NULL : want;
  size_t n;
  JSObjectRef errors = gql_errors(r, &n);
  r->pass = false;
  for (size_t i = 0; i < n && !r->pass; i++) {
    r->pass = gql_error_matches(r, js_array_get(ctx, errors, (unsigned)i), exc);
    if (*exc) return false;
  }
  if (assert_failed(r)) {
    char *w =
        r->expected ? (is_re ? js_value_to_utf8(ctx, want) : assert_json_text(ctx, want)) : NULL;
    if (assert_negated(r)) {
      sbuf_printf(&r->msg, "Expected no GraphQL error%s%s, but found ", w ? " matching " : "",
                  w ? w : "");
      gql_describe(ctx, errors, n, gql_error_matches, r, &r->msg);
    } else {
      sbuf_printf(&r->msg, "Expected a GraphQL error%s%s, but ", w ? " matching " : "", w ? w : "");
      if (n == 0) {
        sbuf_puts(&r->msg, "the response has no errors");
      } else {
        sbuf_puts(&r->msg, "the errors are ");
        gql_describe(ctx, errors, n, NULL, r, &r->msg);
      }
    }
    free(w);
  }
  r->actual = NULL;
  return true;
}

bool assert_check_graphql_data(assert_run_t *r, size_t argc, const JSValueRef argv[],
                               JSValueRef *exc) {
  JSContextRef ctx = r->ctx;
  JSValueRef path_v = assert_arg(ctx, argc, argv, 0);
  JSValueRef want = assert_arg(ctx, argc, argv, 1);
  JSValueRef data = js_get(ctx, gql_body(r), "data");
  size_t n;
  JSObjectRef errors = gql_errors(r, &n);
  if (JSValueIsUndefined(ctx, path_v)) {
    r->pass = !JSValueIsUndefined(ctx, data) && !JSValueIsNull(ctx, data);
    if (assert_failed(r)) {
      if (assert_negated(r)) {
        sbuf_puts(&r->msg, "Expected no GraphQL data, but the response has some");
      } else {
        sbuf_printf(&r->msg, "Expected GraphQL data, but data is %s",
                    JSValueIsNull(ctx, data) ? "null" : "missing");
        if (n) {
          sbuf_puts(&r->msg, "; the errors are ");
          gql_describe(ctx, errors, n, NULL, r, &r->msg);
        }
      }
    }
    return true;
  }
  if (!JSValueIsString(ctx, path_v)) return gql_usage(r, exc, "the path must be a string");
  char *text = js_value_to_utf8(ctx, path_v);
  assert_path_t path;
  sbuf_t err = SBUF_INIT;
  if (assert_path_parse(text, &path, &err) != 0) {
    gql_usage(r, exc, sbuf_cstr(&err));
    sbuf_free(&err);
    free(text);
    return false;
  }
  assert_path_result_t res;
  assert_path_resolve(ctx, data, &path, &res);
  bool found = res.status == ASSERT_PATH_FOUND;
  bool has_value = argc >= 2;
  r->pass = found;
  if (has_value && found) {
    r->pass = assert_equals(ctx, res.value, want, "equal", exc);
    if (*exc) {
      assert_path_free(&path);
      free(text);
      return false;
    }
  }
  r->actual = found ? res.value : JSValueMakeUndefined(ctx);
  r->expected = has_value ? want : NULL;
  if (assert_failed(r)) {
    sbuf_t where = SBUF_INIT;
    assert_path_format(&path, path.len, "data", &where);
    char *w = has_value ? assert_json_text(ctx, want) : NULL;
    char *g = found ? assert_json_text(ctx, res.value) : NULL;
    if (assert_negated(r))
      sbuf_printf(
          &r->msg,
          has_value ? "Expected %s not to equal %s" : "Expected %s not to exist, but it is %s",
          sbuf_cstr(&where), has_value ? w : g);
    else if (found)
      sbuf_printf(&r->msg, "Expected %s to equal %s, but got %s", sbuf_cstr(&where), w, g);
    else {
      sbuf_printf(&r->msg, "Expected %s to %s%s, but ", sbuf_cstr(&where),
                  has_value ? "equal " : "exist", has_value ? w : "");
      assert_path_reason(&path, &res, "data", &r->msg);
      if (n) {
        sbuf_puts(&r->msg, "; the errors are ");
        gql_describe(ctx, errors, n, NULL, r, &r->msg);
      }
    }
    free(w);
    free(g);
    sbuf_free(&where);
  }
  assert_path_free(&path);
  free(text);
  return true;
}
