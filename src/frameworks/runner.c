/* runner: see runner.h. The executor is a state machine over a stack of suite frames plus
 * at most one test in progress; it advances in fw_step until it has started a JS function,
 * and resumes when that function settles. Settling is always processed from a zero-delay
 * libuv timer, so a long run of synchronous tests never deepens the C stack.
 *
 * Hook failures follow mocha's Runner: a failed `before all` skips its suite's tests and
 * child suites (its `after all` hooks still run); a failed `before each` of suite X skips
 * the test and X's remaining tests and suites, and runs the `after each` hooks of X and
 * above; a failed `after each` of X does the same from X's parent up; a failed hook skips
 * the remaining hooks of its kind in its suite. A test's outcome is reported before its
 * `after each` hooks run, so a failing one never hides it. With bail, nothing starts after
 * the first failure of any kind, but `after` hooks run. */
#include "frameworks/runner_internal.h"

/* ---- the config's hooks (beforeSuite, beforeTest, beforeHook ...) ---- */

static void resume_fire(void *runner) {
  fw_runner_t *r = runner;
  r->resume_call = 0;
  if (r->finished || r->freeing) return;
  fw_runnable_t *deferred = r->deferred;
  r->deferred = NULL;
  if (deferred) fw_invoke(r, deferred);
  else fw_step(r);
}

static void hook_resume(void *ud) {
  fw_runner_t *r = ud;
  /* Always continue from the loop: the caller may still be inside fw_step. */
  if (!r->resume_call)
    r->resume_call = js_runtime_after_immediates(js_realm_runtime(r->realm), resume_fire, r);
}

/* Asked once per runner and hook: the config does not change during a spec file. */
static bool hook_wanted(fw_runner_t *r, const char *name) {
  static const char *const names[FW_CONFIG_HOOKS] = {"beforeSuite", "afterSuite", "beforeHook",
                                                     "afterHook",   "beforeTest", "afterTest"};
  if (!r->hook_call) return false;
  if (!r->hook_defined) return true;
  for (size_t i = 0; i < FW_CONFIG_HOOKS; i++) {
    if (strcmp(names[i], name) != 0) continue;
    if (!r->hook_known[i]) r->hook_known[i] = r->hook_defined(r->hook_ud, name) ? 1 : -1;
    return r->hook_known[i] > 0;
  }
  return true;
}

/* Calls a config hook; true when the run must wait for it (resume_fire continues). */
static bool config_hook(fw_runner_t *r, const char *name, size_t argc, const JSValueRef argv[]) {
  if (!r->hook_call) return false;
  return r->hook_call(r->hook_ud, name, argc, argv, hook_resume, r);
}

/* The plain objects WebdriverIO passes to the config's hooks. */
static JSObjectRef suite_arg(fw_runner_t *r, fw_suite_t *s) {
  JSObjectRef o = JSObjectMake(r->ctx, NULL, NULL);
  size_t ft_len;
  char *ft = fw_full_title(s, NULL, 0, &ft_len);
  const fw_suite_t *p = s->parent && s->parent->parent ? s->parent : NULL;
  js_set(r->ctx, o, "title", js_make_string_len(r->ctx, s->title, s->title_len));
  js_set(r->ctx, o, "fullTitle", js_make_string_len(r->ctx, ft, ft_len));
  js_set(r->ctx, o, "parent", js_make_string_len(r->ctx, p ? p->title : "", p ? p->title_len : 0));
  js_set(r->ctx, o, "file", js_make_string(r->ctx, r->file));
  free(ft);
  return o;
}

