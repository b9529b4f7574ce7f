/* test_store_ops: the shared store's operations (store.c) as WebdriverIO's shared-store
 * server answers them: values by key and "*", resource pools whose takes never hand out a
 * value twice, a take that waits for a value added later (first come, first served), an
 * empty pool's timeout, and waiting takes dropped with their worker. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "store/store.h"

typedef struct {
  int calls;
  json_t *value; /* the last answer's value (a copy), or NULL */
  char *error;   /* the last answer's error, or NULL */
} answer_t;

static void on_reply(const json_t *value, const char *error, void *ud) {
  answer_t *a = ud;
  a->calls++;
  json_decref(a->value);
  free(a->error);
  a->value = value ? json_deep_copy(value) : NULL;
  a->error = error ? strdup(error) : NULL;
}

static void answer_reset(answer_t *a) {
  json_decref(a->value);
  free(a->error);
  memset(a, 0, sizeof(*a));
}

/* Sends request `text` (JSON) and returns its answer (reset before). */
static void ask(store_t *s, const char *text, void *owner, answer_t *a) {
  answer_reset(a);
  json_t *req = json_loads(text, 0, NULL);
  assert_non_null(req);
  store_request(s, req, owner, on_reply, a);
  json_decref(req);
}

static void assert_value(const answer_t *a, const char *json) {
  assert_int_equal(a->calls, 1);
  assert_null(a->error);
  json_t *want = json_loads(json, JSON_DECODE_ANY, NULL);
  if (!a->value || !json_equal(want, a->value)) {
    char *got = a->value ? json_dumps(a->value, JSON_ENCODE_ANY) : strdup("(none)");
    fail_msg("expected %s, got %s", json, got);
  }
  json_decref(want);
}

static void assert_error(const answer_t *a, const char *text) {
  assert_int_equal(a->calls, 1);
  assert_non_null(a->error);
  assert_string_equal(a->error, text);
}

static void values(void **state) {
  uv_loop_t loop;
  uv_loop_init(&loop);
  store_t *s = store_new(&loop);
  answer_t a = {0};
  ask(s, "{\"op\":\"get\",\"key\":\"missing\"}", NULL, &a);
  assert_int_equal(a.calls, 1);
  assert_null(a.value); /* undefined, not null */
  ask(s, "{\"op\":\"set\",\"key\":\"token\",\"value\":{\"v\":[1,2]}}", NULL, &a);
  assert_null(a.error);
  ask(s, "{\"op\":\"set\",\"key\":\"n\",\"value\":null}", NULL, &a);
  ask(s, "{\"op\":\"get\",\"key\":\"token\"}", NULL, &a);
  assert_value(&a, "{\"v\":[1,2]}");
  ask(s, "{\"op\":\"get\",\"key\":\"*\"}", NULL, &a);
  assert_value(&a, "{\"token\":{\"v\":[1,2]},\"n\":null}");
  ask(s, "{\"op\":\"set\",\"key\":\"*\",\"value\":1}", NULL, &a);
  assert_error(&a, "You can't set a value with key \"*\" as this is a reserved key");
  ask(s, "{\"op\":\"get\"}", NULL, &a);
  assert_non_null(a.error);
  ask(s, "{\"op\":\"frobnicate\",\"key\":\"x\"}", NULL, &a);
  assert_error(&a, "unknown store operation");
  answer_reset(&a);
  store_free(s);
  uv_run(&loop, UV_RUN_DEFAULT);
  assert_int_equal(uv_loop_close(&loop), 0);
}

