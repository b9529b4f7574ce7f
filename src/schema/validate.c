/* validate: walks a compiled node over an instance. This file has the per-node driver,
 * the in-place applicators ($ref and its dynamic forms, allOf/anyOf/oneOf/not/if), the
 * scalar assertions and error reporting; object and array keywords are in validate_obj.c
 * and validate_arr.c.
 *
 * Errors are only built when the caller asked for them and no enclosing keyword (not, if,
 * contains, a failed anyOf branch) would discard them; without that, validation stops at
 * the first failing keyword. Instance paths are a stack of borrowed segments rendered only
 * when an error is reported, so a valid instance costs no allocation. The dynamic scope is
 * a stack of resource root nodes, pushed when evaluation enters another resource.
 *
 * Memory: errors appended to the caller's schema_errors_t are owned by it; the path and
 * scope stacks start in the context and move to the heap only when deep. */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "schema/schema_int.h"

/* Nested schema evaluations before giving up: deep enough for any sane instance, shallow
 * enough for the C stack (also under ASan, whose frames are several times larger). */
#define SCHEMA_MAX_RECURSION 1500

void schema_push_key(schema_vctx_t *c, const char *key, size_t len) {
  if (c->depth == c->path_cap) {
    size_t cap = c->path_cap * 2;
    schema_seg_t *p = xmalloc(cap * sizeof *p);
    memcpy(p, c->path, c->depth * sizeof *p);
    if (c->path != c->path_buf) free(c->path);
    c->path = p;
    c->path_cap = cap;
  }
  schema_seg_t *s = &c->path[c->depth++];
  s->is_index = false;
  s->key = key;
  s->len = len;
}

void schema_push_index(schema_vctx_t *c, size_t index) {
  schema_push_key(c, NULL, 0);
  c->path[c->depth - 1].is_index = true;
  c->path[c->depth - 1].index = index;
}

static void push_scope(schema_vctx_t *c, const schema_node_t *root) {
  if (c->nscope == c->scope_cap) {
    size_t cap = c->scope_cap * 2;
    const schema_node_t **p = xmalloc(cap * sizeof *p);
    memcpy(p, c->scope, c->nscope * sizeof *p);
    if (c->scope != c->scope_buf) free(c->scope);
    c->scope = p;
    c->scope_cap = cap;
  }
  c->scope[c->nscope++] = root;
}

void schema_emit(schema_vctx_t *c, const schema_node_t *n, const char *kw, const char *fmt, ...) {
  if (!schema_collecting(c)) return;
  sbuf_t b = SBUF_INIT;
  for (size_t i = 0; i < c->depth; i++) {
    sbuf_putc(&b, '/');
    if (c->path[i].is_index) sbuf_printf(&b, "%zu", c->path[i].index);
    else schema_ptr_escape(&b, c->path[i].key, c->path[i].len);
  }
  schema_error_t e;
  e.instance_path = sbuf_take(&b);
  sbuf_puts(&b, n->path);
  if (kw) {
    sbuf_putc(&b, '/');
    schema_ptr_escape(&b, kw, strlen(kw));
  }
  e.schema_path = sbuf_take(&b);
  e.keyword = xstrdup(kw ? kw : "false schema");
  if (c->pname) {
    sbuf_puts(&b, "property name '");
    sbuf_append(&b, c->pname, c->pname_len);
    sbuf_puts(&b, "' ");
  }
  va_list ap;
  va_start(ap, fmt);
  sbuf_vprintf(&b, fmt, ap);
  va_end(ap);
  e.message = sbuf_take(&b);
  schema_errors_t *errs = c->errors;
  errs->items = xrealloc(errs->items, (errs->len + 1) * sizeof *errs->items);
  errs->items[errs->len++] = e;
}

