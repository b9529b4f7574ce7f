/* Unit tests for openapi: documents loaded from YAML and JSON files with $refs across
 * files (and a cycle of files), 3.0's dialect (nullable, boolean exclusiveMinimum), 3.1's
 * (type arrays, recursive schemas, jsonSchemaDialect), Swagger 2.0's responses; operation
 * matching (server base paths, literal paths before templated ones, wrong method, unknown
 * path), status keys (code, 2XX, default), content types, required and typed headers,
 * components.schemas by name; and the one clear error of a broken document. Files are
 * written to a temporary folder that is the working directory during the tests. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "test_openapi_files.h"

static char tmpdir[] = "/tmp/sonde-openapi-XXXXXX";

static const char kUsers30[] =
    "openapi: 3.0.3\n"
    "info: {title: users, version: '1'}\n"
    "servers:\n"
    "  - url: http://localhost:{port}/v1\n"
    "    variables: {port: {default: '8080'}}\n"
    "paths:\n"
    "  /users/{id}:\n"
    "    get:\n"
    "      responses:\n"
    "        200:\n"
    "          description: a user\n"
    "          headers:\n"
    "            X-Rate-Limit: {required: true, schema: {type: integer, minimum: 1}}\n"
    "            X-Trace: {schema: {type: string, pattern: '^t-'}}\n"
    "          content:\n"
    "            application/json:\n"
    "              schema: {$ref: './schemas.yaml#/User'}\n"
    "        4XX:\n"
    "          $ref: '#/components/responses/Problem'\n"
    "    delete:\n"
    "      responses: {'204': {description: gone}}\n"
    "  /users/me:\n"
    "    get:\n"
    "      responses:\n"
    "        default:\n"
    "          description: me\n"
    "          content: {text/*: {schema: {type: string, minLength: 2}}}\n"
    "components:\n"
    "  responses:\n"
    "    Problem:\n"
    "      description: an error\n"
    "      content:\n"
    "        application/problem+json:\n"
    "          schema: {$ref: '#/components/schemas/Problem'}\n"
    "  schemas:\n"
    "    Problem:\n"
    "      type: object\n"
    "      required: [title]\n"
    "      properties: {title: {type: string}}\n"
    "    Score: {type: number, minimum: 0, exclusiveMinimum: true, example: 1}\n";

static const char kSchemas30[] =
    "User:\n"
    "  type: object\n"
    "  required: [id, name]\n"
    "  properties:\n"
    "    id: {type: integer}\n"
    "    name: {type: string}\n"
    "    nickname: {type: string, nullable: true}\n"
    "    email: {type: string, format: email}\n"
    "    friends: {type: array, items: {$ref: './schemas.yaml#/User'}}\n"
    "    team: {$ref: './teams.yaml#/Team'}\n";

static const char kTeams30[] =
    "Team:\n"
    "  type: object\n"
    "  properties:\n"
    "    lead: {$ref: './schemas.yaml#/User'}\n";

static int setup(void **state) {
  openapi_tmp_setup(tmpdir);
  write_file("users.yaml", kUsers30);
  write_file("schemas.yaml", kSchemas30);
  write_file("teams.yaml", kTeams30);
  return 0;
}

static int teardown(void **state) { return openapi_tmp_teardown(tmpdir); }

/* Checks one exchange; returns the rc and leaves the message in *msg (caller frees). */
static int check(openapi_doc_t *doc, const char *method, const char *url, int status,
                 const char *ct, const char *body, headers_t *h, char **msg) {
  json_t *b = body ? json_loads(body, JSON_DECODE_ANY, NULL) : NULL;
  if (body) assert_non_null(b);
  openapi_exchange_t ex = {method, url, status, ct, body != NULL, b, get_header, h};
  openapi_result_t r;
  sbuf_t err = SBUF_INIT;
  int rc = openapi_check(doc, &ex, &r, &err);
  *msg = openapi_outcome(doc, rc, &r, &err);
  json_decref(b);
  return rc;
}

