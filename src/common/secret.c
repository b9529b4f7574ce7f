/* secret: the process's registry of secret values and their masking (see secret.h).
 *
 * Secrets are kept longest first, so that a value which contains another one ("Bearer
 * <token>" and "<token>") is masked whole. A run registers a handful of values (one per
 * distinct token), so masking is one memmem per secret over each text; the registry keeps
 * the SECRET_MAX most recent ones, in case tokens change with every request. */
#define _GNU_SOURCE /* memmem */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/secret.h"

#define SECRET_MAX 1024

typedef struct {
  char *value;
  size_t len;
  unsigned long added; /* order of registration, for evicting the oldest */
} secret_t;

static secret_t secrets[SECRET_MAX];
static size_t n_secrets;
static unsigned long next_order;

bool secret_any(void) { return n_secrets > 0; }

/* One form of a secret into the table (no derived forms). */
static void register_form(const char *value, size_t len) {
  if (!value || len < SECRET_MIN_LEN) return;
  for (size_t i = 0; i < n_secrets; i++)
    if (secrets[i].len == len && memcmp(secrets[i].value, value, len) == 0) return;
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
}

/* ---- the forms a secret takes in what a server echoes ----
 * A server that echoes a request inside a JSON body escapes it as its JSON encoder does:
 * '"' and '\' always, '/' as "\/" by some (PHP, jansson's JSON_ESCAPE_SLASH), characters
 * beyond ASCII as \uXXXX by others (Python, JSON_ENSURE_ASCII), control characters in
 * upper or lower case hex. A token sent in a query or a form is percent-encoded. Each
 * distinct form is registered as a secret of its own, so masking stays one memmem per
 * form: an alphanumeric token has no other form at all. */

enum {
  JSON_FORM_SLASH = 1, /* '/' as "\/" */
  JSON_FORM_ASCII = 2, /* beyond ASCII as \uXXXX (surrogate pairs beyond the BMP) */
  JSON_FORM_UPPER = 4, /* hex digits of \u escapes in upper case */
};

/* The code point of the UTF-8 sequence at s (n bytes available) and its length; a byte
 * that starts no valid sequence is returned as -1 with length 1. */
static size_t utf8_next(const unsigned char *s, size_t n, long *cp) {
  size_t len = s[0] >= 0xF0 ? 4 : s[0] >= 0xE0 ? 3 : s[0] >= 0xC0 ? 2 : 0;
  if (!len || len > n || s[0] > 0xF4) {
    *cp = -1;
    return 1;
  }
  long c = s[0] & (0x7F >> len);
  for (size_t i = 1; i < len; i++) {
    if ((s[i] & 0xC0) != 0x80) {
      *cp = -1;
      return 1;
    }
    c = (c << 6) | (s[i] & 0x3F);
  }
  *cp = c;
  return len;
}

static void put_u_escape(sbuf_t *b, long cp, bool upper) {
  sbuf_printf(b, upper ? "\\u%04lX" : "\\u%04lx", cp);
}

static void json_form(sbuf_t *b, const char *value, size_t len, int flags) {
  bool upper = flags & JSON_FORM_UPPER;
  for (size_t i = 0; i < len;) {
    unsigned char c = (unsigned char)value[i];
    if (c >= 0x80) {
      long cp;
      size_t n = utf8_next((const unsigned char *)value + i, len - i, &cp);
      if (!(flags & JSON_FORM_ASCII) || cp < 0) {
        sbuf_append(b, value + i, n);
      } else if (cp >= 0x10000) {
        put_u_escape(b, 0xD800 + ((cp - 0x10000) >> 10), upper);
        put_u_escape(b, 0xDC00 + ((cp - 0x10000) & 0x3FF), upper);
      } else {
        put_u_escape(b, cp, upper);
      }
      i += n;
      continue;
    }
    i++;
    switch (c) {
    case '"': sbuf_puts(b, "\\\""); break;
    case '\\': sbuf_puts(b, "\\\\"); break;
    case '/': sbuf_puts(b, flags & JSON_FORM_SLASH ? "\\/" : "/"); break;
    case '\b': sbuf_puts(b, "\\b"); break;
    case '\f': sbuf_puts(b, "\\f"); break;
    case '\n': sbuf_puts(b, "\\n"); break;
    case '\r': sbuf_puts(b, "\\r"); break;
    case '\t': sbuf_puts(b, "\\t"); break;
    default:
      if (c < 0x20) put_u_escape(b, c, upper);
      else sbuf_putc(b, (char)c);
    }
  }
}

