/* Unit tests for http/sse: the event-stream parser, fed whole and cut at every byte. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "common/sbuf.h"
#include "http/sse.h"

/* Every event as "type|data|id\n", data with its LFs shown as '~'; retries as "retry=N\n". */
typedef struct {
  sbuf_t log;
} sink_t;

static void on_event(const sse_event_t *ev, void *ud) {
  sink_t *s = ud;
  assert_int_equal(strlen(ev->data), ev->data_len);
  sbuf_puts(&s->log, ev->type);
  sbuf_putc(&s->log, '|');
  for (size_t i = 0; i < ev->data_len; i++)
    sbuf_putc(&s->log, ev->data[i] == '\n' ? '~' : ev->data[i]);
  sbuf_printf(&s->log, "|%s\n", ev->id);
}

static void on_retry(long long ms, void *ud) {
  sink_t *s = ud;
  sbuf_printf(&s->log, "retry=%lld\n", ms);
}

static sse_parser_t *new_parser(sink_t *s, size_t max_line, size_t max_data) {
  sbuf_init(&s->log);
  sse_config_t cfg = {on_event, on_retry, s, max_line, max_data};
  return sse_parser_new(&cfg);
}

/* Parses `in` in one piece, then again one byte at a time, then cut in two at every place;
 * each must give `want`. */
static void check(const char *in, const char *want) {
  size_t n = strlen(in);
  sink_t s;
  sse_parser_t *p = new_parser(&s, 0, 0);
  assert_int_equal(sse_parser_feed(p, in, n), 0);
  assert_string_equal(sbuf_cstr(&s.log), want);
  sse_parser_free(p);
  sbuf_free(&s.log);

  p = new_parser(&s, 0, 0);
  for (size_t i = 0; i < n; i++) assert_int_equal(sse_parser_feed(p, in + i, 1), 0);
  assert_string_equal(sbuf_cstr(&s.log), want);
  sse_parser_free(p);
  sbuf_free(&s.log);

  for (size_t cut = 0; cut <= n; cut++) {
    p = new_parser(&s, 0, 0);
    assert_int_equal(sse_parser_feed(p, in, cut), 0);
    assert_int_equal(sse_parser_feed(p, in + cut, n - cut), 0);
    assert_string_equal(sbuf_cstr(&s.log), want);
    sse_parser_free(p);
    sbuf_free(&s.log);
  }
}

static void test_fields(void **state) {
  check("data: hello\n\n", "message|hello|\n");
  check("event: add\ndata: 1\n\n", "add|1|\n");
  check("data:no space\n\n", "message|no space|\n");
  check("data:  two spaces\n\n", "message| two spaces|\n"); /* only one space is dropped */
  check("data\n\n", "message||\n");                         /* a field with no colon */
  check("data:\n\n", "message||\n");
  check("data: a\ndata: b\n\n", "message|a~b|\n"); /* multi-line data */
  check("data: a\ndata:\ndata: b\n\n", "message|a~~b|\n");
  check("id: 7\ndata: x\n\n", "message|x|7\n");
  check("unknown: x\ndata: y\n\n", "message|y|\n"); /* unknown fields ignored */
  check("DATA: x\n\n", "");                         /* names are case-sensitive */
  check("data: a:b:c\n\n", "message|a:b:c|\n");     /* only the first colon splits */
}

static void test_line_ends(void **state) {
  check("data: a\r\n\r\n", "message|a|\n");
  check("data: a\r\rdata: b\r\r", "message|a|\nmessage|b|\n");
  check("data: a\n\ndata: b\r\n\r\ndata: c\r\r", "message|a|\nmessage|b|\nmessage|c|\n");
  check("data: a\r\ndata: b\n\r", "message|a~b|\n"); /* mixed in one event */
  check("data: a\n\r\n", "message|a|\n");            /* LF, then CRLF is a blank */
  check("data: a\r\n\n", "message|a|\n");
}

static void test_comments_and_blank(void **state) {
  check(": keep-alive\n\n", "");
  check(":\n:x\ndata: a\n: between\ndata: b\n\n", "message|a~b|\n");
  check("\n\n\n", "");
  /* An event type without data dispatches nothing and does not leak into the next event. */
  check("event: lonely\n\ndata: x\n\n", "message|x|\n");
}

static void test_event_type_resets(void **state) {
  check("event: a\ndata: 1\n\ndata: 2\n\n", "a|1|\nmessage|2|\n");
  check("event: a\nevent: b\ndata: 1\n\n", "b|1|\n");
  check("event:\ndata: 1\n\n", "message|1|\n"); /* an empty type is "message" */
}

static void test_ids(void **state) {
  /* The id stays in force for the following events until the server sets another. */
  check("id: 1\ndata: a\n\ndata: b\n\nid: 2\ndata: c\n\n",
        "message|a|1\nmessage|b|1\nmessage|c|2\n");
  check("id: 1\ndata: a\n\nid\ndata: b\n\n", "message|a|1\nmessage|b|\n"); /* reset to "" */
  /* An id with a NUL is ignored. */
  static const char with_nul[] = "id: 1\ndata: a\n\nid: x\0y\ndata: b\n\n";
  sink_t s;
  sse_parser_t *p = new_parser(&s, 0, 0);
  assert_int_equal(sse_parser_feed(p, with_nul, sizeof with_nul - 1), 0);
  assert_string_equal(sbuf_cstr(&s.log), "message|a|1\nmessage|b|1\n");
  sse_parser_free(p);
  sbuf_free(&s.log);
}

