/* spec reporter: WebdriverIO's spec reporter layout (see docs of §1 in
 * shared/reference/wdio-conventions.md). Collects each job's events, renders the job's
 * block when it ends, and prints every block under ` "spec" Reporter:` at run end. A failed
 * test's block entry ends with the last request and response it made (masked and
 * truncated by the worker). With realtimeReporting, each suite and test is also printed
 * the moment it starts or ends.
 * The reporter owns its copies of everything it keeps; `out` is borrowed. */
#ifndef SONDE_REPORT_SPEC_H
#define SONDE_REPORT_SPEC_H

#include <stdbool.h>
#include <stdio.h>

#include "report/events.h"

typedef struct {
  bool color;         /* ANSI colours (chalk's codes); false prints no escape code at all */
  bool only_failures; /* onlyFailures: blocks of jobs without a failure are left out */
  bool hide_preface;  /* showPreface: false — no "[browser version platform #cid]" */
  bool realtime;      /* realtimeReporting */
  /* symbols: NULL keeps WebdriverIO's "✓", "✖", "-" and "↻"; copied. */
  const char *symbol_passed, *symbol_failed, *symbol_skipped, *symbol_retried;
} spec_reporter_opts_t;

reporter_t *spec_reporter_new(FILE *out, const spec_reporter_opts_t *opts);

/* "244ms", "1.2s", "1m 5.3s" as WebdriverIO prints them (pretty-ms defaults): below a
 * second rounded milliseconds; above, seconds floored to one decimal, with whole values
 * and zero units shortened ("1s", "1m"). Non-positive or non-finite input gives "0ms".
 * Truncates like snprintf. Returns `buf`. */
const char *report_format_duration(double ms, char *buf, size_t size);

#endif
