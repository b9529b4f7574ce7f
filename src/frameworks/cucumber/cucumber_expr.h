/* cucumber_expr: step patterns. Cucumber Expressions ("I have {int} cucumber(s) in my
 * belly/stomach") are tokenized, parsed into Cucumber's AST (text, optional, alternation,
 * alternative, parameter nodes with code-point offsets) and compiled to a regular
 * expression run by PCRE2, as Cucumber compiles them; regular-expression patterns are
 * compiled as they are. A match gives one argument per parameter (per top-level capture
 * group of a regular expression), transformed by the built-in parameter types: int,
 * byte, short, long (integers), float, double (numbers), biginteger, bigdecimal (their
 * text), word, string (unquoted, \" and \' unescaped), {} (anonymous: the text).
 * Parameter types defined by the user (their transformers run in JavaScript) are added
 * to a registry by name and regular expressions; their arguments carry the group values
 * the transformer receives. Errors are Cucumber's messages, with the column and a
 * pointer under the expression.
 *
 * Memory: a registry owns its types; an expression owns its regex and PCRE2 code and
 * refers to the registry's types (the registry must outlive it). Arguments from
 * cukexpr_match are the caller's (cukexpr_args_free). Error messages are malloc'd for
 * the caller. Not thread-safe: one registry and its expressions per thread. */
#ifndef SONDE_FRAMEWORKS_CUCUMBER_CUCUMBER_EXPR_H
#define SONDE_FRAMEWORKS_CUCUMBER_CUCUMBER_EXPR_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct cukexpr_registry cukexpr_registry_t;
typedef struct cukexpr cukexpr_t;

typedef enum {
  CUKEXPR_T_CUSTOM,
  CUKEXPR_T_INT,    /* int, byte, short, long */
  CUKEXPR_T_FLOAT,  /* float, double */
  CUKEXPR_T_TEXT,   /* biginteger, bigdecimal, word, {} and regular-expression groups */
  CUKEXPR_T_STRING, /* string: quotes removed, escaped quotes unescaped */
} cukexpr_transform_t;

/* A registry with the built-in parameter types. */
cukexpr_registry_t *cukexpr_registry_new(void);
void cukexpr_registry_free(cukexpr_registry_t *r);
/* Adds a parameter type whose value a JavaScript transformer makes (CUKEXPR_T_CUSTOM).
 * Fails (-1, *err) on a name already defined or holding one of "{}()\/", or a regexp
 * PCRE2 does not compile. use_for_snippets: generated expressions may use it (Cucumber's
 * default: true); prefer_for_regexp: the type a regular expression's group with the
 * same source gets when several types share it. */
int cukexpr_registry_define(cukexpr_registry_t *r, const char *name, const char *const *regexps,
                            size_t nregexps, bool use_for_snippets, bool prefer_for_regexp,
                            char **err);

/* A Cucumber Expression; NULL and *err when it is invalid or names an unknown type. */
cukexpr_t *cukexpr_compile(cukexpr_registry_t *r, const char *expression, char **err);
/* A regular expression (PCRE2 syntax, which covers the usual JavaScript patterns). */
cukexpr_t *cukexpr_compile_regex(cukexpr_registry_t *r, const char *pattern, char **err);
void cukexpr_free(cukexpr_t *e);
/* The regular expression a Cucumber Expression compiled to ("^I have ((?:-?\d+)|(?:\d+))$"). */
const char *cukexpr_regex(const cukexpr_t *e);

typedef enum { CUKEXPR_V_NULL, CUKEXPR_V_INT, CUKEXPR_V_DOUBLE, CUKEXPR_V_STRING } cukexpr_vkind_t;

typedef struct {
  const char *type_name; /* "int", "string", ...; "" for {} and an untyped regexp group */
  cukexpr_transform_t transform;
  cukexpr_vkind_t kind; /* NULL when the group did not take part in the match */
  long long i;
  double d;
  char *s;        /* strings: a NUL of the text as C0 80, as Gherkin's (gherkin.h) */
  char **groups;  /* what a transformer receives: the group's child groups' */
  size_t ngroups; /* values, or the group's own when it has none (NULL: unset) */
  int start;      /* byte offset of the group in the text, -1 when unset */
} cukexpr_arg_t;

/* 1 and the arguments when the text matches, 0 when it does not, -1 on a PCRE2 error
 * (text that is not valid UTF-8 is one). */
int cukexpr_match(const cukexpr_t *e, const char *text, size_t len, cukexpr_arg_t **args,
                  size_t *nargs);
void cukexpr_args_free(cukexpr_arg_t *args, size_t n);
/* The match as Cucumber Messages' stepMatchArguments ([{group: {start, value, children},
 * parameterTypeName}], start in UTF-16 code units), or NULL when the text does not match.
 * A new reference. */
json_t *cukexpr_match_json(const cukexpr_t *e, const char *text, size_t len);

/* Expressions generated for an undefined step's text, as Cucumber's generator makes
 * them for snippets (cucumber_expr_gen.c): every full word (or quoted string) a
 * snippet-worthy type matches becomes "{type}", the leftmost and then longest match
 * first; when several types match the same text, one expression per combination, the
 * preferred types and then names in order first (at most 256). "(", "{" and "/" of the
 * text are escaped. */
typedef struct {
  char *source;       /* "I have {int} cucumbers" */
  const char **types; /* the parameters' type names, in order (the registry's strings) */
  size_t ntypes;
} cukexpr_generated_t;

size_t cukexpr_generate(const cukexpr_registry_t *r, const char *text, cukexpr_generated_t **out);
void cukexpr_generated_free(cukexpr_generated_t *g, size_t n);

/* Cucumber's intermediate forms, for tests and error reporting: the tokens
 * ([{type, start, end, text}]) and the AST ({type, start, end, nodes | token}) of an
 * expression, or NULL and *err. */
json_t *cukexpr_tokens_json(const char *expression, char **err);
json_t *cukexpr_ast_json(const char *expression, char **err);

#endif
