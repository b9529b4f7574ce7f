/* runner: see runner.h. The executor is a state machine over a stack of suite frames plus
 * at most one test in progress; it advances in fw_step until it has started a JS function,
 * and resumes when that function settles. Settling is always processed from a zero-delay
 * libuv timer, so a long run of synchronous tests never deepens the C stack, and a `done`
 * called twice in a row is still seen as such. */
#include "frameworks/runner.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/sbuf.h"
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
  void *hook_ud;
  uv_timer_t resume_timer;      /* continues the run after a config hook */
  fw_runnable_t *deferred;      /* a mocha hook to invoke once beforeHook has run */
  JSValueRef *load_rejections;  /* protected; see on_uncaught */
  size_t n_load_rejections;
  fw_stats_t stats;
  double started;
};

static void fw_step(fw_runner_t *r);

static double now_ms(void) {
  return (double)uv_hrtime() / 1e6;
}

static void vec_push(runnable_vec_t *v, fw_runnable_t *x) {
  if (v->len == v->cap) {
    v->cap = v->cap ? v->cap * 2 : 4;
    v->items = xrealloc(v->items, v->cap * sizeof(*v->items));
  }
  v->items[v->len++] = x;
}

/* ---- tree ---- */

static JSValueRef ctx_method(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                             const JSValueRef argv[], JSValueRef *exc, int which);

static JSValueRef ctx_timeout(JSContextRef c, JSObjectRef f, JSObjectRef s, size_t n,
                              const JSValueRef a[], JSValueRef *e) {
  return ctx_method(c, f, s, n, a, e, 0);
}
static JSValueRef ctx_retries(JSContextRef c, JSObjectRef f, JSObjectRef s, size_t n,
                              const JSValueRef a[], JSValueRef *e) {
  return ctx_method(c, f, s, n, a, e, 1);
}
static JSValueRef ctx_skip(JSContextRef c, JSObjectRef f, JSObjectRef s, size_t n,
                           const JSValueRef a[], JSValueRef *e) {
  return ctx_method(c, f, s, n, a, e, 2);
}
static JSValueRef ctx_slow(JSContextRef c, JSObjectRef f, JSObjectRef s, size_t n,
                           const JSValueRef a[], JSValueRef *e) {
  return s ? (JSValueRef)s : JSValueMakeUndefined(c);
}

static fw_suite_t *suite_new(fw_runner_t *r, fw_suite_t *parent, const char *title) {
  fw_suite_t *s = xcalloc(1, sizeof(*s));
  s->title = xstrdup(title);
  s->file = xstrdup(r->file ? r->file : "");
  s->parent = parent;
  s->timeout_ms = -1;
  s->retries = -1;
  s->ctx = JSObjectMake(r->ctx, NULL, NULL);
  if (parent) {
    JSObjectSetPrototype(r->ctx, s->ctx, parent->ctx);
  } else {
    js_set_function(r->ctx, s->ctx, "timeout", ctx_timeout);
    js_set_function(r->ctx, s->ctx, "retries", ctx_retries);
    js_set_function(r->ctx, s->ctx, "skip", ctx_skip);
    js_set_function(r->ctx, s->ctx, "slow", ctx_slow);
  }
  JSValueProtect(r->ctx, s->ctx);
  return s;
}

static void runnable_free(fw_runner_t *r, fw_runnable_t *rn) {
  if (rn->fn) JSValueUnprotect(r->ctx, rn->fn);
  free(rn->title);
  free(rn);
}

static void suite_free(fw_runner_t *r, fw_suite_t *s) {
  for (size_t i = 0; i < s->tests.len; i++) runnable_free(r, s->tests.items[i]);
  free(s->tests.items);
  for (int k = 0; k < 4; k++) {
    for (size_t i = 0; i < s->hooks[k].len; i++) runnable_free(r, s->hooks[k].items[i]);
    free(s->hooks[k].items);
  }
  for (size_t i = 0; i < s->n_suites; i++) suite_free(r, s->suites[i]);
  free(s->suites);
  JSValueUnprotect(r->ctx, s->ctx);
  free(s->title);
  free(s->file);
  free(s);
}

static fw_runnable_t *runnable_new(fw_runner_t *r, fw_kind_t kind, const char *title,
                                   JSValueRef fn) {
  fw_runnable_t *rn = xcalloc(1, sizeof(*rn));
  rn->kind = kind;
  rn->title = xstrdup(title ? title : "");
  rn->timeout_ms = -1;
  rn->retries = -1;
  rn->parent = r->collecting;
  if (fn && js_is_function(r->ctx, fn)) {
    rn->fn = (JSObjectRef)fn;
    JSValueProtect(r->ctx, rn->fn);
  }
  return rn;
}

fw_suite_t *fw_root_suite(fw_runner_t *r) {
  return r->root;
}

fw_suite_t *fw_collecting_suite(fw_runner_t *r) {
  return r->collecting;
}

bool fw_add_suite(fw_runner_t *r, const char *title, JSValueRef fn, bool only, bool skip,
                  JSValueRef *exception) {
  fw_suite_t *parent = r->collecting;
  fw_suite_t *s = suite_new(r, parent, title);
  s->only = only;
  s->skip = skip;
  if (parent->n_suites == parent->cap_suites) {
    parent->cap_suites = parent->cap_suites ? parent->cap_suites * 2 : 4;
    parent->suites = xrealloc(parent->suites, parent->cap_suites * sizeof(fw_suite_t *));
  }
  parent->suites[parent->n_suites++] = s;
  if (!fn || !js_is_function(r->ctx, fn)) return true;
  r->collecting = s;
  JSValueRef exc = NULL;
  js_call(r->ctx, fn, s->ctx, 0, NULL, &exc);
  r->collecting = parent;
  if (exc) {
    *exception = exc;
    return false;
  }
  return true;
}

