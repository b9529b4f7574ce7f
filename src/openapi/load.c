/* load: an API document and every file its $refs reach, read once. Each file is parsed
 * (JSON through jansson when it looks like JSON, for its line and column in errors; YAML
 * otherwise), its $refs collected and the files they name loaded in turn (a file reached
 * twice, or a cycle of files, is read once). Every $ref must then point at something: a
 * broken one is an error naming the file and the JSON pointer of the $ref. OpenAPI 3.0's
 * and Swagger 2.0's schema dialect is rewritten into draft 7's (nullable → a "null" type,
 * boolean exclusiveMinimum/Maximum → numbers); every file is then added to one schema
 * registry under its file: URI (a document read from an http(s) URL under that URL, its
 * relative $refs resolved against it), so the validator follows $refs across files itself,
 * cycles included. URLs are read through the fetcher the caller sets (openapi_set_fetcher),
 * once per document: this module does no I/O of its own beyond files.
 *
 * Memory: the document owns the files (paths, URIs, values) and the registry. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/fsutil.h"
#include "common/glob.h"
#include "common/percent.h"
#include "openapi/openapi_int.h"

#define OA_MAX_FILES 256
#define OA_MAX_DEPTH 256

void oa_ptr_push(sbuf_t *ptr, const char *token) {
  sbuf_putc(ptr, '/');
  for (const char *p = token; *p; p++) {
    if (*p == '~') sbuf_puts(ptr, "~0");
    else if (*p == '/') sbuf_puts(ptr, "~1");
    else sbuf_putc(ptr, *p);
  }
}

/* Percent-encodes what a URI may not hold as it is (path or fragment). */
static void uri_encode(sbuf_t *out, const char *s) {
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (isalnum(*p) || strchr("-._~/:@!$&'()*+,;=", *p)) sbuf_putc(out, (char)*p);
    else sbuf_printf(out, "%%%02X", *p);
  }
}

char *oa_uri_of(const oa_file_t *file, const char *ptr) {
  sbuf_t b = SBUF_INIT;
  sbuf_puts(&b, file->uri);
  sbuf_putc(&b, '#');
  uri_encode(&b, ptr);
  return sbuf_take(&b);
}

void oa_where(sbuf_t *err, const oa_file_t *file, const char *ptr) {
  sbuf_printf(err, "%s: %s: ", file->path, *ptr ? ptr : "(root)");
}

/* A URI's path percent-decoded; NULL on a bad escape or "%00": a file path holds no NUL. */
static char *uri_decode(const char *s) {
  return percent_decode(s, strlen(s), PERCENT_STRICT, NULL);
}

/* A URI scheme in front ("urn:", "http:"): two letters at least, so that a Windows-style
 * "C:" is not one. */
static bool has_scheme(const char *s) {
  if (!isalpha((unsigned char)s[0])) return false;
  size_t i = 1;
  while (isalnum((unsigned char)s[i]) || s[i] == '+' || s[i] == '-' || s[i] == '.') i++;
  return s[i] == ':' && i > 1;
}

/* ---- files ---- */

static oa_file_t *find_file(openapi_doc_t *doc, const char *uri, size_t n) {
  for (size_t i = 0; i < doc->nfiles; i++)
    if (strlen(doc->files[i].uri) == n && strncmp(doc->files[i].uri, uri, n) == 0)
      return &doc->files[i];
  return NULL;
}

/* abs_path as messages show it: relative to the working directory. */
static char *cwd_relative(const char *abs_path) {
  char *cwd = fs_cwd();
  char *shown = cwd ? fs_relative(cwd, abs_path) : xstrdup(abs_path);
  free(cwd);
  return shown;
}

static oa_file_t *add_file(openapi_doc_t *doc, const char *abs_path, json_t *root) {
  doc->files = xrealloc(doc->files, (doc->nfiles + 1) * sizeof *doc->files);
  oa_file_t *f = &doc->files[doc->nfiles++];
  sbuf_t uri = SBUF_INIT;
  sbuf_puts(&uri, "file://");
  uri_encode(&uri, abs_path);
  f->uri = sbuf_take(&uri);
  f->path = cwd_relative(abs_path);
  f->root = root;
  return f;
}

