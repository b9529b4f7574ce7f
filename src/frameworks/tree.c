/* tree: building the runnable tree while spec files load (describe/it/hooks), titles, and
 * choosing what runs: mocha's .only rules, grep/invert, inherited timeouts and retries. */
#include "frameworks/runner_internal.h"
#include "js/jsclass.h"

double fw_now_ms(void) { return (double)uv_hrtime() / 1e6; }

void fw_vec_push(runnable_vec_t *v, fw_runnable_t *x) {
  if (v->len == v->cap) {
    v->cap = v->cap ? v->cap * 2 : 4;
    v->items = xrealloc(v->items, v->cap * sizeof(*v->items));
  }
  v->items[v->len++] = x;
}

/* ---- tree ---- */

/* A copy of `len` bytes, NULs included, NUL-terminated. */
static char *memdup_text(const char *s, size_t len) {
  char *copy = xmalloc(len + 1);
  if (len) memcpy(copy, s, len);
  copy[len] = '\0';
  return copy;
}

fw_suite_t *fw_suite_new(fw_runner_t *r, fw_suite_t *parent, const char *title, size_t title_len) {
  fw_suite_t *s = xcalloc(1, sizeof(*s));
  s->title = memdup_text(title, title_len);
  s->title_len = title_len;
  s->file = xstrdup(r->file ? r->file : "");
  s->parent = parent;
  /* mocha copies these from the parent when a suite (or test, or hook) is made: a later
   * this.timeout() in a describe body applies to what is declared after it. */
  s->timeout_ms = parent ? parent->timeout_ms : r->opts.timeout_ms;
  s->retries = parent ? parent->retries : r->opts.retries;
  s->slow_ms = parent ? parent->slow_ms : 75;
  s->bail = parent ? parent->bail : r->opts.bail;
  s->ctx = JSObjectMake(r->ctx, NULL, NULL);
  if (parent) {
    JSObjectSetPrototype(r->ctx, s->ctx, parent->ctx);
  } else {
    js_set_function(r->ctx, s->ctx, "timeout", fw_ctx_timeout);
    js_set_function(r->ctx, s->ctx, "retries", fw_ctx_retries);
    js_set_function(r->ctx, s->ctx, "skip", fw_ctx_skip);
    js_set_function(r->ctx, s->ctx, "slow", fw_ctx_slow);
    js_set_function(r->ctx, s->ctx, "bail", fw_ctx_bail);
    static const struct {
      const char *get, *set;
      JSObjectCallAsFunctionCallback fn;
    } current[] = {{"currentTest", "set currentTest", fw_ctx_current_test},
                   {"test", "set test", fw_ctx_test}};
    for (size_t i = 0; i < 2; i++)
      js_define_accessor(r->ctx, s->ctx, current[i].get,
                         js_make_function(r->ctx, current[i].get, current[i].fn, 0),
                         js_make_function(r->ctx, current[i].set, current[i].fn, 1), true);
  }
  JSValueProtect(r->ctx, s->ctx);
  return s;
}

static void runnable_free(fw_runner_t *r, fw_runnable_t *rn) {
  if (rn->fn) JSValueUnprotect(r->ctx, rn->fn);
  if (rn->obj) JSValueUnprotect(r->ctx, rn->obj);
  if (rn->hook_error) JSValueUnprotect(r->ctx, rn->hook_error);
  free(rn->pending_reason);
  free(rn->title);
  free(rn);
}

void fw_suite_free(fw_runner_t *r, fw_suite_t *s) {
  for (size_t i = 0; i < s->tests.len; i++) runnable_free(r, s->tests.items[i]);
  free(s->tests.items);
  for (int k = 0; k < 4; k++) {
    for (size_t i = 0; i < s->hooks[k].len; i++) runnable_free(r, s->hooks[k].items[i]);
    free(s->hooks[k].items);
  }
  for (size_t i = 0; i < s->n_suites; i++) fw_suite_free(r, s->suites[i]);
  free(s->suites);
  free(s->order);
  JSValueUnprotect(r->ctx, s->ctx);
  if (s->obj) JSValueUnprotect(r->ctx, s->obj);
  free(s->title);
  free(s->file);
  free(s);
}

fw_runnable_t *fw_runnable_new(fw_runner_t *r, fw_kind_t kind, const char *title, size_t title_len,
                               JSValueRef fn) {
  fw_runnable_t *rn = xcalloc(1, sizeof(*rn));
  rn->kind = kind;
  rn->arity = -1;
  rn->title = memdup_text(title ? title : "", title ? title_len : 0);
  rn->title_len = title ? title_len : 0;
  rn->parent = r->collecting;
  rn->timeout_ms = rn->parent->timeout_ms;
  rn->retries = rn->parent->retries;
  rn->slow_ms = rn->parent->slow_ms;
  if (fn && js_is_function(r->ctx, fn)) {
    rn->fn = (JSObjectRef)fn;
    JSValueProtect(r->ctx, rn->fn);
  } else if (fn && !JSValueIsUndefined(r->ctx, fn)) {
    rn->bad_fn = true;
  }
  return rn;
}

