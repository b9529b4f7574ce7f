/* schema: a JSON Schema validator on jansson values (drafts 2020-12 (default), 2019-09 and
 * 7, chosen by $schema). Schemas are compiled once and cached by content in a registry;
 * documents that schemas reference by URI ($ref to other resources, meta-schemas) reach
 * the validator through the registry's resource list. No I/O, no HTTP, no JavaScript.
 *
 * Memory: the registry owns compiled schemas and added resources (it takes a reference on
 * every json_t given to schema_registry_add; schemas given to schema_validate are copied,
 * so the caller keeps ownership of those and of instances). Errors are owned by
 * schema_errors_t. A registry is not thread-safe: use one per thread. */
#ifndef SONDE_SCHEMA_SCHEMA_H
#define SONDE_SCHEMA_SCHEMA_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "common/sbuf.h"

typedef struct schema_registry schema_registry_t;

/* A compiled schema; owned by its registry, valid until schema_registry_free. */
typedef struct schema_node schema_t;

typedef struct {
  char *instance_path; /* JSON Pointer into the instance ("" for the root, "/items/0/id") */
  char *schema_path;   /* JSON Pointer into the schema ("/properties/id/type"); for a
                           keyword reached through $ref into another document, that
                           document's URI, "#" and the pointer */
  char *keyword;       /* "type", "required", ... */
  char *message;       /* ajv-style text without the path: "must be string",
                           "must have required property 'id'", "must be >= 1",
                           "must match pattern \"^a\"", "must be a valid email",
                           "must be one of: a, b", "has unexpected property 'x'" */
} schema_error_t;

/* Messages of the other keywords: "must be string,null" (several types), "must be equal
 * to constant", "must be multiple of 0.5", "must be > 1" / "< 1" / "<= 1",
 * "must NOT have more than 3 characters" / "fewer than", "must NOT have more than 2 items"
 * / "fewer than", "must NOT have more than 2 properties" / "fewer than",
 * "must NOT have duplicate items (items ## 0 and 2 are identical)",
 * "must contain at least 1 valid item(s)" (with maxContains: "at least 1 and no more than
 * 2"), "must have property 'b' when property 'a' is present", "must NOT be valid",
 * "must match a schema in anyOf", "must match exactly one schema in oneOf",
 * "must match \"then\" schema" / "\"else\"", "boolean schema is false",
 * "has unevaluated property 'x'", "has unevaluated item 3"; propertyNames reports the
 * name's own errors as "property name 'x' must match pattern \"^a\"" at the object.
 * additionalProperties, unevaluated*, required, dependentRequired and min/max keywords
 * report at the object or array itself; errors behind a failing anyOf/oneOf branch are
 * listed before that keyword's own error, and none are reported for branches of a
 * passing anyOf/oneOf, nor for not, contains or the "if" subschema itself. */

typedef struct {
  schema_error_t *items;
  size_t len;
} schema_errors_t;

typedef enum {
  SCHEMA_DRAFT_DEFAULT = 0, /* 2020-12 */
  SCHEMA_DRAFT_7,
  SCHEMA_DRAFT_2019_09,
  SCHEMA_DRAFT_2020_12,
} schema_draft_t;

typedef struct {
  bool assert_formats;  /* format as an assertion (sonde's default: true) */
  schema_draft_t draft; /* dialect of schemas and added documents without $schema */
} schema_options_t;

/* opts may be NULL: formats asserted, draft 2020-12. */
schema_registry_t *schema_registry_new(const schema_options_t *opts);
void schema_registry_free(schema_registry_t *reg);

/* Makes a document available under `uri` (its $id, a meta-schema URI, a remote); ids and
 * anchors inside it become resolvable too. Schemas given to schema_validate are not
 * visible to each other by their $id: add a schema here to $ref it from another. The registry keeps a reference on `document`,
 * which must not be modified afterwards. Returns 0, or -1 when uri is not absolute or is
 * already taken by another document, or document is not an object or boolean. */
int schema_registry_add(schema_registry_t *reg, const char *uri, json_t *document);

/* Compiles `schema` (or finds it in the cache: schemas are keyed by content). Returns NULL
 * when the schema is invalid or a reference cannot be resolved (message in `err`). */
const schema_t *schema_compile(schema_registry_t *reg, const json_t *schema, sbuf_t *err);

/* Validates `instance` against a compiled schema. Returns 1 when valid, 0 when not (every
 * error appended to `errors`, which may be NULL: validation then stops at the first
 * failure), -1 when validation cannot finish (the schema recurses without consuming the
 * instance; message in `err`). Allocates nothing when the instance is valid and
 * unevaluatedProperties/unevaluatedItems are not used. */
int schema_validate_compiled(schema_registry_t *reg, const schema_t *schema, const json_t *instance,
                             schema_errors_t *errors, sbuf_t *err);

/* schema_compile + schema_validate_compiled. Returns 1 when valid, 0 when not (errors
 * appended to `errors`, which may be NULL), -1 when the schema itself is invalid or a
 * reference cannot be resolved (one message in `err`). */
int schema_validate(schema_registry_t *reg, const json_t *schema, const json_t *instance,
                    schema_errors_t *errors, sbuf_t *err);

void schema_errors_free(schema_errors_t *errors);

/* JSON types, as bits: what schema_type_bits answers. "number" admits integers too. */
enum {
  SCHEMA_TYPE_NULL = 1,
  SCHEMA_TYPE_BOOLEAN = 2,
  SCHEMA_TYPE_OBJECT = 4,
  SCHEMA_TYPE_ARRAY = 8,
  SCHEMA_TYPE_NUMBER = 16,
  SCHEMA_TYPE_STRING = 32,
  SCHEMA_TYPE_INTEGER = 64
};

/* The JSON types a value valid against `schema` can have, as its "type", "const" and
 * "enum" keywords say, followed through $ref, allOf (each narrows) and anyOf/oneOf (their
 * union): SCHEMA_TYPE_* bits, 0 when they do not restrict it. With item_types, the same
 * for the items of an array it allows (0 when it allows no array or any items). */
unsigned schema_type_bits(const schema_t *schema, unsigned *item_types);
/* The same for property `name` of an object the schema allows (properties, else
 * additionalProperties; 0 when they do not restrict it), with item_types its items'. */
unsigned schema_prop_type_bits(const schema_t *schema, const char *name, unsigned *item_types);

/* RFC 3986 §5.2 resolution of ref against base (which may be empty or relative; then
 * the result may be relative too). Returns a new string. */
char *schema_uri_resolve(const char *base, const char *ref);
/* The same without the result's fragment: the base URI a "$id" names (an absolute one
 * when base is). Returns a new string. */
char *schema_uri_resolve_base(const char *base, const char *ref);

/* The value a JSON Pointer ("/a/0/b~1c", already percent-decoded) names in root, or NULL. */
const json_t *schema_pointer_get(const json_t *root, const char *pointer);

#endif
