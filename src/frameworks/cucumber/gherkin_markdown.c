/* gherkin_markdown: the token matcher for Markdown with Gherkin (MDG, files named
 * *.feature.md), as Cucumber's GherkinInMarkdownTokenMatcher reads them: headers
 * ("# Feature:", "## Scenario:", "### Examples:" ...) are the keyword lines, bullets
 * ("* Given", "- When") the steps, tags are written in backticks, table rows are indented
 * 2 to 5 spaces and a GFM separator row ("| --- |") is skipped, doc strings are fenced
 * with three or more backticks, and every other line is empty (prose). The first line
 * that is no tag line is the feature line, a header or not. No "# language:" header: the
 * default dialect applies. Called by gherkin_match for a document read as Markdown. */
#include <stdlib.h>
#include <string.h>

#include "frameworks/cucumber/gherkin_int.h"

/* "#{1,6} " at the start of the trimmed line: its length, or 0. */
static size_t header_prefix(const gherkin_line_t *l) {
  size_t i = 0;
  while (i < l->trim_len && i < 6 && l->trim[i] == '#') i++;
  if (i == 0 || i >= l->trim_len) return 0;
  size_t k = gherkin_space_len(l->trim + i, l->trim_len - i);
  return k == 1 ? i + 1 : 0; /* \s: one character */
}

/* "\s*[*+-]\s*" at the start of the trimmed line: its length, or 0. */
static size_t bullet_prefix(const gherkin_line_t *l) {
  if (!l->trim_len || !strchr("*+-", l->trim[0])) return 0;
  size_t i = 1, k;
  while (i < l->trim_len && (k = gherkin_space_len(l->trim + i, l->trim_len - i)) > 0) i += k;
  return i;
}

/* prefix, one of the keywords, ':' and the title; *column from the prefix's end. */
static bool match_header(const gherkin_matcher_t *m, const gherkin_line_t *l, gherkin_kw_t kind,
                         gherkin_token_t *tok, int *column) {
  size_t pre = header_prefix(l);
  if (!pre) return false;
  const char *s = l->trim + pre, *p = m->dialect->kw[kind], *kw;
  size_t n, rest = l->trim_len - pre;
  while (gherkin_next_kw(&p, &kw, &n)) {
    if (rest > n && memcmp(s, kw, n) == 0 && s[n] == ':') {
      tok->keyword = xstrndup(kw, n);
      tok->text = gherkin_trimmed_dup(s + n + 1, rest - n - 1);
      *column = l->indent_cols + gherkin_utf16_len(l->trim, pre) + 1;
      return true;
    }
  }
  return false;
}

/* A bullet and a step keyword other than "* " (the longest that matches). */
static bool match_step(const gherkin_matcher_t *m, const gherkin_line_t *l, gherkin_token_t *tok,
                       int *column) {
  size_t pre = bullet_prefix(l);
  if (!pre) return false;
  const char *s = l->trim + pre, *best = NULL;
  size_t rest = l->trim_len - pre, best_n = 0;
  for (int k = GHERKIN_KW_GIVEN; k <= GHERKIN_KW_BUT; k++) {
    const char *p = m->dialect->kw[k], *kw;
    size_t n;
    while (gherkin_next_kw(&p, &kw, &n))
      if (!(n == 2 && memcmp(kw, "* ", 2) == 0) && n > best_n && rest >= n && memcmp(s, kw, n) == 0)
        best = kw, best_n = n;
  }
  if (!best) return false;
  tok->keyword = xstrndup(best, best_n);
  tok->kwtype = gherkin_step_kwtype(m->dialect, best, best_n);
  tok->text = gherkin_trimmed_dup(s + best_n, rest - best_n);
  *column = l->indent_cols + gherkin_utf16_len(l->trim, pre) + 1;
  return true;
}

/* A GFM table's separator row: some cell is ":?-+:?". */
static bool gfm_separator(const gherkin_line_t *l) {
  gherkin_token_t cells = {0};
  gherkin_split_cells(l, &cells);
  bool sep = false;
  for (size_t i = 0; i < cells.nitems && !sep; i++) {
    const char *t = cells.items[i].text;
    size_t n = strlen(t), a = t[0] == ':', b = n > a && t[n - 1] == ':';
    sep = n > a + b;
    for (size_t k = a; k < n - b && sep; k++) sep = t[k] == '-';
  }
  gherkin_token_clear(&cells);
  return sep;
}

/* Two to five white-space characters, then "|", and not a separator row. */
static bool match_table_row(const gherkin_line_t *l, gherkin_token_t *tok) {
  size_t i = 0, spaces = 0, k;
  while (spaces < 5 && (k = gherkin_space_len(l->text + i, l->len - i)) > 0) i += k, spaces++;
  if (spaces < 2 || i >= l->len || l->text[i] != '|' || gfm_separator(l)) return false;
  tok->keyword = xstrdup("|");
  gherkin_split_cells(l, tok);
  return true;
}

