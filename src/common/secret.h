/* secret: the values this process knows to be secret (the values of masked headers, API
 * keys from the environment) and their masking in what leaves the process: every
 * occurrence in a text becomes "****", the way CI systems mask secrets in their logs, so a
 * server that echoes a request cannot put a token into a log, a report or a log file.
 *
 * A secret is found in the forms a server's echo gives it: JSON-escaped by any encoder
 * (some characters or all of them: '"', '\', "\/", \uXXXX in either hex case),
 * percent-encoded (any hex case, '+' for a space), both at once (a JSON document sent as
 * a form field or a query parameter), as HTML/XML character references, and base64-encoded
 * alone or inside a larger blob (at each of the three alignments; not for values under 7
 * bytes, whose short forms would match by chance). Masking reads each character
 * of the text in whichever of those ways spells the secret, any mix of them. Derived
 * values are secrets too: a Basic credential's decoded "user:password" and password, a
 * cookie's name=value pair and value (Cookie and Set-Cookie).
 * Values shorter than SECRET_MIN_LEN are not registered (masking every "abc" would mangle
 * ordinary text, and CI systems skip such short secrets too): a one-time warning on stderr
 * says so; header values are masked by name where headers are shown anyway.
 * One registry per process, on the thread that runs the loop.
 *
 * Memory: the registry owns copies of the values for the life of the process;
 * secret_mask returns a malloc'd text owned by the caller. */
#ifndef SONDE_COMMON_SECRET_H
#define SONDE_COMMON_SECRET_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "common/sbuf.h"

#define SECRET_MIN_LEN 4
#define SECRET_MASK    "****"

/* Registers `value` (len bytes) and its forms as secret; duplicates are ignored, and short
 * values too (with the one-time warning). */
void secret_add(const char *value, size_t len);
/* Registers the secret parts of a masked header's value (request or response): the value,
 * the credentials after an auth scheme ("Bearer <token>": the token too; "Basic <b64>":
 * also the decoded user:password and password), for Cookie each pair and value, for
 * Set-Cookie the cookie's pair and value (not its attributes). */
void secret_add_header(const char *name, const char *value);
/* A value as it travels between processes (a worker tells the launcher each secret it
 * learns): hex, as a value need not be UTF-8 (malloc'd); and its registration there
 * (NULL or text that is not hex: ignored). */
char *secret_to_hex(const char *value, size_t len);
void secret_add_hex(const char *hex);
/* Registers API_KEY and API_TOKEN from the environment, when set. */
void secret_add_env(void);
/* Called with each value as it is registered (derived values included, not their base64
 * forms): a worker passes them to the launcher, which masks the files it writes later with
 * every secret known by then. */
typedef void (*secret_listener_fn)(const char *value, size_t len, void *ud);
void secret_set_listener(secret_listener_fn fn, void *ud);
/* Whether anything is registered (masking costs nothing until then). */
bool secret_any(void);

/* A copy of text with every secret replaced by SECRET_MASK (*out_len its length), or NULL
 * when nothing in it is secret. */
char *secret_mask(const char *text, size_t len, size_t *out_len);
/* Where to cut text[0, len) to keep at most n bytes without cutting a secret in two (a
 * prefix of a token printed before "…" would escape masking): n, or the start of the
 * secret that would straddle it. */
size_t secret_safe_cut(const char *text, size_t len, size_t n);
/* Masks b->data from offset `from` to its end in place. */
void secret_mask_sbuf(sbuf_t *b, size_t from);
/* Files written after the fact (reports, log files) are masked with every secret known
 * when they are written, so a secret learned late (a token from a login response) is
 * masked in them even where it was printed before it was known.
 * secret_write_file_atomic: fs_write_file_atomic of the masked text. */
int secret_write_file_atomic(const char *path, const char *text, size_t len);
/* Masks the file at path in place (a log file other handles may still append to: it is
 * rewritten from its start and cut to the masked length, never replaced); 0 when done or
 * nothing to mask, -1 with errno on an I/O error. */
int secret_mask_file(const char *path);
/* A number that changes whenever a secret is registered: a writer that saw the same number
 * when it began has masked everything it wrote with every secret known now. */
unsigned long secret_generation(void);
/* A file written (or opened) when secret_generation() was `generation`: masked again
 * (secret_mask_file) when a secret was registered since. A failure is told on stderr as
 * "<who>: cannot mask secrets in <path>: <reason>"; the run goes on. */
void secret_remask_file(const char *path, unsigned long generation, const char *who);
/* Masks every string value inside a JSON value (objects and arrays walked), in place. */
void secret_mask_json(json_t *v);
/* Forgets every secret (tests). */
void secret_clear(void);

#endif
