/* fsutil: small file-system helpers. Returned strings are malloc'd, owned by the caller. */
#ifndef SONDE_COMMON_FSUTIL_H
#define SONDE_COMMON_FSUTIL_H

#include <stdbool.h>
#include <stddef.h>

/* Whole file, NUL-terminated; NULL with errno set on failure. `len` may be NULL. */
char *fs_read_file(const char *path, size_t *len);
/* Writes `data` to `path` through a temporary file and rename, so readers never see a
 * half-written file. Returns 0 or -1 with errno. */
int fs_write_file_atomic(const char *path, const char *data, size_t len);
bool fs_is_file(const char *path);
bool fs_is_dir(const char *path);
/* Creates `path` and its parents (mkdir -p). Returns 0 or -1 with errno. */
int fs_mkdir_p(const char *path);
char *fs_dirname(const char *path);
/* Pointer into `path` after its last '/'. */
const char *fs_basename(const char *path);
/* Current working directory (malloc'd). */
char *fs_cwd(void);
/* `path` relative to `base` when it lies below it, else a copy of `path`. */
char *fs_relative(const char *base, const char *path);

#endif
