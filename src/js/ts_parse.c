/* ts_parse: walks TypeScript statements and expressions just deeply enough to know where
 * types are, recording edits (blanks, transforms) as it goes. No tree is built: each
 * function consumes one construct from the current token. Ambiguities are settled as
 * TypeScript settles them, by trying one reading and falling back (ts_save/ts_restore):
 * `(a: T) => a` against `(a)`, `f<T>(x)` against `a < b`, `<T>(x) => x` against `<T>x`.
 * Failed arrow attempts are remembered per position, so a parse never repeats one; the
 * lexer's work limit bounds the rest. Statements and declarations are in ts_decl.c,
 * imports and exports in ts_module.c. */
#include <string.h>

#include "js/ts_internal.h"
#include "js/ts_parse_internal.h"

#define MAX_DEPTH 400

bool ts_enter(ts_parser_t *p) {
  if (++p->depth > MAX_DEPTH) {
    p->depth--;
    ts_fail(p, p->tok.start, "nesting too deep");
    p->fatal = true;
    return false;
  }
  return true;
}

void ts_fail_here(ts_parser_t *p) {
  if (p->tok.kind == TK_EOF) {
    ts_fail(p, p->tok.start, "unexpected end of the file");
    return;
  }
  size_t n = p->tok.end - p->tok.start;
  ts_fail(p, p->tok.start, "unexpected '%.*s'", (int)(n > 40 ? 40 : n), p->src + p->tok.start);
}

/* ---- names ---- */

bool ts_is_reserved(const ts_parser_t *p, const ts_tok_t *t) {
  /* By first letter: called for every name in an expression. */
  static const char *const words[26] = {['b' - 'a'] = "break",
                                        ['c' - 'a'] = "case catch class const continue",
                                        ['d' - 'a'] = "debugger default delete do",
                                        ['e' - 'a'] = "else export extends",
                                        ['f' - 'a'] = "finally for function false",
                                        ['i' - 'a'] = "if import in instanceof",
                                        ['n' - 'a'] = "new null",
                                        ['r' - 'a'] = "return",
                                        ['s' - 'a'] = "super switch",
                                        ['t' - 'a'] = "this throw try typeof true",
                                        ['v' - 'a'] = "var void",
                                        ['w' - 'a'] = "while with"};
  if (t->kind != TK_NAME) return false;
  unsigned char c = (unsigned char)p->src[t->start];
  if (c < 'a' || c > 'z' || !words[c - 'a']) return false;
  return ts_tok_in(p, t, words[c - 'a']);
}

/* A token that may begin a property name (of a class member or object literal). */
bool ts_starts_key(const ts_parser_t *p, const ts_tok_t *t) {
  return t->kind == TK_NAME || t->kind == TK_STR || t->kind == TK_NUM || t->kind == TK_PRIV ||
         ts_tok_is(p, t, "[") || ts_tok_is(p, t, "*") || ts_tok_is(p, t, "{");
}

/* The statement ends: ';', or a line break, '}' or the end of the file before the next
 * token (automatic semicolon insertion). */
void ts_semicolon(ts_parser_t *p) {
  if (p->failed) return;
  if (ts_is_punct(p, ";")) ts_next(p);
  else if (!(p->tok.nl || ts_is_punct(p, "}") || p->tok.kind == TK_EOF)) ts_fail_here(p);
}

/* Issue 14 lets JavaScriptCore decide: 2.50 parses no decorators, and TypeScript's own
 * output for them (ES2022) is a rewrite into helper calls, with other semantics under
 * experimentalDecorators; so any decorator is refused where it starts. */
void ts_fail_decorator(ts_parser_t *p) {
  ts_fail(p, p->tok.start,
          "decorators are not supported (JavaScriptCore runs neither TC39 decorators nor "
          "TypeScript's experimentalDecorators)");
}

/* ---- binding patterns and parameters ---- */

