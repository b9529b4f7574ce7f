/* registry: the schema module's entry points. A registry holds the documents added under
 * URIs (meta-schemas, remotes), the compile cache (schemas keyed by a hash of their
 * content, confirmed with json_equal, so a schema rebuilt from the same JS object every
 * call compiles once), and every compiled node.
 *
 * Memory: the registry owns its documents (each holds a reference on its json_t), its
 * cached copies of compiled schemas, the nodes and the error text of schemas that failed
 * to compile (cached too, so a broken schema is not recompiled on every call). */
#include <stdlib.h>
#include <string.h>

#include "schema/schema_int.h"

typedef struct schema_cache schema_cache_t;
struct schema_cache {
  json_t *copy;        /* the schema as first compiled (a deep copy) */
  schema_node_t *node; /* NULL when it failed */
  char *error;
  schema_cache_t *next; /* same hash */
};

schema_registry_t *schema_registry_new(const schema_options_t *opts) {
  schema_registry_t *reg = xcalloc(1, sizeof *reg);
  if (opts) {
    reg->opts = *opts;
  } else {
    reg->opts.assert_formats = true;
  }
  if (reg->opts.draft == SCHEMA_DRAFT_DEFAULT) reg->opts.draft = SCHEMA_DRAFT_2020_12;
  return reg;
}

void schema_reg_keep_extra(schema_registry_t *reg, schema_node_t *n) {
  if (reg->nextra == reg->extra_cap) {
    reg->extra_cap = reg->extra_cap ? reg->extra_cap * 2 : 16;
    reg->extra = xrealloc(reg->extra, reg->extra_cap * sizeof *reg->extra);
  }
  reg->extra[reg->nextra++] = n;
}

void schema_registry_free(schema_registry_t *reg) {
  if (!reg) return;
  for (size_t i = 0; i < reg->nodes.cap; i++) {
    schema_map_slot_t *sl = &reg->nodes.slots[i];
    if (sl->key && sl->key != SCHEMA_MAP_TOMB) schema_node_free(sl->val);
  }
  for (size_t i = 0; i < reg->nextra; i++) schema_node_free(reg->extra[i]);
  free(reg->extra);
  for (size_t i = 0; i < reg->cache.cap; i++) {
    schema_map_slot_t *sl = &reg->cache.slots[i];
    if (!sl->key || sl->key == SCHEMA_MAP_TOMB) continue;
    for (schema_cache_t *e = sl->val, *next; e; e = next) {
      next = e->next;
      json_decref(e->copy);
      free(e->error);
      free(e);
    }
  }
  for (size_t i = 0; i < reg->ndocs; i++) schema_doc_free(reg->docs[i]);
  free(reg->docs);
  schema_map_free(&reg->nodes);
  schema_map_free(&reg->cache);
  schema_map_free(&reg->ids);
  schema_map_free(&reg->anchors);
  free(reg);
}

static void keep_doc(schema_registry_t *reg, schema_doc_t *doc) {
  reg->docs = xrealloc(reg->docs, (reg->ndocs + 1) * sizeof *reg->docs);
  reg->docs[reg->ndocs++] = doc;
}

int schema_registry_add(schema_registry_t *reg, const char *uri, json_t *document) {
  if (!reg || !uri || !document || !schema_uri_has_scheme(uri)) return -1;
  if (!json_is_object(document) && !json_is_boolean(document)) return -1;
  const char *frag;
  char *base = schema_uri_split(uri, &frag);
  bool taken = schema_map_gets(&reg->ids, base) != NULL;
  free(base);
  if (taken) return -1;
  schema_doc_t *doc = schema_doc_new(document, uri, reg->opts.draft, false);
  keep_doc(reg, doc);
  /* its ids and anchors become visible to every schema (first registration wins) */
  for (size_t i = 0; i < doc->ids.cap; i++) {
    schema_map_slot_t *sl = &doc->ids.slots[i];
    if (sl->key && sl->key != SCHEMA_MAP_TOMB)
      schema_map_add(&reg->ids, sl->key, sl->klen, sl->val);
  }
  for (size_t i = 0; i < doc->anchors.cap; i++) {
    schema_map_slot_t *sl = &doc->anchors.slots[i];
    if (sl->key && sl->key != SCHEMA_MAP_TOMB)
      schema_map_add(&reg->anchors, sl->key, sl->klen, sl->val);
  }
  return 0;
}

