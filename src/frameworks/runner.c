/* runner: see runner.h. The executor is a state machine over a stack of suite frames plus
 * at most one test in progress; it advances in fw_step until it has started a JS function,
 * and resumes when that function settles. Settling is always processed from a zero-delay
 * libuv timer, so a long run of synchronous tests never deepens the C stack, and a `done`
 * called twice in a row is still seen as such. */
#include "frameworks/runner_internal.h"

/* ---- events ---- */

json_t *fw_error_json(fw_runner_t *r, JSValueRef err) {
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

void fw_emit(fw_runner_t *r, json_t *ev) {
  r->emit(ev, r->emit_ud);
  json_decref(ev);
}

json_t *fw_test_event(fw_runner_t *r, const char *type, fw_suite_t *parent,
                          const char *title) {
  char *ft = fw_full_title(parent, title);
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

void fw_emit_hook_failure(fw_runner_t *r, fw_runnable_t *hook, fw_runnable_t *test,
                              JSValueRef err, double duration) {
  fw_suite_t *s = hook->parent;
  sbuf_t title = SBUF_INIT;
  sbuf_printf(&title, "\"%s\" hook", hook_name(hook->kind));
  if (hook->title[0]) sbuf_printf(&title, ": %s", hook->title);
  if (!test) test = edge_test(s, hook->kind == FW_HOOK_AFTER_ALL);
  if (test) sbuf_printf(&title, " for \"%s\"", test->title);
  else sbuf_printf(&title, " in \"%s\"", s->parent ? s->title : "{root}");
  json_t *ev = fw_test_event(r, "test:fail", s, sbuf_cstr(&title));
  json_object_set_new(ev, "hook", json_string(hook_name(hook->kind)));
  json_object_set_new(ev, "duration", json_real(duration));
  json_object_set_new(ev, "error", fw_error_json(r, err));
  sbuf_free(&title);
  r->stats.failures++;
  fw_emit(r, ev);
}

/* ---- the config's hooks (beforeSuite, beforeTest, beforeHook ...) ---- */

static void resume_fire(uv_timer_t *t) {
  fw_runner_t *r = t->data;
  if (r->finished || r->freeing) return;
  fw_runnable_t *deferred = r->deferred;
  r->deferred = NULL;
  if (deferred) fw_invoke(r, deferred);
  else fw_step(r);
}

static void hook_resume(void *ud) {
  fw_runner_t *r = ud;
  /* Always continue from the loop: the caller may still be inside fw_step. */
  uv_timer_start(&r->resume_timer, resume_fire, 0, 0);
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

static JSObjectRef suite_object(fw_runner_t *r, fw_suite_t *s) {
  JSObjectRef o = JSObjectMake(r->ctx, NULL, NULL);
  char *ft = fw_full_title(s, NULL);
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
  char *ft = fw_full_title(t->parent, t->title);
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
  if (!hook_wanted(r, "beforeHook")) {
    fw_invoke(r, hook);
    return;
  }
  JSValueRef argv[3] = {test_object(r, r->test_active ? r->tf.test : NULL), hook->parent->ctx,
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
  json_t *ev = fw_test_event(r, "test:start", t->parent, t->title);
  fw_emit(r, ev);
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
    json_t *ev = fw_test_event(r, "test:fail", t->parent, t->title);
    json_object_set_new(ev, "duration", json_real(0));
    json_object_set_new(ev, "error", json_pack("{s:s, s:s}", "name", "Error", "message",
                                               "Pending test forbidden"));
    r->stats.failures++;
    fw_emit(r, ev);
    return;
  }
  r->stats.pending++;
  fw_emit(r, fw_test_event(r, "test:pending", t->parent, t->title));
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
    int retries = fw_effective_retries(r, t);
    if (tf->attempt < retries && !fw_suite_aborted(r, t->parent)) {
      json_t *ev = fw_test_event(r, "test:retry", t->parent, t->title);
      json_object_set_new(ev, "duration", json_real(tf->duration));
      json_object_set_new(ev, "error", fw_error_json(r, tf->error));
      json_object_set_new(ev, "attempt", json_integer(tf->attempt + 1));
      fw_emit(r, ev);
      JSValueUnprotect(r->ctx, tf->error);
      tf->error = NULL;
      tf->attempt++;
      tf->phase = TF_BEFORE_EACH;
      tf->index = 0;
      tf->before_test_called = tf->after_test_called = false;
      return;
    }
    json_t *ev = fw_test_event(r, "test:fail", t->parent, t->title);
    json_object_set_new(ev, "duration", json_real(tf->duration));
    json_object_set_new(ev, "error", fw_error_json(r, tf->error));
    json_object_set_new(ev, "retries", json_integer(tf->attempt));
    r->stats.failures++;
    fw_emit(r, ev);
    if (r->opts.bail) r->bailed = true;
  } else {
    json_t *ev = fw_test_event(r, "test:pass", t->parent, t->title);
    json_object_set_new(ev, "duration", json_real(tf->duration));
    json_object_set_new(ev, "retries", json_integer(tf->attempt));
    r->stats.passes++;
    fw_emit(r, ev);
  }
  end_test(r);
}

/* Processes the settled invocation: records the outcome where the state machine waits. */
void fw_settle_fire(uv_timer_t *timer) {
  fw_runner_t *r = timer->data;
  invocation_t *inv = &r->inv;
  if (!inv->running) return;
  inv->running = false;
  fw_runnable_t *rn = inv->runnable;
  double duration = fw_now_ms() - inv->started;
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
    fw_emit_hook_failure(r, rn, test, err, duration);
    abort_suite(rn->parent);
    if (r->test_active) {
      /* The test does not count: its hook failed. Still run its after each hooks. */
      r->tf.skipped = false;
      if (r->tf.phase == TF_BEFORE_EACH) r->tf.phase = TF_AFTER_EACH, r->tf.index = 0;
      r->tf.test = NULL;
    }
  }
  bool waiting = false;
  if (rn->kind != FW_TEST && hook_wanted(r, "afterHook")) {
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
  r->stats.duration_ms = fw_now_ms() - r->started;
  if (r->done) r->done(r, r->done_ud);
}

/* Advances the test in progress; true when it started a function (wait for it). */
static bool step_test(fw_runner_t *r) {
  test_frame_t *tf = &r->tf;
  for (;;) {
    switch (tf->phase) {
      case TF_BEFORE_EACH:
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
        /* WebdriverIO wraps the test function itself: beforeTest runs after the
         * beforeEach hooks, afterTest before the afterEach hooks. */
        if (!tf->before_test_called) {
          tf->before_test_called = true;
          if (hook_wanted(r, "beforeTest")) {
            JSValueRef argv[2] = {test_object(r, tf->test), tf->test->parent->ctx};
            if (config_hook(r, "beforeTest", 2, argv)) return true;
          }
        }
        fw_invoke(r, tf->test);
        return true;
      case TF_AFTER_EACH:
        if (tf->index == 0 && tf->test && tf->before_test_called && !tf->after_test_called) {
          tf->after_test_called = true;
          if (hook_wanted(r, "afterTest")) {
            JSObjectRef result =
                result_object(r, tf->error, tf->duration, !tf->error && !tf->skipped);
            JSObjectRef retries = JSObjectMake(r->ctx, NULL, NULL);
            js_set(r->ctx, retries, "attempts", JSValueMakeNumber(r->ctx, tf->attempt));
            js_set(r->ctx, retries, "limit",
                   JSValueMakeNumber(r->ctx, fw_effective_retries(r, tf->test)));
            js_set(r->ctx, result, "retries", retries);
            JSValueRef argv[3] = {test_object(r, tf->test), tf->test->parent->ctx, result};
            if (config_hook(r, "afterTest", 3, argv)) return true;
          }
        }
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
        report_test(r);
        if (!r->test_active) return false;
        break; /* retry: go around again */
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
        f->started = fw_now_ms();
        if (s->parent) {
          json_t *ev = json_pack("{s:s, s:s}", "type", "suite:start", "title", s->title);
          char *ft = fw_full_title(s, NULL);
          json_object_set_new(ev, "fullTitle", json_string(ft));
          json_object_set_new(ev, "file", json_string(s->file));
          free(ft);
          fw_emit(r, ev);
        }
        f->phase = fw_suite_skipped(s) ? SF_TESTS : SF_BEFORE_ALL;
        f->index = 0;
        if (s->parent && !f->before_suite_called && hook_wanted(r, "beforeSuite")) {
          f->before_suite_called = true;
          JSValueRef arg = suite_object(r, s);
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
        if (f->index < s->tests.len) {
          fw_runnable_t *t = s->tests.items[f->index++];
          if (!t->selected || fw_suite_aborted(r, s)) break;
          if (t->skip || fw_suite_skipped(s)) emit_pending(r, t);
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
        if (f->index < s->hooks[FW_HOOK_AFTER_ALL].len) {
          invoke_hook(r, s->hooks[FW_HOOK_AFTER_ALL].items[f->index++]);
          return;
        }
        f->phase = SF_END;
        break;
      case SF_END:
        if (s->parent && !f->after_suite_called && hook_wanted(r, "afterSuite")) {
          f->after_suite_called = true;
          JSValueRef arg = suite_object(r, s);
          if (config_hook(r, "afterSuite", 1, &arg)) return;
        }
        if (s->parent) {
          json_t *ev = json_pack("{s:s, s:s}", "type", "suite:end", "title", s->title);
          char *ft = fw_full_title(s, NULL);
          json_object_set_new(ev, "fullTitle", json_string(ft));
          json_object_set_new(ev, "duration", json_real(fw_now_ms() - f->started));
          free(ft);
          fw_emit(r, ev);
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
  fw_emit(r, ev);
}

static void on_uncaught(js_realm_t *realm, JSValueRef error, bool is_rejection, void *ud) {
  fw_runner_t *r = ud;
  if (r->inv.running && !r->inv.settled) {
    fw_settle(r, r->inv.serial, error, false);
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
  r->root = fw_suite_new(r, NULL, "");
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

void fw_runner_set_hook_caller(fw_runner_t *r, fw_hook_call_fn fn, fw_hook_defined_fn defined,
                               void *ud) {
  r->hook_call = fn;
  r->hook_defined = defined;
  r->hook_ud = ud;
}

js_realm_t *fw_runner_realm(fw_runner_t *r) {
  return r->realm;
}

int fw_runner_prepare(fw_runner_t *r, char **err) {
  if (r->prepared) return r->stats.tests_total;
  r->prepared = true;
  bool only = fw_has_only(r->root);
  if (only && r->opts.forbid_only) {
    *err = xstrdup("`.only` forbidden by forbidOnly");
    return -1;
  }
  fw_mark_all(r->root, true);
  if (only) fw_filter_only(r->root);
  fw_select_tests(r, r->root);
  return r->stats.tests_total;
}

void fw_runner_run(fw_runner_t *r, fw_done_fn done, void *userdata) {
  char *err = NULL;
  if (fw_runner_prepare(r, &err) < 0) free(err); /* callers that care prepare first */
  r->done = done;
  r->done_ud = userdata;
  r->running = true;
  r->started = fw_now_ms();
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
  if (!r->finished) out->duration_ms = fw_now_ms() - r->started;
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
  fw_suite_free(r, r->root);
  if (r->grep) JSValueUnprotect(r->ctx, r->grep);
  JSValueUnprotect(r->ctx, r->skip_marker);
  free(r->frames);
  free(r->file);
  r->freeing = true;
  uv_close((uv_handle_t *)&r->inv.timeout_timer, fw_handle_closed);
  uv_close((uv_handle_t *)&r->inv.settle_timer, fw_handle_closed);
  uv_close((uv_handle_t *)&r->resume_timer, fw_handle_closed);
}
