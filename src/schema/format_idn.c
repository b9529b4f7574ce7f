/* format_idn: host names and e-mail addresses. hostname is RFC 1123 LDH labels where an
 * "xn--" label must be a valid A-label; idn-hostname also takes U-labels and the
 * ideographic full stops as separators. Both check labels with IDNA2008: Punycode
 * (RFC 3492, round trip included), the derived property of every code point and the
 * CONTEXTJ/CONTEXTO rules (RFC 5892, tables in idna_tables.c), leading marks and hyphens
 * (RFC 5891) and the Bidi rule (RFC 5893). Two rules use Unicode data Python's
 * unicodedata lacks, so they use close approximations: scripts (Greek, Hebrew, Hiragana,
 * Katakana, Han) by block, and joining types for ZERO WIDTH NON-JOINER by the Arabic-
 * script letters' known right-joining set. email is RFC 5321's Mailbox; idn-email is
 * RFC 6531's, which allows UTF-8 in the local part and an internationalised domain.
 *
 * Memory: labels are decoded into fixed arrays on the stack (a valid name is at most 253
 * octets long); nothing is kept. */
#include <string.h>

#include "schema/idna.h"
#include "schema/schema_int.h"

#define MAX_CPS 512
#define MAX_LABELS 130

enum { PC_BASE = 36, PC_TMIN = 1, PC_TMAX = 26, PC_SKEW = 38, PC_DAMP = 700 };

static uint32_t adapt(uint32_t delta, uint32_t points, bool first) {
  delta = first ? delta / PC_DAMP : delta / 2;
  delta += delta / points;
  uint32_t k = 0;
  while (delta > ((PC_BASE - PC_TMIN) * PC_TMAX) / 2) {
    delta /= PC_BASE - PC_TMIN;
    k += PC_BASE;
  }
  return k + (PC_BASE - PC_TMIN + 1) * delta / (delta + PC_SKEW);
}

static uint32_t threshold(uint32_t k, uint32_t bias) {
  return k <= bias ? PC_TMIN : k >= bias + PC_TMAX ? PC_TMAX : k - bias;
}

static bool puny_decode(const char *in, size_t len, uint32_t *out, size_t *olen, size_t cap) {
  size_t b = 0, o = 0;
  for (size_t j = 0; j < len; j++)
    if (in[j] == '-') b = j;
  for (size_t j = 0; j < b; j++) {
    if ((unsigned char)in[j] >= 0x80 || o == cap) return false;
    out[o++] = (unsigned char)in[j];
  }
  uint32_t n = 128, i = 0, bias = 72;
  for (size_t pos = b > 0 ? b + 1 : 0; pos < len;) {
    uint32_t oldi = i, w = 1;
    for (uint32_t k = PC_BASE;; k += PC_BASE) {
      if (pos >= len) return false;
      char c = in[pos++];
      uint32_t digit = c >= 'a' && c <= 'z' ? (uint32_t)(c - 'a')
                     : c >= 'A' && c <= 'Z' ? (uint32_t)(c - 'A')
                     : c >= '0' && c <= '9' ? (uint32_t)(c - '0' + 26) : PC_BASE;
      if (digit >= PC_BASE || digit > (UINT32_MAX - i) / w) return false;
      i += digit * w;
      uint32_t t = threshold(k, bias);
      if (digit < t) break;
      if (w > UINT32_MAX / (PC_BASE - t)) return false;
      w *= PC_BASE - t;
    }
    bias = adapt(i - oldi, (uint32_t)o + 1, oldi == 0);
    if (i / (o + 1) > UINT32_MAX - n) return false;
    n += i / ((uint32_t)o + 1);
    i %= (uint32_t)o + 1;
    if (n < 0x80 || n > 0x10ffff || o == cap) return false;
    memmove(out + i + 1, out + i, (o - i) * sizeof *out);
    out[i++] = n;
    o++;
  }
  *olen = o;
  return true;
}

