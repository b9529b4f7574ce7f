/* match: an exchange against the operation table. The URL's path, less a server base
 * path, is matched against the path templates ({param} is one or more characters other
 * than '/'; the template with the most literal characters wins, as OpenAPI wants concrete
 * paths before templated ones); the status against the responses (the code itself, then
 * its class 2XX, then default); the Content-Type against the response's media types (the
 * type itself, then type/ *, then * / *); the body against that media type's schema; the
 * headers against those the response declares. Every call is counted for coverage.
 *
 * Memory: results own their strings (openapi_result_free); schema error lists are freed
 * before returning. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/media.h"
#include "openapi/openapi_int.h"

/* Operations listed at most in an "it declares" message. */
#define OA_LIST_MAX 40

char *oa_url_path(const char *url) {
  const char *p = url;
  const char *scheme = strstr(url, "://");
  if (scheme && (size_t)(scheme - url) < strcspn(url, "/?#")) {
    p = scheme + 3;
    p += strcspn(p, "/?#");
  }
  size_t n = strcspn(p, "?#");
  while (n > 0 && p[n - 1] == '/') n--;
  if (n > 0 && p[0] != '/') {
    /* a relative server URL ("v1", "./v1") is taken from the root */
    while (n >= 2 && p[0] == '.' && p[1] == '/') {
      p += 2;
      n -= 2;
    }
    if (n == 1 && p[0] == '.') n = 0;
    if (n == 0) return xstrdup("");
    char *out = xasprintf("/%.*s", (int)n, p);
    return out;
  }
  return xstrndup(p, n);
}

/* Matching a path template. A run of adjacent {params} ("{a}{b}", nothing between them)
 * is matched as one: it takes one or more characters per param of one segment, as many
 * as the rest of the template allows; then its first param has all but one character for
 * each that follows, which gets one (the split is ambiguous anyway). Which (run, path
 * offset) pairs cannot lead to a match is remembered, so each is tried once: the work is
 * bounded by runs x path length x segment length, where plain backtracking was
 * exponential in the number of params. */
typedef struct {
  const char *path;
  size_t len;
  unsigned char *failed; /* bit (depth * (len + 1) + offset): no match from there */
  size_t steps;          /* template positions visited, for tests */
} tpl_match_t;

/* The template t against s; `depth` {params} matched so far. On a match, caps (when
 * given) hold each {param}'s text: set on the way back, so only the match's are kept. */
static bool tpl_from(tpl_match_t *m, const char *t, const char *s, unsigned depth,
                     oa_capture_t *caps) {
  while (*t) {
    m->steps++;
    const char *close = *t == '{' ? strchr(t, '}') : NULL;
    if (close) {
      /* the run: n params ending before `after` */
      unsigned n = 0;
      const char *after = t;
      for (const char *c = close; c; c = *after == '{' ? strchr(after, '}') : NULL) {
        n++;
        after = c + 1;
      }
      if (depth + n > OA_MAX_CAPTURES) return false;
      size_t bit = depth * (m->len + 1) + (size_t)(s - m->path);
      if (m->failed[bit / 8] & (1u << (bit % 8))) return false;
      size_t seg = strcspn(s, "/");
      for (size_t k = seg; k >= n && k >= 1; k--) {
        if (!tpl_from(m, after, s + k, depth + n, caps)) continue;
        if (caps) {
          const char *name = t, *text = s;
          for (unsigned i = 0; i < n; i++) {
            const char *end = strchr(name, '}');
            size_t len = i == 0 ? k - (n - 1) : 1;
            caps[depth + i] = (oa_capture_t){name + 1, (size_t)(end - name - 1), text, len};
            text += len;
            name = end + 1;
          }
        }
        return true;
      }
      m->failed[bit / 8] |= (unsigned char)(1u << (bit % 8));
      return false;
    }
    if (*t != *s) return false;
    t++;
    s++;
  }
  if (*s == '\0' && caps) caps[depth].name = NULL;
  return *s == '\0';
}

bool oa_template_match_counted(const char *tpl, const char *path, oa_capture_t *caps,
                               size_t *steps) {
  tpl_match_t m = {path, strlen(path), NULL, 0};
  unsigned params = 0;
  for (const char *p = tpl; (p = strchr(p, '{')); p++) params++;
  if (params > OA_MAX_CAPTURES) params = OA_MAX_CAPTURES;
  static unsigned char none[1];
  size_t bits = params ? (size_t)params * (m.len + 1) : 0;
  m.failed = bits ? xcalloc(bits / 8 + 1, 1) : none;
  bool ok = tpl_from(&m, tpl, path, 0, caps);
  if (bits) free(m.failed);
  if (steps) *steps = m.steps;
  return ok;
}

bool oa_template_match(const char *tpl, const char *path, oa_capture_t *caps) {
  return oa_template_match_counted(tpl, path, caps, NULL);
}

