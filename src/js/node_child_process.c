/* node_child_process: the asynchronous half of `child_process` — a ChildProcess started on
 * the realm's loop (spawn, and exec/execFile through node_child_exec.c): an EventEmitter
 * ('spawn', 'exit', 'close', 'error') whose stdout/stderr emit 'data'/'end' (setEncoding,
 * pipe), whose stdin takes write/end, with kill, ref/unref, pid, exitCode and signalCode.
 *
 * Memory: a running child is a js_child_t on a process-wide list; its JS object is
 * protected until the process has exited and its pipes are closed (or the realm ends,
 * which closes the handles but lets the process run on, as Node would at exit). The
 * struct is freed when libuv has closed its last handle. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <uv.h>

#include "common/sbuf.h"
#include "common/strvec.h"
#include "js/jsbytes.h"
#include "js/jsclass.h"
#include "js/jsutil.h"
#include "js/node.h"
#include "js/node_child.h"
#include "js/runtime_internal.h"

typedef struct js_child {
  uv_process_t proc;
  uv_pipe_t pipes[3]; /* stdin, stdout, stderr (when piped) */
  bool piped[3];
  int handles;       /* open libuv handles; the struct goes with the last */
  js_realm_t *realm; /* NULL once the realm has ended */
  JSObjectRef obj;   /* protected while the child is followed */
  uint64_t id;
  bool exited;
  int64_t status;
  int term_signal;
  bool collect; /* exec/execFile: gather output for the callback */
  sbuf_t out[2];
  struct js_child *next;
} js_child_t;

static js_child_t *children; /* every followed child of the process */
static uint64_t next_child_id;

/* ---- lifetime ---- */

static void handle_closed(uv_handle_t *h) {
  js_child_t *c = h->data;
  if (--c->handles > 0) return;
  for (js_child_t **p = &children; *p; p = &(*p)->next)
    if (*p == c) {
      *p = c->next;
      break;
    }
  sbuf_free(&c->out[0]);
  sbuf_free(&c->out[1]);
  free(c);
}

static void close_handle(uv_handle_t *h) {
  if (!uv_is_closing(h)) uv_close(h, handle_closed);
}

static void release_obj(js_child_t *c) {
  if (c->obj && c->realm) JSValueUnprotect(js_realm_context(c->realm), c->obj);
  c->obj = NULL;
}

static void realm_gone(js_realm_t *realm, void *ud) {
  for (js_child_t *c = children; c; c = c->next) {
    if (c->realm != realm) continue;
    release_obj(c);
    c->realm = NULL;
    for (int i = 0; i < 3; i++)
      if (c->piped[i]) close_handle((uv_handle_t *)&c->pipes[i]);
    /* The process keeps running; only our handle on it goes. */
    close_handle((uv_handle_t *)&c->proc);
  }
}

static void emit(js_child_t *c, JSValueRef target, const char *event, size_t argc,
                 const JSValueRef *args) {
  if (!c->realm || !target) return;
  JSContextRef ctx = js_realm_context(c->realm);
  JSValueRef all[4] = {js_make_string(ctx, event)};
  for (size_t i = 0; i < argc && i < 3; i++) all[i + 1] = args[i];
  JSValueRef exc = NULL;
  js_call(ctx, js_get(ctx, target, "emit"), target, argc + 1, all, &exc);
  if (exc) js_realm_report_uncaught(c->realm, exc, false);
}

static const char *signal_name(int sig) {
  static const struct {
    int sig;
    const char *name;
  } names[] = {{SIGTERM, "SIGTERM"}, {SIGKILL, "SIGKILL"}, {SIGINT, "SIGINT"},
               {SIGHUP, "SIGHUP"},   {SIGQUIT, "SIGQUIT"}, {SIGABRT, "SIGABRT"},
               {SIGSEGV, "SIGSEGV"}, {SIGPIPE, "SIGPIPE"}, {SIGUSR1, "SIGUSR1"},
               {SIGUSR2, "SIGUSR2"}, {SIGALRM, "SIGALRM"}};
  for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
    if (names[i].sig == sig) return names[i].name;
  return NULL;
}

static JSValueRef code_value(JSContextRef ctx, js_child_t *c) {
  return c->term_signal ? JSValueMakeNull(ctx) : JSValueMakeNumber(ctx, (double)c->status);
}

static JSValueRef signal_value(JSContextRef ctx, js_child_t *c) {
  const char *s = c->term_signal ? signal_name(c->term_signal) : NULL;
  return s ? js_make_string(ctx, s) : JSValueMakeNull(ctx);
}

static bool pipes_open(js_child_t *c) {
  for (int i = 1; i < 3; i++)
    if (c->piped[i] && !uv_is_closing((uv_handle_t *)&c->pipes[i])) return true;
  return false;
}

