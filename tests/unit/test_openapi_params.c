/* Unit tests for how openapi reads a parameter's text (src/openapi/params.c): schemas that
 * allow a string beside a number or boolean (either reading passes), array cookies as
 * clients send them, header lists with blanks after their commas, and the styles of the
 * OpenAPI 3 serialisation table (spaceDelimited, pipeDelimited, label, matrix, form and
 * simple objects, deepObject), with 2.0's collectionFormat. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "test_openapi_files.h"

static char tmpdir[] = "/tmp/sonde-openapi-params-XXXXXX";

static const char kDoc[] =
    "openapi: 3.0.3\n"
    "info: {title: params, version: '1'}\n"
    "paths:\n"
    "  /echo/{ver}:\n"
    "    get:\n"
    "      parameters:\n"
    "        - {name: ver, in: path, required: true, schema: {oneOf: [{type: integer, minimum: "
    "1}, {type: string, enum: ['0', latest]}]}}\n"
    "        - {name: zip, in: query, schema: {anyOf: [{type: string, pattern: '^[0-9]{5}$'}, "
    "{type: integer, maximum: 99}]}}\n"
    "        - {name: s, in: query, schema: {type: [number, string], maxLength: 5}}\n"
    "        - {name: b, in: query, schema: {anyOf: [{type: boolean}, {type: string, enum: "
    "[maybe]}]}}\n"
    "        - {name: codes, in: query, schema: {type: array, items: {anyOf: [{type: integer, "
    "maximum: 9}, {type: string, pattern: '^0'}]}}}\n"
    "        - {name: X-Ver, in: header, schema: {anyOf: [{type: integer, minimum: 1}, {const: "
    "'00'}]}}\n"
    "        - {name: ids, in: cookie, schema: {type: array, items: {type: integer}}}\n"
    "        - {name: sid, in: cookie, schema: {type: integer}}\n"
    "        - {name: X-Ids, in: header, schema: {type: array, items: {type: integer}}}\n"
    "      responses: {'200': {description: ok}}\n"
    "  /styles/{lbl}/{mtx}/{obj}:\n"
    "    get:\n"
    "      parameters:\n"
    "        - {name: lbl, in: path, required: true, style: label, schema: {type: array, items: "
    "{type: integer}}}\n"
    "        - {name: mtx, in: path, required: true, style: matrix, explode: true, schema: "
    "{type: array, items: {type: integer}}}\n"
    "        - {name: obj, in: path, required: true, schema: {$ref: '#/components/schemas/RGB'}}\n"
    "        - {name: sp, in: query, style: spaceDelimited, explode: false, schema: {type: array, "
    "items: {type: integer}}}\n"
    "        - {name: pp, in: query, style: pipeDelimited, explode: false, schema: {type: array, "
    "items: {type: integer}}}\n"
    "        - {name: deep, in: query, style: deepObject, explode: true, schema: {$ref: "
    "'#/components/schemas/RGB'}}\n"
    "        - {name: flat, in: query, explode: false, schema: {$ref: "
    "'#/components/schemas/RGB'}}\n"
    "        - {name: X-Obj, in: header, explode: true, schema: {$ref: "
    "'#/components/schemas/RGB'}}\n"
    "      responses: {'200': {description: ok}}\n"
    "  /spread:\n"
    "    get:\n"
    "      parameters:\n"
    "        - {name: page, in: query, schema: {type: integer}}\n"
    "        - {name: color, in: query, schema: {$ref: '#/components/schemas/RGB'}}\n"
    "      responses: {'200': {description: ok}}\n"
    "components:\n"
    "  schemas:\n"
    "    RGB:\n"
    "      type: object\n"
    "      additionalProperties: false\n"
    "      properties: {R: {type: integer, maximum: 255}, G: {type: integer}, name: {type: "
    "string}}\n";

static const char kDoc20[] =
    "swagger: '2.0'\n"
    "info: {title: t, version: '1'}\n"
    "paths:\n"
    "  /c:\n"
    "    get:\n"
    "      parameters:\n"
    "        - {name: s, in: query, type: array, items: {type: integer}, collectionFormat: ssv}\n"
    "        - {name: p, in: query, type: array, items: {type: integer}, collectionFormat: pipes}\n"
    "        - {name: t, in: query, type: array, items: {type: integer}, collectionFormat: tsv}\n"
    "        - {name: c, in: query, type: array, items: {type: integer}}\n"
    "      responses: {'200': {description: ok}}\n";

static int setup(void **state) {
  openapi_tmp_setup(tmpdir);
  write_file("params.yaml", kDoc);
  write_file("params20.yaml", kDoc20);
  return 0;
}

static int teardown(void **state) { return openapi_tmp_teardown(tmpdir); }

static int check(openapi_doc_t *doc, const char *url, headers_t *h, char **msg) {
  return openapi_test_request(doc, "GET", url, NULL, NULL, h, msg);
}

static void test_string_or_number(void **state) {
  openapi_doc_t *doc = openapi_test_load("params.yaml");
  /* the text itself is the string the schema allows */
  EXPECT(1, "", doc, "/echo/0", NULL);
  EXPECT(1, "", doc, "/echo/latest", NULL);
  EXPECT(1, "", doc, "/echo/7", NULL);
  EXPECT(0, "path.ver must be >= 1", doc, "/echo/-1", NULL);
  EXPECT(1, "", doc, "/echo/1?zip=01234", NULL);
  EXPECT(1, "", doc, "/echo/1?zip=98", NULL);
  /* neither reading passes: the typed one's errors */
  EXPECT(0, "query.zip must be <= 99", doc, "/echo/1?zip=1234", NULL);
  EXPECT(1, "", doc, "/echo/1?s=1e400", NULL);
  EXPECT(1, "", doc, "/echo/1?s=12345678", NULL);
  EXPECT(0, "query.s is too large a number to check", doc, "/echo/1?s=1e4000", NULL);
  EXPECT(1, "", doc, "/echo/1?b=maybe&b=true", NULL);
  /* item by item: 12 is a number where 012 is text */
  EXPECT(1, "", doc, "/echo/1?codes=1&codes=0123&codes=2", NULL);
  EXPECT(0, "query.codes/0 must be <= 9", doc, "/echo/1?codes=12&codes=0", NULL);
  /* a header the same way */
  headers_t zero = {{"x-ver"}, {"00"}};
  EXPECT(1, "", doc, "/echo/1", &zero);
  headers_t nought = {{"x-ver"}, {"0"}};
  EXPECT(0, "header.X-Ver must be >= 1", doc, "/echo/1", &nought);
  openapi_free(doc);
}