void openapi_result_free(openapi_result_t *r) {
  free(r->operation);
  free(r->response);
  free(r->schema);
  strvec_free(&r->problems);
  memset(r, 0, sizeof *r);
}

void oa_problem(openapi_result_t *out, const char *fmt, ...) {
  sbuf_t b = SBUF_INIT;
  va_list ap;
  va_start(ap, fmt);
  sbuf_vprintf(&b, fmt, ap);
  va_end(ap);
  strvec_push_owned(&out->problems, sbuf_take(&b));
}

int oa_check_value(openapi_doc_t *doc, const schema_t *schema, const json_t *value,
                   const char *what, const char *sep, openapi_result_t *out, sbuf_t *err) {
  schema_errors_t errors = {0};
  int rc = schema_validate_compiled(doc->reg, schema, value, &errors, err);
  for (size_t i = 0; rc == 0 && i < errors.len; i++) {
    const schema_error_t *e = &errors.items[i];
    const char *path = e->instance_path ? e->instance_path : "";
    oa_problem(out, "%s%s%s%s%s", what, *what && *path ? sep : "", path, *what || *path ? " " : "",
               e->message ? e->message : "is invalid");
  }
  schema_errors_free(&errors);
  return rc;
}

/* ---- operations ---- */

static void list_operations(const openapi_doc_t *doc, sbuf_t *b) {
  sbuf_puts(b, "it declares:");
  for (size_t i = 0; i < doc->nops && i < OA_LIST_MAX; i++)
    sbuf_printf(b, "\n      %s %s", doc->ops[i].method, doc->ops[i].path);
  if (doc->nops > OA_LIST_MAX) sbuf_printf(b, "\n      (and %zu more)", doc->nops - OA_LIST_MAX);
  if (doc->nops == 0) sbuf_puts(b, " no operations");
}

void oa_no_operation(openapi_doc_t *doc, const char *method, const char *path,
                     const oa_op_t *same_path, openapi_result_t *out) {
  sbuf_t b = SBUF_INIT;
  if (same_path) {
    sbuf_printf(&b, "%s declares no %s operation on %s; it declares:", doc->name, method,
                same_path->path);
    for (size_t i = 0; i < doc->nops; i++)
      if (strcmp(doc->ops[i].path, same_path->path) == 0)
        sbuf_printf(&b, " %s", doc->ops[i].method);
  } else {
    sbuf_printf(&b, "no path of %s matches %s %s", doc->name, method, *path ? path : "/");
    bool any_base = false;
    for (size_t i = 0; i < doc->bases.len; i++) any_base |= doc->bases.items[i][0] != '\0';
    if (any_base) {
      sbuf_puts(&b, " (server base paths:");
      for (size_t i = 0; i < doc->bases.len; i++)
        sbuf_printf(&b, " %s", doc->bases.items[i][0] ? doc->bases.items[i] : "/");
      sbuf_putc(&b, ')');
    }
    sbuf_puts(&b, "; ");
    list_operations(doc, &b);
  }
  strvec_push_owned(&out->problems, sbuf_take(&b));
}

oa_op_t *oa_find_op(openapi_doc_t *doc, const char *method, const char *path, oa_op_t **same_path,
                    const char **rest_out) {
  oa_op_t *best = NULL;
  size_t best_base = 0;
  *same_path = NULL;
  if (rest_out) *rest_out = path;
  for (size_t b = 0; b < doc->bases.len; b++) {
    const char *base = doc->bases.items[b];
    size_t bl = strlen(base);
    if (strncmp(path, base, bl) != 0 || (path[bl] != '\0' && path[bl] != '/')) continue;
    const char *rest = path + bl;
    for (size_t i = 0; i < doc->nops; i++) {
      oa_op_t *o = &doc->ops[i];
      if (!oa_template_match(o->norm, rest, NULL)) continue;
      if (strcmp(o->method, method) != 0) {
        if (!*same_path || o->literal > (*same_path)->literal) *same_path = o;
        continue;
      }
      if (!best || o->literal > best->literal || (o->literal == best->literal && bl > best_base)) {
        best = o;
        best_base = bl;
        if (rest_out) *rest_out = rest;
      }
    }
  }
  return best;
}

static oa_resp_t *find_resp(oa_op_t *op, int status) {
  char code[16], cls[16];
  snprintf(code, sizeof code, "%d", status);
  snprintf(cls, sizeof cls, "%dXX", status / 100);
  oa_resp_t *by_class = NULL, *by_default = NULL;
  for (size_t i = 0; i < op->nresps; i++) {
    oa_resp_t *r = &op->resps[i];
    if (strcmp(r->key, code) == 0) return r;
    if (strcmp(r->key, cls) == 0) by_class = r;
    if (strcmp(r->key, "default") == 0) by_default = r;
  }
  return by_class ? by_class : by_default;
}

