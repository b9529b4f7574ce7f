/* resource: what a schema document contains for URI resolution. The scan walks the
 * subschemas the document's dialect defines (never into const, enum or unknown keywords,
 * whose "$id"s are data) and records every schema resource ($id), anchor ($anchor,
 * $dynamicAnchor, draft 7's "$id": "#name") and the base URI and JSON Pointer of every
 * object subschema. Resolution turns an absolute URI reference into such a location.
 *
 * Memory: a document owns its resources, locations and the maps over them, and a
 * reference on its root; a location created for a pointer into unscanned territory is
 * owned by the document too. */
#include <stdlib.h>
#include <string.h>

#include "common/percent.h"
#include "schema/schema_int.h"

#define D7   (1u << SCHEMA_DRAFT_7)
#define D19  (1u << SCHEMA_DRAFT_2019_09)
#define D20  (1u << SCHEMA_DRAFT_2020_12)
#define DALL (D7 | D19 | D20)

enum { KS_ONE, KS_ARRAY, KS_MAP, KS_ITEMS, KS_DEPS };

static const struct {
  const char *name;
  int shape;
  unsigned drafts;
} subschema_kws[] = {
    {"additionalItems", KS_ONE, D7 | D19},
    {"additionalProperties", KS_ONE, DALL},
    {"contains", KS_ONE, DALL},
    {"if", KS_ONE, DALL},
    {"then", KS_ONE, DALL},
    {"else", KS_ONE, DALL},
    {"not", KS_ONE, DALL},
    {"propertyNames", KS_ONE, DALL},
    {"unevaluatedItems", KS_ONE, D19 | D20},
    {"unevaluatedProperties", KS_ONE, D19 | D20},
    {"contentSchema", KS_ONE, D19 | D20},
    {"items", KS_ITEMS, DALL},
    {"prefixItems", KS_ARRAY, D20},
    {"allOf", KS_ARRAY, DALL},
    {"anyOf", KS_ARRAY, DALL},
    {"oneOf", KS_ARRAY, DALL},
    {"properties", KS_MAP, DALL},
    {"patternProperties", KS_MAP, DALL},
    {"$defs", KS_MAP, D19 | D20},
    {"definitions", KS_MAP, DALL},
    {"dependentSchemas", KS_MAP, D19 | D20},
    {"dependencies", KS_DEPS, DALL},
};

schema_draft_t schema_draft_of_uri(const char *meta, bool *known) {
  static const struct {
    const char *uri;
    schema_draft_t draft;
  } metas[] = {
      {"https://json-schema.org/draft/2020-12/schema", SCHEMA_DRAFT_2020_12},
      {"https://json-schema.org/draft/2019-09/schema", SCHEMA_DRAFT_2019_09},
      {"http://json-schema.org/draft-07/schema", SCHEMA_DRAFT_7},
      {"https://json-schema.org/draft-07/schema", SCHEMA_DRAFT_7},
      /* draft 6 is draft 7 without if/then/else: close enough to validate with */
      {"http://json-schema.org/draft-06/schema", SCHEMA_DRAFT_7},
  };
  size_t n = strcspn(meta, "#");
  bool empty_frag = meta[n] == '\0' || meta[n + 1] == '\0';
  for (size_t i = 0; i < sizeof metas / sizeof metas[0]; i++) {
    if (empty_frag && strlen(metas[i].uri) == n && strncmp(metas[i].uri, meta, n) == 0) {
      *known = true;
      return metas[i].draft;
    }
  }
  *known = false;
  return SCHEMA_DRAFT_2020_12;
}

static schema_res_t *res_new(schema_doc_t *doc, const char *uri, const json_t *json,
                             schema_draft_t draft) {
  schema_res_t *r = xcalloc(1, sizeof *r);
  r->uri = xstrdup(uri);
  r->json = json;
  r->doc = doc;
  r->draft = draft;
  json_t *meta = json_object_get(json, "$schema");
  if (json_is_string(meta)) {
    bool known;
    r->meta = json_string_value(meta);
    schema_draft_t d = schema_draft_of_uri(r->meta, &known);
    if (known) r->draft = d;
  }
  doc->res = xrealloc(doc->res, (doc->nres + 1) * sizeof *doc->res);
  doc->res[doc->nres++] = r;
  return r;
}

