/* node_child_exec: the `child_process` module's entry points — options parsing shared by
 * every form, exec/execFile callbacks, and the synchronous forms (spawnSync, execSync,
 * execFileSync), which run the child on a private libuv loop so that no JS runs while they
 * block. fork() is not provided (no Node to fork): calling it throws an error naming it.
 *
 * Memory: options and captured output are C buffers freed before returning; results are
 * handed to the engine as Buffers or strings. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <uv.h>

#include "common/sbuf.h"
#include "js/jsbytes.h"
#include "js/jsclass.h"
#include "js/jsutil.h"
#include "js/node.h"
#include "js/node_child.h"
#include "js/runtime_internal.h"

void js_spawn_opts_free(js_spawn_opts_t *o) {
  free(o->file);
  strvec_free(&o->args);
  strvec_free(&o->env);
  free(o->cwd);
  free(o->cmd);
  free(o->input);
  free(o->encoding);
  memset(o, 0, sizeof(*o));
}

static js_stdio_mode_t stdio_mode(JSContextRef ctx, JSValueRef v, js_stdio_mode_t def) {
  if (!JSValueIsString(ctx, v)) return def;
  char *s = js_value_to_utf8(ctx, v);
  js_stdio_mode_t m = strcmp(s, "inherit") == 0  ? JS_STDIO_INHERIT
                      : strcmp(s, "ignore") == 0 ? JS_STDIO_IGNORE
                                                 : JS_STDIO_PIPE;
  free(s);
  return m;
}

/* env: options.env, else the realm's process.env (which scripts may have changed). */
static void read_env(JSContextRef ctx, JSValueRef env, strvec_t *out) {
  if (!JSValueIsObject(ctx, env))
    env = js_get(ctx, js_get(ctx, JSContextGetGlobalObject(ctx), "process"), "env");
  JSValueRef keys = js_call_global(ctx, "Object.keys", 1, &env, NULL);
  size_t n = js_array_length(ctx, keys);
  for (size_t i = 0; i < n; i++) {
    char *k = js_value_to_utf8(ctx, js_array_get(ctx, keys, (unsigned)i));
    JSValueRef v = js_get(ctx, env, k);
    if (!JSValueIsUndefined(ctx, v)) {
      char *val = js_value_to_utf8(ctx, v);
      strvec_push_owned(out, xasprintf("%s=%s", k, val));
      free(val);
    }
    free(k);
  }
}

