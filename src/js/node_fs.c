/* node_fs: the `fs` module (sync, callback and fs.promises forms) and `fs/promises`. Each
 * operation is written once as a synchronous C function over libuv's synchronous fs calls
 * (same error codes and messages as Node: "ENOENT: no such file or directory, open 'x'"),
 * and offered three ways: fooSync throws, foo(…, cb) calls back on a later loop turn, and
 * promises.foo settles a promise. Covered: readFile, writeFile, appendFile, exists, access,
 * mkdir (recursive), mkdtemp, readdir (withFileTypes), stat/lstat (Stats), rm (recursive,
 * force), rmdir, unlink, rename, copyFile, realpath, readlink, symlink, chmod, utimes, and
 * the fd calls open/close/read/write/fstat. Streams and watchers are not provided: calling
 * them throws an error that names them.
 *
 * Memory: request results are released with uv_fs_req_cleanup before returning; data read
 * from files is handed to the engine (Buffer) or freed after conversion. */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <uv.h>

#include "common/sbuf.h"
#include "js/jsbytes.h"
#include "js/jsclass.h"
#include "js/jsutil.h"
#include "js/node.h"
#include "js/node_fs_ops.h"
#include "js/runtime_internal.h"

JSObjectRef js_uv_error(JSContextRef ctx, int code, const char *syscall, const char *path,
                        const char *dest) {
  sbuf_t m = SBUF_INIT;
  sbuf_printf(&m, "%s: %s, %s", uv_err_name(code), uv_strerror(code), syscall);
  if (path) sbuf_printf(&m, " '%s'", path);
  if (dest) sbuf_printf(&m, " -> '%s'", dest);
  JSObjectRef e = js_make_error(ctx, "Error", sbuf_cstr(&m));
  sbuf_free(&m);
  js_set(ctx, e, "errno", JSValueMakeNumber(ctx, code));
  js_set(ctx, e, "code", js_make_string(ctx, uv_err_name(code)));
  js_set(ctx, e, "syscall", js_make_string(ctx, syscall));
  if (path) js_set(ctx, e, "path", js_make_string(ctx, path));
  if (dest) js_set(ctx, e, "dest", js_make_string(ctx, dest));
  return e;
}

/* ---- argument helpers (shared with node_fs_ops.c) ---- */

char *fs_path_arg(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t i,
                  const char *name, JSValueRef *err) {
  JSValueRef v = i < argc ? argv[i] : JSValueMakeUndefined(ctx);
  unsigned char *p;
  size_t n;
  if (JSValueIsString(ctx, v)) return js_to_utf8(ctx, v, NULL, err);
  if (JSValueGetTypedArrayType(ctx, v, NULL) == kJSTypedArrayTypeUint8Array &&
      js_bytes_view(ctx, v, &p, &n))
    return xstrndup((const char *)p, n);
  if (JSValueIsObject(ctx, v) && JSValueIsString(ctx, js_get(ctx, v, "href"))) {
    char *href = js_get_string(ctx, v, "href");
    char *path = js_file_url_path(href);
    free(href);
    if (path) return path;
    js_throw_code(ctx, err, "TypeError", "ERR_INVALID_URL_SCHEME",
                  "The URL must be of scheme file");
    return NULL;
  }
  js_throw_arg_type(ctx, err, name, "of type string or an instance of Buffer or URL", v);
  return NULL;
}

/* options that may be a string (the encoding) or an object; NULL when absent. */
char *fs_encoding_opt(JSContextRef ctx, JSValueRef opts) {
  if (!opts || JSValueIsUndefined(ctx, opts) || JSValueIsNull(ctx, opts)) return NULL;
  if (JSValueIsString(ctx, opts)) return js_value_to_utf8(ctx, opts);
  if (JSValueIsObject(ctx, opts) && !js_is_function(ctx, opts))
    return js_get_string(ctx, opts, "encoding");
  return NULL;
}

