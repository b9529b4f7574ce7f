/* get: one blocking GET of a small text resource, for what is read once at load time (an
 * API document at a URL) rather than by tests. libcurl's easy interface, with a timeout
 * and a size limit; proxies from the environment as libcurl reads them. Nothing here
 * touches the event loop.
 *
 * Memory: the returned body is malloc'd and owned by the caller. */
#ifndef SONDE_HTTP_GET_H
#define SONDE_HTTP_GET_H

#include <stddef.h>

#include "common/sbuf.h"

/* GETs `url` (http or https, redirects followed), waiting at most timeout_ms. Returns the
 * body (NUL-terminated, its length in *len) of a 2xx response; NULL with one message in
 * `err` when it cannot be reached ("cannot connect: ..."), answers another status ("HTTP
 * 404 Not Found"), times out or sends more than max_bytes. */
char *http_get_text(const char *url, long timeout_ms, size_t max_bytes, size_t *len, sbuf_t *err);

#endif
