/* runner_internal: the runnable tree, the executor's state and the functions shared by
 * tree.c (building and selecting), invoke.c (calling one function and settling it),
 * events.c (what the runner reports), late.c (errors that arrive after their runnable
 * ended, and draining a spec file's timers), objects.c (mocha's Test, Hook and Suite objects
 * for JavaScript) and runner.c (stepping, lifecycle). Not for other modules. */
#ifndef SONDE_FRAMEWORKS_RUNNER_INTERNAL_H
#define SONDE_FRAMEWORKS_RUNNER_INTERNAL_H

#define FW_CONFIG_HOOKS 6 /* beforeSuite afterSuite beforeHook afterHook beforeTest afterTest */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/sbuf.h"
#include "frameworks/runner.h"
#include "js/inspect.h"
#include "js/jsutil.h"

/* How a runnable's last run ended, as mocha's `state` says it. */
typedef enum { FW_STATE_NONE, FW_STATE_PASSED, FW_STATE_FAILED, FW_STATE_PENDING } fw_state_t;

typedef struct fw_runnable {
  fw_kind_t kind;
  char *title; /* UTF-8, title_len bytes: may hold NULs ('a\0b') */
  size_t title_len;
  JSObjectRef fn; /* protected; NULL for a pending test or a bad argument */
  bool bad_fn;    /* something other than a function was given: fails when run */
  fw_suite_t *parent;
  bool only, skip;
  bool dropped;      /* left out by .only (mocha removes it from its suite) */
  double timeout_ms; /* copied from its suite when made; 0: none */
  int retries;       /* likewise; -1 as mocha's default: none */
  double slow_ms;    /* likewise (reported only) */
  bool selected;     /* after only/grep */
  fw_state_t state;
  double duration;
  int attempt; /* the current retry of a test */
  bool timed_out;
  struct fw_runnable *for_test; /* a hook: the test its last run was for (its title) */
  JSValueRef hook_error; /* a hook's this.test.error(err): fails the current test; protected */
  JSObjectRef obj;       /* its Test or Hook object for JavaScript; protected; NULL until made */
  int arity;             /* fn.length, read on the first run; -1 until then */
  char *pending_reason;  /* reported with test:pending; NULL for none; may hold NULs */
  size_t pending_reason_len;
} fw_runnable_t;

typedef struct {
  fw_runnable_t **items;
  size_t len, cap;
} runnable_vec_t;

struct fw_suite {
  char *title; /* UTF-8, title_len bytes: may hold NULs */
  size_t title_len;
  char *file; /* the spec file that declared it */
  fw_suite_t *parent;
  runnable_vec_t tests;
  runnable_vec_t hooks[4];
  fw_suite_t **suites;
  size_t n_suites, cap_suites;
  bool only, skip;
  bool bail;         /* mocha's suite.bail(): inherited when the suite is made */
  double timeout_ms; /* copied from the parent when made (the root: the options) */
  int retries;
  double slow_ms;
  JSObjectRef ctx; /* mocha Context for `this`; protected */
  JSObjectRef obj; /* its Suite object for JavaScript; protected; NULL until made */
  bool has_selected;
  bool aborted;  /* a hook failed: remaining tests and child suites do not run */
  bool skip_all; /* this.skip() in `before all`: remaining tests are pending */
  /* Declaration order of tests (i) and child suites (-1 - i), used with the interface's
   * declaration_order. */
  int *order;
  size_t n_order, cap_order;
};

typedef enum { SF_START, SF_BEFORE_ALL, SF_TESTS, SF_SUITES, SF_AFTER_ALL, SF_END } suite_phase_t;
typedef enum { TF_BEFORE_EACH, TF_TEST, TF_AFTER_TEST, TF_AFTER_EACH, TF_END } test_phase_t;

typedef struct {
  fw_suite_t *suite;
  suite_phase_t phase;
  size_t index;
  double started;
  bool before_suite_called; /* the config's beforeSuite/afterSuite hooks */
  bool after_suite_called;
} suite_frame_t;