bool fs_bool_opt(JSContextRef ctx, JSValueRef opts, const char *name) {
  return opts && JSValueIsObject(ctx, opts) && !js_is_function(ctx, opts) &&
         JSValueToBoolean(ctx, js_get(ctx, opts, name));
}

/* ---- the three calling conventions ---- */

typedef struct {
  const char *name;
  fs_op_fn fn;
} fs_op_t;

static const fs_op_t kOps[] = {
    {"readFile", fs_op_read_file},
    {"writeFile", fs_op_write_file},
    {"appendFile", fs_op_append_file},
    {"access", fs_op_access},
    {"mkdir", fs_op_mkdir},
    {"mkdtemp", fs_op_mkdtemp},
    {"readdir", fs_op_readdir},
    {"stat", fs_op_stat},
    {"lstat", fs_op_lstat},
    {"rm", fs_op_rm},
    {"rmdir", fs_op_rmdir},
    {"unlink", fs_op_unlink},
    {"rename", fs_op_rename},
    {"copyFile", fs_op_copy_file},
    {"realpath", fs_op_realpath},
    {"readlink", fs_op_readlink},
    {"symlink", fs_op_symlink},
    {"chmod", fs_op_chmod},
    {"utimes", fs_op_utimes},
    {"open", fs_op_open},
    {"close", fs_op_close},
    {"read", fs_op_read},
    {"write", fs_op_write},
    {"fstat", fs_op_fstat},
    {"truncate", fs_op_truncate},
    {NULL, NULL},
};

static JSValueRef call_sync(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                            const JSValueRef argv[], JSValueRef *exc) {
  const fs_op_t *op = data;
  JSValueRef err = NULL;
  JSValueRef r = op->fn(ctx, argc, argv, &err);
  if (err) {
    *exc = err;
    return NULL;
  }
  return r ? r : JSValueMakeUndefined(ctx);
}

static JSValueRef call_callback(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  const fs_op_t *op = data;
  size_t n = argc;
  while (n > 0 && JSValueIsUndefined(ctx, argv[n - 1])) n--;
  if (n == 0 || !js_is_function(ctx, argv[n - 1]))
    return js_throw_arg_type(ctx, exc, "cb", "of type function", n ? argv[n - 1] : NULL);
  JSObjectRef cb = (JSObjectRef)argv[n - 1];
  JSValueRef err = NULL;
  JSValueRef r = op->fn(ctx, n - 1, argv, &err);
  js_realm_t *realm = js_realm_from_context(ctx);
  JSValueRef args[2] = {err ? err : JSValueMakeNull(ctx), r ? r : JSValueMakeUndefined(ctx)};
  if (realm) js_realm_defer(realm, cb, err || !r ? 1 : 2, args);
  return JSValueMakeUndefined(ctx);
}

static JSValueRef call_promise(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  const fs_op_t *op = data;
  JSValueRef err = NULL;
  JSValueRef r = op->fn(ctx, argc, argv, &err);
  return js_settled_promise(ctx, !err, err ? err : r, exc);
}

/* exists(path, cb): cb(boolean), no error argument (the deprecated Node shape). */
static JSValueRef fs_exists_cb(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  JSValueRef r = fs_exists_sync(ctx, f, self, argc, argv, exc);
  js_realm_t *realm = js_realm_from_context(ctx);
  if (realm && argc > 1 && js_is_function(ctx, argv[1]))
    js_realm_defer(realm, (JSObjectRef)argv[1], 1, &r);
  return JSValueMakeUndefined(ctx);
}

static JSValueRef unsupported(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  return js_throw_code(ctx, exc, "Error", "ERR_SONDE_UNSUPPORTED",
                       "fs.%s is not available in sonde", (const char *)data);
}

