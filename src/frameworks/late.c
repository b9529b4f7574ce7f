/* late: errors that no running function can take, handled as mocha's Runner#uncaught does,
 * and the drain after the last suite, so that an error a spec file's timers throw after its
 * last test is still reported and fails the run (mocha waits for the event loop to empty;
 * sonde waits for the file's timers and open sockets, up to a bound).
 *
 * An uncaught error (a throw in a timer callback, an unhandled rejection) goes to:
 * - the running function, which fails with it;
 * - else the runnable that ran last: ignored when it failed already (logged), reported
 *   when it was pending, and when it had passed, reported as a second outcome and the run
 *   stops (mocha's abort: no further test starts, `after` hooks still run);
 * - else, before anything ran, "Uncaught error outside test suite".
 * A second done() is always reported, on the runnable whose done it was. */
#include "frameworks/runner_internal.h"

void fw_report_stray(fw_runner_t *r, JSValueRef error, bool is_rejection) {
  js_error_info_t info;
  js_error_info(r->ctx, error, &info);
  json_t *ev = json_pack("{s:s, s:s}", "type", "log", "level", "error");
  char *text = xasprintf("Uncaught %s after its test had failed already: %s",
                         is_rejection ? "rejection" : "error", info.message ? info.message : "");
  json_object_set_new(ev, "text", json_string(text));
  free(text);
  js_error_info_free(&info);
  fw_emit(r, ev);
}

/* The suite mocha would name: the one of the test or hook in progress, else the root. */
static fw_suite_t *current_suite(fw_runner_t *r) {
  if (r->test_active && r->tf.test) return r->tf.test->parent;
  if (r->n_frames) return r->frames[r->n_frames - 1].suite;
  return r->root;
}

static void fail_outside(fw_runner_t *r, JSValueRef err) {
  json_t *ev = fw_test_event(r, "test:fail", current_suite(r), "Uncaught error outside test suite",
                             strlen("Uncaught error outside test suite"));
  json_object_set_new(ev, "duration", json_real(0));
  json_object_set_new(ev, "error", fw_error_json(r, err));
  r->stats.failures++;
  fw_emit(r, ev);
}

void fw_late_failure(fw_runner_t *r, fw_runnable_t *rn, JSValueRef err, bool forced) {
  if (!rn) {
    fail_outside(r, err);
    return;
  }
  if (!forced && rn->state == FW_STATE_FAILED) {
    fw_report_stray(r, err, false);
    return;
  }
  bool had_passed = rn->state != FW_STATE_PENDING;
  r->emitting_late = true;
  if (rn->kind == FW_TEST) {
    fw_emit_test_fail(r, rn, err, 0, rn->attempt);
  } else {
    /* mocha renames a hook that ended well without its test: `hook in "suite"`. */
    fw_runnable_t *for_test = rn->for_test;
    if (rn->state != FW_STATE_FAILED) rn->for_test = NULL;
    fw_emit_hook_failure(r, rn, err, 0);
    rn->for_test = for_test;
  }
  r->emitting_late = false;
  /* mocha cannot recover once a runnable that passed fails: the run stops. */
  if (!forced && had_passed) r->aborted = true;
}

void fw_on_uncaught(js_realm_t *realm, JSValueRef error, bool is_rejection, void *ud) {
  fw_runner_t *r = ud;
  invocation_t *inv = &r->inv;
  if (JSValueIsStrictEqual(r->ctx, error, r->skip_marker)) {
    /* this.skip() outside the function's own call (a timer of an async test): the skip
     * itself was recorded by the call; its throw ends only that callback. */
    if (inv->running && !inv->settled) fw_settle(r, inv->serial, NULL);
    return;
  }
  if (!r->running) {
    /* Before the run: reported when it begins (nothing may be reported before then), and
     * dropped when the file fails to load. That covers the engine reporting the load
     * promise's own rejection before the loader attached its handler. */
    r->early_errors = xrealloc(r->early_errors, (r->n_early_errors + 1) * sizeof(JSValueRef));
    r->early_errors[r->n_early_errors++] = error;
    JSValueProtect(r->ctx, error);
    return;
  }
  if (inv->running && !inv->settled) {
    /* mocha fails the function through its own done; sonde also takes the function's later
     * call of done() as its normal end, not as a second done() (see known-differences). */
    if (inv->done) inv->done->finished = inv->done->quiet = true;
    fw_settle(r, inv->serial, error);
    return;
  }
  if (inv->running) {
    /* Settled, its outcome not yet recorded: judge the error once it is. */
    if (!inv->late_error) {
      inv->late_error = error;
      inv->late_forced = false;
      JSValueProtect(r->ctx, error);
    }
    return;
  }
  fw_late_failure(r, r->last, error, false);
}

/* ---- the drain ---- */

static void drain_end(fw_runner_t *r) {
  r->draining = false;
  uv_timer_stop(&r->drain_timer);
  uv_check_stop(&r->drain_check);
  fw_finish(r);
}

static void drain_timeout(uv_timer_t *t) {
  fw_runner_t *r = t->data;
  if (r->draining) drain_end(r);
}

static void drain_check(uv_check_t *c) {
  fw_runner_t *r = c->data;
  if (r->draining && js_realm_pending_work(r->realm) == 0) drain_end(r);
}

void fw_drain(fw_runner_t *r) {
  if (r->opts.drain_ms <= 0 || js_realm_pending_work(r->realm) == 0) {
    fw_finish(r);
    return;
  }
  r->draining = true;
  uv_update_time(r->drain_timer.loop);
  uv_timer_start(&r->drain_timer, drain_timeout, (uint64_t)ceil(r->opts.drain_ms), 0);
  uv_check_start(&r->drain_check, drain_check);
}
