/* node_fs_ops: the synchronous bodies of the fs functions (see node_fs_ops.h), on libuv's
 * synchronous fs requests (loop NULL, no callback), which report errors as the negative
 * errno codes Node's messages are built from. Stats and Dirent objects carry their data
 * as own properties, as Node's do; their is*() methods read the mode/type back.
 *
 * Memory: every uv_fs_t is cleaned up before returning; malloc'd paths and file contents
 * are freed or handed to the engine. */
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

#define ARG(i) ((i) < argc ? argv[i] : JSValueMakeUndefined(ctx))

/* One synchronous libuv fs call each: the result (>= 0) or a negative error code. */
#define SYNC_CALL(call)    \
  uv_fs_t req;             \
  int r = call;            \
  uv_fs_req_cleanup(&req); \
  return r

static int x_open(const char *p, int flags, int mode) {
  SYNC_CALL(uv_fs_open(NULL, &req, p, flags, mode, NULL));
}
static int x_close(uv_file fd) { SYNC_CALL(uv_fs_close(NULL, &req, fd, NULL)); }
static int x_read(uv_file fd, uv_buf_t *b, int64_t pos) {
  SYNC_CALL(uv_fs_read(NULL, &req, fd, b, 1, pos, NULL));
}
static int x_write(uv_file fd, uv_buf_t *b, int64_t pos) {
  SYNC_CALL(uv_fs_write(NULL, &req, fd, b, 1, pos, NULL));
}
static int x_access(const char *p, int mode) { SYNC_CALL(uv_fs_access(NULL, &req, p, mode, NULL)); }
static int x_mkdir(const char *p, int mode) { SYNC_CALL(uv_fs_mkdir(NULL, &req, p, mode, NULL)); }
static int x_rmdir(const char *p) { SYNC_CALL(uv_fs_rmdir(NULL, &req, p, NULL)); }
static int x_unlink(const char *p) { SYNC_CALL(uv_fs_unlink(NULL, &req, p, NULL)); }
static int x_rename(const char *a, const char *b) {
  SYNC_CALL(uv_fs_rename(NULL, &req, a, b, NULL));
}
static int x_copyfile(const char *a, const char *b, int f) {
  SYNC_CALL(uv_fs_copyfile(NULL, &req, a, b, f, NULL));
}
static int x_symlink(const char *a, const char *b) {
  SYNC_CALL(uv_fs_symlink(NULL, &req, a, b, 0, NULL));
}
static int x_chmod(const char *p, int mode) { SYNC_CALL(uv_fs_chmod(NULL, &req, p, mode, NULL)); }
static int x_utime(const char *p, double a, double m) {
  SYNC_CALL(uv_fs_utime(NULL, &req, p, a, m, NULL));
}
static int x_ftruncate(uv_file fd, int64_t len) {
  SYNC_CALL(uv_fs_ftruncate(NULL, &req, fd, len, NULL));
}

static JSValueRef fail(JSContextRef ctx, JSValueRef *err, int code, const char *syscall,
                       const char *path, const char *dest) {
  *err = js_uv_error(ctx, code, syscall, path, dest);
  return NULL;
}

/* ---- Stats / Dirent ---- */

static JSValueRef mode_is(JSContextRef ctx, JSObjectRef self, mode_t kind) {
  double mode = js_get_number(ctx, self, "mode", -1);
  if (mode < 0) mode = js_get_number(ctx, self, "__sonde_type", 0);
  return JSValueMakeBoolean(ctx, ((mode_t)mode & S_IFMT) == kind);
}

#define IS_FN(fname, kind)                                                                \
  static JSValueRef fname(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc, \
                          const JSValueRef argv[], JSValueRef *exc) {                     \
    return mode_is(ctx, self, kind);                                                      \
  }
IS_FN(is_file, S_IFREG)
IS_FN(is_directory, S_IFDIR)
IS_FN(is_symlink, S_IFLNK)
IS_FN(is_fifo, S_IFIFO)
IS_FN(is_socket, S_IFSOCK)
IS_FN(is_block, S_IFBLK)
IS_FN(is_char, S_IFCHR)

static const js_fn_t kIsFns[] = {
    {"isFile", is_file, 0},
    {"isDirectory", is_directory, 0},
    {"isSymbolicLink", is_symlink, 0},
    {"isFIFO", is_fifo, 0},
    {"isSocket", is_socket, 0},
    {"isBlockDevice", is_block, 0},
    {"isCharacterDevice", is_char, 0},
    {NULL, NULL, 0},
};

