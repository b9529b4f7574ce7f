/* eval: the annotations unevaluatedProperties and unevaluatedItems consult: which
 * property names and item indexes the schemas applied at one instance location have
 * evaluated. Only nodes under such a keyword collect them, so ordinary validation never
 * touches this. Memory: an eval owns its arrays; keys are borrowed from the instance or
 * the schema, both of which outlive the validation call. */
#include <stdlib.h>
#include <string.h>

#include "schema/schema_int.h"

bool schema_eval_has_key(const schema_eval_t *ev, const char *key) {
  if (ev->all_keys) return true;
  for (size_t i = 0; i < ev->nkeys; i++)
    if (ev->keys[i] == key || strcmp(ev->keys[i], key) == 0) return true;
  return false;
}

void schema_eval_mark_key(schema_eval_t *ev, const char *key) {
  if (schema_eval_has_key(ev, key)) return;
  if (ev->nkeys == ev->kcap) {
    ev->kcap = ev->kcap ? ev->kcap * 2 : 8;
    ev->keys = xrealloc(ev->keys, ev->kcap * sizeof *ev->keys);
  }
  ev->keys[ev->nkeys++] = key;
}

void schema_eval_mark_item(schema_eval_t *ev, size_t i) {
  if (i / 8 >= ev->nbits) {
    size_t n = i / 8 + 16;
    ev->item_bits = xrealloc(ev->item_bits, n);
    memset(ev->item_bits + ev->nbits, 0, n - ev->nbits);
    ev->nbits = n;
  }
  ev->item_bits[i / 8] |= (uint8_t)(1u << (i % 8));
}

void schema_eval_merge(schema_eval_t *into, const schema_eval_t *from) {
  into->all_keys |= from->all_keys;
  if (!into->all_keys)
    for (size_t i = 0; i < from->nkeys; i++) schema_eval_mark_key(into, from->keys[i]);
  into->all_items |= from->all_items;
  if (from->items_upto > into->items_upto) into->items_upto = from->items_upto;
  for (size_t i = 0; i < from->nbits * 8; i++)
    if (from->item_bits[i / 8] & (1u << (i % 8))) schema_eval_mark_item(into, i);
}

void schema_eval_free(schema_eval_t *ev) {
  free(ev->keys);
  free(ev->item_bits);
  memset(ev, 0, sizeof *ev);
}
