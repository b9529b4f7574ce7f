/* Unit tests for http/url: base/path joining, encodeURIComponent parity, query building. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "http/url.h"

static void assert_join(const char *base, const char *path, const char *want) {
  char *got = url_join(base, path);
  assert_non_null(got);
  assert_string_equal(got, want);
  free(got);
}

static void test_is_absolute(void **state) {
  assert_true(url_is_absolute("http://h"));
  assert_true(url_is_absolute("https://h/x"));
  assert_true(url_is_absolute("git+ssh://h"));
  assert_true(url_is_absolute("a.b-c+d://x"));
  assert_true(url_is_absolute("HTTP://H"));
  assert_false(url_is_absolute("/users"));
  assert_false(url_is_absolute("users"));
  assert_false(url_is_absolute("1http://h")); /* scheme must start with a letter */
  assert_false(url_is_absolute("ht tp://h"));
  assert_false(url_is_absolute("mailto:x@y")); /* no "//" */
  assert_false(url_is_absolute("://h"));
  assert_false(url_is_absolute("/x?u=http://h")); /* "://" later on is not a scheme */
  assert_false(url_is_absolute(""));
  assert_false(url_is_absolute(NULL));
}

static void test_join(void **state) {
  assert_join("http://h:8080", "/users", "http://h:8080/users");
  assert_join("http://h/api/", "/users", "http://h/api/users");
  assert_join("http://h/api", "users", "http://h/api/users");
  assert_join("http://h/api/", "users", "http://h/api/users");
  assert_join("http://h/api", "/users", "http://h/api/users");
  assert_join("http://h/api//", "//users", "http://h/api/users");
  assert_join("http://h/api/", "", "http://h/api/");
  assert_join("http://h/api", NULL, "http://h/api");
  assert_join("http://h", "/users?x=1", "http://h/users?x=1");
  assert_join("http://h", "/users/1?x=a%20b#top", "http://h/users/1?x=a%20b#top");
  assert_join("http://h/api", "users/", "http://h/api/users/");
}

static void test_join_absolute_and_no_base(void **state) {
  assert_join("http://h/api", "https://other/x", "https://other/x");
  assert_join("http://h/api", "HTTP://Other", "HTTP://Other");
  assert_join(NULL, "/users", "/users");
  assert_join("", "users", "users");
  assert_join(NULL, "https://other/x", "https://other/x");
  assert_join(NULL, NULL, "");
}

static void test_join_query_only(void **state) {
  /* A path that is only a query or fragment refines the base resource. */
  assert_join("http://h/users", "?page=2", "http://h/users?page=2");
  assert_join("http://h/users/", "#x", "http://h/users/#x");
}

static void assert_encode(const char *in, const char *want) {
  char *got = url_encode_component(in);
  assert_non_null(got);
  assert_string_equal(got, want);
  free(got);
}

static void test_encode_component(void **state) {
  assert_encode("a b&c=d/\xc3\xa9", "a%20b%26c%3Dd%2F%C3%A9");
  /* The unreserved set stays as is, exactly as encodeURIComponent leaves it. */
  assert_encode("AZaz09-_.!~*'()", "AZaz09-_.!~*'()");
  assert_encode("#$&+,/:;=?@[]", "%23%24%26%2B%2C%2F%3A%3B%3D%3F%40%5B%5D");
  assert_encode("%", "%25");
  assert_encode("\"<>\\^`{|}", "%22%3C%3E%5C%5E%60%7B%7C%7D");
  assert_encode("\t\n\x7f", "%09%0A%7F");
  /* Multi-byte UTF-8: 3 bytes (euro sign) and 4 bytes (emoji). */
  assert_encode("\xe2\x82\xac", "%E2%82%AC");
  assert_encode("\xf0\x9f\x98\x80", "%F0%9F%98%80");
  assert_encode("", "");
  assert_encode(NULL, "");
}

static void assert_append(const char *url, const char *name, const char *value, const char *want) {
  sbuf_t b = SBUF_INIT;
  sbuf_puts(&b, url);
  url_append_param(&b, name, value);
  assert_string_equal(sbuf_cstr(&b), want);
  assert_int_equal(b.len, strlen(want));
  sbuf_free(&b);
}

static void test_append_param(void **state) {
  sbuf_t b = SBUF_INIT;
  sbuf_puts(&b, "http://h/p");
  url_append_param(&b, "a", "1");
  assert_string_equal(sbuf_cstr(&b), "http://h/p?a=1");
  url_append_param(&b, "b", "x y");
  assert_string_equal(sbuf_cstr(&b), "http://h/p?a=1&b=x%20y");
  assert_int_equal(b.len, strlen("http://h/p?a=1&b=x%20y"));
  sbuf_free(&b);

  assert_append("http://h/p?x=1#frag", "a", "1", "http://h/p?x=1&a=1#frag");
  assert_append("http://h/p#frag", "a", "1", "http://h/p?a=1#frag");
  assert_append("http://h/p?", "a", "1", "http://h/p?a=1");
  assert_append("http://h/p?x=1&", "a", "1", "http://h/p?x=1&a=1");
  assert_append("http://h/p?#f", "a", "1", "http://h/p?a=1#f");
  /* A '?' inside the fragment is not a query. */
  assert_append("http://h/p#f?x", "a", "1", "http://h/p?a=1#f?x");
  assert_append("http://h/p", "q&r", "a=b/c", "http://h/p?q%26r=a%3Db%2Fc");
  assert_append("http://h/p", "e", "\xc3\xa9", "http://h/p?e=%C3%A9");
  assert_append("http://h/p", "empty", "", "http://h/p?empty=");
  assert_append("http://h/p", "nil", NULL, "http://h/p?nil=");
  assert_append("", "a", "1", "?a=1");
}

static void test_append_param_empty_buffer(void **state) {
  sbuf_t b = SBUF_INIT; /* never written: data is NULL */
  url_append_param(&b, "a", "1");
  assert_string_equal(sbuf_cstr(&b), "?a=1");
  sbuf_free(&b);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_is_absolute),
      cmocka_unit_test(test_join),
      cmocka_unit_test(test_join_absolute_and_no_base),
      cmocka_unit_test(test_join_query_only),
      cmocka_unit_test(test_encode_component),
      cmocka_unit_test(test_append_param),
      cmocka_unit_test(test_append_param_empty_buffer),
  };
  return cmocka_run_group_tests_name("url", tests, NULL, NULL);
}
