/* Unit tests for openapi's request checks (apiRunner.openapi.validateRequests): path
 * parameters taken by the template, query parameters (required, typed from their text,
 * arrays from repeated names or commas), headers (required; Accept, Content-Type and
 * Authorization ignored as the specification says), parameters of the path item
 * overridden by the operation's and given by $ref, and the body (required, its content
 * type declared, its value against the schema, errors by location); OpenAPI 3.1, 3.0 and
 * Swagger 2.0 documents. Files are written to a temporary folder, the working directory
 * meanwhile. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "test_openapi_files.h"

static char tmpdir[] = "/tmp/sonde-openapi-request-XXXXXX";

static const char kDoc31[] =
    "openapi: 3.1.0\n"
    "info: {title: shop, version: '1'}\n"
    "servers: [{url: /api}]\n"
    "paths:\n"
    "  /users/{id}:\n"
    "    parameters:\n"
    "      - {name: id, in: path, required: true, schema: {type: string}}\n"
    "      - {name: X-Api-Key, in: header, required: true, schema: {type: string, minLength: 3}}\n"
    "    get:\n"
    "      parameters:\n"
    "        - {name: id, in: path, required: true, schema: {type: integer, minimum: 1}}\n"
    "        - {name: limit, in: query, required: true, schema: {type: integer, maximum: 50}}\n"
    "        - {name: tags, in: query, schema: {type: array, items: {type: integer}}}\n"
    "        - {name: ids, in: query, explode: false, schema: {type: array, items: {type: "
    "integer}}}\n"
    "        - {name: flag, in: query, schema: {type: boolean}}\n"
    "        - {name: Accept, in: header, required: true, schema: {const: never}}\n"
    "        - {name: filter, in: query, content: {application/json: {schema: {type: object, "
    "required: [q]}}}}\n"
    "      responses: {'200': {description: a user}}\n"
    "  /users:\n"
    "    post:\n"
    "      requestBody:\n"
    "        required: true\n"
    "        content:\n"
    "          application/json:\n"
    "            schema:\n"
    "              type: object\n"
    "              required: [items]\n"
    "              properties:\n"
    "                items:\n"
    "                  type: array\n"
    "                  items: {$ref: '#/components/schemas/Item'}\n"
    "          text/plain: {schema: {type: string, maxLength: 3}}\n"
    "      responses: {'201': {description: created}}\n"
    "components:\n"
    "  schemas:\n"
    "    Item: {type: object, required: [id], properties: {id: {type: integer}}}\n";

static const char kDoc30[] =
    "{\"openapi\": \"3.0.3\", \"info\": {\"title\": \"t\", \"version\": \"1\"},\n"
    " \"paths\": {\"/search\": {\"get\": {\n"
    "   \"parameters\": [{\"$ref\": \"#/components/parameters/Page\"}],\n"
    "   \"responses\": {\"200\": {\"description\": \"ok\"}}},\n"
    "  \"put\": {\"requestBody\": {\"content\": {\"application/json\": {\"schema\": "
    "{\"type\": \"object\", \"nullable\": true}}}},\n"
    "   \"responses\": {\"200\": {\"description\": \"ok\"}}}}},\n"
    " \"components\": {\"parameters\": {\"Page\": {\"name\": \"page\", \"in\": \"query\", "
    "\"required\": true, \"schema\": {\"type\": \"integer\", \"minimum\": 1, "
    "\"exclusiveMinimum\": true}}}}}\n";

static const char kDoc20[] =
    "swagger: '2.0'\n"
    "info: {title: t, version: '1'}\n"
    "basePath: /v2\n"
    "consumes: [application/json]\n"
    "paths:\n"
    "  /pets:\n"
    "    post:\n"
    "      parameters:\n"
    "        - {name: dry, in: query, required: true, type: boolean}\n"
    "        - {name: ids, in: query, type: array, items: {type: integer}, collectionFormat: "
    "multi}\n"
    "        - {name: pet, in: body, required: true, schema: {$ref: '#/definitions/Pet'}}\n"
    "      responses: {'200': {description: ok}}\n"
    "definitions:\n"
    "  Pet: {type: object, required: [name], properties: {name: {type: string}}}\n";

/* Parameters whose types only the compiled schema knows ($ref into an $id resource,
 * allOf, enum, anyOf), a template with two {params} in one segment, huge numbers, JSON
 * media types as the api client reads them, and cookies. */
