/* types: the JSON types a compiled schema allows, as its "type" keywords (and the values
 * of const and enum) say, followed through $ref (and the static targets of $dynamicRef and
 * $recursiveRef), allOf (each narrows), anyOf and oneOf (their union narrows). Callers
 * that hold text, not JSON (OpenAPI parameters), read it as the type this names. The
 * walk visits a bounded number of nodes, so a schema whose allOfs $ref each other in a
 * cycle cannot make it run long; what it does not see counts as "any type".
 *
 * Memory: nothing is allocated. */
#include "schema/schema_int.h"

/* Nodes visited at most by one schema_type_bits call. */
#define TYPES_MAX_VISITS 256

/* "number" admits integers: {number} and {integer} share {integer}. */
static unsigned widen(unsigned t) { return (t & ST_NUMBER) ? t | ST_INTEGER : t; }

/* Both constraints at once; 0 is "any type". */
static unsigned meet(unsigned a, unsigned b) {
  if (!a) return b;
  if (!b) return a;
  unsigned m = widen(a) & widen(b);
  return m ? m : a; /* contradictory: no value is valid, so reading text as a's is as good */
}

static unsigned value_type(const json_t *v) {
  switch (json_typeof(v)) {
  case JSON_OBJECT: return ST_OBJECT;
  case JSON_ARRAY: return ST_ARRAY;
  case JSON_STRING: return ST_STRING;
  case JSON_INTEGER: return ST_INTEGER;
  case JSON_REAL: return ST_NUMBER;
  case JSON_TRUE:
  case JSON_FALSE: return ST_BOOLEAN;
  default: return ST_NULL;
  }
}

/* What a walk asks about: the value a node judges, each item of an array it judges, or
 * one property of an object it judges (with `items`, that property's items). */
typedef struct {
  bool items;
  const char *prop; /* NULL unless a property's */
} types_of_t;

static unsigned node_types(const schema_node_t *n, const types_of_t *of, unsigned *budget);

/* The union of the branches' types (0 when one of them allows any). */
static unsigned union_of(schema_node_t *const *nodes, size_t n, const types_of_t *of,
                         unsigned *budget) {
  unsigned u = 0;
  for (size_t i = 0; i < n; i++) {
    unsigned t = node_types(nodes[i], of, budget);
    if (!t) return 0;
    u |= t;
  }
  return u;
}

/* The subschema of n for property `name`: properties, else additionalProperties (NULL
 * when a patternProperties might apply, or none does: any type). */
static const schema_node_t *prop_node(const schema_node_t *n, const char *name) {
  size_t len = strlen(name);
  for (size_t i = 0; i < n->nprops; i++)
    if (n->props[i].len == len && memcmp(n->props[i].name, name, len) == 0) return n->props[i].node;
  return n->npprops ? NULL : n->additional_props;
}

/* The types of what `of` asks about n. */
static unsigned node_types(const schema_node_t *n, const types_of_t *of, unsigned *budget) {
  if (!n || n->is_bool || *budget == 0) return 0;
  (*budget)--;
  unsigned t = 0;
  static const types_of_t kValue = {false, NULL};
  if (of->prop) {
    static const types_of_t kItems = {true, NULL};
    t = node_types(prop_node(n, of->prop), of->items ? &kItems : &kValue, budget);
  } else if (of->items) {
    t = node_types(n->items, &kValue, budget);
  } else {
    if (n->has & SK_BIT(SK_TYPE)) t = n->types;
    if (n->has & SK_BIT(SK_CONST)) t = meet(t, value_type(n->const_val));
    if ((n->has & SK_BIT(SK_ENUM)) && json_array_size(n->enum_vals)) {
      unsigned e = 0;
      for (size_t i = 0; i < json_array_size(n->enum_vals); i++)
        e |= value_type(json_array_get(n->enum_vals, i));
      t = meet(t, e);
    }
  }
  t = meet(t, node_types(n->ref, of, budget));
  t = meet(t, node_types(n->dynref, of, budget));
  t = meet(t, node_types(n->recref, of, budget));
  for (size_t i = 0; i < n->nall_of; i++) t = meet(t, node_types(n->all_of[i], of, budget));
  if (n->nany_of) t = meet(t, union_of(n->any_of, n->nany_of, of, budget));
  if (n->none_of) t = meet(t, union_of(n->one_of, n->none_of, of, budget));
  return t;
}

unsigned schema_type_bits(const schema_t *schema, unsigned *item_types) {
  unsigned budget = TYPES_MAX_VISITS;
  static const types_of_t kValue = {false, NULL}, kItems = {true, NULL};
  unsigned t = node_types(schema, &kValue, &budget);
  if (item_types) {
    budget = TYPES_MAX_VISITS;
    *item_types = (t & ST_ARRAY) ? node_types(schema, &kItems, &budget) : 0;
  }
  return t;
}

unsigned schema_prop_type_bits(const schema_t *schema, const char *name, unsigned *item_types) {
  unsigned budget = TYPES_MAX_VISITS;
  types_of_t of = {false, name};
  unsigned t = node_types(schema, &of, &budget);
  if (item_types) {
    budget = TYPES_MAX_VISITS;
    types_of_t items = {true, name};
    *item_types = (t & ST_ARRAY) ? node_types(schema, &items, &budget) : 0;
  }
  return t;
}
