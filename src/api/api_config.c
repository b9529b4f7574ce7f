/* api_config: the apiRunner section of a config, read from the config's JSON. */
#include <stdlib.h>
#include <string.h>

#include "api/api.h"
#include "common/sbuf.h"

static int number_opt(const sonde_config_t *cfg, const json_t *section, const char *name,
                      double fallback, double *out, sbuf_t *err) {
  json_t *v = json_object_get(section, name);
  *out = fallback;
  if (!v || json_is_null(v)) return 0;
  if (!json_is_number(v)) {
    char *key = xasprintf("apiRunner.%s", name);
    config_key_error(cfg, key, err, "\"%s\" must be a number (got %s)", key, config_json_type(v));
    free(key);
    return -1;
  }
  *out = json_number_value(v);
  return 0;
}

int api_config_parse(const sonde_config_t *cfg, api_config_t *out, sbuf_t *err) {
  memset(out, 0, sizeof(*out));
  out->headers = json_object();
  out->base_url = cfg->base_url ? xstrdup(cfg->base_url) : NULL;
  out->global_name = xstrdup("api");
  out->timeout_ms = 30000;
  json_t *section = json_object_get(cfg->json, "apiRunner");
  if (!section || json_is_null(section)) return 0;
  if (!json_is_object(section)) {
    config_key_error(cfg, "apiRunner", err, "\"apiRunner\" must be an object (got %s)",
                     config_json_type(section));
    return -1;
  }
  if (number_opt(cfg, section, "timeout", 30000, &out->timeout_ms, err) != 0) return -1;
  json_t *name = json_object_get(section, "globalName");
  if (name && !json_is_null(name)) {
    if (!json_is_string(name) || !json_string_value(name)[0]) {
      config_key_error(cfg, "apiRunner.globalName", err,
                       "\"apiRunner.globalName\" must be a non-empty string (got %s)",
                       config_json_type(name));
      return -1;
    }
    free(out->global_name);
    out->global_name = xstrdup(json_string_value(name));
  }
  json_t *headers = json_object_get(section, "headers");
  if (headers && !json_is_null(headers)) {
    if (!json_is_object(headers)) {
      config_key_error(cfg, "apiRunner.headers", err,
                       "\"apiRunner.headers\" must be an object (got %s)",
                       config_json_type(headers));
      return -1;
    }
    const char *k;
    json_t *v;
    json_object_foreach(headers, k, v) {
      if (json_is_string(v)) {
        json_object_set(out->headers, k, v);
      } else if (json_is_number(v) || json_is_boolean(v)) {
        char *s = json_dumps(v, JSON_ENCODE_ANY);
        json_object_set_new(out->headers, k, json_string(s));
        free(s);
      } else {
        char *key = xasprintf("apiRunner.headers.%s", k);
        config_key_error(cfg, key, err, "\"%s\" must be a string (got %s)", key,
                         config_json_type(v));
        free(key);
        return -1;
      }
    }
  }
  return 0;
}

void api_config_free(api_config_t *cfg) {
  free(cfg->base_url);
  json_decref(cfg->headers);
  free(cfg->global_name);
  memset(cfg, 0, sizeof(*cfg));
}
