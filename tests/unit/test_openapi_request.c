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

static int setup(void **state) {
  openapi_tmp_setup(tmpdir);
  write_file("shop.yaml", kDoc31);
  write_file("search.json", kDoc30);
  write_file("pets.yaml", kDoc20);
  return 0;
}

static int teardown(void **state) { return openapi_tmp_teardown(tmpdir); }

/* Checks one request; returns the rc, the message in *msg (caller frees). */
static int check(openapi_doc_t *doc, const char *method, const char *url, const char *ct,
                 const char *body, headers_t *h, char **msg) {
  openapi_request_t rq = {method,     url, ct, body != NULL, body, body ? strlen(body) : 0,
                          get_header, h};
  openapi_result_t r;
  sbuf_t err = SBUF_INIT;
  int rc = openapi_check_request(doc, &rq, &r, &err);
  *msg = openapi_outcome(doc, rc, &r, &err);
  return rc;
}

static openapi_doc_t *load(const char *path) {
  sbuf_t err = SBUF_INIT;
  openapi_doc_t *doc = openapi_load(path, &err);
  if (!doc) fail_msg("%s", sbuf_cstr(&err));
  sbuf_free(&err);
  return doc;
}

static void test_parameters(void **state) {
  openapi_doc_t *doc = load("shop.yaml");
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
  openapi_doc_t *doc = load("shop.yaml");
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
  openapi_doc_t *doc = load("search.json");
  EXPECT(1, "", doc, "GET", "/search?page=2", NULL, NULL, NULL);
  /* 3.0's boolean exclusiveMinimum, through a $ref'd parameter */
  EXPECT(0, "query.page must be > 1", doc, "GET", "/search?page=1", NULL, NULL, NULL);
  EXPECT(0, "query.page is required", doc, "GET", "/search", NULL, NULL, NULL);
  /* an optional body may be absent; nullable */
  EXPECT(1, "", doc, "PUT", "/search", NULL, NULL, NULL);
  EXPECT(1, "", doc, "PUT", "/search", "application/json", "null", NULL);
  EXPECT(0, "body must be object,null", doc, "PUT", "/search", "application/json", "[]", NULL);
  openapi_free(doc);

  doc = load("pets.yaml");
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

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_parameters),
      cmocka_unit_test(test_body),
      cmocka_unit_test(test_v30_and_v20),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