static void test_cookie_and_header_lists(void **state) {
  openapi_doc_t *doc = openapi_test_load("params.yaml");
  headers_t commas = {{"Cookie"}, {"a=b; ids=1,2"}};
  EXPECT(1, "", doc, "/echo/1", &commas);
  headers_t form = {{"Cookie"}, {"ids=1&ids=2"}};
  EXPECT(1, "", doc, "/echo/1", &form);
  headers_t repeated = {{"Cookie"}, {"ids=1; ids=2"}};
  EXPECT(1, "", doc, "/echo/1", &repeated);
  headers_t bad = {{"Cookie"}, {"ids=1,x"}};
  EXPECT(0, "cookie.ids/1 must be integer", doc, "/echo/1", &bad);
  headers_t ows = {{"X-Ids"}, {"1, 2 ,\t3"}};
  EXPECT(1, "", doc, "/echo/1", &ows);
  headers_t bad_h = {{"X-Ids"}, {"1, two"}};
  EXPECT(0, "header.X-Ids/1 must be integer", doc, "/echo/1", &bad_h);
  /* a cookie of one value may come twice (cookies of two paths): the first is read */
  headers_t twice = {{"Cookie"}, {"sid=1; sid=x"}};
  EXPECT(1, "", doc, "/echo/1", &twice);
  openapi_free(doc);
}

