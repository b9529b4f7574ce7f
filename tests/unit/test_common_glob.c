/* Unit tests for common/glob: pattern matching, path resolution, and expansion against a
 * temporary directory tree built per test group. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/glob.h"
#include "common/sbuf.h"

/* ---- glob_match ----------------------------------------------------------------------- */

static void test_match_star_and_question(void **state) {
  assert_true(glob_match("*.js", "a.js"));
  assert_false(glob_match("*.js", ".js"));
  assert_false(glob_match("*.js", "dir/a.js"));
  assert_true(glob_match("a?c", "abc"));
  assert_false(glob_match("a?c", "ac"));
  assert_false(glob_match("a?c", "a/c"));
  assert_true(glob_match("*", "anything"));
  assert_true(glob_match("a*b*c", "axxbyyc"));
  assert_false(glob_match("a*b*c", "axxbyy"));
  assert_true(glob_match("*a*a*a", "aaaaaaaaaaaaaaaaaaaaa"));
  assert_false(glob_match("*a*a*b", "aaaaaaaaaaaaaaaaaaaaa"));
  assert_true(glob_match("exact.js", "exact.js"));
  assert_false(glob_match("exact.js", "exact.jsx"));
  assert_false(glob_match("", "a"));
  assert_true(glob_match("", ""));
}

static void test_match_utf8(void **state) {
  /* '?' stands for one character, not one byte. */
  assert_true(glob_match("?.js", "\xc3\xa9.js"));
  assert_true(glob_match("caf?", "caf\xc3\xa9"));
  assert_false(glob_match("caf??", "caf\xc3\xa9"));
  assert_true(glob_match("[\xc3\xa0-\xc3\xbf]x", "\xc3\xa9x"));
  assert_true(glob_match("*\xc3\xa9", "abc\xc3\xa9"));
}

static void test_match_classes(void **state) {
  assert_true(glob_match("[abc].js", "b.js"));
  assert_false(glob_match("[abc].js", "d.js"));
  assert_true(glob_match("[a-c]x", "cx"));
  assert_false(glob_match("[a-c]x", "dx"));
  assert_true(glob_match("[!a]x", "bx"));
  assert_false(glob_match("[!a]x", "ax"));
  assert_true(glob_match("[^a]x", "bx"));
  assert_true(glob_match("[]a]", "]"));
  assert_true(glob_match("[a-]", "-"));
  assert_true(glob_match("v[[:digit:]]", "v7"));
  assert_false(glob_match("v[[:digit:]]", "vx"));
  assert_true(glob_match("[[:upper:][:digit:]]", "Q"));
  /* An unterminated class is a literal '['. */
  assert_true(glob_match("a[b", "a[b"));
  assert_false(glob_match("a[b", "ab"));
  /* A class never matches the separator. */
  assert_false(glob_match("a[/]b", "a/b"));
}

static void test_match_escapes(void **state) {
  assert_true(glob_match("\\*.js", "*.js"));
  assert_false(glob_match("\\*.js", "a.js"));
  assert_true(glob_match("a\\?", "a?"));
  assert_false(glob_match("a\\?", "ab"));
  assert_true(glob_match("\\{a,b\\}", "{a,b}"));
  assert_true(glob_match("[\\]]", "]"));
}

