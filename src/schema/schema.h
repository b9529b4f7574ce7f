/* schema: a JSON Schema validator on jansson values (drafts 2020-12 (default), 2019-09 and
 * 7, chosen by $schema). Schemas are compiled once and cached by content in a registry;
 * documents that schemas reference by URI ($ref to other resources, meta-schemas) reach
 * the validator through the registry's resource list. No I/O, no HTTP, no JavaScript.
 *
 * Memory: the registry owns compiled schemas and added resources (it takes a reference on
 * every json_t given to it). Errors are owned by schema_errors_t. */
#ifndef SONDE_SCHEMA_SCHEMA_H
#define SONDE_SCHEMA_SCHEMA_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "common/sbuf.h"

typedef struct schema_registry schema_registry_t;

typedef struct {
  char *instance_path;  /* JSON Pointer into the instance ("" for the root, "/items/0/id") */
  char *schema_path;    /* JSON Pointer into the schema ("/properties/id/type") */
  char *keyword;        /* "type", "required", ... */
  char *message;        /* ajv-style text without the path: "must be string",
                           "must have required property 'id'", "must be >= 1",
                           "must match pattern \"^a\"", "must be a valid email",
                           "must be one of: a, b", "has unexpected property 'x'" */
} schema_error_t;

typedef struct {
  schema_error_t *items;
  size_t len;
} schema_errors_t;

typedef struct {
  bool assert_formats;  /* format as an assertion (sonde's default: true) */
} schema_options_t;

schema_registry_t *schema_registry_new(const schema_options_t *opts);
void schema_registry_free(schema_registry_t *reg);

/* Makes a document available under `uri` (its $id, a meta-schema URI, a remote). */
int schema_registry_add(schema_registry_t *reg, const char *uri, json_t *document);

/* Validates `instance` against `schema` (compiled on first use, cached by content).
 * Returns 1 when valid, 0 when not (every error appended to `errors`, which may be NULL),
 * -1 when the schema itself is invalid or a reference cannot be resolved (one message in
 * `err`). */
int schema_validate(schema_registry_t *reg, const json_t *schema, const json_t *instance,
                    schema_errors_t *errors, sbuf_t *err);

void schema_errors_free(schema_errors_t *errors);

#endif