/* Every `@tag` in backticks; none: no tag line. */
static bool match_tags(const gherkin_line_t *l, gherkin_token_t *tok) {
  const char *s = l->trim;
  size_t n = l->trim_len;
  for (size_t i = 0; i + 1 < n; i++) {
    if (s[i] != '`' || s[i + 1] != '@') continue;
    size_t e = i + 2;
    while (e < n && s[e] != '`') e++;
    if (e >= n) break;
    if (e == i + 2) continue; /* "`@`" is no tag */
    struct gherkin_item *it = GHERKIN_PUSH(tok->items, tok->nitems);
    it->column = l->indent_cols + gherkin_utf16_len(s, i) + 2;
    it->text = xstrndup(s + i + 1, e - i - 1);
    i = e;
  }
  return tok->nitems > 0;
}

/* A fence of three backticks or more opens (the rest of the line is the media type); the
 * same fence alone on a line closes. */
static bool match_docsep(gherkin_matcher_t *m, const gherkin_line_t *l, gherkin_token_t *tok) {
  if (m->md_fence) {
    if (l->trim_len != m->md_fence) return false;
    for (size_t i = 0; i < l->trim_len; i++)
      if (l->trim[i] != '`') return false;
    tok->keyword = xstrndup(l->trim, l->trim_len);
    tok->text = xstrdup("");
    m->md_fence = 0;
    return true;
  }
  size_t n = 0;
  while (n < l->trim_len && l->trim[n] == '`') n++;
  if (n < 3) return false;
  tok->keyword = xstrndup(l->trim, n);
  tok->text = xstrndup(l->trim + n, l->trim_len - n);
  m->md_fence = n;
  m->md_indent = l->indent_chars;
  m->md_indent_set = true;
  return true;
}

/* The first line that is not a tag line: "# Feature: title", or any line as the title. */
static bool match_feature(gherkin_matcher_t *m, const gherkin_line_t *l, gherkin_token_t *tok,
                          int *column) {
  if (m->md_feature_seen) return false;
  if (!match_header(m, l, GHERKIN_KW_FEATURE, tok, column))
    tok->text = xstrndup(l->trim, l->trim_len);
  m->md_feature_seen = true;
  return true;
}

/* The whole line, less the last doc string's indent (as Cucumber's getLineText does). */
static void match_other(const gherkin_matcher_t *m, const gherkin_line_t *l, gherkin_token_t *tok) {
  if (!m->md_indent_set) {
    tok->text = xstrndup(l->text, l->len);
    return;
  }
  if (m->md_indent > l->indent_chars) {
    tok->text = xstrndup(l->trim, l->trim_len);
    return;
  }
  const char *s = l->text;
  size_t n = l->len, k;
  for (size_t d = 0; d < m->md_indent && (k = gherkin_space_len(s, n)) > 0; d++) s += k, n -= k;
  tok->text = xstrndup(s, n);
}

static bool match_one(gherkin_matcher_t *m, const gherkin_line_t *l, gherkin_tok_t type,
                      gherkin_token_t *tok, int *column);

/* Blank, or matched by nothing else (prose). Trying the others has their effects, as in
 * Cucumber's matcher (the first line is taken as the feature line). */
static bool match_empty(gherkin_matcher_t *m, const gherkin_line_t *l) {
  bool empty = l->trim_len == 0;
  static const gherkin_tok_t others[] = {GT_TAGLINE,  GT_FEATURE, GT_SCENARIO, GT_BACKGROUND,
                                         GT_EXAMPLES, GT_RULE,    GT_TABLEROW, GT_COMMENT,
                                         GT_DOCSEP,   GT_STEP};
  bool any = false;
  for (size_t i = 0; i < sizeof others / sizeof others[0] && !any; i++) {
    gherkin_token_t scratch = {0};
    int column = -1;
    any = match_one(m, l, others[i], &scratch, &column);
    gherkin_token_clear(&scratch);
  }
  return empty || !any;
}

static bool match_one(gherkin_matcher_t *m, const gherkin_line_t *l, gherkin_tok_t type,
                      gherkin_token_t *tok, int *column) {
  switch (type) {
  case GT_EMPTY: return match_empty(m, l);
  case GT_COMMENT:
    /* a separator row that starts the line; no text: no comment in the document */
    return l->len && l->text[0] == '|' && gfm_separator(l);
  case GT_TAGLINE: return match_tags(l, tok);
  case GT_FEATURE: return match_feature(m, l, tok, column);
  case GT_RULE: return match_header(m, l, GHERKIN_KW_RULE, tok, column);
  case GT_BACKGROUND: return match_header(m, l, GHERKIN_KW_BACKGROUND, tok, column);
  case GT_SCENARIO:
    return match_header(m, l, GHERKIN_KW_SCENARIO, tok, column) ||
           match_header(m, l, GHERKIN_KW_OUTLINE, tok, column);
  case GT_EXAMPLES: return match_header(m, l, GHERKIN_KW_EXAMPLES, tok, column);
  case GT_STEP: return match_step(m, l, tok, column);
  case GT_DOCSEP: return match_docsep(m, l, tok);
  case GT_TABLEROW: return match_table_row(l, tok);
  case GT_OTHER:
    match_other(m, l, tok);
    *column = 1;
    return true;
  default: return false; /* no "# language:" in Markdown */
  }
}

bool gherkin_md_match(gherkin_matcher_t *m, const gherkin_line_t *l, gherkin_tok_t type,
                      gherkin_token_t *tok, int *column) {
  *column = -1;
  return match_one(m, l, type, tok, column);
}