/* exit seen and stdout/stderr drained: 'close' (and the exec callback). */
static void maybe_close(js_child_t *c) {
  if (!c->exited || pipes_open(c) || !c->realm || !c->obj) return;
  JSContextRef ctx = js_realm_context(c->realm);
  JSObjectRef obj = c->obj;
  JSValueProtect(ctx, obj);
  release_obj(c);
  JSValueRef args[2] = {code_value(ctx, c), signal_value(ctx, c)};
  if (c->collect)
    js_child_exec_done(ctx, obj, c->status, c->term_signal ? signal_name(c->term_signal) : NULL,
                       &c->out[0], &c->out[1]);
  emit(c, obj, "close", 2, args);
  JSValueUnprotect(ctx, obj);
  if (c->piped[0]) close_handle((uv_handle_t *)&c->pipes[0]);
  close_handle((uv_handle_t *)&c->proc);
}

static void child_exited(uv_process_t *p, int64_t status, int term_signal) {
  js_child_t *c = p->data;
  c->exited = true;
  c->status = status;
  c->term_signal = term_signal;
  if (!c->realm || !c->obj) return;
  JSContextRef ctx = js_realm_context(c->realm);
  js_set(ctx, c->obj, "exitCode", code_value(ctx, c));
  js_set(ctx, c->obj, "signalCode", signal_value(ctx, c));
  JSValueRef args[2] = {code_value(ctx, c), signal_value(ctx, c)};
  emit(c, c->obj, "exit", 2, args);
  maybe_close(c);
}

static void alloc_cb(uv_handle_t *h, size_t suggested, uv_buf_t *buf) {
  buf->base = xmalloc(suggested);
  buf->len = suggested;
}

static void on_read(uv_stream_t *s, ssize_t n, const uv_buf_t *buf) {
  js_child_t *c = s->data;
  int which = (uv_pipe_t *)s == &c->pipes[1] ? 1 : 2;
  if (n > 0 && c->realm && c->obj) {
    if (c->collect) sbuf_append(&c->out[which - 1], buf->base, (size_t)n);
    JSContextRef ctx = js_realm_context(c->realm);
    JSValueRef stream = js_get(ctx, c->obj, which == 1 ? "stdout" : "stderr");
    char *enc = js_get_string(ctx, stream, "__sonde_encoding");
    JSValueRef chunk =
        enc ? js_decode_bytes(ctx, (unsigned char *)buf->base, (size_t)n, js_encoding_parse(enc))
            : (JSValueRef)js_buffer_from(ctx, buf->base, (size_t)n);
    free(enc);
    JSValueRef dest = js_get(ctx, stream, "__sonde_pipe");
    if (JSValueIsObject(ctx, dest)) js_call(ctx, js_get(ctx, dest, "write"), dest, 1, &chunk, NULL);
    emit(c, stream, "data", 1, &chunk);
  }
  free(buf->base);
  if (n < 0) {
    if (c->realm && c->obj) {
      JSContextRef ctx = js_realm_context(c->realm);
      emit(c, js_get(ctx, c->obj, which == 1 ? "stdout" : "stderr"), "end", 0, NULL);
    }
    close_handle((uv_handle_t *)s);
    maybe_close(c);
  }
}

/* ---- stream methods ---- */

static JSValueRef stream_set_encoding(JSContextRef ctx, JSObjectRef f, JSObjectRef self,
                                      size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  js_define_value(ctx, self, "__sonde_encoding", argc ? argv[0] : js_make_string(ctx, "utf8"),
                  false);
  return self;
}

static JSValueRef stream_pipe(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  if (argc > 0) js_define_value(ctx, self, "__sonde_pipe", argv[0], false);
  return argc ? argv[0] : JSValueMakeUndefined(ctx);
}

static js_child_t *child_of(JSContextRef ctx, JSValueRef obj) {
  double id = js_get_number(ctx, obj, "__sonde_child", 0);
  for (js_child_t *c = children; c; c = c->next)
    if ((double)c->id == id && c->realm) return c;
  return NULL;
}

static void write_done(uv_write_t *w, int status) {
  free(w->data);
  free(w);
}

/* stdin.write(chunk) / stdin.end([chunk]) */
static JSValueRef stdin_write_end(JSContextRef ctx, JSObjectRef self, size_t argc,
                                  const JSValueRef argv[], JSValueRef *exc, bool end) {
  js_child_t *c = child_of(ctx, js_get(ctx, self, "__sonde_owner"));
  if (!c || !c->piped[0] || uv_is_closing((uv_handle_t *)&c->pipes[0]))
    return JSValueMakeBoolean(ctx, false);
  if (argc > 0 && !JSValueIsUndefined(ctx, argv[0]) && !js_is_function(ctx, argv[0])) {
    unsigned char *p;
    size_t n;
    char *data;
    if (js_bytes_view(ctx, argv[0], &p, &n)) {
      data = xmalloc(n ? n : 1);
      memcpy(data, p, n);
    } else {
      data = js_to_utf8(ctx, argv[0], &n, exc);
      if (!data) return NULL;
    }
    uv_write_t *w = xcalloc(1, sizeof(*w));
    w->data = data;
    uv_buf_t b = uv_buf_init(data, (unsigned)n);
    if (uv_write(w, (uv_stream_t *)&c->pipes[0], &b, 1, write_done) != 0) write_done(w, -1);
  }
  if (end) close_handle((uv_handle_t *)&c->pipes[0]);
  return JSValueMakeBoolean(ctx, true);
}

