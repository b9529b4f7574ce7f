/* invoke: calling one test or hook function and settling it, as mocha's Runnable#run does:
 * return value, returned promise, or `done` callback (its argument judged as mocha does);
 * timeouts, also a synchronous overrun found when the function returns; done() called
 * twice, even long after; a callback that also returns a promise; this.timeout(),
 * this.retries(), this.skip() and this.bail() on the mocha Context. Settling is processed
 * on a later turn, after the immediates the function queued, as mocha goes on through
 * setImmediate (see runner.c), so synchronous tests never nest. */
#include "frameworks/runner_internal.h"
#include "js/jsclass.h"

void fw_handle_closed(uv_handle_t *h) {
  fw_runner_t *r = h->data;
  if (--r->handles_open == 0 && r->freeing) free(r);
}

static JSObjectRef timeout_error(fw_runner_t *r, fw_runnable_t *rn, double ms) {
  if (r->iface && r->iface->timeout_error) return r->iface->timeout_error(r->iface->ud, rn, ms);
  return fw_make_error(r, "ERR_MOCHA_TIMEOUT",
                       "Timeout of %gms exceeded. For async tests and hooks, ensure \"done()\" is "
                       "called; if returning a Promise, ensure it resolves. (%s)",
                       ms, rn->parent->parent ? rn->parent->file : r->file);
}

void fw_settle(fw_runner_t *r, unsigned serial, JSValueRef error) {
  invocation_t *inv = &r->inv;
  if (serial != inv->serial || !inv->running || inv->settled) return;
  inv->settled = true;
  if (inv->done) inv->done->finished = true;
  /* mocha: a function that returns after its timeout fails even when it never yielded. */
  double elapsed = fw_now_ms() - inv->started;
  if (!error && !inv->skip_requested && inv->timeout_ms > 0 && elapsed > inv->timeout_ms &&
      !(r->iface && r->iface->timeout_error)) /* jasmine times out asynchronous work only */
    error = timeout_error(r, inv->runnable, inv->timeout_ms);
  if (error) {
    inv->error = error;
    JSValueProtect(r->ctx, error);
  }
  uv_timer_stop(&inv->timeout_timer);
  /* As mocha's Runner.immediately: after the immediates the function queued. */
  if (!inv->settle_call)
    inv->settle_call = js_runtime_after_immediates(js_realm_runtime(r->realm), fw_settle_fire, r);
}

/* ---- done ---- */

void fw_done_ref_release(fw_done_ref_t *ref) {
  if (ref && --ref->refs == 0) free(ref);
}

static void done_ref_finalize(void *p) { fw_done_ref_release(p); }

/* mocha's message for a second done(), naming the runnable and what it was given. */
static JSObjectRef multiple_done_error(fw_runner_t *r, fw_runnable_t *rn, JSContextRef ctx,
                                       JSValueRef given) {
  char *ft;
  if (rn->kind == FW_TEST) {
    ft = fw_full_title(rn->parent, rn->title, rn->title_len, NULL);
  } else {
    size_t title_len;
    char *title = fw_hook_title(rn, &title_len);
    ft = fw_full_title(rn->parent, title, title_len, NULL);
    free(title);
  }
  sbuf_t msg = SBUF_INIT;
  sbuf_printf(&msg, "done() called multiple times in %s <%s>%s",
              rn->kind == FW_TEST ? "test" : "hook", ft,
              rn->parent->parent ? "" : " (of root suite)");
  free(ft);
  if (r->file[0]) sbuf_printf(&msg, " of file %s", r->file);
  if (given) {
    char *text = js_value_to_utf8(ctx, given);
    JSValueRef name = JSValueIsObject(ctx, given) ? js_get(ctx, given, "name") : NULL;
    char *n = name && JSValueIsString(ctx, name) ? js_value_to_utf8(ctx, name) : NULL;
    bool prefixed = n && text && strncmp(text, n, strlen(n)) == 0;
    sbuf_printf(&msg, "; in addition, done() received error: %s%s%s", n && !prefixed ? n : "",
                n && !prefixed ? ": " : "", text ? text : "");
    free(n);
    free(text);
  }
  JSObjectRef err = fw_make_error(r, "ERR_MOCHA_MULTIPLE_DONE", "%s", sbuf_cstr(&msg));
  sbuf_free(&msg);
  return err;
}

static bool is_error(JSContextRef ctx, JSValueRef v) {
  JSValueRef ctor = js_get(ctx, JSContextGetGlobalObject(ctx), "Error");
  return JSValueIsObject(ctx, ctor) &&
         JSValueIsInstanceOfConstructor(ctx, v, (JSObjectRef)ctor, NULL);
}

/* done(arg) judged as mocha does: an Error fails, another truthy value fails with
 * "done() invoked with non-Error: ...", a falsy one passes. */
