/* schema_int.h: types and helpers shared by the files of the schema module (not part of
 * its interface). The pipeline: registry.c keeps documents and the cache; resource.c scans
 * a document for $id/$anchor/$dynamicAnchor and resolves URIs and JSON Pointers to
 * locations; compile.c and compile_kw.c turn a location into a schema_node_t graph ($ref
 * targets resolved to nodes once); validate*.c walk that graph over an instance.
 *
 * Memory: the registry owns every document, location, resource and node (the maps below
 * hold borrowed pointers into them); nodes borrow json_t values from their document. */
#ifndef SONDE_SCHEMA_SCHEMA_INT_H
#define SONDE_SCHEMA_SCHEMA_INT_H

#include <stdint.h>
#include <string.h>

#include "common/sbuf.h"
#include "schema/schema.h"

/* ---- hash map (map.c): byte-string keys (copied), borrowed void * values ---- */

typedef struct {
  void *key; /* NULL: empty slot; SCHEMA_MAP_TOMB: deleted */
  size_t klen;
  uint64_t hash;
  void *val;
} schema_map_slot_t;

typedef struct {
  schema_map_slot_t *slots;
  size_t cap, len, used; /* used counts tombstones too */
} schema_map_t;

extern char schema_map_tomb;
#define SCHEMA_MAP_TOMB ((void *)&schema_map_tomb)

uint64_t schema_hash_bytes(const void *p, size_t n, uint64_t h);
void *schema_map_get(const schema_map_t *m, const void *key, size_t klen);
/* Adds key → val unless the key is present; returns false (and changes nothing) then. */
bool schema_map_add(schema_map_t *m, const void *key, size_t klen, void *val);
void schema_map_del(schema_map_t *m, const void *key, size_t klen);
void schema_map_free(schema_map_t *m);
static inline void *schema_map_getp(const schema_map_t *m, const void *ptr) {
  return schema_map_get(m, &ptr, sizeof ptr);
}
static inline bool schema_map_addp(schema_map_t *m, const void *ptr, void *val) {
  return schema_map_add(m, &ptr, sizeof ptr, val);
}
static inline void *schema_map_gets(const schema_map_t *m, const char *s) {
  return schema_map_get(m, s, strlen(s));
}

/* ---- JSON helpers (json.c) ---- */

/* JSON Schema equality: numbers by value (1 == 1.0), objects by key set. */
bool schema_json_equal(const json_t *a, const json_t *b);
/* A hash consistent with schema_json_equal (uniqueItems). */
uint64_t schema_json_hash(const json_t *v);
/* A hash of the exact content (integer 1 and real 1.0 differ; key order does not): the
 * compile cache's key, confirmed with json_equal. */
uint64_t schema_json_content_hash(const json_t *v);
/* Unicode code points in UTF-8 text. */
size_t schema_utf8_length(const char *s, size_t n);
/* Decodes one code point at s (n > 0 bytes, valid UTF-8 assumed); returns its length. */
size_t schema_utf8_decode(const char *s, size_t n, uint32_t *cp);
void schema_utf8_put(sbuf_t *b, uint32_t cp);
/* Appends s as a JSON Pointer token (~0, ~1; a NUL as the text \u0000, so that the
 * C string holding the pointer is not cut short). */
void schema_ptr_escape(sbuf_t *b, const char *s, size_t n);
/* Appends the JSON Pointer token p[0..n) decoded (~0 → ~, ~1 → /). */
void schema_ptr_unescape(sbuf_t *tok, const char *p, size_t n);
/* One step of a pointer: cur's member or (canonical) index t, or NULL. */
const json_t *schema_pointer_step(const json_t *cur, const char *t, size_t len);
/* The shortest decimal that reads back as d, JavaScript-style ("1", "0.5", "1e+308"). */
void schema_num_format(sbuf_t *b, double d);
/* Renders a value for a message: strings raw, the rest as compact JSON. */
void schema_value_text(sbuf_t *b, const json_t *v);

/* A number from a schema keyword, kept exactly as jansson has it. */
typedef struct {
  bool is_int;
  json_int_t i;
  double d;
} schema_num_t;

bool schema_num_from_json(const json_t *v, schema_num_t *out);
/* -1, 0, 1 as the instance number compares with the limit (exact for integers). */
int schema_num_cmp(const json_t *inst, const schema_num_t *lim);
void schema_num_text(sbuf_t *b, const schema_num_t *n);
/* Decimal form m * 10^e of a finite number (m >= 0, sign dropped). */
typedef struct {
  uint64_t m;
  int e;
} schema_dec_t;
void schema_dec_from_num(const schema_num_t *n, schema_dec_t *out);
/* Whether value is an exact multiple of div in decimal arithmetic (0.3 of 0.1 is). */
bool schema_dec_is_multiple(const schema_dec_t *value, const schema_dec_t *div);

