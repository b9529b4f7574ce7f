/* gherkin_int: what the Gherkin parser's files share: the dialect table
 * (gherkin_dialects.c, generated), the line scanner and token matchers (gherkin_line.c)
 * and growable arrays. Not for use outside src/frameworks/cucumber/. */
#ifndef SONDE_FRAMEWORKS_CUCUMBER_GHERKIN_INT_H
#define SONDE_FRAMEWORKS_CUCUMBER_GHERKIN_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "common/sbuf.h"
#include "frameworks/cucumber/gherkin.h"

/* Keyword lists of a dialect, in the table's order. */
typedef enum {
  GHERKIN_KW_FEATURE,
  GHERKIN_KW_RULE,
  GHERKIN_KW_BACKGROUND,
  GHERKIN_KW_SCENARIO,
  GHERKIN_KW_OUTLINE,
  GHERKIN_KW_EXAMPLES,
  GHERKIN_KW_GIVEN,
  GHERKIN_KW_WHEN,
  GHERKIN_KW_THEN,
  GHERKIN_KW_AND,
  GHERKIN_KW_BUT,
  GHERKIN_KW_COUNT
} gherkin_kw_t;

typedef struct {
  const char *code, *name, *native;
  const char *kw[GHERKIN_KW_COUNT]; /* keywords joined with '\n' */
} gherkin_dialect_t;

extern const gherkin_dialect_t gherkin_dialects[];
extern const size_t gherkin_dialect_count;

const gherkin_dialect_t *gherkin_dialect_find(const char *code, size_t len);

/* Grows an array of `elem` bytes to hold one more; returns the new (zeroed) element. */
void *gherkin_push(void *arrp, size_t *len, size_t elem);
#define GHERKIN_PUSH(arr, len) ((__typeof__(&(arr)[0]))gherkin_push(&(arr), &(len), sizeof *(arr)))

/* One line of the source, without its "\n". */
typedef struct {
  const char *text;    /* the whole line (not NUL-terminated) */
  size_t len;          /* without a trailing "\r" run */
  const char *trim;    /* past the leading white space */
  size_t trim_len;     /* without leading and trailing white space */
  size_t indent_chars; /* leading white-space characters */
  int indent_cols;     /* the same in UTF-16 units */
  int number;          /* from 1 */
} gherkin_line_t;

typedef enum {
  GT_NONE,
  GT_EOF,
  GT_EMPTY,
  GT_COMMENT,
  GT_TAGLINE,
  GT_FEATURE,
  GT_RULE,
  GT_BACKGROUND,
  GT_SCENARIO,
  GT_EXAMPLES,
  GT_STEP,
  GT_DOCSEP,
  GT_TABLEROW,
  GT_LANGUAGE,
  GT_OTHER,
  GT_COUNT
} gherkin_tok_t;

extern const char *const gherkin_tok_names[GT_COUNT]; /* "#EOF", ... */

/* UTF-8 helpers: the length of the white-space character at s (0 if none); UTF-16 units
 * of n bytes. */
size_t gherkin_space_len(const char *s, size_t n);
int gherkin_utf16_len(const char *s, size_t n);
/* Trims white space on both sides: *s and *n are updated. */
void gherkin_trim(const char **s, size_t *n);

void gherkin_line_init(gherkin_line_t *l, const char *text, size_t len, int number);
bool gherkin_line_starts(const gherkin_line_t *l, const char *prefix, size_t plen);

/* The matcher's state: the dialect and the open doc string. */
typedef struct {
  const gherkin_dialect_t *dialect;
  const char *docsep; /* the open doc string's separator, or NULL */
  size_t doc_indent;  /* characters of indent to remove from its lines */
  /* Markdown with Gherkin (gherkin_markdown.c) */
  bool markdown;
  bool md_feature_seen; /* the feature line was matched */
  size_t md_fence;      /* the open doc string's fence length (0: none) */
  size_t md_indent;     /* the last doc string's indent, removed from Other lines ... */
  bool md_indent_set;   /* ... once there was one */
} gherkin_matcher_t;

/* A matched token. Strings are malloc'd and owned by the token until taken. */
typedef struct {
  gherkin_tok_t type;
  gherkin_loc_t loc;
  char *keyword; /* title and step keywords, doc-string separator */
  char *text;    /* title, step text, comment, other line, media type, language */
  gherkin_keyword_type_t kwtype;
  /* tags or cells */
  struct gherkin_item {
    int column;
    char *text;
  } * items;
  size_t nitems;
} gherkin_token_t;

void gherkin_token_clear(gherkin_token_t *t);

/* Whether the line (NULL: the end of the file) is of that type, filling tok when it is.
 * A tag line with white space inside a tag fails with an error in *err (its message
 * malloc'd, for the caller to take); so does a `# language:` naming no dialect. */
bool gherkin_match(gherkin_matcher_t *m, const gherkin_line_t *l, gherkin_tok_t type,
                   gherkin_token_t *tok, gherkin_error_t *err);

/* Iterates over a '\n'-joined keyword list. */
bool gherkin_next_kw(const char **p, const char **kw, size_t *n);
/* A copy of n bytes without white space on either side. */
char *gherkin_trimmed_dup(const char *s, size_t n);
/* The type of step keyword kw: Unknown when it is in several lists ("* "). */
gherkin_keyword_type_t gherkin_step_kwtype(const gherkin_dialect_t *d, const char *kw, size_t n);
/* Table cells of a line (its items, with their columns). */
void gherkin_split_cells(const gherkin_line_t *l, gherkin_token_t *tok);
/* The Markdown matcher (gherkin_markdown.c): like gherkin_match for one type but the end
 * of file; *column is the token's column when the matcher sets it (-1: the usual). */
bool gherkin_md_match(gherkin_matcher_t *m, const gherkin_line_t *l, gherkin_tok_t type,
                      gherkin_token_t *tok, int *column);

/* Gives the AST's ids (gherkin_ast.c); a NULL ids counts from 0. */
void gherkin_ids_assign(gherkin_document_t *doc, gherkin_ids_t *ids);

#endif
