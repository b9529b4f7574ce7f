/* sonde-testserver: a small GraphQL endpoint for the demo (examples/graphql.conf.js), so
 * `make demo` needs no Node. POST /graphql runs queries and mutations over a store of books;
 * POST /graphql/stream runs the subscription `countdown(from: Int!)` as GraphQL over SSE
 * (distinct connections mode: `next` events, then `complete`).
 *
 * It reads the part of GraphQL the demo's documents use: one operation (its keyword and
 * name; variable definitions are skipped), fields with aliases, arguments (variables,
 * strings, integers, booleans, null) and nested selections. Anything else is answered with
 * a GraphQL error. The e2e cases test the client against the reference implementations
 * (tests/e2e/support), not against this.
 *
 * Memory: documents are parsed into a tree freed before the reply; the store lives until
 * exit (still reachable), behind its mutex (one thread per connection). */
#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server.h"

#define GQL_MAX_DEPTH  8
#define GQL_MAX_FIELDS 64
#define GQL_MAX_BOOKS  100

typedef struct gql_field {
  char name[64], alias[64];
  json_t *args;               /* object, owned */
  struct gql_field *children; /* NULL: no selection set */
  size_t n_children;
} gql_field_t;

typedef struct {
  const char *s;
  size_t i, n;
  json_t *vars; /* borrowed */
  char err[160];
} gql_parser_t;

/* ---- the store ---- */

static pthread_mutex_t gql_lock = PTHREAD_MUTEX_INITIALIZER;
static json_t *gql_books; /* array of {id, title, author} */

static json_t *gql_store(void) {
  if (!gql_books) {
    gql_books =
        json_pack("[{s:s,s:s,s:s},{s:s,s:s,s:s}]", "id", "1", "title", "Dune", "author",
                  "Frank Herbert", "id", "2", "title", "Solaris", "author", "Stanislaw Lem");
  }
  return gql_books;
}

/* ---- parsing ---- */

static void gql_skip(gql_parser_t *p) {
  while (p->i < p->n) {
    char c = p->s[p->i];
    if (c == '#') {
      while (p->i < p->n && p->s[p->i] != '\n') p->i++;
    } else if (isspace((unsigned char)c) || c == ',') {
      p->i++;
    } else {
      break;
    }
  }
}

static bool gql_fail(gql_parser_t *p, const char *what) {
  if (!p->err[0]) snprintf(p->err, sizeof p->err, "Syntax Error: %s at offset %zu.", what, p->i);
  return false;
}

static bool gql_name(gql_parser_t *p, char *out, size_t cap) {
  gql_skip(p);
  size_t start = p->i;
  while (p->i < p->n && (isalnum((unsigned char)p->s[p->i]) || p->s[p->i] == '_')) p->i++;
  size_t len = p->i - start;
  if (len == 0 || isdigit((unsigned char)p->s[start])) return gql_fail(p, "expected a name");
  if (len >= cap) return gql_fail(p, "name too long");
  memcpy(out, p->s + start, len);
  out[len] = '\0';
  return true;
}

static bool gql_peek(gql_parser_t *p, char c) {
  gql_skip(p);
  return p->i < p->n && p->s[p->i] == c;
}

static json_t *gql_value(gql_parser_t *p) {
  gql_skip(p);
  if (p->i >= p->n) return gql_fail(p, "expected a value"), NULL;
  char c = p->s[p->i];
  char name[64];
  if (c == '$') {
    p->i++;
    if (!gql_name(p, name, sizeof name)) return NULL;
    json_t *v = json_object_get(p->vars, name);
    return v ? json_incref(v) : json_null();
  }
  if (c == '"') {
    char *text = srv_xmalloc(p->n - p->i + 1);
    size_t len = 0;
    for (p->i++; p->i < p->n && p->s[p->i] != '"'; p->i++) {
      if (p->s[p->i] == '\\' && p->i + 1 < p->n) p->i++; /* \" and \\ only */
      text[len++] = p->s[p->i];
    }
    if (p->i >= p->n) {
      free(text);
      return gql_fail(p, "unterminated string"), NULL;
    }
    p->i++;
    json_t *v = srv_json_string(text, len);
    free(text);
    return v;
  }
  if (c == '-' || isdigit((unsigned char)c)) {
    char *end;
    long long v = strtoll(p->s + p->i, &end, 10);
    p->i = (size_t)(end - p->s);
    return json_integer(v);
  }
  if (!gql_name(p, name, sizeof name)) return NULL;
  if (strcmp(name, "true") == 0) return json_true();
  if (strcmp(name, "false") == 0) return json_false();
  if (strcmp(name, "null") == 0) return json_null();
  return json_string(name); /* an enum value */
}

static void gql_fields_free(gql_field_t *f, size_t n) {
  for (size_t i = 0; i < n; i++) {
    json_decref(f[i].args);
    gql_fields_free(f[i].children, f[i].n_children);
  }
  free(f);
}

