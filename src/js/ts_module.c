/* ts_module: import and export statements in TypeScript. Type-only forms (`import type`,
 * `export type`, inline `type` specifiers, `export interface`, `export declare`) are
 * blanked; `import x = require(m)` becomes `const  x = require(m)` and `export = v`
 * `module.exports = v`. Import bindings are recorded so that ts_finish_module can drop
 * those never used as values, and `export { T }` specifiers so that it can drop those
 * naming only a type, as TypeScript does. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "js/ts_internal.h"
#include "js/ts_parse_internal.h"

/* `with { type: 'json' }` / `assert {...}` after a module specifier. */
static void skip_attributes(ts_parser_t *p) {
  if ((ts_is_name(p, "with") || ts_is_name(p, "assert")) && !p->tok.nl) {
    ts_next(p);
    if (ts_is_punct(p, "{")) ts_skip_balanced(p);
    else ts_fail_here(p);
  }
}

static void expect_module_specifier(ts_parser_t *p) {
  if (p->tok.kind != TK_STR) {
    ts_fail(p, p->tok.start, "expected a module specifier string");
    return;
  }
  ts_next(p);
  skip_attributes(p);
}

/* Whether the `type` at the current token is a modifier of the specifier (`{ type A }`)
 * rather than its name (`{ type }`, `{ type as t }`), as TypeScript reads it. */
static bool type_modifier(ts_parser_t *p) {
  if (!ts_is_name(p, "type")) return false;
  ts_tok_t a = ts_peek(p);
  if (ts_tok_is(p, &a, ",") || ts_tok_is(p, &a, "}")) return false;
  if (!ts_tok_is(p, &a, "as")) return a.kind == TK_NAME || a.kind == TK_STR;
  ts_tok_t b = ts_lex(p, a.end, false);
  if (ts_tok_is(p, &b, ",") || ts_tok_is(p, &b, "}")) return true; /* { type as } */
  if (!ts_tok_is(p, &b, "as")) return false;                       /* { type as x } */
  ts_tok_t c = ts_lex(p, b.end, false);
  return c.kind == TK_NAME; /* { type as as x } */
}

typedef struct {
  ts_tok_t local;
  size_t start, end; /* with its comma */
  size_t comma;      /* SIZE_MAX if none */
  bool type_only;
} spec_t;

/* One specifier of `{ ... }`, the current token its first. */
static spec_t parse_specifier(ts_parser_t *p) {
  spec_t s = {0};
  s.start = p->tok.start;
  if (type_modifier(p)) {
    s.type_only = true;
    ts_next(p);
  }
  if (p->tok.kind != TK_NAME && p->tok.kind != TK_STR) {
    ts_fail_here(p);
    return s;
  }
  s.local = p->tok;
  ts_next(p);
  if (ts_is_name(p, "as")) {
    ts_next(p);
    if (p->tok.kind != TK_NAME && p->tok.kind != TK_STR) {
      ts_fail_here(p);
      return s;
    }
    s.local = p->tok;
    ts_next(p);
  }
  s.comma = SIZE_MAX;
  if (ts_is_punct(p, ",")) {
    s.comma = p->tok.start;
    ts_next(p);
  } else if (!ts_is_punct(p, "}")) {
    ts_fail_here(p);
  }
  s.end = p->prev_end;
  return s;
}

static ts_name_t name_of(ts_tok_t t) { return (ts_name_t){t.start, t.end - t.start}; }

/* `import x = require('m')` or `import x = A.B`, from the name; `kw` is the `import`. */
static void parse_import_equals(ts_parser_t *p, size_t start, ts_tok_t kw, bool exported) {
  ts_tok_t name = p->tok;
  ts_next(p);
  ts_expect(p, "=");
  ts_tok_t after = ts_peek(p);
  if (ts_is_name(p, "require") && ts_tok_is(p, &after, "(")) {
    ts_next(p);
    ts_next(p);
    if (p->tok.kind != TK_STR) ts_fail(p, p->tok.start, "expected a module specifier string");
    ts_next(p);
    ts_expect(p, ")");
  } else {
    do {
      if (p->tok.kind != TK_NAME) {
        ts_fail_here(p);
        return;
      }
      if (!exported) ts_use_name(p, p->tok.start, p->tok.end - p->tok.start);
      ts_next(p);
    } while (ts_is_punct(p, ".") && (ts_next(p), true));
  }
  ts_semicolon(p);
  ts_edit(p, kw.start, kw.end, xstrdup("const "));
  if (!exported && !p->ns) {
    ts_import_t imp = {start, p->prev_end, true, false, SIZE_MAX, SIZE_MAX};
    TS_PUSH(p, p->imports, imp);
    ts_binding_t b = {p->imports.len - 1, name_of(name), 0, 0, false, false, SIZE_MAX};
    TS_PUSH(p, p->bindings, b);
  }
}