static JSValueRef test_arg(fw_runner_t *r, fw_runnable_t *t) {
  if (!t) return JSValueMakeUndefined(r->ctx);
  JSObjectRef o = JSObjectMake(r->ctx, NULL, NULL);
  size_t ft_len;
  char *ft = fw_full_title(t->parent, t->title, t->title_len, &ft_len);
  const fw_suite_t *p = t->parent->parent ? t->parent : NULL;
  js_set(r->ctx, o, "title", js_make_string_len(r->ctx, t->title, t->title_len));
  js_set(r->ctx, o, "fullTitle", js_make_string_len(r->ctx, ft, ft_len));
  js_set(r->ctx, o, "parent", js_make_string_len(r->ctx, p ? p->title : "", p ? p->title_len : 0));
  js_set(r->ctx, o, "file", js_make_string(r->ctx, r->file));
  js_set(r->ctx, o, "type", js_make_string(r->ctx, "test"));
  free(ft);
  return o;
}

static JSObjectRef result_arg(fw_runner_t *r, JSValueRef error, double duration, bool passed) {
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
  if (hook->kind == FW_HOOK_BEFORE_ALL || hook->kind == FW_HOOK_AFTER_ALL)
    hook->for_test = fw_own_edge_test(hook->parent, hook->kind == FW_HOOK_AFTER_ALL);
  else hook->for_test = r->test_active ? r->tf.test : NULL;
  if (!hook_wanted(r, "beforeHook")) {
    fw_invoke(r, hook);
    return;
  }
  JSValueRef argv[3] = {test_arg(r, r->test_active ? r->tf.test : NULL), hook->parent->ctx,
                        js_make_string(r->ctx, mocha_hook_title(hook->kind))};
  r->deferred = hook;
  if (config_hook(r, "beforeHook", 3, argv)) return;
  r->deferred = NULL;
  fw_invoke(r, hook);
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
  t->attempt = 0;
  /* Hooks outer → inner for before each; inner → outer for after each. */
  size_t depth = 0;
  for (fw_suite_t *s = t->parent; s; s = s->parent) depth++;
  fw_suite_t **chain = xmalloc(depth * sizeof(*chain));
  size_t i = depth;
  for (fw_suite_t *s = t->parent; s; s = s->parent) chain[--i] = s;
  for (i = 0; i < depth; i++)
    for (size_t k = 0; k < chain[i]->hooks[FW_HOOK_BEFORE_EACH].len; k++)
      fw_vec_push(&tf->before_each, chain[i]->hooks[FW_HOOK_BEFORE_EACH].items[k]);
  for (i = depth; i-- > 0;)
    for (size_t k = 0; k < chain[i]->hooks[FW_HOOK_AFTER_EACH].len; k++)
      fw_vec_push(&tf->after_each, chain[i]->hooks[FW_HOOK_AFTER_EACH].items[k]);
  free(chain);
  r->test_active = true;
  /* What the test or its each hooks open (sockets, subscriptions) ends with it. */
  js_realm_scope_enter(r->realm);
  fw_emit(r, fw_test_event(r, "test:start", t->parent, t->title, t->title_len));
  if (r->iface && r->iface->test_begin) {
    tf->spec_this = r->iface->test_begin(r->iface->ud, t);
    if (tf->spec_this) JSValueProtect(r->ctx, tf->spec_this);
  }
}

static void clear_test_errors(fw_runner_t *r) {
  test_frame_t *tf = &r->tf;
  if (tf->error) JSValueUnprotect(r->ctx, tf->error);
  if (tf->late_error) JSValueUnprotect(r->ctx, tf->late_error);
  tf->error = tf->late_error = NULL;
}

static void end_test(fw_runner_t *r) {
  test_frame_t *tf = &r->tf;
  clear_test_errors(r);
  if (tf->spec_this) JSValueUnprotect(r->ctx, tf->spec_this);
  free(tf->before_each.items);
  free(tf->after_each.items);
  memset(tf, 0, sizeof(*tf));
  r->test_active = false;
}

/* Whether `s` is `top` or inside it. */
static bool within(const fw_suite_t *s, const fw_suite_t *top) {
  for (; s; s = s->parent)
    if (s == top) return true;
  return false;
}