static js_class_def_t stats_class = {.name = "Stats", .methods = kIsFns};
static js_class_def_t dirent_class = {.name = "Dirent", .methods = kIsFns};

JSObjectRef fs_stats_ctor(JSContextRef ctx) { return js_class_init(ctx, &stats_class); }

JSObjectRef fs_dirent_ctor(JSContextRef ctx) { return js_class_init(ctx, &dirent_class); }

static JSValueRef date(JSContextRef ctx, double ms) {
  JSValueRef v = JSValueMakeNumber(ctx, ms);
  return JSObjectMakeDate(ctx, 1, &v, NULL);
}

static JSObjectRef make_stats(JSContextRef ctx, const uv_stat_t *s) {
  js_class_init(ctx, &stats_class);
  JSObjectRef o = js_class_make(ctx, &stats_class, NULL, NULL);
  static const char *const names[] = {"dev",  "mode",    "nlink", "uid",  "gid",
                                      "rdev", "blksize", "ino",   "size", "blocks"};
  double vals[] = {(double)s->st_dev,     (double)s->st_mode, (double)s->st_nlink,
                   (double)s->st_uid,     (double)s->st_gid,  (double)s->st_rdev,
                   (double)s->st_blksize, (double)s->st_ino,  (double)s->st_size,
                   (double)s->st_blocks};
  for (size_t i = 0; i < 10; i++) js_set(ctx, o, names[i], JSValueMakeNumber(ctx, vals[i]));
  const uv_timespec_t *ts[] = {&s->st_atim, &s->st_mtim, &s->st_ctim, &s->st_birthtim};
  static const char *const tn[] = {"atime", "mtime", "ctime", "birthtime"};
  double ms[4];
  for (size_t i = 0; i < 4; i++) {
    ms[i] = (double)ts[i]->tv_sec * 1000.0 + (double)ts[i]->tv_nsec / 1e6;
    char *k = xasprintf("%sMs", tn[i]);
    js_set(ctx, o, k, JSValueMakeNumber(ctx, ms[i]));
    free(k);
  }
  for (size_t i = 0; i < 4; i++) js_set(ctx, o, tn[i], date(ctx, ms[i]));
  return o;
}

static mode_t dirent_mode(uv_dirent_type_t t) {
  switch (t) {
  case UV_DIRENT_FILE: return S_IFREG;
  case UV_DIRENT_DIR: return S_IFDIR;
  case UV_DIRENT_LINK: return S_IFLNK;
  case UV_DIRENT_FIFO: return S_IFIFO;
  case UV_DIRENT_SOCKET: return S_IFSOCK;
  case UV_DIRENT_CHAR: return S_IFCHR;
  case UV_DIRENT_BLOCK: return S_IFBLK;
  default: return 0;
  }
}

static JSObjectRef make_dirent(JSContextRef ctx, const char *name, const char *dir, mode_t type) {
  js_class_init(ctx, &dirent_class);
  JSObjectRef o = js_class_make(ctx, &dirent_class, NULL, NULL);
  js_set(ctx, o, "name", js_make_string(ctx, name));
  js_set(ctx, o, "parentPath", js_make_string(ctx, dir));
  js_set(ctx, o, "path", js_make_string(ctx, dir));
  js_set_hidden(ctx, o, "__sonde_type", JSValueMakeNumber(ctx, type));
  return o;
}

/* ---- reading and writing whole files ---- */

static int open_flags(JSContextRef ctx, JSValueRef v, int def) {
  if (JSValueIsNumber(ctx, v)) return (int)JSValueToNumber(ctx, v, NULL);
  if (!JSValueIsString(ctx, v)) return def;
  char *s = js_value_to_utf8(ctx, v);
  static const struct {
    const char *name;
    int flags;
  } k[] = {{"r", O_RDONLY},
           {"rs", O_RDONLY | O_SYNC},
           {"sr", O_RDONLY | O_SYNC},
           {"r+", O_RDWR},
           {"rs+", O_RDWR | O_SYNC},
           {"w", O_TRUNC | O_CREAT | O_WRONLY},
           {"wx", O_TRUNC | O_CREAT | O_WRONLY | O_EXCL},
           {"xw", O_TRUNC | O_CREAT | O_WRONLY | O_EXCL},
           {"w+", O_TRUNC | O_CREAT | O_RDWR},
           {"wx+", O_TRUNC | O_CREAT | O_RDWR | O_EXCL},
           {"a", O_APPEND | O_CREAT | O_WRONLY},
           {"ax", O_APPEND | O_CREAT | O_WRONLY | O_EXCL},
           {"a+", O_APPEND | O_CREAT | O_RDWR},
           {"ax+", O_APPEND | O_CREAT | O_RDWR | O_EXCL}};
  int r = def;
  for (size_t i = 0; i < sizeof(k) / sizeof(k[0]); i++)
    if (strcmp(s, k[i].name) == 0) r = k[i].flags;
  free(s);
  return r;
}

