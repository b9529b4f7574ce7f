/* timers: setTimeout, setInterval, setImmediate and their clear functions, with the Timeout
 * and Immediate objects Node returns (they hold only the timer's id, so one outliving its
 * timer is harmless).
 *
 * Timeouts and intervals are libuv timers. Immediates are not: they wait in one queue per
 * runtime that a check handle runs right after the loop's poll phase, as Node does. So an
 * immediate set by an I/O callback (a response arriving) runs before a timeout set beside it,
 * an immediate set by a timer runs before the next turn's timers, and one set by an
 * immediate waits for the next turn: a chain of immediates never keeps I/O waiting. C code
 * queues calls in the same queue (js_runtime_after_immediates: the runner's next step, a
 * spec file's release), and the callbacks of Node's asynchronous APIs (js_realm_defer) go
 * round it once more, to come after the immediates queued beside the call.
 *
 * Memory: a timer (js_timer_t) belongs to its realm's list from setTimeout/setImmediate
 * until it ends (fired once, cleared, or its realm freed); its callback and arguments are
 * protected from GC meanwhile. The immediates' queue and handles (js_immediates_t) are made
 * with a runtime's first immediate and closed by js_timers_runtime_free. */
#include <stdio.h>
#include <stdlib.h>

#include "common/sbuf.h"
#include "js/jsclass.h"
#include "js/jsutil.h"
#include "js/runtime_internal.h"

struct js_immediates {
  uv_check_t check; /* runs the queue after the poll phase */
  uv_idle_t idle;   /* active while the queue is not empty, so that poll does not block; never
                     * keeps the loop alive on its own */
  js_timer_t *head, *tail;
  size_t n_ref;     /* queued immediates that keep the loop alive (not unref'd) */
  int open_handles; /* until both handles are closed */
};

static void timer_run(js_timer_t *t);

/* libuv fails these calls only when given a NULL callback: a failure is a bug here. */
static void timers_uv_must(int rc, const char *what) {
  if (rc < 0) {
    fprintf(stderr, "sonde: %s: %s\n", what, uv_strerror(rc));
    abort();
  }
}

/* ---- the immediates' queue ---- */

static void immediates_push(js_immediates_t *imm, js_timer_t *t);
static void immediates_remove(js_immediates_t *imm, js_timer_t *t);

static void immediates_run(uv_check_t *check) {
  js_immediates_t *imm = check->data;
  /* Only those queued before this pass: one an immediate sets runs on the next turn. */
  uint64_t last = imm->tail ? imm->tail->id : 0;
  while (imm->head && imm->head->id <= last) {
    js_timer_t *t = imm->head;
    if (t->requeue) { /* js_realm_defer: to the back, for the next turn */
      t->requeue = false;
      immediates_remove(imm, t);
      t->id = ++t->realm->rt->next_timer_id;
      immediates_push(imm, t);
      continue;
    }
    if (t->realm) {
      timer_run(t);
      continue;
    }
    void (*fn)(void *) = t->c_fn;
    void *userdata = t->c_userdata;
    immediates_remove(imm, t);
    free(t);
    fn(userdata);
  }
}

static void immediates_idle(uv_idle_t *idle) { (void)idle; }

/* Starts or stops the handles to match the queue. */
static void immediates_update(js_immediates_t *imm) {
  if (imm->head) {
    if (!uv_is_active((uv_handle_t *)&imm->check)) {
      timers_uv_must(uv_check_start(&imm->check, immediates_run), "uv_check_start");
      timers_uv_must(uv_idle_start(&imm->idle, immediates_idle), "uv_idle_start");
    }
    if (imm->n_ref) uv_ref((uv_handle_t *)&imm->check);
    else uv_unref((uv_handle_t *)&imm->check);
  } else if (uv_is_active((uv_handle_t *)&imm->check)) {
    timers_uv_must(uv_check_stop(&imm->check), "uv_check_stop");
    timers_uv_must(uv_idle_stop(&imm->idle), "uv_idle_stop");
  }
}