static JSValueRef stdin_write(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  return stdin_write_end(ctx, self, argc, argv, exc, false);
}

static JSValueRef stdin_end(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                            const JSValueRef argv[], JSValueRef *exc) {
  return stdin_write_end(ctx, self, argc, argv, exc, true);
}

static JSValueRef child_kill(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                             const JSValueRef argv[], JSValueRef *exc) {
  js_child_t *c = child_of(ctx, self);
  int sig = js_signal_number(ctx, argc ? argv[0] : NULL);
  if (sig < 0) return js_throw_code(ctx, exc, "TypeError", "ERR_UNKNOWN_SIGNAL", "Unknown signal");
  if (!c || c->exited) return JSValueMakeBoolean(ctx, false);
  bool ok = uv_process_kill(&c->proc, sig) == 0;
  if (ok) js_set(ctx, self, "killed", JSValueMakeBoolean(ctx, true));
  return JSValueMakeBoolean(ctx, ok);
}

static JSValueRef child_ref(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                            const JSValueRef argv[], JSValueRef *exc) {
  js_child_t *c = child_of(ctx, self);
  if (c) {
    if (data) uv_unref((uv_handle_t *)&c->proc);
    else uv_ref((uv_handle_t *)&c->proc);
  }
  return JSValueMakeUndefined(ctx);
}

static JSObjectRef make_stream(JSContextRef ctx, JSObjectRef ee, JSObjectRef owner, bool input) {
  JSObjectRef s = JSObjectCallAsConstructor(ctx, ee, 0, NULL, NULL);
  if (!s) s = JSObjectMake(ctx, NULL, NULL);
  js_set_hidden(ctx, s, "__sonde_owner", owner);
  if (input) {
    js_set_function(ctx, s, "write", stdin_write);
    js_set_function(ctx, s, "end", stdin_end);
  } else {
    js_set_function(ctx, s, "setEncoding", stream_set_encoding);
    js_set_function(ctx, s, "pipe", stream_pipe);
  }
  return s;
}

/* ---- spawn ---- */

static JSValueRef defer_error(JSContextRef ctx, JSObjectRef obj, JSValueRef err) {
  js_realm_t *realm = js_realm_from_context(ctx);
  JSValueRef emit_fn = js_get(ctx, obj, "emit");
  JSValueRef bound_args[3] = {obj, js_make_string(ctx, "error"), err};
  JSValueRef bind = js_get(ctx, emit_fn, "bind");
  JSValueRef bound = js_call(ctx, bind, emit_fn, 3, bound_args, NULL);
  if (realm && bound) js_realm_defer(realm, (JSObjectRef)bound, 0, NULL);
  return obj;
}