static bool gql_selection(gql_parser_t *p, gql_field_t **out, size_t *n, int depth) {
  *out = NULL;
  *n = 0;
  if (depth > GQL_MAX_DEPTH) return gql_fail(p, "selections nested too deeply");
  if (!gql_peek(p, '{')) return gql_fail(p, "expected '{'");
  p->i++;
  gql_field_t *fields = srv_xmalloc(GQL_MAX_FIELDS * sizeof *fields);
  memset(fields, 0, GQL_MAX_FIELDS * sizeof *fields);
  size_t count = 0;
  while (!gql_peek(p, '}')) {
    if (count == GQL_MAX_FIELDS) {
      gql_fields_free(fields, count);
      return gql_fail(p, "too many fields");
    }
    gql_field_t *f = &fields[count++];
    f->args = json_object();
    if (!gql_name(p, f->name, sizeof f->name)) goto fail;
    if (gql_peek(p, ':')) { /* alias: name */
      p->i++;
      memcpy(f->alias, f->name, sizeof f->alias);
      if (!gql_name(p, f->name, sizeof f->name)) goto fail;
    }
    if (gql_peek(p, '(')) {
      p->i++;
      while (!gql_peek(p, ')')) {
        char arg[64];
        if (!gql_name(p, arg, sizeof arg) || !gql_peek(p, ':')) goto fail;
        p->i++;
        json_t *v = gql_value(p);
        if (!v) goto fail;
        json_object_set_new(f->args, arg, v);
        if (p->i >= p->n) goto fail;
      }
      p->i++;
    }
    if (gql_peek(p, '{') && !gql_selection(p, &f->children, &f->n_children, depth + 1)) goto fail;
    if (p->i >= p->n) goto fail;
  }
  p->i++;
  *out = fields;
  *n = count;
  return true;
fail:
  gql_fields_free(fields, count);
  return gql_fail(p, "unexpected input");
}

/* The operation of `doc`: its keyword in *op ("query", "mutation", "subscription"). */
static bool gql_parse(gql_parser_t *p, char *op, size_t cap, gql_field_t **fields, size_t *n) {
  snprintf(op, cap, "query");
  gql_skip(p);
  if (!gql_peek(p, '{')) {
    char name[64];
    if (!gql_name(p, op, cap)) return false;
    if (strcmp(op, "query") && strcmp(op, "mutation") && strcmp(op, "subscription"))
      return gql_fail(p, "expected an operation");
    if (!gql_peek(p, '(') && !gql_peek(p, '{') && !gql_name(p, name, sizeof name)) return false;
    if (gql_peek(p, '(')) { /* variable definitions: their values come with the request */
      while (p->i < p->n && p->s[p->i] != ')') p->i++;
      p->i++;
    }
  }
  return gql_selection(p, fields, n, 0);
}

/* ---- execution ---- */

static void gql_error(json_t *errors, const char *fmt, const char *a, const char *b) {
  char msg[200];
  snprintf(msg, sizeof msg, fmt, a, b);
  srv_jappend(errors, json_pack("{s:s}", "message", msg));
}

static json_t *gql_book(const json_t *book, const gql_field_t *f, json_t *errors) {
  if (!book) return json_null();
  json_t *out = json_object();
  for (size_t i = 0; i < f->n_children; i++) {
    const gql_field_t *c = &f->children[i];
    json_t *v = json_object_get(book, c->name);
    if (!v) gql_error(errors, "Cannot query field \"%s\" on type \"%s\".", c->name, "Book");
    else json_object_set(out, c->alias[0] ? c->alias : c->name, v);
  }
  return out;
}

static const char *gql_arg(const gql_field_t *f, const char *name) {
  return json_string_value(json_object_get(f->args, name));
}

