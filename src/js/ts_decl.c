/* ts_decl: statements and declarations for the TypeScript eraser: control flow, variable
 * declarations, functions (overloads blanked), classes (modifiers, fields, index
 * signatures, abstract and declared members, parameter properties), interfaces, type
 * aliases, `declare`, and the type-only forms of import and export. Enums and namespaces
 * are in ts_emit.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "js/ts_internal.h"
#include "js/ts_parse_internal.h"

/* ---- names declared ---- */

void ts_note_type_name(ts_parser_t *p, ts_tok_t name) {
  TS_PUSH(p, p->type_names, ((ts_name_t){name.start, name.end - name.start}));
}

void ts_note_decl(ts_parser_t *p, ts_tok_t name) {
  struct ts_decl d = {{name.start, name.end - name.start}, p->block_id};
  TS_PUSH(p, p->decls, d);
}

bool ts_declared_here(const ts_parser_t *p, ts_name_t name) {
  for (size_t i = 0; i < p->decls.len; i++)
    if (p->decls.items[i].block == p->block_id && ts_name_eq(p, p->decls.items[i].name, name))
      return true;
  return false;
}

/* A contextual keyword (`type`, `interface`, `declare`...) starts a declaration when a
 * name follows on the same line. */
static bool keyword_then_name(ts_parser_t *p, const char *kw) {
  if (!ts_is_name(p, kw)) return false;
  ts_tok_t after = ts_peek(p);
  return !after.nl && (after.kind == TK_NAME || after.kind == TK_STR);
}

/* ---- blocks and functions ---- */

static void parse_statements_until_brace(ts_parser_t *p) {
  while (!p->failed && !ts_is_punct(p, "}") && p->tok.kind != TK_EOF) ts_parse_statement(p);
}

void ts_parse_block(ts_parser_t *p) {
  size_t saved = p->block_id;
  p->block_id = ++p->next_block_id;
  ts_expect(p, "{");
  parse_statements_until_brace(p);
  ts_expect(p, "}");
  p->block_id = saved;
}

static char *props_text(const ts_parser_t *p, const ts_props_t *props, bool semicolon_first) {
  sbuf_t b = SBUF_INIT;
  if (semicolon_first) sbuf_putc(&b, ';');
  for (size_t i = 0; i < props->len; i++) {
    int n = (int)props->items[i].len;
    const char *s = p->src + props->items[i].start;
    sbuf_printf(&b, "this.%.*s = %.*s;", n, s, n, s);
  }
  return sbuf_take(&b);
}

void ts_parse_function_body(ts_parser_t *p, ts_props_t *props, bool derived) {
  size_t saved = p->block_id;
  p->block_id = ++p->next_block_id;
  bool saved_ambient = p->ambient;
  p->ambient = false;
  size_t open_end = p->tok.end;
  ts_expect(p, "{");
  bool pending = props && props->len > 0;
  if (pending && !derived) {
    ts_edit(p, open_end, open_end, props_text(p, props, false));
    pending = false;
  }
  while (!p->failed && !ts_is_punct(p, "}") && p->tok.kind != TK_EOF) {
    bool super_call = false;
    if (pending && ts_is_name(p, "super")) {
      ts_tok_t after = ts_peek(p);
      super_call = ts_tok_is(p, &after, "(");
    }
    ts_parse_statement(p);
    if (super_call && !p->failed) {
      bool had_semicolon = p->prev_end > 0 && p->src[p->prev_end - 1] == ';';
      ts_edit(p, p->prev_end, p->prev_end, props_text(p, props, !had_semicolon));
      pending = false;
    }
  }
  if (pending && !p->failed)
    ts_fail(p, p->tok.start,
            "parameter properties of a derived class need a super(...) call as a statement of "
            "the constructor");
  ts_expect(p, "}");
  p->block_id = saved;
  p->ambient = saved_ambient;
}

