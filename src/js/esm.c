/* esm: rewrites ES module syntax into CommonJS-style code for the module loader, keeping
 * every line where it was so that stack traces and error messages point at the user's
 * file:line.
 *
 * Two halves. A tokenizer that knows just enough JavaScript never to look inside strings,
 * templates, comments and regular expressions, and to tell a function body from a block
 * (for top-level await). A rewriter that reads import/export statements off the token
 * stream and turns them into edits of source byte ranges; the output is assembled at the
 * end from the source and the edits. An edit re-emits every line terminator of the range it
 * replaces, and the collected `exports.x = x;` assignments go after the last character, so
 * no line moves.
 *
 * Memory: the rewriter owns everything it allocates and frees it before esm_rewrite
 * returns. The result is appended to the caller's `out` only on success; the message is
 * appended to `err` only on failure. */
#include "js/esm.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- tokenizer ---- */

enum { TK_EOF, TK_NAME, TK_NUM, TK_STR, TK_TMPL, TK_TMPL_OPEN, TK_REGEX, TK_PUNCT };

/* What an open bracket is. TK_TMPL_OPEN is a template head or middle (ends in `${`);
 * TK_TMPL a whole template or its tail. */
enum { FR_PAREN, FR_BRACKET, FR_BLOCK, FR_FUNC, FR_CLASS, FR_OBJ, FR_TMPL };

typedef struct {
  int kind;
  bool control;     /* a paren after if/for/while/...: what follows its ')' is a statement */
  unsigned id;
} frame_t;

typedef struct {
  int kind;
  size_t start, end;
  bool nl;          /* a line terminator comes between the previous token and this one */
  bool prop;        /* a name right after '.' or '?.': a property, never a keyword */
  bool control;     /* a ')' that closed a control paren */
  int closed;       /* for a closing bracket, the FR_ kind it closed; else -1 */
  int depth;        /* brackets open before this token */
  int fdepth;       /* function bodies (and concise arrow bodies) around this token */
  unsigned id;      /* a '(' and its ')' share the paren's id */
} tok_t;

typedef struct {
  const char *src;
  size_t len, pos;
  frame_t *st;
  int depth, cap;
  int *arrows;      /* depths at which concise arrow bodies (`=> expr`) are open */
  int narrows, arrows_cap;
  bool after_arrow;
  int fdepth;
  int class_depth;  /* a `class` at this depth waits for its body's '{'; -1 if none */
  unsigned ids;
  tok_t prev, prev2;
  size_t eof_comment; /* start of a // comment that runs to the end of input, or SIZE_MAX */
} lexer_t;

static bool text_is(const lexer_t *lx, const tok_t *t, const char *s) {
  size_t n = strlen(s);
  return t->end - t->start == n && memcmp(lx->src + t->start, s, n) == 0;
}

static bool is_p(const lexer_t *lx, const tok_t *t, const char *s) {
  return t->kind == TK_PUNCT && text_is(lx, t, s);
}

static bool is_kw(const lexer_t *lx, const tok_t *t, const char *s) {
  return t->kind == TK_NAME && !t->prop && text_is(lx, t, s);
}

static bool kw_in(const lexer_t *lx, const tok_t *t, const char *const *list) {
  if (t->kind != TK_NAME || t->prop) return false;
  for (; *list; list++)
    if (text_is(lx, t, *list)) return true;
  return false;
}

/* After these an expression starts: a '/' opens a regex, a '{' an object literal. */
static const char *const expr_kws[] = {"return", "typeof", "instanceof", "in", "of", "new",
                                       "delete", "void", "throw", "case", "do", "else",
                                       "yield", "await", "default", NULL};
/* Keywords that cannot end a statement, so a line break after them is no ASI point. */
static const char *const open_kws[] = {"var", "let", "const", "function", "class", "if",
                                       "for", "while", "switch", "catch", "with", "import",
                                       "export", "extends", "try", "finally", NULL};
static const char *const control_kws[] = {"if", "for", "while", "switch", "catch", "with", NULL};

static bool ends_expr(const lexer_t *lx, const tok_t *t) {
  switch (t->kind) {
  case TK_NAME:
    return !kw_in(lx, t, expr_kws) && !kw_in(lx, t, open_kws);
  case TK_NUM: case TK_STR: case TK_TMPL: case TK_REGEX:
    return true;
  case TK_PUNCT:
    return is_p(lx, t, ")") || is_p(lx, t, "]") || is_p(lx, t, "}") || is_p(lx, t, "++") ||
           is_p(lx, t, "--");
  default:
    return false;
  }
}

/* Automatic semicolon insertion, approximately: a line break ends the statement when the
 * previous token can end one and `t` cannot continue it. */
static bool asi_break(const lexer_t *lx, const tok_t *prev, const tok_t *t) {
  if (!t->nl || !ends_expr(lx, prev)) return false;
  switch (t->kind) {
  case TK_NAME:
    return !text_is(lx, t, "in") && !text_is(lx, t, "instanceof");
  case TK_NUM: case TK_STR:
    return true;
  case TK_PUNCT:
    return is_p(lx, t, "{") || is_p(lx, t, "++") || is_p(lx, t, "--") || is_p(lx, t, "!") ||
           is_p(lx, t, "~");
  default:
    return false;
  }
}

/* Length of the line terminator at p (\n, \r\n, \r, U+2028, U+2029), 0 if none. */
static size_t terminator_len(const unsigned char *p, size_t n) {
  if (p[0] == '\n') return 1;
  if (p[0] == '\r') return n > 1 && p[1] == '\n' ? 2 : 1;
  if (n >= 3 && p[0] == 0xE2 && p[1] == 0x80 && (p[2] == 0xA8 || p[2] == 0xA9)) return 3;
  return 0;
}

