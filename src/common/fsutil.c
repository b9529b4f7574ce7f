#include "common/fsutil.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/sbuf.h"

char *fs_read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  sbuf_t b = SBUF_INIT;
  char chunk[16384];
  size_t n;
  while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0) sbuf_append(&b, chunk, n);
  int failed = ferror(f);
  fclose(f);
  if (failed) {
    sbuf_free(&b);
    errno = EIO;
    return NULL;
  }
  if (len) *len = b.len;
  return sbuf_take(&b);
}

int fs_write_file_atomic(const char *path, const char *data, size_t len) {
  char *tmp = xasprintf("%s.tmp.%ld", path, (long)getpid());
  FILE *f = fopen(tmp, "wb");
  if (!f) {
    free(tmp);
    return -1;
  }
  size_t written = fwrite(data, 1, len, f);
  int rc = (written == len) ? 0 : -1;
  if (fclose(f) != 0) rc = -1;
  if (rc == 0 && rename(tmp, path) != 0) rc = -1;
  if (rc != 0) {
    int saved = errno;
    unlink(tmp);
    errno = saved;
  }
  free(tmp);
  return rc;
}

bool fs_is_file(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

bool fs_is_dir(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

int fs_mkdir_p(const char *path) {
  char *copy = xstrdup(path);
  for (char *p = copy + 1; *p; p++) {
    if (*p != '/') continue;
    *p = '\0';
    if (mkdir(copy, 0777) != 0 && errno != EEXIST) {
      free(copy);
      return -1;
    }
    *p = '/';
  }
  int rc = (mkdir(copy, 0777) != 0 && errno != EEXIST) ? -1 : 0;
  free(copy);
  return rc;
}

char *fs_dirname(const char *path) {
  const char *slash = strrchr(path, '/');
  if (!slash) return xstrdup(".");
  if (slash == path) return xstrdup("/");
  return xstrndup(path, (size_t)(slash - path));
}

const char *fs_basename(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

char *fs_cwd(void) {
  char buf[PATH_MAX];
  if (!getcwd(buf, sizeof(buf))) return xstrdup(".");
  return xstrdup(buf);
}

char *fs_relative(const char *base, const char *path) {
  size_t n = strlen(base);
  if (n && strncmp(base, path, n) == 0 && path[n] == '/') return xstrdup(path + n + 1);
  return xstrdup(path);
}
