/* invoke: calling one test or hook function and settling it: return value, returned
 * promise, or `done` callback; timeouts; done() called twice; this.timeout(), this.retries()
 * and this.skip() on the mocha Context. Settling is processed from a zero-delay timer (see
 * runner.c) so synchronous tests never nest. */
#include "frameworks/runner_internal.h"
#include "js/jsclass.h"

/* ---- invoking one function ---- */

typedef struct {
  fw_runner_t *r;
  unsigned serial;
} inv_ref_t;

static void inv_ref_free(void *p) {
  free(p);
}

void fw_handle_closed(uv_handle_t *h) {
  fw_runner_t *r = h->data;
  if (--r->handles_open == 0 && r->freeing) free(r);
}


void fw_settle(fw_runner_t *r, unsigned serial, JSValueRef error, bool from_done) {
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
  uv_timer_start(&inv->settle_timer, fw_settle_fire, 0, 0);
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
  fw_settle(ref->r, ref->serial, err, true);
  return JSValueMakeUndefined(ctx);
}

static JSValueRef on_fulfilled(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exception) {
  inv_ref_t *ref = data;
  fw_settle(ref->r, ref->serial, NULL, false);
  return JSValueMakeUndefined(ctx);
}

static JSValueRef on_rejected(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exception) {
  inv_ref_t *ref = data;
  JSValueRef err = argc ? argv[0] : JSValueMakeUndefined(ctx);
  if (JSValueIsUndefined(ctx, err) || JSValueIsNull(ctx, err))
    err = js_make_error(ctx, "Error", "Promise rejected with no or falsy reason");
  fw_settle(ref->r, ref->serial, err, false);
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
  fw_settle(r, inv->serial, err, false);
}

static void arm_timeout(fw_runner_t *r) {
  invocation_t *inv = &r->inv;
  uv_timer_stop(&inv->timeout_timer);
  if (inv->timeout_ms > 0 && inv->running && !inv->settled) {
    double left = inv->timeout_ms - (fw_now_ms() - inv->started);
    /* The loop's cached time is stale by however long the test ran synchronously. */
    uv_update_time(inv->timeout_timer.loop);
    uv_timer_start(&inv->timeout_timer, timeout_fire, left > 0 ? (uint64_t)ceil(left) : 0, 0);
  }
}

/* this.currentTest and this.test: the running test (for a hook, the test it runs for), one
 * object per test, made on the first read and kept, so that its hooks, retries and the
 * test itself see the same object. An accessor on the root suite's context, which every
 * suite's context inherits: most tests never read it, and making it for each cost ~20 k
 * instructions a test. */
JSValueRef fw_ctx_current_test(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  fw_runner_t *r = fw_runner_of(ctx);
  if (argc > 0) { /* an assignment: an ordinary property of that context from now on */
    char *name = js_get_string(ctx, f, "name"); /* "set currentTest" */
    if (self && name && strncmp(name, "set ", 4) == 0)
      js_define_value(ctx, self, name + 4, argv[0], true);
    free(name);
    return JSValueMakeUndefined(ctx);
  }
  fw_runnable_t *rn = r && r->inv.running ? r->inv.runnable : NULL;
  fw_runnable_t *test = r && r->test_active ? r->tf.test : (rn && rn->kind == FW_TEST ? rn : NULL);
  if (!test) return JSValueMakeUndefined(ctx);
  if (!test->current) {
    JSObjectRef t = JSObjectMake(ctx, NULL, NULL);
    char *ft = fw_full_title(test->parent, test->title);
    js_set(ctx, t, "title", js_make_string(ctx, test->title));
    js_set(ctx, t, "fullTitleText", js_make_string(ctx, ft));
    js_set(ctx, t, "file", js_make_string(ctx, r->file));
    free(ft);
    test->current = t;
    JSValueProtect(ctx, t);
  }
  return test->current;
}

void fw_invoke(fw_runner_t *r, fw_runnable_t *rn) {
  invocation_t *inv = &r->inv;
  inv->serial++;
  inv->runnable = rn;
  inv->running = true;
  inv->settled = false;
  inv->skip_requested = false;
  inv->error = NULL;
  inv->started = fw_now_ms();
  inv->timeout_ms = fw_effective_timeout(r, rn);
  JSContextRef ctx = r->ctx;
  JSObjectRef this_ctx = rn->parent->ctx;

  inv_ref_t *ref = xmalloc(sizeof(*ref));
  ref->r = r;
  ref->serial = inv->serial;
  if (rn->arity < 0) rn->arity = (int)js_get_number(ctx, rn->fn, "length", 0);
  int arity = rn->arity;
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
      fw_settle(r, inv->serial, NULL, false);
    }
    free(ref);
  }
  if (exc) fw_settle(r, inv->serial, exc, false);
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
    if (which == 0) return JSValueMakeNumber(ctx, rn ? fw_effective_timeout(r, rn) : r->opts.timeout_ms);
    return JSValueMakeNumber(ctx, rn ? fw_effective_retries(r, rn) : r->opts.retries);
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

JSValueRef fw_ctx_timeout(JSContextRef c, JSObjectRef f, JSObjectRef s, size_t n,
                              const JSValueRef a[], JSValueRef *e) {
  return ctx_method(c, f, s, n, a, e, 0);
}
JSValueRef fw_ctx_retries(JSContextRef c, JSObjectRef f, JSObjectRef s, size_t n,
                              const JSValueRef a[], JSValueRef *e) {
  return ctx_method(c, f, s, n, a, e, 1);
}
JSValueRef fw_ctx_skip(JSContextRef c, JSObjectRef f, JSObjectRef s, size_t n,
                           const JSValueRef a[], JSValueRef *e) {
  return ctx_method(c, f, s, n, a, e, 2);
}
JSValueRef fw_ctx_slow(JSContextRef c, JSObjectRef f, JSObjectRef s, size_t n,
                           const JSValueRef a[], JSValueRef *e) {
  return s ? (JSValueRef)s : JSValueMakeUndefined(c);
}
