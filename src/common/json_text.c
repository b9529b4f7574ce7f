/* json_text: see json_text.h. */
#include "common/json_text.h"

#include <math.h>

/* 2^53: up to here every integer is a double exactly (and every JavaScript integer is). */
#define JSON_TEXT_EXACT 9007199254740992.0

/* v (a new reference, taken) with its exact integral doubles made integers again. */
static json_t *integers_back(json_t *v) {
  if (json_is_real(v)) {
    double d = json_real_value(v);
    if (d != floor(d) || fabs(d) > JSON_TEXT_EXACT) return v;
    json_decref(v);
    return json_integer((json_int_t)d);
  }
  if (json_is_array(v)) {
    for (size_t i = 0; i < json_array_size(v); i++)
      json_array_set_new(v, i, integers_back(json_incref(json_array_get(v, i))));
  } else if (json_is_object(v)) {
    for (void *it = json_object_iter(v); it; it = json_object_iter_next(v, it))
      json_object_iter_set_new(v, it, integers_back(json_incref(json_object_iter_value(it))));
  }
  return v;
}

json_t *json_text_load(const char *text, size_t len, size_t flags, json_error_t *err) {
  json_error_t e;
  json_t *v = json_loadb(text, len, flags, &e);
  if (!v && json_error_code(&e) == json_error_numeric_overflow) {
    v = json_loadb(text, len, flags | JSON_DECODE_INT_AS_REAL, &e);
    if (v) v = integers_back(v);
  }
  if (!v && err) *err = e;
  return v;
}
