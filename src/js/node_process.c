/* node_process: the global `process` (also require('process')): an EventEmitter with env,
 * argv, platform/arch/version(s), pid/ppid, cwd/chdir, exit/exitCode/abort and the 'exit'
 * event, hrtime(+bigint), memoryUsage, uptime, nextTick, emitWarning, kill, and the
 * stdout/stderr streams whose write() goes to the realm's console sink one line at a time.
 *
 * 'exit' listeners run when process.exit() is called and when the realm ends (a spec file's
 * realm ends with the spec file, which is when its process would exit under mocha's
 * per-file view; the launcher's config realm ends with the run).
 *
 * The EventEmitter part is set up on first use (the first process.on/emit/... call turns
 * the object into an emitter), and stdin/stdout/stderr are made when first read, so that
 * realms which never need them do not load the events library.
 *
 * `process` is a lazy global (web.c's list): a realm whose scripts never name it never makes
 * it, and has no 'exit' or error listeners to run.
 *
 * Memory: partial stdout/stderr lines live in a per-realm js_stdio struct freed by
 * js_process_free; everything else lives on the JS object. */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "common/sbuf.h"
#include "js/jsbytes.h"
#include "js/jsclass.h"
#include "js/jsutil.h"
#include "js/runtime_internal.h"

extern char **environ;

#define NODE_VERSION "20.19.0"

struct js_stdio {
  sbuf_t out, err;
  bool exit_emitted;
};

/* ---- stdout / stderr ---- */

/* One line to the sink, NUL-terminated as the sink wants (it may hold NULs itself). */
static void sink_line(js_realm_t *realm, bool err, const char *p, size_t n) {
  char *line = xmalloc(n + 1);
  memcpy(line, p, n);
  line[n] = '\0';
  realm->console_sink(realm, err ? JS_LOG_ERROR : JS_LOG_LOG, line, n, realm->console_ud);
  free(line);
}

static void flush_lines(js_realm_t *realm, sbuf_t *b, bool err, bool all) {
  size_t start = 0;
  for (size_t i = 0; i < b->len; i++) {
    if (b->data[i] != '\n') continue;
    sink_line(realm, err, b->data + start, i - start);
    start = i + 1;
  }
  if (all && start < b->len) {
    sink_line(realm, err, b->data + start, b->len - start);
    start = b->len;
  }
  if (start) {
    memmove(b->data, b->data + start, b->len - start);
    b->len -= start;
    b->data[b->len] = '\0';
  }
}

/* Made with the process object, or by a write that comes first (a child process's output). */
static struct js_stdio *stdio_of(js_realm_t *realm) {
  if (!realm->stdio) realm->stdio = xcalloc(1, sizeof(*realm->stdio));
  return realm->stdio;
}

void js_stdio_write(js_realm_t *realm, bool err, const char *text, size_t len) {
  struct js_stdio *io = stdio_of(realm);
  sbuf_t *b = err ? &io->err : &io->out;
  sbuf_append(b, text, len);
  flush_lines(realm, b, err, false);
}

/* stream.write(chunk[, encoding][, callback]) */
static JSValueRef stream_write(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  js_realm_t *realm = js_realm_from_context(ctx);
  if (!realm) return JSValueMakeBoolean(ctx, false);
  bool err = js_get_number(ctx, self, "fd", 1) == 2;
  unsigned char *bytes = NULL;
  size_t len = 0;
  if (argc > 0 && js_bytes_view(ctx, argv[0], &bytes, &len)) {
    js_stdio_write(realm, err, (const char *)bytes, len); /* bytes may hold NULs */
  } else if (argc > 0) {
    char *s = js_to_utf8(ctx, argv[0], &len, exc);
    if (!s) return NULL;
    js_stdio_write(realm, err, s, len);
    free(s);
  }
  JSValueRef cb = argc > 2 ? argv[2] : argc > 1 ? argv[1] : NULL;
  if (cb && js_is_function(ctx, cb)) js_realm_defer(realm, (JSObjectRef)cb, 0, NULL);
  return JSValueMakeBoolean(ctx, true);
}