bool ts_parse_import(ts_parser_t *p, size_t start) {
  ts_tok_t kw = p->tok;
  ts_next(p);                  /* import */
  if (p->tok.kind == TK_STR) { /* import 'm' */
    p->module_syntax = p->module_kept = true;
    expect_module_specifier(p);
    ts_semicolon(p);
    return false;
  }
  bool type_only = false;
  if (ts_is_name(p, "type")) {
    ts_tok_t a = ts_peek(p);
    if (ts_tok_is(p, &a, "{") || ts_tok_is(p, &a, "*")) {
      type_only = true;
    } else if (a.kind == TK_NAME && !ts_tok_is(p, &a, "from")) {
      type_only = true;
    } else if (ts_tok_is(p, &a, "from")) { /* `import type from 'm'` names its default `type` */
      ts_tok_t b = ts_lex(p, a.end, false);
      type_only = b.kind != TK_STR;
    }
    if (type_only) ts_next(p);
  }
  if (p->tok.kind == TK_NAME && !ts_is(p, "from")) {
    ts_tok_t a = ts_peek(p);
    if (ts_tok_is(p, &a, "=")) {
      if (type_only) {
        ts_next(p);
        ts_next(p);
        while (!p->failed && !ts_is_punct(p, ";") && !p->tok.nl && p->tok.kind != TK_EOF)
          ts_next(p);
        ts_semicolon(p);
        ts_blank_over(p, start, p->prev_end);
        return true;
      }
      parse_import_equals(p, start, kw, false);
      return false;
    }
  }
  p->module_syntax = true;
  ts_import_t imp = {start, 0, false, true, SIZE_MAX, SIZE_MAX};
  size_t index = p->imports.len;
  if (p->tok.kind == TK_NAME && !ts_is(p, "from")) { /* default binding */
    ts_tok_t name = p->tok;
    ts_next(p);
    size_t end = name.start;
    if (ts_is_punct(p, ",")) {
      imp.comma = p->tok.start;
      ts_next(p);
      end = p->tok.start;
    }
    ts_binding_t b = {index, name_of(name), name.start, end, false, false, SIZE_MAX};
    if (type_only) ts_note_type_name(p, name);
    else TS_PUSH(p, p->bindings, b);
    imp.has_bindings = true;
  }
  if (ts_is_punct(p, "*")) {
    ts_next(p);
    ts_expect(p, "as");
    if (p->tok.kind != TK_NAME) ts_fail_here(p);
    ts_binding_t b = {index, name_of(p->tok), 0, 0, false, false, SIZE_MAX};
    if (type_only) ts_note_type_name(p, p->tok);
    else TS_PUSH(p, p->bindings, b);
    imp.has_bindings = true;
    ts_next(p);
  } else if (ts_is_punct(p, "{")) {
    ts_next(p);
    while (!p->failed && !ts_is_punct(p, "}")) {
      spec_t s = parse_specifier(p);
      if (p->failed) break;
      imp.has_bindings = true;
      if (type_only || s.type_only) ts_note_type_name(p, s.local);
      if (!type_only) {
        ts_binding_t b = {index, name_of(s.local), s.start, s.end, s.type_only, true, s.comma};
        TS_PUSH(p, p->bindings, b);
      }
    }
    if (ts_is_punct(p, "}")) imp.braces_end = p->tok.end;
    ts_expect(p, "}");
  }
  if (imp.braces_end == SIZE_MAX) imp.comma = SIZE_MAX; /* `import d, * as ns` */
  ts_expect(p, "from");
  expect_module_specifier(p);
  ts_semicolon(p);
  if (type_only) {
    ts_blank_over(p, start, p->prev_end);
    return true;
  }
  imp.end = p->prev_end;
  TS_PUSH(p, p->imports, imp);
  return false;
}