JSValueRef js_child_spawn(JSContextRef ctx, const js_spawn_opts_t *o, JSValueRef exec_cb,
                          JSValueRef *exc) {
  bool collect = exec_cb != NULL;
  js_realm_t *realm = js_realm_from_context(ctx);
  JSObjectRef ee = js_events_ctor(ctx);
  if (!realm || !ee) return js_throw(ctx, exc, "Error", "child_process: no realm");
  JSObjectRef obj = JSObjectCallAsConstructor(ctx, ee, 0, NULL, exc);
  if (!obj) return NULL;
  js_set_tag(ctx, obj, "ChildProcess");
  js_child_t *c = xcalloc(1, sizeof(*c));
  c->id = ++next_child_id;
  c->collect = collect;
  js_set_hidden(ctx, obj, "__sonde_child", JSValueMakeNumber(ctx, (double)c->id));
  if (collect) {
    js_set_hidden(ctx, obj, "__sonde_exec_cb", exec_cb);
    js_set_hidden(ctx, obj, "__sonde_exec_cmd", js_make_string(ctx, o->cmd));
    js_set_hidden(ctx, obj, "__sonde_exec_enc",
                  js_make_string(ctx, o->encoding ? o->encoding : "utf8"));
  }
  js_set_function(ctx, obj, "kill", child_kill);
  js_set(ctx, obj, "ref", js_make_closure(ctx, "ref", child_ref, NULL, NULL));
  js_set(ctx, obj, "unref", js_make_closure(ctx, "unref", child_ref, (void *)1, NULL));
  js_set(ctx, obj, "killed", JSValueMakeBoolean(ctx, false));
  js_set(ctx, obj, "exitCode", JSValueMakeNull(ctx));
  js_set(ctx, obj, "signalCode", JSValueMakeNull(ctx));
  js_set(ctx, obj, "spawnfile", js_make_string(ctx, o->file));
  JSValueRef *sa = xmalloc((o->args.len + 1) * sizeof(JSValueRef));
  for (size_t i = 0; i < o->args.len; i++) sa[i] = js_make_string(ctx, o->args.items[i]);
  js_set(ctx, obj, "spawnargs", js_make_array(ctx, o->args.len, sa));
  free(sa);
  static const char *const names[] = {"stdin", "stdout", "stderr"};
  uv_stdio_container_t stdio[3];
  for (int i = 0; i < 3; i++) {
    if (o->stdio[i] == JS_STDIO_PIPE) {
      uv_pipe_init(js_runtime_loop(js_realm_runtime(realm)), &c->pipes[i], 0);
      c->pipes[i].data = c;
      c->piped[i] = true;
      c->handles++;
      stdio[i].flags = UV_CREATE_PIPE | (i == 0 ? UV_READABLE_PIPE : UV_WRITABLE_PIPE);
      stdio[i].data.stream = (uv_stream_t *)&c->pipes[i];
      js_set(ctx, obj, names[i], make_stream(ctx, ee, obj, i == 0));
    } else {
      stdio[i].flags = o->stdio[i] == JS_STDIO_INHERIT ? UV_INHERIT_FD : UV_IGNORE;
      stdio[i].data.fd = i;
      js_set(ctx, obj, names[i], JSValueMakeNull(ctx));
    }
  }
  char **args = xcalloc(o->args.len + 2, sizeof(char *));
  args[0] = o->file;
  for (size_t i = 0; i < o->args.len; i++) args[i + 1] = o->args.items[i];
  char **env = xcalloc(o->env.len + 1, sizeof(char *));
  for (size_t i = 0; i < o->env.len; i++) env[i] = o->env.items[i];
  uv_process_options_t po = {0};
  po.exit_cb = child_exited;
  po.file = o->file;
  po.args = args;
  po.env = env;
  po.cwd = o->cwd;
  po.stdio_count = 3;
  po.stdio = stdio;
  if (o->detached) po.flags |= UV_PROCESS_DETACHED;
  c->proc.data = c;
  c->realm = realm;
  c->next = children;
  children = c;
  int r = uv_spawn(js_runtime_loop(js_realm_runtime(realm)), &c->proc, &po);
  free(args);
  free(env);
  c->handles++;
  if (r != 0) {
    for (int i = 0; i < 3; i++)
      if (c->piped[i]) close_handle((uv_handle_t *)&c->pipes[i]);
    close_handle((uv_handle_t *)&c->proc);
    c->realm = NULL;
    char *syscall = xasprintf("spawn %s", o->file);
    JSObjectRef err = js_uv_error(ctx, r, syscall, o->file, NULL);
    /* Node's spawn errors read "spawn <file> ENOENT" */
    char *msg = xasprintf("%s %s", syscall, uv_err_name(r));
    js_set(ctx, err, "message", js_make_string(ctx, msg));
    js_set(ctx, err, "spawnargs", js_get(ctx, obj, "spawnargs"));
    free(msg);
    free(syscall);
    if (collect) {
      js_child_exec_error(ctx, obj, err);
      return obj;
    }
    return defer_error(ctx, obj, err);
  }
  js_set(ctx, obj, "pid", JSValueMakeNumber(ctx, c->proc.pid));
  c->obj = obj;
  JSValueProtect(ctx, obj);
  for (int i = 1; i < 3; i++)
    if (c->piped[i]) uv_read_start((uv_stream_t *)&c->pipes[i], alloc_cb, on_read);
  /* One cleanup hook per realm: it detaches every child of the realm when it ends. */
  if (!js_get_number(ctx, JSContextGetGlobalObject(ctx), "__sonde_child_hook", 0)) {
    js_set_hidden(ctx, JSContextGetGlobalObject(ctx), "__sonde_child_hook",
                  JSValueMakeNumber(ctx, 1));
    js_realm_on_free(realm, realm_gone, NULL);
  }
  JSValueRef bind_args[2] = {obj, js_make_string(ctx, "spawn")};
  JSValueRef emit_fn = js_get(ctx, obj, "emit");
  JSValueRef emit_spawn = js_call(ctx, js_get(ctx, emit_fn, "bind"), emit_fn, 2, bind_args, NULL);
  if (emit_spawn) js_realm_defer(realm, (JSObjectRef)emit_spawn, 0, NULL);
  return obj;
}