static void test_match_globstar(void **state) {
  const char *pat = "./specs/**/*.spec.js";
  assert_true(glob_match(pat, "specs/a.spec.js"));
  assert_true(glob_match(pat, "specs/x/a.spec.js"));
  assert_true(glob_match(pat, "specs/x/y/a.spec.js"));
  assert_true(glob_match(pat, "./specs/x/y/a.spec.js"));
  assert_false(glob_match(pat, "specs/a.js"));
  assert_false(glob_match(pat, "other/a.spec.js"));
  /* '**' does not walk into dot-directories unless the pattern names them. */
  assert_false(glob_match(pat, "specs/.hidden/a.spec.js"));
  assert_true(glob_match("specs/.hidden/**/*.js", "specs/.hidden/x/a.js"));
  assert_true(glob_match("**/*.js", "a.js"));
  assert_true(glob_match("**/*.js", "/abs/path/a.js"));
  assert_true(glob_match("/abs/**", "/abs/path/a.js"));
  assert_false(glob_match("/abs/**", "abs/path/a.js"));
  assert_true(glob_match("a/**/b/**/c", "a/b/c"));
  assert_true(glob_match("a/**/b/**/c", "a/x/b/y/z/c"));
  assert_false(glob_match("a/**/b/**/c", "a/x/y/z/c"));
  /* '**' inside a segment is just '*'. */
  assert_true(glob_match("a**.js", "abc.js"));
  assert_false(glob_match("a**.js", "a/b.js"));
  /* Many '**' must not blow up. */
  assert_false(glob_match("**/**/**/**/**/**/**/**/**/**/**/x",
                          "a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t/u/v/w/y"));
}

static void test_match_dotfiles(void **state) {
  assert_false(glob_match("*", ".env"));
  assert_false(glob_match("?env", ".env"));
  assert_false(glob_match("[.]env", ".env"));
  assert_true(glob_match(".*", ".env"));
  assert_true(glob_match(".e*", ".env"));
  assert_true(glob_match("dir/.*.js", "dir/.x.js"));
  assert_false(glob_match("dir/*.js", "dir/.x.js"));
}

static void test_match_braces(void **state) {
  assert_true(glob_match("{a,b}.js", "a.js"));
  assert_true(glob_match("{a,b}.js", "b.js"));
  assert_false(glob_match("{a,b}.js", "c.js"));
  assert_true(glob_match("x{a,{b,c}d}y", "xcdy"));
  assert_true(glob_match("x{a,{b,c}d}y", "xay"));
  assert_false(glob_match("x{a,{b,c}d}y", "xcy"));
  assert_true(glob_match("{specs,tests}/**/*.{js,ts}", "tests/x/a.ts"));
  assert_true(glob_match("a{,b}", "a"));
  assert_true(glob_match("a{,b}", "ab"));
  /* No comma or no closing brace: literal. */
  assert_true(glob_match("{a}", "{a}"));
  assert_false(glob_match("{a}", "a"));
  assert_true(glob_match("{a,b", "{a,b"));
  assert_true(glob_match("{x{a,b}", "{xb"));
}

static void test_match_slashes(void **state) {
  /* Repeated and trailing separators collapse as they do in file names. */
  assert_true(glob_match("a/*/c", "a//b//c"));
  assert_true(glob_match("a/b", "a//b/"));
  assert_false(glob_match("*", "/"));
  assert_false(glob_match("a/*", "a"));
  assert_true(glob_match("a/**", "a"));
}

static void test_has_magic(void **state) {
  assert_true(glob_has_magic("*.js"));
  assert_true(glob_has_magic("a?"));
  assert_true(glob_has_magic("[ab]"));
  assert_true(glob_has_magic("{a,b}"));
  assert_false(glob_has_magic("specs/a.spec.js"));
  assert_false(glob_has_magic(""));
  assert_false(glob_has_magic("\\*.js"));
  assert_false(glob_has_magic("trailing\\"));
}

/* ---- path_resolve --------------------------------------------------------------------- */

static void assert_resolves(const char *base, const char *path, const char *want) {
  char *got = path_resolve(base, path);
  assert_non_null(got);
  assert_string_equal(got, want);
  free(got);
}

