/* Unit tests for openapi's references beyond plain files: documents at http(s) URLs (read
 * through a fetcher, here a table of texts that counts its reads), their relative $refs
 * resolved against the URL, $refs from a file to a URL, each read once, and the one error
 * of an unreadable URL naming it and the $ref's pointer; and $refs inside OpenAPI 3.1
 * schemas that carry their own $id (relative to that $id, to an embedded resource, to its
 * own $defs, a file's root $id). Files are written to a temporary folder, the working
 * directory meanwhile. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "test_openapi_files.h"

static char tmpdir[] = "/tmp/sonde-openapi-refs-XXXXXX";

typedef struct {
  const char *url;
  const char *text; /* NULL: the server answers 404 */
  int reads;
} served_t;

static served_t served[] = {
    {"http://api.test/v1/openapi.yaml",
     "openapi: 3.1.0\n"
     "info: {title: remote, version: '1'}\n"
     "paths:\n"
     "  /pets/{id}:\n"
     "    get:\n"
     "      responses:\n"
     "        '200':\n"
     "          description: a pet\n"
     "          content:\n"
     "            application/json: {schema: {$ref: 'schemas/pet.yaml#/Pet'}}\n"
     "        '404': {$ref: '../common/errors.json#/NotFound'}\n",
     0},
    {"http://api.test/v1/schemas/pet.yaml",
     "Pet:\n"
     "  type: object\n"
     "  required: [id, tag]\n"
     "  properties:\n"
     "    id: {type: integer}\n"
     "    tag: {$ref: '#/Tag'}\n"
     "    owner: {$ref: '/v1/schemas/pet.yaml#/Pet'}\n"
     "Tag: {type: string, minLength: 2}\n",
     0},
    {"http://api.test/common/errors.json",
     "{\"NotFound\": {\"description\": \"none\", \"content\": {\"application/json\": "
     "{\"schema\": {\"type\": \"object\", \"required\": [\"message\"]}}}}}",
     0},
    {"http://api.test/v1/gone.yaml", NULL, 0},
    {"http://api.test/v1/html", "<!doctype html><p>not a document</p>", 0},
    {"http://api.test/v1/to-file.yaml",
     "openapi: 3.1.0\n"
     "info: {title: to a file, version: '1'}\n"
     "paths:\n"
     "  /x:\n"
     "    get:\n"
     "      responses:\n"
     "        '200': {description: x, content: {application/json: {schema: {$ref: "
     "'file:///etc/passwd#/X'}}}}\n",
     0},
};

static char *fetch(void *ud, const char *url, size_t *len, sbuf_t *err) {
  (void)ud;
  for (size_t i = 0; i < sizeof served / sizeof *served; i++) {
    if (strcmp(served[i].url, url) != 0) continue;
    served[i].reads++;
    if (!served[i].text) break;
    *len = strlen(served[i].text);
    return strdup(served[i].text);
  }
  sbuf_puts(err, "the server answered HTTP 404 Not Found");
  return NULL;
}

static int reads_of(const char *url) {
  for (size_t i = 0; i < sizeof served / sizeof *served; i++)
    if (strcmp(served[i].url, url) == 0) return served[i].reads;
  return -1;
}

static int setup(void **state) {
  openapi_tmp_setup(tmpdir);
  openapi_set_fetcher(fetch, NULL);
  return 0;
}

static int teardown(void **state) { return openapi_tmp_teardown(tmpdir); }

/* Checks a GET response with a JSON body; returns the rc, the message in *msg. */
static int check(openapi_doc_t *doc, const char *url, int status, const char *body, char **msg) {
  json_t *b = json_loads(body, JSON_DECODE_ANY, NULL);
  assert_non_null(b);
  openapi_exchange_t ex = {"GET", url, status, "application/json", true, b, NULL, NULL};
  openapi_result_t r;
  sbuf_t err = SBUF_INIT;
  int rc = openapi_check(doc, &ex, &r, &err);
  *msg = openapi_outcome(doc, rc, &r, &err);
  json_decref(b);
  return rc;
}