/* The reader of documents at URLs (openapi_set_fetcher); NULL: none can be read. */
static openapi_fetch_fn url_fetch;
static void *url_fetch_ud;

void openapi_set_fetcher(openapi_fetch_fn fetch, void *ud) {
  url_fetch = fetch;
  url_fetch_ud = ud;
}

bool openapi_is_url(const char *s) {
  return strncasecmp(s, "http://", 7) == 0 || strncasecmp(s, "https://", 8) == 0;
}

static bool file_is_url(const oa_file_t *f) { return openapi_is_url(f->uri); }

/* A file read from a URL: the URL is both its registry name and what messages show. */
static oa_file_t *add_url_file(openapi_doc_t *doc, const char *url, json_t *root) {
  doc->files = xrealloc(doc->files, (doc->nfiles + 1) * sizeof *doc->files);
  oa_file_t *f = &doc->files[doc->nfiles++];
  f->uri = xstrdup(url);
  f->path = xstrdup(url);
  f->root = root;
  return f;
}

static json_t *parse_text(const char *text, size_t len, const char *shown, sbuf_t *err) {
  size_t i = 0;
  while (i < len && isspace((unsigned char)text[i])) i++;
  if (i < len && (text[i] == '{' || text[i] == '[')) {
    json_error_t jerr;
    json_t *v = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
    if (!v)
      sbuf_printf(err, "%s:%d:%d: invalid JSON: %s", shown, jerr.line, jerr.column, jerr.text);
    return v;
  }
  return openapi_yaml_parse(text, len, shown, err);
}

/* Reads and parses the file at abs_path (shown as `shown` in errors). */
static json_t *read_doc(const char *abs_path, const char *shown, sbuf_t *err) {
  size_t len;
  char *text = fs_read_file(abs_path, &len);
  if (!text) {
    sbuf_printf(err, "%s: cannot read the API document: %s", shown,
                fs_is_dir(abs_path) ? "it is a folder" : "no such file (or not readable)");
    return NULL;
  }
  json_t *v = parse_text(text, len, shown, err);
  free(text);
  return v;
}

/* Fetches and parses the document at `url` (without a fragment). */
static json_t *read_url(const char *url, sbuf_t *err) {
  if (!url_fetch) {
    sbuf_printf(err, "%s: cannot read the API document: documents at URLs are not read here", url);
    return NULL;
  }
  sbuf_t why = SBUF_INIT;
  size_t len = 0;
  char *text = url_fetch(url_fetch_ud, url, &len, &why);
  json_t *v = NULL;
  if (!text) sbuf_printf(err, "%s: cannot read the API document: %s", url, sbuf_cstr(&why));
  else v = parse_text(text, len, url, err);
  free(text);
  sbuf_free(&why);
  return v;
}

/* ---- $refs ---- */

typedef struct {
  openapi_doc_t *doc;
  oa_file_t *file; /* index may move as files are added: see file_index */
  size_t file_index;
  sbuf_t *err;
  bool check; /* second pass: every $ref's target must exist */
} ref_walk_t;

/* The value a JSON Pointer names in root, or NULL. */
static json_t *pointer_get(json_t *root, const char *ptr) {
  return (json_t *)schema_pointer_get(root, ptr);
}

/* Resolves ref (relative to file) into a file of the document and a pointer. Loads the
 * file when `load`. Returns the file, or NULL with a message. `*frag` gets the decoded
 * fragment (caller frees). */