static JSObjectRef make_stream(JSContextRef ctx, JSObjectRef ee, int fd) {
  JSObjectRef s = JSObjectCallAsConstructor(ctx, ee, 0, NULL, NULL);
  if (!s) s = JSObjectMake(ctx, NULL, NULL);
  js_set(ctx, s, "fd", JSValueMakeNumber(ctx, fd));
  bool tty = isatty(fd);
  js_set(ctx, s, "isTTY", tty ? JSValueMakeBoolean(ctx, true) : JSValueMakeUndefined(ctx));
  if (tty && fd > 0) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) == 0) {
      js_set(ctx, s, "columns", JSValueMakeNumber(ctx, ws.ws_col));
      js_set(ctx, s, "rows", JSValueMakeNumber(ctx, ws.ws_row));
    }
  }
  js_set(ctx, s, "writable", JSValueMakeBoolean(ctx, fd > 0));
  js_set(ctx, s, "readable", JSValueMakeBoolean(ctx, fd == 0));
  if (fd > 0) {
    js_set_function(ctx, s, "write", stream_write);
    js_set_function(ctx, s, "end", stream_write);
  }
  return s;
}

/* ---- functions ---- */

static JSValueRef process_cwd(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  char buf[4096];
  if (!getcwd(buf, sizeof(buf))) return js_throw(ctx, exc, "Error", "process.cwd() failed");
  return js_make_string(ctx, buf);
}

static JSValueRef process_chdir(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  if (argc < 1 || !JSValueIsString(ctx, argv[0]))
    return js_throw_arg_type(ctx, exc, "directory", "of type string", argc ? argv[0] : NULL);
  char *dir = js_value_to_utf8(ctx, argv[0]);
  if (chdir(dir) != 0) {
    js_throw_code(ctx, exc, "Error", "ENOENT",
                  "ENOENT: no such file or directory, chdir %s -> '%s'", "process.cwd()", dir);
  }
  free(dir);
  return JSValueMakeUndefined(ctx);
}

static JSValueRef process_next_tick(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                    const JSValueRef argv[], JSValueRef *exc) {
  return js_queue_microtask(ctx, f, self, argc, argv, exc);
}

static int exit_code_of(JSContextRef ctx) {
  JSValueRef p = js_get(ctx, JSContextGetGlobalObject(ctx), "process");
  return (int)js_get_number(ctx, p, "exitCode", 0);
}

static bool is_emitter(JSContextRef ctx, JSValueRef process) {
  return JSValueToBoolean(ctx, js_get(ctx, process, "__sonde_emitter"));
}

static void emit_exit(js_realm_t *realm, int code) {
  if (!realm->process_ready || stdio_of(realm)->exit_emitted) return;
  realm->stdio->exit_emitted = true;
  JSContextRef ctx = realm->ctx;
  JSValueRef p = js_get(ctx, JSContextGetGlobalObject(ctx), "process");
  if (!is_emitter(ctx, p)) return;
  JSValueRef args[2] = {js_make_string(ctx, "exit"), JSValueMakeNumber(ctx, code)};
  JSValueRef exc = NULL;
  if (js_is_function(ctx, js_get(ctx, p, "emit")))
    js_call(ctx, js_get(ctx, p, "emit"), p, 2, args, &exc);
  if (exc) js_realm_report_uncaught(realm, exc, false);
}

static void flush_stdio(js_realm_t *realm) {
  if (!realm->stdio) return;
  flush_lines(realm, &realm->stdio->out, false, true);
  flush_lines(realm, &realm->stdio->err, true, true);
}

static JSValueRef process_exit(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  js_realm_t *realm = js_realm_from_context(ctx);
  int code = exit_code_of(ctx);
  if (argc > 0 && !JSValueIsUndefined(ctx, argv[0]))
    code = (int)JSValueToNumber(ctx, argv[0], NULL);
  JSValueRef p = js_get(ctx, JSContextGetGlobalObject(ctx), "process");
  js_set(ctx, (JSObjectRef)p, "exitCode", JSValueMakeNumber(ctx, code));
  if (realm) {
    emit_exit(realm, code);
    flush_stdio(realm);
    if (realm->exit_handler && realm->exit_handler(realm, code, realm->exit_ud)) {
      /* The embedder ends this realm only: unwind what called process.exit. */
      char *msg = xasprintf("process.exit(%d) ended the spec file", code);
      *exc = js_make_error(ctx, "Error", msg);
      free(msg);
      return NULL;
    }
  }
  fflush(stdout);
  fflush(stderr);
  exit(code);
}

