/* yaml: an OpenAPI document's text (YAML 1.1 or JSON, which YAML reads too) into jansson
 * values through libyaml's document API. A mapping becomes an object (keys as their text:
 * `200:` is the key "200"), a sequence an array; quoted and block scalars are strings; a
 * plain scalar resolves as YAML's core schema does (null, ~ and empty; true/false; integers;
 * floats; otherwise a string); explicit tags !!int, !!float, !!bool, !!null on a quoted
 * scalar resolve it as that type.
 * Aliases share the anchored value (a reference, not a copy, so "billion laughs" costs
 * nothing); an alias inside its own anchor is refused, JSON having no cycles.
 *
 * Memory: the returned value is the caller's (one reference); nothing else is kept. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "openapi/openapi_int.h"

#define YAML_MAX_DEPTH 512

typedef struct {
  yaml_document_t *doc;
  json_t **made; /* per node (1-based index - 1): its value once made */
  bool *open;    /* per node: being made (an alias to it now is a cycle) */
  const char *file;
  sbuf_t *err;
} yaml_build_t;

static bool is_int_text(const char *s) {
  if (*s == '+' || *s == '-') s++;
  if (!*s) return false;
  return strspn(s, "0123456789") == strlen(s);
}

static bool is_float_text(const char *s) {
  if (*s == '+' || *s == '-') s++;
  if (strcmp(s, ".inf") == 0 || strcmp(s, ".Inf") == 0 || strcmp(s, ".INF") == 0) return true;
  size_t digits = strspn(s, "0123456789");
  const char *p = s + digits;
  size_t frac = 0;
  if (*p == '.') {
    frac = strspn(p + 1, "0123456789");
    p += 1 + frac;
  }
  if (digits + frac == 0) return false;
  if (*p == 'e' || *p == 'E') {
    p++;
    if (*p == '+' || *p == '-') p++;
    size_t e = strspn(p, "0123456789");
    if (!e) return false;
    p += e;
  }
  return *p == '\0';
}

static json_t *plain_scalar(const char *s, size_t len, const char *tag) {
  bool any = !tag;
  if ((any || strcmp(tag, YAML_NULL_TAG) == 0) &&
      (len == 0 || strcmp(s, "~") == 0 || strcmp(s, "null") == 0 || strcmp(s, "Null") == 0 ||
       strcmp(s, "NULL") == 0))
    return json_null();
  if (any || strcmp(tag, YAML_BOOL_TAG) == 0) {
    if (strcmp(s, "true") == 0 || strcmp(s, "True") == 0 || strcmp(s, "TRUE") == 0)
      return json_true();
    if (strcmp(s, "false") == 0 || strcmp(s, "False") == 0 || strcmp(s, "FALSE") == 0)
      return json_false();
  }
  if ((any || strcmp(tag, YAML_INT_TAG) == 0) && strlen(s) == len && is_int_text(s)) {
    errno = 0;
    long long v = strtoll(s, NULL, 10);
    if (errno == 0) return json_integer(v);
    return json_real(strtod(s, NULL));
  }
  if ((any || strcmp(tag, YAML_FLOAT_TAG) == 0 || strcmp(tag, YAML_INT_TAG) == 0) &&
      strlen(s) == len && is_float_text(s)) {
    double d = strstr(s, "inf") || strstr(s, "Inf") || strstr(s, "INF")
                   ? (s[0] == '-' ? -HUGE_VAL : HUGE_VAL)
                   : strtod(s, NULL);
    /* JSON has no infinities: such a number stays the text it was */
    return isfinite(d) ? json_real(d) : json_stringn(s, len);
  }
  return json_stringn(s, len);
}

static void where(yaml_build_t *b, const yaml_node_t *n) {
  sbuf_printf(b->err, "%s:%zu:%zu: ", b->file, n->start_mark.line + 1, n->start_mark.column + 1);
}

