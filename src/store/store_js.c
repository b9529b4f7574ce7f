/* store_js: see store_js.h. Every function makes a request (JSON), creates a promise and
 * keeps its resolve/reject in a pending list until the answer comes: from the store at once
 * (launcher), or as a store:reply message (worker). */
#include "store/store_js.h"

#include <stdlib.h>
#include <string.h>

#include "common/log.h"
#include "common/sbuf.h"
#include "js/jsclass.h"
#include "js/jsutil.h"

const char *const store_js_module_names[] = {"@wdio/shared-store-service", "sonde/shared-store",
                                             NULL};

typedef struct pending {
  unsigned long id;
  js_realm_t *realm;
  JSObjectRef resolve, reject;
  JSObjectRef error; /* made at the call, so a failure's stack is the caller's line */
  struct pending *next;
} pending_t;

static struct {
  store_t *local;        /* launcher */
  store_js_send_fn send; /* worker */
  void *send_ud;
  unsigned long next_id;
  pending_t *pending;
} g_store;

static void pending_release(pending_t *p) {
  JSContextRef ctx = js_realm_context(p->realm);
  JSValueUnprotect(ctx, p->resolve);
  JSValueUnprotect(ctx, p->reject);
  JSValueUnprotect(ctx, p->error);
  free(p);
}

static pending_t *pending_take(unsigned long id) {
  for (pending_t **pp = &g_store.pending; *pp; pp = &(*pp)->next) {
    if ((*pp)->id == id) {
      pending_t *p = *pp;
      *pp = p->next;
      return p;
    }
  }
  return NULL;
}

/* Settles the promise of request `id` (gone already when its realm was freed). */
static void settle(unsigned long id, const json_t *value, const char *error) {
  pending_t *p = pending_take(id);
  if (!p) return;
  JSContextRef ctx = js_realm_context(p->realm);
  if (error) js_set(ctx, p->error, "message", js_make_string(ctx, error));
  JSValueRef arg = error   ? (JSValueRef)p->error
                   : value ? js_from_json(ctx, value)
                           : JSValueMakeUndefined(ctx);
  js_call(ctx, error ? p->reject : p->resolve, NULL, 1, &arg, NULL);
  pending_release(p);
}

static void local_reply(const json_t *value, const char *error, void *ud) {
  settle((unsigned long)(uintptr_t)ud, value, error);
}

static void realm_freed(js_realm_t *realm, void *ud) {
  (void)ud;
  pending_t **pp = &g_store.pending;
  while (*pp) {
    pending_t *p = *pp;
    if (p->realm == realm) {
      *pp = p->next;
      pending_release(p);
    } else {
      pp = &p->next;
    }
  }
}

/* Starts request `req` (taken) and returns its promise. */
static JSValueRef start(JSContextRef ctx, json_t *req, JSValueRef *exc) {
  js_realm_t *realm = js_realm_from_context(ctx);
  JSObjectRef resolve, reject;
  JSObjectRef promise = JSObjectMakeDeferredPromise(ctx, &resolve, &reject, exc);
  if (!promise || !realm) {
    json_decref(req);
    return promise;
  }
  pending_t *p = xcalloc(1, sizeof(*p));
  p->id = ++g_store.next_id;
  p->realm = realm;
  p->resolve = resolve;
  p->reject = reject;
  p->error = js_make_error(ctx, "Error", "");
  JSValueProtect(ctx, resolve);
  JSValueProtect(ctx, reject);
  JSValueProtect(ctx, p->error);
  p->next = g_store.pending;
  g_store.pending = p;
  if (g_store.local) {
    store_request(g_store.local, req, NULL, local_reply, (void *)(uintptr_t)p->id);
  } else if (g_store.send) {
    json_object_set_new(req, "type", json_string("store"));
    json_object_set_new(req, "id", json_integer((json_int_t)p->id));
    g_store.send(req, g_store.send_ud);
  } else {
    settle(p->id, NULL, "the shared store is not available in this process");
  }
  json_decref(req);
  return promise;
}