/* Length of the non-ASCII space at p (UTF-8 NBSP, BOM and the Zs block), 0 if none. */
static size_t uspace_len(const unsigned char *p, size_t n) {
  if (n >= 2 && p[0] == 0xC2 && p[1] == 0xA0) return 2;
  if (n < 3) return 0;
  if (p[0] == 0xE2 && p[1] == 0x80 && (p[2] <= 0x8A || p[2] == 0xAF)) return 3;
  if ((p[0] == 0xE2 && p[1] == 0x81 && p[2] == 0x9F) || (p[0] == 0xE3 && p[1] == 0x80 && p[2] == 0x80) ||
      (p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF) || (p[0] == 0xE1 && p[1] == 0x9A && p[2] == 0x80))
    return 3;
  return 0;
}

static bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

static bool is_alnum(unsigned char c) {
  return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
}

/* Non-ASCII bytes count as identifier characters unless they spell a space or line break:
 * exact Unicode ID_Start tables are not needed to find token boundaries. */
static bool ident_at(const lexer_t *lx, size_t pos, bool start) {
  const unsigned char *p = (const unsigned char *)lx->src + pos;
  size_t n = lx->len - pos;
  if (n == 0) return false;
  if (p[0] < 0x80) return p[0] == '\\' || (is_alnum(p[0]) && !(start && is_digit(p[0])));
  return terminator_len(p, n) == 0 && uspace_len(p, n) == 0;
}

/* Skips spaces and comments; returns whether a line terminator was among them. */
static bool skip_space(lexer_t *lx) {
  const unsigned char *s = (const unsigned char *)lx->src;
  bool nl = false;
  while (lx->pos < lx->len) {
    size_t p = lx->pos, rest = lx->len - p, n;
    unsigned char c = s[p];
    if ((n = terminator_len(s + p, rest)) > 0) {
      nl = true;
      lx->pos += n;
    } else if (c == ' ' || c == '\t' || c == '\v' || c == '\f') {
      lx->pos++;
    } else if ((n = uspace_len(s + p, rest)) > 0) {
      lx->pos += n;
    } else if (rest > 1 && ((c == '/' && s[p + 1] == '/') || (p == 0 && c == '#' && s[1] == '!'))) {
      while (lx->pos < lx->len && !terminator_len(s + lx->pos, lx->len - lx->pos)) lx->pos++;
      if (lx->pos == lx->len) lx->eof_comment = p;
    } else if (rest > 1 && c == '/' && s[p + 1] == '*') {
      lx->pos += 2;
      while (lx->pos < lx->len && !(s[lx->pos] == '*' && lx->pos + 1 < lx->len && s[lx->pos + 1] == '/')) {
        if (terminator_len(s + lx->pos, lx->len - lx->pos)) nl = true;
        lx->pos++;
      }
      lx->pos = lx->pos + 2 < lx->len ? lx->pos + 2 : lx->len;
    } else {
      break;
    }
  }
  return nl;
}

static void scan_name(lexer_t *lx) {
  while (ident_at(lx, lx->pos, false)) {
    if (lx->src[lx->pos] != '\\') {
      lx->pos++;
      continue;
    }
    /* \uXXXX or \u{X...}: the hex digits are identifier characters anyway */
    lx->pos++;
    if (lx->pos < lx->len && lx->src[lx->pos] == 'u') lx->pos++;
    if (lx->pos < lx->len && lx->src[lx->pos] == '{')
      while (lx->pos < lx->len && lx->src[lx->pos++] != '}') {}
  }
}

static void scan_number(lexer_t *lx) {
  const char *s = lx->src;
  char c1 = lx->pos + 1 < lx->len ? (char)(s[lx->pos + 1] | 0x20) : 0;
  bool radix = s[lx->pos] == '0' && (c1 == 'x' || c1 == 'o' || c1 == 'b'); /* no exponent, no dot */
  bool dot = s[lx->pos] == '.';
  lx->pos++;
  while (lx->pos < lx->len) {
    char c = s[lx->pos];
    if (is_alnum((unsigned char)c)) {
      lx->pos++;
    } else if (c == '.' && !dot && !radix) {
      dot = true;
      lx->pos++;
    } else if ((c == '+' || c == '-') && !radix && (s[lx->pos - 1] == 'e' || s[lx->pos - 1] == 'E')) {
      lx->pos++;
    } else {
      break;
    }
  }
}

static void scan_string(lexer_t *lx) {
  const unsigned char *s = (const unsigned char *)lx->src;
  unsigned char q = s[lx->pos++];
  while (lx->pos < lx->len) {
    unsigned char c = s[lx->pos];
    if (c == '\\') {
      size_t n = lx->pos + 1 < lx->len ? terminator_len(s + lx->pos + 1, lx->len - lx->pos - 1) : 0;
      lx->pos += 1 + (n ? n : 1);
    } else if (c == q) {
      lx->pos++;
      return;
    } else if (c == '\n' || c == '\r') {
      return; /* unterminated: let the engine report it, keep lexing the next line */
    } else {
      lx->pos++;
    }
  }
  lx->pos = lx->len;
}

/* Scans template text after '`' or the '}' closing a substitution. */
static int scan_template(lexer_t *lx) {
  const char *s = lx->src;
  while (lx->pos < lx->len) {
    char c = s[lx->pos];
    if (c == '\\') {
      lx->pos += 2;
    } else if (c == '`') {
      lx->pos++;
      return TK_TMPL;
    } else if (c == '$' && lx->pos + 1 < lx->len && s[lx->pos + 1] == '{') {
      lx->pos += 2;
      return TK_TMPL_OPEN;
    } else {
      lx->pos++;
    }
  }
  lx->pos = lx->len;
  return TK_TMPL;
}

