/* assert_response: the API checks on responses ({status, statusText, headers, data,
 * duration}) with wdio-api-runner's messages, and the assertResponse(response) chain that
 * runs them (`.not` negates the rest of the chain, `.and` returns it). expect's API
 * matchers (expect(res).toHaveStatus(200)) and the apiMatchers export (assert_matchers.c)
 * run the same table (expect_core.c).
 *
 * Memory: a chain is an instance of a JS class whose private data is its flags (a small
 * integer stored in the pointer); the response hangs off it as a hidden property. The
 * chain's methods live on one prototype per realm, kept in the realm's state. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "assert/assert_internal.h"
#include "assert/assert_message.h"
#include "assert/assert_path.h"
#include "js/jsclass.h"
#include "js/jsutil.h"

/* ---- reading a response ---- */

const char *assert_not_response(JSContextRef ctx, JSValueRef v) {
  if (JSValueIsUndefined(ctx, v)) return "received undefined";
  if (JSValueIsNull(ctx, v)) return "received null";
  if (js_is_thenable(ctx, v)) return "received a Promise (did you forget await?)";
  if (!JSValueIsObject(ctx, v)) return "received a primitive value";
  if (!JSValueIsNumber(ctx, js_get(ctx, v, "status")) ||
      !JSValueIsObject(ctx, js_get(ctx, v, "headers")))
    return "received an object without status and headers";
  return NULL;
}

static double response_status(JSContextRef ctx, JSValueRef r) {
  return js_get_number(ctx, r, "status", NAN);
}

/* The header's value, or NULL when absent: Headers.get, or a plain object's key in any
 * case for hand-made responses. */
char *assert_response_header(JSContextRef ctx, JSValueRef r, const char *name) {
  JSValueRef headers = js_get(ctx, r, "headers");
  JSValueRef get = js_get(ctx, headers, "get");
  JSValueRef v;
  if (js_is_function(ctx, get)) {
    JSValueRef arg = js_make_string(ctx, name);
    v = js_call(ctx, get, headers, 1, &arg, NULL);
  } else {
    v = NULL;
    JSPropertyNameArrayRef names = JSObjectCopyPropertyNames(ctx, (JSObjectRef)headers);
    for (size_t i = 0; !v && i < JSPropertyNameArrayGetCount(names); i++) {
      char *key = js_string_to_utf8(JSPropertyNameArrayGetNameAtIndex(names, i));
      if (strcasecmp(key, name) == 0) v = js_get(ctx, headers, key);
      free(key);
    }
    JSPropertyNameArrayRelease(names);
  }
  if (!v || JSValueIsNull(ctx, v) || JSValueIsUndefined(ctx, v)) return NULL;
  return js_value_to_utf8(ctx, v);
}

/* The body as text: a string body as it is, anything else as JSON, null/undefined as "". */
static char *response_body_text(JSContextRef ctx, JSValueRef data, size_t *len) {
  if (JSValueIsUndefined(ctx, data) || JSValueIsNull(ctx, data)) {
    *len = 0;
    return xstrdup("");
  }
  if (JSValueIsString(ctx, data)) return js_value_to_utf8_len(ctx, data, len);
  JSValueRef exc = NULL;
  JSStringRef json = JSValueCreateJSONString(ctx, data, 0, &exc);
  if (!json) return assert_to_string(ctx, data, len);
  char *text = js_string_to_utf8(json);
  JSStringRelease(json);
  *len = strlen(text);
  return text;
}

static void put_body(assert_run_t *r, JSValueRef data) {
  size_t len;
  char *text = response_body_text(r->ctx, data, &len);
  assert_msg_body(&r->msg, text, len);
  free(text);
}

static bool usage(assert_run_t *r, JSValueRef *exc, const char *fmt, const char *what) {
  sbuf_t b = SBUF_INIT;
  sbuf_printf(&b, fmt, r->name, what);
  *exc = assert_usage_error(r->ctx, "TypeError", sbuf_cstr(&b), NULL);
  sbuf_free(&b);
  return false;
}

/* ---- status ---- */

