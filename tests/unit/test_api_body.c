/* test_api_body: the pure pieces of the api client: decoding response text as TextDecoder
 * does, which Content-Types are JSON or text, what counts as JSON text for a string body,
 * and which header names are masked in logs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "api/api_internal.h"
#include "common/media.h"

static JSGlobalContextRef ctx;

static int setup(void **state) {
  ctx = JSGlobalContextCreate(NULL);
  return 0;
}

static int teardown(void **state) {
  JSGlobalContextRelease(ctx);
  return 0;
}

/* The UTF-16 code units of api_make_text's string, as "XXXX XXXX ..." in hex. */
static char *units(const char *bytes, size_t len) {
  JSValueRef v = api_make_text(ctx, bytes, len);
  JSStringRef s = JSValueToStringCopy(ctx, v, NULL);
  size_t n = JSStringGetLength(s);
  const JSChar *c = JSStringGetCharactersPtr(s);
  sbuf_t out = SBUF_INIT;
  for (size_t i = 0; i < n; i++) sbuf_printf(&out, "%s%04X", i ? " " : "", c[i]);
  JSStringRelease(s);
  return sbuf_take(&out);
}

static void check_units(const char *bytes, size_t len, const char *want) {
  char *got = units(bytes, len);
  if (strcmp(got, want) != 0) fail_msg("decoded to \"%s\", want \"%s\"", got, want);
  free(got);
}

static void test_make_text(void **state) {
  check_units("ab", 2, "0061 0062");
  check_units("\xC3\xA9", 2, "00E9");              /* é */
  check_units("\xE2\x82\xAC", 3, "20AC");          /* € */
  check_units("\xF0\x9F\x98\x80", 4, "D83D DE00"); /* 😀 as a surrogate pair */
  check_units("a\0b", 3, "0061 0000 0062");        /* NULs kept */
  check_units("\xEF\xBB\xBFx", 4, "0078");         /* BOM dropped */
  /* WHATWG: each maximal invalid subpart becomes one U+FFFD. */
  check_units("\xFF", 1, "FFFD");
  check_units("\xC3", 1, "FFFD");                            /* truncated at the end */
  check_units("\xE2\x82x", 3, "FFFD 0078");                  /* truncated 3-byte sequence */
  check_units("\xC0\xAF", 2, "FFFD FFFD");                   /* overlong */
  check_units("\xED\xA0\x80", 3, "FFFD FFFD FFFD");          /* surrogate */
  check_units("\xF4\x90\x80\x80", 4, "FFFD FFFD FFFD FFFD"); /* above U+10FFFF */
  check_units("", 0, "");
}

static void test_content_types(void **state) {
  assert_true(media_is_json("application/json"));
  assert_true(media_is_json("Application/JSON; charset=utf-8"));
  assert_true(media_is_json("application/problem+json"));
  assert_true(media_is_json("application/vnd.api+json ; x=y"));
  assert_true(media_is_json("text/json"));
  assert_false(media_is_json("application/jsonl"));
  assert_false(media_is_json("text/plain"));
  assert_false(media_is_json(NULL));

  assert_true(media_is_text("text/plain"));
  assert_true(media_is_text("text/html; charset=utf-8"));
  assert_true(media_is_text("application/xml"));
  assert_true(media_is_text("application/atom+xml"));
  assert_true(media_is_text("application/x-www-form-urlencoded"));
  assert_true(media_is_text("application/javascript"));
  assert_false(media_is_text("application/octet-stream"));
  assert_false(media_is_text("image/png"));
  assert_false(media_is_text(NULL));
}

static void test_looks_like_json(void **state) {
  assert_true(api_looks_like_json("{\"a\":1}", 7));
  assert_true(api_looks_like_json(" [1, 2] ", 8));
  assert_true(api_looks_like_json("42", 2));
  assert_true(api_looks_like_json("\"s\"", 3));
  assert_false(api_looks_like_json("hello", 5));
  assert_false(api_looks_like_json("{a:1}", 5));
  assert_false(api_looks_like_json("", 0));
}

static void test_secret_headers(void **state) {
  api_config_t cfg = {0};
  strvec_push(&cfg.mask_headers, "X-Internal");
  const char *secret[] = {"Authorization", "proxy-authorization", "Cookie",   "SET-COOKIE",
                          "X-Auth-Token",  "x-api-key",           "X-ApiKey", "X-Client-Secret",
                          "X-Password",    "x-internal"};
  for (size_t i = 0; i < sizeof(secret) / sizeof(secret[0]); i++)
    if (!api_secret_header(&cfg, secret[i])) fail_msg("%s is not masked", secret[i]);
  const char *plain[] = {"Accept", "Content-Type", "X-Request-Id", "X-Internals"};
  for (size_t i = 0; i < sizeof(plain) / sizeof(plain[0]); i++)
    if (api_secret_header(&cfg, plain[i])) fail_msg("%s is masked", plain[i]);
  /* A name longer than the checker's stack buffer, the secret part at its end. */
  char long_name[300];
  memset(long_name, 'X', sizeof(long_name));
  memcpy(long_name + sizeof(long_name) - 7, "-Token", 7);
  assert_true(api_secret_header(&cfg, long_name));
  long_name[sizeof(long_name) - 7] = '\0';
  assert_false(api_secret_header(&cfg, long_name));
  strvec_free(&cfg.mask_headers);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_make_text),
      cmocka_unit_test(test_content_types),
      cmocka_unit_test(test_looks_like_json),
      cmocka_unit_test(test_secret_headers),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
