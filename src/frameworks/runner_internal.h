/* runner_internal: the runnable tree, the executor's state and the functions shared by
 * tree.c (building and selecting), invoke.c (calling one function and settling it) and
 * runner.c (events, stepping, lifecycle). Not for other modules. */
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

typedef struct fw_runnable {
  fw_kind_t kind;
  char *title;
  JSObjectRef fn;          /* protected; NULL for a pending test */
  fw_suite_t *parent;
  bool only, skip;
  double timeout_ms;       /* < 0: inherit */
  int retries;             /* < 0: inherit */
  bool selected;           /* after only/grep */
  JSObjectRef current;     /* a test's this.currentTest object, made on its first run;
                            * protected; NULL until then */
  int arity;               /* fn.length, read on the first run; -1 until then */
} fw_runnable_t;

typedef struct {
  fw_runnable_t **items;
  size_t len, cap;
} runnable_vec_t;

struct fw_suite {
  char *title;
  char *file;              /* the spec file that declared it */
  fw_suite_t *parent;
  runnable_vec_t tests;
  runnable_vec_t hooks[4];
  fw_suite_t **suites;
  size_t n_suites, cap_suites;
  bool only, skip;
  double timeout_ms;
  int retries;
  JSObjectRef ctx;         /* mocha Context for `this`; protected */
  bool has_selected;
  bool aborted;            /* a hook failed or bail: remaining tests do not run */
  bool skip_all;           /* this.skip() in `before all`: remaining tests are pending */
};

typedef enum { SF_START, SF_BEFORE_ALL, SF_TESTS, SF_SUITES, SF_AFTER_ALL, SF_END } suite_phase_t;
typedef enum { TF_BEFORE_EACH, TF_TEST, TF_AFTER_EACH, TF_REPORT } test_phase_t;

typedef struct {
  fw_suite_t *suite;
  suite_phase_t phase;
  size_t index;
  double started;
  bool before_suite_called;   /* the config's beforeSuite/afterSuite hooks */
  bool after_suite_called;
} suite_frame_t;

typedef struct {
  fw_runnable_t *test;
  test_phase_t phase;
  size_t index;
  runnable_vec_t before_each;  /* borrowed pointers, outer → inner */
  runnable_vec_t after_each;   /* inner → outer */
  int attempt;
  JSValueRef error;            /* protected; the test's failure */
  bool skipped;
  double duration;
  bool before_test_called;    /* the config's beforeTest/afterTest hooks */
  bool after_test_called;
} test_frame_t;

/* The JS function currently running and how it ended. */
typedef struct {
  unsigned serial;
  fw_runnable_t *runnable;
  bool running;         /* started, not yet processed */
  bool settled;
  bool skip_requested;  /* this.skip() */
  JSValueRef error;     /* protected */
  double started;
  double timeout_ms;
  uv_timer_t timeout_timer;
  uv_timer_t settle_timer;
} invocation_t;

struct fw_runner {
  js_realm_t *realm;
  JSGlobalContextRef ctx;
  fw_options_t opts;
  char *file;
  JSObjectRef grep;             /* RegExp; protected; NULL for none */
  fw_emit_fn emit;
  void *emit_ud;
  fw_suite_t *root;
  fw_suite_t *collecting;
  JSObjectRef skip_marker;      /* thrown by this.skip(); protected */
  suite_frame_t *frames;
  size_t n_frames, cap_frames;
  test_frame_t tf;
  bool test_active;
  invocation_t inv;
  int handles_open;
  bool bailed;
  bool finished;
  bool freeing;
  fw_done_fn done;
  void *done_ud;
  bool running;                 /* fw_runner_run was called */
  bool prepared;                /* only/grep selection done */
  fw_hook_call_fn hook_call;    /* the config's hooks (beforeTest ...); NULL for none */
  fw_hook_defined_fn hook_defined;
  signed char hook_known[FW_CONFIG_HOOKS]; /* 0: not asked yet, 1: defined, -1: not */
  void *hook_ud;
  uv_timer_t resume_timer;      /* continues the run after a config hook */
  fw_runnable_t *deferred;      /* a mocha hook to invoke once beforeHook has run */
  JSValueRef *load_rejections;  /* protected; see on_uncaught */
  size_t n_load_rejections;
  fw_stats_t stats;
  double started;
};

double fw_now_ms(void);
void fw_vec_push(runnable_vec_t *v, fw_runnable_t *x);
fw_suite_t *fw_suite_new(fw_runner_t *r, fw_suite_t *parent, const char *title);
void fw_suite_free(fw_runner_t *r, fw_suite_t *s);
fw_runnable_t *fw_runnable_new(fw_runner_t *r, fw_kind_t kind, const char *title,
                                   JSValueRef fn);
char *fw_full_title(const fw_suite_t *s, const char *leaf);
bool fw_has_only(const fw_suite_t *s);
void fw_mark_all(fw_suite_t *s, bool on);
bool fw_filter_only(fw_suite_t *s);
bool fw_select_tests(fw_runner_t *r, fw_suite_t *s);
bool fw_suite_skipped(const fw_suite_t *s);
bool fw_suite_aborted(const fw_runner_t *r, const fw_suite_t *s);
double fw_effective_timeout(const fw_runner_t *r, const fw_runnable_t *rn);
int fw_effective_retries(const fw_runner_t *r, const fw_runnable_t *rn);
json_t *fw_error_json(fw_runner_t *r, JSValueRef err);
void fw_emit(fw_runner_t *r, json_t *ev);
json_t *fw_test_event(fw_runner_t *r, const char *type, fw_suite_t *parent,
                          const char *title);
void fw_emit_hook_failure(fw_runner_t *r, fw_runnable_t *hook, fw_runnable_t *test,
                              JSValueRef err, double duration);
void fw_handle_closed(uv_handle_t *h);
void fw_invoke(fw_runner_t *r, fw_runnable_t *rn);
/* Records how the running function ended (once per call; a second done() is an error). */
void fw_settle(fw_runner_t *r, unsigned serial, JSValueRef error, bool from_done);
void fw_settle_fire(uv_timer_t *timer);
void fw_step(fw_runner_t *r);
JSValueRef fw_ctx_timeout(JSContextRef c, JSObjectRef f, JSObjectRef s, size_t n,
                          const JSValueRef a[], JSValueRef *e);
JSValueRef fw_ctx_retries(JSContextRef c, JSObjectRef f, JSObjectRef s, size_t n,
                          const JSValueRef a[], JSValueRef *e);
JSValueRef fw_ctx_skip(JSContextRef c, JSObjectRef f, JSObjectRef s, size_t n,
                       const JSValueRef a[], JSValueRef *e);
JSValueRef fw_ctx_slow(JSContextRef c, JSObjectRef f, JSObjectRef s, size_t n,
                       const JSValueRef a[], JSValueRef *e);
/* Getter and setter of this.currentTest and this.test (the root suite's context). */
JSValueRef fw_ctx_current_test(JSContextRef c, JSObjectRef f, JSObjectRef s, size_t n,
                               const JSValueRef a[], JSValueRef *e);

#endif