static void add_anchor(schema_doc_t *doc, schema_res_t *res, const char *name, schema_loc_t *loc) {
  char *key = xasprintf("%s#%s", res->uri, name);
  schema_map_add(&doc->anchors, key, strlen(key), loc);
  free(key);
}

static void scan(schema_doc_t *doc, const json_t *s, schema_res_t *res, sbuf_t *path,
                 unsigned depth);

static void scan_child(schema_doc_t *doc, const json_t *s, schema_res_t *res, sbuf_t *path,
                       const char *kw, size_t kwlen, const char *sub, size_t sublen, bool has_index,
                       size_t index, unsigned depth) {
  size_t mark = path->len;
  sbuf_putc(path, '/');
  schema_ptr_escape(path, kw, kwlen);
  if (sub) {
    sbuf_putc(path, '/');
    schema_ptr_escape(path, sub, sublen);
  } else if (has_index) {
    sbuf_printf(path, "/%zu", index);
  }
  scan(doc, s, res, path, depth + 1);
  path->len = mark;
  path->data[mark] = '\0';
}

/* Deeper subschemas stay unscanned (the compiler refuses such depths anyway). */
#define SCAN_MAX_DEPTH 1000

static void scan(schema_doc_t *doc, const json_t *s, schema_res_t *res, sbuf_t *path,
                 unsigned depth) {
  if (!json_is_object(s) || depth > SCAN_MAX_DEPTH || schema_map_getp(&doc->locs, s)) return;
  schema_draft_t draft = res->draft;
  json_t *id = json_object_get(s, "$id");
  /* draft 7: "$ref" overrides every sibling, $id included */
  if (draft == SCHEMA_DRAFT_7 && json_object_get(s, "$ref")) id = NULL;
  const char *anchor7 = NULL;
  if (json_is_string(id) && s != res->json) {
    const char *v = json_string_value(id);
    if (v[0] == '#') {
      anchor7 = draft == SCHEMA_DRAFT_7 ? v + 1 : NULL;
    } else {
      char *abs = schema_uri_resolve(res->uri, v);
      const char *frag;
      char *base = schema_uri_split(abs, &frag);
      schema_res_t *inner = res_new(doc, base, s, draft);
      schema_map_add(&doc->ids, base, strlen(base), inner);
      if (draft == SCHEMA_DRAFT_7 && *frag) anchor7 = frag;
      res = inner;
      draft = res->draft;
      free(base);
      free(abs);
    }
  }
  schema_loc_t *loc = xcalloc(1, sizeof *loc);
  loc->json = s;
  loc->res = res;
  loc->path = xstrdup(sbuf_cstr(path));
  schema_map_addp(&doc->locs, s, loc);

  if (anchor7) add_anchor(doc, res, anchor7, loc);
  json_t *a = json_object_get(s, "$anchor");
  if (draft != SCHEMA_DRAFT_7 && json_is_string(a)) add_anchor(doc, res, json_string_value(a), loc);
  a = json_object_get(s, "$dynamicAnchor");
  if (draft == SCHEMA_DRAFT_2020_12 && json_is_string(a)) {
    add_anchor(doc, res, json_string_value(a), loc);
    res->dyn = xrealloc(res->dyn, (res->ndyn + 1) * sizeof *res->dyn);
    res->dyn[res->ndyn].name = xstrdup(json_string_value(a));
    res->dyn[res->ndyn++].json = s;
  }
  if (draft == SCHEMA_DRAFT_2019_09 && s == res->json &&
      json_is_true(json_object_get(s, "$recursiveAnchor")))
    res->recursive_anchor = true;

  unsigned dbit = 1u << draft;
  for (size_t k = 0; k < sizeof subschema_kws / sizeof subschema_kws[0]; k++) {
    if (!(subschema_kws[k].drafts & dbit)) continue;
    const char *kw = subschema_kws[k].name;
    json_t *v = json_object_get(s, kw);
    if (!v) continue;
    size_t kwlen = strlen(kw);
    int shape = subschema_kws[k].shape;
    if (shape == KS_ITEMS) shape = json_is_array(v) ? KS_ARRAY : KS_ONE;
    if (shape == KS_ONE) {
      scan_child(doc, v, res, path, kw, kwlen, NULL, 0, false, 0, depth);
    } else if (shape == KS_ARRAY && json_is_array(v)) {
      for (size_t i = 0; i < json_array_size(v); i++)
        scan_child(doc, json_array_get(v, i), res, path, kw, kwlen, NULL, 0, true, i, depth);
    } else if ((shape == KS_MAP || shape == KS_DEPS) && json_is_object(v)) {
      const char *key;
      size_t key_len; /* a name may hold NUL characters (see schema_resolve) */
      json_t *sub;
      json_object_keylen_foreach(v, key, key_len, sub) {
        if (shape == KS_DEPS && !json_is_object(sub)) continue;
        scan_child(doc, sub, res, path, kw, kwlen, key, key_len, false, 0, depth);
      }
    }
  }
}