static void test_document_at_url(void **state) {
  sbuf_t err = SBUF_INIT;
  openapi_doc_t *doc = openapi_load("http://api.test/v1/openapi.yaml#/ignored", &err);
  if (!doc) fail_msg("%s", sbuf_cstr(&err));
  assert_string_equal(openapi_name(doc), "http://api.test/v1/openapi.yaml");
  /* relative, parent-relative and absolute-path $refs, a cycle through the URL: each read once */
  assert_int_equal(reads_of("http://api.test/v1/openapi.yaml"), 1);
  assert_int_equal(reads_of("http://api.test/v1/schemas/pet.yaml"), 1);
  assert_int_equal(reads_of("http://api.test/common/errors.json"), 1);
  EXPECT(1, "", doc, "/pets/1", 200,
         "{\"id\": 1, \"tag\": \"ab\", \"owner\": {\"id\": 2, \"tag\": \"cd\"}}");
  EXPECT(0, "body /owner/tag must NOT have fewer than 2 characters", doc, "/pets/1", 200,
         "{\"id\": 1, \"tag\": \"ab\", \"owner\": {\"id\": 2, \"tag\": \"c\"}}");
  EXPECT(0,
         "GET /pets/{id} (response '404') does not satisfy http://api.test/v1/openapi.yaml:\n"
         "  - body must have required property 'message'",
         doc, "/pets/1", 404, "{}");
  openapi_free(doc);
  sbuf_free(&err);
}

static void test_file_refers_to_url(void **state) {
  write_file("local.yaml",
             "openapi: 3.1.0\n"
             "info: {title: local, version: '1'}\n"
             "paths:\n"
             "  /pets/{id}:\n"
             "    get:\n"
             "      responses:\n"
             "        '200':\n"
             "          description: a pet\n"
             "          content:\n"
             "            application/json:\n"
             "              schema: {$ref: 'http://api.test/v1/schemas/pet.yaml#/Pet'}\n");
  int before = reads_of("http://api.test/v1/schemas/pet.yaml");
  sbuf_t err = SBUF_INIT;
  openapi_doc_t *doc = openapi_load("local.yaml", &err);
  if (!doc) fail_msg("%s", sbuf_cstr(&err));
  assert_int_equal(reads_of("http://api.test/v1/schemas/pet.yaml"), before + 1);
  EXPECT(0, "body must have required property 'tag'", doc, "/pets/1", 200, "{\"id\": 1}");
  openapi_free(doc);
  sbuf_free(&err);
}

/* Loads `where`, which must fail with exactly `want`. */
static void expect_load_error(const char *where, const char *want) {
  sbuf_t err = SBUF_INIT;
  openapi_doc_t *doc = openapi_load(where, &err);
  if (doc) fail_msg("%s loaded; want: %s", where, want);
  if (strcmp(sbuf_cstr(&err), want) != 0) fail_msg("got:  %s\nwant: %s", sbuf_cstr(&err), want);
  sbuf_free(&err);
}

static void test_url_errors(void **state) {
  expect_load_error("http://api.test/v1/gone.yaml",
                    "http://api.test/v1/gone.yaml: cannot read the API document: the server "
                    "answered HTTP 404 Not Found");
  expect_load_error("https://api.test/nothing-here.json",
                    "https://api.test/nothing-here.json: cannot read the API document: the "
                    "server answered HTTP 404 Not Found");
  expect_load_error("http://api.test/v1/html",
                    "http://api.test/v1/html: (root): an API document "
                    "must be an object (with \"openapi\" or \"swagger\")");
  expect_load_error("http://api.test/v1/to-file.yaml",
                    "http://api.test/v1/to-file.yaml: "
                    "/paths/~1x/get/responses/200/content/application~1json/schema/$ref: $ref "
                    "\"file:///etc/passwd#/X\" cannot be resolved: a document read from a URL "
                    "cannot refer to a file (file:///etc/passwd)");
  write_file("broken-url-ref.yaml",
             "openapi: 3.0.3\n"
             "info: {title: broken, version: '1'}\n"
             "paths:\n"
             "  /x:\n"
             "    get:\n"
             "      responses:\n"
             "        '200': {$ref: 'http://api.test/v1/gone.yaml#/Ok'}\n");
  expect_load_error("broken-url-ref.yaml",
                    "broken-url-ref.yaml: /paths/~1x/get/responses/200/$ref: $ref "
                    "\"http://api.test/v1/gone.yaml#/Ok\" cannot be resolved: "
                    "http://api.test/v1/gone.yaml: cannot read the API document: the server "
                    "answered HTTP 404 Not Found");
  /* without a fetcher nothing at a URL is read */
  openapi_set_fetcher(NULL, NULL);
  expect_load_error("http://api.test/v1/openapi.yaml",
                    "http://api.test/v1/openapi.yaml: cannot read the API document: documents "
                    "at URLs are not read here");
  openapi_set_fetcher(fetch, NULL);
}