static void test_last_event_id_and_end(void **state) {
  sink_t s;
  sse_parser_t *p = new_parser(&s, 0, 0);
  assert_string_equal(sse_parser_last_event_id(p), "");
  /* An id with a blank line but no data still becomes the last event ID. */
  assert_int_equal(sse_parser_feed(p, "id: 5\n\n", 7), 0);
  assert_string_equal(sse_parser_last_event_id(p), "5");
  assert_string_equal(sbuf_cstr(&s.log), "");
  /* A stream that ends mid-event: the event and its id are dropped. */
  const char *cut = "id: 6\ndata: lost";
  assert_int_equal(sse_parser_feed(p, cut, strlen(cut)), 0);
  sse_parser_end(p);
  assert_string_equal(sse_parser_last_event_id(p), "5");
  /* The next stream starts clean, with the id kept. */
  const char *next = "data: new\n\n";
  assert_int_equal(sse_parser_feed(p, next, strlen(next)), 0);
  assert_string_equal(sbuf_cstr(&s.log), "message|new|5\n");
  sse_parser_set_last_event_id(p, "99");
  assert_int_equal(sse_parser_feed(p, next, strlen(next)), 0);
  assert_string_equal(sbuf_cstr(&s.log), "message|new|5\nmessage|new|99\n");
  sse_parser_free(p);
  sbuf_free(&s.log);
}

static void test_retry(void **state) {
  check("retry: 3000\n\n", "retry=3000\n");
  check("retry: 3000ms\nretry: -1\nretry: 1.5\nretry:\nretry: 12\n\n", "retry=12\n");
  check("retry: 99999999999999999999999\n\n", ""); /* out of range: ignored */
  check("retry:0\ndata: x\n\n", "retry=0\nmessage|x|\n");
}

static void test_bom(void **state) {
  check(
      "\xEF\xBB\xBF"
      "data: a\n\n",
      "message|a|\n");
  /* Only one BOM, only at the start: a second one is part of the field name. */
  check(
      "\xEF\xBB\xBF\xEF\xBB\xBF"
      "data: a\n\ndata: b\n\n",
      "message|b|\n");
  /* A partial BOM is text: here it makes an unknown field. */
  check(
      "\xEF\xBB"
      "data: a\n\ndata: b\n\n",
      "message|b|\n");
  check("data: \xEF\xBB\xBF\n\n", "message|\xEF\xBB\xBF|\n");
}

static void test_limits(void **state) {
  sink_t s;
  sse_parser_t *p = new_parser(&s, 16, 0);
  assert_int_equal(sse_parser_feed(p, "data: 0123456789", 16), 0);
  assert_int_equal(sse_parser_feed(p, "x", 1), -1);
  assert_non_null(sse_parser_error(p));
  assert_int_equal(sse_parser_feed(p, "\n\n", 2), -1); /* failed for good */
  assert_string_equal(sbuf_cstr(&s.log), "");
  sse_parser_end(p); /* a new stream may start */
  assert_null(sse_parser_error(p));
  assert_int_equal(sse_parser_feed(p, "data: ok\n\n", 10), 0);
  assert_string_equal(sbuf_cstr(&s.log), "message|ok|\n");
  sse_parser_free(p);
  sbuf_free(&s.log);

  /* One event's data is bounded even when each line is short. */
  p = new_parser(&s, 0, 15);
  assert_int_equal(sse_parser_feed(p, "data: 123456789\n", 16), 0);
  assert_int_equal(sse_parser_feed(p, "data: 123456789\n", 16), -1);
  sse_parser_free(p);
  sbuf_free(&s.log);
}

static void test_malformed_bytes(void **state) {
  /* Arbitrary bytes (NULs, invalid UTF-8, lone CRs) never crash and keep the rules. */
  static const char junk[] =
      "\0\xff\xfe:\r\x80"
      "data\0: z\n\ndata: \xc3\x28\n\n";
  sink_t s;
  sse_parser_t *p = new_parser(&s, 0, 0);
  assert_int_equal(sse_parser_feed(p, junk, sizeof junk - 1), 0);
  assert_string_equal(sbuf_cstr(&s.log), "message|\xc3\x28|\n");
  sse_parser_free(p);
  sbuf_free(&s.log);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_fields),
      cmocka_unit_test(test_line_ends),
      cmocka_unit_test(test_comments_and_blank),
      cmocka_unit_test(test_event_type_resets),
      cmocka_unit_test(test_ids),
      cmocka_unit_test(test_last_event_id_and_end),
      cmocka_unit_test(test_retry),
      cmocka_unit_test(test_bom),
      cmocka_unit_test(test_limits),
      cmocka_unit_test(test_malformed_bytes),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