schema_doc_t *schema_doc_new(json_t *root, const char *uri, schema_draft_t draft, bool user) {
  schema_doc_t *doc = xcalloc(1, sizeof *doc);
  doc->root = json_incref(root);
  doc->user = user;
  const char *frag;
  char *base = schema_uri_split(uri, &frag);
  doc->uri = xstrdup(base);
  schema_res_t *res = res_new(doc, base, root, draft);
  schema_map_add(&doc->ids, base, strlen(base), res);
  json_t *id = json_object_get(root, "$id");
  if (json_is_string(id) && json_string_value(id)[0] != '#' &&
      !(res->draft == SCHEMA_DRAFT_7 && json_object_get(root, "$ref"))) {
    /* the root's own $id names the root resource; the retrieval URI stays an alias */
    char *idbase = schema_uri_resolve_base(base, json_string_value(id));
    free(res->uri);
    res->uri = xstrdup(idbase);
    schema_map_add(&doc->ids, idbase, strlen(idbase), res);
    free(idbase);
  }
  free(base);
  sbuf_t path = SBUF_INIT;
  sbuf_puts(&path, "");
  scan(doc, root, res, &path, 0);
  sbuf_free(&path);
  return doc;
}

void schema_doc_free(schema_doc_t *doc) {
  if (!doc) return;
  for (size_t i = 0; i < doc->locs.cap; i++) {
    schema_map_slot_t *sl = &doc->locs.slots[i];
    if (!sl->key || sl->key == SCHEMA_MAP_TOMB) continue;
    schema_loc_t *loc = sl->val;
    free(loc->path);
    free(loc);
  }
  for (size_t i = 0; i < doc->nres; i++) {
    schema_res_t *r = doc->res[i];
    for (size_t j = 0; j < r->ndyn; j++) free(r->dyn[j].name);
    free(r->dyn);
    free(r->uri);
    free(r);
  }
  free(doc->res);
  schema_map_free(&doc->locs);
  schema_map_free(&doc->ids);
  schema_map_free(&doc->anchors);
  json_decref(doc->root);
  free(doc->uri);
  free(doc);
}

schema_loc_t *schema_doc_loc(schema_doc_t *doc, const json_t *json, schema_res_t *near,
                             const char *path) {
  schema_loc_t *loc = json_is_object(json) ? schema_map_getp(&doc->locs, json) : NULL;
  if (loc) return loc;
  loc = xcalloc(1, sizeof *loc);
  loc->json = json;
  loc->res = near;
  loc->path = xstrdup(path);
  if (json_is_object(json)) {
    schema_map_addp(&doc->locs, json, loc);
  } else {
    /* true/false are jansson singletons, so such locations cannot be keyed by pointer:
     * they (and values that are no schema at all, which compiling then rejects) are kept
     * under their document path instead. */
    char *key = xasprintf("value:%s", path);
    schema_loc_t *old = schema_map_gets(&doc->locs, key);
    if (old) {
      free(loc->path);
      free(loc);
      loc = old;
    } else {
      schema_map_add(&doc->locs, key, strlen(key), loc);
    }
    free(key);
  }
  return loc;
}

