/* exchange: how reports show one HTTP exchange — the `http` event of events.h, whose
 * secret header values the worker has already masked and whose bodies it has truncated.
 * Everything here reads the borrowed event and returns or appends new text. */
#ifndef SONDE_REPORT_EXCHANGE_H
#define SONDE_REPORT_EXCHANGE_H

#include <jansson.h>

#include "common/sbuf.h"

/* "GET /users/1 → 200", or "GET /users/1 → <error>" when no response came; a retried
 * request's later attempts end in " (attempt N)". Caller frees. */
char *report_exchange_title(const json_t *ex);

/* The request and the response as text lines, each line behind `indent`:
 *   Request: GET http://host/users/1
 *     accept: application/json
 *     {"name":"x"}
 *   Response: 404 Not Found (3ms)
 *     content-type: application/json
 *     {"error":"no such user"}
 *     … 1200 more bytes
 * Without a response the second part reads "Response: none (<error>)". Ends with '\n'. */
void report_exchange_text(const json_t *ex, const char *indent, sbuf_t *out);

/* The attachment documents of a report: {method, url, headers, body} and {status,
 * statusText, headers, body, size, duration} (or {error}); a body that is JSON text is
 * embedded as JSON. New references. */
json_t *report_exchange_request_doc(const json_t *ex);
json_t *report_exchange_response_doc(const json_t *ex);

#endif
