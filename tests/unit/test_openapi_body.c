/* Unit tests for openapi's body reading (src/openapi/body.c): one rule for request and
 * response bodies (JSON parsed, text types a string, binary unread), forms checked
 * against their schemas (application/x-www-form-urlencoded fields typed by their
 * properties, `encoding` honoured; multipart/form-data parts by name: text typed, JSON
 * parsed, files as strings; malformed multipart), and Swagger 2.0 formData parameters. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "test_openapi_files.h"

static char tmpdir[] = "/tmp/sonde-openapi-body-XXXXXX";

static const char kDoc[] =
    "openapi: 3.1.0\n"
    "info: {title: forms, version: '1'}\n"
    "paths:\n"
    "  /form:\n"
    "    post:\n"
    "      requestBody:\n"
    "        content:\n"
    "          application/x-www-form-urlencoded:\n"
    "            schema: {$ref: '#/components/schemas/Form'}\n"
    "            encoding: {meta: {contentType: application/json}, tags: {explode: false}}\n"
    "          multipart/form-data:\n"
    "            schema: {$ref: '#/components/schemas/Form'}\n"
    "          application/xml: {schema: {type: string, maxLength: 10}}\n"
    "          application/octet-stream: {schema: {type: string, maxLength: 1}}\n"
    "      responses:\n"
    "        '200':\n"
    "          description: ok\n"
    "          content: {application/x-www-form-urlencoded: {schema: {$ref: "
    "'#/components/schemas/Form'}}}\n"
    "components:\n"
    "  schemas:\n"
    "    Form:\n"
    "      type: object\n"
    "      required: [age]\n"
    "      properties:\n"
    "        age: {type: integer, minimum: 0}\n"
    "        zip: {anyOf: [{type: string, pattern: '^[0-9]{5}$'}, {type: integer}]}\n"
    "        tags: {type: array, items: {type: integer}}\n"
    "        ids: {type: array, items: {type: integer}}\n"
    "        meta: {type: object, required: [k]}\n"
    "        file: {type: string, maxLength: 8}\n";

static const char kDoc20[] =
    "swagger: '2.0'\n"
    "info: {title: t, version: '1'}\n"
    "paths:\n"
    "  /upload:\n"
    "    parameters:\n"
    "      - {name: note, in: formData, type: string, maxLength: 3}\n"
    "    post:\n"
    "      consumes: [multipart/form-data, application/x-www-form-urlencoded]\n"
    "      parameters:\n"
    "        - {name: size, in: formData, required: true, type: integer}\n"
    "        - {name: ids, in: formData, type: array, items: {type: integer}}\n"
    "        - {name: data, in: formData, type: file}\n"
    "      responses: {'200': {description: ok}}\n";

static int setup(void **state) {
  openapi_tmp_setup(tmpdir);
  write_file("forms.yaml", kDoc);
  write_file("forms20.yaml", kDoc20);
  return 0;
}

static int teardown(void **state) { return openapi_tmp_teardown(tmpdir); }

static int check(openapi_doc_t *doc, const char *url, const char *ct, const char *body,
                 char **msg) {
  return openapi_test_request(doc, "POST", url, ct, body, NULL, msg);
}

#define URLENC "application/x-www-form-urlencoded"
#define MULTI  "multipart/form-data; boundary=XyZ"

static void test_urlencoded(void **state) {
  openapi_doc_t *doc = openapi_test_load("forms.yaml");
  EXPECT(1, "", doc, "/form", URLENC,
         "age=3&zip=01234&tags=1,2&ids=3&ids=4&meta=%7B%22k%22%3A1%7D&file=a+b");
  EXPECT(1, "", doc, "/form", URLENC "; charset=utf-8", "age=0&zip=7");
  EXPECT(0, "body/age must be integer", doc, "/form", URLENC, "age=x");
  EXPECT(0, "body must have required property 'age'", doc, "/form", URLENC, "zip=12345");
  EXPECT(0, "body/age must be >= 0", doc, "/form", URLENC, "age=-1");
  EXPECT(0, "body/tags/1 must be integer", doc, "/form", URLENC, "age=1&tags=1,x");
  EXPECT(0, "body/ids/1 must be integer", doc, "/form", URLENC, "age=1&ids=1&ids=y");
  /* a field of one value given twice: every copy is judged, not the first alone */
  EXPECT(0, "body/age must be integer", doc, "/form", URLENC, "age=1&age=abc");
  EXPECT(0, "body/meta must have required property 'k'", doc, "/form", URLENC, "age=1&meta=%7B%7D");
  EXPECT(0, "body/file must NOT have more than 8 characters", doc, "/form", URLENC,
         "age=1&file=123456789");
  openapi_free(doc);
}

