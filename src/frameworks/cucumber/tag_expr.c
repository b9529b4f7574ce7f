/* tag_expr: tokenizer, shunting-yard parser, evaluator and printer of tag expressions. */
#include "frameworks/cucumber/tag_expr.h"

#include <stdlib.h>
#include <string.h>

#include "common/sbuf.h"
#include "frameworks/cucumber/gherkin_int.h"

typedef enum { N_TRUE, N_LIT, N_NOT, N_AND, N_OR } kind_t;

/* More tokens than this is an error: no real expression comes near, and it bounds the
 * depth of the recursion over the tree. */
enum { MAX_TOKENS = 10000 };

struct tagexpr {
  kind_t kind;
  char *name;            /* N_LIT: the tag, unescaped */
  struct tagexpr *a, *b; /* operands (N_NOT: a) */
};

typedef enum { T_LIT, T_OPEN, T_CLOSE, T_NOT, T_AND, T_OR } tok_kind_t;

typedef struct {
  tok_kind_t kind;
  char *text;
} tok_t;

static void toks_free(tok_t *t, size_t n) {
  for (size_t i = 0; i < n; i++) free(t[i].text);
  free(t);
}

static char *syntax_error(const char *expr, const char *what) {
  return xasprintf("Tag expression \"%s\" could not be parsed because of syntax error: %s", expr,
                   what);
}

static void push_word(tok_t **toks, size_t *n, sbuf_t *w) {
  if (w->len == 0) return;
  tok_t *t = GHERKIN_PUSH(*toks, *n);
  char *s = sbuf_take(w);
  t->kind = strcmp(s, "not") == 0   ? T_NOT
            : strcmp(s, "and") == 0 ? T_AND
            : strcmp(s, "or") == 0  ? T_OR
                                    : T_LIT;
  t->text = s;
}

/* Words split at white space and parentheses; a backslash escapes "(", ")", "\" or white
 * space into the word. */
static bool tokenize(const char *expr, tok_t **toks, size_t *n, char **err) {
  sbuf_t w = SBUF_INIT;
  sbuf_init(&w);
  size_t len = strlen(expr);
  for (size_t i = 0; i < len;) {
    size_t sp = gherkin_space_len(expr + i, len - i);
    char c = expr[i];
    if (c == '\\') {
      size_t k = i + 1 < len ? gherkin_space_len(expr + i + 1, len - i - 1) : 0;
      if (i + 1 < len && (expr[i + 1] == '(' || expr[i + 1] == ')' || expr[i + 1] == '\\' || k)) {
        size_t take = k ? k : 1;
        sbuf_append(&w, expr + i + 1, take);
        i += 1 + take;
        continue;
      }
      if (i + 1 >= len) { /* a backslash that ends the expression is dropped, as Cucumber does */
        i++;
        continue;
      }
      size_t cl = 1;
      while (i + 1 + cl < len && ((unsigned char)expr[i + 1 + cl] & 0xC0) == 0x80) cl++;
      char *what = xasprintf("Illegal escape before \"%.*s\".", (int)cl, expr + i + 1);
      *err = syntax_error(expr, what);
      free(what);
      sbuf_free(&w);
      return false;
    }
    if (sp || c == '(' || c == ')') {
      push_word(toks, n, &w);
      if (!sp) {
        tok_t *t = GHERKIN_PUSH(*toks, *n);
        t->kind = c == '(' ? T_OPEN : T_CLOSE;
        t->text = xstrndup(&c, 1);
      }
      i += sp ? sp : 1;
      continue;
    }
    sbuf_putc(&w, c);
    i++;
  }
  push_word(toks, n, &w);
  sbuf_free(&w);
  return true;
}

static int prec(tok_kind_t k) { return k == T_OR ? 0 : k == T_AND ? 1 : 2; }
static bool is_op(tok_kind_t k) { return k == T_NOT || k == T_AND || k == T_OR; }

static tagexpr_t *node(kind_t k) {
  tagexpr_t *e = xcalloc(1, sizeof *e);
  e->kind = k;
  return e;
}

typedef struct {
  tagexpr_t **items;
  size_t len;
} stack_t;

/* Pops an operator's operands into a node; false when they are missing. */
static bool reduce(stack_t *out, tok_kind_t op) {
  size_t need = op == T_NOT ? 1 : 2;
  if (out->len < need) return false;
  tagexpr_t *e = node(op == T_NOT ? N_NOT : op == T_AND ? N_AND : N_OR);
  if (need == 2) {
    e->b = out->items[--out->len];
    e->a = out->items[--out->len];
  } else {
    e->a = out->items[--out->len];
  }
  out->items[out->len++] = e;
  return true;
}