static void scan_regex(lexer_t *lx) {
  const char *s = lx->src;
  bool cls = false;
  lx->pos++;
  while (lx->pos < lx->len) {
    char c = s[lx->pos];
    if (c == '\n' || c == '\r') return;
    if (c == '\\' && lx->pos + 1 < lx->len && s[lx->pos + 1] != '\n') {
      lx->pos += 2;
      continue;
    }
    lx->pos++;
    if (c == '[') {
      cls = true;
    } else if (c == ']') {
      cls = false;
    } else if (c == '/' && !cls) {
      while (ident_at(lx, lx->pos, false)) lx->pos++;
      return;
    }
  }
}

static const char *const puncts[] = {">>>=", "...", "===", "!==", "**=", "<<=", ">>=", ">>>",
                                     "&&=", "||=", "?\?=", "=>", "==", "!=", "<=", ">=", "&&",
                                     "||", "??", "?.", "++", "--", "+=", "-=", "*=", "/=",
                                     "%=", "&=", "|=", "^=", "**", "<<", ">>", NULL};

static void scan_punct(lexer_t *lx) {
  const char *s = lx->src + lx->pos;
  size_t rest = lx->len - lx->pos;
  for (const char *const *p = puncts; *p; p++) {
    size_t n = strlen(*p);
    if (rest < n || memcmp(s, *p, n) != 0) continue;
    if (n == 2 && s[0] == '?' && s[1] == '.' && rest > 2 && is_digit((unsigned char)s[2])) continue;
    lx->pos += n;
    return;
  }
  lx->pos++;
}

/* Whether a '/' here starts a regex rather than a division, from the token before it. */
static bool regex_ok(const lexer_t *lx) {
  const tok_t *p = &lx->prev;
  switch (p->kind) {
  case TK_EOF: case TK_TMPL_OPEN:
    return true;
  case TK_NAME:
    return kw_in(lx, p, expr_kws);
  case TK_PUNCT:
    if (is_p(lx, p, ")")) return p->control;
    if (is_p(lx, p, "}")) return p->closed != FR_OBJ;
    return !is_p(lx, p, "]") && !is_p(lx, p, "++") && !is_p(lx, p, "--");
  default:
    return false;
  }
}

/* What a '{' opens, from the token before it. A '{' after a non-control ')' or '=>' is a
 * function body: that covers declarations, expressions, arrows and methods alike. */
static int brace_kind(lexer_t *lx) {
  const tok_t *p = &lx->prev;
  if (lx->class_depth == lx->depth) {
    lx->class_depth = -1;
    return FR_CLASS;
  }
  if (is_p(lx, p, "=>")) return FR_FUNC;
  if (is_p(lx, p, ")")) return p->control ? FR_BLOCK : FR_FUNC;
  if (p->kind == TK_TMPL_OPEN) return FR_OBJ;
  if (p->kind == TK_NAME) {
    if (is_kw(lx, p, "do") || is_kw(lx, p, "else")) return FR_BLOCK;
    return kw_in(lx, p, expr_kws) ? FR_OBJ : FR_BLOCK;
  }
  if (p->kind != TK_PUNCT || is_p(lx, p, ";") || is_p(lx, p, "}") || is_p(lx, p, "{") ||
      is_p(lx, p, "]") || is_p(lx, p, "++") || is_p(lx, p, "--"))
    return FR_BLOCK;
  return FR_OBJ;
}

static void push(lexer_t *lx, int kind, bool control, tok_t *t) {
  if (lx->depth == lx->cap) {
    lx->cap = lx->cap ? lx->cap * 2 : 32;
    lx->st = xrealloc(lx->st, (size_t)lx->cap * sizeof *lx->st);
  }
  lx->st[lx->depth++] = (frame_t){kind, control, ++lx->ids};
  t->id = lx->ids;
  if (kind == FR_FUNC) lx->fdepth++;
}

static void pop(lexer_t *lx, tok_t *t) {
  if (lx->depth == 0) return; /* unbalanced: the engine will say so */
  frame_t f = lx->st[--lx->depth];
  t->closed = f.kind;
  t->control = f.control;
  t->id = f.id;
  if (f.kind == FR_FUNC) lx->fdepth--;
  if (lx->class_depth > lx->depth) lx->class_depth = -1;
}

/* Applies a token's effect on the bracket stack and function nesting. */
static void settle(lexer_t *lx, tok_t *t) {
  char c0 = lx->src[t->start];
  bool closer = c0 == ')' || c0 == ']' || c0 == '}';
  while (lx->narrows > 0) {
    int d = lx->arrows[lx->narrows - 1];
    if (t->depth > d) break;
    if (t->depth == d && !closer && !is_p(lx, t, ",") && !is_p(lx, t, ";") && !asi_break(lx, &lx->prev, t))
      break;
    lx->narrows--;
    lx->fdepth--;
  }
  if (lx->after_arrow && !is_p(lx, t, "{")) {
    if (lx->narrows == lx->arrows_cap) {
      lx->arrows_cap = lx->arrows_cap ? lx->arrows_cap * 2 : 8;
      lx->arrows = xrealloc(lx->arrows, (size_t)lx->arrows_cap * sizeof *lx->arrows);
    }
    lx->arrows[lx->narrows++] = t->depth;
    lx->fdepth++;
  }
  lx->after_arrow = is_p(lx, t, "=>");
  t->fdepth = lx->fdepth;

  if (lx->class_depth == t->depth && (is_p(lx, t, ",") || is_p(lx, t, ";") || is_p(lx, t, ":")))
    lx->class_depth = -1;
  if (is_kw(lx, t, "class")) lx->class_depth = lx->depth;

  if (t->kind == TK_PUNCT) {
    if (c0 == '(') {
      bool control = kw_in(lx, &lx->prev, control_kws) ||
                     (is_kw(lx, &lx->prev, "await") && is_kw(lx, &lx->prev2, "for"));
      push(lx, FR_PAREN, control, t);
    } else if (c0 == '[') {
      push(lx, FR_BRACKET, false, t);
    } else if (c0 == '{') {
      push(lx, brace_kind(lx), false, t);
    } else if (closer) {
      pop(lx, t);
    }
  } else if (t->kind == TK_TMPL_OPEN && c0 == '`') {
    push(lx, FR_TMPL, false, t);
  } else if (t->kind == TK_TMPL && c0 == '}') {
    pop(lx, t);
  }
}

