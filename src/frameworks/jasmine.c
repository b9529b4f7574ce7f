/* jasmine: see jasmine.h. The globals come from src/jslib/jasmine.js; the natives here add
 * suites, specs and hooks to the runner's tree, and the runner's interface hooks (fw_iface_t)
 * hand each spec's errors to the JS side, which keeps its failed expectations. */
#define _GNU_SOURCE /* memmem */
#include "frameworks/jasmine.h"

#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

#include "assert/assert.h"
#include "frameworks/runner_internal.h"
#include "js/jsclass.h"

typedef enum { DEF_SUITE, DEF_SPEC, DEF_HOOK } def_kind_t;

/* The closure data of one of describe, it, the hooks and their f/x forms. */
typedef struct {
  fw_jasmine_t *jas;
  const char *name;
  def_kind_t what;
  fw_kind_t hook;
  bool focus, exclude;
} def_t;

#define JAS_DEFS         10
#define XDESCRIBE_REASON "Temporarily disabled with xdescribe"

/* A suite or a spec, in the order they were declared (jasmine's ids count in it). */
typedef struct {
  const fw_suite_t *suite; /* NULL for a spec */
  const fw_runnable_t *spec;
} decl_t;

struct fw_jasmine {
  fw_runner_t *r;
  const jasmine_opts_t *opts;
  fw_iface_t iface;
  JSObjectRef api;          /* {globals, begin, error, result}; protected */
  JSValueRef begin, result; /* api.begin and api.result, called for every spec (kept by api) */
  char *seed;               /* the seed of the random order (given or made); NULL when not random */
  double default_timeout;   /* jasmine.DEFAULT_TIMEOUT_INTERVAL, read when a runnable is declared */
  bool reporting;           /* jasmine.getEnv().addReporter was called: events go to jasmine.js */
  bool started;             /* jasmineStarted was reported */
  bool focused;             /* fit or fdescribe: jasmine's run is "incomplete" */
  decl_t *decl;             /* with reporters: the suites and specs in declaration order */
  size_t n_decl, cap_decl;
  const fw_suite_t **excluded; /* the xdescribe suites */
  size_t n_excluded, cap_excluded;
  def_t defs[JAS_DEFS]; /* describe, it ...: their closures point here */
};

static void collect_declared(fw_jasmine_t *jas, const fw_suite_t *s);

/* ---- jasmine-core's order ---- */

/* JS's ToInt32 of a number that is a whole value. */
static int32_t to_int32(double d) {
  double m = fmod(d, 4294967296.0);
  if (m < 0) m += 4294967296.0;
  return (int32_t)(uint32_t)m;
}

double fw_jasmine_order_key(const char *seed, const char *id) {
  /* JavaScript numbers: `+=` keeps a double, the shifts and `^` go through int32. Both
   * strings are ASCII (digits and the ids), so a byte is a UTF-16 unit. */
  double hash = 0;
  char key[128];
  snprintf(key, sizeof(key), "%s%s", seed, id);
  for (const unsigned char *p = (const unsigned char *)key; *p; p++) {
    hash += *p;
    hash += (double)(int32_t)((uint32_t)to_int32(hash) << 10);
    int32_t h = to_int32(hash);
    hash = (double)(h ^ (h >> 6));
  }
  hash += (double)(int32_t)((uint32_t)to_int32(hash) << 3);
  int32_t h = to_int32(hash);
  hash = (double)(h ^ (h >> 11));
  hash += (double)(int32_t)((uint32_t)to_int32(hash) << 15);
  return hash;
}

typedef struct {
  int entry;
  double key;
} keyed_t;

/* The focused runnables (fit, and fdescribe with nothing focused below), in the order they
 * were declared: jasmine runs them in that order, whatever the seed. */
typedef struct {
  const void **items;
  size_t len, cap;
} focus_list_t;