/* The request for `op` with the key argument checked; NULL with a TypeError. */
static json_t *request_of(JSContextRef ctx, const char *op, size_t argc, const JSValueRef argv[],
                          JSValueRef *exc) {
  if (argc < 1 || !JSValueIsString(ctx, argv[0])) {
    js_throw_arg_type(ctx, exc, "key", "of type string", argc ? argv[0] : NULL);
    return NULL;
  }
  char *key = js_value_to_utf8(ctx, argv[0]);
  json_t *req = json_pack("{s:s, s:s}", "op", op, "key", key);
  free(key);
  return req;
}

/* The value argument as JSON: the store holds plain values (JSON.stringify's view); false
 * with a TypeError for what JSON cannot hold (a function, a symbol, a cycle, a BigInt). */
static bool add_value(JSContextRef ctx, json_t *req, size_t argc, const JSValueRef argv[],
                      JSValueRef *exc) {
  if (argc < 2 || JSValueIsUndefined(ctx, argv[1])) return true;
  json_t *v = js_to_json(ctx, argv[1]);
  if (!v && !JSValueIsNull(ctx, argv[1])) {
    js_throw(ctx, exc, "TypeError",
             "The shared store holds JSON values: the value for '%s' cannot be serialised "
             "(a function, a symbol, a BigInt or a circular structure)",
             json_string_value(json_object_get(req, "key")));
    return false;
  }
  json_object_set_new(req, "value", v ? v : json_null());
  return true;
}

static JSValueRef with_value(JSContextRef ctx, const char *op, size_t argc, const JSValueRef argv[],
                             JSValueRef *exc) {
  json_t *req = request_of(ctx, op, argc, argv, exc);
  if (!req) return NULL;
  if (!add_value(ctx, req, argc, argv, exc)) {
    json_decref(req);
    return NULL;
  }
  return start(ctx, req, exc);
}

/* The functions are async, as WebdriverIO's: bad arguments reject instead of throwing. */
static JSValueRef as_promise(JSContextRef ctx, JSValueRef r, JSValueRef *exc) {
  if (r || !*exc) return r;
  JSValueRef error = *exc;
  *exc = NULL;
  return js_settled_promise(ctx, false, error, exc);
}

static JSValueRef n_set_value_sync(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                   const JSValueRef argv[], JSValueRef *exc) {
  return with_value(ctx, "set", argc, argv, exc);
}

static JSValueRef n_get_value_sync(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                   const JSValueRef argv[], JSValueRef *exc) {
  json_t *req = request_of(ctx, "get", argc, argv, exc);
  return req ? start(ctx, req, exc) : NULL;
}

static JSValueRef n_set_pool_sync(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                  const JSValueRef argv[], JSValueRef *exc) {
  if (argc >= 2 && !JSValueIsArray(ctx, argv[1]))
    return js_throw(ctx, exc, "TypeError", "Resource pool must be an array of values");
  return with_value(ctx, "setPool", argc, argv, exc);
}

static JSValueRef n_add_to_pool_sync(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                     const JSValueRef argv[], JSValueRef *exc) {
  return with_value(ctx, "addToPool", argc, argv, exc);
}

/* getValueFromPool(key, { timeout }) */
static JSValueRef n_get_from_pool_sync(JSContextRef ctx, JSObjectRef f, JSObjectRef self,
                                       size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  json_t *req = request_of(ctx, "getFromPool", argc, argv, exc);
  if (!req) return NULL;
  if (argc >= 2 && JSValueIsObject(ctx, argv[1])) {
    JSValueRef t = js_get(ctx, argv[1], "timeout");
    if (!JSValueIsUndefined(ctx, t) && !JSValueIsNumber(ctx, t)) {
      json_decref(req);
      return js_throw_arg_type(ctx, exc, "options.timeout", "of type number", t);
    }
    if (JSValueIsNumber(ctx, t))
      json_object_set_new(req, "timeout", json_real(JSValueToNumber(ctx, t, NULL)));
  }
  return start(ctx, req, exc);
}

