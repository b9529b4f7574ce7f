/* secret: the process's registry of secret values and their masking (see secret.h).
 *
 * The registry holds patterns: each secret value and its base64 forms. Masking reads a
 * text once, left to right: where a pattern could start (its first byte, or an escape
 * that may stand for it), the matcher tries the patterns that begin so, longest first,
 * and the longest stretch of text found to spell one becomes "****". A run registers a
 * handful of values, so this costs a table look-up per byte of text and a few compares
 * where a candidate starts; the registry keeps the SECRET_MAX most recent patterns, in
 * case tokens change with every request. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/secret.h"

#include <errno.h>
#include <unistd.h>

#include "common/fsutil.h"
#include "common/utf8.h"

#define SECRET_MAX           4096
/* The most text one byte of a secret can take: "%5C%75%30%30%31%62" ("\u001b" with every
 * character percent-encoded). */
#define SECRET_MAX_EXPANSION 18

typedef struct {
  char *value;
  size_t len;
  unsigned long added; /* order of registration, for evicting the oldest */
} secret_t;

static secret_t secrets[SECRET_MAX];
static size_t n_secrets;
static unsigned long next_order;
static secret_listener_fn listener;
static void *listener_ud;

/* Patterns by first byte, each list longest first (the registry's order); rebuilt on the
 * first masking after a change. */
static struct {
  size_t *items;
  size_t len, cap;
} by_first[256];
static bool index_stale = true;
static size_t longest; /* the longest pattern's length */
/* Bytes where a pattern may start: a pattern's first byte, or the start of an escape;
 * and the pairs of bytes that begin a pattern literally (bit a * 256 + b), which rule out
 * most of the places where a pattern's first byte appears without it. */
static bool may_start[256];
static uint8_t pairs[65536 / 8];

/* Bytes that start an escape (percent-encoding, JSON, a character reference) or stand for
 * another byte (a form's '+'): the matcher reads them every way; any other byte is itself. */
static bool is_special(unsigned char c) { return c == '%' || c == '\\' || c == '&' || c == '+'; }

bool secret_any(void) { return n_secrets > 0; }

void secret_set_listener(secret_listener_fn fn, void *ud) {
  listener = fn;
  listener_ud = ud;
}

/* One pattern into the table; false when it was there already (or too short). */
static bool register_form(const char *value, size_t len) {
  if (!value || len < SECRET_MIN_LEN) return false;
  for (size_t i = 0; i < n_secrets; i++)
    if (secrets[i].len == len && memcmp(secrets[i].value, value, len) == 0) return false;
  if (n_secrets == SECRET_MAX) {
    size_t oldest = 0;
    for (size_t i = 1; i < n_secrets; i++)
      if (secrets[i].added < secrets[oldest].added) oldest = i;
    free(secrets[oldest].value);
    memmove(&secrets[oldest], &secrets[oldest + 1], (n_secrets - oldest - 1) * sizeof(secrets[0]));
    n_secrets--;
  }
  /* Insert keeping the array sorted by length, longest first. */
  size_t at = 0;
  while (at < n_secrets && secrets[at].len >= len) at++;
  memmove(&secrets[at + 1], &secrets[at], (n_secrets - at) * sizeof(secrets[0]));
  char *copy = xmalloc(len + 1);
  memcpy(copy, value, len);
  copy[len] = '\0';
  secrets[at] = (secret_t){copy, len, next_order++};
  n_secrets++;
  index_stale = true;
  return true;
}

static void index_build(void) {
  if (!index_stale) return;
  for (size_t b = 0; b < 256; b++) by_first[b].len = 0;
  longest = 0;
  for (size_t i = 0; i < n_secrets; i++) {
    unsigned char b = (unsigned char)secrets[i].value[0];
    if (by_first[b].len == by_first[b].cap) {
      by_first[b].cap = by_first[b].cap ? by_first[b].cap * 2 : 4;
      by_first[b].items = xrealloc(by_first[b].items, by_first[b].cap * sizeof(size_t));
    }
    by_first[b].items[by_first[b].len++] = i;
    if (secrets[i].len > longest) longest = secrets[i].len;
  }
  memset(pairs, 0, sizeof pairs);
  for (size_t i = 0; i < n_secrets; i++) {
    unsigned pair = (unsigned char)secrets[i].value[0] * 256u + (unsigned char)secrets[i].value[1];
    pairs[pair / 8] |= (uint8_t)(1u << (pair % 8));
  }
  for (size_t c = 0; c < 256; c++) may_start[c] = by_first[c].len || is_special((unsigned char)c);
  index_stale = false;
}

