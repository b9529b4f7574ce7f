/* web_performance: the global `performance` — now() (milliseconds since the runtime
 * started, sub-millisecond), timeOrigin, toJSON, and the user-timing entries mark(),
 * measure(), getEntries*(), clearMarks() and clearMeasures(), kept on the object as a
 * hidden array (so they die with the realm). */
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#include "common/sbuf.h"
#include "js/jsclass.h"
#include "js/jsutil.h"
#include "js/runtime_internal.h"
#include "js/web.h"

static double now_ms(JSContextRef ctx) {
  js_realm_t *realm = js_realm_from_context(ctx);
  uint64_t origin = realm ? realm->rt->started_ns : 0;
  return (double)(uv_hrtime() - origin) / 1e6;
}

static JSValueRef perf_now(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                           const JSValueRef argv[], JSValueRef *exc) {
  return JSValueMakeNumber(ctx, now_ms(ctx));
}

static JSObjectRef entries_of(JSContextRef ctx, JSObjectRef perf) {
  JSValueRef e = js_get(ctx, perf, "__sonde_entries");
  return JSValueIsObject(ctx, e) ? (JSObjectRef)e : js_make_array(ctx, 0, NULL);
}

static JSObjectRef make_entry(JSContextRef ctx, JSValueRef name, const char *type, double start,
                              double duration, JSValueRef detail) {
  JSObjectRef e = JSObjectMake(ctx, NULL, NULL);
  js_set(ctx, e, "name", name);
  js_set(ctx, e, "entryType", js_make_string(ctx, type));
  js_set(ctx, e, "startTime", JSValueMakeNumber(ctx, start));
  js_set(ctx, e, "duration", JSValueMakeNumber(ctx, duration));
  js_set(ctx, e, "detail", detail ? detail : JSValueMakeNull(ctx));
  js_set_tag(ctx, e, strcmp(type, "mark") == 0 ? "PerformanceMark" : "PerformanceMeasure");
  return e;
}

static void push_entry(JSContextRef ctx, JSObjectRef perf, JSObjectRef entry) {
  JSObjectRef list = entries_of(ctx, perf);
  JSObjectSetPropertyAtIndex(ctx, list, (unsigned)js_array_length(ctx, list), entry, NULL);
}

/* The start time of a mark named `name` (the latest one), or -1. */
static double mark_time(JSContextRef ctx, JSObjectRef perf, JSValueRef name) {
  JSObjectRef list = entries_of(ctx, perf);
  for (size_t i = js_array_length(ctx, list); i-- > 0;) {
    JSValueRef e = js_array_get(ctx, list, (unsigned)i);
    if (JSValueIsStrictEqual(ctx, js_get(ctx, e, "name"), name) &&
        js_get_number(ctx, e, "duration", 1) == 0)
      return js_get_number(ctx, e, "startTime", 0);
  }
  return -1;
}

static JSValueRef perf_mark(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                            const JSValueRef argv[], JSValueRef *exc) {
  if (argc < 1)
    return js_throw_code(ctx, exc, "TypeError", "ERR_MISSING_ARGS",
                         "The \"name\" argument must be specified");
  double t = now_ms(ctx);
  JSValueRef detail = NULL;
  if (argc > 1 && JSValueIsObject(ctx, argv[1])) {
    t = js_get_number(ctx, argv[1], "startTime", t);
    detail = js_get(ctx, argv[1], "detail");
  }
  JSValueRef name = JSValueIsString(ctx, argv[0]) ? argv[0] : js_make_string(ctx, "");
  JSObjectRef e = make_entry(ctx, name, "mark", t, 0, detail);
  push_entry(ctx, self, e);
  return e;
}

/* measure(name[, startMark | options][, endMark]) */
static JSValueRef perf_measure(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  if (argc < 1)
    return js_throw_code(ctx, exc, "TypeError", "ERR_MISSING_ARGS",
                         "The \"name\" argument must be specified");
  double start = 0, end = now_ms(ctx);
  JSValueRef detail = NULL;
  JSValueRef marks[2] = {argc > 1 ? argv[1] : NULL, argc > 2 ? argv[2] : NULL};
  if (marks[0] && JSValueIsObject(ctx, marks[0])) {
    JSValueRef o = marks[0];
    detail = js_get(ctx, o, "detail");
    marks[0] = js_get(ctx, o, "start");
    marks[1] = js_get(ctx, o, "end");
  }
  for (int i = 0; i < 2; i++) {
    if (!marks[i] || JSValueIsUndefined(ctx, marks[i])) continue;
    double t = JSValueIsNumber(ctx, marks[i]) ? JSValueToNumber(ctx, marks[i], NULL)
                                              : mark_time(ctx, self, marks[i]);
    if (t < 0) {
      char *n = js_value_to_utf8(ctx, marks[i]);
      js_throw_dom(ctx, exc, "SyntaxError", "The \"%s\" performance mark has not been set", n);
      free(n);
      return NULL;
    }
    if (i == 0) start = t;
    else end = t;
  }
  JSObjectRef e = make_entry(ctx, argv[0], "measure", start, end - start, detail);
  push_entry(ctx, self, e);
  return e;
}

