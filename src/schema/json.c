/* json: JSON Schema's view of jansson values. Equality and hashing where 1 and 1.0 are the
 * same number (const, enum, uniqueItems), an exact content hash for the compile cache,
 * code-point lengths, JSON Pointer escaping, number comparison and decimal multipleOf,
 * and number/value rendering for messages. Nothing here keeps memory: results go to the
 * caller's sbuf or are plain values. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "schema/schema_int.h"

static uint64_t mix(uint64_t x) {
  /* splitmix64's finaliser: spreads small integers over the whole word. */
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebull;
  x ^= x >> 31;
  return x;
}

/* An integral real in range of json_int_t compares as that integer. */
static bool real_as_int(double d, json_int_t *out) {
  if (d != d || d < -9223372036854775808.0 || d >= 9223372036854775808.0) return false;
  json_int_t i = (json_int_t)d;
  if ((double)i != d) return false;
  *out = i;
  return true;
}

static bool num_equal(const json_t *a, const json_t *b) {
  if (json_is_integer(a) && json_is_integer(b))
    return json_integer_value(a) == json_integer_value(b);
  if (json_is_real(a) && json_is_real(b)) return json_real_value(a) == json_real_value(b);
  const json_t *i = json_is_integer(a) ? a : b;
  const json_t *r = json_is_integer(a) ? b : a;
  json_int_t v;
  return real_as_int(json_real_value(r), &v) && v == json_integer_value(i);
}

bool schema_json_equal(const json_t *a, const json_t *b) {
  if (a == b) return true;
  if (json_is_number(a) && json_is_number(b)) return num_equal(a, b);
  if (json_typeof(a) != json_typeof(b)) return false;
  switch (json_typeof(a)) {
  case JSON_STRING:
    return json_string_length(a) == json_string_length(b) &&
           memcmp(json_string_value(a), json_string_value(b), json_string_length(a)) == 0;
  case JSON_ARRAY: {
    size_t n = json_array_size(a);
    if (n != json_array_size(b)) return false;
    for (size_t i = 0; i < n; i++)
      if (!schema_json_equal(json_array_get(a, i), json_array_get(b, i))) return false;
    return true;
  }
  case JSON_OBJECT: {
    if (json_object_size(a) != json_object_size(b)) return false;
    const char *k;
    json_t *v;
    json_object_foreach((json_t *)a, k, v) {
      json_t *w = json_object_get(b, k);
      if (!w || !schema_json_equal(v, w)) return false;
    }
    return true;
  }
  default: return true; /* true, false, null: the type is the value */
  }
}

/* A fast byte hash for the cache key (8 bytes a step); FNV in map.c is fine for short
 * keys but the whole schema is hashed on every cached call. */
static uint64_t hash_mem(const void *p, size_t n, uint64_t h) {
  const unsigned char *s = p;
  h ^= n * 0x9e3779b97f4a7c15ull;
  while (n >= 8) {
    uint64_t w;
    memcpy(&w, s, 8);
    h = (h ^ w) * 0xff51afd7ed558ccdull;
    h ^= h >> 32;
    s += 8;
    n -= 8;
  }
  uint64_t w = 0;
  memcpy(&w, s, n);
  h = (h ^ w) * 0xc4ceb9fe1a85ec53ull;
  return h ^ (h >> 29);
}

static uint64_t hash_value(const json_t *v, bool exact) {
  switch (json_typeof(v)) {
  case JSON_OBJECT: {
    /* Member hashes are summed so that key order does not matter. */
    uint64_t h = 0x6f626a;
    for (void *it = json_object_iter((json_t *)v); it;
         it = json_object_iter_next((json_t *)v, it)) {
      const char *k = json_object_iter_key(it);
      h += mix(hash_mem(k, json_object_iter_key_len(it), 0) ^
               (hash_value(json_object_iter_value(it), exact) * 31));
    }
    return mix(h ^ json_object_size(v));
  }
  case JSON_ARRAY: {
    uint64_t h = 0x617272;
    for (size_t i = 0; i < json_array_size(v); i++)
      h = mix(h ^ hash_value(json_array_get(v, i), exact)) + i;
    return h;
  }
  case JSON_STRING: return hash_mem(json_string_value(v), json_string_length(v), 0x737472);
  case JSON_INTEGER: return mix((uint64_t)json_integer_value(v) ^ 0x696e74);
  case JSON_REAL: {
    double d = json_real_value(v);
    json_int_t i;
    if (!exact && real_as_int(d, &i)) return mix((uint64_t)i ^ 0x696e74);
    if (d == 0) d = 0; /* -0.0 == 0.0 */
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    return mix(bits ^ 0x7265616c);
  }
  case JSON_TRUE: return 0x74727565;
  case JSON_FALSE: return 0x66616c73;
  default: return 0x6e756c6c;
  }
}