/* ---- the forms a secret takes in what a server echoes ----
 * A server that echoes a request escapes it as its encoder does: a JSON encoder '"' and '\'
 * always, '/' as "\/" for some (PHP), characters beyond ASCII as \uXXXX in either hex case
 * for others (Python), and some escape only part of a string; a query or a form
 * percent-encodes it (any hex case, '+' for a space), and a JSON document sent as a form
 * field or a query parameter is both, JSON-escaped and then percent-encoded; an HTML or
 * XML page writes entities. Rather than list every form, the matcher reads the text as
 * each of those encoders could have written the secret, one character at a time, any mix
 * of them: a secret is found wherever some reading of the text gives its bytes.
 * Base64 is the exception (its characters do not map to the secret's one by one): each
 * secret also registers its base64 text at the three alignments a larger blob may put it
 * at, less the characters that depend on its neighbours, as CI runners do. */

/* Values this long have base64 forms of 8 characters or more at every alignment; shorter
 * forms would turn up by chance in large blobs. */
#define B64_MIN_VALUE 7

/* Hex digit value, or -1. */
static int hex_val(unsigned char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* One byte of the text under the percent-encoding layer: "%XY" (either case) decoded, or
 * the byte as it is (a '%' without two hex digits too). *n is what it takes of the text;
 * -1 at the end. */
static int raw_next(const unsigned char *t, const unsigned char *end, size_t *n) {
  *n = 1;
  if (t >= end) return -1;
  if (t[0] == '%' && end - t >= 3 && hex_val(t[1]) >= 0 && hex_val(t[2]) >= 0) {
    *n = 3;
    return hex_val(t[1]) * 16 + hex_val(t[2]);
  }
  return t[0];
}

/* "\uXXXX" at t, each character literal or percent-encoded: the code unit, or -1. */
static long u_escape(const unsigned char *t, const unsigned char *end, size_t *n) {
  size_t k, at = 0;
  if (raw_next(t, end, &k) != '\\') return -1;
  at += k;
  if (raw_next(t + at, end, &k) != 'u') return -1;
  at += k;
  long v = 0;
  for (int i = 0; i < 4; i++) {
    int c = raw_next(t + at, end, &k);
    int h = c < 0 ? -1 : hex_val((unsigned char)c);
    if (h < 0) return -1;
    v = v * 16 + h;
    at += k;
  }
  *n = at;
  return v;
}

/* A JSON escape at t (its characters literal or percent-encoded): its UTF-8 bytes in out
 * (a surrogate pair as one character), their count, and *n the text it takes; 0 when t
 * holds none (a lone surrogate included: it cannot be a secret's UTF-8). */
static size_t json_escape(const unsigned char *t, const unsigned char *end, unsigned char out[4],
                          size_t *n) {
  size_t k1, k2;
  if (raw_next(t, end, &k1) != '\\') return 0;
  int c = raw_next(t + k1, end, &k2);
  static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
  const char *at = c > 0 ? strchr(from, c) : NULL;
  if (at) {
    out[0] = (unsigned char)to[at - from];
    *n = k1 + k2;
    return 1;
  }
  size_t un;
  long u = u_escape(t, end, &un);
  if (u < 0 || (u >= 0xDC00 && u <= 0xDFFF)) return 0;
  if (u >= 0xD800 && u <= 0xDBFF) {
    size_t ln;
    long low = u_escape(t + un, end, &ln);
    if (low < 0xDC00 || low > 0xDFFF) return 0;
    *n = un + ln;
    return utf8_put(out, (uint32_t)(0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00)));
  }
  *n = un;
  return utf8_put(out, (uint32_t)u);
}