void fw_add_test(fw_runner_t *r, const char *title, JSValueRef fn, bool only, bool skip,
                 int retries) {
  fw_runnable_t *t = runnable_new(r, FW_TEST, title, fn);
  t->only = only;
  t->skip = skip || !t->fn;
  t->retries = retries;
  vec_push(&r->collecting->tests, t);
}

void fw_add_hook(fw_runner_t *r, fw_kind_t kind, const char *title, JSValueRef fn) {
  if (kind == FW_TEST || !fn || !js_is_function(r->ctx, fn)) return;
  vec_push(&r->collecting->hooks[kind], runnable_new(r, kind, title, fn));
}

/* ---- titles ---- */

static void full_title_into(const fw_suite_t *s, sbuf_t *b) {
  if (!s || !s->parent) return; /* the root suite has no title */
  full_title_into(s->parent, b);
  if (b->len) sbuf_putc(b, ' ');
  sbuf_puts(b, s->title);
}

static char *full_title(const fw_suite_t *s, const char *leaf) {
  sbuf_t b = SBUF_INIT;
  full_title_into(s, &b);
  if (leaf) {
    if (b.len) sbuf_putc(&b, ' ');
    sbuf_puts(&b, leaf);
  }
  return sbuf_take(&b);
}

static bool grep_matches(fw_runner_t *r, const char *title) {
  if (!r->grep) return true;
  JSValueRef arg = js_make_string(r->ctx, title);
  JSValueRef res = js_call(r->ctx, js_get(r->ctx, r->grep, "test"), r->grep, 1, &arg, NULL);
  bool m = res && JSValueToBoolean(r->ctx, res);
  return r->opts.invert ? !m : m;
}

static bool has_only(const fw_suite_t *s) {
  for (size_t i = 0; i < s->tests.len; i++)
    if (s->tests.items[i]->only) return true;
  for (size_t i = 0; i < s->n_suites; i++)
    if (s->suites[i]->only || has_only(s->suites[i])) return true;
  return false;
}

static void mark_all(fw_suite_t *s, bool on) {
  for (size_t i = 0; i < s->tests.len; i++) s->tests.items[i]->selected = on;
  for (size_t i = 0; i < s->n_suites; i++) mark_all(s->suites[i], on);
}

/* mocha's Suite#filterOnly: a suite with `only` tests runs those and none of its child
 * suites; otherwise it runs its `only` suites (filtered again when they hold `only`s
 * themselves) and the child suites that have `only`s below them. Marks `selected`. */
static bool filter_only(fw_suite_t *s) {
  bool only_tests = false;
  for (size_t i = 0; i < s->tests.len; i++) only_tests = only_tests || s->tests.items[i]->only;
  if (only_tests) {
    for (size_t i = 0; i < s->tests.len; i++) s->tests.items[i]->selected = s->tests.items[i]->only;
    for (size_t i = 0; i < s->n_suites; i++) mark_all(s->suites[i], false);
    return true;
  }
  bool any = false;
  for (size_t i = 0; i < s->tests.len; i++) s->tests.items[i]->selected = false;
  for (size_t i = 0; i < s->n_suites; i++) {
    fw_suite_t *child = s->suites[i];
    if (child->only) {
      if (has_only(child)) filter_only(child);
      else mark_all(child, true);
      any = true;
    } else if (has_only(child)) {
      any = filter_only(child) || any;
    } else {
      mark_all(child, false);
    }
  }
  return any;
}

/* After only-filtering, applies grep to the full titles; counts and flags what runs. */
static bool select_tests(fw_runner_t *r, fw_suite_t *s) {
  bool any = false;
  for (size_t i = 0; i < s->tests.len; i++) {
    fw_runnable_t *t = s->tests.items[i];
    if (t->selected) {
      char *ft = full_title(s, t->title);
      t->selected = grep_matches(r, ft);
      free(ft);
    }
    if (t->selected) {
      any = true;
      r->stats.tests_total++;
    }
  }
  for (size_t i = 0; i < s->n_suites; i++)
    if (select_tests(r, s->suites[i])) any = true;
  s->has_selected = any;
  return any;
}

static bool suite_skipped(const fw_suite_t *s) {
  for (; s; s = s->parent)
    if (s->skip || s->skip_all) return true;
  return false;
}

static bool suite_aborted(const fw_runner_t *r, const fw_suite_t *s) {
  if (r->bailed) return true;
  for (; s; s = s->parent)
    if (s->aborted) return true;
  return false;
}

static double effective_timeout(const fw_runner_t *r, const fw_runnable_t *rn) {
  if (rn->timeout_ms >= 0) return rn->timeout_ms;
  for (const fw_suite_t *s = rn->parent; s; s = s->parent)
    if (s->timeout_ms >= 0) return s->timeout_ms;
  return r->opts.timeout_ms;
}

static int effective_retries(const fw_runner_t *r, const fw_runnable_t *rn) {
  if (rn->retries >= 0) return rn->retries;
  for (const fw_suite_t *s = rn->parent; s; s = s->parent)
    if (s->retries >= 0) return s->retries;
  return r->opts.retries;
}

/* ---- events ---- */

static json_t *error_json(fw_runner_t *r, JSValueRef err) {
  js_error_info_t info;
  js_error_info(r->ctx, err, &info);
  json_t *j = json_object();
  json_object_set_new(j, "name", json_string(info.name ? info.name : "Error"));
  json_object_set_new(j, "message", json_string(info.message ? info.message : ""));
  if (info.stack) {
    char *stack = js_error_stack(r->ctx, err);
    json_object_set_new(j, "stack", json_string(stack));
    free(stack);
  }
  if (info.source_url) json_object_set_new(j, "file", json_string(info.source_url));
  if (info.line) json_object_set_new(j, "line", json_integer(info.line));
  if (info.column) json_object_set_new(j, "column", json_integer(info.column));
  json_t *expected = NULL;
  JSValueRef exp = js_get(r->ctx, err, "expected"), act = js_get(r->ctx, err, "actual");
  if (!JSValueIsUndefined(r->ctx, exp) && (expected = js_to_json(r->ctx, exp)))
    json_object_set_new(j, "expected", expected);
  json_t *actual = NULL;
  if (!JSValueIsUndefined(r->ctx, act) && (actual = js_to_json(r->ctx, act)))
    json_object_set_new(j, "actual", actual);
  js_error_info_free(&info);
  return j;
}

