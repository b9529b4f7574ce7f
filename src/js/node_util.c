/* node_util: the `util` module (and `util/types`). format, formatWithOptions and inspect are
 * the C port in inspect.c; promisify, callbackify, inherits, deprecate, isDeepStrictEqual
 * and the type checks are src/jslib/util.js (values and functions, see there); debuglog,
 * stripVTControlCharacters, toUSVString, getSystemErrorName and the encoders are here.
 * Nothing is allocated beyond a call. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <uv.h>

#include "common/sbuf.h"
#include "js/inspect.h"
#include "js/jsbytes.h"
#include "js/jsclass.h"
#include "js/jsutil.h"
#include "js/node.h"
#include "js/runtime_internal.h"

static JSValueRef util_warn(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                            const JSValueRef argv[], JSValueRef *exc) {
  JSValueRef process = js_get(ctx, JSContextGetGlobalObject(ctx), "process");
  JSValueRef emit = js_get(ctx, process, "emitWarning");
  if (js_is_function(ctx, emit)) js_call(ctx, emit, process, argc, argv, NULL);
  return JSValueMakeUndefined(ctx);
}

static JSValueRef util_lib(JSContextRef ctx, JSValueRef *exc) {
  JSValueRef warn = js_make_function(ctx, "warn", util_warn, 3);
  return js_jslib_call(ctx, "util", 1, &warn, exc);
}

static JSValueRef util_format(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  size_t len;
  char *s = js_format_args_len(ctx, argc, argv, NULL, &len);
  JSValueRef r = js_make_string_len(ctx, s, len);
  free(s);
  return r;
}

static JSValueRef util_format_with_options(JSContextRef ctx, JSObjectRef f, JSObjectRef self,
                                           size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  if (argc < 1 || !JSValueIsObject(ctx, argv[0]))
    return js_throw_arg_type(ctx, exc, "inspectOptions", "of type object", argc ? argv[0] : NULL);
  js_inspect_opts_t o = {.depth = 2};
  js_inspect_opts_from_js(ctx, argv[0], &o);
  size_t len;
  char *s = js_format_args_len(ctx, argc - 1, argv + 1, &o, &len);
  JSValueRef r = js_make_string_len(ctx, s, len);
  free(s);
  return r;
}

/* debuglog(section): a logger printing "SECTION PID: message" to stderr when NODE_DEBUG
 * names the section (comma-separated, * wildcards), else a no-op; .enabled tells which. */
static bool debug_enabled(const char *section) {
  const char *env = getenv("NODE_DEBUG");
  if (!env || !*env) return false;
  char *list = xstrdup(env);
  bool on = false;
  for (char *tok = strtok(list, ", "); tok && !on; tok = strtok(NULL, ", ")) {
    size_t n = strlen(tok);
    if (n && tok[n - 1] == '*') on = strncasecmp(tok, section, n - 1) == 0;
    else on = strcasecmp(tok, section) == 0;
  }
  free(list);
  return on;
}

static JSValueRef debug_log(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                            const JSValueRef argv[], JSValueRef *exc) {
  const char *section = data;
  js_realm_t *realm = js_realm_from_context(ctx);
  if (!realm) return JSValueMakeUndefined(ctx);
  char *msg = js_format_args(ctx, argc, argv, NULL);
  char *line = xasprintf("%s %d: %s", section, (int)getpid(), msg);
  realm->console_sink(realm, JS_LOG_ERROR, line, strlen(line), realm->console_ud);
  free(line);
  free(msg);
  return JSValueMakeUndefined(ctx);
}

static JSValueRef debug_noop(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                             const JSValueRef argv[], JSValueRef *exc) {
  return JSValueMakeUndefined(ctx);
}

static JSValueRef util_debuglog(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  char *section = argc ? js_value_to_utf8(ctx, argv[0]) : xstrdup("");
  for (char *p = section; *p; p++)
    if (*p >= 'a' && *p <= 'z') *p = (char)(*p - 'a' + 'A');
  bool on = debug_enabled(section);
  JSObjectRef fn = on ? js_make_closure(ctx, "debug", debug_log, section, free)
                      : js_make_function(ctx, "debug", debug_noop, 0);
  if (!on) free(section);
  js_set(ctx, fn, "enabled", JSValueMakeBoolean(ctx, on));
  return fn;
}

