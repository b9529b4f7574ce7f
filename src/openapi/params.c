/* params: a parameter's (or response header's, or form field's) text read as the value
 * its schema judges, and checked.
 *
 * Serialisation follows the OpenAPI 3 style table (2.0's collectionFormat maps onto it):
 * simple "1,2" and "R,100,G,200" (explode "R=100,G=200"), label ".1.2", matrix ";id=1,2"
 * (explode ";id=1;id=2", ";R=100;G=200"), form "1,2" (explode: repeated names; for an
 * object its properties are names of their own), spaceDelimited "1 2", pipeDelimited
 * "1|2", deepObject "obj[R]=100". Header lists may have blanks around their commas (RFC
 * 9110 §5.6.1 OWS). A cookie array is accepted comma-separated ("ids=1,2") and as form
 * with explode writes it ("ids=1&ids=2", or repeated cookies), the specification being
 * ambiguous there.
 *
 * Types: each piece of text is read as the types its (item's, property's) schema allows:
 * a decimal number, true/false, null, else a string. Where the schema also allows a string
 * the text as written is a second reading ("01234" for anyOf [{string, pattern}, {integer}]),
 * checked when the typed one fails: the value passes when either does, which is the
 * outcome of ajv's coerceTypes as openapi-request-validator uses it (a string is only
 * coerced where the schema does not take it as one).
 *
 * Memory: nothing kept; values built here are freed before returning. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/json_text.h"
#include "common/media.h"
#include "common/percent.h"
#include "openapi/openapi_int.h"

void oa_form_pairs(const char *q, size_t end, strvec_t *out) {
  for (size_t i = 0; i < end;) {
    const char *amp = memchr(q + i, '&', end - i);
    size_t n = amp ? (size_t)(amp - (q + i)) : end - i;
    const char *eq = memchr(q + i, '=', n);
    size_t kn = eq ? (size_t)(eq - (q + i)) : n;
    if (n > 0) {
      /* a bad escape, and "%00", stay as written: the checks read C strings, and a value
       * cut short at a NUL would be another value */
      strvec_push_owned(out, percent_decode(q + i, kn, PERCENT_PLUS, NULL));
      strvec_push_owned(out,
                        eq ? percent_decode(eq + 1, n - kn - 1, PERCENT_PLUS, NULL) : xstrdup(""));
    }
    i += n + 1;
  }
}

void oa_cookie_values(const char *header, const char *name, strvec_t *out) {
  for (const char *p = header; *p;) {
    size_t n = strcspn(p, ";");
    const char *k = p, *end = p + n;
    while (k < end && (*k == ' ' || *k == '\t')) k++;
    const char *eq = memchr(k, '=', (size_t)(end - k));
    if (eq) {
      const char *kend = eq, *v = eq + 1, *vend = end;
      while (kend > k && (kend[-1] == ' ' || kend[-1] == '\t')) kend--;
      while (v < vend && (*v == ' ' || *v == '\t')) v++;
      while (vend > v && (vend[-1] == ' ' || vend[-1] == '\t')) vend--;
      /* RFC 6265's quotes taken off */
      if (vend - v >= 2 && *v == '"' && vend[-1] == '"') v++, vend--;
      if ((size_t)(kend - k) == strlen(name) && strncmp(k, name, (size_t)(kend - k)) == 0)
        strvec_push_owned(out, percent_decode(v, (size_t)(vend - v), 0, NULL));
    }
    p = *end ? end + 1 : end;
  }
}

/* ---- types ---- */

/* Whether text is a decimal number ("-12", "1.5", "2e3", "+.5"); *integral when it has
 * neither a fraction nor an exponent. */
static bool number_text(const char *text, bool *integral) {
  const char *p = text + (*text == '-' || *text == '+');
  size_t digits = strspn(p, "0123456789");
  p += digits;
  *integral = true;
  if (*p == '.') {
    *integral = false;
    size_t frac = strspn(p + 1, "0123456789");
    digits += frac;
    p += 1 + frac;
  }
  if (digits == 0) return false;
  if (*p == 'e' || *p == 'E') {
    *integral = false;
    p++;
    p += *p == '-' || *p == '+';
    size_t exp = strspn(p, "0123456789");
    if (exp == 0) return false;
    p += exp;
  }
  return *p == '\0';
}

/* Text as the value the types most likely mean (0: a string). A number beyond a double's
 * range stays text, with *too_big set. */