static void emit(fw_runner_t *r, json_t *ev) {
  r->emit(ev, r->emit_ud);
  json_decref(ev);
}

static json_t *test_event(fw_runner_t *r, const char *type, fw_suite_t *parent,
                          const char *title) {
  char *ft = full_title(parent, title);
  json_t *ev = json_pack("{s:s, s:s, s:s, s:s}", "type", type, "title", title, "fullTitle", ft,
                         "parent", parent->parent ? parent->title : "");
  json_object_set_new(ev, "file", json_string(parent->parent ? parent->file : r->file));
  free(ft);
  return ev;
}

static const char *hook_name(fw_kind_t kind) {
  switch (kind) {
    case FW_HOOK_BEFORE_ALL: return "before all";
    case FW_HOOK_BEFORE_EACH: return "before each";
    case FW_HOOK_AFTER_EACH: return "after each";
    case FW_HOOK_AFTER_ALL: return "after all";
    default: return "test";
  }
}

/* First or last selected test below `s` (depth first), for mocha's hook titles. */
static fw_runnable_t *edge_test(fw_suite_t *s, bool last) {
  if (!last) {
    for (size_t i = 0; i < s->tests.len; i++)
      if (s->tests.items[i]->selected) return s->tests.items[i];
    for (size_t i = 0; i < s->n_suites; i++) {
      fw_runnable_t *t = edge_test(s->suites[i], false);
      if (t) return t;
    }
    return NULL;
  }
  for (size_t i = s->n_suites; i-- > 0;) {
    fw_runnable_t *t = edge_test(s->suites[i], true);
    if (t) return t;
  }
  for (size_t i = s->tests.len; i-- > 0;)
    if (s->tests.items[i]->selected) return s->tests.items[i];
  return NULL;
}

static void emit_hook_failure(fw_runner_t *r, fw_runnable_t *hook, fw_runnable_t *test,
                              JSValueRef err, double duration) {
  fw_suite_t *s = hook->parent;
  sbuf_t title = SBUF_INIT;
  sbuf_printf(&title, "\"%s\" hook", hook_name(hook->kind));
  if (hook->title[0]) sbuf_printf(&title, ": %s", hook->title);
  if (!test) test = edge_test(s, hook->kind == FW_HOOK_AFTER_ALL);
  if (test) sbuf_printf(&title, " for \"%s\"", test->title);
  else sbuf_printf(&title, " in \"%s\"", s->parent ? s->title : "{root}");
  json_t *ev = test_event(r, "test:fail", s, sbuf_cstr(&title));
  json_object_set_new(ev, "hook", json_string(hook_name(hook->kind)));
  json_object_set_new(ev, "duration", json_real(duration));
  json_object_set_new(ev, "error", error_json(r, err));
  sbuf_free(&title);
  r->stats.failures++;
  emit(r, ev);
}

/* ---- invoking one function ---- */

typedef struct {
  fw_runner_t *r;
  unsigned serial;
} inv_ref_t;

static void inv_ref_free(void *p) {
  free(p);
}

static void handle_closed(uv_handle_t *h) {
  fw_runner_t *r = h->data;
  if (--r->handles_open == 0 && r->freeing) free(r);
}

static void settle_fire(uv_timer_t *t);

static void settle(fw_runner_t *r, unsigned serial, JSValueRef error, bool from_done) {
  invocation_t *inv = &r->inv;
  if (serial != inv->serial || !inv->running) return;
  if (inv->settled) {
    /* Only a second done() in the same turn can arrive here; mocha fails the test. */
    if (from_done && !inv->error) {
      inv->error = js_make_error(r->ctx, "Error", "done() called multiple times");
      JSValueProtect(r->ctx, inv->error);
    }
    return;
  }
  inv->settled = true;
  if (error) {
    inv->error = error;
    JSValueProtect(r->ctx, error);
  }
  uv_timer_stop(&inv->timeout_timer);
  uv_timer_start(&inv->settle_timer, settle_fire, 0, 0);
}

static JSValueRef on_done(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                          const JSValueRef argv[], JSValueRef *exception) {
  inv_ref_t *ref = data;
  JSValueRef err = NULL;
  if (argc > 0 && !JSValueIsUndefined(ctx, argv[0]) && !JSValueIsNull(ctx, argv[0])) {
    err = argv[0];
    if (!JSValueIsObject(ctx, argv[0])) {
      char *s = js_value_to_utf8(ctx, argv[0]);
      char *msg = xasprintf("done() invoked with non-Error: %s", s);
      err = js_make_error(ctx, "Error", msg);
      free(s);
      free(msg);
    }
  }
  settle(ref->r, ref->serial, err, true);
  return JSValueMakeUndefined(ctx);
}

static JSValueRef on_fulfilled(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exception) {
  inv_ref_t *ref = data;
  settle(ref->r, ref->serial, NULL, false);
  return JSValueMakeUndefined(ctx);
}

static JSValueRef on_rejected(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exception) {
  inv_ref_t *ref = data;
  JSValueRef err = argc ? argv[0] : JSValueMakeUndefined(ctx);
  if (JSValueIsUndefined(ctx, err) || JSValueIsNull(ctx, err))
    err = js_make_error(ctx, "Error", "Promise rejected with no or falsy reason");
  settle(ref->r, ref->serial, err, false);
  return JSValueMakeUndefined(ctx);
}