static void test_openapi30_yaml_multifile(void **state) {
  sbuf_t err = SBUF_INIT;
  openapi_doc_t *doc = openapi_load("users.yaml", &err);
  if (!doc) fail_msg("%s", sbuf_cstr(&err));
  assert_string_equal(openapi_name(doc), "users.yaml");
  headers_t ok = {{"X-Rate-Limit", "Content-Type"}, {"10", "application/json"}};
  const char *url = "http://127.0.0.1:9/v1/users/7?full=1";
  EXPECT(1, "", doc, "get", url, 200, "application/json; charset=utf-8",
         "{\"id\": 7, \"name\": \"Ann\", \"nickname\": null, \"team\": {\"lead\": {\"id\": 1, "
         "\"name\": \"Bo\"}}}",
         &ok);
  EXPECT(
      0,
      "GET /users/{id} (response '200') does not satisfy users.yaml:\n  - body /id must be integer",
      doc, "GET", url, 200, "application/json", "{\"id\": \"7\", \"name\": \"Ann\"}", &ok);
  EXPECT(0, "body /friends/0 must have required property 'name'", doc, "GET", url, 200,
         "application/json", "{\"id\": 7, \"name\": \"A\", \"friends\": [{\"id\": 2}]}", &ok);
  EXPECT(0, "body /team/lead/id must be integer", doc, "GET", url, 200, "application/json",
         "{\"id\": 7, \"name\": \"A\", \"team\": {\"lead\": {\"id\": \"x\", \"name\": \"B\"}}}",
         &ok);
  EXPECT(0, "body /email must be a valid email", doc, "GET", url, 200, "application/json",
         "{\"id\": 7, \"name\": \"A\", \"email\": \"nope\"}", &ok);
  /* headers: required, typed from their text */
  EXPECT(0, "header X-Rate-Limit is required, but the response has none", doc, "GET", url, 200,
         "application/json", "{\"id\": 7, \"name\": \"A\"}", NULL);
  headers_t bad = {{"X-Rate-Limit", "X-Trace"}, {"0", "u-1"}};
  EXPECT(0, "header X-Rate-Limit must be >= 1", doc, "GET", url, 200, "application/json",
         "{\"id\": 7, \"name\": \"A\"}", &bad);
  EXPECT(0, "header X-Trace must match pattern \"^t-\"", doc, "GET", url, 200, "application/json",
         "{\"id\": 7, \"name\": \"A\"}", &bad);
  /* content type and body presence */
  EXPECT(0,
         "content type text/html is not declared for this response; it declares application/json",
         doc, "GET", url, 200, "text/html", "\"<p>\"", &ok);
  EXPECT(0, "the response has no body, but the document declares one (application/json)", doc,
         "GET", url, 200, NULL, NULL, &ok);
  /* 4XX through a $ref'd response; +json media type */
  EXPECT(1, "", doc, "GET", url, 404, "application/problem+json", "{\"title\": \"no\"}", NULL);
  EXPECT(0, "GET /users/{id} (response '4XX')", doc, "GET", url, 418, "application/problem+json",
         "{}", NULL);
  /* undocumented status, method and path */
  EXPECT(0, "status 500 is not declared (nor 5XX or default); it declares: 200 4XX", doc, "GET",
         url, 500, NULL, NULL, NULL);
  EXPECT(0, "users.yaml declares no PUT operation on /users/{id}; it declares: GET DELETE", doc,
         "PUT", url, 200, NULL, NULL, NULL);
  EXPECT(0,
         "no path of users.yaml matches GET /v1/teams (server base paths: /v1); it declares:\n"
         "      GET /users/{id}\n      DELETE /users/{id}\n      GET /users/me",
         doc, "GET", "http://h/v1/teams", 200, NULL, NULL, NULL);
  EXPECT(0, "no path of users.yaml matches GET /users/7", doc, "GET", "/users/7", 200, NULL, NULL,
         NULL);
  /* literal before templated; default; text/star; trailing slash */
  EXPECT(1, "", doc, "GET", "/v1/users/me/", 299, "text/plain", "\"me!\"", NULL);
  EXPECT(0,
         "GET /users/me (response 'default') does not satisfy users.yaml:\n  - body must NOT have "
         "fewer than 2 characters",
         doc, "GET", "/v1/users/me", 200, "text/plain", "\"m\"", NULL);
  EXPECT(1, "", doc, "DELETE", "/v1/users/3", 204, NULL, NULL, NULL);

  /* components.schemas by name, with 3.0's boolean exclusiveMinimum */
  openapi_result_t r;
  json_t *zero = json_integer(0), *one = json_real(0.5);
  assert_int_equal(openapi_check_schema(doc, "Score", zero, &r, &err), 0);
  sbuf_t m = SBUF_INIT;
  openapi_result_message(doc, &r, &m);
  assert_string_equal(sbuf_cstr(&m),
                      "Value does not satisfy schema 'Score' of users.yaml:\n  - must be > 0");
  openapi_result_free(&r);
  assert_int_equal(openapi_check_schema(doc, "Score", one, &r, &err), 1);
  openapi_result_free(&r);
  assert_int_equal(openapi_check_schema(doc, "Nope", one, &r, &err), -1);
  assert_string_equal(
      sbuf_cstr(&err),
      "users.yaml has no schema \"Nope\" in components.schemas; it has: Problem Score");
  openapi_result_free(&r);
  json_decref(zero);
  json_decref(one);

  /* coverage counts what was checked */
  json_t *cov = openapi_coverage(doc, true);
  json_t *first = json_array_get(json_object_get(cov, "operations"), 0);
  assert_string_equal(json_string_value(json_object_get(first, "operation")), "GET /users/{id}");
  json_t *r200 = json_array_get(json_object_get(first, "responses"), 0);
  assert_int_equal(json_integer_value(json_object_get(r200, "calls")), 10);
  assert_int_equal(json_integer_value(json_object_get(r200, "conforming")), 1);
  assert_int_equal(json_integer_value(json_object_get(r200, "violated")), 9);
  assert_int_equal(json_integer_value(json_object_get(first, "undocumentedStatus")), 1);
  assert_int_equal(json_integer_value(json_object_get(cov, "unmatched")), 3);

  /* reset: the next report starts from zero; the launcher adds reports up */
  assert_false(openapi_coverage_touched(doc));
  EXPECT(1, "", doc, "DELETE", "/v1/users/3", 204, NULL, NULL, NULL);
  json_t *later = openapi_coverage(doc, true);
  json_t *acc = json_object();
  openapi_cov_merge(acc, cov);
  openapi_cov_merge(acc, later);
  openapi_cov_merge(acc, cov);
  size_t exercised, total;
  double pct = openapi_cov_percent(json_object_get(acc, "users.yaml"), &exercised, &total);
  assert_int_equal(exercised, 4);
  assert_int_equal(total, 4);
  assert_true(pct > 99.9);
  sbuf_t table = SBUF_INIT;
  openapi_cov_table(acc, &table);
  assert_string_equal(
      sbuf_cstr(&table),
      "OpenAPI coverage of users.yaml: 4 of 4 documented responses exercised (100.0%)\n"
      "  GET /users/{id}     200      20 calls, 18 violations\n"
      "                      4XX      4 calls, 2 violations\n"
      "                      other    2 calls with an undocumented status\n"
      "  DELETE /users/{id}  204      3 calls\n"
      "  GET /users/me       default  4 calls, 2 violations\n"
      "  6 responses matched no operation\n");
  json_t *file = openapi_cov_document(acc);
  json_t *d0 = json_array_get(json_object_get(file, "documents"), 0);
  assert_int_equal(json_integer_value(json_object_get(d0, "exercised")), 4);
  json_decref(file);
  sbuf_free(&table);
  json_decref(acc);
  json_decref(later);
  json_decref(cov);
  sbuf_free(&m);
  sbuf_free(&err);
  openapi_free(doc);
}