static JSValueRef process_abort(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  fflush(stdout);
  fflush(stderr);
  abort();
}

static JSValueRef process_uptime(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                 const JSValueRef argv[], JSValueRef *exc) {
  js_realm_t *realm = js_realm_from_context(ctx);
  uint64_t start = realm ? realm->rt->started_ns : 0;
  return JSValueMakeNumber(ctx, (double)(uv_hrtime() - start) / 1e9);
}

/* hrtime([previous]): [seconds, nanoseconds], relative to `previous` when given. */
static JSValueRef process_hrtime(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                 const JSValueRef argv[], JSValueRef *exc) {
  uint64_t now = uv_hrtime();
  if (argc > 0 && JSValueIsArray(ctx, argv[0])) {
    double s = JSValueToNumber(ctx, js_array_get(ctx, argv[0], 0), NULL);
    double ns = JSValueToNumber(ctx, js_array_get(ctx, argv[0], 1), NULL);
    now -= (uint64_t)s * 1000000000ULL + (uint64_t)ns;
  }
  JSValueRef parts[2] = {JSValueMakeNumber(ctx, (double)(now / 1000000000ULL)),
                         JSValueMakeNumber(ctx, (double)(now % 1000000000ULL))};
  return js_make_array(ctx, 2, parts);
}

static JSValueRef process_hrtime_bigint(JSContextRef ctx, JSObjectRef f, JSObjectRef self,
                                        size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  return JSBigIntCreateWithUInt64(ctx, uv_hrtime(), exc);
}

static JSValueRef process_rss(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  size_t rss = 0;
  uv_resident_set_memory(&rss);
  return JSValueMakeNumber(ctx, (double)rss);
}

static JSValueRef process_memory_usage(JSContextRef ctx, JSObjectRef f, JSObjectRef self,
                                       size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  size_t rss = 0;
  uv_resident_set_memory(&rss);
  /* JavaScriptCore does not report its heap through the C API: the heap figures are the
   * resident set's, which is what a test comparing them over time needs. */
  JSObjectRef o = JSObjectMake(ctx, NULL, NULL);
  js_set(ctx, o, "rss", JSValueMakeNumber(ctx, (double)rss));
  js_set(ctx, o, "heapTotal", JSValueMakeNumber(ctx, (double)rss));
  js_set(ctx, o, "heapUsed", JSValueMakeNumber(ctx, (double)rss));
  js_set(ctx, o, "external", JSValueMakeNumber(ctx, 0));
  js_set(ctx, o, "arrayBuffers", JSValueMakeNumber(ctx, 0));
  return o;
}

static JSValueRef process_cpu_usage(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                    const JSValueRef argv[], JSValueRef *exc) {
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  double user = ru.ru_utime.tv_sec * 1e6 + ru.ru_utime.tv_usec;
  double sys = ru.ru_stime.tv_sec * 1e6 + ru.ru_stime.tv_usec;
  if (argc > 0 && JSValueIsObject(ctx, argv[0])) {
    user -= js_get_number(ctx, argv[0], "user", 0);
    sys -= js_get_number(ctx, argv[0], "system", 0);
  }
  JSObjectRef o = JSObjectMake(ctx, NULL, NULL);
  js_set(ctx, o, "user", JSValueMakeNumber(ctx, user));
  js_set(ctx, o, "system", JSValueMakeNumber(ctx, sys));
  return o;
}

/* emitWarning(warning[, type | options][, code]): "(node:PID) [code] Type: message" on
 * stderr, and a 'warning' event carrying the Error. */
