/* test_worker_ipc: the launcher ⇄ worker framing. Encoded messages must read back equal
 * (jansson parses them in the launcher) whatever the strings hold, and lines must be
 * split and parsed however the bytes arrive. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "worker/ipc.h"

/* Encodes `msg`, checks the framing and that jansson and ipc_decode both read the same
 * value back. */
static void assert_round_trip(json_t *msg) {
  size_t len = 0;
  char *line = ipc_encode(msg, &len);
  assert_true(len > 0);
  assert_int_equal(line[len - 1], '\n');
  assert_null(memchr(line, '\n', len - 1)); /* one line, whatever the strings held */
  json_error_t err;
  json_t *back = json_loadb(line, len - 1, JSON_ALLOW_NUL, &err);
  if (!back) fail_msg("not JSON (%s): %.*s", err.text, (int)len, line);
  if (!json_equal(msg, back)) fail_msg("read back differs: %s", line);
  json_t *ours = ipc_decode(line, len - 1);
  if (!ours || !json_equal(msg, ours)) fail_msg("ipc_decode reads it differently: %s", line);
  json_decref(ours);
  json_decref(back);
  free(line);
  json_decref(msg);
}

/* ipc_decode agrees with jansson on what `text` is (NULL when jansson refuses it). */
static void assert_decodes_like_jansson(const char *text) {
  json_t *want = json_loads(text, JSON_ALLOW_NUL | JSON_DECODE_ANY, NULL);
  json_t *got = ipc_decode(text, strlen(text));
  if (!want != !got || (want && !json_equal(want, got)))
    fail_msg("ipc_decode and jansson disagree on %s", text);
  json_decref(want);
  json_decref(got);
}

static void test_decode_like_jansson(void **state) {
  (void)state;
  const char *texts[] = {
      "{}",
      "[]",
      " { \"a\" : [ 1 , 2.5 , -3e2 , true , false , null ] } ",
      "{\"s\":\"\\u00e9\\u2713\\ud834\\udd1e \\/ \\\" \\\\ \\b\\f\\n\\r\\t\"}",
      "{\"nested\":{\"deep\":[[[{}]]]},\"k\":\"v\"}",
      "{\"dup\":1,\"dup\":2}",
      "{\"big\":9223372036854775807,\"neg\":-9223372036854775808}",
      "{\"utf8\":\"héllo ✓\"}",
      "\"top-level string\"",
      "42",
      "-0.5",
      /* malformed: both refuse */
      "",
      "{",
      "}",
      "{\"a\"}",
      "{\"a\":}",
      "{\"a\":1,}",
      "[1,]",
      "{\"a\":1} x",
      "{\"s\":\"unterminated}",
      "{\"s\":\"bad \\q escape\"}",
      "{\"s\":\"\\ud834 lone\"}",
      "{\"s\":\"\\udd1e low first\"}",
      "{\"n\":99999999999999999999}",
      "{\"n\":-}",
      "tru",
      "nul",
      "{\"raw\":\"tab\there\"}",
  };
  for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++)
    assert_decodes_like_jansson(texts[i]);
  /* Deeper than any message: refused rather than recursing without bound. */
  sbuf_t deep = SBUF_INIT;
  for (int i = 0; i < 10000; i++) sbuf_putc(&deep, '[');
  assert_null(ipc_decode(deep.data, deep.len));
  sbuf_free(&deep);
}

static void test_strings(void **state) {
  (void)state;
  assert_round_trip(json_pack("{s:s}", "plain", "GET /users"));
  assert_round_trip(json_pack("{s:s}", "quotes", "say \"hi\" \\ back\\slash"));
  assert_round_trip(json_pack("{s:s}", "lines", "a\nb\r\nc\td\be\ff"));
  assert_round_trip(json_pack("{s:s}", "control", "\x01\x02\x1f end"));
  assert_round_trip(json_pack("{s:s}", "utf8", "héllo ✓ 𝄞 ünïcödé"));
  assert_round_trip(json_pack("{s:s}", "", ""));
  assert_round_trip(json_pack("{s:s}", "key \"with\" \n escapes", "v"));
  /* An embedded NUL (jansson strings may hold one). */
  assert_round_trip(json_pack("{s:s#}", "nul", "a\0b", (int)3));
}