static void test_openapi31_json(void **state) {
  write_file(
      "tree.json",
      "{\"openapi\": \"3.1.0\", \"info\": {\"title\": \"t\", \"version\": \"1\"},\n"
      " \"jsonSchemaDialect\": \"https://spec.openapis.org/oas/3.1/dialect/base\",\n"
      " \"paths\": {\"/trees/{id}.json\": {\"get\": {\"responses\": {\"200\": {\"description\": "
      "\"x\",\n"
      "   \"content\": {\"application/json\": {\"schema\": {\"$ref\": "
      "\"#/components/schemas/Node\"}}}}}}}},\n"
      " \"components\": {\"schemas\": {\"Node\": {\"type\": \"object\", \"required\": [\"v\"],\n"
      "   \"properties\": {\"v\": {\"type\": [\"integer\", \"null\"], \"exclusiveMinimum\": 0},\n"
      "                  \"kids\": {\"type\": \"array\", \"items\": {\"$ref\": "
      "\"#/components/schemas/Node\"}}},\n"
      "   \"unevaluatedProperties\": false}}}}\n");
  sbuf_t err = SBUF_INIT;
  openapi_doc_t *doc = openapi_load("tree.json", &err);
  if (!doc) fail_msg("%s", sbuf_cstr(&err));
  EXPECT(1, "", doc, "GET", "/trees/1.json", 200, "application/json",
         "{\"v\": null, \"kids\": [{\"v\": 1, \"kids\": [{\"v\": 2}]}]}", NULL);
  EXPECT(0, "body /kids/0/kids/0/v must be > 0", doc, "GET", "/trees/1.json", 200,
         "application/json", "{\"v\": 1, \"kids\": [{\"v\": 1, \"kids\": [{\"v\": 0}]}]}", NULL);
  EXPECT(0, "body has unevaluated property 'x'", doc, "GET", "/trees/1.json", 200,
         "application/json", "{\"v\": 1, \"x\": 2}", NULL);
  EXPECT(0, "no path of tree.json matches GET /trees/1.xml", doc, "GET", "/trees/1.xml", 200, NULL,
         NULL, NULL);
  openapi_free(doc);
  sbuf_free(&err);
}

