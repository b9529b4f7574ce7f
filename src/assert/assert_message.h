/* assert_message: the text pieces of assertion messages that need no JavaScript engine, so
 * unit tests can pin them down: body excerpts, schema error lists, Jest's hint line,
 * durations, and the media-type rule of toHaveContentType. Everything appends to an sbuf_t
 * the caller owns. */
#ifndef SONDE_ASSERT_ASSERT_MESSAGE_H
#define SONDE_ASSERT_ASSERT_MESSAGE_H

#include <stdbool.h>
#include <stddef.h>

#include "common/sbuf.h"
#include "schema/schema.h"

/* Characters of a body that messages show. */
#define ASSERT_BODY_EXCERPT 200

/* How a failed body check shows the body (`len` bytes of UTF-8):
 *   "the body is empty"
 *   "received: <body>"                                       (up to 200 characters)
 *   "received (first 200 of 5120 characters): <200 characters>..." */
void assert_msg_body(sbuf_t *out, const char *body, size_t len);

/* "Schema validation failed: " + one error ("/id must be integer"), or "N validation
 * errors:\n  - ...\n  - ..."; an error at the root has no path in front. */
void assert_msg_schema(sbuf_t *out, const schema_errors_t *errors);

/* Jest's matcherHint: expect(received)[.resolves|.rejects][.not].name(expected[, second])
 * [ // comment]. `flags` are ASSERT_* of assert_internal.h; NULL arguments are omitted. */
void assert_msg_hint(sbuf_t *out, const char *name, unsigned flags, const char *received,
                     const char *expected, const char *second, const char *comment);

/* "<label>: " padded so that values line up after the longest of `width` characters. */
void assert_msg_label(sbuf_t *out, const char *label, size_t width);

/* A duration in ms as messages show it: "250", "12.5". */
void assert_msg_duration(sbuf_t *out, double ms);

/* Does a Content-Type header value match `want`? Media types compare without case and
 * without parameters, unless `want` has parameters: then each of those must be present
 * with the same value ("application/json; charset=utf-8"). */
bool assert_media_type_matches(const char *header, const char *want);

/* The call expression that JavaScriptCore's frame `line`:`col` (1-based, col at the
 * call's '(' or anywhere in the callee) points at in `src`: "assert.ok(x)", as Node's
 * assert.ok quotes it. Later lines of a multi-line call lose their indentation up to the
 * call's column. NULL when no call is found there. */
char *assert_msg_call_source(const char *src, int line, int col);

#endif
