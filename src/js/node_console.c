/* node_console: the global `console` as Node 20 has it — log/info/debug (stdout) and
 * warn/error/trace/assert (stderr), dir, table, time/timeLog/timeEnd, count/countReset and
 * group/groupCollapsed/groupEnd indentation — formatted with util.format/util.inspect and
 * handed, one line per call, to the realm's console sink (the worker sends it to the
 * launcher). Colours follow Node's rule for the stream (a terminal, unless NO_COLOR or
 * FORCE_COLOR say otherwise).
 *
 * Memory: the per-realm state (group depth, counters, timers) is a C struct owned by the
 * realm and freed by js_console_free; labels are malloc'd copies. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/sbuf.h"
#include "common/strvec.h"
#include "js/inspect.h"
#include "js/jsclass.h"
#include "js/jsutil.h"
#include "js/runtime_internal.h"

typedef struct {
  char *label;
  double value; /* count, or start time in ms */
} js_label_t;

struct js_console {
  int group; /* indentation in spaces */
  js_label_t *counts;
  size_t n_counts;
  js_label_t *timers;
  size_t n_timers;
  bool colors_out, colors_err;
};

/* Node's rule (getColorDepth): FORCE_COLOR decides when set, then NO_COLOR, then whether
 * the stream is a terminal. */
static bool stream_colors(int fd) {
  const char *force = getenv("FORCE_COLOR");
  if (force) return strcmp(force, "0") != 0 && strcmp(force, "false") != 0;
  const char *no = getenv("NO_COLOR");
  if (no && no[0]) return false;
  return isatty(fd);
}

static struct js_console *state_of(JSContextRef ctx, js_realm_t **realm_out) {
  js_realm_t *realm = js_realm_from_context(ctx);
  if (realm_out) *realm_out = realm;
  return realm ? realm->console : NULL;
}

/* Sends `len` bytes of `text` (NULs included) with the group indentation on every line. */
static void emit_len(js_realm_t *realm, js_log_level_t level, const char *text, size_t len) {
  struct js_console *c = realm->console;
  if (!c || c->group == 0) {
    realm->console_sink(realm, level, text, len, realm->console_ud);
    return;
  }
  sbuf_t b = SBUF_INIT;
  for (int i = 0; i < c->group; i++) sbuf_putc(&b, ' ');
  for (size_t k = 0; k < len; k++) {
    sbuf_putc(&b, text[k]);
    if (text[k] == '\n')
      for (int i = 0; i < c->group; i++) sbuf_putc(&b, ' ');
  }
  realm->console_sink(realm, level, sbuf_cstr(&b), b.len, realm->console_ud);
  sbuf_free(&b);
}

static void emit(js_realm_t *realm, js_log_level_t level, const char *text) {
  emit_len(realm, level, text, strlen(text));
}

static js_inspect_opts_t opts_for(struct js_console *c, js_log_level_t level) {
  js_inspect_opts_t o = {.depth = 2, .colors = false};
  if (c) o.colors = level >= JS_LOG_WARN ? c->colors_err : c->colors_out;
  return o;
}

static JSValueRef print_args(JSContextRef ctx, js_log_level_t level, size_t argc,
                             const JSValueRef argv[]) {
  js_realm_t *realm;
  struct js_console *c = state_of(ctx, &realm);
  if (!realm) return JSValueMakeUndefined(ctx);
  js_inspect_opts_t o = opts_for(c, level);
  size_t len;
  char *text = js_format_args_len(ctx, argc, argv, &o, &len);
  emit_len(realm, level, text, len);
  free(text);
  return JSValueMakeUndefined(ctx);
}

#define CONSOLE_FN(fname, level)                                                          \
  static JSValueRef fname(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc, \
                          const JSValueRef argv[], JSValueRef *exc) {                     \
    return print_args(ctx, level, argc, argv);                                            \
  }
