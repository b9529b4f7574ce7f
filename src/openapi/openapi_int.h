/* openapi_int: what the files of src/openapi/ share (not for other modules). load.c reads
 * files and $refs and rewrites old schema dialects; ops.c builds the operation table and
 * compiles its schemas; match.c checks exchanges; yaml.c parses YAML.
 *
 * Memory: everything below is owned by its openapi_doc_t; schema_t pointers by the
 * document's registry. */
#ifndef SONDE_OPENAPI_OPENAPI_INT_H
#define SONDE_OPENAPI_OPENAPI_INT_H

#include "openapi/openapi.h"
#include "schema/schema.h"

/* A file of the document: the root or one a $ref reaches. */
typedef struct {
  char *uri;  /* file:///abs/path (percent-encoded), the registry's name for it */
  char *path; /* the path as messages show it */
  json_t *root;
} oa_file_t;

/* A place in the document: a value, its file and its JSON Pointer there. */
typedef struct {
  oa_file_t *file;
  json_t *node;
  sbuf_t ptr;
} oa_at_t;

typedef struct {
  char *media;            /* "application/json", "text/plain"; "" matches any (2.0 without
                             produces) */
  const schema_t *schema; /* NULL: the body is not checked */
  const json_t *encoding; /* a form's Encoding Objects by property, or NULL (borrowed from
                             the document, or the request's form_encoding) */
} oa_media_t;

/* A parameter of an operation (request.c), or a header of a response (the same Header
 * Object: in OA_IN_HEADER, explode false). */
typedef enum { OA_IN_PATH, OA_IN_QUERY, OA_IN_HEADER, OA_IN_COOKIE } oa_in_t;

/* How a parameter serialises an array or object (OpenAPI 3's `style`; 2.0's
 * collectionFormat as the one that writes the same). DEFAULT: the location's (simple for
 * path and header, form for query and cookie). TAB: 2.0's tsv. */
typedef enum {
  OA_STYLE_DEFAULT,
  OA_STYLE_FORM,
  OA_STYLE_SIMPLE,
  OA_STYLE_LABEL,
  OA_STYLE_MATRIX,
  OA_STYLE_SPACE,
  OA_STYLE_PIPE,
  OA_STYLE_TAB,
  OA_STYLE_DEEP
} oa_style_t;

typedef struct {
  char *name;
  oa_in_t in;
  bool required;
  oa_style_t style;
  bool explode;           /* several values as repeated names (query's form default) */
  bool json;              /* given as `content` of a JSON type: the value is JSON text */
  unsigned types;         /* SCHEMA_TYPE_* bits its schema allows (0: any), for reading text */
  unsigned item_types;    /* the same for an array's items */
  const schema_t *schema; /* NULL: only presence is checked */
} oa_param_t;

typedef struct {
  char *key; /* "200", "2XX", "default" */
  oa_media_t *media;
  size_t nmedia;
  oa_param_t *headers; /* those the response declares (Content-Type left out) */
  size_t nheaders;
  unsigned long calls, conforming, violated;
} oa_resp_t;

typedef struct {
  oa_param_t *params;
  size_t nparams;
  bool has_body; /* a requestBody (or 2.0 body parameter) is declared */
  bool body_required;
  oa_media_t *media; /* its media types */
  size_t nmedia;
  /* 2.0 formData parameters while building: the properties, required names and encoding
   * of the form's schema; form_encoding is kept for the media types that borrow it */
  json_t *form_props, *form_required, *form_encoding;
} oa_req_t;

typedef struct {
  char *method;   /* upper case */
  char *path;     /* the template as written ("/users/{id}") */
  char *norm;     /* without a trailing '/' */
  size_t literal; /* characters outside {params}: more is more specific */
  oa_resp_t *resps;
  size_t nresps;
  unsigned long undocumented; /* calls with a status it does not declare */
  oa_req_t req;
} oa_op_t;

struct openapi_doc {
  int version; /* 20, 30 or 31 */
  char *name;
  oa_file_t *files;
  size_t nfiles;
  schema_registry_t *reg;
  strvec_t bases; /* server base paths without a trailing '/' ("" for none) */
  json_t *ids;    /* 3.1: embedded schema resources by $id (absolute, no fragment), or NULL */
  oa_op_t *ops;
  size_t nops;
  json_t *schemas; /* components.schemas (definitions): borrowed from the root */
  oa_file_t *schemas_file;
  unsigned long unmatched; /* calls that matched no operation */
};