static const char kDocEdge[] =
    "openapi: 3.1.0\n"
    "info: {title: edge, version: '1'}\n"
    "paths:\n"
    "  /items:\n"
    "    get:\n"
    "      parameters:\n"
    "        - {name: a, in: query, schema: {allOf: [{$ref: '#/components/schemas/Count'}]}}\n"
    "        - {name: b, in: query, schema: {$ref: 'https://edge.test/page'}}\n"
    "        - {name: c, in: query, schema: {enum: [1, 2]}}\n"
    "        - {name: d, in: query, schema: {anyOf: [{type: integer}, {type: boolean}]}}\n"
    "        - {name: e, in: query, schema: {type: array, items: {$ref: "
    "'https://edge.test/page'}}}\n"
    "        - {name: big, in: query, schema: {type: integer}}\n"
    "        - {name: small, in: query, schema: {type: integer, maximum: 50}}\n"
    "        - {name: f, in: query, content: {text/json: {schema: {type: object, required: "
    "[q]}}}}\n"
    "        - {name: g, in: query, content: {application/json: {schema: {properties: {n: {type: "
    "integer, minimum: 1}, m: {const: 9007199254740993}}}}}}\n"
    "        - {name: session, in: cookie, required: true, schema: {type: string, pattern: "
    "'^s-'}}\n"
    "        - {name: n, in: cookie, schema: {type: integer}}\n"
    "      responses: {'200': {description: ok}}\n"
    "  /f/{name}.{ext}:\n"
    "    get:\n"
    "      parameters:\n"
    "        - {name: name, in: path, required: true, schema: {type: string, pattern: "
    "'^a\\.tar$'}}\n"
    "        - {name: ext, in: path, required: true, schema: {enum: [gz]}}\n"
    "      responses: {'200': {description: ok}}\n"
    "  /doc:\n"
    "    put:\n"
    "      requestBody: {content: {text/json: {schema: {type: object, properties: {n: {type: "
    "integer}}}}}}\n"
    "      responses: {'200': {description: ok}}\n"
    "components:\n"
    "  schemas:\n"
    "    Count: {$id: 'https://edge.test/count', type: integer, minimum: 1}\n"
    "    Page: {$id: 'https://edge.test/page', $ref: count}\n";

/* Swagger 2.0: a body parameter on the path item and on the operation (the operation's
 * replaces it). */
static const char kDoc20Body[] =
    "swagger: '2.0'\n"
    "info: {title: t, version: '1'}\n"
    "consumes: [application/json]\n"
    "paths:\n"
    "  /notes:\n"
    "    parameters: [{name: note, in: body, schema: {type: string}}]\n"
    "    post:\n"
    "      parameters: [{name: note, in: body, required: true, schema: {type: object}}]\n"
    "      responses: {'200': {description: ok}}\n"
    "    put:\n"
    "      responses: {'200': {description: ok}}\n";

static int setup(void **state) {
  openapi_tmp_setup(tmpdir);
  write_file("shop.yaml", kDoc31);
  write_file("search.json", kDoc30);
  write_file("pets.yaml", kDoc20);
  write_file("edge.yaml", kDocEdge);
  write_file("notes.yaml", kDoc20Body);
  return 0;
}

static int teardown(void **state) { return openapi_tmp_teardown(tmpdir); }

/* Checks one request; returns the rc, the message in *msg (caller frees). */
static int check(openapi_doc_t *doc, const char *method, const char *url, const char *ct,
                 const char *body, headers_t *h, char **msg) {
  return openapi_test_request(doc, method, url, ct, body, h, msg);
}

