/* compile_kw: reads one schema object's keywords into its node, checking each keyword's
 * type as the meta-schemas do (so a mistyped keyword is a clear compile error rather than
 * a surprise during validation) and resolving $ref/$dynamicRef/$recursiveRef to nodes.
 * Which keywords count depends on the node's dialect: draft 7 ignores the siblings of
 * $ref, 2019-09 and 2020-12 read only the vocabularies their meta-schema declares.
 *
 * Memory: arrays hung on the node are the node's (schema_node_free); names and values
 * are borrowed from the schema document. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "schema/schema_int.h"

typedef struct {
  schema_cc_t *cc;
  schema_node_t *n;
  const json_t *s;
  bool appl, valid, uneval, d7, d19, d20;
} kw_ctx_t;

static bool count_value(const json_t *v, size_t *out) {
  if (json_is_integer(v) && json_integer_value(v) >= 0) {
    *out = (size_t)json_integer_value(v);
    return true;
  }
  /* 2019-09 and later: any number with a zero fractional part is an integer */
  if (json_is_real(v)) {
    double d = json_real_value(v);
    if (d >= 0 && d == floor(d)) {
      *out = d > 1e18 ? (size_t)1e18 : (size_t)d;
      return true;
    }
  }
  return false;
}

static int child(kw_ctx_t *k, const json_t *v, const char *kw, const char *sub, bool index,
                 size_t i, schema_node_t **out) {
  sbuf_t p = SBUF_INIT;
  sbuf_putc(&p, '/');
  schema_ptr_escape(&p, kw, strlen(kw));
  if (sub) {
    sbuf_putc(&p, '/');
    schema_ptr_escape(&p, sub, strlen(sub));
  } else if (index) {
    sbuf_printf(&p, "/%zu", i);
  }
  *out = schema_compile_child(k->cc, k->n, v, sbuf_cstr(&p));
  sbuf_free(&p);
  return *out ? 0 : -1;
}

static int one(kw_ctx_t *k, const char *kw, schema_node_t **out) {
  const json_t *v = json_object_get(k->s, kw);
  if (!v) return 0;
  if (!json_is_object(v) && !json_is_boolean(v))
    return schema_cc_fail(k->cc, k->n, kw, "must be a schema (an object or a boolean)");
  return child(k, v, kw, NULL, false, 0, out);
}

static int list(kw_ctx_t *k, const char *kw, schema_node_t ***out, size_t *len) {
  const json_t *v = json_object_get(k->s, kw);
  if (!v) return 0;
  if (!json_is_array(v) || json_array_size(v) == 0)
    return schema_cc_fail(k->cc, k->n, kw, "must be a non-empty array of schemas");
  size_t cnt = json_array_size(v);
  *out = xcalloc(cnt, sizeof **out);
  for (size_t i = 0; i < cnt; i++) {
    if (child(k, json_array_get(v, i), kw, NULL, true, i, &(*out)[i]) < 0) return -1;
    *len = i + 1;
  }
  return 0;
}

static int ref_target(kw_ctx_t *k, const char *kw, const char *ref, schema_node_t **out) {
  char *abs = schema_uri_resolve(k->n->res->uri, ref);
  sbuf_t msg = SBUF_INIT;
  schema_loc_t *loc = schema_resolve(k->cc->reg, k->n->res->doc, abs, &msg);
  free(abs);
  if (!loc) {
    sbuf_reset(&msg);
    sbuf_printf(&msg, "can't resolve reference \"%s\"", ref);
    schema_cc_fail(k->cc, k->n, kw, "%s", sbuf_cstr(&msg));
    sbuf_free(&msg);
    return -1;
  }
  sbuf_free(&msg);
  if (!json_is_object(loc->json) && !json_is_boolean(loc->json))
    return schema_cc_fail(k->cc, k->n, kw, "reference \"%s\" is not a schema", ref);
  *out = schema_compile_loc(k->cc, loc);
  return *out ? 0 : -1;
}

static const char *string_kw(kw_ctx_t *k, const char *kw, int *rc) {
  const json_t *v = json_object_get(k->s, kw);
  if (!v) return NULL;
  if (!json_is_string(v)) {
    *rc = schema_cc_fail(k->cc, k->n, kw, "must be a string");
    return NULL;
  }
  return json_string_value(v);
}

