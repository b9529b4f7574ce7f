/* ts_lex: the TypeScript eraser's scanner. Stateless beyond a byte position: the parser
 * asks for the token at a position, in expression or type mode, and rescans a token when
 * the grammar decides what it is ('/' a regex, '}' a template's continuation, '>>' two
 * closing angles). Every read is bounded by the source length; a failure makes every
 * later token EOF so that every loop of the parser ends. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "js/ts_internal.h"

void ts_fail(ts_parser_t *p, size_t pos, const char *fmt, ...) {
  if (p->failed) return;
  p->failed = true;
  p->err_pos = pos > p->len ? p->len : pos;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(p->err_msg, sizeof(p->err_msg), fmt, ap);
  va_end(ap);
}

/* Length of a line terminator at i (\n \r U+2028 U+2029), 0 if none. */
static size_t newline_len(const char *s, size_t len, size_t i) {
  unsigned char c = (unsigned char)s[i];
  if (c == '\n' || c == '\r') return 1;
  if (c == 0xE2 && i + 2 < len && (unsigned char)s[i + 1] == 0x80 &&
      ((unsigned char)s[i + 2] == 0xA8 || (unsigned char)s[i + 2] == 0xA9))
    return 3;
  return 0;
}

/* Length of a whitespace character (not a line terminator) at i, 0 if none. */
static size_t space_len(const char *s, size_t len, size_t i) {
  unsigned char c = (unsigned char)s[i];
  if (c == ' ' || c == '\t' || c == '\v' || c == '\f') return 1;
  unsigned char c1 = i + 1 < len ? (unsigned char)s[i + 1] : 0;
  unsigned char c2 = i + 2 < len ? (unsigned char)s[i + 2] : 0;
  if (c == 0xC2 && c1 == 0xA0) return 2;
  if (c == 0xEF && c1 == 0xBB && c2 == 0xBF) return 3;
  if (c == 0xE1 && c1 == 0x9A && c2 == 0x80) return 3;
  if (c == 0xE2 && c1 == 0x80 && ((c2 >= 0x80 && c2 <= 0x8A) || c2 == 0xAF)) return 3;
  if (c == 0xE2 && c1 == 0x81 && c2 == 0x9F) return 3;
  if (c == 0xE3 && c1 == 0x80 && c2 == 0x80) return 3;
  return 0;
}

static bool ident_start(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '$' || c == '_' || c >= 0x80 ||
         c == '\\';
}

static bool ident_part(unsigned char c) { return ident_start(c) || (c >= '0' && c <= '9'); }

static bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

/* Skips whitespace and comments from *pos; true if a line terminator was among them. */
static bool skip_trivia(ts_parser_t *p, size_t *pos) {
  const char *s = p->src;
  size_t i = *pos, n;
  bool nl = false;
  if (i == 0 && p->len >= 2 && s[0] == '#' && s[1] == '!') /* a hashbang line */
    while (i < p->len && !newline_len(s, p->len, i)) i++;
  while (i < p->len) {
    if (s[i] == ' ' || s[i] == '\t') { /* the common case first */
      i++;
    } else if (s[i] == '\n') {
      nl = true;
      i++;
    } else if ((n = newline_len(s, p->len, i))) {
      nl = true;
      i += n;
    } else if ((n = space_len(s, p->len, i))) {
      i += n;
    } else if (s[i] == '/' && i + 1 < p->len && s[i + 1] == '/') {
      while (i < p->len && !newline_len(s, p->len, i)) i++;
    } else if (s[i] == '/' && i + 1 < p->len && s[i + 1] == '*') {
      size_t open = i;
      i += 2;
      while (i + 1 < p->len && !(s[i] == '*' && s[i + 1] == '/')) {
        if (newline_len(s, p->len, i)) nl = true;
        i++;
      }
      if (i + 1 >= p->len) {
        ts_fail(p, open, "unterminated comment");
        i = p->len;
        break;
      }
      i += 2;
    } else {
      break;
    }
  }
  *pos = i;
  return nl;
}

/* A string literal's end, from its opening quote at i. */
static size_t scan_string(ts_parser_t *p, size_t i) {
  char q = p->src[i];
  size_t open = i++;
  while (i < p->len && p->src[i] != q) {
    if (p->src[i] == '\\') {
      i++;
      if (i < p->len && p->src[i] == '\r' && i + 1 < p->len && p->src[i + 1] == '\n') i++;
    } else if (p->src[i] == '\n' || p->src[i] == '\r') {
      break;
    }
    i++;
  }
  if (i >= p->len || p->src[i] != q) {
    ts_fail(p, open, "unterminated string literal");
    return p->len;
  }
  return i + 1;
}

/* A template part from i (just after '`' or '}'): to the closing '`' (TK_TMPL) or to and
 * including a `${` (TK_TMPL_OPEN). */