static bool check_status(assert_run_t *r, size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  JSContextRef ctx = r->ctx;
  JSValueRef want = assert_arg(ctx, argc, argv, 0);
  if (!JSValueIsNumber(ctx, want))
    return usage(r, exc, "%s(code): code must be a number, got %s", assert_type_name(ctx, want));
  double code = JSValueToNumber(ctx, want, NULL), got = response_status(ctx, r->received);
  r->pass = got == code;
  r->expected = want;
  r->actual = JSValueMakeNumber(ctx, got);
  if (!assert_failed(r)) return true;
  if (assert_negated(r)) sbuf_printf(&r->msg, "Expected status not to be %g", code);
  else sbuf_printf(&r->msg, "Expected status %g, but received %g", code, got);
  return true;
}

static const struct {
  int code;
  const char *text;
} status_names[] = {{201, "Created"},
                    {202, "Accepted"},
                    {204, "No Content"},
                    {400, "Bad Request"},
                    {401, "Unauthorized"},
                    {403, "Forbidden"},
                    {404, "Not Found"},
                    {409, "Conflict"},
                    {422, "Unprocessable Content"},
                    {429, "Too Many Requests"},
                    {500, "Internal Server Error"},
                    {503, "Service Unavailable"}};

/* toBeCreated, toBeNotFound, ...: one exact status (param). */
static bool check_named_status(assert_run_t *r, size_t argc, const JSValueRef argv[],
                               JSValueRef *exc) {
  JSContextRef ctx = r->ctx;
  double got = response_status(ctx, r->received);
  const char *text = "";
  for (size_t i = 0; i < sizeof status_names / sizeof *status_names; i++)
    if (status_names[i].code == r->param) text = status_names[i].text;
  r->pass = got == r->param;
  r->expected = JSValueMakeNumber(ctx, r->param);
  r->actual = JSValueMakeNumber(ctx, got);
  if (!assert_failed(r)) return true;
  if (assert_negated(r)) sbuf_printf(&r->msg, "Expected status not to be %d (%s)", r->param, text);
  else sbuf_printf(&r->msg, "Expected status %d (%s), but received %g", r->param, text, got);
  return true;
}

/* toBeSuccess/toBeOk (2xx), toBeRedirect, toBeClientError, toBeServerError: param is the
 * first digit. */
static bool check_status_class(assert_run_t *r, size_t argc, const JSValueRef argv[],
                               JSValueRef *exc) {
  static const char *const names[] = {
      "", "", "success", "redirect", "client error", "server error"};
  JSContextRef ctx = r->ctx;
  double got = response_status(ctx, r->received);
  int cls = r->param;
  r->pass = got >= cls * 100 && got < (cls + 1) * 100;
  char range[8];
  snprintf(range, sizeof range, "%dxx", cls);
  r->expected = js_make_string(ctx, range);
  r->actual = JSValueMakeNumber(ctx, got);
  if (!assert_failed(r)) return true;
  if (assert_negated(r))
    sbuf_printf(&r->msg, "Expected status not to be %s (%s), but received %g", names[cls], range,
                got);
  else sbuf_printf(&r->msg, "Expected %s status (%s), but received %g", names[cls], range, got);
  return true;
}

static bool check_status_text(assert_run_t *r, size_t argc, const JSValueRef argv[],
                              JSValueRef *exc) {
  JSContextRef ctx = r->ctx;
  JSValueRef want = assert_arg(ctx, argc, argv, 0);
  if (!JSValueIsString(ctx, want))
    return usage(r, exc, "%s(text): text must be a string, got %s", assert_type_name(ctx, want));
  char *w = js_value_to_utf8(ctx, want);
  char *got = js_get_string(ctx, r->received, "statusText");
  if (!got) got = xstrdup("");
  r->pass = strcmp(w, got) == 0;
  r->expected = want;
  r->actual = js_make_string(ctx, got);
  if (assert_failed(r)) {
    if (assert_negated(r)) sbuf_printf(&r->msg, "Expected status text not to be \"%s\"", w);
    else sbuf_printf(&r->msg, "Expected status text \"%s\", but received \"%s\"", w, got);
  }
  free(w);
  free(got);
  return true;
}

