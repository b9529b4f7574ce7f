/* expect_core: the `expect` function of spec files (Jest's API, as WebdriverIO's global
 * expect provides it). expect(value) makes an Expectation whose prototype holds every
 * matcher: Jest's (expect_matchers.c, expect_more.c), the API checks on responses
 * (assert_response.c) and those added by expect.extend. `.not`, `.resolves` and `.rejects`
 * are accessors that make a new Expectation with a flag set; with a promise flag the
 * matcher runs when the promise settles and the call returns a promise. Also here: the
 * asymmetric matcher factories (expect.any, ... in sonde:expect), expect.extend with
 * its matcher context (this.equals, this.utils), expect.addEqualityTesters, and Jest's
 * message helpers the matcher files share.
 *
 * Memory: an Expectation's private data is its flags (an integer in the pointer); the
 * received value, a pending job and a custom matcher's name hang off JS objects as hidden
 * properties, so the engine owns everything. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "assert/assert_internal.h"
#include "assert/assert_message.h"
#include "js/jsclass.h"
#include "js/jsutil.h"

/* ---- Jest's message helpers ---- */

void expect_hint(assert_run_t *r, const char *expected, const char *second, const char *comment) {
  assert_msg_hint(&r->msg, r->name, r->flags, "received", expected ? expected : "expected", second,
                  comment);
  sbuf_puts(&r->msg, "\n\n");
}

void expect_put(assert_run_t *r, JSValueRef v) {
  char *s = assert_print(r->ctx, v);
  sbuf_puts(&r->msg, s);
  free(s);
}

void expect_put_with_type(assert_run_t *r, sbuf_t *out, const char *name, JSValueRef v) {
  const char *type = assert_type_name(r->ctx, v);
  if (strcmp(type, "null") != 0 && strcmp(type, "undefined") != 0)
    sbuf_printf(out, "%s has type:  %s\n", name, type);
  char *s = assert_print(r->ctx, v);
  sbuf_printf(out, "%s has value: %s", name, s);
  free(s);
}

bool expect_put_diff(assert_run_t *r, JSValueRef expected, JSValueRef received, const char *elabel,
                     const char *rlabel, JSValueRef *exception) {
  JSContextRef ctx = r->ctx;
  JSValueRef args[4] = {expected, received, js_make_string(ctx, elabel),
                        js_make_string(ctx, rlabel)};
  JSValueRef s = assert_lib_call(ctx, "diff", "printDiffOrStringify", 4, args, exception);
  if (!s) return false;
  char *text = js_value_to_utf8(ctx, s);
  sbuf_puts(&r->msg, text);
  free(text);
  return true;
}

bool expect_usage(assert_run_t *r, JSValueRef *exception, const char *expected_arg,
                  const char *generic, const char *name, JSValueRef value) {
  sbuf_t b = SBUF_INIT;
  assert_msg_hint(&b, r->name, r->flags, "received", expected_arg ? expected_arg : "expected", NULL,
                  NULL);
  sbuf_printf(&b, "\n\nMatcher error: %s", generic);
  if (name) {
    sbuf_puts(&b, "\n\n");
    expect_put_with_type(r, &b, name, value);
  }
  *exception = assert_usage_error(r->ctx, "Error", sbuf_cstr(&b), NULL);
  sbuf_free(&b);
  return false;
}

/* ---- the Expectation class ---- */

static JSValueRef expect_get_not(JSContextRef ctx, JSObjectRef obj, JSStringRef name,
                                 JSValueRef *exc);
static JSValueRef expect_get_resolves(JSContextRef ctx, JSObjectRef obj, JSStringRef name,
                                      JSValueRef *exc);
static JSValueRef expect_get_rejects(JSContextRef ctx, JSObjectRef obj, JSStringRef name,
                                     JSValueRef *exc);

