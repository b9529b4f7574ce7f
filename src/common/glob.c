#include "common/glob.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/sbuf.h"

/* ---- brace expansion ------------------------------------------------------------------ */

/* Expands the first `{...}` that holds a top-level comma and recurses on every result, so
 * nested and sequential braces multiply out like the brace-expansion package does. Braces
 * without a comma ("{a}", "{}") and unmatched ones stay literal, as in bash. */
static void glob_brace_expand(const char *pat, strvec_t *out) {
  for (size_t i = 0; pat[i]; i++) {
    if (pat[i] == '\\' && pat[i + 1]) {
      i++;
      continue;
    }
    if (pat[i] != '{') continue;

    size_t depth = 0, close = 0;
    bool has_comma = false, closed = false;
    for (size_t j = i + 1; pat[j]; j++) {
      if (pat[j] == '\\' && pat[j + 1]) {
        j++;
      } else if (pat[j] == '{') {
        depth++;
      } else if (pat[j] == '}') {
        if (depth == 0) {
          close = j;
          closed = true;
          break;
        }
        depth--;
      } else if (pat[j] == ',' && depth == 0) {
        has_comma = true;
      }
    }
    /* A literal brace may still contain an expandable one ("{a{b,c}}"): keep scanning. */
    if (!closed || !has_comma) continue;

    size_t start = i + 1;
    depth = 0;
    for (size_t j = i + 1; j <= close; j++) {
      if (pat[j] == '\\' && j + 1 < close) {
        j++;
        continue;
      }
      if (pat[j] == '{') depth++;
      else if (pat[j] == '}' && depth > 0) depth--;
      else if ((pat[j] == ',' && depth == 0) || j == close) {
        sbuf_t alt = SBUF_INIT;
        sbuf_append(&alt, pat, i);
        sbuf_append(&alt, pat + start, j - start);
        sbuf_puts(&alt, pat + close + 1);
        glob_brace_expand(sbuf_cstr(&alt), out);
        sbuf_free(&alt);
        start = j + 1;
      }
    }
    return;
  }
  strvec_push(out, pat);
}

/* ---- matching one path segment -------------------------------------------------------- */

/* Length of the UTF-8 sequence at `s` (1 for a stray byte) and its code point, so that `?`
 * and classes consume whole characters of non-ASCII file names. */
static size_t glob_utf8_next(const char *s, uint32_t *cp) {
  const unsigned char *u = (const unsigned char *)s;
  size_t n;
  uint32_t c;
  if (u[0] < 0x80) {
    *cp = u[0];
    return 1;
  } else if ((u[0] & 0xE0) == 0xC0) {
    n = 2;
    c = u[0] & 0x1F;
  } else if ((u[0] & 0xF0) == 0xE0) {
    n = 3;
    c = u[0] & 0x0F;
  } else if ((u[0] & 0xF8) == 0xF0) {
    n = 4;
    c = u[0] & 0x07;
  } else {
    *cp = u[0];
    return 1;
  }
  for (size_t k = 1; k < n; k++) {
    if ((u[k] & 0xC0) != 0x80) {
      *cp = u[0];
      return 1;
    }
    c = (c << 6) | (u[k] & 0x3F);
  }
  *cp = c;
  return n;
}

static bool glob_posix_class(const char *name, size_t len, uint32_t c) {
  static const struct {
    const char *name;
    int (*fn)(int);
  } classes[] = {
      {"alnum", isalnum}, {"alpha", isalpha}, {"blank", isblank}, {"cntrl", iscntrl},
      {"digit", isdigit}, {"graph", isgraph}, {"lower", islower}, {"print", isprint},
      {"punct", ispunct}, {"space", isspace}, {"upper", isupper}, {"xdigit", isxdigit},
  };
  if (c >= 0x80) return false;
  for (size_t i = 0; i < sizeof(classes) / sizeof(classes[0]); i++)
    if (strlen(classes[i].name) == len && memcmp(classes[i].name, name, len) == 0)
      return classes[i].fn((int)c) != 0;
  return false;
}

