/* Unit tests for the junit reporter: documents checked against the junit-10.xsd schema
 * Jenkins uses (from ../shared/conformance, beside the repository) with hostile titles,
 * messages and bodies; names, counts and errorOptions; files in outputDir and stdout. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <libxml/parser.h>
#include <libxml/xmlschemas.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/fsutil.h"
#include "report/junit.h"
#include "test_report_events.h"

static json_t *caps;
static report_job_t job;

static int setup(void **state) {
  caps = json_pack("{s:s, s:s, s:s}", "browserName", "api", "browserVersion", "stable",
                   "platformName", "linux");
  job = (report_job_t){"0-0", "/work/specs/users.spec.js", "specs/users.spec.js", caps};
  return 0;
}

static int teardown(void **state) {
  json_decref(caps);
  xmlCleanupParser();
  return 0;
}

/* The schema in the shared folder: $SONDE_SHARED_DIR (set by CTest) or the one beside the
 * repository, <repo>/../shared; then conformance/junit/junit-10.xsd. */
static char *schema_path(void) {
  const char *shared = getenv("SONDE_SHARED_DIR");
  if (shared && *shared) return xasprintf("%s/conformance/junit/junit-10.xsd", shared);
  char *here = fs_dirname(__FILE__); /* tests/unit */
  char *tests = fs_dirname(here);
  char *repo = fs_dirname(tests);
  char *path = xasprintf("%s/../shared/conformance/junit/junit-10.xsd", repo);
  free(here);
  free(tests);
  free(repo);
  return path;
}

static void assert_valid(const char *xml) {
  xmlDocPtr doc = xmlReadMemory(xml, (int)strlen(xml), "report.xml", NULL, XML_PARSE_NONET);
  assert_non_null(doc);
  char *xsd = schema_path();
  if (fs_is_file(xsd)) {
    xmlSchemaParserCtxtPtr pc = xmlSchemaNewParserCtxt(xsd);
    xmlSchemaPtr schema = xmlSchemaParse(pc);
    assert_non_null(schema);
    xmlSchemaValidCtxtPtr vc = xmlSchemaNewValidCtxt(schema);
    int rc = xmlSchemaValidateDoc(vc, doc);
    if (rc != 0) fprintf(stderr, "invalid document:\n%s\n", xml);
    assert_int_equal(rc, 0);
    xmlSchemaFreeValidCtxt(vc);
    xmlSchemaFree(schema);
    xmlSchemaFreeParserCtxt(pc);
  } else {
    /* A clone without ../shared still checks well-formedness; CI (SONDE_REQUIRE_SHARED=1)
     * must validate. */
    const char *req = getenv("SONDE_REQUIRE_SHARED");
    fprintf(stderr, "note: %s is missing; checked well-formedness only\n", xsd);
    if (req && strcmp(req, "1") == 0) fail_msg("SONDE_REQUIRE_SHARED=1 and %s is missing", xsd);
  }
  free(xsd);
  xmlFreeDoc(doc);
}

static void feed(rm_set_t *set, json_t *ev) {
  rm_feed(set, &job, ev);
  json_decref(ev);
}

static rm_job_t *run_users(rm_set_t *set, const char *evil) {
  rm_hooks_t hooks = {.flags = RM_KEEP_TESTS | RM_KEEP_FAILED_EXCHANGES | RM_KEEP_LOGS};
  rm_set_init(set, &hooks);
  feed(set, ev_suite_start("Users API", "Users API"));
  feed(set, ev_test_start("lists users", "Users API lists users"));
  feed(set, ev_http("GET", "http://h/users", 200, NULL, "[]"));
  feed(set, ev_pass("lists users", "Users API lists users", 812));
  feed(set, ev_test_start(evil, evil));
  json_t *http = ev_http("POST", "http://h/users?q=<a&b>", 404, evil, NULL);
  json_object_set_new(json_object_get(http, "response"), "body",
                      json_stringn_nocheck("]]>\x01\xff<b>&amp;", 14));
  feed(set, http);
  feed(set, ev_log(evil));
  feed(set, ev_fail(evil, evil, 402,
                    ev_error("AssertionError", evil, "AssertionError: x\n    at ]]> <x>")));
  feed(set, ev_pending("is skipped", "Users API is skipped"));
  feed(set, ev_suite_start("admin", "Users API admin"));
  feed(set, ev_hook_fail("after all", "\"after all\" hook in \"admin\"",
                         "Users API admin \"after all\" hook in \"admin\"",
                         ev_error("TypeError", "x is not a function", NULL)));
  feed(set, ev_suite_end("admin", "Users API admin", 4));
  feed(set, ev_suite_end("Users API", "Users API", 1234));
  feed(set, ev_runner_end(1300, NULL));
  return rm_finish(set, &job, false);
}