static JSValueRef process_emit_warning(JSContextRef ctx, JSObjectRef f, JSObjectRef self,
                                       size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  js_realm_t *realm = js_realm_from_context(ctx);
  if (!realm || argc < 1) return JSValueMakeUndefined(ctx);
  char *type = NULL, *code = NULL, *message = NULL;
  JSValueRef warning = argv[0];
  if (argc > 1 && JSValueIsObject(ctx, argv[1])) {
    type = js_get_string(ctx, argv[1], "type");
    code = js_get_string(ctx, argv[1], "code");
  } else {
    if (argc > 1 && JSValueIsString(ctx, argv[1])) type = js_value_to_utf8(ctx, argv[1]);
    if (argc > 2 && JSValueIsString(ctx, argv[2])) code = js_value_to_utf8(ctx, argv[2]);
  }
  if (JSValueIsObject(ctx, warning)) {
    free(type);
    type = js_get_string(ctx, warning, "name");
    message = js_get_string(ctx, warning, "message");
  } else {
    message = js_value_to_utf8(ctx, warning);
    warning = js_make_error(ctx, "Error", message);
    js_set(ctx, (JSObjectRef)warning, "name", js_make_string(ctx, type ? type : "Warning"));
    if (code) js_set(ctx, (JSObjectRef)warning, "code", js_make_string(ctx, code));
  }
  char *line = code ? xasprintf("(node:%d) [%s] %s: %s", (int)getpid(), code,
                                type ? type : "Warning", message ? message : "")
                    : xasprintf("(node:%d) %s: %s", (int)getpid(), type ? type : "Warning",
                                message ? message : "");
  /* The 'warning' event comes on a later tick, as in Node. */
  if (is_emitter(ctx, self)) {
    JSValueRef emit = js_get(ctx, self, "emit");
    JSValueRef bind_args[3] = {self, js_make_string(ctx, "warning"), warning};
    JSValueRef bound = js_call(ctx, js_get(ctx, emit, "bind"), emit, 3, bind_args, NULL);
    if (bound) js_queue_microtask(ctx, NULL, NULL, 1, &bound, NULL);
  }
  realm->console_sink(realm, JS_LOG_WARN, line, strlen(line), realm->console_ud);
  free(line);
  free(type);
  free(code);
  free(message);
  return JSValueMakeUndefined(ctx);
}

static int signal_number(JSContextRef ctx, JSValueRef v) {
  if (!v || JSValueIsUndefined(ctx, v)) return SIGTERM;
  if (JSValueIsNumber(ctx, v)) return (int)JSValueToNumber(ctx, v, NULL);
  static const struct {
    const char *name;
    int sig;
  } sigs[] = {{"SIGTERM", SIGTERM}, {"SIGKILL", SIGKILL}, {"SIGINT", SIGINT},
              {"SIGHUP", SIGHUP},   {"SIGQUIT", SIGQUIT}, {"SIGUSR1", SIGUSR1},
              {"SIGUSR2", SIGUSR2}, {"SIGSTOP", SIGSTOP}, {"SIGCONT", SIGCONT},
              {"SIGABRT", SIGABRT}};
  char *name = js_value_to_utf8(ctx, v);
  int sig = -1;
  for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
    if (strcmp(name, sigs[i].name) == 0) sig = sigs[i].sig;
  free(name);
  return sig;
}

int js_signal_number(JSContextRef ctx, JSValueRef v) { return signal_number(ctx, v); }

static JSValueRef process_kill(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  if (argc < 1 || !JSValueIsNumber(ctx, argv[0]))
    return js_throw_arg_type(ctx, exc, "pid", "of type number", argc ? argv[0] : NULL);
  int sig = signal_number(ctx, argc > 1 ? argv[1] : NULL);
  if (sig < 0) return js_throw_code(ctx, exc, "TypeError", "ERR_UNKNOWN_SIGNAL", "Unknown signal");
  int r = uv_kill((int)JSValueToNumber(ctx, argv[0], NULL), sig);
  if (r != 0) return js_throw_code(ctx, exc, "Error", uv_err_name(r), "kill %s", uv_err_name(r));
  return JSValueMakeBoolean(ctx, true);
}