/* Percent-encoding keeping ASCII letters, digits and the bytes of `keep`; `plus`: a space
 * as '+' (application/x-www-form-urlencoded). */
static void url_form(sbuf_t *b, const char *value, size_t len, const char *keep, bool plus,
                     bool upper) {
  const char *hex = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  for (size_t i = 0; i < len; i++) {
    unsigned char c = (unsigned char)value[i];
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
        (c && strchr(keep, c))) {
      sbuf_putc(b, (char)c);
    } else if (plus && c == ' ') {
      sbuf_putc(b, '+');
    } else {
      char pct[3] = {'%', hex[c >> 4], hex[c & 15]};
      sbuf_append(b, pct, 3);
    }
  }
}

/* The value and every form of it (duplicates fall out in register_form). */
static void register_value(const char *value, size_t len) {
  if (!value || len < SECRET_MIN_LEN) return;
  register_form(value, len);
  sbuf_t b = SBUF_INIT;
  for (int flags = 0; flags < 8; flags++) {
    sbuf_reset(&b);
    json_form(&b, value, len, flags);
    register_form(b.data, b.len);
  }
  /* RFC 3986's unreserved set, encodeURIComponent's, URLSearchParams' (WHATWG form). */
  static const struct {
    const char *keep;
    bool plus;
  } url[] = {{"-._~", false}, {"-._~!'()*", false}, {"-._*", true}};
  for (size_t i = 0; i < sizeof(url) / sizeof(url[0]); i++)
    for (int upper = 0; upper < 2; upper++) {
      sbuf_reset(&b);
      url_form(&b, value, len, url[i].keep, url[i].plus, upper);
      register_form(b.data, b.len);
    }
  sbuf_free(&b);
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
    const char *alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const char *at = s[i] ? strchr(alphabet, s[i]) : NULL;
    if (!at) return -1;
    acc = (acc << 6) | (uint32_t)(at - alphabet);
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

void secret_add_env(void) {
  static const char *const names[] = {"API_KEY", "API_TOKEN"};
  for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
    const char *v = getenv(names[i]);
    if (v) secret_add(v, strlen(v));
  }
}

char *secret_mask(const char *text, size_t len, size_t *out_len) {
  if (!n_secrets || !text) return NULL;
  sbuf_t out = SBUF_INIT;
  const char *src = text;
  size_t src_len = len;
  char *owned = NULL;
  for (size_t i = 0; i < n_secrets; i++) {
    const secret_t *s = &secrets[i];
    const char *hit = memmem(src, src_len, s->value, s->len);
    if (!hit) continue;
    sbuf_reset(&out);
    const char *p = src, *end = src + src_len;
    while (hit) {
      sbuf_append(&out, p, (size_t)(hit - p));
      sbuf_puts(&out, SECRET_MASK);
      p = hit + s->len;
      hit = memmem(p, (size_t)(end - p), s->value, s->len);
    }
    sbuf_append(&out, p, (size_t)(end - p));
    free(owned);
    src_len = out.len;
    src = owned = sbuf_take(&out);
  }
  sbuf_free(&out);
  if (owned && out_len) *out_len = src_len;
  return owned;
}

size_t secret_safe_cut(const char *text, size_t len, size_t n) {
  if (!n_secrets || n >= len) return n;
  /* Moving the cut back may put it inside another secret: until nothing straddles it. */
  for (bool moved = true; moved;) {
    moved = false;
    for (size_t i = 0; i < n_secrets && n > 0; i++) {
      const secret_t *s = &secrets[i];
      size_t from = n >= s->len ? n - s->len + 1 : 0;
      size_t to = n + s->len - 1 < len ? n + s->len - 1 : len;
      const char *p = text + from, *end = text + to;
      const char *hit;
      while (p < end && (hit = memmem(p, (size_t)(end - p), s->value, s->len))) {
        size_t at = (size_t)(hit - text);
        if (at < n && at + s->len > n) {
          n = at;
          moved = true;
          break;
        }
        p = hit + 1;
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

void secret_clear(void) {
  for (size_t i = 0; i < n_secrets; i++) free(secrets[i].value);
  n_secrets = 0;
}
