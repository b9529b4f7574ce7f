/* events: the message schema between workers and the launcher, shared by both sides.
 *
 * The channel is newline-delimited JSON (one object per line, UTF-8, no raw newlines inside
 * a message), every object with a "type" member.
 *
 * Launcher → worker:
 *   {"type":"init","config":"<abs path>","overrides":{...},"argv":[...]}   once, first
 *       (+ "openapiDocuments":{"<url>":"<text>"}: API documents the launcher fetched)
 *   {"type":"run","cid":"0-0","spec":"<abs path>","capabilities":{...}}  one job
 *   {"type":"shutdown"}                                                   finish and exit 0
 *   {"type":"store:reply","id":N,"value"?,"error"?}   the answer to a shared-store request
 *
 * Worker → launcher (every job message carries "cid"):
 *   {"type":"ready"}                                  the worker can take a job
 *   {"type":"store","id":N,"op","key","value"?,"timeout"?}   a shared-store request
 *       (store/store.h; op get|set|setPool|getFromPool|addToPool), from any realm
 *   {"type":"secret","hex":"<value in hex>"}          a secret the worker learned
 *       (common/secret.h): the launcher masks what its reporters write from then on
 *   {"type":"runner:start","cid","spec"}              the spec file loaded; tests follow
 *   {"type":"suite:start","cid","title","fullTitle","file"}   (the root suite is not sent)
 *   {"type":"suite:end","cid","title","fullTitle","duration"}
 *   {"type":"test:start","cid","title","fullTitle","parent"}
 *   {"type":"test:pass","cid","title","fullTitle","parent","duration"}
 *   {"type":"test:fail","cid","title","fullTitle","parent","duration","error":ERROR}
 *       with "hook":"before all"|"after all"|"before each"|"after each" when a hook failed;
 *       the title is then mocha's: "\"before all\" hook for \"<test or suite title>\""
 *   {"type":"test:pending","cid","title","fullTitle","parent", "reason"?}  skipped or pending
 *                                                      (reason: jasmine's pending('...'), xit)
 *   {"type":"test:retry","cid","title","fullTitle","parent","duration","error":ERROR}
 *   {"type":"step:start","cid","title","keyword","text","test"}
 *   {"type":"step:end","cid","title","keyword","text","test","status","duration","error"?}
 *       framework cucumber: one pair per step of the running scenario (the test "test"),
 *       between its test:start and its end event; title is keyword and text ("Given a
 *       user"), status passed|failed|pending|skipped|undefined|ambiguous
 *       (not sent with cucumberOpts.scenarioLevelReporter)
 *   {"type":"scenario","cid","tags":["@a"],"parameters":[{"name","value"}]}
 *       framework cucumber: right after a scenario's test:start (each attempt), its tags and,
 *       for a Scenario Outline's row, the Examples values by column
 *   {"type":"log","cid","level":"log|info|warn|error|debug","text":"..."}
 *   {"type":"http","cid","method","url","status","statusText","duration",
 *    "request":{"headers","body"},"response":{"headers","body","size"},"error"?}
 *       one per finished HTTP exchange of the api client (api.h api_exchange_fn), sent
 *       when it ends: between test:start and the test's end event for exchanges of a test
 *       and its each-hooks, outside them for all-hooks and load time. Secret header values
 *       are "****", bodies truncated ("size" is the whole body's); without a response
 *       "status", "statusText" and "response" are absent and "error" says why.
 *   {"type":"openapi:coverage","cid","documents":[COVERAGE]}
 *       before runner:end when the job's contract checks (toSatisfyApiSpec) touched an API
 *       document: what they added to its counts (openapi.h openapi_coverage)
 *   {"type":"runner:end","cid","passes","failures","pending","duration","error":ERROR?}
 *       "error" only when the spec file itself failed (load or syntax error, crash);
 *       "modules": [abs paths] of the files the spec file loaded, in watch mode only
 *   ERROR = {"name":"AssertionError","message":"...","stack":"..."}
 *   Durations are milliseconds (numbers, may be fractional). Titles are strings; fullTitle
 *   is the suite titles and the test title joined by single spaces (mocha's fullTitle()).
 *
 * Titles once (worker → launcher; worker/ipc.c, hidden from everything above it): the
 * members "title", "fullTitle", "parent" and "file" of a message that has a "title" form
 * its title group. Both ends keep IPC_TITLE_SLOTS (256) slots of groups per channel. The
 * first message with a group carries it whole plus "tdef":SLOT (the slot now holds it);
 * a later message with the same group carries "tref":SLOT instead of its members. A test
 * whose fullTitle is its suite's fullTitle, a space and its title (or its title alone
 * when the suite's is empty), whose parent is the suite's title and whose file the
 * suite's, sends only "title" with "tsuite":SUITE_SLOT and "tdef":SLOT, where SUITE_SLOT
 * holds the group of its suite:start (title, fullTitle, file). The reader puts the
 * members back before anyone sees the message, so a test:pass goes as
 *   {"type":"test:pass","duration":1.2,"retries":0,"cid":"0-0","tref":17}
 * A reference to a slot that does not hold what it needs makes the line invalid. The
 * writer picks a group's slot by a hash of its strings; a group that finds another in its
 * slot is sent whole and replaces it.
 *
 * Batching: a worker's messages are queued in its outbox and written together before its
 * loop waits (so a test's end reaches the launcher no later than the worker's next wait
 * for I/O), at 64 KB, at exit, and at a test:start when nothing was written for 20 ms
 * (so a process that dies in a long test has told which test was running).
 */
#ifndef SONDE_REPORT_EVENTS_H
#define SONDE_REPORT_EVENTS_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

/* What every reporter knows about a job. Owned by the launcher; valid until job_end returns. */
typedef struct {
  const char *cid;          /* "0-0" */
  const char *spec;         /* absolute path */
  const char *spec_display; /* path relative to the working directory */
  const json_t *capabilities;
} report_job_t;

/* The file the run's OpenAPI coverage is written to: in the config's outputDir, and in the
 * json reporter's folder, where `sonde merge-reports` finds each shard's. */
#define REPORT_OPENAPI_COVERAGE_FILE "openapi-coverage.json"

typedef struct {
  int specs_passed;
  int specs_failed;
  int specs_skipped;
  int specs_retried;
  int specs_total;
  double duration_ms;
  /* The run's OpenAPI coverage as openapi-coverage.json holds it ({"documents": [...]},
   * openapi.h openapi_cov_document); NULL when no API document was used. */
  const json_t *openapi_coverage;
} report_summary_t;

typedef struct reporter reporter_t;
typedef struct {
  void (*event)(reporter_t *r, const report_job_t *job, const json_t *ev);
  /* `passed`: the job's spec file passed. A job whose worker died gets job_end without a
   * runner:end event before it (the launcher then passes a synthetic runner:end). */
  void (*job_end)(reporter_t *r, const report_job_t *job, bool passed);
  void (*run_end)(reporter_t *r, const report_summary_t *summary);
  void (*free)(reporter_t *r);
} reporter_ops_t;

struct reporter {
  const reporter_ops_t *ops;
};

#endif