static void timeout_fire(uv_timer_t *t) {
  fw_runner_t *r = t->data;
  invocation_t *inv = &r->inv;
  if (!inv->running || inv->settled) return;
  char *msg = xasprintf(
      "Timeout of %gms exceeded. For async tests and hooks, ensure \"done()\" is called; if "
      "returning a Promise, ensure it resolves. (%s)",
      inv->timeout_ms, inv->runnable->parent->parent ? inv->runnable->parent->file : r->file);
  JSObjectRef err = js_make_error(r->ctx, "Error", msg);
  js_set(r->ctx, err, "code", js_make_string(r->ctx, "ERR_MOCHA_TIMEOUT"));
  free(msg);
  settle(r, inv->serial, err, false);
}

static void arm_timeout(fw_runner_t *r) {
  invocation_t *inv = &r->inv;
  uv_timer_stop(&inv->timeout_timer);
  if (inv->timeout_ms > 0 && inv->running && !inv->settled) {
    double left = inv->timeout_ms - (now_ms() - inv->started);
    uv_timer_start(&inv->timeout_timer, timeout_fire, left > 0 ? (uint64_t)ceil(left) : 0, 0);
  }
}

static void set_current(fw_runner_t *r, fw_runnable_t *rn, JSObjectRef this_ctx) {
  fw_runnable_t *test = r->test_active ? r->tf.test : (rn->kind == FW_TEST ? rn : NULL);
  if (!test) {
    js_set(r->ctx, this_ctx, "currentTest", JSValueMakeUndefined(r->ctx));
    return;
  }
  JSObjectRef t = JSObjectMake(r->ctx, NULL, NULL);
  char *ft = full_title(test->parent, test->title);
  js_set(r->ctx, t, "title", js_make_string(r->ctx, test->title));
  js_set(r->ctx, t, "fullTitleText", js_make_string(r->ctx, ft));
  js_set(r->ctx, t, "file", js_make_string(r->ctx, r->file));
  free(ft);
  js_set(r->ctx, this_ctx, "currentTest", t);
  js_set(r->ctx, this_ctx, "test", t);
}

static void invoke(fw_runner_t *r, fw_runnable_t *rn) {
  invocation_t *inv = &r->inv;
  inv->serial++;
  inv->runnable = rn;
  inv->running = true;
  inv->settled = false;
  inv->skip_requested = false;
  inv->error = NULL;
  inv->started = now_ms();
  inv->timeout_ms = effective_timeout(r, rn);
  JSContextRef ctx = r->ctx;
  JSObjectRef this_ctx = rn->parent->ctx;
  set_current(r, rn, this_ctx);

  inv_ref_t *ref = xmalloc(sizeof(*ref));
  ref->r = r;
  ref->serial = inv->serial;
  double arity = js_get_number(ctx, rn->fn, "length", 0);
  JSValueRef exc = NULL, result;
  if (arity >= 1) {
    JSValueRef done = js_make_closure(ctx, "done", on_done, ref, inv_ref_free);
    result = js_call(ctx, rn->fn, this_ctx, 1, &done, &exc);
    if (!exc && !inv->settled) arm_timeout(r);
  } else {
    result = js_call(ctx, rn->fn, this_ctx, 0, NULL, &exc);
    if (!exc && js_is_thenable(ctx, result)) {
      if (js_then(ctx, result, on_fulfilled, on_rejected, ref, inv_ref_free, &exc)) {
        ref = NULL;
        if (!inv->settled) arm_timeout(r);
      }
    } else if (!exc) {
      settle(r, inv->serial, NULL, false);
    }
    free(ref);
  }
  if (exc) settle(r, inv->serial, exc, false);
}

/* ---- this.timeout() / this.retries() / this.skip() ---- */

static JSValueRef ctx_method(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                             const JSValueRef argv[], JSValueRef *exc, int which) {
  fw_runner_t *r = fw_runner_of(ctx);
  JSValueRef ret = self ? (JSValueRef)self : JSValueMakeUndefined(ctx);
  if (!r) return ret;
  fw_runnable_t *rn = r->inv.running ? r->inv.runnable : NULL;
  if (which == 2) { /* skip */
    if (rn) r->inv.skip_requested = true;
    else r->collecting->skip = true;
    *exc = r->skip_marker;
    return NULL;
  }
  if (argc < 1) {
    if (which == 0) return JSValueMakeNumber(ctx, rn ? effective_timeout(r, rn) : r->opts.timeout_ms);
    return JSValueMakeNumber(ctx, rn ? effective_retries(r, rn) : r->opts.retries);
  }
  double v = JSValueToNumber(ctx, argv[0], NULL);
  if (isnan(v) || v < 0) v = 0;
  if (which == 0) {
    if (v > 2147483647.0) v = 0; /* mocha: a huge timeout means none */
    if (rn) {
      rn->timeout_ms = v;
      r->inv.timeout_ms = v;
      arm_timeout(r);
    } else {
      r->collecting->timeout_ms = v;
    }
  } else {
    if (rn) rn->retries = (int)v;
    else r->collecting->retries = (int)v;
  }
  return ret;
}

/* ---- the config's hooks (beforeSuite, beforeTest, beforeHook ...) ---- */

static void resume_fire(uv_timer_t *t) {
  fw_runner_t *r = t->data;
  if (r->finished || r->freeing) return;
  fw_runnable_t *deferred = r->deferred;
  r->deferred = NULL;
  if (deferred) invoke(r, deferred);
  else fw_step(r);
}

static void hook_resume(void *ud) {
  fw_runner_t *r = ud;
  /* Always continue from the loop: the caller may still be inside fw_step. */
  uv_timer_start(&r->resume_timer, resume_fire, 0, 0);
}

