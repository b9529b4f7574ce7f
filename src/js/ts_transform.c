/* ts_transform: the TypeScript constructs that have a runtime meaning and so are rewritten
 * rather than blanked, into what TypeScript emits, on the same lines:
 *
 *   enum E { A, B = 5, C = "c" }   var E; (function (E) {E[E["A"] = 0] = "A"; ...
 *                                  E["C"] = "c";})(E || (E = {}));  (one member a line as
 *                                  in the source; constant initialisers folded as
 *                                  TypeScript folds them, members of the file's earlier
 *                                  enums too, others copied with member names qualified)
 *   namespace N { export const x = 1 }   var N; (function (N) { const x = 1;N.x = x; })(N || (N = {}));
 *                                  (an exported `let`/`var` becomes an accessor of N)
 *
 * `const enum` is emitted as an enum, as under isolatedModules. A namespace holding only
 * types is blanked. Not done: rewriting references to a namespace's exports made in
 * another block of the same namespace (TypeScript qualifies them), so such a reference
 * is an error at run time rather than wrong code. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "js/ts_internal.h"
#include "js/ts_parse_internal.h"

/* ---- constant folding of enum initialisers ---- */

enum { CV_NONE, CV_NUM, CV_STR };

typedef struct {
  int kind;
  double num;
  sbuf_t str; /* the string's value (only strings without escapes are folded) */
} cval_t;

typedef struct {
  ts_tok_t key; /* NAME or STR */
  cval_t value;
} member_t;

typedef struct {
  ts_parser_t *p;
  ts_tok_t tok;
  size_t end; /* the initialiser's end */
  member_t *members;
  size_t n_members;
  ts_tok_t enum_name;
  unsigned depth;
} folder_t;

static void fold_next(folder_t *f) {
  f->tok = ts_lex(f->p, f->tok.end, false);
  if (f->tok.start >= f->end) f->tok = (ts_tok_t){TK_EOF, f->end, f->end, false};
}

static bool key_is(const folder_t *f, const ts_tok_t *key, const char *s, size_t n) {
  if (key->kind == TK_NAME)
    return key->end - key->start == n && memcmp(f->p->src + key->start, s, n) == 0;
  return key->end - key->start == n + 2 && memcmp(f->p->src + key->start + 1, s, n) == 0;
}

static cval_t none(void) { return (cval_t){CV_NONE, 0, SBUF_INIT}; }

static cval_t number(double v) { return (cval_t){CV_NUM, v, SBUF_INIT}; }

static cval_t copy_of(const cval_t *v) {
  cval_t c = {v->kind, v->num, SBUF_INIT};
  if (v->kind == CV_STR) sbuf_append(&c.str, v->str.data ? v->str.data : "", v->str.len);
  return c;
}

static cval_t member_value(folder_t *f, const char *s, size_t n) {
  for (size_t i = 0; i < f->n_members; i++)
    if (key_is(f, &f->members[i].key, s, n)) return copy_of(&f->members[i].value);
  return none();
}

/* `Other.A` where Other is an enum parsed earlier in the file and A one of its folded
 * members; the latest declaration of that name counts. */
static bool other_enum(folder_t *f, const char *name, size_t n) {
  for (size_t i = f->p->enum_values.len; i-- > 0;) {
    ts_name_t e = f->p->enum_values.items[i].enum_name;
    if (e.len == n && memcmp(f->p->src + e.start, name, n) == 0) return true;
  }
  return false;
}

static cval_t other_member_value(folder_t *f, const char *name, size_t n, const char *s, size_t m) {
  for (size_t i = f->p->enum_values.len; i-- > 0;) {
    struct ts_enum_value *v = &f->p->enum_values.items[i];
    if (v->enum_name.len != n || memcmp(f->p->src + v->enum_name.start, name, n) != 0 ||
        !key_is(f, &v->key, s, m))
      continue;
    if (!v->is_string) return number(v->num);
    cval_t c = {CV_STR, 0, SBUF_INIT};
    sbuf_append(&c.str, v->str ? v->str : "", v->str_len);
    return c;
  }
  return none();
}