static JSValueRef process_umask(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  mode_t old = umask(0);
  umask(argc > 0 && JSValueIsNumber(ctx, argv[0]) ? (mode_t)JSValueToNumber(ctx, argv[0], NULL)
                                                  : old);
  return JSValueMakeNumber(ctx, old);
}

#define ID_FN(fname, call)                                                                \
  static JSValueRef fname(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc, \
                          const JSValueRef argv[], JSValueRef *exc) {                     \
    return JSValueMakeNumber(ctx, (double)call());                                        \
  }
ID_FN(process_getuid, getuid)
ID_FN(process_geteuid, geteuid)
ID_FN(process_getgid, getgid)
ID_FN(process_getegid, getegid)

static JSValueRef process_binding(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                  const JSValueRef argv[], JSValueRef *exc) {
  return js_throw_code(ctx, exc, "Error", "ERR_SONDE_UNSUPPORTED",
                       "process.binding() is not available in sonde (no Node internals)");
}

/* ---- the lazy EventEmitter part ---- */

static const char *const kEmitterMethods[] = {"on",
                                              "addListener",
                                              "once",
                                              "off",
                                              "removeListener",
                                              "removeAllListeners",
                                              "emit",
                                              "listeners",
                                              "rawListeners",
                                              "listenerCount",
                                              "prependListener",
                                              "prependOnceListener",
                                              "eventNames",
                                              "setMaxListeners",
                                              "getMaxListeners"};

/* Makes `process` an EventEmitter: its prototype becomes EventEmitter.prototype. */
static bool make_emitter(JSContextRef ctx, JSObjectRef process) {
  if (is_emitter(ctx, process)) return true;
  JSObjectRef ee = js_events_ctor(ctx);
  if (!ee) return false;
  JSObjectSetPrototype(ctx, process, js_get(ctx, ee, "prototype"));
  js_call(ctx, js_get(ctx, ee, "init"), process, 0, NULL, NULL);
  js_set_hidden(ctx, process, "__sonde_emitter", JSValueMakeBoolean(ctx, true));
  return true;
}

/* process.on(...) and friends before the first use: upgrade, then call the real method
 * (the stub's own name says which). */
static JSValueRef emitter_stub(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  if (!self || !make_emitter(ctx, self))
    return js_throw(ctx, exc, "Error", "process: events unavailable");
  char *name = js_get_string(ctx, f, "name");
  JSValueRef r = js_call(ctx, js_get(ctx, self, name ? name : ""), self, argc, argv, exc);
  free(name);
  return r;
}

/* process.stdin/stdout/stderr, made on first read. */
static JSValueRef stream_get(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                             const JSValueRef argv[], JSValueRef *exc) {
  int fd = (int)(uintptr_t)data;
  JSObjectRef ee = js_events_ctor(ctx);
  if (!ee || !self) return JSValueMakeUndefined(ctx);
  JSObjectRef s = make_stream(ctx, ee, fd);
  static const char *const names[] = {"stdin", "stdout", "stderr"};
  js_define_value(ctx, self, names[fd], s, true);
  return s;
}

/* ---- install ---- */

static const char *node_arch(void) {
  struct utsname u;
  if (uname(&u) != 0) return "x64";
  if (strcmp(u.machine, "x86_64") == 0) return "x64";
  if (strcmp(u.machine, "aarch64") == 0) return "arm64";
  if (strncmp(u.machine, "arm", 3) == 0) return "arm";
  if (strcmp(u.machine, "i686") == 0 || strcmp(u.machine, "i386") == 0) return "ia32";
  return "x64";
}

static JSObjectRef string_array(JSContextRef ctx, const strvec_t *v, size_t from) {
  size_t n = v->len > from ? v->len - from : 0;
  JSValueRef *items = n ? xmalloc(n * sizeof(JSValueRef)) : NULL;
  for (size_t i = 0; i < n; i++) items[i] = js_make_string(ctx, v->items[from + i]);
  JSObjectRef a = js_make_array(ctx, n, items);
  free(items);
  return a;
}

static void set_str(JSContextRef ctx, JSObjectRef o, const char *k, const char *v) {
  js_set(ctx, o, k, js_make_string(ctx, v));
}