/* A test below a failed `before all` hook, reported failed without running (jasmine). */
static void report_not_run(fw_runner_t *r, fw_runnable_t *t) {
  fw_emit(r, fw_test_event(r, "test:start", t->parent, t->title, t->title_len));
  fw_emit_test_fail(r, t, fw_make_error(r, NULL, "%s", r->iface->not_run_message), 0, 0);
}

/* stop_on_failure: what follows is reported pending; the `after all` hooks of the suites
 * already entered still run. */
static void stop_file(fw_runner_t *r) {
  r->root->skip = true;
  for (size_t i = 0; i < r->n_frames; i++) r->frames[i].suite->skip_all = true;
}

/* The test's outcome, reported once its function and the config's afterTest have run. */
static void report_test(fw_runner_t *r) {
  test_frame_t *tf = &r->tf;
  fw_runnable_t *t = tf->test;
  if (tf->abandoned) return;
  if (tf->skipped) {
    fw_emit_pending(r, t);
  } else if (tf->error && tf->test->attempt < fw_effective_retries(r, t) &&
             !fw_suite_aborted(r, t->parent)) {
    json_t *ev = fw_test_event(r, "test:retry", t->parent, t->title, t->title_len);
    json_object_set_new(ev, "duration", json_real(tf->duration));
    json_object_set_new(ev, "error", fw_error_json(r, tf->error));
    json_object_set_new(ev, "attempt", json_integer(t->attempt + 1));
    fw_emit(r, ev);
    tf->retrying = true;
  } else if (tf->error) {
    fw_emit_test_fail(r, t, tf->error, tf->duration, t->attempt);
    if (r->iface && r->iface->stop_on_failure) stop_file(r);
  } else {
    fw_emit_test_pass(r, t, tf->duration, t->attempt);
  }
  t->duration = tf->duration;
  if (tf->late_error) fw_late_failure(r, t, tf->late_error, tf->late_forced);
}

/* Records a settled hook's outcome where the state machine needs it. */
static void hook_settled(fw_runner_t *r, fw_runnable_t *hook, JSValueRef err, bool skipped,
                         double duration) {
  fw_suite_t *s = hook->parent;
  test_frame_t *tf = &r->tf;
  hook->duration = duration;
  if (skipped) {
    hook->state = FW_STATE_PASSED;
    if (hook->kind == FW_HOOK_BEFORE_ALL) {
      s->skip_all = true;
    } else if (hook->kind == FW_HOOK_BEFORE_EACH && r->test_active) {
      tf->skipped = true;
      tf->after_from = s;
    } /* `after each`: mocha marks the test pending after it was reported; nothing shows */
    return;
  }
  if (err && r->iface && r->iface->spec_scope && r->test_active &&
      (hook->kind == FW_HOOK_BEFORE_EACH || hook->kind == FW_HOOK_AFTER_EACH)) {
    /* The test's failure, not the hook's; the other afterEach hooks still run. */
    hook->state = FW_STATE_FAILED;
    r->iface->spec_error(r->iface->ud, tf->test, err);
    if (hook->kind == FW_HOOK_BEFORE_EACH) tf->body_skipped = true;
    return;
  }
  if (!err) {
    hook->state = FW_STATE_PASSED;
    if (hook->hook_error && r->test_active) /* this.test.error(err) in the hook */
      fw_emit_test_fail(r, tf->test, hook->hook_error, tf->duration, tf->test->attempt);
    return;
  }
  fw_emit_hook_failure(r, hook, err, duration);
  s->aborted = true;
  switch (hook->kind) {
  case FW_HOOK_BEFORE_EACH:
    if (r->test_active) {
      tf->abandoned = true;
      tf->after_from = s;
    }
    break;
  case FW_HOOK_AFTER_EACH:
    if (r->test_active) {
      /* The hooks of this suite and below are done with; its parents' still run. */
      tf->after_from = s->parent;
      if (!s->parent) tf->index = tf->after_each.len;
    }
    break;
  case FW_HOOK_AFTER_ALL:
    if (r->n_frames) r->frames[r->n_frames - 1].index = s->hooks[FW_HOOK_AFTER_ALL].len;
    break;
  default: /* before all: the suite's own loop stops at `aborted` */ break;
  }
}