tagexpr_t *tagexpr_parse(const char *expr, char **err) {
  *err = NULL;
  if (!expr) expr = "";
  tok_t *toks = NULL;
  size_t n = 0;
  if (!tokenize(expr, &toks, &n, err)) {
    toks_free(toks, n);
    return NULL;
  }
  if (n > MAX_TOKENS) { /* evaluating, printing and freeing recurse as deep as the tree */
    *err = syntax_error(expr, "Too many tags and operators.");
    toks_free(toks, n);
    return NULL;
  }
  stack_t out = {xcalloc(n + 1, sizeof(tagexpr_t *)), 0};
  tok_kind_t *ops = xcalloc(n + 1, sizeof *ops);
  size_t nops = 0;
  bool want_operand = true;
  const char *fail = NULL;
  for (size_t i = 0; i < n && !fail; i++) {
    tok_kind_t k = toks[i].kind;
    if (k == T_NOT || k == T_OPEN) {
      if (!want_operand) fail = "Expected operator.";
      else ops[nops++] = k;
    } else if (k == T_AND || k == T_OR) {
      if (want_operand) {
        fail = "Expected operand.";
        break;
      }
      while (nops > 0 && is_op(ops[nops - 1]) && prec(k) <= prec(ops[nops - 1]))
        if (!reduce(&out, ops[--nops])) fail = "Expected operand.";
      ops[nops++] = k;
      want_operand = true;
    } else if (k == T_CLOSE) {
      if (want_operand) {
        fail = "Expected operand.";
        break;
      }
      while (nops > 0 && ops[nops - 1] != T_OPEN && !fail)
        if (!reduce(&out, ops[--nops])) fail = "Expected operand.";
      if (fail) break;
      if (nops == 0) fail = "Unmatched ).";
      else nops--;
      want_operand = false;
    } else {
      if (!want_operand) {
        fail = "Expected operator.";
        break;
      }
      tagexpr_t *e = node(N_LIT);
      e->name = xstrdup(toks[i].text);
      out.items[out.len++] = e;
      want_operand = false;
    }
  }
  while (!fail && nops > 0) {
    if (ops[nops - 1] == T_OPEN) fail = "Unmatched (.";
    else if (!reduce(&out, ops[--nops])) fail = "Expected operand.";
  }
  tagexpr_t *result = NULL;
  if (!fail && out.len > 1) fail = "Expected operator.";
  if (!fail) result = out.len ? out.items[--out.len] : node(N_TRUE);
  else *err = syntax_error(expr, fail);
  while (out.len) tagexpr_free(out.items[--out.len]);
  free(out.items);
  free(ops);
  toks_free(toks, n);
  return result;
}

bool tagexpr_eval(const tagexpr_t *e, const char *const *tags, size_t ntags) {
  switch (e->kind) {
  case N_TRUE: return true;
  case N_LIT:
    for (size_t i = 0; i < ntags; i++)
      if (tags[i] && strcmp(tags[i], e->name) == 0) return true;
    return false;
  case N_NOT: return !tagexpr_eval(e->a, tags, ntags);
  case N_AND: return tagexpr_eval(e->a, tags, ntags) && tagexpr_eval(e->b, tags, ntags);
  case N_OR: return tagexpr_eval(e->a, tags, ntags) || tagexpr_eval(e->b, tags, ntags);
  }
  return false;
}

static void format(const tagexpr_t *e, sbuf_t *b) {
  switch (e->kind) {
  case N_TRUE: return;
  case N_LIT: {
    size_t len = strlen(e->name);
    for (size_t i = 0; i < len;) {
      size_t sp = gherkin_space_len(e->name + i, len - i);
      char c = e->name[i];
      if (sp || c == '(' || c == ')' || c == '\\') sbuf_putc(b, '\\');
      size_t k = sp ? sp : 1;
      sbuf_append(b, e->name + i, k);
      i += k;
    }
    return;
  }
  case N_NOT:
    if (e->a->kind == N_AND || e->a->kind == N_OR) {
      sbuf_puts(b, "not ");
      format(e->a, b);
    } else {
      sbuf_puts(b, "not ( ");
      format(e->a, b);
      sbuf_puts(b, " )");
    }
    return;
  case N_AND:
  case N_OR:
    sbuf_puts(b, "( ");
    format(e->a, b);
    sbuf_puts(b, e->kind == N_AND ? " and " : " or ");
    format(e->b, b);
    sbuf_puts(b, " )");
    return;
  }
}

char *tagexpr_format(const tagexpr_t *e) {
  sbuf_t b = SBUF_INIT;
  sbuf_init(&b);
  format(e, &b);
  return sbuf_take(&b);
}

void tagexpr_free(tagexpr_t *e) {
  if (!e) return;
  tagexpr_free(e->a);
  tagexpr_free(e->b);
  free(e->name);
  free(e);
}