/* Drops errors reported since `mark` (a passing anyOf/oneOf branch's siblings). */
static void truncate_errors(schema_vctx_t *c, size_t mark) {
  if (!c->errors) return;
  schema_errors_t *errs = c->errors;
  while (errs->len > mark) {
    schema_error_t *e = &errs->items[--errs->len];
    free(e->instance_path);
    free(e->schema_path);
    free(e->keyword);
    free(e->message);
  }
}

static size_t error_mark(const schema_vctx_t *c) { return c->errors ? c->errors->len : 0; }

bool schema_v_inplace(schema_vctx_t *c, const schema_node_t *n, const json_t *inst,
                      schema_eval_t *ev) {
  if (!ev) return schema_v_node(c, n, inst, NULL);
  schema_eval_t sub;
  memset(&sub, 0, sizeof sub);
  bool ok = schema_v_node(c, n, inst, &sub);
  if (ok) schema_eval_merge(ev, &sub);
  schema_eval_free(&sub);
  return ok;
}

static bool type_matches(unsigned types, const json_t *v) {
  switch (json_typeof(v)) {
  case JSON_OBJECT: return types & ST_OBJECT;
  case JSON_ARRAY: return types & ST_ARRAY;
  case JSON_STRING: return types & ST_STRING;
  case JSON_INTEGER: return types & (ST_NUMBER | ST_INTEGER);
  case JSON_REAL: {
    if (types & ST_NUMBER) return true;
    double d = json_real_value(v);
    return (types & ST_INTEGER) && isfinite(d) && d == floor(d);
  }
  case JSON_TRUE:
  case JSON_FALSE: return types & ST_BOOLEAN;
  default: return types & ST_NULL;
  }
}

static void type_error(schema_vctx_t *c, const schema_node_t *n) {
  if (!schema_collecting(c)) return;
  sbuf_t b = SBUF_INIT;
  const json_t *t = n->type_json;
  if (json_is_string(t)) {
    sbuf_puts(&b, json_string_value(t));
  } else {
    for (size_t i = 0; i < json_array_size(t); i++) {
      if (i) sbuf_putc(&b, ',');
      sbuf_puts(&b, json_string_value(json_array_get(t, i)));
    }
  }
  schema_emit(c, n, "type", "must be %s", sbuf_cstr(&b));
  sbuf_free(&b);
}

static void enum_error(schema_vctx_t *c, const schema_node_t *n) {
  if (!schema_collecting(c)) return;
  sbuf_t b = SBUF_INIT;
  for (size_t i = 0; i < json_array_size(n->enum_vals); i++) {
    if (i) sbuf_puts(&b, ", ");
    schema_value_text(&b, json_array_get(n->enum_vals, i));
  }
  schema_emit(c, n, "enum", "must be one of: %s", sbuf_cstr(&b));
  sbuf_free(&b);
}

static bool limit_fails(schema_vctx_t *c, const schema_node_t *n, const json_t *inst, int kw,
                        const schema_num_t *lim) {
  static const char *names[] = {[SK_MAXIMUM] = "maximum",
                                [SK_EXCL_MAXIMUM] = "exclusiveMaximum",
                                [SK_MINIMUM] = "minimum",
                                [SK_EXCL_MINIMUM] = "exclusiveMinimum"};
  static const char *ops[] = {
      [SK_MAXIMUM] = "<=", [SK_EXCL_MAXIMUM] = "<", [SK_MINIMUM] = ">=", [SK_EXCL_MINIMUM] = ">"};
  int cmp = schema_num_cmp(inst, lim);
  bool bad = kw == SK_MAXIMUM        ? cmp > 0
             : kw == SK_EXCL_MAXIMUM ? cmp >= 0
             : kw == SK_MINIMUM      ? cmp < 0
                                     : cmp <= 0;
  if (bad && schema_collecting(c)) {
    sbuf_t b = SBUF_INIT;
    schema_num_text(&b, lim);
    schema_emit(c, n, names[kw], "must be %s %s", ops[kw], sbuf_cstr(&b));
    sbuf_free(&b);
  }
  return bad;
}

