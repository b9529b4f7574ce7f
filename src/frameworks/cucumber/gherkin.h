/* gherkin: a parser of Gherkin feature files (every dialect of Cucumber's
 * gherkin-languages.json, `# language:` headers, Feature, Rule, Background,
 * Scenario/Example, Scenario Outline/Template with Examples, steps with a data table
 * and/or a doc string, tags, comments, descriptions; LF or CRLF lines) into an AST with
 * the line and column of everything, and the compiler of that AST into pickles: the
 * scenarios as they run, outlines expanded per example row, backgrounds prepended, tags
 * inherited. It follows the grammar and the behaviour of Cucumber's own parser, errors
 * included ("(9:1): expected: #EOF, #TableRow, ..., got 'text'"); gherkin_json.c writes
 * the AST and pickles in Cucumber Messages' shape. No I/O, no JavaScript.
 *
 * Columns count UTF-16 code units from 1, as Cucumber's messages do. Ids are numbers from
 * the caller's counter (gherkin_ids_t; NULL: a counter from 0 for that call), given in
 * the order Cucumber's incrementing id generator gives them, so a fresh counter shared
 * by gherkin_parse and then gherkin_compile reproduces its ids.
 *
 * Memory: gherkin_parse returns a document that owns everything under it (strings,
 * nodes, errors); gherkin_document_free releases it. Pickles are owned by the
 * gherkin_pickles_t that gherkin_compile fills; they copy what they need from the
 * document, which may be freed first. */
#ifndef SONDE_FRAMEWORKS_CUCUMBER_GHERKIN_H
#define SONDE_FRAMEWORKS_CUCUMBER_GHERKIN_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct {
  unsigned next; /* the next id handed out; start at 0 */
} gherkin_ids_t;

typedef struct {
  int line;   /* from 1 */
  int column; /* from 1; 0 when the location has no column (unexpected end of file) */
} gherkin_loc_t;

typedef enum {
  GHERKIN_KT_UNKNOWN,     /* "*", or a keyword shared by several kinds */
  GHERKIN_KT_CONTEXT,     /* Given */
  GHERKIN_KT_ACTION,      /* When */
  GHERKIN_KT_OUTCOME,     /* Then */
  GHERKIN_KT_CONJUNCTION, /* And, But */
} gherkin_keyword_type_t;

typedef struct {
  gherkin_loc_t loc;
  char *name; /* with its "@" */
  unsigned id;
} gherkin_tag_t;

typedef struct {
  gherkin_loc_t loc;
  char *value; /* unescaped (\| \\ \n), trimmed */
} gherkin_cell_t;

typedef struct {
  gherkin_loc_t loc;
  unsigned id;
  gherkin_cell_t *cells;
  size_t ncells;
} gherkin_row_t;

typedef struct {
  gherkin_loc_t loc; /* its first row's */
  gherkin_row_t *rows;
  size_t nrows;
} gherkin_table_t;

typedef struct {
  gherkin_loc_t loc;
  char *content;    /* lines joined with "\n", the opening line's indent removed */
  char *delimiter;  /* "\"\"\"" or "```" */
  char *media_type; /* NULL when the opening line has none */
} gherkin_docstring_t;

typedef struct {
  gherkin_loc_t loc;
  unsigned id;
  char *keyword; /* as written, with its trailing space ("Given ", "* ") */
  gherkin_keyword_type_t type;
  char *text;
  gherkin_table_t *table;   /* NULL when none */
  gherkin_docstring_t *doc; /* NULL when none */
} gherkin_step_t;

typedef struct {
  gherkin_loc_t loc;
  unsigned id;
  gherkin_tag_t *tags;
  size_t ntags;
  char *keyword, *name, *description;
  gherkin_row_t *header; /* NULL for an Examples without a table */
  gherkin_row_t *body;
  size_t nbody;
} gherkin_examples_t;

typedef struct {
  gherkin_loc_t loc;
  unsigned id;
  gherkin_tag_t *tags;
  size_t ntags;
  char *keyword, *name, *description;
  gherkin_step_t *steps;
  size_t nsteps;
  gherkin_examples_t *examples;
  size_t nexamples;
} gherkin_scenario_t;

typedef struct {
  gherkin_loc_t loc;
  unsigned id;
  char *keyword, *name, *description;
  gherkin_step_t *steps;
  size_t nsteps;
} gherkin_background_t;

typedef struct gherkin_rule gherkin_rule_t;

typedef enum {
  GHERKIN_CHILD_BACKGROUND,
  GHERKIN_CHILD_SCENARIO,
  GHERKIN_CHILD_RULE
} gherkin_child_kind_t;

typedef struct {
  gherkin_child_kind_t kind;
  gherkin_background_t *background;
  gherkin_scenario_t *scenario;
  gherkin_rule_t *rule;
} gherkin_child_t;