/* (file, args, options) of spawn/execFile, or (command, options) with `shell`. */
static bool parse_opts(JSContextRef ctx, JSValueRef file, JSValueRef args, JSValueRef opts,
                       bool shell, js_stdio_mode_t def_stdio, js_spawn_opts_t *o, JSValueRef *exc) {
  memset(o, 0, sizeof(*o));
  if (!JSValueIsString(ctx, file)) {
    js_throw_arg_type(ctx, exc, shell ? "command" : "file", "of type string", file);
    return false;
  }
  char *f = js_value_to_utf8(ctx, file);
  if (!JSValueIsArray(ctx, args)) {
    if (JSValueIsObject(ctx, args) && !js_is_function(ctx, args)) opts = args;
    args = NULL;
  }
  strvec_t list = STRVEC_INIT;
  for (size_t i = 0; args && i < js_array_length(ctx, args); i++)
    strvec_push_owned(&list, js_value_to_utf8(ctx, js_array_get(ctx, args, (unsigned)i)));
  bool o_ok = JSValueIsObject(ctx, opts) && !js_is_function(ctx, opts);
  JSValueRef sh = o_ok ? js_get(ctx, opts, "shell") : NULL;
  if (sh && JSValueToBoolean(ctx, sh)) shell = true;
  sbuf_t cmd = SBUF_INIT;
  sbuf_puts(&cmd, f);
  for (size_t i = 0; i < list.len; i++) sbuf_printf(&cmd, " %s", list.items[i]);
  o->cmd = xstrdup(sbuf_cstr(&cmd));
  if (shell) {
    o->file = sh && JSValueIsString(ctx, sh) ? js_value_to_utf8(ctx, sh) : xstrdup("/bin/sh");
    strvec_push(&o->args, "-c");
    strvec_push(&o->args, sbuf_cstr(&cmd));
    free(f);
    strvec_free(&list);
  } else {
    o->file = f;
    o->args = list;
  }
  sbuf_free(&cmd);
  read_env(ctx, o_ok ? js_get(ctx, opts, "env") : NULL, &o->env);
  for (int i = 0; i < 3; i++) o->stdio[i] = def_stdio;
  o->kill_signal = SIGTERM;
  if (!o_ok) return true;
  o->cwd = js_get_string(ctx, opts, "cwd");
  JSValueRef stdio = js_get(ctx, opts, "stdio");
  o->stdio_given = !JSValueIsUndefined(ctx, stdio);
  if (JSValueIsArray(ctx, stdio)) {
    for (int i = 0; i < 3; i++)
      o->stdio[i] = stdio_mode(ctx, js_array_get(ctx, stdio, (unsigned)i), JS_STDIO_PIPE);
  } else if (o->stdio_given) {
    js_stdio_mode_t m = stdio_mode(ctx, stdio, def_stdio);
    for (int i = 0; i < 3; i++) o->stdio[i] = m;
  }
  o->detached = JSValueToBoolean(ctx, js_get(ctx, opts, "detached"));
  o->timeout_ms = js_get_number(ctx, opts, "timeout", 0);
  JSValueRef ks = js_get(ctx, opts, "killSignal");
  if (!JSValueIsUndefined(ctx, ks)) o->kill_signal = js_signal_number(ctx, ks);
  o->encoding = js_get_string(ctx, opts, "encoding");
  JSValueRef input = js_get(ctx, opts, "input");
  unsigned char *p;
  size_t n;
  if (js_bytes_view(ctx, input, &p, &n)) {
    o->input = xmalloc(n ? n : 1);
    memcpy(o->input, p, n);
    o->input_len = n;
  } else if (JSValueIsString(ctx, input)) {
    o->input = (unsigned char *)js_to_utf8(ctx, input, &o->input_len, exc);
  }
  return true;
}

/* Output as the caller asked: a string in `encoding`, or a Buffer. */
static JSValueRef output(JSContextRef ctx, const sbuf_t *b, const char *encoding) {
  if (!encoding || strcmp(encoding, "buffer") == 0)
    return js_buffer_from(ctx, b->data ? b->data : "", b->len);
  js_encoding_t e = js_encoding_parse(encoding);
  return js_decode_bytes(ctx, (const unsigned char *)(b->data ? b->data : ""), b->len,
                         e == JS_ENC_INVALID ? JS_ENC_UTF8 : e);
}

static const char *sig_name(int sig) {
  switch (sig) {
  case SIGTERM: return "SIGTERM";
  case SIGKILL: return "SIGKILL";
  case SIGINT: return "SIGINT";
  case SIGHUP: return "SIGHUP";
  case SIGABRT: return "SIGABRT";
  case SIGSEGV: return "SIGSEGV";
  case SIGPIPE: return "SIGPIPE";
  default: return NULL;
  }
}

/* ---- exec / execFile ---- */

/* exec's message always has the newline; execSync's only when there is stderr output. */
static JSObjectRef command_failed(JSContextRef ctx, const char *cmd, const char *stderr_text,
                                  bool always_newline) {
  char *msg = (stderr_text && *stderr_text) || always_newline
                  ? xasprintf("Command failed: %s\n%s", cmd, stderr_text ? stderr_text : "")
                  : xasprintf("Command failed: %s", cmd);
  JSObjectRef e = js_make_error(ctx, "Error", msg);
  free(msg);
  return e;
}