static void test_parameters(void **state) {
  openapi_doc_t *doc = openapi_test_load("shop.yaml");
  headers_t key = {{"x-api-key"}, {"abcd"}};
  EXPECT(1, "", doc, "GET", "http://h/api/users/7?limit=10", NULL, NULL, &key);
  EXPECT(1, "", doc, "get", "/api/users/7?limit=10&tags=1&tags=2&ids=3,4&flag=true", NULL, NULL,
         &key);
  EXPECT(0,
         "The request to GET /users/{id} does not satisfy shop.yaml:\n"
         "  - path.id must be integer\n"
         "  - query.limit is required, but the request has none\n"
         "  - header.X-Api-Key is required, but the request has none",
         doc, "GET", "/api/users/abc", NULL, NULL, NULL);
  EXPECT(0, "path.id must be >= 1", doc, "GET", "/api/users/0?limit=1", NULL, NULL, &key);
  EXPECT(0, "query.limit must be integer", doc, "GET", "/api/users/1?limit=ten", NULL, NULL, &key);
  EXPECT(0, "query.limit must be <= 50", doc, "GET", "/api/users/1?limit=51", NULL, NULL, &key);
  EXPECT(0, "query.tags/1 must be integer", doc, "GET", "/api/users/1?limit=1&tags=1&tags=x", NULL,
         NULL, &key);
  EXPECT(0, "query.ids/0 must be integer", doc, "GET", "/api/users/1?limit=1&ids=a%2Cb", NULL, NULL,
         &key);
  EXPECT(0, "query.flag must be boolean", doc, "GET", "/api/users/1?limit=1&flag=yes", NULL, NULL,
         &key);
  EXPECT(0, "query.filter must have required property 'q'", doc, "GET",
         "/api/users/1?limit=1&filter=%7B%7D", NULL, NULL, &key);
  EXPECT(1, "", doc, "GET", "/api/users/1?limit=1&filter=%7B%22q%22%3A1%7D", NULL, NULL, &key);
  headers_t short_key = {{"X-API-KEY"}, {"ab"}};
  EXPECT(0, "header.X-Api-Key must NOT have fewer than 3 characters", doc, "GET",
         "/api/users/1?limit=1", NULL, NULL, &short_key);
  /* no operation */
  EXPECT(0,
         "The request matches no operation of shop.yaml:\n  - no path of shop.yaml matches GET "
         "/api/nope",
         doc, "GET", "/api/nope", NULL, NULL, NULL);
  EXPECT(0, "shop.yaml declares no DELETE operation on /users/{id}", doc, "DELETE", "/api/users/1",
         NULL, NULL, NULL);
  /* requests are not counted for coverage */
  assert_false(openapi_coverage_touched(doc));
  openapi_free(doc);
}

static void test_body(void **state) {
  openapi_doc_t *doc = openapi_test_load("shop.yaml");
  EXPECT(1, "", doc, "POST", "/api/users", "application/json; charset=utf-8",
         "{\"items\": [{\"id\": 1}]}", NULL);
  EXPECT(0,
         "The request to POST /users does not satisfy shop.yaml:\n"
         "  - body/items/0/id must be integer",
         doc, "POST", "/api/users", "application/json", "{\"items\": [{\"id\": \"1\"}]}", NULL);
  EXPECT(0, "body must have required property 'items'", doc, "POST", "/api/users",
         "application/json", "{}", NULL);
  EXPECT(0, "body is required, but the request has none", doc, "POST", "/api/users", NULL, NULL,
         NULL);
  EXPECT(0, "body is not valid JSON", doc, "POST", "/api/users", "application/json", "{nope", NULL);
  EXPECT(1, "", doc, "POST", "/api/users", "text/plain", "abc", NULL);
  EXPECT(0, "body must NOT have more than 3 characters", doc, "POST", "/api/users", "text/plain",
         "abcd", NULL);
  EXPECT(0,
         "content type application/xml is not declared for the request body; it declares "
         "application/json, text/plain",
         doc, "POST", "/api/users", "application/xml", "<a/>", NULL);
  openapi_free(doc);
}

static void test_v30_and_v20(void **state) {
  openapi_doc_t *doc = openapi_test_load("search.json");
  EXPECT(1, "", doc, "GET", "/search?page=2", NULL, NULL, NULL);
  /* 3.0's boolean exclusiveMinimum, through a $ref'd parameter */
  EXPECT(0, "query.page must be > 1", doc, "GET", "/search?page=1", NULL, NULL, NULL);
  EXPECT(0, "query.page is required", doc, "GET", "/search", NULL, NULL, NULL);
  /* an optional body may be absent; nullable */
  EXPECT(1, "", doc, "PUT", "/search", NULL, NULL, NULL);
  EXPECT(1, "", doc, "PUT", "/search", "application/json", "null", NULL);
  EXPECT(0, "body must be object,null", doc, "PUT", "/search", "application/json", "[]", NULL);
  openapi_free(doc);

  doc = openapi_test_load("pets.yaml");
  EXPECT(1, "", doc, "POST", "/v2/pets?dry=false&ids=1&ids=2", "application/json",
         "{\"name\": \"Rex\"}", NULL);
  EXPECT(0, "query.dry must be boolean", doc, "POST", "/v2/pets?dry=0", "application/json",
         "{\"name\": \"Rex\"}", NULL);
  EXPECT(0, "query.ids/1 must be integer", doc, "POST", "/v2/pets?dry=true&ids=1&ids=b",
         "application/json", "{\"name\": \"Rex\"}", NULL);
  EXPECT(0, "body must have required property 'name'", doc, "POST", "/v2/pets?dry=true",
         "application/json", "{}", NULL);
  EXPECT(0, "body is required", doc, "POST", "/v2/pets?dry=true", NULL, NULL, NULL);
  openapi_free(doc);
}