/* Matches the bracket expression starting at `p` ('[') against code point `c`. Returns the
 * length of the expression, or 0 when it is unterminated and so stands for a literal '['. */
static size_t glob_class(const char *p, uint32_t c, bool *matched) {
  size_t i = 1;
  bool negate = false, hit = false;
  if (p[i] == '!' || p[i] == '^') {
    negate = true;
    i++;
  }
  size_t first = i;
  for (;;) {
    if (p[i] == '\0') return 0;
    if (p[i] == ']' && i > first) break;
    if (p[i] == '[' && p[i + 1] == ':') {
      const char *end = strstr(p + i + 2, ":]");
      if (end) {
        if (glob_posix_class(p + i + 2, (size_t)(end - (p + i + 2)), c)) hit = true;
        i = (size_t)(end - p) + 2;
        continue;
      }
    }
    uint32_t lo, hi;
    if (p[i] == '\\' && p[i + 1]) i++;
    i += glob_utf8_next(p + i, &lo);
    hi = lo;
    if (p[i] == '-' && p[i + 1] && p[i + 1] != ']') {
      i++;
      if (p[i] == '\\' && p[i + 1]) i++;
      i += glob_utf8_next(p + i, &hi);
    }
    if (c >= lo && c <= hi) hit = true;
  }
  *matched = hit != negate;
  return i + 1;
}

/* One pattern segment against one name, neither containing '/'. The single backtrack point
 * (the latest '*') suffices because '*' matches any run of characters. */
static bool glob_segment_match(const char *p, const char *s) {
  /* A leading dot is matched only by a literal one, like the glob package without `dot`. */
  if (s[0] == '.' && !(p[0] == '.' || (p[0] == '\\' && p[1] == '.'))) return false;
  /* '*' alone never matches an empty segment, so "*" does not accept "a//b" or a root. */
  if (s[0] == '\0') return p[0] == '\0';

  const char *star_p = NULL, *star_s = NULL;
  while (*s) {
    if (*p == '*') {
      while (*p == '*') p++;
      star_p = p;
      star_s = s;
      continue;
    }
    uint32_t c;
    size_t slen = glob_utf8_next(s, &c);
    bool ok = false;
    size_t plen = 0;
    if (*p == '?') {
      ok = true;
      plen = 1;
    } else if (*p == '[' && (plen = glob_class(p, c, &ok)) > 0) {
      /* ok set by glob_class */
    } else if (*p != '\0') {
      const char *lit = p;
      if (*lit == '\\' && lit[1]) lit++;
      uint32_t pc;
      size_t n = glob_utf8_next(lit, &pc);
      ok = pc == c && n == slen && memcmp(lit, s, n) == 0;
      plen = (size_t)(lit - p) + n;
    }
    if (ok) {
      p += plen;
      s += slen;
      continue;
    }
    if (!star_p) return false;
    uint32_t skip;
    star_s += glob_utf8_next(star_s, &skip);
    s = star_s;
    p = star_p;
  }
  while (*p == '*') p++;
  return *p == '\0';
}

/* ---- matching whole paths ------------------------------------------------------------- */

/* Splits on '/', dropping empty segments except a leading one, which marks an absolute
 * path, and a leading "./", which the glob package ignores. */
static void glob_split(const char *s, strvec_t *out) {
  while (s[0] == '.' && s[1] == '/') {
    s += 2;
    while (*s == '/') s++;
  }
  if (*s == '/') strvec_push(out, "");
  while (*s) {
    while (*s == '/') s++;
    const char *end = strchr(s, '/');
    size_t n = end ? (size_t)(end - s) : strlen(s);
    if (n) strvec_push_owned(out, xstrndup(s, n));
    s += n;
  }
}

/* Memoised over (pattern index, path index) because several '**' would otherwise
 * backtrack exponentially; memo holds 1 for "known to fail". */
