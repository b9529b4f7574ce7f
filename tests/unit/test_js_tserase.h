/* test_js_tserase.h: what the TypeScript eraser's unit tests share (test_js_tserase.c,
 * test_js_tserase_corpus.c): erasing an input that must erase, and checking a table of
 * inputs against their exact outputs and line counts, an input that must fail. Header-only, for test programs. */
#ifndef SONDE_TEST_JS_TSERASE_H
#define SONDE_TEST_JS_TSERASE_H

#include <stdlib.h>
#include <string.h>

#include "common/sbuf.h"
#include "js/ts_erase.h"

typedef struct {
  const char *in;
  const char *out;
} erase_case_t;

static size_t count_lines(const char *s, size_t n) {
  size_t lines = 1;
  for (size_t i = 0; i < n; i++) lines += s[i] == '\n';
  return lines;
}

/* Erases `src`, which must succeed; returns the output (caller frees). */
static char *erase(const char *src) {
  sbuf_t out = SBUF_INIT;
  ts_error_t err = {0};
  int rc = ts_erase(src, strlen(src), 0, &out, &err);
  if (rc != 0)
    print_error("unexpected error %u:%u: %s\nin: %s\n", err.line, err.column, err.message, src);
  assert_int_equal(rc, 0);
  return sbuf_take(&out);
}

static void check_cases(const erase_case_t *cases, size_t n) {
  for (size_t i = 0; i < n; i++) {
    char *got = erase(cases[i].in);
    if (strcmp(got, cases[i].out) != 0)
      print_error("case %zu\n  in:       %s\n  expected: %s\n  got:      %s\n", i, cases[i].in,
                  cases[i].out, got);
    assert_string_equal(got, cases[i].out);
    /* The lines of the source all stay (a file that stays a module may gain one after). */
    size_t in_lines = count_lines(cases[i].in, strlen(cases[i].in));
    size_t out_lines = count_lines(got, strlen(got));
    if (strstr(got, "\nexport {};")) out_lines--;
    assert_int_equal(in_lines, out_lines);
    free(got);
  }
}

/* test_NAME checks the table NAME_cases. */
#define TABLE_TEST(name)                                                       \
  static void test_##name(void **state) {                                      \
    (void)state;                                                               \
    check_cases(name##_cases, sizeof(name##_cases) / sizeof(name##_cases[0])); \
  }

/* Erasing `src` fails at line:column with a message holding `msg`; `out` stays untouched. */
static void expect_error(const char *src, unsigned line, unsigned column, const char *msg) {
  sbuf_t out = SBUF_INIT;
  sbuf_puts(&out, "keep");
  ts_error_t err = {0};
  assert_int_equal(ts_erase(src, strlen(src), 0, &out, &err), -1);
  assert_string_equal(sbuf_cstr(&out), "keep"); /* untouched on failure */
  if (err.line != line || err.column != column || !strstr(err.message, msg))
    print_error("in: %s\n  got %u:%u: %s\n", src, err.line, err.column, err.message);
  assert_int_equal(err.line, line);
  assert_int_equal(err.column, column);
  assert_non_null(strstr(err.message, msg));
  sbuf_free(&out);
}

#endif