static json_t *typed_value(const char *text, unsigned types, bool *too_big) {
  bool integral;
  if ((types & (SCHEMA_TYPE_INTEGER | SCHEMA_TYPE_NUMBER)) && number_text(text, &integral)) {
    double d = strtod(text, NULL);
    if (!isfinite(d)) {
      *too_big = true;
      return json_string(text);
    }
    if ((types & SCHEMA_TYPE_INTEGER) && integral) {
      errno = 0;
      long long i = strtoll(text, NULL, 10);
      /* beyond 64 bits an integer is still a JSON number: a double with no fraction */
      if (errno != ERANGE) return json_integer((json_int_t)i);
    }
    return json_real(d);
  }
  if ((types & SCHEMA_TYPE_BOOLEAN) && (strcmp(text, "true") == 0 || strcmp(text, "false") == 0))
    return json_boolean(text[0] == 't');
  if ((types & SCHEMA_TYPE_NULL) && strcmp(text, "null") == 0) return json_null();
  return json_string(text);
}

/* ---- styles ---- */

oa_style_t oa_style_named(const char *style) {
  static const struct {
    const char *name;
    oa_style_t style;
  } kStyles[] = {{"form", OA_STYLE_FORM},
                 {"simple", OA_STYLE_SIMPLE},
                 {"label", OA_STYLE_LABEL},
                 {"matrix", OA_STYLE_MATRIX},
                 {"spaceDelimited", OA_STYLE_SPACE},
                 {"pipeDelimited", OA_STYLE_PIPE},
                 {"deepObject", OA_STYLE_DEEP},
                 {"tabDelimited", OA_STYLE_TAB} /* 2.0's tsv, as body.c names it */};
  for (size_t i = 0; style && i < sizeof kStyles / sizeof *kStyles; i++)
    if (strcmp(style, kStyles[i].name) == 0) return kStyles[i].style;
  return OA_STYLE_DEFAULT;
}

/* The style p is written in: its own, else its location's default. */
static oa_style_t style_of(const oa_param_t *p) {
  if (p->style != OA_STYLE_DEFAULT) return p->style;
  return p->in == OA_IN_PATH || p->in == OA_IN_HEADER ? OA_STYLE_SIMPLE : OA_STYLE_FORM;
}

/* Appends the pieces of t[0, n) split at any of `seps`, each without blanks around it
 * when `trim` (HTTP list syntax). An empty text has no pieces. */
static void split(const char *t, size_t n, const char *seps, bool trim, strvec_t *out) {
  if (n == 0) return;
  for (size_t i = 0;;) {
    size_t k = i;
    while (k < n && !strchr(seps, t[k])) k++;
    size_t a = i, b = k;
    while (trim && a < b && (t[a] == ' ' || t[a] == '\t')) a++;
    while (trim && b > a && (t[b - 1] == ' ' || t[b - 1] == '\t')) b--;
    strvec_push_owned(out, xstrndup(t + a, b - a));
    if (k >= n) break;
    i = k + 1;
  }
}

/* `piece` less a leading "name=" (matrix, and form-exploded cookies). */
static const char *less_name(const char *piece, const char *name) {
  size_t n = strlen(name);
  if (strncmp(piece, name, n) == 0 && (piece[n] == '=' || piece[n] == '\0'))
    return piece[n] ? piece + n + 1 : piece + n;
  return piece;
}

/* The pieces one text of p holds as its style writes an array or object (`object`): the
 * items, the property/value list, or for an exploded object "prop=value" pieces. */