static void test_path_resolve(void **state) {
  assert_resolves("/base/dir", "a/b.js", "/base/dir/a/b.js");
  assert_resolves("/base/dir", "./a/./b.js", "/base/dir/a/b.js");
  assert_resolves("/base/dir", "../x/../y.js", "/base/y.js");
  assert_resolves("/base/dir", "/abs//p/../q/", "/abs/q");
  assert_resolves("/base/dir/", "", "/base/dir");
  assert_resolves("/base/dir", ".", "/base/dir");
  assert_resolves("/", "../../..", "/");
  assert_resolves("/a", "b/c/../../../..", "/");
  assert_resolves("//a///b", "c", "/a/b/c");

  char *cwd = path_resolve(NULL, ".");
  assert_non_null(cwd);
  assert_int_equal(cwd[0], '/');
  char *rel = path_resolve("sub", "f");
  char *want = xasprintf("%s/sub/f", strcmp(cwd, "/") == 0 ? "" : cwd);
  assert_string_equal(rel, want);
  free(want);
  free(rel);
  free(cwd);
}

/* ---- glob_expand ---------------------------------------------------------------------- */

typedef struct {
  char *root;
} tree_t;

static void touch(const char *root, const char *rel) {
  char *path = xasprintf("%s/%s", root, rel);
  /* Create the parent directories on the way. */
  for (char *p = path + strlen(root) + 1; *p; p++) {
    if (*p != '/') continue;
    *p = '\0';
    if (mkdir(path, 0755) != 0 && errno != EEXIST) fail_msg("mkdir %s: %s", path, strerror(errno));
    *p = '/';
  }
  FILE *f = fopen(path, "w");
  if (!f) fail_msg("fopen %s: %s", path, strerror(errno));
  fputs("// test\n", f);
  if (fclose(f) != 0) fail_msg("fclose %s", path);
  free(path);
}

static void make_dir(const char *root, const char *rel) {
  char *path = xasprintf("%s/%s", root, rel);
  if (mkdir(path, 0755) != 0 && errno != EEXIST) fail_msg("mkdir %s: %s", path, strerror(errno));
  free(path);
}

static void make_link(const char *root, const char *target, const char *rel) {
  char *path = xasprintf("%s/%s", root, rel);
  if (symlink(target, path) != 0) fail_msg("symlink %s: %s", path, strerror(errno));
  free(path);
}

static void remove_tree(const char *path) {
  struct stat st;
  if (lstat(path, &st) != 0) return;
  if (S_ISDIR(st.st_mode)) {
    DIR *d = opendir(path);
    assert_non_null(d);
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
      if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0) continue;
      char *child = xasprintf("%s/%s", path, de->d_name);
      remove_tree(child);
      free(child);
    }
    assert_int_equal(closedir(d), 0);
    assert_int_equal(rmdir(path), 0);
  } else {
    assert_int_equal(unlink(path), 0);
  }
}

static int tree_setup(void **state) {
  char tmpl[] = "/tmp/sonde-glob-XXXXXX";
  if (!mkdtemp(tmpl)) return -1;
  tree_t *t = xmalloc(sizeof(*t));
  t->root = xstrdup(tmpl);
  touch(t->root, "specs/a.spec.js");
  touch(t->root, "specs/b.spec.js");
  touch(t->root, "specs/helper.js");
  touch(t->root, "specs/x/d.spec.ts");
  touch(t->root, "specs/x/y/c.spec.js");
  touch(t->root, "specs/.hidden/h.spec.js");
  touch(t->root, "specs/.dot.spec.js");
  touch(t->root, "specs/node_modules/m.spec.js");
  touch(t->root, "specs/x/node_modules/n.spec.js");
  make_dir(t->root, "specs/dir.spec.js");
  make_link(t->root, "a.spec.js", "specs/link.spec.js");
  make_link(t->root, "missing.js", "specs/dangling.spec.js");
  make_link(t->root, "..", "specs/x/loop");
  make_link(t->root, "self", "specs/self");
  make_link(t->root, "other", "linkdir");
  touch(t->root, "other/e.spec.js");
  touch(t->root, "weird [dir]/w.spec.js");
  touch(t->root, "\xc3\xa9t\xc3\xa9/\xc3\xbc.spec.js");
  *state = t;
  return 0;
}

