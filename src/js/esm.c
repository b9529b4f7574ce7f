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

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- tokenizer ---- */

/* TK_TMPL_OPEN is a template head or middle (ends in `${`); TK_TMPL a whole template or a
 * tail. */
enum { TK_EOF, TK_NAME, TK_NUM, TK_STR, TK_TMPL, TK_TMPL_OPEN, TK_REGEX, TK_PUNCT };

/* What an open bracket is. */
enum { FR_PAREN, FR_BRACKET, FR_BLOCK, FR_FUNC, FR_CLASS, FR_OBJ, FR_TMPL };

typedef struct {
  int kind;
  bool control; /* a paren after if/for/while/...: what follows its ')' is a statement */
  unsigned id;
} frame_t;

typedef struct {
  int kind;
  const char *s; /* the token's text, in the source */
  size_t start, end;
  bool nl;       /* a line terminator comes between the previous token and this one */
  bool prop;     /* a name right after '.' or '?.': a property, never a keyword */
  bool control;  /* a ')' that closed a control paren */
  int closed;    /* for a closing bracket, the FR_ kind it closed; else -1 */
  size_t depth;  /* brackets open before this token */
  size_t fdepth; /* function bodies (and concise arrow bodies) around this token */
  unsigned id;   /* a '(' and its ')' share the paren's id */
} tok_t;

#define TXT(t) (int)((t)->end - (t)->start), (t)->s /* for "%.*s" */

typedef struct {
  const char *src;
  size_t len, pos;
  frame_t *st;
  size_t depth, st_cap;
  size_t *arrows; /* depths at which concise arrow bodies (`=> expr`) are open */
  size_t narrows, arrows_cap;
  bool after_arrow;
  size_t fdepth;
  size_t class_depth; /* a `class` at this depth waits for its body's '{'; SIZE_MAX if none */
  unsigned ids;
  tok_t prev, prev2;
  size_t eof_comment; /* start of a // comment that runs to the end of input, or SIZE_MAX */
} lexer_t;

/* Makes room for item n of a growable array. */
static void *grow(void *items, size_t *cap, size_t n, size_t size) {
  if (n < *cap) return items;
  *cap = *cap ? *cap * 2 : 16;
  return xrealloc(items, *cap * size);
}

static bool text_is(const tok_t *t, const char *s) {
  size_t n = strlen(s);
  return t->end - t->start == n && memcmp(t->s, s, n) == 0;
}

static bool is_p(const tok_t *t, const char *s) { return t->kind == TK_PUNCT && text_is(t, s); }

/* A one-character punctuator among `set`. */
static bool p_in(const tok_t *t, const char *set) {
  return t->kind == TK_PUNCT && t->end - t->start == 1 && strchr(set, t->s[0]);
}

static bool is_kw(const tok_t *t, const char *s) {
  return t->kind == TK_NAME && !t->prop && text_is(t, s);
}

static bool kw_in(const tok_t *t, const char *const *list) {
  for (; t->kind == TK_NAME && !t->prop && *list; list++)
    if (text_is(t, *list)) return true;
  return false;
}

/* After these an expression starts: a '/' opens a regex, a '{' an object literal. */
static const char *const expr_kws[] = {"return", "typeof", "instanceof", "in",   "of", "new",
                                       "delete", "void",   "throw",      "case", "do", "else",
                                       "yield",  "await",  "default",    NULL};
/* Keywords that cannot end a statement, so a line break after them is no ASI point. */
static const char *const open_kws[] = {"var",    "let",     "const",  "function", "class", "if",
                                       "for",    "while",   "switch", "catch",    "with",  "import",
                                       "export", "extends", "try",    "finally",  NULL};
static const char *const control_kws[] = {"if", "for", "while", "switch", "catch", "with", NULL};

static bool ends_expr(const tok_t *t) {
  switch (t->kind) {
  case TK_NAME: return !kw_in(t, expr_kws) && !kw_in(t, open_kws);
  case TK_NUM:
  case TK_STR:
  case TK_TMPL:
  case TK_REGEX: return true;
  case TK_PUNCT: return p_in(t, ")]}") || is_p(t, "++") || is_p(t, "--");
  default: return false;
  }
}

/* Automatic semicolon insertion, approximately: a line break ends the statement when the
 * previous token can end one and `t` cannot continue it. */