/* An HTML/XML character reference at t ("&amp;", "&#233;", "&#xE9;"): as json_escape. */
static size_t entity(const unsigned char *t, const unsigned char *end, unsigned char out[4],
                     size_t *n) {
  static const struct {
    const char *name;
    char c;
  } named[] = {{"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&apos;", '\''}};
  if (t >= end || t[0] != '&') return 0;
  for (size_t i = 0; i < sizeof(named) / sizeof(named[0]); i++) {
    size_t len = strlen(named[i].name);
    if ((size_t)(end - t) >= len && memcmp(t, named[i].name, len) == 0) {
      out[0] = (unsigned char)named[i].c;
      *n = len;
      return 1;
    }
  }
  if (end - t < 4 || t[1] != '#') return 0;
  bool hex = t[2] == 'x' || t[2] == 'X';
  const unsigned char *p = t + (hex ? 3 : 2);
  unsigned long cp = 0;
  size_t digits = 0;
  for (; p < end && digits < 8; p++, digits++) {
    int v = hex ? hex_val(*p) : (*p >= '0' && *p <= '9' ? *p - '0' : -1);
    if (v < 0) break;
    cp = cp * (hex ? 16 : 10) + (unsigned long)v;
  }
  if (!digits || p >= end || *p != ';' || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  *n = (size_t)(p + 1 - t);
  return utf8_put(out, (uint32_t)cp);
}

/* The readings of the text at t: up to SECRET_READINGS (bytes, text taken) pairs. */
#define SECRET_READINGS 5
typedef struct {
  unsigned char bytes[4];
  size_t nbytes, taken;
} reading_t;

static size_t readings(const unsigned char *t, const unsigned char *end,
                       reading_t r[SECRET_READINGS]) {
  size_t n = 0, k;
  r[n++] = (reading_t){{t[0]}, 1, 1}; /* the byte itself */
  if (!is_special(t[0])) return n;
  int c = raw_next(t, end, &k);
  if (k == 3) r[n++] = (reading_t){{(unsigned char)c}, 1, 3}; /* "%XY" */
  if (t[0] == '+') r[n++] = (reading_t){{' '}, 1, 1};         /* a form's space */
  reading_t e;
  if ((e.nbytes = json_escape(t, end, e.bytes, &e.taken))) r[n++] = e;
  if ((e.nbytes = entity(t, end, e.bytes, &e.taken))) r[n++] = e;
  return n;
}

/* How much of the text from t reads as pat[0, plen) (see above), or 0 when none does.
 * Readings rarely compete (only where the secret itself holds '%', '\', '+' or '&' and
 * the text could be read both ways): then each is tried in turn, within *budget tries in
 * all, so that a contrived secret and text cannot make the tries grow exponentially (past
 * the budget that start is given up). */
static size_t match_at(const unsigned char *pat, size_t plen, const unsigned char *t,
                       const unsigned char *end, size_t *budget) {
  const unsigned char *q = t;
  size_t i = 0;
  while (i < plen) {
    if (q >= end) return 0;
    if (!is_special(*q)) { /* most bytes: only themselves */
      if (*q != pat[i]) return 0;
      i++;
      q++;
      continue;
    }
    reading_t r[SECRET_READINGS];
    size_t n = readings(q, end, r), fits = 0, only = 0;
    for (size_t k = 0; k < n; k++)
      if (r[k].nbytes <= plen - i && memcmp(r[k].bytes, pat + i, r[k].nbytes) == 0) {
        if (fits++ == 0) only = k;
      }
    if (!fits) return 0;
    if (fits > 1) {
      for (size_t k = 0; k < n; k++) {
        if (r[k].nbytes > plen - i || memcmp(r[k].bytes, pat + i, r[k].nbytes) != 0) continue;
        if (i + r[k].nbytes == plen) return (size_t)(q - t) + r[k].taken;
        if (*budget == 0) return 0;
        (*budget)--;
        size_t rest =
            match_at(pat + i + r[k].nbytes, plen - i - r[k].nbytes, q + r[k].taken, end, budget);
        if (rest) return (size_t)(q - t) + r[k].taken + rest;
      }
      return 0;
    }
    i += r[only].nbytes;
    q += r[only].taken;
  }
  return (size_t)(q - t);
}

/* ---- base64 forms ---- */

static const char b64_std[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* The base64 characters (standard alphabet, no padding) of `value` placed `shift` bytes
 * into a blob, less those that also depend on the bytes around it. */
static void base64_inner(sbuf_t *b, const unsigned char *value, size_t len, int shift) {
  size_t total = (size_t)shift + len, bits = total * 8;
  size_t first = ((size_t)shift * 8 + 5) / 6, last = bits / 6; /* chars [first, last) */
  for (size_t j = first; j < last; j++) {
    size_t bit = j * 6, v = 0;
    for (size_t k = 0; k < 6; k++, bit++) {
      size_t byte = bit / 8;
      unsigned char c = byte < (size_t)shift ? 0 : value[byte - (size_t)shift];
      v = (v << 1) | ((c >> (7 - bit % 8)) & 1);
    }
    sbuf_putc(b, b64_std[v]);
  }
}

/* The value and its base64 forms (duplicates fall out in register_form). */
static void register_value(const char *value, size_t len) {
  if (!register_form(value, len)) return; /* known, with its forms */
  sbuf_t b = SBUF_INIT;
  for (int shift = 0; shift < 3 && len >= B64_MIN_VALUE; shift++) {
    sbuf_reset(&b);
    base64_inner(&b, (const unsigned char *)value, len, shift);
    (void)register_form(b.data, b.len);
    /* base64url (RFC 4648 §5: JWTs, URL parameters): '-' and '_' for '+' and '/'. */
    for (size_t i = 0; i < b.len; i++)
      if (b.data[i] == '+') b.data[i] = '-';
      else if (b.data[i] == '/') b.data[i] = '_';
    (void)register_form(b.data, b.len);
  }
  sbuf_free(&b);
  if (listener) listener(value, len, listener_ud);
}

void secret_add(const char *value, size_t len) {
  if (!value || !len) return;
  if (len < SECRET_MIN_LEN) {
    /* Masking every "abc" in every output would mangle ordinary text (CI systems refuse
     * or skip such short secrets too); say once that this one is not masked in text. */
    static bool warned;
    if (!warned)
      fprintf(stderr,
              "sonde: warning: a secret value shorter than %d characters is masked "
              "only where sonde shows it as a header value, not in bodies or console "
              "output\n",
              SECRET_MIN_LEN);
    warned = true;
    return;
  }
  register_value(value, len);
}

/* Standard base64 (padding optional) into out (at least len * 3 / 4 bytes); the decoded
 * length, or -1 when the text is not base64. */
static long base64_decode(const char *s, size_t len, unsigned char *out) {
  while (len > 0 && s[len - 1] == '=') len--;
  uint32_t acc = 0;
  int bits = 0;
  long n = 0;
  for (size_t i = 0; i < len; i++) {
    const char *at = s[i] ? strchr(b64_std, s[i]) : NULL;
    if (!at) return -1;
    acc = (acc << 6) | (uint32_t)(at - b64_std);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[n++] = (unsigned char)(acc >> bits);
    }
  }
  return n;
}

/* "Basic <base64 of user:password>": a server may echo the credentials decoded (a "who
 * am I" endpoint), so "user:password" and the password are secrets too. */
static void register_basic_credentials(const char *b64, size_t len) {
  unsigned char *plain = xmalloc(len + 1);
  long n = base64_decode(b64, len, plain);
  const unsigned char *colon = n > 0 ? memchr(plain, ':', (size_t)n) : NULL;
  if (colon) {
    register_value((const char *)plain, (size_t)n);
    register_value((const char *)colon + 1, (size_t)(plain + n - colon - 1));
  }
  free(plain);
}

/* One "name=value" of a Cookie or Set-Cookie header (surrounding spaces dropped): the pair
 * and the value. */
static void register_cookie_pair(const char *p, size_t n) {
  while (n > 0 && *p == ' ') p++, n--;
  while (n > 0 && p[n - 1] == ' ') n--;
  const char *eq = memchr(p, '=', n);
  register_value(p, n);
  if (eq) register_value(eq + 1, n - (size_t)(eq + 1 - p));
}

void secret_add_header(const char *name, const char *value) {
  if (!name || !value) return;
  size_t len = strlen(value);
  secret_add(value, len);
  /* Set-Cookie: "session=<value>; Path=/; HttpOnly": the cookie's pair and value, which
   * the client sends back and an echo shows; its attributes are not secret. */
  if (strcasecmp(name, "set-cookie") == 0) {
    register_cookie_pair(value, strcspn(value, ";"));
    return;
  }
  /* Cookie: "a=1; session=<value>": each pair and each value. */
  if (strcasecmp(name, "cookie") == 0) {
    for (const char *p = value; *p;) {
      while (*p == ' ' || *p == ';') p++;
      size_t n = strcspn(p, ";");
      register_cookie_pair(p, n);
      p += n;
    }
    return;
  }
  /* "Bearer <token>", "Basic <credentials>": an echo may show the credentials alone. */
  const char *space = strchr(value, ' ');
  if (space) {
    while (*space == ' ') space++;
    register_value(space, strlen(space));
    if (space - value == 6 && strncasecmp(value, "Basic ", 6) == 0)
      register_basic_credentials(space, strlen(space));
  }
}

char *secret_to_hex(const char *value, size_t len) {
  static const char digits[] = "0123456789abcdef";
  char *hex = xmalloc(len * 2 + 1);
  for (size_t i = 0; i < len; i++) {
    hex[2 * i] = digits[(unsigned char)value[i] >> 4];
    hex[2 * i + 1] = digits[(unsigned char)value[i] & 15];
  }
  hex[len * 2] = '\0';
  return hex;
}

void secret_add_hex(const char *hex) {
  size_t n = hex ? strlen(hex) : 0;
  if (!n || n % 2) return;
  char *value = xmalloc(n / 2 + 1);
  for (size_t i = 0; i < n / 2; i++) {
    int hi = hex_val((unsigned char)hex[2 * i]), lo = hex_val((unsigned char)hex[2 * i + 1]);
    if (hi < 0 || lo < 0) {
      free(value);
      return;
    }
    value[i] = (char)(hi * 16 + lo);
  }
  secret_add(value, n / 2);
  free(value);
}

void secret_add_env(void) {
  static const char *const names[] = {"API_KEY", "API_TOKEN"};
  for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
    const char *v = getenv(names[i]);
    if (v) secret_add(v, strlen(v));
  }
}