static int tree_teardown(void **state) {
  tree_t *t = *state;
  remove_tree(t->root);
  struct stat st;
  assert_int_not_equal(lstat(t->root, &st), 0);
  free(t->root);
  free(t);
  return 0;
}

/* Expands and checks the exact result list; expected paths are relative to the root. */
static void expect_glob(const tree_t *t, const char *base_rel, const char *pattern, int want_rc,
                        ...) {
  char *base = base_rel ? xasprintf("%s/%s", t->root, base_rel) : xstrdup(t->root);
  strvec_t out = STRVEC_INIT;
  int rc = glob_expand(base, pattern, &out);
  strvec_t want = STRVEC_INIT;
  va_list ap;
  va_start(ap, want_rc);
  const char *rel;
  while ((rel = va_arg(ap, const char *)) != NULL)
    strvec_push_owned(&want, xasprintf("%s/%s", t->root, rel));
  va_end(ap);
  strvec_sort_unique(&want);
  if (rc != want_rc || out.len != want.len) {
    for (size_t i = 0; i < out.len; i++) print_message("  got %s\n", out.items[i]);
    fail_msg("pattern %s: rc %d (want %d), %zu results (want %zu)", pattern, rc, want_rc, out.len,
             want.len);
  }
  for (size_t i = 0; i < want.len; i++) assert_string_equal(out.items[i], want.items[i]);
  strvec_free(&want);
  strvec_free(&out);
  free(base);
}

static void test_expand_globstar(void **state) {
  const tree_t *t = *state;
  expect_glob(t, NULL, "./specs/**/*.spec.js", 4, "specs/a.spec.js", "specs/b.spec.js",
              "specs/link.spec.js", "specs/x/y/c.spec.js", NULL);
  expect_glob(t, NULL, "specs/**/*.spec.{js,ts}", 5, "specs/a.spec.js", "specs/b.spec.js",
              "specs/link.spec.js", "specs/x/y/c.spec.js", "specs/x/d.spec.ts", NULL);
  /* Trailing '**' matches files at every depth. */
  expect_glob(t, NULL, "specs/x/**", 2, "specs/x/d.spec.ts", "specs/x/y/c.spec.js", NULL);
}

static void test_expand_star(void **state) {
  const tree_t *t = *state;
  expect_glob(t, NULL, "specs/*.js", 4, "specs/a.spec.js", "specs/b.spec.js", "specs/helper.js",
              "specs/link.spec.js", NULL);
  expect_glob(t, NULL, "specs/[ab].spec.js", 2, "specs/a.spec.js", "specs/b.spec.js", NULL);
  /* '?' is one character, so "w" and the two-byte "\xc3\xbc" both qualify; explicit
   * segments follow symlinked directories (linkdir). */
  expect_glob(t, NULL, "*/?.spec.js", 6, "specs/a.spec.js", "specs/b.spec.js", "other/e.spec.js",
              "linkdir/e.spec.js", "weird [dir]/w.spec.js", "\xc3\xa9t\xc3\xa9/\xc3\xbc.spec.js",
              NULL);
  expect_glob(t, NULL, "*/*/*/*.js", 1, "specs/x/y/c.spec.js", NULL);
  expect_glob(t, NULL, "\xc3\xa9t\xc3\xa9/?.spec.js", 1, "\xc3\xa9t\xc3\xa9/\xc3\xbc.spec.js",
              NULL);
}

static void test_expand_dot_and_node_modules(void **state) {
  const tree_t *t = *state;
  expect_glob(t, NULL, "specs/.*.js", 1, "specs/.dot.spec.js", NULL);
  expect_glob(t, NULL, "specs/.hidden/*.js", 1, "specs/.hidden/h.spec.js", NULL);
  expect_glob(t, NULL, "specs/.*/*.js", 1, "specs/.hidden/h.spec.js", NULL);
  expect_glob(t, NULL, "specs/node_modules/*.js", 1, "specs/node_modules/m.spec.js", NULL);
  expect_glob(t, NULL, "**/node_modules/*.js", 2, "specs/node_modules/m.spec.js",
              "specs/x/node_modules/n.spec.js", NULL);
  expect_glob(t, NULL, "specs/*/*.js", 0, NULL);
}