/* ---- headers ---- */

static bool check_header(assert_run_t *r, size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  JSContextRef ctx = r->ctx;
  JSValueRef name_v = assert_arg(ctx, argc, argv, 0);
  JSValueRef want = assert_arg(ctx, argc, argv, 1);
  if (!JSValueIsString(ctx, name_v))
    return usage(r, exc, "%s(name, value?): name must be a string, got %s",
                 assert_type_name(ctx, name_v));
  char *name = js_value_to_utf8(ctx, name_v);
  char *got = assert_response_header(ctx, r->received, name);
  r->actual = got ? js_make_string(ctx, got) : JSValueMakeNull(ctx);
  bool ok = true;
  if (JSValueIsUndefined(ctx, want)) {
    r->pass = got != NULL;
    r->expected = js_make_string(ctx, "present");
    if (assert_failed(r)) {
      if (assert_negated(r))
        sbuf_printf(&r->msg, "Expected header \"%s\" not to be present, but it was \"%s\"", name,
                    got);
      else sbuf_printf(&r->msg, "Expected header \"%s\" to be present", name);
    }
  } else {
    bool re = assert_is_regexp(ctx, want);
    if (re) {
      r->pass = got && assert_regexp_test(ctx, want, r->actual, exc);
      ok = !*exc;
    } else {
      char *w = assert_to_string(ctx, want, NULL);
      r->pass = got && strcmp(got, w) == 0;
      free(w);
    }
    r->expected = want;
    if (ok && assert_failed(r)) {
      char *w = assert_to_string(ctx, want, NULL);
      const char *verb = re ? "match" : "equal";
      if (assert_negated(r))
        sbuf_printf(&r->msg, "Expected header \"%s\" not to %s %s, but got \"%s\"", name, verb, w,
                    got);
      else if (got)
        sbuf_printf(&r->msg, "Expected header \"%s\" to %s %s, but got \"%s\"", name, verb, w, got);
      else
        sbuf_printf(&r->msg, "Expected header \"%s\" to %s %s, but it was not present", name, verb,
                    w);
      free(w);
    }
  }
  free(name);
  free(got);
  return ok;
}

/* The media type, ignoring parameters unless given; through expect also a substring
 * (wdio-api-runner's matcher accepts toHaveContentType('json')); or a RegExp. */
static bool check_content_type(assert_run_t *r, size_t argc, const JSValueRef argv[],
                               JSValueRef *exc) {
  JSContextRef ctx = r->ctx;
  JSValueRef want = assert_arg(ctx, argc, argv, 0);
  bool re = assert_is_regexp(ctx, want);
  if (!re && !JSValueIsString(ctx, want))
    return usage(r, exc, "%s(type): type must be a string or a RegExp, got %s",
                 assert_type_name(ctx, want));
  char *got = assert_response_header(ctx, r->received, "content-type");
  char *w = assert_to_string(ctx, want, NULL);
  bool substring = (r->flags & ASSERT_EXPECT) && !re;
  r->expected = want;
  r->actual = got ? js_make_string(ctx, got) : JSValueMakeNull(ctx);
  if (re) r->pass = got && assert_regexp_test(ctx, want, r->actual, exc);
  else r->pass = got && (assert_media_type_matches(got, w) || (substring && strstr(got, w)));
  bool ok = !*exc;
  if (ok && assert_failed(r)) {
    const char *verb = re ? "match" : substring ? "contain" : "be";
    sbuf_printf(&r->msg, "Expected content-type %s%s %s, ", assert_negated(r) ? "not to " : "to ",
                verb, w);
    if (got) sbuf_printf(&r->msg, "but got \"%s\"", got);
    else sbuf_puts(&r->msg, "but the response has no content-type header");
  }
  free(w);
  free(got);
  return ok;
}

/* ---- body ---- */