static JSClassRef expect_class(void) {
  static JSClassRef cls;
  if (!cls) {
    static const JSStaticValue values[] = {
        {"not", expect_get_not, NULL, kJSPropertyAttributeDontEnum | kJSPropertyAttributeReadOnly},
        {"resolves", expect_get_resolves, NULL,
         kJSPropertyAttributeDontEnum | kJSPropertyAttributeReadOnly},
        {"rejects", expect_get_rejects, NULL,
         kJSPropertyAttributeDontEnum | kJSPropertyAttributeReadOnly},
        {NULL, NULL, NULL, 0},
    };
    JSClassDefinition def = kJSClassDefinitionEmpty;
    def.className = "Expectation";
    def.staticValues = values;
    cls = JSClassCreate(&def);
  }
  return cls;
}

static unsigned expect_flags(JSObjectRef e) { return (unsigned)(uintptr_t)JSObjectGetPrivate(e); }

static JSObjectRef expect_new(JSContextRef ctx, JSValueRef received, unsigned flags) {
  JSObjectRef e = JSObjectMake(ctx, expect_class(), (void *)(uintptr_t)flags);
  JSObjectSetPrototype(ctx, e, expect_prototype(ctx));
  js_set_hidden(ctx, e, "__actual", received);
  return e;
}

static JSValueRef expect_get_not(JSContextRef ctx, JSObjectRef obj, JSStringRef name,
                                 JSValueRef *exc) {
  return expect_new(ctx, js_get(ctx, obj, "__actual"), expect_flags(obj) ^ ASSERT_NOT);
}

static JSValueRef expect_promise_flag(JSContextRef ctx, JSObjectRef obj, unsigned flag) {
  unsigned flags = expect_flags(obj);
  /* Jest offers .resolves/.rejects before .not, once. */
  if (flags & (ASSERT_NOT | ASSERT_RESOLVES | ASSERT_REJECTS)) return JSValueMakeUndefined(ctx);
  return expect_new(ctx, js_get(ctx, obj, "__actual"), flags | flag);
}

static JSValueRef expect_get_resolves(JSContextRef ctx, JSObjectRef obj, JSStringRef name,
                                      JSValueRef *exc) {
  return expect_promise_flag(ctx, obj, ASSERT_RESOLVES);
}

static JSValueRef expect_get_rejects(JSContextRef ctx, JSObjectRef obj, JSStringRef name,
                                     JSValueRef *exc) {
  return expect_promise_flag(ctx, obj, ASSERT_REJECTS);
}

/* ---- running a matcher ---- */

static const assert_check_t *const expect_tables[] = {
    expect_equality_matchers, expect_value_matchers, assert_response_checks};

static bool expect_is_api(const assert_check_t *check) {
  for (const assert_check_t *c = assert_response_checks; c->name; c++)
    if (c == check) return true;
  return false;
}

static const assert_check_t *expect_builtin(const char *name) {
  for (size_t t = 0; t < sizeof expect_tables / sizeof *expect_tables; t++)
    for (const assert_check_t *c = expect_tables[t]; c->name; c++)
      if (strcmp(c->name, name) == 0) return c;
  return NULL;
}

/* An error thrown in a later turn gets the stack of the expect() call. */
static void expect_restack(JSContextRef ctx, JSValueRef err, JSValueRef stack_from) {
  if (stack_from && err && JSValueIsObject(ctx, err))
    assert_trim_stack(ctx, (JSObjectRef)err, stack_from);
}

static JSValueRef expect_run_builtin(JSContextRef ctx, const assert_check_t *check, unsigned flags,
                                     JSValueRef received, size_t argc, const JSValueRef argv[],
                                     JSValueRef stack_from, JSValueRef *exc) {
  assert_run_t run = {
      .ctx = ctx, .name = check->name, .flags = flags, .received = received, .param = check->param};
  JSValueRef err = NULL;
  bool ok;
  if (expect_is_api(check) && check->param != ASSERT_ANY_VALUE &&
      assert_not_response(ctx, received)) {
    char *generic = xasprintf("received value must be an API response, but %s",
                              assert_not_response(ctx, received));
    ok = expect_usage(&run, &err, NULL, generic, NULL, NULL);
    free(generic);
  } else {
    ok = check->fn(&run, argc, argv, &err);
  }
  if (!ok) expect_restack(ctx, err, stack_from);
  else if (assert_failed(&run)) assert_throw_run(&run, stack_from, &err);
  sbuf_free(&run.msg);
  if (err) {
    *exc = err;
    return NULL;
  }
  return JSValueMakeUndefined(ctx);
}

