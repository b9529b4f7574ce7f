/* assert_path_parse: parsing and writing the property paths of assert_path.h (pure text,
 * no JS engine, so that it can be fuzzed on its own). */
#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "assert/assert_path.h"

/* "0", "12" but not "012", "-1" or "": what JS treats as an array index (up to 2^32-2). */
static bool path_canonical_index(const char *s, size_t *n) {
  if (!*s || (s[0] == '0' && s[1])) return false;
  size_t v = 0;
  for (const char *p = s; *p; p++) {
    if (!isdigit((unsigned char)*p)) return false;
    if (v > 429496729u) return false;
    v = v * 10 + (size_t)(*p - '0');
  }
  if (v > 4294967294u) return false;
  *n = v;
  return true;
}

static void path_push(assert_path_t *p, char *key, bool index) {
  p->segs = xrealloc(p->segs, (p->len + 1) * sizeof(*p->segs));
  assert_path_seg_t *s = &p->segs[p->len++];
  memset(s, 0, sizeof(*s));
  s->key = key;
  s->numeric = path_canonical_index(key, &s->n);
  s->index = index && s->numeric;
}

static int path_fail(assert_path_t *p, sbuf_t *err, const char *text, size_t pos,
                     const char *what) {
  sbuf_printf(err, "%s at position %zu of \"%s\"", what, pos, text);
  assert_path_free(p);
  return -1;
}

/* [ ... ] starting at text[*i] == '['; appends one segment. */
static int path_bracket(const char *text, size_t *i, assert_path_t *p, sbuf_t *err) {
  size_t start = *i;
  size_t j = start + 1;
  while (text[j] == ' ') j++;
  if (text[j] == '\'' || text[j] == '"') {
    char quote = text[j++];
    sbuf_t key = SBUF_INIT;
    while (text[j] && text[j] != quote) {
      if (text[j] == '\\' && text[j + 1]) j++;
      sbuf_putc(&key, text[j++]);
    }
    if (!text[j]) {
      sbuf_free(&key);
      return path_fail(p, err, text, start, "unterminated quoted key");
    }
    j++;
    while (text[j] == ' ') j++;
    if (text[j] != ']') {
      sbuf_free(&key);
      return path_fail(p, err, text, j, "expected ']'");
    }
    path_push(p, sbuf_take(&key), false);
  } else {
    size_t k = j;
    while (text[k] && text[k] != ']') k++;
    if (!text[k]) return path_fail(p, err, text, start, "unterminated '['");
    size_t end = k;
    while (end > j && text[end - 1] == ' ') end--;
    if (end == j) return path_fail(p, err, text, start, "empty brackets");
    path_push(p, xstrndup(text + j, end - j), true);
    j = k;
  }
  *i = j + 1;
  return 0;
}

int assert_path_parse(const char *text, assert_path_t *out, sbuf_t *err) {
  memset(out, 0, sizeof(*out));
  if (!text || !*text) {
    sbuf_puts(err, "the path is empty");
    return -1;
  }
  size_t i = 0;
  bool need_key = true; /* at the start or after a '.' */
  while (text[i]) {
    char c = text[i];
    if (c == '[') {
      if (need_key && i > 0) return path_fail(out, err, text, i, "expected a key after '.'");
      if (path_bracket(text, &i, out, err) != 0) return -1;
      need_key = false;
    } else if (c == '.') {
      if (need_key) return path_fail(out, err, text, i, "empty key");
      i++;
      need_key = true;
      if (!text[i]) return path_fail(out, err, text, i, "empty key");
    } else if (c == ']') {
      return path_fail(out, err, text, i, "unexpected ']'");
    } else {
      if (!need_key) return path_fail(out, err, text, i, "expected '.' or '['");
      size_t j = i;
      while (text[j] && text[j] != '.' && text[j] != '[' && text[j] != ']') j++;
      path_push(out, xstrndup(text + i, j - i), false);
      i = j;
      need_key = false;
    }
  }
  return 0;
}

void assert_path_free(assert_path_t *p) {
  for (size_t i = 0; i < p->len; i++) free(p->segs[i].key);
  free(p->segs);
  memset(p, 0, sizeof(*p));
}

static bool path_identifier(const char *s) {
  if (!*s) return false;
  if (isdigit((unsigned char)*s)) {
    for (const char *p = s; *p; p++)
      if (!isdigit((unsigned char)*p)) return false;
    return true;
  }
  for (const char *p = s; *p; p++)
    if (!(isalnum((unsigned char)*p) || *p == '_' || *p == '$' || (unsigned char)*p >= 0x80))
      return false;
  return true;
}

void assert_path_format(const assert_path_t *p, size_t n, const char *root, sbuf_t *out) {
  bool empty = !root || !*root;
  if (!empty) sbuf_puts(out, root);
  for (size_t i = 0; i < n && i < p->len; i++) {
    const assert_path_seg_t *s = &p->segs[i];
    if (s->index) {
      sbuf_printf(out, "[%zu]", s->n);
    } else if (path_identifier(s->key)) {
      if (!empty || i > 0) sbuf_putc(out, '.');
      sbuf_puts(out, s->key);
    } else {
      sbuf_puts(out, "['");
      for (const char *c = s->key; *c; c++) {
        if (*c == '\'' || *c == '\\') sbuf_putc(out, '\\');
        sbuf_putc(out, *c);
      }
      sbuf_puts(out, "']");
    }
  }
}