bool ts_parse_function_rest(ts_parser_t *p, ts_props_t *props, bool derived, size_t start) {
  if (ts_is_punct(p, "<")) {
    size_t s = p->tok.start;
    ts_skip_type_params(p);
    ts_blank(p, s, p->prev_end);
  }
  ts_parse_params(p, props);
  if (ts_is_punct(p, ":")) ts_blank_annotation(p);
  if (p->failed) return false;
  if (ts_is_punct(p, "{")) {
    ts_parse_function_body(p, props, derived);
    return true;
  }
  /* An overload signature, an abstract or ambient declaration: nothing to run. */
  if (ts_is_punct(p, ";")) ts_next(p);
  else if (!(p->tok.nl || ts_is_punct(p, "}") || p->tok.kind == TK_EOF)) ts_fail_here(p);
  ts_blank_over(p, start, p->prev_end);
  return false;
}

bool ts_parse_function(ts_parser_t *p, size_t start, bool is_decl) {
  if (ts_is_name(p, "async")) ts_next(p);
  ts_expect(p, "function");
  if (ts_is_punct(p, "*")) ts_next(p);
  if (p->tok.kind == TK_NAME) {
    if (is_decl) ts_note_decl(p, p->tok);
    ts_next(p);
  }
  bool body = ts_parse_function_rest(p, NULL, false, start);
  if (!body && !is_decl && !p->failed)
    ts_fail(p, p->prev_end, "a function expression needs a body");
  return body;
}

/* ---- classes ---- */

static bool is_member_modifier(const ts_parser_t *p) {
  return p->tok.kind == TK_NAME &&
         ts_tok_in(p, &p->tok,
                   "public private protected readonly static abstract override declare accessor "
                   "async get set");
}

static bool is_ts_only_modifier(const ts_parser_t *p) {
  return ts_tok_in(p, &p->tok, "public private protected readonly override abstract declare");
}

/* `body` is where the class body's '{' ends: parameter properties are declared there as
 * fields, as TypeScript declares them (class fields are defined, target ES2022). */
/* `accessor x = v` as TypeScript emits it for ES2022: a private storage field and a
 * getter and setter, on the field's line. `owner` is how a static one reaches its class. */
static void emit_accessor(ts_parser_t *p, ts_tok_t kw, ts_tok_t key, bool is_static,
                          ts_tok_t class_name) {
  if (key.kind != TK_NAME && key.kind != TK_PRIV) {
    ts_fail(p, key.start, "an 'accessor' field needs a plain name");
    return;
  }
  if (is_static && class_name.kind != TK_NAME) {
    ts_fail(p, kw.start, "a static 'accessor' field needs a named class");
    return;
  }
  const char *name = p->src + key.start + (key.kind == TK_PRIV);
  int n = (int)(key.end - key.start) - (key.kind == TK_PRIV);
  const char *kname = p->src + key.start;
  int kn = (int)(key.end - key.start);
  int on = is_static ? (int)(class_name.end - class_name.start) : 4;
  const char *owner = is_static ? p->src + class_name.start : "this";
  const char *st = is_static ? "static " : "";
  ts_blank(p, kw.start, kw.end);
  char *storage = xasprintf("#%.*s_accessor_storage", n, name);
  ts_edit(p, key.start, key.end, storage);
  bool semicolon = p->prev_end > 0 && p->src[p->prev_end - 1] == ';';
  ts_insert(p, p->prev_end,
            "%s %sget %.*s() { return %.*s.#%.*s_accessor_storage; } %sset %.*s(value) { "
            "%.*s.#%.*s_accessor_storage = value; }",
            semicolon ? "" : ";", st, kn, kname, on, owner, n, name, st, kn, kname, on, owner, n,
            name);
}