static js_immediates_t *immediates_of(js_runtime_t *rt) {
  if (rt->immediates) return rt->immediates;
  js_immediates_t *imm = xcalloc(1, sizeof(*imm));
  timers_uv_must(uv_check_init(rt->loop, &imm->check), "uv_check_init");
  timers_uv_must(uv_idle_init(rt->loop, &imm->idle), "uv_idle_init");
  uv_unref((uv_handle_t *)&imm->idle);
  imm->check.data = imm->idle.data = imm;
  imm->open_handles = 2;
  rt->immediates = imm;
  return imm;
}

static void immediates_push(js_immediates_t *imm, js_timer_t *t) {
  t->queue_next = NULL;
  t->queue_prev = imm->tail;
  if (imm->tail) imm->tail->queue_next = t;
  else imm->head = t;
  imm->tail = t;
  imm->n_ref++;
  immediates_update(imm);
}

static void immediates_remove(js_immediates_t *imm, js_timer_t *t) {
  if (t->queue_prev) t->queue_prev->queue_next = t->queue_next;
  else imm->head = t->queue_next;
  if (t->queue_next) t->queue_next->queue_prev = t->queue_prev;
  else imm->tail = t->queue_prev;
  if (!t->unref) imm->n_ref--;
  immediates_update(imm);
}

/* An immediate's ref()/unref(): whether the queue keeps the loop alive follows its count. */
static void immediates_ref(js_timer_t *t, bool ref) {
  js_immediates_t *imm = t->realm->rt->immediates;
  if (ref) imm->n_ref++;
  else imm->n_ref--;
  immediates_update(imm);
}

static void immediates_closed(uv_handle_t *h) {
  js_immediates_t *imm = h->data;
  if (--imm->open_handles == 0) free(imm);
}

uint64_t js_runtime_after_immediates(js_runtime_t *rt, void (*fn)(void *), void *userdata) {
  js_timer_t *t = xcalloc(1, sizeof(*t));
  t->id = ++rt->next_timer_id;
  t->immediate = true;
  t->c_fn = fn;
  t->c_userdata = userdata;
  immediates_push(immediates_of(rt), t);
  return t->id;
}

bool js_runtime_immediates_pending(js_runtime_t *rt) {
  return rt->immediates && rt->immediates->head;
}

void js_runtime_cancel_after_immediates(js_runtime_t *rt, uint64_t id) {
  js_immediates_t *imm = rt->immediates;
  for (js_timer_t *t = imm && id ? imm->head : NULL; t; t = t->queue_next) {
    if (t->id == id && !t->realm) {
      immediates_remove(imm, t);
      free(t);
      return;
    }
  }
}

void js_timers_runtime_free(js_runtime_t *rt) {
  js_immediates_t *imm = rt->immediates;
  if (!imm) return;
  rt->immediates = NULL;
  /* The realms are gone, and their immediates with them; C calls still queued are
   * dropped (the loop was stopped with them pending). */
  while (imm->head) {
    js_timer_t *t = imm->head;
    imm->head = t->queue_next;
    free(t);
  }
  if (!uv_is_closing((uv_handle_t *)&imm->check))
    uv_close((uv_handle_t *)&imm->check, immediates_closed);
  else imm->open_handles--;
  if (!uv_is_closing((uv_handle_t *)&imm->idle))
    uv_close((uv_handle_t *)&imm->idle, immediates_closed);
  else imm->open_handles--;
  if (imm->open_handles == 0) free(imm);
}

/* ---- timers ---- */

static void timer_closed(uv_handle_t *h) { free(h->data); }