static JSValueRef done_argument(JSContextRef ctx, JSValueRef arg) {
  if (!arg || !JSValueToBoolean(ctx, arg)) return NULL;
  if (JSValueIsObject(ctx, arg) && is_error(ctx, arg)) return arg;
  char *text;
  JSValueRef tag = js_call_global(ctx, "Object.prototype.toString.call", 1, &arg, NULL);
  char *tagged = tag ? js_value_to_utf8(ctx, tag) : NULL;
  if (tagged && strcmp(tagged, "[object Object]") == 0) {
    JSStringRef json = JSValueCreateJSONString(ctx, arg, 0, NULL);
    text = json ? js_string_to_utf8(json) : xstrdup("[object Object]");
    if (json) JSStringRelease(json);
  } else {
    text = js_value_to_utf8(ctx, arg);
  }
  free(tagged);
  char *msg = xasprintf("done() invoked with non-Error: %s", text ? text : "");
  JSObjectRef err = js_make_error(ctx, "Error", msg);
  free(msg);
  free(text);
  return err;
}

static JSValueRef on_done(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                          const JSValueRef argv[], JSValueRef *exception) {
  fw_done_ref_t *ref = data;
  fw_runner_t *r = fw_runner_of(ctx);
  if (r != ref->r || r->freeing) return JSValueMakeUndefined(ctx); /* the runner is gone */
  if (ref->quiet) return JSValueMakeUndefined(ctx);
  JSValueRef given = argc ? argv[0] : NULL;
  invocation_t *inv = &r->inv;
  bool current = inv->running && inv->serial == ref->serial;
  if (ref->finished) {
    if (ref->error_handled) return JSValueMakeUndefined(ctx);
    ref->error_handled = true;
    JSObjectRef err =
        multiple_done_error(r, ref->rn, ctx, given && JSValueToBoolean(ctx, given) ? given : NULL);
    if (current) {
      /* Its first outcome is not recorded yet: report this one after it. */
      if (inv->late_error) JSValueUnprotect(r->ctx, inv->late_error);
      inv->late_error = err;
      inv->late_forced = true;
      JSValueProtect(r->ctx, err);
    } else {
      fw_late_failure(r, ref->rn, err, true);
    }
    return JSValueMakeUndefined(ctx);
  }
  ref->finished = true;
  if (!current) return JSValueMakeUndefined(ctx);
  JSValueRef err = done_argument(ctx, given);
  if (!err && inv->returned_promise)
    err = fw_make_error(r, NULL,
                        "Resolution method is overspecified. Specify a callback *or* "
                        "return a Promise; not both.");
  fw_settle(r, ref->serial, err);
  return JSValueMakeUndefined(ctx);
}

/* ---- promises ---- */

typedef struct {
  fw_runner_t *r;
  unsigned serial;
} inv_ref_t;

static void inv_ref_free(void *p) { free(p); }

static JSValueRef on_fulfilled(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exception) {
  inv_ref_t *ref = data;
  if (fw_runner_of(ctx) == ref->r) fw_settle(ref->r, ref->serial, NULL);
  return JSValueMakeUndefined(ctx);
}

static JSValueRef on_rejected(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exception) {
  inv_ref_t *ref = data;
  fw_runner_t *r = fw_runner_of(ctx);
  if (r != ref->r) return JSValueMakeUndefined(ctx);
  JSValueRef err = argc ? argv[0] : JSValueMakeUndefined(ctx);
  if (JSValueIsStrictEqual(ctx, err, r->skip_marker)) err = NULL; /* this.skip() in an async fn */
  else if (!JSValueToBoolean(ctx, err))
    err = js_make_error(ctx, "Error", "Promise rejected with no or falsy reason");
  fw_settle(r, ref->serial, err);
  return JSValueMakeUndefined(ctx);
}

/* ---- timeouts ---- */