/* ---- media types ---- */

oa_media_t *oa_find_media(oa_media_t *media, size_t n, const char *essence) {
  oa_media_t *best = NULL;
  int best_rank = 0;
  for (size_t i = 0; i < n; i++) {
    char *m = media_essence(media[i].media);
    int rank = 0;
    const char *slash = strchr(essence, '/');
    if (!m[0] || strcmp(m, "*/*") == 0) rank = 1;
    else if (strcmp(m, essence) == 0) rank = 3;
    else if (slash && strncmp(m, essence, (size_t)(slash - essence) + 1) == 0 &&
             strcmp(m + (slash - essence) + 1, "*") == 0)
      rank = 2;
    free(m);
    if (rank > best_rank) {
      best = &media[i];
      best_rank = rank;
    }
  }
  return best;
}

void oa_declared_media(const oa_media_t *media, size_t n, sbuf_t *b) {
  for (size_t i = 0; i < n; i++)
    sbuf_printf(b, "%s%s", i ? ", " : "", media[i].media[0] ? media[i].media : "*/*");
}

static int check_body(openapi_doc_t *doc, oa_resp_t *r, const openapi_exchange_t *ex,
                      openapi_result_t *out, sbuf_t *err) {
  if (r->nmedia == 0) return 0; /* no content declared: nothing to hold the body to */
  sbuf_t decl = SBUF_INIT;
  oa_declared_media(r->media, r->nmedia, &decl);
  int rc = 0;
  if (!ex->has_body) {
    bool wants = false;
    for (size_t i = 0; i < r->nmedia; i++) wants |= r->media[i].schema != NULL;
    if (wants)
      oa_problem(out, "the response has no body, but the document declares one (%s)",
                 sbuf_cstr(&decl));
  } else {
    char *essence = media_essence(ex->content_type ? ex->content_type : "");
    oa_media_t *m = oa_find_media(r->media, r->nmedia, essence);
    if (!m && !ex->content_type) {
      oa_problem(out, "the response has no Content-Type; the document declares %s",
                 sbuf_cstr(&decl));
    } else if (!m) {
      oa_problem(out, "content type %s is not declared for this response; it declares %s", essence,
                 sbuf_cstr(&decl));
    } else if (m->schema && oa_media_is_form(essence) && json_is_string(ex->body)) {
      /* a form as a request's is read (openapi_body_value gave its text) */
      rc = oa_check_form(doc, m->schema, m->encoding, ex->content_type, json_string_value(ex->body),
                         json_string_length(ex->body), "body", " ", out, err);
    } else if (m->schema && ex->body) {
      rc = oa_check_value(doc, m->schema, ex->body, "body", " ", out, err);
      rc = rc < 0 ? -1 : 0;
    }
    free(essence);
  }
  sbuf_free(&decl);
  return rc;
}

static int check_headers(openapi_doc_t *doc, oa_resp_t *r, const openapi_exchange_t *ex,
                         openapi_result_t *out, sbuf_t *err) {
  for (size_t i = 0; i < r->nheaders; i++) {
    oa_param_t *h = &r->headers[i];
    char *value = ex->header ? ex->header(ex->header_ud, h->name) : NULL;
    if (!value) {
      if (h->required) oa_problem(out, "header %s is required, but the response has none", h->name);
      continue;
    }
    /* typed as a request's header parameter is: "007" is 7 only where the schema wants a
     * number, and stays text where it wants a string */
    strvec_t texts = {0};
    strvec_push_owned(&texts, value);
    char *what = xasprintf("header %s", h->name);
    int rc = oa_check_param(doc, h, &texts, NULL, what, " ", out, err);
    free(what);
    strvec_free(&texts);
    if (rc < 0) return -1;
  }
  return 0;
}

int openapi_check(openapi_doc_t *doc, const openapi_exchange_t *ex, openapi_result_t *out,
                  sbuf_t *err) {
  memset(out, 0, sizeof *out);
  char *method = xstrdup(ex->method ? ex->method : "GET");
  for (char *p = method; *p; p++) *p = (char)toupper((unsigned char)*p);
  char *path = oa_url_path(ex->url ? ex->url : "");
  oa_op_t *same = NULL;
  oa_op_t *op = oa_find_op(doc, method, path, &same, NULL);
  int rc = 0;
  if (!op) {
    oa_no_operation(doc, method, path, same, out);
    if (!ex->uncounted) doc->unmatched++;
  } else {
    out->operation = xasprintf("%s %s", op->method, op->path);
    oa_resp_t *r = find_resp(op, ex->status);
    if (!r) {
      sbuf_t b = SBUF_INIT;
      sbuf_printf(&b, "status %d is not declared (nor %dXX or default); it declares:", ex->status,
                  ex->status / 100);
      for (size_t i = 0; i < op->nresps; i++) sbuf_printf(&b, " %s", op->resps[i].key);
      if (op->nresps == 0) sbuf_puts(&b, " no responses");
      strvec_push_owned(&out->problems, sbuf_take(&b));
      if (!ex->uncounted) op->undocumented++;
    } else {
      out->response = xstrdup(r->key);
      if (!ex->uncounted) r->calls++;
      rc = check_body(doc, r, ex, out, err);
      if (rc == 0) rc = check_headers(doc, r, ex, out, err);
      if (rc == 0 && !ex->uncounted) {
        if (out->problems.len) r->violated++;
        else r->conforming++;
      }
    }
  }
  free(method);
  free(path);
  if (rc < 0) return -1;
  return out->problems.len ? 0 : 1;
}