static void pieces(const oa_param_t *p, const char *t, bool object, strvec_t *out) {
  bool trim = p->in == OA_IN_HEADER;
  const char *seps = ",";
  switch (style_of(p)) {
  case OA_STYLE_LABEL:
    if (*t == '.') t++;
    /* Unexploded, OAS 3.0.4/3.1.1 and RFC 6570 write ".1,2,3"; the tables of 3.0.0-3.0.3
     * and 3.1.0 wrote ".1.2.3", as exploded: a text without a comma is read that way. */
    seps = p->explode || !strchr(t, ',') ? "." : ",";
    break;
  case OA_STYLE_MATRIX: {
    /* ";id=1,2", ";id=1;id=2", ";R=100;G=200" */
    strvec_t parts = {0};
    split(t + (*t == ';'), strlen(t + (*t == ';')), ";", false, &parts);
    for (size_t i = 0; i < parts.len; i++) {
      const char *v = object && p->explode ? parts.items[i] : less_name(parts.items[i], p->name);
      if (p->explode) strvec_push(out, v);
      else split(v, strlen(v), ",", false, out);
    }
    strvec_free(&parts);
    return;
  }
  case OA_STYLE_SPACE: seps = " "; break;
  case OA_STYLE_PIPE: seps = "|"; break;
  case OA_STYLE_TAB: seps = "\t"; break;
  case OA_STYLE_FORM:
    if (p->in == OA_IN_COOKIE && !object) {
      /* "1,2", and form+explode's "1&ids=2" inside one cookie */
      strvec_t parts = {0};
      split(t, strlen(t), "&", false, &parts);
      for (size_t i = 0; i < parts.len; i++) {
        const char *v = i ? less_name(parts.items[i], p->name) : parts.items[i];
        split(v, strlen(v), ",", false, out);
      }
      strvec_free(&parts);
      return;
    }
    break;
  default: break;
  }
  /* query arrays written with repeated names: each text is one item */
  if (p->explode && !object && p->in == OA_IN_QUERY) {
    strvec_push(out, t);
    return;
  }
  split(t, strlen(t), seps, trim, out);
}

/* An array from p's texts; items read as `item_types`. */
static json_t *array_value(const oa_param_t *p, const strvec_t *texts, unsigned item_types,
                           bool *too_big) {
  json_t *arr = json_array();
  for (size_t i = 0; i < texts->len; i++) {
    strvec_t items = {0};
    pieces(p, texts->items[i], false, &items);
    for (size_t k = 0; k < items.len; k++)
      json_array_append_new(arr, typed_value(items.items[k], item_types, too_big));
    strvec_free(&items);
  }
  return arr;
}

/* Sets property k of obj to v read as the types of that property's schema (0: text). */
static void set_prop(json_t *obj, const oa_param_t *p, const char *k, const char *v, bool plain,
                     bool *too_big) {
  unsigned types = plain ? 0 : schema_prop_type_bits(p->schema, k, NULL);
  json_object_set_new(obj, k, typed_value(v, types, too_big));
}

/* An object from p's first text, as its style writes one. */
static json_t *object_value(const oa_param_t *p, const strvec_t *texts, bool plain, bool *too_big) {
  json_t *obj = json_object();
  strvec_t list = {0};
  oa_style_t s = style_of(p);
  pieces(p, texts->items[0], true, &list);
  if (!(p->explode && (s == OA_STYLE_SIMPLE || s == OA_STYLE_LABEL || s == OA_STYLE_MATRIX))) {
    /* property, value, property, value... */
    for (size_t i = 0; i < list.len; i += 2)
      set_prop(obj, p, list.items[i], i + 1 < list.len ? list.items[i + 1] : "", plain, too_big);
  } else {
    for (size_t i = 0; i < list.len; i++) {
      char *k = list.items[i], *eq = strchr(k, '=');
      if (eq) *eq = '\0';
      set_prop(obj, p, k, eq ? eq + 1 : "", plain, too_big);
    }
  }
  strvec_free(&list);
  return obj;
}

/* A file's bytes as a string: themselves when they are UTF-8 without NULs, else as many
 * '?' (a length still counts). */
static json_t *file_value(const oa_field_t *f) {
  json_t *v = memchr(f->value, '\0', f->len) ? NULL : json_stringn(f->value, f->len);
  if (v) return v;
  char *q = xmalloc(f->len + 1);
  memset(q, '?', f->len);
  q[f->len] = '\0';
  v = json_string(q);
  free(q);
  return v;
}

/* The value of field `name` (fields[i], the first of that name; next[] chains the others
 * after it, n ending the chain): JSON parsed, a file as text, text read as the property's
 * schema and `enc` (an Encoding Object: style, explode, contentType) say, repeated names
 * an array. */
