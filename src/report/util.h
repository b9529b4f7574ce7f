/* report util: helpers shared by the reporters — text cleaning for XML and JSON, clocks
 * and timestamps, MD5 and UUIDs for Allure, output paths and the spool that keeps a
 * reporter's stdout text out of memory until the run ends.
 *
 * Ownership: every returned char * is malloc'd and owned by the caller; report_spool_t owns
 * its temporary file. Nothing here keeps state between calls. */
#ifndef SONDE_REPORT_UTIL_H
#define SONDE_REPORT_UTIL_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "common/sbuf.h"

/* --- text ------------------------------------------------------------------------------ */

/* How each writer shows a NUL (strings from JavaScript carry theirs to the reporters):
 *  - JSON documents (json, allure) keep it: jansson writes "\u0000";
 *  - terminal output (spec, dot) and text files show the visible "␀" (U+2400);
 *  - XML 1.0 (junit) cannot hold U+0000 at all, not even as "&#0;", and a JUnit consumer
 *    (Jenkins, GitLab, Surefire's parser) rejects a file that has one; so it gets "␀" too,
 *    and every other C0 control XML forbids its Unicode control picture (U+2401-U+241F,
 *    "␛" for ESC), which shows which character it was. */
enum {
  REPORT_CLEAN_XML = 1,      /* also replace what XML 1.0 forbids: C0 controls but \t \n \r
                             (by their control pictures), U+FFFE, U+FFFF (by U+FFFD) */
  REPORT_CLEAN_ANSI = 2,     /* drop ANSI escape sequences (colour codes in error messages) */
  REPORT_CLEAN_KEEP_NUL = 4, /* keep NULs (the caller goes by the length) */
};

/* A copy of `len` bytes of `s` that is valid UTF-8: every byte that does not start a valid
 * sequence (overlong forms and UTF-16 surrogates included) becomes U+FFFD, as do the code
 * points the flags exclude. A NUL becomes "␀" (U+2400) unless REPORT_CLEAN_KEEP_NUL, so
 * the result is a C string; *out_len (may be NULL) gets its length. */
char *report_clean_textn(const char *s, size_t len, unsigned flags, size_t *out_len);
char *report_clean_text(const char *s, size_t len, unsigned flags);
/* Same, for a C string; NULL gives "". */
char *report_clean_cstr(const char *s, unsigned flags);
/* A JSON string of `len` bytes cleaned as above with NULs kept. New reference. */
json_t *report_json_text(const char *s, size_t len, unsigned flags);
/* The same for a JSON string member (NULL when `v` is not a string). */
json_t *report_json_text_of(const json_t *v, unsigned flags);

/* A deep copy of `v` whose strings (and object keys) are valid UTF-8, so that json_dump*
 * cannot fail on them; NULs in strings are kept (written "\u0000"). New reference. */
json_t *report_json_clean(const json_t *v);
/* `v` with every NUL in its strings as "␀" (U+2400), for writers whose output cannot show
 * a NUL (the terminal, XML): `v` itself (a new reference) when it holds none. */
json_t *report_json_visible(const json_t *v);

/* The string member `key` of `obj`, or NULL. */
const char *report_jstr(const json_t *obj, const char *key);

/* The fullTitle of the suite a test event's test belongs to (title_suite_len): *full
 * points to the event's fullTitle, the suite's being its first *len bytes (0: the root
 * suite). False when the event's titles do not say. */
bool report_suite_title_of(const json_t *ev, const char **full, size_t *len);

/* --- time ------------------------------------------------------------------------------- */

/* Milliseconds since the epoch (wall clock, fractional). */
double report_now_ms(void);
/* "2025-06-01T12:00:01" in local time (what junit-report-builder writes). */
void report_local_stamp(double epoch_ms, char *buf, size_t size);
/* "2025-06-01T12:00:01.123Z" in UTC (Date.prototype.toISOString). */
void report_iso_stamp(double epoch_ms, char *buf, size_t size);

/* --- ids -------------------------------------------------------------------------------- */

/* Lower-case hex MD5 of `len` bytes: 32 characters and a NUL in `out`. */
void report_md5_hex(const void *data, size_t len, char out[33]);
/* A random (version 4) UUID, 36 characters and a NUL in `out`. */
void report_uuid4(char out[37]);

/* --- capabilities and errors ------------------------------------------------------------ */

/* WebdriverIO's sanitized capabilities: browserName, browserVersion (or version) and
 * platformName (or platform), each lower-cased without whitespace and with '.' → '_',
 * the present ones joined with '.'; "api.stable.linux". Never NULL. */
char *report_sanitized_caps(const json_t *caps);

/* The path and query of an absolute URL ("/users/1?x=1"); the URL itself when it has no
 * scheme and authority. Points into `url`. */
const char *report_url_path(const char *url);

/* WebdriverIO's test status rule (allure's getTestStatus): an AssertionError, or a message
 * or stack that mentions "Expect", is a failed check; anything else broke the test. */
bool report_error_is_assertion(const json_t *error);

/* --- output ------------------------------------------------------------------------------ */

/* `dir` resolved against the working directory when relative (path.join semantics are not
 * needed: the result is only handed to the file system). */
char *report_resolve_dir(const char *dir);
/* `dir`/`name`, creating every folder on the way (name may contain '/'). Returns the path
 * or NULL with errno set and a message in `err`. */
char *report_prepare_path(const char *dir, const char *name, sbuf_t *err);

/* Text a reporter prints at run end, spooled to an unnamed temporary file so that a long
 * run does not keep it in memory. When no temporary file can be made the text is kept in
 * memory instead: the report must not get lost over a full /tmp. */
typedef struct {
  FILE *file;
  sbuf_t mem;
  bool failed; /* a write failed: the rest goes to memory */
} report_spool_t;

void report_spool_init(report_spool_t *s);
void report_spool_write(report_spool_t *s, const char *data, size_t len);
bool report_spool_empty(const report_spool_t *s);
/* Copies everything to `out` and empties the spool. Returns 0, or -1 when `out` failed. */
int report_spool_drain(report_spool_t *s, FILE *out);
void report_spool_free(report_spool_t *s);

/* Names a job's report file (WebdriverIO's outputFileFormat). Returns a malloc'd name, or
 * NULL with a message in `err` (the caller then uses its default name). */
typedef struct report_namer report_namer_t;
struct report_namer {
  char *(*name)(report_namer_t *n, const char *cid, const json_t *capabilities, sbuf_t *err);
  void (*free)(report_namer_t *n);
};

/* The header WebdriverIO's launcher prints above a reporter's collected output:
 * "\n \"<name>\" Reporter:\n" (bold magenta with colours). 0, or -1 when `out` failed. */
int report_print_title(FILE *out, const char *name, bool color);

/* At run end: the title, then the spooled text (and a newline when `trailing_newline`).
 * Nothing when the spool is empty; a closed stdout stops the printing, not the run. */
void report_spool_print(report_spool_t *s, FILE *out, const char *name, bool color,
                        bool trailing_newline);

/* Writes a job's document to <dir>/<name> through a temporary file and rename; a failure
 * is reported on stderr as "sonde: <reporter> reporter: ..." (the run goes on). */
void report_write_document(const char *reporter, const char *dir, const char *name,
                           const char *text);
/* The run's OpenAPI coverage document as <dir>/openapi-coverage.json (written by the json
 * reporter for merge-reports, and by the launcher in outputDir); `who` names the writer in
 * an error. */
void report_write_coverage(const char *who, const char *dir, const json_t *document);

#endif
