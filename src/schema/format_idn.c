/* format_idn: host names and e-mail addresses. hostname is RFC 1123 LDH labels where an
 * "xn--" label must be a valid A-label; idn-hostname also takes U-labels and the
 * ideographic full stops as separators. Labels are checked with IDNA2008's registration
 * rules by libidn2 (Punycode round trip, derived properties, CONTEXTJ/CONTEXTO, leading
 * marks, hyphens, the Bidi rule within a label); the Bidi rule across labels (RFC 5893: once
 * a name holds a right-to-left label, every label obeys the rule) needs each code point's
 * bidi class, which libunistring gives. email is RFC 5321's Mailbox; idn-email is RFC 6531's,
 * which allows UTF-8 in the local part and an internationalised domain.
 *
 * Memory: labels are copied into fixed arrays on the stack (a valid name is at most 253
 * octets long); libidn2's results are freed at once; nothing is kept. */
#include <idn2.h>
#include <stdlib.h>
#include <string.h>
#include <unictype.h>

#include "schema/schema_int.h"

#define MAX_LABEL_BYTES 256 /* a U-label of at most 63 A-label octets fits well within */
#define MAX_LABELS      130

/* The length of the label's A-label when the label (UTF-8, or an A-label when alabel) may
 * be registered under IDNA2008, else 0. */
static size_t idna_label_length(const char *lab, size_t len, bool alabel) {
  char buf[MAX_LABEL_BYTES + 1];
  if (len > MAX_LABEL_BYTES) return 0;
  for (size_t i = 0; i < len; i++) {
    char c = lab[i];
    buf[i] = alabel && c >= 'A' && c <= 'Z' ? (char)(c + 32) : c;
  }
  buf[len] = 0;
  uint8_t *out = NULL;
  /* Normalised to NFC first: the JSON Schema suite counts a name that is not in NFC as
   * valid (it names the same label), as sonde's own IDNA code did before libidn2. */
  int rc = alabel ? idn2_register_u8(NULL, (const uint8_t *)buf, &out, 0)
                  : idn2_register_u8((const uint8_t *)buf, NULL, &out, IDN2_NFC_INPUT);
  if (rc != IDN2_OK) return 0;
  size_t alen = strlen((const char *)out);
  idn2_free(out);
  return alen <= 63 ? alen : 0;
}

/* The label's code points (decoding an A-label first), for the Bidi rule; false when they
 * do not fit. */
static bool label_code_points(const char *lab, size_t len, bool alabel, uint32_t *out, size_t *n,
                              size_t cap) {
  char *decoded = NULL;
  if (alabel) {
    char buf[64];
    if (len >= sizeof buf) return false;
    memcpy(buf, lab, len);
    buf[len] = 0;
    if (idn2_to_unicode_8z8z(buf, &decoded, 0) != IDN2_OK) return false;
    lab = decoded;
    len = strlen(decoded);
  }
  size_t cnt = 0;
  bool ok = true;
  for (size_t i = 0; i < len && ok;) {
    if (cnt == cap) ok = false;
    else i += schema_utf8_decode(lab + i, len - i, &out[cnt++]);
  }
  free(decoded);
  *n = cnt;
  return ok;
}

static bool bidi_rtl(uint32_t c) {
  int b = uc_bidi_category(c);
  return b == UC_BIDI_R || b == UC_BIDI_AL || b == UC_BIDI_AN;
}

/* RFC 5893 §2, for one label of a name that has a right-to-left label. */
static bool bidi_ok(const uint32_t *cp, size_t n) {
  int first = uc_bidi_category(cp[0]);
  bool rtl = first == UC_BIDI_R || first == UC_BIDI_AL;
  if (!rtl && first != UC_BIDI_L) return false;
  bool en = false, an = false;
  int last = first;
  for (size_t i = 0; i < n; i++) {
    int b = uc_bidi_category(cp[i]);
    bool common = b == UC_BIDI_EN || b == UC_BIDI_ES || b == UC_BIDI_CS || b == UC_BIDI_ET ||
                  b == UC_BIDI_ON || b == UC_BIDI_BN || b == UC_BIDI_NSM;
    bool allowed = rtl ? common || b == UC_BIDI_R || b == UC_BIDI_AL || b == UC_BIDI_AN
                       : common || b == UC_BIDI_L;
    if (!allowed) return false;
    en |= b == UC_BIDI_EN;
    an |= b == UC_BIDI_AN;
    if (b != UC_BIDI_NSM) last = b;
  }
  if (rtl)
    return !(en && an) &&
           (last == UC_BIDI_R || last == UC_BIDI_AL || last == UC_BIDI_EN || last == UC_BIDI_AN);
  return last == UC_BIDI_L || last == UC_BIDI_EN;
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

static bool is_alabel(const char *lab, size_t len) {
  return len >= 4 && (lab[0] | 0x20) == 'x' && (lab[1] | 0x20) == 'n' && lab[2] == '-' &&
         lab[3] == '-';
}

static bool ldh_label_ok(const char *lab, size_t len, bool idn) {
  if (len > 63 || lab[0] == '-' || lab[len - 1] == '-') return false;
  if (idn && len >= 4 && lab[2] == '-' && lab[3] == '-') return false;
  for (size_t i = 0; i < len; i++) {
    char c = lab[i];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-'))
      return false;
  }
  return true;
}

static bool check_name(const char *s, size_t n, bool idn) {
  struct {
    const char *p;
    size_t len;
    bool alabel;
  } labels[MAX_LABELS];
  size_t nlabels = 0, total = 0;
  if (n == 0) return false;
  for (size_t a = 0;;) {
    size_t b = a, sep = 0;
    while (b < n && !(sep = separator(s + b, n - b, idn))) b++;
    if (b == a || nlabels == MAX_LABELS) return false;
    const char *lab = s + a;
    size_t len = b - a;
    bool ascii = true;
    for (size_t i = 0; i < len; i++) ascii &= (unsigned char)lab[i] < 0x80;
    bool alabel = ascii && is_alabel(lab, len);
    if (ascii && !alabel) {
      if (!ldh_label_ok(lab, len, idn)) return false;
      total += len;
    } else {
      size_t alen = (ascii || idn) ? idna_label_length(lab, len, alabel) : 0;
      if (alen == 0) return false;
      total += alen;
    }
    labels[nlabels].p = lab;
    labels[nlabels].len = len;
    labels[nlabels++].alabel = alabel;
    if (b == n) break;
    total++;
    a = b + sep;
    if (a == n) return false; /* a trailing separator */
  }
  if (total > 253) return false;
  uint32_t cps[MAX_LABELS][64];
  size_t counts[MAX_LABELS];
  bool rtl = false;
  for (size_t l = 0; l < nlabels; l++) {
    if (!label_code_points(labels[l].p, labels[l].len, labels[l].alabel, cps[l], &counts[l], 64))
      return false;
    for (size_t i = 0; i < counts[l]; i++) rtl |= bidi_rtl(cps[l][i]);
  }
  if (rtl)
    for (size_t l = 0; l < nlabels; l++)
      if (!bidi_ok(cps[l], counts[l])) return false;
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