/* ---- URIs (uri.c) ---- */

/* Whether s has a scheme (is an absolute URI, possibly with a fragment). */
bool schema_uri_has_scheme(const char *s);
/* Splits at the first '#': returns a copy of the part before it; *frag points after the
 * '#' in uri (or at "" when there is none). */
char *schema_uri_split(const char *uri, const char **frag);

/* ---- documents and resources (resource.c) ---- */

typedef enum {
  SCHEMA_VOCAB_CORE = 1u << 0,
  SCHEMA_VOCAB_APPLICATOR = 1u << 1,
  SCHEMA_VOCAB_UNEVALUATED = 1u << 2,
  SCHEMA_VOCAB_VALIDATION = 1u << 3,
  SCHEMA_VOCAB_METADATA = 1u << 4,
  SCHEMA_VOCAB_FORMAT = 1u << 5,           /* format-annotation (2020-12), format (2019-09) */
  SCHEMA_VOCAB_FORMAT_ASSERTION = 1u << 6, /* 2020-12 format-assertion */
  SCHEMA_VOCAB_CONTENT = 1u << 7,
  SCHEMA_VOCAB_ALL = 0xbfu, /* every vocabulary but format-assertion */
} schema_vocab_t;

typedef struct schema_doc schema_doc_t;
typedef struct schema_res schema_res_t;

typedef struct {
  char *name;
  const json_t *json;
} schema_named_t;

/* A schema resource: a document root or a subschema with $id. */
struct schema_res {
  char *uri;          /* absolute base URI without fragment */
  const json_t *json; /* its root */
  schema_doc_t *doc;
  const char *meta;     /* its $schema (borrowed), NULL when none */
  schema_draft_t draft; /* dialect; a custom meta-schema's own dialect once resolved */
  unsigned vocab;       /* schema_vocab_t bits, valid once dialect_done */
  bool dialect_done;
  bool recursive_anchor; /* "$recursiveAnchor": true at its root (2019-09) */
  schema_named_t *dyn;   /* its $dynamicAnchor names (2020-12) */
  size_t ndyn;
};

/* What the scan knows about one object subschema. */
typedef struct {
  const json_t *json;
  schema_res_t *res;
  char *path; /* JSON Pointer from the document root */
} schema_loc_t;

struct schema_doc {
  json_t *root;         /* owned reference */
  char *uri;            /* base URI of the root (retrieval or synthetic URI) */
  bool user;            /* compiled from schema_compile: paths print without the URI */
  schema_map_t locs;    /* const json_t * → schema_loc_t * (owned) */
  schema_map_t ids;     /* absolute URI → schema_res_t * */
  schema_map_t anchors; /* "uri#name" → schema_loc_t * */
  schema_res_t **res;   /* owned */
  size_t nres;
};

struct schema_registry;

/* Scans a document (root resource under uri, dialect from $schema or draft). */
schema_doc_t *schema_doc_new(json_t *root, const char *uri, schema_draft_t draft, bool user);
void schema_doc_free(schema_doc_t *doc);
/* Resolves the dialect and vocabularies of a resource from its $schema. */
int schema_res_dialect(struct schema_registry *reg, schema_res_t *res, sbuf_t *err);
/* Finds the location an absolute URI reference points to, looking in `doc` first and then
 * in the registry's documents. Returns NULL with a message when it cannot. */
schema_loc_t *schema_resolve(struct schema_registry *reg, schema_doc_t *doc, const char *uri,
                             sbuf_t *err);
/* The location record of json inside doc, created (under `near`) when the scan did not
 * see it (a subschema under an unknown keyword, reached by a JSON Pointer). */
schema_loc_t *schema_doc_loc(schema_doc_t *doc, const json_t *json, schema_res_t *near,
                             const char *path);
schema_draft_t schema_draft_of_uri(const char *meta, bool *known);

/* ---- regular expressions (regex.c) ---- */

typedef struct schema_regex schema_regex_t;
/* Compiles an ECMAScript (u-flag) pattern. NULL with a message when it is not valid. */
schema_regex_t *schema_regex_new(const char *src, size_t len, sbuf_t *err);
void schema_regex_free(schema_regex_t *re);
/* 1 match, 0 no match, -1 matching failed (resource limits). */
int schema_regex_match(schema_regex_t *re, const char *s, size_t n);
const char *schema_regex_source(const schema_regex_t *re);
/* Checks ECMAScript syntax only (format "regex"). */
bool schema_regex_valid(const char *src, size_t len);

/* ---- formats (format*.c) ---- */

