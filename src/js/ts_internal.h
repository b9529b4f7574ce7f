/* ts_internal: what the TypeScript eraser's files share (see ts_erase.h for the module's
 * role): ts_lex.c scans tokens on demand, ts_types.c skips type syntax, ts_parse.c walks
 * expressions and parameters, ts_decl.c statements, classes and type-only declarations,
 * ts_module.c imports and exports, ts_transform.c enums and namespaces, ts_emit.c keeps
 * the edits, drops unused imports and assembles the output. All memory hangs off
 * ts_parser_t and is freed by ts_erase. */
#ifndef SONDE_JS_TS_INTERNAL_H
#define SONDE_JS_TS_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "common/sbuf.h"
#include "js/ts_erase.h"

/* TK_TMPL is a whole template or its tail; TK_TMPL_OPEN a head or middle (ends in `${`). */
enum { TK_EOF, TK_NAME, TK_PRIV, TK_NUM, TK_STR, TK_TMPL, TK_TMPL_OPEN, TK_REGEX, TK_PUNCT };

typedef struct {
  int kind;
  size_t start, end;
  bool nl; /* a line terminator comes between the previous token and this one */
} ts_tok_t;

/* One change to the source: bytes [start, end) become `text` (NULL: spaces, keeping line
 * terminators). An insertion has start == end. */
typedef struct {
  size_t start, end;
  char *text;
  size_t seq; /* order of recording, for a stable sort */
} ts_edit_t;

typedef struct {
  size_t start, len; /* a name, in the source */
} ts_name_t;

/* A binding an import statement introduces, for eliding the unused ones. */
typedef struct {
  size_t stmt; /* index of its statement in imports */
  ts_name_t local;
  size_t start, end; /* what to blank to drop it alone; end == start: cannot be dropped alone */
  bool type_only;    /* `{ type A }`: always dropped */
  bool named;        /* in the braces, where a comma may be left over */
  size_t comma;      /* its comma's position in the braces, SIZE_MAX if none */
} ts_binding_t;

typedef struct {
  size_t start, end; /* the whole statement */
  bool has_bindings;
  bool es;           /* an ES import (not `import x = require()`) */
  size_t comma;      /* `import d, { a } ...`: the comma after d and the braces, which go */
  size_t braces_end; /* when every name in them does (SIZE_MAX: no such comma) */
} ts_import_t;

/* `export { a }` (no `from`): a specifier that goes if `a` is a type only. */
typedef struct {
  ts_name_t local;
  size_t start, end;
} ts_export_spec_t;

#define TS_VEC(T)    \
  struct {           \
    T *items;        \
    size_t len, cap; \
  }

/* How far the parse has got: saved before a speculative parse, restored if it fails. */
typedef struct {
  ts_tok_t tok;
  size_t prev_end;
  size_t n_edits, n_bindings, n_imports, n_exports, n_type_names, n_decls;
  unsigned depth;
} ts_state_t;

typedef struct ts_ns ts_ns_t;

typedef struct {
  bool valid, type_mode;
  size_t pos;
  ts_tok_t tok;
} ts_lex_cache_t;

struct ts_ns {
  ts_name_t name; /* the innermost name of `namespace A.B` */
  ts_ns_t *parent;
  size_t block; /* its body's index in ns_blocks (for the innermost name) */
};

/* A namespace body, an exported name of one, and a name one uses: TypeScript qualifies a
 * reference to a name another body of the same namespace exports (`x` becomes `N.x`);
 * sonde refuses such references rather than emit code that reads another `x`. */
typedef struct {
  char *key;     /* the qualified name, "A.B" */
  size_t parent; /* the enclosing body, SIZE_MAX if none */
} ts_ns_block_t;
typedef struct {
  size_t block;
  ts_name_t name;
} ts_ns_name_t;