uint64_t schema_json_hash(const json_t *v) { return hash_value(v, false); }
uint64_t schema_json_content_hash(const json_t *v) { return hash_value(v, true); }

size_t schema_utf8_length(const char *s, size_t n) {
  size_t count = 0;
  for (size_t i = 0; i < n; i++)
    if (((unsigned char)s[i] & 0xc0) != 0x80) count++;
  return count;
}

size_t schema_utf8_decode(const char *s, size_t n, uint32_t *cp) {
  const unsigned char *u = (const unsigned char *)s;
  size_t len = u[0] < 0x80 ? 1 : u[0] < 0xe0 ? 2 : u[0] < 0xf0 ? 3 : 4;
  if (len > n) len = n;
  uint32_t c = len == 1 ? u[0] : len == 2 ? u[0] & 0x1f : len == 3 ? u[0] & 0x0f : u[0] & 0x07;
  for (size_t i = 1; i < len; i++) c = (c << 6) | (u[i] & 0x3f);
  *cp = c;
  return len;
}

void schema_utf8_put(sbuf_t *b, uint32_t cp) {
  char out[4];
  size_t n;
  if (cp < 0x80) {
    out[0] = (char)cp;
    n = 1;
  } else if (cp < 0x800) {
    out[0] = (char)(0xc0 | (cp >> 6));
    out[1] = (char)(0x80 | (cp & 0x3f));
    n = 2;
  } else if (cp < 0x10000) {
    out[0] = (char)(0xe0 | (cp >> 12));
    out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
    out[2] = (char)(0x80 | (cp & 0x3f));
    n = 3;
  } else {
    out[0] = (char)(0xf0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
    out[3] = (char)(0x80 | (cp & 0x3f));
    n = 4;
  }
  sbuf_append(b, out, n);
}

void schema_ptr_escape(sbuf_t *b, const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (s[i] == '~') sbuf_puts(b, "~0");
    else if (s[i] == '/') sbuf_puts(b, "~1");
    else if (s[i] == '\0') sbuf_puts(b, "\\u0000"); /* shown as JSON writes it, not cut short */
    else sbuf_putc(b, s[i]);
  }
}

void schema_ptr_unescape(sbuf_t *tok, const char *p, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (p[i] == '~' && i + 1 < n && (p[i + 1] == '0' || p[i + 1] == '1')) {
      sbuf_putc(tok, p[i + 1] == '0' ? '~' : '/');
      i++;
    } else {
      sbuf_putc(tok, p[i]);
    }
  }
}

const json_t *schema_pointer_step(const json_t *cur, const char *t, size_t len) {
  if (json_is_object(cur)) return json_object_getn(cur, t, len);
  if (json_is_array(cur) && len > 0 && len < 10 && strspn(t, "0123456789") == len &&
      (t[0] != '0' || len == 1))
    return json_array_get(cur, (size_t)strtoul(t, NULL, 10));
  return NULL;
}

const json_t *schema_pointer_get(const json_t *root, const char *ptr) {
  const json_t *cur = root;
  const char *p = ptr;
  while (*p == '/' && cur) {
    p++;
    size_t n = strcspn(p, "/");
    sbuf_t tok = SBUF_INIT;
    schema_ptr_unescape(&tok, p, n);
    cur = schema_pointer_step(cur, sbuf_cstr(&tok), tok.len);
    sbuf_free(&tok);
    p += n;
  }
  return *p ? NULL : cur;
}

/* Shortest "%.*e" digits that read back as d: the decimal a JavaScript engine prints. */
static int shortest_digits(double d, char *buf, size_t cap) {
  for (int p = 1; p <= 17; p++) {
    snprintf(buf, cap, "%.*e", p - 1, d);
    if (strtod(buf, NULL) == d) return p;
  }
  return 17;
}