/* The reader keeps a message whose string holds a NUL (a spec's console.log('a\0b')). */
static int nul_seen;

static void on_nul_message(json_t *msg, void *ud) {
  (void)ud;
  nul_seen++;
  assert_int_equal(json_string_length(json_object_get(msg, "text")), 3);
}

static void test_reader_keeps_nul(void **state) {
  (void)state;
  ipc_reader_t r = {SBUF_INIT};
  json_t *msg = json_pack("{s:s, s:s#}", "type", "log", "text", "a\0b", (int)3);
  size_t len;
  char *line = ipc_encode(msg, &len);
  assert_int_equal(ipc_reader_feed(&r, line, len, on_nul_message, NULL), 0);
  assert_int_equal(nul_seen, 1);
  free(line);
  json_decref(msg);
  ipc_reader_free(&r);
}

/* A key holding a NUL keeps its length through the encoder (fuzz_ipc found it cut). */
static void test_encode_nul_key(void **state) {
  json_t *msg = ipc_decode("{\"a\\u0000b\":1}", 14);
  assert_non_null(msg);
  size_t len = 0;
  char *line = ipc_encode(msg, &len);
  assert_string_equal(line, "{\"a\\u0000b\":1}\n");
  free(line);
  json_decref(msg);
}

static void test_numbers_and_nesting(void **state) {
  (void)state;
  assert_round_trip(json_pack("{s:i, s:I, s:I}", "small", -7, "big", (json_int_t)9007199254740993LL,
                              "min", (json_int_t)INT64_MIN));
  assert_round_trip(json_pack("{s:f, s:f, s:f, s:f, s:f}", "whole", 3.0, "frac", 0.1, "tiny",
                              1e-300, "huge", 1.7976931348623157e308, "neg", -2.5));
  assert_round_trip(
      json_pack("{s:b, s:b, s:n, s:[], s:{}}", "t", 1, "f", 0, "null", "empty", "obj"));
  assert_round_trip(json_pack("{s:[i, s, {s:[f, {s:s}]}], s:{s:{s:{}}}}", "a", 1, "x", "k", 1.5,
                              "deep", "est", "o", "p", "q"));
  /* A real stays a real when it reads back (1.0, not 1). */
  json_t *whole = json_real(1.0);
  char *line = ipc_encode(whole, NULL);
  json_t *back = json_loads(line, JSON_DECODE_ANY, NULL);
  assert_true(json_is_real(back));
  json_decref(back);
  json_decref(whole);
  free(line);
}

static int seen;
static json_t *last;

static void on_message(json_t *msg, void *ud) {
  (void)ud;
  seen++;
  json_decref(last);
  last = json_incref(msg);
}

static void test_reader_splits_lines(void **state) {
  (void)state;
  ipc_reader_t r = {SBUF_INIT};
  const char *stream =
      "{\"type\":\"a\"}\n{\"type\":\"b\",\"s\":\"x\\ny\"}\nnot json\n{\"type\":\"c\"}\n";
  size_t n = strlen(stream);
  /* Byte by byte: every split point. */
  seen = 0;
  int bad = 0;
  for (size_t i = 0; i < n; i++) bad += ipc_reader_feed(&r, stream + i, 1, on_message, NULL);
  assert_int_equal(seen, 3);
  assert_int_equal(bad, 1);
  assert_string_equal(json_string_value(json_object_get(last, "type")), "c");
  /* All at once, and an encoded message among them. */
  json_t *msg = json_pack("{s:s, s:s}", "type", "test:pass", "title", "a \"quoted\"\ntitle");
  sbuf_t buf = SBUF_INIT;
  sbuf_puts(&buf, stream);
  ipc_encode_to(&buf, msg);
  seen = 0;
  bad = ipc_reader_feed(&r, buf.data, buf.len, on_message, NULL);
  assert_int_equal(seen, 4);
  assert_int_equal(bad, 1);
  assert_true(json_equal(last, msg));
  json_decref(msg);
  json_decref(last);
  last = NULL;
  sbuf_free(&buf);
  ipc_reader_free(&r);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_strings),
      cmocka_unit_test(test_reader_keeps_nul),
      cmocka_unit_test(test_decode_like_jansson),
      cmocka_unit_test(test_numbers_and_nesting),
      cmocka_unit_test(test_encode_nul_key),
      cmocka_unit_test(test_reader_splits_lines),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