static void parse_class_member(ts_parser_t *p, bool derived, size_t body, ts_tok_t class_name) {
  size_t start = p->tok.start;
  bool drop = false, is_static = false;
  ts_tok_t accessor = {TK_EOF, 0, 0, false};
  if (ts_is_punct(p, "@")) {
    ts_fail_decorator(p);
    return;
  }
  while (!p->failed && is_member_modifier(p)) {
    ts_tok_t after = ts_peek(p);
    if (ts_is(p, "static") && ts_tok_is(p, &after, "{")) { /* a static block */
      ts_next(p);
      ts_parse_function_body(p, NULL, false);
      return;
    }
    if (!ts_starts_key(p, &after) || ts_tok_is(p, &after, "{")) break;
    if ((ts_is(p, "async") || ts_is(p, "get") || ts_is(p, "set")) && after.nl) break;
    if (ts_is(p, "accessor")) accessor = p->tok;
    if (ts_is(p, "static")) is_static = true;
    if (ts_is(p, "abstract") || ts_is(p, "declare")) drop = true;
    if (is_ts_only_modifier(p)) ts_blank(p, p->tok.start, p->tok.end);
    ts_next(p);
  }
  if (ts_is_punct(p, "*")) ts_next(p);
  ts_tok_t key = p->tok;
  if (ts_is_punct(p, "[")) {
    /* An index signature `[key: K]: V` is a type; a computed name is code. */
    ts_tok_t a = ts_peek(p);
    ts_tok_t b = ts_lex(p, a.end, false);
    if (a.kind == TK_NAME && ts_tok_is(p, &b, ":")) {
      ts_skip_balanced(p);
      if (ts_is_punct(p, ":")) ts_blank_annotation(p);
      ts_semicolon(p);
      ts_blank_over(p, start, p->prev_end);
      return;
    }
    ts_next(p);
    ts_parse_expr(p, 0);
    ts_expect(p, "]");
  } else if (p->tok.kind == TK_NAME || p->tok.kind == TK_STR || p->tok.kind == TK_NUM ||
             p->tok.kind == TK_PRIV) {
    ts_next(p);
  } else {
    ts_fail_here(p);
    return;
  }
  size_t key_end = p->prev_end;
  bool is_ctor = key_end - start >= 11 && memcmp(p->src + key_end - 11, "constructor", 11) == 0;
  if (ts_is_punct(p, "?") || ts_is_punct(p, "!")) {
    ts_blank(p, p->tok.start, p->tok.end);
    ts_next(p);
  }
  if (ts_is_punct(p, "(") || ts_is_punct(p, "<")) {
    ts_props_t props = {0};
    ts_parse_function_rest(p, is_ctor ? &props : NULL, derived, start);
    if (props.len > 0 && !p->failed) {
      sbuf_t b = SBUF_INIT;
      for (size_t i = 0; i < props.len; i++)
        sbuf_printf(&b, "%.*s;", (int)props.items[i].len, p->src + props.items[i].start);
      ts_edit(p, body, body, sbuf_take(&b));
    }
    free(props.items);
  } else {
    if (ts_is_punct(p, ":")) ts_blank_annotation(p);
    if (ts_is_punct(p, "=")) {
      ts_next(p);
      ts_parse_expr(p, EX_NO_COMMA);
    }
    ts_semicolon(p);
    if (accessor.kind == TK_NAME && !drop && !p->failed)
      emit_accessor(p, accessor, key, is_static, class_name);
  }
  if (drop) ts_blank_over(p, start, p->prev_end);
}

void ts_parse_class(ts_parser_t *p, bool is_decl) {
  ts_expect(p, "class");
  ts_tok_t name = {TK_EOF, 0, 0, false};
  if (p->tok.kind == TK_NAME && !ts_is(p, "extends") && !ts_is(p, "implements")) {
    if (is_decl) ts_note_decl(p, p->tok);
    name = p->tok;
    ts_next(p);
  }
  if (ts_is_punct(p, "<")) {
    size_t s = p->tok.start;
    ts_skip_type_params(p);
    ts_blank(p, s, p->prev_end);
  }
  bool derived = false;
  if (ts_is_name(p, "extends")) {
    ts_next(p);
    derived = true;
    ts_parse_heritage(p);
  }
  if (ts_is_name(p, "implements")) {
    size_t s = p->tok.start;
    ts_next_type(p);
    ts_skip_type(p);
    while (!p->failed && ts_is_punct(p, ",")) {
      ts_next_type(p);
      ts_skip_type(p);
    }
    ts_blank(p, s, p->prev_end);
  }
  size_t saved = p->block_id;
  p->block_id = ++p->next_block_id;
  size_t body = p->tok.end;
  ts_expect(p, "{");
  while (!p->failed && !ts_is_punct(p, "}") && p->tok.kind != TK_EOF) {
    if (ts_is_punct(p, ";")) ts_next(p);
    else parse_class_member(p, derived, body, name);
  }
  ts_expect(p, "}");
  p->block_id = saved;
}

