/* request: what an operation asks of a request, and a request checked against it.
 *
 * Building: the parameters of the path item and of the operation (the operation's win on
 * the same name and location, as a 2.0 body parameter does; Reference Objects followed),
 * each with its schema compiled and the JSON types that schema allows (as the compiled
 * schema says, through $refs and allOf), which say how to read the parameter's text; and
 * the request body's media types with their schemas (3.x requestBody; 2.0's body
 * parameter under the operation's consumes; 2.0's formData parameters as the properties of
 * a form's schema under the form types it consumes).
 *
 * Checking: path parameters are taken from the URL by the operation's template (the same
 * match that chose the operation), query parameters from its query string
 * (percent-decoded; an object in deepObject or form+explode style from several names),
 * headers by name, cookies from the Cookie header; params.c reads each text as its style
 * and its schema's types say, and validates it. A required parameter or body that is
 * missing, a content type the request body does not declare, and every schema error are
 * problems named by location: "query.limit must be integer", "body/items/0/id must be
 * integer". A response's headers are Header Objects, read and checked the same way
 * (oa_param_schema, then params.c's oa_check_param) by ops.c and match.c. JSON text (a
 * body, a `content` parameter) is read by json_text_load, as response bodies are:
 * integers of any size; a body by openapi_body_value's rule for both, a form by body.c.
 *
 * Memory: oa_req_t belongs to its operation (oa_free_request); results own their strings. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/json_text.h"
#include "common/media.h"
#include "common/percent.h"
#include "openapi/openapi_int.h"

/* ---- building ---- */

/* 2.0: a non-body parameter is itself schema-like; its schema is a copy without the
 * parameter's own keys (its boolean `required` is no schema keyword). */
static int compile_v2_param(openapi_doc_t *doc, const oa_at_t *at, oa_param_t *p, sbuf_t *err) {
  json_t *copy = json_copy(at->node);
  static const char *const kDrop[] = {
      "name", "in", "required", "description", "collectionFormat", "allowEmptyValue"};
  for (size_t i = 0; i < sizeof kDrop / sizeof *kDrop; i++) json_object_del(copy, kDrop[i]);
  sbuf_t msg = SBUF_INIT;
  p->schema = schema_compile(doc->reg, copy, &msg);
  int rc = 0;
  if (!p->schema) {
    oa_where(err, at->file, sbuf_cstr(&at->ptr));
    sbuf_printf(err, "invalid schema: %s", sbuf_cstr(&msg));
    rc = -1;
  } else {
    p->types = schema_type_bits(p->schema, &p->item_types);
  }
  /* collectionFormat as the 3.x style that writes the same; csv is the default */
  const char *fmt = json_string_value(json_object_get(at->node, "collectionFormat"));
  p->explode = fmt && strcmp(fmt, "multi") == 0;
  p->style = !fmt                        ? OA_STYLE_DEFAULT
             : strcmp(fmt, "ssv") == 0   ? OA_STYLE_SPACE
             : strcmp(fmt, "tsv") == 0   ? OA_STYLE_TAB
             : strcmp(fmt, "pipes") == 0 ? OA_STYLE_PIPE
                                         : OA_STYLE_DEFAULT;
  sbuf_free(&msg);
  json_decref(copy);
  return rc;
}

int oa_param_schema(openapi_doc_t *doc, const oa_at_t *at, oa_param_t *p, sbuf_t *err) {
  if (doc->version == 20) return compile_v2_param(doc, at, p, err);
  /* no $ref is followed here, so oa_child cannot fail */
  oa_at_t s = {0}, content = {0}, mt = {0};
  oa_child(doc, at, "schema", false, &s, err);
  if (!s.node) {
    /* `content`: one media type whose schema judges the value */
    oa_child(doc, at, "content", false, &content, err);
    const char *media = NULL;
    json_t *v;
    if (json_is_object(content.node)) { json_object_foreach(content.node, media, v) break; }
    if (media) {
      p->json = media_is_json(media);
      oa_child(doc, &content, media, false, &mt, err);
      sbuf_free(&s.ptr);
      oa_child(doc, &mt, "schema", false, &s, err);
    }
  }
  int rc = 0;
  if (s.node) {
    rc = oa_compile_at(doc, &s, &p->schema, err);
    if (rc == 0) p->types = schema_type_bits(p->schema, &p->item_types);
  }
  sbuf_free(&s.ptr);
  sbuf_free(&content.ptr);
  sbuf_free(&mt.ptr);
  return rc;
}

/* 2.0: a formData parameter is a property of the form's schema (the operation's replacing
 * the path item's of the same name); its collectionFormat the property's encoding. */