/* Whether a pattern may begin at t (see pairs). */
static inline bool candidate(const unsigned char *t, const unsigned char *end) {
  if (!may_start[t[0]]) return false;
  if (is_special(t[0]) || t + 1 == end || is_special(t[1])) return true;
  unsigned pair = t[0] * 256u + t[1];
  return pairs[pair / 8] & (1u << (pair % 8));
}

/* The most text from t that spells a pattern beginning with byte `first` (the longest
 * such pattern that matches), or 0. `literal`: t[0] is that byte itself. */
static size_t span_from(unsigned char first, bool literal, const unsigned char *t,
                        const unsigned char *end) {
  for (size_t j = 0; j < by_first[first].len; j++) {
    const secret_t *s = &secrets[by_first[first].items[j]];
    /* The usual miss, told by the next byte without the matcher. */
    if (literal && t + 1 < end && s->len > 1 && !is_special(t[1]) &&
        t[1] != (unsigned char)s->value[1])
      continue;
    size_t budget = 4096;
    size_t m = match_at((const unsigned char *)s->value, s->len, t, end, &budget);
    if (m) return m; /* the rest of the list is shorter */
  }
  return 0;
}

/* The most text from t that spells a pattern, for each reading of t's first character. */
static size_t span_at(const unsigned char *t, const unsigned char *end) {
  if (!is_special(t[0])) return span_from(t[0], true, t, end);
  reading_t r[SECRET_READINGS];
  size_t n = readings(t, end, r), best = 0;
  for (size_t k = 0; k < n; k++) {
    size_t m = span_from(r[k].bytes[0], k == 0, t, end);
    if (m > best) best = m;
  }
  return best;
}

