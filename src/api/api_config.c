/* api_config: the apiRunner section of a config, read from the config's JSON (functions,
 * which JSON leaves out, from the config object), with RUNNER_API_OPTIONS (or
 * WDIO_API_OPTIONS) merged over it, and the environment variables the client honours:
 * NODE_TLS_REJECT_UNAUTHORIZED, HTTP_PROXY/HTTPS_PROXY/NO_PROXY (either case) and DEBUG.
 * Both the launcher (to stop a bad run before it starts) and every worker parse it.
 *
 * Memory: api_config_t owns its strings, json and vector; api_config_free releases them. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/api.h"
#include "common/sbuf.h"
#include "js/jsutil.h"

typedef struct {
  const sonde_config_t *cfg;
  const char *env_name; /* the variable the overrides came from, or NULL */
  json_t *env;          /* its object, or NULL */
  sbuf_t *err;
} api_parse_t;

/* A bad value of `name`: reported against the variable when it came from there, else
 * against the config file's line. `got` describes the value. Always returns -1. */
static int opt_error_got(const api_parse_t *p, const char *name, const char *what,
                         const char *got) {
  if (p->env && json_object_get(p->env, name)) {
    sbuf_printf(p->err, "%s: \"%s\" %s (got %s)", p->env_name, name, what, got);
    return -1;
  }
  char *key = xasprintf("apiRunner.%s", name);
  config_key_error(p->cfg, key, p->err, "\"%s\" %s (got %s)", key, what, got);
  free(key);
  return -1;
}

/* The same, for a value of the wrong type. */
static int opt_error(const api_parse_t *p, const char *name, const char *what, const json_t *v) {
  return opt_error_got(p, name, what, config_json_type(v));
}

static int opt_number(const api_parse_t *p, const json_t *section, const char *name, bool integer,
                      double *out) {
  json_t *v = json_object_get(section, name);
  if (!v || json_is_null(v)) return 0;
  if (!json_is_number(v)) return opt_error(p, name, "must be a number", v);
  double d = json_number_value(v);
  if (!isfinite(d) || d < 0 || (integer && d != floor(d))) {
    char got[32];
    snprintf(got, sizeof got, "%g", d);
    return opt_error_got(p, name,
                         integer ? "must be a whole number, 0 or more" : "must be 0 or more", got);
  }
  *out = d;
  return 0;
}

static int opt_bool(const api_parse_t *p, const json_t *section, const char *name, bool *out) {
  json_t *v = json_object_get(section, name);
  if (!v || json_is_null(v)) return 0;
  if (!json_is_boolean(v)) return opt_error(p, name, "must be true or false", v);
  *out = json_is_true(v);
  return 0;
}

static int parse_headers(const api_parse_t *p, const json_t *headers, api_config_t *out) {
  if (!headers || json_is_null(headers)) return 0;
  if (!json_is_object(headers)) return opt_error(p, "headers", "must be an object", headers);
  const char *k;
  json_t *v;
  json_object_foreach((json_t *)headers, k, v) {
    if (json_is_string(v)) {
      json_object_set(out->headers, k, v);
    } else if (json_is_number(v) || json_is_boolean(v)) {
      char *s = json_dumps(v, JSON_ENCODE_ANY);
      json_object_set_new(out->headers, k, json_string(s));
      free(s);
    } else {
      char *name = xasprintf("headers.%s", k);
      int rc = opt_error(p, name, "must be a string", v);
      free(name);
      return rc;
    }
  }
  return 0;
}

static int parse_mask(const api_parse_t *p, const json_t *v, api_config_t *out) {
  if (!v || json_is_null(v)) return 0;
  if (!json_is_array(v)) return opt_error(p, "maskHeaders", "must be an array of header names", v);
  size_t i;
  json_t *item;
  json_array_foreach(v, i, item) {
    if (!json_is_string(item))
      return opt_error(p, "maskHeaders", "must be an array of header names", item);
    strvec_push(&out->mask_headers, json_string_value(item));
  }
  return 0;
}

/* A class must define the client's methods (on its prototype chain, as class methods do),
 * so that a missing one stops the run here, before any worker starts. What a factory makes
 * is checked by the worker that calls it (api_client_prepare). */
static int check_class(const api_parse_t *p, JSContextRef ctx, JSObjectRef cls) {
  static const char *const methods[] = {"get", "post", "put", "patch", "delete", "head", "options"};
  JSValueRef proto = js_get(ctx, cls, "prototype");
  for (size_t i = 0; i < sizeof(methods) / sizeof(methods[0]); i++) {
    if (js_is_function(ctx, js_get(ctx, proto, methods[i]))) continue;
    char *name = js_get_string(ctx, cls, "name");
    config_key_error(p->cfg, "apiRunner.client", p->err,
                     "\"apiRunner.client\": class %s has no %s() method (an API client must "
                     "offer get, post, put, patch, delete, head and options)",
                     name && *name ? name : "(anonymous)", methods[i]);
    free(name);
    return -1;
  }
  return 0;
}

/* apiRunner.client must be a class and clientFactory a function: both are functions, which
 * the config's JSON leaves out, so they are read from the config object. */
