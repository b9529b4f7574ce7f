/* compile: turns a schema location into a node, once. Nodes of object schemas are keyed by
 * their json_t in the registry, so a $ref to a schema that is being compiled (recursion)
 * gets the node under construction; a resource's root node is compiled before any of its
 * subschemas, because validation's dynamic scope is a stack of root nodes and $dynamicRef
 * needs the root's $dynamicAnchor targets. Keyword parsing is in compile_kw.c.
 *
 * Memory: nodes belong to the registry (object schemas through reg->nodes, the rest
 * through reg->extra); the compile context lists the nodes it created, so that a failed
 * compilation can take all of them out again and leave no half-built node behind. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "schema/schema_int.h"

int schema_cc_fail(schema_cc_t *cc, const schema_node_t *n, const char *kw, const char *fmt, ...) {
  if (cc->err->len) return -1; /* the innermost failure explains best */
  sbuf_puts(cc->err, "invalid schema at ");
  const char *path = n ? n->path : "";
  sbuf_puts(cc->err, *path || kw ? path : "the root");
  if (kw) {
    sbuf_putc(cc->err, '/');
    schema_ptr_escape(cc->err, kw, strlen(kw));
  }
  sbuf_puts(cc->err, ": ");
  va_list ap;
  va_start(ap, fmt);
  sbuf_vprintf(cc->err, fmt, ap);
  va_end(ap);
  return -1;
}

static void created(schema_cc_t *cc, schema_node_t *n) {
  if (cc->ncreated == cc->cap) {
    cc->cap = cc->cap ? cc->cap * 2 : 16;
    cc->created = xrealloc(cc->created, cc->cap * sizeof *cc->created);
  }
  cc->created[cc->ncreated++] = n;
}

static schema_node_t *node_new(schema_cc_t *cc, const json_t *json, schema_res_t *res,
                               const char *ptr) {
  schema_node_t *n = xcalloc(1, sizeof *n);
  n->json = json;
  n->res = res;
  n->draft = res->draft;
  /* errors in the schema the caller gave print plain pointers; elsewhere, the URI */
  n->path = res->doc->user ? xstrdup(ptr) : xasprintf("%s#%s", res->doc->uri, ptr);
  if (json_is_object(json)) schema_map_addp(&cc->reg->nodes, json, n);
  else schema_reg_keep_extra(cc->reg, n);
  created(cc, n);
  return n;
}

static int compile_root_parts(schema_cc_t *cc, schema_node_t *n) {
  schema_res_t *res = n->res;
  n->recursive_anchor = res->recursive_anchor;
  if (!res->ndyn) return 0;
  n->dyn = xcalloc(res->ndyn, sizeof *n->dyn);
  for (size_t i = 0; i < res->ndyn; i++) {
    schema_loc_t *loc = schema_map_getp(&res->doc->locs, res->dyn[i].json);
    schema_node_t *t = loc ? schema_compile_loc(cc, loc) : NULL;
    if (!t) return schema_cc_fail(cc, n, "$dynamicAnchor", "cannot compile its target");
    n->dyn[i].name = res->dyn[i].name;
    n->dyn[i].len = strlen(res->dyn[i].name);
    n->dyn[i].node = t;
    n->ndyn = i + 1;
  }
  return 0;
}

/* Schemas nested deeper than this are refused rather than risking the C stack (a few
 * frames per level; ASan's frames are large). */
#define SCHEMA_MAX_COMPILE_DEPTH 400

static schema_node_t *compile_node(schema_cc_t *cc, schema_loc_t *loc);

schema_node_t *schema_compile_loc(schema_cc_t *cc, schema_loc_t *loc) {
  if (json_is_object(loc->json)) {
    schema_node_t *n = schema_map_getp(&cc->reg->nodes, loc->json);
    if (n) return n;
  }
  if (cc->depth >= SCHEMA_MAX_COMPILE_DEPTH) {
    if (!cc->err->len)
      sbuf_printf(cc->err, "invalid schema: the schema nests too deeply (over %d levels)",
                  SCHEMA_MAX_COMPILE_DEPTH);
    return NULL;
  }
  if (schema_res_dialect(cc->reg, loc->res, cc->err) < 0) return NULL;
  cc->depth++;
  schema_node_t *n = compile_node(cc, loc);
  cc->depth--;
  return n;
}

static schema_node_t *compile_node(schema_cc_t *cc, schema_loc_t *loc) {
  schema_node_t *n = node_new(cc, loc->json, loc->res, loc->path);
  if (json_is_boolean(loc->json)) {
    n->is_bool = true;
    n->bool_value = json_is_true(loc->json);
    n->root = n;
    return n;
  }
  if (!json_is_object(loc->json)) {
    schema_cc_fail(cc, n, NULL, "a schema must be an object or a boolean");
    return NULL;
  }
  n->is_root = loc->json == loc->res->json;
  if (n->is_root) {
    n->root = n;
    if (compile_root_parts(cc, n) < 0) return NULL;
  } else {
    schema_loc_t *rl = schema_map_getp(&loc->res->doc->locs, loc->res->json);
    schema_node_t *root = rl ? schema_compile_loc(cc, rl) : NULL;
    if (!root) return NULL;
    n->root = root;
  }
  if (schema_compile_keywords(cc, n) < 0) return NULL;
  return n;
}

schema_node_t *schema_compile_child(schema_cc_t *cc, schema_node_t *parent, const json_t *json,
                                    const char *kw) {
  sbuf_t path = SBUF_INIT;
  schema_loc_t *ploc = schema_map_getp(&parent->res->doc->locs, parent->json);
  sbuf_puts(&path, ploc ? ploc->path : "");
  sbuf_puts(&path, kw);
  schema_loc_t *loc = schema_doc_loc(parent->res->doc, json, parent->res, sbuf_cstr(&path));
  sbuf_free(&path);
  if (!json_is_object(json) && !json_is_boolean(json)) {
    if (!cc->err->len)
      sbuf_printf(cc->err, "invalid schema at %s%s: must be a schema (an object or a boolean)",
                  parent->path, kw);
    return NULL;
  }
  return schema_compile_loc(cc, loc);
}

void schema_node_free(schema_node_t *n) {
  if (!n) return;
  free(n->path);
  free(n->dyn);
  schema_regex_free(n->pattern);
  free(n->prefix_items);
  free(n->props);
  for (size_t i = 0; i < n->npprops; i++) schema_regex_free(n->pprops[i].re);
  free(n->pprops);
  free(n->required);
  for (size_t i = 0; i < n->ndep_required; i++) free(n->dep_required[i].req);
  free(n->dep_required);
  free(n->dep_schemas);
  free(n->all_of);
  free(n->any_of);
  free(n->one_of);
  free(n);
}