static void collect_focused(const fw_suite_t *s, focus_list_t *out) {
  for (size_t i = 0; i < s->n_order; i++) {
    int e = s->order[i];
    const fw_suite_t *c = e < 0 ? s->suites[-1 - e] : NULL;
    const void *node = NULL;
    if (!c && s->tests.items[e]->only) node = s->tests.items[e];
    else if (c && c->only && !fw_has_only(c)) node = c;
    else if (c) collect_focused(c, out);
    if (!node) continue;
    if (out->len == out->cap) {
      out->cap = out->cap ? out->cap * 2 : 8;
      out->items = xrealloc(out->items, out->cap * sizeof(*out->items));
    }
    out->items[out->len++] = node;
  }
}

static long focus_index(const focus_list_t *f, const void *node) {
  for (size_t i = 0; i < f->len; i++)
    if (f->items[i] == node) return (long)i;
  return -1;
}

/* The first focused runnable at or below an entry of `s` (jasmine's segment minimum), or -1. */
static long focus_min(const focus_list_t *f, const fw_suite_t *s, int e) {
  if (e >= 0) return focus_index(f, s->tests.items[e]);
  const fw_suite_t *c = s->suites[-1 - e];
  long own = focus_index(f, c), best = -1;
  if (own >= 0) return own;
  for (size_t i = 0; i < c->n_order; i++) {
    long m = focus_min(f, c, c->order[i]);
    if (m >= 0 && (best < 0 || m < best)) best = m;
  }
  return best;
}

/* Ids as jasmine gives them: in declaration order, a suite before what it declares; the
 * top suite is suite0. With focus, children holding focused runnables come first, in focus
 * order; the others (inside a focused suite, or left out) by the hash, or in declaration
 * order when the order is not random. */
static void shuffle_suite(fw_jasmine_t *jas, fw_suite_t *s, const focus_list_t *focus,
                          unsigned *spec_n, unsigned *suite_n) {
  keyed_t *items = xmalloc((s->n_order ? s->n_order : 1) * sizeof(*items));
  char id[32];
  for (size_t i = 0; i < s->n_order; i++) {
    int e = s->order[i];
    if (e >= 0) snprintf(id, sizeof(id), "spec%u", (*spec_n)++);
    else snprintf(id, sizeof(id), "suite%u", (*suite_n)++);
    long min = focus->len ? focus_min(focus, s, e) : -1;
    /* Hashes stay within +-2^35: a focus position sorts below every one of them. */
    double key = jas->seed ? fw_jasmine_order_key(jas->seed, id) : (double)i;
    items[i] = (keyed_t){e, min >= 0 ? (double)min - 1e12 : key};
    if (e < 0) shuffle_suite(jas, s->suites[-1 - e], focus, spec_n, suite_n);
  }
  /* Stable insertion sort, as Array.prototype.sort is stable. */
  for (size_t i = 1; i < s->n_order; i++) {
    keyed_t x = items[i];
    size_t j = i;
    while (j > 0 && items[j - 1].key > x.key) {
      items[j] = items[j - 1];
      j--;
    }
    items[j] = x;
  }
  for (size_t i = 0; i < s->n_order; i++) s->order[i] = items[i].entry;
  free(items);
}

/* jasmine's focus: a fit, or an fdescribe with nothing focused inside it (one that has
 * loses its focus to those), runs with everything below it; nothing else runs. */
static void select_focused(fw_suite_t *s, bool above) {
  for (size_t i = 0; i < s->tests.len; i++)
    s->tests.items[i]->selected = above || s->tests.items[i]->only;
  for (size_t i = 0; i < s->n_suites; i++) {
    fw_suite_t *c = s->suites[i];
    /* Focus wins over xdescribe: a focused runnable inside one runs. */
    if (c->skip && fw_has_only(c)) c->skip = false;
    select_focused(c, above || (c->only && !fw_has_only(c)));
  }
}

static bool jas_prepare(void *ud, fw_runner_t *r) {
  fw_jasmine_t *jas = ud;
  fw_mark_all(r->root, true);
  jas->focused = fw_has_only(r->root);
  if (jas->focused) select_focused(r->root, false);
  if (jas->reporting) collect_declared(jas, r->root);
  if (!jas->seed && !jas->focused) return true;
  unsigned specs = 0, suites = 1; /* suite0 is the top suite */
  focus_list_t focus = {0};
  collect_focused(r->root, &focus);
  shuffle_suite(jas, r->root, &focus, &specs, &suites);
  free(focus.items);
  if (!jas->seed) return true;
  json_t *ev = json_pack("{s:s, s:s}", "type", "log", "level", "info");
  char *text = xasprintf("Randomized with seed %s", jas->seed);
  json_object_set_new(ev, "text", json_string(text));
  json_object_set_new(ev, "seed", json_string(jas->seed));
  free(text);
  fw_emit(r, ev);
  return true;
}