static JSValueRef filter(JSContextRef ctx, JSObjectRef perf, const char *key, JSValueRef want,
                         bool keep) {
  JSObjectRef list = entries_of(ctx, perf), out = js_make_array(ctx, 0, NULL);
  unsigned n = 0;
  for (size_t i = 0; i < js_array_length(ctx, list); i++) {
    JSValueRef e = js_array_get(ctx, list, (unsigned)i);
    bool match = !key || JSValueIsStrictEqual(ctx, js_get(ctx, e, key), want);
    if (match == keep) JSObjectSetPropertyAtIndex(ctx, out, n++, e, NULL);
  }
  return out;
}

static JSValueRef perf_entries(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  return filter(ctx, self, NULL, NULL, true);
}

static JSValueRef perf_by_name(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  JSValueRef r = filter(ctx, self, "name", argc ? argv[0] : JSValueMakeUndefined(ctx), true);
  if (argc > 1) {
    JSValueRef all = r;
    JSObjectRef out = js_make_array(ctx, 0, NULL);
    unsigned n = 0;
    for (size_t i = 0; i < js_array_length(ctx, all); i++) {
      JSValueRef e = js_array_get(ctx, all, (unsigned)i);
      if (JSValueIsStrictEqual(ctx, js_get(ctx, e, "entryType"), argv[1]))
        JSObjectSetPropertyAtIndex(ctx, out, n++, e, NULL);
    }
    r = out;
  }
  return r;
}

static JSValueRef perf_by_type(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  return filter(ctx, self, "entryType", argc ? argv[0] : JSValueMakeUndefined(ctx), true);
}

static JSValueRef clear(JSContextRef ctx, JSObjectRef self, size_t argc, const JSValueRef argv[],
                        const char *type) {
  JSObjectRef list = entries_of(ctx, self), keep = js_make_array(ctx, 0, NULL);
  unsigned n = 0;
  for (size_t i = 0; i < js_array_length(ctx, list); i++) {
    JSValueRef e = js_array_get(ctx, list, (unsigned)i);
    char *t = js_get_string(ctx, e, "entryType");
    bool drop = t && strcmp(t, type) == 0 &&
                (argc == 0 || JSValueIsUndefined(ctx, argv[0]) ||
                 JSValueIsStrictEqual(ctx, js_get(ctx, e, "name"), argv[0]));
    free(t);
    if (!drop) JSObjectSetPropertyAtIndex(ctx, keep, n++, e, NULL);
  }
  js_define_value(ctx, self, "__sonde_entries", keep, false);
  return JSValueMakeUndefined(ctx);
}

static JSValueRef perf_clear_marks(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                   const JSValueRef argv[], JSValueRef *exc) {
  return clear(ctx, self, argc, argv, "mark");
}

static JSValueRef perf_clear_measures(JSContextRef ctx, JSObjectRef f, JSObjectRef self,
                                      size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  return clear(ctx, self, argc, argv, "measure");
}

static JSValueRef perf_to_json(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  JSObjectRef o = JSObjectMake(ctx, NULL, NULL);
  js_set(ctx, o, "timeOrigin", js_get(ctx, self, "timeOrigin"));
  return o;
}

void js_performance_install(JSContextRef ctx) {
  if (!js_once(ctx, "__sonde_once_performance")) return;
  JSObjectRef perf = JSObjectMake(ctx, NULL, NULL);
  js_set_tag(ctx, perf, "Performance");
  static const js_fn_t fns[] = {
      {"now", perf_now, 0},
      {"mark", perf_mark, 1},
      {"measure", perf_measure, 1},
      {"getEntries", perf_entries, 0},
      {"getEntriesByName", perf_by_name, 1},
      {"getEntriesByType", perf_by_type, 1},
      {"clearMarks", perf_clear_marks, 0},
      {"clearMeasures", perf_clear_measures, 0},
      {"toJSON", perf_to_json, 0},
      {NULL, NULL, 0},
  };
  js_define_methods(ctx, perf, fns);
  /* timeOrigin: the wall-clock time the runtime started, so origin + now() is "now". */
  struct timeval tv;
  gettimeofday(&tv, NULL);
  double wall = (double)tv.tv_sec * 1000.0 + (double)tv.tv_usec / 1000.0;
  js_set(ctx, perf, "timeOrigin", JSValueMakeNumber(ctx, wall - now_ms(ctx)));
  js_define_value(ctx, perf, "__sonde_entries", js_make_array(ctx, 0, NULL), false);
  js_define_value(ctx, JSContextGetGlobalObject(ctx), "performance", perf, false);
}