static bool glob_segments_match(const strvec_t *pat, size_t pi, const strvec_t *path, size_t si,
                                unsigned char *memo) {
  unsigned char *seen = &memo[pi * (path->len + 1) + si];
  if (*seen) return false;
  bool ok;
  if (pi == pat->len) {
    ok = si == path->len;
  } else if (strcmp(pat->items[pi], "**") == 0) {
    ok = glob_segments_match(pat, pi + 1, path, si, memo);
    /* '**' does not descend into dot-directories, nor through "." or "..". */
    if (!ok && si < path->len && path->items[si][0] != '.')
      ok = glob_segments_match(pat, pi, path, si + 1, memo);
  } else {
    ok = si < path->len && glob_segment_match(pat->items[pi], path->items[si]) &&
         glob_segments_match(pat, pi + 1, path, si + 1, memo);
  }
  if (!ok) *seen = 1;
  return ok;
}

bool glob_match(const char *pattern, const char *path) {
  strvec_t pats = STRVEC_INIT, segs = STRVEC_INIT;
  glob_brace_expand(pattern, &pats);
  glob_split(path, &segs);
  bool ok = false;
  for (size_t i = 0; i < pats.len && !ok; i++) {
    strvec_t psegs = STRVEC_INIT;
    glob_split(pats.items[i], &psegs);
    unsigned char *memo = xcalloc((psegs.len + 1) * (segs.len + 1), 1);
    ok = glob_segments_match(&psegs, 0, &segs, 0, memo);
    free(memo);
    strvec_free(&psegs);
  }
  strvec_free(&segs);
  strvec_free(&pats);
  return ok;
}

bool glob_has_magic(const char *s) {
  for (; *s; s++) {
    if (*s == '\\' && s[1]) {
      s++;
      continue;
    }
    if (*s == '*' || *s == '?' || *s == '[' || *s == '{') return true;
  }
  return false;
}

/* ---- paths ---------------------------------------------------------------------------- */

static char *glob_getcwd(void) {
  size_t cap = 256;
  for (;;) {
    char *buf = xmalloc(cap);
    if (getcwd(buf, cap)) return buf;
    free(buf);
    if (errno != ERANGE) return NULL;
    cap *= 2;
  }
}

/* Appends `path`'s segments to `stack`, applying "." and ".." textually as path.resolve
 * does (".." at the root stays at the root). */
static void glob_push_segments(strvec_t *stack, const char *path) {
  while (*path) {
    while (*path == '/') path++;
    const char *end = strchr(path, '/');
    size_t n = end ? (size_t)(end - path) : strlen(path);
    if (n == 0 || (n == 1 && path[0] == '.')) {
      /* nothing */
    } else if (n == 2 && path[0] == '.' && path[1] == '.') {
      if (stack->len) free(stack->items[--stack->len]);
    } else {
      strvec_push_owned(stack, xstrndup(path, n));
    }
    path += n;
  }
}

static char *glob_join_segments(const strvec_t *segs, size_t n) {
  sbuf_t b = SBUF_INIT;
  for (size_t i = 0; i < n; i++) {
    sbuf_putc(&b, '/');
    sbuf_puts(&b, segs->items[i]);
  }
  if (b.len == 0) sbuf_putc(&b, '/');
  return sbuf_take(&b);
}

/* Fills `segs` with the segments of base_dir resolved against the cwd. */
static int glob_base_segments(const char *base_dir, strvec_t *segs) {
  if (!base_dir || base_dir[0] != '/') {
    char *cwd = glob_getcwd();
    if (!cwd) return -1;
    glob_push_segments(segs, cwd);
    free(cwd);
  }
  if (base_dir) glob_push_segments(segs, base_dir);
  return 0;
}

char *path_resolve(const char *base_dir, const char *path) {
  strvec_t segs = STRVEC_INIT;
  if (path[0] != '/' && glob_base_segments(base_dir, &segs) < 0) {
    strvec_free(&segs);
    return NULL;
  }
  glob_push_segments(&segs, path);
  char *out = glob_join_segments(&segs, segs.len);
  strvec_free(&segs);
  return out;
}