char *secret_mask(const char *text, size_t len, size_t *out_len) {
  if (!n_secrets || !text) return NULL;
  index_build();
  const unsigned char *t = (const unsigned char *)text, *end = t + len, *copied = t;
  sbuf_t out = SBUF_INIT;
  bool masked = false;
  for (const unsigned char *q = t; q < end;) {
    while (q < end && !candidate(q, end)) q++;
    if (q == end) break;
    size_t m = span_at(q, end);
    if (!m) {
      q++;
      continue;
    }
    sbuf_append(&out, (const char *)copied, (size_t)(q - copied));
    sbuf_puts(&out, SECRET_MASK);
    q += m;
    copied = q;
    masked = true;
  }
  if (!masked) return NULL;
  sbuf_append(&out, (const char *)copied, (size_t)(end - copied));
  if (out_len) *out_len = out.len;
  return sbuf_take(&out);
}

size_t secret_safe_cut(const char *text, size_t len, size_t n) {
  if (!n_secrets || n >= len) return n;
  index_build();
  const unsigned char *t = (const unsigned char *)text, *end = t + len;
  size_t reach = longest * SECRET_MAX_EXPANSION;
  /* Moving the cut back may put it inside another secret: until nothing straddles it. */
  for (bool moved = true; moved && n > 0;) {
    moved = false;
    for (size_t p = n > reach ? n - reach : 0; p < n; p++) {
      if (!candidate(t + p, end)) continue;
      size_t m = span_at(t + p, end);
      if (m && p + m > n) {
        n = p;
        moved = true;
        break;
      }
    }
  }
  return n;
}