static bool multiple_of(const schema_node_t *n, const json_t *inst) {
  if (json_is_integer(inst) && n->multiple_of.is_int)
    return json_integer_value(inst) % n->multiple_of.i == 0;
  schema_num_t v;
  schema_dec_t d;
  schema_num_from_json(inst, &v);
  schema_dec_from_num(&v, &d);
  return schema_dec_is_multiple(&d, &n->multiple_dec);
}

#define NUM_KWS                                                                                 \
  (SK_BIT(SK_MULTIPLE_OF) | SK_BIT(SK_MAXIMUM) | SK_BIT(SK_EXCL_MAXIMUM) | SK_BIT(SK_MINIMUM) | \
   SK_BIT(SK_EXCL_MINIMUM))
#define STR_KWS \
  (SK_BIT(SK_MAX_LENGTH) | SK_BIT(SK_MIN_LENGTH) | SK_BIT(SK_PATTERN) | SK_BIT(SK_FORMAT))
#define OBJ_KWS                                                                     \
  (SK_BIT(SK_PROPERTIES) | SK_BIT(SK_PATTERN_PROPS) | SK_BIT(SK_ADDITIONAL_PROPS) | \
   SK_BIT(SK_PROPERTY_NAMES) | SK_BIT(SK_REQUIRED) | SK_BIT(SK_DEP_REQUIRED) |      \
   SK_BIT(SK_DEP_SCHEMAS) | SK_BIT(SK_MAX_PROPS) | SK_BIT(SK_MIN_PROPS))
#define ARR_KWS                                                                              \
  (SK_BIT(SK_PREFIX_ITEMS) | SK_BIT(SK_ITEMS) | SK_BIT(SK_CONTAINS) | SK_BIT(SK_MAX_ITEMS) | \
   SK_BIT(SK_MIN_ITEMS) | SK_BIT(SK_UNIQUE_ITEMS))

static bool v_number(schema_vctx_t *c, const schema_node_t *n, const json_t *inst) {
  bool ok = true;
  if ((n->has & SK_BIT(SK_MULTIPLE_OF)) && !multiple_of(n, inst)) {
    ok = false;
    if (!schema_collecting(c)) return false;
    sbuf_t b = SBUF_INIT;
    schema_num_text(&b, &n->multiple_of);
    schema_emit(c, n, "multipleOf", "must be multiple of %s", sbuf_cstr(&b));
    sbuf_free(&b);
  }
  static const int kws[] = {SK_MAXIMUM, SK_EXCL_MAXIMUM, SK_MINIMUM, SK_EXCL_MINIMUM};
  const schema_num_t *lims[] = {&n->maximum, &n->excl_maximum, &n->minimum, &n->excl_minimum};
  for (int i = 0; i < 4; i++) {
    if ((n->has & SK_BIT(kws[i])) && limit_fails(c, n, inst, kws[i], lims[i])) {
      ok = false;
      if (!schema_collecting(c)) return false;
    }
  }
  return ok;
}

static bool v_string(schema_vctx_t *c, const schema_node_t *n, const json_t *inst) {
  bool ok = true;
  const char *s = json_string_value(inst);
  size_t len = json_string_length(inst);
  if (n->has & (SK_BIT(SK_MAX_LENGTH) | SK_BIT(SK_MIN_LENGTH))) {
    size_t cps = schema_utf8_length(s, len);
    if ((n->has & SK_BIT(SK_MAX_LENGTH)) && cps > n->max_length) {
      ok = false;
      schema_emit(c, n, "maxLength", "must NOT have more than %zu characters", n->max_length);
    }
    if ((n->has & SK_BIT(SK_MIN_LENGTH)) && cps < n->min_length) {
      ok = false;
      schema_emit(c, n, "minLength", "must NOT have fewer than %zu characters", n->min_length);
    }
    if (!ok && !schema_collecting(c)) return false;
  }
  if ((n->has & SK_BIT(SK_PATTERN)) && schema_regex_match(n->pattern, s, len) != 1) {
    ok = false;
    schema_emit(c, n, "pattern", "must match pattern \"%s\"", schema_regex_source(n->pattern));
    if (!schema_collecting(c)) return false;
  }
  if ((n->has & SK_BIT(SK_FORMAT)) && !n->format(s, len)) {
    ok = false;
    schema_emit(c, n, "format", "must be a valid %s", n->format_name);
  }
  return ok;
}