void js_child_exec_done(JSContextRef ctx, JSObjectRef obj, int64_t status, const char *signal,
                        const sbuf_t *out, const sbuf_t *err) {
  JSValueRef cb = js_get(ctx, obj, "__sonde_exec_cb");
  if (!js_is_function(ctx, cb)) return;
  char *enc = js_get_string(ctx, obj, "__sonde_exec_enc");
  JSValueRef so = output(ctx, out, enc), se = output(ctx, err, enc);
  free(enc);
  JSValueRef e = JSValueMakeNull(ctx);
  if (status != 0 || signal) {
    char *cmd = js_get_string(ctx, obj, "__sonde_exec_cmd");
    char *text = xstrndup(err->data ? err->data : "", err->len);
    JSObjectRef eo = command_failed(ctx, cmd ? cmd : "", text, true);
    js_set(ctx, eo, "code", signal ? JSValueMakeNull(ctx) : JSValueMakeNumber(ctx, (double)status));
    js_set(ctx, eo, "killed", js_get(ctx, obj, "killed"));
    js_set(ctx, eo, "signal", signal ? js_make_string(ctx, signal) : JSValueMakeNull(ctx));
    js_set(ctx, eo, "cmd", js_make_string(ctx, cmd ? cmd : ""));
    js_set(ctx, eo, "stdout", so);
    js_set(ctx, eo, "stderr", se);
    free(cmd);
    free(text);
    e = eo;
  }
  JSValueRef args[3] = {e, so, se};
  JSValueRef exc = NULL;
  js_call(ctx, cb, NULL, 3, args, &exc);
  js_realm_t *realm = js_realm_from_context(ctx);
  if (exc && realm) js_realm_report_uncaught(realm, exc, false);
}

void js_child_exec_error(JSContextRef ctx, JSObjectRef obj, JSValueRef err) {
  JSValueRef cb = js_get(ctx, obj, "__sonde_exec_cb");
  js_realm_t *realm = js_realm_from_context(ctx);
  JSValueRef args[3] = {err, js_make_string(ctx, ""), js_make_string(ctx, "")};
  if (realm && js_is_function(ctx, cb)) js_realm_defer(realm, (JSObjectRef)cb, 3, args);
}

static JSValueRef exec_common(JSContextRef ctx, JSValueRef file, JSValueRef args, JSValueRef opts,
                              JSValueRef cb, bool shell, JSValueRef *exc) {
  js_spawn_opts_t o;
  if (!parse_opts(ctx, file, args, opts, shell, JS_STDIO_PIPE, &o, exc)) {
    js_spawn_opts_free(&o);
    return NULL;
  }
  JSValueRef child = js_child_spawn(ctx, &o, cb ? cb : JSValueMakeUndefined(ctx), exc);
  js_spawn_opts_free(&o);
  return child;
}

static JSValueRef last_fn(JSContextRef ctx, size_t argc, const JSValueRef argv[]) {
  for (size_t i = argc; i > 0; i--)
    if (js_is_function(ctx, argv[i - 1])) return argv[i - 1];
  return NULL;
}

static JSValueRef cp_exec(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                          const JSValueRef argv[], JSValueRef *exc) {
  JSValueRef opts = argc > 1 && !js_is_function(ctx, argv[1]) ? argv[1] : NULL;
  return exec_common(ctx, argc ? argv[0] : JSValueMakeUndefined(ctx), NULL, opts,
                     last_fn(ctx, argc, argv), true, exc);
}

static JSValueRef cp_exec_file(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  JSValueRef args = argc > 1 && JSValueIsArray(ctx, argv[1]) ? argv[1] : NULL;
  JSValueRef opts = NULL;
  for (size_t i = 1; i < argc && i < 3; i++)
    if (JSValueIsObject(ctx, argv[i]) && !JSValueIsArray(ctx, argv[i]) &&
        !js_is_function(ctx, argv[i]))
      opts = argv[i];
  return exec_common(ctx, argc ? argv[0] : JSValueMakeUndefined(ctx), args, opts,
                     last_fn(ctx, argc, argv), false, exc);
}