/* Encodes to Punycode in out (without "xn--"); returns its length, 0 when it overflows. */
static size_t puny_encode(const uint32_t *in, size_t len, char *out, size_t cap) {
  size_t o = 0, b = 0;
  for (size_t j = 0; j < len; j++) {
    if (in[j] < 0x80) {
      if (o == cap) return 0;
      out[o++] = (char)in[j];
      b++;
    }
  }
  if (b > 0) {
    if (o == cap) return 0;
    out[o++] = '-';
  }
  uint32_t n = 128, delta = 0, bias = 72;
  for (size_t h = b; h < len;) {
    uint32_t m = UINT32_MAX;
    for (size_t j = 0; j < len; j++)
      if (in[j] >= n && in[j] < m) m = in[j];
    if ((m - n) > (UINT32_MAX - delta) / (h + 1)) return 0;
    delta += (m - n) * ((uint32_t)h + 1);
    n = m;
    for (size_t j = 0; j < len; j++) {
      if (in[j] < n && ++delta == 0) return 0;
      if (in[j] != n) continue;
      uint32_t q = delta;
      for (uint32_t k = PC_BASE;; k += PC_BASE) {
        uint32_t t = threshold(k, bias);
        if (q < t) break;
        uint32_t d = t + (q - t) % (PC_BASE - t);
        if (o == cap) return 0;
        out[o++] = (char)(d < 26 ? 'a' + d : '0' + d - 26);
        q = (q - t) / (PC_BASE - t);
      }
      if (o == cap) return 0;
      out[o++] = (char)(q < 26 ? 'a' + q : '0' + q - 26);
      bias = adapt(delta, (uint32_t)h + 1, h == b);
      delta = 0;
      h++;
    }
    delta++;
    n++;
  }
  return o;
}

static bool in(uint32_t c, uint32_t lo, uint32_t hi) { return c >= lo && c <= hi; }

static bool greek(uint32_t c) { return in(c, 0x370, 0x3ff) || in(c, 0x1f00, 0x1fff); }
static bool hebrew(uint32_t c) { return in(c, 0x591, 0x5f4) || in(c, 0xfb1d, 0xfb4f); }
static bool kana_han(uint32_t c) {
  return c != 0x30fb &&
         (in(c, 0x3041, 0x309f) || in(c, 0x30a0, 0x30ff) || in(c, 0x31f0, 0x31ff) ||
          in(c, 0xff66, 0xff9f) || in(c, 0x1b000, 0x1b16f) || in(c, 0x2e80, 0x2fd5) ||
          c == 0x3005 || c == 0x3007 || in(c, 0x3021, 0x3029) || in(c, 0x3038, 0x303b) ||
          in(c, 0x3400, 0x4dbf) || in(c, 0x4e00, 0x9fff) || in(c, 0xf900, 0xfaff) ||
          in(c, 0x20000, 0x3134f));
}

/* Joining_Type for the ZWNJ rule: 'T' transparent (marks), 'R' right-joining, 'D' dual,
 * 'U' the rest. */
static char joining_type(uint32_t c) {
  static const uint32_t right[][2] = {
    {0x622, 0x625}, {0x627, 0x627}, {0x629, 0x629}, {0x62f, 0x632}, {0x648, 0x648},
    {0x671, 0x673}, {0x675, 0x677}, {0x688, 0x699}, {0x6c0, 0x6c0}, {0x6c3, 0x6cb},
    {0x6cd, 0x6cd}, {0x6cf, 0x6cf}, {0x6d2, 0x6d3}, {0x6d5, 0x6d5}, {0x6ee, 0x6ef},
    {0x710, 0x710}, {0x715, 0x719}, {0x71e, 0x71e}, {0x728, 0x728}, {0x72a, 0x72a},
    {0x72c, 0x72c}, {0x72f, 0x72f}, {0x74d, 0x74d}, {0x759, 0x75b}, {0x76b, 0x76c},
    {0x771, 0x771}, {0x773, 0x774}, {0x778, 0x779}, {0x8aa, 0x8ac}, {0x8ae, 0x8ae},
    {0x8b1, 0x8b2}, {0x8b9, 0x8b9},
  };
  if (schema_idna_is_mark(schema_idna_value(c))) return 'T';
  for (size_t i = 0; i < sizeof right / sizeof right[0]; i++)
    if (in(c, right[i][0], right[i][1])) return 'R';
  if (in(c, 0x620, 0x64a) || in(c, 0x66e, 0x6d5) || in(c, 0x6fa, 0x6ff) ||
      in(c, 0x710, 0x74f) || in(c, 0x750, 0x77f) || in(c, 0x7ca, 0x7ea) ||
      in(c, 0x840, 0x858) || in(c, 0x860, 0x86a) || in(c, 0x8a0, 0x8c9))
    return 'D';
  return 'U';
}

static bool zwnj_context(const uint32_t *cp, size_t n, size_t i) {
  size_t j = i;
  while (j > 0 && joining_type(cp[j - 1]) == 'T') j--;
  if (j == 0 || !strchr("LD", joining_type(cp[j - 1]))) return false;
  size_t k = i + 1;
  while (k < n && joining_type(cp[k]) == 'T') k++;
  return k < n && strchr("RD", joining_type(cp[k]));
}