int openapi_check_schema(openapi_doc_t *doc, const char *name, const json_t *value,
                         openapi_result_t *out, sbuf_t *err) {
  memset(out, 0, sizeof *out);
  const char *where = doc->version == 20 ? "definitions" : "components.schemas";
  if (!json_object_get(doc->schemas, name)) {
    sbuf_printf(err, "%s has no schema \"%s\" in %s; it has:", doc->name, name, where);
    const char *k;
    json_t *v;
    size_t n = 0;
    json_object_foreach(doc->schemas, k, v) {
      if (n++ < OA_LIST_MAX) sbuf_printf(err, " %s", k);
    }
    if (!n) sbuf_puts(err, " none");
    return -1;
  }
  out->schema = xstrdup(name);
  sbuf_t ptr = SBUF_INIT;
  sbuf_puts(&ptr, doc->version == 20 ? "/definitions" : "/components/schemas");
  oa_ptr_push(&ptr, name);
  char *uri = oa_uri_of(doc->schemas_file, sbuf_cstr(&ptr));
  json_t *ref = json_pack("{ss}", "$ref", uri);
  const schema_t *schema = schema_compile(doc->reg, ref, err);
  int rc = schema ? oa_check_value(doc, schema, value, "", " ", out, err) : -1;
  json_decref(ref);
  free(uri);
  sbuf_free(&ptr);
  if (rc < 0) return -1;
  return out->problems.len ? 0 : 1;
}

void openapi_result_message(const openapi_doc_t *doc, const openapi_result_t *r, sbuf_t *out) {
  if (r->schema)
    sbuf_printf(out, "Value does not satisfy schema '%s' of %s:", r->schema, doc->name);
  else if (r->request && r->operation)
    sbuf_printf(out, "The request to %s does not satisfy %s:", r->operation, doc->name);
  else if (r->request) sbuf_printf(out, "The request matches no operation of %s:", doc->name);
  else if (r->operation && r->response)
    sbuf_printf(out, "%s (response '%s') does not satisfy %s:", r->operation, r->response,
                doc->name);
  else if (r->operation) sbuf_printf(out, "%s does not satisfy %s:", r->operation, doc->name);
  else sbuf_printf(out, "The response matches no operation of %s:", doc->name);
  for (size_t i = 0; i < r->problems.len; i++) sbuf_printf(out, "\n  - %s", r->problems.items[i]);
}

bool openapi_coverage_touched(const openapi_doc_t *doc) {
  if (doc->unmatched) return true;
  for (size_t i = 0; i < doc->nops; i++) {
    if (doc->ops[i].undocumented) return true;
    for (size_t j = 0; j < doc->ops[i].nresps; j++)
      if (doc->ops[i].resps[j].calls) return true;
  }
  return false;
}

json_t *openapi_coverage(openapi_doc_t *doc, bool reset) {
  json_t *ops = json_array();
  for (size_t i = 0; i < doc->nops; i++) {
    oa_op_t *o = &doc->ops[i];
    json_t *resps = json_array();
    for (size_t j = 0; j < o->nresps; j++) {
      oa_resp_t *r = &o->resps[j];
      json_array_append_new(
          resps,
          json_pack("{sssIsIsI}", "response", r->key, "calls", (json_int_t)r->calls, "conforming",
                    (json_int_t)r->conforming, "violated", (json_int_t)r->violated));
      if (reset) r->calls = r->conforming = r->violated = 0;
    }
    char *name = xasprintf("%s %s", o->method, o->path);
    json_array_append_new(ops, json_pack("{sssosI}", "operation", name, "responses", resps,
                                         "undocumentedStatus", (json_int_t)o->undocumented));
    if (reset) o->undocumented = 0;
    free(name);
  }
  json_t *out = json_pack("{sssosI}", "document", doc->name, "operations", ops, "unmatched",
                          (json_int_t)doc->unmatched);
  if (reset) doc->unmatched = 0;
  return out;
}