/* The whole content of an open file: read until EOF, as /proc files report size 0. */
static int read_all(uv_file fd, unsigned char **out, size_t *len) {
  size_t cap = 65536, n = 0;
  unsigned char *buf = xmalloc(cap);
  for (;;) {
    if (n == cap) buf = xrealloc(buf, cap *= 2);
    uv_buf_t b = uv_buf_init((char *)buf + n, (unsigned)(cap - n));
    int r = x_read(fd, &b, -1);
    if (r < 0) {
      free(buf);
      return r;
    }
    if (r == 0) break;
    n += (size_t)r;
  }
  *out = buf;
  *len = n;
  return 0;
}

JSValueRef fs_op_read_file(JSContextRef ctx, size_t argc, const JSValueRef argv[],
                           JSValueRef *err) {
  char *path = NULL;
  uv_file fd;
  bool own = !JSValueIsNumber(ctx, ARG(0));
  if (own) {
    path = fs_path_arg(ctx, argc, argv, 0, "path", err);
    if (!path) return NULL;
    int flags = open_flags(ctx, JSValueIsObject(ctx, ARG(1)) ? js_get(ctx, ARG(1), "flag") : NULL,
                           O_RDONLY);
    fd = x_open(path, flags, 0666);
    if (fd < 0) {
      fail(ctx, err, fd, "open", path, NULL);
      free(path);
      return NULL;
    }
  } else {
    fd = (uv_file)JSValueToNumber(ctx, ARG(0), NULL);
  }
  unsigned char *data = NULL;
  size_t len = 0;
  int r = read_all(fd, &data, &len);
  if (own) x_close(fd);
  free(path);
  if (r < 0) return fail(ctx, err, r, "read", NULL, NULL);
  char *enc = fs_encoding_opt(ctx, ARG(1));
  if (!enc || strcmp(enc, "buffer") == 0) {
    free(enc);
    return js_buffer_adopt(ctx, data, len);
  }
  js_encoding_t e = js_encoding_parse(enc);
  free(enc);
  JSValueRef s = js_decode_bytes(ctx, data, len, e == JS_ENC_INVALID ? JS_ENC_UTF8 : e);
  free(data);
  return s;
}

/* The bytes of writeFile's data argument: a string in `encoding`, or a buffer. */
static unsigned char *data_arg(JSContextRef ctx, JSValueRef data, JSValueRef opts, size_t *len,
                               JSValueRef *err) {
  unsigned char *p;
  if (js_bytes_view(ctx, data, &p, len)) {
    unsigned char *c = xmalloc(*len ? *len : 1);
    memcpy(c, p, *len);
    return c;
  }
  if (!JSValueIsString(ctx, data)) {
    js_throw_arg_type(ctx, err, "data",
                      "of type string or an instance of Buffer, TypedArray, or DataView", data);
    return NULL;
  }
  char *enc = fs_encoding_opt(ctx, opts);
  js_encoding_t e = js_encoding_parse(enc);
  free(enc);
  return js_encode_string(ctx, data, e == JS_ENC_INVALID ? JS_ENC_UTF8 : e, len, err);
}

static int write_all(uv_file fd, const unsigned char *data, size_t len) {
  while (len > 0) {
    uv_buf_t b = uv_buf_init((char *)data, (unsigned)len);
    int r = x_write(fd, &b, -1);
    if (r < 0) return r;
    data += r;
    len -= (size_t)r;
  }
  return 0;
}