static bool asi_break(const tok_t *prev, const tok_t *t) {
  if (!t->nl || !ends_expr(prev)) return false;
  switch (t->kind) {
  case TK_NAME: return !text_is(t, "in") && !text_is(t, "instanceof");
  case TK_NUM:
  case TK_STR: return true;
  case TK_PUNCT: return p_in(t, "{!~") || is_p(t, "++") || is_p(t, "--");
  default: return false;
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
  unsigned cp = (p[0] & 0x0Fu) << 12 | (p[1] & 0x3Fu) << 6 | (p[2] & 0x3Fu);
  bool zs = cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x202F || cp == 0x205F ||
            cp == 0x3000 || cp == 0xFEFF;
  return (p[0] & 0xF0) == 0xE0 && zs ? 3 : 0;
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
    if ((n = terminator_len(s + p, rest)) > 0) {
      nl = true;
      lx->pos += n;
    } else if (s[p] == ' ' || s[p] == '\t' || s[p] == '\v' || s[p] == '\f') {
      lx->pos++;
    } else if ((n = uspace_len(s + p, rest)) > 0) {
      lx->pos += n;
    } else if (rest > 1 && ((s[p] == '/' && s[p + 1] == '/') || (p == 0 && !memcmp(s, "#!", 2)))) {
      while (lx->pos < lx->len && !terminator_len(s + lx->pos, lx->len - lx->pos)) lx->pos++;
      if (lx->pos == lx->len) lx->eof_comment = p;
    } else if (rest > 1 && s[p] == '/' && s[p + 1] == '*') {
      for (lx->pos += 2; lx->pos < lx->len; lx->pos++) {
        if (s[lx->pos] == '*' && lx->pos + 1 < lx->len && s[lx->pos + 1] == '/') break;
        if (terminator_len(s + lx->pos, lx->len - lx->pos)) nl = true;
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
    if (lx->src[lx->pos++] != '\\') continue;
    /* \uXXXX or \u{X...}: the hex digits are identifier characters anyway. Only hex digits
     * in the braces: a name never spans a line (the fuzzer found `\{` running to the end). */
    if (lx->pos + 1 < lx->len && lx->src[lx->pos] == 'u' && lx->src[lx->pos + 1] == '{') {
      lx->pos += 2;
      while (lx->pos < lx->len && isxdigit((unsigned char)lx->src[lx->pos])) lx->pos++;
      if (lx->pos < lx->len && lx->src[lx->pos] == '}') lx->pos++;
    }
  }
}

static void scan_number(lexer_t *lx) {
  const char *s = lx->src;
  char c1 = lx->pos + 1 < lx->len ? (char)(s[lx->pos + 1] | 0x20) : 0;
  bool radix = s[lx->pos] == '0' && (c1 == 'x' || c1 == 'o' || c1 == 'b'); /* no '.', no e+ */
  bool dot = s[lx->pos++] == '.';
  while (lx->pos < lx->len) {
    char c = s[lx->pos], last = s[lx->pos - 1];
    if (c == '.' && !dot && !radix) dot = true;
    else if (!is_alnum((unsigned char)c) &&
             !((c == '+' || c == '-') && !radix && (last == 'e' || last == 'E')))
      break;
    lx->pos++;
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
    } else if (c == '\n' || c == '\r') {
      return; /* unterminated: the engine reports it, and the next line is lexed afresh */
    } else {
      lx->pos++;
      if (c == q) return;
    }
  }
  lx->pos = lx->len;
}

/* Scans template text after the '`' or the '}' that closes a substitution. */
static int scan_template(lexer_t *lx) {
  const char *s = lx->src;
  while (lx->pos < lx->len) {
    char c = s[lx->pos++];
    if (c == '\\') {
      lx->pos++;
    } else if (c == '`') {
      return TK_TMPL;
    } else if (c == '$' && lx->pos < lx->len && s[lx->pos] == '{') {
      lx->pos++;
      return TK_TMPL_OPEN;
    }
  }
  lx->pos = lx->len;
  return TK_TMPL;
}

static void scan_regex(lexer_t *lx) {
  const char *s = lx->src;
  bool cls = false;
  for (lx->pos++; lx->pos < lx->len && s[lx->pos] != '\n' && s[lx->pos] != '\r'; lx->pos++) {
    char c = s[lx->pos];
    if (c == '\\' && lx->pos + 1 < lx->len && s[lx->pos + 1] != '\n') lx->pos++;
    else if (c == '[') cls = true;
    else if (c == ']') cls = false;
    else if (c == '/' && !cls) break;
  }
  if (lx->pos < lx->len && lx->src[lx->pos] == '/')
    for (lx->pos++; ident_at(lx, lx->pos, false); lx->pos++) {} /* flags */
}

static const char *const puncts[] = {
    ">>>=", "...", "===", "!==", "**=", "<<=", ">>=", ">>>", "&&=", "||=", "?\?=", "=>",
    "==",   "!=",  "<=",  ">=",  "&&",  "||",  "??",  "?.",  "++",  "--",  "+=",   "-=",
    "*=",   "/=",  "%=",  "&=",  "|=",  "^=",  "**",  "<<",  ">>",  NULL};

static void scan_punct(lexer_t *lx) {
  const char *s = lx->src + lx->pos;
  size_t rest = lx->len - lx->pos;
  for (const char *const *p = puncts; *p; p++) {
    size_t n = strlen(*p);
    if (rest < n || memcmp(s, *p, n) != 0) continue;
    if (!strcmp(*p, "?.") && rest > 2 && is_digit((unsigned char)s[2])) continue; /* a ? .5 */
    lx->pos += n;
    return;
  }
  lx->pos++;
}

/* Whether a '/' here starts a regex rather than a division, from the token before it. */
static bool regex_ok(const lexer_t *lx) {
  const tok_t *p = &lx->prev;
  switch (p->kind) {
  case TK_EOF:
  case TK_TMPL_OPEN: return true;
  case TK_NAME: return kw_in(p, expr_kws);
  case TK_PUNCT:
    if (is_p(p, ")")) return p->control;
    if (is_p(p, "}")) return p->closed != FR_OBJ;
    return !is_p(p, "]") && !is_p(p, "++") && !is_p(p, "--");
  default: return false;
  }
}

/* What a '{' opens, from the token before it. A '{' after a non-control ')' or after '=>' is
 * a function body: that covers declarations, expressions, arrows and methods alike. */
static int brace_kind(lexer_t *lx) {
  const tok_t *p = &lx->prev;
  if (lx->class_depth == lx->depth) {
    lx->class_depth = SIZE_MAX;
    return FR_CLASS;
  }
  if (is_p(p, "=>")) return FR_FUNC;
  if (is_p(p, ")")) return p->control ? FR_BLOCK : FR_FUNC;
  if (p->kind == TK_TMPL_OPEN) return FR_OBJ;
  if (p->kind == TK_NAME)
    return kw_in(p, expr_kws) && !is_kw(p, "do") && !is_kw(p, "else") ? FR_OBJ : FR_BLOCK;
  if (p->kind != TK_PUNCT || p_in(p, ";{}]") || is_p(p, "++") || is_p(p, "--")) return FR_BLOCK;
  return FR_OBJ;
}

static void push(lexer_t *lx, int kind, bool control, tok_t *t) {
  lx->st = grow(lx->st, &lx->st_cap, lx->depth, sizeof *lx->st);
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
  if (lx->class_depth > lx->depth) lx->class_depth = SIZE_MAX;
}

/* Applies a token's effect on the bracket stack and on function nesting. */
static void settle(lexer_t *lx, tok_t *t) {
  char c0 = t->s[0];
  bool closer = c0 == ')' || c0 == ']' || c0 == '}';
  /* a concise arrow body ends where its expression does */
  while (lx->narrows > 0) {
    size_t d = lx->arrows[lx->narrows - 1];
    if (t->depth > d || (t->depth == d && !closer && !p_in(t, ",;") && !asi_break(&lx->prev, t)))
      break;
    lx->narrows--;
    lx->fdepth--;
  }
  if (lx->after_arrow && !is_p(t, "{")) {
    lx->arrows = grow(lx->arrows, &lx->arrows_cap, lx->narrows, sizeof *lx->arrows);
    lx->arrows[lx->narrows++] = t->depth;
    lx->fdepth++;
  }
  lx->after_arrow = is_p(t, "=>");
  t->fdepth = lx->fdepth;

  if (lx->class_depth == t->depth && p_in(t, ",;:")) lx->class_depth = SIZE_MAX;
  if (is_kw(t, "class")) lx->class_depth = lx->depth;

  if (t->kind == TK_TMPL_OPEN && c0 == '`') {
    push(lx, FR_TMPL, false, t);
  } else if (p_in(t, "(")) {
    bool control =
        kw_in(&lx->prev, control_kws) || (is_kw(&lx->prev, "await") && is_kw(&lx->prev2, "for"));
    push(lx, FR_PAREN, control, t);
  } else if (p_in(t, "[")) {
    push(lx, FR_BRACKET, false, t);
  } else if (p_in(t, "{")) {
    push(lx, brace_kind(lx), false, t);
  } else if (closer && t->kind != TK_TMPL_OPEN) { /* a template middle keeps its frame */
    pop(lx, t);
  }
}

static tok_t lex(lexer_t *lx) {
  tok_t t = {0};
  t.nl = skip_space(lx);
  t.s = lx->src + lx->pos;
  t.start = t.end = lx->pos;
  t.closed = -1;
  t.depth = lx->depth;
  t.fdepth = lx->fdepth;
  if (lx->pos >= lx->len) return t; /* TK_EOF, as often as asked */
  const char *s = lx->src;
  char c = s[lx->pos];
  if (ident_at(lx, lx->pos, true) || (c == '#' && ident_at(lx, lx->pos + 1, true))) {
    lx->pos += c == '#';
    scan_name(lx);
    t.kind = TK_NAME;
    t.prop = is_p(&lx->prev, ".") || is_p(&lx->prev, "?.");
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
  size_t start, end; /* source bytes replaced */
  size_t text, tlen; /* replacement, in rewriter_t.texts */
  bool keep_cols;    /* pad with spaces so that code after the range keeps its column */
  bool dead;         /* dropped after all: the range is copied unchanged */
} edit_t;

typedef struct {
  unsigned paren; /* id of the '(' after `import` */
  size_t edit;
} dyn_t;

typedef struct {
  lexer_t lx;
  tok_t ahead[4];
  int nahead;
  tok_t cur, prev;
  edit_t *edits;
  size_t nedits, edits_cap;
  sbuf_t texts;
  sbuf_t tail; /* `exports.x = x;` for each export recorded so far */
  dyn_t *dyn;  /* `import(` whose ')' is still to come */
  size_t ndyn, dyn_cap;
  bool in_decl; /* in `export var|let|const` at top level: ',' starts a declarator */
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
  size_t n = strlen(text);
  rw->edits = grow(rw->edits, &rw->edits_cap, rw->nedits, sizeof *rw->edits);
  rw->edits[rw->nedits] = (edit_t){start, end, rw->texts.len, n, keep_cols, false};
  sbuf_append(&rw->texts, text, n);
  return rw->nedits++;
}

static int fail(rewriter_t *rw, const tok_t *at, const char *stmt, const char *expected) {
  if (!rw->err) return -1;
  const unsigned char *s = (const unsigned char *)rw->lx.src;
  unsigned line = 1, col = 1;
  for (size_t i = 0, n; i < at->start; i++) {
    if ((n = terminator_len(s + i, at->start - i)) > 0) {
      line++;
      col = 1;
      i += n - 1;
    } else {
      col += (s[i] & 0xC0) != 0x80; /* code points, not bytes */
    }
  }
  sbuf_printf(rw->err, "line %u:%u: expected %s in %s, found ", line, col, expected, stmt);
  if (at->kind == TK_EOF) {
    sbuf_puts(rw->err, "end of input");
    return -1;
  }
  size_t n = 0, max = at->end - at->start;
  while (n < max && n < 24 && !terminator_len(s + at->start + n, max - n)) n++;
  sbuf_printf(rw->err, "'%.*s%s'", (int)n, at->s, n < max ? "..." : "");
  return -1;
}

/* `obj.name`, or `obj["name"]` when the token naming the property is a string. */
static void put_member(sbuf_t *b, const char *obj, const tok_t *name) {
  sbuf_printf(b, name->kind == TK_STR ? "%s[%.*s]" : "%s.%.*s", obj, TXT(name));
}

/* Records `exports.<exported> = <local>;` for the end; exported NULL means default. */
static void record(rewriter_t *rw, const tok_t *exported, const tok_t *local) {
  if (exported) put_member(&rw->tail, "exports", exported);
  else sbuf_puts(&rw->tail, "exports.default");
  sbuf_printf(&rw->tail, " = %.*s;", TXT(local));
}

static bool at_stmt_start(const rewriter_t *rw) {
  const tok_t *p = &rw->prev;
  return rw->cur.depth == 0 && (p->kind == TK_EOF || p_in(p, ";}") || asi_break(p, &rw->cur));
}

/* After the module specifier at rw->cur: import attributes (`with { type: 'json' }`, or
 * `assert {...}`) are dropped, and a ';' belongs to the statement. */
static int stmt_end(rewriter_t *rw, size_t *end) {
  const tok_t *k = peek(rw, 0);
  if ((is_kw(k, "with") || (is_kw(k, "assert") && !k->nl)) && is_p(peek(rw, 1), "{")) {
    advance(rw);
    size_t inner = advance(rw)->depth + 1;
    while (!is_p(advance(rw), "}") || rw->cur.depth != inner)
      if (rw->cur.kind == TK_EOF) return fail(rw, &rw->cur, "import attributes", "'}'");
  }
  *end = rw->cur.end;
  if (is_p(peek(rw, 0), ";")) *end = advance(rw)->end;
  return 0;
}

static int expect_spec(rewriter_t *rw, const char *stmt, tok_t *spec) {
  if (!is_kw(&rw->cur, "from")) return fail(rw, &rw->cur, stmt, "'from'");
  if (advance(rw)->kind != TK_STR) return fail(rw, &rw->cur, stmt, "a module specifier string");
  *spec = rw->cur;
  return 0;
}

/* Pairs of names from a `{ a, b as c }` clause, or a default import: the name as the
 * exporting module knows it, then the alias (the same token when there is no `as`). */
typedef struct {
  tok_t *v;
  size_t n, cap;
} names_t;

static void add_pair(names_t *ns, const tok_t *name, const tok_t *alias) {
  ns->v = grow(ns->v, &ns->cap, ns->n + 1, sizeof *ns->v);
  ns->v[ns->n++] = *name;
  ns->v[ns->n++] = *alias;
}

static bool is_default(const tok_t *t) { return t->kind == TK_NAME && text_is(t, "default"); }

/* `{ a, b as c }`, from the '{' at rw->cur to its '}'. */
static int name_list(rewriter_t *rw, const char *stmt, names_t *ns) {
  for (;;) {
    const tok_t *t = advance(rw);
    if (is_p(t, "}")) return 0;
    if (t->kind != TK_NAME && t->kind != TK_STR) return fail(rw, t, stmt, "a name or '}'");
    tok_t name = *t;
    if (is_kw(peek(rw, 0), "as")) {
      advance(rw);
      if ((t = advance(rw))->kind != TK_NAME && t->kind != TK_STR)
        return fail(rw, t, stmt, "a name after 'as'");
    }
    add_pair(ns, &name, t);
    if (is_p(t = advance(rw), "}")) return 0;
    if (!is_p(t, ",")) return fail(rw, t, stmt, "',' or '}'");
  }
}

/* The bindings and specifier of a static import, from `import` at rw->cur. */
static int import_clause(rewriter_t *rw, names_t *names, tok_t *ns, tok_t *spec) {
  const char *stmt = "import statement";
  const tok_t *t = advance(rw);
  if (t->kind == TK_STR) {
    *spec = *t;
    return 0;
  }
  bool def = t->kind == TK_NAME;
  if (def) {
    tok_t name = {.kind = TK_NAME, .s = "default", .end = 7};
    add_pair(names, &name, t);
    t = advance(rw);
    if (is_p(t, ",") && !p_in(t = advance(rw), "*{")) return fail(rw, t, stmt, "'{' or '*'");
  }
  if (is_p(t, "*")) {
    if (!is_kw(advance(rw), "as")) return fail(rw, &rw->cur, stmt, "'as'");
    if (advance(rw)->kind != TK_NAME) return fail(rw, &rw->cur, stmt, "a name");
    *ns = rw->cur;
    advance(rw);
  } else if (is_p(t, "{")) {
    if (name_list(rw, stmt, names) != 0) return -1;
    for (size_t i = 1; i < names->n; i += 2)
      if (names->v[i].kind != TK_NAME || is_default(&names->v[i]))
        return fail(rw, &names->v[i], stmt, "'as' and a name");
    advance(rw);
  } else if (!def) {
    return fail(rw, t, stmt, "a name, '{', '*' or a module specifier");
  }
  return expect_spec(rw, stmt, spec);
}

/* The specifier again, for a message: its line continuations (backslash, line break) left
 * out, which keeps its value and adds no line (the fuzzer found a second copy moving lines). */
static void spec_again(const tok_t *spec, sbuf_t *out) {
  const unsigned char *s = (const unsigned char *)spec->s;
  size_t len = spec->end - spec->start, n;
  for (size_t i = 0; i < len; i++) {
    if (s[i] == '\\' && i + 1 < len && (n = terminator_len(s + i + 1, len - i - 1)) > 0) {
      i += n;
      continue;
    }
    if ((n = terminator_len(s + i, len - i)) > 0) {
      /* U+2028 and U+2029 may stand in a string: the same character, escaped. */
      sbuf_puts(out, n == 3 ? (s[i + 2] == 0xA8 ? "\\u2028" : "\\u2029") : "\\n");
      i += n - 1;
      continue;
    }
    sbuf_putc(out, (char)s[i]);
  }
}

static void import_code(rewriter_t *rw, const names_t *names, const tok_t *ns, const tok_t *spec,
                        sbuf_t *code) {
  sbuf_t named = SBUF_INIT, m = SBUF_INIT, checked = SBUF_INIT;
  size_t parts = ns->kind != TK_EOF;
  for (size_t i = 0; i < names->n; i += 2) {
    const tok_t *name = &names->v[i], *alias = &names->v[i + 1];
    if (is_default(name)) {
      parts++;
    } else {
      sbuf_printf(&named, "%s%.*s", named.len ? ", " : "", TXT(name));
      if (alias->start != name->start) sbuf_printf(&named, ": %.*s", TXT(alias));
      sbuf_printf(&checked, name->kind == TK_STR ? ", %.*s" : ", '%.*s'", TXT(name));
    }
  }
  parts += named.len > 0;
  /* one binding reads the module inline; several share a temporary */
  if (parts == 0) {
    sbuf_printf(code, "__sonde_require(%.*s);", TXT(spec));
  } else if (parts == 1) {
    sbuf_printf(&m, "__sonde_require(%.*s)", TXT(spec));
    sbuf_puts(code, "const ");
  } else {
    sbuf_printf(&m, "__sonde_m%u", ++rw->tmps);
    sbuf_printf(code, "const %s = __sonde_require(%.*s), ", m.data, TXT(spec));
  }
  const char *sep = "";
  for (size_t i = 0; i < names->n; i += 2)
    if (is_default(&names->v[i])) {
      sbuf_printf(code, "%s%.*s = __sonde_default(%s)", sep, TXT(&names->v[i + 1]), m.data);
      sep = ", ";
    }
  if (ns->kind != TK_EOF) {
    sbuf_printf(code, "%s%.*s = __sonde_ns(%s)", sep, TXT(ns), m.data);
    sep = ", ";
  }
  if (named.len) {
    sbuf_printf(code, "%s{ %s } = __sonde_named(%s, ", sep, named.data, m.data);
    spec_again(spec, code);
    sbuf_printf(code, "%s)", checked.data);
  }
  if (parts) sbuf_putc(code, ';');
  sbuf_free(&named);
  sbuf_free(&m);
  sbuf_free(&checked);
}

static int import_stmt(rewriter_t *rw) {
  size_t start = rw->cur.start, end;
  names_t names = {0};
  tok_t ns = {0}, spec;
  int rc = import_clause(rw, &names, &ns, &spec);
  if (rc == 0) rc = stmt_end(rw, &end);
  if (rc == 0) {
    sbuf_t code = SBUF_INIT;
    import_code(rw, &names, &ns, &spec, &code);
    add_edit(rw, start, end, sbuf_cstr(&code), false);
    sbuf_free(&code);
    rw->info.is_esm = true;
  }
  free(names.v);
  return rc;
}

/* `import` anywhere: a call, import.meta, a statement, or a property name left alone. */
static int on_import(rewriter_t *rw) {
  const tok_t *n = peek(rw, 0);
  if (is_p(n, "(")) {
    rw->dyn = grow(rw->dyn, &rw->dyn_cap, rw->ndyn, sizeof *rw->dyn);
    size_t e = add_edit(rw, rw->cur.start, rw->cur.end, "__sonde_import", false);
    rw->dyn[rw->ndyn++] = (dyn_t){n->id, e};
    return 0;
  }
  if (is_p(n, ".")) {
    const tok_t *m = peek(rw, 1);
    if (m->kind == TK_NAME && text_is(m, "meta")) {
      add_edit(rw, rw->cur.start, m->end, "__sonde_meta", false);
      advance(rw);
      advance(rw);
    }
    return 0;
  }
  return at_stmt_start(rw) ? import_stmt(rw) : 0;
}

/* At a ')' that closes an `import(`: followed by '{', it was a method named import. */
static void settle_dyn(rewriter_t *rw) {
  if (rw->ndyn == 0 || rw->dyn[rw->ndyn - 1].paren != rw->cur.id) return;
  size_t e = rw->dyn[--rw->ndyn].edit;
  if (is_p(peek(rw, 0), "{")) rw->edits[e].dead = true;
}

static int handle(rewriter_t *rw);

/* Skips a default value inside a pattern, up to the ',' or closer at depth `inner`, still
 * rewriting what it passes. */
static int skip_default(rewriter_t *rw, size_t inner) {
  for (;;) {
    const tok_t *t = peek(rw, 0);
    if (t->kind == TK_EOF) return fail(rw, t, "export declaration", "the end of the pattern");
    if (t->depth == inner && p_in(t, ",}]")) return 0;
    advance(rw);
    if (handle(rw) != 0) return -1;
  }
}

/* One binding target of an exported declaration, at rw->cur: records every name bound. */
static int pattern(rewriter_t *rw) {
  const char *stmt = "export declaration";
  tok_t open = rw->cur;
  if (open.kind == TK_NAME) {
    record(rw, &open, &open);
    return 0;
  }
  if (!p_in(&open, "{[")) return fail(rw, &open, stmt, "a name or a destructuring pattern");
  if (open.depth >= MAX_PATTERN_DEPTH) return fail(rw, &open, stmt, "a shallower pattern");
  bool obj = is_p(&open, "{");
  size_t inner = open.depth + 1;
  for (;;) {
    const tok_t *t = advance(rw);
    if (t->kind == TK_EOF) return fail(rw, t, stmt, obj ? "'}'" : "']'");
    if (t->depth == inner && p_in(t, "}]")) return 0;
    if (is_p(t, ",")) continue;
    if (is_p(t, "...") || !obj) {
      if (is_p(t, "...")) advance(rw);
      if (pattern(rw) != 0) return -1;
    } else {
      tok_t key = *t;
      if (is_p(t, "[")) /* a computed key */
        while (!(is_p(advance(rw), "]") && rw->cur.depth == inner + 1))
          if (rw->cur.kind == TK_EOF) return fail(rw, &rw->cur, stmt, "']'");
      if (is_p(peek(rw, 0), ":")) {
        advance(rw);
        advance(rw);
        if (pattern(rw) != 0) return -1;
      } else if (key.kind == TK_NAME) {
        record(rw, &key, &key);
      } else {
        return fail(rw, peek(rw, 0), stmt, "':'");
      }
    }
    if (is_p(peek(rw, 0), "=")) {
      advance(rw);
      if (skip_default(rw, inner) != 0) return -1;
    }
  }
}

/* Steps over `async function*` or `class` and returns the declared name; kind TK_EOF when
 * the function or class is anonymous. */
static tok_t decl_name(rewriter_t *rw) {
  tok_t none = {0};
  if (is_kw(advance(rw), "async")) advance(rw);
  bool cls = is_kw(&rw->cur, "class");
  if (!cls && is_p(peek(rw, 0), "*")) advance(rw);
  const tok_t *t = peek(rw, 0);
  if (t->kind != TK_NAME || (cls && is_kw(t, "extends"))) return none;
  return *advance(rw);
}

/* `function`, `async function` or `class` at peek(0). */
static bool decl_ahead(rewriter_t *rw) {
  const tok_t *t = peek(rw, 0), *t2 = peek(rw, 1);
  return is_kw(t, "function") || is_kw(t, "class") ||
         (is_kw(t, "async") && is_kw(t2, "function") && !t2->nl);
}

static int export_default(rewriter_t *rw, const tok_t *ex) {
  tok_t def = *advance(rw);
  const tok_t *t = peek(rw, 0);
  if (t->kind == TK_EOF) return fail(rw, t, "export statement", "an expression");
  if (decl_ahead(rw)) {
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

/* `export { a, b as c }`: the names are exported at the end. */
static int export_local(rewriter_t *rw, const tok_t *ex, const names_t *names) {
  for (size_t i = 0; i < names->n; i += 2)
    if (names->v[i].kind != TK_NAME)
      return fail(rw, &names->v[i], "export statement", "a local name (strings need 'from')");
  for (size_t i = 0; i < names->n; i += 2) record(rw, &names->v[i + 1], &names->v[i]);
  size_t end = rw->cur.end;
  if (is_p(peek(rw, 0), ";")) end = advance(rw)->end;
  /* an empty statement, so that the code around it cannot run together */
  add_edit(rw, ex->start, end, ";", false);
  return 0;
}

static void reexport_code(rewriter_t *rw, bool star, const tok_t *ns, const names_t *names,
                          const tok_t *spec, sbuf_t *code) {
  if (star && ns->kind == TK_EOF) {
    sbuf_printf(code, "__sonde_star(exports, __sonde_require(%.*s));", TXT(spec));
  } else if (star) {
    put_member(code, "exports", ns);
    sbuf_printf(code, " = __sonde_ns(__sonde_require(%.*s));", TXT(spec));
  } else if (names->n == 0) {
    sbuf_printf(code, "__sonde_require(%.*s);", TXT(spec));
  } else {
    char tmp[32];
    snprintf(tmp, sizeof tmp, "__sonde_r%u", ++rw->tmps);
    sbuf_printf(code, "{ const %s = __sonde_require(%.*s);", tmp, TXT(spec));
    for (size_t i = 0; i < names->n; i += 2) {
      sbuf_putc(code, ' ');
      put_member(code, "exports", &names->v[i + 1]);
      sbuf_puts(code, " = ");
      if (is_default(&names->v[i])) sbuf_printf(code, "__sonde_default(%s)", tmp);
      else put_member(code, tmp, &names->v[i]);
      sbuf_putc(code, ';');
    }
    sbuf_puts(code, " }");
  }
}

/* `export * from`, `export * as ns from` and `export { ... }` with or without `from`. */
static int export_from(rewriter_t *rw, const tok_t *ex) {
  const char *stmt = "export statement";
  names_t names = {0};
  tok_t open = *advance(rw), ns = {0}, spec;
  size_t end;
  int rc = 0;
  if (is_p(&open, "{")) {
    rc = name_list(rw, stmt, &names);
  } else if (is_kw(peek(rw, 0), "as")) {
    advance(rw);
    ns = *advance(rw);
    if (ns.kind != TK_NAME && ns.kind != TK_STR) rc = fail(rw, &ns, stmt, "a name");
  }
  if (rc == 0 && is_p(&open, "{") && !is_kw(peek(rw, 0), "from")) {
    rc = export_local(rw, ex, &names);
  } else if (rc == 0) {
    advance(rw);
    if ((rc = expect_spec(rw, stmt, &spec)) == 0 && (rc = stmt_end(rw, &end)) == 0) {
      sbuf_t code = SBUF_INIT;
      reexport_code(rw, is_p(&open, "*"), &ns, &names, &spec, &code);
      add_edit(rw, ex->start, end, sbuf_cstr(&code), false);
      sbuf_free(&code);
    }
  }
  free(names.v);
  return rc;
}

/* An export statement, from `export` at rw->cur. */
static int export_stmt(rewriter_t *rw) {
  tok_t ex = rw->cur;
  const tok_t *t = peek(rw, 0);
  rw->info.is_esm = true;
  if (is_kw(t, "var") || is_kw(t, "let") || is_kw(t, "const")) {
    add_edit(rw, ex.start, t->start, "", true);
    advance(rw);
    advance(rw);
    rw->in_decl = true;
    return pattern(rw);
  }
  if (decl_ahead(rw)) {
    add_edit(rw, ex.start, t->start, "", true);
    tok_t name = decl_name(rw);
    if (name.kind == TK_EOF) return fail(rw, peek(rw, 0), "export declaration", "a name");
    record(rw, &name, &name);
    return 0;
  }
  if (is_kw(t, "default")) return export_default(rw, &ex);
  if (p_in(t, "*{")) return export_from(rw, &ex);
  return fail(rw, t, "export statement", "a declaration, 'default', '{' or '*'");
}

/* `await` followed by an operand, as opposed to a name used as an identifier. */
static bool await_operator(rewriter_t *rw) {
  const tok_t *n = peek(rw, 0);
  if (n->kind != TK_PUNCT) return n->kind != TK_EOF;
  return p_in(n, "([{!~+-") || is_p(n, "++") || is_p(n, "--");
}

/* Handles the token at rw->cur, in any context. */
static int handle(rewriter_t *rw) {
  const tok_t *t = &rw->cur;
  if (rw->in_decl && t->depth == 0) {
    if (is_p(t, ",")) {
      advance(rw);
      return pattern(rw);
    }
    if (is_p(t, ";") || asi_break(&rw->prev, t)) rw->in_decl = false;
  }
  if (t->closed == FR_PAREN) settle_dyn(rw);
  if (t->kind != TK_NAME || t->prop) return 0;
  if (text_is(t, "import")) return on_import(rw);
  if (text_is(t, "export") && at_stmt_start(rw)) return export_stmt(rw);
  if (text_is(t, "await") && t->fdepth == 0 && await_operator(rw)) rw->info.has_tla = true;
  return 0;
}

static int cmp_edit(const void *a, const void *b) {
  const edit_t *x = a, *y = b;
  return x->start < y->start ? -1 : x->start > y->start;
}

static void emit_edit(const rewriter_t *rw, const edit_t *e, sbuf_t *out) {
  const unsigned char *s = (const unsigned char *)rw->lx.src;
  const unsigned char *text = (const unsigned char *)sbuf_cstr(&rw->texts) + e->text;
  sbuf_append(out, (const char *)text, e->tlen);
  /* The text may copy line breaks of the range itself (a specifier continued over a line
   * with a backslash): those lines are there already. */
  size_t copied = 0;
  for (size_t i = 0, n; i < e->tlen; i++)
    if ((n = terminator_len(text + i, e->tlen - i)) != 0) copied++, i += n - 1;
  size_t line_start = SIZE_MAX; /* just after the range's last line terminator */
  for (size_t i = e->start, n; i < e->end; i++) {
    if ((n = terminator_len(s + i, e->end - i)) == 0) continue;
    if (copied) {
      copied--;
    } else {
      /* A CR and a later LF of the range must not meet as one CR LF (a line lost). */
      if (s[i] == '\n' && out->len && out->data[out->len - 1] == '\r') sbuf_putc(out, ' ');
      sbuf_append(out, (const char *)s + i, n);
    }
    i += n - 1;
    line_start = i + 1;
  }
  if (!e->keep_cols) return;
  size_t pad = line_start != SIZE_MAX        ? e->end - line_start
               : e->end - e->start > e->tlen ? e->end - e->start - e->tlen
                                             : 0;
  for (; pad > 0; pad--) sbuf_putc(out, ' ');
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
    /* Nor a CR the edit kept and an LF right after its range. */
    if (pos < len && s[pos] == '\n' && out->len && out->data[out->len - 1] == '\r')
      sbuf_putc(out, ' ');
  }
  if (!rw->info.is_esm) {
    sbuf_append(out, s + pos, len - pos);
    return;
  }
  /* on the last line, but not inside a // comment that ends the source */
  size_t at = rw->lx.eof_comment;
  if (at == SIZE_MAX || at < pos) at = len;
  sbuf_append(out, s + pos, at - pos);
  sbuf_putc(out, ';');
  sbuf_append(out, sbuf_cstr(&rw->tail), rw->tail.len);
  /* not enumerable, so that a namespace object lists only the module's own exports */
  sbuf_puts(out, "Object.defineProperty(exports, '__esModule', { value: true });");
  sbuf_append(out, s + at, len - at);
}

int esm_rewrite(const char *src, size_t len, sbuf_t *out, esm_info_t *info, sbuf_t *err) {
  rewriter_t rw = {0};
  rw.lx.src = src ? src : "";
  rw.lx.len = src ? len : 0;
  rw.lx.class_depth = rw.lx.eof_comment = SIZE_MAX;
  rw.err = err;
  int rc = 0;
  while (rc == 0 && advance(&rw)->kind != TK_EOF) rc = handle(&rw);
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