typedef struct {
  fw_runnable_t *test;
  bool abandoned; /* a `before each` hook failed: the test is not reported */
  test_phase_t phase;
  size_t index;
  runnable_vec_t before_each; /* borrowed pointers, outer → inner */
  runnable_vec_t after_each;  /* inner → outer */
  fw_suite_t *after_from;     /* run only the after each hooks of this suite and above
                                * (a before each hook of it failed or skipped); NULL: all */
  JSValueRef error;           /* protected; the test's failure */
  JSValueRef late_error;      /* protected; an error after it settled (see late.c) */
  bool late_forced;
  bool skipped;
  bool retrying; /* failed with retries left: run again after after each */
  double duration;
  bool before_test_called; /* the config's beforeTest/afterTest hooks */
  bool after_test_called;
  bool each_done;        /* spec_scope: its afterEach hooks have run */
  bool body_skipped;     /* spec_scope: a beforeEach failed, the function does not run */
  JSObjectRef spec_this; /* protected; the interface's `this` for it, or NULL */
} test_frame_t;

/* The `done` callback of one invocation, shared by the JS closure and the invocation
 * (reference counted: whichever lets go last frees it). It remembers how its invocation
 * ended, so that a later call is recognised as a second done(). */
typedef struct {
  fw_runner_t *r;
  fw_runnable_t *rn;
  unsigned serial;
  int refs;
  bool finished;      /* the invocation settled (any way) */
  bool quiet;         /* ... by its timeout (as mocha) or an uncaught error: a later
                         * done() is ignored */
  bool error_handled; /* a second done() was reported already (or the call threw) */
} fw_done_ref_t;

/* The JS function currently running and how it ended. */
typedef struct {
  unsigned serial;
  fw_runnable_t *runnable;
  bool running; /* started, not yet processed */
  bool settled;
  bool skip_requested;   /* this.skip() */
  bool returned_promise; /* a function with `done` also returned a promise */
  JSValueRef error;      /* protected */
  JSValueRef late_error; /* protected; an uncaught error after it settled, before processing */
  bool late_forced;      /* late_error is a second done(): reported whatever the state */
  fw_done_ref_t *done;   /* the invocation's done callback (a reference), or NULL */
  double started;
  double timeout_ms;
  uv_timer_t timeout_timer;
  uint64_t settle_call; /* fw_settle_fire queued (js_runtime_after_immediates id), or 0 */
} invocation_t;

struct fw_runner {
  js_realm_t *realm;
  JSGlobalContextRef ctx;
  fw_options_t opts;
  char *file;
  JSObjectRef grep; /* RegExp; protected; NULL for none */
  fw_emit_fn emit;
  void *emit_ud;
  fw_suite_t *root;
  fw_suite_t *collecting;
  JSObjectRef skip_marker; /* thrown by this.skip(); protected */
  suite_frame_t *frames;
  size_t n_frames, cap_frames;
  test_frame_t tf;
  bool test_active;
  invocation_t inv;
  fw_runnable_t *last; /* the runnable started last (mocha's currentRunnable) */
  int handles_open;
  bool aborted;       /* a runnable that had passed failed late: stop the run */
  bool finished;      /* the tree has run (late errors may still be reported) */
  bool done_called;   /* `done` was called: the caller may free the runner */
  bool draining;      /* waiting for the spec file's timers after the last test */
  bool emitting_late; /* events now are late outcomes (marked "late") */
  bool freeing;
  fw_done_fn done;
  void *done_ud;
  bool running;              /* fw_runner_run was called */
  bool prepared;             /* only/grep selection done */
  fw_hook_call_fn hook_call; /* the config's hooks (beforeTest ...); NULL for none */
  fw_hook_defined_fn hook_defined;
  signed char hook_known[FW_CONFIG_HOOKS]; /* 0: not asked yet, 1: defined, -1: not */
  void *hook_ud;
  uint64_t resume_call;     /* resume_fire queued after a config hook (an id), or 0 */
  uv_timer_t drain_timer;   /* the bound of the drain */
  uv_check_t drain_check;   /* ends the drain once no timer is left */
  fw_runnable_t *deferred;  /* a mocha hook to invoke once beforeHook has run */
  JSValueRef *early_errors; /* uncaught before the run began; protected (late.c) */
  size_t n_early_errors;
  fw_stats_t stats;
  double started;
  const fw_iface_t *iface; /* another interface's changes; NULL for mocha */
};