/* process.env: a snapshot of the environment (sonde never changes its own). Setting one
 * property at a time made a new object shape per variable in every realm; the JSON text
 * of the environment is made once per process and parsed per realm instead. Variables
 * that are not UTF-8 (no JSON string can hold them) are set one by one. */
static JSObjectRef env_object(JSContextRef ctx) {
  static char *json_text;
  static JSStringRef json_string_ref; /* its engine string, converted once too */
  static strvec_t odd;                /* "NAME=value" entries that are not UTF-8 */
  if (!json_text) {
    json_t *vars = json_object();
    for (char **e = environ; e && *e; e++) {
      const char *eq = strchr(*e, '=');
      if (!eq) continue;
      char *name = xstrndup(*e, (size_t)(eq - *e));
      json_t *value = json_string(eq + 1);
      if (!value || json_object_set_new(vars, name, value) != 0) strvec_push(&odd, *e);
      free(name);
    }
    json_text = json_dumps(vars, JSON_COMPACT);
    json_decref(vars);
    if (!json_text) json_text = xstrdup("{}");
    json_string_ref = JSStringCreateWithUTF8CString(json_text);
  }
  JSValueRef parsed = JSValueMakeFromJSONString(ctx, json_string_ref);
  JSObjectRef env =
      parsed && JSValueIsObject(ctx, parsed) ? (JSObjectRef)parsed : JSObjectMake(ctx, NULL, NULL);
  for (size_t i = 0; i < odd.len; i++) {
    const char *eq = strchr(odd.items[i], '=');
    char *name = xstrndup(odd.items[i], (size_t)(eq - odd.items[i]));
    js_set(ctx, env, name, js_make_string(ctx, eq + 1));
    free(name);
  }
  return env;
}

void js_process_install(JSContextRef ctx) {
  js_realm_t *realm = js_realm_from_context(ctx);
  if (!realm || realm->process_ready) return;
  JSObjectRef global = JSContextGetGlobalObject(ctx);
  stdio_of(realm);
  realm->process_ready = true;
  JSObjectRef process = JSObjectMake(ctx, NULL, NULL);
  JSObjectRef stubs = JSObjectMake(ctx, NULL, NULL);
  for (size_t i = 0; i < sizeof(kEmitterMethods) / sizeof(kEmitterMethods[0]); i++)
    js_set_function(ctx, stubs, kEmitterMethods[i], emitter_stub);
  JSObjectSetPrototype(ctx, process, stubs);
  js_set_tag(ctx, process, "process");

  js_set(ctx, process, "env", env_object(ctx));
  js_set(ctx, process, "argv", string_array(ctx, &realm->rt->argv, 0));
  set_str(ctx, process, "argv0", realm->rt->argv.len ? realm->rt->argv.items[0] : "sonde");
  js_set(ctx, process, "execArgv", js_make_array(ctx, 0, NULL));
  char exe[4096];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
  exe[n > 0 ? n : 0] = '\0';
  set_str(ctx, process, "execPath", exe);
  set_str(ctx, process, "title", "sonde");
  set_str(ctx, process, "platform", "linux");
  set_str(ctx, process, "arch", node_arch());
  set_str(ctx, process, "version", "v" NODE_VERSION);
  JSObjectRef versions = JSObjectMake(ctx, NULL, NULL);
  set_str(ctx, versions, "node", NODE_VERSION);
  set_str(ctx, versions, "sonde", SONDE_VERSION);
  set_str(ctx, versions, "uv", uv_version_string());
  set_str(ctx, versions, "modules", "115");
  js_set(ctx, process, "versions", versions);
  JSObjectRef release = JSObjectMake(ctx, NULL, NULL);
  set_str(ctx, release, "name", "node");
  set_str(ctx, release, "lts", "Iron");
  js_set(ctx, process, "release", release);
  js_set(ctx, process, "config", JSObjectMake(ctx, NULL, NULL));
  js_set(ctx, process, "features", JSObjectMake(ctx, NULL, NULL));
  js_set(ctx, process, "pid", JSValueMakeNumber(ctx, (double)getpid()));
  js_set(ctx, process, "ppid", JSValueMakeNumber(ctx, (double)getppid()));
  js_set(ctx, process, "exitCode", JSValueMakeUndefined(ctx));
  static const js_fn_t fns[] = {
      {"cwd", process_cwd, 0},
      {"chdir", process_chdir, 1},
      {"nextTick", process_next_tick, 1},
      {"exit", process_exit, 1},
      {"abort", process_abort, 0},
      {"uptime", process_uptime, 0},
      {"cpuUsage", process_cpu_usage, 0},
      {"emitWarning", process_emit_warning, 1},
      {"kill", process_kill, 2},
      {"umask", process_umask, 0},
      {"getuid", process_getuid, 0},
      {"geteuid", process_geteuid, 0},
      {"getgid", process_getgid, 0},
      {"getegid", process_getegid, 0},
      {"binding", process_binding, 1},
      {NULL, NULL, 0},
  };
  js_define_methods(ctx, process, fns);
  JSObjectRef hrtime = js_make_function(ctx, "hrtime", process_hrtime, 1);
  js_set(ctx, hrtime, "bigint", js_make_function(ctx, "bigint", process_hrtime_bigint, 0));
  js_set(ctx, process, "hrtime", hrtime);
  JSObjectRef mem = js_make_function(ctx, "memoryUsage", process_memory_usage, 0);
  js_set(ctx, mem, "rss", js_make_function(ctx, "rss", process_rss, 0));
  js_set(ctx, process, "memoryUsage", mem);
  static const char *const streams[] = {"stdin", "stdout", "stderr"};
  for (size_t i = 0; i < 3; i++)
    js_define_accessor(ctx, process, streams[i],
                       js_make_closure(ctx, streams[i], stream_get, (void *)(uintptr_t)i, NULL),
                       NULL, true);
  js_define_value(ctx, global, "process", process, false);
}