/* yaml.c: YAML (or JSON) text into a value; NULL with "file:line:col: ..." in err. */
json_t *openapi_yaml_parse(const char *text, size_t len, const char *file, sbuf_t *err);

/* load.c */
/* Appends `token` to a JSON Pointer (~0, ~1 escaped). */
void oa_ptr_push(sbuf_t *ptr, const char *token);
/* "file:///a.yaml#/paths/~1users" with the pointer percent-encoded for a URI fragment. */
char *oa_uri_of(const oa_file_t *file, const char *ptr);
/* Follows a Reference Object ($ref) at `at` until a value that is none, updating file,
 * node and pointer. -1 with "file: pointer: ..." in err on a broken or looping $ref. */
int oa_follow(openapi_doc_t *doc, oa_at_t *at, sbuf_t *err);
/* "file: /pointer: " in front of a document error. */
void oa_where(sbuf_t *err, const oa_file_t *file, const char *ptr);

/* ops.c: the operation table (after every file is loaded and registered). */
int oa_build_ops(openapi_doc_t *doc, sbuf_t *err);
void oa_free_ops(openapi_doc_t *doc);
/* Compiles the schema at at->node (through its URI, so its $refs resolve in its file). */
int oa_compile_at(openapi_doc_t *doc, const oa_at_t *at, const schema_t **out, sbuf_t *err);
/* Appends a media type (copied) with its schema to a list. */
void oa_add_media(oa_media_t **media, size_t *n, const char *type, const schema_t *schema);
/* A child of `at`: its file, at->node[key], pointer extended (out->ptr to free). Follows
 * $refs when asked; -1 with err on a broken one. */
int oa_child(openapi_doc_t *doc, const oa_at_t *at, const char *key, bool follow, oa_at_t *out,
             sbuf_t *err);

/* request.c: an operation's parameters and request body, from its path item and itself. */
int oa_build_request(openapi_doc_t *doc, oa_op_t *o, const oa_at_t *item, const oa_at_t *op,
                     sbuf_t *err);
void oa_free_request(oa_req_t *r);
/* A parameter-like object's schema (a 3.x Parameter or Header Object's schema, or its
 * `content`'s one media type, then p->json when that is JSON; a 2.0 parameter or header
 * is itself schema-like), compiled into p->schema with p->types and p->item_types. -1
 * with err when it does not compile. */
int oa_param_schema(openapi_doc_t *doc, const oa_at_t *at, oa_param_t *p, sbuf_t *err);

/* body.c: whether a Content-Type is a form (x-www-form-urlencoded, multipart/form-data). */
bool oa_media_is_form(const char *content_type);
/* Checks a form body against schema: its fields read as oa_fields_value does, with the
 * text as written a second reading; problems as oa_check_value's (a multipart body that
 * does not parse is one). -1 with err when validation fails. */
int oa_check_form(openapi_doc_t *doc, const schema_t *schema, const json_t *encoding,
                  const char *content_type, const char *raw, size_t len, const char *what,
                  const char *sep, openapi_result_t *out, sbuf_t *err);

/* params.c: a parameter's text read as a value and checked. */
/* The decoded name=value pairs of a query string or form body ('+' a space): name, value,
 * name, value... into out. */
void oa_form_pairs(const char *text, size_t len, strvec_t *out);
/* A 3.x `style` ("form", "deepObject"...; DEFAULT for NULL or one unknown). */
oa_style_t oa_style_named(const char *style);
/* The values of cookie `name` in a Cookie header ("a=1; b=2"), decoded. */
void oa_cookie_values(const char *header, const char *name, strvec_t *out);
/* A form body's field (body.c): text, JSON (a multipart part of a JSON type) or a
 * file's bytes; name and value point into storage the caller keeps. */
typedef enum { OA_FIELD_TEXT, OA_FIELD_JSON, OA_FIELD_FILE } oa_field_kind_t;
typedef struct {
  const char *name;
  char *value; /* NUL-terminated after len bytes */
  size_t len;
  oa_field_kind_t kind;
} oa_field_t;
/* Fields as the object a schema judges: each name's value read as its property's schema
 * and `encoding` (an OpenAPI Encoding Object map, or NULL: form, explode) say; repeated
 * names an array where the property is one. `plain`: text stays text. */
