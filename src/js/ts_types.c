/* ts_types: skips TypeScript type syntax. Nothing of a type survives in JavaScript, so
 * the skipper only has to know where a type ends: it follows the type grammar at the
 * top (unions, intersections, conditional types, operators, array suffixes, type
 * references with arguments, function and constructor types, predicates) and skips
 * object types, tuples and parameter lists as balanced brackets. It fails on a token no
 * type can hold, which is what lets the expression parser try `f<T>(x)` as a generic call
 * and fall back to comparisons. All scanning is in type mode: '>' closes one angle. */
#include <string.h>

#include "js/ts_internal.h"

#define MAX_DEPTH 400

static bool enter(ts_parser_t *p) {
  if (++p->depth > MAX_DEPTH) {
    p->depth--;
    ts_fail(p, p->tok.start, "nesting too deep");
    p->fatal = true;
    return false;
  }
  return true;
}

static void skip_union(ts_parser_t *p);
static void type_any(ts_parser_t *p);
static void balanced(ts_parser_t *p);

static bool is_new(ts_parser_t *p, ts_tok_t t) { return ts_tok_is(p, &t, "new"); }

/* Back to code: the token after a type is scanned again in expression mode. */
static void rescan_code(ts_parser_t *p) {
  if (p->failed) return;
  bool nl = p->tok.nl;
  p->tok = ts_lex(p, p->tok.start, false);
  p->tok.nl = nl;
}

/* At '[' starting a member of an object type or interface: a computed property name,
 * `[A]` or `[A.b]` (not an index signature `[k: K]` nor a mapped type `[K in T]`), is a
 * value, and TypeScript keeps the import of A for it (outside `declare`). */
static void use_computed_key(ts_parser_t *p) {
  ts_tok_t name = ts_lex(p, p->tok.end, true);
  if (name.kind != TK_NAME || p->ambient) return;
  ts_tok_t t = ts_lex(p, name.end, true);
  while (ts_tok_is(p, &t, ".")) {
    ts_tok_t member = ts_lex(p, t.end, true);
    if (member.kind != TK_NAME) return;
    t = ts_lex(p, member.end, true);
  }
  if (ts_tok_is(p, &t, "]")) ts_use_name(p, name.start, name.end - name.start);
}

/* Whether the current token starts a member of an object type: it follows '{', ';' or
 * ',', `readonly`, or a line break after a complete member (not after `a:` or `A |`, where
 * `[X]` is a tuple type). */
static bool member_start(const ts_parser_t *p) {
  size_t e = p->prev_end;
  if (e == 0) return true;
  char last = p->src[e - 1];
  if (last == '{' || last == ';' || last == ',') return true;
  if (p->tok.nl) return !strchr(":|&=<(?.", last) || last == '\0';
  return e >= 8 && memcmp(p->src + e - 8, "readonly", 8) == 0;
}

/* From an opening bracket to just past its match; template literal types inside hold
 * types in their `${}`. */
static void balanced(ts_parser_t *p) {
  if (!enter(p)) return;
  size_t open = p->tok.start;
  int depth = 0;
  char brackets[64]; /* the open brackets, as far as computed keys are looked for */
  do {
    if (p->tok.kind == TK_EOF) {
      ts_fail(p, open, "unclosed bracket");
      break;
    }
    if (p->tok.kind == TK_PUNCT && p->tok.end - p->tok.start == 1) {
      char c = p->src[p->tok.start];
      if (c == '[' && depth > 0 && depth <= (int)sizeof(brackets) && brackets[depth - 1] == '{' &&
          member_start(p))
        use_computed_key(p);
      if (c == '(' || c == '[' || c == '{') {
        if (depth < (int)sizeof(brackets)) brackets[depth] = c;
        depth++;
      } else if (c == ')' || c == ']' || c == '}') {
        depth--;
      }
    } else if (p->tok.kind == TK_TMPL_OPEN) {
      /* Skip the template's parts: each `${` is closed by a '}' that continues it. */
      while (!p->failed && p->tok.kind == TK_TMPL_OPEN) {
        ts_next_type(p);
        type_any(p);
        if (!ts_is_punct(p, "}")) {
          ts_fail(p, p->tok.start, "expected '}' in a template literal type");
          break;
        }
        ts_rescan_template(p);
      }
    }
    ts_next_type(p);
  } while (depth > 0 && !p->failed);
  p->depth--;
}