CONSOLE_FN(console_log, JS_LOG_LOG)
CONSOLE_FN(console_info, JS_LOG_INFO)
CONSOLE_FN(console_warn, JS_LOG_WARN)
CONSOLE_FN(console_error, JS_LOG_ERROR)
CONSOLE_FN(console_debug, JS_LOG_DEBUG)

/* console.trace: "Trace: <message>" and the caller's stack, on stderr. */
static JSValueRef console_trace(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  js_realm_t *realm;
  struct js_console *c = state_of(ctx, &realm);
  if (!realm) return JSValueMakeUndefined(ctx);
  js_inspect_opts_t o = opts_for(c, JS_LOG_WARN);
  char *msg = js_format_args(ctx, argc, argv, &o);
  JSObjectRef err = js_make_error(ctx, "Error", msg);
  js_set(ctx, err, "name", js_make_string(ctx, "Trace"));
  char *raw = js_get_string(ctx, err, "stack");
  char *stack = js_format_stack("Trace", msg, raw);
  emit(realm, JS_LOG_WARN, stack);
  free(stack);
  free(raw);
  free(msg);
  return JSValueMakeUndefined(ctx);
}

/* console.dir(value, options): util.inspect with the options, custom inspectors ignored. */
static JSValueRef console_dir(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  js_realm_t *realm;
  struct js_console *c = state_of(ctx, &realm);
  if (!realm) return JSValueMakeUndefined(ctx);
  js_inspect_opts_t o = opts_for(c, JS_LOG_LOG);
  js_inspect_opts_from_js(ctx, argc > 1 ? argv[1] : NULL, &o);
  o.no_custom = true;
  char *text = js_inspect(ctx, argc ? argv[0] : JSValueMakeUndefined(ctx), &o);
  emit(realm, JS_LOG_LOG, text);
  free(text);
  return JSValueMakeUndefined(ctx);
}

static void warning(js_realm_t *realm, const char *fmt, const char *label) {
  char *msg = xasprintf(fmt, label);
  char *line = xasprintf("(node:%d) Warning: %s", (int)getpid(), msg);
  realm->console_sink(realm, JS_LOG_WARN, line, strlen(line), realm->console_ud);
  free(line);
  free(msg);
}

static char *label_arg(JSContextRef ctx, size_t argc, const JSValueRef argv[]) {
  if (argc == 0 || JSValueIsUndefined(ctx, argv[0])) return xstrdup("default");
  return js_value_to_utf8(ctx, argv[0]);
}

static js_label_t *label_find(js_label_t *list, size_t n, const char *label) {
  for (size_t i = 0; i < n; i++)
    if (strcmp(list[i].label, label) == 0) return &list[i];
  return NULL;
}

static void label_remove(js_label_t *list, size_t *n, js_label_t *item) {
  free(item->label);
  *item = list[--*n];
}

static JSValueRef console_count(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  js_realm_t *realm;
  struct js_console *c = state_of(ctx, &realm);
  if (!c) return JSValueMakeUndefined(ctx);
  char *label = label_arg(ctx, argc, argv);
  js_label_t *l = label_find(c->counts, c->n_counts, label);
  if (!l) {
    c->counts = xrealloc(c->counts, (c->n_counts + 1) * sizeof(*c->counts));
    l = &c->counts[c->n_counts++];
    l->label = xstrdup(label);
    l->value = 0;
  }
  char *line = xasprintf("%s: %.0f", label, ++l->value);
  emit(realm, JS_LOG_LOG, line);
  free(line);
  free(label);
  return JSValueMakeUndefined(ctx);
}

static JSValueRef console_count_reset(JSContextRef ctx, JSObjectRef f, JSObjectRef self,
                                      size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  js_realm_t *realm;
  struct js_console *c = state_of(ctx, &realm);
  if (!c) return JSValueMakeUndefined(ctx);
  char *label = label_arg(ctx, argc, argv);
  js_label_t *l = label_find(c->counts, c->n_counts, label);
  if (l) label_remove(c->counts, &c->n_counts, l);
  else warning(realm, "Count for '%s' does not exist", label);
  free(label);
  return JSValueMakeUndefined(ctx);
}