static JSValueRef write_file(JSContextRef ctx, size_t argc, const JSValueRef argv[],
                             JSValueRef *err, int def_flags) {
  size_t len;
  unsigned char *data = data_arg(ctx, ARG(1), ARG(2), &len, err);
  if (!data) return NULL;
  JSValueRef opts = ARG(2);
  uv_file fd;
  char *path = NULL;
  bool own = !JSValueIsNumber(ctx, ARG(0));
  if (own) {
    path = fs_path_arg(ctx, argc, argv, 0, "path", err);
    if (!path) {
      free(data);
      return NULL;
    }
    bool o = JSValueIsObject(ctx, opts) && !js_is_function(ctx, opts);
    int flags = open_flags(ctx, o ? js_get(ctx, opts, "flag") : NULL, def_flags);
    int mode = o && JSValueIsNumber(ctx, js_get(ctx, opts, "mode"))
                   ? (int)js_get_number(ctx, opts, "mode", 0666)
                   : 0666;
    fd = x_open(path, flags, mode);
    if (fd < 0) {
      fail(ctx, err, fd, "open", path, NULL);
      free(path);
      free(data);
      return NULL;
    }
  } else {
    fd = (uv_file)JSValueToNumber(ctx, ARG(0), NULL);
  }
  int r = write_all(fd, data, len);
  if (own) x_close(fd);
  free(data);
  free(path);
  return r < 0 ? fail(ctx, err, r, "write", NULL, NULL) : NULL;
}

JSValueRef fs_op_write_file(JSContextRef ctx, size_t argc, const JSValueRef argv[],
                            JSValueRef *err) {
  return write_file(ctx, argc, argv, err, O_TRUNC | O_CREAT | O_WRONLY);
}

JSValueRef fs_op_append_file(JSContextRef ctx, size_t argc, const JSValueRef argv[],
                             JSValueRef *err) {
  return write_file(ctx, argc, argv, err, O_APPEND | O_CREAT | O_WRONLY);
}

/* ---- paths ---- */

JSValueRef fs_exists_sync(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                          const JSValueRef argv[], JSValueRef *exc) {
  JSValueRef err = NULL;
  char *path = fs_path_arg(ctx, argc, argv, 0, "path", &err);
  if (!path) return JSValueMakeBoolean(ctx, false);
  int r = x_access(path, F_OK);
  free(path);
  return JSValueMakeBoolean(ctx, r == 0);
}

JSValueRef fs_op_access(JSContextRef ctx, size_t argc, const JSValueRef argv[], JSValueRef *err) {
  char *path = fs_path_arg(ctx, argc, argv, 0, "path", err);
  if (!path) return NULL;
  int mode = JSValueIsNumber(ctx, ARG(1)) ? (int)JSValueToNumber(ctx, ARG(1), NULL) : F_OK;
  int r = x_access(path, mode);
  if (r < 0) fail(ctx, err, r, "access", path, NULL);
  free(path);
  return NULL;
}

/* mkdir -p: returns the first directory it created (malloc'd), or NULL with *code set. */
static char *mkdir_p(const char *path, int mode, int *code) {
  *code = 0;
  uv_fs_t req;
  int r = uv_fs_stat(NULL, &req, path, NULL);
  bool is_dir = r == 0 && S_ISDIR(req.statbuf.st_mode);
  uv_fs_req_cleanup(&req);
  if (r == 0) {
    if (!is_dir) *code = UV_EEXIST;
    return NULL;
  }
  char *parent = xstrdup(path);
  char *slash = strrchr(parent, '/');
  char *first = NULL;
  if (slash && slash != parent) {
    *slash = '\0';
    first = mkdir_p(parent, mode, code);
    if (*code) {
      free(parent);
      return NULL;
    }
  }
  free(parent);
  r = x_mkdir(path, mode);
  if (r < 0 && r != UV_EEXIST) {
    *code = r;
    free(first);
    return NULL;
  }
  return first ? first : xstrdup(path);
}

JSValueRef fs_op_mkdir(JSContextRef ctx, size_t argc, const JSValueRef argv[], JSValueRef *err) {
  char *path = fs_path_arg(ctx, argc, argv, 0, "path", err);
  if (!path) return NULL;
  JSValueRef opts = ARG(1);
  int mode = JSValueIsNumber(ctx, opts) ? (int)JSValueToNumber(ctx, opts, NULL)
                                        : (int)js_get_number(ctx, opts, "mode", 0777);
  JSValueRef result = NULL;
  if (fs_bool_opt(ctx, opts, "recursive")) {
    int code;
    char *first = mkdir_p(path, mode, &code);
    if (code) fail(ctx, err, code, "mkdir", path, NULL);
    else if (first) result = js_make_string(ctx, first);
    free(first);
  } else {
    int r = x_mkdir(path, mode);
    if (r < 0) fail(ctx, err, r, "mkdir", path, NULL);
  }
  free(path);
  return result;
}

