/* Unit tests for the secret registry: what is registered (short values not, header values
 * with their credentials and cookie values), masking in text, buffers and JSON (longest
 * secret first, every occurrence), the forms an echo gives a secret (JSON escapes of several
 * encoders, partly escaped, percent-encodings, URL-encoded JSON, character references,
 * base64 at three alignments, Basic credentials decoded, Set-Cookie), the cap on the number
 * of secrets, cuts that never split a secret, the listener and the hex transport, and a
 * file masked after the fact. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/secret.h"

static int reset(void **state) {
  secret_clear();
  return 0;
}

/* The masked text of s, or s itself when nothing was masked (malloc'd). */
static char *masked(const char *s) {
  size_t n = 0;
  char *m = secret_mask(s, strlen(s), &n);
  if (!m) return strdup(s);
  assert_int_equal(strlen(m), n);
  return m;
}

static void test_nothing_registered(void **state) {
  assert_false(secret_any());
  assert_null(secret_mask("token abcdef", 12, NULL));
  secret_add("abc", 3); /* shorter than SECRET_MIN_LEN */
  assert_false(secret_any());
}

static void test_every_occurrence(void **state) {
  secret_add("s3cr3t", 6);
  char *m = masked("a s3cr3t, another s3cr3ts3cr3t; end");
  assert_string_equal(m, "a ****, another ********; end");
  free(m);
  assert_null(secret_mask("nothing here", 12, NULL));
}

static void test_longest_first(void **state) {
  secret_add_header("Authorization", "Bearer tok-123456");
  char *m = masked("{\"authorization\":\"Bearer tok-123456\",\"token\":\"tok-123456\"}");
  assert_string_equal(m, "{\"authorization\":\"****\",\"token\":\"****\"}");
  free(m);
}

static void test_cookie_values(void **state) {
  secret_add_header("Cookie", "theme=dark; session=abcd-1234");
  char *m = masked("session=abcd-1234 / abcd-1234 / theme=dark");
  assert_string_equal(m, "**** / **** / ****");
  free(m);
  secret_clear();
  secret_add_header("X-Token", "k=v=w"); /* not a Cookie: the value whole only */
  m = masked("k=v=w v=w");
  assert_string_equal(m, "**** v=w");
  free(m);
}

/* The forms an echo gives a secret: JSON-escaped by different encoders, percent-encoded. */
static void test_json_escaped_forms(void **state) {
  const char *token = "t\"o\\k/é-😀x"; /* UTF-8 */
  secret_add(token, strlen(token));
  const char *echoes[] = {
      "{\"t\":\"t\\\"o\\\\k/é-😀x\"}",                      /* JSON.stringify, jansson */
      "{\"t\":\"t\\\"o\\\\k\\/é-😀x\"}",                    /* PHP: "\/" */
      "{\"t\":\"t\\\"o\\\\k/\\u00e9-\\ud83d\\ude00x\"}",   /* Python: ensure_ascii */
      "{\"t\":\"t\\\"o\\\\k\\/\\u00E9-\\uD83D\\uDE00x\"}", /* upper-case hex, both */
  };
  for (size_t i = 0; i < sizeof(echoes) / sizeof(echoes[0]); i++) {
    char *m = masked(echoes[i]);
    assert_string_equal(m, "{\"t\":\"****\"}");
    free(m);
  }
}

static void test_url_encoded_forms(void **state) {
  const char *token = "a+b/c=d e!*";
  secret_add(token, strlen(token));
  const char *echoes[] = {
      "?k=a%2Bb%2Fc%3Dd%20e%21%2A&x", /* RFC 3986 */
      "?k=a%2bb%2fc%3dd%20e%21%2a&x", /* lower-case hex */
      "?k=a%2Bb%2Fc%3Dd%20e!*&x",     /* encodeURIComponent */
      "?k=a%2Bb%2Fc%3Dd+e%21*&x",     /* URLSearchParams */
  };
  for (size_t i = 0; i < sizeof(echoes) / sizeof(echoes[0]); i++) {
    char *m = masked(echoes[i]);
    assert_string_equal(m, "?k=****&x");
    free(m);
  }
}

