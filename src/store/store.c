/* store: see store.h. Values live in one JSON object, pools in another (key → array). A
 * take from an empty pool becomes a waiter with its own timer; addValueToPool hands the
 * value straight to the oldest waiter of that pool. */
#include "store/store.h"

#include <stdlib.h>
#include <string.h>

#include "common/log.h"
#include "common/sbuf.h"

typedef struct waiter {
  store_t *store;
  char *key;
  void *owner;
  store_reply_fn reply;
  void *ud;
  uv_timer_t timer;
  struct waiter *next;
} waiter_t;

struct store {
  uv_loop_t *loop;
  json_t *values;    /* key → value */
  json_t *pools;     /* key → array */
  waiter_t *waiters; /* oldest first */
};

store_t *store_new(uv_loop_t *loop) {
  store_t *s = xcalloc(1, sizeof(*s));
  s->loop = loop;
  s->values = json_object();
  s->pools = json_object();
  return s;
}

static void waiter_closed(uv_handle_t *h) {
  waiter_t *w = h->data;
  free(w->key);
  free(w);
}

/* Unlinks `w`, answers it and closes its timer (which frees it). */
static void waiter_finish(waiter_t *w, const json_t *value, const char *error) {
  store_t *s = w->store;
  for (waiter_t **pp = &s->waiters; *pp; pp = &(*pp)->next) {
    if (*pp == w) {
      *pp = w->next;
      break;
    }
  }
  uv_timer_stop(&w->timer);
  w->reply(value, error, w->ud);
  uv_close((uv_handle_t *)&w->timer, waiter_closed);
}

static char *empty_pool_message(const char *key) {
  return xasprintf(
      "'%s' resource pool is empty. Set values to it first using "
      "'setResourcePool' or 'addValueToPool'",
      key);
}

static void waiter_timeout(uv_timer_t *t) {
  waiter_t *w = t->data;
  char *msg = empty_pool_message(w->key);
  waiter_finish(w, NULL, msg);
  free(msg);
}

void store_free(store_t *s) {
  if (!s) return;
  while (s->waiters) waiter_finish(s->waiters, NULL, "the run ended");
  json_decref(s->values);
  json_decref(s->pools);
  free(s);
}

void store_cancel_owner(store_t *s, void *owner) {
  waiter_t *w = s->waiters;
  while (w) {
    waiter_t *next = w->next;
    if (w->owner == owner) waiter_finish(w, NULL, "its worker is gone");
    w = next;
  }
}

/* Pool `key`, or NULL after replying that it does not exist (getFromPool, addToPool). */
static json_t *existing_pool(store_t *s, const char *key, store_reply_fn reply, void *ud) {
  json_t *pool = json_object_get(s->pools, key);
  if (pool) return pool;
  char *msg =
      xasprintf("'%s' resource pool does not exist. Set it first using 'setResourcePool'", key);
  reply(NULL, msg, ud);
  free(msg);
  return NULL;
}

/* Removes the pool's first value and returns it (a new reference). */
static json_t *pool_shift(json_t *pool) {
  json_t *v = json_incref(json_array_get(pool, 0));
  json_array_remove(pool, 0);
  return v;
}

static void take(store_t *s, const char *key, double timeout, void *owner, store_reply_fn reply,
                 void *ud) {
  json_t *pool = existing_pool(s, key, reply, ud);
  if (!pool) return;
  if (json_array_size(pool) > 0) {
    json_t *v = pool_shift(pool);
    log_debug("store", "took a value from pool '%s' (%zu left)", key, json_array_size(pool));
    reply(v, NULL, ud);
    json_decref(v);
    return;
  }
  if (!(timeout > 0)) timeout = STORE_POOL_TIMEOUT_MS;
  if (timeout > STORE_POOL_TIMEOUT_MAX_MS) timeout = STORE_POOL_TIMEOUT_MAX_MS;
  waiter_t *w = xcalloc(1, sizeof(*w));
  w->store = s;
  w->key = xstrdup(key);
  w->owner = owner;
  w->reply = reply;
  w->ud = ud;
  uv_timer_init(s->loop, &w->timer);
  w->timer.data = w;
  uv_timer_start(&w->timer, waiter_timeout, (uint64_t)timeout, 0);
  waiter_t **pp = &s->waiters;
  while (*pp) pp = &(*pp)->next;
  *pp = w;
}

static void add_to_pool(store_t *s, const char *key, json_t *value, store_reply_fn reply,
                        void *ud) {
  json_t *pool = existing_pool(s, key, reply, ud);
  if (!pool) return;
  json_t *v = value ? value : json_null();
  waiter_t *w = s->waiters;
  while (w && strcmp(w->key, key) != 0) w = w->next;
  if (w) waiter_finish(w, v, NULL); /* the oldest waiting take gets it */
  else json_array_append(pool, v);
  reply(NULL, NULL, ud);
}

void store_request(store_t *s, const json_t *req, void *owner, store_reply_fn reply, void *ud) {
  const char *op = json_string_value(json_object_get(req, "op"));
  const char *key = json_string_value(json_object_get(req, "key"));
  json_t *value = json_object_get(req, "value");
  if (!op || !key) {
    reply(NULL, "a store request needs an op and a string key", ud);
    return;
  }
  if (strcmp(op, "get") == 0) {
    reply(strcmp(key, "*") == 0 ? s->values : json_object_get(s->values, key), NULL, ud);
  } else if (strcmp(op, "set") == 0) {
    if (strcmp(key, "*") == 0) {
      reply(NULL, "You can't set a value with key \"*\" as this is a reserved key", ud);
      return;
    }
    json_object_set(s->values, key, value ? value : json_null());
    reply(NULL, NULL, ud);
  } else if (strcmp(op, "setPool") == 0) {
    if (!json_is_array(value)) {
      reply(NULL, "Resource pool must be an array of values", ud);
      return;
    }
    json_object_set_new(s->pools, key, json_deep_copy(value));
    /* Takes waiting on the emptied pool get the new values, oldest first. */
    waiter_t *w = s->waiters;
    while (w && json_array_size(json_object_get(s->pools, key)) > 0) {
      waiter_t *next = w->next;
      if (strcmp(w->key, key) == 0) {
        json_t *v = pool_shift(json_object_get(s->pools, key));
        waiter_finish(w, v, NULL);
        json_decref(v);
      }
      w = next;
    }
    reply(NULL, NULL, ud);
  } else if (strcmp(op, "getFromPool") == 0) {
    take(s, key, json_number_value(json_object_get(req, "timeout")), owner, reply, ud);
  } else if (strcmp(op, "addToPool") == 0) {
    add_to_pool(s, key, value, reply, ud);
  } else {
    reply(NULL, "unknown store operation", ud);
  }
}