static oa_file_t *ref_target(openapi_doc_t *doc, oa_file_t *file, const char *ref, bool load,
                             char **frag, sbuf_t *msg) {
  const char *hash = strchr(ref, '#');
  size_t n = hash ? (size_t)(hash - ref) : strlen(ref);
  const char *f = hash ? hash + 1 : "";
  size_t flen;
  *frag = percent_decode(f, strlen(f), PERCENT_STRICT | PERCENT_NUL, &flen);
  if (!*frag) {
    sbuf_puts(msg, "bad percent-encoding");
    return NULL;
  }
  /* "%00" is a NUL character, which a JSON Pointer may hold (see schema_resolve); but no
   * member name of a document read here holds one (JSON without \u0000, YAML keys as C
   * strings), so such a pointer names nothing */
  if (strlen(*frag) != flen) {
    sbuf_puts(msg, "its pointer holds a NUL character (%00), which no member name here has");
    free(*frag);
    *frag = NULL;
    return NULL;
  }
  if (n == 0) return file;
  char *target = xstrndup(ref, n);
  oa_file_t *out = NULL;
  /* a URL, or a reference relative to a document read from one */
  char *url = openapi_is_url(target)                     ? xstrdup(target)
              : file_is_url(file) && !has_scheme(target) ? schema_uri_resolve(file->uri, target)
                                                         : NULL;
  if (url) {
    out = find_file(doc, url, strlen(url));
    if (!out && load) {
      if (doc->nfiles >= OA_MAX_FILES) {
        sbuf_printf(msg, "more than %d files are referenced", OA_MAX_FILES);
      } else {
        sbuf_t sub = SBUF_INIT;
        json_t *root = read_url(url, &sub);
        if (root) out = add_url_file(doc, url, root);
        else sbuf_puts(msg, sbuf_cstr(&sub));
        sbuf_free(&sub);
      }
    } else if (!out) {
      sbuf_printf(msg, "\"%s\" is not loaded", url);
    }
    free(url);
  } else if (has_scheme(target) && strncmp(target, "file:", 5) != 0) {
    sbuf_printf(msg,
                "a $ref to \"%s\" is not supported (only files, http(s) URLs and this document)",
                target);
  } else if (file_is_url(file)) {
    sbuf_printf(msg, "a document read from a URL cannot refer to a file (%s)", target);
  } else {
    /* a path relative to the referring file's folder */
    char *rel = uri_decode(strncmp(target, "file://", 7) == 0 ? target + 7 : target);
    char *from = uri_decode(file->uri + 7);
    char *dir = from ? fs_dirname(from) : NULL;
    char *abs = rel && dir ? path_resolve(dir, rel) : NULL;
    if (!abs) {
      sbuf_printf(msg, "bad file reference \"%s\"", target);
    } else {
      sbuf_t uri = SBUF_INIT;
      sbuf_puts(&uri, "file://");
      uri_encode(&uri, abs);
      out = find_file(doc, uri.data, uri.len);
      if (!out && load) {
        if (doc->nfiles >= OA_MAX_FILES) {
          sbuf_printf(msg, "more than %d files are referenced", OA_MAX_FILES);
        } else {
          char *shown = cwd_relative(abs);
          sbuf_t sub = SBUF_INIT;
          json_t *root = read_doc(abs, shown, &sub);
          if (root) out = add_file(doc, abs, root);
          else sbuf_puts(msg, sbuf_cstr(&sub));
          sbuf_free(&sub);
          free(shown);
        }
      } else if (!out) {
        sbuf_printf(msg, "\"%s\" is not loaded", target);
      }
      sbuf_free(&uri);
    }
    free(rel);
    free(from);
    free(dir);
    free(abs);
  }
  free(target);
  return out;
}

/* Whether a JSON object's key holds data (examples, enums, extensions) rather than the
 * document's structure: neither $refs nor $ids are looked for there. */
static bool is_data_key(const char *key) {
  return strcmp(key, "example") == 0 || strcmp(key, "examples") == 0 || strcmp(key, "enum") == 0 ||
         strcmp(key, "const") == 0 || strncmp(key, "x-", 2) == 0;
}

/* 3.1: the schema resources a file embeds, by their $id resolved against the enclosing
 * base (without a fragment), into doc->ids. Each is added to the validator's registry
 * under its $id, so a $ref to one is the validator's to follow, not a file to read, and
 * its own $refs resolve against its $id however it is reached. */
