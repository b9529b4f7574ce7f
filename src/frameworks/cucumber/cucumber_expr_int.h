/* cucumber_expr_int: the tokenizer and parser of Cucumber Expressions
 * (cucumber_expr_parse.c) as the compiler (cucumber_expr.c) uses them. Offsets are in
 * code points of the expression, as Cucumber counts them. */
#ifndef SONDE_FRAMEWORKS_CUCUMBER_CUCUMBER_EXPR_INT_H
#define SONDE_FRAMEWORKS_CUCUMBER_CUCUMBER_EXPR_INT_H

#include <stddef.h>

#include "frameworks/cucumber/cucumber_expr.h"

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
char *ck_error(const char *expression, int start, int end, const char *problem, const char *solution);

#endif