static tok_t lex(lexer_t *lx) {
  tok_t t = {0};
  t.nl = skip_space(lx);
  t.start = lx->pos;
  t.closed = -1;
  t.depth = lx->depth;
  t.fdepth = lx->fdepth;
  if (lx->pos >= lx->len) {
    t.kind = TK_EOF;
    t.end = t.start;
    return t;
  }
  const char *s = lx->src;
  char c = s[lx->pos];
  if (ident_at(lx, lx->pos, true) || (c == '#' && ident_at(lx, lx->pos + 1, true))) {
    if (c == '#') lx->pos++;
    scan_name(lx);
    t.kind = TK_NAME;
    t.prop = is_p(lx, &lx->prev, ".") || is_p(lx, &lx->prev, "?.");
  } else if (is_digit((unsigned char)c) ||
             (c == '.' && lx->pos + 1 < lx->len && is_digit((unsigned char)s[lx->pos + 1]))) {
    scan_number(lx);
    t.kind = TK_NUM;
  } else if (c == '"' || c == '\'') {
    scan_string(lx);
    t.kind = TK_STR;
  } else if (c == '`' || (c == '}' && lx->depth > 0 && lx->st[lx->depth - 1].kind == FR_TMPL)) {
    lx->pos++;
    t.kind = scan_template(lx);
  } else if (c == '/' && regex_ok(lx)) {
    scan_regex(lx);
    t.kind = TK_REGEX;
  } else {
    scan_punct(lx);
    t.kind = TK_PUNCT;
  }
  t.end = lx->pos;
  settle(lx, &t);
  lx->prev2 = lx->prev;
  lx->prev = t;
  return t;
}

/* ---- rewriter ---- */

typedef struct {
  size_t start, end;  /* source bytes replaced */
  size_t text, tlen;  /* replacement, in rewriter_t.texts */
  bool keep_cols;     /* pad with spaces so that code after the range keeps its column */
  bool dead;          /* dropped after all: the range is copied unchanged */
} edit_t;

typedef struct {
  lexer_t lx;
  tok_t ahead[4];
  int nahead;
  tok_t cur, prev;
  edit_t *edits;
  size_t nedits, edits_cap;
  sbuf_t texts;
  sbuf_t tail;          /* `exports.x = x;` for each export recorded so far */
  struct { unsigned paren; size_t edit; } *dyn; /* `import(` whose ')' is still to come */
  size_t ndyn, dyn_cap;
  bool in_decl;         /* in `export var|let|const` at top level: ',' starts a declarator */
  unsigned tmps;
  esm_info_t info;
  sbuf_t *err;
} rewriter_t;

/* Patterns nested deeper than this are refused rather than recursed into. */
#define MAX_PATTERN_DEPTH 64

static const tok_t *peek(rewriter_t *rw, int n) {
  while (rw->nahead <= n) rw->ahead[rw->nahead++] = lex(&rw->lx);
  return &rw->ahead[n];
}

static const tok_t *advance(rewriter_t *rw) {
  peek(rw, 0);
  rw->prev = rw->cur;
  rw->cur = rw->ahead[0];
  memmove(rw->ahead, rw->ahead + 1, (size_t)--rw->nahead * sizeof *rw->ahead);
  return &rw->cur;
}

static size_t add_edit(rewriter_t *rw, size_t start, size_t end, const char *text, bool keep_cols) {
  if (rw->nedits == rw->edits_cap) {
    rw->edits_cap = rw->edits_cap ? rw->edits_cap * 2 : 16;
    rw->edits = xrealloc(rw->edits, rw->edits_cap * sizeof *rw->edits);
  }
  size_t n = strlen(text);
  rw->edits[rw->nedits] = (edit_t){start, end, rw->texts.len, n, keep_cols, false};
  sbuf_append(&rw->texts, text, n);
  return rw->nedits++;
}

static void locate(const char *src, size_t off, unsigned *line, unsigned *col) {
  *line = *col = 1;
  for (size_t i = 0; i < off; i++) {
    size_t n = terminator_len((const unsigned char *)src + i, off - i);
    if (n) {
      ++*line;
      *col = 1;
      i += n - 1;
    } else if (((unsigned char)src[i] & 0xC0) != 0x80) {
      ++*col;
    }
  }
}

static int fail(rewriter_t *rw, const tok_t *at, const char *stmt, const char *expected) {
  if (!rw->err) return -1;
  unsigned line, col;
  locate(rw->lx.src, at->start, &line, &col);
  sbuf_printf(rw->err, "line %u:%u: expected %s in %s, found ", line, col, expected, stmt);
  if (at->kind == TK_EOF) {
    sbuf_puts(rw->err, "end of input");
    return -1;
  }
  size_t n = 0, max = at->end - at->start;
  while (n < max && n < 24 && !terminator_len((const unsigned char *)rw->lx.src + at->start + n, max - n)) n++;
  sbuf_printf(rw->err, "'%.*s%s'", (int)n, rw->lx.src + at->start, n < max ? "..." : "");
  return -1;
}

/* `obj.name` or `obj["name"]`, after the token naming the property. */
static void put_member(rewriter_t *rw, sbuf_t *b, const char *obj, const tok_t *name) {
  const char *s = rw->lx.src + name->start;
  int n = (int)(name->end - name->start);
  if (name->kind == TK_STR) sbuf_printf(b, "%s[%.*s]", obj, n, s);
  else sbuf_printf(b, "%s.%.*s", obj, n, s);
}