static void test_swagger20(void **state) {
  write_file("pets.yaml",
             "swagger: '2.0'\n"
             "info: {title: pets, version: '1'}\n"
             "basePath: /api/\n"
             "produces: [application/json]\n"
             "paths:\n"
             "  /pets:\n"
             "    get:\n"
             "      responses:\n"
             "        200:\n"
             "          description: pets\n"
             "          headers: {X-Total: {type: integer}}\n"
             "          schema: {type: array, items: {$ref: '#/definitions/Pet'}}\n"
             "definitions:\n"
             "  Pet:\n"
             "    type: object\n"
             "    required: [name]\n"
             "    properties:\n"
             "      name: {type: string}\n"
             "      tag: {type: string, x-nullable: true}\n"
             "      age: {type: integer, maximum: 30, exclusiveMaximum: true}\n");
  sbuf_t err = SBUF_INIT;
  openapi_doc_t *doc = openapi_load("pets.yaml", &err);
  if (!doc) fail_msg("%s", sbuf_cstr(&err));
  headers_t h = {{"X-Total"}, {"2"}};
  EXPECT(1, "", doc, "GET", "http://x/api/pets", 200, "application/json",
         "[{\"name\": \"a\", \"tag\": null}, {\"name\": \"b\", \"age\": 29}]", &h);
  EXPECT(0, "body /0/age must be < 30", doc, "GET", "http://x/api/pets", 200, "application/json",
         "[{\"name\": \"a\", \"age\": 30}]", &h);
  headers_t bad = {{"X-Total"}, {"two"}};
  EXPECT(0, "header X-Total must be integer", doc, "GET", "http://x/api/pets", 200,
         "application/json", "[]", &bad);
  /* a 2.0 header is read as a 2.0 parameter is: "007" is the integer 7 */
  headers_t zeros = {{"X-Total"}, {"007"}};
  EXPECT(1, "", doc, "GET", "http://x/api/pets", 200, "application/json", "[]", &zeros);
  openapi_free(doc);
  sbuf_free(&err);
}