static void timer_stop(js_timer_t *t) {
  js_realm_t *realm = t->realm;
  if (t->prev) t->prev->next = t->next;
  else realm->timers = t->next;
  if (t->next) t->next->prev = t->prev;
  if (!t->unref) realm->n_timers--;
  JSValueUnprotect(realm->ctx, t->fn);
  if (t->args) JSValueUnprotect(realm->ctx, t->args);
  if (t->immediate) {
    immediates_remove(realm->rt->immediates, t);
    free(t);
    return;
  }
  uv_timer_stop(&t->handle);
  uv_close((uv_handle_t *)&t->handle, timer_closed);
}

/* Calls a timer's callback; a one-shot timer ends first, as the callback may set new ones. */
static void timer_run(js_timer_t *t) {
  js_realm_t *realm = t->realm;
  JSContextRef ctx = realm->ctx;
  size_t argc = t->args ? js_array_length(ctx, t->args) : 0;
  JSValueRef *argv = argc ? xmalloc(argc * sizeof(JSValueRef)) : NULL;
  for (size_t i = 0; i < argc; i++) argv[i] = js_array_get(ctx, t->args, (unsigned)i);
  JSValueRef fn = t->fn;
  JSValueProtect(ctx, fn);
  if (!t->repeat) timer_stop(t);
  JSValueRef exc = NULL;
  js_call(ctx, fn, NULL, argc, argv, &exc);
  JSValueUnprotect(ctx, fn);
  free(argv);
  if (exc && !js_process_handle_uncaught(realm, exc, false, NULL))
    js_realm_report_uncaught(realm, exc, false);
}

static void timer_fire(uv_timer_t *h) { timer_run(h->data); }

/* Starts (or restarts) a libuv timer `ms` from now. libuv counts from the loop's cached
 * time, stale by however long JavaScript has run since the loop woke: the staleness is
 * added to the delay, rather than the cached time refreshed, which would let the timers
 * phase run a timer set during it in that same pass (Node never does: a timeout set by a
 * timer waits for the next turn, after that turn's immediates). */
static void timer_schedule(js_timer_t *t) {
  uv_loop_t *loop = t->realm->rt->loop;
  uint64_t now = uv_hrtime() / 1000000, cached = uv_now(loop);
  uint64_t stale = now > cached ? now - cached : 0;
  timers_uv_must(uv_timer_start(&t->handle, timer_fire, t->delay + stale,
                                t->repeat ? (t->delay ? t->delay : 1) : 0),
                 "uv_timer_start");
}

/* A timer of `ms` (repeating or not), or an immediate when `immediate`. */
static js_timer_t *timer_add(js_realm_t *realm, JSObjectRef fn, size_t argc,
                             const JSValueRef argv[], uint64_t ms, bool repeat, bool immediate) {
  JSContextRef ctx = realm->ctx;
  js_timer_t *t = xcalloc(1, sizeof(*t));
  t->realm = realm;
  t->id = ++realm->rt->next_timer_id;
  t->repeat = repeat;
  t->delay = ms;
  t->fn = fn;
  JSValueProtect(ctx, t->fn);
  if (argc > 0) {
    t->args = js_make_array(ctx, argc, argv);
    JSValueProtect(ctx, t->args);
  }
  t->immediate = immediate;
  if (immediate) {
    immediates_push(immediates_of(realm->rt), t);
  } else {
    timers_uv_must(uv_timer_init(realm->rt->loop, &t->handle), "uv_timer_init");
    t->handle.data = t;
    timer_schedule(t);
  }
  t->next = realm->timers;
  if (realm->timers) realm->timers->prev = t;
  realm->timers = t;
  realm->n_timers++;
  return t;
}

static js_timer_t *timer_find(js_realm_t *realm, uint64_t id) {
  for (js_timer_t *t = realm ? realm->timers : NULL; t; t = t->next)
    if (t->id == id) return t;
  return NULL;
}

/* Timeout and Immediate objects: what Node's timer functions return. They hold the id
 * only, so a handle outliving its timer is harmless. */
static uint64_t *timer_id_of(JSContextRef ctx, JSValueRef v);

