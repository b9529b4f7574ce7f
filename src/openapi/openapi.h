/* openapi: contract testing against an API document (OpenAPI 3.0 and 3.1, Swagger 2.0 as
 * far as responses go). A document is loaded once from a file (JSON or YAML) with every
 * file its $refs reach, checked for structure, and its response schemas compiled once on
 * src/schema's validator (3.0's and 2.0's dialect rewritten into draft 7, 3.1's schemas as
 * 2020-12 or its jsonSchemaDialect). An exchange (method, URL, status, headers, body) is then
 * matched to its operation and response and checked. No JavaScript and no HTTP of its own:
 * documents at URLs are read through a fetcher its user sets.
 *
 * Memory: openapi_doc_t owns its files' values, its schema registry and the operation
 * table; openapi_result_t owns its strings. A document is not thread-safe. */
#ifndef SONDE_OPENAPI_OPENAPI_H
#define SONDE_OPENAPI_OPENAPI_H

#include <jansson.h>
#include <stdbool.h>

#include "common/sbuf.h"
#include "common/strvec.h"

typedef struct openapi_doc openapi_doc_t;

/* Reads the document at an http(s) `url`: its text (malloc'd, length in *len), or NULL
 * with the reason in `err` ("the server answered HTTP 404 Not Found"). */
typedef char *(*openapi_fetch_fn)(void *ud, const char *url, size_t *len, sbuf_t *err);
/* How documents at URLs are read, for the whole process (NULL: they cannot be). */
void openapi_set_fetcher(openapi_fetch_fn fetch, void *ud);
/* Whether `s` is an http(s) URL. */
bool openapi_is_url(const char *s);

/* Loads the document at `path` (a file, or an http(s) URL read through the fetcher; YAML
 * unless it looks like JSON) and every file or URL its $refs name (relative ones resolved
 * against the referring document's path or URL). NULL with one message in `err` naming
 * the file or URL and the JSON pointer (or line) of the problem. */
openapi_doc_t *openapi_load(const char *path, sbuf_t *err);
/* The same for a document given as a value (loadApiSpec({...})); relative $refs to files
 * resolve from `base_dir`. The value is copied. */
openapi_doc_t *openapi_load_value(const json_t *root, const char *base_dir, sbuf_t *err);
void openapi_free(openapi_doc_t *doc);
/* "openapi.yaml" (the root file's name), or "the API document" for a value. */
const char *openapi_name(const openapi_doc_t *doc);

/* The response header `name` (any case): malloc'd value, or NULL when absent. */
typedef char *(*openapi_header_fn)(void *ud, const char *name);

typedef struct {
  const char *method; /* "GET" (any case) */
  const char *url;    /* absolute URL or a path ("/v1/users/7?x=1") */
  int status;
  const char *content_type; /* the Content-Type header, NULL when none */
  bool has_body;            /* the response has a body (of one byte or more) */
  const json_t *body;       /* its value (parsed JSON, or text); NULL when it has none or it
                               is binary (then its schema is not checked) */
  openapi_header_fn header;
  void *header_ud;
  bool uncounted; /* already counted for coverage (a second check of it) */
} openapi_exchange_t;

/* A request as sent (apiRunner.openapi.validateRequests). */
typedef struct {
  const char *method;       /* "POST" (any case) */
  const char *url;          /* absolute URL or a path, with its query string */
  const char *content_type; /* the request's Content-Type, NULL when none */
  bool has_body;
  const char *body; /* the bytes sent (body_len of them) */
  size_t body_len;
  openapi_header_fn header; /* the request header `name`, as for responses */
  void *header_ud;
  bool cookie_jar; /* a cookie jar adds cookies the Cookie header does not show: a cookie
                      parameter missing from it is not reported */
} openapi_request_t;

typedef struct {
  char *operation;   /* "GET /users/{id}", NULL when none matched */
  char *response;    /* the response key matched ("200", "2XX", "default"), or NULL */
  char *schema;      /* openapi_check_schema: the schema's name */
  strvec_t problems; /* one line each; empty when the exchange conforms */
  bool request;      /* of openapi_check_request */
} openapi_result_t;

/* Checks a response against its operation. 1: conforms; 0: violates (out->problems says
 * why, including an undocumented path, method or status with what the document declares);
 * -1: cannot check (err). Counts the call for the coverage report. */
int openapi_check(openapi_doc_t *doc, const openapi_exchange_t *ex, openapi_result_t *out,
                  sbuf_t *err);
/* Checks a request against its operation: path parameters, query parameters, headers and
 * cookies (required ones present, each against its schema, read from text as the
 * schema's type wants), and the body (required, its content type declared, its value against that
 * media type's schema). 1: conforms; 0: violates (problems named by location:
 * "query.limit must be integer", "body/items/0/id must be integer"); -1: cannot check. Not
 * counted for coverage. */
int openapi_check_request(openapi_doc_t *doc, const openapi_request_t *req, openapi_result_t *out,
                          sbuf_t *err);
/* A body's bytes as the value a schema judges, by one rule for requests and responses:
 * JSON types parsed (NULL with jerr, which may be NULL, when they do not parse), text
 * types (and no or an empty Content-Type) a string; NULL for other types (binary). Forms
 * are read against their schema by the check itself. A new reference. */
json_t *openapi_body_value(const char *content_type, const char *raw, size_t len,
                           json_error_t *jerr);
/* Checks `value` against components.schemas[name] (definitions[name] in 2.0). 1, 0 as
 * above; -1 when the document has no such schema (err lists those it has). */
int openapi_check_schema(openapi_doc_t *doc, const char *name, const json_t *value,
                         openapi_result_t *out, sbuf_t *err);
void openapi_result_free(openapi_result_t *r);

/* The failure message of a result: "GET /users/{id} (response 200) does not satisfy
 * openapi.yaml:" and the problems, one per line. */
void openapi_result_message(const openapi_doc_t *doc, const openapi_result_t *r, sbuf_t *out);

/* Coverage: every operation × documented response with its counts, as
 * {"document", "operations": [{"operation", "responses": [{"response", "calls",
 * "conforming", "violated"}], "undocumentedStatus"}], "unmatched"}. With `reset`, the
 * counts start again from zero (a worker reports what each job added). A new reference. */
json_t *openapi_coverage(openapi_doc_t *doc, bool reset);
/* Whether any call was counted since the last reset. */
bool openapi_coverage_touched(const openapi_doc_t *doc);

/* coverage.c, for the launcher: `acc` is an object of documents by name; a report (of
 * openapi_coverage) adds its counts to the document's. */
void openapi_cov_merge(json_t *acc, const json_t *report);
/* The share of documented responses with at least one call, in percent (100 for none). */
double openapi_cov_percent(const json_t *doc, size_t *exercised, size_t *total);
/* The table of each document in `acc` (by name): a header line, then one line per
 * operation × response ("never called", "3 calls", "2 calls, 1 violation"). */
void openapi_cov_table(const json_t *acc, sbuf_t *out);
/* openapi-coverage.json: {"documents": [each document with "exercised", "documented",
 * "percent"]}, by name. A new reference. */
json_t *openapi_cov_document(const json_t *acc);
/* Whether `doc` is a coverage document as openapi_coverage writes it (a name, operations
 * with responses, counts that are integers of 0 or more); when not, what is wrong in why,
 * starting at the document (".operations must be an array"). */
bool openapi_cov_valid(const json_t *doc, sbuf_t *why);

#endif