/* ---- tree.c ---- */
double fw_now_ms(void);
void fw_vec_push(runnable_vec_t *v, fw_runnable_t *x);
fw_suite_t *fw_suite_new(fw_runner_t *r, fw_suite_t *parent, const char *title, size_t title_len);
void fw_suite_free(fw_runner_t *r, fw_suite_t *s);
fw_runnable_t *fw_runnable_new(fw_runner_t *r, fw_kind_t kind, const char *title, size_t title_len,
                               JSValueRef fn);
/* The suite titles and `leaf` (leaf_len bytes; NULL for none) joined by spaces, as mocha's
 * fullTitle(); its length in *len (titles may hold NULs). */
char *fw_full_title(const fw_suite_t *s, const char *leaf, size_t leaf_len, size_t *len);
bool fw_has_only(const fw_suite_t *s);
void fw_mark_all(fw_suite_t *s, bool on);
bool fw_filter_only(fw_suite_t *s);
bool fw_select_tests(fw_runner_t *r, fw_suite_t *s);
/* Makes the tests fw_select_tests left out pending ones (fw_iface_t.unselected_pending);
 * returns whether something in `s` still runs. */
bool fw_unselected_pending(fw_runner_t *r, fw_suite_t *s);
/* Whether grep's RegExp matches `title` (true without grep; invert not applied). */
bool fw_grep_raw(fw_runner_t *r, const char *title, size_t title_len);
bool fw_suite_skipped(const fw_suite_t *s);
bool fw_suite_aborted(const fw_runner_t *r, const fw_suite_t *s);
/* mocha's `failures && suite.bail()`: no further test or suite starts. */
bool fw_bail_now(const fw_runner_t *r, const fw_suite_t *s);
double fw_effective_timeout(const fw_runner_t *r, const fw_runnable_t *rn);
int fw_effective_retries(const fw_runner_t *r, const fw_runnable_t *rn);
double fw_effective_slow(const fw_runner_t *r, const fw_runnable_t *rn);
/* The first (or last) test declared directly in `s`, as mocha names `all` hooks. */
fw_runnable_t *fw_own_edge_test(const fw_suite_t *s, bool last);

/* ---- events.c ---- */
json_t *fw_error_json(fw_runner_t *r, JSValueRef err);
void fw_emit(fw_runner_t *r, json_t *ev);
json_t *fw_test_event(fw_runner_t *r, const char *type, fw_suite_t *parent, const char *title,
                      size_t title_len);
/* The hook's title as mocha reports it: "\"before each\" hook: name for \"test\"" (malloc'd,
 * its length in *len: the titles in it may hold NULs). */
char *fw_hook_title(const fw_runnable_t *hook, size_t *len);
/* Reports a failed hook (counts a failure). */
void fw_emit_hook_failure(fw_runner_t *r, fw_runnable_t *hook, JSValueRef err, double duration);
/* Reports a test's end: test:pass, test:fail, test:pending (forbidPending: a failure). */
void fw_emit_test_pass(fw_runner_t *r, fw_runnable_t *t, double duration, int retries);
void fw_emit_test_fail(fw_runner_t *r, fw_runnable_t *t, JSValueRef err, double duration,
                       int retries);
