/* percent: see percent.h. */
#include "common/percent.h"

#include <stdbool.h>

#include "common/sbuf.h"

static int hexval(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

char *percent_decode(const char *s, size_t n, unsigned flags, size_t *len) {
  sbuf_t b = SBUF_INIT;
  sbuf_reserve(&b, n);
  for (size_t i = 0; i < n; i++) {
    if (s[i] == '%') {
      int hi = i + 2 < n ? hexval((unsigned char)s[i + 1]) : -1;
      int lo = hi < 0 ? -1 : hexval((unsigned char)s[i + 2]);
      bool nul = hi == 0 && lo == 0;
      if (hi >= 0 && lo >= 0 && (!nul || (flags & PERCENT_NUL))) {
        sbuf_putc(&b, (char)(hi * 16 + lo));
        i += 2;
        continue;
      }
      if (flags & PERCENT_STRICT) {
        sbuf_free(&b);
        return NULL;
      }
    }
    sbuf_putc(&b, (flags & PERCENT_PLUS) && s[i] == '+' ? ' ' : s[i]);
  }
  if (len) *len = b.len;
  return sbuf_take(&b);
}
