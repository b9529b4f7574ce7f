/* objects: mocha's Test, Hook and Suite objects as JavaScript sees them: what `it()` and
 * `describe()` return (so `it('x', fn).timeout(100)` works), `this.test`,
 * `this.currentTest`, `suite.tests`. Each is a JSC object whose private data is the C
 * runnable or suite; its properties are the class's static values and functions, which the
 * engine looks up on access, so making one costs a single allocation.
 *
 * Memory: an object is made on first use, protected, and kept while the runner lives (so
 * the same test always gives the same object). Before the tree is freed,
 * fw_objects_detach clears every object's private pointer: an object that outlives its
 * runner answers undefined. */
#include "frameworks/runner_internal.h"

static fw_runnable_t *runnable_of(JSObjectRef o) { return JSObjectGetPrivate(o); }

static fw_suite_t *suite_of(JSObjectRef o) { return JSObjectGetPrivate(o); }

static JSValueRef undefined(JSContextRef ctx) { return JSValueMakeUndefined(ctx); }

/* ["outer", "inner", "leaf"]: the titles from the file's root down. */
static JSValueRef title_path(JSContextRef ctx, const fw_suite_t *s, const char *leaf,
                             size_t leaf_len) {
  size_t n = leaf ? 1 : 0;
  for (const fw_suite_t *p = s; p && p->parent; p = p->parent) n++;
  JSValueRef *items = xmalloc((n ? n : 1) * sizeof(JSValueRef));
  size_t i = n;
  if (leaf) items[--i] = js_make_string_len(ctx, leaf, leaf_len);
  for (const fw_suite_t *p = s; p && p->parent; p = p->parent)
    items[--i] = js_make_string_len(ctx, p->title, p->title_len);
  JSValueRef arr = js_make_array(ctx, n, items);
  free(items);
  return arr;
}

static const char *state_name(fw_state_t st) {
  switch (st) {
  case FW_STATE_PASSED: return "passed";
  case FW_STATE_FAILED: return "failed";
  case FW_STATE_PENDING: return "pending";
  default: return NULL;
  }
}

/* ---- Test and Hook ---- */

static JSValueRef rn_get(JSContextRef ctx, JSObjectRef o, JSStringRef name, JSValueRef *exc) {
  fw_runnable_t *rn = runnable_of(o);
  fw_runner_t *r = fw_runner_of(ctx);
  if (!rn || !r) return undefined(ctx);
  char key[16];
  JSStringGetUTF8CString(name, key, sizeof key);
  if (strcmp(key, "title") == 0) {
    if (rn->kind == FW_TEST) return js_make_string_len(ctx, rn->title, rn->title_len);
    size_t len;
    char *t = fw_hook_title(rn, &len);
    JSValueRef v = js_make_string_len(ctx, t, len);
    free(t);
    return v;
  }
  if (strcmp(key, "type") == 0) return js_make_string(ctx, rn->kind == FW_TEST ? "test" : "hook");
  if (strcmp(key, "file") == 0)
    return js_make_string(ctx, rn->parent->parent ? rn->parent->file : r->file);
  if (strcmp(key, "parent") == 0) return fw_suite_object(r, rn->parent);
  if (strcmp(key, "state") == 0) {
    const char *s = state_name(rn->state);
    return s ? js_make_string(ctx, s) : undefined(ctx);
  }
  if (strcmp(key, "duration") == 0)
    return rn->state == FW_STATE_NONE ? undefined(ctx) : JSValueMakeNumber(ctx, rn->duration);
  if (strcmp(key, "pending") == 0)
    return JSValueMakeBoolean(ctx, rn->skip || rn->state == FW_STATE_PENDING);
  if (strcmp(key, "timedOut") == 0) return JSValueMakeBoolean(ctx, rn->timed_out);
  if (strcmp(key, "ctx") == 0) return rn->parent->ctx;
  if (strcmp(key, "fn") == 0) return rn->fn ? (JSValueRef)rn->fn : undefined(ctx);
  return undefined(ctx);
}

static JSValueRef rn_full_title(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  fw_runnable_t *rn = self ? runnable_of(self) : NULL;
  if (!rn) return undefined(ctx);
  size_t leaf_len = rn->title_len, ft_len;
  char *leaf = rn->kind == FW_TEST ? NULL : fw_hook_title(rn, &leaf_len);
  char *ft = fw_full_title(rn->parent, leaf ? leaf : rn->title, leaf_len, &ft_len);
  JSValueRef v = js_make_string_len(ctx, ft, ft_len);
  free(ft);
  free(leaf);
  return v;
}