static void timeout_fire(uv_timer_t *t) {
  fw_runner_t *r = t->data;
  invocation_t *inv = &r->inv;
  if (!inv->running || inv->settled) return;
  inv->runnable->timed_out = true;
  if (inv->done) inv->done->quiet = true;
  fw_settle(r, inv->serial, timeout_error(r, inv->runnable, inv->timeout_ms));
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

void fw_runnable_set_timeout(fw_runner_t *r, fw_runnable_t *rn, double ms) {
  if (ms > 2147483647.0) ms = 0; /* mocha: a huge timeout means none */
  rn->timeout_ms = ms;
  if (r->inv.running && r->inv.runnable == rn) {
    r->inv.timeout_ms = ms;
    arm_timeout(r);
  }
}

/* ---- invoking one function ---- */

static void invoke_bad_fn(fw_runner_t *r, fw_runnable_t *rn) {
  if (rn->kind == FW_TEST)
    fw_settle(r, r->inv.serial,
              js_make_error(r->ctx, "TypeError",
                            "A runnable must be passed a function as its second argument."));
  else
    fw_settle(
        r, r->inv.serial,
        js_make_error(r->ctx, "TypeError", "Cannot read properties of undefined (reading 'call')"));
}

void fw_invoke(fw_runner_t *r, fw_runnable_t *rn) {
  invocation_t *inv = &r->inv;
  fw_done_ref_release(inv->done);
  inv->done = NULL;
  inv->serial++;
  inv->runnable = rn;
  inv->running = true;
  inv->settled = false;
  inv->skip_requested = false;
  inv->returned_promise = false;
  inv->error = NULL;
  inv->started = fw_now_ms();
  inv->timeout_ms = fw_effective_timeout(r, rn);
  rn->timed_out = false;
  r->last = rn;
  if (rn->hook_error) {
    JSValueUnprotect(r->ctx, rn->hook_error);
    rn->hook_error = NULL;
  }
  if (!rn->fn) {
    invoke_bad_fn(r, rn);
    return;
  }
  JSContextRef ctx = r->ctx;
  JSObjectRef this_ctx = rn->parent->ctx;
  if (r->test_active && r->tf.spec_this &&
      (rn->kind == FW_TEST || rn->kind == FW_HOOK_BEFORE_EACH || rn->kind == FW_HOOK_AFTER_EACH))
    this_ctx = r->tf.spec_this;
  if (rn->arity < 0) rn->arity = (int)js_get_number(ctx, rn->fn, "length", 0);
  JSValueRef exc = NULL, result;
  if (rn->arity >= 1) {
    fw_done_ref_t *ref = xcalloc(1, sizeof(*ref));
    *ref = (fw_done_ref_t){.r = r, .rn = rn, .serial = inv->serial, .refs = 2};
    inv->done = ref;
    JSValueRef done = js_make_closure(ctx, "done", on_done, ref, done_ref_finalize);
    result = js_call(ctx, rn->fn, this_ctx, 1, &done, &exc);
    if (exc) {
      ref->error_handled = true; /* mocha: a second done() after a throw is not reported */
      if (ref->finished && !JSValueIsStrictEqual(ctx, exc, r->skip_marker)) exc = NULL;
    } else {
      inv->returned_promise = result && JSValueIsObject(ctx, result) && js_is_thenable(ctx, result);
      if (!inv->settled) arm_timeout(r);
    }
  } else {
    result = js_call(ctx, rn->fn, this_ctx, 0, NULL, &exc);
    if (!exc && js_is_thenable(ctx, result)) {
      inv_ref_t *ref = xmalloc(sizeof(*ref));
      *ref = (inv_ref_t){r, inv->serial};
      if (js_then(ctx, result, on_fulfilled, on_rejected, ref, inv_ref_free, &exc)) {
        if (!inv->settled) arm_timeout(r);
      } else {
        free(ref);
      }
    } else if (!exc) {
      fw_settle(r, inv->serial, NULL);
    }
  }
  if (exc) {
    if (JSValueIsStrictEqual(ctx, exc, r->skip_marker)) exc = NULL; /* this.skip() */
    else if (!JSValueToBoolean(ctx, exc))
      exc = js_make_error(ctx, "Error",
                          "Runnable failed with falsy or undefined exception. "
                          "Please throw an Error instead.");
    if (inv->done) inv->done->finished = true;
    fw_settle(r, inv->serial, exc);
  }
}

/* ---- this.timeout() / this.retries() / this.skip() / this.slow() / this.bail() ---- */

typedef enum {
  CTX_TIMEOUT = FW_SETTING_TIMEOUT,
  CTX_RETRIES = FW_SETTING_RETRIES,
  CTX_SLOW = FW_SETTING_SLOW,
  CTX_SKIP,
  CTX_BAIL
} ctx_method_t;

void fw_apply_setting(fw_runner_t *r, fw_runnable_t *rn, fw_suite_t *s, fw_setting_t which,
                      double v) {
  if (isnan(v) || v < 0) v = 0;
  switch (which) {
  case FW_SETTING_TIMEOUT:
    if (rn) fw_runnable_set_timeout(r, rn, v);
    else s->timeout_ms = v > 2147483647.0 ? 0 : v;
    break;
  case FW_SETTING_RETRIES:
    if (rn) rn->retries = (int)v;
    else s->retries = (int)v;
    break;
  case FW_SETTING_SLOW:
    if (rn) rn->slow_ms = v;
    else s->slow_ms = v;
    break;
  }
}

static JSValueRef ctx_method(JSContextRef ctx, JSObjectRef self, size_t argc,
                             const JSValueRef argv[], JSValueRef *exc, ctx_method_t which) {
  fw_runner_t *r = fw_runner_of(ctx);
  JSValueRef ret = self ? (JSValueRef)self : JSValueMakeUndefined(ctx);
  if (!r) return ret;
  fw_runnable_t *rn = r->inv.running ? r->inv.runnable : NULL;
  fw_suite_t *s = r->collecting;
  if (which == CTX_SKIP) {
    if (rn) {
      if (rn->kind == FW_HOOK_AFTER_ALL) {
        /* mocha: `after` hooks cannot skip; the hook fails. */
        *exc = fw_make_error(r, "ERR_MOCHA_UNSUPPORTED", "`this.skip` forbidden");
        return NULL;
      }
      r->inv.skip_requested = true;
      if (rn->arity >= 1 && !r->inv.settled) {
        /* mocha's async skip ends the function at once, like done(). */
        if (r->inv.done) r->inv.done->finished = true;
        fw_settle(r, r->inv.serial, NULL);
      }
    } else {
      s->skip = true;
    }
    *exc = r->skip_marker;
    return NULL;
  }
  if (which == CTX_BAIL) {
    if (argc > 0) s->bail = JSValueToBoolean(ctx, argv[0]);
    return argc > 0 ? ret : JSValueMakeBoolean(ctx, s->bail);
  }
  if (argc < 1) {
    switch (which) {
    case CTX_TIMEOUT: return JSValueMakeNumber(ctx, rn ? rn->timeout_ms : s->timeout_ms);
    case CTX_RETRIES: return JSValueMakeNumber(ctx, rn ? rn->retries : s->retries);
    default: return JSValueMakeNumber(ctx, rn ? rn->slow_ms : s->slow_ms);
    }
  }
  fw_apply_setting(r, rn, s, (fw_setting_t)which, JSValueToNumber(ctx, argv[0], NULL));
  return ret;
}

JSValueRef fw_ctx_timeout(JSContextRef c, JSObjectRef f, JSObjectRef s, size_t n,
                          const JSValueRef a[], JSValueRef *e) {
  return ctx_method(c, s, n, a, e, CTX_TIMEOUT);
}
JSValueRef fw_ctx_retries(JSContextRef c, JSObjectRef f, JSObjectRef s, size_t n,
                          const JSValueRef a[], JSValueRef *e) {
  return ctx_method(c, s, n, a, e, CTX_RETRIES);
}
JSValueRef fw_ctx_skip(JSContextRef c, JSObjectRef f, JSObjectRef s, size_t n, const JSValueRef a[],
                       JSValueRef *e) {
  return ctx_method(c, s, n, a, e, CTX_SKIP);
}
JSValueRef fw_ctx_slow(JSContextRef c, JSObjectRef f, JSObjectRef s, size_t n, const JSValueRef a[],
                       JSValueRef *e) {
  return ctx_method(c, s, n, a, e, CTX_SLOW);
}
JSValueRef fw_ctx_bail(JSContextRef c, JSObjectRef f, JSObjectRef s, size_t n, const JSValueRef a[],
                       JSValueRef *e) {
  return ctx_method(c, s, n, a, e, CTX_BAIL);
}

/* ---- this.test and this.currentTest ---- */

/* An assignment makes the name an ordinary property of that context from then on. */
static bool ctx_assignment(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                           const JSValueRef argv[]) {
  if (argc == 0) return false;
  char *name = js_get_string(ctx, f, "name"); /* "set currentTest" */
  if (self && name && strncmp(name, "set ", 4) == 0)
    js_define_value(ctx, self, name + 4, argv[0], true);
  free(name);
  return true;
}

/* this.test: the runnable that runs (or ran last), a Test or a Hook, as mocha's
 * Context#runnable. Objects are made on first read: most tests never read them. */
JSValueRef fw_ctx_test(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                       const JSValueRef argv[], JSValueRef *exc) {
  if (ctx_assignment(ctx, f, self, argc, argv)) return JSValueMakeUndefined(ctx);
  fw_runner_t *r = fw_runner_of(ctx);
  if (!r || !r->last) return JSValueMakeUndefined(ctx);
  return fw_runnable_object(r, r->last);
}

/* this.currentTest: in a hook, the test it runs for (`before all`: its suite's first test,
 * `after all`: its last); undefined in a test, as mocha deletes it after each hook. */
JSValueRef fw_ctx_current_test(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  if (ctx_assignment(ctx, f, self, argc, argv)) return JSValueMakeUndefined(ctx);
  fw_runner_t *r = fw_runner_of(ctx);
  fw_runnable_t *rn = r && r->inv.running ? r->inv.runnable : NULL;
  if (!rn || rn->kind == FW_TEST || !rn->for_test) return JSValueMakeUndefined(ctx);
  return fw_runnable_object(r, rn->for_test);
}