void ts_parse_binding(ts_parser_t *p) {
  if (!ts_enter(p)) return;
  if (p->tok.kind == TK_NAME && !ts_is_reserved(p, &p->tok)) {
    ts_next(p);
  } else if (ts_is_punct(p, "[")) {
    ts_next(p);
    while (!p->failed && !ts_is_punct(p, "]")) {
      if (ts_is_punct(p, ",")) {
        ts_next(p);
        continue;
      }
      if (ts_is_punct(p, "...")) ts_next(p);
      ts_parse_binding(p);
      if (ts_is_punct(p, "=")) {
        ts_next(p);
        ts_parse_expr(p, EX_NO_COMMA);
      }
      if (!ts_is_punct(p, "]")) ts_expect(p, ",");
    }
    ts_expect(p, "]");
  } else if (ts_is_punct(p, "{")) {
    ts_next(p);
    while (!p->failed && !ts_is_punct(p, "}")) {
      if (ts_is_punct(p, "...")) {
        ts_next(p);
        ts_parse_binding(p);
      } else if (ts_is_punct(p, "[")) {
        ts_next(p);
        ts_parse_expr(p, 0);
        ts_expect(p, "]");
        ts_expect(p, ":");
        ts_parse_binding(p);
      } else if (p->tok.kind == TK_NAME || p->tok.kind == TK_STR || p->tok.kind == TK_NUM) {
        ts_next(p);
        if (ts_is_punct(p, ":")) {
          ts_next(p);
          ts_parse_binding(p);
        }
      } else {
        ts_fail_here(p);
      }
      if (ts_is_punct(p, "=")) {
        ts_next(p);
        ts_parse_expr(p, EX_NO_COMMA);
      }
      if (!ts_is_punct(p, "}")) ts_expect(p, ",");
    }
    ts_expect(p, "}");
  } else {
    ts_fail_here(p);
  }
  p->depth--;
}

static bool is_param_modifier(const ts_parser_t *p) {
  return p->tok.kind == TK_NAME &&
         ts_tok_in(p, &p->tok, "public private protected readonly override");
}

/* From '(' to past ')'. Names of parameter properties go to `props` when not NULL. */
void ts_parse_params(ts_parser_t *p, ts_props_t *props) {
  ts_expect(p, "(");
  bool first = true;
  while (!p->failed && !ts_is_punct(p, ")")) {
    size_t start = p->tok.start;
    if (ts_is_punct(p, "@")) {
      ts_fail_decorator(p);
      return;
    }
    if (first && ts_is_name(p, "this")) {
      ts_tok_t after = ts_peek(p);
      if (ts_tok_is(p, &after, ":") || ts_tok_is(p, &after, ",") || ts_tok_is(p, &after, ")")) {
        ts_next(p);
        if (ts_is_punct(p, ":")) {
          ts_next_type(p);
          ts_skip_type(p);
        }
        if (ts_is_punct(p, ",")) ts_next(p);
        ts_blank(p, start, ts_is_punct(p, ")") ? p->prev_end : p->tok.start);
        first = false;
        continue;
      }
    }
    first = false;
    bool property = false;
    while (is_param_modifier(p)) {
      ts_tok_t after = ts_peek(p);
      if (!(after.kind == TK_NAME || ts_tok_is(p, &after, "{") || ts_tok_is(p, &after, "["))) break;
      property = true;
      ts_blank(p, p->tok.start, p->tok.end);
      ts_next(p);
    }
    if (ts_is_punct(p, "...")) ts_next(p);
    ts_tok_t name = p->tok;
    ts_parse_binding(p);
    if (property) {
      if (!props || name.kind != TK_NAME) {
        ts_fail(p, start, "a parameter property is allowed only in a constructor, on a plain name");
        return;
      }
      TS_PUSH(p, *props, ((ts_name_t){name.start, name.end - name.start}));
    }
    if (ts_is_punct(p, "?")) {
      ts_blank(p, p->tok.start, p->tok.end);
      ts_next(p);
    }
    if (ts_is_punct(p, ":")) ts_blank_annotation(p);
    if (ts_is_punct(p, "=")) {
      ts_next(p);
      ts_parse_expr(p, EX_NO_COMMA);
    }
    if (!ts_is_punct(p, ")")) ts_expect(p, ",");
  }
  ts_expect(p, ")");
}