static void test_types_from_the_schema(void **state) {
  openapi_doc_t *doc = openapi_test_load("edge.yaml");
  headers_t c = {{"Cookie"}, {"session=s-1"}};
  EXPECT(1, "", doc, "GET", "/items?a=5&b=7&c=2&d=3&e=1&e=2", NULL, NULL, &c);
  EXPECT(1, "", doc, "GET", "/items?d=true", NULL, NULL, &c);
  EXPECT(0, "query.a must be >= 1", doc, "GET", "/items?a=0", NULL, NULL, &c);
  EXPECT(0, "query.a must be integer", doc, "GET", "/items?a=x", NULL, NULL, &c);
  EXPECT(0, "query.b must be integer", doc, "GET", "/items?b=1.5", NULL, NULL, &c);
  EXPECT(0, "query.c must be one of: 1, 2", doc, "GET", "/items?c=3", NULL, NULL, &c);
  EXPECT(0, "query.e/1 must be integer", doc, "GET", "/items?e=1&e=x", NULL, NULL, &c);
  openapi_free(doc);
}

static void test_template_captures(void **state) {
  openapi_doc_t *doc = openapi_test_load("edge.yaml");
  /* {name} takes as much as the rest of the template allows, as the operation matched */
  EXPECT(1, "", doc, "GET", "/f/a.tar.gz", NULL, NULL, NULL);
  EXPECT(0, "path.ext must be one of: gz", doc, "GET", "/f/a.tar.zip", NULL, NULL, NULL);
  EXPECT(0, "path.name must match pattern", doc, "GET", "/f/b.gz", NULL, NULL, NULL);
  /* a path parameter is percent-decoded */
  EXPECT(1, "", doc, "GET", "/f/a%2Etar.gz", NULL, NULL, NULL);
  openapi_free(doc);
}

static void test_numbers(void **state) {
  openapi_doc_t *doc = openapi_test_load("edge.yaml");
  headers_t c = {{"Cookie"}, {"session=s-1"}};
  /* beyond 64 bits an integer is still one (a JSON number with no fraction) */
  EXPECT(1, "", doc, "GET", "/items?big=123456789012345678901234567890", NULL, NULL, &c);
  EXPECT(1, "", doc, "GET", "/items?big=-99999999999999999999", NULL, NULL, &c);
  EXPECT(0, "query.small must be <= 50", doc, "GET", "/items?small=123456789012345678901234", NULL,
         NULL, &c);
  EXPECT(0, "query.big is too large a number to check", doc, "GET", "/items?big=1e999", NULL, NULL,
         &c);
  /* only decimal numbers: not strtod's hex, infinity or nan */
  EXPECT(0, "query.big must be integer", doc, "GET", "/items?big=0x10", NULL, NULL, &c);
  EXPECT(0, "query.big must be integer", doc, "GET", "/items?big=nan", NULL, NULL, &c);
  EXPECT(0, "query.big must be integer", doc, "GET", "/items?big=inf", NULL, NULL, &c);
  EXPECT(0, "query.big must be integer", doc, "GET", "/items?big=1.5", NULL, NULL, &c);
  EXPECT(1, "", doc, "GET", "/items?big=2e3&small=-7", NULL, NULL, &c);
  openapi_free(doc);
}

