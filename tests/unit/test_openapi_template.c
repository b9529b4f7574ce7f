/* Unit tests for openapi's path template match (oa_template_match in match.c): captures
 * (the first {param} as long as the rest allows; adjacent {params} split with one
 * character for each after the first), no match, too many params, and the work bounded:
 * templates that made plain backtracking exponential are counted in steps, not timed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "openapi/openapi_int.h"

/* "name=text" for each capture, ' '-separated, into buf. */
static const char *captures(const char *tpl, const char *path, char *buf, size_t size) {
  oa_capture_t caps[OA_MAX_CAPTURES + 1];
  if (!oa_template_match(tpl, path, caps)) return "(no match)";
  buf[0] = '\0';
  for (const oa_capture_t *c = caps; c->name; c++) {
    size_t n = strlen(buf);
    snprintf(buf + n, size - n, "%s%.*s=%.*s", n ? " " : "", (int)c->name_len, c->name, (int)c->len,
             c->text);
  }
  return buf;
}

static void test_captures(void **state) {
  char buf[512];
  assert_string_equal(captures("/f/{name}.{ext}", "/f/a.tar.gz", buf, sizeof buf),
                      "name=a.tar ext=gz");
  assert_string_equal(captures("/u/{id}/x", "/u/7/x", buf, sizeof buf), "id=7");
  assert_string_equal(captures("/p/{a}{b}{c}", "/p/abcdef", buf, sizeof buf), "a=abcd b=e c=f");
  assert_string_equal(captures("/p/{a}{b}{c}/x", "/p/ab/x", buf, sizeof buf), "(no match)");
  assert_string_equal(captures("/p/{a}{b}/{c}", "/p/ab/cd", buf, sizeof buf), "a=a b=b c=cd");
  assert_string_equal(captures("/u/{id}", "/u/", buf, sizeof buf), "(no match)");
  assert_string_equal(captures("/u/{id}", "/u/1/2", buf, sizeof buf), "(no match)");
  assert_string_equal(captures("/plain", "/plain", buf, sizeof buf), "");
  assert_false(oa_template_match("/plain", "/plainer", NULL));
}

static void test_bounded_work(void **state) {
  char path[256];
  memset(path, 'a', sizeof path);
  memcpy(path, "/p/", 3);
  strcpy(path + 63, "/y"); /* a 60-character segment, then not the template's /x */
  size_t steps = 0;
  assert_false(oa_template_match_counted("/p/{a}{b}{c}{d}{e}{f}{g}{h}/x", path, NULL, &steps));
  /* one run of params: each end of it tried once */
  assert_true(steps < 2 * 61 + 16);
  strcpy(path + 63, "/x");
  oa_capture_t caps[OA_MAX_CAPTURES + 1];
  assert_true(oa_template_match_counted("/p/{a}{b}{c}{d}{e}{f}{g}{h}/x", path, caps, &steps));
  assert_int_equal(caps[0].len, 53);
  assert_int_equal(caps[7].len, 1);
  assert_null(caps[8].name);
  /* params between literals: each (param, offset) tried once */
  char dots[202];
  dots[0] = '/';
  memset(dots + 1, '.', 200);
  dots[201] = '\0';
  assert_false(oa_template_match_counted("/{a}.{b}.{c}.{d}.{e}.{f}!", dots, NULL, &steps));
  assert_true(steps < 6 * 201 * 202);
  /* more than OA_MAX_CAPTURES params match nothing */
  char many[4 * (OA_MAX_CAPTURES + 1) + 2] = "/";
  char text[OA_MAX_CAPTURES + 3] = "/";
  for (int i = 0; i <= OA_MAX_CAPTURES; i++) strcat(many, "{p}");
  memset(text + 1, 'x', OA_MAX_CAPTURES + 1);
  text[OA_MAX_CAPTURES + 2] = '\0';
  assert_false(oa_template_match(many, text, caps));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_captures),
      cmocka_unit_test(test_bounded_work),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