static bool ulabel_ok(const uint32_t *cp, size_t n) {
  if (n == 0 || cp[0] == '-' || cp[n - 1] == '-') return false;
  if (n >= 4 && cp[2] == '-' && cp[3] == '-') return false;
  if (schema_idna_is_mark(schema_idna_value(cp[0]))) return false;
  bool arabic_indic = false, extended = false, kana = false;
  for (size_t i = 0; i < n; i++) {
    arabic_indic |= in(cp[i], 0x660, 0x669);
    extended |= in(cp[i], 0x6f0, 0x6f9);
    kana |= kana_han(cp[i]);
  }
  for (size_t i = 0; i < n; i++) {
    uint32_t c = cp[i];
    unsigned v = schema_idna_value(c);
    switch (schema_idna_prop(v)) {
    case SCHEMA_IDNA_PVALID:
      break;
    case SCHEMA_IDNA_CONTEXTJ:
      if (i > 0 && schema_idna_is_virama(schema_idna_value(cp[i - 1]))) break;
      if (c == 0x200c && zwnj_context(cp, n, i)) break;
      return false;
    case SCHEMA_IDNA_CONTEXTO:
      if (c == 0xb7) {
        if (!(i > 0 && i + 1 < n && cp[i - 1] == 'l' && cp[i + 1] == 'l')) return false;
      } else if (c == 0x375) {
        if (!(i + 1 < n && greek(cp[i + 1]))) return false;
      } else if (c == 0x5f3 || c == 0x5f4) {
        if (!(i > 0 && hebrew(cp[i - 1]))) return false;
      } else if (c == 0x30fb) {
        if (!kana) return false;
      } else if (in(c, 0x660, 0x669)) {
        if (extended) return false;
      } else if (in(c, 0x6f0, 0x6f9)) {
        if (arabic_indic) return false;
      } else {
        return false;
      }
      break;
    default:
      return false;
    }
  }
  return true;
}

static unsigned bidi_of(uint32_t c) {
  if (c < 0x80) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) return SCHEMA_BIDI_L;
    if (c >= '0' && c <= '9') return SCHEMA_BIDI_EN;
    return c == '-' ? SCHEMA_BIDI_ES : SCHEMA_BIDI_ON;
  }
  return schema_idna_bidi(schema_idna_value(c));
}

/* RFC 5893 §2, for one label of a name that has a right-to-left label. */
static bool bidi_ok(const uint32_t *cp, size_t n) {
  unsigned first = bidi_of(cp[0]);
  bool rtl = first == SCHEMA_BIDI_R || first == SCHEMA_BIDI_AL;
  if (!rtl && first != SCHEMA_BIDI_L) return false;
  bool en = false, an = false;
  unsigned last = first;
  for (size_t i = 0; i < n; i++) {
    unsigned b = bidi_of(cp[i]);
    bool common = b == SCHEMA_BIDI_EN || b == SCHEMA_BIDI_ES || b == SCHEMA_BIDI_CS ||
                  b == SCHEMA_BIDI_ET || b == SCHEMA_BIDI_ON || b == SCHEMA_BIDI_BN ||
                  b == SCHEMA_BIDI_NSM;
    bool allowed = rtl ? common || b == SCHEMA_BIDI_R || b == SCHEMA_BIDI_AL || b == SCHEMA_BIDI_AN
                       : common || b == SCHEMA_BIDI_L;
    if (!allowed) return false;
    en |= b == SCHEMA_BIDI_EN;
    an |= b == SCHEMA_BIDI_AN;
    if (b != SCHEMA_BIDI_NSM) last = b;
  }
  if (rtl)
    return !(en && an) && (last == SCHEMA_BIDI_R || last == SCHEMA_BIDI_AL ||
                           last == SCHEMA_BIDI_EN || last == SCHEMA_BIDI_AN);
  return last == SCHEMA_BIDI_L || last == SCHEMA_BIDI_EN;
}

/* Length of the label separator at s (0 when there is none): "." and, for IDNs, U+3002,
 * U+FF0E and U+FF61. */
static size_t separator(const char *s, size_t n, bool idn) {
  if (s[0] == '.') return 1;
  if (!idn || n < 3) return 0;
  if (memcmp(s, "\xe3\x80\x82", 3) == 0 || memcmp(s, "\xef\xbc\x8e", 3) == 0 ||
      memcmp(s, "\xef\xbd\xa1", 3) == 0)
    return 3;
  return 0;
}