static int add_form_param(oa_req_t *r, const oa_at_t *at, const char *name) {
  if (!r->form_props) {
    r->form_props = json_object();
    r->form_required = json_object();
    r->form_encoding = json_object();
  }
  json_t *prop = json_copy(at->node);
  static const char *const kDrop[] = {
      "name", "in", "required", "description", "collectionFormat", "allowEmptyValue"};
  for (size_t i = 0; i < sizeof kDrop / sizeof *kDrop; i++) json_object_del(prop, kDrop[i]);
  /* a file is the part's bytes, read as a string */
  const char *type = json_string_value(json_object_get(prop, "type"));
  if (type && strcmp(type, "file") == 0) json_object_set_new(prop, "type", json_string("string"));
  json_object_set_new(r->form_props, name, prop);
  json_object_set_new(r->form_required, name,
                      json_boolean(json_is_true(json_object_get(at->node, "required"))));
  const char *fmt = json_string_value(json_object_get(at->node, "collectionFormat"));
  const char *style = !fmt                        ? "form"
                      : strcmp(fmt, "ssv") == 0   ? "spaceDelimited"
                      : strcmp(fmt, "pipes") == 0 ? "pipeDelimited"
                      : strcmp(fmt, "tsv") == 0   ? "tabDelimited"
                                                  : "form";
  json_object_set_new(
      r->form_encoding, name,
      json_pack("{sssb}", "style", style, "explode", fmt && strcmp(fmt, "multi") == 0));
  return 0;
}

/* 2.0: the formData parameters' schema, under each form type the operation consumes (both
 * when it names neither). */
static int finish_form(openapi_doc_t *doc, oa_req_t *r, const json_t *consumes, sbuf_t *err) {
  if (!r->form_props) return 0;
  json_t *required = json_array();
  const char *k;
  json_t *v;
  json_object_foreach(r->form_required, k, v) {
    if (json_is_true(v)) json_array_append_new(required, json_string(k));
  }
  bool any_required = json_array_size(required) > 0;
  json_t *form = json_pack("{sssO}", "type", "object", "properties", r->form_props);
  if (any_required) json_object_set(form, "required", required);
  json_decref(required);
  sbuf_t msg = SBUF_INIT;
  const schema_t *schema = schema_compile(doc->reg, form, &msg);
  json_decref(form);
  if (!schema) {
    sbuf_printf(err, "%s: formData parameters: invalid schema: %s", doc->name, sbuf_cstr(&msg));
    sbuf_free(&msg);
    return -1;
  }
  sbuf_free(&msg);
  r->has_body = true;
  r->body_required = any_required;
  size_t before = r->nmedia;
  for (size_t i = 0; i < json_array_size(consumes); i++) {
    const char *type = json_string_value(json_array_get(consumes, i));
    if (type && oa_media_is_form(type)) oa_add_media(&r->media, &r->nmedia, type, schema);
  }
  if (r->nmedia == before) {
    oa_add_media(&r->media, &r->nmedia, "application/x-www-form-urlencoded", schema);
    oa_add_media(&r->media, &r->nmedia, "multipart/form-data", schema);
  }
  for (size_t i = before; i < r->nmedia; i++) r->media[i].encoding = r->form_encoding;
  return 0;
}