static JSObjectRef constants(JSContextRef ctx) {
  JSObjectRef c = JSObjectMake(ctx, NULL, NULL);
  static const struct {
    const char *name;
    int v;
  } k[] = {{"F_OK", F_OK},       {"R_OK", R_OK},          {"W_OK", W_OK},
           {"X_OK", X_OK},       {"O_RDONLY", O_RDONLY},  {"O_WRONLY", O_WRONLY},
           {"O_RDWR", O_RDWR},   {"O_CREAT", O_CREAT},    {"O_EXCL", O_EXCL},
           {"O_TRUNC", O_TRUNC}, {"O_APPEND", O_APPEND},  {"S_IFMT", S_IFMT},
           {"S_IFREG", S_IFREG}, {"S_IFDIR", S_IFDIR},    {"S_IFLNK", S_IFLNK},
           {"COPYFILE_EXCL", 1}, {"COPYFILE_FICLONE", 2}, {"COPYFILE_FICLONE_FORCE", 4}};
  for (size_t i = 0; i < sizeof(k) / sizeof(k[0]); i++)
    js_set(ctx, c, k[i].name, JSValueMakeNumber(ctx, k[i].v));
  return c;
}

static JSObjectRef make_promises(JSContextRef ctx) {
  JSObjectRef p = JSObjectMake(ctx, NULL, NULL);
  for (const fs_op_t *op = kOps; op->name; op++)
    js_set(ctx, p, op->name, js_make_closure(ctx, op->name, call_promise, (void *)op, NULL));
  js_set(ctx, p, "constants", constants(ctx));
  return p;
}

static void fs_init(js_realm_t *realm, JSObjectRef exports, void *ud) {
  JSContextRef ctx = js_realm_context(realm);
  for (const fs_op_t *op = kOps; op->name; op++) {
    char *sync = xasprintf("%sSync", op->name);
    js_set(ctx, exports, op->name, js_make_closure(ctx, op->name, call_callback, (void *)op, NULL));
    js_set(ctx, exports, sync, js_make_closure(ctx, sync, call_sync, (void *)op, NULL));
    free(sync);
  }
  js_set(ctx, exports, "existsSync", js_make_function(ctx, "existsSync", fs_exists_sync, 1));
  js_set(ctx, exports, "exists", js_make_function(ctx, "exists", fs_exists_cb, 2));
  js_set(ctx, exports, "constants", constants(ctx));
  for (const char *const *c = (const char *const[]){"F_OK", "R_OK", "W_OK", "X_OK", NULL}; *c; c++)
    js_set(ctx, exports, *c, js_get(ctx, js_get(ctx, exports, "constants"), *c));
  JSValueRef promises = js_get(ctx, realm->builtin_cache, "fs/promises");
  if (!JSValueIsObject(ctx, promises)) promises = make_promises(ctx);
  js_set(ctx, exports, "promises", promises);
  js_set(ctx, exports, "Stats", fs_stats_ctor(ctx));
  js_set(ctx, exports, "Dirent", fs_dirent_ctor(ctx));
  static const char *const missing[] = {
      "createReadStream", "createWriteStream", "watch",      "watchFile", "unwatchFile",
      "opendir",          "opendirSync",       "cp",         "cpSync",    "readv",
      "writev",           "ReadStream",        "WriteStream"};
  for (size_t i = 0; i < sizeof(missing) / sizeof(missing[0]); i++)
    js_set(ctx, exports, missing[i],
           js_make_closure(ctx, missing[i], unsupported, (void *)missing[i], NULL));
}

/* fs.promises and require('fs/promises') are one object, whichever comes first. */
static JSValueRef promises_make(js_realm_t *realm, void *ud, JSValueRef *exception) {
  JSContextRef ctx = js_realm_context(realm);
  JSValueRef fs = js_get(ctx, realm->builtin_cache, "fs");
  JSValueRef p = js_get(ctx, fs, "promises");
  return JSValueIsObject(ctx, p) ? p : make_promises(ctx);
}

void js_node_fs_register(js_runtime_t *rt) {
  js_runtime_add_builtin(rt, "fs", fs_init, NULL);
  js_runtime_add_builtin_value(rt, "fs/promises", promises_make, NULL);
}
