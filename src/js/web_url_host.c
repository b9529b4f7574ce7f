/* web_url_host: the URL standard's host parser — IPv6 (parsed and re-serialized in its
 * shortest form), IPv4 (dotted, with the hex and octal parts the standard allows), opaque
 * hosts of non-special schemes, and domains (percent-decoded, then ASCII lower-cased, or,
 * with non-ASCII or "xn--" labels, UTS #46-processed by libidn2).
 *
 * Memory: results are malloc'd for the caller. */
#include <ctype.h>
#include <idn2.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/sbuf.h"
#include "js/web_url_parse.h"

static int hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* ---- hosts ---- */

static bool forbidden_host(unsigned char c) {
  return c == 0 || c == '\t' || c == '\n' || c == '\r' || c == ' ' || c == '#' || c == '/' ||
         c == ':' || c == '<' || c == '>' || c == '?' || c == '@' || c == '[' || c == '\\' ||
         c == ']' || c == '^' || c == '|';
}

static bool forbidden_domain(unsigned char c) {
  return forbidden_host(c) || c <= 0x1F || c == '%' || c == 0x7F;
}

/* IPv4 number parser: -1 for failure, else the value (which may exceed 32 bits). */
static int64_t ipv4_number(const char *s, size_t n) {
  if (n == 0) return -1;
  int radix = 10;
  if (n >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    radix = 16;
    s += 2;
    n -= 2;
  } else if (n >= 2 && s[0] == '0') {
    radix = 8;
    s += 1;
    n -= 1;
  }
  if (n == 0) return 0;
  int64_t v = 0;
  for (size_t i = 0; i < n; i++) {
    int d = hexval(s[i]);
    if (d < 0 || d >= radix) return -1;
    v = v * radix + d;
    if (v > (int64_t)1 << 40) v = (int64_t)1 << 40; /* anything this large fails anyway */
  }
  return v;
}

static bool ends_in_number(const char *host) {
  size_t n = strlen(host);
  if (n && host[n - 1] == '.') n--; /* a trailing empty label is dropped */
  const char *last = host + n;
  while (last > host && last[-1] != '.') last--;
  size_t ln = (size_t)(host + n - last);
  if (ln == 0) return false;
  bool digits = true;
  for (size_t i = 0; i < ln; i++)
    if (!isdigit((unsigned char)last[i])) digits = false;
  return digits || ipv4_number(last, ln) >= 0;
}

/* IPv4 parser; -1 for failure. */
static int64_t ipv4_parse(const char *host) {
  size_t n = strlen(host);
  int64_t nums[4];
  int count = 0;
  if (n && host[n - 1] == '.') n--;
  const char *p = host, *end = host + n;
  while (p <= end) {
    const char *dot = memchr(p, '.', (size_t)(end - p));
    const char *e = dot ? dot : end;
    if (count == 4) return -1;
    int64_t v = ipv4_number(p, (size_t)(e - p));
    if (v < 0) return -1;
    nums[count++] = v;
    if (!dot) break;
    p = dot + 1;
  }
  for (int i = 0; i < count - 1; i++)
    if (nums[i] > 255) return -1;
  int64_t limit = (int64_t)1 << (8 * (5 - count));
  if (nums[count - 1] >= limit) return -1;
  int64_t v = nums[count - 1];
  for (int i = 0; i < count - 1; i++) v += nums[i] << (8 * (3 - i));
  return v;
}

/* IPv6 parser into 8 pieces; false for failure. */
static bool ipv6_parse(const char *s, uint16_t out[8]) {
  memset(out, 0, 8 * sizeof(uint16_t));
  int piece = 0, compress = -1;
  size_t n = strlen(s), i = 0;
  if (n && s[0] == ':') {
    if (n < 2 || s[1] != ':') return false;
    i = 2;
    compress = ++piece;
  }
  while (i < n) {
    if (piece == 8) return false;
    if (s[i] == ':') {
      if (compress != -1) return false;
      i++;
      compress = ++piece;
      continue;
    }
    unsigned value = 0;
    int length = 0;
    while (length < 4 && i < n && hexval(s[i]) >= 0) {
      value = value * 16 + (unsigned)hexval(s[i]);
      i++;
      length++;
    }
    if (i < n && s[i] == '.') {
      if (length == 0) return false;
      i -= (size_t)length;
      if (piece > 6) return false;
      int seen = 0;
      while (i < n) {
        int ipv4 = -1;
        if (seen > 0) {
          if (s[i] == '.' && seen < 4) i++;
          else return false;
        }
        if (i >= n || !isdigit((unsigned char)s[i])) return false;
        while (i < n && isdigit((unsigned char)s[i])) {
          int number = s[i] - '0';
          if (ipv4 == -1) ipv4 = number;
          else if (ipv4 == 0) return false;
          else ipv4 = ipv4 * 10 + number;
          if (ipv4 > 255) return false;
          i++;
        }
        out[piece] = (uint16_t)(out[piece] * 0x100 + ipv4);
        seen++;
        if (seen == 2 || seen == 4) piece++;
      }
      if (seen != 4) return false;
      break;
    } else if (i < n && s[i] == ':') {
      i++;
      if (i >= n) return false;
    } else if (i < n) {
      return false;
    }
    out[piece++] = (uint16_t)value;
  }
  if (compress != -1) {
    int swaps = piece - compress;
    piece = 7;
    while (piece != 0 && swaps > 0) {
      uint16_t t = out[piece];
      out[piece] = out[compress + swaps - 1];
      out[compress + swaps - 1] = t;
      piece--;
      swaps--;
    }
  } else if (piece != 8) {
    return false;
  }
  return true;
}

