/* test_js_harness: the shared part of the tests/unit/test_js_*.c conformance tables. A case
 * is the body of an async function run in a fresh sonde realm (console, process, require,
 * web globals: everything js_realm_new installs) on a private libuv loop; its result
 * (String(value), or "THROW <name>: <message>" when it rejects) is compared with the
 * string Node 20 gave for the same body (or, for h_run_log_table, what it printed). The expected strings were produced once
 * by running each body under `node` (see the comment atop each table) and pasted: CI may
 * have no node.
 *
 * Memory: each table gets its own runtime and realm, freed (and the loop closed) before
 * the test returns, so the tests are clean under ASan/LSan. */
#ifndef SONDE_TEST_JS_HARNESS_H
#define SONDE_TEST_JS_HARNESS_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uv.h>

#include "common/sbuf.h"
#include "js/jsutil.h"
#include "js/runtime.h"

typedef struct {
  const char *code; /* body of an async function */
  const char *want; /* String(result) under Node 20 */
} js_case_t;

typedef struct {
  uv_loop_t loop;
  js_runtime_t *rt;
  js_realm_t *realm;
  sbuf_t log; /* console output of the current case, one line per call */
  bool settled;
  char *result;
} js_harness_t;

static void h_sink(js_realm_t *realm, js_log_level_t level, const char *text, size_t len,
                   void *ud) {
  js_harness_t *h = ud;
  sbuf_append(&h->log, text, len);
  sbuf_putc(&h->log, '\n');
}

static void h_init(js_harness_t *h) {
  memset(h, 0, sizeof(*h));
  assert_int_equal(uv_loop_init(&h->loop), 0);
  char *argv[] = {"sonde", "worker"};
  h->rt = js_runtime_new(&h->loop, 2, argv);
  h->realm = js_realm_new(h->rt);
  js_realm_set_console(h->realm, h_sink, h);
}

static void h_close_walk(uv_handle_t *handle, void *arg) {
  if (!uv_is_closing(handle)) uv_close(handle, NULL);
}

static void h_free(js_harness_t *h) {
  js_realm_free(h->realm);
  js_runtime_free(h->rt);
  uv_walk(&h->loop, h_close_walk, NULL);
  uv_run(&h->loop, UV_RUN_DEFAULT);
  assert_int_equal(uv_loop_close(&h->loop), 0);
  sbuf_free(&h->log);
  free(h->result);
}

static char *h_describe_error(JSContextRef ctx, JSValueRef err) {
  if (!JSValueIsObject(ctx, err)) {
    char *s = js_value_to_utf8(ctx, err);
    char *r = xasprintf("THROW %s", s);
    free(s);
    return r;
  }
  char *name = js_get_string(ctx, err, "name"), *msg = js_get_string(ctx, err, "message");
  char *r = xasprintf("THROW %s: %s", name ? name : "Error", msg ? msg : "");
  free(name);
  free(msg);
  return r;
}

static JSValueRef h_ok(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                       const JSValueRef argv[], JSValueRef *exc) {
  js_harness_t *h = data;
  h->settled = true;
  h->result = argc ? js_value_to_utf8(ctx, argv[0]) : xstrdup("undefined");
  return NULL;
}

static JSValueRef h_err(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                        const JSValueRef argv[], JSValueRef *exc) {
  js_harness_t *h = data;
  h->settled = true;
  h->result = h_describe_error(ctx, argc ? argv[0] : JSValueMakeUndefined(ctx));
  return NULL;
}

/* Runs one body; returns its result string (owned by the harness until the next run). */
static const char *h_run(js_harness_t *h, const char *code) {
  JSContextRef ctx = js_realm_context(h->realm);
  free(h->result);
  h->result = NULL;
  h->settled = false;
  sbuf_reset(&h->log);
  /* The handlers are attached in the same script: a rejection without one at the end of
   * the evaluation would be reported as unhandled. */
  JSObjectRef global = JSContextGetGlobalObject(ctx);
  js_set_hidden(ctx, global, "__h_ok", js_make_closure(ctx, "ok", h_ok, h, NULL));
  js_set_hidden(ctx, global, "__h_err", js_make_closure(ctx, "err", h_err, h, NULL));
  /* Timers count from the loop's clock, as in a worker: bring it to now. */
  uv_update_time(&h->loop);
  char *src = xasprintf("(async function () {\n%s\n})().then(__h_ok, __h_err)", code);
  JSValueRef exc = NULL;
  JSValueRef p = js_eval(ctx, src, "/case.js", 0, &exc);
  free(src);
  if (!p) {
    h->result = h_describe_error(ctx, exc);
    return h->result;
  }
  uint64_t deadline = uv_now(&h->loop) + 10000;
  while (!h->settled && uv_now(&h->loop) < deadline) {
    uv_run(&h->loop, UV_RUN_NOWAIT);
    if (!h->settled) uv_sleep(1);
    uv_update_time(&h->loop);
  }
  if (!h->settled) h->result = xstrdup("TIMEOUT");
  return h->result;
}

/* Runs a table; every mismatch is printed, then the test fails if there was one. */
static inline void h_run_table(const js_case_t *cases, size_t n) {
  js_harness_t h;
  h_init(&h);
  int failures = 0;
  for (size_t i = 0; i < n; i++) {
    const char *got = h_run(&h, cases[i].code);
    if (strcmp(got, cases[i].want) != 0) {
      failures++;
      print_error("case %zu:\n%s\n  want: %s\n  got:  %s\n", i, cases[i].code, cases[i].want, got);
    }
  }
  h_free(&h);
  assert_int_equal(failures, 0);
}

/* Same, comparing what each case printed (console and process.stdout/stderr, one line per
 * write of the sink) instead of its result. */
static inline void h_run_log_table(const js_case_t *cases, size_t n) {
  js_harness_t h;
  h_init(&h);
  int failures = 0;
  for (size_t i = 0; i < n; i++) {
    const char *r = h_run(&h, cases[i].code);
    if (strncmp(r, "THROW", 5) == 0) sbuf_puts(&h.log, r);
    if (strcmp(sbuf_cstr(&h.log), cases[i].want) != 0) {
      failures++;
      print_error("case %zu:\n%s\n  want: %s\n  got:  %s\n", i, cases[i].code, cases[i].want,
                  sbuf_cstr(&h.log));
    }
  }
  h_free(&h);
  assert_int_equal(failures, 0);
}

#endif
