/* cucumber_expr_parse: the tokenizer and parser of Cucumber Expressions, following the
 * grammar Cucumber documents:
 *   cucumber-expression := (alternation | optional | parameter | text)*
 *   alternation := (?<=left-boundary) alternative* ('/' alternative*)+ (?=right-boundary)
 *   left-boundary := whitespace | '}' | ^      right-boundary := whitespace | '{' | $
 *   alternative := optional | parameter | text
 *   optional := '(' option* ')'               option := optional | parameter | text
 *   parameter := '{' name* '}'                 name := whitespace | .
 *   text := whitespace | ')' | '}' | .
 * A backslash escapes white space and "{}()/\" into text. Offsets count code points
 * (an invalid UTF-8 byte counts as one). */
#include <stdlib.h>
#include <string.h>

#include "common/sbuf.h"
#include "frameworks/cucumber/cucumber_expr_int.h"
#include "frameworks/cucumber/gherkin_int.h"

typedef enum { T_SOL, T_EOL, T_WS, T_BOPT, T_EOPT, T_BPAR, T_EPAR, T_ALT, T_TEXT } tok_type_t;
static const char *const tok_names[] = {"START_OF_LINE",  "END_OF_LINE",  "WHITE_SPACE",
                                        "BEGIN_OPTIONAL", "END_OPTIONAL", "BEGIN_PARAMETER",
                                        "END_PARAMETER",  "ALTERNATION",  "TEXT"};
static const char *const node_names[] = {"TEXT_NODE",        "OPTIONAL_NODE",  "ALTERNATION_NODE",
                                         "ALTERNATIVE_NODE", "PARAMETER_NODE", "EXPRESSION_NODE",
                                         "SEPARATOR"};

typedef struct {
  tok_type_t type;
  int start, end;
  char *text;
} tok_t;

typedef struct {
  const char *expr;
  tok_t *toks;
  size_t ntoks;
  char *err;
  int depth; /* of nested optionals and parameters being parsed */
} ctx_t;

/* Deeper nesting is an error: it bounds the recursion of the parser and of the compiler
 * (an optional inside an optional is an error anyway). */
enum { MAX_DEPTH = 200 };

/* The code point at s (n bytes left) and its length; an invalid byte is itself. */
static unsigned decode(const char *s, size_t n, size_t *len) {
  const unsigned char *u = (const unsigned char *)s;
  size_t k = u[0] < 0x80             ? 1
             : (u[0] & 0xE0) == 0xC0 ? 2
             : (u[0] & 0xF0) == 0xE0 ? 3
             : (u[0] & 0xF8) == 0xF0 ? 4
                                     : 0;
  if (k == 0 || k > n) {
    *len = 1;
    return u[0];
  }
  unsigned cp = k == 1 ? u[0] : k == 2 ? u[0] & 0x1Fu : k == 3 ? u[0] & 0x0Fu : u[0] & 0x07u;
  for (size_t i = 1; i < k; i++) {
    if ((u[i] & 0xC0) != 0x80) {
      *len = 1;
      return u[0];
    }
    cp = (cp << 6) | (u[i] & 0x3Fu);
  }
  *len = k;
  return cp;
}

static int cp_count(const char *s, size_t n) {
  int c = 0;
  for (size_t i = 0, k; i < n; i += k, c++) decode(s + i, n - i, &k);
  return c;
}

static tok_type_t type_of(const char *s, size_t n) {
  if (gherkin_space_len(s, n)) return T_WS;
  switch (*s) {
  case '(': return T_BOPT;
  case ')': return T_EOPT;
  case '{': return T_BPAR;
  case '}': return T_EPAR;
  case '/': return T_ALT;
  default: return T_TEXT;
  }
}

char *ck_error(const char *expression, int start, int end, const char *problem,
               const char *solution) {
  sbuf_t b = SBUF_INIT;
  sbuf_init(&b);
  sbuf_printf(&b, "This Cucumber Expression has a problem at column %d:\n\n%s\n", start + 1,
              expression);
  for (int i = 0; i < start; i++) sbuf_putc(&b, ' ');
  sbuf_putc(&b, '^');
  if (start + 1 < end) {
    for (int i = start + 1; i < end - 1; i++) sbuf_putc(&b, '-');
    sbuf_putc(&b, '^');
  }
  sbuf_printf(&b, "\n%s.\n%s", problem, solution);
  return sbuf_take(&b);
}

