/* Unit tests for the reporters' shared helpers: text cleaning, MD5, UUIDs, capabilities,
 * URLs, error classification, timestamps, the spool and exchange texts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/exchange.h"
#include "report/util.h"
#include "test_report_events.h"

static void test_clean_text(void **state) {
  (void)state;
  char *s = report_clean_cstr("plain & <ok> \"é\" ✓", 0);
  assert_string_equal(s, "plain & <ok> \"é\" ✓");
  free(s);

  /* Invalid bytes, a truncated sequence, an overlong form and a UTF-16 surrogate. */
  static const char bad[] =
      "a\xff"
      "b\xe2\x9c"
      "c\xc0\xaf"
      "d\xed\xa0\x80"
      "e";
  s = report_clean_text(bad, sizeof bad - 1, 0);
  assert_string_equal(s,
                      "a\xEF\xBF\xBD"
                      "b\xEF\xBF\xBD\xEF\xBF\xBD"
                      "c\xEF\xBF\xBD\xEF\xBF\xBD"
                      "d\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"
                      "e");
  free(s);

  /* A NUL shows as "␀" (U+2400) unless kept; XML shows the other C0 controls it cannot
   * hold as their control pictures (U+2401, U+241F) but keeps tab, LF and CR, and has
   * U+FFFD for U+FFFE. */
  static const char ctl[] = "x\0y\x01z\t\n\r\x1f\xef\xbf\xbe";
  s = report_clean_text(ctl, sizeof ctl - 1, REPORT_CLEAN_XML);
  assert_string_equal(s, "x\xE2\x90\x80y\xE2\x90\x81z\t\n\r\xE2\x90\x9F\xEF\xBF\xBD");
  free(s);
  s = report_clean_text(ctl, sizeof ctl - 1, 0);
  assert_string_equal(s, "x\xE2\x90\x80y\x01z\t\n\r\x1f\xef\xbf\xbe");
  free(s);
  size_t n;
  s = report_clean_textn(ctl, sizeof ctl - 1, REPORT_CLEAN_KEEP_NUL, &n);
  assert_int_equal(n, sizeof ctl - 1);
  assert_memory_equal(s, ctl, n);
  free(s);

  s = report_clean_cstr("\x1b[31mred\x1b[39m and \x1b[1;35mbold\x1b[0m", REPORT_CLEAN_ANSI);
  assert_string_equal(s, "red and bold");
  free(s);

  s = report_clean_cstr(NULL, 0);
  assert_string_equal(s, "");
  free(s);
}

static void test_json_clean(void **state) {
  (void)state;
  json_t *v =
      json_pack("{s:[s, i], s:o}", "list", "ok", 1, "bad", json_stringn_nocheck("a\xff", 2));
  assert_null(json_dumps(v, 0));
  json_t *clean = report_json_clean(v);
  char *text = json_dumps(clean, JSON_COMPACT | JSON_SORT_KEYS);
  assert_string_equal(text, "{\"bad\":\"a\xEF\xBF\xBD\",\"list\":[\"ok\",1]}");
  free(text);
  json_decref(clean);
  json_decref(v);

  /* NULs are kept (written \u0000); report_json_visible shows them as "␀". */
  v = json_pack("{s:s%, s:[i]}", "t", "a\0b", (size_t)3, "n", 1);
  clean = report_json_clean(v);
  text = json_dumps(clean, JSON_COMPACT | JSON_SORT_KEYS);
  assert_string_equal(text, "{\"n\":[1],\"t\":\"a\\u0000b\"}");
  free(text);
  json_decref(clean);
  json_t *shown = report_json_visible(v);
  assert_string_equal(json_string_value(json_object_get(shown, "t")),
                      "a\xE2\x90\x80"
                      "b");
  json_decref(shown);
  json_decref(v);
  v = json_pack("{s:s}", "t", "plain");
  shown = report_json_visible(v);
  assert_ptr_equal(shown, v); /* nothing to show differently: the same value */
  json_decref(shown);
  json_decref(v);
}

static void test_md5(void **state) {
  (void)state;
  char out[33];
  report_md5_hex("", 0, out);
  assert_string_equal(out, "d41d8cd98f00b204e9800998ecf8427e");
  report_md5_hex("abc", 3, out);
  assert_string_equal(out, "900150983cd24fb0d6963f7d28e17f72");
  static const char fox[] = "The quick brown fox jumps over the lazy dog";
  report_md5_hex(fox, sizeof fox - 1, out);
  assert_string_equal(out, "9e107d9d372bb6826bd81d3542a419d6");
  /* Lengths around the padding boundary (55, 56, 64 bytes) and several blocks. */
  static const char digits[] =
      "12345678901234567890123456789012345678901234567890123456789012345678901234567890";
  report_md5_hex(digits, 80, out);
  assert_string_equal(out, "57edf4a22be3c955ac49da2e2107b67a");
  char a56[57];
  memset(a56, 'a', 56);
  report_md5_hex(a56, 55, out);
  assert_string_equal(out, "ef1772b6dff9a122358552954ad0df65");
  report_md5_hex(a56, 56, out);
  assert_string_equal(out, "3b0c8ac703f828b04c6c197006d17218");
}

static void test_uuid(void **state) {
  (void)state;
  char a[37], b[37];
  report_uuid4(a);
  report_uuid4(b);
  assert_int_equal(strlen(a), 36);
  assert_string_not_equal(a, b);
  assert_int_equal(a[8], '-');
  assert_int_equal(a[14], '4');
  assert_non_null(strchr("89ab", a[19]));
}

