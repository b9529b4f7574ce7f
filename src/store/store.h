/* store: the shared store of a run (WebdriverIO's `@wdio/shared-store-service`), held by the
 * launcher. Workers are isolated processes; this is the explicit way they share state: plain
 * JSON values by key, and resource pools (arrays) from which each take removes one value.
 * Every operation runs on the launcher's one thread, so concurrent takes from two workers
 * never get the same value. A take from an empty pool waits (up to its timeout) for a value
 * added later; waiters are served first come, first served.
 *
 * Requests arrive as JSON (`store_request`), from the launcher's own realm (store_js.c) or
 * from a worker over the IPC channel ({"type":"store","id":N,"op":...}). The answer goes to a
 * callback, at once or, for a waiting take, later from the loop.
 *
 * Memory: the store owns its values; the answer's `value` is borrowed for the duration of
 * the callback; `error` likewise. */
#ifndef SONDE_STORE_STORE_H
#define SONDE_STORE_STORE_H

#include <jansson.h>
#include <uv.h>

typedef struct store store_t;

/* value: the answer (may be NULL for "no value", i.e. undefined), or error: a message. */
typedef void (*store_reply_fn)(const json_t *value, const char *error, void *ud);

/* Waits for a take from an empty pool: default and bound, in ms (WebdriverIO's). */
#define STORE_POOL_TIMEOUT_MS     1000
#define STORE_POOL_TIMEOUT_MAX_MS 15000

store_t *store_new(uv_loop_t *loop);
/* Answers every waiting take with an error and releases everything. */
void store_free(store_t *s);

/* One request: {"op": "get"|"set"|"setPool"|"getFromPool"|"addToPool", "key": string,
 * "value": any, "timeout": ms}. `owner` tags a waiting take so that store_cancel_owner can
 * drop it when its requester goes away (a worker that exits); NULL for none. */
void store_request(store_t *s, const json_t *req, void *owner, store_reply_fn reply, void *ud);

/* Answers the waiting takes of `owner` with an error at once (their requester is going
 * away; the callbacks release what they hold). */
void store_cancel_owner(store_t *s, void *owner);

#endif
