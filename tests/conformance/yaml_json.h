/* yaml_json: reads a YAML file (Cucumber's conformance data) into jansson values with
 * libyaml, for the conformance tests only. A mapping becomes an object, a sequence an
 * array; a quoted or block scalar is a string; a plain scalar is resolved as YAML's core
 * schema does: null (empty, "~", "null"), true/false, an integer, a float, else a string.
 * Every document of the file is an element of the returned array (NULL when the file
 * cannot be read or parsed; the message goes to stderr). Header-only: static functions. */
#ifndef SONDE_TESTS_CONFORMANCE_YAML_JSON_H
#define SONDE_TESTS_CONFORMANCE_YAML_JSON_H

#include <errno.h>
#include <jansson.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

static bool yj_matches(const char *s, const char *pattern) {
  regex_t re;
  if (regcomp(&re, pattern, REG_EXTENDED | REG_NOSUB) != 0) return false;
  bool m = regexec(&re, s, 0, NULL, 0) == 0;
  regfree(&re);
  return m;
}

static json_t *yj_scalar(const yaml_event_t *ev) {
  const char *s = (const char *)ev->data.scalar.value;
  size_t len = ev->data.scalar.length;
  if (ev->data.scalar.style != YAML_PLAIN_SCALAR_STYLE) return json_stringn(s, len);
  if (len == 0 || strcmp(s, "~") == 0 || strcmp(s, "null") == 0 || strcmp(s, "Null") == 0 ||
      strcmp(s, "NULL") == 0)
    return json_null();
  if (strcmp(s, "true") == 0 || strcmp(s, "True") == 0 || strcmp(s, "TRUE") == 0)
    return json_true();
  if (strcmp(s, "false") == 0 || strcmp(s, "False") == 0 || strcmp(s, "FALSE") == 0)
    return json_false();
  if (yj_matches(s, "^[-+]?[0-9]+$")) {
    errno = 0;
    long long v = strtoll(s, NULL, 10);
    if (errno == 0) return json_integer(v);
    return json_stringn(s, len);
  }
  if (yj_matches(s, "^[-+]?([.][0-9]+|[0-9]+([.][0-9]*)?)([eE][-+]?[0-9]+)?$"))
    return json_real(strtod(s, NULL));
  return json_stringn(s, len);
}

/* Builds the node starting with `ev` (already read); false on a parse error. */
static bool yj_node(yaml_parser_t *p, yaml_event_t *ev, json_t **out) {
  if (ev->type == YAML_SCALAR_EVENT) {
    *out = yj_scalar(ev);
    return *out != NULL;
  }
  if (ev->type == YAML_ALIAS_EVENT) {
    *out = json_null(); /* the conformance data has no anchors */
    return true;
  }
  bool map = ev->type == YAML_MAPPING_START_EVENT;
  if (!map && ev->type != YAML_SEQUENCE_START_EVENT) return false;
  json_t *c = map ? json_object() : json_array();
  char *key = NULL;
  for (;;) {
    yaml_event_t e;
    if (!yaml_parser_parse(p, &e)) {
      json_decref(c);
      free(key);
      return false;
    }
    if (e.type == YAML_MAPPING_END_EVENT || e.type == YAML_SEQUENCE_END_EVENT) {
      yaml_event_delete(&e);
      break;
    }
    json_t *v = NULL;
    bool ok = yj_node(p, &e, &v);
    yaml_event_delete(&e);
    if (!ok) {
      json_decref(c);
      free(key);
      return false;
    }
    if (!map) {
      json_array_append_new(c, v);
    } else if (!key) {
      key = strdup(json_is_string(v) ? json_string_value(v) : ""); /* keys are strings here */
      json_decref(v);
    } else {
      json_object_set_new(c, key, v);
      free(key);
      key = NULL;
    }
  }
  free(key);
  *out = c;
  return true;
}

static json_t *yaml_json_load(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "yaml_json: cannot open %s\n", path);
    return NULL;
  }
  yaml_parser_t p;
  yaml_parser_initialize(&p);
  yaml_parser_set_input_file(&p, f);
  json_t *docs = json_array();
  bool ok = true, done = false;
  while (ok && !done) {
    yaml_event_t e;
    if (!yaml_parser_parse(&p, &e)) {
      ok = false;
      break;
    }
    switch (e.type) {
    case YAML_STREAM_END_EVENT: done = true; break;
    case YAML_SCALAR_EVENT:
    case YAML_SEQUENCE_START_EVENT:
    case YAML_MAPPING_START_EVENT: {
      json_t *v = NULL;
      ok = yj_node(&p, &e, &v);
      if (ok) json_array_append_new(docs, v);
      break;
    }
    default: break;
    }
    yaml_event_delete(&e);
  }
  if (!ok) {
    fprintf(stderr, "yaml_json: %s: %s at line %zu\n", path, p.problem ? p.problem : "parse error",
            p.problem_mark.line + 1);
    json_decref(docs);
    docs = NULL;
  }
  yaml_parser_delete(&p);
  fclose(f);
  return docs;
}

#endif