static void collect_ids(openapi_doc_t *doc, json_t *v, const char *base, unsigned depth) {
  if (depth > OA_MAX_DEPTH) return;
  if (json_is_object(v)) {
    json_t *id = json_object_get(v, "$id");
    char *own = NULL;
    /* a file's root $id too: the file's $refs resolve against it, so they name it */
    if (json_is_string(id)) {
      own = schema_uri_resolve_base(base, json_string_value(id));
      if (strcmp(own, base) == 0) { /* "#name" or "": an anchor, not a resource of its own */
        free(own);
        own = NULL;
      } else {
        if (!doc->ids) doc->ids = json_object();
        if (!json_object_get(doc->ids, own)) json_object_set(doc->ids, own, v);
      }
    }
    const char *key;
    json_t *sub;
    json_object_foreach(v, key, sub) {
      if (!is_data_key(key)) collect_ids(doc, sub, own ? own : base, depth + 1);
    }
    free(own);
  } else if (json_is_array(v)) {
    for (size_t i = 0; i < json_array_size(v); i++)
      collect_ids(doc, json_array_get(v, i), base, depth + 1);
  }
}

static int walk_refs(ref_walk_t *w, json_t *v, sbuf_t *ptr, unsigned depth, const char *base);

/* `base`: the $id a $ref is inside of (3.1), NULL when it is relative to its file. */
static int visit_ref(ref_walk_t *w, const char *ref, sbuf_t *ptr, const char *base) {
  oa_file_t *file = &w->doc->files[w->file_index];
  char *abs = schema_uri_resolve(base ? base : file->uri, ref);
  char *resource = w->doc->ids ? schema_uri_resolve_base(abs, "") : NULL;
  bool embedded = resource && json_object_get(w->doc->ids, resource);
  free(resource);
  if (embedded) { /* a schema resource of the document: the validator resolves it */
    free(abs);
    return 0;
  }
  char *frag = NULL;
  sbuf_t msg = SBUF_INIT;
  /* inside an $id, relative to it: the absolute form names the file (or URL) */
  oa_file_t *target = ref_target(w->doc, file, base ? abs : ref, !w->check, &frag, &msg);
  int rc = 0;
  if (target && w->check && (frag[0] == '/' || frag[0] == '\0') && !pointer_get(target->root, frag))
    sbuf_printf(&msg, "%s has nothing at %s", target == file ? "this file" : target->path,
                frag[0] ? frag : "its root");
  if (msg.len) {
    file = &w->doc->files[w->file_index]; /* files may have moved */
    oa_where(w->err, file, sbuf_cstr(ptr));
    sbuf_printf(w->err, "$ref \"%s\" cannot be resolved: %s", ref, sbuf_cstr(&msg));
    rc = -1;
  }
  free(abs);
  free(frag);
  sbuf_free(&msg);
  return rc;
}

static int walk_refs(ref_walk_t *w, json_t *v, sbuf_t *ptr, unsigned depth, const char *base) {
  if (depth > OA_MAX_DEPTH) {
    oa_where(w->err, &w->doc->files[w->file_index], sbuf_cstr(ptr));
    sbuf_printf(w->err, "values nest more than %d levels deep", OA_MAX_DEPTH);
    return -1;
  }
  size_t mark = ptr->len;
  int rc = 0;
  if (json_is_object(v)) {
    /* in 3.1, a schema's $id changes what its $refs are relative to */
    json_t *id = json_object_get(v, "$id");
    char *own = NULL;
    if (w->doc->version == 31 && json_is_string(id)) {
      own = schema_uri_resolve_base(base ? base : w->doc->files[w->file_index].uri,
                                    json_string_value(id));
      base = own;
    }
    json_t *ref = json_object_get(v, "$ref");
    if (json_is_string(ref)) {
      oa_ptr_push(ptr, "$ref");
      rc = visit_ref(w, json_string_value(ref), ptr, base);
      ptr->len = mark;
      ptr->data[mark] = '\0';
    }
    const char *key;
    json_t *sub;
    json_object_foreach(v, key, sub) {
      if (rc != 0) break;
      if ((!json_is_object(sub) && !json_is_array(sub)) || is_data_key(key)) continue;
      oa_ptr_push(ptr, key);
      rc = walk_refs(w, sub, ptr, depth + 1, base);
      ptr->len = mark;
      ptr->data[mark] = '\0';
    }
    free(own);
  } else if (json_is_array(v)) {
    for (size_t i = 0; rc == 0 && i < json_array_size(v); i++) {
      sbuf_printf(ptr, "/%zu", i);
      rc = walk_refs(w, json_array_get(v, i), ptr, depth + 1, base);
      ptr->len = mark;
      ptr->data[mark] = '\0';
    }
  }
  return rc;
}

