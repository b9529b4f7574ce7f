/* format_uri: uri, uri-reference (RFC 3986 §3 and §4.1) and iri, iri-reference (RFC 3987:
 * the same grammar with non-ASCII characters allowed where unreserved ones are). A strict
 * recursive reading of the ABNF: every character must be allowed where it stands, and
 * percent-escapes must be complete. Checkers keep nothing. */
#include <string.h>

#include "schema/schema_int.h"

typedef struct {
  const char *s;
  size_t n;
  bool iri;
} uri_in_t;

static bool is_hex(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
static bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static bool is_digit(char c) { return c >= '0' && c <= '9'; }
static bool unreserved(char c) { return is_alpha(c) || is_digit(c) || (c && strchr("-._~", c)); }
static bool sub_delim(char c) { return c && strchr("!$&'()*+,;=", c); }

/* Checks s[a, b): each character is in `extra`, unreserved, a sub-delim, a complete
 * %HH, or (for IRIs) non-ASCII. */
static bool chars_ok(const uri_in_t *u, size_t a, size_t b, const char *extra) {
  for (size_t i = a; i < b; i++) {
    char c = u->s[i];
    if (c == '%') {
      if (i + 2 >= b || !is_hex(u->s[i + 1]) || !is_hex(u->s[i + 2])) return false;
      i += 2;
    } else if ((unsigned char)c >= 0x80) {
      if (!u->iri) return false;
    } else if (!(unreserved(c) || sub_delim(c) || (c && strchr(extra, c)))) {
      return false;
    }
  }
  return true;
}

static bool host_ok(const uri_in_t *u, size_t a, size_t b) {
  const char *s = u->s;
  if (a < b && s[a] == '[') {
    if (b - a < 2 || s[b - 1] != ']') return false;
    a++;
    b--;
    if (a < b && (s[a] == 'v' || s[a] == 'V')) {
      /* IPvFuture: "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ) */
      size_t i = a + 1;
      while (i < b && is_hex(s[i])) i++;
      if (i == a + 1 || i >= b || s[i] != '.' || i + 1 >= b) return false;
      uri_in_t ascii = {u->s, u->n, false};
      return chars_ok(&ascii, i + 1, b, ":");
    }
    return schema_format_ipv6(s + a, b - a);
  }
  return chars_ok(u, a, b, ""); /* reg-name (an IPv4 address is one too) */
}

static bool authority_ok(const uri_in_t *u, size_t a, size_t b) {
  const char *s = u->s;
  const char *at = memchr(s + a, '@', b - a);
  if (at) {
    size_t ui = (size_t)(at - s);
    if (!chars_ok(u, a, ui, ":")) return false;
    a = ui + 1;
  }
  /* the port: digits after the last ':' that is outside an IP literal */
  size_t host_end = b;
  size_t close = a;
  if (a < b && s[a] == '[') {
    const char *rb = memchr(s + a, ']', b - a);
    if (!rb) return false;
    close = (size_t)(rb - s) + 1;
    host_end = close;
    if (close < b && s[close] != ':') return false;
  } else {
    const char *colon = memchr(s + a, ':', b - a);
    if (colon) host_end = (size_t)(colon - s);
  }
  if (host_end < b) {
    for (size_t i = host_end + 1; i < b; i++)
      if (!is_digit(s[i])) return false;
  }
  return host_ok(u, a, host_end);
}

/* hier-part / relative-part, query and fragment, from position i. */
static bool rest_ok(const uri_in_t *u, size_t i, bool relative) {
  const char *s = u->s;
  size_t n = u->n;
  size_t path_end = i;
  while (path_end < n && s[path_end] != '?' && s[path_end] != '#') path_end++;
  size_t p = i;
  if (path_end - i >= 2 && s[i] == '/' && s[i + 1] == '/') {
    size_t auth_end = i + 2;
    while (auth_end < path_end && s[auth_end] != '/') auth_end++;
    if (!authority_ok(u, i + 2, auth_end)) return false;
    p = auth_end;
  } else if (relative) {
    /* path-noscheme: no ':' in the first segment */
    size_t seg_end = p;
    while (seg_end < path_end && s[seg_end] != '/') seg_end++;
    if (memchr(s + p, ':', seg_end - p)) return false;
  }
  if (!chars_ok(u, p, path_end, ":@/")) return false;
  size_t q = path_end;
  if (q < n && s[q] == '?') {
    size_t qe = q + 1;
    while (qe < n && s[qe] != '#') qe++;
    if (!chars_ok(u, q + 1, qe, ":@/?")) return false;
    q = qe;
  }
  if (q < n && s[q] == '#' && !chars_ok(u, q + 1, n, ":@/?")) return false;
  return true;
}

static size_t scheme_end(const uri_in_t *u) {
  const char *s = u->s;
  if (u->n == 0 || !is_alpha(s[0])) return 0;
  size_t i = 1;
  while (i < u->n &&
         (is_alpha(s[i]) || is_digit(s[i]) || s[i] == '+' || s[i] == '-' || s[i] == '.'))
    i++;
  return i < u->n && s[i] == ':' ? i : 0;
}

static bool absolute(const char *s, size_t n, bool iri) {
  uri_in_t u = {s, n, iri};
  size_t e = scheme_end(&u);
  return e && rest_ok(&u, e + 1, false);
}

static bool reference(const char *s, size_t n, bool iri) {
  uri_in_t u = {s, n, iri};
  size_t e = scheme_end(&u);
  return e ? rest_ok(&u, e + 1, false) : rest_ok(&u, 0, true);
}

bool schema_format_uri(const char *s, size_t n) { return absolute(s, n, false); }
bool schema_format_uri_reference(const char *s, size_t n) { return reference(s, n, false); }
bool schema_format_iri(const char *s, size_t n) { return absolute(s, n, true); }
bool schema_format_iri_reference(const char *s, size_t n) { return reference(s, n, true); }