static int refs(kw_ctx_t *k) {
  schema_node_t *n = k->n;
  int rc = 0;
  const char *r = string_kw(k, "$ref", &rc);
  if (rc) return rc;
  if (r) {
    if (ref_target(k, "$ref", r, &n->ref) < 0) return -1;
    n->has |= SK_BIT(SK_REF);
  }
  if (k->d20 && (r = string_kw(k, "$dynamicRef", &rc)) != NULL) {
    if (ref_target(k, "$dynamicRef", r, &n->dynref) < 0) return -1;
    n->has |= SK_BIT(SK_DYNREF);
    /* Dynamic only when the fragment is a name that the initial target declares as its
     * $dynamicAnchor; otherwise $dynamicRef is a plain $ref. */
    const char *hash = strchr(r, '#');
    const json_t *da = json_object_get(n->dynref->json, "$dynamicAnchor");
    if (hash && hash[1] && hash[1] != '/' && json_is_string(da) &&
        strcmp(json_string_value(da), hash + 1) == 0)
      n->dynref_name = json_string_value(da);
  }
  if (rc) return rc;
  if (k->d19 && (r = string_kw(k, "$recursiveRef", &rc)) != NULL) {
    if (ref_target(k, "$recursiveRef", r, &n->recref) < 0) return -1;
    n->has |= SK_BIT(SK_RECREF);
  }
  return rc;
}

