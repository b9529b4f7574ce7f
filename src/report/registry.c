/* registry: see registry.h. Adding a reporter = one row in `known` with its constructor. */
#include "report/registry.h"

#include <stdlib.h>
#include <string.h>

#include "report/spec.h"

typedef reporter_t *(*report_ctor)(const sonde_config_t *cfg, const report_env_t *env,
                                   const json_t *options, sbuf_t *err);

static reporter_t *make_spec(const sonde_config_t *cfg, const report_env_t *env,
                             const json_t *options, sbuf_t *err) {
  spec_reporter_opts_t opts = {.color = env->color};
  json_t *color = json_object_get(options, "color");
  if (json_is_boolean(color)) opts.color = opts.color && json_is_true(color);
  return spec_reporter_new(env->out, &opts);
}

static const struct {
  const char *name;
  report_ctor create;
} known[] = {
    {"spec", make_spec},
};

#define DEFAULT_REPORTER "spec"

const char *report_known_names(void) {
  return "spec";
}

static report_ctor find(const char *name) {
  for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
    if (strcmp(known[i].name, name) == 0) return known[i].create;
  return NULL;
}

int report_create_all(const sonde_config_t *cfg, const report_env_t *env, reporter_t ***out,
                      size_t *count, sbuf_t *err) {
  json_t *entries = json_object_get(cfg->json, "reporters");
  size_t n = json_is_array(entries) ? json_array_size(entries) : 0;
  reporter_t **list = xcalloc(n ? n : 1, sizeof(reporter_t *));
  size_t made = 0;
  if (n == 0) {
    list[made++] = find(DEFAULT_REPORTER)(cfg, env, NULL, err);
  }
  for (size_t i = 0; i < n; i++) {
    json_t *entry = json_array_get(entries, i);
    json_t *options = NULL;
    if (json_is_array(entry)) {
      options = json_array_get(entry, 1);
      entry = json_array_get(entry, 0);
    }
    const char *name = json_string_value(entry);
    report_ctor create = name ? find(name) : NULL;
    reporter_t *r = NULL;
    if (!create) {
      config_key_error(cfg, "reporters", err,
                       "\"reporters\" names an unknown reporter \"%s\" (known: %s)",
                       name ? name : "?", report_known_names());
    } else {
      r = create(cfg, env, options, err);
    }
    if (!r) {
      for (size_t k = 0; k < made; k++) list[k]->ops->free(list[k]);
      free(list);
      return -1;
    }
    list[made++] = r;
  }
  *out = list;
  *count = made;
  return 0;
}
