/* events: what the runner reports (test, hook and suite events as jansson objects, borrowed
 * by the emit callback for the duration of the call), the titles mocha gives hooks, and the
 * errors mocha makes. Counting passes, failures and pending tests happens here, so that the
 * counts always match what was reported. */
#include <stdarg.h>

#include "frameworks/runner_internal.h"

json_t *fw_error_json(fw_runner_t *r, JSValueRef err) {
  js_error_info_t info;
  js_error_info(r->ctx, err, &info);
  json_t *j = json_object();
  json_object_set_new(j, "name", json_string(info.name ? info.name : "Error"));
  json_object_set_new(j, "message", json_string(info.message ? info.message : ""));
  if (info.stack) {
    char *stack = r->iface && r->iface->error_stack ? r->iface->error_stack(r->iface->ud, err)
                                                    : js_error_stack(r->ctx, err);
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
  /* An outcome of a runnable that ended before: reporters must not take it for the test
   * that is running now. */
  if (r->emitting_late) json_object_set_new(ev, "late", json_true());
  if (r->iface && r->iface->observe) r->iface->observe(r->iface->ud, ev);
  r->emit(ev, r->emit_ud);
  json_decref(ev);
}

json_t *fw_test_event(fw_runner_t *r, const char *type, fw_suite_t *parent, const char *title) {
  char *ft = fw_full_title(parent, title);
  json_t *ev = json_pack("{s:s, s:s, s:s, s:s}", "type", type, "title", title, "fullTitle", ft,
                         "parent", parent->parent ? parent->title : "");
  json_object_set_new(ev, "file", json_string(parent->parent ? parent->file : r->file));
  free(ft);
  return ev;
}

JSObjectRef fw_make_error(fw_runner_t *r, const char *code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  sbuf_t msg = SBUF_INIT;
  sbuf_vprintf(&msg, fmt, ap);
  va_end(ap);
  JSObjectRef err = js_make_error(r->ctx, "Error", sbuf_cstr(&msg));
  if (code) js_set(r->ctx, err, "code", js_make_string(r->ctx, code));
  sbuf_free(&msg);
  return err;
}

static const char *hook_kind_name(fw_kind_t kind) {
  switch (kind) {
    case FW_HOOK_BEFORE_ALL: return "before all";
    case FW_HOOK_BEFORE_EACH: return "before each";
    case FW_HOOK_AFTER_EACH: return "after each";
    case FW_HOOK_AFTER_ALL: return "after all";
    default: return "test";
  }
}

/* mocha: `"before each" hook: <name> for "<test>"`, or `in "<suite>"` when the hook ran for
 * no test (an `all` hook of a suite without tests of its own; "{root}" for the root). */
char *fw_hook_title(const fw_runnable_t *hook) {
  sbuf_t title = SBUF_INIT;
  sbuf_printf(&title, "\"%s\" hook", hook_kind_name(hook->kind));
  if (hook->title[0]) sbuf_printf(&title, ": %s", hook->title);
  const fw_suite_t *s = hook->parent;
  if (hook->for_test) sbuf_printf(&title, " for \"%s\"", hook->for_test->title);
  else sbuf_printf(&title, " in \"%s\"", s->parent ? s->title : "{root}");
  return sbuf_take(&title);
}

void fw_emit_hook_failure(fw_runner_t *r, fw_runnable_t *hook, JSValueRef err, double duration) {
  char *title = fw_hook_title(hook);
  json_t *ev = fw_test_event(r, "test:fail", hook->parent, title);
  json_object_set_new(ev, "hook", json_string(hook_kind_name(hook->kind)));
  json_object_set_new(ev, "duration", json_real(duration));
  json_object_set_new(ev, "error", fw_error_json(r, err));
  free(title);
  hook->state = FW_STATE_FAILED;
  r->stats.failures++;
  fw_emit(r, ev);
}

void fw_emit_test_pass(fw_runner_t *r, fw_runnable_t *t, double duration, int retries) {
  json_t *ev = fw_test_event(r, "test:pass", t->parent, t->title);
  json_object_set_new(ev, "duration", json_real(duration));
  json_object_set_new(ev, "retries", json_integer(retries));
  t->state = FW_STATE_PASSED;
  r->stats.passes++;
  fw_emit(r, ev);
}

void fw_emit_test_fail(fw_runner_t *r, fw_runnable_t *t, JSValueRef err, double duration,
                       int retries) {
  json_t *ev = fw_test_event(r, "test:fail", t->parent, t->title);
  json_object_set_new(ev, "duration", json_real(duration));
  json_object_set_new(ev, "error", fw_error_json(r, err));
  json_object_set_new(ev, "retries", json_integer(retries));
  t->state = FW_STATE_FAILED;
  r->stats.failures++;
  fw_emit(r, ev);
}

void fw_emit_pending(fw_runner_t *r, fw_runnable_t *t) {
  if (r->opts.forbid_pending) {
    fw_emit_test_fail(r, t, fw_make_error(r, NULL, "Pending test forbidden"), 0, 0);
    return;
  }
  t->state = FW_STATE_PENDING;
  r->stats.pending++;
  json_t *ev = fw_test_event(r, "test:pending", t->parent, t->title);
  if (t->pending_reason) json_object_set_new(ev, "reason", json_string(t->pending_reason));
  fw_emit(r, ev);
}

void fw_emit_suite(fw_runner_t *r, fw_suite_t *s, bool start, double duration) {
  if (!s->parent) return; /* the root suite is the file: no suite events */
  json_t *ev = json_pack("{s:s, s:s}", "type", start ? "suite:start" : "suite:end", "title",
                         s->title);
  char *ft = fw_full_title(s, NULL);
  json_object_set_new(ev, "fullTitle", json_string(ft));
  free(ft);
  if (start) json_object_set_new(ev, "file", json_string(s->file));
  else json_object_set_new(ev, "duration", json_real(duration));
  fw_emit(r, ev);
}