static int applicators(kw_ctx_t *k) {
  schema_node_t *n = k->n;
  const json_t *s = k->s, *v;
  if (list(k, "allOf", &n->all_of, &n->nall_of) < 0 ||
      list(k, "anyOf", &n->any_of, &n->nany_of) < 0 ||
      list(k, "oneOf", &n->one_of, &n->none_of) < 0 || one(k, "not", &n->not_) < 0 ||
      one(k, "if", &n->if_) < 0 || one(k, "then", &n->then_) < 0 || one(k, "else", &n->else_) < 0 ||
      one(k, "additionalProperties", &n->additional_props) < 0 ||
      one(k, "propertyNames", &n->property_names) < 0 || one(k, "contains", &n->contains) < 0)
    return -1;
  if (n->nall_of) n->has |= SK_BIT(SK_ALL_OF);
  if (n->nany_of) n->has |= SK_BIT(SK_ANY_OF);
  if (n->none_of) n->has |= SK_BIT(SK_ONE_OF);
  if (n->not_) n->has |= SK_BIT(SK_NOT);
  if (n->if_) n->has |= SK_BIT(SK_IF);
  if (n->additional_props) n->has |= SK_BIT(SK_ADDITIONAL_PROPS);
  if (n->property_names) n->has |= SK_BIT(SK_PROPERTY_NAMES);
  if (n->contains) n->has |= SK_BIT(SK_CONTAINS);

  if ((v = json_object_get(s, "properties"))) {
    if (!json_is_object(v)) return schema_cc_fail(k->cc, n, "properties", "must be an object");
    n->props = xcalloc(json_object_size(v) + 1, sizeof *n->props);
    const char *key;
    json_t *sub;
    json_object_foreach((json_t *)v, key, sub) {
      schema_prop_t *p = &n->props[n->nprops];
      p->name = key;
      p->len = strlen(key);
      if (child(k, sub, "properties", key, false, 0, &p->node) < 0) return -1;
      n->nprops++;
    }
    n->has |= SK_BIT(SK_PROPERTIES);
  }
  if ((v = json_object_get(s, "patternProperties"))) {
    if (!json_is_object(v))
      return schema_cc_fail(k->cc, n, "patternProperties", "must be an object");
    n->pprops = xcalloc(json_object_size(v) + 1, sizeof *n->pprops);
    const char *key;
    json_t *sub;
    json_object_foreach((json_t *)v, key, sub) {
      schema_pprop_t *p = &n->pprops[n->npprops];
      sbuf_t msg = SBUF_INIT;
      p->re = schema_regex_new(key, strlen(key), &msg);
      if (!p->re) {
        schema_cc_fail(k->cc, n, "patternProperties",
                       "\"%s\" is not a valid regular expression: %s", key, sbuf_cstr(&msg));
        sbuf_free(&msg);
        return -1;
      }
      n->npprops++;
      if (child(k, sub, "patternProperties", key, false, 0, &p->node) < 0) return -1;
    }
    n->has |= SK_BIT(SK_PATTERN_PROPS);
  }

  /* dependentSchemas, and the schema half of draft 7's dependencies (kept in every draft:
   * the 2019-09 and 2020-12 meta-schemas still describe it for compatibility) */
  for (int pass = 0; pass < 2; pass++) {
    const char *kw = pass ? "dependencies" : "dependentSchemas";
    if (!pass && k->d7) continue;
    if (!(v = json_object_get(s, kw))) continue;
    if (!json_is_object(v)) return schema_cc_fail(k->cc, n, kw, "must be an object");
    n->dep_schemas = xrealloc(n->dep_schemas,
                              (n->ndep_schemas + json_object_size(v) + 1) * sizeof *n->dep_schemas);
    const char *key;
    json_t *sub;
    json_object_foreach((json_t *)v, key, sub) {
      if (pass && json_is_array(sub)) continue; /* the dependentRequired half */
      schema_dep_t *d = &n->dep_schemas[n->ndep_schemas];
      memset(d, 0, sizeof *d);
      d->name = key;
      d->len = strlen(key);
      if (child(k, sub, kw, key, false, 0, &d->node) < 0) return -1;
      n->ndep_schemas++;
    }
    if (n->ndep_schemas) n->has |= SK_BIT(SK_DEP_SCHEMAS);
  }

  /* items: 2020-12 prefixItems + items; before, items (array) + additionalItems */
  if (k->d20) {
    if (list(k, "prefixItems", &n->prefix_items, &n->nprefix) < 0) return -1;
    if ((v = json_object_get(s, "items")) && json_is_array(v))
      return schema_cc_fail(k->cc, n, "items", "must be a schema (use prefixItems for a tuple)");
    if (one(k, "items", &n->items) < 0) return -1;
    n->items_kw = "items";
  } else if ((v = json_object_get(s, "items"))) {
    if (json_is_array(v)) {
      size_t cnt = json_array_size(v);
      n->prefix_items = xcalloc(cnt + 1, sizeof *n->prefix_items);
      for (size_t i = 0; i < cnt; i++) {
        if (child(k, json_array_get(v, i), "items", NULL, true, i, &n->prefix_items[i]) < 0)
          return -1;
        n->nprefix = i + 1;
      }
      if (one(k, "additionalItems", &n->items) < 0) return -1;
      n->items_kw = "additionalItems";
    } else {
      if (one(k, "items", &n->items) < 0) return -1;
      n->items_kw = "items";
    }
  }
  if (n->nprefix) n->has |= SK_BIT(SK_PREFIX_ITEMS);
  if (n->items) n->has |= SK_BIT(SK_ITEMS);
  return 0;
}

static int number_kw(kw_ctx_t *k, const char *kw, int bit, schema_num_t *out) {
  const json_t *v = json_object_get(k->s, kw);
  if (!v) return 0;
  if (!schema_num_from_json(v, out)) return schema_cc_fail(k->cc, k->n, kw, "must be a number");
  k->n->has |= SK_BIT(bit);
  return 0;
}

static int count_kw(kw_ctx_t *k, const char *kw, int bit, size_t *out) {
  const json_t *v = json_object_get(k->s, kw);
  if (!v) return 0;
  if (!count_value(v, out))
    return schema_cc_fail(k->cc, k->n, kw, "must be a non-negative integer");
  if (bit) k->n->has |= SK_BIT(bit);
  return 0;
}

static const char **name_list(kw_ctx_t *k, const char *kw, const json_t *v, size_t *len) {
  if (!json_is_array(v)) {
    schema_cc_fail(k->cc, k->n, kw, "must be an array of strings");
    return NULL;
  }
  const char **names = xcalloc(json_array_size(v) + 1, sizeof *names);
  for (size_t i = 0; i < json_array_size(v); i++) {
    const json_t *e = json_array_get(v, i);
    if (!json_is_string(e)) {
      free(names);
      schema_cc_fail(k->cc, k->n, kw, "must be an array of strings");
      return NULL;
    }
    names[i] = json_string_value(e);
  }
  *len = json_array_size(v);
  return names;
}