/* ---- walking the file system ---------------------------------------------------------- */

typedef struct {
  char *text; /* a file name when literal (escapes removed), else a segment pattern */
  bool literal;
} glob_seg_t;

typedef struct {
  glob_seg_t *segs;
  size_t n;
  strvec_t *found;
} glob_walk_t;

/* The directories on the current descent path. '**' skips symlinks, but a bind mount or a
 * link named by an explicit segment can still lead back to an ancestor. */
typedef struct glob_frame {
  dev_t dev;
  ino_t ino;
  const struct glob_frame *up;
} glob_frame_t;

static bool glob_on_stack(const glob_frame_t *f, const struct stat *st) {
  for (; f; f = f->up)
    if (f->dev == st->st_dev && f->ino == st->st_ino) return true;
  return false;
}

static char *glob_unescape(const char *s) {
  sbuf_t b = SBUF_INIT;
  for (; *s; s++) {
    if (*s == '\\' && s[1]) s++;
    sbuf_putc(&b, *s);
  }
  return sbuf_take(&b);
}

static char *glob_child(const char *dir, const char *name) {
  return xasprintf("%s%s%s", dir, strcmp(dir, "/") == 0 ? "" : "/", name);
}

/* Errors that mean "nothing here" rather than a failed walk: the glob package also skips
 * vanished entries, dangling or looping symlinks and unreadable directories. */
static bool glob_benign_errno(int e) {
  return e == ENOENT || e == ENOTDIR || e == EACCES || e == ELOOP || e == ENAMETOOLONG;
}

static int glob_walk(glob_walk_t *w, const char *dir, size_t i, const glob_frame_t *up);

/* Handles `path` (already known to match segment i) with status `st`. */
static int glob_visit(glob_walk_t *w, const char *path, const struct stat *st, size_t i,
                      const glob_frame_t *up) {
  if (i + 1 == w->n) {
    if (S_ISREG(st->st_mode)) strvec_push(w->found, path);
    return 0;
  }
  if (!S_ISDIR(st->st_mode) || glob_on_stack(up, st)) return 0;
  glob_frame_t frame = {st->st_dev, st->st_ino, up};
  return glob_walk(w, path, i + 1, &frame);
}

static int glob_walk(glob_walk_t *w, const char *dir, size_t i, const glob_frame_t *up) {
  const glob_seg_t *seg = &w->segs[i];
  bool last = i + 1 == w->n;
  int rc = 0;

  if (seg->literal) {
    char *path = glob_child(dir, seg->text);
    struct stat st;
    if (stat(path, &st) == 0) rc = glob_visit(w, path, &st, i, up);
    else if (!glob_benign_errno(errno)) rc = -1;
    free(path);
    return rc;
  }

  bool globstar = strcmp(seg->text, "**") == 0;
  /* '**' then the rest: the zero-directory case first, then each subdirectory with '**'
   * still pending. */
  if (globstar && !last && glob_walk(w, dir, i + 1, up) < 0) return -1;

  DIR *d = opendir(dir);
  if (!d) return glob_benign_errno(errno) ? 0 : -1;
  for (;;) {
    errno = 0;
    struct dirent *de = readdir(d);
    if (!de) {
      if (errno) rc = -1;
      break;
    }
    const char *name = de->d_name;
    if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0) continue;
    if (globstar ? name[0] == '.' : !glob_segment_match(seg->text, name)) continue;

    char *path = glob_child(dir, name);
    struct stat st;
    bool is_link = false;
    int sr = lstat(path, &st);
    if (sr == 0 && S_ISLNK(st.st_mode)) {
      is_link = true;
      sr = stat(path, &st);
    }
    if (sr != 0) {
      rc = glob_benign_errno(errno) ? 0 : -1;
    } else if (S_ISDIR(st.st_mode) && strcmp(name, "node_modules") == 0) {
      /* Only a literal segment (handled above) may enter node_modules. */
    } else if (globstar) {
      /* Like the glob package (follow: false), '**' does not descend through symlinked
       * directories: that is what keeps cyclic links from multiplying the results. */
      if (S_ISREG(st.st_mode) && last) {
        strvec_push(w->found, path);
      } else if (S_ISDIR(st.st_mode) && !is_link && !glob_on_stack(up, &st)) {
        glob_frame_t frame = {st.st_dev, st.st_ino, up};
        rc = glob_walk(w, path, i, &frame);
      }
    } else {
      rc = glob_visit(w, path, &st, i, up);
    }
    free(path);
    if (rc < 0) break;
  }
  if (closedir(d) != 0 && rc == 0) rc = -1;
  return rc;
}

