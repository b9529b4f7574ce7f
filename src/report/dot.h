/* dot reporter: WebdriverIO's dot reporter — one character per finished test (a green "."
 * when it passed, a cyan "." when it was skipped, a red "F" when it or a hook failed, or
 * when the spec file failed without a test),
 * printed at run end under "dot" Reporter:, before the launcher's summary. Characters are
 * spooled to a temporary file meanwhile. `out` is borrowed. */
#ifndef SONDE_REPORT_DOT_H
#define SONDE_REPORT_DOT_H

#include <stdbool.h>
#include <stdio.h>

#include "report/events.h"

reporter_t *dot_reporter_new(FILE *out, bool color);

#endif
