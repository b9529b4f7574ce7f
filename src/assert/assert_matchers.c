/* assert_matchers: the apiMatchers export of `sonde` / `wdio-api-runner`: every API check
 * as a function matcher(response, ...args) → { pass, actual, expected, message() }, to call
 * directly or to give to expect.extend. The checks are assert_response.c's (sonde's
 * semantics: paths with [index], toHaveContentType a substring as in wdio-api-runner's
 * matcher); the messages are wdio-api-runner's matcher texts, and as there they follow
 * `pass` alone: the positive failure text when pass is false, the negated one when it is
 * true (which is what Jest shows for a failed `.not`). Checks that project has no matcher
 * for keep sonde's texts, chosen the same way.
 *
 * Memory: nothing kept; a result's message is a hidden property of its message function. */
#include <stdlib.h>
#include <string.h>

#include "assert/assert_internal.h"
#include "assert/assert_path.h"
#include "js/jsclass.h"
#include "js/jsutil.h"

/* String(v) for a message. */
static char *text_of(JSContextRef ctx, JSValueRef v) {
  if (!v || JSValueIsUndefined(ctx, v)) return xstrdup("undefined");
  return assert_to_string(ctx, v, NULL);
}

/* toHaveBodyProperty's texts: body.<path> as sonde writes paths ([0].id stays indexed). */
static void body_property_text(JSContextRef ctx, const assert_run_t *run, size_t argc,
                               const JSValueRef argv[], sbuf_t *out) {
  char *path = text_of(ctx, assert_arg(ctx, argc, argv, 0));
  JSValueRef want = assert_arg(ctx, argc, argv, 1);
  if (JSValueIsUndefined(ctx, want)) {
    sbuf_printf(out, "Expected body %sto have property \"%s\"", run->pass ? "not " : "", path);
    free(path);
    return;
  }
  assert_path_t parsed;
  sbuf_t err = SBUF_INIT, where = SBUF_INIT;
  if (assert_path_parse(path, &parsed, &err) == 0) {
    assert_path_format(&parsed, parsed.len, "body", &where);
    assert_path_free(&parsed);
  } else {
    sbuf_printf(&where, "body.%s", path);
  }
  char *w = assert_json_text(ctx, want);
  if (run->pass) {
    sbuf_printf(out, "Expected %s not to equal %s", sbuf_cstr(&where), w);
  } else {
    char *g = assert_json_text(ctx, run->actual ? run->actual : JSValueMakeUndefined(ctx));
    sbuf_printf(out, "Expected %s to equal %s, but got %s", sbuf_cstr(&where), w, g);
    free(g);
  }
  free(w);
  sbuf_free(&err);
  sbuf_free(&where);
  free(path);
}

/* wdio-api-runner's text for its matchers; false for the checks it has none for. */
static bool project_text(JSContextRef ctx, const assert_check_t *check, const assert_run_t *run,
                         size_t argc, const JSValueRef argv[], sbuf_t *out) {
  const char *name = check->name;
  bool pass = run->pass;
  JSValueRef arg0 = assert_arg(ctx, argc, argv, 0);
  if (strcmp(name, "toHaveStatus") == 0 || strcmp(name, "toHaveStatusText") == 0) {
    bool text = strcmp(name, "toHaveStatusText") == 0;
    const char *q = text ? "\"" : "";
    char *want = text_of(ctx, arg0), *got = text_of(ctx, run->actual);
    if (pass)
      sbuf_printf(out, "Expected response not to have status %s%s%s%s", text ? "text " : "", q,
                  want, q);
    else
      sbuf_printf(out, "Expected status %s%s%s%s, but received %s%s%s", text ? "text " : "", q,
                  want, q, q, got, q);
    free(want);
    free(got);
    return true;
  }
  if (strcmp(name, "toBeSuccess") == 0 || strcmp(name, "toBeClientError") == 0 ||
      strcmp(name, "toBeServerError") == 0) {
    const char *what = check->param == 2   ? "success"
                       : check->param == 4 ? "client error"
                                           : "server error";
    char *got = text_of(ctx, run->actual);
    sbuf_printf(out, "Expected %s%s status (%dxx), but received %s",
                pass ? "response not to have " : "", what, check->param, got);
    free(got);
    return true;
  }
  if (strcmp(name, "toHaveHeader") == 0) {
    char *header = text_of(ctx, arg0);
    JSValueRef want = assert_arg(ctx, argc, argv, 1);
    if (JSValueIsUndefined(ctx, want)) {
      sbuf_printf(out, "Expected response %sto have header \"%s\"", pass ? "not " : "", header);
    } else {
      const char *verb = assert_is_regexp(ctx, want) ? "match" : "equal";
      char *w = text_of(ctx, want);
      char *got = run->actual && !JSValueIsNull(ctx, run->actual) ? text_of(ctx, run->actual)
                                                                  : xstrdup("null");
      if (pass) sbuf_printf(out, "Expected header \"%s\" not to %s %s", header, verb, w);
      else
        sbuf_printf(out, "Expected header \"%s\" to %s %s, but got \"%s\"", header, verb, w, got);
      free(w);
      free(got);
    }
    free(header);
    return true;
  }
  if (strcmp(name, "toHaveContentType") == 0) {
    const char *verb = assert_is_regexp(ctx, arg0) ? "match" : "contain";
    char *w = text_of(ctx, arg0);
    char *got = run->actual && !JSValueIsNull(ctx, run->actual) ? text_of(ctx, run->actual)
                                                                : xstrdup("null");
    if (pass) sbuf_printf(out, "Expected content-type not to %s %s", verb, w);
    else sbuf_printf(out, "Expected content-type to %s %s, but got \"%s\"", verb, w, got);
    free(w);
    free(got);
    return true;
  }
  if (strcmp(name, "toHaveBody") == 0 || strcmp(name, "toHaveEmptyBody") == 0) {
    sbuf_printf(out, "Expected response %sto have %s", pass ? "not " : "",
                name[6] == 'E' ? "an empty body" : "a body");
    return true;
  }
  if (strcmp(name, "toHaveBodyLength") == 0) {
    char *want = text_of(ctx, arg0), *got = text_of(ctx, run->actual);
    if (pass) sbuf_printf(out, "Expected body length not to be %s", want);
    else sbuf_printf(out, "Expected body length %s, but got %s", want, got);
    free(want);
    free(got);
    return true;
  }
  if (strcmp(name, "toHaveBodyProperty") == 0) {
    body_property_text(ctx, run, argc, argv, out);
    return true;
  }
  if (strcmp(name, "toMatchSchema") == 0 && pass) {
    sbuf_puts(out, "Expected body not to match schema, but it did");
    return true;
  }
  return false;
}

