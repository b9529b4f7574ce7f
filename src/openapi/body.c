/* body: a request's or response's body as the value its schema judges, by one rule for
 * both. JSON types are parsed (an integer beyond 64 bits a number, as JSON.parse reads
 * it); text types (media_is_text) and an untyped body are a string; a form is an object:
 * application/x-www-form-urlencoded as its name=value pairs, multipart/form-data as its
 * parts by name (text parts read as form fields are, parts of a JSON type parsed, files
 * as strings), each field read as its property's schema and the media type's `encoding`
 * say, with the text as written a second reading (params.c); other types (binary) are not
 * read, only their type is checked.
 *
 * Memory: values returned are the caller's; fields point into storage freed here. */
#define _GNU_SOURCE /* memmem */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/json_text.h"
#include "common/media.h"
#include "openapi/openapi_int.h"

json_t *openapi_body_value(const char *ct, const char *raw, size_t len, json_error_t *jerr) {
  json_error_t unused;
  if (ct && media_is_json(ct))
    return json_text_load(raw, len, JSON_DECODE_ANY | JSON_ALLOW_NUL, jerr ? jerr : &unused);
  if (!ct || !*ct || media_is_text(ct)) return json_stringn(raw, len);
  return NULL;
}

bool oa_media_is_form(const char *ct) {
  if (!ct) return false;
  char *m = media_essence(ct);
  bool form =
      strcmp(m, "application/x-www-form-urlencoded") == 0 || strcmp(m, "multipart/form-data") == 0;
  free(m);
  return form;
}

/* Fields and the storage they point into. */
typedef struct {
  oa_field_t *items;
  size_t len;
  strvec_t store;
} fields_t;

static void add_field(fields_t *f, char *name, char *value, size_t len, oa_field_kind_t kind) {
  strvec_push_owned(&f->store, name);
  strvec_push_owned(&f->store, value);
  f->items = xrealloc(f->items, (f->len + 1) * sizeof *f->items);
  f->items[f->len++] = (oa_field_t){name, value, len, kind};
}

static void free_fields(fields_t *f) {
  free(f->items);
  strvec_free(&f->store);
}

/* Parameter `key` of a header value ("form-data; name=\"a\""; "multipart/form-data;
 * boundary=x"), unquoted; NULL when absent. `key` must not be a suffix of another
 * parameter's name that comes first ("filename" vs "name": the '; ' before it counts). */
static char *header_param(const char *value, size_t n, const char *key) {
  size_t kl = strlen(key);
  for (size_t i = 0; i < n; i++) {
    if (value[i] != ';') continue;
    size_t k = i + 1;
    while (k < n && (value[k] == ' ' || value[k] == '\t')) k++;
    if (k + kl >= n || strncasecmp(value + k, key, kl) != 0 || value[k + kl] != '=') continue;
    k += kl + 1;
    if (k < n && value[k] == '"') {
      sbuf_t b = SBUF_INIT;
      for (k++; k < n && value[k] != '"'; k++) {
        if (value[k] == '\\' && k + 1 < n) k++;
        sbuf_putc(&b, value[k]);
      }
      return sbuf_take(&b);
    }
    size_t e = k;
    while (e < n && value[e] != ';' && value[e] != ' ' && value[e] != '\t') e++;
    return xstrndup(value + k, e - k);
  }
  return NULL;
}

/* The line ending at `p` ("\r\n" or "\n"): its length, 0 when none starts there. */
static size_t eol(const char *p, const char *end) {
  if (p < end && *p == '\n') return 1;
  if (end - p >= 2 && p[0] == '\r' && p[1] == '\n') return 2;
  return 0;
}

/* One part's headers [h, hend): its field name, kind and whether it is a file. */
static char *part_name(const char *h, const char *hend, oa_field_kind_t *kind) {
  char *name = NULL;
  *kind = OA_FIELD_TEXT;
  while (h < hend) {
    const char *nl = memchr(h, '\n', (size_t)(hend - h));
    const char *le = nl ? nl : hend;
    size_t n = (size_t)(le - h);
    if (n && h[n - 1] == '\r') n--;
    const char *colon = memchr(h, ':', n);
    if (colon) {
      size_t kl = (size_t)(colon - h);
      const char *v = colon + 1;
      size_t vl = n - kl - 1;
      if (kl == 19 && strncasecmp(h, "content-disposition", 19) == 0) {
        free(name);
        name = header_param(v, vl, "name");
        char *file = header_param(v, vl, "filename");
        if (file) *kind = OA_FIELD_FILE;
        free(file);
      } else if (kl == 12 && strncasecmp(h, "content-type", 12) == 0 && *kind != OA_FIELD_FILE) {
        char *ct = xstrndup(v, vl);
        if (media_is_json(ct)) *kind = OA_FIELD_JSON;
        free(ct);
      }
    }
    h = nl ? nl + 1 : hend;
  }
  return name;
}

