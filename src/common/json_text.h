/* json_text: JSON text into jansson values with numbers as JavaScript's JSON.parse has
 * them. RFC 8259 sets no limit on a number; jansson refuses an integer beyond json_int_t.
 * Such a text is read again with every integer as a double, then the doubles that hold
 * an integer exactly (|n| <= 2^53) become integers again, so that only the huge ones stay
 * doubles. Used where JSON is judged by a schema (request and response bodies, `content`
 * parameters, headers) and for JavaScript values (js_to_json), so that 1e20 is a number
 * everywhere, never "not JSON" nor a value left unchecked.
 *
 * Memory: the value returned is a new reference for the caller. */
#ifndef SONDE_COMMON_JSON_TEXT_H
#define SONDE_COMMON_JSON_TEXT_H

#include <jansson.h>
#include <stddef.h>

/* json_loadb(text, len, flags, err), except that an integer beyond json_int_t is a double
 * (above). NULL with err (when given) on text that is no JSON, or a number beyond a double. */
json_t *json_text_load(const char *text, size_t len, size_t flags, json_error_t *err);

#endif