/* Processes the settled invocation: records the outcome where the state machine waits. */
void fw_settle_fire(void *runner) {
  fw_runner_t *r = runner;
  invocation_t *inv = &r->inv;
  inv->settle_call = 0;
  if (!inv->running) return;
  inv->running = false;
  fw_runnable_t *rn = inv->runnable;
  double duration = fw_now_ms() - inv->started;
  JSValueRef err = inv->error, late = inv->late_error;
  bool skipped = inv->skip_requested && !err, late_forced = inv->late_forced;
  inv->error = inv->late_error = NULL;

  if (rn->kind == FW_TEST) {
    test_frame_t *tf = &r->tf;
    tf->duration = duration;
    if (skipped) tf->skipped = true;
    else if (err && r->iface && r->iface->spec_scope) r->iface->spec_error(r->iface->ud, rn, err);
    else if (err) {
      tf->error = err;
      JSValueProtect(r->ctx, err);
    }
    if (late) {
      tf->late_error = late;
      tf->late_forced = late_forced;
      JSValueProtect(r->ctx, late);
    }
    tf->phase = TF_AFTER_TEST;
  } else {
    hook_settled(r, rn, err, skipped, duration);
    if (late) fw_late_failure(r, rn, late, late_forced);
  }
  if (late) JSValueUnprotect(r->ctx, late);
  bool waiting = false;
  if (rn->kind != FW_TEST && hook_wanted(r, "afterHook")) {
    JSValueRef argv[4] = {test_arg(r, r->test_active ? r->tf.test : NULL), rn->parent->ctx,
                          result_arg(r, err, duration, !err),
                          js_make_string(r->ctx, mocha_hook_title(rn->kind))};
    waiting = config_hook(r, "afterHook", 4, argv);
  }
  if (err) JSValueUnprotect(r->ctx, err);
  if (!waiting) fw_step(r);
}

void fw_finish(fw_runner_t *r) {
  r->done_called = true;
  if (r->iface && r->iface->finish) r->iface->finish(r->iface->ud);
  if (r->done) r->done(r, r->done_ud);
}

/* The config's afterTest hook; true when the run waits for it. */
static bool after_test_hook(fw_runner_t *r) {
  test_frame_t *tf = &r->tf;
  if (!tf->before_test_called || tf->after_test_called) return false;
  tf->after_test_called = true;
  if (!hook_wanted(r, "afterTest")) return false;
  JSObjectRef result = result_arg(r, tf->error, tf->duration, !tf->error && !tf->skipped);
  JSObjectRef retries = JSObjectMake(r->ctx, NULL, NULL);
  js_set(r->ctx, retries, "attempts", JSValueMakeNumber(r->ctx, tf->test->attempt));
  js_set(r->ctx, retries, "limit", JSValueMakeNumber(r->ctx, fw_effective_retries(r, tf->test)));
  js_set(r->ctx, result, "retries", retries);
  JSValueRef argv[3] = {test_arg(r, tf->test), tf->test->parent->ctx, result};
  return config_hook(r, "afterTest", 3, argv);
}