static JSValueRef rn_title_path(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  fw_runnable_t *rn = self ? runnable_of(self) : NULL;
  if (!rn) return undefined(ctx);
  size_t leaf_len = rn->title_len;
  char *leaf = rn->kind == FW_TEST ? NULL : fw_hook_title(rn, &leaf_len);
  JSValueRef v = title_path(ctx, rn->parent, leaf ? leaf : rn->title, leaf_len);
  free(leaf);
  return v;
}

/* timeout(ms), retries(n), slow(ms): set and return the object, or read the value. */
static JSValueRef rn_setting(JSContextRef ctx, JSObjectRef self, size_t argc,
                             const JSValueRef argv[], fw_setting_t which) {
  fw_runnable_t *rn = self ? runnable_of(self) : NULL;
  fw_runner_t *r = fw_runner_of(ctx);
  if (!rn || !r) return undefined(ctx);
  if (argc == 0) {
    if (which == FW_SETTING_TIMEOUT) return JSValueMakeNumber(ctx, fw_effective_timeout(r, rn));
    if (which == FW_SETTING_RETRIES) return JSValueMakeNumber(ctx, fw_effective_retries(r, rn));
    return JSValueMakeNumber(ctx, fw_effective_slow(r, rn));
  }
  fw_apply_setting(r, rn, NULL, which, JSValueToNumber(ctx, argv[0], NULL));
  return self;
}

static JSValueRef rn_timeout(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                             const JSValueRef argv[], JSValueRef *exc) {
  return rn_setting(ctx, self, argc, argv, FW_SETTING_TIMEOUT);
}
static JSValueRef rn_retries(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                             const JSValueRef argv[], JSValueRef *exc) {
  return rn_setting(ctx, self, argc, argv, FW_SETTING_RETRIES);
}
static JSValueRef rn_slow(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                          const JSValueRef argv[], JSValueRef *exc) {
  return rn_setting(ctx, self, argc, argv, FW_SETTING_SLOW);
}

static JSValueRef rn_current_retry(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                   const JSValueRef argv[], JSValueRef *exc) {
  fw_runnable_t *rn = self ? runnable_of(self) : NULL;
  return rn ? JSValueMakeNumber(ctx, rn->attempt) : undefined(ctx);
}

static JSValueRef rn_is(JSContextRef ctx, JSObjectRef self, fw_state_t st) {
  fw_runnable_t *rn = self ? runnable_of(self) : NULL;
  if (!rn) return JSValueMakeBoolean(ctx, false);
  if (st == FW_STATE_PENDING) return JSValueMakeBoolean(ctx, rn->skip || rn->state == st);
  return JSValueMakeBoolean(ctx, rn->state == st);
}
static JSValueRef rn_is_pending(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  return rn_is(ctx, self, FW_STATE_PENDING);
}
static JSValueRef rn_is_passed(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  return rn_is(ctx, self, FW_STATE_PASSED);
}
static JSValueRef rn_is_failed(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  return rn_is(ctx, self, FW_STATE_FAILED);
}

/* Hook#error(err): a hook fails the test it runs for (mocha's way for plugins). With no
 * argument, returns and clears what was set. */
static JSValueRef rn_error(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                           const JSValueRef argv[], JSValueRef *exc) {
  fw_runnable_t *rn = self ? runnable_of(self) : NULL;
  if (!rn || rn->kind == FW_TEST) return undefined(ctx);
  JSValueRef old = rn->hook_error;
  if (argc == 0) {
    rn->hook_error = NULL;
    JSValueRef v = old ? old : JSValueMakeNull(ctx);
    if (old) JSValueUnprotect(ctx, old);
    return v;
  }
  if (old) JSValueUnprotect(ctx, old);
  rn->hook_error = JSValueToBoolean(ctx, argv[0]) ? argv[0] : NULL;
  if (rn->hook_error) JSValueProtect(ctx, rn->hook_error);
  return undefined(ctx);
}