void schema_num_format(sbuf_t *b, double d) {
  if (d != d || d == INFINITY || d == -INFINITY) {
    sbuf_puts(b, d != d ? "NaN" : d > 0 ? "Infinity" : "-Infinity");
    return;
  }
  if (d == 0) {
    sbuf_putc(b, '0');
    return;
  }
  char buf[64];
  shortest_digits(d, buf, sizeof buf);
  /* buf: [-]D.DDDDe[+-]XX; rebuild as JavaScript does: plain notation for exponents
   * -7 < e < 21, otherwise D.DDDe+X. */
  const char *s = buf;
  bool neg = *s == '-';
  if (neg) s++;
  char digits[24];
  int nd = 0;
  for (; *s && *s != 'e'; s++)
    if (*s != '.') digits[nd++] = *s;
  int e = atoi(s + 1);
  while (nd > 1 && digits[nd - 1] == '0') nd--;
  if (neg) sbuf_putc(b, '-');
  if (e >= 21 || e <= -7) {
    sbuf_putc(b, digits[0]);
    if (nd > 1) {
      sbuf_putc(b, '.');
      sbuf_append(b, digits + 1, (size_t)nd - 1);
    }
    sbuf_printf(b, "e%c%d", e < 0 ? '-' : '+', e < 0 ? -e : e);
  } else if (e < 0) {
    sbuf_puts(b, "0.");
    for (int i = -1; i > e; i--) sbuf_putc(b, '0');
    sbuf_append(b, digits, (size_t)nd);
  } else {
    for (int i = 0; i <= e || i < nd; i++) {
      if (i == e + 1) sbuf_putc(b, '.');
      sbuf_putc(b, i < nd ? digits[i] : '0');
    }
  }
}

void schema_value_text(sbuf_t *b, const json_t *v) {
  if (json_is_string(v)) {
    sbuf_append(b, json_string_value(v), json_string_length(v));
    return;
  }
  if (json_is_real(v)) {
    schema_num_format(b, json_real_value(v));
    return;
  }
  char *s = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY | JSON_REAL_PRECISION(17));
  if (s) {
    sbuf_puts(b, s);
    free(s);
  }
}

bool schema_num_from_json(const json_t *v, schema_num_t *out) {
  if (json_is_integer(v)) {
    out->is_int = true;
    out->i = json_integer_value(v);
    out->d = (double)out->i;
    return true;
  }
  if (json_is_real(v)) {
    out->is_int = false;
    out->d = json_real_value(v);
    out->i = 0;
    return true;
  }
  return false;
}

int schema_num_cmp(const json_t *inst, const schema_num_t *lim) {
  if (json_is_integer(inst) && lim->is_int) {
    json_int_t a = json_integer_value(inst);
    return a < lim->i ? -1 : a > lim->i;
  }
  /* long double holds every int64 and every double exactly (x86-64: 64-bit mantissa). */
  long double a = json_is_integer(inst) ? (long double)json_integer_value(inst)
                                        : (long double)json_real_value(inst);
  long double b = lim->is_int ? (long double)lim->i : (long double)lim->d;
  return a < b ? -1 : a > b;
}

void schema_num_text(sbuf_t *b, const schema_num_t *n) {
  if (n->is_int) sbuf_printf(b, "%lld", (long long)n->i);
  else schema_num_format(b, n->d);
}

void schema_dec_from_num(const schema_num_t *n, schema_dec_t *out) {
  if (n->is_int) {
    json_int_t i = n->i;
    out->m = i < 0 ? (uint64_t)0 - (uint64_t)i : (uint64_t)i;
    out->e = 0;
  } else {
    char buf[64];
    int p = shortest_digits(fabs(n->d), buf, sizeof buf);
    uint64_t m = 0;
    const char *s = buf;
    for (; *s && *s != 'e'; s++)
      if (*s >= '0' && *s <= '9') m = m * 10 + (uint64_t)(*s - '0');
    out->m = m;
    out->e = atoi(s + 1) - (p - 1);
  }
  while (out->m && out->m % 10 == 0) {
    out->m /= 10;
    out->e++;
  }
  if (!out->m) out->e = 0;
}

bool schema_dec_is_multiple(const schema_dec_t *value, const schema_dec_t *div) {
  if (!value->m) return true;
  if (!div->m) return false;
  if (value->e >= div->e) {
    /* value.m * 10^k mod div.m, one decimal digit at a time. */
    unsigned __int128 r = value->m % div->m;
    for (int k = value->e - div->e; k > 0 && r; k--) r = (r * 10) % div->m;
    return r == 0;
  }
  /* value has digits below div's last one: with trailing zeros stripped from value.m,
   * value / div cannot be an integer. */
  return false;
}