/* Encoders that escape only some characters, and any mix of escaped and literal ones. */
static void test_partly_escaped_forms(void **state) {
  const char *token = "t\"o/k-é-😀-x1";
  secret_add(token, strlen(token));
  const char *echoes[] = {
      "[t\\\"o/k-é-😀-x1]",                           /* only '"' escaped */
      "[\\u0074\\\"o\\/k\\u002d\\u00e9-😀-x\\u0031]", /* an escaper's own choice */
      "[\\u0074\\u0022\\u006f\\u002f\\u006B-\\u00C9-\\ud83d\\ude00-x1]", /* wrong: É */
      "[t\\\"o\\/k-\\u00e9-\\uD83D\\ude00-x1]", /* mixed hex case in a pair */
      "[t&quot;o&#x2F;k-&#233;-&#x1F600;-x1]",  /* HTML/XML character references */
  };
  const char *expected[] = {"[****]", "[****]", NULL, "[****]", "[****]"};
  for (size_t i = 0; i < sizeof(echoes) / sizeof(echoes[0]); i++) {
    char *m = masked(echoes[i]);
    assert_string_equal(m, expected[i] ? expected[i] : echoes[i]);
    free(m);
  }
}

/* A secret holding the escape characters themselves: the text is read both ways. */
static void test_ambiguous_readings(void **state) {
  const char *token = "p%25q\\n&amp;r";
  secret_add(token, strlen(token));
  const char *echoes[] = {
      "<p%25q\\n&amp;r>",                   /* as it is */
      "<p%2525q%5Cn%26amp%3Br>",            /* percent-encoded */
      "<p%25q\\\\n&amp;amp;r>",             /* JSON-escaped, then as HTML */
      "<\\u0070%25q\\\\\\u006e&#38;amp;r>", /* a mix */
  };
  for (size_t i = 0; i < sizeof(echoes) / sizeof(echoes[0]); i++) {
    char *m = masked(echoes[i]);
    assert_string_equal(m, "<****>");
    free(m);
  }
}

/* A JSON document sent as a form field or a query parameter: JSON-escaped, then
 * percent-encoded (every way, or only some characters). */
static void test_url_encoded_json(void **state) {
  const char *token = "q\"u\\o te-é";
  secret_add(token, strlen(token));
  const char *echoes[] = {
      "d=%7B%22t%22%3A%22q%5C%22u%5C%5Co%20te-%C3%A9%22%7D&x",           /* encodeURIComponent */
      "d=%7B%22t%22%3A%22q%5c%22u%5c%5co+te-%5Cu00e9%22%7D&x",           /* form, ensure_ascii */
      "d=%7B%22t%22%3A%22q%5C\"u\\%5Co%20te-%5C%75%30%30%45%39%22%7D&x", /* each char its way */
  };
  for (size_t i = 0; i < sizeof(echoes) / sizeof(echoes[0]); i++) {
    char *m = masked(echoes[i]);
    assert_string_equal(m, "d=%7B%22t%22%3A%22****%22%7D&x");
    free(m);
  }
}

/* Base64 of a secret alone, or inside a larger blob at each of the three alignments
 * (base64url too); the characters shared with the neighbours may stay. */