static int add_param(openapi_doc_t *doc, oa_req_t *r, const oa_at_t *at, sbuf_t *err) {
  const char *name = json_string_value(json_object_get(at->node, "name"));
  const char *in = json_string_value(json_object_get(at->node, "in"));
  if (!json_is_object(at->node) || !name || !in) {
    oa_where(err, at->file, sbuf_cstr(&at->ptr));
    sbuf_puts(err, "a parameter must be an object with a name and an \"in\"");
    return -1;
  }
  oa_param_t p = {0};
  if (strcmp(in, "path") == 0) p.in = OA_IN_PATH;
  else if (strcmp(in, "query") == 0) p.in = OA_IN_QUERY;
  else if (strcmp(in, "header") == 0) p.in = OA_IN_HEADER;
  else if (strcmp(in, "cookie") == 0) p.in = OA_IN_COOKIE;
  else if (strcmp(in, "body") == 0 && doc->version == 20) {
    r->has_body = true;
    r->body_required = json_is_true(json_object_get(at->node, "required"));
    oa_at_t s;
    if (oa_child(doc, at, "schema", false, &s, err) != 0) return -1;
    const schema_t *schema = NULL;
    int rc = s.node ? oa_compile_at(doc, &s, &schema, err) : 0;
    sbuf_free(&s.ptr);
    if (rc != 0) return -1;
    /* the operation's body parameter replaces the path item's */
    for (size_t i = 0; i < r->nmedia; i++) free(r->media[i].media);
    r->nmedia = 0;
    oa_add_media(&r->media, &r->nmedia, "", schema); /* consumes are added by the caller */
    return 0;
  } else if (strcmp(in, "formData") == 0 && doc->version == 20) {
    return add_form_param(r, at, name);
  } else {
    return 0;
  }
  /* "If in is header and the name is Accept, Content-Type or Authorization, the parameter
   * definition SHALL be ignored." */
  if (p.in == OA_IN_HEADER &&
      (strcasecmp(name, "accept") == 0 || strcasecmp(name, "content-type") == 0 ||
       strcasecmp(name, "authorization") == 0))
    return 0;
  /* the operation's parameter replaces the path item's of the same name and place */
  for (size_t i = 0; i < r->nparams; i++) {
    if (r->params[i].in == p.in && (p.in == OA_IN_HEADER ? strcasecmp(r->params[i].name, name)
                                                         : strcmp(r->params[i].name, name)) == 0) {
      free(r->params[i].name);
      memmove(&r->params[i], &r->params[i + 1], (r->nparams - i - 1) * sizeof *r->params);
      r->nparams--;
      break;
    }
  }
  p.name = xstrdup(name);
  p.required = p.in == OA_IN_PATH || json_is_true(json_object_get(at->node, "required"));
  if (doc->version != 20) {
    const char *style = json_string_value(json_object_get(at->node, "style"));
    json_t *explode = json_object_get(at->node, "explode");
    p.style = oa_style_named(style);
    p.explode = json_is_boolean(explode) ? json_is_true(explode)
                                         : (p.in == OA_IN_QUERY || p.in == OA_IN_COOKIE) &&
                                               (!style || strcmp(style, "form") == 0);
  }
  int rc = oa_param_schema(doc, at, &p, err);
  if (rc != 0) {
    free(p.name);
    return -1;
  }
  r->params = xrealloc(r->params, (r->nparams + 1) * sizeof *r->params);
  r->params[r->nparams++] = p;
  return 0;
}

static int add_params(openapi_doc_t *doc, oa_req_t *r, const oa_at_t *owner, sbuf_t *err) {
  oa_at_t list;
  if (oa_child(doc, owner, "parameters", true, &list, err) != 0) return -1;
  int rc = 0;
  if (list.node && !json_is_array(list.node)) {
    oa_where(err, list.file, sbuf_cstr(&list.ptr));
    sbuf_puts(err, "parameters must be an array");
    rc = -1;
  }
  for (size_t i = 0; rc == 0 && i < json_array_size(list.node); i++) {
    oa_at_t p = {list.file, json_array_get(list.node, i), SBUF_INIT};
    sbuf_printf(&p.ptr, "%s/%zu", sbuf_cstr(&list.ptr), i);
    rc = oa_follow(doc, &p, err);
    if (rc == 0) rc = add_param(doc, r, &p, err);
    sbuf_free(&p.ptr);
  }
  sbuf_free(&list.ptr);
  return rc;
}

static int add_request_body(openapi_doc_t *doc, oa_req_t *r, const oa_at_t *op, sbuf_t *err) {
  oa_at_t body, content;
  if (oa_child(doc, op, "requestBody", true, &body, err) != 0) return -1;
  int rc = 0;
  if (body.node) {
    r->has_body = true;
    r->body_required = json_is_true(json_object_get(body.node, "required"));
    rc = oa_child(doc, &body, "content", false, &content, err);
    const char *media;
    json_t *v;
    json_object_foreach(rc == 0 ? content.node : NULL, media, v) {
      oa_at_t mt, s;
      if (oa_child(doc, &content, media, false, &mt, err) != 0) {
        rc = -1;
        break;
      }
      const schema_t *schema = NULL;
      if (oa_child(doc, &mt, "schema", false, &s, err) == 0) {
        if (s.node) rc = oa_compile_at(doc, &s, &schema, err);
        sbuf_free(&s.ptr);
      }
      const json_t *encoding = json_object_get(mt.node, "encoding");
      sbuf_free(&mt.ptr);
      if (rc != 0) break;
      oa_add_media(&r->media, &r->nmedia, media, schema);
      r->media[r->nmedia - 1].encoding = json_is_object(encoding) ? encoding : NULL;
    }
    if (content.ptr.data) sbuf_free(&content.ptr);
  }
  sbuf_free(&body.ptr);
  return rc;
}

