/* validate_arr: the array keywords (prefixItems/items/additionalItems, contains with
 * min/maxContains, min/maxItems, uniqueItems) and unevaluatedItems. Item annotations go
 * to the caller's eval when it collects them.
 *
 * Memory: uniqueItems on a long array sorts a temporary hash table, freed before return;
 * everything else works in place. */
#include <stdlib.h>
#include <string.h>

#include "schema/schema_int.h"

static bool at_index(schema_vctx_t *c, const schema_node_t *s, size_t i, const json_t *v) {
  schema_push_index(c, i);
  bool ok = schema_v_node(c, s, v, NULL);
  schema_pop(c);
  return ok;
}

typedef struct {
  uint64_t hash;
  size_t index;
} hashed_t;

static int cmp_hashed(const void *a, const void *b) {
  const hashed_t *x = a, *y = b;
  if (x->hash != y->hash) return x->hash < y->hash ? -1 : 1;
  return x->index < y->index ? -1 : x->index > y->index;
}

/* Finds two equal items (*i < *j); false when all are distinct. */
static bool find_duplicate(const json_t *arr, size_t *pi, size_t *pj) {
  size_t n = json_array_size(arr);
  if (n <= 16) {
    for (size_t j = 1; j < n; j++)
      for (size_t i = 0; i < j; i++)
        if (schema_json_equal(json_array_get(arr, i), json_array_get(arr, j))) {
          *pi = i;
          *pj = j;
          return true;
        }
    return false;
  }
  hashed_t *h = xmalloc(n * sizeof *h);
  for (size_t i = 0; i < n; i++) {
    h[i].hash = schema_json_hash(json_array_get(arr, i));
    h[i].index = i;
  }
  qsort(h, n, sizeof *h, cmp_hashed);
  bool found = false;
  for (size_t a = 0; a < n && !found; a++) {
    for (size_t b = a + 1; b < n && h[b].hash == h[a].hash; b++) {
      if (schema_json_equal(json_array_get(arr, h[a].index), json_array_get(arr, h[b].index))) {
        *pi = h[a].index;
        *pj = h[b].index;
        found = true;
        break;
      }
    }
  }
  free(h);
  return found;
}

static bool v_contains(schema_vctx_t *c, const schema_node_t *n, const json_t *inst,
                       schema_eval_t *ev) {
  size_t size = json_array_size(inst), count = 0;
  /* 2020-12: items matching contains count as evaluated (for unevaluatedItems) */
  bool mark = ev && n->draft == SCHEMA_DRAFT_2020_12;
  c->quiet++;
  for (size_t i = 0; i < size && !c->fatal; i++) {
    if (!at_index(c, n->contains, i, json_array_get(inst, i))) continue;
    count++;
    if (mark) schema_eval_mark_item(ev, i);
    else if (!n->has_max_contains && count >= n->min_contains) break;
  }
  c->quiet--;
  bool ok = count >= n->min_contains && (!n->has_max_contains || count <= n->max_contains);
  if (!ok) {
    if (n->has_max_contains)
      schema_emit(c, n, count < n->min_contains ? "minContains" : "maxContains",
                  "must contain at least %zu and no more than %zu valid item(s)", n->min_contains,
                  n->max_contains);
    else schema_emit(c, n, "contains", "must contain at least %zu valid item(s)", n->min_contains);
  }
  return ok;
}

bool schema_v_array(schema_vctx_t *c, const schema_node_t *n, const json_t *inst,
                    schema_eval_t *ev) {
  bool ok = true, fast = !schema_collecting(c);
  uint64_t has = n->has;
#define FAIL()              \
  do {                      \
    ok = false;             \
    if (fast) return false; \
  } while (0)
  size_t size = json_array_size(inst);
  if ((has & SK_BIT(SK_MAX_ITEMS)) && size > n->max_items) {
    schema_emit(c, n, "maxItems", "must NOT have more than %zu items", n->max_items);
    FAIL();
  }
  if ((has & SK_BIT(SK_MIN_ITEMS)) && size < n->min_items) {
    schema_emit(c, n, "minItems", "must NOT have fewer than %zu items", n->min_items);
    FAIL();
  }
  size_t di, dj;
  if ((has & SK_BIT(SK_UNIQUE_ITEMS)) && find_duplicate(inst, &di, &dj)) {
    schema_emit(c, n, "uniqueItems",
                "must NOT have duplicate items (items ## %zu and %zu are identical)", di, dj);
    FAIL();
  }
  if (has & SK_BIT(SK_PREFIX_ITEMS)) {
    size_t upto = size < n->nprefix ? size : n->nprefix;
    for (size_t i = 0; i < upto; i++)
      if (!at_index(c, n->prefix_items[i], i, json_array_get(inst, i))) FAIL();
    if (ev && upto > ev->items_upto) ev->items_upto = upto;
  }
  if (has & SK_BIT(SK_ITEMS)) {
    const schema_node_t *it = n->items;
    if (size > n->nprefix && it->is_bool && !it->bool_value) {
      schema_emit(c, n, n->items_kw, "must NOT have more than %zu items", n->nprefix);
      FAIL();
    } else {
      for (size_t i = n->nprefix; i < size; i++)
        if (!at_index(c, it, i, json_array_get(inst, i))) FAIL();
    }
    if (ev) ev->all_items = true;
  }
  if ((has & SK_BIT(SK_CONTAINS)) && !v_contains(c, n, inst, ev)) FAIL();
#undef FAIL
  return ok;
}

bool schema_v_uneval_items(schema_vctx_t *c, const schema_node_t *n, const json_t *inst,
                           schema_eval_t *ev) {
  if (ev->all_items) return true;
  bool ok = true, fast = !schema_collecting(c);
  const schema_node_t *u = n->uneval_items;
  size_t size = json_array_size(inst);
  for (size_t i = ev->items_upto; i < size; i++) {
    if (i / 8 < ev->nbits && (ev->item_bits[i / 8] & (1u << (i % 8)))) continue;
    if (u->is_bool && !u->bool_value) {
      schema_emit(c, n, "unevaluatedItems", "has unevaluated item %zu", i);
      return false; /* one message says it; the next items fail the same way */
    }
    if (!at_index(c, u, i, json_array_get(inst, i))) {
      ok = false;
      if (fast) return false;
    }
  }
  if (ok) ev->all_items = true;
  return ok;
}