void secret_mask_sbuf(sbuf_t *b, size_t from) {
  if (!n_secrets || from >= b->len) return;
  size_t n = 0;
  char *masked = secret_mask(b->data + from, b->len - from, &n);
  if (!masked) return;
  b->len = from;
  sbuf_append(b, masked, n);
  free(masked);
}

void secret_mask_json(json_t *v) {
  if (!n_secrets || !v) return;
  if (json_is_string(v)) {
    size_t n = 0;
    char *masked = secret_mask(json_string_value(v), json_string_length(v), &n);
    /* The masked text is valid UTF-8 wherever the original was (a secret is whole
     * characters); should jansson refuse it all the same, nothing of it goes out. */
    if (masked && json_string_setn(v, masked, n) != 0 && json_string_set(v, SECRET_MASK) != 0)
      abort();
    free(masked);
  } else if (json_is_object(v)) {
    const char *key;
    json_t *item;
    json_object_foreach(v, key, item) secret_mask_json(item);
  } else if (json_is_array(v)) {
    size_t i;
    json_t *item;
    json_array_foreach(v, i, item) secret_mask_json(item);
  }
}

unsigned long secret_generation(void) { return next_order; }

int secret_write_file_atomic(const char *path, const char *text, size_t len) {
  size_t n = 0;
  char *masked = secret_mask(text, len, &n);
  int rc = fs_write_file_atomic(path, masked ? masked : text, masked ? n : len);
  free(masked);
  return rc;
}

int secret_mask_file(const char *path) {
  if (!n_secrets) return 0;
  size_t len = 0;
  char *text = fs_read_file(path, &len);
  if (!text) return -1;
  size_t n = 0;
  char *masked = secret_mask(text, len, &n);
  free(text);
  if (!masked) return 0;
  /* "****" never outgrows what it replaces (a secret takes at least SECRET_MIN_LEN bytes):
   * the masked text fits where the text was. */
  FILE *f = fopen(path, "r+");
  int rc =
      f && fwrite(masked, 1, n, f) == n && fflush(f) == 0 && ftruncate(fileno(f), (off_t)n) == 0
          ? 0
          : -1;
  int saved = errno;
  if (f && fclose(f) != 0) rc = -1;
  free(masked);
  errno = saved;
  return rc;
}

void secret_remask_file(const char *path, unsigned long generation, const char *who) {
  if (generation != secret_generation() && secret_mask_file(path) != 0)
    fprintf(stderr, "%s: cannot mask secrets in %s: %s\n", who, path, strerror(errno));
}

void secret_clear(void) {
  for (size_t i = 0; i < n_secrets; i++) free(secrets[i].value);
  n_secrets = 0;
  index_stale = true;
}
