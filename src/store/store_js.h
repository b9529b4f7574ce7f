/* store_js: the module `@wdio/shared-store-service` (also `sonde/shared-store`) in a
 * runtime: setValue, getValue, setResourcePool, getValueFromPool, addValueToPool (each a
 * promise), `sharedStore`, and the service classes (jslib/shared-store.js). In the launcher
 * the functions reach the store directly; in a worker each call is a request over the IPC
 * channel ({"type":"store","id":N,...}) answered by {"type":"store:reply","id":N,"value"|
 * "error"}. One backend per process (static state): a process has one runtime.
 *
 * Memory: a pending request holds its promise's resolve/reject functions protected until
 * it is answered or its realm is freed. */
#ifndef SONDE_STORE_STORE_JS_H
#define SONDE_STORE_STORE_JS_H

#include <jansson.h>

#include "js/runtime.h"
#include "store/store.h"

/* The module names WebdriverIO users import. */
extern const char *const store_js_module_names[];

/* Launcher: the functions operate on `store` (borrowed; outlives the runtime's realms). */
void store_js_register_local(js_runtime_t *rt, store_t *store);

/* Worker: `send` writes one request message to the launcher (it must not keep `msg`). */
typedef void (*store_js_send_fn)(json_t *msg, void *ud);
void store_js_register_remote(js_runtime_t *rt, store_js_send_fn send, void *ud);
/* A {"type":"store:reply"} message from the launcher. */
void store_js_on_reply(const json_t *msg);

/* Launcher: answers a worker's {"type":"store"} request through `send` (called once, maybe
 * later; `owner` identifies the worker for store_cancel_owner). */
void store_js_serve(store_t *store, const json_t *msg, void *owner,
                    void (*send)(void *owner, json_t *reply));

#endif