/* Response headers are read as request header parameters are, from the types the
 * compiled schema allows: text stays text where a string (or any type) is wanted, decimal
 * numbers ("007", "2e3") are numbers where a number is, arrays are comma-separated, and a
 * `content` header is JSON text (integers of any size). */
static void test_header_types(void **state) {
  write_file("headers.yaml",
             "openapi: 3.1.0\n"
             "info: {title: headers, version: '1'}\n"
             "paths:\n"
             "  /h:\n"
             "    get:\n"
             "      responses:\n"
             "        '200':\n"
             "          description: typed headers\n"
             "          headers:\n"
             "            X-Code: {schema: {type: string, maxLength: 4}}\n"
             "            X-Count: {schema: {allOf: [{$ref: '#/components/schemas/Count'}]}}\n"
             "            X-Any: {schema: {maxLength: 3}}\n"
             "            X-Ids: {schema: {type: array, items: {type: integer}}}\n"
             "  /j:\n"
             "    get:\n"
             "      responses:\n"
             "        '200':\n"
             "          description: a JSON header\n"
             "          headers:\n"
             "            X-Json:\n"
             "              content:\n"
             "                application/json:\n"
             "                  schema: {type: object, required: [n], properties: {n: {type: "
             "integer, minimum: 1}}}\n"
             "components:\n"
             "  schemas:\n"
             "    Count: {type: integer, minimum: 1}\n");
  sbuf_t err = SBUF_INIT;
  openapi_doc_t *doc = openapi_load("headers.yaml", &err);
  if (!doc) fail_msg("%s", sbuf_cstr(&err));
  headers_t ok = {{"X-Code", "X-Count", "X-Any", "X-Ids"}, {"123", "007", "abc", "1,2,3"}};
  EXPECT(1, "", doc, "GET", "/h", 200, NULL, NULL, &ok);
  headers_t ok2 = {{"X-Code", "X-Count", "X-Any", "X-Ids"}, {"true", "2e3", "12", "4"}};
  EXPECT(1, "", doc, "GET", "/h", 200, NULL, NULL, &ok2);
  /* a string schema's own keywords judge the text, not a number read from it */
  headers_t long_code = {{"X-Code"}, {"12345"}};
  EXPECT(0,
         "GET /h (response '200') does not satisfy headers.yaml:\n"
         "  - header X-Code must NOT have more than 4 characters",
         doc, "GET", "/h", 200, NULL, NULL, &long_code);
  /* a schema without a type reads text: "1234" is too long, not a number */
  headers_t long_any = {{"X-Any"}, {"1234"}};
  EXPECT(0, "header X-Any must NOT have more than 3 characters", doc, "GET", "/h", 200, NULL, NULL,
         &long_any);
  /* only decimal numbers, as for parameters */
  headers_t hex = {{"X-Count"}, {"0x10"}};
  EXPECT(0, "header X-Count must be integer", doc, "GET", "/h", 200, NULL, NULL, &hex);
  headers_t zero = {{"X-Count"}, {"000"}};
  EXPECT(0, "header X-Count must be >= 1", doc, "GET", "/h", 200, NULL, NULL, &zero);
  headers_t huge = {{"X-Count"}, {"1e999"}};
  EXPECT(0, "header X-Count is too large a number to check", doc, "GET", "/h", 200, NULL, NULL,
         &huge);
  headers_t ids = {{"X-Ids"}, {"1,x"}};
  EXPECT(0, "header X-Ids /1 must be integer", doc, "GET", "/h", 200, NULL, NULL, &ids);
  /* content: JSON text, an integer beyond 64 bits still a number */
  headers_t json = {{"X-Json"}, {"{\"n\": 123456789012345678901234567890}"}};
  EXPECT(1, "", doc, "GET", "/j", 200, NULL, NULL, &json);
  headers_t json_bad = {{"X-Json"}, {"{\"n\": -123456789012345678901234567890}"}};
  EXPECT(0, "header X-Json /n must be >= 1", doc, "GET", "/j", 200, NULL, NULL, &json_bad);
  headers_t json_empty = {{"X-Json"}, {"{}"}};
  EXPECT(0, "header X-Json must have required property 'n'", doc, "GET", "/j", 200, NULL, NULL,
         &json_empty);
  openapi_free(doc);
  sbuf_free(&err);
}