/* ---- the runner's interface hooks ---- */

static JSValueRef api_call_fn(fw_jasmine_t *jas, JSValueRef fn, size_t argc,
                              const JSValueRef argv[]) {
  JSValueRef exc = NULL;
  JSValueRef v = js_call(jas->r->ctx, fn, jas->api, argc, argv, &exc);
  return exc ? NULL : v;
}

static JSValueRef api_call(fw_jasmine_t *jas, const char *name, size_t argc,
                           const JSValueRef argv[]) {
  return api_call_fn(jas, js_get(jas->r->ctx, jas->api, name), argc, argv);
}

/* A spec's `this` is a new object that inherits what `this` of its suites' beforeAll hooks
 * got (jasmine copies it; inheriting costs no copy per spec). */
static JSObjectRef jas_test_begin(void *ud, fw_runnable_t *t) {
  fw_jasmine_t *jas = ud;
  api_call_fn(jas, jas->begin, 0, NULL);
  JSObjectRef self = JSObjectMake(jas->r->ctx, NULL, NULL);
  JSObjectSetPrototype(jas->r->ctx, self, t->parent->ctx);
  return self;
}

static void jas_spec_error(void *ud, fw_runnable_t *rn, JSValueRef err) {
  api_call(ud, "error", 1, &err);
}

static JSValueRef jas_test_result(void *ud, fw_runnable_t *t) {
  fw_jasmine_t *jas = ud;
  JSValueRef v = api_call_fn(jas, jas->result, 0, NULL);
  return v && !JSValueIsUndefined(jas->r->ctx, v) ? v : NULL;
}

static JSObjectRef jas_timeout_error(void *ud, fw_runnable_t *rn, double ms) {
  fw_jasmine_t *jas = ud;
  return fw_make_error(jas->r, NULL, "Timeout - Async function did not complete within %gms %s", ms,
                       ms != jas->default_timeout ? "(custom timeout)"
                                                  : "(set by jasmine.DEFAULT_TIMEOUT_INTERVAL)");
}

/* ---- jasmine's reporters (jasmine.getEnv().addReporter) ---- */

/* Walks the tree in its order (before the shuffle: declaration order) into jas->decl. */
static void collect_declared(fw_jasmine_t *jas, const fw_suite_t *s) {
  for (size_t i = 0; i < s->n_order; i++) {
    int e = s->order[i];
    if (jas->n_decl == jas->cap_decl) {
      jas->cap_decl = jas->cap_decl ? jas->cap_decl * 2 : 16;
      jas->decl = xrealloc(jas->decl, jas->cap_decl * sizeof(*jas->decl));
    }
    const fw_suite_t *c = e < 0 ? s->suites[-1 - e] : NULL;
    jas->decl[jas->n_decl++] = (decl_t){c, c ? NULL : s->tests.items[e]};
    if (c) collect_declared(jas, c);
  }
}

/* jasmineStarted, with the suites and specs for jasmine.js: [kind, full title, how it is
 * left out ("excluded", "pending" or "")]. A spec skipped without a reason of its own was
 * left out by focus or grep: jasmine's "excluded"; an xdescribe is "pending". */