static JSValueRef matcher_message(JSContextRef ctx, JSObjectRef fn, JSObjectRef self, size_t argc,
                                  const JSValueRef argv[], JSValueRef *exc) {
  return js_get(ctx, fn, "__message");
}

/* matcher(received, ...args): a bad argument (toHaveStatus('200')) throws the check's
 * TypeError, as a matcher error does in Jest. */
static JSValueRef matcher_call(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  const assert_check_t *check = data;
  JSValueRef received = assert_arg(ctx, argc, argv, 0);
  size_t n = argc ? argc - 1 : 0;
  const JSValueRef *args = argc ? argv + 1 : argv;
  assert_run_t run = {.ctx = ctx,
                      .name = check->name,
                      .received = received,
                      .flags = ASSERT_EXPECT,
                      .param = check->param};
  sbuf_t text = SBUF_INIT;
  JSValueRef err = NULL;
  if (check->param != ASSERT_ANY_VALUE && assert_not_response(ctx, received)) {
    sbuf_puts(&text, "Expected value to be an ApiResponse object");
  } else if (!check->fn(&run, n, args, &err)) {
    sbuf_free(&run.msg);
    *exc = err;
    return NULL;
  } else if (!project_text(ctx, check, &run, n, args, &text)) {
    if (run.pass) {
      /* sonde's negated text: the check writes it when run as `.not`. */
      assert_run_t negated = run;
      negated.flags |= ASSERT_NOT;
      negated.msg = (sbuf_t)SBUF_INIT;
      if (check->fn(&negated, n, args, &err)) sbuf_puts(&text, sbuf_cstr(&negated.msg));
      sbuf_free(&negated.msg);
      err = NULL;
    } else {
      sbuf_puts(&text, sbuf_cstr(&run.msg));
    }
  }
  JSObjectRef result = JSObjectMake(ctx, NULL, NULL);
  JSObjectRef message = js_make_function(ctx, "message", matcher_message, 0);
  js_set_hidden(ctx, message, "__message", js_make_string(ctx, sbuf_cstr(&text)));
  js_set(ctx, result, "pass", JSValueMakeBoolean(ctx, run.pass));
  js_set(ctx, result, "message", message);
  if (run.actual) js_set(ctx, result, "actual", run.actual);
  if (run.expected) js_set(ctx, result, "expected", run.expected);
  sbuf_free(&run.msg);
  sbuf_free(&text);
  return result;
}

JSObjectRef assert_api_matchers(JSContextRef ctx) {
  JSValueRef m = assert_state_get(ctx, "apiMatchers");
  if (JSValueIsObject(ctx, m)) return (JSObjectRef)m;
  JSObjectRef matchers = JSObjectMake(ctx, NULL, NULL);
  for (const assert_check_t *c = assert_response_checks; c->name; c++)
    js_set(ctx, matchers, c->name, js_make_closure(ctx, c->name, matcher_call, (void *)c, NULL));
  assert_state_set(ctx, "apiMatchers", matchers);
  return matchers;
}