/* ---- expressions ---- */

/* What parse_unary read: an operand TypeScript would print without parentheses around an
 * assertion of it (a name, `this`, a string or template, a parenthesised expression,
 * with member accesses and calls but no optional chain), and whether it was asserted
 * (`<T>x`, `x!`). ts_parse_expr adds `as`/`satisfies`. */
enum { U_SIMPLE = 1, U_ASSERTED = 2 };
enum { PF_ASSERTED = 1, PF_UNSAFE = 2 };

static unsigned parse_unary(ts_parser_t *p, unsigned flags);

void ts_parse_template(ts_parser_t *p) {
  while (!p->failed && p->tok.kind == TK_TMPL_OPEN) {
    ts_next(p);
    ts_parse_expr(p, 0);
    if (!ts_is_punct(p, "}")) {
      ts_fail(p, p->tok.start, "expected '}' in a template literal");
      return;
    }
    ts_rescan_template(p);
  }
  if (p->tok.kind == TK_TMPL) ts_next(p);
}

static void parse_arrow_body(ts_parser_t *p, unsigned flags) {
  if (ts_is_punct(p, "{")) ts_parse_function_body(p, NULL, false);
  else ts_parse_expr(p, EX_NO_COMMA | (flags & EX_NO_IN));
}

static void mark_no_arrow(ts_parser_t *p, size_t pos) {
  if (pos < p->len) p->no_arrow[pos / 8] |= (uint8_t)(1u << (pos % 8));
}

static bool known_no_arrow(const ts_parser_t *p, size_t pos) {
  return pos < p->len && (p->no_arrow[pos / 8] & (1u << (pos % 8)));
}

/* At '(' or '<': parses an arrow function and returns true, or restores and returns false
 * when this is not one. */
static bool try_arrow(ts_parser_t *p, unsigned flags) {
  size_t at = p->tok.start;
  if (known_no_arrow(p, at)) return false;
  ts_state_t s = ts_save(p);
  if (ts_is_punct(p, "<")) {
    size_t start = p->tok.start;
    ts_skip_type_params(p);
    ts_blank(p, start, p->prev_end);
  }
  if (!p->failed && ts_is_punct(p, "(")) ts_parse_params(p, NULL);
  else ts_fail_here(p);
  size_t params_end = p->prev_end;
  bool typed = !p->failed && ts_is_punct(p, ":") && !p->no_arrow_type;
  if (typed) ts_blank_annotation(p);
  if (!p->failed && ts_is_punct(p, "=>") && !p->tok.nl) {
    if (typed) p->typed_arrows++;
    /* A return type may start on a line of its own, `(a)\n: T => a`; without it the
     * line break would come before `=>`, where JavaScript allows none, so the arrow moves
     * up to the parameters' ')' (TypeScript prints it there too). */
    if (typed && ts_newlines(p->src, params_end, p->tok.start, NULL) > 0) {
      ts_insert(p, params_end, " =>");
      ts_blank(p, p->tok.start, p->tok.end);
    }
    ts_next(p);
    parse_arrow_body(p, flags);
    return true; /* a failure in the body is a real error */
  }
  ts_restore(p, &s);
  mark_no_arrow(p, at);
  return false;
}

/* After type arguments in an expression, which tokens make them type arguments (as
 * TypeScript decides): a call, a template, or what cannot start an expression. */
