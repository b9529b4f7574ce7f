/* ops: the operation table of a loaded document. Every path × method becomes an oa_op_t
 * with its responses, each response's media types with their compiled schema and its
 * headers (required or not, with a schema, read as request.c reads a parameter's); server
 * base paths (3.x servers with their variables' defaults, 2.0's basePath) are collected
 * for matching URLs. Structure errors (a path without its leading '/', an operation
 * without responses, a status key that is none, a schema that does not compile) name the
 * file and JSON pointer. Schemas compile here, once per document.
 *
 * Memory: the table and its strings belong to the document (oa_free_ops). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "openapi/openapi_int.h"

static const char *const kMethods[] = {"get",     "put",  "post",  "delete",
                                       "options", "head", "patch", "trace"};

typedef struct {
  openapi_doc_t *doc;
  sbuf_t *err;
} build_t;

static int fail(build_t *b, const oa_file_t *file, const char *ptr, const char *what) {
  oa_where(b->err, file, ptr);
  sbuf_puts(b->err, what);
  return -1;
}

int oa_compile_at(openapi_doc_t *doc, const oa_at_t *at, const schema_t **out, sbuf_t *err) {
  char *uri = oa_uri_of(at->file, sbuf_cstr(&at->ptr));
  json_t *ref = json_pack("{ss}", "$ref", uri);
  sbuf_t msg = SBUF_INIT;
  *out = schema_compile(doc->reg, ref, &msg);
  json_decref(ref);
  free(uri);
  int rc = 0;
  if (!*out) {
    oa_where(err, at->file, sbuf_cstr(&at->ptr));
    sbuf_printf(err, "invalid schema: %s", sbuf_cstr(&msg));
    rc = -1;
  }
  sbuf_free(&msg);
  return rc;
}

int oa_child(openapi_doc_t *doc, const oa_at_t *at, const char *key, bool follow, oa_at_t *out,
             sbuf_t *err) {
  out->file = at->file;
  out->node = json_object_get(at->node, key);
  sbuf_init(&out->ptr);
  sbuf_puts(&out->ptr, sbuf_cstr(&at->ptr));
  oa_ptr_push(&out->ptr, key);
  if (follow && out->node && oa_follow(doc, out, err) != 0) {
    sbuf_free(&out->ptr);
    return -1;
  }
  return 0;
}

static int compile_at(build_t *b, const oa_at_t *at, const schema_t **out) {
  return oa_compile_at(b->doc, at, out, b->err);
}

static int child(build_t *b, const oa_at_t *at, const char *key, bool follow, oa_at_t *out) {
  return oa_child(b->doc, at, key, follow, out, b->err);
}

static bool valid_status_key(const char *k) {
  if (strcmp(k, "default") == 0) return true;
  if (strlen(k) != 3 || k[0] < '1' || k[0] > '5') return false;
  if ((k[1] == 'X' || k[1] == 'x') && (k[2] == 'X' || k[2] == 'x')) return true;
  return isdigit((unsigned char)k[1]) && isdigit((unsigned char)k[2]);
}

void oa_add_media(oa_media_t **media, size_t *n, const char *type, const schema_t *schema) {
  *media = xrealloc(*media, (*n + 1) * sizeof **media);
  (*media)[*n] = (oa_media_t){xstrdup(type), schema, NULL};
  (*n)++;
}

static int build_headers(build_t *b, const oa_at_t *resp, oa_resp_t *r) {
  oa_at_t hs;
  if (child(b, resp, "headers", true, &hs) != 0) return -1;
  int rc = 0;
  if (hs.node && !json_is_object(hs.node))
    rc = fail(b, hs.file, sbuf_cstr(&hs.ptr), "headers must be an object");
  const char *name;
  json_t *v;
  json_object_foreach(rc == 0 ? hs.node : NULL, name, v) {
    /* "If a response header is defined with the name Content-Type, it SHALL be ignored." */
    if (strcasecmp(name, "content-type") == 0) continue;
    oa_at_t h;
    if (child(b, &hs, name, true, &h) != 0) {
      rc = -1;
      break;
    }
    /* a Header Object is a Parameter Object of style simple: read as request headers are */
    oa_param_t hd = {.name = xstrdup(name), .in = OA_IN_HEADER};
    if (!json_is_object(h.node)) {
      rc = fail(b, h.file, sbuf_cstr(&h.ptr), "a header must be an object");
    } else {
      hd.required = b->doc->version != 20 && json_is_true(json_object_get(h.node, "required"));
      rc = oa_param_schema(b->doc, &h, &hd, b->err);
    }
    sbuf_free(&h.ptr);
    r->headers = xrealloc(r->headers, (r->nheaders + 1) * sizeof *r->headers);
    r->headers[r->nheaders++] = hd;
    if (rc != 0) break;
  }
  sbuf_free(&hs.ptr);
  return rc;
}