/* $dynamicRef: the outermost resource in the dynamic scope that declares the anchor. */
static const schema_node_t *dynamic_target(const schema_vctx_t *c, const schema_node_t *n) {
  if (!n->dynref_name) return n->dynref;
  size_t len = strlen(n->dynref_name);
  for (size_t i = 0; i < c->nscope; i++) {
    const schema_node_t *root = c->scope[i];
    for (size_t j = 0; j < root->ndyn; j++)
      if (root->dyn[j].len == len && memcmp(root->dyn[j].name, n->dynref_name, len) == 0)
        return root->dyn[j].node;
  }
  return n->dynref;
}

/* $recursiveRef: when its target has "$recursiveAnchor": true, the outermost resource in
 * the dynamic scope that has one too. */
static const schema_node_t *recursive_target(const schema_vctx_t *c, const schema_node_t *n) {
  const schema_node_t *t = n->recref;
  if (!t->is_root || !t->recursive_anchor) return t;
  for (size_t i = 0; i < c->nscope; i++)
    if (c->scope[i]->recursive_anchor) return c->scope[i];
  return t;
}

static bool v_combinators(schema_vctx_t *c, const schema_node_t *n, const json_t *inst,
                          schema_eval_t *ev) {
  bool ok = true, fast = !schema_collecting(c);
  if (n->has & SK_BIT(SK_ALL_OF)) {
    for (size_t i = 0; i < n->nall_of; i++) {
      if (!schema_v_inplace(c, n->all_of[i], inst, ev)) {
        ok = false;
        if (fast) return false;
      }
    }
  }
  if (n->has & SK_BIT(SK_ANY_OF)) {
    size_t mark = error_mark(c);
    bool any = false;
    for (size_t i = 0; i < n->nany_of && !c->fatal; i++) {
      if (any && !ev) break; /* annotations need every passing branch; otherwise one is enough */
      if (schema_v_inplace(c, n->any_of[i], inst, ev)) any = true;
    }
    if (any) {
      truncate_errors(c, mark);
    } else {
      ok = false;
      schema_emit(c, n, "anyOf", "must match a schema in anyOf");
      if (fast) return false;
    }
  }
  if (n->has & SK_BIT(SK_ONE_OF)) {
    size_t mark = error_mark(c), passed = 0;
    for (size_t i = 0; i < n->none_of && passed < 2 && !c->fatal; i++)
      if (schema_v_inplace(c, n->one_of[i], inst, ev)) passed++;
    if (passed) truncate_errors(c, mark);
    if (passed != 1) {
      ok = false;
      schema_emit(c, n, "oneOf", "must match exactly one schema in oneOf");
      if (fast) return false;
    }
  }
  if (n->has & SK_BIT(SK_NOT)) {
    c->quiet++;
    bool r = schema_v_node(c, n->not_, inst, NULL);
    c->quiet--;
    if (r) {
      ok = false;
      schema_emit(c, n, "not", "must NOT be valid");
      if (fast) return false;
    }
  }
  if (n->has & SK_BIT(SK_IF)) {
    c->quiet++;
    bool r = schema_v_inplace(c, n->if_, inst, ev);
    c->quiet--;
    const schema_node_t *branch = r ? n->then_ : n->else_;
    if (branch && !schema_v_inplace(c, branch, inst, ev)) {
      ok = false;
      schema_emit(c, n, "if", "must match \"%s\" schema", r ? "then" : "else");
    }
  }
  return ok;
}