static void test_base64_forms(void **state) {
  const char *token = "tok?en>-4242-abc"; /* '?' and '>' give '/' and '+' in base64 */
  secret_add(token, strlen(token));
  struct {
    const char *blob, *expected;
  } cases[] = {
      /* base64("tok?en>-4242-abc") */
      {"dG9rP2VuPi00MjQyLWFiYw==", "****w=="},
      /* base64("{\"a\":\"tok?en>-4242-abc\"}"): shift 2 */
      {"eyJhIjoidG9rP2VuPi00MjQyLWFiYyJ9", "eyJhIjoi****yJ9"},
      /* base64("x:tok?en>-4242-abc."): shift 2 */
      {"eDp0b2s/ZW4+LTQyNDItYWJjLg==", "eDp****Lg=="},
      /* base64("1tok?en>-4242-abc"): shift 1 */
      {"MXRvaz9lbj4tNDI0Mi1hYmM=", "MX****M="},
      /* base64url of the same */
      {"eDp0b2s_ZW4-LTQyNDItYWJjLg", "eDp****Lg"},
  };
  for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
    char *m = masked(cases[i].blob);
    assert_string_equal(m, cases[i].expected);
    free(m);
  }
  /* A short secret's base64 forms are too short to mask without false hits. */
  secret_clear();
  secret_add("abcde", 5);
  char *m = masked("YWJjZGU= abcde");
  assert_string_equal(m, "YWJjZGU= ****");
  free(m);
}

static void on_secret(const char *value, size_t len, void *ud) {
  sbuf_t *seen = ud;
  sbuf_append(seen, value, len);
  sbuf_putc(seen, '|');
}

/* Each new value (derived ones too) reaches the listener once. */
static void test_listener(void **state) {
  sbuf_t seen = SBUF_INIT;
  secret_set_listener(on_secret, &seen);
  secret_add_header("Authorization", "Bearer tok-123456");
  secret_add_header("Authorization", "Bearer tok-123456");
  secret_add("abc", 3);
  secret_set_listener(NULL, NULL);
  assert_string_equal(sbuf_cstr(&seen), "Bearer tok-123456|tok-123456|");
  sbuf_free(&seen);
}

/* A value travels between processes in hex, bytes that are not UTF-8 included. */
static void test_hex_transport(void **state) {
  char *hex = secret_to_hex("tok\xff-1234", 9);
  assert_string_equal(hex, "746f6bff2d31323334");
  secret_add_hex(hex);
  free(hex);
  secret_add_hex("zz");  /* not hex: ignored */
  secret_add_hex("123"); /* odd length: ignored */
  secret_add_hex(NULL);
  char *m = masked("a tok\xff-1234 b");
  assert_string_equal(m, "a **** b");
  free(m);
}

/* A file written before a secret was known, masked in place afterwards. */
static void test_mask_file(void **state) {
  char path[] = "/tmp/sonde-secret-XXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  const char *text = "line 1 late-token-0042\nline 2 {\"t\":\"late-token-0042\"}\n";
  assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
  close(fd);
  unsigned long before = secret_generation();
  assert_int_equal(secret_mask_file(path), 0); /* nothing registered: untouched */
  secret_add("late-token-0042", 15);
  assert_true(secret_generation() != before);
  assert_int_equal(secret_mask_file(path), 0);
  size_t len = 0;
  FILE *f = fopen(path, "r");
  char buf[256];
  len = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[len] = '\0';
  assert_string_equal(buf, "line 1 ****\nline 2 {\"t\":\"****\"}\n");
  unlink(path);
}

static void test_basic_credentials(void **state) {
  /* "Basic " + base64("user:pa55:word") */
  secret_add_header("Authorization", "Basic dXNlcjpwYTU1OndvcmQ=");
  char *m = masked(
      "Basic dXNlcjpwYTU1OndvcmQ= | dXNlcjpwYTU1OndvcmQ= | user:pa55:word | "
      "pa55:word | user");
  assert_string_equal(m, "**** | **** | **** | **** | user");
  free(m);
  secret_clear();
  secret_add_header("Authorization", "Basic not*base64"); /* the value alone */
  m = masked("Basic not*base64 not*base64");
  assert_string_equal(m, "**** ****");
  free(m);
}

static void test_set_cookie(void **state) {
  secret_add_header("Set-Cookie", "sid=s3ss10n-v4lue; Path=/; HttpOnly");
  char *m = masked("Cookie: sid=s3ss10n-v4lue; echo s3ss10n-v4lue; Path=/; HttpOnly");
  assert_string_equal(m, "Cookie: ****; echo ****; Path=/; HttpOnly");
  free(m);
}

static void test_sbuf_from_offset(void **state) {
  secret_add("hunter22", 8);
  sbuf_t b = SBUF_INIT;
  sbuf_puts(&b, "hunter22 kept | hunter22 masked");
  secret_mask_sbuf(&b, 9);
  assert_string_equal(sbuf_cstr(&b), "hunter22 kept | **** masked");
  sbuf_free(&b);
}

static void test_json_strings(void **state) {
  secret_add("pa55word", 8);
  json_t *v = json_pack("{s:s, s:[s, i], s:{s:s}}", "a", "x pa55word y", "b", "pa55word", 12, "c",
                        "pa55word", "no");
  secret_mask_json(v);
  char *text = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS);
  assert_string_equal(text, "{\"a\":\"x **** y\",\"b\":[\"****\",12],\"c\":{\"pa55word\":\"no\"}}");
  free(text);
  json_decref(v);
}

