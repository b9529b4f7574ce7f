/* glob: file-name patterns as WebdriverIO's `specs`/`exclude` use them.
 * Syntax: `*` and `?` (not crossing `/`), `[abc]`/`[a-z]`/`[!a]`, `**` (any number of
 * directories, including none), `{a,b}` alternatives (nestable). Dot-files are matched only
 * by patterns that name the dot explicitly. Results are owned by the caller's strvec. */
#ifndef SONDE_COMMON_GLOB_H
#define SONDE_COMMON_GLOB_H

#include <stdbool.h>

#include "common/strvec.h"

/* True when `path` (relative or absolute, '/'-separated) matches `pattern` as a whole. */
bool glob_match(const char *pattern, const char *path);

/* True when `s` contains glob syntax (* ? [ {). */
bool glob_has_magic(const char *s);

/* Expands `pattern` against the file system. A relative pattern is taken relative to
 * `base_dir`; results are absolute, normalised paths ("a/./b/../c" → "a/c") of regular
 * files, appended to `out` (which is then sorted and deduplicated). A pattern without
 * magic names one file and is appended when it exists.
 * Returns the number of files the pattern matched (0 when none), -1 on an I/O error. */
int glob_expand(const char *base_dir, const char *pattern, strvec_t *out);

/* Absolute, normalised form of `path` relative to `base_dir` (malloc'd). */
char *path_resolve(const char *base_dir, const char *path);

#endif