/* Calls a config hook; true when the run must wait for it (resume_fire continues). */
static bool config_hook(fw_runner_t *r, const char *name, size_t argc, const JSValueRef argv[]) {
  if (!r->hook_call) return false;
  return r->hook_call(r->hook_ud, name, argc, argv, hook_resume, r);
}

static JSObjectRef suite_object(fw_runner_t *r, fw_suite_t *s) {
  JSObjectRef o = JSObjectMake(r->ctx, NULL, NULL);
  char *ft = full_title(s, NULL);
  js_set(r->ctx, o, "title", js_make_string(r->ctx, s->title));
  js_set(r->ctx, o, "fullTitle", js_make_string(r->ctx, ft));
  js_set(r->ctx, o, "parent", js_make_string(r->ctx, s->parent && s->parent->parent ? s->parent->title : ""));
  js_set(r->ctx, o, "file", js_make_string(r->ctx, r->file));
  free(ft);
  return o;
}

static JSValueRef test_object(fw_runner_t *r, fw_runnable_t *t) {
  if (!t) return JSValueMakeUndefined(r->ctx);
  JSObjectRef o = JSObjectMake(r->ctx, NULL, NULL);
  char *ft = full_title(t->parent, t->title);
  js_set(r->ctx, o, "title", js_make_string(r->ctx, t->title));
  js_set(r->ctx, o, "fullTitle", js_make_string(r->ctx, ft));
  js_set(r->ctx, o, "parent", js_make_string(r->ctx, t->parent->parent ? t->parent->title : ""));
  js_set(r->ctx, o, "file", js_make_string(r->ctx, r->file));
  js_set(r->ctx, o, "type", js_make_string(r->ctx, "test"));
  free(ft);
  return o;
}

static JSObjectRef result_object(fw_runner_t *r, JSValueRef error, double duration, bool passed) {
  JSObjectRef o = JSObjectMake(r->ctx, NULL, NULL);
  js_set(r->ctx, o, "error", error ? error : JSValueMakeUndefined(r->ctx));
  js_set(r->ctx, o, "result", JSValueMakeUndefined(r->ctx));
  js_set(r->ctx, o, "duration", JSValueMakeNumber(r->ctx, duration));
  js_set(r->ctx, o, "passed", JSValueMakeBoolean(r->ctx, passed));
  return o;
}

static const char *mocha_hook_title(fw_kind_t kind) {
  switch (kind) {
    case FW_HOOK_BEFORE_ALL: return "\"before all\" hook";
    case FW_HOOK_BEFORE_EACH: return "\"before each\" hook";
    case FW_HOOK_AFTER_EACH: return "\"after each\" hook";
    default: return "\"after all\" hook";
  }
}

/* Invokes a mocha hook, after the config's beforeHook when there is one. */
static void invoke_hook(fw_runner_t *r, fw_runnable_t *hook) {
  JSValueRef argv[3] = {test_object(r, r->test_active ? r->tf.test : NULL), hook->parent->ctx,
                        js_make_string(r->ctx, mocha_hook_title(hook->kind))};
  r->deferred = hook;
  if (config_hook(r, "beforeHook", 3, argv)) return;
  r->deferred = NULL;
  invoke(r, hook);
}

/* ---- stepping ---- */

static void push_frame(fw_runner_t *r, fw_suite_t *s) {
  if (r->n_frames == r->cap_frames) {
    r->cap_frames = r->cap_frames ? r->cap_frames * 2 : 8;
    r->frames = xrealloc(r->frames, r->cap_frames * sizeof(*r->frames));
  }
  r->frames[r->n_frames++] = (suite_frame_t){s, SF_START, 0, 0, false, false};
}

static void start_test(fw_runner_t *r, fw_runnable_t *t) {
  test_frame_t *tf = &r->tf;
  memset(tf, 0, sizeof(*tf));
  tf->test = t;
  tf->phase = TF_BEFORE_EACH;
  /* Hooks outer → inner for before each; inner → outer for after each. */
  size_t depth = 0;
  for (fw_suite_t *s = t->parent; s; s = s->parent) depth++;
  fw_suite_t **chain = xmalloc(depth * sizeof(*chain));
  size_t i = depth;
  for (fw_suite_t *s = t->parent; s; s = s->parent) chain[--i] = s;
  for (i = 0; i < depth; i++)
    for (size_t k = 0; k < chain[i]->hooks[FW_HOOK_BEFORE_EACH].len; k++)
      vec_push(&tf->before_each, chain[i]->hooks[FW_HOOK_BEFORE_EACH].items[k]);
  for (i = depth; i-- > 0;)
    for (size_t k = 0; k < chain[i]->hooks[FW_HOOK_AFTER_EACH].len; k++)
      vec_push(&tf->after_each, chain[i]->hooks[FW_HOOK_AFTER_EACH].items[k]);
  free(chain);
  r->test_active = true;
  json_t *ev = test_event(r, "test:start", t->parent, t->title);
  emit(r, ev);
}

static void end_test(fw_runner_t *r) {
  test_frame_t *tf = &r->tf;
  if (tf->error) JSValueUnprotect(r->ctx, tf->error);
  free(tf->before_each.items);
  free(tf->after_each.items);
  memset(tf, 0, sizeof(*tf));
  r->test_active = false;
}

static void emit_pending(fw_runner_t *r, fw_runnable_t *t) {
  if (r->opts.forbid_pending) {
    json_t *ev = test_event(r, "test:fail", t->parent, t->title);
    json_object_set_new(ev, "duration", json_real(0));
    json_object_set_new(ev, "error", json_pack("{s:s, s:s}", "name", "Error", "message",
                                               "Pending test forbidden"));
    r->stats.failures++;
    emit(r, ev);
    return;
  }
  r->stats.pending++;
  emit(r, test_event(r, "test:pending", t->parent, t->title));
}