static void report_started(fw_jasmine_t *jas) {
  jas->started = true;
  JSContextRef ctx = jas->r->ctx;
  if (!jas->decl) collect_declared(jas, jas->r->root); /* a reporter added while running */
  json_t *list = json_array();
  for (size_t i = 0; i < jas->n_decl; i++) {
    const fw_suite_t *c = jas->decl[i].suite;
    const fw_runnable_t *t = jas->decl[i].spec;
    size_t ft_len;
    char *ft = c ? fw_full_title(c, NULL, 0, &ft_len)
                 : fw_full_title(t->parent, t->title, t->title_len, &ft_len);
    const char *left = "";
    if (c) {
      for (size_t k = 0; k < jas->n_excluded; k++)
        if (jas->excluded[k] == c) left = "pending";
    } else if (t->skip && (t->fn || t->bad_fn) &&
               (!t->pending_reason ||
                (jas->focused && !strcmp(t->pending_reason, XDESCRIBE_REASON)))) {
      left = "excluded"; /* by focus or grep */
    }
    json_array_append_new(list, json_pack("[s, s%, s]", c ? "suite" : "spec", ft, ft_len, left));
    free(ft);
  }
  JSValueRef argv[2] = {js_from_json(ctx, list), JSValueMakeBoolean(ctx, jas->focused)};
  json_decref(list);
  api_call(jas, "started", 2, argv);
}

static void jas_observe(void *ud, const json_t *ev) {
  fw_jasmine_t *jas = ud;
  if (!jas->reporting) return;
  const char *type = json_string_value(json_object_get(ev, "type"));
  if (!type || (strncmp(type, "suite:", 6) && strncmp(type, "test:", 5))) return;
  if (!jas->started) report_started(jas);
  JSValueRef arg = js_from_json(jas->r->ctx, ev);
  api_call(jas, "report", 1, &arg);
}

static void jas_finish(void *ud) {
  fw_jasmine_t *jas = ud;
  if (!jas->reporting) return;
  if (!jas->started) report_started(jas);
  api_call(jas, "finished", 0, NULL);
}

/* reporting(): a reporter was added. */
static JSValueRef n_reporting(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exception) {
  ((fw_jasmine_t *)data)->reporting = true;
  return JSValueMakeUndefined(ctx);
}

/* cleanStack (WebdriverIO's default): sonde's own frames are left out (as always) and so are
 * frames of packages in node_modules, as @wdio/jasmine-framework filters them; without it
 * every frame is kept, sonde's too. */
static char *jas_error_stack(void *ud, JSValueRef err) {
  fw_jasmine_t *jas = ud;
  JSContextRef ctx = jas->r->ctx;
  if (!jas->opts->clean_stack) return js_error_stack_all(ctx, err);
  char *stack = js_error_stack(ctx, err);
  sbuf_t out = SBUF_INIT;
  bool first = true;
  for (char *p = stack; *p;) {
    char *nl = strchr(p, '\n');
    size_t n = nl ? (size_t)(nl - p) : strlen(p);
    /* only frame lines: a message may name node_modules */
    bool frame = !first && strncmp(p, "    at ", 7) == 0;
    if (!frame || !memmem(p, n, "node_modules/", 13)) {
      if (!first) sbuf_putc(&out, '\n');
      sbuf_printf(&out, "%.*s", (int)n, p);
    }
    first = false;
    p += n + (nl ? 1 : 0);
  }
  free(stack);
  return sbuf_take(&out);
}

/* stack(err) -> its stack as the reports show it. */
static JSValueRef n_stack(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                          const JSValueRef argv[], JSValueRef *exception) {
  char *stack = argc > 0 ? jas_error_stack(data, argv[0]) : NULL;
  JSValueRef v = js_make_string(ctx, stack ? stack : "");
  free(stack);
  return v;
}

/* lib(name, core) -> the jslib `name` (jasmine-matchers, jasmine-report) called with core. */
static JSValueRef n_lib(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                        const JSValueRef argv[], JSValueRef *exception) {
  char *name = argc > 1 ? js_value_to_utf8(ctx, argv[0]) : NULL;
  JSValueRef make =
      name && strncmp(name, "jasmine-", 8) == 0 ? js_jslib(ctx, name, exception) : NULL;
  free(name);
  return make ? js_call(ctx, make, NULL, 1, &argv[1], exception) : NULL;
}

/* sondeExpect() -> sonde's own expect, for the API matchers. */
static JSValueRef n_sonde_expect(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                                 const JSValueRef argv[], JSValueRef *exception) {
  return assert_expect(ctx);
}

/* ---- natives for jasmine.js ---- */

/* ---- describe, it, the hooks ---- */