static JSValueRef expect_run_named(JSContextRef ctx, const char *name, unsigned flags,
                                   JSValueRef received, size_t argc, const JSValueRef argv[],
                                   JSValueRef stack_from, JSValueRef *exc) {
  JSValueRef custom = js_get(ctx, assert_state_get(ctx, "custom"), name);
  if (js_is_function(ctx, custom))
    return expect_run_custom(ctx, name, flags, received, argc, argv, stack_from, exc);
  const assert_check_t *check = expect_builtin(name);
  if (!check) {
    *exc = assert_usage_error(ctx, "TypeError", "unknown matcher", stack_from);
    return NULL;
  }
  return expect_run_builtin(ctx, check, flags, received, argc, argv, stack_from, exc);
}

/* ---- .resolves / .rejects ---- */

static JSValueRef expect_settled(JSContextRef ctx, JSObjectRef fn, size_t argc,
                                 const JSValueRef argv[], JSValueRef *exc, bool fulfilled) {
  JSValueRef job = js_get(ctx, fn, "__job");
  char *name = js_get_string(ctx, job, "name");
  unsigned flags = (unsigned)js_get_number(ctx, job, "flags", 0);
  JSValueRef args = js_get(ctx, job, "args");
  JSValueRef stack = js_get(ctx, job, "stack");
  JSValueRef value = assert_arg(ctx, argc, argv, 0);
  JSValueRef result;
  bool want_fulfilled = (flags & ASSERT_RESOLVES) != 0;
  if (fulfilled != want_fulfilled) {
    assert_run_t run = {.ctx = ctx, .name = name ? name : "", .flags = flags, .received = value};
    expect_hint(&run, "", NULL, NULL);
    sbuf_printf(&run.msg, "Received promise %s instead of %s\n%s to value: ",
                fulfilled ? "resolved" : "rejected", fulfilled ? "rejected" : "resolved",
                fulfilled ? "Resolved" : "Rejected");
    expect_put(&run, value);
    run.pass = assert_negated(&run); /* a failure whatever the .not */
    result = assert_throw_run(&run, stack, exc);
    sbuf_free(&run.msg);
  } else {
    size_t n = js_array_length(ctx, args);
    JSValueRef *list = xcalloc(n ? n : 1, sizeof(JSValueRef));
    for (size_t i = 0; i < n; i++) list[i] = js_array_get(ctx, args, (unsigned)i);
    result = expect_run_named(ctx, name ? name : "", flags, value, n, list, stack, exc);
    free(list);
  }
  free(name);
  return result;
}

static JSValueRef expect_on_fulfilled(JSContextRef ctx, JSObjectRef fn, JSObjectRef self,
                                      size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  return expect_settled(ctx, fn, argc, argv, exc, true);
}

static JSValueRef expect_on_rejected(JSContextRef ctx, JSObjectRef fn, JSObjectRef self,
                                     size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  return expect_settled(ctx, fn, argc, argv, exc, false);
}

