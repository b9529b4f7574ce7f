#include "http/url.h"

#include <stdlib.h>
#include <string.h>

/* ASCII only: <ctype.h> would follow the locale and accept Latin-1 letters. */
static bool url_is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

static bool url_is_alnum(char c) { return url_is_alpha(c) || (c >= '0' && c <= '9'); }

bool url_is_absolute(const char *s) {
  if (!s || !url_is_alpha(s[0])) return false;
  size_t i = 1;
  while (url_is_alnum(s[i]) || s[i] == '+' || s[i] == '-' || s[i] == '.') i++;
  return strncmp(s + i, "://", 3) == 0;
}

char *url_join(const char *base, const char *path) {
  if (!path) path = "";
  if (url_is_absolute(path) || !base || !*base) return xstrdup(path);
  if (!*path) return xstrdup(base);

  size_t blen = strlen(base);
  sbuf_t b = SBUF_INIT;
  /* A bare query or fragment belongs to the base resource itself ("?page=2" on
   * "http://h/users"), so no '/' goes between them. */
  if (path[0] == '?' || path[0] == '#') {
    sbuf_append(&b, base, blen);
    sbuf_puts(&b, path);
    return sbuf_take(&b);
  }
  while (blen > 0 && base[blen - 1] == '/') blen--;
  while (*path == '/') path++;
  sbuf_append(&b, base, blen);
  sbuf_putc(&b, '/');
  sbuf_puts(&b, path);
  return sbuf_take(&b);
}

static void url_encode_into(sbuf_t *b, const char *s) {
  static const char hex[] = "0123456789ABCDEF";
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (url_is_alnum((char)*p) || strchr("-_.!~*'()", *p)) {
      sbuf_putc(b, (char)*p);
    } else {
      char esc[3] = {'%', hex[*p >> 4], hex[*p & 0x0F]};
      sbuf_append(b, esc, sizeof(esc));
    }
  }
}

char *url_encode_component(const char *s) {
  sbuf_t b = SBUF_INIT;
  if (s) url_encode_into(&b, s);
  return sbuf_take(&b);
}

void url_append_param(sbuf_t *url, const char *name, const char *value) {
  const char *data = sbuf_cstr(url);
  const char *hash = strchr(data, '#');
  size_t end = hash ? (size_t)(hash - data) : url->len;
  const char *query = memchr(data, '?', end);

  sbuf_t out = SBUF_INIT;
  sbuf_append(&out, data, end);
  /* "http://h/p?" and "...?a=1&" already end in a separator. */
  if (!query) sbuf_putc(&out, '?');
  else if (end > 0 && data[end - 1] != '?' && data[end - 1] != '&') sbuf_putc(&out, '&');
  url_encode_into(&out, name ? name : "");
  sbuf_putc(&out, '=');
  url_encode_into(&out, value ? value : "");
  if (hash) sbuf_puts(&out, hash);

  sbuf_free(url);
  *url = out;
}