JSValueRef fs_op_mkdtemp(JSContextRef ctx, size_t argc, const JSValueRef argv[], JSValueRef *err) {
  char *prefix = fs_path_arg(ctx, argc, argv, 0, "prefix", err);
  if (!prefix) return NULL;
  char *tpl = xasprintf("%sXXXXXX", prefix);
  uv_fs_t req;
  int r = uv_fs_mkdtemp(NULL, &req, tpl, NULL);
  JSValueRef result =
      r < 0 ? fail(ctx, err, r, "mkdtemp", tpl, NULL) : js_make_string(ctx, req.path);
  uv_fs_req_cleanup(&req);
  free(tpl);
  free(prefix);
  return result;
}

/* Appends the entries of `dir` (names prefixed with `rel` for recursive listings). */
static int list_dir(JSContextRef ctx, const char *dir, const char *rel, bool types, bool recursive,
                    JSObjectRef out, unsigned *n) {
  uv_fs_t req;
  int r = uv_fs_scandir(NULL, &req, dir, 0, NULL);
  if (r < 0) {
    uv_fs_req_cleanup(&req);
    return r;
  }
  uv_dirent_t ent;
  strvec_t subdirs = STRVEC_INIT;
  while (uv_fs_scandir_next(&req, &ent) != UV_EOF) {
    char *name = *rel ? xasprintf("%s/%s", rel, ent.name) : xstrdup(ent.name);
    JSValueRef item = types ? (JSValueRef)make_dirent(ctx, ent.name, dir, dirent_mode(ent.type))
                            : js_make_string(ctx, name);
    JSObjectSetPropertyAtIndex(ctx, out, (*n)++, item, NULL);
    if (recursive && ent.type == UV_DIRENT_DIR) strvec_push(&subdirs, name);
    free(name);
  }
  uv_fs_req_cleanup(&req);
  const char *base_rel = rel;
  for (size_t i = 0; i < subdirs.len; i++) {
    const char *leaf = subdirs.items[i] + (*base_rel ? strlen(base_rel) + 1 : 0);
    char *sub = xasprintf("%s/%s", dir, leaf);
    list_dir(ctx, sub, subdirs.items[i], types, true, out, n);
    free(sub);
  }
  strvec_free(&subdirs);
  return 0;
}

JSValueRef fs_op_readdir(JSContextRef ctx, size_t argc, const JSValueRef argv[], JSValueRef *err) {
  char *path = fs_path_arg(ctx, argc, argv, 0, "path", err);
  if (!path) return NULL;
  JSObjectRef out = js_make_array(ctx, 0, NULL);
  unsigned n = 0;
  int r = list_dir(ctx, path, "", fs_bool_opt(ctx, ARG(1), "withFileTypes"),
                   fs_bool_opt(ctx, ARG(1), "recursive"), out, &n);
  JSValueRef result = r < 0 ? fail(ctx, err, r, "scandir", path, NULL) : out;
  free(path);
  return result;
}

static JSValueRef stat_common(JSContextRef ctx, size_t argc, const JSValueRef argv[],
                              JSValueRef *err, bool link) {
  char *path = fs_path_arg(ctx, argc, argv, 0, "path", err);
  if (!path) return NULL;
  uv_fs_t req;
  int r = link ? uv_fs_lstat(NULL, &req, path, NULL) : uv_fs_stat(NULL, &req, path, NULL);
  JSValueRef result = NULL;
  if (r == 0) result = make_stats(ctx, &req.statbuf);
  else if (!(r == UV_ENOENT && JSValueIsObject(ctx, ARG(1)) &&
             JSValueIsBoolean(ctx, js_get(ctx, ARG(1), "throwIfNoEntry")) &&
             !JSValueToBoolean(ctx, js_get(ctx, ARG(1), "throwIfNoEntry"))))
    fail(ctx, err, r, link ? "lstat" : "stat", path, NULL);
  uv_fs_req_cleanup(&req);
  free(path);
  return result;
}

JSValueRef fs_op_stat(JSContextRef ctx, size_t argc, const JSValueRef argv[], JSValueRef *err) {
  return stat_common(ctx, argc, argv, err, false);
}

JSValueRef fs_op_lstat(JSContextRef ctx, size_t argc, const JSValueRef argv[], JSValueRef *err) {
  return stat_common(ctx, argc, argv, err, true);
}