static bool body_empty(JSContextRef ctx, JSValueRef data) {
  if (JSValueIsUndefined(ctx, data) || JSValueIsNull(ctx, data)) return true;
  if (JSValueIsString(ctx, data))
    return js_get_number(ctx, JSValueToObject(ctx, data, NULL), "length", 0) == 0;
  return false;
}

static bool check_body(assert_run_t *r, size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  JSContextRef ctx = r->ctx;
  JSValueRef data = js_get(ctx, r->received, "data");
  r->pass = !body_empty(ctx, data);
  r->actual = data;
  if (!assert_failed(r)) return true;
  if (assert_negated(r)) {
    sbuf_puts(&r->msg, "Expected response not to have a body, but ");
    put_body(r, data);
  } else {
    sbuf_puts(&r->msg, "Expected response to have a body, but the body is empty");
  }
  return true;
}

static bool check_empty_body(assert_run_t *r, size_t argc, const JSValueRef argv[],
                             JSValueRef *exc) {
  JSContextRef ctx = r->ctx;
  JSValueRef data = js_get(ctx, r->received, "data");
  bool empty = body_empty(ctx, data);
  if (!empty && JSValueIsObject(ctx, data) && !js_is_function(ctx, data)) {
    JSPropertyNameArrayRef names = JSObjectCopyPropertyNames(ctx, (JSObjectRef)data);
    empty = JSPropertyNameArrayGetCount(names) == 0;
    JSPropertyNameArrayRelease(names);
  }
  r->pass = empty;
  r->actual = data;
  if (!assert_failed(r)) return true;
  sbuf_printf(&r->msg, "Expected response %sto have an empty body, but ",
              assert_negated(r) ? "not " : "");
  put_body(r, data);
  return true;
}

static bool check_body_property(assert_run_t *r, size_t argc, const JSValueRef argv[],
                                JSValueRef *exc) {
  JSContextRef ctx = r->ctx;
  JSValueRef path_v = assert_arg(ctx, argc, argv, 0);
  JSValueRef want = assert_arg(ctx, argc, argv, 1);
  if (!JSValueIsString(ctx, path_v))
    return usage(r, exc, "%s(path, value?): path must be a string, got %s",
                 assert_type_name(ctx, path_v));
  char *text = js_value_to_utf8(ctx, path_v);
  assert_path_t path;
  sbuf_t err = SBUF_INIT;
  if (assert_path_parse(text, &path, &err) != 0) {
    usage(r, exc, "%s: invalid property path: %s", sbuf_cstr(&err));
    sbuf_free(&err);
    free(text);
    return false;
  }
  assert_path_result_t res;
  assert_path_resolve(ctx, js_get(ctx, r->received, "data"), &path, &res);
  bool found = res.status == ASSERT_PATH_FOUND;
  bool has_value = !JSValueIsUndefined(ctx, want);
  bool ok = true;
  r->pass = found;
  if (has_value && found) {
    r->pass = assert_equals(ctx, res.value, want, "equal", exc);
    ok = !*exc;
  }
  r->actual = found ? res.value : JSValueMakeUndefined(ctx);
  r->expected = has_value ? want : NULL;
  if (ok && assert_failed(r)) {
    sbuf_t where = SBUF_INIT;
    assert_path_format(&path, path.len, "body", &where);
    char *w = has_value ? assert_json_text(ctx, want) : NULL;
    char *g = found ? assert_json_text(ctx, res.value) : NULL;
    if (!has_value && assert_negated(r))
      sbuf_printf(&r->msg, "Expected body not to have property \"%s\", but %s is %s", text,
                  sbuf_cstr(&where), g);
    else if (!has_value) sbuf_printf(&r->msg, "Expected body to have property \"%s\", but ", text);
    else if (assert_negated(r))
      sbuf_printf(&r->msg, "Expected %s not to equal %s", sbuf_cstr(&where), w);
    else if (found)
      sbuf_printf(&r->msg, "Expected %s to equal %s, but got %s", sbuf_cstr(&where), w, g);
    else sbuf_printf(&r->msg, "Expected %s to equal %s, but ", sbuf_cstr(&where), w);
    if (!found && !assert_negated(r)) assert_path_reason(&path, &res, "body", &r->msg);
    free(w);
    free(g);
    sbuf_free(&where);
  }
  assert_path_free(&path);
  free(text);
  return ok;
}