static JSValueRef cp_spawn(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                           const JSValueRef argv[], JSValueRef *exc) {
  js_spawn_opts_t o;
  bool ok = parse_opts(ctx, argc ? argv[0] : JSValueMakeUndefined(ctx), argc > 1 ? argv[1] : NULL,
                       argc > 2 ? argv[2] : NULL, false, JS_STDIO_PIPE, &o, exc);
  JSValueRef r = ok ? js_child_spawn(ctx, &o, NULL, exc) : NULL;
  js_spawn_opts_free(&o);
  return r;
}

/* ---- synchronous forms ---- */

typedef struct {
  uv_process_t proc;
  uv_pipe_t pipes[3];
  uv_timer_t timer;
  sbuf_t out[2];
  int64_t status;
  int term_signal;
  int kill_signal;
  bool timed_out;
} sync_run_t;

static void sync_alloc(uv_handle_t *h, size_t suggested, uv_buf_t *buf) {
  buf->base = xmalloc(suggested);
  buf->len = suggested;
}

static void sync_read(uv_stream_t *s, ssize_t n, const uv_buf_t *buf) {
  sync_run_t *r = s->data;
  int which = (uv_pipe_t *)s == &r->pipes[1] ? 0 : 1;
  if (n > 0) sbuf_append(&r->out[which], buf->base, (size_t)n);
  free(buf->base);
  if (n < 0) uv_close((uv_handle_t *)s, NULL);
}

static void sync_exit(uv_process_t *p, int64_t status, int term_signal) {
  sync_run_t *r = p->data;
  r->status = status;
  r->term_signal = term_signal;
  uv_close((uv_handle_t *)p, NULL);
  if (!uv_is_closing((uv_handle_t *)&r->timer)) uv_close((uv_handle_t *)&r->timer, NULL);
}

static void sync_timeout(uv_timer_t *t) {
  sync_run_t *r = t->data;
  r->timed_out = true;
  uv_process_kill(&r->proc, r->kill_signal);
}

static void sync_write_done(uv_write_t *w, int status) {
  uv_close((uv_handle_t *)w->handle, NULL);
  free(w);
}

/* Runs the child to completion; returns 0 or the uv error of the spawn itself. */
static int run_sync(const js_spawn_opts_t *o, sync_run_t *r) {
  uv_loop_t loop;
  if (uv_loop_init(&loop) != 0) return UV_ENOMEM;
  memset(r, 0, sizeof(*r));
  r->kill_signal = o->kill_signal > 0 ? o->kill_signal : SIGTERM;
  uv_stdio_container_t stdio[3];
  for (int i = 0; i < 3; i++) {
    if (o->stdio[i] == JS_STDIO_PIPE) {
      uv_pipe_init(&loop, &r->pipes[i], 0);
      r->pipes[i].data = r;
      stdio[i].flags = UV_CREATE_PIPE | (i == 0 ? UV_READABLE_PIPE : UV_WRITABLE_PIPE);
      stdio[i].data.stream = (uv_stream_t *)&r->pipes[i];
    } else {
      stdio[i].flags = o->stdio[i] == JS_STDIO_INHERIT ? UV_INHERIT_FD : UV_IGNORE;
      stdio[i].data.fd = i;
    }
  }
  char **args = xcalloc(o->args.len + 2, sizeof(char *));
  args[0] = o->file;
  for (size_t i = 0; i < o->args.len; i++) args[i + 1] = o->args.items[i];
  char **env = xcalloc(o->env.len + 1, sizeof(char *));
  for (size_t i = 0; i < o->env.len; i++) env[i] = o->env.items[i];
  uv_process_options_t po = {0};
  po.exit_cb = sync_exit;
  po.file = o->file;
  po.args = args;
  po.env = env;
  po.cwd = o->cwd;
  po.stdio_count = 3;
  po.stdio = stdio;
  r->proc.data = r;
  int rc = uv_spawn(&loop, &r->proc, &po);
  free(args);
  free(env);
  uv_timer_init(&loop, &r->timer);
  r->timer.data = r;
  if (rc != 0) {
    uv_close((uv_handle_t *)&r->proc, NULL);
    uv_close((uv_handle_t *)&r->timer, NULL);
    for (int i = 0; i < 3; i++)
      if (o->stdio[i] == JS_STDIO_PIPE) uv_close((uv_handle_t *)&r->pipes[i], NULL);
  } else {
    if (o->timeout_ms > 0) uv_timer_start(&r->timer, sync_timeout, (uint64_t)o->timeout_ms, 0);
    for (int i = 1; i < 3; i++)
      if (o->stdio[i] == JS_STDIO_PIPE)
        uv_read_start((uv_stream_t *)&r->pipes[i], sync_alloc, sync_read);
    if (o->stdio[0] == JS_STDIO_PIPE) {
      if (o->input_len > 0) {
        uv_write_t *w = xcalloc(1, sizeof(*w));
        uv_buf_t b = uv_buf_init((char *)o->input, (unsigned)o->input_len);
        if (uv_write(w, (uv_stream_t *)&r->pipes[0], &b, 1, sync_write_done) != 0) {
          free(w);
          uv_close((uv_handle_t *)&r->pipes[0], NULL);
        }
      } else {
        uv_close((uv_handle_t *)&r->pipes[0], NULL);
      }
    }
  }
  uv_run(&loop, UV_RUN_DEFAULT);
  uv_loop_close(&loop);
  return rc;
}