/* ---- variables ---- */

void ts_parse_var(ts_parser_t *p, unsigned flags) {
  ts_next(p); /* var, let, const */
  for (;;) {
    /* Top-level names, so that `export { X }` keeps X when it is a value too. */
    if (p->tok.kind == TK_NAME && p->block_id == 0) ts_note_decl(p, p->tok);
    ts_parse_binding(p);
    if (ts_is_punct(p, "!")) {
      ts_blank(p, p->tok.start, p->tok.end);
      ts_next(p);
    }
    if (ts_is_punct(p, ":")) ts_blank_annotation(p);
    if (ts_is_punct(p, "=")) {
      ts_next(p);
      ts_parse_expr(p, EX_NO_COMMA | (flags & EX_NO_IN));
    }
    if (p->failed || !ts_is_punct(p, ",")) break;
    ts_next(p);
  }
}

static bool starts_var(ts_parser_t *p) {
  if (ts_is_name(p, "var") || ts_is_name(p, "const")) return true;
  if (!ts_is_name(p, "let")) return false;
  ts_tok_t after = ts_peek(p);
  return (after.kind == TK_NAME && !ts_tok_is(p, &after, "in") && !ts_tok_is(p, &after, "of") &&
          !ts_tok_is(p, &after, "instanceof")) ||
         ts_tok_is(p, &after, "[") || ts_tok_is(p, &after, "{");
}

/* ---- type-only declarations ---- */

static void skip_interface(ts_parser_t *p, size_t start) {
  ts_next(p); /* interface */
  ts_note_type_name(p, p->tok);
  ts_next(p);
  if (ts_is_punct(p, "<")) ts_skip_type_params(p);
  if (ts_is_name(p, "extends")) {
    do {
      ts_next_type(p);
      ts_skip_type(p);
    } while (!p->failed && ts_is_punct(p, ","));
  }
  if (!ts_is_punct(p, "{")) ts_fail(p, p->tok.start, "expected '{' in an interface");
  else ts_skip_balanced(p);
  ts_blank_over(p, start, p->prev_end);
}

static void skip_type_alias(ts_parser_t *p, size_t start) {
  ts_next(p); /* type */
  ts_note_type_name(p, p->tok);
  ts_next(p);
  if (ts_is_punct(p, "<")) ts_skip_type_params(p);
  if (!ts_is_punct(p, "=")) {
    ts_fail(p, p->tok.start, "expected '=' in a type alias");
    return;
  }
  ts_next_type(p);
  ts_skip_type(p);
  ts_semicolon(p);
  ts_blank_over(p, start, p->prev_end);
}

/* `declare ...`: parsed as what follows it, then blanked whole. */
static void parse_declare(ts_parser_t *p, size_t start) {
  bool saved = p->ambient;
  size_t values = p->value_stmts;
  p->ambient = true;
  ts_next(p); /* declare */
  ts_tok_t after = ts_peek(p);
  bool const_enum = ts_is_name(p, "const") && ts_tok_is(p, &after, "enum");
  if (ts_is_name(p, "global") || ts_is_name(p, "module") || ts_is_name(p, "namespace") ||
      ts_is_name(p, "enum") || const_enum) {
    /* Their bodies hold declarations only: skipped as brackets. */
    while (!p->failed && !ts_is_punct(p, "{") && !ts_is_punct(p, ";") && p->tok.kind != TK_EOF &&
           !(p->tok.nl && p->tok.start > after.start))
      ts_next(p);
    if (ts_is_punct(p, "{")) ts_skip_balanced(p);
    else ts_semicolon(p);
  } else {
    ts_parse_statement(p);
  }
  p->ambient = saved;
  p->value_stmts = values;
  ts_blank_over(p, start, p->prev_end);
}

/* ---- statements ---- */

/* `using x = ...` and `await using x = ...` (explicit resource management), which
 * TypeScript rewrites for ES2022 and JavaScriptCore does not parse: refused, with their
 * position, rather than left to fail as an unexpected name. */