int oa_build_request(openapi_doc_t *doc, oa_op_t *o, const oa_at_t *item, const oa_at_t *op,
                     sbuf_t *err) {
  oa_req_t *r = &o->req;
  if (add_params(doc, r, item, err) != 0 || add_params(doc, r, op, err) != 0) return -1;
  if (doc->version == 20) {
    /* the body parameter's schema under each type the operation consumes */
    const json_t *consumes = json_object_get(op->node, "consumes");
    if (!json_is_array(consumes)) consumes = json_object_get(doc->files[0].root, "consumes");
    if (finish_form(doc, r, consumes, err) != 0) return -1;
    if (r->nmedia == 1 && !r->form_props && json_array_size(consumes) > 0) {
      const schema_t *schema = r->media[0].schema;
      free(r->media[0].media);
      r->nmedia = 0;
      for (size_t i = 0; i < json_array_size(consumes); i++)
        if (json_is_string(json_array_get(consumes, i)))
          oa_add_media(&r->media, &r->nmedia, json_string_value(json_array_get(consumes, i)),
                       schema);
    }
    return 0;
  }
  return add_request_body(doc, r, op, err);
}

void oa_free_request(oa_req_t *r) {
  for (size_t i = 0; i < r->nparams; i++) free(r->params[i].name);
  for (size_t i = 0; i < r->nmedia; i++) free(r->media[i].media);
  free(r->params);
  free(r->media);
  json_decref(r->form_props);
  json_decref(r->form_required);
  json_decref(r->form_encoding);
  memset(r, 0, sizeof *r);
}

/* ---- checking ---- */

static const char *in_name(oa_in_t in) {
  return in == OA_IN_PATH     ? "path"
         : in == OA_IN_QUERY  ? "query"
         : in == OA_IN_HEADER ? "header"
                              : "cookie";
}

/* Whether `name` is another query parameter of r than p. */
static bool other_query_param(const oa_req_t *r, const oa_param_t *p, const char *name) {
  for (size_t i = 0; i < r->nparams; i++)
    if (&r->params[i] != p && r->params[i].in == OA_IN_QUERY &&
        strcmp(r->params[i].name, name) == 0)
      return true;
  return false;
}

/* The query parameter p from the query's pairs: the values of its name, or for an object
 * spread over names its properties (deepObject's "p[prop]"; form+explode's names that
 * are no other parameter's). */
static void query_texts(const oa_req_t *r, const oa_param_t *p, const strvec_t *pairs,
                        strvec_t *texts, strvec_t *props) {
  size_t n = strlen(p->name);
  bool spread = (p->types & SCHEMA_TYPE_OBJECT) && !(p->types & SCHEMA_TYPE_ARRAY) && !p->json &&
                (p->style == OA_STYLE_DEEP ||
                 (p->explode && (p->style == OA_STYLE_DEFAULT || p->style == OA_STYLE_FORM)));
  for (size_t i = 0; i + 1 < pairs->len; i += 2) {
    const char *k = pairs->items[i], *v = pairs->items[i + 1];
    size_t kl = strlen(k);
    if (spread && p->style == OA_STYLE_DEEP) {
      if (kl > n + 2 && strncmp(k, p->name, n) == 0 && k[n] == '[' && k[kl - 1] == ']') {
        strvec_push_owned(props, xstrndup(k + n + 1, kl - n - 2));
        strvec_push(props, v);
      }
    } else if (spread) {
      if (!other_query_param(r, p, k)) {
        strvec_push(props, k);
        strvec_push(props, v);
      }
    } else if (strcmp(k, p->name) == 0) {
      strvec_push(texts, v);
    }
  }
}

/* The texts of parameter p in the request; `caps`: the path template's; `pairs`: the
 * query's. */
static void param_texts(const oa_req_t *r, const oa_param_t *p, const oa_capture_t *caps,
                        const strvec_t *pairs, const openapi_request_t *rq, strvec_t *texts,
                        strvec_t *props) {
  if (p->in == OA_IN_PATH) {
    for (const oa_capture_t *c = caps; c->name; c++)
      if (c->name_len == strlen(p->name) && strncmp(c->name, p->name, c->name_len) == 0) {
        strvec_push_owned(texts, percent_decode(c->text, c->len, 0, NULL));
        break;
      }
  } else if (p->in == OA_IN_QUERY) {
    query_texts(r, p, pairs, texts, props);
  } else {
    char *v =
        rq->header ? rq->header(rq->header_ud, p->in == OA_IN_COOKIE ? "cookie" : p->name) : NULL;
    if (v && p->in == OA_IN_COOKIE) oa_cookie_values(v, p->name, texts);
    else if (v) strvec_push(texts, v);
    free(v);
  }
}