static int resolve_all_refs(openapi_doc_t *doc, sbuf_t *err) {
  /* pass 1 loads every file reached (the list grows as it goes); pass 2 checks targets */
  for (int pass = 0; pass < 2; pass++) {
    for (size_t i = 0; i < doc->nfiles; i++) {
      ref_walk_t w = {doc, NULL, i, err, pass == 1};
      sbuf_t ptr = SBUF_INIT;
      sbuf_puts(&ptr, "");
      /* a file's embedded schema resources before its $refs, which may name them */
      if (pass == 0 && doc->version == 31)
        collect_ids(doc, doc->files[i].root, doc->files[i].uri, 0);
      int rc = walk_refs(&w, doc->files[i].root, &ptr, 0, NULL);
      sbuf_free(&ptr);
      if (rc != 0) return -1;
    }
  }
  return 0;
}

int oa_follow(openapi_doc_t *doc, oa_at_t *at, sbuf_t *err) {
  for (int hops = 0; json_is_object(at->node); hops++) {
    json_t *ref = json_object_get(at->node, "$ref");
    if (!json_is_string(ref)) return 0;
    if (hops >= 32) {
      oa_where(err, at->file, sbuf_cstr(&at->ptr));
      sbuf_puts(err, "$refs refer to each other in a loop");
      return -1;
    }
    char *frag = NULL;
    sbuf_t msg = SBUF_INIT;
    oa_file_t *target = ref_target(doc, at->file, json_string_value(ref), false, &frag, &msg);
    json_t *node = target ? pointer_get(target->root, frag) : NULL;
    if (!node) {
      oa_where(err, at->file, sbuf_cstr(&at->ptr));
      sbuf_printf(err, "$ref \"%s\" cannot be resolved%s%s", json_string_value(ref),
                  msg.len ? ": " : "", sbuf_cstr(&msg));
      free(frag);
      sbuf_free(&msg);
      return -1;
    }
    at->file = target;
    at->node = node;
    sbuf_reset(&at->ptr);
    sbuf_puts(&at->ptr, frag);
    free(frag);
    sbuf_free(&msg);
  }
  return 0;
}

/* ---- 3.0 and 2.0 schemas into draft 7 ---- */

static void rewrite_exclusive(json_t *o, const char *flag, const char *limit) {
  json_t *f = json_object_get(o, flag);
  if (!json_is_boolean(f)) return;
  json_t *lim = json_object_get(o, limit);
  if (json_is_true(f) && json_is_number(lim)) {
    json_object_set(o, flag, lim);
    json_object_del(o, limit);
  } else {
    json_object_del(o, flag);
  }
}

static void rewrite_nullable(json_t *o, const char *key) {
  json_t *n = json_object_get(o, key);
  if (!json_is_boolean(n)) return;
  json_t *type = json_object_get(o, "type");
  if (json_is_true(n) && json_is_string(type) && strcmp(json_string_value(type), "null") != 0)
    json_object_set_new(o, "type", json_pack("[Os]", type, "null"));
  json_object_del(o, key);
}

/* Schema keywords of 3.0/2.0 that draft 7 reads otherwise. Applied to every object but
 * examples and extensions: a property named "nullable" is a schema, never a boolean, so
 * a boolean value there is always the keyword. Idempotent (YAML aliases share values). */
static void rewrite_dialect(json_t *v, unsigned depth) {
  if (depth > OA_MAX_DEPTH) return;
  if (json_is_object(v)) {
    rewrite_nullable(v, "nullable");
    rewrite_nullable(v, "x-nullable");
    rewrite_exclusive(v, "exclusiveMinimum", "minimum");
    rewrite_exclusive(v, "exclusiveMaximum", "maximum");
    const char *key;
    json_t *sub;
    json_object_foreach(v, key, sub) {
      if (strcmp(key, "example") == 0 || strcmp(key, "examples") == 0 || strcmp(key, "enum") == 0 ||
          strncmp(key, "x-", 2) == 0)
        continue;
      rewrite_dialect(sub, depth + 1);
    }
  } else if (json_is_array(v)) {
    for (size_t i = 0; i < json_array_size(v); i++)
      rewrite_dialect(json_array_get(v, i), depth + 1);
  }
}