static JSValueRef timeout_ref(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  uint64_t *id = timer_id_of(ctx, self);
  js_timer_t *t = id ? timer_find(js_realm_from_context(ctx), *id) : NULL;
  if (t && t->unref) {
    t->unref = false;
    t->realm->n_timers++;
    if (t->immediate) immediates_ref(t, true);
    else uv_ref((uv_handle_t *)&t->handle);
  }
  return self;
}

static JSValueRef timeout_unref(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  uint64_t *id = timer_id_of(ctx, self);
  js_timer_t *t = id ? timer_find(js_realm_from_context(ctx), *id) : NULL;
  if (t && !t->unref) {
    t->unref = true;
    t->realm->n_timers--;
    if (t->immediate) immediates_ref(t, false);
    else uv_unref((uv_handle_t *)&t->handle);
  }
  return self;
}

static JSValueRef timeout_has_ref(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                  const JSValueRef argv[], JSValueRef *exc) {
  uint64_t *id = timer_id_of(ctx, self);
  js_timer_t *t = id ? timer_find(js_realm_from_context(ctx), *id) : NULL;
  return JSValueMakeBoolean(ctx, t && !t->unref);
}

static JSValueRef timeout_refresh(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                  const JSValueRef argv[], JSValueRef *exc) {
  uint64_t *id = timer_id_of(ctx, self);
  js_timer_t *t = id ? timer_find(js_realm_from_context(ctx), *id) : NULL;
  if (t && !t->immediate) timer_schedule(t);
  return self;
}

static JSValueRef timeout_close(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  uint64_t *id = timer_id_of(ctx, self);
  js_timer_t *t = id ? timer_find(js_realm_from_context(ctx), *id) : NULL;
  if (t) timer_stop(t);
  return self;
}

static JSValueRef timeout_prim(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  uint64_t *id = timer_id_of(ctx, self);
  return JSValueMakeNumber(ctx, id ? (double)*id : 0);
}

static void timeout_finalize(JSObjectRef o) { free(JSObjectGetPrivate(o)); }

static const js_fn_t timeout_methods[] = {
    {"ref", timeout_ref, 0},         {"unref", timeout_unref, 0}, {"hasRef", timeout_has_ref, 0},
    {"refresh", timeout_refresh, 0}, {"close", timeout_close, 0}, {NULL, NULL, 0},
};
static const js_fn_t immediate_methods[] = {
    {"ref", timeout_ref, 0},
    {"unref", timeout_unref, 0},
    {"hasRef", timeout_has_ref, 0},
    {NULL, NULL, 0},
};
static js_class_def_t timeout_class = {
    .name = "Timeout", .finalize = timeout_finalize, .methods = timeout_methods};
static js_class_def_t immediate_class = {
    .name = "Immediate", .finalize = timeout_finalize, .methods = immediate_methods};

static uint64_t *timer_id_of(JSContextRef ctx, JSValueRef v) {
  uint64_t *id = js_class_private(ctx, &timeout_class, v);
  return id ? id : js_class_private(ctx, &immediate_class, v);
}

/* The Timeout and Immediate classes of a realm, set up when its first timer is made:
 * most spec files never make one, and the set-up runs JavaScript (a class shim) that the
 * engine compiles afresh in every realm. */
static void timer_classes(JSContextRef ctx) {
  js_realm_t *realm = js_realm_from_context(ctx);
  if (realm && realm->timer_classes_ready) return;
  if (realm) realm->timer_classes_ready = true;
  /* +timeout gives the id, as Node's Timeout[Symbol.toPrimitive] does. */
  JSObjectRef timeout_ctor = js_class_init(ctx, &timeout_class);
  if (timeout_ctor)
    js_set_keyed(ctx, (JSObjectRef)js_get(ctx, timeout_ctor, "prototype"),
                 js_symbol(ctx, "toPrimitive"),
                 js_make_function(ctx, "[Symbol.toPrimitive]", timeout_prim, 0));
  js_class_init(ctx, &immediate_class);
}