static void remember_member(ts_parser_t *p, ts_name_t enum_name, ts_tok_t key, const cval_t *v) {
  if (v->kind == CV_NONE) return;
  struct ts_enum_value e = {enum_name, key, v->kind == CV_STR, v->num, NULL, 0};
  if (e.is_string) {
    e.str_len = v->str.len;
    e.str = xmalloc(e.str_len + 1);
    if (e.str_len) memcpy(e.str, v->str.data, e.str_len);
    e.str[e.str_len] = '\0';
  }
  TS_PUSH(p, p->enum_values, e);
}

static double parse_number(const char *s, size_t n) {
  char buf[64];
  size_t k = 0;
  for (size_t i = 0; i < n && k + 1 < sizeof(buf); i++)
    if (s[i] != '_') buf[k++] = s[i];
  buf[k] = '\0';
  if (k > 2 && buf[0] == '0' && (buf[1] == 'b' || buf[1] == 'B' || buf[1] == 'o' || buf[1] == 'O'))
    return (double)strtoull(buf + 2, NULL, buf[1] == 'b' || buf[1] == 'B' ? 2 : 8);
  if (k > 2 && buf[0] == '0' && (buf[1] == 'x' || buf[1] == 'X'))
    return (double)strtoull(buf, NULL, 16);
  return strtod(buf, NULL);
}

static cval_t fold_expr(folder_t *f, int min_prec);

/* ECMAScript's ToInt32: NaN and the infinities are 0. */
static int32_t to_int32(double d) {
  if (!isfinite(d)) return 0;
  return (int32_t)(uint32_t)(int64_t)fmod(trunc(d), 4294967296.0);
}

static cval_t fold_primary(folder_t *f) {
  ts_parser_t *p = f->p;
  ts_tok_t t = f->tok;
  const char *s = p->src + t.start;
  size_t n = t.end - t.start;
  if (++f->depth > 100) return none();
  cval_t v = none();
  if (t.kind == TK_NUM && s[n - 1] != 'n') {
    v = number(parse_number(s, n));
    fold_next(f);
  } else if ((t.kind == TK_STR || (t.kind == TK_TMPL && s[0] == '`')) && !memchr(s, '\\', n)) {
    v.kind = CV_STR;
    sbuf_append(&v.str, s + 1, n - 2);
    fold_next(f);
  } else if (t.kind == TK_NAME) {
    fold_next(f);
    bool own = t.end - t.start == f->enum_name.end - f->enum_name.start &&
               memcmp(s, p->src + f->enum_name.start, n) == 0;
    if (ts_tok_is(p, &f->tok, ".") && !own && other_enum(f, s, n)) { /* Other.A */
      fold_next(f);
      ts_tok_t m = f->tok;
      if (m.kind != TK_NAME) return none();
      fold_next(f);
      v = other_member_value(f, s, n, p->src + m.start, m.end - m.start);
      f->depth--;
      return v;
    }
    if (ts_tok_is(p, &f->tok, ".") && own) { /* E.A */
      fold_next(f);
      t = f->tok;
      s = p->src + t.start;
      n = t.end - t.start;
      if (t.kind != TK_NAME) return none();
      fold_next(f);
    }
    if (n == 8 && memcmp(s, "Infinity", 8) == 0) v = number(INFINITY);
    else if (n == 3 && memcmp(s, "NaN", 3) == 0) v = number(NAN);
    else v = member_value(f, s, n);
  } else if (ts_tok_is(p, &t, "(")) {
    fold_next(f);
    v = fold_expr(f, 0);
    if (!ts_tok_is(p, &f->tok, ")")) {
      sbuf_free(&v.str);
      v = none();
    }
    fold_next(f);
  } else if (ts_tok_is(p, &t, "-") || ts_tok_is(p, &t, "+") || ts_tok_is(p, &t, "~")) {
    fold_next(f);
    v = fold_primary(f);
    if (v.kind != CV_NUM) {
      sbuf_free(&v.str);
      v = none();
    } else if (s[0] == '-') {
      v.num = -v.num;
    } else if (s[0] == '~') {
      v.num = (double)~to_int32(v.num); /* ~NaN and ~Infinity are -1, as in JavaScript */
    }
  }
  f->depth--;
  return v;
}