static JSValueRef expect_run_async(JSContextRef ctx, const char *name, unsigned flags,
                                   JSValueRef received, size_t argc, const JSValueRef argv[],
                                   JSValueRef *exc) {
  JSValueRef promise = received;
  bool rejects = (flags & ASSERT_REJECTS) != 0;
  /* Jest calls a function given to .rejects (not to .resolves) for its promise. */
  if (rejects && js_is_function(ctx, received)) {
    promise = js_call(ctx, received, NULL, 0, NULL, exc);
    if (!promise) return NULL;
  }
  if (!assert_is_thenable(ctx, promise)) {
    assert_run_t run = {.ctx = ctx, .name = name, .flags = flags};
    expect_usage(&run, exc, "",
                 rejects ? "received value must be a promise or a function "
                           "returning a promise"
                         : "received value must be a promise",
                 "Received", received);
    return NULL;
  }
  /* The job travels as a hidden property of both continuations. */
  JSObjectRef job = JSObjectMake(ctx, NULL, NULL);
  js_set(ctx, job, "name", js_make_string(ctx, name));
  js_set(ctx, job, "flags", JSValueMakeNumber(ctx, flags));
  js_set(ctx, job, "args", js_make_array(ctx, argc, argv));
  js_set(ctx, job, "stack", assert_capture_stack(ctx));
  JSObjectRef on_ok = js_make_function(ctx, NULL, expect_on_fulfilled, 0);
  JSObjectRef on_err = js_make_function(ctx, NULL, expect_on_rejected, 0);
  js_set_hidden(ctx, on_ok, "__job", job);
  js_set_hidden(ctx, on_err, "__job", job);
  JSValueRef handlers[2] = {on_ok, on_err};
  return js_call(ctx, js_get(ctx, promise, "then"), promise, 2, handlers, exc);
}

/* ---- matcher entry points on the prototype ---- */

static bool expect_this(JSContextRef ctx, JSObjectRef self, JSValueRef *exc) {
  if (self && JSValueIsObjectOfClass(ctx, self, expect_class())) return true;
  *exc = assert_usage_error(
      ctx, "TypeError", "matchers must be called on expect(value), e.g. expect(1).toBe(1)", NULL);
  return false;
}

static JSValueRef expect_dispatch(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                                  const JSValueRef argv[], JSValueRef *exc) {
  const assert_check_t *check = data;
  if (!expect_this(ctx, self, exc)) return NULL;
  unsigned flags = expect_flags(self) | ASSERT_EXPECT;
  JSValueRef received = js_get(ctx, self, "__actual");
  if (flags & (ASSERT_RESOLVES | ASSERT_REJECTS))
    return expect_run_async(ctx, check->name, flags, received, argc, argv, exc);
  return expect_run_builtin(ctx, check, flags, received, argc, argv, NULL, exc);
}

JSValueRef expect_dispatch_custom(JSContextRef ctx, JSObjectRef fn, JSObjectRef self, size_t argc,
                                  const JSValueRef argv[], JSValueRef *exc) {
  if (!expect_this(ctx, self, exc)) return NULL;
  char *name = js_get_string(ctx, fn, "__name");
  unsigned flags = expect_flags(self) | ASSERT_EXPECT;
  JSValueRef received = js_get(ctx, self, "__actual");
  JSValueRef r =
      (flags & (ASSERT_RESOLVES | ASSERT_REJECTS))
          ? expect_run_async(ctx, name ? name : "", flags, received, argc, argv, exc)
          : expect_run_custom(ctx, name ? name : "", flags, received, argc, argv, NULL, exc);
  free(name);
  return r;
}

JSObjectRef expect_prototype(JSContextRef ctx) {
  JSValueRef p = assert_state_get(ctx, "expectProto");
  if (JSValueIsObject(ctx, p)) return (JSObjectRef)p;
  JSObjectRef proto = JSObjectMake(ctx, NULL, NULL);
  for (size_t t = 0; t < sizeof expect_tables / sizeof *expect_tables; t++)
    for (const assert_check_t *c = expect_tables[t]; c->name; c++)
      js_define_value(ctx, proto, c->name,
                      js_make_closure(ctx, c->name, expect_dispatch, (void *)c, NULL), false);
  assert_state_set(ctx, "expectProto", proto);
  return proto;
}

JSObjectRef expect_make(JSContextRef ctx, JSValueRef received) {
  return expect_new(ctx, received, 0);
}