/* rm -r: 0 or a negative error; *where names the path that failed. */
static int remove_tree(const char *path, char **where) {
  uv_fs_t req;
  int r = uv_fs_lstat(NULL, &req, path, NULL);
  bool dir = r == 0 && S_ISDIR(req.statbuf.st_mode);
  uv_fs_req_cleanup(&req);
  if (r < 0) {
    *where = xstrdup(path);
    return r;
  }
  if (!dir) {
    r = x_unlink(path);
    if (r < 0) *where = xstrdup(path);
    return r;
  }
  r = uv_fs_scandir(NULL, &req, path, 0, NULL);
  if (r >= 0) {
    uv_dirent_t ent;
    while (r >= 0 && uv_fs_scandir_next(&req, &ent) != UV_EOF) {
      char *child = xasprintf("%s/%s", path, ent.name);
      r = remove_tree(child, where);
      free(child);
    }
  }
  uv_fs_req_cleanup(&req);
  if (r < 0) return r;
  r = x_rmdir(path);
  if (r < 0) *where = xstrdup(path);
  return r;
}

JSValueRef fs_op_rm(JSContextRef ctx, size_t argc, const JSValueRef argv[], JSValueRef *err) {
  char *path = fs_path_arg(ctx, argc, argv, 0, "path", err);
  if (!path) return NULL;
  bool recursive = fs_bool_opt(ctx, ARG(1), "recursive"), force = fs_bool_opt(ctx, ARG(1), "force");
  uv_fs_t req;
  int r = uv_fs_lstat(NULL, &req, path, NULL);
  bool dir = r == 0 && S_ISDIR(req.statbuf.st_mode);
  uv_fs_req_cleanup(&req);
  if (r < 0) {
    if (!(force && r == UV_ENOENT)) fail(ctx, err, r, "lstat", path, NULL);
  } else if (dir && !recursive) {
    char *msg = xasprintf("Path is a directory: rm returned EISDIR (is a directory) %s", path);
    *err = js_make_node_error(ctx, "Error", "ERR_FS_EISDIR", msg);
    free(msg);
  } else {
    char *where = NULL;
    r = remove_tree(path, &where);
    if (r < 0 && !(force && r == UV_ENOENT)) fail(ctx, err, r, "rm", where ? where : path, NULL);
    free(where);
  }
  free(path);
  return NULL;
}

JSValueRef fs_op_rmdir(JSContextRef ctx, size_t argc, const JSValueRef argv[], JSValueRef *err) {
  if (fs_bool_opt(ctx, ARG(1), "recursive")) return fs_op_rm(ctx, argc, argv, err);
  char *path = fs_path_arg(ctx, argc, argv, 0, "path", err);
  if (!path) return NULL;
  int r = x_rmdir(path);
  if (r < 0) fail(ctx, err, r, "rmdir", path, NULL);
  free(path);
  return NULL;
}

JSValueRef fs_op_unlink(JSContextRef ctx, size_t argc, const JSValueRef argv[], JSValueRef *err) {
  char *path = fs_path_arg(ctx, argc, argv, 0, "path", err);
  if (!path) return NULL;
  int r = x_unlink(path);
  if (r < 0) fail(ctx, err, r, "unlink", path, NULL);
  free(path);
  return NULL;
}

/* Two-path calls: rename, copyFile, symlink. */
static JSValueRef two_paths(JSContextRef ctx, size_t argc, const JSValueRef argv[], JSValueRef *err,
                            int which) {
  static const char *const names[][2] = {
      {"oldPath", "newPath"}, {"src", "dest"}, {"target", "path"}};
  static const char *const calls[] = {"rename", "copyfile", "symlink"};
  char *a = fs_path_arg(ctx, argc, argv, 0, names[which][0], err);
  char *b = a ? fs_path_arg(ctx, argc, argv, 1, names[which][1], err) : NULL;
  if (b) {
    int r;
    if (which == 0) r = x_rename(a, b);
    else if (which == 1)
      r = x_copyfile(a, b,
                     JSValueIsNumber(ctx, ARG(2)) ? (int)JSValueToNumber(ctx, ARG(2), NULL) : 0);
    else r = x_symlink(a, b);
    if (r < 0) fail(ctx, err, r, calls[which], a, b);
  }
  free(a);
  free(b);
  return NULL;
}

JSValueRef fs_op_rename(JSContextRef ctx, size_t argc, const JSValueRef argv[], JSValueRef *err) {
  return two_paths(ctx, argc, argv, err, 0);
}

