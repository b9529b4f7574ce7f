/* cuke_report_doc: a job's Cucumber Messages reduced to what reports show (each test
 * case's last attempt: its feature, scenario, status, duration and test steps with their
 * results and attachments), and the reports made from it: cucumberOpts.format junit
 * (cucumber-js's JUnit layout: one testsuite, one testcase per scenario), html (sonde's
 * own self-contained page: no scripts, the messages embedded for tools) and the console's
 * progress and summary (cucumber-js's texts).
 *
 * Memory: cuke_doc_from_messages returns a document the caller frees (cuke_doc_free); it
 * copies what it needs. The report functions return malloc'd text. */
#ifndef SONDE_FRAMEWORKS_CUCUMBER_CUKE_REPORT_DOC_H
#define SONDE_FRAMEWORKS_CUCUMBER_CUKE_REPORT_DOC_H

#include <jansson.h>
#include <stdbool.h>

typedef struct cuke_doc cuke_doc_t;

/* From an array of envelopes (cuke_msg_envelopes' order). */
cuke_doc_t *cuke_doc_from_messages(const json_t *envelopes);
void cuke_doc_free(cuke_doc_t *doc);

char *cuke_report_junit(const cuke_doc_t *doc);
/* `envelopes` are embedded as NDJSON in a script element that the page does not run. */
char *cuke_report_html(const cuke_doc_t *doc, const json_t *envelopes);
/* The summary (scenario and step counts, failures and warnings), after the progress line
 * of one character per step when `progress`. */
char *cuke_report_console(const cuke_doc_t *doc, bool progress);

#endif
