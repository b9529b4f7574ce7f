/* node_fs_ops: the synchronous implementations behind every fs function (node_fs_ops.c)
 * and the argument helpers they share with node_fs.c. Internal to those two files.
 *
 * An operation reads its arguments (without the callback), does the work and returns the
 * result (NULL for undefined), or stores an Error in *err and returns NULL. */
#ifndef SONDE_JS_NODE_FS_OPS_H
#define SONDE_JS_NODE_FS_OPS_H

#include <JavaScriptCore/JavaScript.h>
#include <stdbool.h>
#include <stddef.h>

typedef JSValueRef (*fs_op_fn)(JSContextRef ctx, size_t argc, const JSValueRef argv[],
                               JSValueRef *err);

/* A path argument (string, Buffer or file: URL) as malloc'd UTF-8; NULL with *err. */
char *fs_path_arg(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t i,
                  const char *name, JSValueRef *err);
/* The encoding of an options argument that is a string or {encoding}; NULL when none. */
char *fs_encoding_opt(JSContextRef ctx, JSValueRef opts);
bool fs_bool_opt(JSContextRef ctx, JSValueRef opts, const char *name);

JSValueRef fs_op_read_file(JSContextRef, size_t, const JSValueRef[], JSValueRef *);
JSValueRef fs_op_write_file(JSContextRef, size_t, const JSValueRef[], JSValueRef *);
JSValueRef fs_op_append_file(JSContextRef, size_t, const JSValueRef[], JSValueRef *);
JSValueRef fs_op_access(JSContextRef, size_t, const JSValueRef[], JSValueRef *);
JSValueRef fs_op_mkdir(JSContextRef, size_t, const JSValueRef[], JSValueRef *);
JSValueRef fs_op_mkdtemp(JSContextRef, size_t, const JSValueRef[], JSValueRef *);
JSValueRef fs_op_readdir(JSContextRef, size_t, const JSValueRef[], JSValueRef *);
JSValueRef fs_op_stat(JSContextRef, size_t, const JSValueRef[], JSValueRef *);
JSValueRef fs_op_lstat(JSContextRef, size_t, const JSValueRef[], JSValueRef *);
JSValueRef fs_op_rm(JSContextRef, size_t, const JSValueRef[], JSValueRef *);
JSValueRef fs_op_rmdir(JSContextRef, size_t, const JSValueRef[], JSValueRef *);
JSValueRef fs_op_unlink(JSContextRef, size_t, const JSValueRef[], JSValueRef *);
JSValueRef fs_op_rename(JSContextRef, size_t, const JSValueRef[], JSValueRef *);
JSValueRef fs_op_copy_file(JSContextRef, size_t, const JSValueRef[], JSValueRef *);
JSValueRef fs_op_realpath(JSContextRef, size_t, const JSValueRef[], JSValueRef *);
JSValueRef fs_op_readlink(JSContextRef, size_t, const JSValueRef[], JSValueRef *);
JSValueRef fs_op_symlink(JSContextRef, size_t, const JSValueRef[], JSValueRef *);
JSValueRef fs_op_chmod(JSContextRef, size_t, const JSValueRef[], JSValueRef *);
JSValueRef fs_op_utimes(JSContextRef, size_t, const JSValueRef[], JSValueRef *);
JSValueRef fs_op_truncate(JSContextRef, size_t, const JSValueRef[], JSValueRef *);
JSValueRef fs_op_open(JSContextRef, size_t, const JSValueRef[], JSValueRef *);
JSValueRef fs_op_close(JSContextRef, size_t, const JSValueRef[], JSValueRef *);
JSValueRef fs_op_read(JSContextRef, size_t, const JSValueRef[], JSValueRef *);
JSValueRef fs_op_write(JSContextRef, size_t, const JSValueRef[], JSValueRef *);
JSValueRef fs_op_fstat(JSContextRef, size_t, const JSValueRef[], JSValueRef *);

/* existsSync(path) */
JSValueRef fs_exists_sync(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                          const JSValueRef argv[], JSValueRef *exc);
/* fs.Stats and fs.Dirent of the realm. */
JSObjectRef fs_stats_ctor(JSContextRef ctx);
JSObjectRef fs_dirent_ctor(JSContextRef ctx);

#endif