static bool can_follow_type_args(ts_parser_t *p) {
  ts_tok_t *t = &p->tok;
  if (ts_is_punct(p, "(") || t->kind == TK_TMPL || t->kind == TK_TMPL_OPEN) return true;
  if (ts_is_punct(p, "<") || ts_is_punct(p, ">") || ts_is_punct(p, "+") || ts_is_punct(p, "-"))
    return false;
  if (t->nl || t->kind == TK_EOF) return true;
  if (t->kind == TK_NAME)
    return ts_is(p, "as") || ts_is(p, "satisfies") || ts_is(p, "in") || ts_is(p, "instanceof");
  if (t->kind != TK_PUNCT) return false;
  return !ts_tok_in(p, t, "( [ { ! ~ ++ -- / /= ... @");
}

static void parse_args(ts_parser_t *p) {
  ts_expect(p, "(");
  while (!p->failed && !ts_is_punct(p, ")")) {
    ts_parse_expr(p, EX_NO_COMMA);
    if (!ts_is_punct(p, ")")) ts_expect(p, ",");
  }
  ts_expect(p, ")");
}

/* Member accesses, calls, tagged templates, `!`, type arguments, postfix ++/--. */
unsigned ts_parse_postfix(ts_parser_t *p, bool calls) {
  unsigned r = 0;
  while (!p->failed) {
    if (ts_is_punct(p, ".") || ts_is_punct(p, "?.")) {
      bool optional = ts_is_punct(p, "?.");
      if (optional) r |= PF_UNSAFE;
      ts_next(p);
      if (optional && (ts_is_punct(p, "(") || ts_is_punct(p, "["))) continue;
      if (optional && ts_is_punct(p, "<")) continue;
      if (p->tok.kind != TK_NAME && p->tok.kind != TK_PRIV) {
        ts_fail_here(p);
        return r;
      }
      ts_next(p);
    } else if (ts_is_punct(p, "[")) {
      ts_next(p);
      ts_parse_expr(p, 0);
      ts_expect(p, "]");
    } else if (ts_is_punct(p, "(") && calls) {
      parse_args(p);
    } else if (p->tok.kind == TK_TMPL || p->tok.kind == TK_TMPL_OPEN) {
      ts_parse_template(p);
    } else if (ts_is_punct(p, "!") && !p->tok.nl) {
      ts_blank(p, p->tok.start, p->tok.end);
      ts_next(p);
      r |= PF_ASSERTED;
    } else if (ts_is_punct(p, "<") || ts_is_punct(p, "<<")) {
      /* `f<<T>() => T>()`: the `<<` is rescanned as two angles, as TypeScript does. */
      ts_state_t s = ts_save(p);
      size_t start = p->tok.start;
      if (ts_skip_type_args(p) && can_follow_type_args(p)) {
        ts_blank(p, start, p->prev_end);
        continue;
      }
      ts_restore(p, &s);
      return r;
    } else if ((ts_is_punct(p, "++") || ts_is_punct(p, "--")) && !p->tok.nl) {
      ts_next(p);
      return r | PF_UNSAFE;
    } else {
      return r;
    }
  }
  return r;
}