/* Marks `s` and every suite below it as aborted (a hook failed there). */
static void abort_suite(fw_suite_t *s) {
  s->aborted = true;
}

static void report_test(fw_runner_t *r) {
  test_frame_t *tf = &r->tf;
  fw_runnable_t *t = tf->test;
  if (tf->skipped) {
    emit_pending(r, t);
    end_test(r);
    return;
  }
  if (tf->error) {
    int retries = effective_retries(r, t);
    if (tf->attempt < retries && !suite_aborted(r, t->parent)) {
      json_t *ev = test_event(r, "test:retry", t->parent, t->title);
      json_object_set_new(ev, "duration", json_real(tf->duration));
      json_object_set_new(ev, "error", error_json(r, tf->error));
      json_object_set_new(ev, "attempt", json_integer(tf->attempt + 1));
      emit(r, ev);
      JSValueUnprotect(r->ctx, tf->error);
      tf->error = NULL;
      tf->attempt++;
      tf->phase = TF_BEFORE_EACH;
      tf->index = 0;
      tf->before_test_called = tf->after_test_called = false;
      return;
    }
    json_t *ev = test_event(r, "test:fail", t->parent, t->title);
    json_object_set_new(ev, "duration", json_real(tf->duration));
    json_object_set_new(ev, "error", error_json(r, tf->error));
    json_object_set_new(ev, "retries", json_integer(tf->attempt));
    r->stats.failures++;
    emit(r, ev);
    if (r->opts.bail) r->bailed = true;
  } else {
    json_t *ev = test_event(r, "test:pass", t->parent, t->title);
    json_object_set_new(ev, "duration", json_real(tf->duration));
    json_object_set_new(ev, "retries", json_integer(tf->attempt));
    r->stats.passes++;
    emit(r, ev);
  }
  end_test(r);
}

/* Processes the settled invocation: records the outcome where the state machine waits. */
static void settle_fire(uv_timer_t *timer) {
  fw_runner_t *r = timer->data;
  invocation_t *inv = &r->inv;
  if (!inv->running) return;
  inv->running = false;
  fw_runnable_t *rn = inv->runnable;
  double duration = now_ms() - inv->started;
  JSValueRef err = inv->error;
  bool skipped = inv->skip_requested;
  inv->error = NULL;

  if (rn->kind == FW_TEST) {
    test_frame_t *tf = &r->tf;
    tf->duration = duration;
    if (skipped) tf->skipped = true;
    else if (err) {
      tf->error = err;
      JSValueProtect(r->ctx, err);
    }
    tf->phase = TF_AFTER_EACH;
    tf->index = 0;
  } else if (skipped) {
    if (rn->kind == FW_HOOK_BEFORE_ALL) rn->parent->skip_all = true;
    else if (r->test_active) {
      r->tf.skipped = true;
      if (r->tf.phase == TF_BEFORE_EACH) r->tf.phase = TF_AFTER_EACH, r->tf.index = 0;
    }
  } else if (err) {
    fw_runnable_t *test = r->test_active ? r->tf.test : NULL;
    emit_hook_failure(r, rn, test, err, duration);
    abort_suite(rn->parent);
    if (r->test_active) {
      /* The test does not count: its hook failed. Still run its after each hooks. */
      r->tf.skipped = false;
      if (r->tf.phase == TF_BEFORE_EACH) r->tf.phase = TF_AFTER_EACH, r->tf.index = 0;
      r->tf.test = NULL;
    }
  }
  bool waiting = false;
  if (rn->kind != FW_TEST) {
    JSValueRef argv[4] = {test_object(r, r->test_active ? r->tf.test : NULL), rn->parent->ctx,
                          result_object(r, err, duration, !err),
                          js_make_string(r->ctx, mocha_hook_title(rn->kind))};
    waiting = config_hook(r, "afterHook", 4, argv);
  }
  if (err) JSValueUnprotect(r->ctx, err);
  if (!waiting) fw_step(r);
}

static void finish(fw_runner_t *r) {
  r->finished = true;
  r->stats.duration_ms = now_ms() - r->started;
  if (r->done) r->done(r, r->done_ud);
}

/* Advances the test in progress; true when it started a function (wait for it). */
static bool step_test(fw_runner_t *r) {
  test_frame_t *tf = &r->tf;
  for (;;) {
    switch (tf->phase) {
      case TF_BEFORE_EACH:
        if (!tf->before_test_called && tf->index == 0) {
          tf->before_test_called = true;
          JSValueRef argv[2] = {test_object(r, tf->test), tf->test->parent->ctx};
          if (config_hook(r, "beforeTest", 2, argv)) return true;
        }
        if (tf->index < tf->before_each.len && !tf->skipped) {
          invoke_hook(r, tf->before_each.items[tf->index++]);
          return true;
        }
        tf->phase = TF_TEST;
        break;
      case TF_TEST:
        if (!tf->test || tf->skipped) {
          tf->phase = TF_AFTER_EACH;
          break;
        }
        invoke(r, tf->test);
        return true;
      case TF_AFTER_EACH:
        if (tf->index < tf->after_each.len) {
          invoke_hook(r, tf->after_each.items[tf->index++]);
          return true;
        }
        tf->phase = TF_REPORT;
        break;
      case TF_REPORT:
        if (!tf->test) { /* a hook failed: already reported */
          end_test(r);
          return false;
        }
        if (!tf->after_test_called && !tf->skipped) {
          tf->after_test_called = true;
          JSObjectRef result = result_object(r, tf->error, tf->duration, !tf->error);
          JSObjectRef retries = JSObjectMake(r->ctx, NULL, NULL);
          js_set(r->ctx, retries, "attempts", JSValueMakeNumber(r->ctx, tf->attempt));
          js_set(r->ctx, retries, "limit", JSValueMakeNumber(r->ctx, effective_retries(r, tf->test)));
          js_set(r->ctx, result, "retries", retries);
          JSValueRef argv[3] = {test_object(r, tf->test), tf->test->parent->ctx, result};
          if (config_hook(r, "afterTest", 3, argv)) return true;
        }
        report_test(r);
        if (!r->test_active) return false;
        break; /* retry: go around again */
    }
  }
}