static bool check_body_length(assert_run_t *r, size_t argc, const JSValueRef argv[],
                              JSValueRef *exc) {
  JSContextRef ctx = r->ctx;
  JSValueRef want = assert_arg(ctx, argc, argv, 0);
  if (!JSValueIsNumber(ctx, want))
    return usage(r, exc, "%s(length): length must be a number, got %s",
                 assert_type_name(ctx, want));
  double n = JSValueToNumber(ctx, want, NULL);
  JSValueRef data = js_get(ctx, r->received, "data");
  bool sized = JSValueIsArray(ctx, data) || JSValueIsString(ctx, data);
  double len = !sized ? NAN
               : JSValueIsString(ctx, data)
                   ? js_get_number(ctx, JSValueToObject(ctx, data, NULL), "length", 0)
                   : (double)js_array_length(ctx, data);
  r->pass = sized && len == n;
  r->expected = want;
  r->actual = sized ? JSValueMakeNumber(ctx, len) : JSValueMakeUndefined(ctx);
  if (!assert_failed(r)) return true;
  if (assert_negated(r)) sbuf_printf(&r->msg, "Expected body length not to be %g", n);
  else if (sized) sbuf_printf(&r->msg, "Expected body length %g, but got %g", n, len);
  else {
    const char *type = assert_type_name(ctx, data);
    const char *article = JSValueIsNull(ctx, data) || JSValueIsUndefined(ctx, data) ? ""
                          : strchr("aeiou", type[0])                                ? "an "
                                                                                    : "a ";
    sbuf_printf(&r->msg, "Expected body length %g, but the body is %s%s, not an array or string", n,
                article, type);
  }
  return true;
}

static bool check_body_containing(assert_run_t *r, size_t argc, const JSValueRef argv[],
                                  JSValueRef *exc) {
  JSContextRef ctx = r->ctx;
  JSValueRef want = assert_arg(ctx, argc, argv, 0);
  if (!JSValueIsString(ctx, want))
    return usage(r, exc, "%s(text): text must be a string, got %s", assert_type_name(ctx, want));
  char *w = js_value_to_utf8(ctx, want);
  JSValueRef data = js_get(ctx, r->received, "data");
  size_t len;
  char *body = response_body_text(ctx, data, &len);
  r->pass = strstr(body, w) != NULL;
  r->expected = want;
  r->actual = data;
  if (assert_failed(r)) {
    sbuf_printf(&r->msg, "Expected body %sto contain \"%s\", but ", assert_negated(r) ? "not " : "",
                w);
    assert_msg_body(&r->msg, body, len);
  }
  free(body);
  free(w);
  return true;
}

static bool check_body_matching(assert_run_t *r, size_t argc, const JSValueRef argv[],
                                JSValueRef *exc) {
  JSContextRef ctx = r->ctx;
  JSValueRef re = assert_arg(ctx, argc, argv, 0);
  if (JSValueIsString(ctx, re)) {
    re = js_call_global(ctx, "RegExp", 1, &re, exc);
    if (!re) return false;
  } else if (!assert_is_regexp(ctx, re)) {
    return usage(r, exc, "%s(pattern): pattern must be a RegExp, got %s",
                 assert_type_name(ctx, re));
  }
  JSValueRef data = js_get(ctx, r->received, "data");
  size_t len;
  char *body = response_body_text(ctx, data, &len);
  JSValueRef text = js_make_string_len(ctx, body, len);
  r->pass = assert_regexp_test(ctx, re, text, exc);
  r->expected = re;
  r->actual = data;
  bool ok = !*exc;
  if (ok && assert_failed(r)) {
    char *p = assert_to_string(ctx, re, NULL);
    sbuf_printf(&r->msg, "Expected body %sto match %s, but ", assert_negated(r) ? "not " : "", p);
    assert_msg_body(&r->msg, body, len);
    free(p);
  }
  free(body);
  return ok;
}