static bool refuse_using(ts_parser_t *p) {
  ts_tok_t using_tok = p->tok;
  if (ts_is_name(p, "await")) {
    using_tok = ts_peek(p);
    if (!ts_tok_is(p, &using_tok, "using") || using_tok.nl) return false;
  } else if (!ts_is_name(p, "using")) {
    return false;
  }
  ts_tok_t name = ts_lex(p, using_tok.end, false);
  if (name.kind != TK_NAME || name.nl || ts_is_reserved(p, &name) || ts_tok_is(p, &name, "in") ||
      ts_tok_is(p, &name, "instanceof") ||
      (ts_tok_is(p, &name, "of") && !ts_tok_is(p, &using_tok, "using")))
    return false;
  if (ts_tok_is(p, &name, "of")) { /* `for (using of x)` reads `using`; `using of = r` declares */
    ts_tok_t after = ts_lex(p, name.end, false);
    if (!ts_tok_is(p, &after, "=")) return false;
  }
  ts_fail(p, p->tok.start,
          "'using' declarations are not supported (JavaScriptCore does not run them)");
  return true;
}

static void parse_for(ts_parser_t *p) {
  ts_next(p); /* for */
  if (ts_is_name(p, "await")) ts_next(p);
  ts_expect(p, "(");
  if (refuse_using(p)) return;
  if (ts_is_punct(p, ";")) {
    /* no initialiser */
  } else if (starts_var(p)) {
    ts_parse_var(p, EX_NO_IN);
  } else {
    ts_parse_expr(p, EX_NO_IN);
  }
  if (ts_is_name(p, "of") || ts_is_name(p, "in")) {
    ts_next(p);
    ts_parse_expr(p, 0);
    ts_expect(p, ")");
  } else {
    ts_expect(p, ";");
    if (!ts_is_punct(p, ";")) ts_parse_expr(p, 0);
    ts_expect(p, ";");
    if (!ts_is_punct(p, ")")) ts_parse_expr(p, 0);
    ts_expect(p, ")");
  }
  ts_parse_statement(p);
}

static void parse_paren_then_statement(ts_parser_t *p) {
  ts_next(p);
  ts_expect(p, "(");
  ts_parse_expr(p, 0);
  ts_expect(p, ")");
  ts_parse_statement(p);
}

static void parse_switch(ts_parser_t *p) {
  ts_next(p);
  ts_expect(p, "(");
  ts_parse_expr(p, 0);
  ts_expect(p, ")");
  ts_expect(p, "{");
  while (!p->failed && !ts_is_punct(p, "}") && p->tok.kind != TK_EOF) {
    if (ts_is_name(p, "case")) {
      ts_next(p);
      ts_parse_expr(p, 0);
      ts_expect(p, ":");
    } else if (ts_is_name(p, "default")) {
      ts_next(p);
      ts_expect(p, ":");
    } else {
      ts_parse_statement(p);
    }
  }
  ts_expect(p, "}");
}

static void parse_try(ts_parser_t *p) {
  ts_next(p);
  ts_parse_block(p);
  if (ts_is_name(p, "catch")) {
    ts_next(p);
    if (ts_is_punct(p, "(")) {
      ts_next(p);
      ts_parse_binding(p);
      if (ts_is_punct(p, ":")) ts_blank_annotation(p);
      ts_expect(p, ")");
    }
    ts_parse_block(p);
  }
  if (ts_is_name(p, "finally")) {
    ts_next(p);
    ts_parse_block(p);
  }
}