static double now_ms(void) { return (double)uv_hrtime() / 1e6; }

static JSValueRef console_time(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  js_realm_t *realm;
  struct js_console *c = state_of(ctx, &realm);
  if (!c) return JSValueMakeUndefined(ctx);
  char *label = label_arg(ctx, argc, argv);
  if (label_find(c->timers, c->n_timers, label)) {
    warning(realm, "Label '%s' already exists for console.time()", label);
  } else {
    c->timers = xrealloc(c->timers, (c->n_timers + 1) * sizeof(*c->timers));
    c->timers[c->n_timers++] = (js_label_t){xstrdup(label), now_ms()};
  }
  free(label);
  return JSValueMakeUndefined(ctx);
}

/* Node's formatTime: 3 decimals of ms, s, or m:ss.mmm / h:mm:ss.mmm beyond a minute. */
static char *format_elapsed(double ms) {
  if (ms >= 60000) {
    double s = ms / 1000;
    int h = (int)(s / 3600), m = (int)(s / 60) % 60;
    double sec = s - h * 3600 - m * 60;
    if (h > 0) return xasprintf("%d:%02d:%06.3f (h:mm:ss.mmm)", h, m, sec);
    return xasprintf("%d:%06.3f (m:ss.mmm)", m, sec);
  }
  if (ms >= 1000) return xasprintf("%.3fs", ms / 1000);
  return xasprintf("%.3fms", ms);
}

static JSValueRef time_log(JSContextRef ctx, size_t argc, const JSValueRef argv[], bool end) {
  js_realm_t *realm;
  struct js_console *c = state_of(ctx, &realm);
  if (!c) return JSValueMakeUndefined(ctx);
  char *label = label_arg(ctx, argc, argv);
  js_label_t *l = label_find(c->timers, c->n_timers, label);
  if (!l) {
    warning(realm,
            end ? "No such label '%s' for console.timeEnd()"
                : "No such label '%s' for console.timeLog()",
            label);
    free(label);
    return JSValueMakeUndefined(ctx);
  }
  char *elapsed = format_elapsed(now_ms() - l->value);
  sbuf_t b = SBUF_INIT;
  sbuf_printf(&b, "%s: %s", label, elapsed);
  if (!end && argc > 1) {
    js_inspect_opts_t o = opts_for(c, JS_LOG_LOG);
    for (size_t i = 1; i < argc; i++) {
      char *s = JSValueIsString(ctx, argv[i]) ? js_value_to_utf8(ctx, argv[i])
                                              : js_inspect(ctx, argv[i], &o);
      sbuf_printf(&b, " %s", s);
      free(s);
    }
  }
  if (end) label_remove(c->timers, &c->n_timers, l);
  emit(realm, JS_LOG_LOG, sbuf_cstr(&b));
  sbuf_free(&b);
  free(elapsed);
  free(label);
  return JSValueMakeUndefined(ctx);
}

static JSValueRef console_time_end(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                   const JSValueRef argv[], JSValueRef *exc) {
  return time_log(ctx, argc, argv, true);
}

static JSValueRef console_time_log(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                   const JSValueRef argv[], JSValueRef *exc) {
  return time_log(ctx, argc, argv, false);
}