/* Records `exports.<exported> = <local>;` for the end; exported NULL means default. */
static void record(rewriter_t *rw, const tok_t *exported, const tok_t *local) {
  if (exported) put_member(rw, &rw->tail, "exports", exported);
  else sbuf_puts(&rw->tail, "exports.default");
  sbuf_printf(&rw->tail, " = %.*s;", (int)(local->end - local->start), rw->lx.src + local->start);
}

static bool at_stmt_start(const rewriter_t *rw) {
  const tok_t *p = &rw->prev;
  return rw->cur.depth == 0 && (p->kind == TK_EOF || is_p(&rw->lx, p, ";") || is_p(&rw->lx, p, "}") ||
                                asi_break(&rw->lx, p, &rw->cur));
}

/* Drops `with { type: 'json' }` (or `assert {...}`) after a module specifier. */
static int skip_attributes(rewriter_t *rw, size_t *end) {
  const tok_t *k = peek(rw, 0);
  if (!is_kw(&rw->lx, k, "with") && !(is_kw(&rw->lx, k, "assert") && !k->nl)) return 0;
  if (!is_p(&rw->lx, peek(rw, 1), "{")) return 0;
  advance(rw);
  int inner = advance(rw)->depth + 1;
  for (;;) {
    const tok_t *t = advance(rw);
    if (t->kind == TK_EOF) return fail(rw, t, "import attributes", "'}'");
    if (t->depth == inner && is_p(&rw->lx, t, "}")) break;
  }
  *end = rw->cur.end;
  return 0;
}

/* After a module specifier at rw->cur: attributes and a ';' belong to the statement. */
static int stmt_end(rewriter_t *rw, size_t *end) {
  *end = rw->cur.end;
  if (skip_attributes(rw, end) != 0) return -1;
  if (is_p(&rw->lx, peek(rw, 0), ";")) *end = advance(rw)->end;
  return 0;
}

static int expect_spec(rewriter_t *rw, const char *stmt, tok_t *spec) {
  const tok_t *t = &rw->cur;
  if (!is_kw(&rw->lx, t, "from")) return fail(rw, t, stmt, "'from'");
  t = advance(rw);
  if (t->kind != TK_STR) return fail(rw, t, stmt, "a module specifier string");
  *spec = *t;
  return 0;
}

/* The bindings of one import statement, in the order they are written out. */
typedef struct {
  tok_t *defaults;    /* locals bound to the default export */
  size_t ndefaults;
  tok_t ns;           /* kind TK_EOF when there is no `* as ns` */
  sbuf_t named;       /* destructuring body: "a, b: c" */
} import_clause_t;

static void add_default(import_clause_t *c, const tok_t *local) {
  c->defaults = xrealloc(c->defaults, (c->ndefaults + 1) * sizeof *c->defaults);
  c->defaults[c->ndefaults++] = *local;
}

/* `{ a, b as c, default as d }`, from the '{' at rw->cur to its '}'. */
static int import_names(rewriter_t *rw, import_clause_t *c) {
  const lexer_t *lx = &rw->lx;
  for (;;) {
    const tok_t *t = advance(rw);
    if (is_p(lx, t, "}")) return 0;
    if (t->kind != TK_NAME && t->kind != TK_STR) return fail(rw, t, "import statement", "a name or '}'");
    tok_t imported = *t, local = *t;
    if (is_kw(lx, peek(rw, 0), "as")) {
      advance(rw);
      if (advance(rw)->kind != TK_NAME) return fail(rw, &rw->cur, "import statement", "a name after 'as'");
      local = rw->cur;
    } else if (t->kind == TK_STR) {
      return fail(rw, peek(rw, 0), "import statement", "'as'");
    }
    if (imported.kind == TK_NAME && text_is(lx, &imported, "default")) {
      add_default(c, &local);
    } else {
      const char *s = lx->src;
      if (c->named.len) sbuf_puts(&c->named, ", ");
      sbuf_append(&c->named, s + imported.start, imported.end - imported.start);
      if (local.start != imported.start)
        sbuf_printf(&c->named, ": %.*s", (int)(local.end - local.start), s + local.start);
    }
    t = advance(rw);
    if (is_p(lx, t, "}")) return 0;
    if (!is_p(lx, t, ",")) return fail(rw, t, "import statement", "',' or '}'");
  }
}

static void import_code(rewriter_t *rw, const import_clause_t *c, const tok_t *spec, sbuf_t *code) {
  int slen = (int)(spec->end - spec->start);
  const char *sp = rw->lx.src + spec->start;
  size_t parts = c->ndefaults + (c->ns.kind != TK_EOF) + (c->named.len > 0);
  if (parts == 0) {
    sbuf_printf(code, "require(%.*s);", slen, sp);
    return;
  }
  /* One binding reads the module inline; several share a temporary. */
  sbuf_t m = SBUF_INIT;
  sbuf_puts(code, "const ");
  if (parts == 1) {
    sbuf_printf(&m, "require(%.*s)", slen, sp);
  } else {
    sbuf_printf(&m, "__sonde_m%u", ++rw->tmps);
    sbuf_printf(code, "%s = require(%.*s), ", m.data, slen, sp);
  }
  const char *sep = "";
  for (size_t i = 0; i < c->ndefaults; i++, sep = ", ")
    sbuf_printf(code, "%s%.*s = __sonde_default(%s)", sep, (int)(c->defaults[i].end - c->defaults[i].start),
                rw->lx.src + c->defaults[i].start, m.data);
  if (c->ns.kind != TK_EOF) {
    sbuf_printf(code, "%s%.*s = __sonde_ns(%s)", sep, (int)(c->ns.end - c->ns.start), rw->lx.src + c->ns.start,
                m.data);
    sep = ", ";
  }
  if (c->named.len) sbuf_printf(code, "%s{ %s } = %s", sep, c->named.data, m.data);
  sbuf_putc(code, ';');
  sbuf_free(&m);
}

