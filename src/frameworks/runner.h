/* runner: the runnable tree shared by the test interfaces (suites, hooks, tests) and the
 * asynchronous executor that runs it the way mocha does: tests of a suite before its child
 * suites, `before all` → (`before each` outer→inner, test, `after each` inner→outer)… →
 * `after all`, per-runnable timeouts, retries, this.skip(), grep/only selection, bail.
 * Functions are called in the realm of the spec file; a runnable completes by returning,
 * by settling a returned promise, or by calling `done` when it declares a parameter.
 *
 * Memory: the runner owns the tree and every string in it; JS functions and contexts are
 * protected while the runner lives. Events are built as jansson objects that the emit
 * callback borrows for the duration of the call. */
#ifndef SONDE_FRAMEWORKS_RUNNER_H
#define SONDE_FRAMEWORKS_RUNNER_H

#include <JavaScriptCore/JavaScript.h>
#include <jansson.h>
#include <stdbool.h>

#include "js/runtime.h"

typedef struct fw_runner fw_runner_t;
typedef struct fw_suite fw_suite_t;
typedef struct fw_runnable fw_runnable_t;

typedef enum {
  FW_HOOK_BEFORE_ALL,
  FW_HOOK_BEFORE_EACH,
  FW_HOOK_AFTER_EACH,
  FW_HOOK_AFTER_ALL,
  FW_TEST,
} fw_kind_t;

typedef struct {
  double timeout_ms; /* default per-runnable timeout; 0 disables */
  int retries;       /* default retries of a failed test */
  bool bail;         /* stop after the first failed test */
  const char *grep;  /* RegExp source, or "/src/flags"; NULL for none */
  const char *fgrep; /* a literal substring (takes precedence over grep); NULL for none */
  bool invert;
  bool forbid_only;    /* a .only in the file fails the run */
  bool forbid_pending; /* pending/skipped tests fail */
  const char *file;    /* the spec file (named in timeout messages) */
  double drain_ms;     /* after the last test, how long the file's timers may still run
                        * (what they throw is reported); 0: not at all */
} fw_options_t;

typedef void (*fw_emit_fn)(json_t *event, void *userdata);
typedef void (*fw_done_fn)(fw_runner_t *runner, void *userdata);

/* Returns NULL with a message in `err` (malloc'd) when the grep pattern is invalid. */
fw_runner_t *fw_runner_new(js_realm_t *realm, const fw_options_t *opts, fw_emit_fn emit,
                           void *userdata, char **err);
void fw_runner_free(fw_runner_t *r);
fw_runner_t *fw_runner_of(JSContextRef ctx);
js_realm_t *fw_runner_realm(fw_runner_t *r);

/* ---- building the tree (interfaces call these while the spec file loads) ---- */
fw_suite_t *fw_root_suite(fw_runner_t *r);
/* The suite whose body is being collected (the root outside any describe). */
fw_suite_t *fw_collecting_suite(fw_runner_t *r);
/* Creates a suite and runs its body `fn` with the suite as the collecting one.
 * Returns NULL with *exception when the body threw. */
fw_suite_t *fw_add_suite(fw_runner_t *r, const char *title, JSValueRef fn, bool only, bool skip,
                         JSValueRef *exception);
/* `fn` NULL or undefined → a pending test; another non-function fails when it runs. */
fw_runnable_t *fw_add_test(fw_runner_t *r, const char *title, JSValueRef fn, bool only, bool skip,
                           int retries);
/* `fn` not a function: the hook fails when it runs (as in mocha). */
fw_runnable_t *fw_add_hook(fw_runner_t *r, fw_kind_t kind, const char *title, JSValueRef fn);
/* The same with titles of `len` bytes, which may hold NULs (a title from JavaScript). */
fw_suite_t *fw_add_suite_n(fw_runner_t *r, const char *title, size_t len, JSValueRef fn, bool only,
                           bool skip, JSValueRef *exception);
fw_runnable_t *fw_add_test_n(fw_runner_t *r, const char *title, size_t len, JSValueRef fn,
                             bool only, bool skip, int retries);
fw_runnable_t *fw_add_hook_n(fw_runner_t *r, fw_kind_t kind, const char *title, size_t len,
                             JSValueRef fn);
/* The objects mocha's interface returns: a Test or Hook (timeout, retries, slow, title,
 * fullTitle, state ...) and a Suite (timeout, retries, slow, bail ...). Made on first use,
 * kept while the runner lives. */
JSObjectRef fw_runnable_object(fw_runner_t *r, fw_runnable_t *rn);
JSObjectRef fw_suite_object(fw_runner_t *r, fw_suite_t *s);

