/* gherkin_line: one line of a feature file and the token matchers that tell what it is
 * (tag line, title line of each keyword, step, table row, doc-string separator, comment,
 * language header, other text). Matching a title or a step depends on the dialect, a
 * doc-string line on the open doc string: both live in gherkin_matcher_t. */
#include <stdlib.h>
#include <string.h>

#include "frameworks/cucumber/gherkin_int.h"

const char *const gherkin_tok_names[GT_COUNT] = {"",
                                                 "#EOF",
                                                 "#Empty",
                                                 "#Comment",
                                                 "#TagLine",
                                                 "#FeatureLine",
                                                 "#RuleLine",
                                                 "#BackgroundLine",
                                                 "#ScenarioLine",
                                                 "#ExamplesLine",
                                                 "#StepLine",
                                                 "#DocStringSeparator",
                                                 "#TableRow",
                                                 "#Language",
                                                 "#Other"};

void *gherkin_push(void *arrp, size_t *len, size_t elem) {
  char **arr = arrp;
  size_t n = *len;
  /* capacity: the next power of two at or above n (arrays grow from empty only) */
  if ((n & (n - 1)) == 0) *arr = xrealloc(*arr, (n ? n * 2 : 1) * elem);
  char *p = *arr + n * elem;
  memset(p, 0, elem);
  *len = n + 1;
  return p;
}

const gherkin_dialect_t *gherkin_dialect_find(const char *code, size_t len) {
  for (size_t i = 0; i < gherkin_dialect_count; i++)
    if (strlen(gherkin_dialects[i].code) == len && memcmp(gherkin_dialects[i].code, code, len) == 0)
      return &gherkin_dialects[i];
  return NULL;
}

bool gherkin_dialect_exists(const char *code) {
  return code && gherkin_dialect_find(code, strlen(code)) != NULL;
}

/* White space as JavaScript's String.prototype.trim sees it (Cucumber's reference
 * parser): ASCII \t \n \v \f \r and space, U+00A0, U+1680, U+2000-U+200A, U+2028,
 * U+2029, U+202F, U+205F, U+3000, U+FEFF. */
size_t gherkin_space_len(const char *s, size_t n) {
  const unsigned char *u = (const unsigned char *)s;
  if (n == 0) return 0;
  if (u[0] == ' ' || (u[0] >= '\t' && u[0] <= '\r')) return 1;
  if (n >= 2 && u[0] == 0xC2 && u[1] == 0xA0) return 2;
  if (n < 3) return 0;
  unsigned cp;
  if ((u[0] & 0xF0) != 0xE0 || (u[1] & 0xC0) != 0x80 || (u[2] & 0xC0) != 0x80) return 0;
  cp = ((u[0] & 0x0Fu) << 12) | ((u[1] & 0x3Fu) << 6) | (u[2] & 0x3Fu);
  if (cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 || cp == 0x2029 ||
      cp == 0x202F || cp == 0x205F || cp == 0x3000 || cp == 0xFEFF)
    return 3;
  return 0;
}

/* UTF-16 units: a 4-byte sequence counts 2, a continuation byte 0, any other byte 1
 * (so invalid UTF-8 still counts something per byte). */
int gherkin_utf16_len(const char *s, size_t n) {
  int cols = 0;
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if ((c & 0xC0) == 0x80) continue;
    cols += c >= 0xF0 ? 2 : 1;
  }
  return cols;
}

static size_t space_before(const char *s, size_t n) {
  /* the length of the white-space character ending at s[n-1], 0 if none */
  if (n >= 1 && gherkin_space_len(s + n - 1, 1)) return 1;
  if (n >= 2 && gherkin_space_len(s + n - 2, 2) == 2) return 2;
  if (n >= 3 && gherkin_space_len(s + n - 3, 3) == 3) return 3;
  return 0;
}

void gherkin_trim(const char **s, size_t *n) {
  size_t k;
  while ((k = gherkin_space_len(*s, *n)) > 0) *s += k, *n -= k;
  while ((k = space_before(*s, *n)) > 0) *n -= k;
}

void gherkin_line_init(gherkin_line_t *l, const char *text, size_t len, int number) {
  while (len > 0 && text[len - 1] == '\r') len--;
  l->text = text;
  l->len = len;
  l->number = number;
  size_t i = 0, k;
  l->indent_chars = 0;
  while ((k = gherkin_space_len(text + i, len - i)) > 0) i += k, l->indent_chars++;
  l->indent_cols = (int)l->indent_chars; /* white space is all in the BMP */
  l->trim = text + i;
  l->trim_len = len - i;
  while ((k = space_before(l->trim, l->trim_len)) > 0) l->trim_len -= k;
}