/* A query parameter of one value given twice: both copies are judged, as the array a
 * server's parser hands over (the second was not checked at all). */
static void test_repeated_scalar(void **state) {
  openapi_doc_t *doc = openapi_test_load("params.yaml");
  EXPECT(1, "", doc, "/spread?page=1", NULL);
  EXPECT(0, "query.page must be integer", doc, "/spread?page=1&page=abc", NULL);
  openapi_free(doc);
}

static void test_styles(void **state) {
  openapi_doc_t *doc = openapi_test_load("params.yaml");
  EXPECT(1, "", doc, "/styles/.1,2/;mtx=3;mtx=4/R,100,G,200", NULL);
  EXPECT(0, "path.lbl/1 must be integer", doc, "/styles/.1,x/;mtx=3/R,1", NULL);
  /* the label form of the 3.0.0-3.0.3 tables, dots between the items */
  EXPECT(1, "", doc, "/styles/.3.4.5/;mtx=3/R,1", NULL);
  EXPECT(0, "path.lbl/1 must be integer", doc, "/styles/.3.x/;mtx=3/R,1", NULL);
  EXPECT(0, "path.mtx/1 must be integer", doc, "/styles/.1/;mtx=3;mtx=y/R,1", NULL);
  EXPECT(0, "path.obj/R must be <= 255", doc, "/styles/.1/;mtx=3/R,256", NULL);
  EXPECT(0, "path.obj has unexpected property 'B'", doc, "/styles/.1/;mtx=3/B,1", NULL);
  const char *base = "/styles/.1/;mtx=3/R,1";
  char url[256];
  snprintf(url, sizeof url, "%s?sp=1%%202+3&pp=4|5%%7C6&deep[R]=1&deep[name]=7&flat=G,2,name,8",
           base);
  EXPECT(1, "", doc, url, NULL);
  snprintf(url, sizeof url, "%s?sp=1%%20x", base);
  EXPECT(0, "query.sp/1 must be integer", doc, url, NULL);
  snprintf(url, sizeof url, "%s?pp=1|x", base);
  EXPECT(0, "query.pp/1 must be integer", doc, url, NULL);
  snprintf(url, sizeof url, "%s?deep[R]=300", base);
  EXPECT(0, "query.deep/R must be <= 255", doc, url, NULL);
  snprintf(url, sizeof url, "%s?flat=R,x", base);
  EXPECT(0, "query.flat/R must be integer", doc, url, NULL);
  headers_t obj = {{"X-Obj"}, {"R=1, G=2"}};
  EXPECT(1, "", doc, base, &obj);
  headers_t bad_obj = {{"X-Obj"}, {"R=1,G=g"}};
  EXPECT(0, "header.X-Obj/G must be integer", doc, base, &bad_obj);
  /* form+explode object: the names no other parameter has are its properties */
  EXPECT(1, "", doc, "/spread?page=2&R=1&G=2", NULL);
  EXPECT(0, "query.color/G must be integer", doc, "/spread?page=2&R=1&G=g", NULL);
  EXPECT(0, "query.color has unexpected property 'B'", doc, "/spread?B=1", NULL);
  openapi_free(doc);

  doc = openapi_test_load("params20.yaml");
  EXPECT(1, "", doc, "/c?s=1%202&p=3|4&t=5%096&c=7,8", NULL);
  EXPECT(0, "query.s/1 must be integer", doc, "/c?s=1%20x", NULL);
  EXPECT(0, "query.p/1 must be integer", doc, "/c?p=1|x", NULL);
  EXPECT(0, "query.t/1 must be integer", doc, "/c?t=1%09x", NULL);
  openapi_free(doc);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_string_or_number),
      cmocka_unit_test(test_cookie_and_header_lists),
      cmocka_unit_test(test_repeated_scalar),
      cmocka_unit_test(test_styles),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