static JSValueRef console_assert(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                 const JSValueRef argv[], JSValueRef *exc) {
  if (argc > 0 && JSValueToBoolean(ctx, argv[0])) return JSValueMakeUndefined(ctx);
  js_realm_t *realm;
  struct js_console *c = state_of(ctx, &realm);
  if (!realm) return JSValueMakeUndefined(ctx);
  if (argc <= 1) {
    emit(realm, JS_LOG_WARN, "Assertion failed");
    return JSValueMakeUndefined(ctx);
  }
  /* Node: args[0] = `Assertion failed: ${args[0]}`, then console.warn(...args). */
  char *first = js_value_to_utf8(ctx, argv[1]);
  char *head = xasprintf("Assertion failed: %s", first);
  JSValueRef *args = xmalloc((argc - 1) * sizeof(JSValueRef));
  args[0] = js_make_string(ctx, head);
  for (size_t i = 2; i < argc; i++) args[i - 1] = argv[i];
  js_inspect_opts_t o = opts_for(c, JS_LOG_WARN);
  size_t len;
  char *line = js_format_args_len(ctx, argc - 1, args, &o, &len);
  emit_len(realm, JS_LOG_WARN, line, len);
  free(line);
  free(args);
  free(head);
  free(first);
  return JSValueMakeUndefined(ctx);
}

static JSValueRef console_group(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  js_realm_t *realm;
  struct js_console *c = state_of(ctx, &realm);
  if (!c) return JSValueMakeUndefined(ctx);
  if (argc > 0) print_args(ctx, JS_LOG_LOG, argc, argv);
  c->group += 2;
  return JSValueMakeUndefined(ctx);
}

static JSValueRef console_group_end(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                    const JSValueRef argv[], JSValueRef *exc) {
  struct js_console *c = state_of(ctx, NULL);
  if (c && c->group >= 2) c->group -= 2;
  return JSValueMakeUndefined(ctx);
}

/* ---- console.table (Node's lib/internal/cli_table.js) ---- */

typedef struct {
  char *name;
  char **cells; /* NULL entries print as "" */
  size_t n;
} column_t;

static void column_set(column_t *col, size_t row, char *cell) {
  if (row >= col->n) {
    col->cells = xrealloc(col->cells, (row + 1) * sizeof(char *));
    for (size_t i = col->n; i <= row; i++) col->cells[i] = NULL;
    col->n = row + 1;
  }
  free(col->cells[row]);
  col->cells[row] = cell;
}

static column_t *column_get(column_t **cols, size_t *n, const char *name) {
  for (size_t i = 0; i < *n; i++)
    if (strcmp((*cols)[i].name, name) == 0) return &(*cols)[i];
  *cols = xrealloc(*cols, (*n + 1) * sizeof(column_t));
  (*cols)[*n] = (column_t){xstrdup(name), NULL, 0};
  return &(*cols)[(*n)++];
}

static void put_repeat(sbuf_t *b, const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) sbuf_puts(b, s);
}

static char *render_table(column_t *cols, size_t ncols) {
  size_t rows = 0, *width = xcalloc(ncols ? ncols : 1, sizeof(size_t));
  for (size_t i = 0; i < ncols; i++) {
    if (cols[i].n > rows) rows = cols[i].n;
    width[i] = js_string_width(cols[i].name);
    for (size_t j = 0; j < cols[i].n; j++) {
      size_t w = cols[i].cells[j] ? js_string_width(cols[i].cells[j]) : 0;
      if (w > width[i]) width[i] = w;
    }
  }
  sbuf_t b = SBUF_INIT;
  static const char *const corners[3][3] = {{"┌", "┬", "┐"}, {"├", "┼", "┤"}, {"└", "┴", "┘"}};
  /* top */
  sbuf_puts(&b, corners[0][0]);
  for (size_t i = 0; i < ncols; i++) {
    put_repeat(&b, "─", width[i] + 2);
    sbuf_puts(&b, i + 1 < ncols ? corners[0][1] : corners[0][2]);
  }
  for (size_t r = 0; r <= rows; r++) {
    sbuf_puts(&b, "\n│ ");
    for (size_t i = 0; i < ncols; i++) {
      const char *cell =
          r == 0 ? cols[i].name
                 : (r - 1 < cols[i].n && cols[i].cells[r - 1] ? cols[i].cells[r - 1] : "");
      sbuf_puts(&b, cell);
      put_repeat(&b, " ", width[i] - js_string_width(cell));
      sbuf_puts(&b, i + 1 < ncols ? " │ " : " │");
    }
    if (r == 0) {
      sbuf_putc(&b, '\n');
      sbuf_puts(&b, corners[1][0]);
      for (size_t i = 0; i < ncols; i++) {
        put_repeat(&b, "─", width[i] + 2);
        sbuf_puts(&b, i + 1 < ncols ? corners[1][1] : corners[1][2]);
      }
    }
  }
  sbuf_putc(&b, '\n');
  sbuf_puts(&b, corners[2][0]);
  for (size_t i = 0; i < ncols; i++) {
    put_repeat(&b, "─", width[i] + 2);
    sbuf_puts(&b, i + 1 < ncols ? corners[2][1] : corners[2][2]);
  }
  free(width);
  return sbuf_take(&b);
}