/* ---- the config's hooks ---- */
/* Calls the config hook `name` (beforeSuite, afterSuite, beforeHook, afterHook, beforeTest,
 * afterTest) with argv. Returns false when the config has no such hook; otherwise it calls
 * resume(resume_ud) exactly once when the hook has settled (possibly before returning). */
typedef bool (*fw_hook_call_fn)(void *ud, const char *name, size_t argc, const JSValueRef argv[],
                                void (*resume)(void *), void *resume_ud);
/* Whether the config has the hook `name`: the runner builds a hook's arguments (test and
 * result objects) only for hooks that exist. */
typedef bool (*fw_hook_defined_fn)(void *ud, const char *name);
void fw_runner_set_hook_caller(fw_runner_t *r, fw_hook_call_fn fn, fw_hook_defined_fn defined,
                               void *ud);

/* The spec file being loaded (named in events and timeout messages). */
void fw_runner_set_file(fw_runner_t *r, const char *file);

/* ---- what another interface changes (jasmine.c); mocha sets none of it ---- */
typedef struct {
  void *ud;
  /* A suite's tests and child suites run interleaved, in `fw_suite_t.order` (declaration
   * order, which the interface may permute before the run). */
  bool declaration_order;
  /* The each hooks belong to their test: a failing beforeEach skips the test's function
   * (its afterEach hooks still run), errors of all three are handed to spec_error instead
   * of failing hooks, and the test is reported after its afterEach hooks. */
  bool spec_scope;
  /* After the first failed test, the rest of the file is reported pending (`after all`
   * hooks of suites already entered still run). */
  bool stop_on_failure;
  /* Called once before only/grep selection (the tree is complete). Returns true when it
   * chose the tests that run itself (`selected`; grep still applies), false for mocha's
   * .only rules. */
  bool (*prepare)(void *ud, fw_runner_t *r);
  /* A test begins: returns the `this` of its each hooks and itself, or NULL (its suite's). */
  JSObjectRef (*test_begin)(void *ud, fw_runnable_t *t);
  /* An error of a test or one of its each hooks (spec_scope). */
  void (*spec_error)(void *ud, fw_runnable_t *rn, JSValueRef err);
  /* The test's failure once its hooks have run (spec_scope), or NULL when it passed. */
  JSValueRef (*test_result)(void *ud, fw_runnable_t *t);
  /* Tests left out by focus or grep are reported pending (jasmine's "excluded", which
   * WebdriverIO reports as pending); a suite with nothing else to run runs no hooks. */
  bool unselected_pending;
  /* With declaration_order: the tests below a failed `before all` hook are reported failed
   * with this message (jasmine's "Not run because ..."); NULL: not reported (mocha). */
  const char *not_run_message;
  /* The error of a runnable that overran its timeout (NULL: mocha's). */
  JSObjectRef (*timeout_error)(void *ud, fw_runnable_t *rn, double ms);
  /* Sees every event before it is emitted (jasmine's own reporters), and the run's end. */
  void (*observe)(void *ud, const json_t *ev);
  void (*finish)(void *ud);
  /* The stack an error is reported with (malloc'd; NULL: js_error_stack's). */
  char *(*error_stack)(void *ud, JSValueRef err);
} fw_iface_t;
/* Borrowed: must outlive the runner. */
void fw_runner_set_iface(fw_runner_t *r, const fw_iface_t *iface);
/* A pending test's reason (reported with test:pending). */
void fw_runnable_set_pending_reason(fw_runnable_t *rn, const char *reason);
/* The same with a reason of `len` bytes, which may hold NULs (jasmine's pending(reason)). */
void fw_runnable_set_pending_reason_n(fw_runnable_t *rn, const char *reason, size_t len);
/* Ends the running function as pending (pending() in jasmine): throw the returned marker. */
JSValueRef fw_runner_skip_current(fw_runner_t *r);

/* ---- running ---- */
/* Applies .only and grep; returns how many tests will run, or -1 with a malloc'd message in
 * `err` (forbidOnly). fw_runner_run prepares by itself when the caller did not. */
int fw_runner_prepare(fw_runner_t *r, char **err);
void fw_runner_run(fw_runner_t *r, fw_done_fn done, void *userdata);

typedef struct {
  int passes, failures, pending, tests_total;
  double duration_ms;
} fw_stats_t;
void fw_runner_stats(const fw_runner_t *r, fw_stats_t *out);

/* ---- the mocha interface (mocha.c) ---- */
/* Installs describe/it/... (ui "bdd") or suite/test/... (ui "tdd") on the realm's global. */
int fw_mocha_install(fw_runner_t *r, const char *ui);

#endif