/* 3.1: a schema with its own $id is a schema resource; its $refs resolve against that $id
 * (the validator's business: the loader must leave them be). */
static void test_schemas_with_own_id(void **state) {
  write_file("ids.yaml",
             "openapi: 3.1.0\n"
             "info: {title: ids, version: '1'}\n"
             "paths:\n"
             "  /pets/{id}:\n"
             "    get:\n"
             "      responses:\n"
             "        '200':\n"
             "          description: a pet\n"
             "          content:\n"
             "            application/json: {schema: {$ref: '#/components/schemas/Pet'}}\n"
             "  /tags:\n"
             "    get:\n"
             "      responses:\n"
             "        '200':\n"
             "          description: tags\n"
             "          content:\n"
             "            application/json: {schema: {$ref: 'https://schemas.test/tags'}}\n"
             "  /owners/{id}:\n"
             "    get:\n"
             /* a parameter whose schema is given by its $id: read as that schema's type */
             "      parameters: [{name: id, in: path, required: true, schema: {$ref: "
             "'https://schemas.test/id'}}]\n"
             "      responses:\n"
             "        '200':\n"
             "          description: an owner\n"
             "          content:\n"
             "            application/json: {schema: {$ref: 'models/owner'}}\n"
             "components:\n"
             "  schemas:\n"
             "    Pet:\n"
             "      $id: https://schemas.test/pet\n"
             "      type: object\n"
             "      required: [id, tag]\n"
             "      properties:\n"
             "        id: {type: integer}\n"
             /* relative to the $id: https://schemas.test/tag, another resource */
             "        tag: {$ref: tag}\n"
             /* the fragment is the resource's own, not the document's */
             "        size: {$ref: '#/$defs/size'}\n"
             "      $defs:\n"
             "        size: {enum: [small, large]}\n"
             "    Id: {$id: 'https://schemas.test/id', type: integer, minimum: 1}\n"
             "    Tag:\n"
             "      $id: https://schemas.test/tag\n"
             "      type: string\n"
             "      pattern: '^[a-z]+$'\n"
             "    Tags:\n"
             "      $id: https://schemas.test/tags\n"
             "      type: array\n"
             "      items: {$ref: tag}\n"
             "    Owner:\n"
             /* a relative $id: resolved against the file's own URI */
             "      $id: models/owner\n"
             "      type: object\n"
             "      properties:\n"
             "        pets: {type: array, items: {$ref: 'https://schemas.test/pet'}}\n"
             "        anchor: {$ref: '#named'}\n"
             "      $defs:\n"
             "        named: {$anchor: named, type: boolean}\n"
             /* an $id that is only a fragment names no resource of its own */
             "    Odd: {$id: '#odd', type: string}\n");
  sbuf_t err = SBUF_INIT;
  openapi_doc_t *doc = openapi_load("ids.yaml", &err);
  if (!doc) fail_msg("%s", sbuf_cstr(&err));
  EXPECT(1, "", doc, "/pets/1", 200, "{\"id\": 1, \"tag\": \"cat\", \"size\": \"small\"}");
  EXPECT(0, "body /tag must match pattern \"^[a-z]+$\"", doc, "/pets/1", 200,
         "{\"id\": 1, \"tag\": \"Cat\"}");
  EXPECT(0, "body /size must be one of: small, large", doc, "/pets/1", 200,
         "{\"id\": 1, \"tag\": \"cat\", \"size\": \"huge\"}");
  EXPECT(1, "", doc, "/tags", 200, "[\"a\", \"b\"]");
  EXPECT(0, "body /1 must match pattern", doc, "/tags", 200, "[\"a\", \"B\"]");
  EXPECT(1, "", doc, "/owners/1", 200,
         "{\"pets\": [{\"id\": 1, \"tag\": \"dog\"}], \"anchor\": true}");
  EXPECT(0, "body /pets/0/tag must match pattern", doc, "/owners/1", 200,
         "{\"pets\": [{\"id\": 1, \"tag\": \"D\"}]}");
  EXPECT(0, "body /anchor must be boolean", doc, "/owners/1", 200, "{\"anchor\": 1}");
  openapi_request_t rq = {"GET", "/owners/7", NULL, false, NULL, 0, NULL, NULL};
  openapi_result_t rr;
  assert_int_equal(openapi_check_request(doc, &rq, &rr, &err), 1);
  openapi_result_free(&rr);
  rq.url = "/owners/0";
  assert_int_equal(openapi_check_request(doc, &rq, &rr, &err), 0);
  assert_string_equal(rr.problems.items[0], "path.id must be >= 1");
  openapi_result_free(&rr);
  /* components.schemas by name reach the same resources */
  json_t *v = json_pack("{sisssi}", "id", 1, "tag", "x1", "size", 3);
  openapi_result_t r;
  assert_int_equal(openapi_check_schema(doc, "Pet", v, &r, &err), 0);
  assert_int_equal(r.problems.len, 2);
  openapi_result_free(&r);
  json_decref(v);
  openapi_free(doc);
  sbuf_free(&err);
}

