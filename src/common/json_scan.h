/* json_scan: finds where JSON values end in a buffer without building them, for parsing a
 * large body piece by piece (api_response.c hands each run of whole array elements to the
 * engine's JSON parser and gives the bytes back as it goes). Strict RFC 8259 (ECMA-404):
 * what it accepts, JSON.parse accepts; nesting deeper than JSON_SCAN_MAX_DEPTH is refused
 * (the caller falls back to parsing the whole text). The buffer must be valid UTF-8; the
 * scanner looks at bytes only. No allocation, nothing owned. */
#ifndef SONDE_COMMON_JSON_SCAN_H
#define SONDE_COMMON_JSON_SCAN_H

#include <stdbool.h>
#include <stddef.h>

#define JSON_SCAN_MAX_DEPTH 512

/* The offset just past JSON whitespace from `pos`. */
size_t json_scan_ws(const char *s, size_t len, size_t pos);
/* The offset just past the value starting at `pos` (no whitespace before it), or (size_t)-1
 * when no valid value starts there. */
size_t json_scan_value(const char *s, size_t len, size_t pos);
/* Whether s[0, len) is one valid JSON text whose value is an array (whitespace around). */
bool json_scan_is_array(const char *s, size_t len);

#endif