static void parse_object(ts_parser_t *p) {
  ts_expect(p, "{");
  while (!p->failed && !ts_is_punct(p, "}")) {
    if (ts_is_punct(p, "...")) {
      ts_next(p);
      ts_parse_expr(p, EX_NO_COMMA);
    } else {
      /* get/set/async are modifiers when a property name follows them. */
      while (p->tok.kind == TK_NAME && (ts_is(p, "get") || ts_is(p, "set") || ts_is(p, "async"))) {
        ts_tok_t after = ts_peek(p);
        if (!ts_starts_key(p, &after) || ts_tok_is(p, &after, "{")) break;
        ts_next(p);
      }
      if (ts_is_punct(p, "*")) ts_next(p);
      ts_tok_t key = p->tok;
      if (ts_is_punct(p, "[")) {
        ts_next(p);
        ts_parse_expr(p, 0);
        ts_expect(p, "]");
      } else if (key.kind == TK_NAME || key.kind == TK_STR || key.kind == TK_NUM ||
                 key.kind == TK_PRIV) {
        ts_next(p);
      } else {
        ts_fail_here(p);
        return;
      }
      if (ts_is_punct(p, "?")) {
        ts_tok_t after = ts_peek(p);
        if (ts_tok_is(p, &after, "(") || ts_tok_is(p, &after, "<")) {
          ts_blank(p, p->tok.start, p->tok.end);
          ts_next(p);
        }
      }
      if (ts_is_punct(p, "(") || ts_is_punct(p, "<")) {
        ts_parse_function_rest(p, NULL, false, 0);
      } else if (ts_is_punct(p, ":")) {
        ts_next(p);
        ts_parse_expr(p, EX_NO_COMMA);
      } else {
        if (key.kind == TK_NAME) ts_use_name(p, key.start, key.end - key.start);
        if (ts_is_punct(p, "=")) { /* shorthand with a default, in a destructuring target */
          ts_next(p);
          ts_parse_expr(p, EX_NO_COMMA);
        }
      }
    }
    if (!ts_is_punct(p, "}")) ts_expect(p, ",");
  }
  ts_expect(p, "}");
}

static void parse_array(ts_parser_t *p) {
  ts_expect(p, "[");
  while (!p->failed && !ts_is_punct(p, "]")) {
    if (ts_is_punct(p, ",")) {
      ts_next(p);
      continue;
    }
    ts_parse_expr(p, EX_NO_COMMA);
    if (!ts_is_punct(p, "]")) ts_expect(p, ",");
  }
  ts_expect(p, "]");
}

/* Returns whether the operand is simple (U_SIMPLE). `after_new`: it is what a `new`
 * constructs, where `(f() as C)` and `f()` differ. */
static bool parse_primary(ts_parser_t *p, unsigned flags, bool after_new) {
  ts_tok_t *t = &p->tok;
  switch (t->kind) {
  case TK_NUM:
  case TK_REGEX:
  case TK_PRIV: /* `1.x`, `/a/.x`: not without parentheses */ ts_next(p); return false;
  case TK_STR: ts_next(p); return true;
  case TK_TMPL:
  case TK_TMPL_OPEN: ts_parse_template(p); return true;
  case TK_NAME: {
    ts_tok_t after = ts_peek(p);
    if (ts_is(p, "function")) {
      ts_parse_function(p, t->start, false);
      return false;
    }
    if (ts_is(p, "class")) {
      ts_parse_class(p, false);
      return false;
    }
    if (ts_is(p, "async") && !after.nl) {
      if (ts_tok_is(p, &after, "function")) {
        ts_parse_function(p, t->start, false);
        return false;
      }
      if (after.kind == TK_NAME) { /* async x => ... */
        ts_next(p);
        ts_next(p);
        if (ts_is_punct(p, "=>") && !p->tok.nl) {
          ts_next(p);
          parse_arrow_body(p, flags);
        } else {
          ts_fail_here(p);
        }
        return false;
      }
      if (ts_tok_is(p, &after, "(") || ts_tok_is(p, &after, "<")) {
        ts_state_t s = ts_save(p);
        ts_next(p);
        if (try_arrow(p, flags)) return false;
        ts_restore(p, &s);
      }
    }
    if (ts_is(p, "new") && ts_tok_is(p, &after, ".")) { /* new.target */
      ts_next(p);
      return false;
    }
    if (ts_tok_is(p, &after, "=>") && !after.nl && !ts_is_reserved(p, t)) {
      ts_next(p);
      ts_next(p);
      parse_arrow_body(p, flags);
      return false;
    }
    if (ts_is_reserved(p, t) && !ts_is(p, "this") && !ts_is(p, "super") && !ts_is(p, "null") &&
        !ts_is(p, "true") && !ts_is(p, "false") && !ts_is(p, "import")) {
      ts_fail_here(p);
      return false;
    }
    /* `let [` at a statement's start would declare. */
    bool simple = (!ts_is_reserved(p, t) || ts_is(p, "this")) && !ts_is(p, "let");
    ts_use_name(p, t->start, t->end - t->start);
    if (p->ns) {
      ts_ns_name_t u = {p->ns->block, {t->start, t->end - t->start}};
      TS_PUSH(p, p->ns_uses, u);
    }
    ts_next(p);
    return simple;
  }
  case TK_PUNCT:
    if (ts_is(p, "(")) {
      if (try_arrow(p, flags)) return false;
      /* `(x as T).y` is `x.y` in TypeScript's output: the parentheses go with the
       * assertion when they held nothing else (and no line break could make ASI apply). */
      size_t open = p->tok.start;
      ts_next(p);
      bool inner_nl = p->tok.nl;
      bool drop = ts_parse_expr(p, 0) && !after_new && !inner_nl;
      size_t close = p->tok.start;
      ts_expect(p, ")");
      if (drop && !p->failed) {
        ts_blank(p, open, open + 1);
        ts_blank(p, close, close + 1);
      }
      return true;
    }
    if (ts_is(p, "[")) {
      parse_array(p);
      return false;
    }
    if (ts_is(p, "{")) {
      parse_object(p);
      return false;
    }
    if (ts_is(p, "/") || ts_is(p, "/=")) {
      ts_rescan_regex(p);
      ts_next(p);
      return false;
    }
    if (ts_is(p, "@")) {
      ts_fail_decorator(p);
      return false;
    }
    break;
  default: break;
  }
  ts_fail_here(p);
  return false;
}

