/* test_frameworks_jasmine: jasmine-core's order key (the One-at-a-Time hash of seed + id
 * in JavaScript numbers: `+=` keeps doubles beyond int32, shifts and `^` wrap to int32),
 * against values V8 computes for the same keys. The e2e case jasmine-oracle compares
 * whole orders with jasmine-core; this one runs without node. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "frameworks/jasmine.h"

static void order_keys(void **state) {
  static const struct {
    const char *seed, *id;
    double key;
  } cases[] = {
      {"4321", "spec0", 2693717901},     {"4321", "suite12", 2930426100},
      {"4321", "spec123", 2630500659},   {"4321", "suite0", 2582271799},
      {"1", "spec0", 2259357257},        {"1", "suite12", 1848290752},
      {"1", "spec123", 3166143350},      {"1", "suite0", 1606265846},
      {"99999", "spec0", 1115812404},    {"99999", "suite12", 74651448},
      {"99999", "spec123", 413438042},   {"99999", "suite0", 2296789680},
      {"00123", "spec0", -1285193063},   {"00123", "suite12", 1700126680},
      {"00123", "spec123", 136668516},   {"00123", "suite0", 1198791108},
      {"271828", "spec0", 1340791013},   {"271828", "suite12", 717855924},
      {"271828", "spec123", 1655373689}, {"271828", "suite0", 282382046},
  };
  for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
    double got = fw_jasmine_order_key(cases[i].seed, cases[i].id);
    if (got != cases[i].key)
      fail_msg("seed %s id %s: %.0f, expected %.0f", cases[i].seed, cases[i].id, got, cases[i].key);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(order_keys),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