static int parse_functions(const api_parse_t *p, api_config_t *out) {
  const sonde_config_t *cfg = p->cfg;
  if (!cfg->realm || !cfg->object) return 0;
  JSContextRef ctx = js_realm_context(cfg->realm);
  JSValueRef section = js_get(ctx, cfg->object, "apiRunner");
  static const char *const names[] = {"client", "clientFactory"};
  JSValueRef fns[2] = {NULL, NULL};
  for (size_t i = 0; i < 2; i++) {
    JSValueRef v = js_get(ctx, section, names[i]);
    if (JSValueIsUndefined(ctx, v) || JSValueIsNull(ctx, v)) continue;
    if (!js_is_function(ctx, v)) {
      char *key = xasprintf("apiRunner.%s", names[i]);
      config_key_error(cfg, key, p->err, "\"%s\" must be a %s", key,
                       i == 0 ? "class (a constructor)" : "function (config) => client");
      free(key);
      return -1;
    }
    fns[i] = v;
  }
  if (fns[0] && fns[1]) {
    config_key_error(cfg, "apiRunner.clientFactory", p->err,
                     "\"apiRunner.client\" and \"apiRunner.clientFactory\" are both set; use one");
    return -1;
  }
  if (fns[0] && check_class(p, ctx, (JSObjectRef)fns[0]) != 0) return -1;
  out->custom_client = fns[0] || fns[1];
  return 0;
}

/* ---- environment ---- */

static char *env_dup(const char *upper, const char *lower) {
  const char *v = getenv(upper);
  if (!v || !*v) v = getenv(lower);
  return v && *v ? xstrdup(v) : NULL;
}

/* `pattern` with '*' wildcards against `name`. */
static bool glob_match(const char *pattern, size_t n, const char *name) {
  if (n == 0) return *name == '\0';
  if (*pattern == '*') {
    for (const char *s = name;; s++) {
      if (glob_match(pattern + 1, n - 1, s)) return true;
      if (!*s) return false;
    }
  }
  return *name && *pattern == *name && glob_match(pattern + 1, n - 1, name + 1);
}

/* The `debug` package's rules: names separated by commas or spaces, '*' wildcards, a
 * leading '-' excludes. */
static bool debug_enabled(const char *spec, const char *ns) {
  bool on = false;
  for (const char *p = spec; p && *p;) {
    p += strspn(p, ", \t");
    size_t n = strcspn(p, ", \t");
    if (!n) break;
    if (*p == '-') {
      if (glob_match(p + 1, n - 1, ns)) return false;
    } else if (glob_match(p, n, ns)) {
      on = true;
    }
    p += n;
  }
  return on;
}

/* RUNNER_API_OPTIONS (or WDIO_API_OPTIONS): NULL when unset, else its object; -1 on bad
 * JSON or a non-object. */
static int read_env_options(api_parse_t *p) {
  const char *names[] = {"RUNNER_API_OPTIONS", "WDIO_API_OPTIONS"};
  for (size_t i = 0; i < 2; i++) {
    const char *text = getenv(names[i]);
    if (!text || !*text) continue;
    json_error_t jerr;
    json_t *v = json_loads(text, JSON_DECODE_ANY, &jerr);
    if (!v) {
      sbuf_printf(p->err, "%s is not valid JSON: %s (line %d, column %d)", names[i], jerr.text,
                  jerr.line, jerr.column);
      return -1;
    }
    if (!json_is_object(v)) {
      sbuf_printf(p->err, "%s must be a JSON object of apiRunner options (got %s)", names[i],
                  config_json_type(v));
      json_decref(v);
      return -1;
    }
    p->env_name = names[i];
    p->env = v;
    return 0;
  }
  return 0;
}

/* ---- parse ---- */

static void defaults(const sonde_config_t *cfg, api_config_t *out) {
  memset(out, 0, sizeof(*out));
  out->headers = json_object();
  out->base_url = cfg->base_url ? xstrdup(cfg->base_url) : NULL;
  out->global_name = xstrdup("api");
  out->timeout_ms = 30000;
  out->retry_delay_ms = 1000;
  out->max_redirects = 5;
  out->max_body_size = API_DEFAULT_MAX_BODY_SIZE;
  out->http2 = true;
  const char *tls = getenv("NODE_TLS_REJECT_UNAUTHORIZED");
  out->insecure = tls && strcmp(tls, "0") == 0;
  out->http_proxy = env_dup("HTTP_PROXY", "http_proxy");
  out->https_proxy = env_dup("HTTPS_PROXY", "https_proxy");
  out->no_proxy = env_dup("NO_PROXY", "no_proxy");
  out->debug = debug_enabled(getenv("DEBUG"), "sonde:http");
}