static int types(kw_ctx_t *k, const json_t *v) {
  static const char *names[] = {"null",   "boolean", "object", "array",
                                "number", "string",  "integer"};
  size_t cnt = json_is_array(v) ? json_array_size(v) : 1;
  if (!json_is_array(v) && !json_is_string(v))
    return schema_cc_fail(k->cc, k->n, "type", "must be a type name or an array of them");
  for (size_t i = 0; i < cnt; i++) {
    const json_t *t = json_is_array(v) ? json_array_get(v, i) : v;
    size_t j = 0;
    while (j < 7 && !(json_is_string(t) && strcmp(json_string_value(t), names[j]) == 0)) j++;
    if (j == 7)
      return schema_cc_fail(k->cc, k->n, "type", "\"%s\" is not a JSON Schema type",
                            json_is_string(t) ? json_string_value(t) : "(not a string)");
    k->n->types |= 1u << j;
  }
  k->n->type_json = v;
  k->n->has |= SK_BIT(SK_TYPE);
  return 0;
}

static int dep_required(kw_ctx_t *k, const char *kw, const json_t *v, bool only_arrays) {
  schema_node_t *n = k->n;
  if (!json_is_object(v)) return schema_cc_fail(k->cc, n, kw, "must be an object");
  n->dep_required = xrealloc(
      n->dep_required, (n->ndep_required + json_object_size(v) + 1) * sizeof *n->dep_required);
  const char *key;
  json_t *sub;
  json_object_foreach((json_t *)v, key, sub) {
    if (only_arrays && !json_is_array(sub)) continue;
    schema_dep_t *d = &n->dep_required[n->ndep_required];
    memset(d, 0, sizeof *d);
    d->name = key;
    d->len = strlen(key);
    if (!(d->req = name_list(k, kw, sub, &d->nreq))) return -1;
    n->ndep_required++;
  }
  if (n->ndep_required) n->has |= SK_BIT(SK_DEP_REQUIRED);
  return 0;
}

static int validation(kw_ctx_t *k) {
  schema_node_t *n = k->n;
  const json_t *s = k->s, *v;
  if ((v = json_object_get(s, "type")) && types(k, v) < 0) return -1;
  if ((v = json_object_get(s, "const"))) {
    n->const_val = v;
    n->has |= SK_BIT(SK_CONST);
  }
  if ((v = json_object_get(s, "enum"))) {
    if (!json_is_array(v)) return schema_cc_fail(k->cc, n, "enum", "must be an array");
    n->enum_vals = v;
    n->has |= SK_BIT(SK_ENUM);
  }
  if (number_kw(k, "multipleOf", SK_MULTIPLE_OF, &n->multiple_of) < 0 ||
      number_kw(k, "maximum", SK_MAXIMUM, &n->maximum) < 0 ||
      number_kw(k, "exclusiveMaximum", SK_EXCL_MAXIMUM, &n->excl_maximum) < 0 ||
      number_kw(k, "minimum", SK_MINIMUM, &n->minimum) < 0 ||
      number_kw(k, "exclusiveMinimum", SK_EXCL_MINIMUM, &n->excl_minimum) < 0)
    return -1;
  if (n->has & SK_BIT(SK_MULTIPLE_OF)) {
    if (n->multiple_of.is_int ? n->multiple_of.i <= 0 : !(n->multiple_of.d > 0))
      return schema_cc_fail(k->cc, n, "multipleOf", "must be greater than 0");
    schema_dec_from_num(&n->multiple_of, &n->multiple_dec);
  }
  if (count_kw(k, "maxLength", SK_MAX_LENGTH, &n->max_length) < 0 ||
      count_kw(k, "minLength", SK_MIN_LENGTH, &n->min_length) < 0 ||
      count_kw(k, "maxItems", SK_MAX_ITEMS, &n->max_items) < 0 ||
      count_kw(k, "minItems", SK_MIN_ITEMS, &n->min_items) < 0 ||
      count_kw(k, "maxProperties", SK_MAX_PROPS, &n->max_props) < 0 ||
      count_kw(k, "minProperties", SK_MIN_PROPS, &n->min_props) < 0)
    return -1;
  if (!k->d7) {
    n->has_max_contains = json_object_get(s, "maxContains") != NULL;
    n->has_min_contains = json_object_get(s, "minContains") != NULL;
    if (count_kw(k, "maxContains", 0, &n->max_contains) < 0 ||
        count_kw(k, "minContains", 0, &n->min_contains) < 0)
      return -1;
  }
  int rc = 0;
  const char *pat = string_kw(k, "pattern", &rc);
  if (rc) return rc;
  if (pat) {
    sbuf_t msg = SBUF_INIT;
    v = json_object_get(s, "pattern");
    n->pattern = schema_regex_new(pat, json_string_length(v), &msg);
    if (!n->pattern) {
      schema_cc_fail(k->cc, n, "pattern", "\"%s\" is not a valid regular expression: %s", pat,
                     sbuf_cstr(&msg));
      sbuf_free(&msg);
      return -1;
    }
    n->has |= SK_BIT(SK_PATTERN);
  }
  if ((v = json_object_get(s, "uniqueItems"))) {
    if (!json_is_boolean(v)) return schema_cc_fail(k->cc, n, "uniqueItems", "must be a boolean");
    n->unique_items = json_is_true(v);
    if (n->unique_items) n->has |= SK_BIT(SK_UNIQUE_ITEMS);
  }
  if ((v = json_object_get(s, "required"))) {
    if (!(n->required = name_list(k, "required", v, &n->nrequired))) return -1;
    if (n->nrequired) n->has |= SK_BIT(SK_REQUIRED);
  }
  if (!k->d7 && (v = json_object_get(s, "dependentRequired")) &&
      dep_required(k, "dependentRequired", v, false) < 0)
    return -1;
  return 0;
}