/* A static import statement, from `import` at rw->cur. */
static int import_stmt(rewriter_t *rw) {
  const lexer_t *lx = &rw->lx;
  const char *stmt = "import statement";
  size_t start = rw->cur.start, end;
  import_clause_t c = {NULL, 0, {0}, SBUF_INIT};
  sbuf_t code = SBUF_INIT;
  tok_t spec;
  int rc = -1;
  const tok_t *t = advance(rw);
  if (t->kind == TK_STR) {
    spec = *t;
  } else {
    bool def = t->kind == TK_NAME;
    if (def) {
      add_default(&c, t);
      t = advance(rw);
      if (is_p(lx, t, ",")) {
        t = advance(rw);
        if (!is_p(lx, t, "*") && !is_p(lx, t, "{")) {
          fail(rw, t, stmt, "'{' or '*'");
          goto done;
        }
      }
    }
    if (is_p(lx, t, "*")) {
      if (!is_kw(lx, advance(rw), "as")) {
        fail(rw, &rw->cur, stmt, "'as'");
        goto done;
      }
      if (advance(rw)->kind != TK_NAME) {
        fail(rw, &rw->cur, stmt, "a name");
        goto done;
      }
      c.ns = rw->cur;
      advance(rw);
    } else if (is_p(lx, t, "{")) {
      if (import_names(rw, &c) != 0) goto done;
      advance(rw);
    } else if (!def) {
      fail(rw, t, stmt, "a name, '{', '*' or a module specifier");
      goto done;
    }
    if (expect_spec(rw, stmt, &spec) != 0) goto done;
  }
  if (stmt_end(rw, &end) != 0) goto done;
  import_code(rw, &c, &spec, &code);
  add_edit(rw, start, end, sbuf_cstr(&code), false);
  rw->info.is_esm = true;
  rc = 0;
done:
  sbuf_free(&code);
  free(c.defaults);
  sbuf_free(&c.named);
  return rc;
}

/* `import` anywhere: a call, import.meta, a statement, or a property name left alone. */
static int on_import(rewriter_t *rw) {
  const lexer_t *lx = &rw->lx;
  const tok_t *n = peek(rw, 0);
  if (is_p(lx, n, "(")) {
    if (rw->ndyn == rw->dyn_cap) {
      rw->dyn_cap = rw->dyn_cap ? rw->dyn_cap * 2 : 8;
      rw->dyn = xrealloc(rw->dyn, rw->dyn_cap * sizeof *rw->dyn);
    }
    rw->dyn[rw->ndyn].paren = n->id;
    rw->dyn[rw->ndyn++].edit = add_edit(rw, rw->cur.start, rw->cur.end, "__sonde_import", false);
    return 0;
  }
  if (is_p(lx, n, ".")) {
    const tok_t *m = peek(rw, 1);
    if (m->kind == TK_NAME && text_is(lx, m, "meta")) {
      add_edit(rw, rw->cur.start, m->end, "__sonde_meta", false);
      advance(rw);
      advance(rw);
    }
    return 0;
  }
  return at_stmt_start(rw) ? import_stmt(rw) : 0;
}

/* A ')' may close an `import(`: followed by '{' it was a method named import after all. */
static void settle_dyn(rewriter_t *rw) {
  if (rw->ndyn == 0 || rw->dyn[rw->ndyn - 1].paren != rw->cur.id) return;
  size_t e = rw->dyn[--rw->ndyn].edit;
  if (is_p(&rw->lx, peek(rw, 0), "{")) rw->edits[e].dead = true;
}

static int handle(rewriter_t *rw);

/* Skips a default value inside a pattern up to the ',' or closer at depth `inner`, still
 * rewriting what it passes. */
static int skip_default(rewriter_t *rw, int inner) {
  for (;;) {
    const tok_t *t = peek(rw, 0);
    if (t->kind == TK_EOF) return fail(rw, t, "export declaration", "the end of the pattern");
    if (t->depth == inner && (is_p(&rw->lx, t, ",") || is_p(&rw->lx, t, "}") || is_p(&rw->lx, t, "]")))
      return 0;
    advance(rw);
    if (handle(rw) != 0) return -1;
  }
}

/* One binding target of an exported declaration, at rw->cur: records every name bound. */
static int pattern(rewriter_t *rw) {
  const lexer_t *lx = &rw->lx;
  const char *stmt = "export declaration";
  tok_t open = rw->cur;
  if (open.kind == TK_NAME) {
    record(rw, &open, &open);
    return 0;
  }
  bool obj = is_p(lx, &open, "{");
  if (!obj && !is_p(lx, &open, "[")) return fail(rw, &open, stmt, "a name or a destructuring pattern");
  if (open.depth >= MAX_PATTERN_DEPTH) return fail(rw, &open, stmt, "a less deeply nested pattern");
  int inner = open.depth + 1;
  for (;;) {
    const tok_t *t = advance(rw);
    if (t->kind == TK_EOF) return fail(rw, t, stmt, obj ? "'}'" : "']'");
    if (t->depth == inner && (is_p(lx, t, "}") || is_p(lx, t, "]"))) return 0;
    if (is_p(lx, t, ",")) continue;
    if (is_p(lx, t, "...")) {
      advance(rw);
      if (pattern(rw) != 0) return -1;
    } else if (obj) {
      tok_t key = *t;
      if (is_p(lx, t, "[")) /* computed key */
        while (!(is_p(lx, advance(rw), "]") && rw->cur.depth == inner + 1))
          if (rw->cur.kind == TK_EOF) return fail(rw, &rw->cur, stmt, "']'");
      if (is_p(lx, peek(rw, 0), ":")) {
        advance(rw);
        advance(rw);
        if (pattern(rw) != 0) return -1;
      } else if (key.kind == TK_NAME) {
        record(rw, &key, &key);
      } else {
        return fail(rw, peek(rw, 0), stmt, "':'");
      }
    } else if (pattern(rw) != 0) {
      return -1;
    }
    if (is_p(lx, peek(rw, 0), "=")) {
      advance(rw);
      if (skip_default(rw, inner) != 0) return -1;
    }
  }
}