/* A broken document is one error naming the file and the pointer (or line). */
static void expect_load_error(const char *file, const char *text, const char *want) {
  write_file(file, text);
  sbuf_t err = SBUF_INIT;
  openapi_doc_t *doc = openapi_load(file, &err);
  if (doc) fail_msg("%s loaded, expected: %s", file, want);
  if (strncmp(sbuf_cstr(&err), want, strlen(want)) != 0)
    fail_msg("got:  %s\nwant: %s", sbuf_cstr(&err), want);
  sbuf_free(&err);
}

static void test_invalid_documents(void **state) {
  expect_load_error(
      "e1.yaml",
      "openapi: 3.0.0\npaths:\n  /a:\n    get:\n      responses:\n        '200':\n"
      "          content: {application/json: {schema: {$ref: 'schemas.yaml#/Nope'}}}\n",
      "e1.yaml: /paths/~1a/get/responses/200/content/application~1json/schema/$ref: "
      "$ref \"schemas.yaml#/Nope\" cannot be resolved: schemas.yaml has nothing at /Nope");
  expect_load_error(
      "e2.yaml",
      "openapi: 3.0.0\npaths:\n  /a: {get: {responses: {'200': {$ref: 'missing.yaml'}}}}\n",
      "e2.yaml: /paths/~1a/get/responses/200/$ref: $ref \"missing.yaml\" cannot be "
      "resolved: missing.yaml: cannot read the API document: no such file (or not readable)");
  expect_load_error("e3.yaml", "openapi: 3.0.0\npaths:\n  /a: [\n",
                    "e3.yaml:4:1: YAML syntax error: did not find expected node content (while "
                    "parsing a flow node at line 4)");
  expect_load_error("e4.yaml", "openapi: 4.0.0\npaths: {}\n",
                    "e4.yaml: /openapi: unsupported version 4.0.0 (sonde reads OpenAPI 3.0, 3.1 "
                    "and Swagger 2.0)");
  expect_load_error("e5.yaml",
                    "openapi: 3.0.0\npaths:\n  /a: {get: {responses: {'20': {description: x}}}}\n",
                    "e5.yaml: /paths/~1a/get/responses/20: a response key must be an HTTP status "
                    "code, 1XX to 5XX or default");
  expect_load_error("e6.yaml", "openapi: 3.0.0\npaths:\n  a: {}\n",
                    "e6.yaml: /paths/a: a path must start with '/'");
  expect_load_error(
      "e7.json",
      "{\"openapi\": \"3.1.0\", \"paths\": {\"/a\": {\"get\": {\"responses\": {\"200\": "
      "{\"content\": "
      "{\"application/json\": {\"schema\": {\"type\": 5}}}}}}}}}",
      "e7.json: /paths/~1a/get/responses/200/content/application~1json/schema: invalid schema: ");
  expect_load_error("e8.json", "{\"openapi\": \"3.0.0\",\n \"paths\": {\"/a\": }}",
                    "e8.json:2:18: invalid JSON: unexpected token near '}'");
  expect_load_error("e9.yaml", "openapi: 3.0.0\npaths:\n  /a: {get: {}}\n",
                    "e9.yaml: /paths/~1a/get: an operation must have responses");
  expect_load_error("nothere.yaml", "", "nothere.yaml: the document is empty");
  /* "%00" is a valid escape of a JSON Pointer's NUL character, but no member name of a
   * document has one: it must not be cut short to name /components/responses/a */
  expect_load_error("e10.yaml",
                    "openapi: 3.0.0\npaths:\n  /a: {get: {responses: {'200': {$ref: "
                    "'#/components/responses/a%00b'}}}}\ncomponents: {responses: {a: "
                    "{description: x}}}\n",
                    "e10.yaml: /paths/~1a/get/responses/200/$ref: $ref "
                    "\"#/components/responses/a%00b\" cannot be resolved: its pointer holds a "
                    "NUL character (%00), which no member name here has");
  expect_load_error("e11.yaml",
                    "openapi: 3.0.0\npaths:\n  /a: {get: {responses: {'200': {$ref: "
                    "'#/components/responses/a%zz'}}}}\n",
                    "e11.yaml: /paths/~1a/get/responses/200/$ref: $ref "
                    "\"#/components/responses/a%zz\" cannot be resolved: bad percent-encoding");
}