bool gherkin_line_starts(const gherkin_line_t *l, const char *prefix, size_t plen) {
  return l->trim_len >= plen && memcmp(l->trim, prefix, plen) == 0;
}

void gherkin_token_clear(gherkin_token_t *t) {
  free(t->keyword);
  free(t->text);
  for (size_t i = 0; i < t->nitems; i++) free(t->items[i].text);
  free(t->items);
  memset(t, 0, sizeof *t);
}

char *gherkin_trimmed_dup(const char *s, size_t n) {
  gherkin_trim(&s, &n);
  return xstrndup(s, n);
}

bool gherkin_next_kw(const char **p, const char **kw, size_t *n) {
  if (!**p) return false;
  const char *e = strchr(*p, '\n');
  *kw = *p;
  *n = e ? (size_t)(e - *p) : strlen(*p);
  *p = e ? e + 1 : *p + *n;
  return true;
}

static bool match_title(const gherkin_matcher_t *m, const gherkin_line_t *l, gherkin_kw_t kind,
                        gherkin_token_t *tok) {
  const char *p = m->dialect->kw[kind], *kw;
  size_t n;
  while (gherkin_next_kw(&p, &kw, &n)) {
    if (l->trim_len > n && memcmp(l->trim, kw, n) == 0 && l->trim[n] == ':') {
      tok->keyword = xstrndup(kw, n);
      tok->text = gherkin_trimmed_dup(l->trim + n + 1, l->trim_len - n - 1);
      return true;
    }
  }
  return false;
}

gherkin_keyword_type_t gherkin_step_kwtype(const gherkin_dialect_t *d, const char *kw, size_t n) {
  static const gherkin_keyword_type_t types[] = {GHERKIN_KT_CONTEXT, GHERKIN_KT_ACTION,
                                                 GHERKIN_KT_OUTCOME, GHERKIN_KT_CONJUNCTION,
                                                 GHERKIN_KT_CONJUNCTION};
  int count = 0;
  gherkin_keyword_type_t type = GHERKIN_KT_UNKNOWN;
  for (int k = GHERKIN_KW_GIVEN; k <= GHERKIN_KW_BUT; k++) {
    const char *p = d->kw[k], *w;
    size_t wn;
    while (gherkin_next_kw(&p, &w, &wn))
      if (wn == n && memcmp(w, kw, n) == 0) count++, type = types[k - GHERKIN_KW_GIVEN];
  }
  return count == 1 ? type : GHERKIN_KT_UNKNOWN;
}

/* The step keyword that starts the line: the longest of all, and its type (Unknown when
 * the keyword is in several lists, as "* " is). */
static bool match_step(const gherkin_matcher_t *m, const gherkin_line_t *l, gherkin_token_t *tok) {
  const char *best = NULL;
  size_t best_n = 0;
  for (int k = GHERKIN_KW_GIVEN; k <= GHERKIN_KW_BUT; k++) {
    const char *p = m->dialect->kw[k], *kw;
    size_t n;
    while (gherkin_next_kw(&p, &kw, &n))
      if (n > best_n && l->trim_len >= n && memcmp(l->trim, kw, n) == 0) best = kw, best_n = n;
  }
  if (!best) return false;
  tok->keyword = xstrndup(best, best_n);
  tok->kwtype = gherkin_step_kwtype(m->dialect, best, best_n);
  tok->text = gherkin_trimmed_dup(l->trim + best_n, l->trim_len - best_n);
  return true;
}

/* Cells between pipes; "\|", "\\" and "\n" are escapes, any other backslash stays. The
 * text before the first pipe and after the last one is not a cell. */