/* ---- the document ---- */

/* OpenAPI 3.1's base dialect: JSON Schema 2020-12 with the OAS vocabulary, whose keywords
 * (discriminator, xml, externalDocs, example) are annotations for validation. */
static const char kOasDialect[] =
    "{\"$id\":\"https://spec.openapis.org/oas/3.1/dialect/base\","
    "\"$schema\":\"https://json-schema.org/draft/2020-12/schema\","
    "\"$vocabulary\":{"
    "\"https://json-schema.org/draft/2020-12/vocab/core\":true,"
    "\"https://json-schema.org/draft/2020-12/vocab/applicator\":true,"
    "\"https://json-schema.org/draft/2020-12/vocab/unevaluated\":true,"
    "\"https://json-schema.org/draft/2020-12/vocab/validation\":true,"
    "\"https://json-schema.org/draft/2020-12/vocab/meta-data\":true,"
    "\"https://json-schema.org/draft/2020-12/vocab/format-annotation\":true,"
    "\"https://json-schema.org/draft/2020-12/vocab/content\":true,"
    "\"https://spec.openapis.org/oas/3.1/vocab/base\":false},"
    "\"$dynamicAnchor\":\"meta\"}";

static int read_version(openapi_doc_t *doc, sbuf_t *err) {
  oa_file_t *f = &doc->files[0];
  if (!json_is_object(f->root)) {
    oa_where(err, f, "");
    sbuf_puts(err, "an API document must be an object (with \"openapi\" or \"swagger\")");
    return -1;
  }
  json_t *oa = json_object_get(f->root, "openapi");
  json_t *sw = json_object_get(f->root, "swagger");
  const char *v = json_string_value(oa);
  if (oa) {
    if (v && strncmp(v, "3.0", 3) == 0 && (v[3] == '\0' || v[3] == '.')) doc->version = 30;
    else if (v && strncmp(v, "3.1", 3) == 0 && (v[3] == '\0' || v[3] == '.')) doc->version = 31;
  } else if (sw) {
    v = json_string_value(sw);
    if (v && strcmp(v, "2.0") == 0) doc->version = 20;
  }
  if (!doc->version) {
    oa_where(err, f, oa ? "/openapi" : sw ? "/swagger" : "");
    if (!oa && !sw)
      sbuf_puts(err, "not an API document: it has neither \"openapi\" nor \"swagger\"");
    else
      sbuf_printf(err, "unsupported version %s (sonde reads OpenAPI 3.0, 3.1 and Swagger 2.0)",
                  v ? v : "that is not a string");
    return -1;
  }
  return 0;
}

