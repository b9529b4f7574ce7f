/* percent: the one percent-decoder (RFC 3986 §2.1), for URIs ($ref fragments, file paths
 * of API documents), a request's text (query strings, cookies, path parameters) and HAR's
 * query and form pairs. Each caller says how strict to be and what "%00" may become: a
 * NUL byte only where the caller keeps lengths (a JSON Pointer may hold U+0000; a HAR
 * value is a JSON string), never where a C string would end at it and name something
 * else.
 *
 * Memory: percent_decode returns a malloc'd string owned by the caller. */
#ifndef SONDE_COMMON_PERCENT_H
#define SONDE_COMMON_PERCENT_H

#include <stddef.h>

/* PERCENT_STRICT: NULL on a malformed escape ("%", "%4", "%zz"); else it stays as written,
 * as servers read a request's text. PERCENT_NUL: "%00" decodes to a NUL byte inside the
 * result; else it is refused as a malformed escape is (NULL when strict, kept as written
 * when not). PERCENT_PLUS: '+' is a space (the form encoding of query strings). */
enum { PERCENT_STRICT = 1, PERCENT_NUL = 2, PERCENT_PLUS = 4 };

/* n bytes of s decoded: a new NUL-terminated string of *len bytes (len may be NULL), or
 * NULL (PERCENT_STRICT) on an escape refused. */
char *percent_decode(const char *s, size_t n, unsigned flags, size_t *len);

#endif