void gherkin_split_cells(const gherkin_line_t *l, gherkin_token_t *tok) {
  const char *s = l->trim;
  size_t n = l->trim_len, i = 0;
  int col = 0, start_col = 0;
  bool first = true;
  sbuf_t cell = SBUF_INIT;
  sbuf_init(&cell);
  while (i < n) {
    unsigned char c = (unsigned char)s[i];
    if (c == '|') {
      if (!first) {
        const char *t = cell.data ? cell.data : "";
        size_t tn = cell.len, lead = 0, k;
        /* trim white space other than the newline an escape made */
        while (lead < tn && t[lead] != '\n' && (k = gherkin_space_len(t + lead, tn - lead)) > 0)
          lead += k;
        size_t end = tn;
        while (end > lead && t[end - 1] != '\n' && (k = space_before(t + lead, end - lead)) > 0)
          end -= k;
        struct gherkin_item *it = GHERKIN_PUSH(tok->items, tok->nitems);
        it->column = l->indent_cols + start_col + 1 + gherkin_utf16_len(t, lead);
        it->text = xstrndup(t + lead, end - lead);
      }
      first = false;
      sbuf_reset(&cell);
      i++;
      col++;
      start_col = col;
      continue;
    }
    if (c == '\\') {
      if (i + 1 < n && s[i + 1] == 'n') {
        sbuf_putc(&cell, '\n');
      } else if (i + 1 < n && (s[i + 1] == '|' || s[i + 1] == '\\')) {
        sbuf_putc(&cell, s[i + 1]);
      } else {
        sbuf_putc(&cell, '\\');
        i++;
        col++;
        continue;
      }
      i += 2;
      col += 2;
      continue;
    }
    size_t k = 1;
    if (c >= 0xC0) /* a whole UTF-8 sequence, as far as it goes */
      while (i + k < n && ((unsigned char)s[i + k] & 0xC0) == 0x80 && k < 4) k++;
    sbuf_append(&cell, s + i, k);
    col += gherkin_utf16_len(s + i, k);
    i += k;
  }
  sbuf_free(&cell);
}

/* Tags: the text up to a " #" comment, split at "@". A tag with white space in it is an
 * error at that tag's column. */
static bool split_tags(const gherkin_line_t *l, gherkin_token_t *tok, gherkin_error_t *err) {
  const char *s = l->trim;
  size_t n = l->trim_len;
  for (size_t i = 1; i < n; i++) {
    size_t k = space_before(s, i);
    if (s[i] == '#' && k > 0) {
      n = i - k;
      break;
    }
  }
  gherkin_trim(&s, &n);
  int column = l->indent_cols + 1;
  size_t i = 0;
  while (i < n && s[i] != '@') i++; /* text before the first "@" is no tag */
  column += gherkin_utf16_len(s, i);
  while (i < n) {
    size_t start = ++i; /* past the "@" */
    while (i < n && s[i] != '@') i++;
    const char *t = s + start;
    size_t tn = i - start;
    gherkin_trim(&t, &tn);
    for (size_t j = 0; j < tn; j++) {
      if (gherkin_space_len(t + j, tn - j)) {
        err->loc = (gherkin_loc_t){l->number, column};
        err->message = xasprintf("(%d:%d): A tag may not contain whitespace", l->number, column);
        return false;
      }
    }
    struct gherkin_item *it = GHERKIN_PUSH(tok->items, tok->nitems);
    it->column = column;
    it->text = xasprintf("@%.*s", (int)tn, t);
    column += gherkin_utf16_len(s + start, i - start) + 1;
  }
  return true;
}

/* "# language: xx" with nothing else on the line. */
static bool match_language(gherkin_matcher_t *m, const gherkin_line_t *l, gherkin_token_t *tok,
                           gherkin_error_t *err) {
  const char *s = l->trim, *e = l->trim + l->trim_len;
  if (s == e || *s != '#') return false;
  s++;
  while (s < e && gherkin_space_len(s, (size_t)(e - s))) s += gherkin_space_len(s, (size_t)(e - s));
  if ((size_t)(e - s) < 8 || memcmp(s, "language", 8) != 0) return false;
  s += 8;
  while (s < e && gherkin_space_len(s, (size_t)(e - s))) s += gherkin_space_len(s, (size_t)(e - s));
  if (s == e || *s != ':') return false;
  s++;
  while (s < e && gherkin_space_len(s, (size_t)(e - s))) s += gherkin_space_len(s, (size_t)(e - s));
  const char *name = s;
  while (s < e && ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '-' || *s == '_'))
    s++;
  if (s == name || s != e) return false; /* trailing white space was trimmed already */
  const gherkin_dialect_t *d = gherkin_dialect_find(name, (size_t)(s - name));
  if (!d) {
    err->loc = (gherkin_loc_t){l->number, l->indent_cols + 1};
    err->message = xasprintf("(%d:%d): Language not supported: %.*s", l->number, l->indent_cols + 1,
                             (int)(s - name), name);
    return false;
  }
  m->dialect = d;
  tok->text = xstrndup(name, (size_t)(s - name));
  return true;
}