bool schema_v_node(schema_vctx_t *c, const schema_node_t *n, const json_t *inst,
                   schema_eval_t *ev) {
  if (n->is_bool) {
    if (!n->bool_value) schema_emit(c, n, NULL, "boolean schema is false");
    return n->bool_value;
  }
  if (c->fatal) return false;
  if (++c->recursion > SCHEMA_MAX_RECURSION) {
    c->fatal = true;
    c->recursion--;
    return false;
  }
  bool pushed = false;
  if (!c->nscope || c->scope[c->nscope - 1] != n->root) {
    push_scope(c, n->root);
    pushed = true;
  }
  bool ok = true, fast = !schema_collecting(c);
  uint64_t has = n->has;
  schema_eval_t local, *my = ev;
  bool own_eval = has & (SK_BIT(SK_UNEVAL_PROPS) | SK_BIT(SK_UNEVAL_ITEMS));
  if (own_eval) {
    memset(&local, 0, sizeof local);
    my = &local;
  }
#define FAIL()           \
  do {                   \
    ok = false;          \
    if (fast) goto done; \
  } while (0)

  if ((has & SK_BIT(SK_REF)) && !schema_v_inplace(c, n->ref, inst, my)) FAIL();
  if ((has & SK_BIT(SK_DYNREF)) && !schema_v_inplace(c, dynamic_target(c, n), inst, my)) FAIL();
  if ((has & SK_BIT(SK_RECREF)) && !schema_v_inplace(c, recursive_target(c, n), inst, my)) FAIL();
  if ((has & SK_BIT(SK_TYPE)) && !type_matches(n->types, inst)) {
    type_error(c, n);
    FAIL();
  }
  if ((has & SK_BIT(SK_CONST)) && !schema_json_equal(inst, n->const_val)) {
    schema_emit(c, n, "const", "must be equal to constant");
    FAIL();
  }
  if (has & SK_BIT(SK_ENUM)) {
    size_t i = 0, cnt = json_array_size(n->enum_vals);
    while (i < cnt && !schema_json_equal(inst, json_array_get(n->enum_vals, i))) i++;
    if (i == cnt) {
      enum_error(c, n);
      FAIL();
    }
  }
  switch (json_typeof(inst)) {
  case JSON_INTEGER:
  case JSON_REAL:
    if ((has & NUM_KWS) && !v_number(c, n, inst)) FAIL();
    break;
  case JSON_STRING:
    if ((has & STR_KWS) && !v_string(c, n, inst)) FAIL();
    break;
  case JSON_OBJECT:
    if ((has & OBJ_KWS) && !schema_v_object(c, n, inst, my)) FAIL();
    break;
  case JSON_ARRAY:
    if ((has & ARR_KWS) && !schema_v_array(c, n, inst, my)) FAIL();
    break;
  default: break;
  }
  if ((has & (SK_BIT(SK_ALL_OF) | SK_BIT(SK_ANY_OF) | SK_BIT(SK_ONE_OF) | SK_BIT(SK_NOT) |
              SK_BIT(SK_IF))) &&
      !v_combinators(c, n, inst, my))
    FAIL();
  /* unevaluated*: last, once every in-place applicator has left its annotations */
  if ((has & SK_BIT(SK_UNEVAL_PROPS)) && json_is_object(inst) &&
      !schema_v_uneval_props(c, n, inst, my))
    FAIL();
  if ((has & SK_BIT(SK_UNEVAL_ITEMS)) && json_is_array(inst) &&
      !schema_v_uneval_items(c, n, inst, my))
    FAIL();
#undef FAIL

done:
  if (own_eval) {
    if (ok && ev) schema_eval_merge(ev, &local);
    schema_eval_free(&local);
  }
  if (pushed) c->nscope--;
  c->recursion--;
  return ok && !c->fatal;
}