typedef bool (*schema_format_fn)(const char *s, size_t n);
/* The checker for a format name, NULL for formats it does not know (never asserted). */
schema_format_fn schema_format_lookup(const char *name);
bool schema_format_hostname(const char *s, size_t n);
bool schema_format_idn_hostname(const char *s, size_t n);
bool schema_format_ipv4(const char *s, size_t n);
bool schema_format_ipv6(const char *s, size_t n);
bool schema_format_uri(const char *s, size_t n);
bool schema_format_uri_reference(const char *s, size_t n);
bool schema_format_iri(const char *s, size_t n);
bool schema_format_iri_reference(const char *s, size_t n);
bool schema_format_email(const char *s, size_t n);
bool schema_format_idn_email(const char *s, size_t n);

/* ---- compiled schemas (compile.c) ---- */

enum {
  SK_REF = 1,
  SK_DYNREF,
  SK_RECREF,
  SK_TYPE,
  SK_CONST,
  SK_ENUM,
  SK_MULTIPLE_OF,
  SK_MAXIMUM,
  SK_EXCL_MAXIMUM,
  SK_MINIMUM,
  SK_EXCL_MINIMUM,
  SK_MAX_LENGTH,
  SK_MIN_LENGTH,
  SK_PATTERN,
  SK_FORMAT,
  SK_PREFIX_ITEMS,
  SK_ITEMS,
  SK_CONTAINS,
  SK_MAX_ITEMS,
  SK_MIN_ITEMS,
  SK_UNIQUE_ITEMS,
  SK_UNEVAL_ITEMS,
  SK_PROPERTIES,
  SK_PATTERN_PROPS,
  SK_ADDITIONAL_PROPS,
  SK_PROPERTY_NAMES,
  SK_REQUIRED,
  SK_DEP_REQUIRED,
  SK_DEP_SCHEMAS,
  SK_MAX_PROPS,
  SK_MIN_PROPS,
  SK_UNEVAL_PROPS,
  SK_ALL_OF,
  SK_ANY_OF,
  SK_ONE_OF,
  SK_NOT,
  SK_IF,
  SK_COUNT
};
#define SK_BIT(k) (1ull << (k))

/* "type" bits, in the order compile_kw.c's names list them (schema.h's SCHEMA_TYPE_*). */
enum {
  ST_NULL = SCHEMA_TYPE_NULL,
  ST_BOOLEAN = SCHEMA_TYPE_BOOLEAN,
  ST_OBJECT = SCHEMA_TYPE_OBJECT,
  ST_ARRAY = SCHEMA_TYPE_ARRAY,
  ST_NUMBER = SCHEMA_TYPE_NUMBER,
  ST_STRING = SCHEMA_TYPE_STRING,
  ST_INTEGER = SCHEMA_TYPE_INTEGER
};

typedef struct schema_node schema_node_t;

typedef struct {
  const char *name; /* borrowed from the schema document */
  size_t len;
  schema_node_t *node;
} schema_prop_t;

typedef struct {
  schema_regex_t *re;
  schema_node_t *node;
} schema_pprop_t;

typedef struct {
  const char *name;
  size_t len;
  const char **req; /* dependentRequired: property names (borrowed) */
  size_t nreq;
  schema_node_t *node; /* dependentSchemas */
} schema_dep_t;

struct schema_node {
  uint64_t has; /* SK_BIT(k) for each keyword to evaluate */
  const json_t *json;
  char *path; /* schema path for errors */
  schema_res_t *res;
  const schema_node_t *root; /* its resource's root node (dynamic scope entries) */
  schema_draft_t draft;
  bool is_bool, bool_value;
  bool is_root;
  /* the root node of a resource: its $dynamicAnchor targets, $recursiveAnchor */
  schema_prop_t *dyn;
  size_t ndyn;
  bool recursive_anchor;

  schema_node_t *ref;
  schema_node_t *dynref;   /* $dynamicRef's static target */
  const char *dynref_name; /* set when it resolves dynamically */
  schema_node_t *recref;   /* $recursiveRef's static target */
  unsigned types;
  const json_t *type_json, *const_val, *enum_vals;
  schema_num_t multiple_of, maximum, excl_maximum, minimum, excl_minimum;
  schema_dec_t multiple_dec;
  size_t max_length, min_length;
  schema_regex_t *pattern;
  schema_format_fn format;
  const char *format_name;
  schema_node_t **prefix_items;
  size_t nprefix;
  schema_node_t *items; /* items after the prefix (additionalItems in 7/2019) */
  const char *items_kw; /* "items" or "additionalItems", for messages */
  schema_node_t *contains;
  size_t min_contains, max_contains;
  bool has_min_contains, has_max_contains;
  size_t max_items, min_items;
  bool unique_items;
  schema_node_t *uneval_items;
  schema_prop_t *props;
  size_t nprops;
  schema_pprop_t *pprops;
  size_t npprops;
  schema_node_t *additional_props, *property_names, *uneval_props;
  const char **required;
  size_t nrequired;
  schema_dep_t *dep_required, *dep_schemas;
  size_t ndep_required, ndep_schemas;
  size_t max_props, min_props;
  schema_node_t **all_of, **any_of, **one_of;
  size_t nall_of, nany_of, none_of;
  schema_node_t *not_, *if_, *then_, *else_;
};