static void test_json_media(void **state) {
  openapi_doc_t *doc = openapi_test_load("edge.yaml");
  headers_t c = {{"Cookie"}, {"session=s-1"}};
  /* text/json is JSON, as the api client reads it */
  EXPECT(1, "", doc, "PUT", "/doc", "Text/JSON; charset=utf-8", "{}", NULL);
  EXPECT(0, "body must be object", doc, "PUT", "/doc", "text/json", "[]", NULL);
  EXPECT(0, "query.f must have required property 'q'", doc, "GET", "/items?f=%7B%7D", NULL, NULL,
         &c);
  /* an integer beyond 64 bits in JSON text is a number, as in a response body: not text */
  EXPECT(1, "", doc, "GET", "/items?g=%7B%22n%22%3A123456789012345678901234567890%7D", NULL, NULL,
         &c);
  EXPECT(0, "query.g/n must be >= 1", doc, "GET",
         "/items?g=%7B%22n%22%3A-123456789012345678901234567890%7D", NULL, NULL, &c);
  EXPECT(0, "query.g/n must be integer", doc, "GET", "/items?g=%7B%22n%22%3A1.5%7D", NULL, NULL,
         &c);
  /* without one, integers keep their 64 bits: 2^53 + 1 is not 2^53 */
  EXPECT(1, "", doc, "GET", "/items?g=%7B%22m%22%3A9007199254740993%7D", NULL, NULL, &c);
  EXPECT(0, "query.g/m must be equal to constant", doc, "GET",
         "/items?g=%7B%22m%22%3A9007199254740992%7D", NULL, NULL, &c);
  /* the request body the same way */
  EXPECT(1, "", doc, "PUT", "/doc", "text/json", "{\"n\": 123456789012345678901234567890}", NULL);
  EXPECT(0, "body is not valid JSON", doc, "PUT", "/doc", "text/json", "{\"n\": 1e999}", NULL);
  openapi_free(doc);
}

static void test_cookies(void **state) {
  openapi_doc_t *doc = openapi_test_load("edge.yaml");
  headers_t ok = {{"cookie"}, {"theme=dark;session=\"s-42\" ; n=7"}};
  EXPECT(1, "", doc, "GET", "/items", NULL, NULL, &ok);
  EXPECT(0, "cookie.session is required, but the request has none", doc, "GET", "/items", NULL,
         NULL, NULL);
  headers_t other = {{"Cookie"}, {"sessionid=s-1"}};
  EXPECT(0, "cookie.session is required", doc, "GET", "/items", NULL, NULL, &other);
  headers_t bad = {{"Cookie"}, {"session=x-1; n=seven"}};
  EXPECT(0,
         "  - cookie.session must match pattern \"^s-\"\n"
         "  - cookie.n must be integer",
         doc, "GET", "/items", NULL, NULL, &bad);
  /* with a cookie jar, a cookie the header does not show may still be sent */
  openapi_request_t rq = {"GET", "/items", NULL, false, NULL, 0, get_header, NULL, true};
  openapi_result_t r;
  sbuf_t err = SBUF_INIT;
  assert_int_equal(openapi_check_request(doc, &rq, &r, &err), 1);
  openapi_result_free(&r);
  rq.header_ud = &bad;
  assert_int_equal(openapi_check_request(doc, &rq, &r, &err), 0);
  openapi_result_free(&r);
  sbuf_free(&err);
  openapi_free(doc);
}

static void test_v20_body_override(void **state) {
  openapi_doc_t *doc = openapi_test_load("notes.yaml");
  EXPECT(1, "", doc, "POST", "/notes", "application/json", "{}", NULL);
  EXPECT(0, "body must be object", doc, "POST", "/notes", "application/json", "\"text\"", NULL);
  EXPECT(0, "body is required", doc, "POST", "/notes", NULL, NULL, NULL);
  /* the path item's own, where the operation declares none */
  EXPECT(1, "", doc, "PUT", "/notes", "application/json", "\"text\"", NULL);
  EXPECT(0, "body must be string", doc, "PUT", "/notes", "application/json", "{}", NULL);
  openapi_free(doc);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_parameters),        cmocka_unit_test(test_body),
      cmocka_unit_test(test_v30_and_v20),       cmocka_unit_test(test_types_from_the_schema),
      cmocka_unit_test(test_template_captures), cmocka_unit_test(test_numbers),
      cmocka_unit_test(test_json_media),        cmocka_unit_test(test_cookies),
      cmocka_unit_test(test_v20_body_override),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
