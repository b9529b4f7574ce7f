/* node_events: the `events` module (EventEmitter, once, on, errorMonitor, ...). The emitter
 * itself is src/jslib/events.js (see there why it is JavaScript); this file evaluates it
 * once per realm and gives it the one native it needs, a warning printer that goes through
 * process.emitWarning. Nothing is allocated on the C side. */
#include "js/inspect.h"
#include "js/jsclass.h"
#include "js/jsutil.h"
#include "js/runtime_internal.h"

/* warn(message, type): process.emitWarning(message, type), looked up when called so that a
 * replaced emitWarning sees the warning as in Node. */
static JSValueRef events_warn(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  JSValueRef process = js_get(ctx, JSContextGetGlobalObject(ctx), "process");
  JSValueRef emit = js_get(ctx, process, "emitWarning");
  if (js_is_function(ctx, emit)) js_call(ctx, emit, process, argc, argv, NULL);
  return JSValueMakeUndefined(ctx);
}

JSObjectRef js_events_ctor(JSContextRef ctx) {
  JSValueRef natives[2] = {js_make_function(ctx, "warn", events_warn, 2), js_inspect_function(ctx)};
  JSValueRef exc = NULL;
  JSValueRef ee = js_jslib_call(ctx, "events", 2, natives, &exc);
  return ee && JSValueIsObject(ctx, ee) ? (JSObjectRef)ee : NULL;
}

/* module.exports of `events` is EventEmitter itself. */
static JSValueRef events_make(js_realm_t *realm, void *ud, JSValueRef *exception) {
  JSObjectRef ee = js_events_ctor(js_realm_context(realm));
  if (!ee)
    js_throw(js_realm_context(realm), exception, "Error", "events: cannot load EventEmitter");
  return ee;
}

void js_node_events_register(js_runtime_t *rt) {
  js_runtime_add_builtin_value(rt, "events", events_make, NULL);
}