void ts_skip_balanced(ts_parser_t *p) {
  balanced(p);
  rescan_code(p);
}

/* `<A, B>` in a type or an expression. */
bool ts_skip_type_args(ts_parser_t *p) {
  if (!enter(p)) return false;
  ts_rescan_type(p);
  if (!ts_is_punct(p, "<")) ts_fail(p, p->tok.start, "expected '<'");
  ts_next_type(p);
  while (!p->failed && !ts_is_punct(p, ">")) {
    type_any(p);
    if (ts_is_punct(p, ",")) ts_next_type(p);
    else if (!ts_is_punct(p, ">")) ts_fail(p, p->tok.start, "expected '>' after type arguments");
  }
  if (!p->failed) ts_next(p);
  p->depth--;
  return !p->failed;
}

/* `<const T extends U = V, ...>` on a declaration. */
void ts_skip_type_params(ts_parser_t *p) {
  if (!enter(p)) return;
  ts_rescan_type(p);
  if (!ts_is_punct(p, "<")) ts_fail(p, p->tok.start, "expected '<'");
  ts_next_type(p);
  while (!p->failed && !ts_is_punct(p, ">")) {
    while (p->tok.kind == TK_NAME && (ts_is(p, "const") || ts_is(p, "in") || ts_is(p, "out"))) {
      ts_tok_t after = ts_peek_type(p);
      if (after.kind != TK_NAME) break;
      ts_next_type(p);
    }
    if (p->tok.kind != TK_NAME) {
      ts_fail(p, p->tok.start, "expected a type parameter name");
      break;
    }
    ts_next_type(p);
    if (ts_is_name(p, "extends")) {
      ts_next_type(p);
      type_any(p);
    }
    if (ts_is_punct(p, "=")) {
      ts_next_type(p);
      type_any(p);
    }
    if (ts_is_punct(p, ",")) ts_next_type(p);
    else if (!ts_is_punct(p, ">")) ts_fail(p, p->tok.start, "expected '>' after type parameters");
  }
  if (!p->failed) ts_next(p);
  p->depth--;
}

/* A dotted name `a.b.c`, then type arguments on the same line. */
static void skip_reference(ts_parser_t *p) {
  ts_next_type(p);
  while (ts_is_punct(p, ".")) {
    ts_next_type(p);
    if (p->tok.kind != TK_NAME) {
      ts_fail(p, p->tok.start, "expected a name after '.' in a type");
      return;
    }
    ts_next_type(p);
  }
  if (ts_is_punct(p, "<") && !p->tok.nl) {
    ts_skip_type_args(p);
    ts_rescan_type(p);
  }
}

/* `(params) => T` with the '(' current; the parameters are skipped as brackets. */
static void skip_function_type(ts_parser_t *p) {
  if (ts_is_punct(p, "<")) {
    ts_skip_type_params(p);
    ts_rescan_type(p);
  }
  if (!ts_is_punct(p, "(")) {
    ts_fail(p, p->tok.start, "expected '(' in a function type");
    return;
  }
  balanced(p);
  if (!ts_is_punct(p, "=>")) {
    ts_fail(p, p->tok.start, "expected '=>' in a function type");
    return;
  }
  ts_next_type(p);
  type_any(p);
}

/* At '(' in a type: whether a function type starts here, decided from the next few
 * tokens as TypeScript decides it (`()`, `(...`, `(a:`, `(a,`, `(a?`, `(a=`, `(a) =>`,
 * a destructured first parameter), so nested parentheses cost no rescanning. */