typedef struct {
  const char *src;
  size_t len;
  unsigned flags;
  ts_tok_t tok;    /* the current token */
  size_t prev_end; /* end of the last token consumed */
  bool failed;
  bool fatal; /* a failure no fallback may retry (work or nesting limit) */
  size_t err_pos;
  char err_msg[160];
  unsigned depth; /* recursion, bounded */
  size_t work, work_limit;
  ts_lex_cache_t lex_cache[2];
  int lex_cache_next;
  bool ambient;        /* inside `declare`: bodies may be missing */
  bool no_arrow_type;  /* a conditional's consequent: `(a): b => c` is no arrow */
  size_t typed_arrows; /* arrows parsed with a return type, for the conditional's retry */
  bool in_extends;     /* the extends clause of a conditional type (holds no conditional) */
  size_t block_id, next_block_id;
  ts_ns_t *ns;        /* the namespace whose body is being parsed, or NULL */
  size_t value_stmts; /* statements that emit code, for namespaces holding only types */
  bool module_syntax, module_kept;
  uint8_t *no_arrow; /* bit per byte: an arrow function does not start here */
  TS_VEC(ts_edit_t) edits;
  TS_VEC(ts_name_t) used; /* names used as values (a linear list, hashed below) */
  uint32_t *used_hash;    /* open addressing over `used`, index + 1; 0 empty */
  size_t used_hash_cap;
  TS_VEC(ts_binding_t) bindings;
  TS_VEC(ts_import_t) imports;
  TS_VEC(ts_export_spec_t) exports;
  TS_VEC(ts_name_t) type_names; /* interfaces, type aliases, type-only imports */
  TS_VEC(struct ts_decl {
    ts_name_t name;
    size_t block;
  })
  decls; /* classes and functions */
  size_t edit_seq;
  TS_VEC(ts_ns_block_t) ns_blocks;
  TS_VEC(ts_ns_name_t) ns_exports;
  TS_VEC(ts_ns_name_t) ns_uses;
  /* The folded members of the enums parsed so far: TypeScript folds `Other.A` in an
   * initialiser to Other.A's value when that enum is in the same file. */
  TS_VEC(struct ts_enum_value {
    ts_name_t enum_name;
    ts_tok_t key; /* NAME or STR */
    bool is_string;
    double num;
    char *str; /* owned; the string's value, for is_string */
    size_t str_len;
  })
  enum_values;
} ts_parser_t;

/* ---- ts_lex.c ---- */
/* Scans the token at `pos` (after whitespace and comments). `type_mode`: a '>' is always
 * one token (types close `<` one at a time) and '/' never starts a regex. */
ts_tok_t ts_lex(ts_parser_t *p, size_t pos, bool type_mode);
void ts_next(ts_parser_t *p);      /* consumes the current token */
void ts_next_type(ts_parser_t *p); /* likewise, the next one scanned in type mode */
ts_tok_t ts_peek(ts_parser_t *p);  /* the token after the current one */
ts_tok_t ts_peek_type(ts_parser_t *p);
void ts_rescan_regex(ts_parser_t *p);    /* the current '/' or '/=' starts a regex */
void ts_rescan_template(ts_parser_t *p); /* the current '}' continues a template */
void ts_rescan_type(ts_parser_t *p);     /* the current token again, in type mode */
/* A punctuator or name with this text (inline: the length of a literal folds away, and
 * these run several times a token). */