static void push_tok(tok_t **toks, size_t *n, tok_type_t type, int start, int end, sbuf_t *text) {
  tok_t *t = GHERKIN_PUSH(*toks, *n);
  t->type = type;
  t->start = start;
  t->end = end;
  t->text = sbuf_take(text);
}

static void toks_free(tok_t *t, size_t n) {
  for (size_t i = 0; i < n; i++) free(t[i].text);
  free(t);
}

/* Runs of text or white space make one token each; every other character is its own. */
static bool tokenize(const char *expr, tok_t **toks, size_t *ntoks, char **err) {
  size_t len = strlen(expr), k;
  sbuf_t buf = SBUF_INIT;
  sbuf_init(&buf);
  int buf_cps = 0, buf_start = 0, escaped = 0, total = cp_count(expr, len);
  tok_type_t prev = T_SOL;
  bool as_text = false;
  if (len == 0) push_tok(toks, ntoks, T_SOL, 0, 0, &buf);
  for (size_t i = 0; i < len; i += k) {
    decode(expr + i, len - i, &k);
    if (!as_text && expr[i] == '\\') {
      escaped++;
      as_text = true;
      continue;
    }
    tok_type_t cur = type_of(expr + i, len - i);
    if (as_text) {
      if (cur == T_TEXT && expr[i] != '\\') {
        int at = buf_start + buf_cps + escaped;
        *err = ck_error(
            expr, at, at + 1,
            "Only the characters '{', '}', '(', ')', '\\', '/' and whitespace can be escaped",
            "If you did mean to use an '\\' you can use '\\\\' to escape it");
        sbuf_free(&buf);
        return false;
      }
      cur = T_TEXT;
      as_text = false;
    }
    if (cur != prev || (cur != T_WS && cur != T_TEXT)) {
      int esc = prev == T_TEXT ? escaped : 0;
      if (prev == T_TEXT) escaped = 0;
      int end = buf_start + buf_cps + esc;
      push_tok(toks, ntoks, prev, buf_start, end, &buf);
      buf_start = end;
      buf_cps = 0;
    }
    prev = cur;
    sbuf_append(&buf, expr + i, k);
    buf_cps++;
  }
  if (buf_cps > 0) {
    int esc = prev == T_TEXT ? escaped : 0;
    push_tok(toks, ntoks, prev, buf_start, buf_start + buf_cps + esc, &buf);
  }
  if (as_text) {
    *err = ck_error(expr, total - 1, total, "The end of line can not be escaped",
                    "You can use '\\\\' to escape the '\\'");
    sbuf_free(&buf);
    return false;
  }
  sbuf_reset(&buf);
  push_tok(toks, ntoks, T_EOL, total, total, &buf);
  sbuf_free(&buf);
  return true;
}

typedef struct {
  ck_node_t *items;
  size_t len;
} nodes_t;

static void nodes_free(nodes_t *l) {
  for (size_t i = 0; i < l->len; i++) {
    ck_node_t *n = &l->items[i];
    nodes_t sub = {n->nodes, n->nnodes};
    nodes_free(&sub);
    free(n->token);
  }
  free(l->items);
  l->items = NULL;
  l->len = 0;
}

void ck_node_free(ck_node_t *n) {
  if (!n) return;
  nodes_t sub = {n->nodes, n->nnodes};
  nodes_free(&sub);
  free(n->token);
  free(n);
}

static ck_node_t *add(nodes_t *l, ck_node_type_t type, int start, int end) {
  ck_node_t *n = GHERKIN_PUSH(l->items, l->len);
  n->type = type;
  n->start = start;
  n->end = end;
  return n;
}

/* A parser returns the tokens it consumed (0: not its kind), or -1 on an error in ctx. */
typedef int (*parser_fn)(ctx_t *c, size_t i, nodes_t *out);

static bool is(const ctx_t *c, size_t i, tok_type_t t) {
  return i < c->ntoks && c->toks[i].type == t;
}