static json_t *build(yaml_build_t *b, int index, unsigned depth) {
  yaml_node_t *n = yaml_document_get_node(b->doc, index);
  if (!n) {
    sbuf_printf(b->err, "%s: a YAML node is missing", b->file);
    return NULL;
  }
  size_t i = (size_t)index - 1;
  if (b->made[i]) return json_incref(b->made[i]);
  if (b->open[i]) {
    where(b, n);
    sbuf_puts(b->err, "this anchored value contains an alias to itself (JSON has no cycles)");
    return NULL;
  }
  if (depth > YAML_MAX_DEPTH) {
    where(b, n);
    sbuf_printf(b->err, "values nest more than %d levels deep", YAML_MAX_DEPTH);
    return NULL;
  }
  b->open[i] = true;
  json_t *v = NULL;
  if (n->type == YAML_SCALAR_NODE) {
    const char *s = (const char *)n->data.scalar.value;
    size_t len = n->data.scalar.length;
    const char *tag = (const char *)n->tag;
    /* libyaml gives untagged scalars the !!str tag: a plain one resolves by its text, a
     * quoted one is a string unless another tag was written */
    bool str_tag = !tag || strcmp(tag, YAML_STR_TAG) == 0;
    if (n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE)
      v = plain_scalar(s, len, str_tag ? NULL : tag);
    else v = str_tag ? json_stringn(s, len) : plain_scalar(s, len, tag);
    if (!v) {
      where(b, n);
      sbuf_puts(b->err, "a scalar is not valid UTF-8");
    }
  } else if (n->type == YAML_SEQUENCE_NODE) {
    v = json_array();
    for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top;
         it++) {
      json_t *item = build(b, *it, depth + 1);
      if (!item) {
        json_decref(v);
        v = NULL;
        break;
      }
      json_array_append_new(v, item);
    }
  } else if (n->type == YAML_MAPPING_NODE) {
    v = json_object();
    for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
      yaml_node_t *k = yaml_document_get_node(b->doc, p->key);
      if (!k || k->type != YAML_SCALAR_NODE) {
        where(b, k ? k : n);
        sbuf_puts(b->err, "a mapping key must be a scalar (JSON keys are strings)");
        json_decref(v);
        v = NULL;
        break;
      }
      const char *key = (const char *)k->data.scalar.value;
      if (strlen(key) != k->data.scalar.length) {
        where(b, k);
        sbuf_puts(b->err, "a mapping key holds a NUL character");
        json_decref(v);
        v = NULL;
        break;
      }
      if (strcmp(key, "<<") == 0 && k->data.scalar.style == YAML_PLAIN_SCALAR_STYLE) {
        where(b, k);
        sbuf_puts(b->err, "merge keys (<<) are not supported in an API document");
        json_decref(v);
        v = NULL;
        break;
      }
      json_t *val = build(b, p->value, depth + 1);
      if (!val) {
        json_decref(v);
        v = NULL;
        break;
      }
      if (json_object_get(v, key)) {
        where(b, k);
        sbuf_printf(b->err, "duplicate key \"%s\"", key);
        json_decref(val);
        json_decref(v);
        v = NULL;
        break;
      }
      if (json_object_set_new(v, key, val) != 0) {
        where(b, k);
        sbuf_puts(b->err, "a mapping key is not valid UTF-8");
        json_decref(v);
        v = NULL;
        break;
      }
    }
  }
  b->open[i] = false;
  if (v) b->made[i] = v; /* borrowed: the tree holds it */
  return v;
}

json_t *openapi_yaml_parse(const char *text, size_t len, const char *file, sbuf_t *err) {
  yaml_parser_t parser;
  if (!yaml_parser_initialize(&parser)) {
    sbuf_printf(err, "%s: cannot start the YAML parser", file);
    return NULL;
  }
  yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
  yaml_document_t doc;
  if (!yaml_parser_load(&parser, &doc)) {
    sbuf_printf(err, "%s:%zu:%zu: YAML syntax error: %s", file, parser.problem_mark.line + 1,
                parser.problem_mark.column + 1, parser.problem ? parser.problem : "invalid");
    if (parser.context)
      sbuf_printf(err, " (%s at line %zu)", parser.context, parser.context_mark.line + 1);
    yaml_parser_delete(&parser);
    return NULL;
  }
  json_t *out = NULL;
  yaml_node_t *root = yaml_document_get_root_node(&doc);
  if (!root) {
    sbuf_printf(err, "%s: the document is empty", file);
  } else {
    size_t count = (size_t)(doc.nodes.top - doc.nodes.start);
    yaml_build_t b = {&doc, xcalloc(count, sizeof(json_t *)), xcalloc(count, sizeof(bool)), file,
                      err};
    out = build(&b, 1, 0);
    free(b.made);
    free(b.open);
    /* a second document in the stream is not an API document any more */
    yaml_document_t next;
    if (out && yaml_parser_load(&parser, &next)) {
      if (yaml_document_get_root_node(&next)) {
        sbuf_printf(err, "%s:%zu: a second YAML document in the file", file,
                    next.start_mark.line + 1);
        json_decref(out);
        out = NULL;
      }
      yaml_document_delete(&next);
    }
  }
  yaml_document_delete(&doc);
  yaml_parser_delete(&parser);
  return out;
}
