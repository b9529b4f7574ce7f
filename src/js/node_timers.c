/* node_timers: the `timers` module (the realm's timer globals) and `timers/promises`
 * (src/jslib/timers-promises.js, given the globals). No C state. */
#include "js/jsclass.h"
#include "js/jsutil.h"
#include "js/node.h"

static const char *const kNames[] = {"setTimeout",     "clearTimeout", "setImmediate",
                                     "clearImmediate", "setInterval",  "clearInterval"};

static JSObjectRef timer_globals(JSContextRef ctx) {
  JSObjectRef global = JSContextGetGlobalObject(ctx);
  JSObjectRef o = JSObjectMake(ctx, NULL, NULL);
  for (size_t i = 0; i < sizeof(kNames) / sizeof(kNames[0]); i++)
    js_set(ctx, o, kNames[i], js_get(ctx, global, kNames[i]));
  return o;
}

static JSValueRef promises_make(js_realm_t *realm, void *ud, JSValueRef *exception) {
  JSContextRef ctx = js_realm_context(realm);
  JSValueRef timers = timer_globals(ctx);
  return js_jslib_call(ctx, "timers-promises", 1, &timers, exception);
}

static JSValueRef timers_make(js_realm_t *realm, void *ud, JSValueRef *exception) {
  JSContextRef ctx = js_realm_context(realm);
  JSObjectRef o = timer_globals(ctx);
  JSValueRef p = promises_make(realm, ud, exception);
  if (!p) return NULL;
  js_set(ctx, o, "promises", p);
  return o;
}

void js_node_timers_register(js_runtime_t *rt) {
  js_runtime_add_builtin_value(rt, "timers", timers_make, NULL);
  js_runtime_add_builtin_value(rt, "timers/promises", promises_make, NULL);
}