static int precedence(const folder_t *f) {
  static const struct {
    const char *op;
    int prec;
  } ops[] = {{"|", 1}, {"^", 2}, {"&", 3}, {"<<", 4}, {">>", 4}, {">>>", 4}, {"+", 5},
             {"-", 5}, {"*", 6}, {"/", 6}, {"%", 6},  {"**", 7}, {NULL, 0}};
  for (size_t i = 0; ops[i].op; i++)
    if (f->tok.kind == TK_PUNCT && ts_tok_is(f->p, &f->tok, ops[i].op)) return ops[i].prec;
  return 0;
}

/* Numbers as JavaScript writes them, for the integers string concatenation may need. */
static bool int_text(double d, char *buf, size_t size) {
  if (d != trunc(d) || fabs(d) >= 1e21) return false;
  snprintf(buf, size, "%.0f", d == 0 ? 0.0 : d);
  return true;
}

static cval_t fold_expr(folder_t *f, int min_prec) {
  cval_t left = fold_primary(f);
  for (;;) {
    int prec = precedence(f);
    if (prec == 0 || prec <= min_prec) break;
    char op[4] = {0};
    memcpy(op, f->p->src + f->tok.start, f->tok.end - f->tok.start);
    fold_next(f);
    cval_t right = fold_expr(f, op[0] == '*' && op[1] == '*' ? prec - 1 : prec);
    cval_t r = none();
    if (op[0] == '+' && (left.kind == CV_STR || right.kind == CV_STR) && left.kind && right.kind) {
      char buf[64];
      r.kind = CV_STR;
      for (int side = 0; side < 2 && r.kind; side++) {
        cval_t *v = side ? &right : &left;
        if (v->kind == CV_STR) sbuf_append(&r.str, v->str.data ? v->str.data : "", v->str.len);
        else if (int_text(v->num, buf, sizeof(buf))) sbuf_puts(&r.str, buf);
        else r.kind = CV_NONE;
      }
    } else if (left.kind == CV_NUM && right.kind == CV_NUM) {
      double a = left.num, b = right.num;
      r.kind = CV_NUM;
      if (!strcmp(op, "|")) r.num = to_int32(a) | to_int32(b);
      else if (!strcmp(op, "^")) r.num = to_int32(a) ^ to_int32(b);
      else if (!strcmp(op, "&")) r.num = to_int32(a) & to_int32(b);
      else if (!strcmp(op, "<<")) r.num = (int32_t)((uint32_t)to_int32(a) << (to_int32(b) & 31));
      else if (!strcmp(op, ">>")) r.num = to_int32(a) >> (to_int32(b) & 31);
      else if (!strcmp(op, ">>>")) r.num = (uint32_t)to_int32(a) >> (to_int32(b) & 31);
      else if (!strcmp(op, "+")) r.num = a + b;
      else if (!strcmp(op, "-")) r.num = a - b;
      else if (!strcmp(op, "*")) r.num = a * b;
      else if (!strcmp(op, "/")) r.num = a / b;
      else if (!strcmp(op, "%")) r.num = fmod(a, b);
      else if (!strcmp(op, "**")) r.num = pow(a, b);
    }
    sbuf_free(&left.str);
    sbuf_free(&right.str);
    left = r;
  }
  return left;
}