/* Steps over `async function*` or `class` and returns the declared name; kind TK_EOF when
 * the function or class is anonymous. */
static tok_t decl_name(rewriter_t *rw) {
  const lexer_t *lx = &rw->lx;
  tok_t none = {0};
  if (is_kw(lx, advance(rw), "async")) advance(rw);
  bool cls = is_kw(lx, &rw->cur, "class");
  if (!cls && is_p(lx, peek(rw, 0), "*")) advance(rw);
  const tok_t *t = peek(rw, 0);
  if (t->kind != TK_NAME || (cls && is_kw(lx, t, "extends"))) return none;
  return *advance(rw);
}

static int export_default(rewriter_t *rw, const tok_t *ex) {
  const lexer_t *lx = &rw->lx;
  tok_t def = *advance(rw);
  const tok_t *t = peek(rw, 0);
  if (t->kind == TK_EOF) return fail(rw, t, "export statement", "an expression");
  const tok_t *t2 = peek(rw, 1);
  if (is_kw(lx, t, "function") || is_kw(lx, t, "class") ||
      (is_kw(lx, t, "async") && is_kw(lx, t2, "function") && !t2->nl)) {
    size_t decl = t->start;
    tok_t name = decl_name(rw);
    if (name.kind == TK_NAME) {
      /* a declaration: hoisted and bound under its own name, as in a module */
      add_edit(rw, ex->start, decl, "", true);
      record(rw, NULL, &name);
      return 0;
    }
  }
  add_edit(rw, ex->start, def.end, "exports.default =", false);
  return 0;
}

static int export_star(rewriter_t *rw, const tok_t *ex) {
  const char *stmt = "export statement";
  tok_t ns = {0}, spec;
  size_t end;
  advance(rw);
  if (is_kw(&rw->lx, advance(rw), "as")) {
    const tok_t *t = advance(rw);
    if (t->kind != TK_NAME && t->kind != TK_STR) return fail(rw, t, stmt, "a name");
    ns = *t;
    advance(rw);
  }
  if (expect_spec(rw, stmt, &spec) != 0 || stmt_end(rw, &end) != 0) return -1;
  sbuf_t code = SBUF_INIT;
  int slen = (int)(spec.end - spec.start);
  if (ns.kind != TK_EOF) {
    put_member(rw, &code, "exports", &ns);
    sbuf_printf(&code, " = __sonde_ns(require(%.*s));", slen, rw->lx.src + spec.start);
  } else {
    sbuf_printf(&code, "__sonde_star(exports, require(%.*s));", slen, rw->lx.src + spec.start);
  }
  add_edit(rw, ex->start, end, sbuf_cstr(&code), false);
  sbuf_free(&code);
  return 0;
}

/* `export { a, b as c }`, local or `from 'm'`. */
static int export_names(rewriter_t *rw, const tok_t *ex) {
  const lexer_t *lx = &rw->lx;
  const char *stmt = "export statement";
  tok_t *pairs = NULL; /* local, exported, local, exported, ... */
  size_t n = 0, end;
  sbuf_t code = SBUF_INIT;
  int rc = -1;
  advance(rw);
  for (;;) {
    const tok_t *t = advance(rw);
    if (is_p(lx, t, "}")) break;
    if (t->kind != TK_NAME && t->kind != TK_STR) {
      fail(rw, t, stmt, "a name or '}'");
      goto done;
    }
    pairs = xrealloc(pairs, (n + 2) * sizeof *pairs);
    pairs[n] = pairs[n + 1] = *t;
    if (is_kw(lx, peek(rw, 0), "as")) {
      advance(rw);
      t = advance(rw);
      if (t->kind != TK_NAME && t->kind != TK_STR) {
        fail(rw, t, stmt, "a name after 'as'");
        goto done;
      }
      pairs[n + 1] = *t;
    }
    n += 2;
    t = advance(rw);
    if (is_p(lx, t, "}")) break;
    if (!is_p(lx, t, ",")) {
      fail(rw, t, stmt, "',' or '}'");
      goto done;
    }
  }
  if (is_kw(lx, peek(rw, 0), "from")) {
    tok_t spec;
    advance(rw);
    if (expect_spec(rw, stmt, &spec) != 0 || stmt_end(rw, &end) != 0) goto done;
    int slen = (int)(spec.end - spec.start);
    if (n == 0) {
      sbuf_printf(&code, "require(%.*s);", slen, lx->src + spec.start);
    } else {
      char tmp[32];
      snprintf(tmp, sizeof tmp, "__sonde_r%u", ++rw->tmps);
      sbuf_printf(&code, "{ const %s = require(%.*s);", tmp, slen, lx->src + spec.start);
      for (size_t i = 0; i < n; i += 2) {
        sbuf_putc(&code, ' ');
        put_member(rw, &code, "exports", &pairs[i + 1]);
        sbuf_puts(&code, " = ");
        if (pairs[i].kind == TK_NAME && text_is(lx, &pairs[i], "default"))
          sbuf_printf(&code, "__sonde_default(%s)", tmp);
        else
          put_member(rw, &code, tmp, &pairs[i]);
        sbuf_putc(&code, ';');
      }
      sbuf_puts(&code, " }");
    }
  } else {
    for (size_t i = 0; i < n; i += 2)
      if (pairs[i].kind != TK_NAME) {
        fail(rw, &pairs[i], stmt, "a local name (strings need 'from')");
        goto done;
      }
    for (size_t i = 0; i < n; i += 2) record(rw, &pairs[i + 1], &pairs[i]);
    end = rw->cur.end;
    if (is_p(lx, peek(rw, 0), ";")) end = advance(rw)->end;
    /* an empty statement, so that the code around it cannot run together */
    sbuf_putc(&code, ';');
  }
  add_edit(rw, ex->start, end, sbuf_cstr(&code), false);
  rc = 0;
done:
  sbuf_free(&code);
  free(pairs);
  return rc;
}

