/* sbuf: a growable, always NUL-terminated byte buffer.
 * The buffer owns `data`; sbuf_free releases it, sbuf_take hands it to the caller. */
#ifndef SONDE_COMMON_SBUF_H
#define SONDE_COMMON_SBUF_H

#include <stdarg.h>
#include <stddef.h>

typedef struct {
  char *data;
  size_t len;
  size_t cap;
} sbuf_t;

#define SBUF_INIT \
  { NULL, 0, 0 }

void sbuf_init(sbuf_t *b);
void sbuf_free(sbuf_t *b);
void sbuf_reset(sbuf_t *b);
void sbuf_reserve(sbuf_t *b, size_t extra);
void sbuf_append(sbuf_t *b, const char *s, size_t n);
/* Appends n bytes with each NUL as the visible "␀" (U+2400): text for a terminal or a log
 * file, which would show a NUL as nothing or stop at it. */
void sbuf_append_visible(sbuf_t *b, const char *s, size_t n);
void sbuf_puts(sbuf_t *b, const char *s);
void sbuf_putc(sbuf_t *b, char c);
void sbuf_printf(sbuf_t *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sbuf_vprintf(sbuf_t *b, const char *fmt, va_list ap);
/* Returns the data (never NULL) and leaves the buffer empty; caller frees. */
char *sbuf_take(sbuf_t *b);
/* "" when nothing was appended yet. */
const char *sbuf_cstr(const sbuf_t *b);

/* Aborts the process on allocation failure: every allocation in sonde goes through these. */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