static inline bool ts_tok_is(const ts_parser_t *p, const ts_tok_t *t, const char *text) {
  if (t->kind != TK_PUNCT && t->kind != TK_NAME) return false;
  size_t n = strlen(text);
  return t->end - t->start == n && memcmp(p->src + t->start, text, n) == 0;
}
static inline bool ts_is(const ts_parser_t *p, const char *text) {
  return ts_tok_is(p, &p->tok, text);
}
static inline bool ts_is_punct(const ts_parser_t *p, const char *text) {
  return p->tok.kind == TK_PUNCT && ts_is(p, text);
}
static inline bool ts_is_name(const ts_parser_t *p, const char *text) {
  return p->tok.kind == TK_NAME && ts_is(p, text);
}
/* Whether the token's text is one of the words of `list`, separated by single spaces. */
static inline bool ts_tok_in(const ts_parser_t *p, const ts_tok_t *t, const char *list) {
  size_t n = t->end - t->start;
  const char *s = p->src + t->start;
  for (const char *w = list; *w;) {
    const char *e = w;
    while (*e && *e != ' ') e++;
    if ((size_t)(e - w) == n && w[0] == s[0] && memcmp(w, s, n) == 0) return true;
    w = *e ? e + 1 : e;
  }
  return false;
}
void ts_fail(ts_parser_t *p, size_t pos, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void ts_expect(ts_parser_t *p, const char *text);
void ts_line_col(const char *src, size_t len, size_t pos, unsigned *line, unsigned *col);

/* ---- ts_types.c ---- */
void ts_skip_type(ts_parser_t *p);
void ts_skip_type_params(ts_parser_t *p); /* `<T extends U = V, ...>` */
bool ts_skip_type_args(ts_parser_t *p);   /* `<A, B>`; false (failed set) if not */
void ts_skip_balanced(ts_parser_t *p);    /* from an opening ( [ { to its match */
void ts_skip_return_type(ts_parser_t *p); /* after ':', incl. `asserts x is T` */
void ts_blank_annotation(ts_parser_t *p); /* the current ':' and the type after it */

/* ---- ts_parse.c ---- */
void ts_parse_program(ts_parser_t *p);
/* Returns true when the expression was one simple operand under an assertion (`x as T`,
 * `<T>x.y`, `f()!`), whose parentheses TypeScript drops. */
bool ts_parse_expr(ts_parser_t *p, unsigned flags);
void ts_parse_statement(ts_parser_t *p);
void ts_parse_block(ts_parser_t *p);
enum { EX_NO_COMMA = 1, EX_NO_IN = 2 };

/* ---- ts_emit.c ---- */
void ts_edit(ts_parser_t *p, size_t start, size_t end, char *text); /* takes `text` */
void ts_blank(ts_parser_t *p, size_t start, size_t end);
/* Blanks [start, end) and drops the edits recorded inside it. */
void ts_blank_over(ts_parser_t *p, size_t start, size_t end);
void ts_insert(ts_parser_t *p, size_t at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void ts_parse_enum(ts_parser_t *p, size_t start, bool exported);
/* Returns true when the namespace holds values (and so was transformed, not blanked). */
bool ts_parse_namespace(ts_parser_t *p, size_t start, bool exported);
/* `export ...` inside a namespace body, from `export`; true when type-only. */
bool ts_ns_export(ts_parser_t *p, size_t start);
/* Checks the references between bodies of one namespace (see ts_ns_block_t). */
void ts_ns_check(ts_parser_t *p);
void ts_use_name(ts_parser_t *p, size_t start, size_t len);
bool ts_name_used(const ts_parser_t *p, ts_name_t n);
bool ts_name_eq(const ts_parser_t *p, ts_name_t a, ts_name_t b);
void ts_finish_module(ts_parser_t *p);
/* Appends the line terminators of src[start, end) to `out` (if not NULL); returns how many. */
size_t ts_newlines(const char *src, size_t start, size_t end, sbuf_t *out);
void ts_assemble(const ts_parser_t *p, sbuf_t *out);
ts_state_t ts_save(const ts_parser_t *p);
void ts_restore(ts_parser_t *p, const ts_state_t *s);

#define TS_PUSH(p, vec, value)                                               \
  do {                                                                       \
    if ((vec).len == (vec).cap) {                                            \
      (vec).cap = (vec).cap ? (vec).cap * 2 : 16;                            \
      (vec).items = xrealloc((vec).items, (vec).cap * sizeof(*(vec).items)); \
    }                                                                        \
    (vec).items[(vec).len++] = (value);                                      \
  } while (0)

#endif