/* "[object Undefined]" and the like, as jasmine's messages show a value's type. */
static char *type_tag(JSContextRef ctx, JSValueRef v) {
  JSValueRef tag = js_call_global(ctx, "Object.prototype.toString.call", 1, &v, NULL);
  char *s = tag ? js_value_to_utf8(ctx, tag) : NULL;
  return s ? s : xstrdup("[object Object]");
}

static JSValueRef type_error(JSContextRef ctx, JSValueRef *exception, const char *name,
                             JSValueRef v) {
  char *tag = type_tag(ctx, v);
  js_throw(ctx, exception, "Error", "%s expects a function argument; received %s", name, tag);
  free(tag);
  return NULL;
}

/* A function that declares `done` gets jasmine's done (done.fail) through jasmine.js. */
static JSValueRef wrap_fn(fw_jasmine_t *jas, JSContextRef ctx, JSValueRef fn) {
  if (js_get_number(ctx, fn, "length", 0) < 1) return fn;
  JSValueRef w = api_call(jas, "wrap", 1, &fn);
  return w ? w : fn;
}

static double timeout_arg(fw_jasmine_t *jas, JSContextRef ctx, size_t argc, const JSValueRef argv[],
                          size_t i) {
  double t = argc > i && JSValueIsNumber(ctx, argv[i]) ? JSValueToNumber(ctx, argv[i], NULL) : -1;
  return t > 0 ? t : jas->default_timeout;
}

static JSValueRef def_call(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                           const JSValueRef argv[], JSValueRef *exception) {
  const def_t *d = data;
  fw_jasmine_t *jas = d->jas;
  fw_runner_t *r = jas->r;
  JSValueRef fn = argc > (d->what == DEF_HOOK ? 0 : 1) ? argv[d->what == DEF_HOOK ? 0 : 1] : NULL;
  bool is_fn = fn && js_is_function(ctx, fn);
  if (d->what == DEF_HOOK) {
    if (!is_fn) return type_error(ctx, exception, d->name, fn ? fn : JSValueMakeUndefined(ctx));
    /* Kept in an xdescribe too: a fit inside it runs, with them (jasmine). */
    fw_runnable_t *h = fw_add_hook(r, d->hook, "", wrap_fn(jas, ctx, fn));
    if (h) fw_runnable_set_timeout(r, h, timeout_arg(jas, ctx, argc, argv, 1));
    return JSValueMakeUndefined(ctx);
  }
  if (d->what == DEF_SUITE) {
    if (!is_fn) return type_error(ctx, exception, d->name, fn ? fn : JSValueMakeUndefined(ctx));
    if (js_get_number(ctx, fn, "length", 0) > 0)
      return js_throw(ctx, exception, "Error", "describe does not expect any arguments");
  } else {
    if (r->test_active && r->inv.running)
      return js_throw(ctx, exception, "Error", "'%s' should only be used in 'describe' function",
                      d->name);
    if (fn && !JSValueIsUndefined(ctx, fn) && !is_fn)
      return type_error(ctx, exception, d->name, fn);
  }
  size_t len = 9; /* NULs kept: the title is reported whole */
  char *title = argc > 0 ? js_value_to_utf8_len(ctx, argv[0], &len) : xstrdup("undefined");
  if (d->what == DEF_SUITE) {
    fw_suite_t *s = fw_add_suite_n(r, title, len, fn, d->focus, d->exclude, exception);
    if (s && d->exclude) { /* focus may clear its skip; jasmine still reports it pending */
      if (jas->n_excluded == jas->cap_excluded) {
        jas->cap_excluded = jas->cap_excluded ? jas->cap_excluded * 2 : 4;
        jas->excluded = xrealloc(jas->excluded, jas->cap_excluded * sizeof(*jas->excluded));
      }
      jas->excluded[jas->n_excluded++] = s;
    }
    free(title);
    return JSValueMakeUndefined(ctx);
  }
  fw_runnable_t *t = fw_add_test_n(
      r, title, len, d->exclude || !is_fn ? NULL : wrap_fn(jas, ctx, fn), d->focus, d->exclude, -1);
  free(title);
  fw_runnable_set_timeout(r, t, timeout_arg(jas, ctx, argc, argv, 2));
  if (d->exclude) fw_runnable_set_pending_reason(t, "Temporarily disabled with xit");
  else if (fw_suite_skipped(t->parent)) fw_runnable_set_pending_reason(t, XDESCRIBE_REASON);
  return JSValueMakeUndefined(ctx);
}