static JSValueRef spawn_error(JSContextRef ctx, int rc, const js_spawn_opts_t *o,
                              const char *kind) {
  char *syscall = xasprintf("%s %s", kind, o->file);
  JSObjectRef err = js_uv_error(ctx, rc, syscall, o->file, NULL);
  char *msg = xasprintf("%s %s", syscall, uv_err_name(rc));
  js_set(ctx, err, "message", js_make_string(ctx, msg));
  free(msg);
  free(syscall);
  return err;
}

/* The spawnSync result object; *failed tells whether execSync would throw. */
static JSObjectRef sync_result(JSContextRef ctx, const js_spawn_opts_t *o, JSValueRef *exc,
                               int *spawn_rc, sync_run_t *r) {
  *spawn_rc = run_sync(o, r);
  JSObjectRef res = JSObjectMake(ctx, NULL, NULL);
  const char *sig = r->term_signal ? sig_name(r->term_signal) : NULL;
  js_set(ctx, res, "status",
         *spawn_rc || r->term_signal ? JSValueMakeNull(ctx)
                                     : JSValueMakeNumber(ctx, (double)r->status));
  js_set(ctx, res, "signal", sig ? js_make_string(ctx, sig) : JSValueMakeNull(ctx));
  JSValueRef so =
      o->stdio[1] == JS_STDIO_PIPE ? output(ctx, &r->out[0], o->encoding) : JSValueMakeNull(ctx);
  JSValueRef se =
      o->stdio[2] == JS_STDIO_PIPE ? output(ctx, &r->out[1], o->encoding) : JSValueMakeNull(ctx);
  JSValueRef outs[3] = {JSValueMakeNull(ctx), so, se};
  js_set(ctx, res, "output", js_make_array(ctx, 3, outs));
  js_set(ctx, res, "pid", JSValueMakeNumber(ctx, *spawn_rc ? 0 : r->proc.pid));
  js_set(ctx, res, "stdout", so);
  js_set(ctx, res, "stderr", se);
  if (*spawn_rc) js_set(ctx, res, "error", spawn_error(ctx, *spawn_rc, o, "spawnSync"));
  else if (r->timed_out) js_set(ctx, res, "error", spawn_error(ctx, UV_ETIMEDOUT, o, "spawnSync"));
  return res;
}

static JSValueRef cp_spawn_sync(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  js_spawn_opts_t o;
  if (!parse_opts(ctx, argc ? argv[0] : JSValueMakeUndefined(ctx), argc > 1 ? argv[1] : NULL,
                  argc > 2 ? argv[2] : NULL, false, JS_STDIO_PIPE, &o, exc)) {
    js_spawn_opts_free(&o);
    return NULL;
  }
  sync_run_t r;
  int rc;
  JSObjectRef res = sync_result(ctx, &o, exc, &rc, &r);
  sbuf_free(&r.out[0]);
  sbuf_free(&r.out[1]);
  js_spawn_opts_free(&o);
  return res;
}