static bool is_prefix_op(const ts_parser_t *p) {
  if (p->tok.kind == TK_PUNCT) return ts_tok_in(p, &p->tok, "! ~ + - ++ -- ...");
  return p->tok.kind == TK_NAME && ts_tok_in(p, &p->tok, "typeof void delete await new");
}

static bool ends_operand(const ts_parser_t *p, const ts_tok_t *t) {
  return t->kind == TK_EOF || ts_tok_is(p, t, ")") || ts_tok_is(p, t, "]") ||
         ts_tok_is(p, t, "}") || ts_tok_is(p, t, ",") || ts_tok_is(p, t, ";") ||
         ts_tok_is(p, t, ":");
}

static unsigned parse_unary(ts_parser_t *p, unsigned flags) {
  if (!ts_enter(p)) return 0;
  bool prefixed = false, after_new = false;
  while (!p->failed && is_prefix_op(p)) {
    if (ts_is_name(p, "await") || ts_is_name(p, "new")) {
      ts_tok_t after = ts_peek(p);
      if (ends_operand(p, &after) || ts_tok_is(p, &after, "=>") || ts_tok_is(p, &after, ".") ||
          ts_tok_is(p, &after, "=") || ts_tok_is(p, &after, "?."))
        break; /* an identifier (`await` in a script), or new.target */
    }
    prefixed = true;
    after_new = ts_is_name(p, "new");
    ts_next(p);
  }
  if (ts_is_name(p, "yield")) {
    ts_next(p);
    if (ts_is_punct(p, "*")) ts_next(p);
    if (!p->tok.nl && !ends_operand(p, &p->tok)) ts_parse_expr(p, EX_NO_COMMA | (flags & EX_NO_IN));
    p->depth--;
    return 0;
  }
  if (ts_is_punct(p, "<")) {
    if (p->flags & TS_FLAG_JSX) {
      ts_fail(p, p->tok.start, "JSX is not supported");
      p->depth--;
      return 0;
    }
    if (try_arrow(p, flags)) {
      p->depth--;
      return 0;
    }
    /* `<T>expr`, a type assertion. */
    size_t start = p->tok.start;
    unsigned r = 0;
    ts_next_type(p);
    ts_skip_type(p);
    ts_rescan_type(p);
    if (!ts_is_punct(p, ">")) {
      ts_fail(p, p->tok.start, "expected '>' after the type of an assertion");
    } else {
      ts_next(p);
      ts_blank(p, start, p->prev_end);
      r = parse_unary(p, flags) | U_ASSERTED;
      if (prefixed) r &= ~(unsigned)U_SIMPLE;
    }
    p->depth--;
    return r;
  }
  bool simple = parse_primary(p, flags, after_new) && !prefixed;
  unsigned pf = ts_parse_postfix(p, true);
  p->depth--;
  return (simple && !(pf & PF_UNSAFE) ? U_SIMPLE : 0) | (pf & PF_ASSERTED ? U_ASSERTED : 0);
}