static char *ipv6_serialize(const uint16_t a[8]) {
  int best = -1, best_len = 1;
  for (int i = 0; i < 8;) {
    if (a[i] != 0) {
      i++;
      continue;
    }
    int j = i;
    while (j < 8 && a[j] == 0) j++;
    if (j - i > best_len) {
      best = i;
      best_len = j - i;
    }
    i = j;
  }
  sbuf_t b = SBUF_INIT;
  sbuf_putc(&b, '[');
  bool ignore0 = false;
  for (int i = 0; i < 8; i++) {
    if (ignore0 && a[i] == 0) continue;
    ignore0 = false;
    if (best == i) {
      sbuf_puts(&b, i == 0 ? "::" : ":");
      ignore0 = true;
      continue;
    }
    sbuf_printf(&b, "%x", a[i]);
    if (i != 7) sbuf_putc(&b, ':');
  }
  sbuf_putc(&b, ']');
  return sbuf_take(&b);
}

/* The URL standard's "domain to ASCII" (not strict): an ASCII name with no "xn--" label is
 * only lower-cased; any other goes through UTS #46 processing (non-transitional, mapping
 * included) by libidn2. NULL when the name is not a valid domain. */
static char *domain_to_ascii(const char *domain) {
  bool plain = true;
  for (const char *p = domain; *p && plain; p++) {
    if ((unsigned char)*p >= 0x80) plain = false;
    bool label_start = p == domain || p[-1] == '.';
    if (label_start && strncasecmp(p, "xn--", 4) == 0) plain = false;
  }
  if (plain) {
    char *out = xstrdup(domain);
    for (char *p = out; *p; p++) *p = (char)tolower((unsigned char)*p);
    return out;
  }
  char *ascii = NULL;
  if (idn2_to_ascii_8z(domain, &ascii, IDN2_NONTRANSITIONAL) != IDN2_OK) return NULL;
  char *out = xstrdup(ascii); /* ours to free with free(), like every other result */
  idn2_free(ascii);
  return out;
}

/* host parser: the serialized host, or NULL for failure. */
char *url_host_parse(const char *input, size_t n, bool not_special) {
  if (n && input[0] == '[') {
    if (input[n - 1] != ']') return NULL;
    char *inner = xstrndup(input + 1, n - 2);
    uint16_t a[8];
    bool ok = ipv6_parse(inner, a);
    free(inner);
    return ok ? ipv6_serialize(a) : NULL;
  }
  if (not_special) {
    for (size_t i = 0; i < n; i++)
      if (forbidden_host((unsigned char)input[i])) return NULL;
    /* the C0 control percent-encode set */
    sbuf_t b = SBUF_INIT;
    for (size_t i = 0; i < n; i++) {
      unsigned char c = (unsigned char)input[i];
      if (c < 0x20 || c > 0x7E) sbuf_printf(&b, "%%%02X", c);
      else sbuf_putc(&b, (char)c);
    }
    return sbuf_take(&b);
  }
  size_t dn;
  char *domain = url_percent_decode(input, n, &dn);
  if (strlen(domain) != dn) {
    free(domain);
    return NULL;
  }
  char *ascii = domain_to_ascii(domain);
  free(domain);
  if (!ascii) return NULL;
  bool bad = !*ascii;
  for (const char *p = ascii; *p && !bad; p++)
    if (forbidden_domain((unsigned char)*p)) bad = true;
  if (bad) {
    free(ascii);
    return NULL;
  }
  if (ends_in_number(ascii)) {
    int64_t v = ipv4_parse(ascii);
    free(ascii);
    if (v < 0) return NULL;
    return xasprintf("%u.%u.%u.%u", (unsigned)(v >> 24) & 255, (unsigned)(v >> 16) & 255,
                     (unsigned)(v >> 8) & 255, (unsigned)v & 255);
  }
  return ascii;
}
