/* events: what the runner reports (test, hook and suite events as jansson objects, borrowed
 * by the emit callback for the duration of the call), the titles mocha gives hooks, and the
 * errors mocha makes. Counting passes, failures and pending tests happens here, so that the
 * counts always match what was reported. */
#include <stdarg.h>

#include "frameworks/runner_internal.h"

#define VISIBLE_NUL "\xE2\x90\x80" /* U+2400, which C strings of JavaScript text show for a NUL */

/* The error's message with its NULs ('a\0b'), as js_error_info chooses it; NULL when there
 * is none. */
static char *message_with_nuls(JSContextRef ctx, JSValueRef err, const js_error_info_t *info,
                               size_t *len) {
  JSValueRef v = err;
  if (err && JSValueIsObject(ctx, err)) {
    JSValueRef m = js_get(ctx, err, "message");
    if (!JSValueIsUndefined(ctx, m) && !JSValueIsNull(ctx, m)) v = m;
    else if (info->name) return NULL;
  }
  return v ? js_value_to_utf8_len(ctx, v, len) : NULL;
}

/* The stack (a C string, where the message shows its NULs as U+2400) with the message's
 * own text put back in its first line. */
static json_t *stack_json(const char *stack, const char *shown, const char *raw, size_t raw_len) {
  const char *at = raw && shown && *shown ? strstr(stack, shown) : NULL;
  if (!at) return json_string(stack);
  sbuf_t b = SBUF_INIT;
  sbuf_append(&b, stack, (size_t)(at - stack));
  sbuf_append(&b, raw, raw_len);
  sbuf_puts(&b, at + strlen(shown));
  json_t *j = json_stringn(b.data, b.len);
  sbuf_free(&b);
  return j;
}

json_t *fw_error_json(fw_runner_t *r, JSValueRef err) {
  js_error_info_t info;
  js_error_info(r->ctx, err, &info);
  json_t *j = json_object();
  json_object_set_new(j, "name", json_string(info.name ? info.name : "Error"));
  /* Messages carry their NULs to the reporters; looked up again only when there are some. */
  size_t raw_len = 0;
  char *raw = info.message && strstr(info.message, VISIBLE_NUL)
                  ? message_with_nuls(r->ctx, err, &info, &raw_len)
                  : NULL;
  json_object_set_new(
      j, "message",
      raw ? json_stringn(raw, raw_len) : json_string(info.message ? info.message : ""));
  if (info.stack) {
    char *stack = r->iface && r->iface->error_stack ? r->iface->error_stack(r->iface->ud, err)
                                                    : js_error_stack(r->ctx, err);
    json_object_set_new(j, "stack", stack_json(stack, info.message, raw, raw_len));
    free(stack);
  }
  free(raw);
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

/* Titles go with their lengths: a title may hold NULs, which the reporters show. */
json_t *fw_test_event(fw_runner_t *r, const char *type, fw_suite_t *parent, const char *title,
                      size_t title_len) {
  size_t ft_len;
  char *ft = fw_full_title(parent, title, title_len, &ft_len);
  json_t *ev = json_pack("{s:s, s:s%, s:s%, s:s%}", "type", type, "title", title, title_len,
                         "fullTitle", ft, ft_len, "parent", parent->parent ? parent->title : "",
                         parent->parent ? parent->title_len : 0);
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
char *fw_hook_title(const fw_runnable_t *hook, size_t *len) {
  sbuf_t title = SBUF_INIT;
  sbuf_printf(&title, "\"%s\" hook", hook_kind_name(hook->kind));
  if (hook->title_len) {
    sbuf_puts(&title, ": ");
    sbuf_append(&title, hook->title, hook->title_len);
  }
  const fw_suite_t *s = hook->parent;
  if (hook->for_test) {
    sbuf_puts(&title, " for \"");
    sbuf_append(&title, hook->for_test->title, hook->for_test->title_len);
  } else {
    sbuf_puts(&title, " in \"");
    if (s->parent) sbuf_append(&title, s->title, s->title_len);
    else sbuf_puts(&title, "{root}");
  }
  sbuf_putc(&title, '"');
  if (len) *len = title.len;
  return sbuf_take(&title);
}

void fw_emit_hook_failure(fw_runner_t *r, fw_runnable_t *hook, JSValueRef err, double duration) {
  size_t title_len;
  char *title = fw_hook_title(hook, &title_len);
  json_t *ev = fw_test_event(r, "test:fail", hook->parent, title, title_len);
  json_object_set_new(ev, "hook", json_string(hook_kind_name(hook->kind)));
  json_object_set_new(ev, "duration", json_real(duration));
  json_object_set_new(ev, "error", fw_error_json(r, err));
  free(title);
  hook->state = FW_STATE_FAILED;
  r->stats.failures++;
  fw_emit(r, ev);
}

void fw_emit_test_pass(fw_runner_t *r, fw_runnable_t *t, double duration, int retries) {
  json_t *ev = fw_test_event(r, "test:pass", t->parent, t->title, t->title_len);
  json_object_set_new(ev, "duration", json_real(duration));
  json_object_set_new(ev, "retries", json_integer(retries));
  t->state = FW_STATE_PASSED;
  r->stats.passes++;
  fw_emit(r, ev);
}

void fw_emit_test_fail(fw_runner_t *r, fw_runnable_t *t, JSValueRef err, double duration,
                       int retries) {
  json_t *ev = fw_test_event(r, "test:fail", t->parent, t->title, t->title_len);
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
  json_t *ev = fw_test_event(r, "test:pending", t->parent, t->title, t->title_len);
  if (t->pending_reason)
    json_object_set_new(ev, "reason", json_stringn(t->pending_reason, t->pending_reason_len));
  fw_emit(r, ev);
}

void fw_emit_suite(fw_runner_t *r, fw_suite_t *s, bool start, double duration) {
  if (!s->parent) return; /* the root suite is the file: no suite events */
  json_t *ev = json_pack("{s:s, s:s%}", "type", start ? "suite:start" : "suite:end", "title",
                         s->title, s->title_len);
  size_t ft_len;
  char *ft = fw_full_title(s, NULL, 0, &ft_len);
  json_object_set_new(ev, "fullTitle", json_stringn(ft, ft_len));
  free(ft);
  if (start) json_object_set_new(ev, "file", json_string(s->file));
  else json_object_set_new(ev, "duration", json_real(duration));
  fw_emit(r, ev);
}