static const struct {
  const char *uri;
  unsigned bits;
} vocabs[] = {
    {"https://json-schema.org/draft/2020-12/vocab/core", SCHEMA_VOCAB_CORE},
    {"https://json-schema.org/draft/2020-12/vocab/applicator", SCHEMA_VOCAB_APPLICATOR},
    {"https://json-schema.org/draft/2020-12/vocab/unevaluated", SCHEMA_VOCAB_UNEVALUATED},
    {"https://json-schema.org/draft/2020-12/vocab/validation", SCHEMA_VOCAB_VALIDATION},
    {"https://json-schema.org/draft/2020-12/vocab/meta-data", SCHEMA_VOCAB_METADATA},
    {"https://json-schema.org/draft/2020-12/vocab/format-annotation", SCHEMA_VOCAB_FORMAT},
    {"https://json-schema.org/draft/2020-12/vocab/format-assertion",
     SCHEMA_VOCAB_FORMAT | SCHEMA_VOCAB_FORMAT_ASSERTION},
    {"https://json-schema.org/draft/2020-12/vocab/content", SCHEMA_VOCAB_CONTENT},
    {"https://json-schema.org/draft/2019-09/vocab/core", SCHEMA_VOCAB_CORE},
    /* 2019-09's applicator vocabulary still holds unevaluated* */
    {"https://json-schema.org/draft/2019-09/vocab/applicator",
     SCHEMA_VOCAB_APPLICATOR | SCHEMA_VOCAB_UNEVALUATED},
    {"https://json-schema.org/draft/2019-09/vocab/validation", SCHEMA_VOCAB_VALIDATION},
    {"https://json-schema.org/draft/2019-09/vocab/meta-data", SCHEMA_VOCAB_METADATA},
    {"https://json-schema.org/draft/2019-09/vocab/format", SCHEMA_VOCAB_FORMAT},
    {"https://json-schema.org/draft/2019-09/vocab/content", SCHEMA_VOCAB_CONTENT},
};

static int dialect(schema_registry_t *reg, schema_res_t *res, sbuf_t *err, int depth) {
  if (res->dialect_done) return 0;
  res->vocab = SCHEMA_VOCAB_ALL;
  bool known = true;
  if (res->meta) schema_draft_of_uri(res->meta, &known);
  if (!known) {
    if (depth > 8) {
      sbuf_printf(err, "$schema \"%s\": meta-schemas refer to each other in a loop", res->meta);
      return -1;
    }
    sbuf_t sub = SBUF_INIT;
    schema_loc_t *mloc = schema_resolve(reg, NULL, res->meta, &sub);
    sbuf_free(&sub);
    if (!mloc || !json_is_object(mloc->json)) {
      sbuf_printf(err, "unknown $schema \"%s\"", res->meta);
      return -1;
    }
    schema_res_t *mres = mloc->res;
    if (mres != res && dialect(reg, mres, err, depth + 1) < 0) return -1;
    res->draft = mres->draft;
    json_t *voc = json_object_get(mloc->json, "$vocabulary");
    if (json_is_object(voc)) {
      unsigned bits = SCHEMA_VOCAB_CORE;
      const char *uri;
      json_t *req;
      json_object_foreach(voc, uri, req) {
        size_t i = 0;
        while (i < sizeof vocabs / sizeof vocabs[0] && strcmp(vocabs[i].uri, uri) != 0) i++;
        if (i < sizeof vocabs / sizeof vocabs[0]) {
          bits |= vocabs[i].bits;
        } else if (json_is_true(req)) {
          sbuf_printf(err, "$schema \"%s\" requires the unsupported vocabulary \"%s\"", res->meta,
                      uri);
          return -1;
        }
      }
      res->vocab = bits;
    } else {
      res->vocab = mres->vocab;
    }
  }
  res->dialect_done = true;
  return 0;
}

int schema_res_dialect(schema_registry_t *reg, schema_res_t *res, sbuf_t *err) {
  return dialect(reg, res, err, 0);
}

/* A document added to the registry under the $id of a subschema of another one (an
 * OpenAPI 3.1 document registers its Schema Objects with $id so): `json`'s resource
 * there, or NULL. A pointer that walks into such a subschema continues in that resource,
 * so that the subschema's $refs resolve against its $id wherever it is entered from. */