static void put_number(sbuf_t *b, double d) {
  if (isnan(d)) sbuf_puts(b, "NaN");
  else if (isinf(d)) sbuf_puts(b, d > 0 ? "Infinity" : "-Infinity");
  else if (d == trunc(d) && fabs(d) < 9007199254740992.0) sbuf_printf(b, "%.0f", d == 0 ? 0.0 : d);
  else {
    char buf[40];
    for (int prec = 15; prec <= 17; prec++) {
      snprintf(buf, sizeof(buf), "%.*g", prec, d);
      if (strtod(buf, NULL) == d) break;
    }
    sbuf_puts(b, buf);
  }
}

static void put_string(sbuf_t *b, const sbuf_t *s) {
  sbuf_putc(b, '"');
  for (size_t i = 0; i < s->len; i++) {
    char c = s->data[i];
    if (c == '"') sbuf_puts(b, "\\\"");
    else sbuf_putc(b, c); /* no backslash or line terminator: strings with those are not folded */
  }
  sbuf_putc(b, '"');
}

/* ---- enums ---- */

/* A member's name as a string literal, in double quotes as TypeScript writes it (a
 * single-quoted one holding a quote or an escape is copied as it is). */
static void put_key(sbuf_t *b, const ts_parser_t *p, ts_tok_t key) {
  const char *s = p->src + key.start;
  size_t n = key.end - key.start;
  if (key.kind == TK_STR &&
      (s[0] == '"' || memchr(s + 1, '\\', n - 2) || memchr(s + 1, '"', n - 2)))
    sbuf_append(b, s, n);
  else if (key.kind == TK_STR) sbuf_printf(b, "\"%.*s\"", (int)(n - 2), s + 1);
  else sbuf_printf(b, "\"%.*s\"", (int)n, s);
}

/* The initialiser's source with references to earlier members qualified: `A | B` within
 * enum E becomes `E.A | E.B`. */
static void put_computed(sbuf_t *b, folder_t *f, size_t start, size_t end) {
  ts_parser_t *p = f->p;
  size_t cursor = start;
  ts_tok_t prev = {TK_EOF, 0, 0, false};
  for (ts_tok_t t = ts_lex(p, start, false); t.kind != TK_EOF && t.start < end;
       t = ts_lex(p, t.end, false)) {
    if (t.kind == TK_NAME && !ts_tok_is(p, &prev, ".") && !ts_tok_is(p, &prev, "?.")) {
      for (size_t i = 0; i < f->n_members; i++) {
        if (f->members[i].key.kind == TK_NAME &&
            key_is(f, &f->members[i].key, p->src + t.start, t.end - t.start)) {
          sbuf_append(b, p->src + cursor, t.start - cursor);
          sbuf_printf(b, "%.*s.", (int)(f->enum_name.end - f->enum_name.start),
                      p->src + f->enum_name.start);
          cursor = t.start;
          break;
        }
      }
    }
    if (t.kind == TK_TMPL_OPEN) break; /* copied as is below */
    prev = t;
  }
  sbuf_append(b, p->src + cursor, end - cursor);
}

/* `var E; (function (E) {` and `})(E || (E = {}));`, or for a member of namespace N,
 * `})(E = N.E || (N.E = {}));`. */
static void put_iife_close(sbuf_t *b, const ts_parser_t *p, ts_name_t name, const ts_ns_t *ns) {
  int n = (int)name.len;
  const char *s = p->src + name.start;
  if (ns)
    sbuf_printf(b, "})(%.*s = %.*s.%.*s || (%.*s.%.*s = {}));", n, s, (int)ns->name.len,
                p->src + ns->name.start, n, s, (int)ns->name.len, p->src + ns->name.start, n, s);
  else sbuf_printf(b, "})(%.*s || (%.*s = {}));", n, s, n, s);
}