json_t *oa_fields_value(const schema_t *schema, const json_t *encoding, const oa_field_t *fields,
                        size_t n, bool plain, bool *too_big);
/* A parameter's value from its texts (or spread properties); `plain`: text stays text. A
 * number beyond a double's range stays text, with *too_big set. */
json_t *oa_param_value(const oa_param_t *p, const strvec_t *texts, const strvec_t *props,
                       bool plain, bool *too_big);
/* Validates `typed` (a value read from text); when it fails, the readings with text as
 * text (`plain`, the same with every piece a string; `whole`, the whole text; either may
 * be NULL) are tried, and the value passes when one does; else the typed reading's
 * problems ("too large a number" with too_big). -1 with err when validation fails. */
int oa_check_readings(openapi_doc_t *doc, const schema_t *schema, json_t *typed, json_t *plain,
                      json_t *whole, bool too_big, const char *what, const char *sep,
                      openapi_result_t *out, sbuf_t *err);
/* Checks parameter (or header) p given as `texts` (the values of its name, decoded) or,
 * for an object spread over several names (a query's form+explode, deepObject), as
 * `props` (property, value, property, value...; may be NULL). Each text is read by p's
 * style and the type its schema allows (decimal numbers, true/false, null, arrays and
 * objects split as serialised, JSON text for `content`); where the schema allows a string
 * the text as written is another reading, and the value passes when either does. Problems
 * are "<what><sep><path> <message>" (the typed reading's). Nothing to check without texts
 * or a schema. -1 with err when validation fails. */
int oa_check_param(openapi_doc_t *doc, const oa_param_t *p, const strvec_t *texts,
                   const strvec_t *props, const char *what, const char *sep, openapi_result_t *out,
                   sbuf_t *err);

/* match.c: the path of a URL ("/v1/users/7") without query, fragment or trailing '/'. */
char *oa_url_path(const char *url);
/* A {param} of a path template and the text it matched. */
typedef struct {
  const char *name; /* in the template, name_len bytes; NULL ends a list */
  size_t name_len;
  const char *text; /* in the path, len bytes (not decoded) */
  size_t len;
} oa_capture_t;
/* Templates with more {params} than this match nothing. */
#define OA_MAX_CAPTURES 64
/* Does `path` match the template (each {param} one or more characters other than '/',
 * the first ones as long as the rest allows; of adjacent {params} with nothing between
 * them, the first takes all but one character for each of the others)? With caps
 * (OA_MAX_CAPTURES + 1 of them), each {param}'s text in this match, in order, then one
 * whose name is NULL. Remembers what failed, so the work is polynomial. */
bool oa_template_match(const char *tpl, const char *path, oa_capture_t *caps);
/* The same, with the number of template positions visited in *steps (for tests). */
bool oa_template_match_counted(const char *tpl, const char *path, oa_capture_t *caps,
                               size_t *steps);
/* The operation for method (upper case) and path; NULL when none, with *same_path the
 * best operation on that path for another method (or NULL). *rest: the path less the
 * server base path matched. */
oa_op_t *oa_find_op(openapi_doc_t *doc, const char *method, const char *path, oa_op_t **same_path,
                    const char **rest);
/* Adds a problem naming the undeclared operation (and what the document declares). */
void oa_no_operation(openapi_doc_t *doc, const char *method, const char *path,
                     const oa_op_t *same_path, openapi_result_t *out);
/* The best of `media` for a type's essence: exact, then type/ *, then * / * (or ""). */
oa_media_t *oa_find_media(oa_media_t *media, size_t n, const char *essence);
/* "application/json, text/plain" into b. */
void oa_declared_media(const oa_media_t *media, size_t n, sbuf_t *b);
/* Appends one problem line to out. */
void oa_problem(openapi_result_t *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Validates value; every error becomes a problem "<what><sep><path> <message>". */
int oa_check_value(openapi_doc_t *doc, const schema_t *schema, const json_t *value,
                   const char *what, const char *sep, openapi_result_t *out, sbuf_t *err);

#endif