/* ---- timing ---- */

static bool check_within(assert_run_t *r, size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  JSContextRef ctx = r->ctx;
  JSValueRef want = assert_arg(ctx, argc, argv, 0);
  if (!JSValueIsNumber(ctx, want))
    return usage(r, exc, "%s(ms): ms must be a number, got %s", assert_type_name(ctx, want));
  double ms = JSValueToNumber(ctx, want, NULL);
  double took = js_get_number(ctx, r->received, "duration", NAN);
  r->pass = took <= ms;
  r->expected = want;
  r->actual = JSValueMakeNumber(ctx, took);
  if (!assert_failed(r)) return true;
  if (assert_negated(r)) {
    sbuf_puts(&r->msg, "Expected response not to be within ");
    assert_msg_duration(&r->msg, ms);
    sbuf_puts(&r->msg, "ms, but it was (");
    assert_msg_duration(&r->msg, took);
    sbuf_puts(&r->msg, "ms)");
  } else {
    sbuf_puts(&r->msg, "Expected response within ");
    assert_msg_duration(&r->msg, ms);
    sbuf_puts(&r->msg, "ms, but took ");
    assert_msg_duration(&r->msg, took);
    sbuf_puts(&r->msg, "ms");
  }
  return true;
}

const assert_check_t assert_response_checks[] = {
    {"toHaveStatus", check_status, 0},
    {"toBeSuccess", check_status_class, 2},
    {"toBeOk", check_status_class, 2},
    {"toBeRedirect", check_status_class, 3},
    {"toBeClientError", check_status_class, 4},
    {"toBeServerError", check_status_class, 5},
    {"toBeCreated", check_named_status, 201},
    {"toBeAccepted", check_named_status, 202},
    {"toBeNoContent", check_named_status, 204},
    {"toBeBadRequest", check_named_status, 400},
    {"toBeUnauthorized", check_named_status, 401},
    {"toBeForbidden", check_named_status, 403},
    {"toBeNotFound", check_named_status, 404},
    {"toBeConflict", check_named_status, 409},
    {"toBeUnprocessable", check_named_status, 422},
    {"toBeTooManyRequests", check_named_status, 429},
    {"toBeInternalServerError", check_named_status, 500},
    {"toBeServiceUnavailable", check_named_status, 503},
    {"toHaveStatusText", check_status_text, 0},
    {"toHaveHeader", check_header, 0},
    {"toHaveContentType", check_content_type, 0},
    {"toHaveBody", check_body, 0},
    {"toHaveEmptyBody", check_empty_body, 0},
    {"toHaveBodyProperty", check_body_property, 0},
    {"toHaveBodyLength", check_body_length, 0},
    {"toHaveBodyContaining", check_body_containing, 0},
    {"toHaveBodyMatching", check_body_matching, 0},
    {"toRespondWithin", check_within, 0},
    {"toMatchSchema", assert_check_schema, 0},
    {"toSatisfyApiSpec", assert_check_api_spec, 0},
    {"toSatisfySchemaInApiSpec", assert_check_schema_in_api_spec, ASSERT_ANY_VALUE},
    {"toHaveNoGraphQLErrors", assert_check_graphql_no_errors, 0},
    {"toHaveGraphQLError", assert_check_graphql_error, 0},
    {"toHaveGraphQLData", assert_check_graphql_data, 0},
    {NULL, NULL, 0},
};

/* ---- the chain ---- */

static JSValueRef chain_get_not(JSContextRef ctx, JSObjectRef obj, JSStringRef name,
                                JSValueRef *exc);
static JSValueRef chain_get_and(JSContextRef ctx, JSObjectRef obj, JSStringRef name,
                                JSValueRef *exc);