static json_t *field_value(const schema_t *schema, const json_t *enc, const oa_field_t *fields,
                           size_t i, const size_t *next, size_t n, bool plain, bool *too_big) {
  const char *name = fields[i].name;
  const char *ct = json_string_value(json_object_get(enc, "contentType"));
  if (fields[i].kind == OA_FIELD_JSON || (ct && media_is_json(ct))) {
    json_t *v =
        json_text_load(fields[i].value, fields[i].len, JSON_DECODE_ANY | JSON_ALLOW_NUL, NULL);
    return v ? v : file_value(&fields[i]);
  }
  unsigned item_types = 0;
  unsigned types = schema_prop_type_bits(schema, name, &item_types);
  if (fields[i].kind == OA_FIELD_FILE && !(types & SCHEMA_TYPE_ARRAY))
    return file_value(&fields[i]);
  const char *style = json_string_value(json_object_get(enc, "style"));
  const json_t *explode = json_object_get(enc, "explode");
  oa_param_t p = {.name = (char *)name,
                  .in = OA_IN_QUERY,
                  .style = oa_style_named(style),
                  .explode = json_is_boolean(explode) ? json_is_true(explode)
                                                      : !style || strcmp(style, "form") == 0,
                  .types = types,
                  .item_types = item_types,
                  .schema = schema};
  strvec_t texts = {0};
  for (size_t k = i; k < n; k = next[k]) strvec_push(&texts, fields[k].value);
  json_t *v = oa_param_value(&p, &texts, NULL, plain, too_big);
  strvec_free(&texts);
  return v;
}

json_t *oa_fields_value(const schema_t *schema, const json_t *encoding, const oa_field_t *fields,
                        size_t n, bool plain, bool *too_big) {
  /* Each field linked to the next of its name, so a body of many fields is read in one
   * pass rather than one scan of the rest per name. */
  size_t *next = xmalloc((n ? n : 1) * sizeof *next);
  json_t *last = json_object(); /* name → the index of its last field so far */
  for (size_t i = 0; i < n; i++) {
    next[i] = n;
    json_t *seen = json_object_get(last, fields[i].name);
    if (seen) next[json_integer_value(seen)] = i;
    json_object_set_new(last, fields[i].name, json_integer((json_int_t)i));
  }
  json_decref(last);
  json_t *obj = json_object();
  for (size_t i = 0; i < n; i++) {
    if (json_object_get(obj, fields[i].name)) continue; /* read with its first */
    const json_t *enc = json_object_get(encoding, fields[i].name);
    json_t *v = field_value(schema, enc, fields, i, next, n, plain, too_big);
    json_object_set_new(obj, fields[i].name, v);
  }
  free(next);
  return obj;
}

/* An object spread over several names (property, value, ...) as fields. */
static json_t *props_value(const oa_param_t *p, const strvec_t *props, bool plain, bool *too_big) {
  size_t n = props->len / 2;
  oa_field_t *fields = xcalloc(n ? n : 1, sizeof *fields);
  for (size_t i = 0; i < n; i++) {
    const char *v = props->items[2 * i + 1];
    fields[i] = (oa_field_t){props->items[2 * i], (char *)v, strlen(v), OA_FIELD_TEXT};
  }
  json_t *obj = oa_fields_value(p->schema, NULL, fields, n, plain, too_big);
  free(fields);
  return obj;
}

json_t *oa_param_value(const oa_param_t *p, const strvec_t *texts, const strvec_t *props,
                       bool plain, bool *too_big) {
  if (p->json) {
    /* read as a body is: an integer beyond 64 bits is still a number */
    const char *t = texts->items[0];
    json_t *v = json_text_load(t, strlen(t), JSON_DECODE_ANY, NULL);
    return v ? v : json_string(t);
  }
  if (props && props->len) return props_value(p, props, plain, too_big);
  if (p->types & SCHEMA_TYPE_ARRAY)
    return array_value(p, texts, plain ? 0 : p->item_types, too_big);
  if (p->types & SCHEMA_TYPE_OBJECT) return object_value(p, texts, plain, too_big);
  if (texts->len > 1 && p->in != OA_IN_COOKIE) { /* a cookie's name may repeat by path */
    /* A name given more than once for a schema of one value: the values as the array a
     * server's parser hands over (Express: ?i=1&i=abc is ['1', 'abc']), which the schema
     * then judges; reading only the first let the others through unchecked. */
    json_t *all = json_array();
    for (size_t k = 0; k < texts->len; k++)
      json_array_append_new(all, typed_value(texts->items[k], plain ? 0 : p->types, too_big));
    return all;
  }
  return typed_value(texts->items[0], plain ? 0 : p->types, too_big);
}

/* 1 when v is valid (no errors kept), 0 when not, -1 when validation cannot finish. */
static int passes(openapi_doc_t *doc, const schema_t *schema, const json_t *v, sbuf_t *err) {
  return schema_validate_compiled(doc->reg, schema, v, NULL, err);
}

