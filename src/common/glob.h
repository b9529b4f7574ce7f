/* glob: file-name patterns as WebdriverIO's `specs`/`exclude` use them.
 * Syntax: `*` and `?` (not crossing `/`), `[abc]`/`[a-z]`/`[!a]`/`[[:digit:]]`, `**` (any
 * number of directories, including none), `{a,b}` alternatives (nestable, expanded before
 * anything else), `\x` for a literal x. A leading "./" is ignored. Dot-files are matched only
 * by patterns that name the dot explicitly. Results are owned by the caller's strvec. */
#ifndef SONDE_COMMON_GLOB_H
#define SONDE_COMMON_GLOB_H

#include <stdbool.h>

#include "common/strvec.h"

/* True when `path` (relative or absolute, '/'-separated) matches `pattern` as a whole. */
bool glob_match(const char *pattern, const char *path);

/* True when `s` contains unescaped glob syntax (* ? [ {). */
bool glob_has_magic(const char *s);

/* Expands `pattern` against the file system. A relative pattern is taken relative to
 * `base_dir` (NULL: the cwd); "." and ".." are resolved textually first, as path.resolve
 * does. Only directories the pattern can reach are read; dot-directories are entered only
 * by a segment starting with a literal '.', `node_modules` only by the literal name, and
 * symlink loops are cut. Results are absolute, normalised paths ("a/./b/../c" → "a/c") of
 * regular files, appended to `out` (which is then sorted and deduplicated). A pattern
 * without magic names one file and is appended when it exists. Missing or unreadable
 * directories just match nothing.
 * Returns the number of distinct files the pattern matched (0 when none), -1 on an I/O
 * error, in which case `out` is left unchanged. */
int glob_expand(const char *base_dir, const char *pattern, strvec_t *out);

/* Absolute, normalised form of `path` relative to `base_dir` (NULL: the cwd), malloc'd.
 * Purely textual: symlinks are not resolved. NULL only when the cwd is needed and
 * cannot be read. */
char *path_resolve(const char *base_dir, const char *path);

#endif
