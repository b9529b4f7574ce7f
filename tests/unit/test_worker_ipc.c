/* test_worker_ipc: the launcher ⇄ worker framing. Encoded messages must read back equal
 * (jansson parses them in the launcher) whatever the strings hold, lines must be split and
 * parsed however the bytes arrive, and titles sent once must come back whole. */
#define _GNU_SOURCE /* memmem */
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

/* ---- titles once ---- */

static void collect(json_t *msg, void *ud) { json_array_append(ud, msg); }

/* Encodes `msgs` with one writer's titles, reads them with one reader, and checks that
 * every message reads back equal; the encoded stream is left in `wire`. */
static void assert_titles_round_trip(json_t *msgs, sbuf_t *wire) {
  ipc_titles_t titles = {0};
  ipc_reader_t r = {SBUF_INIT};
  json_t *got = json_array();
  sbuf_reset(wire);
  for (size_t i = 0; i < json_array_size(msgs); i++)
    ipc_encode_event_to(wire, &titles, json_array_get(msgs, i));
  /* In odd pieces, as a pipe may deliver them. */
  for (size_t off = 0; off < wire->len; off += 7)
    assert_int_equal(ipc_reader_feed(&r, wire->data + off,
                                     wire->len - off < 7 ? wire->len - off : 7, collect, got),
                     0);
  assert_int_equal(json_array_size(got), json_array_size(msgs));
  for (size_t i = 0; i < json_array_size(msgs); i++)
    if (!json_equal(json_array_get(msgs, i), json_array_get(got, i))) {
      char *want = json_dumps(json_array_get(msgs, i), JSON_COMPACT | JSON_SORT_KEYS);
      char *was = json_dumps(json_array_get(got, i), JSON_COMPACT | JSON_SORT_KEYS);
      fail_msg("message %zu reads back as %s, not %s", i, was, want);
    }
  json_decref(got);
  ipc_reader_free(&r);
  ipc_titles_free(&titles);
}

static json_t *test_ev(const char *type, const char *title, const char *full, const char *parent,
                       const char *file) {
  return json_pack("{s:s, s:s, s:s, s:s, s:s, s:s}", "type", type, "title", title, "fullTitle",
                   full, "parent", parent, "file", file, "cid", "0-0");
}

/* A test's titles go once: its start names its suite, its end names its own slot. */
static void test_titles_sent_once(void **state) {
  (void)state;
  const char *file = "/abs/specs/users.spec.js";
  json_t *msgs = json_array();
  json_array_append_new(msgs, json_pack("{s:s, s:s, s:s, s:s, s:s}", "type", "suite:start", "title",
                                        "users \"quoted\"", "fullTitle", "users \"quoted\"", "file",
                                        file, "cid", "0-0"));
  json_array_append_new(msgs, test_ev("test:start", "lists them", "users \"quoted\" lists them",
                                      "users \"quoted\"", file));
  json_t *pass =
      test_ev("test:pass", "lists them", "users \"quoted\" lists them", "users \"quoted\"", file);
  json_object_set_new(pass, "duration", json_real(1.5));
  json_array_append_new(msgs, pass);
  json_array_append_new(
      msgs, json_pack("{s:s, s:s, s:s, s:f, s:s}", "type", "suite:end", "title", "users \"quoted\"",
                      "fullTitle", "users \"quoted\"", "duration", 2.0, "cid", "0-0"));
  sbuf_t wire = SBUF_INIT;
  assert_titles_round_trip(msgs, &wire);
  /* The full title and the file went once each (suite:start); test:pass has no title. */
  const char *w = sbuf_cstr(&wire);
  assert_non_null(strstr(w, "\"tsuite\":"));
  const char *pass_line = strstr(w, "{\"type\":\"test:pass\"");
  assert_non_null(pass_line);
  assert_null(memmem(pass_line, (size_t)(strchr(pass_line, '\n') - pass_line), "lists them", 10));
  assert_non_null(strstr(pass_line, "\"tref\":"));
  assert_null(strstr(strstr(w, "test:start"), "users.spec.js"));
  sbuf_free(&wire);
  json_decref(msgs);
}

/* Whatever the titles hold and however often slots are taken by other groups, every message
 * reads back whole: tests at the root (no suite), a full title that is not the suite's and
 * the test's, an empty suite title, NULs, and more groups than slots. */
