/* gherkin_text: NULs in Gherkin text (see gherkin.h). A feature file may hold a NUL in a
 * step, a name, a cell or a doc string, which cucumber-js keeps as U+0000; the parser's
 * strings are C strings, so inside the cucumber module a NUL is kept as the two bytes
 * C0 80 (Java's "modified UTF-8"), and what leaves it for JSON, JavaScript or a report is
 * decoded here. C0 never starts valid UTF-8, so a C0 byte of the source is read as U+FFFD
 * first, as a UTF-8 decoder (cucumber-js's) reads it: C0 80 is never ambiguous. */
#include <stdlib.h>
#include <string.h>

#include "common/sbuf.h"
#include "frameworks/cucumber/gherkin.h"

char *gherkin_text_encode(const char *s, size_t len) {
  sbuf_t b = SBUF_INIT;
  for (size_t i = 0; i < len; i++) {
    if (s[i] == '\0') sbuf_append(&b, "\xC0\x80", 2);
    else if ((unsigned char)s[i] == 0xC0) sbuf_append(&b, "\xEF\xBF\xBD", 3);
    else sbuf_putc(&b, s[i]);
  }
  return sbuf_take(&b);
}

bool gherkin_text_needs_encoding(const char *s, size_t len) {
  return memchr(s, '\0', len) || memchr(s, 0xC0, len);
}

char *gherkin_text(const char *s, size_t *len) {
  size_t n = s ? strlen(s) : 0;
  char *out = xmalloc(n + 1);
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    if ((unsigned char)s[i] == 0xC0 && (unsigned char)s[i + 1] == 0x80) {
      out[k++] = '\0';
      i++;
    } else {
      out[k++] = s[i];
    }
  }
  out[k] = '\0';
  if (len) *len = k;
  return out;
}

json_t *gherkin_json_text(const char *s) {
  size_t len;
  char *text = gherkin_text(s, &len);
  json_t *j = json_stringn(text, len);
  free(text);
  return j;
}