/* The decoded pairs of the URL's query string. */
static void url_query_pairs(const char *url, strvec_t *pairs) {
  const char *q = strchr(url, '?');
  if (q) oa_form_pairs(q + 1, strcspn(q + 1, "#"), pairs);
}

static int check_params(openapi_doc_t *doc, const oa_op_t *op, const char *rest,
                        const openapi_request_t *rq, openapi_result_t *out, sbuf_t *err) {
  /* the path's {params} as the operation matched them */
  oa_capture_t caps[OA_MAX_CAPTURES + 1] = {{0}};
  if (!oa_template_match(op->norm, rest, caps)) caps[0].name = NULL;
  strvec_t pairs = {0};
  url_query_pairs(rq->url ? rq->url : "", &pairs);
  /* by place, as a request reads: path, query, headers, then cookies */
  size_t n = op->req.nparams;
  int rc = 0;
  for (size_t k = 0; rc == 0 && k < 4 * n; k++) {
    const oa_param_t *p = &op->req.params[k % n];
    if (p->in != (oa_in_t)(k / n)) continue;
    strvec_t texts = {0}, props = {0};
    param_texts(&op->req, p, caps, &pairs, rq, &texts, &props);
    char *where = xasprintf("%s.%s", in_name(p->in), p->name);
    if (texts.len == 0 && props.len == 0) {
      /* a cookie the client's jar adds is not seen here: only those it does show count */
      if (p->required && !(p->in == OA_IN_COOKIE && rq->cookie_jar))
        oa_problem(out, "%s is required, but the request has none", where);
    } else {
      rc = oa_check_param(doc, p, &texts, &props, where, "", out, err);
    }
    free(where);
    strvec_free(&texts);
    strvec_free(&props);
  }
  strvec_free(&pairs);
  return rc;
}

static int check_body(openapi_doc_t *doc, oa_op_t *op, const openapi_request_t *rq,
                      openapi_result_t *out, sbuf_t *err) {
  oa_req_t *r = &op->req;
  if (!rq->has_body) {
    if (r->has_body && r->body_required)
      oa_problem(out, "body is required, but the request has none");
    return 0;
  }
  if (!r->has_body || r->nmedia == 0) return 0; /* nothing declared to hold it to */
  char *essence = media_essence(rq->content_type ? rq->content_type : "");
  oa_media_t *m = oa_find_media(r->media, r->nmedia, essence);
  int rc = 0;
  if (!m) {
    sbuf_t decl = SBUF_INIT;
    oa_declared_media(r->media, r->nmedia, &decl);
    oa_problem(out, "content type %s is not declared for the request body; it declares %s",
               *essence ? essence : "(none)", sbuf_cstr(&decl));
    sbuf_free(&decl);
  } else if (m->schema && oa_media_is_form(essence)) {
    rc = oa_check_form(doc, m->schema, m->encoding, rq->content_type, rq->body, rq->body_len,
                       "body", "", out, err);
  } else if (m->schema) {
    /* read as a response's body is; binary types only by their type */
    json_error_t jerr;
    json_t *v = openapi_body_value(essence, rq->body, rq->body_len, &jerr);
    if (!v && media_is_json(essence)) oa_problem(out, "body is not valid JSON: %s", jerr.text);
    if (v) rc = oa_check_value(doc, m->schema, v, "body", "", out, err) < 0 ? -1 : 0;
    json_decref(v);
  }
  free(essence);
  return rc;
}

int openapi_check_request(openapi_doc_t *doc, const openapi_request_t *rq, openapi_result_t *out,
                          sbuf_t *err) {
  memset(out, 0, sizeof *out);
  out->request = true;
  char *method = xstrdup(rq->method ? rq->method : "GET");
  for (char *p = method; *p; p++) *p = (char)toupper((unsigned char)*p);
  char *path = oa_url_path(rq->url ? rq->url : "");
  oa_op_t *same = NULL;
  const char *rest = path;
  oa_op_t *op = oa_find_op(doc, method, path, &same, &rest);
  int rc = 0;
  if (!op) {
    oa_no_operation(doc, method, path, same, out);
  } else {
    out->operation = xasprintf("%s %s", op->method, op->path);
    rc = check_params(doc, op, rest, rq, out, err);
    if (rc == 0) rc = check_body(doc, op, rq, out, err);
  }
  free(method);
  free(path);
  if (rc < 0) return -1;
  return out->problems.len ? 0 : 1;
}