void ts_parse_enum(ts_parser_t *p, size_t start, bool exported) {
  if (ts_is_name(p, "const")) ts_next(p);
  ts_expect(p, "enum");
  ts_tok_t name = p->tok;
  if (name.kind != TK_NAME) {
    ts_fail_here(p);
    return;
  }
  ts_next(p);
  ts_expect(p, "{");
  folder_t f = {p, {0}, 0, NULL, 0, name, 0};
  size_t cap = 0;
  sbuf_t out = SBUF_INIT;
  ts_name_t nm = {name.start, name.end - name.start};
  int n = (int)nm.len;
  const char *ns = p->src + name.start;
  /* Declared once per scope (an enum may merge with an earlier one): `var` at the top
   * level, `let` in blocks, as TypeScript declares it. */
  if (!ts_declared_here(p, nm))
    sbuf_printf(&out, "%s %.*s; ", p->block_id == 0 ? "var" : "let", n, ns);
  ts_note_decl(p, name);
  sbuf_printf(&out, "(function (%.*s) {", n, ns);
  size_t cursor = p->prev_end;
  cval_t last = number(-1);
  while (!p->failed && !ts_is_punct(p, "}")) {
    ts_tok_t key = p->tok;
    if (key.kind != TK_NAME && key.kind != TK_STR) {
      ts_fail(p, key.start, "expected an enum member name");
      break;
    }
    ts_next(p);
    ts_newlines(p->src, cursor, key.start, &out);
    cval_t v = none();
    size_t init_start = 0, init_end = 0;
    if (ts_is_punct(p, "=")) {
      ts_next(p);
      init_start = p->tok.start;
      size_t edits = p->edits.len;
      ts_parse_expr(p, EX_NO_COMMA);
      init_end = p->prev_end;
      if (p->edits.len != edits && !p->failed)
        ts_fail(p, init_start, "TypeScript syntax in an enum initialiser is not supported");
      f.tok = ts_lex(p, init_start, false);
      f.end = init_end;
      v = fold_expr(&f, 0);
      if (f.tok.kind != TK_EOF) {
        sbuf_free(&v.str);
        v = none();
      }
    } else if (last.kind == CV_NUM) {
      v = number(last.num + 1);
    } else {
      ts_fail(p, key.start,
              "this enum member needs an initialiser (the one before it is not a number)");
    }
    if (p->failed) {
      sbuf_free(&v.str);
      break;
    }
    if (v.kind == CV_STR) {
      sbuf_printf(&out, "%.*s[", n, ns);
      put_key(&out, p, key);
      sbuf_puts(&out, "] = ");
      put_string(&out, &v.str);
      sbuf_puts(&out, ";");
    } else {
      sbuf_printf(&out, "%.*s[%.*s[", n, ns, n, ns);
      put_key(&out, p, key);
      sbuf_puts(&out, "] = ");
      if (v.kind == CV_NUM) put_number(&out, v.num);
      else put_computed(&out, &f, init_start, init_end);
      sbuf_puts(&out, "] = ");
      put_key(&out, p, key);
      sbuf_puts(&out, ";");
    }
    cursor = v.kind == CV_NONE && init_end ? init_end : key.end;
    if (f.n_members == cap) {
      cap = cap ? cap * 2 : 8;
      f.members = xrealloc(f.members, cap * sizeof(*f.members));
    }
    sbuf_free(&last.str);
    last = copy_of(&v);
    f.members[f.n_members++] = (member_t){key, v};
    if (!p->ambient) remember_member(p, nm, key, &v);
    if (ts_is_punct(p, ",")) ts_next(p);
    else if (!ts_is_punct(p, "}")) ts_fail_here(p);
  }
  size_t close = p->tok.start;
  ts_expect(p, "}");
  if (!p->failed) {
    ts_newlines(p->src, cursor, close, &out);
    put_iife_close(&out, p, nm, exported ? p->ns : NULL);
  }
  for (size_t i = 0; i < f.n_members; i++) sbuf_free(&f.members[i].value.str);
  free(f.members);
  sbuf_free(&last.str);
  if (p->failed || p->ambient) {
    sbuf_free(&out);
    if (!p->failed) ts_blank_over(p, start, p->prev_end);
    return;
  }
  /* The whole enum is rewritten: the edits inside it (none kept) go. */
  ts_blank_over(p, start, start);
  ts_edit(p, start, p->prev_end, sbuf_take(&out));
}

