/* map: an open-addressing hash map from byte strings to borrowed pointers, used for the
 * registry's URI, anchor, node and cache indexes. Keys are copied and owned by the map;
 * values are not (their owners free them). Deleted slots become tombstones, which are
 * dropped when the table grows. */
#include <stdlib.h>
#include <string.h>

#include "schema/schema_int.h"

char schema_map_tomb;

/* FNV-1a, 64-bit: keys are short (URIs, pointers), so a simple byte hash is enough. */
uint64_t schema_hash_bytes(const void *p, size_t n, uint64_t h) {
  const unsigned char *s = p;
  if (!h) h = 1469598103934665603ull;
  for (size_t i = 0; i < n; i++) {
    h ^= s[i];
    h *= 1099511628211ull;
  }
  return h;
}

static bool slot_is(const schema_map_slot_t *sl, const void *key, size_t klen, uint64_t h) {
  return sl->key && sl->key != SCHEMA_MAP_TOMB && sl->hash == h && sl->klen == klen &&
         memcmp(sl->key, key, klen) == 0;
}

void *schema_map_get(const schema_map_t *m, const void *key, size_t klen) {
  if (!m->cap) return NULL;
  uint64_t h = schema_hash_bytes(key, klen, 0);
  size_t mask = m->cap - 1;
  for (size_t i = (size_t)h & mask;; i = (i + 1) & mask) {
    const schema_map_slot_t *sl = &m->slots[i];
    if (!sl->key) return NULL;
    if (slot_is(sl, key, klen, h)) return sl->val;
  }
}

static void grow(schema_map_t *m) {
  size_t cap = m->cap ? m->cap * 2 : 16;
  while (m->len * 2 >= cap) cap *= 2;
  schema_map_slot_t *old = m->slots;
  size_t oldcap = m->cap;
  m->slots = xcalloc(cap, sizeof *m->slots);
  m->cap = cap;
  m->used = m->len;
  for (size_t i = 0; i < oldcap; i++) {
    schema_map_slot_t *sl = &old[i];
    if (!sl->key || sl->key == SCHEMA_MAP_TOMB) continue;
    size_t j = (size_t)sl->hash & (cap - 1);
    while (m->slots[j].key) j = (j + 1) & (cap - 1);
    m->slots[j] = *sl;
  }
  free(old);
}

bool schema_map_add(schema_map_t *m, const void *key, size_t klen, void *val) {
  if (schema_map_get(m, key, klen)) return false;
  if ((m->used + 1) * 4 >= m->cap * 3) grow(m);
  uint64_t h = schema_hash_bytes(key, klen, 0);
  size_t mask = m->cap - 1;
  size_t i = (size_t)h & mask;
  while (m->slots[i].key && m->slots[i].key != SCHEMA_MAP_TOMB) i = (i + 1) & mask;
  schema_map_slot_t *sl = &m->slots[i];
  if (!sl->key) m->used++;
  sl->key = xmalloc(klen ? klen : 1);
  if (klen) memcpy(sl->key, key, klen);
  sl->klen = klen;
  sl->hash = h;
  sl->val = val;
  m->len++;
  return true;
}

void schema_map_del(schema_map_t *m, const void *key, size_t klen) {
  if (!m->cap) return;
  uint64_t h = schema_hash_bytes(key, klen, 0);
  size_t mask = m->cap - 1;
  for (size_t i = (size_t)h & mask;; i = (i + 1) & mask) {
    schema_map_slot_t *sl = &m->slots[i];
    if (!sl->key) return;
    if (slot_is(sl, key, klen, h)) {
      free(sl->key);
      sl->key = SCHEMA_MAP_TOMB;
      sl->val = NULL;
      m->len--;
      return;
    }
  }
}

void schema_map_free(schema_map_t *m) {
  for (size_t i = 0; i < m->cap; i++)
    if (m->slots[i].key && m->slots[i].key != SCHEMA_MAP_TOMB) free(m->slots[i].key);
  free(m->slots);
  memset(m, 0, sizeof *m);
}
