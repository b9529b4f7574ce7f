/* assert_schema: toMatchSchema, the one check that needs src/schema: response.data and the
 * schema (both JS values) become jansson documents and go to the validator through one
 * process-wide registry, which caches compiled schemas by content so a schema used by many
 * tests compiles once per worker. An invalid schema is a usage error, not a failure.
 *
 * Memory: the registry lives until exit (freed by an atexit handler); the jansson copies
 * and the error list are freed before returning. */
#include <stdlib.h>

#include "assert/assert_internal.h"
#include "assert/assert_message.h"
#include "js/jsutil.h"
#include "schema/schema.h"

static schema_registry_t *assert_schema_registry;

static void assert_schema_cleanup(void) {
  schema_registry_free(assert_schema_registry);
  assert_schema_registry = NULL;
}

static schema_registry_t *assert_schema_reg(void) {
  if (!assert_schema_registry) {
    /* Formats are assertions: the spec's examples expect "email" to be checked. */
    schema_options_t opts = {.assert_formats = true};
    assert_schema_registry = schema_registry_new(&opts);
    if (assert_schema_registry) atexit(assert_schema_cleanup);
  }
  return assert_schema_registry;
}

bool assert_check_schema(assert_run_t *r, size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  JSContextRef ctx = r->ctx;
  JSValueRef schema_v = assert_arg(ctx, argc, argv, 0);
  if (!(JSValueIsObject(ctx, schema_v) && !js_is_function(ctx, schema_v)) &&
      !JSValueIsBoolean(ctx, schema_v)) {
    char *msg = xasprintf("%s(schema): schema must be a JSON Schema object, got %s", r->name,
                          assert_type_name(ctx, schema_v));
    *exc = assert_usage_error(ctx, "TypeError", msg, NULL);
    free(msg);
    return false;
  }
  json_t *schema = js_to_json(ctx, schema_v);
  if (!schema) {
    char *msg = xasprintf("%s(schema): the schema cannot be converted to JSON (a cycle?)", r->name);
    *exc = assert_usage_error(ctx, "TypeError", msg, NULL);
    free(msg);
    return false;
  }
  JSValueRef data = js_get(ctx, r->received, "data");
  json_t *instance = JSValueIsUndefined(ctx, data) ? json_null() : js_to_json(ctx, data);
  if (!instance) instance = json_null();

  schema_registry_t *reg = assert_schema_reg();
  schema_errors_t errors = {0};
  sbuf_t err = SBUF_INIT;
  int rc = reg ? schema_validate(reg, schema, instance, &errors, &err) : -1;
  bool ok = rc >= 0;
  if (!ok) {
    /* The validator's message names the problem and where ("invalid schema at /type:"). */
    char *msg = xasprintf("%s(schema): %s", r->name,
                          err.len ? sbuf_cstr(&err) : "the JSON Schema validator is not available");
    *exc = assert_usage_error(ctx, "Error", msg, NULL);
    free(msg);
  } else {
    r->pass = rc == 1;
    r->expected = schema_v;
    r->actual = data;
    if (assert_failed(r)) {
      if (assert_negated(r)) sbuf_puts(&r->msg, "Expected body not to match schema, but it did");
      else assert_msg_schema(&r->msg, &errors);
    }
  }
  schema_errors_free(&errors);
  sbuf_free(&err);
  json_decref(schema);
  json_decref(instance);
  return ok;
}