/* 2.0: the response's one schema under each media type the operation produces. */
static int build_body_v2(build_t *b, const oa_at_t *resp, const json_t *produces, oa_resp_t *r) {
  oa_at_t s;
  if (child(b, resp, "schema", false, &s) != 0) return -1;
  const schema_t *schema = NULL;
  int rc = s.node ? compile_at(b, &s, &schema) : 0;
  sbuf_free(&s.ptr);
  if (rc != 0) return -1;
  size_t n = json_array_size(produces);
  for (size_t i = 0; i < n; i++)
    if (json_is_string(json_array_get(produces, i)))
      oa_add_media(&r->media, &r->nmedia, json_string_value(json_array_get(produces, i)), schema);
  if (r->nmedia == 0 && schema) oa_add_media(&r->media, &r->nmedia, "", schema);
  return 0;
}

static int build_body_v3(build_t *b, const oa_at_t *resp, oa_resp_t *r) {
  oa_at_t content;
  if (child(b, resp, "content", false, &content) != 0) return -1;
  int rc = 0;
  if (content.node && !json_is_object(content.node))
    rc = fail(b, content.file, sbuf_cstr(&content.ptr), "content must be an object of media types");
  const char *media;
  json_t *v;
  json_object_foreach(rc == 0 ? content.node : NULL, media, v) {
    oa_at_t mt, s;
    if (child(b, &content, media, false, &mt) != 0) {
      rc = -1;
      break;
    }
    const schema_t *schema = NULL;
    if (!json_is_object(mt.node)) {
      rc = fail(b, mt.file, sbuf_cstr(&mt.ptr), "a media type must be an object");
    } else if (child(b, &mt, "schema", false, &s) == 0) {
      if (s.node) rc = compile_at(b, &s, &schema);
      sbuf_free(&s.ptr);
    }
    sbuf_free(&mt.ptr);
    if (rc != 0) break;
    oa_add_media(&r->media, &r->nmedia, media, schema);
  }
  sbuf_free(&content.ptr);
  return rc;
}

static int build_op(build_t *b, const char *path, const char *method, const oa_at_t *item,
                    oa_at_t *op, const json_t *produces) {
  openapi_doc_t *doc = b->doc;
  if (!json_is_object(op->node))
    return fail(b, op->file, sbuf_cstr(&op->ptr), "an operation must be an object");
  doc->ops = xrealloc(doc->ops, (doc->nops + 1) * sizeof *doc->ops);
  oa_op_t *o = &doc->ops[doc->nops++];
  memset(o, 0, sizeof *o);
  o->method = xstrdup(method);
  for (char *p = o->method; *p; p++) *p = (char)toupper((unsigned char)*p);
  o->path = xstrdup(path);
  size_t n = strlen(path);
  while (n > 1 && path[n - 1] == '/') n--;
  o->norm = xstrndup(path, n == 1 ? 0 : n);
  for (const char *p = o->norm; *p; p++) {
    const char *close = *p == '{' ? strchr(p, '}') : NULL;
    if (close) p = close;
    else o->literal++;
  }
  json_t *own = json_object_get(op->node, "produces");
  if (json_is_array(own)) produces = own;

  if (oa_build_request(doc, o, item, op, b->err) != 0) return -1;
  oa_at_t rs;
  if (child(b, op, "responses", true, &rs) != 0) return -1;
  int rc = 0;
  if (!rs.node) {
    if (doc->version != 31)
      rc = fail(b, op->file, sbuf_cstr(&op->ptr), "an operation must have responses");
  } else if (!json_is_object(rs.node)) {
    rc = fail(b, rs.file, sbuf_cstr(&rs.ptr), "responses must be an object");
  }
  const char *key;
  json_t *v;
  json_object_foreach(rc == 0 ? rs.node : NULL, key, v) {
    if (strncmp(key, "x-", 2) == 0) continue;
    oa_at_t r;
    if (child(b, &rs, key, true, &r) != 0) {
      rc = -1;
      break;
    }
    if (!valid_status_key(key)) {
      rc = fail(b, r.file, sbuf_cstr(&r.ptr),
                "a response key must be an HTTP status code, 1XX to 5XX or default");
    } else if (!json_is_object(r.node)) {
      rc = fail(b, r.file, sbuf_cstr(&r.ptr), "a response must be an object");
    } else {
      o->resps = xrealloc(o->resps, (o->nresps + 1) * sizeof *o->resps);
      oa_resp_t *resp = &o->resps[o->nresps++];
      memset(resp, 0, sizeof *resp);
      resp->key = xstrdup(key);
      for (char *p = resp->key; *p; p++)
        if (*p == 'x') *p = 'X';
      rc = doc->version == 20 ? build_body_v2(b, &r, produces, resp) : build_body_v3(b, &r, resp);
      if (rc == 0) rc = build_headers(b, &r, resp);
    }
    sbuf_free(&r.ptr);
    if (rc != 0) break;
  }
  sbuf_free(&rs.ptr);
  return rc;
}