static int parse_text(ctx_t *c, size_t i, nodes_t *out) {
  tok_t *t = &c->toks[i];
  switch (t->type) {
  case T_WS:
  case T_TEXT:
  case T_EPAR:
  case T_EOPT: add(out, CK_TEXT_NODE, t->start, t->end)->token = xstrdup(t->text); return 1;
  case T_ALT:
    c->err = ck_error(
        c->expr, t->start, t->end, "An alternation can not be used inside an optional",
        "If you did not mean to use an alternation you can use '\\/' to escape the '/'. "
        "Otherwise rephrase your expression or consider using a regular expression instead.");
    return -1;
  default: return 0;
  }
}

static int parse_name(ctx_t *c, size_t i, nodes_t *out) {
  tok_t *t = &c->toks[i];
  switch (t->type) {
  case T_WS:
  case T_TEXT: add(out, CK_TEXT_NODE, t->start, t->end)->token = xstrdup(t->text); return 1;
  case T_BOPT:
  case T_EOPT:
  case T_BPAR:
  case T_ALT:
    c->err = ck_error(c->expr, t->start, t->end,
                      "Parameter names may not contain '{', '}', '(', ')', '\\' or '/'",
                      "Did you mean to use a regular expression?");
    return -1;
  default: return 0;
  }
}

/* Runs the parsers over the tokens from i until one of `ends`; the tokens consumed. */
static int parse_until(ctx_t *c, const parser_fn *parsers, size_t nparsers, size_t i,
                       const tok_type_t *ends, size_t nends, nodes_t *out) {
  size_t cur = i;
  while (cur < c->ntoks) {
    bool at_end = false;
    for (size_t e = 0; e < nends; e++) at_end |= c->toks[cur].type == ends[e];
    if (at_end) break;
    int used = 0;
    for (size_t p = 0; p < nparsers && used == 0; p++) used = parsers[p](c, cur, out);
    if (used < 0) return -1;
    if (used == 0) { /* every token has a parser: this does not happen */
      c->err = ck_error(c->expr, c->toks[cur].start, c->toks[cur].end, "No eligible parsers",
                        "This is a bug in the Cucumber Expression parser");
      return -1;
    }
    cur += (size_t)used;
  }
  return (int)(cur - i);
}

static int parse_between(ctx_t *c, size_t i, nodes_t *out, ck_node_type_t type, tok_type_t begin,
                         tok_type_t end, const parser_fn *parsers, size_t nparsers) {
  if (!is(c, i, begin)) return 0;
  if (c->depth >= MAX_DEPTH) {
    c->err = ck_error(c->expr, c->toks[i].start, c->toks[i].end,
                      "The expression is nested too deeply", "Use fewer nested '(' and '{'");
    return -1;
  }
  nodes_t sub = {0};
  tok_type_t ends[] = {end, T_EOL};
  c->depth++;
  int used = parse_until(c, parsers, nparsers, i + 1, ends, 2, &sub);
  c->depth--;
  if (used < 0) {
    nodes_free(&sub);
    return -1;
  }
  size_t j = i + 1 + (size_t)used;
  if (!is(c, j, end)) {
    nodes_free(&sub);
    tok_t *t = &c->toks[i];
    if (begin == T_BPAR)
      c->err = ck_error(
          c->expr, t->start, t->end, "The '{' does not have a matching '}'",
          "If you did not intend to use a parameter you can use '\\{' to escape the a parameter");
    else
      c->err = ck_error(c->expr, t->start, t->end, "The '(' does not have a matching ')'",
                        "If you did not intend to use optional text you can use '\\(' to escape "
                        "the optional text");
    return -1;
  }
  ck_node_t *n = add(out, type, c->toks[i].start, c->toks[j].end);
  n->nodes = sub.items;
  n->nnodes = sub.len;
  return (int)(j + 1 - i);
}

static int parse_parameter(ctx_t *c, size_t i, nodes_t *out) {
  static const parser_fn ps[] = {parse_name};
  return parse_between(c, i, out, CK_PARAMETER_NODE, T_BPAR, T_EPAR, ps, 1);
}

static int parse_optional(ctx_t *c, size_t i, nodes_t *out) {
  static const parser_fn ps[] = {parse_optional, parse_parameter, parse_text};
  return parse_between(c, i, out, CK_OPTIONAL_NODE, T_BOPT, T_EOPT, ps, 3);
}

static int parse_separator(ctx_t *c, size_t i, nodes_t *out) {
  if (!is(c, i, T_ALT)) return 0;
  add(out, CK_SEPARATOR, c->toks[i].start, c->toks[i].end);
  return 1;
}