/* Advances the test in progress; true when it started a function (wait for it). */
static bool step_test(fw_runner_t *r) {
  test_frame_t *tf = &r->tf;
  for (;;) {
    switch (tf->phase) {
    case TF_BEFORE_EACH:
      if (tf->index < tf->before_each.len && !tf->skipped && !tf->abandoned && !tf->body_skipped) {
        invoke_hook(r, tf->before_each.items[tf->index++]);
        return true;
      }
      tf->phase = TF_TEST;
      break;
    case TF_TEST:
      if (tf->skipped || tf->abandoned || tf->body_skipped) {
        tf->phase = TF_AFTER_TEST;
        break;
      }
      /* WebdriverIO wraps the test function itself: beforeTest runs after the
         * beforeEach hooks, afterTest before the test is reported. */
      if (!tf->before_test_called) {
        tf->before_test_called = true;
        if (hook_wanted(r, "beforeTest")) {
          JSValueRef argv[2] = {test_arg(r, tf->test), tf->test->parent->ctx};
          if (config_hook(r, "beforeTest", 2, argv)) return true;
        }
      }
      fw_invoke(r, tf->test);
      return true;
    case TF_AFTER_TEST:
      if (r->iface && r->iface->spec_scope && !tf->each_done) {
        /* Reported after its afterEach hooks, with what they added. */
        tf->phase = TF_AFTER_EACH;
        tf->index = 0;
        break;
      }
      if (after_test_hook(r)) return true;
      report_test(r);
      tf->phase = tf->each_done ? TF_END : TF_AFTER_EACH;
      tf->index = 0;
      break;
    case TF_AFTER_EACH:
      while (tf->index < tf->after_each.len) {
        fw_runnable_t *hook = tf->after_each.items[tf->index++];
        if (tf->after_from && !within(tf->after_from, hook->parent)) continue;
        invoke_hook(r, hook);
        return true;
      }
      if (r->iface && r->iface->spec_scope && !tf->each_done) {
        tf->each_done = true;
        /* Asked for a pending test too: the interface ends the spec (spies, clock). */
        JSValueRef err = r->iface->test_result(r->iface->ud, tf->test);
        if (err && !tf->skipped) {
          tf->error = err;
          JSValueProtect(r->ctx, err);
        }
        tf->phase = TF_AFTER_TEST;
        break;
      }
      tf->phase = TF_END;
      break;
    case TF_END: {
      fw_runnable_t *t = tf->test;
      js_realm_scope_leave(r->realm);
      if (tf->retrying && !fw_suite_aborted(r, t->parent) && !fw_bail_now(r, t->parent)) {
        clear_test_errors(r);
        t->attempt++;
        tf->retrying = tf->skipped = false;
        tf->after_from = NULL;
        tf->phase = TF_BEFORE_EACH;
        tf->index = 0;
        tf->before_test_called = tf->after_test_called = false;
        js_realm_scope_enter(r->realm);
        break;
      }
      end_test(r);
      return false;
    }
    }
  }
}