static int make_registry(openapi_doc_t *doc, sbuf_t *err) {
  schema_options_t opts = {.assert_formats = true, .draft = SCHEMA_DRAFT_7};
  oa_file_t *root = &doc->files[0];
  if (doc->version == 31) {
    opts.draft = SCHEMA_DRAFT_2020_12;
    json_t *d = json_object_get(root->root, "jsonSchemaDialect");
    if (d) {
      const char *s = json_string_value(d);
      if (s && strcmp(s, "https://json-schema.org/draft/2019-09/schema") == 0) {
        opts.draft = SCHEMA_DRAFT_2019_09;
      } else if (s && (strcmp(s, "http://json-schema.org/draft-07/schema#") == 0 ||
                       strcmp(s, "http://json-schema.org/draft-07/schema") == 0)) {
        opts.draft = SCHEMA_DRAFT_7;
      } else if (!s || (strcmp(s, "https://json-schema.org/draft/2020-12/schema") != 0 &&
                        strncmp(s, "https://spec.openapis.org/oas/3.1/dialect/", 42) != 0)) {
        oa_where(err, root, "/jsonSchemaDialect");
        sbuf_printf(err,
                    "unsupported dialect %s (sonde knows JSON Schema 2020-12, 2019-09, "
                    "draft 7 and the OpenAPI 3.1 dialect)",
                    s ? s : "that is not a string");
        return -1;
      }
    }
  } else {
    for (size_t i = 0; i < doc->nfiles; i++) rewrite_dialect(doc->files[i].root, 0);
  }
  doc->reg = schema_registry_new(&opts);
  if (doc->version == 31) {
    json_t *meta = json_loads(kOasDialect, 0, NULL);
    schema_registry_add(doc->reg, "https://spec.openapis.org/oas/3.1/dialect/base", meta);
    json_decref(meta);
  }
  const char *id;
  json_t *node;
  json_object_foreach(doc->ids, id, node) {
    /* taken by a file or another schema: the first one stands, as in the registry */
    if (schema_registry_add(doc->reg, id, node) != 0) continue;
  }
  for (size_t i = 0; i < doc->nfiles; i++) {
    oa_file_t *f = &doc->files[i];
    if (!json_is_object(f->root) && !json_is_boolean(f->root)) continue;
    if (schema_registry_add(doc->reg, f->uri, f->root) != 0) {
      oa_where(err, f, "");
      sbuf_puts(err, "cannot register the file with the schema validator");
      return -1;
    }
  }
  return 0;
}

static openapi_doc_t *finish(openapi_doc_t *doc, sbuf_t *err) {
  if (read_version(doc, err) != 0 || resolve_all_refs(doc, err) != 0 ||
      make_registry(doc, err) != 0 || oa_build_ops(doc, err) != 0) {
    openapi_free(doc);
    return NULL;
  }
  return doc;
}

openapi_doc_t *openapi_load(const char *path, sbuf_t *err) {
  if (openapi_is_url(path)) {
    char *url = xstrndup(path, strcspn(path, "#"));
    json_t *root = read_url(url, err);
    openapi_doc_t *doc = NULL;
    if (root) {
      doc = xcalloc(1, sizeof *doc);
      add_url_file(doc, url, root);
      doc->name = xstrdup(url);
    }
    free(url);
    return doc ? finish(doc, err) : NULL;
  }
  char *cwd = fs_cwd();
  char *abs = path_resolve(cwd ? cwd : "/", path);
  free(cwd);
  char *shown = cwd_relative(abs);
  json_t *root = read_doc(abs, shown, err);
  free(shown);
  if (!root) {
    free(abs);
    return NULL;
  }
  openapi_doc_t *doc = xcalloc(1, sizeof *doc);
  oa_file_t *f = add_file(doc, abs, root);
  doc->name = xstrdup(f->path);
  free(abs);
  return finish(doc, err);
}

openapi_doc_t *openapi_load_value(const json_t *root, const char *base_dir, sbuf_t *err) {
  openapi_doc_t *doc = xcalloc(1, sizeof *doc);
  /* a name for the value's file, beside which its relative $refs are looked for */
  char *abs = path_resolve(base_dir, "(loadApiSpec object)");
  oa_file_t *f = add_file(doc, abs, json_deep_copy(root));
  free(f->path);
  /* named by its title, so that the coverage of two such documents stays apart */
  const char *title = json_string_value(json_object_get(json_object_get(root, "info"), "title"));
  f->path = title ? xasprintf("the API document '%s'", title) : xstrdup("the API document");
  doc->name = xstrdup(f->path);
  free(abs);
  return finish(doc, err);
}

const char *openapi_name(const openapi_doc_t *doc) { return doc->name; }

void openapi_free(openapi_doc_t *doc) {
  if (!doc) return;
  oa_free_ops(doc);
  schema_registry_free(doc->reg);
  for (size_t i = 0; i < doc->nfiles; i++) {
    free(doc->files[i].uri);
    free(doc->files[i].path);
    json_decref(doc->files[i].root);
  }
  free(doc->files);
  strvec_free(&doc->bases);
  json_decref(doc->ids);
  free(doc->name);
  free(doc);
}