/* Node's _inspect for cells: objects with more than two keys shrink to [Object]. */
static char *table_cell(JSContextRef ctx, JSValueRef v, bool colors) {
  js_inspect_opts_t o = {.depth = 0,
                         .colors = colors,
                         .max_array_length = 3,
                         .break_length = JS_INSPECT_DEPTH_INFINITE};
  if (JSValueIsObject(ctx, v) && !JSValueIsArray(ctx, v)) {
    JSValueRef keys = js_call_global(ctx, "Object.keys", 1, &v, NULL);
    if (keys && js_array_length(ctx, keys) > 2) o.depth = -1;
  }
  return js_inspect(ctx, v, &o);
}

static char *index_cell(size_t i) { return xasprintf("%zu", i); }

static JSValueRef console_table(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  if (argc == 0 || !JSValueIsObject(ctx, argv[0])) return print_args(ctx, JS_LOG_LOG, argc, argv);
  js_realm_t *realm;
  struct js_console *c = state_of(ctx, &realm);
  if (!realm) return JSValueMakeUndefined(ctx);
  bool colors = c && c->colors_out;
  JSValueRef data = argv[0];
  JSValueRef props = argc > 1 && JSValueIsArray(ctx, argv[1]) ? argv[1] : NULL;
  column_t *cols = NULL;
  size_t ncols = 0;
  JSValueRef tag = js_call_global(ctx, "Object.prototype.toString.call", 1, &data, NULL);
  char *kind = tag ? js_value_to_utf8(ctx, tag) : xstrdup("");
  bool is_map = strcmp(kind, "[object Map]") == 0, is_set = strcmp(kind, "[object Set]") == 0;
  free(kind);
  if (is_map || is_set) {
    JSValueRef list = js_call_global(ctx, "Array.from", 1, &data, NULL);
    size_t n = js_array_length(ctx, list);
    column_get(&cols, &ncols, "(iteration index)");
    if (is_map) column_get(&cols, &ncols, "Key");
    column_get(&cols, &ncols, "Values");
    for (size_t i = 0; i < n; i++) {
      JSValueRef item = js_array_get(ctx, list, (unsigned)i);
      column_set(&cols[0], i, index_cell(i));
      if (is_map) {
        column_set(&cols[1], i, table_cell(ctx, js_array_get(ctx, item, 0), colors));
        column_set(&cols[2], i, table_cell(ctx, js_array_get(ctx, item, 1), colors));
      } else {
        column_set(&cols[1], i, table_cell(ctx, item, colors));
      }
    }
  } else {
    JSValueRef keys = js_call_global(ctx, "Object.keys", 1, &data, NULL);
    size_t n = js_array_length(ctx, keys);
    column_get(&cols, &ncols, "(index)");
    column_t values = {xstrdup("Values"), NULL, 0};
    bool primitives = false;
    for (size_t i = 0; i < n; i++) {
      JSValueRef k = js_array_get(ctx, keys, (unsigned)i);
      column_set(&cols[0], i, js_value_to_utf8(ctx, k));
      JSStringRef ks = JSValueToStringCopy(ctx, k, NULL);
      JSValueRef item = JSObjectGetProperty(ctx, (JSObjectRef)data, ks, NULL);
      JSStringRelease(ks);
      bool primitive = !item || !JSValueIsObject(ctx, item);
      if (!props && primitive) {
        primitives = true;
        column_set(&values, i, table_cell(ctx, item, colors));
        continue;
      }
      JSValueRef ikeys = props ? props : js_call_global(ctx, "Object.keys", 1, &item, NULL);
      size_t m = js_array_length(ctx, ikeys);
      for (size_t j = 0; j < m; j++) {
        char *name = js_value_to_utf8(ctx, js_array_get(ctx, ikeys, (unsigned)j));
        column_t *col = column_get(&cols, &ncols, name);
        JSValueRef args[2] = {item, js_make_string(ctx, name)};
        JSValueRef has =
            primitive ? NULL
                      : js_call_global(ctx, "Object.prototype.hasOwnProperty.call", 2, args, NULL);
        if (has && JSValueToBoolean(ctx, has))
          column_set(col, i, table_cell(ctx, js_get(ctx, item, name), colors));
        else column_set(col, i, xstrdup(""));
        free(name);
      }
    }
    if (primitives) {
      cols = xrealloc(cols, (ncols + 1) * sizeof(column_t));
      cols[ncols++] = values;
    } else {
      free(values.name);
      for (size_t i = 0; i < values.n; i++) free(values.cells[i]);
      free(values.cells);
    }
  }
  char *text = render_table(cols, ncols);
  emit(realm, JS_LOG_LOG, text);
  free(text);
  for (size_t i = 0; i < ncols; i++) {
    for (size_t j = 0; j < cols[i].n; j++) free(cols[i].cells[j]);
    free(cols[i].cells);
    free(cols[i].name);
  }
  free(cols);
  return JSValueMakeUndefined(ctx);
}