static int parse_alternation(ctx_t *c, size_t i, nodes_t *out) {
  if (i == 0) return 0;
  tok_type_t prev = c->toks[i - 1].type;
  if (prev != T_SOL && prev != T_WS && prev != T_EPAR) return 0;
  static const parser_fn ps[] = {parse_separator, parse_optional, parse_parameter, parse_text};
  static const tok_type_t ends[] = {T_WS, T_EOL, T_BPAR};
  nodes_t sub = {0};
  int used = parse_until(c, ps, 4, i, ends, 3, &sub);
  if (used < 0) {
    nodes_free(&sub);
    return -1;
  }
  bool any = false;
  for (size_t k = 0; k < sub.len; k++) any |= sub.items[k].type == CK_SEPARATOR;
  if (!any) {
    nodes_free(&sub);
    return 0;
  }
  int start = c->toks[i].start, end = c->toks[i + (size_t)used].start;
  ck_node_t *alt = add(out, CK_ALTERNATION_NODE, start, end);
  /* split at the separators: alternative k spans from the separator before it (or the
   * alternation's start) to the one after it (or the alternation's end) */
  nodes_t alts = {0}, cur = {0};
  int from = start;
  for (size_t k = 0; k <= sub.len; k++) {
    if (k < sub.len && sub.items[k].type != CK_SEPARATOR) {
      *GHERKIN_PUSH(cur.items, cur.len) = sub.items[k];
      continue;
    }
    int to = k < sub.len ? sub.items[k].start : end;
    ck_node_t *a = add(&alts, CK_ALTERNATIVE_NODE, from, to);
    a->nodes = cur.items;
    a->nnodes = cur.len;
    cur = (nodes_t){0};
    if (k < sub.len) from = sub.items[k].end;
  }
  free(sub.items); /* the children moved into the alternatives; separators own nothing */
  alt->nodes = alts.items;
  alt->nnodes = alts.len;
  return used;
}

ck_node_t *ck_parse(const char *expression, char **err) {
  ctx_t c = {expression ? expression : "", NULL, 0, NULL, 0};
  *err = NULL;
  if (!tokenize(c.expr, &c.toks, &c.ntoks, err)) {
    toks_free(c.toks, c.ntoks);
    return NULL;
  }
  static const parser_fn ps[] = {parse_alternation, parse_optional, parse_parameter, parse_text};
  nodes_t root = {0};
  int used = parse_between(&c, 0, &root, CK_EXPRESSION_NODE, T_SOL, T_EOL, ps, 4);
  toks_free(c.toks, c.ntoks);
  if (used <= 0) {
    nodes_free(&root);
    *err = c.err ? c.err : xstrdup("This Cucumber Expression could not be parsed");
    return NULL;
  }
  ck_node_t *n = xcalloc(1, sizeof *n);
  *n = root.items[0];
  free(root.items);
  return n;
}

json_t *cukexpr_tokens_json(const char *expression, char **err) {
  tok_t *toks = NULL;
  size_t n = 0;
  *err = NULL;
  if (!tokenize(expression ? expression : "", &toks, &n, err)) {
    toks_free(toks, n);
    return NULL;
  }
  json_t *a = json_array();
  for (size_t i = 0; i < n; i++)
    json_array_append_new(
        a, json_pack("{s:s, s:i, s:i, s:s}", "type", tok_names[toks[i].type], "start",
                     toks[i].start, "end", toks[i].end, "text", toks[i].text));
  toks_free(toks, n);
  return a;
}

static json_t *node_json(const ck_node_t *n) {
  json_t *o =
      json_pack("{s:s, s:i, s:i}", "type", node_names[n->type], "start", n->start, "end", n->end);
  if (n->type == CK_TEXT_NODE) {
    json_object_set_new(o, "token", json_string(n->token ? n->token : ""));
  } else {
    json_t *a = json_array();
    for (size_t i = 0; i < n->nnodes; i++) json_array_append_new(a, node_json(&n->nodes[i]));
    json_object_set_new(o, "nodes", a);
  }
  return o;
}

json_t *cukexpr_ast_json(const char *expression, char **err) {
  ck_node_t *n = ck_parse(expression, err);
  if (!n) return NULL;
  json_t *j = node_json(n);
  ck_node_free(n);
  return j;
}
