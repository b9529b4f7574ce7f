/* cucumber_expr_int: the tokenizer and parser of Cucumber Expressions
 * (cucumber_expr_parse.c) as the compiler (cucumber_expr.c) uses them, and the registry
 * the generator (cucumber_expr_gen.c) reads. Offsets are in code points of the
 * expression, as Cucumber counts them. */
#ifndef SONDE_FRAMEWORKS_CUCUMBER_CUCUMBER_EXPR_INT_H
#define SONDE_FRAMEWORKS_CUCUMBER_CUCUMBER_EXPR_INT_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdbool.h>
#include <stddef.h>

#include "frameworks/cucumber/cucumber_expr.h"

/* A parameter type (cucumber_expr.c). */
typedef struct {
  char *name;
  char **regexps;
  size_t nregexps;
  cukexpr_transform_t transform;
  bool use_for_snippets;  /* generated expressions may use it */
  bool prefer_for_regexp; /* wins over other types with the same regexp */
} ptype_t;

struct cukexpr_registry {
  ptype_t *types;
  size_t ntypes;
};

/* PCRE2 code for a JavaScript-like pattern (UTF, "$" only at the end), or NULL and a
 * message in *err (when err is not NULL). */
pcre2_code *ck_compile_pcre(const char *re, char **err);

typedef enum {
  CK_TEXT_NODE,
  CK_OPTIONAL_NODE,
  CK_ALTERNATION_NODE,
  CK_ALTERNATIVE_NODE,
  CK_PARAMETER_NODE,
  CK_EXPRESSION_NODE,
  CK_SEPARATOR, /* a "/" while an alternation is read; never in a finished AST */
} ck_node_type_t;

typedef struct ck_node {
  ck_node_type_t type;
  int start, end;
  char *token;           /* CK_TEXT_NODE: its text, escapes removed */
  struct ck_node *nodes; /* the others: their children */
  size_t nnodes;
} ck_node_t;

/* Parses an expression: the root (CK_EXPRESSION_NODE), or NULL and *err. */
ck_node_t *ck_parse(const char *expression, char **err);
void ck_node_free(ck_node_t *n); /* the node's contents and the node itself */

/* Cucumber's message for a problem in the expression, pointing at code points
 * [start, end) ("^", or "^---^" for a longer range). */
char *ck_error(const char *expression, int start, int end, const char *problem,
               const char *solution);

#endif
