/* tag_expr: Cucumber tag expressions ("@smoke and not (@wip or @slow)"): parsing with
 * `not` > `and` > `or` precedence (and, or left-associative), parentheses, backslash
 * escapes ("\(", "\)", "\\", "\ " inside a tag), evaluation against a scenario's tags,
 * and the canonical form Cucumber prints ("( @a and not ( @b ) )"). Errors are worded as
 * Cucumber's: 'Tag expression "a b" could not be parsed because of syntax error:
 * Expected operator.'
 *
 * Memory: tagexpr_parse returns an expression the caller frees with tagexpr_free, or
 * NULL and a malloc'd message in *err for the caller to free. */
#ifndef SONDE_FRAMEWORKS_CUCUMBER_TAG_EXPR_H
#define SONDE_FRAMEWORKS_CUCUMBER_TAG_EXPR_H

#include <stdbool.h>
#include <stddef.h>

typedef struct tagexpr tagexpr_t;

/* An empty (or blank) expression is valid and true for every set of tags. */
tagexpr_t *tagexpr_parse(const char *expr, char **err);
bool tagexpr_eval(const tagexpr_t *e, const char *const *tags, size_t ntags);
/* The canonical form, malloc'd: "" for the empty expression. */
char *tagexpr_format(const tagexpr_t *e);
void tagexpr_free(tagexpr_t *e);

#endif