/* ---- namespaces ---- */

bool ts_parse_namespace(ts_parser_t *p, size_t start, bool exported) {
  ts_next(p);                  /* namespace, module */
  if (p->tok.kind == TK_STR) { /* `module 'm' {}`: an ambient module declaration */
    ts_next(p);
    if (ts_is_punct(p, "{")) ts_skip_balanced(p);
    else ts_semicolon(p);
    ts_blank_over(p, start, p->prev_end);
    return false;
  }
  ts_ns_t frames[32];
  size_t depth = 0;
  ts_ns_t *outer = p->ns;
  for (;;) {
    if (p->tok.kind != TK_NAME) {
      ts_fail(p, p->tok.start, "expected a namespace name");
      return false;
    }
    if (depth == sizeof(frames) / sizeof(frames[0])) {
      ts_fail(p, p->tok.start, "namespace name too deep");
      return false;
    }
    frames[depth] = (ts_ns_t){
        {p->tok.start, p->tok.end - p->tok.start}, depth ? &frames[depth - 1] : outer, SIZE_MAX};
    depth++;
    ts_next(p);
    if (!ts_is_punct(p, ".")) break;
    ts_next(p);
  }
  /* The body's record: its qualified name, with the enclosing namespaces'. */
  sbuf_t key = SBUF_INIT;
  for (ts_ns_t *o = outer; o; o = o->parent) {
    sbuf_t k = SBUF_INIT;
    sbuf_printf(&k, "%.*s%s%s", (int)o->name.len, p->src + o->name.start, key.len ? "." : "",
                sbuf_cstr(&key));
    sbuf_free(&key);
    key = k;
  }
  for (size_t i = 0; i < depth; i++)
    sbuf_printf(&key, "%s%.*s", key.len ? "." : "", (int)frames[i].name.len,
                p->src + frames[i].name.start);
  ts_ns_block_t rec = {sbuf_take(&key), outer ? outer->block : SIZE_MAX};
  TS_PUSH(p, p->ns_blocks, rec);
  frames[depth - 1].block = p->ns_blocks.len - 1;
  size_t open_end = p->tok.end;
  size_t values = p->value_stmts;
  size_t saved_block = p->block_id;
  bool declared = ts_declared_here(p, frames[0].name);
  ts_tok_t first_name = {TK_NAME, frames[0].name.start, frames[0].name.start + frames[0].name.len,
                         false};
  p->block_id = ++p->next_block_id;
  p->ns = &frames[depth - 1];
  ts_expect(p, "{");
  while (!p->failed && !ts_is_punct(p, "}") && p->tok.kind != TK_EOF) ts_parse_statement(p);
  size_t close = p->tok.start;
  ts_expect(p, "}");
  p->ns = outer;
  p->block_id = saved_block;
  if (p->failed) return false;
  if (p->value_stmts == values) {
    ts_blank_over(p, start, p->prev_end);
    return false;
  }
  if (!declared) ts_note_decl(p, first_name);
  sbuf_t head = SBUF_INIT, tail = SBUF_INIT;
  for (size_t i = 0; i < depth; i++) {
    int n = (int)frames[i].name.len;
    const char *s = p->src + frames[i].name.start;
    if (i > 0 || !declared) sbuf_printf(&head, "%s %.*s; ", p->block_id == 0 ? "var" : "let", n, s);
    sbuf_printf(&head, "(function (%.*s) {", n, s);
  }
  for (size_t i = depth; i-- > 0;)
    put_iife_close(&tail, p, frames[i].name, i > 0 ? &frames[i - 1] : (exported ? outer : NULL));
  ts_edit(p, start, open_end, sbuf_take(&head));
  ts_edit(p, close, close + 1, sbuf_take(&tail));
  return true;
}