static bool match_docsep(gherkin_matcher_t *m, const gherkin_line_t *l, gherkin_token_t *tok) {
  static const char *const seps[] = {"\"\"\"", "```"};
  for (int i = 0; i < 2; i++) {
    const char *sep = seps[i];
    if (m->docsep && strcmp(m->docsep, sep) != 0) continue;
    if (!gherkin_line_starts(l, sep, 3)) continue;
    tok->keyword = xstrdup(sep);
    if (!m->docsep) {
      tok->text = gherkin_trimmed_dup(l->trim + 3, l->trim_len - 3);
      m->docsep = sep;
      m->doc_indent = l->indent_chars;
    } else {
      m->docsep = NULL;
      m->doc_indent = 0;
    }
    return true;
  }
  return false;
}

/* The whole line (in a doc string less the opening line's indent, with the escaped
 * separator unescaped). */
static void match_other(const gherkin_matcher_t *m, const gherkin_line_t *l, gherkin_token_t *tok) {
  const char *s = l->text;
  size_t n = l->len;
  if (m->docsep) {
    size_t drop = m->doc_indent, k;
    if (drop > l->indent_chars) drop = l->indent_chars;
    while (drop-- > 0 && (k = gherkin_space_len(s, n)) > 0) s += k, n -= k;
    char esc[7] = {'\\', m->docsep[0], '\\', m->docsep[0], '\\', m->docsep[0], 0};
    sbuf_t b = SBUF_INIT;
    sbuf_init(&b);
    for (size_t i = 0; i < n;) {
      if (n - i >= 6 && memcmp(s + i, esc, 6) == 0) {
        sbuf_append(&b, m->docsep, 3);
        i += 6;
      } else {
        sbuf_putc(&b, s[i++]);
      }
    }
    tok->text = sbuf_take(&b);
    return;
  }
  tok->text = xstrndup(s, n);
}

bool gherkin_match(gherkin_matcher_t *m, const gherkin_line_t *l, gherkin_tok_t type,
                   gherkin_token_t *tok, gherkin_error_t *err) {
  bool eof = l == NULL;
  if (m->markdown && !eof && type != GT_EOF) {
    int column = -1;
    if (!gherkin_md_match(m, l, type, tok, &column)) {
      gherkin_token_clear(tok);
      return false;
    }
    tok->type = type;
    tok->loc.line = l->number;
    tok->loc.column = column >= 0                            ? column
                      : type == GT_EMPTY || type == GT_OTHER ? 1
                                                             : l->indent_cols + 1;
    return true;
  }
  if (type == GT_EOF || eof) {
    if (type != GT_EOF || !eof) return false;
  } else {
    bool ok = false;
    switch (type) {
    case GT_EMPTY: ok = l->trim_len == 0; break;
    case GT_COMMENT:
      ok = gherkin_line_starts(l, "#", 1);
      if (ok) tok->text = xstrndup(l->text, l->len);
      break;
    case GT_TAGLINE: ok = gherkin_line_starts(l, "@", 1) && split_tags(l, tok, err); break;
    case GT_FEATURE: ok = match_title(m, l, GHERKIN_KW_FEATURE, tok); break;
    case GT_RULE: ok = match_title(m, l, GHERKIN_KW_RULE, tok); break;
    case GT_BACKGROUND: ok = match_title(m, l, GHERKIN_KW_BACKGROUND, tok); break;
    case GT_SCENARIO:
      ok =
          match_title(m, l, GHERKIN_KW_SCENARIO, tok) || match_title(m, l, GHERKIN_KW_OUTLINE, tok);
      break;
    case GT_EXAMPLES: ok = match_title(m, l, GHERKIN_KW_EXAMPLES, tok); break;
    case GT_STEP: ok = match_step(m, l, tok); break;
    case GT_DOCSEP: ok = match_docsep(m, l, tok); break;
    case GT_TABLEROW:
      ok = gherkin_line_starts(l, "|", 1);
      if (ok) gherkin_split_cells(l, tok);
      break;
    case GT_LANGUAGE: ok = match_language(m, l, tok, err); break;
    case GT_OTHER:
      match_other(m, l, tok);
      ok = true;
      break;
    default: break;
    }
    if (!ok) {
      gherkin_token_clear(tok);
      return false;
    }
  }
  tok->type = type;
  tok->loc.line = eof ? 0 : l->number;
  bool no_indent = type == GT_EMPTY || type == GT_COMMENT || type == GT_OTHER || type == GT_EOF;
  tok->loc.column = eof ? 0 : no_indent ? 1 : l->indent_cols + 1;
  return true;
}