static const JSStaticValue kRunnableValues[] = {
    {"title", rn_get, NULL, kJSPropertyAttributeReadOnly},
    {"type", rn_get, NULL, kJSPropertyAttributeReadOnly},
    {"file", rn_get, NULL, kJSPropertyAttributeReadOnly},
    {"parent", rn_get, NULL, kJSPropertyAttributeReadOnly},
    {"state", rn_get, NULL, kJSPropertyAttributeReadOnly},
    {"duration", rn_get, NULL, kJSPropertyAttributeReadOnly},
    {"pending", rn_get, NULL, kJSPropertyAttributeReadOnly},
    {"timedOut", rn_get, NULL, kJSPropertyAttributeReadOnly},
    {"ctx", rn_get, NULL, kJSPropertyAttributeReadOnly | kJSPropertyAttributeDontEnum},
    {"fn", rn_get, NULL, kJSPropertyAttributeReadOnly | kJSPropertyAttributeDontEnum},
    {NULL, NULL, NULL, 0},
};

static const JSStaticFunction kRunnableFunctions[] = {
    {"fullTitle", rn_full_title, kJSPropertyAttributeDontEnum},
    {"titlePath", rn_title_path, kJSPropertyAttributeDontEnum},
    {"timeout", rn_timeout, kJSPropertyAttributeDontEnum},
    {"retries", rn_retries, kJSPropertyAttributeDontEnum},
    {"slow", rn_slow, kJSPropertyAttributeDontEnum},
    {"currentRetry", rn_current_retry, kJSPropertyAttributeDontEnum},
    {"isPending", rn_is_pending, kJSPropertyAttributeDontEnum},
    {"isPassed", rn_is_passed, kJSPropertyAttributeDontEnum},
    {"isFailed", rn_is_failed, kJSPropertyAttributeDontEnum},
    {"error", rn_error, kJSPropertyAttributeDontEnum},
    {NULL, NULL, 0},
};

/* ---- Suite ---- */

static JSValueRef suite_get(JSContextRef ctx, JSObjectRef o, JSStringRef name, JSValueRef *exc) {
  fw_suite_t *s = suite_of(o);
  fw_runner_t *r = fw_runner_of(ctx);
  if (!s || !r) return undefined(ctx);
  char key[16];
  JSStringGetUTF8CString(name, key, sizeof key);
  if (strcmp(key, "title") == 0) return js_make_string_len(ctx, s->title, s->title_len);
  if (strcmp(key, "file") == 0) return js_make_string(ctx, s->parent ? s->file : r->file);
  if (strcmp(key, "root") == 0) return JSValueMakeBoolean(ctx, !s->parent);
  if (strcmp(key, "parent") == 0) return s->parent ? fw_suite_object(r, s->parent) : undefined(ctx);
  if (strcmp(key, "pending") == 0) return JSValueMakeBoolean(ctx, fw_suite_skipped(s));
  if (strcmp(key, "ctx") == 0) return s->ctx;
  bool tests = strcmp(key, "tests") == 0;
  if (tests || strcmp(key, "suites") == 0) {
    size_t n = tests ? s->tests.len : s->n_suites;
    JSValueRef *items = xmalloc((n ? n : 1) * sizeof(JSValueRef));
    for (size_t i = 0; i < n; i++)
      items[i] =
          tests ? fw_runnable_object(r, s->tests.items[i]) : fw_suite_object(r, s->suites[i]);
    JSValueRef arr = js_make_array(ctx, n, items);
    free(items);
    return arr;
  }
  return undefined(ctx);
}

static JSValueRef suite_full_title(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                   const JSValueRef argv[], JSValueRef *exc) {
  fw_suite_t *s = self ? suite_of(self) : NULL;
  if (!s) return undefined(ctx);
  size_t ft_len;
  char *ft = fw_full_title(s, NULL, 0, &ft_len);
  JSValueRef v = js_make_string_len(ctx, ft, ft_len);
  free(ft);
  return v;
}

static JSValueRef suite_title_path(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                   const JSValueRef argv[], JSValueRef *exc) {
  fw_suite_t *s = self ? suite_of(self) : NULL;
  return s ? title_path(ctx, s, NULL, 0) : undefined(ctx);
}

/* timeout(ms), retries(n), slow(ms), bail(b): set and return the suite, or read. */
static JSValueRef suite_setting(JSContextRef ctx, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], int which) {
  fw_suite_t *s = self ? suite_of(self) : NULL;
  fw_runner_t *r = fw_runner_of(ctx);
  if (!s || !r) return undefined(ctx);
  if (which == 3) {
    if (argc == 0) return JSValueMakeBoolean(ctx, s->bail);
    s->bail = JSValueToBoolean(ctx, argv[0]);
    return self;
  }
  if (argc == 0)
    return JSValueMakeNumber(ctx, which == 0   ? s->timeout_ms
                                  : which == 1 ? s->retries
                                               : s->slow_ms);
  fw_apply_setting(r, NULL, s, (fw_setting_t)which, JSValueToNumber(ctx, argv[0], NULL));
  return self;
}