static void fw_step(fw_runner_t *r) {
  while (!r->finished) {
    if (r->test_active) {
      if (step_test(r)) return;
      continue;
    }
    if (r->n_frames == 0) {
      finish(r);
      return;
    }
    suite_frame_t *f = &r->frames[r->n_frames - 1];
    fw_suite_t *s = f->suite;
    switch (f->phase) {
      case SF_START:
        if (!s->has_selected) {
          r->n_frames--;
          continue;
        }
        f->started = now_ms();
        if (s->parent) {
          json_t *ev = json_pack("{s:s, s:s}", "type", "suite:start", "title", s->title);
          char *ft = full_title(s, NULL);
          json_object_set_new(ev, "fullTitle", json_string(ft));
          json_object_set_new(ev, "file", json_string(s->file));
          free(ft);
          emit(r, ev);
        }
        f->phase = suite_skipped(s) ? SF_TESTS : SF_BEFORE_ALL;
        f->index = 0;
        if (s->parent && !f->before_suite_called) {
          f->before_suite_called = true;
          JSValueRef arg = suite_object(r, s);
          if (config_hook(r, "beforeSuite", 1, &arg)) return;
        }
        break;
      case SF_BEFORE_ALL:
        if (f->index < s->hooks[FW_HOOK_BEFORE_ALL].len && !suite_aborted(r, s) && !s->skip_all) {
          invoke_hook(r, s->hooks[FW_HOOK_BEFORE_ALL].items[f->index++]);
          return;
        }
        f->phase = SF_TESTS;
        f->index = 0;
        break;
      case SF_TESTS:
        if (f->index < s->tests.len) {
          fw_runnable_t *t = s->tests.items[f->index++];
          if (!t->selected || suite_aborted(r, s)) break;
          if (t->skip || suite_skipped(s)) emit_pending(r, t);
          else start_test(r, t);
          break;
        }
        f->phase = SF_SUITES;
        f->index = 0;
        break;
      case SF_SUITES:
        if (f->index < s->n_suites) {
          fw_suite_t *child = s->suites[f->index++];
          if (!suite_aborted(r, s) || suite_skipped(s)) push_frame(r, child);
          break;
        }
        f->phase = suite_skipped(s) && !s->skip_all ? SF_END : SF_AFTER_ALL;
        f->index = 0;
        break;
      case SF_AFTER_ALL:
        if (f->index < s->hooks[FW_HOOK_AFTER_ALL].len) {
          invoke_hook(r, s->hooks[FW_HOOK_AFTER_ALL].items[f->index++]);
          return;
        }
        f->phase = SF_END;
        break;
      case SF_END:
        if (s->parent && !f->after_suite_called) {
          f->after_suite_called = true;
          JSValueRef arg = suite_object(r, s);
          if (config_hook(r, "afterSuite", 1, &arg)) return;
        }
        if (s->parent) {
          json_t *ev = json_pack("{s:s, s:s}", "type", "suite:end", "title", s->title);
          char *ft = full_title(s, NULL);
          json_object_set_new(ev, "fullTitle", json_string(ft));
          json_object_set_new(ev, "duration", json_real(now_ms() - f->started));
          free(ft);
          emit(r, ev);
        }
        r->n_frames--;
        break;
    }
  }
}

/* ---- uncaught errors during a run ---- */

/* Between runnables there is nothing to fail: say so on the log channel. */
static void report_stray(fw_runner_t *r, JSValueRef error, bool is_rejection) {
  js_error_info_t info;
  js_error_info(r->ctx, error, &info);
  json_t *ev = json_pack("{s:s, s:s}", "type", "log", "level", "error");
  char *text = xasprintf("Uncaught %s outside a test: %s", is_rejection ? "rejection" : "error",
                         info.message ? info.message : "");
  json_object_set_new(ev, "text", json_string(text));
  free(text);
  js_error_info_free(&info);
  emit(r, ev);
}

static void on_uncaught(js_realm_t *realm, JSValueRef error, bool is_rejection, void *ud) {
  fw_runner_t *r = ud;
  if (r->inv.running && !r->inv.settled) {
    settle(r, r->inv.serial, error, false);
    return;
  }
  if (!r->running && is_rejection) {
    /* While the spec file loads, the engine reports the load promise's own rejection
     * before the loader can attach its handler: decide once the load has settled. */
    r->load_rejections = xrealloc(r->load_rejections,
                                  (r->n_load_rejections + 1) * sizeof(JSValueRef));
    r->load_rejections[r->n_load_rejections++] = error;
    JSValueProtect(r->ctx, error);
    return;
  }
  report_stray(r, error, is_rejection);
}

/* ---- lifecycle ---- */

static JSObjectRef make_grep(JSContextRef ctx, const char *src, char **err) {
  const char *pattern = src, *flags = "";
  char *copy = NULL;
  size_t n = strlen(src);
  if (n >= 2 && src[0] == '/') {
    const char *end = strrchr(src, '/');
    if (end > src && strspn(end + 1, "gimsuy") == strlen(end + 1)) {
      copy = xstrndup(src + 1, (size_t)(end - src - 1));
      pattern = copy;
      flags = end + 1;
    }
  }
  JSValueRef args[2] = {js_make_string(ctx, pattern), js_make_string(ctx, flags)};
  JSValueRef exc = NULL;
  JSObjectRef re = JSObjectMakeRegExp(ctx, 2, args, &exc);
  if (!re || exc) {
    js_error_info_t info;
    js_error_info(ctx, exc, &info);
    *err = xasprintf("Invalid grep pattern \"%s\": %s", src, info.message ? info.message : "");
    js_error_info_free(&info);
    re = NULL;
  }
  free(copy);
  return re;
}

