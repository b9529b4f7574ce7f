/* request: what an operation asks of a request, and a request checked against it.
 *
 * Building: the parameters of the path item and of the operation (the operation's win on
 * the same name and location; Reference Objects followed), each with its schema compiled
 * and the JSON types that schema allows (followed through $refs), which say how to read
 * the parameter's text; and the request body's media types with their schemas (3.x
 * requestBody; 2.0's body parameter under the operation's consumes). Parameters "in"
 * cookie, and 2.0's formData, are not checked.
 *
 * Checking: path parameters are taken from the URL by the operation's template, query
 * parameters from its query string (percent-decoded, repeated names as arrays), headers by
 * name; each text is read as the type its schema wants (a number, a boolean, an array of
 * form or comma-separated values) and validated. A required parameter or body that is
 * missing, a content type the request body does not declare, and every schema error are
 * problems named by location: "query.limit must be integer", "body/items/0/id must be
 * integer".
 *
 * Memory: oa_req_t belongs to its operation (oa_free_request); results own their strings. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "openapi/openapi_int.h"

/* ---- building ---- */

/* OA_T_* bits of the schema at `at` (its type, through $refs; 0 when it names none). */
static unsigned schema_types(openapi_doc_t *doc, const oa_at_t *at, unsigned *item_types) {
  oa_at_t s = {at->file, at->node, SBUF_INIT};
  sbuf_puts(&s.ptr, sbuf_cstr(&at->ptr));
  sbuf_t ignored = SBUF_INIT;
  unsigned bits = 0;
  /* 3.1: a $ref to a schema by its $id (the validator's to resolve, not a file's) */
  json_t *ref = json_object_get(s.node, "$ref");
  if (doc->ids && json_is_string(ref)) {
    char *abs = schema_uri_resolve(s.file->uri, json_string_value(ref));
    json_t *target = json_object_get(doc->ids, abs);
    if (target) s.node = target;
    free(abs);
  }
  if (json_is_object(s.node) && oa_follow(doc, &s, &ignored) == 0 && json_is_object(s.node)) {
    static const struct {
      const char *name;
      unsigned bit;
    } kTypes[] = {{"string", OA_T_STRING},   {"number", OA_T_NUMBER}, {"integer", OA_T_INTEGER},
                  {"boolean", OA_T_BOOLEAN}, {"array", OA_T_ARRAY},   {"object", OA_T_OBJECT},
                  {"null", OA_T_NULL}};
    json_t *type = json_object_get(s.node, "type");
    size_t n = json_is_array(type) ? json_array_size(type) : 1;
    for (size_t i = 0; i < n; i++) {
      const char *t = json_string_value(json_is_array(type) ? json_array_get(type, i) : type);
      for (size_t k = 0; t && k < sizeof kTypes / sizeof *kTypes; k++)
        if (strcmp(t, kTypes[k].name) == 0) bits |= kTypes[k].bit;
    }
    if (item_types && (bits & OA_T_ARRAY)) {
      oa_at_t items;
      if (oa_child(doc, &s, "items", false, &items, &ignored) == 0) {
        *item_types = items.node ? schema_types(doc, &items, NULL) : 0;
        sbuf_free(&items.ptr);
      }
    }
  }
  sbuf_free(&s.ptr);
  sbuf_free(&ignored);
  return bits;
}

