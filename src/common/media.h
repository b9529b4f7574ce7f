/* media: what a Content-Type says, by one rule for the whole program: its media type
 * without parameters ("essence"), whether that is JSON (application/json, text/json, any
 * +json) and whether it is read as text (text/ *, +xml and a few application types). Used
 * by the api client for bodies and by contract testing (src/openapi/) for documents'
 * media types alike, so the two never disagree about what a JSON body is.
 *
 * Memory: media_essence returns a malloc'd string; the rest allocate nothing lasting. */
#ifndef SONDE_COMMON_MEDIA_H
#define SONDE_COMMON_MEDIA_H

#include <stdbool.h>

/* "application/json" of " Application/JSON ; charset=utf-8": lower case, without
 * parameters or surrounding blanks. malloc'd; ct must not be NULL. */
char *media_essence(const char *ct);
/* Whether a Content-Type is JSON (false for NULL). */
bool media_is_json(const char *ct);
/* Whether a Content-Type is read as text (false for NULL). */
bool media_is_text(const char *ct);

#endif
