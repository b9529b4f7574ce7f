#include "common/strvec.h"

#include <stdlib.h>
#include <string.h>

#include "common/sbuf.h"

void strvec_push_owned(strvec_t *v, char *s) {
  if (v->len == v->cap) {
    v->cap = v->cap ? v->cap * 2 : 8;
    v->items = xrealloc(v->items, v->cap * sizeof(char *));
  }
  v->items[v->len++] = s;
}

void strvec_push(strvec_t *v, const char *s) { strvec_push_owned(v, xstrdup(s)); }

bool strvec_contains(const strvec_t *v, const char *s) {
  for (size_t i = 0; i < v->len; i++)
    if (strcmp(v->items[i], s) == 0) return true;
  return false;
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

void strvec_sort_unique(strvec_t *v) {
  if (v->len < 2) return;
  qsort(v->items, v->len, sizeof(char *), cmp_str);
  size_t out = 1;
  for (size_t i = 1; i < v->len; i++) {
    if (strcmp(v->items[i], v->items[out - 1]) == 0) {
      free(v->items[i]);
    } else {
      v->items[out++] = v->items[i];
    }
  }
  v->len = out;
}

void strvec_clear(strvec_t *v) {
  for (size_t i = 0; i < v->len; i++) free(v->items[i]);
  v->len = 0;
}

void strvec_free(strvec_t *v) {
  strvec_clear(v);
  free(v->items);
  v->items = NULL;
  v->cap = 0;
}