static void ns_exported(ts_parser_t *p, ts_name_t name) {
  ts_ns_name_t e = {p->ns->block, name};
  TS_PUSH(p, p->ns_exports, e);
}

static bool is_ancestor(const ts_parser_t *p, size_t block, size_t of) {
  for (size_t b = p->ns_blocks.items[of].parent; b != SIZE_MAX; b = p->ns_blocks.items[b].parent)
    if (b == block) return true;
  return false;
}

/* Whether `key` is `of` or one of its enclosing namespaces ("A" of "A.B"). */
static bool key_covers(const char *key, const char *of) {
  size_t n = strlen(key);
  return strncmp(key, of, n) == 0 && (of[n] == '\0' || of[n] == '.');
}

void ts_ns_check(ts_parser_t *p) {
  for (size_t i = 0; i < p->ns_uses.len && !p->failed; i++) {
    ts_ns_name_t *u = &p->ns_uses.items[i];
    bool own = false;
    for (size_t j = 0; j < p->ns_exports.len; j++) {
      ts_ns_name_t *e = &p->ns_exports.items[j];
      if (ts_name_eq(p, e->name, u->name) &&
          (e->block == u->block || is_ancestor(p, e->block, u->block)))
        own = true;
    }
    if (own) continue;
    for (size_t j = 0; j < p->ns_exports.len; j++) {
      ts_ns_name_t *e = &p->ns_exports.items[j];
      if (!ts_name_eq(p, e->name, u->name)) continue;
      if (!key_covers(p->ns_blocks.items[e->block].key, p->ns_blocks.items[u->block].key)) continue;
      ts_fail(p, u->name.start,
              "'%.*s' is exported by another declaration of namespace %s: refer to it as %s.%.*s",
              (int)u->name.len, p->src + u->name.start, p->ns_blocks.items[e->block].key,
              p->ns_blocks.items[e->block].key, (int)u->name.len, p->src + u->name.start);
      break;
    }
  }
}

/* The names a `const a = 1, b = 2` exports, then `N.a = a;N.b = b;` after it. */
static bool ns_export_var(ts_parser_t *p, ts_name_t ns) {
  ts_name_t names[64];
  size_t n = 0;
  bool constant = ts_is_name(p, "const");
  ts_next(p); /* var, let, const */
  for (;;) {
    if (p->tok.kind != TK_NAME) {
      ts_fail(p, p->tok.start, "an exported destructuring in a namespace is not supported");
      return false;
    }
    if (n == sizeof(names) / sizeof(names[0])) {
      ts_fail(p, p->tok.start, "too many exported names in one declaration");
      return false;
    }
    names[n++] = (ts_name_t){p->tok.start, p->tok.end - p->tok.start};
    ts_next(p);
    if (ts_is_punct(p, "!")) {
      ts_blank(p, p->tok.start, p->tok.end);
      ts_next(p);
    }
    if (ts_is_punct(p, ":")) ts_blank_annotation(p);
    if (ts_is_punct(p, "=")) {
      ts_next(p);
      ts_parse_expr(p, EX_NO_COMMA);
    }
    if (p->failed || !ts_is_punct(p, ",")) break;
    ts_next(p);
  }
  ts_semicolon(p);
  for (size_t i = 0; i < n; i++) ns_exported(p, names[i]);
  sbuf_t b = SBUF_INIT;
  if (p->prev_end > 0 && p->src[p->prev_end - 1] != ';') sbuf_putc(&b, ';');
  /* A constant is copied; a variable the namespace's code may assign becomes an accessor
   * of the namespace object, so `N.count` follows `count++` (TypeScript rewrites such
   * references to `N.count` instead). */
  for (size_t i = 0; i < n; i++) {
    int nl = (int)ns.len, vl = (int)names[i].len;
    const char *nsn = p->src + ns.start, *v = p->src + names[i].start;
    if (constant) sbuf_printf(&b, "%.*s.%.*s = %.*s;", nl, nsn, vl, v, vl, v);
    else
      sbuf_printf(
          &b,
          "Object.defineProperty(%.*s, \"%.*s\", { get: () => %.*s, set: (v) => { %.*s = v; }, "
          "enumerable: true, configurable: true });",
          nl, nsn, vl, v, vl, v, vl, v);
  }
  ts_edit(p, p->prev_end, p->prev_end, sbuf_take(&b));
  return true;
}