/* The YAML reader through whole documents: anchors and aliases shared, the core schema's
 * scalars, tags on quoted scalars, and what JSON cannot hold refused with file:line:col. */
static void test_yaml_values(void **state) {
  write_file(
      "y1.yaml",
      "openapi: 3.0.0\n"
      "paths:\n"
      "  /a:\n"
      "    get: &op\n"
      "      responses:\n"
      "        200:\n"
      "          content:\n"
      "            application/json:\n"
      "              schema:\n"
      "                type: object\n"
      "                properties:\n"
      "                  n: {type: number, maximum: 1e3, enum: [~, 5, 1.5e2, '7', !!int '8']}\n"
      "                  b: {type: [boolean, 'null'], enum: [true, null, FALSE]}\n"
      "  /b:\n"
      "    get: *op\n");
  openapi_doc_t *doc = openapi_test_load("y1.yaml");
  EXPECT(1, "", doc, "GET", "/b", 200, "application/json", "{\"n\": 150, \"b\": false}", NULL);
  EXPECT(1, "", doc, "GET", "/a", 200, "application/json", "{\"n\": 8}", NULL);
  EXPECT(0, "body /n must be one of", doc, "GET", "/a", 200, "application/json", "{\"n\": 7}",
         NULL);
  EXPECT(0, "body /b must be one of", doc, "GET", "/b", 200, "application/json",
         "{\"b\": \"FALSE\"}", NULL);
  openapi_free(doc);
  expect_load_error(
      "y2.yaml", "openapi: 3.0.0\npaths: &p\n  /a: *p\n",
      "y2.yaml:2:8: this anchored value contains an alias to itself (JSON has no cycles)");
  expect_load_error("y3.yaml", "openapi: 3.0.0\nopenapi: 3.1.0\npaths: {}\n",
                    "y3.yaml:2:1: duplicate key \"openapi\"");
  expect_load_error("y4.yaml", "openapi: 3.0.0\npaths: {}\n---\nother: 1\n",
                    "y4.yaml:3: a second YAML document in the file");
  expect_load_error("y5.yaml", "openapi: 3.0.0\npaths:\n  [a]: 1\n",
                    "y5.yaml:3:3: a mapping key must be a scalar");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_openapi30_yaml_multifile),
      cmocka_unit_test(test_openapi31_json),
      cmocka_unit_test(test_swagger20),
      cmocka_unit_test(test_header_types),
      cmocka_unit_test(test_invalid_documents),
      cmocka_unit_test(test_yaml_values),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