/* Takes the nodes a failed compilation created out of the registry again: a later
 * compilation must not find a node whose keywords were never filled in. */
static void rollback(schema_registry_t *reg, schema_cc_t *cc) {
  for (size_t i = 0; i < cc->ncreated; i++) {
    schema_node_t *n = cc->created[i];
    if (json_is_object(n->json)) {
      schema_map_del(&reg->nodes, &n->json, sizeof n->json);
    } else {
      for (size_t j = reg->nextra; j-- > 0;) {
        if (reg->extra[j] == n) {
          reg->extra[j] = reg->extra[--reg->nextra];
          break;
        }
      }
    }
    schema_node_free(n);
  }
}

const schema_t *schema_compile(schema_registry_t *reg, const json_t *schema, sbuf_t *err) {
  if (!reg) return NULL;
  if (!json_is_object(schema) && !json_is_boolean(schema)) {
    if (err) sbuf_puts(err, "invalid schema: a schema must be an object or a boolean");
    return NULL;
  }
  uint64_t h = schema_json_content_hash(schema);
  schema_cache_t *head = schema_map_get(&reg->cache, &h, sizeof h);
  for (schema_cache_t *e = head; e; e = e->next) {
    if (json_equal(e->copy, (json_t *)schema)) {
      if (!e->node && err) sbuf_puts(err, e->error);
      return e->node;
    }
  }

  schema_cache_t *e = xcalloc(1, sizeof *e);
  e->copy = json_deep_copy(schema);
  char *uri = xasprintf("sonde:/schema/%lu/", ++reg->serial);
  schema_doc_t *doc = schema_doc_new(e->copy, uri, reg->opts.draft, true);
  free(uri);
  keep_doc(reg, doc);

  sbuf_t msg = SBUF_INIT;
  schema_cc_t cc = {reg, &msg, NULL, 0, 0};
  schema_loc_t *loc = schema_doc_loc(doc, doc->root, doc->res[0], "");
  e->node = schema_compile_loc(&cc, loc);
  if (!e->node) {
    rollback(reg, &cc);
    if (!msg.len) sbuf_puts(&msg, "invalid schema");
    e->error = sbuf_take(&msg);
    if (err) sbuf_puts(err, e->error);
  }
  sbuf_free(&msg);
  free(cc.created);

  if (head) {
    e->next = head->next;
    head->next = e;
  } else {
    schema_map_add(&reg->cache, &h, sizeof h, e);
  }
  return e->node;
}

int schema_validate_compiled(schema_registry_t *reg, const schema_t *schema, const json_t *instance,
                             schema_errors_t *errors, sbuf_t *err) {
  if (!reg || !schema || !instance) {
    if (err) sbuf_puts(err, "schema_validate: no registry, schema or instance");
    return -1;
  }
  schema_vctx_t c;
  memset(&c, 0, offsetof(schema_vctx_t, path_buf));
  c.reg = reg;
  c.errors = errors;
  c.path = c.path_buf;
  c.path_cap = sizeof c.path_buf / sizeof c.path_buf[0];
  c.scope = c.scope_buf;
  c.scope_cap = sizeof c.scope_buf / sizeof c.scope_buf[0];
  bool ok = schema_v_node(&c, schema, instance, NULL);
  if (c.path != c.path_buf) free(c.path);
  if (c.scope != c.scope_buf) free(c.scope);
  if (c.fatal) {
    if (err)
      sbuf_puts(err,
                "schema validation did not finish: the schema recurses without "
                "consuming the instance (or the instance nests too deeply)");
    return -1;
  }
  return ok ? 1 : 0;
}

int schema_validate(schema_registry_t *reg, const json_t *schema, const json_t *instance,
                    schema_errors_t *errors, sbuf_t *err) {
  const schema_t *s = schema_compile(reg, schema, err);
  if (!s) return -1;
  return schema_validate_compiled(reg, s, instance, errors, err);
}

void schema_errors_free(schema_errors_t *errors) {
  if (!errors) return;
  for (size_t i = 0; i < errors->len; i++) {
    free(errors->items[i].instance_path);
    free(errors->items[i].schema_path);
    free(errors->items[i].keyword);
    free(errors->items[i].message);
  }
  free(errors->items);
  errors->items = NULL;
  errors->len = 0;
}