static void add_media(oa_req_t *r, const char *media, const schema_t *schema) {
  r->media = xrealloc(r->media, (r->nmedia + 1) * sizeof *r->media);
  r->media[r->nmedia].media = xstrdup(media);
  r->media[r->nmedia++].schema = schema;
}

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
    sbuf_printf(err, "invalid parameter: %s", sbuf_cstr(&msg));
    rc = -1;
  }
  const char *fmt = json_string_value(json_object_get(at->node, "collectionFormat"));
  p->explode = fmt && strcmp(fmt, "multi") == 0;
  p->types = schema_types(doc, &(oa_at_t){at->file, copy, at->ptr}, &p->item_types);
  sbuf_free(&msg);
  json_decref(copy);
  return rc;
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
    r->media = xrealloc(r->media, (r->nmedia + 1) * sizeof *r->media);
    r->media[r->nmedia].media = xstrdup(""); /* consumes are added by the caller */
    r->media[r->nmedia++].schema = schema;
    return 0;
  } else {
    return 0; /* formData: not checked */
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
  int rc = 0;
  if (doc->version == 20) {
    rc = compile_v2_param(doc, at, &p, err);
  } else {
    const char *style = json_string_value(json_object_get(at->node, "style"));
    json_t *explode = json_object_get(at->node, "explode");
    p.explode = json_is_boolean(explode) ? json_is_true(explode)
                                         : (p.in == OA_IN_QUERY || p.in == OA_IN_COOKIE) &&
                                               (!style || strcmp(style, "form") == 0);
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
        char *essence = oa_media_essence(media);
        p.json = strcmp(essence, "application/json") == 0 || strstr(essence, "+json");
        free(essence);
        oa_child(doc, &content, media, false, &mt, err);
        sbuf_free(&s.ptr);
        oa_child(doc, &mt, "schema", false, &s, err);
      }
    }
    if (s.node) {
      rc = oa_compile_at(doc, &s, &p.schema, err);
      p.types = schema_types(doc, &s, &p.item_types);
    }
    sbuf_free(&s.ptr);
    sbuf_free(&content.ptr);
    sbuf_free(&mt.ptr);
  }
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
      sbuf_free(&mt.ptr);
      if (rc != 0) break;
      add_media(r, media, schema);
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
    if (r->nmedia == 1 && json_array_size(consumes) > 0) {
      const schema_t *schema = r->media[0].schema;
      free(r->media[0].media);
      r->nmedia = 0;
      for (size_t i = 0; i < json_array_size(consumes); i++)
        if (json_is_string(json_array_get(consumes, i)))
          add_media(r, json_string_value(json_array_get(consumes, i)), schema);
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
  memset(r, 0, sizeof *r);
}

/* ---- checking ---- */

static int hexval(int c) {
  return isdigit(c) ? c - '0' : isxdigit(c) ? (tolower(c) - 'a' + 10) : -1;
}

/* Percent-decoding of n bytes (a bad escape stays as it is); '+' is a space in a query. */
static char *decode(const char *s, size_t n, bool plus) {
  sbuf_t b = SBUF_INIT;
  for (size_t i = 0; i < n; i++) {
    if (s[i] == '%' && i + 2 < n) {
      int h = hexval((unsigned char)s[i + 1]), l = hexval((unsigned char)s[i + 2]);
      if (h >= 0 && l >= 0) {
        sbuf_putc(&b, (char)(h * 16 + l));
        i += 2;
        continue;
      }
    }
    sbuf_putc(&b, plus && s[i] == '+' ? ' ' : s[i]);
  }
  return sbuf_take(&b);
}

/* The values of query parameter `name` in the URL's query string, decoded. */
static void query_values(const char *url, const char *name, strvec_t *out) {
  const char *q = strchr(url, '?');
  if (!q) return;
  q++;
  size_t end = strcspn(q, "#");
  for (size_t i = 0; i < end;) {
    size_t n = strcspn(q + i, "&#");
    if (n > end - i) n = end - i;
    const char *eq = memchr(q + i, '=', n);
    size_t kn = eq ? (size_t)(eq - (q + i)) : n;
    char *key = decode(q + i, kn, true);
    if (strcmp(key, name) == 0)
      strvec_push_owned(out, eq ? decode(eq + 1, n - kn - 1, true) : xstrdup(""));
    free(key);
    i += n + 1;
  }
}

/* The text of path parameter `name` of template `tpl` in `path`, or NULL. */
static char *path_value(const char *tpl, const char *path, const char *name) {
  const char *t = tpl, *s = path;
  while (*t) {
    if (*t == '{') {
      const char *close = strchr(t, '}');
      if (!close) return NULL;
      /* one segment piece: up to the template's next literal character (or the segment) */
      char stop = close[1];
      size_t k = 0;
      while (s[k] && s[k] != '/' && (stop == '\0' || stop == '/' || s[k] != stop)) k++;
      size_t nl = (size_t)(close - t - 1);
      if (strlen(name) == nl && strncmp(t + 1, name, nl) == 0) return decode(s, k, false);
      s += k;
      t = close + 1;
      continue;
    }
    if (*t != *s) return NULL;
    t++;
    s++;
  }
  return NULL;
}