static JSObjectRef timer_handle(JSContextRef ctx, js_timer_t *t, bool immediate) {
  timer_classes(ctx);
  uint64_t *id = xmalloc(sizeof(*id));
  *id = t->id;
  return js_class_make(ctx, immediate ? &immediate_class : &timeout_class, id, NULL);
}

static JSValueRef timer_start(JSContextRef ctx, size_t argc, const JSValueRef argv[],
                              JSValueRef *exception, bool repeat, bool immediate) {
  js_realm_t *realm = js_realm_from_context(ctx);
  if (!realm) return JSValueMakeUndefined(ctx);
  if (argc < 1 || !js_is_function(ctx, argv[0]))
    return js_throw_arg_type(ctx, exception, "callback", "of type function", argc ? argv[0] : NULL);
  double delay = 0;
  size_t first_arg = immediate ? 1 : 2;
  if (!immediate) {
    delay = argc > 1 ? JSValueToNumber(ctx, argv[1], NULL) : 1;
    if (!(delay >= 1)) delay = 1; /* Node clamps to 1 ms (also NaN) */
    if (delay > 2147483647.0) delay = 1;
  }
  js_timer_t *t = timer_add(realm, (JSObjectRef)argv[0], argc > first_arg ? argc - first_arg : 0,
                            argv + first_arg, (uint64_t)delay, repeat, immediate);
  return timer_handle(ctx, t, immediate);
}

static JSValueRef js_set_timeout(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                 const JSValueRef argv[], JSValueRef *exc) {
  return timer_start(ctx, argc, argv, exc, false, false);
}

static JSValueRef js_set_interval(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                  const JSValueRef argv[], JSValueRef *exc) {
  return timer_start(ctx, argc, argv, exc, true, false);
}

static JSValueRef js_set_immediate(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                   const JSValueRef argv[], JSValueRef *exc) {
  return timer_start(ctx, argc, argv, exc, false, true);
}

static JSValueRef js_clear_timer(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                 const JSValueRef argv[], JSValueRef *exc) {
  js_realm_t *realm = js_realm_from_context(ctx);
  if (!realm || argc < 1) return JSValueMakeUndefined(ctx);
  uint64_t *idp = timer_id_of(ctx, argv[0]);
  uint64_t id = idp ? *idp : 0;
  if (!idp && (JSValueIsNumber(ctx, argv[0]) || JSValueIsString(ctx, argv[0])))
    id = (uint64_t)JSValueToNumber(ctx, argv[0], NULL);
  js_timer_t *t = id ? timer_find(realm, id) : NULL;
  if (t) timer_stop(t);
  return JSValueMakeUndefined(ctx);
}

void js_timers_install(JSContextRef ctx) {
  JSObjectRef global = JSContextGetGlobalObject(ctx);
  js_set_function(ctx, global, "setTimeout", js_set_timeout);
  js_set_function(ctx, global, "setInterval", js_set_interval);
  js_set_function(ctx, global, "setImmediate", js_set_immediate);
  js_set_function(ctx, global, "clearTimeout", js_clear_timer);
  js_set_function(ctx, global, "clearInterval", js_clear_timer);
  js_set_function(ctx, global, "clearImmediate", js_clear_timer);
}

void js_timers_realm_free(js_realm_t *realm) {
  while (realm->timers) timer_stop(realm->timers);
}

size_t js_realm_pending_timers(js_realm_t *realm) { return realm->n_timers; }

void js_realm_defer(js_realm_t *realm, JSObjectRef fn, size_t argc, const JSValueRef argv[]) {
  if (realm->closing) return;
  /* An immediate that goes round the queue once more before it runs: after the immediates
   * queued beside the call, whichever phase it was made in, as an I/O callback of Node's
   * comes (fs.readFile(cb) and then setImmediate(i): i first). */
  js_timer_t *t = timer_add(realm, fn, argc, argv, 0, false, true);
  t->requeue = true;
}
