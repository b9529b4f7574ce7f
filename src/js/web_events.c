/* web_events: installs DOMException, Event, CustomEvent, EventTarget, AbortController,
 * AbortSignal (src/jslib/web-events.js) and structuredClone (src/jslib/structured-clone.js)
 * as globals, and gives C code (fetch, the api client) a way to follow an AbortSignal.
 *
 * Memory: a subscription is a malloc'd record shared by the C caller and the JS listener
 * closure; whichever lets go last frees it (the closure's finalizer, or
 * js_abort_unsubscribe after the closure is gone). The closure never calls into C once the
 * caller has unsubscribed. */
#include <stdlib.h>

#include "common/sbuf.h"
#include "js/jsclass.h"
#include "js/jsutil.h"
#include "js/web.h"

#define EVENTS_KEY "__sonde_web_events"

struct js_abort_sub {
  js_abort_fn fn;
  void *userdata;
  bool active; /* false once unsubscribed or fired */
  int refs;    /* the C caller and the JS closure */
};

static void sub_release(js_abort_sub_t *s) {
  if (--s->refs == 0) free(s);
}

static void sub_closure_free(void *p) { sub_release(p); }

static JSValueRef sub_on_abort(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  js_abort_sub_t *s = data;
  if (!s->active) return JSValueMakeUndefined(ctx);
  s->active = false;
  /* `this` is the signal (EventTarget calls listeners with it). */
  s->fn(ctx, js_abort_signal_reason(ctx, self), s->userdata);
  return JSValueMakeUndefined(ctx);
}

static JSObjectRef events_lib(JSContextRef ctx) {
  JSValueRef v = js_get(ctx, JSContextGetGlobalObject(ctx), EVENTS_KEY);
  return JSValueIsObject(ctx, v) ? (JSObjectRef)v : NULL;
}

bool js_abort_signal_is(JSContextRef ctx, JSValueRef v) {
  JSObjectRef lib = events_lib(ctx);
  JSValueRef ctor = lib ? js_get(ctx, lib, "AbortSignal") : NULL;
  return ctor && JSValueIsObject(ctx, v) && JSValueIsObject(ctx, ctor) &&
         JSValueIsInstanceOfConstructor(ctx, v, (JSObjectRef)ctor, NULL);
}

bool js_abort_signal_aborted(JSContextRef ctx, JSValueRef signal) {
  return JSValueToBoolean(ctx, js_get(ctx, signal, "aborted"));
}

JSValueRef js_abort_signal_reason(JSContextRef ctx, JSValueRef signal) {
  return js_get(ctx, signal, "reason");
}

js_abort_sub_t *js_abort_subscribe(JSContextRef ctx, JSValueRef signal, js_abort_fn fn,
                                   void *userdata) {
  if (!js_abort_signal_is(ctx, signal)) return NULL;
  js_abort_sub_t *s = xcalloc(1, sizeof(*s));
  s->fn = fn;
  s->userdata = userdata;
  s->active = true;
  s->refs = 2;
  JSObjectRef listener = js_make_closure(ctx, "onabort", sub_on_abort, s, sub_closure_free);
  JSObjectRef opts = JSObjectMake(ctx, NULL, NULL);
  js_set(ctx, opts, "once", JSValueMakeBoolean(ctx, true));
  JSValueRef args[3] = {js_make_string(ctx, "abort"), listener, opts};
  JSValueRef exc = NULL;
  js_call(ctx, js_get(ctx, signal, "addEventListener"), signal, 3, args, &exc);
  if (exc) {
    s->active = false;
    sub_release(s);
    return NULL;
  }
  return s;
}

void js_abort_unsubscribe(js_abort_sub_t *sub) {
  if (!sub) return;
  sub->active = false;
  sub_release(sub);
}

void js_web_events_install(JSContextRef ctx) {
  if (!js_once(ctx, "__sonde_once_events")) return;
  JSObjectRef global = JSContextGetGlobalObject(ctx);
  JSValueRef args[2] = {js_get(ctx, global, "setTimeout"), js_get(ctx, global, "clearTimeout")};
  JSValueRef exc = NULL;
  JSValueRef lib = js_jslib_call(ctx, "web-events", 2, args, &exc);
  if (!lib || !JSValueIsObject(ctx, lib)) return;
  js_set_hidden(ctx, global, EVENTS_KEY, lib);
  static const char *const names[] = {"DOMException", "Event",           "CustomEvent",
                                      "EventTarget",  "AbortController", "AbortSignal"};
  for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
    js_define_value(ctx, global, names[i], js_get(ctx, lib, names[i]), false);
  JSValueRef dom = js_get(ctx, lib, "DOMException");
  JSValueRef clone = js_jslib_call(ctx, "structured-clone", 1, &dom, &exc);
  if (clone) js_define_value(ctx, global, "structuredClone", clone, false);
}