static void push_order(fw_suite_t *s, int entry) {
  if (s->n_order == s->cap_order) {
    s->cap_order = s->cap_order ? s->cap_order * 2 : 4;
    s->order = xrealloc(s->order, s->cap_order * sizeof(*s->order));
  }
  s->order[s->n_order++] = entry;
}

void fw_runnable_set_pending_reason(fw_runnable_t *rn, const char *reason) {
  fw_runnable_set_pending_reason_n(rn, reason, reason ? strlen(reason) : 0);
}

void fw_runnable_set_pending_reason_n(fw_runnable_t *rn, const char *reason, size_t len) {
  free(rn->pending_reason);
  rn->pending_reason = reason ? memdup_text(reason, len) : NULL;
  rn->pending_reason_len = reason ? len : 0;
}

fw_suite_t *fw_root_suite(fw_runner_t *r) { return r->root; }

fw_suite_t *fw_collecting_suite(fw_runner_t *r) { return r->collecting; }

fw_suite_t *fw_add_suite(fw_runner_t *r, const char *title, JSValueRef fn, bool only, bool skip,
                         JSValueRef *exception) {
  return fw_add_suite_n(r, title, strlen(title), fn, only, skip, exception);
}

fw_suite_t *fw_add_suite_n(fw_runner_t *r, const char *title, size_t len, JSValueRef fn, bool only,
                           bool skip, JSValueRef *exception) {
  fw_suite_t *parent = r->collecting;
  fw_suite_t *s = fw_suite_new(r, parent, title, len);
  s->only = only;
  s->skip = skip;
  if (parent->n_suites == parent->cap_suites) {
    parent->cap_suites = parent->cap_suites ? parent->cap_suites * 2 : 4;
    parent->suites = xrealloc(parent->suites, parent->cap_suites * sizeof(fw_suite_t *));
  }
  parent->suites[parent->n_suites++] = s;
  push_order(parent, -(int)parent->n_suites);
  if (!fn || !js_is_function(r->ctx, fn)) return s;
  r->collecting = s;
  JSValueRef exc = NULL;
  js_call(r->ctx, fn, s->ctx, 0, NULL, &exc);
  r->collecting = parent;
  if (exc) {
    *exception = exc;
    return NULL;
  }
  return s;
}

fw_runnable_t *fw_add_test(fw_runner_t *r, const char *title, JSValueRef fn, bool only, bool skip,
                           int retries) {
  return fw_add_test_n(r, title, strlen(title), fn, only, skip, retries);
}

fw_runnable_t *fw_add_test_n(fw_runner_t *r, const char *title, size_t len, JSValueRef fn,
                             bool only, bool skip, int retries) {
  fw_runnable_t *t = fw_runnable_new(r, FW_TEST, title, len, fn);
  t->only = only;
  t->skip = skip || (!t->fn && !t->bad_fn);
  if (retries >= 0) t->retries = retries;
  fw_vec_push(&r->collecting->tests, t);
  push_order(r->collecting, (int)r->collecting->tests.len - 1);
  return t;
}

fw_runnable_t *fw_add_hook(fw_runner_t *r, fw_kind_t kind, const char *title, JSValueRef fn) {
  return fw_add_hook_n(r, kind, title, title ? strlen(title) : 0, fn);
}

fw_runnable_t *fw_add_hook_n(fw_runner_t *r, fw_kind_t kind, const char *title, size_t len,
                             JSValueRef fn) {
  if (kind == FW_TEST) return NULL;
  fw_runnable_t *h = fw_runnable_new(r, kind, title, len, fn);
  if (!h->fn) h->bad_fn = true;
  fw_vec_push(&r->collecting->hooks[kind], h);
  return h;
}

/* ---- titles ---- */

static void full_title_into(const fw_suite_t *s, sbuf_t *b) {
  if (!s || !s->parent) return; /* the root suite has no title */
  full_title_into(s->parent, b);
  if (b->len) sbuf_putc(b, ' ');
  sbuf_append(b, s->title, s->title_len);
}

char *fw_full_title(const fw_suite_t *s, const char *leaf, size_t leaf_len, size_t *len) {
  sbuf_t b = SBUF_INIT;
  full_title_into(s, &b);
  if (leaf) {
    if (b.len) sbuf_putc(&b, ' ');
    sbuf_append(&b, leaf, leaf_len);
  }
  if (len) *len = b.len;
  return sbuf_take(&b);
}

bool fw_grep_raw(fw_runner_t *r, const char *title, size_t title_len) {
  if (!r->grep) return true;
  JSValueRef arg = js_make_string_len(r->ctx, title, title_len);
  JSValueRef res = js_call(r->ctx, js_get(r->ctx, r->grep, "test"), r->grep, 1, &arg, NULL);
  return res && JSValueToBoolean(r->ctx, res);
}