static bool function_type_ahead(ts_parser_t *p) {
  ts_tok_t a = ts_lex(p, p->tok.end, true);
  if (ts_tok_is(p, &a, ")") || ts_tok_is(p, &a, "...")) return true;
  if (a.kind == TK_NAME) {
    ts_tok_t b = ts_lex(p, a.end, true);
    if (ts_tok_is(p, &b, ":") || ts_tok_is(p, &b, ",") || ts_tok_is(p, &b, "?") ||
        ts_tok_is(p, &b, "="))
      return true;
    if (!ts_tok_is(p, &b, ")")) return false;
    ts_tok_t c = ts_lex(p, b.end, true);
    return ts_tok_is(p, &c, "=>");
  }
  if (ts_tok_is(p, &a, "[") || ts_tok_is(p, &a, "{")) {
    /* A binding pattern, then what follows a parameter. */
    ts_state_t s = ts_save(p);
    ts_next_type(p);
    balanced(p);
    bool fn = !p->failed && (ts_is_punct(p, ":") || ts_is_punct(p, ",") || ts_is_punct(p, "?") ||
                             ts_is_punct(p, "="));
    if (!p->failed && ts_is_punct(p, ")")) { /* `([a, b]) => T`, not `([A, B])[]` */
      ts_tok_t after = ts_lex(p, p->tok.end, true);
      fn = ts_tok_is(p, &after, "=>");
    }
    ts_restore(p, &s);
    return fn;
  }
  return false;
}

static void skip_primary(ts_parser_t *p) {
  ts_tok_t *t = &p->tok;
  switch (t->kind) {
  case TK_STR:
  case TK_NUM:
  case TK_TMPL: ts_next_type(p); return;
  case TK_TMPL_OPEN:
    balanced(p); /* steps over the whole template */
    return;
  case TK_NAME:
    if (ts_is(p, "typeof")) {
      ts_next_type(p);
      if (ts_is_name(p, "import")) {
        ts_next_type(p);
        balanced(p);
        while (ts_is_punct(p, ".")) {
          ts_next_type(p);
          ts_next_type(p);
        }
        return;
      }
      if (p->tok.kind != TK_NAME && p->tok.kind != TK_PRIV) {
        ts_fail(p, p->tok.start, "expected a name after 'typeof'");
        return;
      }
      skip_reference(p);
      return;
    }
    if (ts_is(p, "import")) {
      ts_next_type(p);
      if (!ts_is_punct(p, "(")) {
        ts_fail(p, p->tok.start, "expected '(' after 'import' in a type");
        return;
      }
      balanced(p);
      while (ts_is_punct(p, ".")) {
        ts_next_type(p);
        ts_next_type(p);
      }
      if (ts_is_punct(p, "<") && !p->tok.nl) {
        ts_skip_type_args(p);
        ts_rescan_type(p);
      }
      return;
    }
    if (ts_is(p, "new") || (ts_is(p, "abstract") && is_new(p, ts_peek_type(p)))) {
      if (ts_is(p, "abstract")) ts_next_type(p);
      ts_next_type(p);
      skip_function_type(p);
      return;
    }
    skip_reference(p);
    return;
  case TK_PUNCT:
    if (ts_is(p, "(")) {
      if (function_type_ahead(p)) {
        skip_function_type(p);
      } else {
        ts_next_type(p);
        type_any(p);
        if (!ts_is_punct(p, ")")) ts_fail(p, p->tok.start, "expected ')' in a type");
        else ts_next_type(p);
      }
      return;
    }
    if (ts_is(p, "<")) {
      skip_function_type(p);
      return;
    }
    if (ts_is(p, "{") || ts_is(p, "[")) {
      balanced(p);
      return;
    }
    if (ts_is(p, "-") && ts_peek_type(p).kind == TK_NUM) {
      ts_next_type(p);
      ts_next_type(p);
      return;
    }
    if (ts_is(p, "*") || ts_is(p, "?")) {
      ts_next_type(p);
      return;
    }
    break;
  default: break;
  }
  if (t->kind == TK_EOF) ts_fail(p, t->start, "expected a type before the end of the file");
  else
    ts_fail(p, t->start, "expected a type, found '%.*s'",
            (int)(t->end - t->start > 40 ? 40 : t->end - t->start), p->src + t->start);
}

