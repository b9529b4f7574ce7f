#include "common/sbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void die_oom(void) {
  fputs("sonde: out of memory\n", stderr);
  abort();
}

void *xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p) die_oom();
  return p;
}

void *xcalloc(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size ? size : 1);
  if (!p) die_oom();
  return p;
}

void *xrealloc(void *p, size_t n) {
  p = realloc(p, n ? n : 1);
  if (!p) die_oom();
  return p;
}

char *xstrdup(const char *s) { return xstrndup(s, strlen(s)); }

char *xstrndup(const char *s, size_t n) {
  char *p = xmalloc(n + 1);
  memcpy(p, s, n);
  p[n] = '\0';
  return p;
}

char *xasprintf(const char *fmt, ...) {
  sbuf_t b = SBUF_INIT;
  va_list ap;
  va_start(ap, fmt);
  sbuf_vprintf(&b, fmt, ap);
  va_end(ap);
  return sbuf_take(&b);
}

void sbuf_init(sbuf_t *b) {
  b->data = NULL;
  b->len = b->cap = 0;
}

void sbuf_free(sbuf_t *b) {
  free(b->data);
  sbuf_init(b);
}

void sbuf_reset(sbuf_t *b) {
  b->len = 0;
  if (b->data) b->data[0] = '\0';
}

void sbuf_reserve(sbuf_t *b, size_t extra) {
  size_t need = b->len + extra + 1;
  if (need <= b->cap) return;
  size_t cap = b->cap ? b->cap : 64;
  while (cap < need) cap *= 2;
  b->data = xrealloc(b->data, cap);
  b->cap = cap;
  b->data[b->len] = '\0'; /* a fresh buffer reads as "" until written to */
}

void sbuf_append(sbuf_t *b, const char *s, size_t n) {
  sbuf_reserve(b, n);
  if (n) memcpy(b->data + b->len, s, n);
  b->len += n;
  b->data[b->len] = '\0';
}

void sbuf_append_visible(sbuf_t *b, const char *s, size_t n) {
  for (const char *end = s + n, *nul; s < end; s = nul + 1) {
    nul = memchr(s, '\0', (size_t)(end - s));
    sbuf_append(b, s, (size_t)((nul ? nul : end) - s));
    if (!nul) break;
    sbuf_append(b, "\xE2\x90\x80", 3); /* U+2400 */
  }
}

void sbuf_puts(sbuf_t *b, const char *s) { sbuf_append(b, s, strlen(s)); }

void sbuf_putc(sbuf_t *b, char c) { sbuf_append(b, &c, 1); }

void sbuf_vprintf(sbuf_t *b, const char *fmt, va_list ap) {
  va_list copy;
  va_copy(copy, ap);
  int n = vsnprintf(NULL, 0, fmt, copy);
  va_end(copy);
  if (n < 0) return;
  sbuf_reserve(b, (size_t)n);
  vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
  b->len += (size_t)n;
}

void sbuf_printf(sbuf_t *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  sbuf_vprintf(b, fmt, ap);
  va_end(ap);
}

char *sbuf_take(sbuf_t *b) {
  char *p = b->data ? b->data : xstrdup("");
  sbuf_init(b);
  return p;
}

const char *sbuf_cstr(const sbuf_t *b) { return b->data ? b->data : ""; }