/* Returns true when the statement is type-only (emits nothing). */
static bool parse_statement_inner(ts_parser_t *p) {
  size_t start = p->tok.start;
  ts_tok_t *t = &p->tok;
  if (t->kind == TK_PUNCT) {
    if (ts_is(p, "{")) ts_parse_block(p);
    else if (ts_is(p, ";")) ts_next(p);
    else if (ts_is(p, "@")) ts_fail_decorator(p);
    else {
      ts_parse_expr(p, 0);
      ts_semicolon(p);
    }
    return false;
  }
  if (t->kind != TK_NAME) {
    ts_parse_expr(p, 0);
    ts_semicolon(p);
    return false;
  }
  if (refuse_using(p)) return false;
  ts_tok_t after = ts_peek(p);
  if (starts_var(p)) {
    if (ts_is(p, "const") && ts_tok_is(p, &after, "enum")) {
      ts_parse_enum(p, start, false);
      return false;
    }
    ts_parse_var(p, 0);
    ts_semicolon(p);
    return false;
  }
  if (ts_is(p, "function") ||
      (ts_is(p, "async") && ts_tok_is(p, &after, "function") && !after.nl)) {
    /* An overload signature blanked itself whole. */
    return !ts_parse_function(p, start, true);
  }
  if (ts_is(p, "class")) {
    ts_parse_class(p, true);
    return false;
  }
  if (ts_is(p, "abstract") && ts_tok_is(p, &after, "class") && !after.nl) {
    ts_blank(p, t->start, t->end);
    ts_next(p);
    ts_parse_class(p, true);
    return false;
  }
  if (keyword_then_name(p, "interface")) {
    skip_interface(p, start);
    return true;
  }
  if (keyword_then_name(p, "type") && after.kind == TK_NAME) {
    skip_type_alias(p, start);
    return true;
  }
  if (keyword_then_name(p, "declare")) {
    parse_declare(p, start);
    return true;
  }
  if (keyword_then_name(p, "enum")) {
    ts_parse_enum(p, start, false);
    return false;
  }
  if (keyword_then_name(p, "namespace") ||
      (keyword_then_name(p, "module") && after.kind == TK_NAME))
    return !ts_parse_namespace(p, start, false);
  if (keyword_then_name(p, "global") && p->ambient) {
    ts_next(p);
    ts_skip_balanced(p);
    return true;
  }
  if (ts_is(p, "import") && !ts_tok_is(p, &after, "(") && !ts_tok_is(p, &after, ".")) {
    return ts_parse_import(p, start);
  }
  if (ts_is(p, "export")) return ts_parse_export(p, start);
  if (ts_is(p, "if")) {
    parse_paren_then_statement(p);
    if (ts_is_name(p, "else")) {
      ts_next(p);
      ts_parse_statement(p);
    }
    return false;
  }
  if (ts_is(p, "for")) {
    parse_for(p);
    return false;
  }
  if (ts_is(p, "while") || ts_is(p, "with")) {
    parse_paren_then_statement(p);
    return false;
  }
  if (ts_is(p, "do")) {
    ts_next(p);
    ts_parse_statement(p);
    ts_expect(p, "while");
    ts_expect(p, "(");
    ts_parse_expr(p, 0);
    ts_expect(p, ")");
    if (ts_is_punct(p, ";")) ts_next(p);
    return false;
  }
  if (ts_is(p, "return") || ts_is(p, "throw")) {
    ts_next(p);
    if (!ts_is_punct(p, ";") && !ts_is_punct(p, "}") && !p->tok.nl && p->tok.kind != TK_EOF)
      ts_parse_expr(p, 0);
    ts_semicolon(p);
    return false;
  }
  if (ts_is(p, "break") || ts_is(p, "continue")) {
    ts_next(p);
    if (p->tok.kind == TK_NAME && !p->tok.nl) ts_next(p);
    ts_semicolon(p);
    return false;
  }
  if (ts_is(p, "debugger")) {
    ts_next(p);
    ts_semicolon(p);
    return false;
  }
  if (ts_is(p, "switch")) {
    parse_switch(p);
    return false;
  }
  if (ts_is(p, "try")) {
    parse_try(p);
    return false;
  }
  if (ts_tok_is(p, &after, ":") && !ts_is_reserved(p, t)) { /* a label */
    ts_next(p);
    ts_next(p);
    ts_parse_statement(p);
    return false;
  }
  ts_parse_expr(p, 0);
  ts_semicolon(p);
  return false;
}

void ts_parse_statement(ts_parser_t *p) {
  if (!ts_enter(p)) return;
  if (!parse_statement_inner(p)) p->value_stmts++;
  p->depth--;
}

void ts_parse_program(ts_parser_t *p) {
  p->tok = ts_lex(p, 0, false);
  while (!p->failed && p->tok.kind != TK_EOF) {
    if (ts_is_punct(p, "}")) {
      ts_fail_here(p);
      break;
    }
    ts_parse_statement(p);
  }
}