static int parse_section(api_parse_t *p, const json_t *s, api_config_t *out) {
  double retries = 0, redirects = out->max_redirects;
  if (opt_number(p, s, "timeout", false, &out->timeout_ms) != 0 ||
      opt_number(p, s, "retries", true, &retries) != 0 ||
      opt_number(p, s, "retryDelay", false, &out->retry_delay_ms) != 0 ||
      opt_number(p, s, "maxRedirects", true, &redirects) != 0 ||
      opt_number(p, s, "maxBodySize", true, &out->max_body_size) != 0 ||
      opt_bool(p, s, "verbose", &out->verbose) != 0 ||
      opt_bool(p, s, "cookies", &out->cookies) != 0 || opt_bool(p, s, "http2", &out->http2) != 0 ||
      opt_bool(p, s, "har", &out->har) != 0 ||
      parse_headers(p, json_object_get(s, "headers"), out) != 0 ||
      parse_mask(p, json_object_get(s, "maskHeaders"), out) != 0)
    return -1;
  out->retries = retries > 100 ? 100 : (int)retries;
  out->max_redirects = redirects > 100 ? 100 : (int)redirects;

  json_t *backoff = json_object_get(s, "retryBackoff");
  if (backoff && !json_is_null(backoff)) {
    const char *b = json_string_value(backoff);
    if (!b || (strcmp(b, "fixed") != 0 && strcmp(b, "exponential") != 0))
      return opt_error(p, "retryBackoff", "must be 'fixed' or 'exponential'", backoff);
    out->retry_exponential = strcmp(b, "exponential") == 0;
  }
  json_t *name = json_object_get(s, "globalName");
  if (name && !json_is_null(name)) {
    if (!json_is_string(name) || !json_string_value(name)[0])
      return opt_error(p, "globalName", "must be a non-empty string", name);
    free(out->global_name);
    out->global_name = xstrdup(json_string_value(name));
  }
  return 0;
}

int api_config_parse(const sonde_config_t *cfg, api_config_t *out, sbuf_t *err) {
  defaults(cfg, out);
  api_parse_t p = {cfg, NULL, NULL, err};
  json_t *section = json_object_get(cfg->json, "apiRunner");
  if (section && !json_is_null(section) && !json_is_object(section)) {
    config_key_error(cfg, "apiRunner", err, "\"apiRunner\" must be an object (got %s)",
                     config_json_type(section));
    return -1;
  }
  if (read_env_options(&p) != 0) return -1;

  /* runner: ['api', { ...options }] (WebdriverIO's tuple form) gives options too, under
   * apiRunner's: apiRunner's keys win, headers add up. The variable's keys win over both;
   * its headers add to theirs. */
  json_t *merged = json_object();
  json_t *runner = json_object_get(cfg->json, "runner");
  json_t *direct = json_is_array(runner) ? json_array_get(runner, 1) : NULL;
  if (json_is_object(direct)) json_object_update(merged, direct);
  if (section && json_is_object(section)) {
    json_t *headers = json_deep_copy(json_object_get(merged, "headers"));
    json_t *copy = json_deep_copy(section); /* the config's JSON stays as it was */
    json_object_update(merged, copy);
    json_decref(copy);
    json_t *mine = json_object_get(merged, "headers");
    if (json_is_object(headers) && json_is_object(mine)) json_object_update_missing(mine, headers);
    json_decref(headers);
  }
  int rc = 0;
  if (p.env) {
    json_t *base = json_object_get(p.env, "baseUrl");
    if (base && !json_is_null(base)) {
      if (!json_is_string(base)) {
        rc = opt_error(&p, "baseUrl", "must be a URL string", base);
      } else {
        free(out->base_url);
        out->base_url = xstrdup(json_string_value(base));
      }
    }
    const char *k;
    json_t *v;
    json_object_foreach(p.env, k, v) {
      json_t *mine = json_object_get(merged, k);
      if (strcmp(k, "headers") == 0 && json_is_object(v) && json_is_object(mine))
        json_object_update(mine, v);
      else if (strcmp(k, "baseUrl") != 0) json_object_set(merged, k, v);
    }
  }
  if (rc == 0) rc = parse_section(&p, merged, out);
  if (rc == 0) rc = parse_functions(&p, out);
  json_decref(merged);
  json_decref(p.env);
  return rc;
}

void api_config_free(api_config_t *cfg) {
  free(cfg->base_url);
  json_decref(cfg->headers);
  free(cfg->global_name);
  strvec_free(&cfg->mask_headers);
  free(cfg->http_proxy);
  free(cfg->https_proxy);
  free(cfg->no_proxy);
  memset(cfg, 0, sizeof(*cfg));
}

static char *dup_or_null(const char *s) { return s ? xstrdup(s) : NULL; }

void api_config_copy(api_config_t *dst, const api_config_t *src) {
  *dst = *src;
  dst->base_url = dup_or_null(src->base_url);
  dst->headers = src->headers ? json_deep_copy(src->headers) : json_object();
  dst->global_name = dup_or_null(src->global_name);
  memset(&dst->mask_headers, 0, sizeof(dst->mask_headers));
  for (size_t i = 0; i < src->mask_headers.len; i++)
    strvec_push(&dst->mask_headers, src->mask_headers.items[i]);
  dst->http_proxy = dup_or_null(src->http_proxy);
  dst->https_proxy = dup_or_null(src->https_proxy);
  dst->no_proxy = dup_or_null(src->no_proxy);
}