static bool grep_matches(fw_runner_t *r, const char *title, size_t title_len) {
  bool m = fw_grep_raw(r, title, title_len);
  return r->opts.invert ? !m : m;
}

bool fw_has_only(const fw_suite_t *s) {
  for (size_t i = 0; i < s->tests.len; i++)
    if (s->tests.items[i]->only) return true;
  for (size_t i = 0; i < s->n_suites; i++)
    if (s->suites[i]->only || fw_has_only(s->suites[i])) return true;
  return false;
}

void fw_mark_all(fw_suite_t *s, bool on) {
  for (size_t i = 0; i < s->tests.len; i++) s->tests.items[i]->selected = on;
  for (size_t i = 0; i < s->n_suites; i++) fw_mark_all(s->suites[i], on);
}

/* mocha's Suite#filterOnly: a suite with `only` tests runs those and none of its child
 * suites; otherwise it runs its `only` suites (filtered again when they hold `only`s
 * themselves) and the child suites that have `only`s below them. Marks `selected`. */
bool fw_filter_only(fw_suite_t *s) {
  bool only_tests = false;
  for (size_t i = 0; i < s->tests.len; i++) only_tests = only_tests || s->tests.items[i]->only;
  if (only_tests) {
    for (size_t i = 0; i < s->tests.len; i++) s->tests.items[i]->selected = s->tests.items[i]->only;
    for (size_t i = 0; i < s->n_suites; i++) fw_mark_all(s->suites[i], false);
    return true;
  }
  bool any = false;
  for (size_t i = 0; i < s->tests.len; i++) s->tests.items[i]->selected = false;
  for (size_t i = 0; i < s->n_suites; i++) {
    fw_suite_t *child = s->suites[i];
    if (child->only) {
      if (fw_has_only(child)) fw_filter_only(child);
      else fw_mark_all(child, true);
      any = true;
    } else if (fw_has_only(child)) {
      any = fw_filter_only(child) || any;
    } else {
      fw_mark_all(child, false);
    }
  }
  return any;
}

/* After only-filtering, applies grep to the full titles; counts and flags what runs. */
bool fw_select_tests(fw_runner_t *r, fw_suite_t *s) {
  bool any = false;
  for (size_t i = 0; i < s->tests.len; i++) {
    fw_runnable_t *t = s->tests.items[i];
    t->dropped = !t->selected; /* by .only, before grep: mocha removes those from the suite */
    if (t->selected) {
      size_t ft_len;
      char *ft = fw_full_title(s, t->title, t->title_len, &ft_len);
      t->selected = grep_matches(r, ft, ft_len);
      free(ft);
    }
    if (t->selected) {
      any = true;
      r->stats.tests_total++;
    }
  }
  for (size_t i = 0; i < s->n_suites; i++)
    if (fw_select_tests(r, s->suites[i])) any = true;
  s->has_selected = any;
  return any;
}

bool fw_unselected_pending(fw_runner_t *r, fw_suite_t *s) {
  bool runs = false;
  for (size_t i = 0; i < s->tests.len; i++) {
    fw_runnable_t *t = s->tests.items[i];
    if (!t->selected) {
      t->selected = true;
      t->skip = true;
      r->stats.tests_total++;
    }
    runs = runs || !t->skip;
  }
  for (size_t i = 0; i < s->n_suites; i++)
    if (fw_unselected_pending(r, s->suites[i])) runs = true;
  s->has_selected = s->has_selected || s->tests.len > 0 || s->n_suites > 0;
  if (!runs) s->skip = true; /* its hooks have nothing to run for */
  return runs;
}

bool fw_suite_skipped(const fw_suite_t *s) {
  for (; s; s = s->parent)
    if (s->skip || s->skip_all) return true;
  return false;
}

bool fw_suite_aborted(const fw_runner_t *r, const fw_suite_t *s) {
  if (r->aborted) return true;
  for (; s; s = s->parent)
    if (s->aborted) return true;
  return false;
}

/* A runnable's settings are copied from its suite when it is made (see fw_suite_new). */
double fw_effective_timeout(const fw_runner_t *r, const fw_runnable_t *rn) {
  return rn->timeout_ms;
}

bool fw_bail_now(const fw_runner_t *r, const fw_suite_t *s) {
  return r->stats.failures > 0 && s->bail;
}

double fw_effective_slow(const fw_runner_t *r, const fw_runnable_t *rn) { return rn->slow_ms; }

fw_runnable_t *fw_own_edge_test(const fw_suite_t *s, bool last) {
  for (size_t k = 0; k < s->tests.len; k++) {
    fw_runnable_t *t = s->tests.items[last ? s->tests.len - 1 - k : k];
    if (!t->dropped) return t;
  }
  return NULL;
}

int fw_effective_retries(const fw_runner_t *r, const fw_runnable_t *rn) { return rn->retries; }