int schema_compile_keywords(schema_cc_t *cc, schema_node_t *n) {
  kw_ctx_t k = {cc, n, n->json, false, false, false, false, false, false};
  unsigned vocab = n->res->vocab;
  k.d7 = n->draft == SCHEMA_DRAFT_7;
  k.d19 = n->draft == SCHEMA_DRAFT_2019_09;
  k.d20 = n->draft == SCHEMA_DRAFT_2020_12;
  k.appl = k.d7 || (vocab & SCHEMA_VOCAB_APPLICATOR);
  k.valid = k.d7 || (vocab & SCHEMA_VOCAB_VALIDATION);
  k.uneval = !k.d7 && (vocab & SCHEMA_VOCAB_UNEVALUATED);

  if (refs(&k) < 0) return -1;
  if (k.d7 && (n->has & SK_BIT(SK_REF))) return 0; /* draft 7: $ref overrides siblings */
  if (k.appl && applicators(&k) < 0) return -1;
  if (k.uneval) {
    if (one(&k, "unevaluatedProperties", &n->uneval_props) < 0 ||
        one(&k, "unevaluatedItems", &n->uneval_items) < 0)
      return -1;
    if (n->uneval_props) n->has |= SK_BIT(SK_UNEVAL_PROPS);
    if (n->uneval_items) n->has |= SK_BIT(SK_UNEVAL_ITEMS);
  }
  if (k.valid && validation(&k) < 0) return -1;
  const json_t *dep = json_object_get(n->json, "dependencies");
  if (dep && (k.valid || k.appl) && dep_required(&k, "dependencies", dep, true) < 0) return -1;
  if (n->contains && !k.d7) {
    if (!n->has_min_contains) n->min_contains = 1;
  } else {
    n->min_contains = 1;
    n->has_min_contains = n->has_max_contains = false;
  }

  /* format: asserted when the registry asks for it or the dialect's meta-schema declares
   * the format-assertion vocabulary; unknown formats are ignored. */
  const json_t *f = json_object_get(n->json, "format");
  bool fvocab = k.d7 || (vocab & SCHEMA_VOCAB_FORMAT);
  if (f && fvocab) {
    if (!json_is_string(f)) return schema_cc_fail(cc, n, "format", "must be a string");
    if (cc->reg->opts.assert_formats || (vocab & SCHEMA_VOCAB_FORMAT_ASSERTION)) {
      n->format = schema_format_lookup(json_string_value(f));
      n->format_name = json_string_value(f);
      if (n->format) n->has |= SK_BIT(SK_FORMAT);
    }
  }
  return 0;
}