static void install_defs(fw_jasmine_t *jas, JSContextRef ctx) {
  static const struct {
    const char *name;
    def_kind_t what;
    fw_kind_t hook;
    bool focus, exclude;
  } defs[] = {
      {"describe", DEF_SUITE, FW_TEST, false, false},
      {"fdescribe", DEF_SUITE, FW_TEST, true, false},
      {"xdescribe", DEF_SUITE, FW_TEST, false, true},
      {"it", DEF_SPEC, FW_TEST, false, false},
      {"fit", DEF_SPEC, FW_TEST, true, false},
      {"xit", DEF_SPEC, FW_TEST, false, true},
      {"beforeAll", DEF_HOOK, FW_HOOK_BEFORE_ALL, false, false},
      {"beforeEach", DEF_HOOK, FW_HOOK_BEFORE_EACH, false, false},
      {"afterEach", DEF_HOOK, FW_HOOK_AFTER_EACH, false, false},
      {"afterAll", DEF_HOOK, FW_HOOK_AFTER_ALL, false, false},
  };
  JSObjectRef global = JSContextGetGlobalObject(ctx);
  for (size_t i = 0; i < JAS_DEFS; i++) {
    def_t *d = &jas->defs[i];
    *d = (def_t){jas, defs[i].name, defs[i].what, defs[i].hook, defs[i].focus, defs[i].exclude};
    js_define_value(ctx, global, d->name, js_make_closure(ctx, d->name, def_call, d, NULL), true);
  }
}

/* pending(reason) -> the marker for jasmine.js to throw. */
static JSValueRef n_pending(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                            const JSValueRef argv[], JSValueRef *exception) {
  fw_jasmine_t *jas = data;
  fw_runner_t *r = jas->r;
  if (r->test_active && argc > 0) {
    size_t len = 0;
    char *reason = js_value_to_utf8_len(ctx, argv[0], &len);
    fw_runnable_set_pending_reason_n(r->tf.test, len ? reason : NULL, len);
    free(reason);
  }
  return fw_runner_skip_current(r);
}

/* spies() -> the object of jasmine-spies.js, compiled once per realm on first use. */
static JSValueRef n_spies(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                          const JSValueRef argv[], JSValueRef *exception) {
  return js_jslib_call(ctx, "jasmine-spies", 0, NULL, exception);
}

/* defaultTimeout([ms]): jasmine.DEFAULT_TIMEOUT_INTERVAL, for what is declared after. */
static JSValueRef n_default_timeout(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                                    const JSValueRef argv[], JSValueRef *exception) {
  fw_jasmine_t *jas = data;
  if (argc > 0 && JSValueIsNumber(ctx, argv[0]) && JSValueToNumber(ctx, argv[0], NULL) > 0)
    jas->default_timeout = JSValueToNumber(ctx, argv[0], NULL);
  return JSValueMakeNumber(ctx, jas->default_timeout);
}

static void add_native(JSContextRef ctx, JSObjectRef obj, const char *name, js_closure_fn fn,
                       fw_jasmine_t *jas) {
  js_set(ctx, obj, name, js_make_closure(ctx, name, fn, jas, NULL));
}

static void jas_free(js_realm_t *realm, void *ud) {
  fw_jasmine_t *jas = ud;
  if (jas->api) JSValueUnprotect(js_realm_context(realm), jas->api);
  free(jas->seed);
  free(jas->decl);
  free(jas->excluded);
  free(jas);
}

/* jasmine's own seeds are five digits (String(Math.random()).slice(-5)). */
static char *make_seed(void) {
  uint64_t x = uv_hrtime() ^ ((uint64_t)getpid() << 20);
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return xasprintf("%05u", (unsigned)(x % 100000));
}