static JSClassRef chain_class(void) {
  static JSClassRef cls;
  if (!cls) {
    static const JSStaticValue values[] = {
        {"not", chain_get_not, NULL, kJSPropertyAttributeDontEnum | kJSPropertyAttributeReadOnly},
        {"and", chain_get_and, NULL, kJSPropertyAttributeDontEnum | kJSPropertyAttributeReadOnly},
        {NULL, NULL, NULL, 0},
    };
    JSClassDefinition def = kJSClassDefinitionEmpty;
    def.className = "ResponseAssertion";
    def.staticValues = values;
    cls = JSClassCreate(&def);
  }
  return cls;
}

static unsigned chain_flags(JSObjectRef chain) {
  return (unsigned)(uintptr_t)JSObjectGetPrivate(chain);
}

static JSObjectRef chain_proto(JSContextRef ctx);

static JSObjectRef chain_new(JSContextRef ctx, JSValueRef response, unsigned flags) {
  JSObjectRef chain = JSObjectMake(ctx, chain_class(), (void *)(uintptr_t)flags);
  JSObjectSetPrototype(ctx, chain, chain_proto(ctx));
  js_set_hidden(ctx, chain, "__response", response);
  return chain;
}

static JSValueRef chain_get_not(JSContextRef ctx, JSObjectRef obj, JSStringRef name,
                                JSValueRef *exc) {
  return chain_new(ctx, js_get(ctx, obj, "__response"), chain_flags(obj) ^ ASSERT_NOT);
}

static JSValueRef chain_get_and(JSContextRef ctx, JSObjectRef obj, JSStringRef name,
                                JSValueRef *exc) {
  return obj;
}

static JSValueRef chain_run(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                            const JSValueRef argv[], JSValueRef *exc) {
  const assert_check_t *check = data;
  if (!self || !JSValueIsObjectOfClass(ctx, self, chain_class())) {
    *exc = assert_usage_error(ctx, "TypeError",
                              "call it on the chain: assertResponse(response)."
                              "toHaveStatus(200)",
                              NULL);
    return NULL;
  }
  assert_run_t run = {.ctx = ctx,
                      .name = check->name,
                      .flags = chain_flags(self),
                      .received = js_get(ctx, self, "__response"),
                      .param = check->param};
  JSValueRef result = self, err = NULL;
  if (!check->fn(&run, argc, argv, &err)) result = NULL;
  else if (assert_failed(&run)) result = assert_throw_run(&run, NULL, &err);
  if (err) *exc = err;
  sbuf_free(&run.msg);
  return result;
}

static JSValueRef chain_get_response(JSContextRef ctx, JSObjectRef fn, JSObjectRef self,
                                     size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  return js_get(ctx, self, "__response");
}

static JSObjectRef chain_proto(JSContextRef ctx) {
  JSValueRef p = assert_state_get(ctx, "responseProto");
  if (JSValueIsObject(ctx, p)) return (JSObjectRef)p;
  JSObjectRef proto = JSObjectMake(ctx, NULL, NULL);
  for (const assert_check_t *c = assert_response_checks; c->name; c++)
    js_define_value(ctx, proto, c->name, js_make_closure(ctx, c->name, chain_run, (void *)c, NULL),
                    false);
  js_define_value(ctx, proto, "getResponse",
                  js_make_function(ctx, "getResponse", chain_get_response, 0), false);
  assert_state_set(ctx, "responseProto", proto);
  return proto;
}

static JSValueRef assert_response_call(JSContextRef ctx, JSObjectRef fn, JSObjectRef self,
                                       size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  JSValueRef response = assert_arg(ctx, argc, argv, 0);
  const char *why = assert_not_response(ctx, response);
  if (why) {
    char *msg = xasprintf("assertResponse(response) expects an API response, but %s", why);
    *exc = assert_usage_error(ctx, "TypeError", msg, NULL);
    free(msg);
    return NULL;
  }
  return chain_new(ctx, response, 0);
}

JSObjectRef assert_response_function(JSContextRef ctx) {
  JSValueRef f = assert_state_get(ctx, "assertResponse");
  if (js_is_function(ctx, f)) return (JSObjectRef)f;
  JSObjectRef fn = js_make_function(ctx, "assertResponse", assert_response_call, 1);
  assert_state_set(ctx, "assertResponse", fn);
  return fn;
}