static JSValueRef suite_timeout(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  return suite_setting(ctx, self, argc, argv, 0);
}
static JSValueRef suite_retries(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  return suite_setting(ctx, self, argc, argv, 1);
}
static JSValueRef suite_slow(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                             const JSValueRef argv[], JSValueRef *exc) {
  return suite_setting(ctx, self, argc, argv, 2);
}
static JSValueRef suite_bail(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                             const JSValueRef argv[], JSValueRef *exc) {
  return suite_setting(ctx, self, argc, argv, 3);
}
static JSValueRef suite_is_pending(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                   const JSValueRef argv[], JSValueRef *exc) {
  fw_suite_t *s = self ? suite_of(self) : NULL;
  return JSValueMakeBoolean(ctx, s && fw_suite_skipped(s));
}

static const JSStaticValue kSuiteValues[] = {
    {"title", suite_get, NULL, kJSPropertyAttributeReadOnly},
    {"file", suite_get, NULL, kJSPropertyAttributeReadOnly},
    {"root", suite_get, NULL, kJSPropertyAttributeReadOnly},
    {"parent", suite_get, NULL, kJSPropertyAttributeReadOnly},
    {"pending", suite_get, NULL, kJSPropertyAttributeReadOnly},
    {"tests", suite_get, NULL, kJSPropertyAttributeReadOnly},
    {"suites", suite_get, NULL, kJSPropertyAttributeReadOnly},
    {"ctx", suite_get, NULL, kJSPropertyAttributeReadOnly | kJSPropertyAttributeDontEnum},
    {NULL, NULL, NULL, 0},
};

static const JSStaticFunction kSuiteFunctions[] = {
    {"fullTitle", suite_full_title, kJSPropertyAttributeDontEnum},
    {"titlePath", suite_title_path, kJSPropertyAttributeDontEnum},
    {"timeout", suite_timeout, kJSPropertyAttributeDontEnum},
    {"retries", suite_retries, kJSPropertyAttributeDontEnum},
    {"slow", suite_slow, kJSPropertyAttributeDontEnum},
    {"bail", suite_bail, kJSPropertyAttributeDontEnum},
    {"isPending", suite_is_pending, kJSPropertyAttributeDontEnum},
    {NULL, NULL, 0},
};

/* ---- making and detaching ---- */

static JSClassRef class_of(bool suite) {
  static JSClassRef runnable_class, suite_class;
  JSClassRef *cls = suite ? &suite_class : &runnable_class;
  if (!*cls) {
    JSClassDefinition def = kJSClassDefinitionEmpty;
    def.className = suite ? "Suite" : "Runnable";
    def.staticValues = suite ? kSuiteValues : kRunnableValues;
    def.staticFunctions = suite ? kSuiteFunctions : kRunnableFunctions;
    *cls = JSClassCreate(&def);
  }
  return *cls;
}

JSObjectRef fw_runnable_object(fw_runner_t *r, fw_runnable_t *rn) {
  if (!rn->obj) {
    rn->obj = JSObjectMake(r->ctx, class_of(false), rn);
    JSValueProtect(r->ctx, rn->obj);
  }
  return rn->obj;
}

JSObjectRef fw_suite_object(fw_runner_t *r, fw_suite_t *s) {
  if (!s->obj) {
    s->obj = JSObjectMake(r->ctx, class_of(true), s);
    JSValueProtect(r->ctx, s->obj);
  }
  return s->obj;
}

static void detach_vec(const runnable_vec_t *v) {
  for (size_t i = 0; i < v->len; i++)
    if (v->items[i]->obj) JSObjectSetPrivate(v->items[i]->obj, NULL);
}

void fw_objects_detach(fw_runner_t *r, fw_suite_t *s) {
  if (s->obj) JSObjectSetPrivate(s->obj, NULL);
  detach_vec(&s->tests);
  for (int k = 0; k < 4; k++) detach_vec(&s->hooks[k]);
  for (size_t i = 0; i < s->n_suites; i++) fw_objects_detach(r, s->suites[i]);
}