static size_t scan_template(ts_parser_t *p, size_t i, size_t open, int *kind) {
  while (i < p->len) {
    char c = p->src[i];
    if (c == '\\') {
      i += 2;
      continue;
    }
    if (c == '`') {
      *kind = TK_TMPL;
      return i + 1;
    }
    if (c == '$' && i + 1 < p->len && p->src[i + 1] == '{') {
      *kind = TK_TMPL_OPEN;
      return i + 2;
    }
    i++;
  }
  ts_fail(p, open, "unterminated template literal");
  return p->len;
}

static size_t scan_regex(ts_parser_t *p, size_t i) {
  size_t open = i++;
  bool in_class = false;
  while (i < p->len) {
    char c = p->src[i];
    if (newline_len(p->src, p->len, i)) break;
    if (c == '\\') {
      i += 2;
      continue;
    }
    if (c == '[') in_class = true;
    else if (c == ']') in_class = false;
    else if (c == '/' && !in_class) break;
    i++;
  }
  if (i >= p->len || p->src[i] != '/') {
    ts_fail(p, open, "unterminated regular expression");
    return p->len;
  }
  i++;
  while (i < p->len && ident_part((unsigned char)p->src[i])) i++;
  return i;
}

static size_t scan_number(const ts_parser_t *p, size_t i) {
  const char *s = p->src;
  if (s[i] == '0' && i + 1 < p->len && strchr("xXbBoO", s[i + 1]) && s[i + 1]) {
    i += 2;
    while (i < p->len && (ident_part((unsigned char)s[i]))) i++;
    return i;
  }
  while (i < p->len && (is_digit((unsigned char)s[i]) || s[i] == '_')) i++;
  if (i < p->len && s[i] == '.') {
    i++;
    while (i < p->len && (is_digit((unsigned char)s[i]) || s[i] == '_')) i++;
  }
  if (i < p->len && (s[i] == 'e' || s[i] == 'E')) {
    size_t j = i + 1;
    if (j < p->len && (s[j] == '+' || s[j] == '-')) j++;
    if (j < p->len && is_digit((unsigned char)s[j])) {
      i = j;
      while (i < p->len && (is_digit((unsigned char)s[i]) || s[i] == '_')) i++;
    }
  }
  if (i < p->len && s[i] == 'n') i++;
  return i;
}

static ts_tok_t scan(ts_parser_t *p, size_t pos, bool type_mode);

/* Punctuators longer than one character, longest first. */
static const struct {
  char text[5];
  unsigned char len;
} puncts[] = {{">>>=", 4},
              {"...", 3},
              {"===", 3},
              {"!==", 3},
              {"**=", 3},
              {"<<=", 3},
              {">>=", 3},
              {">>>", 3},
              {"&&=", 3},
              {"||=", 3},
              {"?"
               "?=",
               3},
              {"=>", 2},
              {"==", 2},
              {"!=", 2},
              {"<=", 2},
              {">=", 2},
              {"&&", 2},
              {"||", 2},
              {"??", 2},
              {"?.", 2},
              {"++", 2},
              {"--", 2},
              {"+=", 2},
              {"-=", 2},
              {"*=", 2},
              {"/=", 2},
              {"%=", 2},
              {"&=", 2},
              {"|=", 2},
              {"^=", 2},
              {"<<", 2},
              {">>", 2},
              {"**", 2}};

ts_tok_t ts_lex(ts_parser_t *p, size_t pos, bool type_mode) {
  ts_tok_t t = {TK_EOF, p->len, p->len, false};
  if (p->failed) return t;
  /* A token is often scanned twice, peeked then consumed: the last two are kept (a token
   * depends only on its position and the mode). */
  for (int i = 0; i < 2; i++)
    if (p->lex_cache[i].valid && p->lex_cache[i].pos == pos &&
        p->lex_cache[i].type_mode == type_mode)
      return p->lex_cache[i].tok;
  t = scan(p, pos, type_mode);
  if (!p->failed) {
    p->lex_cache[p->lex_cache_next] = (ts_lex_cache_t){true, type_mode, pos, t};
    p->lex_cache_next ^= 1;
  }
  return t;
}