/* execSync / execFileSync: stdout, or a throw carrying the whole spawnSync result. */
static JSValueRef exec_sync(JSContextRef ctx, size_t argc, const JSValueRef argv[], JSValueRef *exc,
                            bool shell) {
  js_spawn_opts_t o;
  JSValueRef args = !shell && argc > 1 && JSValueIsArray(ctx, argv[1]) ? argv[1] : NULL;
  JSValueRef opts = shell ? (argc > 1 ? argv[1] : NULL)
                          : (args ? (argc > 2 ? argv[2] : NULL) : (argc > 1 ? argv[1] : NULL));
  if (!parse_opts(ctx, argc ? argv[0] : JSValueMakeUndefined(ctx), args, opts, shell, JS_STDIO_PIPE,
                  &o, exc)) {
    js_spawn_opts_free(&o);
    return NULL;
  }
  sync_run_t r;
  int rc;
  JSObjectRef res = sync_result(ctx, &o, exc, &rc, &r);
  /* Without an explicit stdio, the child's stderr is shown as Node shows it. */
  js_realm_t *realm = js_realm_from_context(ctx);
  if (!o.stdio_given && r.out[1].len && realm)
    js_stdio_write(realm, true, r.out[1].data, r.out[1].len);
  JSValueRef result = NULL;
  if (rc) {
    *exc = js_get(ctx, res, "error");
  } else if (r.status != 0 || r.term_signal || r.timed_out) {
    char *text = xstrndup(r.out[1].data ? r.out[1].data : "", r.out[1].len);
    JSObjectRef e = command_failed(ctx, o.cmd, text, false);
    free(text);
    static const char *const keys[] = {"status", "signal", "output", "pid", "stdout", "stderr"};
    for (size_t i = 0; i < 6; i++) js_set(ctx, e, keys[i], js_get(ctx, res, keys[i]));
    if (r.timed_out) js_set(ctx, e, "code", js_make_string(ctx, "ETIMEDOUT"));
    *exc = e;
  } else {
    result = js_get(ctx, res, "stdout");
  }
  sbuf_free(&r.out[0]);
  sbuf_free(&r.out[1]);
  js_spawn_opts_free(&o);
  return result;
}

static JSValueRef cp_exec_sync(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  return exec_sync(ctx, argc, argv, exc, true);
}

static JSValueRef cp_exec_file_sync(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                    const JSValueRef argv[], JSValueRef *exc) {
  return exec_sync(ctx, argc, argv, exc, false);
}

static JSValueRef cp_fork(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                          const JSValueRef argv[], JSValueRef *exc) {
  return js_throw_code(ctx, exc, "Error", "ERR_SONDE_UNSUPPORTED",
                       "child_process.fork is not available in sonde (there is no Node to fork); "
                       "use spawn('node', [...]) instead");
}

static void cp_init(js_realm_t *realm, JSObjectRef exports, void *ud) {
  JSContextRef ctx = js_realm_context(realm);
  static const js_fn_t fns[] = {
      {"spawn", cp_spawn, 3},        {"exec", cp_exec, 3},
      {"execFile", cp_exec_file, 4}, {"spawnSync", cp_spawn_sync, 3},
      {"execSync", cp_exec_sync, 2}, {"execFileSync", cp_exec_file_sync, 3},
      {"fork", cp_fork, 3},          {NULL, NULL, 0},
  };
  for (const js_fn_t *fn = fns; fn->name; fn++)
    js_set(ctx, exports, fn->name, js_make_function(ctx, fn->name, fn->fn, fn->length));
}

void js_node_child_process_register(js_runtime_t *rt) {
  js_runtime_add_builtin(rt, "child_process", cp_init, NULL);
}