/* Type operators, a primary type, array and indexed-access suffixes, a predicate. */
static void skip_operand(ts_parser_t *p) {
  if (!enter(p)) return;
  if (p->tok.kind == TK_NAME) {
    ts_tok_t next = ts_peek_type(p);
    bool operand_follows = next.kind != TK_PUNCT || ts_tok_is(p, &next, "(") ||
                           ts_tok_is(p, &next, "[") || ts_tok_is(p, &next, "{") ||
                           ts_tok_is(p, &next, "<") || ts_tok_is(p, &next, "-");
    operand_follows = operand_follows && next.kind != TK_EOF && !next.nl;
    if ((ts_is(p, "keyof") || ts_is(p, "unique") || ts_is(p, "readonly")) && operand_follows) {
      ts_next_type(p);
      skip_operand(p);
      p->depth--;
      return;
    }
    if (ts_is(p, "infer") && next.kind == TK_NAME) {
      ts_next_type(p);
      ts_next_type(p);
      if (ts_is_name(p, "extends")) {
        /* A constraint, unless this `extends` starts a conditional type. */
        ts_state_t s = ts_save(p);
        ts_next_type(p);
        skip_union(p);
        if (p->failed || (ts_is_punct(p, "?") && !p->in_extends)) ts_restore(p, &s);
      }
      p->depth--;
      return;
    }
    if (ts_is(p, "asserts") && next.kind == TK_NAME && !next.nl) {
      ts_next_type(p);
      ts_next_type(p);
      if (ts_is_name(p, "is") && !p->tok.nl) {
        ts_next_type(p);
        type_any(p);
      }
      p->depth--;
      return;
    }
  }
  skip_primary(p);
  while (!p->failed && ts_is_punct(p, "[") && !p->tok.nl) {
    ts_next_type(p);
    if (!ts_is_punct(p, "]")) type_any(p);
    if (!ts_is_punct(p, "]")) ts_fail(p, p->tok.start, "expected ']' in a type");
    else ts_next_type(p);
  }
  if (ts_is_name(p, "is") && !p->tok.nl) {
    ts_next_type(p);
    type_any(p);
  }
  p->depth--;
}

static void skip_union(ts_parser_t *p) {
  if (ts_is_punct(p, "|") || ts_is_punct(p, "&")) ts_next_type(p);
  skip_operand(p);
  while (!p->failed && (ts_is_punct(p, "|") || ts_is_punct(p, "&"))) {
    ts_next_type(p);
    skip_operand(p);
  }
}

static void type_any(ts_parser_t *p) {
  if (!enter(p)) return;
  bool saved = p->in_extends;
  p->in_extends = false;
  ts_rescan_type(p);
  skip_union(p);
  if (ts_is_name(p, "extends") && !p->tok.nl) {
    ts_next_type(p);
    /* `A extends infer U extends B ? C : D`: U's constraint is B, whatever follows. */
    p->in_extends = true;
    skip_union(p);
    p->in_extends = false;
    if (!ts_is_punct(p, "?")) {
      ts_fail(p, p->tok.start, "expected '?' in a conditional type");
    } else {
      ts_next_type(p);
      type_any(p);
      if (!ts_is_punct(p, ":")) ts_fail(p, p->tok.start, "expected ':' in a conditional type");
      ts_next_type(p);
      type_any(p);
    }
  }
  p->in_extends = saved;
  p->depth--;
}

void ts_skip_type(ts_parser_t *p) {
  type_any(p);
  rescan_code(p);
}

void ts_skip_return_type(ts_parser_t *p) { ts_skip_type(p); }

void ts_blank_annotation(ts_parser_t *p) {
  size_t start = p->tok.start;
  ts_next_type(p);
  ts_skip_type(p);
  ts_blank(p, start, p->prev_end);
}