/* 3.1: a $ref to another file whose root schema carries its own $id: that file's $refs
 * resolve against the $id, and a fragment of it names the file's own $defs (the loader
 * must neither crash on them nor try to read the $id's URL). */
static void test_file_with_root_id(void **state) {
  write_file("root-id.yaml",
             "openapi: 3.1.0\n"
             "info: {title: root id, version: '1'}\n"
             "paths:\n"
             "  /pets/{id}:\n"
             "    get:\n"
             "      responses:\n"
             "        '200':\n"
             "          description: a pet\n"
             "          content:\n"
             "            application/json: {schema: {$ref: pet.json}}\n");
  write_file("pet.json",
             "{\"$id\": \"https://example.com/pet\", \"type\": \"object\", \"required\": "
             "[\"id\", \"tag\"], \"properties\": {\"id\": {\"type\": \"integer\"}, \"tag\": "
             "{\"$ref\": \"#/$defs/tag\"}}, \"$defs\": {\"tag\": {\"type\": \"string\", "
             "\"minLength\": 2}}}");
  sbuf_t err = SBUF_INIT;
  openapi_doc_t *doc = openapi_load("root-id.yaml", &err);
  if (!doc) fail_msg("%s", sbuf_cstr(&err));
  EXPECT(1, "", doc, "/pets/1", 200, "{\"id\": 1, \"tag\": \"ab\"}");
  EXPECT(0, "body /tag must NOT have fewer than 2 characters", doc, "/pets/1", 200,
         "{\"id\": 1, \"tag\": \"a\"}");
  EXPECT(0, "body must have required property 'tag'", doc, "/pets/1", 200, "{\"id\": 1}");
  openapi_free(doc);
  sbuf_free(&err);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_document_at_url),   cmocka_unit_test(test_file_refers_to_url),
      cmocka_unit_test(test_url_errors),        cmocka_unit_test(test_schemas_with_own_id),
      cmocka_unit_test(test_file_with_root_id),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