static void test_multipart(void **state) {
  openapi_doc_t *doc = openapi_test_load("forms.yaml");
  EXPECT(1, "", doc, "/form", MULTI,
         "--XyZ\r\nContent-Disposition: form-data; name=\"age\"\r\n\r\n5\r\n"
         "--XyZ\r\nContent-Disposition: form-data; name=\"meta\"\r\n"
         "Content-Type: application/json\r\n\r\n{\"k\": [1]}\r\n"
         "--XyZ\r\nContent-Disposition: form-data; name=\"ids\"\r\n\r\n1\r\n"
         "--XyZ\r\nContent-Disposition: form-data; name=\"ids\"\r\n\r\n2\r\n"
         "--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\n"
         "Content-Type: text/plain\r\n\r\n12345678\r\n--XyZ--\r\n");
  EXPECT(0, "body/age must be integer", doc, "/form", MULTI,
         "--XyZ\r\nContent-Disposition: form-data; name=\"age\"\r\n\r\nold\r\n--XyZ--\r\n");
  EXPECT(0, "body/meta must have required property 'k'", doc, "/form", MULTI,
         "--XyZ\r\nContent-Disposition: form-data; name=age\r\n\r\n1\r\n"
         "--XyZ\r\nContent-Disposition: form-data; name=\"meta\"\r\n"
         "Content-Type: application/json\r\n\r\n{}\r\n--XyZ--\r\n");
  EXPECT(0, "body/file must NOT have more than 8 characters", doc, "/form", MULTI,
         "--XyZ\r\nContent-Disposition: form-data; name=\"age\"\r\n\r\n1\r\n"
         "--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"b\"\r\n\r\n"
         "123456789\r\n--XyZ--\r\n");
  EXPECT(0, "body is not valid multipart/form-data: its Content-Type has no boundary", doc, "/form",
         "multipart/form-data", "--XyZ--\r\n");
  EXPECT(0, "body is not valid multipart/form-data: a part is cut short", doc, "/form", MULTI,
         "--XyZ\r\nContent-Disposition: form-data; name=\"age\"\r\n\r\n1");
  openapi_free(doc);
}

static void test_one_rule(void **state) {
  openapi_doc_t *doc = openapi_test_load("forms.yaml");
  /* a text type is checked as a string, as a response's is; binary only by its type */
  EXPECT(1, "", doc, "/form", "application/xml", "<a/>");
  EXPECT(0, "body must NOT have more than 10 characters", doc, "/form", "application/xml",
         "<a>long</a>");
  EXPECT(1, "", doc, "/form", "application/octet-stream", "binary bytes");
  /* a form response is read as a request's form is */
  json_t *body = json_string("age=x");
  openapi_exchange_t ex = {"POST", "/form", 200, URLENC, true, body, NULL, NULL};
  openapi_result_t r;
  sbuf_t err = SBUF_INIT;
  assert_int_equal(openapi_check(doc, &ex, &r, &err), 0);
  char *msg = openapi_outcome(doc, 0, &r, &err);
  assert_non_null(strstr(msg, "body /age must be integer"));
  free(msg);
  json_decref(body);
  body = json_string("age=2&zip=00001");
  ex.body = body;
  err = (sbuf_t)SBUF_INIT;
  assert_int_equal(openapi_check(doc, &ex, &r, &err), 1);
  openapi_result_free(&r);
  sbuf_free(&err);
  json_decref(body);
  openapi_free(doc);
}

static void test_v20_form_data(void **state) {
  openapi_doc_t *doc = openapi_test_load("forms20.yaml");
  EXPECT(1, "", doc, "/upload", URLENC, "size=3&ids=1,2&note=abc");
  EXPECT(0, "body must have required property 'size'", doc, "/upload", URLENC, "note=abc");
  EXPECT(0, "body/size must be integer", doc, "/upload", URLENC, "size=big");
  EXPECT(0, "body/ids/1 must be integer", doc, "/upload", URLENC, "size=1&ids=1,x");
  /* the path item's formData parameters too */
  EXPECT(0, "body/note must NOT have more than 3 characters", doc, "/upload", URLENC,
         "size=1&note=long");
  EXPECT(0, "body is required", doc, "/upload", NULL, NULL);
  EXPECT(1, "", doc, "/upload", MULTI,
         "--XyZ\r\nContent-Disposition: form-data; name=\"size\"\r\n\r\n10\r\n"
         "--XyZ\r\nContent-Disposition: form-data; name=\"data\"; filename=\"x.bin\"\r\n"
         "Content-Type: application/octet-stream\r\n\r\n\x01\x02\xff\r\n--XyZ--\r\n");
  EXPECT(0, "content type application/json is not declared for the request body", doc, "/upload",
         "application/json", "{}");
  openapi_free(doc);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_urlencoded),
      cmocka_unit_test(test_multipart),
      cmocka_unit_test(test_one_rule),
      cmocka_unit_test(test_v20_form_data),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