static void test_expand_braces(void **state) {
  const tree_t *t = *state;
  expect_glob(t, NULL, "{specs,other}/{a,e}.spec.js", 2, "specs/a.spec.js", "other/e.spec.js",
              NULL);
  /* Alternatives that find the same file count it once. */
  expect_glob(t, NULL, "specs/{a,a,{a,b}}.spec.js", 2, "specs/a.spec.js", "specs/b.spec.js", NULL);
  expect_glob(t, NULL, "specs/{a,nope}.spec.js", 1, "specs/a.spec.js", NULL);
}

static void test_expand_literal_and_paths(void **state) {
  const tree_t *t = *state;
  expect_glob(t, NULL, "specs/a.spec.js", 1, "specs/a.spec.js", NULL);
  expect_glob(t, NULL, "./specs/../specs/./x/y/c.spec.js", 1, "specs/x/y/c.spec.js", NULL);
  expect_glob(t, "specs/x", "../a.spec.js", 1, "specs/a.spec.js", NULL);
  expect_glob(t, "specs", "../*/e.spec.js", 2, "other/e.spec.js", "linkdir/e.spec.js", NULL);
  expect_glob(t, NULL, "specs/missing.js", 0, NULL);
  expect_glob(t, NULL, "specs/dir.spec.js", 0, NULL);
  expect_glob(t, NULL, "specs/dangling.spec.js", 0, NULL);
  expect_glob(t, NULL, "missing/**/*.js", 0, NULL);
  expect_glob(t, NULL, "specs/a.spec.js/*.js", 0, NULL);
  expect_glob(t, NULL, "", 0, NULL);

  /* An absolute pattern ignores base_dir. */
  char *abs = xasprintf("%s/other/*.js", t->root);
  expect_glob(t, "specs", abs, 1, "other/e.spec.js", NULL);
  free(abs);

  /* Magic characters in base_dir are names, not patterns; escapes work in patterns. */
  expect_glob(t, "weird [dir]", "*.js", 1, "weird [dir]/w.spec.js", NULL);
  expect_glob(t, NULL, "weird \\[dir]/*.js", 1, "weird [dir]/w.spec.js", NULL);
  expect_glob(t, NULL, "weird [dir]/*.js", 0, NULL);
}

static void test_expand_symlinks(void **state) {
  const tree_t *t = *state;
  /* specs/x/loop points back at specs: '**' does not follow symlinked directories, so the
   * walk terminates and reports nothing through the loop. A self-referencing link is
   * skipped. */
  strvec_t out = STRVEC_INIT;
  char *base = xasprintf("%s/specs", t->root);
  int rc = glob_expand(base, "**", &out);
  assert_int_equal(rc, 6);
  for (size_t i = 0; i < out.len; i++) {
    assert_null(strstr(out.items[i], "/loop/"));
    assert_null(strstr(out.items[i], "/self"));
  }
  /* A pattern that names the link explicitly reaches through it once. */
  rc = glob_expand(base, "x/loop/a.spec.js", &out);
  assert_int_equal(rc, 1);
  assert_int_equal(out.len, 7);
  free(base);
  strvec_free(&out);

  /* From the root, '**' skips linkdir but an explicit segment enters it. */
  expect_glob(t, NULL, "**/e.spec.js", 1, "other/e.spec.js", NULL);
  expect_glob(t, NULL, "linkdir/*.js", 1, "linkdir/e.spec.js", NULL);
}