static bool check_name(const char *s, size_t n, bool idn) {
  uint32_t cps[MAX_CPS];
  size_t starts[MAX_LABELS + 1], nlabels = 0, ncp = 0, total = 0;
  bool rtl = false;
  if (n == 0) return false;
  for (size_t a = 0;;) {
    size_t b = a, sep = 0;
    while (b < n && !(sep = separator(s + b, n - b, idn))) b++;
    if (b == a || nlabels == MAX_LABELS) return false;
    const char *lab = s + a;
    size_t len = b - a;
    bool ascii = true;
    for (size_t i = 0; i < len; i++) ascii &= (unsigned char)lab[i] < 0x80;
    uint32_t *out = cps + ncp;
    size_t cap = MAX_CPS - ncp, cnt = 0;
    if (ascii) {
      if (len > 63) return false;
      if (len >= 4 && (lab[0] | 0x20) == 'x' && (lab[1] | 0x20) == 'n' && lab[2] == '-' &&
          lab[3] == '-') {
        char again[64];
        if (!puny_decode(lab + 4, len - 4, out, &cnt, cap)) return false;
        bool has_non_ascii = false;
        for (size_t i = 0; i < cnt; i++) has_non_ascii |= out[i] >= 0x80;
        size_t elen = puny_encode(out, cnt, again, sizeof again);
        if (!has_non_ascii || elen != len - 4) return false;
        for (size_t i = 0; i < elen; i++)
          if ((again[i] | 0x20) != (lab[4 + i] | 0x20)) return false;
        if (!ulabel_ok(out, cnt)) return false;
      } else {
        if (lab[0] == '-' || lab[len - 1] == '-') return false;
        if (idn && len >= 4 && lab[2] == '-' && lab[3] == '-') return false;
        if (len > cap) return false;
        for (size_t i = 0; i < len; i++) {
          char c = lab[i];
          if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-'))
            return false;
          out[cnt++] = (unsigned char)c;
        }
      }
      total += len;
    } else {
      if (!idn) return false;
      for (size_t i = 0; i < len;) {
        if (cnt == cap) return false;
        i += schema_utf8_decode(lab + i, len - i, &out[cnt++]);
      }
      if (!ulabel_ok(out, cnt)) return false;
      char alabel[64];
      size_t elen = puny_encode(out, cnt, alabel, sizeof alabel);
      if (elen == 0 || elen + 4 > 63) return false;
      total += elen + 4;
    }
    for (size_t i = 0; i < cnt; i++) {
      unsigned bd = bidi_of(out[i]);
      rtl |= bd == SCHEMA_BIDI_R || bd == SCHEMA_BIDI_AL || bd == SCHEMA_BIDI_AN;
    }
    starts[nlabels++] = ncp;
    ncp += cnt;
    if (b == n) break;
    total++;
    a = b + sep;
    if (a == n) return false; /* a trailing separator */
  }
  if (total > 253) return false;
  starts[nlabels] = ncp;
  if (rtl) {
    for (size_t l = 0; l < nlabels; l++)
      if (!bidi_ok(cps + starts[l], starts[l + 1] - starts[l])) return false;
  }
  return true;
}

bool schema_format_hostname(const char *s, size_t n) { return check_name(s, n, false); }
bool schema_format_idn_hostname(const char *s, size_t n) { return check_name(s, n, true); }

static bool atext(unsigned char c, bool idn) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         (c && strchr("!#$%&'*+-/=?^_`{|}~", c)) || (idn && c >= 0x80);
}

static bool local_part(const char *s, size_t n, bool idn) {
  if (n == 0 || n > 64) return false;
  if (s[0] == '"') {
    if (n < 2 || s[n - 1] != '"') return false;
    for (size_t i = 1; i < n - 1; i++) {
      unsigned char c = (unsigned char)s[i];
      if (c == '\\') {
        if (++i >= n - 1 || (unsigned char)s[i] < 32 || (unsigned char)s[i] > 126) return false;
      } else if (!((c >= 32 && c <= 126 && c != '"') || (idn && c >= 0x80))) {
        return false;
      }
    }
    return true;
  }
  for (size_t i = 0; i < n; i++) {
    if (s[i] == '.') {
      if (i == 0 || i == n - 1 || s[i - 1] == '.') return false;
    } else if (!atext((unsigned char)s[i], idn)) {
      return false;
    }
  }
  return true;
}

static bool mailbox(const char *s, size_t n, bool idn) {
  const char *at = NULL;
  for (size_t i = 0; i < n; i++)
    if (s[i] == '@') at = s + i;
  if (!at) return false;
  size_t local = (size_t)(at - s);
  const char *dom = at + 1;
  size_t dlen = n - local - 1;
  if (!local_part(s, local, idn)) return false;
  if (dlen >= 2 && dom[0] == '[' && dom[dlen - 1] == ']') {
    if (dlen > 7 && memcmp(dom + 1, "IPv6:", 5) == 0) return schema_format_ipv6(dom + 6, dlen - 7);
    return schema_format_ipv4(dom + 1, dlen - 2);
  }
  return check_name(dom, dlen, idn);
}

bool schema_format_email(const char *s, size_t n) { return mailbox(s, n, false); }
bool schema_format_idn_email(const char *s, size_t n) { return mailbox(s, n, true); }
