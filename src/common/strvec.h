/* strvec: a growable array of owned C strings. The vector owns every item. */
#ifndef SONDE_COMMON_STRVEC_H
#define SONDE_COMMON_STRVEC_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
  char **items;
  size_t len;
  size_t cap;
} strvec_t;

#define STRVEC_INIT \
  { NULL, 0, 0 }

void strvec_push(strvec_t *v, const char *s); /* copies s */
void strvec_push_owned(strvec_t *v, char *s); /* takes s */
bool strvec_contains(const strvec_t *v, const char *s);
void strvec_sort_unique(strvec_t *v); /* strcmp order, duplicates dropped */
void strvec_clear(strvec_t *v);
void strvec_free(strvec_t *v);

#endif