static schema_res_t *registered_resource(schema_registry_t *reg, const schema_res_t *near,
                                         const json_t *json) {
  const json_t *id = json_is_object(json) ? json_object_get(json, "$id") : NULL;
  if (!json_is_string(id) || json_string_value(id)[0] == '#') return NULL;
  char *abs = schema_uri_resolve_base(near->uri, json_string_value(id));
  schema_res_t *res = schema_map_gets(&reg->ids, abs);
  free(abs);
  return res && res->json == json ? res : NULL;
}

/* The pointer ptr (len bytes, NUL characters allowed) from the resource res. */
static schema_loc_t *walk_pointer(schema_registry_t *reg, schema_res_t *res, const char *ptr,
                                  size_t len, sbuf_t *err, const char *uri) {
  schema_doc_t *doc = res->doc;
  const json_t *cur = res->json;
  schema_loc_t *start = schema_map_getp(&doc->locs, cur);
  schema_res_t *near = res;
  sbuf_t path = SBUF_INIT;
  sbuf_puts(&path, start ? start->path : "");
  const char *p = ptr, *end = ptr + len;
  while (p < end && *p == '/') {
    p++;
    const char *slash = memchr(p, '/', (size_t)(end - p));
    size_t n = slash ? (size_t)(slash - p) : (size_t)(end - p);
    sbuf_t tok = SBUF_INIT;
    schema_ptr_unescape(&tok, p, n);
    const char *t = sbuf_cstr(&tok);
    const json_t *next = schema_pointer_step(cur, t, tok.len);
    sbuf_putc(&path, '/');
    schema_ptr_escape(&path, t, tok.len);
    sbuf_free(&tok);
    if (!next) {
      sbuf_printf(err, "can't resolve reference \"%s\": no such location", uri);
      sbuf_free(&path);
      return NULL;
    }
    cur = next;
    p += n;
    schema_loc_t *l = json_is_object(cur) ? schema_map_getp(&doc->locs, cur) : NULL;
    schema_res_t *own = l ? NULL : registered_resource(reg, near, cur);
    if (own) {
      doc = own->doc;
      l = schema_doc_loc(doc, cur, own, "");
    }
    if (l) {
      near = l->res;
      sbuf_reset(&path);
      sbuf_puts(&path, l->path);
    }
  }
  schema_loc_t *loc = schema_doc_loc(doc, cur, near, sbuf_cstr(&path));
  sbuf_free(&path);
  return loc;
}

schema_loc_t *schema_resolve(schema_registry_t *reg, schema_doc_t *doc, const char *uri,
                             sbuf_t *err) {
  const char *frag;
  char *base = schema_uri_split(uri, &frag);
  schema_res_t *res = doc ? schema_map_gets(&doc->ids, base) : NULL;
  if (!res) res = schema_map_gets(&reg->ids, base);
  free(base);
  if (!res) {
    sbuf_printf(err, "can't resolve reference \"%s\"", uri);
    return NULL;
  }
  if (!*frag) return schema_doc_loc(res->doc, res->json, res, "");
  /* "%00" is a NUL character: a JSON Pointer may hold one (RFC 6901's unescaped includes
   * %x00, and its §6 fragment form is the pointer percent-encoded, RFC 3986 allowing any
   * octet), so "#/a%00b" names the member "a\0b" (which JSON text writes "a\u0000b").
   * An anchor's name is a plain name, which cannot: then there is no such anchor. */
  size_t len;
  char *dec = percent_decode(frag, strlen(frag), PERCENT_STRICT | PERCENT_NUL, &len);
  if (!dec) {
    sbuf_printf(err, "can't resolve reference \"%s\": bad percent-encoding", uri);
    return NULL;
  }
  schema_loc_t *loc = NULL;
  if (dec[0] == '/') {
    loc = walk_pointer(reg, res, dec, len, err, uri);
  } else if (strlen(dec) != len) {
    sbuf_printf(err, "can't resolve reference \"%s\": no such anchor", uri);
  } else {
    char *key = xasprintf("%s#%s", res->uri, dec);
    loc = schema_map_gets(&res->doc->anchors, key);
    if (!loc) loc = schema_map_gets(&reg->anchors, key);
    if (!loc) sbuf_printf(err, "can't resolve reference \"%s\": no such anchor", uri);
    free(key);
  }
  free(dec);
  return loc;
}