void fw_emit_pending(fw_runner_t *r, fw_runnable_t *t);
void fw_emit_suite(fw_runner_t *r, fw_suite_t *s, bool start, double duration);
/* An error as mocha makes it: `new Error(message)` with `code` when not NULL. */
JSObjectRef fw_make_error(fw_runner_t *r, const char *code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* ---- invoke.c ---- */
void fw_handle_closed(uv_handle_t *h);
void fw_invoke(fw_runner_t *r, fw_runnable_t *rn);
/* Records how the running function ended (once per invocation). */
void fw_settle(fw_runner_t *r, unsigned serial, JSValueRef error);
void fw_settle_fire(void *runner);
/* Sets a runnable's own timeout (0: none); the running one's timer follows. */
void fw_runnable_set_timeout(fw_runner_t *r, fw_runnable_t *rn, double ms);
/* What this.timeout(n), this.retries(n), this.slow(n) and the Test, Hook and Suite
 * methods of those names set: `value` made as mocha makes it (NaN and negatives are 0; a
 * suite's timeout beyond 2^31-1 ms is none) and given to `rn`, else to the suite `s`. */
typedef enum { FW_SETTING_TIMEOUT, FW_SETTING_RETRIES, FW_SETTING_SLOW } fw_setting_t;
void fw_apply_setting(fw_runner_t *r, fw_runnable_t *rn, fw_suite_t *s, fw_setting_t which,
                      double value);
/* Lets go of the invocation's done reference (when the next one starts, or at free). */
void fw_done_ref_release(fw_done_ref_t *ref);
JSValueRef fw_ctx_timeout(JSContextRef c, JSObjectRef f, JSObjectRef s, size_t n,
                          const JSValueRef a[], JSValueRef *e);
JSValueRef fw_ctx_retries(JSContextRef c, JSObjectRef f, JSObjectRef s, size_t n,
                          const JSValueRef a[], JSValueRef *e);
JSValueRef fw_ctx_skip(JSContextRef c, JSObjectRef f, JSObjectRef s, size_t n, const JSValueRef a[],
                       JSValueRef *e);
JSValueRef fw_ctx_slow(JSContextRef c, JSObjectRef f, JSObjectRef s, size_t n, const JSValueRef a[],
                       JSValueRef *e);
JSValueRef fw_ctx_bail(JSContextRef c, JSObjectRef f, JSObjectRef s, size_t n, const JSValueRef a[],
                       JSValueRef *e);
/* Getters (and setters) of this.currentTest and this.test (the root suite's context). */
JSValueRef fw_ctx_current_test(JSContextRef c, JSObjectRef f, JSObjectRef s, size_t n,
                               const JSValueRef a[], JSValueRef *e);
JSValueRef fw_ctx_test(JSContextRef c, JSObjectRef f, JSObjectRef s, size_t n, const JSValueRef a[],
                       JSValueRef *e);

/* ---- late.c ---- */
void fw_on_uncaught(js_realm_t *realm, JSValueRef error, bool is_rejection, void *ud);
/* An error for a runnable that already ended (an uncaught error after it, a second done()):
 * mocha's rules decide whether it is reported (forced: always) and whether the run stops. */
void fw_late_failure(fw_runner_t *r, fw_runnable_t *rn, JSValueRef err, bool forced);
/* After the last suite: waits (bounded) for the spec file's timers, then calls `done`. */
void fw_drain(fw_runner_t *r);
void fw_report_stray(fw_runner_t *r, JSValueRef error, bool is_rejection);

/* ---- objects.c (fw_runnable_object and fw_suite_object are in runner.h) ---- */
/* Detaches the objects from the tree before it is freed (they may outlive it). */
void fw_objects_detach(fw_runner_t *r, fw_suite_t *s);

/* ---- runner.c ---- */
void fw_step(fw_runner_t *r);
/* The tree has run and the drain is over: tells the caller. */
void fw_finish(fw_runner_t *r);

#endif