void fw_step(fw_runner_t *r) {
  while (!r->finished) {
    if (r->test_active) {
      if (step_test(r)) return;
      continue;
    }
    if (r->n_frames == 0) {
      r->finished = true;
      r->stats.duration_ms = fw_now_ms() - r->started;
      fw_drain(r);
      return;
    }
    suite_frame_t *f = &r->frames[r->n_frames - 1];
    fw_suite_t *s = f->suite;
    switch (f->phase) {
    case SF_START:
      if (!s->has_selected || fw_bail_now(r, s) || r->aborted) {
        r->n_frames--;
        continue;
      }
      f->started = fw_now_ms();
      fw_emit_suite(r, s, true, 0);
      js_realm_scope_enter(r->realm); /* left at SF_END: what `before all` opened */
      f->phase = fw_suite_skipped(s) ? SF_TESTS : SF_BEFORE_ALL;
      f->index = 0;
      if (s->parent && !f->before_suite_called && hook_wanted(r, "beforeSuite")) {
        f->before_suite_called = true;
        JSValueRef arg = suite_arg(r, s);
        if (config_hook(r, "beforeSuite", 1, &arg)) return;
      }
      break;
    case SF_BEFORE_ALL:
      if (f->index < s->hooks[FW_HOOK_BEFORE_ALL].len && !fw_suite_aborted(r, s) && !s->skip_all) {
        invoke_hook(r, s->hooks[FW_HOOK_BEFORE_ALL].items[f->index++]);
        return;
      }
      f->phase = SF_TESTS;
      f->index = 0;
      break;
    case SF_TESTS:
      if (r->iface && r->iface->declaration_order) {
        bool aborted = fw_suite_aborted(r, s);
        if (f->index < s->n_order && !fw_bail_now(r, s) && !r->aborted &&
            (!aborted || r->iface->not_run_message)) {
          int entry = s->order[f->index++];
          if (entry < 0) {
            push_frame(r, s->suites[-1 - entry]);
            break;
          }
          fw_runnable_t *t = s->tests.items[entry];
          if (!t->selected) break;
          if (t->skip || fw_suite_skipped(s)) fw_emit_pending(r, t);
          else if (aborted) report_not_run(r, t);
          else start_test(r, t);
          break;
        }
        f->phase = SF_SUITES;
        f->index = s->n_suites; /* they ran in order with the tests */
        break;
      }
      if (f->index < s->tests.len && !fw_suite_aborted(r, s) && !fw_bail_now(r, s)) {
        fw_runnable_t *t = s->tests.items[f->index++];
        if (!t->selected) break;
        if (t->skip || fw_suite_skipped(s)) fw_emit_pending(r, t);
        else start_test(r, t);
        break;
      }
      f->phase = SF_SUITES;
      f->index = 0;
      break;
    case SF_SUITES:
      if (f->index < s->n_suites) {
        fw_suite_t *child = s->suites[f->index++];
        if (!fw_suite_aborted(r, s) || fw_suite_skipped(s)) push_frame(r, child);
        break;
      }
      f->phase = fw_suite_skipped(s) && !s->skip_all ? SF_END : SF_AFTER_ALL;
      f->index = 0;
      break;
    case SF_AFTER_ALL:
      /* not_run_message: a suite below a failed `before all` ran none of its hooks. */
      if (f->index < s->hooks[FW_HOOK_AFTER_ALL].len &&
          !(r->iface && r->iface->not_run_message && s->parent && fw_suite_aborted(r, s->parent))) {
        invoke_hook(r, s->hooks[FW_HOOK_AFTER_ALL].items[f->index++]);
        return;
      }
      f->phase = SF_END;
      break;
    case SF_END:
      if (s->parent && !f->after_suite_called && hook_wanted(r, "afterSuite")) {
        f->after_suite_called = true;
        JSValueRef arg = suite_arg(r, s);
        if (config_hook(r, "afterSuite", 1, &arg)) return;
      }
      js_realm_scope_leave(r->realm);
      fw_emit_suite(r, s, false, fw_now_ms() - f->started);
      r->n_frames--;
      break;
    }
  }
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

static void init_handle(fw_runner_t *r, uv_handle_t *h) {
  h->data = r;
  r->handles_open++;
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
  js_set(r->ctx, r->skip_marker, "message",
         js_make_string(r->ctx, "sync skip; aborting execution"));
  JSValueProtect(r->ctx, r->skip_marker);
  r->root = fw_suite_new(r, NULL, "", 0);
  r->collecting = r->root;
  uv_loop_t *loop = js_runtime_loop(js_realm_runtime(realm));
  uv_timer_init(loop, &r->inv.timeout_timer);
  uv_timer_init(loop, &r->drain_timer);
  uv_check_init(loop, &r->drain_check);
  init_handle(r, (uv_handle_t *)&r->inv.timeout_timer);
  init_handle(r, (uv_handle_t *)&r->drain_timer);
  init_handle(r, (uv_handle_t *)&r->drain_check);
  js_realm_set_slot(realm, JS_SLOT_FRAMEWORK, r);
  js_realm_set_uncaught(realm, fw_on_uncaught, r);
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

void fw_runner_set_hook_caller(fw_runner_t *r, fw_hook_call_fn fn, fw_hook_defined_fn defined,
                               void *ud) {
  r->hook_call = fn;
  r->hook_defined = defined;
  r->hook_ud = ud;
}

js_realm_t *fw_runner_realm(fw_runner_t *r) { return r->realm; }

void fw_runner_set_iface(fw_runner_t *r, const fw_iface_t *iface) { r->iface = iface; }

JSValueRef fw_runner_skip_current(fw_runner_t *r) {
  if (r->inv.running) r->inv.skip_requested = true;
  return r->skip_marker;
}

int fw_runner_prepare(fw_runner_t *r, char **err) {
  if (r->prepared) return r->stats.tests_total;
  r->prepared = true;
  if (!(r->iface && r->iface->prepare && r->iface->prepare(r->iface->ud, r))) {
    bool only = fw_has_only(r->root);
    if (only && r->opts.forbid_only) {
      *err = xstrdup("`.only` forbidden by forbidOnly");
      return -1;
    }
    fw_mark_all(r->root, true);
    if (only) fw_filter_only(r->root);
  }
  fw_select_tests(r, r->root);
  if (r->iface && r->iface->unselected_pending) fw_unselected_pending(r, r->root);
  return r->stats.tests_total;
}

void fw_runner_run(fw_runner_t *r, fw_done_fn done, void *userdata) {
  char *err = NULL;
  if (fw_runner_prepare(r, &err) < 0) free(err); /* callers that care prepare first */
  r->done = done;
  r->done_ud = userdata;
  r->running = true;
  r->started = fw_now_ms();
  /* Errors thrown (and rejections nobody handled) while the file loaded: the load
   * succeeded, so they were real. Nothing ran yet: mocha reports them outside any test. */
  for (size_t i = 0; i < r->n_early_errors; i++) {
    fw_late_failure(r, NULL, r->early_errors[i], false);
    JSValueUnprotect(r->ctx, r->early_errors[i]);
  }
  free(r->early_errors);
  r->early_errors = NULL;
  r->n_early_errors = 0;
  push_frame(r, r->root);
  fw_step(r);
}

void fw_runner_stats(const fw_runner_t *r, fw_stats_t *out) {
  *out = r->stats;
  if (!r->finished) out->duration_ms = fw_now_ms() - r->started;
}

void fw_runner_free(fw_runner_t *r) {
  if (!r) return;
  js_realm_set_slot(r->realm, JS_SLOT_FRAMEWORK, NULL);
  js_realm_set_uncaught(r->realm, NULL, NULL);
  if (r->test_active) end_test(r);
  if (r->inv.error) JSValueUnprotect(r->ctx, r->inv.error);
  if (r->inv.late_error) JSValueUnprotect(r->ctx, r->inv.late_error);
  fw_done_ref_release(r->inv.done);
  r->inv.done = NULL;
  r->inv.running = false;
  for (size_t i = 0; i < r->n_early_errors; i++) JSValueUnprotect(r->ctx, r->early_errors[i]);
  free(r->early_errors);
  fw_objects_detach(r, r->root);
  fw_suite_free(r, r->root);
  if (r->grep) JSValueUnprotect(r->ctx, r->grep);
  JSValueUnprotect(r->ctx, r->skip_marker);
  free(r->frames);
  free(r->file);
  js_runtime_t *rt = js_realm_runtime(r->realm);
  js_runtime_cancel_after_immediates(rt, r->inv.settle_call);
  js_runtime_cancel_after_immediates(rt, r->resume_call);
  r->freeing = true;
  uv_close((uv_handle_t *)&r->inv.timeout_timer, fw_handle_closed);
  uv_close((uv_handle_t *)&r->drain_timer, fw_handle_closed);
  uv_close((uv_handle_t *)&r->drain_check, fw_handle_closed);
}