static JSValueRef util_strip_vt(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  if (argc < 1 || !JSValueIsString(ctx, argv[0]))
    return js_throw_arg_type(ctx, exc, "str", "of type string", argc ? argv[0] : NULL);
  size_t n;
  char *s = js_to_utf8(ctx, argv[0], &n, exc);
  if (!s) return NULL;
  sbuf_t b = SBUF_INIT;
  for (size_t i = 0; i < n; i++) {
    if ((s[i] == '\x1b' || (unsigned char)s[i] == 0x9b) && i + 1 < n) {
      size_t j = i + 1;
      if (s[i] == '\x1b' && s[j] == '[') j++;
      if (s[i] == '\x1b' && s[j] == ']') {
        /* OSC: up to BEL or ST */
        while (j < n && s[j] != '\a' && !(s[j] == '\x1b' && j + 1 < n && s[j + 1] == '\\')) j++;
        i = j < n && s[j] == '\x1b' ? j + 1 : j;
        continue;
      }
      while (j < n && ((s[j] >= '0' && s[j] <= '9') || s[j] == ';' || s[j] == '?')) j++;
      i = j;
      continue;
    }
    sbuf_putc(&b, s[i]);
  }
  free(s);
  JSValueRef r = js_string_from_utf8(ctx, sbuf_cstr(&b), b.len, false);
  sbuf_free(&b);
  return r;
}

static JSValueRef util_to_usv(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  size_t n;
  char *s = js_to_utf8(ctx, argc ? argv[0] : JSValueMakeUndefined(ctx), &n, exc);
  if (!s) return NULL;
  JSValueRef r = js_string_from_utf8(ctx, s, n, false);
  free(s);
  return r;
}

static JSValueRef util_system_error_name(JSContextRef ctx, JSObjectRef f, JSObjectRef self,
                                         size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  if (argc < 1 || !JSValueIsNumber(ctx, argv[0]))
    return js_throw_arg_type(ctx, exc, "err", "of type number", argc ? argv[0] : NULL);
  int code = (int)JSValueToNumber(ctx, argv[0], NULL);
  return js_make_string(ctx, uv_err_name(code));
}

static void util_init(js_realm_t *realm, JSObjectRef exports, void *ud) {
  JSContextRef ctx = js_realm_context(realm);
  JSValueRef exc = NULL;
  JSValueRef lib = util_lib(ctx, &exc);
  if (lib && JSValueIsObject(ctx, lib)) {
    JSValueRef keys = js_call_global(ctx, "Object.keys", 1, &lib, NULL);
    size_t n = js_array_length(ctx, keys);
    for (size_t i = 0; i < n; i++) {
      char *k = js_value_to_utf8(ctx, js_array_get(ctx, keys, (unsigned)i));
      js_set(ctx, exports, k, js_get(ctx, lib, k));
      free(k);
    }
  }
  static const js_fn_t fns[] = {
      {"format", util_format, 0},
      {"formatWithOptions", util_format_with_options, 1},
      {"debuglog", util_debuglog, 1},
      {"stripVTControlCharacters", util_strip_vt, 1},
      {"toUSVString", util_to_usv, 1},
      {"getSystemErrorName", util_system_error_name, 1},
      {NULL, NULL, 0},
  };
  for (const js_fn_t *fn = fns; fn->name; fn++)
    js_set(ctx, exports, fn->name, js_make_function(ctx, fn->name, fn->fn, fn->length));
  js_set(ctx, exports, "debug", js_get(ctx, exports, "debuglog"));
  js_set(ctx, exports, "inspect", js_inspect_function(ctx));
  JSObjectRef global = JSContextGetGlobalObject(ctx);
  js_set(ctx, exports, "TextEncoder", js_get(ctx, global, "TextEncoder"));
  js_set(ctx, exports, "TextDecoder", js_get(ctx, global, "TextDecoder"));
}

static JSValueRef types_make(js_realm_t *realm, void *ud, JSValueRef *exception) {
  JSValueRef lib = util_lib(js_realm_context(realm), exception);
  return lib ? js_get(js_realm_context(realm), lib, "types") : NULL;
}

void js_node_util_register(js_runtime_t *rt) {
  js_runtime_add_builtin(rt, "util", util_init, NULL);
  js_runtime_add_builtin_value(rt, "util/types", types_make, NULL);
}