struct gherkin_rule {
  gherkin_loc_t loc;
  unsigned id;
  gherkin_tag_t *tags;
  size_t ntags;
  char *keyword, *name, *description;
  gherkin_child_t *children; /* backgrounds and scenarios only */
  size_t nchildren;
};

typedef struct {
  gherkin_loc_t loc;
  gherkin_tag_t *tags;
  size_t ntags;
  char *language; /* the dialect's code: "en", "fr", ... */
  char *keyword, *name, *description;
  gherkin_child_t *children;
  size_t nchildren;
} gherkin_feature_t;

typedef struct {
  gherkin_loc_t loc;
  char *text; /* the whole line */
} gherkin_comment_t;

typedef struct {
  gherkin_loc_t loc;
  char *message; /* "(line:column): what", as Cucumber words it */
} gherkin_error_t;

typedef struct {
  char *uri;
  gherkin_feature_t *feature; /* NULL for a file without one (empty, comments only) */
  gherkin_comment_t *comments;
  size_t ncomments;
  gherkin_error_t *errors; /* when any, feature and comments are NULL */
  size_t nerrors;
} gherkin_document_t;

/* Parses `len` bytes of UTF-8 (a leading BOM is skipped; invalid UTF-8 is read as it
 * comes, never past len). `language` is the default dialect (NULL: "en"); an unknown one
 * is reported as an error. Never NULL: check doc->nerrors. */
gherkin_document_t *gherkin_parse(const char *uri, const char *src, size_t len,
                                  const char *language, gherkin_ids_t *ids);
void gherkin_document_free(gherkin_document_t *doc);

/* NULs (gherkin_text.c): the document's and the pickles' strings are C strings, so a NUL
 * of the source is kept in them as the two bytes C0 80 (a C0 of the source becomes U+FFFD,
 * as a UTF-8 decoder reads it). gherkin_parse encodes the source; what takes these
 * strings out of the cucumber module (to JSON, JavaScript, the runner's titles) decodes
 * them: gherkin_text gives the text with its NULs (malloc'd, *len its length; NULL s:
 * ""), gherkin_json_text a JSON string of it (NULL for text jansson refuses, as
 * json_string). gherkin_text_encode goes the other way, for text that comes back from
 * JavaScript (malloc'd C string). */
char *gherkin_text(const char *s, size_t *len);
json_t *gherkin_json_text(const char *s);
char *gherkin_text_encode(const char *s, size_t len);
bool gherkin_text_needs_encoding(const char *s, size_t len);

/* Dialects. */
bool gherkin_dialect_exists(const char *code);

/* Pickles. */
typedef struct {
  char **cells;
  size_t ncells;
} gherkin_pickle_row_t;

typedef struct {
  unsigned ast_ids[2]; /* the step's; in an outline also the example row's */
  size_t nast_ids;
  unsigned id;
  gherkin_keyword_type_t type; /* a conjunction takes the type of the step before it */
  char *text;
  gherkin_pickle_row_t *rows; /* the data table, NULL when none */
  size_t nrows;
  char *doc;                  /* the doc string's content, NULL when none */
  char *doc_media_type;       /* NULL when none */
  int table_index, doc_index; /* 1 and 2 in the order written when the step has both, else 0 */
} gherkin_pickle_step_t;

typedef struct {
  char *name;
  unsigned ast_id;
} gherkin_pickle_tag_t;

typedef struct {
  unsigned ast_ids[2]; /* the scenario's; in an outline also the example row's */
  size_t nast_ids;
  unsigned id;
  char *uri, *name, *language;
  gherkin_loc_t loc; /* the scenario's, or in an outline the example row's */
  gherkin_pickle_tag_t *tags;
  size_t ntags;
  gherkin_pickle_step_t *steps;
  size_t nsteps;
} gherkin_pickle_t;

typedef struct {
  gherkin_pickle_t *items;
  size_t len;
} gherkin_pickles_t;

/* Appends the document's pickles to `out` (zeroed before the first call). */
void gherkin_compile(const gherkin_document_t *doc, gherkin_ids_t *ids, gherkin_pickles_t *out);
void gherkin_pickles_free(gherkin_pickles_t *p);

const char *gherkin_keyword_type_name(gherkin_keyword_type_t t); /* "Context", ... */

/* Cucumber Messages envelopes (gherkin_json.c), new references for the caller:
 * {"gherkinDocument": ...}, {"pickle": ...}, {"parseError": ...}. Ids are strings of the
 * numbers. */
json_t *gherkin_document_json(const gherkin_document_t *doc);
json_t *gherkin_pickle_json(const gherkin_pickle_t *p);
json_t *gherkin_error_json(const gherkin_document_t *doc, const gherkin_error_t *e);

#endif