static json_t *gql_execute(const char *op, const gql_field_t *fields, size_t n, json_t *errors) {
  json_t *data = json_object();
  srv_lock(&gql_lock);
  json_t *books = gql_store();
  for (size_t i = 0; i < n; i++) {
    const gql_field_t *f = &fields[i];
    const char *key = f->alias[0] ? f->alias : f->name;
    json_t *v = NULL;
    if (strcmp(op, "query") == 0 && strcmp(f->name, "hello") == 0) {
      char text[120];
      snprintf(text, sizeof text, "Hello, %s!", gql_arg(f, "name") ? gql_arg(f, "name") : "world");
      v = json_string(text);
    } else if (strcmp(op, "query") == 0 && strcmp(f->name, "books") == 0) {
      v = json_array();
      size_t k;
      json_t *b;
      json_array_foreach(books, k, b) srv_jappend(v, gql_book(b, f, errors));
    } else if (strcmp(op, "query") == 0 && strcmp(f->name, "book") == 0) {
      const char *id = gql_arg(f, "id");
      json_t *found = NULL, *b;
      size_t k;
      json_array_foreach(books, k, b) if (id && strcmp(json_string_value(json_object_get(b, "id")),
                                                       id) == 0) found = b;
      v = gql_book(found, f, errors);
    } else if (strcmp(op, "mutation") == 0 && strcmp(f->name, "addBook") == 0) {
      const char *title = gql_arg(f, "title");
      if (!title || json_array_size(books) >= GQL_MAX_BOOKS) {
        gql_error(errors, "%s%s", "addBook needs a title (and room in the store)", "");
        v = json_null();
      } else {
        char id[16];
        snprintf(id, sizeof id, "%zu", json_array_size(books) + 1);
        json_t *b = json_pack("{s:s,s:s,s:s}", "id", id, "title", title, "author",
                              gql_arg(f, "author") ? gql_arg(f, "author") : "unknown");
        srv_jappend(books, b);
        v = gql_book(b, f, errors);
      }
    } else {
      gql_error(errors, "Cannot query field \"%s\" on type \"%s\".", f->name,
                strcmp(op, "mutation") == 0 ? "Mutation" : "Query");
      continue;
    }
    json_object_set_new(data, key, v);
  }
  srv_unlock(&gql_lock);
  return data;
}

/* ---- the routes ---- */

/* Parses the request's {query, variables}; replies with a 400 and returns false when it
 * cannot. */
static bool gql_read(srv_request_t *req, char *op, size_t cap, gql_field_t **fields, size_t *n,
                     enum MHD_Result *ret) {
  json_error_t jerr;
  json_t *body = req->body ? json_loadb(req->body, req->body_len, 0, &jerr) : NULL;
  const char *query = json_string_value(json_object_get(body, "query"));
  gql_parser_t p = {
      .s = query, .n = query ? strlen(query) : 0, .vars = json_object_get(body, "variables")};
  bool ok = query && gql_parse(&p, op, cap, fields, n);
  if (!ok) {
    json_t *errors = json_array();
    gql_error(errors, "%s%s",
              query ? p.err : "The request body must be JSON with a \"query\" string.", "");
    *ret = srv_reply_json(req, 400, json_pack("{s:o}", "errors", errors));
  }
  json_decref(body);
  return ok;
}

static enum MHD_Result gql_http(srv_request_t *req) {
  char op[16];
  gql_field_t *fields;
  size_t n;
  enum MHD_Result ret;
  if (!gql_read(req, op, sizeof op, &fields, &n, &ret)) return ret;
  json_t *errors = json_array();
  json_t *out = json_object();
  if (strcmp(op, "subscription") == 0) {
    gql_error(errors, "%s%s", "Subscriptions go to /graphql/stream (GraphQL over SSE).", "");
    srv_jset(out, "errors", errors);
    gql_fields_free(fields, n);
    return srv_reply_json(req, 400, out);
  }
  srv_jset(out, "data", gql_execute(op, fields, n, errors));
  if (json_array_size(errors)) srv_jset(out, "errors", errors);
  else json_decref(errors);
  gql_fields_free(fields, n);
  return srv_reply_json(req, 200, out);
}

/* subscription { countdown(from: N) }: N events counting down to 1, then complete. */
static enum MHD_Result gql_stream(srv_request_t *req) {
  char op[16];
  gql_field_t *fields;
  size_t n;
  enum MHD_Result ret;
  if (!gql_read(req, op, sizeof op, &fields, &n, &ret)) return ret;
  if (strcmp(op, "subscription") || n != 1 || strcmp(fields[0].name, "countdown")) {
    gql_fields_free(fields, n);
    return srv_reply_json(req, 400,
                          json_pack("{s:[{s:s}]}", "errors", "message",
                                    "Only subscription { countdown(from: Int!) } is served here."));
  }
  json_int_t from = json_integer_value(json_object_get(fields[0].args, "from"));
  if (from < 0 || from > 1000) from = 0;
  const char *key = fields[0].alias[0] ? fields[0].alias : "countdown";
  char *events = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&events, &len);
  if (!f) abort();
  for (json_int_t i = from; i >= 1; i--)
    fprintf(f, "event: next\ndata: {\"data\":{\"%s\":%lld}}\n\n", key, (long long)i);
  fputs("event: complete\ndata:\n\n", f);
  if (fclose(f) != 0) abort();
  gql_fields_free(fields, n);
  ret = srv_queue(req, 200, srv_response_bytes("text/event-stream", events, len));
  free(events);
  return ret;
}

bool srv_route_graphql(srv_request_t *req, enum MHD_Result *ret) {
  if (strcmp(req->path, "/graphql") == 0) {
    *ret = srv_is_method(req, "POST") ? gql_http(req) : srv_reply_bad_method(req, "POST");
    return true;
  }
  if (strcmp(req->path, "/graphql/stream") == 0) {
    *ret = srv_is_method(req, "POST") ? gql_stream(req) : srv_reply_bad_method(req, "POST");
    return true;
  }
  return false;
}