static void pools(void **state) {
  uv_loop_t loop;
  uv_loop_init(&loop);
  store_t *s = store_new(&loop);
  answer_t a = {0};
  ask(s, "{\"op\":\"getFromPool\",\"key\":\"ids\"}", NULL, &a);
  assert_error(&a, "'ids' resource pool does not exist. Set it first using 'setResourcePool'");
  ask(s, "{\"op\":\"addToPool\",\"key\":\"ids\",\"value\":1}", NULL, &a);
  assert_error(&a, "'ids' resource pool does not exist. Set it first using 'setResourcePool'");
  ask(s, "{\"op\":\"setPool\",\"key\":\"ids\",\"value\":3}", NULL, &a);
  assert_error(&a, "Resource pool must be an array of values");
  ask(s, "{\"op\":\"setPool\",\"key\":\"ids\",\"value\":[1,2]}", NULL, &a);
  assert_null(a.error);
  ask(s, "{\"op\":\"getFromPool\",\"key\":\"ids\"}", NULL, &a);
  assert_value(&a, "1");
  ask(s, "{\"op\":\"addToPool\",\"key\":\"ids\",\"value\":3}", NULL, &a);
  ask(s, "{\"op\":\"getFromPool\",\"key\":\"ids\"}", NULL, &a);
  assert_value(&a, "2");
  ask(s, "{\"op\":\"getFromPool\",\"key\":\"ids\"}", NULL, &a);
  assert_value(&a, "3");

  /* Two takes wait on the empty pool: the values added later go to them in order. */
  answer_t first = {0}, second = {0};
  ask(s, "{\"op\":\"getFromPool\",\"key\":\"ids\",\"timeout\":10000}", NULL, &first);
  ask(s, "{\"op\":\"getFromPool\",\"key\":\"ids\",\"timeout\":10000}", NULL, &second);
  assert_int_equal(first.calls + second.calls, 0);
  ask(s, "{\"op\":\"addToPool\",\"key\":\"ids\",\"value\":\"x\"}", NULL, &a);
  assert_value(&first, "\"x\"");
  assert_int_equal(second.calls, 0);
  ask(s, "{\"op\":\"setPool\",\"key\":\"ids\",\"value\":[\"y\",\"z\"]}", NULL, &a);
  assert_value(&second, "\"y\"");
  ask(s, "{\"op\":\"getFromPool\",\"key\":\"ids\"}", NULL, &a);
  assert_value(&a, "\"z\"");

  /* An empty pool answers with an error once its timeout has passed. */
  ask(s, "{\"op\":\"getFromPool\",\"key\":\"ids\",\"timeout\":20}", NULL, &a);
  assert_int_equal(a.calls, 0);
  uv_run(&loop, UV_RUN_DEFAULT);
  assert_error(&a,
               "'ids' resource pool is empty. Set values to it first using "
               "'setResourcePool' or 'addValueToPool'");

  /* A worker that goes away: its waiting takes are answered (with an error) at once, the
   * others keep waiting and the next value goes to them. */
  int gone, stays;
  answer_t w1 = {0}, w2 = {0};
  ask(s, "{\"op\":\"getFromPool\",\"key\":\"ids\",\"timeout\":10000}", &gone, &w1);
  ask(s, "{\"op\":\"getFromPool\",\"key\":\"ids\",\"timeout\":10000}", &stays, &w2);
  store_cancel_owner(s, &gone);
  assert_int_equal(w1.calls, 1);
  assert_non_null(w1.error);
  assert_int_equal(w2.calls, 0);
  ask(s, "{\"op\":\"addToPool\",\"key\":\"ids\",\"value\":7}", NULL, &a);
  assert_value(&w2, "7");

  /* The end of the run answers whatever still waits. */
  answer_t last = {0};
  ask(s, "{\"op\":\"getFromPool\",\"key\":\"ids\",\"timeout\":10000}", NULL, &last);
  store_free(s);
  assert_int_equal(last.calls, 1);
  assert_non_null(last.error);
  uv_run(&loop, UV_RUN_DEFAULT);
  assert_int_equal(uv_loop_close(&loop), 0);
  answer_reset(&a);
  answer_reset(&first);
  answer_reset(&second);
  answer_reset(&w1);
  answer_reset(&w2);
  answer_reset(&last);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(values),
      cmocka_unit_test(pools),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