fw_runner_t *fw_runner_new(js_realm_t *realm, const fw_options_t *opts, fw_emit_fn emit_fn,
                           void *userdata, char **err) {
  fw_runner_t *r = xcalloc(1, sizeof(*r));
  r->realm = realm;
  r->ctx = js_realm_context(realm);
  r->opts = *opts;
  r->file = xstrdup(opts->file ? opts->file : "");
  r->opts.file = r->file;
  r->opts.grep = NULL;
  r->opts.fgrep = NULL;
  r->emit = emit_fn;
  r->emit_ud = userdata;
  char *fgrep = NULL;
  if (opts->fgrep && opts->fgrep[0]) {
    /* fgrep is a literal substring: escape it into a RegExp source. */
    sbuf_t b = SBUF_INIT;
    for (const char *p = opts->fgrep; *p; p++) {
      if (strchr("\\^$.*+?()[]{}|/", *p)) sbuf_putc(&b, '\\');
      sbuf_putc(&b, *p);
    }
    fgrep = sbuf_take(&b);
  }
  const char *grep = fgrep ? fgrep : opts->grep;
  if (grep && grep[0]) {
    r->grep = make_grep(r->ctx, grep, err);
    free(fgrep);
    if (!r->grep) {
      free(r->file);
      free(r);
      return NULL;
    }
    JSValueProtect(r->ctx, r->grep);
  }
  r->skip_marker = JSObjectMake(r->ctx, NULL, NULL);
  js_set(r->ctx, r->skip_marker, "message", js_make_string(r->ctx, "sync skip; aborting execution"));
  JSValueProtect(r->ctx, r->skip_marker);
  r->root = suite_new(r, NULL, "");
  r->collecting = r->root;
  uv_loop_t *loop = js_runtime_loop(js_realm_runtime(realm));
  uv_timer_init(loop, &r->inv.timeout_timer);
  uv_timer_init(loop, &r->inv.settle_timer);
  uv_timer_init(loop, &r->resume_timer);
  r->inv.timeout_timer.data = r;
  r->inv.settle_timer.data = r;
  r->resume_timer.data = r;
  r->handles_open = 3;
  js_realm_set_slot(realm, JS_SLOT_FRAMEWORK, r);
  js_realm_set_uncaught(realm, on_uncaught, r);
  return r;
}

fw_runner_t *fw_runner_of(JSContextRef ctx) {
  js_realm_t *realm = js_realm_from_context(ctx);
  return realm ? js_realm_get_slot(realm, JS_SLOT_FRAMEWORK) : NULL;
}

void fw_runner_set_file(fw_runner_t *r, const char *file) {
  free(r->file);
  r->file = xstrdup(file);
}

void fw_runner_set_hook_caller(fw_runner_t *r, fw_hook_call_fn fn, void *ud) {
  r->hook_call = fn;
  r->hook_ud = ud;
}

js_realm_t *fw_runner_realm(fw_runner_t *r) {
  return r->realm;
}

int fw_runner_prepare(fw_runner_t *r, char **err) {
  if (r->prepared) return r->stats.tests_total;
  r->prepared = true;
  bool only = has_only(r->root);
  if (only && r->opts.forbid_only) {
    *err = xstrdup("`.only` forbidden by forbidOnly");
    return -1;
  }
  mark_all(r->root, true);
  if (only) filter_only(r->root);
  select_tests(r, r->root);
  return r->stats.tests_total;
}

void fw_runner_run(fw_runner_t *r, fw_done_fn done, void *userdata) {
  char *err = NULL;
  if (fw_runner_prepare(r, &err) < 0) free(err); /* callers that care prepare first */
  r->done = done;
  r->done_ud = userdata;
  r->running = true;
  r->started = now_ms();
  /* Rejections nobody handled while the file loaded: the load succeeded, so they were real. */
  for (size_t i = 0; i < r->n_load_rejections; i++) {
    report_stray(r, r->load_rejections[i], true);
    JSValueUnprotect(r->ctx, r->load_rejections[i]);
  }
  free(r->load_rejections);
  r->load_rejections = NULL;
  r->n_load_rejections = 0;
  push_frame(r, r->root);
  fw_step(r);
}

void fw_runner_stats(const fw_runner_t *r, fw_stats_t *out) {
  *out = r->stats;
  if (!r->finished) out->duration_ms = now_ms() - r->started;
}

void fw_runner_free(fw_runner_t *r) {
  if (!r) return;
  js_realm_set_slot(r->realm, JS_SLOT_FRAMEWORK, NULL);
  js_realm_set_uncaught(r->realm, NULL, NULL);
  if (r->test_active) end_test(r);
  if (r->inv.error) JSValueUnprotect(r->ctx, r->inv.error);
  r->inv.running = false;
  for (size_t i = 0; i < r->n_load_rejections; i++) JSValueUnprotect(r->ctx, r->load_rejections[i]);
  free(r->load_rejections);
  suite_free(r, r->root);
  if (r->grep) JSValueUnprotect(r->ctx, r->grep);
  JSValueUnprotect(r->ctx, r->skip_marker);
  free(r->frames);
  free(r->file);
  r->freeing = true;
  uv_close((uv_handle_t *)&r->inv.timeout_timer, handle_closed);
  uv_close((uv_handle_t *)&r->inv.settle_timer, handle_closed);
  uv_close((uv_handle_t *)&r->resume_timer, handle_closed);
}
