/* junit reporter: one JUnit XML document per job (WebdriverIO's junit reporter, §2 of
 * shared/reference/wdio-conventions.md), valid against the junit-10.xsd schema Jenkins'
 * xUnit plugin uses. Written with libxml2's xmlTextWriter when the job ends, to
 * <outputDir>/<name> through a temporary file and a rename; without an outputDir the
 * documents are printed at run end under "junit" Reporter: (spooled to a temporary file
 * until then).
 *
 * When the run used an API document (apiRunner.openapi), one more document follows at run
 * end, wdio-openapi-junit-reporter.log: a testsuite per API document without testcases,
 * its coverage in properties (openapi.coverage = "88.9", the percent of documented
 * responses exercised; openapi.exercised, openapi.documented, openapi.document).
 *
 * Ownership: the reporter copies the option strings and takes `namer` and `names`; `out` is
 * borrowed. */
#ifndef SONDE_REPORT_JUNIT_H
#define SONDE_REPORT_JUNIT_H

#include <stdbool.h>
#include <stdio.h>

#include "report/events.h"
#include "report/model.h"
#include "report/util.h"

/* Names the config may compute in JavaScript; each returns a malloc'd string, or NULL for
 * the built-in behaviour. */
typedef struct junit_names junit_names_t;
struct junit_names {
  /* suiteNameFormat as a RegExp: `title` split on it, empty parts dropped, joined by ' '. */
  char *(*prepare)(junit_names_t *n, const char *title);
  /* suiteNameFormat as a function of {name, suite}. */
  char *(*suite)(junit_names_t *n, const rm_job_t *job, const rm_suite_t *suite);
  /* classNameFormat({packageName, suite}). */
  char *(*class_name)(junit_names_t *n, const char *package, const rm_job_t *job,
                      const rm_suite_t *suite);
  void (*free)(junit_names_t *n);
};

typedef struct {
  const char *output_dir;   /* absolute; NULL prints the XML at run end */
  const char *package_name; /* NULL: the sanitized capabilities */
  bool add_file_attribute;  /* testcase@file (CircleCI; outside junit-10.xsd) */
  bool add_worker_logs;     /* a test's console lines in its system-out */
  /* errorOptions: which member of the error goes where; all NULL for the default
   * (<failure message="{message}" type="{name}"/>). */
  const char *error_field;      /* <error message="…"> */
  const char *failure_field;    /* <failure message="…"> */
  const char *stacktrace_field; /* text of <failure> */
  report_namer_t *namer;        /* outputFileFormat; taken, may be NULL */
  junit_names_t *names;         /* taken, may be NULL */
} junit_opts_t;

reporter_t *junit_reporter_new(FILE *out, bool color, const junit_opts_t *opts);

/* WebdriverIO's default name preparation: `title` split on /[^a-zA-Z0-9@]+/, empty parts
 * dropped, joined with single spaces. Caller frees. */
char *junit_prepare_name(const char *title);

/* The document of one finished job, as the reporter writes it (for tests). Caller frees;
 * NULL with a message in `err` when libxml2 failed. */
char *junit_render(const junit_opts_t *opts, const rm_job_t *job, sbuf_t *err);
/* The coverage document of a run from openapi-coverage.json's value; NULL with a message
 * in `err` when libxml2 failed. Caller frees. */
char *junit_render_openapi(const json_t *coverage, sbuf_t *err);

#endif
