/* url: joining request paths with a base URL and building query strings.
 * No I/O; every returned string is malloc'd and owned by the caller. */
#ifndef SONDE_HTTP_URL_H
#define SONDE_HTTP_URL_H

#include <stdbool.h>

#include "common/sbuf.h"

/* True for "scheme://..." (scheme per RFC 3986: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )). */
bool url_is_absolute(const char *s);

/* Resolves `path` against `base` the way the api client promises: an absolute `path` is
 * returned unchanged; otherwise base and path are joined with exactly one '/' between them
 * (base "http://h/api/" or "http://h/api" + "users" or "/users" → "http://h/api/users").
 * An empty path gives base. base NULL/"" → path unchanged. */
char *url_join(const char *base, const char *path);

/* Percent-encodes `s` as encodeURIComponent does (unreserved: A-Z a-z 0-9 - _ . ! ~ * ' ( )). */
char *url_encode_component(const char *s);

/* Appends name=value (both percent-encoded) to the URL in `url`, using '?' if the URL has
 * no query yet and '&' otherwise; a '#fragment' stays at the end. */
void url_append_param(sbuf_t *url, const char *name, const char *value);

#endif