fw_jasmine_t *fw_jasmine_install(fw_runner_t *r, const jasmine_opts_t *opts, char **err) {
  js_realm_t *realm = fw_runner_realm(r);
  JSContextRef ctx = js_realm_context(realm);
  fw_jasmine_t *jas = xcalloc(1, sizeof(*jas));
  jas->r = r;
  jas->opts = opts;
  jas->default_timeout = opts->timeout;
  if (opts->random) jas->seed = opts->seed ? xstrdup(opts->seed) : make_seed();
  js_realm_on_free(realm, jas_free, jas);

  JSObjectRef natives = JSObjectMake(ctx, NULL, NULL);
  add_native(ctx, natives, "pending", n_pending, jas);
  add_native(ctx, natives, "defaultTimeout", n_default_timeout, jas);
  add_native(ctx, natives, "spies", n_spies, jas);
  add_native(ctx, natives, "reporting", n_reporting, jas);
  add_native(ctx, natives, "stack", n_stack, jas);
  add_native(ctx, natives, "lib", n_lib, jas);
  add_native(ctx, natives, "sondeExpect", n_sonde_expect, jas);
  js_set(ctx, natives, "random", JSValueMakeBoolean(ctx, opts->random));
  js_set(ctx, natives, "seed", jas->seed ? js_make_string(ctx, jas->seed) : JSValueMakeNull(ctx));
  JSObjectRef o = JSObjectMake(ctx, NULL, NULL);
  js_set(ctx, o, "timeout", JSValueMakeNumber(ctx, opts->timeout));
  js_set(ctx, o, "stopSpecOnExpectationFailure",
         JSValueMakeBoolean(ctx, opts->stop_spec_on_failure));
  js_set(ctx, o, "stopOnFailure", JSValueMakeBoolean(ctx, opts->stop_on_failure));
  js_set(ctx, o, "failSpecWithNoExpectations", JSValueMakeBoolean(ctx, opts->fail_no_expectations));
  js_set(ctx, o, "resultHandler",
         opts->result_handler ? (JSValueRef)opts->result_handler : JSValueMakeNull(ctx));
  js_set(ctx, natives, "opts", o);

  JSValueRef exc = NULL;
  JSValueRef make = js_jslib(ctx, "jasmine", &exc);
  JSValueRef arg = natives;
  JSValueRef api = make ? js_call(ctx, make, NULL, 1, &arg, &exc) : NULL;
  if (!api || exc || !JSValueIsObject(ctx, api)) {
    js_error_info_t info;
    js_error_info(ctx, exc, &info);
    *err = xasprintf("the jasmine interface failed to load: %s", info.message ? info.message : "?");
    js_error_info_free(&info);
    return NULL;
  }
  jas->api = (JSObjectRef)api;
  JSValueProtect(ctx, jas->api);
  jas->begin = js_get(ctx, api, "begin");
  jas->result = js_get(ctx, api, "result");
  install_defs(jas, ctx);
  JSValueRef globals = js_get(ctx, api, "globals");
  JSObjectRef global = JSContextGetGlobalObject(ctx);
  JSPropertyNameArrayRef names = JSObjectCopyPropertyNames(ctx, (JSObjectRef)globals);
  for (size_t i = 0; i < JSPropertyNameArrayGetCount(names); i++) {
    char *name = js_string_to_utf8(JSPropertyNameArrayGetNameAtIndex(names, i));
    js_define_value(ctx, global, name, js_get(ctx, globals, name), true);
    free(name);
  }
  JSPropertyNameArrayRelease(names);

  jas->iface = (fw_iface_t){
      .ud = jas,
      .declaration_order = true,
      .spec_scope = true,
      .stop_on_failure = opts->stop_on_failure,
      .unselected_pending = true,
      .prepare = jas_prepare,
      .test_begin = jas_test_begin,
      .spec_error = jas_spec_error,
      .test_result = jas_test_result,
      .timeout_error = jas_timeout_error,
      .observe = jas_observe,
      .finish = jas_finish,
      .error_stack = jas_error_stack,
      .not_run_message =
          "Not run because a beforeAll function failed. The beforeAll failure "
          "will be reported on the suite that caused it.",
  };
  fw_runner_set_iface(r, &jas->iface);
  return jas;
}