static void test_expand_unreadable_dir(void **state) {
  const tree_t *t = *state;
  if (geteuid() == 0) skip(); /* root reads any directory */
  char *dir = xasprintf("%s/locked", t->root);
  touch(t->root, "locked/in.spec.js");
  assert_int_equal(chmod(dir, 0), 0);
  expect_glob(t, NULL, "locked/*.js", 0, NULL);
  expect_glob(t, NULL, "**/in.spec.js", 0, NULL);
  assert_int_equal(chmod(dir, 0755), 0);
  free(dir);
}

/* With the cwd deleted there is no base for a relative pattern: path_resolve says so with
 * NULL and glob_expand reports an error, leaving `out` untouched. */
static void test_expand_error_without_cwd(void **state) {
  const tree_t *t = *state;
  char *saved = path_resolve(NULL, ".");
  assert_non_null(saved);
  char *gone = xasprintf("%s/gone", t->root);
  assert_int_equal(mkdir(gone, 0755), 0);
  assert_int_equal(chdir(gone), 0);
  assert_int_equal(rmdir(gone), 0);

  char *p = path_resolve(NULL, "x.js");
  strvec_t out = STRVEC_INIT;
  strvec_push(&out, "/keep.js");
  int rc = glob_expand(NULL, "*.js", &out);
  char *abs = path_resolve(NULL, "/abs/./x.js");
  int abs_rc = glob_expand(NULL, t->root, &out);

  assert_int_equal(chdir(saved), 0);
  assert_null(p);
  assert_int_equal(rc, -1);
  assert_int_equal(out.len, 1);
  assert_string_equal(out.items[0], "/keep.js");
  /* Absolute inputs need no cwd. */
  assert_non_null(abs);
  assert_string_equal(abs, "/abs/x.js");
  assert_int_equal(abs_rc, 0); /* the root is a directory, not a file */
  free(abs);
  strvec_free(&out);
  free(gone);
  free(saved);
}

static void test_expand_appends_sorted_unique(void **state) {
  const tree_t *t = *state;
  strvec_t out = STRVEC_INIT;
  strvec_push(&out, "/zzz/keep.js");
  char *a = xasprintf("%s/specs/a.spec.js", t->root);
  strvec_push(&out, a);
  int rc = glob_expand(t->root, "specs/[ab].spec.js", &out);
  assert_int_equal(rc, 2);
  assert_int_equal(out.len, 3);
  assert_string_equal(out.items[0], a);
  assert_string_equal(out.items[2], "/zzz/keep.js");
  for (size_t i = 1; i < out.len; i++) assert_true(strcmp(out.items[i - 1], out.items[i]) < 0);
  free(a);
  strvec_free(&out);
}

int main(void) {
  const struct CMUnitTest pure[] = {
      cmocka_unit_test(test_match_star_and_question),
      cmocka_unit_test(test_match_utf8),
      cmocka_unit_test(test_match_classes),
      cmocka_unit_test(test_match_escapes),
      cmocka_unit_test(test_match_globstar),
      cmocka_unit_test(test_match_dotfiles),
      cmocka_unit_test(test_match_braces),
      cmocka_unit_test(test_match_slashes),
      cmocka_unit_test(test_has_magic),
      cmocka_unit_test(test_path_resolve),
  };
  const struct CMUnitTest fs[] = {
      cmocka_unit_test(test_expand_globstar),
      cmocka_unit_test(test_expand_star),
      cmocka_unit_test(test_expand_dot_and_node_modules),
      cmocka_unit_test(test_expand_braces),
      cmocka_unit_test(test_expand_literal_and_paths),
      cmocka_unit_test(test_expand_symlinks),
      cmocka_unit_test(test_expand_unreadable_dir),
      cmocka_unit_test(test_expand_error_without_cwd),
      cmocka_unit_test(test_expand_appends_sorted_unique),
  };
  int failed = cmocka_run_group_tests_name("glob_match", pure, NULL, NULL);
  failed += cmocka_run_group_tests_name("glob_expand", fs, tree_setup, tree_teardown);
  return failed ? 1 : 0;
}