#define ASYNC_NATIVE(name)                                                               \
  static JSValueRef name(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc, \
                         const JSValueRef argv[], JSValueRef *exc) {                     \
    return as_promise(ctx, name##_sync(ctx, f, self, argc, argv, exc), exc);             \
  }
ASYNC_NATIVE(n_set_value)
ASYNC_NATIVE(n_get_value)
ASYNC_NATIVE(n_set_pool)
ASYNC_NATIVE(n_add_to_pool)
ASYNC_NATIVE(n_get_from_pool)

static JSValueRef make_module(js_realm_t *realm, void *ud, JSValueRef *exc) {
  (void)ud;
  JSContextRef ctx = js_realm_context(realm);
  js_realm_on_free(realm, realm_freed, NULL);
  JSObjectRef natives = JSObjectMake(ctx, NULL, NULL);
  js_set(ctx, natives, "setValue", js_make_function(ctx, "setValue", n_set_value, 2));
  js_set(ctx, natives, "getValue", js_make_function(ctx, "getValue", n_get_value, 1));
  js_set(ctx, natives, "setResourcePool", js_make_function(ctx, "setResourcePool", n_set_pool, 2));
  js_set(ctx, natives, "getValueFromPool",
         js_make_function(ctx, "getValueFromPool", n_get_from_pool, 2));
  js_set(ctx, natives, "addValueToPool", js_make_function(ctx, "addValueToPool", n_add_to_pool, 2));
  JSValueRef arg = natives;
  JSValueRef exports = js_jslib_call(ctx, "shared-store", 1, &arg, exc);
  if (exports && JSValueIsObject(ctx, exports))
    js_set(ctx, (JSObjectRef)exports, "__esModule", JSValueMakeBoolean(ctx, true));
  return exports;
}

static void register_names(js_runtime_t *rt) {
  for (const char *const *n = store_js_module_names; *n; n++)
    js_runtime_add_builtin_value(rt, *n, make_module, NULL);
}

void store_js_register_local(js_runtime_t *rt, store_t *store) {
  g_store.local = store;
  register_names(rt);
}

void store_js_register_remote(js_runtime_t *rt, store_js_send_fn send, void *ud) {
  g_store.send = send;
  g_store.send_ud = ud;
  register_names(rt);
}

void store_js_on_reply(const json_t *msg) {
  json_int_t id = json_integer_value(json_object_get(msg, "id"));
  const char *error = json_string_value(json_object_get(msg, "error"));
  settle((unsigned long)id, json_object_get(msg, "value"), error);
}

/* ---- the launcher's side of a worker's request ---- */

typedef struct {
  void *owner;
  json_int_t id;
  void (*send)(void *owner, json_t *reply);
} serve_t;

static void serve_reply(const json_t *value, const char *error, void *ud) {
  serve_t *sv = ud;
  json_t *reply = json_pack("{s:s, s:I}", "type", "store:reply", "id", sv->id);
  if (error) json_object_set_new(reply, "error", json_string(error));
  else if (value) json_object_set(reply, "value", (json_t *)value);
  sv->send(sv->owner, reply);
  json_decref(reply);
  free(sv);
}

void store_js_serve(store_t *store, const json_t *msg, void *owner,
                    void (*send)(void *owner, json_t *reply)) {
  serve_t *sv = xmalloc(sizeof(*sv));
  *sv = (serve_t){owner, json_integer_value(json_object_get(msg, "id")), send};
  log_debug("store", "%s '%s'", json_string_value(json_object_get(msg, "op")) ?: "?",
            json_string_value(json_object_get(msg, "key")) ?: "?");
  store_request(store, msg, owner, serve_reply, sv);
}