bool js_process_handle_uncaught(js_realm_t *realm, JSValueRef error, bool rejection,
                                JSValueRef promise) {
  /* Listeners need the process object: none before it is made. */
  if (!realm->process_ready) return false;
  JSContextRef ctx = realm->ctx;
  JSValueRef p = js_get(ctx, JSContextGetGlobalObject(ctx), "process");
  const char *event = rejection ? "unhandledRejection" : "uncaughtException";
  if (!is_emitter(ctx, p)) return false;
  JSValueRef name = js_make_string(ctx, event);
  JSValueRef count = js_call(ctx, js_get(ctx, p, "listenerCount"), p, 1, &name, NULL);
  if (!count || JSValueToNumber(ctx, count, NULL) < 1) return false;
  JSValueRef args[3] = {name, error,
                        rejection ? (promise ? promise : JSValueMakeUndefined(ctx))
                                  : js_make_string(ctx, "uncaughtException")};
  JSValueRef exc = NULL;
  js_call(ctx, js_get(ctx, p, "emit"), p, 3, args, &exc);
  if (exc) js_realm_report_uncaught(realm, exc, false);
  return true;
}

void js_realm_emit_exit(js_realm_t *realm) {
  if (realm->process_ready) emit_exit(realm, exit_code_of(realm->ctx));
  if (realm->stdio) flush_stdio(realm);
}

void js_process_free(js_realm_t *realm) {
  if (realm->process_ready) emit_exit(realm, exit_code_of(realm->ctx));
  if (!realm->stdio) return;
  flush_stdio(realm);
  sbuf_free(&realm->stdio->out);
  sbuf_free(&realm->stdio->err);
  free(realm->stdio);
  realm->stdio = NULL;
}

/* require('process') is the global. */
static JSValueRef process_make(js_realm_t *realm, void *ud, JSValueRef *exception) {
  JSContextRef ctx = js_realm_context(realm);
  return js_get(ctx, JSContextGetGlobalObject(ctx), (const char *)ud);
}

void js_node_process_register(js_runtime_t *rt) {
  js_runtime_add_builtin_value(rt, "process", process_make, "process");
  js_runtime_add_builtin_value(rt, "console", process_make, "console");
}