/* Expands one brace-free pattern into `found`. */
static int glob_expand_one(const char *base_dir, const char *pattern, strvec_t *found) {
  strvec_t base = STRVEC_INIT, psegs = STRVEC_INIT;
  if (pattern[0] != '/' && glob_base_segments(base_dir, &base) < 0) {
    strvec_free(&base);
    return -1;
  }

  /* Resolve "." and ".." over the whole pattern as path.resolve does in WebdriverIO. The
   * base directory's segments are file names, never patterns, even if they hold '*'. */
  size_t nseg = base.len;
  glob_seg_t *segs = xcalloc(nseg + 1, sizeof(*segs));
  for (size_t k = 0; k < base.len; k++) {
    segs[k].text = base.items[k];
    segs[k].literal = true;
  }
  free(base.items);
  glob_split(pattern, &psegs);
  segs = xrealloc(segs, (nseg + psegs.len + 1) * sizeof(*segs));
  for (size_t k = 0; k < psegs.len; k++) {
    char *s = psegs.items[k];
    if (s[0] == '\0' || strcmp(s, ".") == 0) {
      free(s);
    } else if (strcmp(s, "..") == 0) {
      free(s);
      if (nseg) free(segs[--nseg].text);
    } else if (glob_has_magic(s)) {
      segs[nseg++] = (glob_seg_t){s, false};
    } else {
      segs[nseg++] = (glob_seg_t){glob_unescape(s), true};
      free(s);
    }
  }
  free(psegs.items);

  size_t prefix = 0;
  while (prefix < nseg && segs[prefix].literal) prefix++;

  int rc = 0;
  sbuf_t start = SBUF_INIT;
  for (size_t k = 0; k < prefix; k++) {
    sbuf_putc(&start, '/');
    sbuf_puts(&start, segs[k].text);
  }
  if (start.len == 0) sbuf_putc(&start, '/');

  struct stat st;
  if (stat(sbuf_cstr(&start), &st) != 0) {
    rc = glob_benign_errno(errno) ? 0 : -1;
  } else if (prefix == nseg) {
    if (S_ISREG(st.st_mode)) strvec_push(found, sbuf_cstr(&start));
  } else if (S_ISDIR(st.st_mode)) {
    glob_walk_t w = {segs + prefix, nseg - prefix, found};
    glob_frame_t frame = {st.st_dev, st.st_ino, NULL};
    rc = glob_walk(&w, sbuf_cstr(&start), 0, &frame);
  }

  sbuf_free(&start);
  for (size_t k = 0; k < nseg; k++) free(segs[k].text);
  free(segs);
  return rc;
}

int glob_expand(const char *base_dir, const char *pattern, strvec_t *out) {
  strvec_t pats = STRVEC_INIT, found = STRVEC_INIT;
  int rc = 0;
  glob_brace_expand(pattern, &pats);
  for (size_t i = 0; i < pats.len && rc == 0; i++)
    if (pats.items[i][0] && glob_expand_one(base_dir, pats.items[i], &found) < 0) rc = -1;
  strvec_free(&pats);

  if (rc == 0) {
    strvec_sort_unique(&found);
    rc = (int)found.len;
    for (size_t i = 0; i < found.len; i++) strvec_push_owned(out, found.items[i]);
    found.len = 0;
    strvec_sort_unique(out);
  }
  strvec_free(&found);
  return rc;
}
