/* validate_obj: the object keywords (properties, patternProperties, additionalProperties,
 * propertyNames, required, dependentRequired/dependentSchemas/dependencies, min/max
 * properties) and unevaluatedProperties. Property names evaluated at this location are
 * marked in the caller's eval when it collects them (see eval.c).
 *
 * Memory: nothing is kept; propertyNames needs each name as a json_t, made and released
 * around its check. */
#include <stdlib.h>
#include <string.h>

#include "schema/schema_int.h"

static const schema_node_t *find_prop(const schema_node_t *n, const char *key, size_t len) {
  for (size_t i = 0; i < n->nprops; i++) {
    const schema_prop_t *p = &n->props[i];
    if (p->len == len && p->name[0] == key[0] && memcmp(p->name, key, len) == 0) return p->node;
  }
  return NULL;
}

static bool at_key(schema_vctx_t *c, const schema_node_t *s, const char *key, size_t len,
                   const json_t *v) {
  schema_push_key(c, key, len);
  bool ok = schema_v_node(c, s, v, NULL);
  schema_pop(c);
  return ok;
}

/* properties, patternProperties and additionalProperties, in one pass over the instance
 * (or over `properties` alone when that is the only one of the three). */
static bool v_props(schema_vctx_t *c, const schema_node_t *n, const json_t *inst,
                    schema_eval_t *ev) {
  bool ok = true, fast = !schema_collecting(c);
  if (!(n->has & (SK_BIT(SK_PATTERN_PROPS) | SK_BIT(SK_ADDITIONAL_PROPS)))) {
    for (size_t i = 0; i < n->nprops; i++) {
      const schema_prop_t *p = &n->props[i];
      const json_t *v = json_object_get(inst, p->name);
      if (!v) continue;
      if (ev) schema_eval_mark_key(ev, p->name);
      if (!at_key(c, p->node, p->name, p->len, v)) {
        ok = false;
        if (fast) return false;
      }
    }
    return ok;
  }
  const char *key;
  json_t *v;
  json_object_foreach((json_t *)inst, key, v) {
    size_t len = strlen(key);
    bool matched = false;
    const schema_node_t *p = n->nprops ? find_prop(n, key, len) : NULL;
    if (p) {
      matched = true;
      if (!at_key(c, p, key, len, v)) {
        ok = false;
        if (fast) return false;
      }
    }
    for (size_t i = 0; i < n->npprops; i++) {
      if (schema_regex_match(n->pprops[i].re, key, len) != 1) continue;
      matched = true;
      if (!at_key(c, n->pprops[i].node, key, len, v)) {
        ok = false;
        if (fast) return false;
      }
    }
    if (!matched && n->additional_props) {
      matched = true;
      const schema_node_t *a = n->additional_props;
      if (a->is_bool && !a->bool_value) {
        ok = false;
        schema_emit(c, n, "additionalProperties", "has unexpected property '%s'", key);
        if (fast) return false;
      } else if (!at_key(c, a, key, len, v)) {
        ok = false;
        if (fast) return false;
      }
    }
    if (matched && ev) schema_eval_mark_key(ev, key);
  }
  return ok;
}

static bool v_property_names(schema_vctx_t *c, const schema_node_t *n, const json_t *inst) {
  bool ok = true, fast = !schema_collecting(c);
  const schema_node_t *pn = n->property_names;
  const char *key;
  json_t *v;
  json_object_foreach((json_t *)inst, key, v) {
    size_t len = strlen(key);
    if (pn->is_bool) {
      if (pn->bool_value) break;
      ok = false;
      schema_emit(c, n, "propertyNames", "property name '%s' is invalid", key);
      if (fast) return false;
      continue;
    }
    json_t *name = json_stringn(key, len);
    if (!name) continue; /* not UTF-8: jansson keys always are */
    const char *saved = c->pname;
    size_t saved_len = c->pname_len;
    c->pname = key;
    c->pname_len = len;
    bool r = schema_v_node(c, pn, name, NULL);
    c->pname = saved;
    c->pname_len = saved_len;
    json_decref(name);
    if (!r) {
      ok = false;
      if (fast) return false;
    }
  }
  return ok;
}

bool schema_v_object(schema_vctx_t *c, const schema_node_t *n, const json_t *inst,
                     schema_eval_t *ev) {
  bool ok = true, fast = !schema_collecting(c);
  uint64_t has = n->has;
#define FAIL()              \
  do {                      \
    ok = false;             \
    if (fast) return false; \
  } while (0)
  size_t size = json_object_size(inst);
  if ((has & SK_BIT(SK_MAX_PROPS)) && size > n->max_props) {
    schema_emit(c, n, "maxProperties", "must NOT have more than %zu properties", n->max_props);
    FAIL();
  }
  if ((has & SK_BIT(SK_MIN_PROPS)) && size < n->min_props) {
    schema_emit(c, n, "minProperties", "must NOT have fewer than %zu properties", n->min_props);
    FAIL();
  }
  if (has & SK_BIT(SK_REQUIRED)) {
    for (size_t i = 0; i < n->nrequired; i++) {
      if (json_object_get(inst, n->required[i])) continue;
      schema_emit(c, n, "required", "must have required property '%s'", n->required[i]);
      FAIL();
    }
  }
  if (has & SK_BIT(SK_DEP_REQUIRED)) {
    for (size_t i = 0; i < n->ndep_required; i++) {
      const schema_dep_t *d = &n->dep_required[i];
      if (!json_object_get(inst, d->name)) continue;
      for (size_t j = 0; j < d->nreq; j++) {
        if (json_object_get(inst, d->req[j])) continue;
        schema_emit(c, n, n->draft == SCHEMA_DRAFT_7 ? "dependencies" : "dependentRequired",
                    "must have property '%s' when property '%s' is present", d->req[j], d->name);
        FAIL();
      }
    }
  }
  if ((has & (SK_BIT(SK_PROPERTIES) | SK_BIT(SK_PATTERN_PROPS) | SK_BIT(SK_ADDITIONAL_PROPS))) &&
      !v_props(c, n, inst, ev))
    FAIL();
  if ((has & SK_BIT(SK_PROPERTY_NAMES)) && !v_property_names(c, n, inst)) FAIL();
  if (has & SK_BIT(SK_DEP_SCHEMAS)) {
    for (size_t i = 0; i < n->ndep_schemas; i++) {
      const schema_dep_t *d = &n->dep_schemas[i];
      if (json_object_get(inst, d->name) && !schema_v_inplace(c, d->node, inst, ev)) FAIL();
    }
  }
#undef FAIL
  return ok;
}

bool schema_v_uneval_props(schema_vctx_t *c, const schema_node_t *n, const json_t *inst,
                           schema_eval_t *ev) {
  bool ok = true, fast = !schema_collecting(c);
  const schema_node_t *u = n->uneval_props;
  const char *key;
  json_t *v;
  json_object_foreach((json_t *)inst, key, v) {
    if (schema_eval_has_key(ev, key)) continue;
    bool r;
    if (u->is_bool && !u->bool_value) {
      schema_emit(c, n, "unevaluatedProperties", "has unevaluated property '%s'", key);
      r = false;
    } else {
      r = at_key(c, u, key, strlen(key), v);
    }
    if (!r) {
      ok = false;
      if (fast) return false;
    }
  }
  if (ok) ev->all_keys = true;
  return ok;
}