/* An export statement, from `export` at rw->cur. */
static int export_stmt(rewriter_t *rw) {
  const lexer_t *lx = &rw->lx;
  tok_t ex = rw->cur;
  rw->info.is_esm = true;
  const tok_t *t = peek(rw, 0);
  if (is_kw(lx, t, "var") || is_kw(lx, t, "let") || is_kw(lx, t, "const")) {
    add_edit(rw, ex.start, t->start, "", true);
    advance(rw);
    advance(rw);
    rw->in_decl = true;
    return pattern(rw);
  }
  const tok_t *t2 = peek(rw, 1);
  if (is_kw(lx, t, "function") || is_kw(lx, t, "class") ||
      (is_kw(lx, t, "async") && is_kw(lx, t2, "function") && !t2->nl)) {
    add_edit(rw, ex.start, t->start, "", true);
    tok_t name = decl_name(rw);
    if (name.kind == TK_EOF) return fail(rw, peek(rw, 0), "export declaration", "a name");
    record(rw, &name, &name);
    return 0;
  }
  if (is_kw(lx, t, "default")) return export_default(rw, &ex);
  if (is_p(lx, t, "*")) return export_star(rw, &ex);
  if (is_p(lx, t, "{")) return export_names(rw, &ex);
  return fail(rw, t, "export statement", "a declaration, 'default', '{' or '*'");
}

/* `await` starting an expression, as opposed to a name used as an identifier. */
static bool await_operator(rewriter_t *rw) {
  const lexer_t *lx = &rw->lx;
  const tok_t *n = peek(rw, 0);
  if (n->kind != TK_PUNCT) return n->kind != TK_EOF;
  static const char *const operand_starts[] = {"(", "[", "{", "!", "~", "+", "-", "++", "--", NULL};
  for (const char *const *p = operand_starts; *p; p++)
    if (text_is(lx, n, *p)) return true;
  return false;
}

/* Handles the token at rw->cur in any context. */
static int handle(rewriter_t *rw) {
  const lexer_t *lx = &rw->lx;
  const tok_t *t = &rw->cur;
  if (rw->in_decl && t->depth == 0) {
    if (is_p(lx, t, ",")) {
      advance(rw);
      return pattern(rw);
    }
    if (is_p(lx, t, ";") || asi_break(lx, &rw->prev, t)) rw->in_decl = false;
  }
  if (t->closed == FR_PAREN) settle_dyn(rw);
  if (t->kind != TK_NAME || t->prop) return 0;
  if (text_is(lx, t, "import")) return on_import(rw);
  if (text_is(lx, t, "export") && at_stmt_start(rw)) return export_stmt(rw);
  if (text_is(lx, t, "await") && t->fdepth == 0 && await_operator(rw)) rw->info.has_tla = true;
  return 0;
}

static int cmp_edit(const void *a, const void *b) {
  const edit_t *x = a, *y = b;
  return x->start < y->start ? -1 : x->start > y->start;
}

static void emit_edit(const rewriter_t *rw, const edit_t *e, sbuf_t *out) {
  const unsigned char *s = (const unsigned char *)rw->lx.src;
  sbuf_append(out, sbuf_cstr(&rw->texts) + e->text, e->tlen);
  size_t line_start = SIZE_MAX; /* just after the range's last line terminator */
  for (size_t i = e->start; i < e->end; i++) {
    size_t n = terminator_len(s + i, e->end - i);
    if (!n) continue;
    sbuf_append(out, (const char *)s + i, n);
    i += n - 1;
    line_start = i + 1;
  }
  if (!e->keep_cols) return;
  size_t pad = line_start != SIZE_MAX ? e->end - line_start
               : e->end - e->start > e->tlen ? e->end - e->start - e->tlen : 0;
  while (pad--) sbuf_putc(out, ' ');
}

static void assemble(rewriter_t *rw, sbuf_t *out) {
  const char *s = rw->lx.src;
  size_t pos = 0, len = rw->lx.len;
  if (rw->nedits) qsort(rw->edits, rw->nedits, sizeof *rw->edits, cmp_edit);
  for (size_t i = 0; i < rw->nedits; i++) {
    const edit_t *e = &rw->edits[i];
    if (e->dead) continue;
    sbuf_append(out, s + pos, e->start - pos);
    emit_edit(rw, e, out);
    pos = e->end;
  }
  if (!rw->info.is_esm) {
    sbuf_append(out, s + pos, len - pos);
    return;
  }
  /* On the last line, but not inside a // comment that ends the source. */
  size_t at = rw->lx.eof_comment != SIZE_MAX && rw->lx.eof_comment >= pos ? rw->lx.eof_comment : len;
  sbuf_append(out, s + pos, at - pos);
  sbuf_putc(out, ';');
  sbuf_append(out, sbuf_cstr(&rw->tail), rw->tail.len);
  sbuf_puts(out, "exports.__esModule = true;");
  sbuf_append(out, s + at, len - at);
}

int esm_rewrite(const char *src, size_t len, sbuf_t *out, esm_info_t *info, sbuf_t *err) {
  rewriter_t rw = {0};
  rw.lx.src = src ? src : "";
  rw.lx.len = src ? len : 0;
  rw.lx.class_depth = -1;
  rw.lx.eof_comment = SIZE_MAX;
  rw.err = err;
  int rc = 0;
  while (advance(&rw)->kind != TK_EOF)
    if (handle(&rw) != 0) {
      rc = -1;
      break;
    }
  if (rc == 0) assemble(&rw, out);
  if (info) *info = rw.info;
  free(rw.lx.st);
  free(rw.lx.arrows);
  free(rw.edits);
  free(rw.dyn);
  sbuf_free(&rw.texts);
  sbuf_free(&rw.tail);
  return rc;
}