static bool is_binary_op(const ts_parser_t *p, unsigned flags) {
  if (p->tok.kind == TK_NAME)
    return ts_is(p, "instanceof") || (ts_is(p, "in") && !(flags & EX_NO_IN));
  if (p->tok.kind != TK_PUNCT || !strchr("+-*/%=!<>&|^?", p->src[p->tok.start])) return false;
  return ts_tok_in(p, &p->tok,
                   "+ - * / % ** == != === !== < > <= >= << >> >>> & | ^ && || ?? = += -= *= /= "
                   "%= **= <<= >>= >>>= &= |= ^= &&= ||= ?"
                   "?=");
}

/* An expression, read as operands and operators in turn: the eraser needs no precedence,
 * only to know when an operand is expected. */
bool ts_parse_expr(ts_parser_t *p, unsigned flags) {
  if (!ts_enter(p)) return false;
  unsigned operands = 0, shape = 0;
  for (;;) {
    shape = parse_unary(p, flags);
    operands++;
    if (p->failed) break;
    /* `as T`, `satisfies T`, `as const`, on the operand's line. */
    while (!p->tok.nl && (ts_is_name(p, "as") || ts_is_name(p, "satisfies"))) {
      shape |= U_ASSERTED;
      size_t start = p->tok.start;
      ts_next_type(p);
      if (ts_is_name(p, "const")) ts_next(p);
      else ts_skip_type(p);
      ts_blank(p, start, p->prev_end);
    }
    if (ts_is_punct(p, "?")) {
      /* The consequent may be an arrow with a return type, `a ? (b): T => b : c`, unless
       * that takes the conditional's ':' (`a ? (b) : c`). */
      ts_next(p);
      bool saved = p->no_arrow_type;
      ts_state_t s = ts_save(p);
      size_t typed = p->typed_arrows;
      p->no_arrow_type = false;
      ts_parse_expr(p, EX_NO_COMMA);
      /* Read again only if an arrow's return type was what took the ':' (so a source
       * that is no TypeScript is not read twice per nesting level). */
      if ((p->failed || !ts_is_punct(p, ":")) && p->typed_arrows != typed) {
        ts_restore(p, &s);
        p->no_arrow_type = true;
        ts_parse_expr(p, EX_NO_COMMA);
      }
      p->no_arrow_type = saved;
      ts_expect(p, ":");
      operands++;
      continue;
    }
    if (is_binary_op(p, flags) || (ts_is_punct(p, ",") && !(flags & EX_NO_COMMA))) {
      ts_next(p);
      continue;
    }
    break;
  }
  p->depth--;
  return !p->failed && operands == 1 && shape == (U_SIMPLE | U_ASSERTED);
}

/* `extends Base<T>`: the class heritage, whose type arguments always are (no call follows
 * them). */
void ts_parse_heritage(ts_parser_t *p) {
  parse_primary(p, 0, false);
  for (;;) {
    ts_parse_postfix(p, true);
    if (p->failed || !ts_is_punct(p, "<")) break;
    size_t start = p->tok.start;
    ts_skip_type_args(p);
    ts_blank(p, start, p->prev_end);
  }
}