void js_console_install(JSContextRef ctx) {
  js_realm_t *realm = js_realm_from_context(ctx);
  if (!realm || realm->console) return;
  struct js_console *c = xcalloc(1, sizeof(*c));
  c->colors_out = stream_colors(STDOUT_FILENO);
  c->colors_err = stream_colors(STDERR_FILENO);
  realm->console = c;
  static const js_fn_t fns[] = {
      {"log", console_log, 0},
      {"info", console_info, 0},
      {"warn", console_warn, 0},
      {"error", console_error, 0},
      {"debug", console_debug, 0},
      {"trace", console_trace, 0},
      {"dir", console_dir, 0},
      {"dirxml", console_log, 0},
      {"table", console_table, 1},
      {"time", console_time, 0},
      {"timeEnd", console_time_end, 0},
      {"timeLog", console_time_log, 0},
      {"count", console_count, 0},
      {"countReset", console_count_reset, 0},
      {"assert", console_assert, 0},
      {"group", console_group, 0},
      {"groupCollapsed", console_group, 0},
      {"groupEnd", console_group_end, 0},
      {NULL, NULL, 0},
  };
  JSObjectRef console = JSObjectMake(ctx, NULL, NULL);
  /* Node's console methods are enumerable own properties (Object.keys(console) lists them). */
  for (const js_fn_t *fn = fns; fn->name; fn++)
    js_set(ctx, console, fn->name, js_make_function(ctx, fn->name, fn->fn, fn->length));
  js_set_tag(ctx, console, "console");
  js_define_value(ctx, JSContextGetGlobalObject(ctx), "console", console, false);
}

void js_console_free(js_realm_t *realm) {
  struct js_console *c = realm->console;
  if (!c) return;
  for (size_t i = 0; i < c->n_counts; i++) free(c->counts[i].label);
  for (size_t i = 0; i < c->n_timers; i++) free(c->timers[i].label);
  free(c->counts);
  free(c->timers);
  free(c);
  realm->console = NULL;
}
