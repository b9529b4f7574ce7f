/* assert: the module's entry points (see assert.h) and the per-realm state the other files
 * share: one hidden global object holding what a realm built lazily (the expect prototype,
 * matchers of expect.extend, the AssertionError class, ...), and access to the embedded
 * libraries sonde:expect and sonde:diff (compiled once per realm by js_jslib, on first use).
 *
 * Memory: everything per realm is a JS value reachable from the realm's global object, so
 * it goes with the realm; nothing is protected and no C allocation outlives a call. */
#include "assert/assert.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "assert/assert_internal.h"
#include "js/inspect.h"
#include "js/jsclass.h"
#include "js/jsutil.h"

#define ASSERT_STATE_KEY "__sonde_assert"

JSObjectRef assert_state(JSContextRef ctx) {
  JSObjectRef global = JSContextGetGlobalObject(ctx);
  JSValueRef v = js_get(ctx, global, ASSERT_STATE_KEY);
  if (JSValueIsObject(ctx, v)) return (JSObjectRef)v;
  JSObjectRef state = JSObjectMake(ctx, NULL, NULL);
  js_set_hidden(ctx, global, ASSERT_STATE_KEY, state);
  return state;
}

JSValueRef assert_state_get(JSContextRef ctx, const char *key) {
  return js_get(ctx, assert_state(ctx), key);
}

void assert_state_set(JSContextRef ctx, const char *key, JSValueRef v) {
  js_set(ctx, assert_state(ctx), key, v);
}

JSValueRef assert_lib_get(JSContextRef ctx, const char *lib, const char *fn,
                          JSValueRef *exception) {
  JSValueRef table = js_jslib(ctx, lib, exception);
  if (!table) return NULL;
  JSValueRef f = js_get(ctx, table, fn);
  if (!js_is_function(ctx, f)) {
    js_throw(ctx, exception, "Error", "sonde:%s has no function %s", lib, fn);
    return NULL;
  }
  return f;
}

JSValueRef assert_lib_call(JSContextRef ctx, const char *lib, const char *fn, size_t argc,
                           const JSValueRef argv[], JSValueRef *exception) {
  JSValueRef f = assert_lib_get(ctx, lib, fn, exception);
  return f ? js_call(ctx, f, NULL, argc, argv, exception) : NULL;
}

/* ---- value helpers ---- */

static bool assert_has_tag(JSContextRef ctx, JSValueRef v, const char *tag) {
  if (!v || !JSValueIsObject(ctx, v)) return false;
  JSValueRef exc = NULL;
  JSValueRef t = js_call_global(ctx, "Object.prototype.toString.call", 1, &v, &exc);
  if (!t) return false;
  char *s = js_value_to_utf8(ctx, t);
  bool same = strlen(s) == strlen(tag) + 9 && strncmp(s + 8, tag, strlen(tag)) == 0;
  free(s);
  return same;
}

bool assert_is_regexp(JSContextRef ctx, JSValueRef v) { return assert_has_tag(ctx, v, "RegExp"); }

bool assert_is_asymmetric(JSContextRef ctx, JSValueRef v) {
  return v && JSValueIsObject(ctx, v) && js_is_function(ctx, js_get(ctx, v, "asymmetricMatch"));
}

bool assert_is_thenable(JSContextRef ctx, JSValueRef v) { return js_is_thenable(ctx, v); }

bool assert_regexp_test(JSContextRef ctx, JSValueRef re, JSValueRef s, JSValueRef *exception) {
  JSValueRef r = js_call(ctx, js_get(ctx, re, "test"), re, 1, &s, exception);
  return r && JSValueToBoolean(ctx, r);
}

char *assert_to_string(JSContextRef ctx, JSValueRef v, size_t *len) {
  if (JSValueIsSymbol(ctx, v)) {
    /* String(symbol) works where ToString throws. */
    JSValueRef exc = NULL;
    JSValueRef s = js_call_global(ctx, "String", 1, &v, &exc);
    if (s) return js_value_to_utf8_len(ctx, s, len);
  }
  return js_value_to_utf8_len(ctx, v, len);
}

char *assert_print(JSContextRef ctx, JSValueRef v) {
  JSValueRef exc = NULL;
  JSValueRef s = assert_lib_call(ctx, "diff", "stringify", 1, &v, &exc);
  if (s && JSValueIsString(ctx, s)) return js_value_to_utf8(ctx, s);
  /* A getter or toJSON that throws: Node's inspect does not call them. */
  return js_inspect(ctx, v, NULL);
}

char *assert_json_text(JSContextRef ctx, JSValueRef v) {
  if (JSValueIsUndefined(ctx, v)) return xstrdup("undefined");
  if (!assert_is_asymmetric(ctx, v)) {
    JSValueRef exc = NULL;
    JSStringRef json = JSValueCreateJSONString(ctx, v, 0, &exc);
    if (json) {
      char *text = js_string_to_utf8(json);
      JSStringRelease(json);
      return text;
    }
  }
  return assert_print(ctx, v);
}

const char *assert_type_name(JSContextRef ctx, JSValueRef v) {
  const char *kind = js_describe_type(ctx, v);
  if (strcmp(kind, "object") != 0) return kind;
  if (JSValueIsDate(ctx, v)) return "date";
  if (assert_has_tag(ctx, v, "RegExp")) return "regexp";
  if (assert_has_tag(ctx, v, "Map")) return "map";
  if (assert_has_tag(ctx, v, "Set")) return "set";
  return "object";
}

bool assert_equals(JSContextRef ctx, JSValueRef a, JSValueRef b, const char *mode,
                   JSValueRef *exception) {
  JSValueRef testers = assert_state_get(ctx, "testers");
  JSValueRef args[4] = {a, b, js_make_string(ctx, mode), testers};
  JSValueRef r = assert_lib_call(ctx, "expect", "equals", 4, args, exception);
  return r && JSValueToBoolean(ctx, r);
}

/* ---- Node's assert as a built-in module ---- */

/* `require('assert')` is the assert function itself (callable, with the methods on it). */
static JSValueRef assert_builtin_make(js_realm_t *realm, void *userdata, JSValueRef *exception) {
  return assert_node_module(js_realm_context(realm), userdata != NULL);
}

/* ---- entry points ---- */

void assert_register_builtins(js_runtime_t *rt) {
  js_runtime_add_builtin_value(rt, "assert", assert_builtin_make, NULL);
  js_runtime_add_builtin_value(rt, "assert/strict", assert_builtin_make, (void *)(uintptr_t)1);
}

/* Writable, like WebdriverIO's global: a spec may replace it with chai's. */
static void install_expect(JSContextRef ctx) {
  js_define_value(ctx, JSContextGetGlobalObject(ctx), "expect", expect_function(ctx), false);
}

void assert_install_globals(js_realm_t *realm) {
  /* Made on first use (~180 k instructions): spec files that check with chai or plain
   * throws never pay for it. */
  static const js_lazy_t globals[] = {{"expect", install_expect}};
  js_define_lazies(js_realm_context(realm), globals, 1);
}

JSObjectRef assert_expect(JSContextRef ctx) { return expect_function(ctx); }

void assert_export(js_realm_t *realm, JSObjectRef exports) {
  JSContextRef ctx = js_realm_context(realm);
  js_set(ctx, exports, "assertResponse", assert_response_function(ctx));
  js_set(ctx, exports, "expect", expect_function(ctx));
  js_set(ctx, exports, "AssertionError", assert_error_class(ctx));
  js_set(ctx, exports, "apiMatchers", assert_api_matchers(ctx));
  js_set(ctx, exports, "loadApiSpec", assert_load_api_spec_function(ctx));
}