/* `export { ... }` and `export { ... } from 'm'`, from the '{'. */
static bool parse_export_list(ts_parser_t *p, size_t start, bool type_only) {
  ts_next(p); /* { */
  spec_t *specs = NULL;
  size_t n = 0, cap = 0;
  while (!p->failed && !ts_is_punct(p, "}")) {
    spec_t s = parse_specifier(p);
    if (p->failed) break;
    /* The exported name is after `as`; the local one is the first. */
    if (n == cap) {
      cap = cap ? cap * 2 : 8;
      specs = xrealloc(specs, cap * sizeof(*specs));
    }
    ts_tok_t first_name = ts_lex(p, s.start, false);
    if (s.type_only) first_name = ts_lex(p, first_name.end, false);
    s.local = first_name;
    specs[n++] = s;
  }
  ts_expect(p, "}");
  bool from = ts_is_name(p, "from");
  if (from) {
    ts_next(p);
    expect_module_specifier(p);
  }
  ts_semicolon(p);
  if (type_only) {
    ts_blank_over(p, start, p->prev_end);
  } else {
    p->module_kept = true;
    spec_t *last_kept = NULL;
    bool dropped_after = false;
    for (size_t i = 0; i < n && !p->failed; i++) {
      if (specs[i].type_only) {
        ts_blank(p, specs[i].start, specs[i].end);
        dropped_after = true;
        continue;
      }
      last_kept = &specs[i];
      dropped_after = false;
      if (!from && specs[i].local.kind == TK_NAME) {
        ts_export_spec_t e = {name_of(specs[i].local), specs[i].start, specs[i].end};
        TS_PUSH(p, p->exports, e);
      }
    }
    /* `{ a, type B }` becomes `{ a }`, as in TypeScript's output. */
    if (last_kept && dropped_after && last_kept->comma != SIZE_MAX)
      ts_blank(p, last_kept->comma, last_kept->comma + 1);
  }
  free(specs);
  return type_only;
}

bool ts_parse_export(ts_parser_t *p, size_t start) {
  if (p->ns) return ts_ns_export(p, start);
  ts_next(p); /* export */
  ts_tok_t after = ts_peek(p);
  if (ts_is_punct(p, "=")) { /* export = v */
    ts_next(p);
    ts_edit(p, start, p->prev_end, xstrdup("module.exports ="));
    ts_parse_expr(p, 0);
    ts_semicolon(p);
    return false;
  }
  if (ts_is_name(p, "as") && ts_tok_is(p, &after, "namespace")) { /* export as namespace X */
    ts_next(p);
    ts_next(p);
    ts_next(p);
    ts_semicolon(p);
    ts_blank_over(p, start, p->prev_end);
    return true;
  }
  if (ts_is_name(p, "import")) {
    ts_tok_t kw = p->tok;
    ts_next(p);
    p->module_syntax = p->module_kept = true;
    parse_import_equals(p, start, kw, true);
    return false;
  }
  if (ts_is_name(p, "type") && (ts_tok_is(p, &after, "{") || ts_tok_is(p, &after, "*"))) {
    ts_next(p);
    p->module_syntax = true;
    if (ts_is_punct(p, "{")) return parse_export_list(p, start, true);
    while (!p->failed && p->tok.kind != TK_STR && p->tok.kind != TK_EOF) ts_next(p);
    expect_module_specifier(p);
    ts_semicolon(p);
    ts_blank_over(p, start, p->prev_end);
    return true;
  }
  if (ts_is_punct(p, "{")) {
    p->module_syntax = true;
    return parse_export_list(p, start, false);
  }
  if (ts_is_punct(p, "*")) {
    p->module_syntax = p->module_kept = true;
    while (!p->failed && p->tok.kind != TK_STR && p->tok.kind != TK_EOF) ts_next(p);
    expect_module_specifier(p);
    ts_semicolon(p);
    return false;
  }
  p->module_syntax = true;
  if (ts_is_name(p, "default")) {
    ts_next(p);
    after = ts_peek(p);
    if (ts_is_name(p, "interface") && after.kind == TK_NAME) {
      /* parsed as the statement it is, blanked from `export` */
      ts_parse_statement(p);
      ts_blank_over(p, start, p->prev_end);
      return true;
    }
    p->module_kept = true;
    if (ts_is_name(p, "abstract") && ts_tok_is(p, &after, "class")) {
      ts_blank(p, p->tok.start, p->tok.end);
      ts_next(p);
    }
    if (ts_is_name(p, "function") || (ts_is_name(p, "async") && ts_tok_is(p, &after, "function")))
      return !ts_parse_function(p, start, true);
    if (ts_is_name(p, "class")) {
      ts_parse_class(p, true);
      return false;
    }
    ts_parse_expr(p, EX_NO_COMMA);
    ts_semicolon(p);
    return false;
  }
  /* export <declaration>: what the declaration is decides. */
  size_t values = p->value_stmts;
  if (ts_is_name(p, "function") || (ts_is_name(p, "async") && ts_tok_is(p, &after, "function"))) {
    bool body = ts_parse_function(p, start, true);
    if (body) p->module_kept = true;
    return !body;
  }
  ts_parse_statement(p);
  bool type_only = p->value_stmts == values;
  if (type_only) ts_blank_over(p, start, p->prev_end);
  else p->value_stmts--, p->module_kept = true;
  return type_only;
}