/* The path of a server URL, its variables replaced by their defaults. */
static void add_server_base(openapi_doc_t *doc, const json_t *server) {
  const char *url = json_string_value(json_object_get(server, "url"));
  if (!url) return;
  json_t *vars = json_object_get(server, "variables");
  sbuf_t b = SBUF_INIT;
  for (const char *p = url; *p; p++) {
    if (*p == '{' && strchr(p, '}')) {
      size_t n = strcspn(p + 1, "}");
      char *name = xstrndup(p + 1, n);
      const char *def = json_string_value(json_object_get(json_object_get(vars, name), "default"));
      sbuf_puts(&b, def ? def : "");
      free(name);
      p += n + 1;
    } else {
      sbuf_putc(&b, *p);
    }
  }
  char *path = oa_url_path(sbuf_cstr(&b));
  if (!strvec_contains(&doc->bases, path)) strvec_push(&doc->bases, path);
  free(path);
  sbuf_free(&b);
}

static void add_servers(openapi_doc_t *doc, const json_t *servers) {
  for (size_t i = 0; i < json_array_size(servers); i++)
    add_server_base(doc, json_array_get(servers, i));
}

int oa_build_ops(openapi_doc_t *doc, sbuf_t *err) {
  build_t b = {doc, err};
  oa_file_t *f = &doc->files[0];
  json_t *root = f->root;
  if (doc->version == 20) {
    const char *base = json_string_value(json_object_get(root, "basePath"));
    char *path = oa_url_path(base ? base : "");
    strvec_push_owned(&doc->bases, path);
    doc->schemas = json_object_get(root, "definitions");
  } else {
    add_servers(doc, json_object_get(root, "servers"));
    json_t *comps = json_object_get(root, "components");
    doc->schemas = json_object_get(comps, "schemas");
  }
  doc->schemas_file = f;
  if (doc->schemas && !json_is_object(doc->schemas))
    return fail(&b, f, doc->version == 20 ? "/definitions" : "/components/schemas",
                "must be an object");

  oa_at_t top = {f, root, SBUF_INIT};
  sbuf_puts(&top.ptr, "");
  oa_at_t paths;
  child(&b, &top, "paths", false, &paths);
  sbuf_free(&top.ptr);
  int rc = 0;
  if (!paths.node) {
    if (doc->version != 31) rc = fail(&b, f, "", "an API document must have paths");
  } else if (!json_is_object(paths.node)) {
    rc = fail(&b, f, "/paths", "paths must be an object");
  }
  const json_t *produces = json_object_get(root, "produces");
  const char *path;
  json_t *v;
  json_object_foreach(rc == 0 ? paths.node : NULL, path, v) {
    if (strncmp(path, "x-", 2) == 0) continue;
    oa_at_t item;
    if (child(&b, &paths, path, true, &item) != 0) {
      rc = -1;
      break;
    }
    if (path[0] != '/')
      rc = fail(&b, item.file, sbuf_cstr(&item.ptr), "a path must start with '/'");
    else if (!json_is_object(item.node))
      rc = fail(&b, item.file, sbuf_cstr(&item.ptr), "a path item must be an object");
    if (rc == 0 && doc->version != 20) add_servers(doc, json_object_get(item.node, "servers"));
    for (size_t m = 0; rc == 0 && m < sizeof kMethods / sizeof *kMethods; m++) {
      if (!json_object_get(item.node, kMethods[m])) continue;
      oa_at_t op;
      if (child(&b, &item, kMethods[m], false, &op) != 0) {
        rc = -1;
        break;
      }
      if (doc->version != 20 && json_is_object(op.node))
        add_servers(doc, json_object_get(op.node, "servers"));
      rc = build_op(&b, path, kMethods[m], &item, &op, produces);
      sbuf_free(&op.ptr);
    }
    sbuf_free(&item.ptr);
    if (rc != 0) break;
  }
  sbuf_free(&paths.ptr);
  if (doc->bases.len == 0) strvec_push(&doc->bases, "");
  return rc;
}

void oa_free_ops(openapi_doc_t *doc) {
  for (size_t i = 0; i < doc->nops; i++) {
    oa_op_t *o = &doc->ops[i];
    for (size_t j = 0; j < o->nresps; j++) {
      oa_resp_t *r = &o->resps[j];
      for (size_t k = 0; k < r->nmedia; k++) free(r->media[k].media);
      for (size_t k = 0; k < r->nheaders; k++) free(r->headers[k].name);
      free(r->media);
      free(r->headers);
      free(r->key);
    }
    free(o->resps);
    oa_free_request(&o->req);
    free(o->method);
    free(o->path);
    free(o->norm);
  }
  free(doc->ops);
  doc->ops = NULL;
  doc->nops = 0;
}