/* One compilation: nodes it created are dropped again when it fails. */
typedef struct {
  struct schema_registry *reg;
  sbuf_t *err;
  schema_node_t **created;
  size_t ncreated, cap;
  unsigned depth; /* nested compile_loc calls, bounded for the C stack */
} schema_cc_t;

schema_node_t *schema_compile_loc(schema_cc_t *cc, schema_loc_t *loc);
/* A subschema at json under parent (keyword path `kw`, already escaped). */
schema_node_t *schema_compile_child(schema_cc_t *cc, schema_node_t *parent, const json_t *json,
                                    const char *kw);
int schema_compile_keywords(schema_cc_t *cc, schema_node_t *n);
void schema_node_free(schema_node_t *n);
/* Sets the compile error "<path>: <message>" and returns -1. */
int schema_cc_fail(schema_cc_t *cc, const schema_node_t *n, const char *kw, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* ---- the registry (registry.c) ---- */

struct schema_registry {
  schema_options_t opts;
  schema_doc_t **docs;
  size_t ndocs;
  schema_map_t ids;      /* absolute URI → schema_res_t * of added documents */
  schema_map_t anchors;  /* "uri#name" → schema_loc_t * of added documents */
  schema_map_t nodes;    /* const json_t * → schema_node_t * (object schemas) */
  schema_node_t **extra; /* nodes not in `nodes` (boolean schemas) */
  size_t nextra, extra_cap;
  schema_map_t cache;   /* content hash → schema_cache_t * chain */
  unsigned long serial; /* for synthetic document URIs */
};

void schema_reg_keep_extra(struct schema_registry *reg, schema_node_t *n);

/* ---- validation (validate*.c) ---- */

/* Properties and items a schema evaluated at one instance location, for
 * unevaluatedProperties/unevaluatedItems. */
typedef struct {
  const char **keys;
  size_t nkeys, kcap;
  bool all_keys;
  size_t items_upto; /* items [0, items_upto) evaluated */
  bool all_items;
  uint8_t *item_bits; /* contains matches */
  size_t nbits;
} schema_eval_t;

typedef struct {
  bool is_index;
  const char *key;
  size_t len;
  size_t index;
} schema_seg_t;

typedef struct {
  struct schema_registry *reg;
  schema_errors_t *errors; /* NULL: stop at the first failure */
  int quiet;               /* > 0 inside not/if/contains: errors are not wanted */
  schema_seg_t *path;
  size_t depth, path_cap;
  const schema_node_t **scope;
  size_t nscope, scope_cap;
  unsigned recursion;
  const char *pname; /* propertyNames: errors describe this name */
  size_t pname_len;
  bool fatal;
  schema_seg_t path_buf[32];
  const schema_node_t *scope_buf[32];
} schema_vctx_t;

static inline bool schema_collecting(const schema_vctx_t *c) { return c->errors && !c->quiet; }
bool schema_v_node(schema_vctx_t *c, const schema_node_t *n, const json_t *inst, schema_eval_t *ev);
/* Validates a subschema at the same instance location, merging its annotations into ev
 * only when it passes. */
bool schema_v_inplace(schema_vctx_t *c, const schema_node_t *n, const json_t *inst,
                      schema_eval_t *ev);
bool schema_v_object(schema_vctx_t *c, const schema_node_t *n, const json_t *inst,
                     schema_eval_t *ev);
bool schema_v_array(schema_vctx_t *c, const schema_node_t *n, const json_t *inst,
                    schema_eval_t *ev);
/* unevaluatedProperties/unevaluatedItems against what ev says was evaluated; ev gets
 * everything marked afterwards. */
bool schema_v_uneval_props(schema_vctx_t *c, const schema_node_t *n, const json_t *inst,
                           schema_eval_t *ev);
bool schema_v_uneval_items(schema_vctx_t *c, const schema_node_t *n, const json_t *inst,
                           schema_eval_t *ev);
void schema_emit(schema_vctx_t *c, const schema_node_t *n, const char *kw, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void schema_push_key(schema_vctx_t *c, const char *key, size_t len);
void schema_push_index(schema_vctx_t *c, size_t index);
static inline void schema_pop(schema_vctx_t *c) { c->depth--; }
void schema_eval_mark_key(schema_eval_t *ev, const char *key);
bool schema_eval_has_key(const schema_eval_t *ev, const char *key);
void schema_eval_mark_item(schema_eval_t *ev, size_t i);
void schema_eval_merge(schema_eval_t *into, const schema_eval_t *from);
void schema_eval_free(schema_eval_t *ev);

#endif