static void test_titles_every_shape(void **state) {
  (void)state;
  json_t *msgs = json_array();
  json_array_append_new(msgs, test_ev("test:start", "at the root", "at the root", "", "/f.js"));
  json_array_append_new(msgs, test_ev("test:pass", "at the root", "at the root", "", "/f.js"));
  json_array_append_new(msgs, json_pack("{s:s, s:s, s:s, s:s}", "type", "suite:start", "title", "",
                                        "fullTitle", "", "file", "/f.js"));
  json_array_append_new(
      msgs, test_ev("test:start", "in an empty suite", "in an empty suite", "", "/f.js"));
  json_array_append_new(msgs, json_pack("{s:s, s:s, s:s, s:s}", "type", "suite:start", "title", "s",
                                        "fullTitle", "outer s", "file", "/f.js"));
  json_array_append_new(msgs,
                        test_ev("test:start", "t", "outer s  t", "s", "/f.js")); /* 2 spaces */
  json_array_append_new(msgs, test_ev("test:start", "t", "outer s t", "s", "/other.js"));
  json_array_append_new(msgs, test_ev("test:start", "t", "outer s t", "s", "/f.js"));
  json_t *nul =
      json_pack("{s:s, s:s#, s:s#, s:s, s:s}", "type", "test:fail", "title", "a\0b", (int)3,
                "fullTitle", "outer s a\0b", (int)11, "parent", "s", "file", "/f.js");
  json_array_append(msgs, nul);
  json_array_append_new(msgs, nul);
  json_array_append_new(
      msgs, json_pack("{s:s, s:s, s:i}", "type", "step:end", "title", "Given x", "test", 3));
  json_array_append_new(msgs, json_pack("{s:s, s:i}", "type", "test:pass", "title", 3));
  for (int i = 0; i < 3 * IPC_TITLE_SLOTS; i++) {
    char title[32], full[48];
    snprintf(title, sizeof(title), "test %d", i % (2 * IPC_TITLE_SLOTS));
    snprintf(full, sizeof(full), "outer s test %d", i % (2 * IPC_TITLE_SLOTS));
    json_array_append_new(msgs,
                          test_ev(i % 2 ? "test:pass" : "test:start", title, full, "s", "/f.js"));
  }
  sbuf_t wire = SBUF_INIT;
  assert_titles_round_trip(msgs, &wire);
  sbuf_free(&wire);
  json_decref(msgs);
}

/* References the reader cannot follow make the line invalid; the stream goes on. */
static void test_titles_bad_references(void **state) {
  (void)state;
  const char *bad[] = {
      "{\"type\":\"test:pass\",\"tref\":3}",                   /* nothing in slot 3 */
      "{\"type\":\"test:pass\",\"tdef\":256,\"title\":\"t\"}", /* no such slot */
      "{\"type\":\"test:pass\",\"tdef\":-1,\"title\":\"t\"}",
      "{\"type\":\"test:pass\",\"tdef\":\"1\",\"title\":\"t\"}",
      "{\"type\":\"test:pass\",\"tdef\":1.0,\"title\":\"t\"}",
      "{\"type\":\"test:pass\",\"tdef\":1,\"tdef\":2,\"title\":\"t\"}",
      "{\"type\":\"test:pass\",\"tdef\":1}", /* a group needs a title */
      "{\"type\":\"test:pass\",\"tdef\":1,\"title\":7}",
      "{\"type\":\"test:pass\",\"tdef\":1,\"title\":\"t\",\"file\":[]}",
      "{\"type\":\"test:start\",\"title\":\"t\",\"tsuite\":0}", /* a suite without a def */
      "{\"type\":\"test:start\",\"title\":\"t\",\"tsuite\":0,\"tdef\":1}", /* empty slot */
      "{\"type\":\"test:start\",\"title\":\"t\",\"tsuite\":9,\"tdef\":1}", /* not a suite */
      "{\"type\":\"test:pass\",\"tref\":9,\"tdef\":1,\"title\":\"t\"}",
  };
  ipc_reader_t r = {SBUF_INIT};
  json_t *got = json_array();
  /* Slot 9 holds a test's group; slot 0 stays empty. */
  const char *def =
      "{\"type\":\"test:start\",\"title\":\"t\",\"fullTitle\":\"s t\","
      "\"parent\":\"s\",\"file\":\"/f.js\",\"tdef\":9}\n";
  assert_int_equal(ipc_reader_feed(&r, def, strlen(def), collect, got), 0);
  for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
    sbuf_t line = SBUF_INIT;
    sbuf_puts(&line, bad[i]);
    sbuf_putc(&line, '\n');
    if (ipc_reader_feed(&r, line.data, line.len, collect, got) != 1)
      fail_msg("accepted %s", bad[i]);
    sbuf_free(&line);
  }
  assert_int_equal(json_array_size(got), 1);
  /* The reference keys mean nothing inside a member, or to ipc_decode. */
  const char *inner = "{\"type\":\"x\",\"o\":{\"tref\":3}}\n";
  assert_int_equal(ipc_reader_feed(&r, inner, strlen(inner), collect, got), 0);
  json_t *plain = ipc_decode("{\"tref\":3}", strlen("{\"tref\":3}"));
  assert_int_equal(json_integer_value(json_object_get(plain, "tref")), 3);
  json_decref(plain);
  /* And slot 9 still answers. */
  const char *use = "{\"type\":\"test:pass\",\"tref\":9}\n";
  assert_int_equal(ipc_reader_feed(&r, use, strlen(use), collect, got), 0);
  json_t *last_msg = json_array_get(got, json_array_size(got) - 1);
  assert_string_equal(json_string_value(json_object_get(last_msg, "fullTitle")), "s t");
  assert_string_equal(json_string_value(json_object_get(last_msg, "file")), "/f.js");
  json_decref(got);
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
      cmocka_unit_test(test_titles_sent_once),
      cmocka_unit_test(test_titles_every_shape),
      cmocka_unit_test(test_titles_bad_references),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