static void test_sanitized_caps(void **state) {
  (void)state;
  json_t *caps = json_pack("{s:s, s:s, s:s}", "browserName", "API", "browserVersion", "1.2 beta",
                           "platformName", "Linux");
  char *s = report_sanitized_caps(caps);
  assert_string_equal(s, "api.1_2beta.linux");
  free(s);
  json_decref(caps);
  caps = json_pack("{s:s, s:i}", "browserName", "api", "browserVersion", 120);
  s = report_sanitized_caps(caps);
  assert_string_equal(s, "api.120");
  free(s);
  json_decref(caps);
  s = report_sanitized_caps(NULL);
  assert_string_equal(s, "");
  free(s);
}

static void test_url_path(void **state) {
  (void)state;
  assert_string_equal(report_url_path("http://127.0.0.1:8080/users/1?x=1"), "/users/1?x=1");
  assert_string_equal(report_url_path("https://example.test"), "/");
  assert_string_equal(report_url_path("/relative"), "/relative");
}

static void test_error_kind(void **state) {
  (void)state;
  json_t *e = ev_error("AssertionError", "expected 1 to equal 2", NULL);
  assert_true(report_error_is_assertion(e));
  json_decref(e);
  e = ev_error("Error", "Expected status 200, but received 404", NULL);
  assert_true(report_error_is_assertion(e));
  json_decref(e);
  e = ev_error("TypeError", "x is not a function", NULL);
  assert_false(report_error_is_assertion(e));
  json_decref(e);
  assert_false(report_error_is_assertion(NULL));
}

static void test_stamps(void **state) {
  (void)state;
  char buf[64];
  report_iso_stamp(1748779201123.0, buf, sizeof buf);
  assert_string_equal(buf, "2025-06-01T12:00:01.123Z");
  report_local_stamp(1748779201123.0, buf, sizeof buf);
  assert_int_equal(strlen(buf), 19);
  assert_int_equal(buf[10], 'T');
}

static void test_spool(void **state) {
  (void)state;
  report_spool_t s;
  report_spool_init(&s);
  assert_true(report_spool_empty(&s));
  report_spool_write(&s, "hello ", 6);
  report_spool_write(&s, "world", 5);
  assert_false(report_spool_empty(&s));
  char *buf = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&buf, &len);
  assert_int_equal(report_spool_drain(&s, out), 0);
  assert_int_equal(fclose(out), 0);
  assert_string_equal(buf, "hello world");
  free(buf);
  assert_true(report_spool_empty(&s));
  report_spool_free(&s);
}

static void test_exchange_text(void **state) {
  (void)state;
  json_t *ex = ev_http("POST", "http://127.0.0.1:1/users?x=1", 404, "{\"name\":\"a\"}",
                       "{\"error\":\"no\"}\nsecond line");
  char *title = report_exchange_title(ex);
  assert_string_equal(title, "POST /users?x=1 → 404");
  free(title);
  sbuf_t b = SBUF_INIT;
  report_exchange_text(ex, "> ", &b);
  assert_string_equal(sbuf_cstr(&b),
                      "> Request: POST http://127.0.0.1:1/users?x=1\n"
                      ">   accept: application/json\n"
                      ">   authorization: ****\n"
                      ">   {\"name\":\"a\"}\n"
                      "> Response: 404 Not Found (3ms)\n"
                      ">   content-type: application/json\n"
                      ">   {\"error\":\"no\"}\n"
                      ">   second line\n");
  sbuf_free(&b);

  /* Truncated bodies say how much the worker left out. */
  json_object_set_new(json_object_get(ex, "response"), "size", json_integer(5000));
  report_exchange_text(ex, "", &b);
  assert_non_null(strstr(sbuf_cstr(&b), "  … 4974 more bytes\n"));
  sbuf_free(&b);

  json_object_set_new(ex, "attempt", json_integer(2));
  title = report_exchange_title(ex);
  assert_string_equal(title, "POST /users?x=1 → 404 (attempt 2)");
  free(title);

  json_t *doc = report_exchange_response_doc(ex);
  assert_int_equal(json_integer_value(json_object_get(doc, "status")), 404);
  assert_true(json_is_string(json_object_get(doc, "body"))); /* not JSON: kept as text */
  json_decref(doc);
  doc = report_exchange_request_doc(ex);
  assert_string_equal(json_string_value(json_object_get(json_object_get(doc, "body"), "name")),
                      "a");
  json_decref(doc);
  json_decref(ex);

  ex = ev_http("GET", "http://127.0.0.1:1/x", 0, NULL, NULL);
  title = report_exchange_title(ex);
  assert_string_equal(title, "GET /x → connect ECONNREFUSED");
  free(title);
  report_exchange_text(ex, "", &b);
  assert_non_null(strstr(sbuf_cstr(&b), "Response: none (connect ECONNREFUSED) (3ms)\n"));
  sbuf_free(&b);
  json_decref(ex);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_clean_text),
      cmocka_unit_test(test_json_clean),
      cmocka_unit_test(test_md5),
      cmocka_unit_test(test_uuid),
      cmocka_unit_test(test_sanitized_caps),
      cmocka_unit_test(test_url_path),
      cmocka_unit_test(test_error_kind),
      cmocka_unit_test(test_stamps),
      cmocka_unit_test(test_spool),
      cmocka_unit_test(test_exchange_text),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