bool ts_ns_export(ts_parser_t *p, size_t start) {
  ts_name_t ns = p->ns->name;
  ts_next(p); /* export */
  size_t decl = p->tok.start;
  ts_tok_t after = ts_peek(p);
  if (ts_is_name(p, "var") || ts_is_name(p, "let") || ts_is_name(p, "const")) {
    if (ts_is_name(p, "const") && ts_tok_is(p, &after, "enum")) {
      ts_blank(p, start, decl);
      ts_tok_t name = ts_lex(p, after.end, false);
      ns_exported(p, (ts_name_t){name.start, name.end - name.start});
      ts_parse_enum(p, decl, true);
      return false;
    }
    ts_blank(p, start, decl);
    ns_export_var(p, ns);
    return false;
  }
  bool fn =
      ts_is_name(p, "function") || (ts_is_name(p, "async") && ts_tok_is(p, &after, "function"));
  bool cls = ts_is_name(p, "class") || (ts_is_name(p, "abstract") && ts_tok_is(p, &after, "class"));
  if (fn || cls) {
    ts_blank(p, start, decl);
    /* The declared name: the first name after `function`/`class` (and `*`). */
    ts_tok_t t = p->tok;
    while (t.kind != TK_EOF &&
           !(t.kind == TK_NAME && !ts_tok_is(p, &t, "function") && !ts_tok_is(p, &t, "class") &&
             !ts_tok_is(p, &t, "async") && !ts_tok_is(p, &t, "abstract")))
      t = ts_lex(p, t.end, false);
    size_t values = p->value_stmts;
    ts_parse_statement(p);
    if (p->value_stmts != values && t.kind == TK_NAME) {
      p->value_stmts--;
      ns_exported(p, (ts_name_t){t.start, t.end - t.start});
      ts_insert(p, p->prev_end, "%.*s.%.*s = %.*s;", (int)ns.len, p->src + ns.start,
                (int)(t.end - t.start), p->src + t.start, (int)(t.end - t.start), p->src + t.start);
      return false;
    }
    ts_blank_over(p, start, p->prev_end);
    return true;
  }
  if (ts_is_name(p, "enum")) {
    ts_blank(p, start, decl);
    ns_exported(p, (ts_name_t){after.start, after.end - after.start});
    ts_parse_enum(p, decl, true);
    return false;
  }
  if (ts_is_name(p, "namespace") || ts_is_name(p, "module")) {
    ts_blank(p, start, decl);
    ns_exported(p, (ts_name_t){after.start, after.end - after.start});
    bool values = ts_parse_namespace(p, decl, true);
    if (!values) ts_blank_over(p, start, p->prev_end);
    return !values;
  }
  if (ts_is_name(p, "interface") || ts_is_name(p, "type") || ts_is_name(p, "declare")) {
    size_t values = p->value_stmts;
    ts_parse_statement(p);
    if (p->value_stmts == values) {
      ts_blank_over(p, start, p->prev_end);
      return true;
    }
  }
  ts_fail(p, start, "this export form is not supported inside a namespace");
  return false;
}
