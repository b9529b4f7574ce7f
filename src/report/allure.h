/* allure reporter: Allure 2 results (allure-js-commons' file format, §3 of
 * shared/reference/wdio-conventions.md) in `outputDir` (default allure-results):
 *   <uuid>-result.json      one per test, written as soon as the test ends; a retried
 *                           attempt gets its own (same historyId, so Allure lists it under
 *                           the final one's retries); a failed hook and a spec file that
 *                           failed outside any test become broken results too;
 *   <uuid>-attachment.json  the request and the response of every HTTP exchange, each
 *                           exchange one step of its test ("GET /users/1 → 200");
 *   <uuid>-attachment.txt   a test's console lines, with addConsoleLogs;
 *   <uuid>-container.json   per suite whose before/after all hooks made requests: the
 *                           fixtures with those steps, and the suite's tests as children;
 *   environment.properties  reportedEnvironmentVars, as "key = value" lines.
 * Every file is written through a temporary file and a rename, so the folder never holds a
 * half-written one.
 *
 * Ownership: the reporter copies the options; nothing is borrowed past a call. */
#ifndef SONDE_REPORT_ALLURE_H
#define SONDE_REPORT_ALLURE_H

#include <jansson.h>
#include <stdbool.h>

#include "report/events.h"

typedef struct {
  const char *output_dir;    /* absolute; NULL → <cwd>/allure-results */
  bool disable_steps;        /* disableWebdriverStepsReporting: no exchange steps */
  bool disable_screenshots;  /* disableWebdriverScreenshotsReporting: API runs take none */
  bool disable_hooks;        /* disableMochaHooks: no containers */
  bool add_console_logs;     /* a test's console lines as an attachment */
  const json_t *environment; /* reportedEnvironmentVars (object of strings), or NULL */
  const char *framework;     /* the "framework" label; NULL → "wdio" */
} allure_opts_t;

reporter_t *allure_reporter_new(const allure_opts_t *opts);

/* "specs/users.spec.js" → "specs.users.spec.js" (the package label). Caller frees. */
char *allure_package_label(const char *spec_display);

#endif