static ts_tok_t scan(ts_parser_t *p, size_t pos, bool type_mode) {
  ts_tok_t t = {TK_EOF, p->len, p->len, false};
  if (++p->work > p->work_limit) {
    ts_fail(p, pos, "source too complex to erase");
    p->fatal = true;
    return t;
  }
  t.nl = skip_trivia(p, &pos);
  t.start = t.end = pos;
  if (p->failed || pos >= p->len) {
    t.start = t.end = p->len;
    return t;
  }
  const char *s = p->src;
  unsigned char c = (unsigned char)s[pos];
  if (ident_start(c)) {
    size_t i = pos + 1;
    for (; i < p->len; i++) {
      unsigned char ch = (unsigned char)s[i];
      if (ch < 0x80 ? !ident_part(ch) : space_len(s, p->len, i) || newline_len(s, p->len, i)) break;
    }
    t.kind = TK_NAME;
    t.end = i;
  } else if (c == '#' && pos + 1 < p->len && ident_start((unsigned char)s[pos + 1])) {
    size_t i = pos + 2;
    while (i < p->len && ident_part((unsigned char)s[i])) i++;
    t.kind = TK_PRIV;
    t.end = i;
  } else if (is_digit(c) || (c == '.' && pos + 1 < p->len && is_digit((unsigned char)s[pos + 1]))) {
    t.kind = TK_NUM;
    t.end = scan_number(p, pos);
  } else if (c == '"' || c == '\'') {
    t.kind = TK_STR;
    t.end = scan_string(p, pos);
  } else if (c == '`') {
    t.end = scan_template(p, pos + 1, pos, &t.kind);
  } else {
    t.kind = TK_PUNCT;
    t.end = pos + 1;
    /* In a type, '>' closes one angle and `<<` opens two (`F<<T>() => T>`), as
     * TypeScript rescans them; `<=` stays, so `x as T <= y` is no type argument list. */
    bool single = type_mode && (c == '>' || (c == '<' && pos + 1 < p->len && s[pos + 1] == '<'));
    if (!single && pos + 1 < p->len && strchr("<>=!*&|?.+-/%^", s[pos + 1])) {
      for (size_t k = 0; k < sizeof(puncts) / sizeof(puncts[0]); k++) {
        size_t n = puncts[k].len;
        if (puncts[k].text[0] != (char)c || pos + n > p->len ||
            memcmp(s + pos, puncts[k].text, n) != 0)
          continue;
        /* `a?.5:b` is a conditional, not optional chaining. */
        if (n == 2 && c == '?' && s[pos + 1] == '.' && pos + 2 < p->len &&
            is_digit((unsigned char)s[pos + 2]))
          continue;
        t.end = pos + n;
        break;
      }
    }
  }
  if (p->failed) t = (ts_tok_t){TK_EOF, p->len, p->len, false};
  return t;
}

void ts_next(ts_parser_t *p) {
  p->prev_end = p->tok.end;
  p->tok = ts_lex(p, p->tok.end, false);
}

void ts_next_type(ts_parser_t *p) {
  p->prev_end = p->tok.end;
  p->tok = ts_lex(p, p->tok.end, true);
}

ts_tok_t ts_peek(ts_parser_t *p) { return ts_lex(p, p->tok.end, false); }

ts_tok_t ts_peek_type(ts_parser_t *p) { return ts_lex(p, p->tok.end, true); }

void ts_rescan_regex(ts_parser_t *p) {
  if (p->failed) return;
  p->tok.kind = TK_REGEX;
  p->tok.end = scan_regex(p, p->tok.start);
  if (p->failed) p->tok = (ts_tok_t){TK_EOF, p->len, p->len, false};
}

void ts_rescan_template(ts_parser_t *p) {
  if (p->failed) return;
  p->tok.end = scan_template(p, p->tok.start + 1, p->tok.start, &p->tok.kind);
  if (p->failed) p->tok = (ts_tok_t){TK_EOF, p->len, p->len, false};
}

void ts_rescan_type(ts_parser_t *p) {
  bool nl = p->tok.nl;
  p->tok = ts_lex(p, p->tok.start, true);
  p->tok.nl = nl;
}

void ts_expect(ts_parser_t *p, const char *text) {
  if (p->failed) return;
  if (!ts_is(p, text)) {
    if (p->tok.kind == TK_EOF)
      ts_fail(p, p->tok.start, "expected '%s' before the end of the file", text);
    else
      ts_fail(p, p->tok.start, "expected '%s', found '%.*s'", text,
              (int)(p->tok.end - p->tok.start > 40 ? 40 : p->tok.end - p->tok.start),
              p->src + p->tok.start);
    return;
  }
  ts_next(p);
}

void ts_line_col(const char *src, size_t len, size_t pos, unsigned *line, unsigned *col) {
  unsigned l = 1, c = 1;
  for (size_t i = 0; i < pos && i < len;) {
    size_t n = newline_len(src, len, i);
    if (n) {
      if (src[i] == '\r' && i + 1 < len && src[i + 1] == '\n') n = 2;
      l++;
      c = 1;
      i += n;
      continue;
    }
    unsigned char b = (unsigned char)src[i];
    if ((b & 0xC0) != 0x80) c += b >= 0xF0 ? 2 : 1; /* UTF-16 units: 2 for astral */
    i++;
  }
  *line = l;
  *col = c;
}