JSValueRef fs_op_copy_file(JSContextRef ctx, size_t argc, const JSValueRef argv[],
                           JSValueRef *err) {
  return two_paths(ctx, argc, argv, err, 1);
}

JSValueRef fs_op_symlink(JSContextRef ctx, size_t argc, const JSValueRef argv[], JSValueRef *err) {
  return two_paths(ctx, argc, argv, err, 2);
}

static JSValueRef path_result(JSContextRef ctx, size_t argc, const JSValueRef argv[],
                              JSValueRef *err, bool link) {
  char *path = fs_path_arg(ctx, argc, argv, 0, "path", err);
  if (!path) return NULL;
  uv_fs_t req;
  int r = link ? uv_fs_readlink(NULL, &req, path, NULL) : uv_fs_realpath(NULL, &req, path, NULL);
  JSValueRef result = r < 0 ? fail(ctx, err, r, link ? "readlink" : "realpath", path, NULL)
                            : js_make_string(ctx, req.ptr);
  uv_fs_req_cleanup(&req);
  free(path);
  return result;
}

JSValueRef fs_op_realpath(JSContextRef ctx, size_t argc, const JSValueRef argv[], JSValueRef *err) {
  return path_result(ctx, argc, argv, err, false);
}

JSValueRef fs_op_readlink(JSContextRef ctx, size_t argc, const JSValueRef argv[], JSValueRef *err) {
  return path_result(ctx, argc, argv, err, true);
}

JSValueRef fs_op_chmod(JSContextRef ctx, size_t argc, const JSValueRef argv[], JSValueRef *err) {
  char *path = fs_path_arg(ctx, argc, argv, 0, "path", err);
  if (!path) return NULL;
  int mode;
  if (JSValueIsString(ctx, ARG(1))) {
    char *s = js_value_to_utf8(ctx, ARG(1));
    mode = (int)strtol(s, NULL, 8);
    free(s);
  } else {
    mode = (int)JSValueToNumber(ctx, ARG(1), NULL);
  }
  int r = x_chmod(path, mode);
  if (r < 0) fail(ctx, err, r, "chmod", path, NULL);
  free(path);
  return NULL;
}

static double time_arg(JSContextRef ctx, JSValueRef v) {
  /* Dates and numbers of seconds, as Node takes them. */
  JSValueRef date_ctor = js_get(ctx, JSContextGetGlobalObject(ctx), "Date");
  if (JSValueIsObject(ctx, v) &&
      JSValueIsInstanceOfConstructor(ctx, v, (JSObjectRef)date_ctor, NULL))
    return JSValueToNumber(ctx, v, NULL) / 1000.0;
  return JSValueToNumber(ctx, v, NULL);
}

JSValueRef fs_op_utimes(JSContextRef ctx, size_t argc, const JSValueRef argv[], JSValueRef *err) {
  char *path = fs_path_arg(ctx, argc, argv, 0, "path", err);
  if (!path) return NULL;
  int r = x_utime(path, time_arg(ctx, ARG(1)), time_arg(ctx, ARG(2)));
  if (r < 0) fail(ctx, err, r, "utime", path, NULL);
  free(path);
  return NULL;
}

JSValueRef fs_op_truncate(JSContextRef ctx, size_t argc, const JSValueRef argv[], JSValueRef *err) {
  char *path = fs_path_arg(ctx, argc, argv, 0, "path", err);
  if (!path) return NULL;
  int64_t len = JSValueIsNumber(ctx, ARG(1)) ? (int64_t)JSValueToNumber(ctx, ARG(1), NULL) : 0;
  uv_file fd = x_open(path, O_WRONLY, 0);
  int r = fd < 0 ? fd : x_ftruncate(fd, len);
  if (fd >= 0) x_close(fd);
  if (r < 0) fail(ctx, err, r, fd < 0 ? "open" : "ftruncate", path, NULL);
  free(path);
  return NULL;
}

/* ---- file descriptors ---- */

JSValueRef fs_op_open(JSContextRef ctx, size_t argc, const JSValueRef argv[], JSValueRef *err) {
  char *path = fs_path_arg(ctx, argc, argv, 0, "path", err);
  if (!path) return NULL;
  int flags = open_flags(ctx, ARG(1), O_RDONLY);
  int mode = JSValueIsNumber(ctx, ARG(2)) ? (int)JSValueToNumber(ctx, ARG(2), NULL) : 0666;
  int fd = x_open(path, flags, mode);
  JSValueRef r = fd < 0 ? fail(ctx, err, fd, "open", path, NULL) : JSValueMakeNumber(ctx, fd);
  free(path);
  return r;
}