static const char EVIL[] = "a & b < c > d \" e ' f\tg\nh\x01i\x1b[31mj\x1b[39m";

static void test_document_validates(void **state) {
  (void)state;
  rm_set_t set;
  char *evil = xstrdup(EVIL);
  rm_job_t *j = run_users(&set, evil);
  junit_opts_t opts = {0};
  sbuf_t err = SBUF_INIT;
  char *xml = junit_render(&opts, j, &err);
  assert_non_null(xml);
  assert_valid(xml);

  assert_non_null(strstr(xml, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"));
  assert_non_null(
      strstr(xml, "<testsuites tests=\"4\" failures=\"2\" errors=\"0\" time=\"1.300\">"));
  assert_null(strstr(xml, "<testsuites tests=\"4\" failures=\"2\" errors=\"0\" skipped"));
  assert_non_null(strstr(xml, "<testsuite name=\"Users API\" timestamp=\""));
  assert_non_null(
      strstr(xml, "time=\"1.234\" tests=\"3\" failures=\"1\" errors=\"0\" skipped=\"1\">"));
  assert_non_null(strstr(xml, "<property name=\"capabilities\" value=\"api.stable.linux\"/>"));
  assert_non_null(strstr(xml, "<property name=\"file\" value=\"file://"));
  assert_non_null(strstr(
      xml,
      "<testcase classname=\"api.stable.linux.Users_API\" name=\"lists users\" time=\"0.812\"/>"));
  /* Names go through /[^a-zA-Z0-9@]+/; messages keep everything but what XML forbids. */
  assert_non_null(strstr(xml, "name=\"a b c d e f g h i 31mj 39m\""));
  /* A control XML forbids shows as its control picture: U+0001 as U+2401. */
  assert_non_null(strstr(xml,
                         "<failure message=\"a &amp; b &lt; c &gt; d &quot; e ' "
                         "f&#9;g&#10;h\xE2\x90\x81ij\" type=\"AssertionError\"/>"));
  assert_non_null(strstr(xml, "<skipped/>"));
  assert_non_null(strstr(xml, "name=\"after all hook in admin\""));
  assert_non_null(strstr(xml, "<failure message=\"x is not a function\" type=\"TypeError\"/>"));
  /* The failed test's exchange, with "]]>" split across CDATA sections. */
  assert_non_null(strstr(xml, "<system-out><![CDATA[\nRequest: POST http://h/users?q=<a&b>"));
  assert_non_null(strstr(xml, "Response: 404 Not Found (3ms)"));
  assert_non_null(strstr(xml, "]]]]><![CDATA[>"));
  assert_null(strstr(xml, "\x01"));
  free(xml);
  rm_job_free(j);
  rm_set_free(&set);
  free(evil);
  sbuf_free(&err);
}

static void test_error_options_and_package(void **state) {
  (void)state;
  rm_set_t set;
  rm_job_t *j = run_users(&set, "plain title");
  junit_opts_t opts = {.package_name = "admins",
                       .error_field = "message",
                       .failure_field = "name",
                       .stacktrace_field = "stack"};
  sbuf_t err = SBUF_INIT;
  char *xml = junit_render(&opts, j, &err);
  assert_valid(xml);
  assert_non_null(strstr(xml, "classname=\"admins.Users_API\""));
  assert_non_null(strstr(
      xml,
      "<failure message=\"AssertionError\" type=\"AssertionError\"><![CDATA[AssertionError: x"));
  assert_non_null(strstr(xml, "<error message=\"plain title\"/>"));
  assert_non_null(strstr(xml, "<testsuites tests=\"4\" failures=\"2\" errors=\"2\""));
  free(xml);
  rm_job_free(j);
  rm_set_free(&set);
  sbuf_free(&err);
}

/* A spec file that did not load, and a worker that died in a test. */
static void test_job_errors(void **state) {
  (void)state;
  rm_set_t set;
  rm_hooks_t hooks = {.flags = RM_KEEP_TESTS | RM_KEEP_FAILED_EXCHANGES};
  rm_set_init(&set, &hooks);
  feed(&set, ev_runner_end(3, ev_error("SyntaxError", "Unexpected token '<'", "SyntaxError: x")));
  rm_job_t *j = rm_finish(&set, &job, false);
  junit_opts_t opts = {0};
  sbuf_t err = SBUF_INIT;
  char *xml = junit_render(&opts, j, &err);
  assert_valid(xml);
  assert_non_null(strstr(xml, "<testsuites tests=\"1\" failures=\"0\" errors=\"1\""));
  assert_non_null(strstr(xml, "name=\"specs users spec js\""));
  assert_non_null(strstr(xml, "<error message=\"Unexpected token '&lt;'\" type=\"SyntaxError\"/>"));
  free(xml);
  rm_job_free(j);

  feed(&set, ev_suite_start("S", "S"));
  feed(&set, ev_test_start("dies", "S dies"));
  j = rm_finish(&set, &job, false);
  xml = junit_render(&opts, j, &err);
  assert_valid(xml);
  assert_non_null(strstr(xml, "<testsuites tests=\"1\" failures=\"0\" errors=\"1\""));
  assert_non_null(strstr(
      xml, "<error message=\"worker exited before the spec file finished\" type=\"Error\"/>"));
  free(xml);
  rm_job_free(j);
  rm_set_free(&set);
  sbuf_free(&err);
}

static void test_prepare_name(void **state) {
  (void)state;
  char *s = junit_prepare_name("  @smoke lists: users (v2) ");
  assert_string_equal(s, "@smoke lists users v2");
  free(s);
  s = junit_prepare_name("");
  assert_string_equal(s, "");
  free(s);
}

/* --- the reporter: files and stdout ---------------------------------------------------------- */

typedef struct {
  report_namer_t base;
  int calls;
} fake_namer_t;

static char *fake_name(report_namer_t *n, const char *cid, const json_t *c, sbuf_t *err) {
  fake_namer_t *f = (fake_namer_t *)n;
  if (f->calls++ == 0) return xasprintf("nested/results-%s.xml", cid);
  sbuf_puts(err, "TypeError: boom");
  return NULL;
}

static void fake_free(report_namer_t *n) { free(n); }

static void test_reporter_writes_files(void **state) {
  (void)state;
  char tmpl[] = "/tmp/sonde-junit-XXXXXX";
  assert_non_null(mkdtemp(tmpl));
  fake_namer_t *namer = xcalloc(1, sizeof *namer);
  namer->base.name = fake_name;
  namer->base.free = fake_free;
  junit_opts_t opts = {.output_dir = tmpl, .namer = &namer->base};
  reporter_t *r = junit_reporter_new(stdout, false, &opts);
  for (int round = 0; round < 2; round++) {
    send(r, &job, ev_test_start("t", "t"));
    send(r, &job, ev_pass("t", "t", 1));
    send(r, &job, ev_runner_end(2, NULL));
    r->ops->job_end(r, &job, true);
  }
  report_summary_t summary = {0};
  r->ops->run_end(r, &summary);
  r->ops->free(r);

  char *first = xasprintf("%s/nested/results-0-0.xml", tmpl);
  char *second = xasprintf("%s/wdio-0-0-junit-reporter.log", tmpl);
  char *xml = fs_read_file(first, NULL);
  assert_non_null(xml);
  assert_valid(xml);
  free(xml);
  xml = fs_read_file(second, NULL); /* the namer failed: the default name */
  assert_non_null(xml);
  free(xml);
  unlink(first);
  unlink(second);
  char *nested = xasprintf("%s/nested", tmpl);
  rmdir(nested);
  rmdir(tmpl);
  free(nested);
  free(first);
  free(second);
}

static void test_reporter_prints_without_output_dir(void **state) {
  (void)state;
  char *buf = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&buf, &len);
  junit_opts_t opts = {0};
  reporter_t *r = junit_reporter_new(out, false, &opts);
  send(r, &job, ev_pending("t", "t"));
  r->ops->job_end(r, &job, true); /* no runner:end: still a whole document */
  report_summary_t summary = {0};
  r->ops->run_end(r, &summary);
  r->ops->free(r);
  assert_int_equal(fclose(out), 0);
  assert_true(strncmp(buf, "\n \"junit\" Reporter:\n<?xml", 25) == 0);
  assert_non_null(strstr(buf, "</testsuites>\n"));
  free(buf);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_document_validates),
      cmocka_unit_test(test_error_options_and_package),
      cmocka_unit_test(test_job_errors),
      cmocka_unit_test(test_prepare_name),
      cmocka_unit_test(test_reporter_writes_files),
      cmocka_unit_test(test_reporter_prints_without_output_dir),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