/* A multipart/form-data body's parts into f; false with the reason in why. */
static bool multipart_fields(const char *ct, const char *raw, size_t len, fields_t *f,
                             const char **why) {
  char *boundary = header_param(ct, strlen(ct), "boundary");
  if (!boundary || !*boundary) {
    free(boundary);
    *why = "its Content-Type has no boundary";
    return false;
  }
  char *delim = xasprintf("--%s", boundary);
  size_t dl = strlen(delim);
  const char *end = raw + len;
  const char *p = len >= dl && memcmp(raw, delim, dl) == 0 ? raw : NULL;
  if (!p) {
    const char *at = memmem(raw, len, delim, dl);
    if (at && at > raw && at[-1] == '\n') p = at;
  }
  bool ok = p != NULL;
  *why = "it has no part opening with its boundary";
  while (ok) {
    p += dl;
    if (end - p >= 2 && p[0] == '-' && p[1] == '-') break; /* the closing delimiter */
    while (p < end && (*p == ' ' || *p == '\t')) p++;
    size_t n = eol(p, end);
    /* the headers end at an empty line */
    const char *h = p + n, *hend = h;
    while (hend < end && !eol(hend, end)) {
      const char *nl = memchr(hend, '\n', (size_t)(end - hend));
      hend = nl ? nl + 1 : end;
    }
    size_t blank = eol(hend, end);
    /* the content ends at the line break before the next delimiter */
    const char *c = hend + blank, *next = NULL;
    for (const char *s = c; s < end;) {
      const char *at = memmem(s, (size_t)(end - s), delim, dl);
      if (!at) break;
      if (at > c && at[-1] == '\n') {
        next = at;
        break;
      }
      s = at + 1;
    }
    if (!n || !blank || !next) {
      ok = false;
      *why = "a part is cut short (no blank line after its headers, or no boundary after it)";
      break;
    }
    const char *cend = next - 1;
    if (cend > c && cend[-1] == '\r') cend--;
    oa_field_kind_t kind;
    char *name = part_name(h, hend, &kind);
    if (name) {
      size_t cl = (size_t)(cend - c);
      char *value = xmalloc(cl + 1);
      memcpy(value, c, cl);
      value[cl] = '\0';
      add_field(f, name, value, cl, kind);
    }
    p = next;
  }
  free(delim);
  free(boundary);
  return ok;
}

int oa_check_form(openapi_doc_t *doc, const schema_t *schema, const json_t *encoding,
                  const char *ct, const char *raw, size_t len, const char *what, const char *sep,
                  openapi_result_t *out, sbuf_t *err) {
  fields_t f = {0};
  char *m = media_essence(ct);
  int rc = 0;
  if (strcmp(m, "multipart/form-data") == 0) {
    const char *why = NULL;
    if (!multipart_fields(ct, raw, len, &f, &why)) {
      oa_problem(out, "%s is not valid multipart/form-data: %s", what, why);
      rc = 1;
    }
  } else {
    strvec_t pairs = {0};
    oa_form_pairs(raw, len, &pairs);
    for (size_t i = 0; i + 1 < pairs.len; i += 2) {
      char *v = pairs.items[i + 1];
      add_field(&f, xstrdup(pairs.items[i]), xstrdup(v), strlen(v), OA_FIELD_TEXT);
    }
    strvec_free(&pairs);
  }
  free(m);
  if (rc == 0) {
    bool too_big = false, unused = false;
    json_t *typed = oa_fields_value(schema, encoding, f.items, f.len, false, &too_big);
    json_t *plain = oa_fields_value(schema, encoding, f.items, f.len, true, &unused);
    rc = oa_check_readings(doc, schema, typed, plain, NULL, too_big, what, sep, out, err);
    json_decref(typed);
    json_decref(plain);
  } else {
    rc = 0;
  }
  free_fields(&f);
  return rc;
}