/* The element of a container a schema error's instance path starts at ("/2/x": item 2;
 * "/a~1b": property "a/b"), NULL when none. */
static json_t *element_at(json_t *v, const char *path, char **key_out) {
  if (!path || *path != '/') return NULL;
  size_t n = strcspn(path + 1, "/");
  sbuf_t key = SBUF_INIT;
  for (size_t i = 1; i <= n; i++) {
    if (path[i] == '~' && i < n && (path[i + 1] == '0' || path[i + 1] == '1'))
      sbuf_putc(&key, path[++i] == '0' ? '~' : '/');
    else sbuf_putc(&key, path[i]);
  }
  json_t *e = NULL;
  if (json_is_object(v)) {
    e = json_object_get(v, sbuf_cstr(&key));
  } else if (json_is_array(v) && n > 0 && strspn(sbuf_cstr(&key), "0123456789") == n) {
    e = json_array_get(v, strtoul(sbuf_cstr(&key), NULL, 10));
  }
  *key_out = e ? sbuf_take(&key) : NULL;
  sbuf_free(&key);
  return e;
}

/* The typed reading with the elements the schema faults replaced by their text reading
 * (an array of anyOf [{integer}, {string}] may hold 12 and "012"); NULL when nothing
 * changes. */
static json_t *mixed_reading(openapi_doc_t *doc, const schema_t *schema, json_t *typed,
                             json_t *plain, sbuf_t *err) {
  if (!json_is_array(typed) && !json_is_object(typed)) return NULL;
  if (json_typeof(typed) != json_typeof(plain) || json_equal(typed, plain)) return NULL;
  schema_errors_t errors = {0};
  json_t *mixed = NULL;
  if (schema_validate_compiled(doc->reg, schema, typed, &errors, err) == 0) {
    mixed = json_deep_copy(typed);
    bool changed = false;
    for (size_t i = 0; i < errors.len; i++) {
      char *key = NULL;
      json_t *e = element_at(plain, errors.items[i].instance_path, &key);
      if (!e) continue;
      if (json_is_object(mixed)) json_object_set(mixed, key, e);
      else json_array_set(mixed, strtoul(key, NULL, 10), e);
      changed = true;
      free(key);
    }
    if (!changed) {
      json_decref(mixed);
      mixed = NULL;
    }
  }
  schema_errors_free(&errors);
  return mixed;
}

int oa_check_readings(openapi_doc_t *doc, const schema_t *schema, json_t *typed, json_t *plain,
                      json_t *whole, bool too_big, const char *what, const char *sep,
                      openapi_result_t *out, sbuf_t *err) {
  int rc = too_big ? 0 : passes(doc, schema, typed, err);
  if (rc == 0) {
    /* the elements the schema faults as text, then every piece, then the whole text */
    json_t *readings[3] = {NULL, plain, whole};
    if (!too_big && plain) readings[0] = mixed_reading(doc, schema, typed, plain, err);
    for (size_t i = 0; rc == 0 && i < 3; i++)
      if (readings[i] && (too_big || !json_equal(readings[i], typed)))
        rc = passes(doc, schema, readings[i], err);
    json_decref(readings[0]);
  }
  if (rc == 0) {
    if (too_big)
      oa_problem(out, "%s is too large a number to check (beyond a double's range)", what);
    else rc = oa_check_value(doc, schema, typed, what, sep, out, err);
  }
  return rc < 0 ? -1 : 0;
}

int oa_check_param(openapi_doc_t *doc, const oa_param_t *p, const strvec_t *texts,
                   const strvec_t *props, const char *what, const char *sep, openapi_result_t *out,
                   sbuf_t *err) {
  if (!p->schema || (texts->len == 0 && (!props || props->len == 0))) return 0;
  bool too_big = false, unused = false;
  json_t *typed = oa_param_value(p, texts, props, false, &too_big);
  json_t *plain = p->json ? NULL : oa_param_value(p, texts, props, true, &unused);
  /* where the schema allows a string and wants a container otherwise: the whole text */
  json_t *whole = (p->types & SCHEMA_TYPE_STRING) && texts->len && plain && !json_is_string(plain)
                      ? json_string(texts->items[0])
                      : NULL;
  int rc = oa_check_readings(doc, p->schema, typed, plain, whole, too_big, what, sep, out, err);
  json_decref(typed);
  json_decref(plain);
  json_decref(whole);
  return rc;
}