static bool fd_arg(JSContextRef ctx, JSValueRef v, uv_file *fd, JSValueRef *err) {
  if (!JSValueIsNumber(ctx, v)) {
    js_throw_arg_type(ctx, err, "fd", "of type number", v);
    return false;
  }
  *fd = (uv_file)JSValueToNumber(ctx, v, NULL);
  return true;
}

JSValueRef fs_op_close(JSContextRef ctx, size_t argc, const JSValueRef argv[], JSValueRef *err) {
  uv_file fd;
  if (!fd_arg(ctx, ARG(0), &fd, err)) return NULL;
  int r = x_close(fd);
  return r < 0 ? fail(ctx, err, r, "close", NULL, NULL) : NULL;
}

/* read(fd, buffer, offset, length, position) → bytesRead */
JSValueRef fs_op_read(JSContextRef ctx, size_t argc, const JSValueRef argv[], JSValueRef *err) {
  uv_file fd;
  unsigned char *p;
  size_t n;
  if (!fd_arg(ctx, ARG(0), &fd, err)) return NULL;
  if (!js_bytes_view(ctx, ARG(1), &p, &n))
    return js_throw_arg_type(ctx, err, "buffer", "an instance of Buffer, TypedArray, or DataView",
                             ARG(1)),
           NULL;
  size_t off = JSValueIsNumber(ctx, ARG(2)) ? (size_t)JSValueToNumber(ctx, ARG(2), NULL) : 0;
  if (off > n) off = n;
  size_t len = JSValueIsNumber(ctx, ARG(3)) ? (size_t)JSValueToNumber(ctx, ARG(3), NULL) : n - off;
  if (len > n - off) len = n - off;
  int64_t pos = JSValueIsNumber(ctx, ARG(4)) ? (int64_t)JSValueToNumber(ctx, ARG(4), NULL) : -1;
  uv_buf_t b = uv_buf_init((char *)p + off, (unsigned)len);
  int r = x_read(fd, &b, pos);
  return r < 0 ? fail(ctx, err, r, "read", NULL, NULL) : JSValueMakeNumber(ctx, r);
}

/* write(fd, buffer|string, ...) → bytesWritten */
JSValueRef fs_op_write(JSContextRef ctx, size_t argc, const JSValueRef argv[], JSValueRef *err) {
  uv_file fd;
  if (!fd_arg(ctx, ARG(0), &fd, err)) return NULL;
  size_t len;
  unsigned char *data =
      data_arg(ctx, ARG(1), JSValueIsString(ctx, ARG(1)) ? ARG(3) : NULL, &len, err);
  if (!data) return NULL;
  size_t off = 0, n = len;
  int64_t pos = -1;
  if (JSValueIsString(ctx, ARG(1))) {
    if (JSValueIsNumber(ctx, ARG(2))) pos = (int64_t)JSValueToNumber(ctx, ARG(2), NULL);
  } else {
    if (JSValueIsNumber(ctx, ARG(2))) off = (size_t)JSValueToNumber(ctx, ARG(2), NULL);
    if (off > len) off = len;
    n = JSValueIsNumber(ctx, ARG(3)) ? (size_t)JSValueToNumber(ctx, ARG(3), NULL) : len - off;
    if (n > len - off) n = len - off;
    if (JSValueIsNumber(ctx, ARG(4))) pos = (int64_t)JSValueToNumber(ctx, ARG(4), NULL);
  }
  uv_buf_t b = uv_buf_init((char *)data + off, (unsigned)n);
  int r = x_write(fd, &b, pos);
  free(data);
  return r < 0 ? fail(ctx, err, r, "write", NULL, NULL) : JSValueMakeNumber(ctx, r);
}

JSValueRef fs_op_fstat(JSContextRef ctx, size_t argc, const JSValueRef argv[], JSValueRef *err) {
  uv_file fd;
  if (!fd_arg(ctx, ARG(0), &fd, err)) return NULL;
  uv_fs_t req;
  int r = uv_fs_fstat(NULL, &req, fd, NULL);
  JSValueRef result =
      r < 0 ? fail(ctx, err, r, "fstat", NULL, NULL) : make_stats(ctx, &req.statbuf);
  uv_fs_req_cleanup(&req);
  return result;
}
