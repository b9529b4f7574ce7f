/* fuzz_schema: libFuzzer target for the JSON Schema compiler and validator
 * (src/schema/). The input is a schema and an instance, as JSON, separated by a line
 * "---" (without one, the input is both); each draft in turn. Invalid JSON is skipped;
 * whatever the schema, compiling and validating must not crash, leak or recurse without
 * end. Built and run by scripts/fuzz.sh. */
// fuzz-build: src/schema/[a-z]*.c src/common/percent.c src/common/sbuf.c src/common/strvec.c -lunistring
// fuzz-pkgs: jansson libpcre2-8 libidn2
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "schema/schema.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *text = (const char *)data;
  const char *sep = NULL;
  for (size_t i = 0; i + 5 <= size; i++)
    if (memcmp(text + i, "\n---\n", 5) == 0) {
      sep = text + i;
      break;
    }
  size_t schema_len = sep ? (size_t)(sep - text) : size;
  json_t *schema = json_loadb(text, schema_len, JSON_DECODE_ANY | JSON_ALLOW_NUL, NULL);
  json_t *instance =
      sep ? json_loadb(sep + 5, size - schema_len - 5, JSON_DECODE_ANY | JSON_ALLOW_NUL, NULL)
          : json_incref(schema);
  if (schema && instance) {
    static const schema_draft_t drafts[] = {SCHEMA_DRAFT_7, SCHEMA_DRAFT_2019_09,
                                            SCHEMA_DRAFT_2020_12};
    for (size_t d = 0; d < 3; d++) {
      schema_options_t opts = {.assert_formats = true, .draft = drafts[d]};
      schema_registry_t *reg = schema_registry_new(&opts);
      sbuf_t err = SBUF_INIT;
      schema_errors_t errors = {0};
      (void)schema_validate(reg, schema, instance, &errors, &err);
      schema_errors_free(&errors);
      sbuf_free(&err);
      schema_registry_free(reg);
    }
  }
  json_decref(schema);
  json_decref(instance);
  return 0;
}