/* A parameter's text as the value its schema's types most likely mean. */
static json_t *typed_value(const char *text, unsigned types) {
  if (types & (OA_T_INTEGER | OA_T_NUMBER)) {
    char *end;
    double d = strtod(text, &end);
    if (*text && !*end && !isspace((unsigned char)*text)) {
      if ((types & OA_T_INTEGER) && d == (double)(json_int_t)d && !strpbrk(text, ".eE"))
        return json_integer((json_int_t)d);
      return json_real(d);
    }
  }
  if ((types & OA_T_BOOLEAN) && (strcmp(text, "true") == 0 || strcmp(text, "false") == 0))
    return json_boolean(text[0] == 't');
  if ((types & OA_T_NULL) && strcmp(text, "null") == 0) return json_null();
  return json_string(text);
}

/* The parameter's value from its texts: an array when its schema wants one (repeated
 * names, or comma-separated values), else the first text, typed. */
static json_t *param_value(const oa_param_t *p, const strvec_t *texts) {
  if (p->json) {
    json_t *v = json_loads(texts->items[0], JSON_DECODE_ANY, NULL);
    return v ? v : json_string(texts->items[0]);
  }
  if (!(p->types & OA_T_ARRAY)) return typed_value(texts->items[0], p->types);
  json_t *arr = json_array();
  for (size_t i = 0; i < texts->len; i++) {
    const char *t = texts->items[i];
    if (p->explode && p->in == OA_IN_QUERY) {
      json_array_append_new(arr, typed_value(t, p->item_types));
      continue;
    }
    while (*t) {
      size_t n = strcspn(t, ",");
      char *item = xstrndup(t, n);
      json_array_append_new(arr, typed_value(item, p->item_types));
      free(item);
      t += n + (t[n] ? 1 : 0);
    }
  }
  return arr;
}

static const char *in_name(oa_in_t in) {
  return in == OA_IN_PATH     ? "path"
         : in == OA_IN_QUERY  ? "query"
         : in == OA_IN_HEADER ? "header"
                              : "cookie";
}

static int check_params(openapi_doc_t *doc, const oa_op_t *op, const char *rest,
                        const openapi_request_t *rq, openapi_result_t *out, sbuf_t *err) {
  /* by place, as a URL reads: path, query, then headers */
  for (size_t k = 0; k < 3 * op->req.nparams; k++) {
    const oa_param_t *p = &op->req.params[k % op->req.nparams];
    if (p->in != (oa_in_t)(k / op->req.nparams)) continue;
    strvec_t texts = {0};
    if (p->in == OA_IN_PATH) {
      char *v = path_value(op->norm, rest, p->name);
      if (v) strvec_push_owned(&texts, v);
    } else if (p->in == OA_IN_QUERY) {
      query_values(rq->url ? rq->url : "", p->name, &texts);
    } else {
      char *v = rq->header ? rq->header(rq->header_ud, p->name) : NULL;
      if (v) strvec_push_owned(&texts, v);
    }
    char *where = xasprintf("%s.%s", in_name(p->in), p->name);
    int rc = 0;
    if (texts.len == 0) {
      if (p->required) oa_problem(out, "%s is required, but the request has none", where);
    } else if (p->schema) {
      json_t *v = param_value(p, &texts);
      rc = oa_check_value(doc, p->schema, v, where, "", out, err);
      json_decref(v);
    }
    free(where);
    strvec_free(&texts);
    if (rc < 0) return -1;
  }
  return 0;
}

/* The request body as its schema judges it: JSON types parsed, text (and untyped UTF-8)
 * as a string; NULL for types it cannot read (forms, binary): then only its type counts. */
static json_t *body_value(const char *essence, const openapi_request_t *rq, openapi_result_t *out) {
  bool json = strcmp(essence, "application/json") == 0 || strstr(essence, "+json") != NULL;
  if (json) {
    json_error_t jerr;
    json_t *v = json_loadb(rq->body, rq->body_len, JSON_DECODE_ANY | JSON_ALLOW_NUL, &jerr);
    if (!v) oa_problem(out, "body is not valid JSON: %s", jerr.text);
    return v;
  }
  if (!*essence || strncmp(essence, "text/", 5) == 0) return json_stringn(rq->body, rq->body_len);
  return NULL;
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
  char *essence = oa_media_essence(rq->content_type ? rq->content_type : "");
  oa_media_t *m = oa_find_media(r->media, r->nmedia, essence);
  int rc = 0;
  if (!m) {
    sbuf_t decl = SBUF_INIT;
    oa_declared_media(r->media, r->nmedia, &decl);
    oa_problem(out, "content type %s is not declared for the request body; it declares %s",
               *essence ? essence : "(none)", sbuf_cstr(&decl));
    sbuf_free(&decl);
  } else if (m->schema) {
    json_t *v = body_value(essence, rq, out);
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