static void test_cap_keeps_the_newest(void **state) {
  char value[32];
  for (int i = 0; i < 6000; i++) {
    snprintf(value, sizeof value, "secret-%05d", i);
    secret_add(value, strlen(value));
  }
  char *m = masked("secret-05999 secret-00000");
  assert_string_equal(m, "**** secret-00000");
  free(m);
}

static void test_safe_cut(void **state) {
  const char *text = "head Bearer tok-123456 tail";
  assert_int_equal(secret_safe_cut(text, strlen(text), 14), 14); /* nothing registered */
  secret_add_header("Authorization", "Bearer tok-123456");
  assert_int_equal(secret_safe_cut(text, strlen(text), 14), 5);  /* inside: before it */
  assert_int_equal(secret_safe_cut(text, strlen(text), 5), 5);   /* at its start */
  assert_int_equal(secret_safe_cut(text, strlen(text), 22), 22); /* right after it */
  assert_int_equal(secret_safe_cut(text, strlen(text), 21), 5);
  assert_int_equal(secret_safe_cut(text, strlen(text), 99), 99); /* no cut */
  /* An escaped form is not cut either. */
  const char *escaped = "xx t%6Fk-12\\u0033456 yy";
  assert_int_equal(secret_safe_cut(escaped, strlen(escaped), 12), 3);
  assert_int_equal(secret_safe_cut(escaped, strlen(escaped), 3), 3);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup(test_nothing_registered, reset),
      cmocka_unit_test_setup(test_every_occurrence, reset),
      cmocka_unit_test_setup(test_longest_first, reset),
      cmocka_unit_test_setup(test_cookie_values, reset),
      cmocka_unit_test_setup(test_json_escaped_forms, reset),
      cmocka_unit_test_setup(test_url_encoded_forms, reset),
      cmocka_unit_test_setup(test_partly_escaped_forms, reset),
      cmocka_unit_test_setup(test_ambiguous_readings, reset),
      cmocka_unit_test_setup(test_url_encoded_json, reset),
      cmocka_unit_test_setup(test_base64_forms, reset),
      cmocka_unit_test_setup(test_listener, reset),
      cmocka_unit_test_setup(test_hex_transport, reset),
      cmocka_unit_test_setup(test_mask_file, reset),
      cmocka_unit_test_setup(test_basic_credentials, reset),
      cmocka_unit_test_setup(test_set_cookie, reset),
      cmocka_unit_test_setup(test_sbuf_from_offset, reset),
      cmocka_unit_test_setup(test_json_strings, reset),
      cmocka_unit_test_setup(test_cap_keeps_the_newest, reset),
      cmocka_unit_test_setup(test_safe_cut, reset),
  };
  int failed = cmocka_run_group_tests_name("secret", tests, NULL, reset);
  return failed ? 1 : 0;
}
