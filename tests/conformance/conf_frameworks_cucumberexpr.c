/* conf_frameworks_cucumberexpr: Cucumber Expressions and regular-expression step patterns
 * against Cucumber's cucumber-expressions test data (../shared/conformance/
 * cucumber-expressions/testdata, argv[1] being the conformance folder), one YAML file a
 * case:
 *   cucumber-expression/tokenizer: expected_tokens equal the tokens (type, start, end,
 *     text), or `exception` is the error message, exactly;
 *   cucumber-expression/parser: expected_ast equals the AST, or `exception`;
 *   cucumber-expression/transformation: expected_regex equals the compiled regex;
 *   cucumber-expression/matching and regular-expression/matching: matching `text` gives
 *     expected_args (values compared as JSON: 3 and 3.0 differ, big numbers are strings),
 *     or no match when expected_args is null, or compiling fails with `exception`.
 * Prints a pass count per folder and passes at 100% (no known failures). Without the
 * data it exits with 77 (CTest: skipped) unless SONDE_REQUIRE_SHARED=1.
 * SONDE_CONF_VERBOSE=1 prints each failure. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/sbuf.h"
#include "common/strvec.h"
#include "frameworks/cucumber/cucumber_expr.h"
#include "yaml_json.h"

static int verbose;

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static void list_yaml(const char *dir, strvec_t *out) {
  DIR *d = opendir(dir);
  if (!d) return;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    size_t n = strlen(e->d_name);
    if (n > 5 && strcmp(e->d_name + n - 5, ".yaml") == 0) strvec_push(out, e->d_name);
  }
  closedir(d);
  qsort(out->items, out->len, sizeof(char *), cmp_str);
}

static bool same_error(const char *want, const char *got) {
  return want && got && strcmp(want, got) == 0;
}

static json_t *args_json(const cukexpr_arg_t *a, size_t n) {
  json_t *arr = json_array();
  for (size_t i = 0; i < n; i++) {
    switch (a[i].kind) {
    case CUKEXPR_V_INT: json_array_append_new(arr, json_integer(a[i].i)); break;
    case CUKEXPR_V_DOUBLE: json_array_append_new(arr, json_real(a[i].d)); break;
    case CUKEXPR_V_STRING: json_array_append_new(arr, json_string(a[i].s)); break;
    default: json_array_append_new(arr, json_null()); break;
    }
  }
  return arr;
}

/* One case; true when it passes. `what` is the folder. */
static bool run_case(const char *what, json_t *c, cukexpr_registry_t *reg) {
  const char *expr = json_string_value(json_object_get(c, "expression"));
  const char *exc = json_string_value(json_object_get(c, "exception"));
  if (!expr) return false;
  char *err = NULL;
  bool ok = false;
  if (strcmp(what, "cucumber-expression/tokenizer") == 0 ||
      strcmp(what, "cucumber-expression/parser") == 0) {
    bool tok = strstr(what, "tokenizer") != NULL;
    json_t *got = tok ? cukexpr_tokens_json(expr, &err) : cukexpr_ast_json(expr, &err);
    json_t *want = json_object_get(c, tok ? "expected_tokens" : "expected_ast");
    ok = exc ? !got && same_error(exc, err) : got && json_equal(got, want);
    if (!ok && verbose) {
      char *g = got ? json_dumps(got, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
      fprintf(stderr, "%s %s:\n  want %s\n  got  %s\n", what, expr, exc ? exc : "(value)",
              g ? g : err);
      free(g);
    }
    json_decref(got);
  } else if (strcmp(what, "cucumber-expression/transformation") == 0) {
    const char *want = json_string_value(json_object_get(c, "expected_regex"));
    cukexpr_t *e = cukexpr_compile(reg, expr, &err);
    ok = e && want && strcmp(cukexpr_regex(e), want) == 0;
    if (!ok && verbose)
      fprintf(stderr, "%s %s: want %s got %s\n", what, expr, want, e ? cukexpr_regex(e) : err);
    cukexpr_free(e);
  } else {
    bool regex = strncmp(what, "regular-expression", 18) == 0;
    const char *text = json_string_value(json_object_get(c, "text"));
    cukexpr_t *e =
        regex ? cukexpr_compile_regex(reg, expr, &err) : cukexpr_compile(reg, expr, &err);
    if (exc) {
      ok = !e && same_error(exc, err);
      if (!ok && verbose)
        fprintf(stderr, "%s %s:\n  want %s\n  got  %s\n", what, expr, exc,
                err ? err : "(compiled)");
    } else if (e && text) {
      json_t *want = json_object_get(c, "expected_args");
      cukexpr_arg_t *args = NULL;
      size_t nargs = 0;
      int m = cukexpr_match(e, text, strlen(text), &args, &nargs);
      json_t *got = m == 1 ? args_json(args, nargs) : json_null();
      ok = m >= 0 && json_equal(got, want);
      if (!ok && verbose) {
        char *w = json_dumps(want, JSON_ENCODE_ANY | JSON_COMPACT),
             *g = json_dumps(got, JSON_ENCODE_ANY | JSON_COMPACT);
        fprintf(stderr, "%s %s on %s (regex %s): want %s got %s\n", what, expr, text,
                cukexpr_regex(e), w, g);
        free(w), free(g);
      }
      json_decref(got);
      cukexpr_args_free(args, nargs);
    } else if (verbose) {
      fprintf(stderr, "%s %s: %s\n", what, expr, err ? err : "no text");
    }
    cukexpr_free(e);
  }
  free(err);
  return ok;
}

int main(int argc, char **argv) {
  const char *base = argc > 1 ? argv[1] : "../shared/conformance";
  char *root = xasprintf("%s/cucumber-expressions/testdata", base);
  struct stat st;
  if (stat(root, &st) != 0) {
    const char *req = getenv("SONDE_REQUIRE_SHARED");
    printf("conf_frameworks_cucumberexpr: no cucumber-expressions test data at %s\n", root);
    free(root);
    return req && strcmp(req, "1") == 0 ? 1 : 77;
  }
  verbose = getenv("SONDE_CONF_VERBOSE") != NULL;
  static const char *const folders[] = {
      "cucumber-expression/tokenizer", "cucumber-expression/parser",
      "cucumber-expression/transformation", "cucumber-expression/matching",
      "regular-expression/matching"};
  int failed = 0;
  cukexpr_registry_t *reg = cukexpr_registry_new();
  for (size_t f = 0; f < sizeof folders / sizeof *folders; f++) {
    char *dir = xasprintf("%s/%s", root, folders[f]);
    strvec_t files = STRVEC_INIT;
    list_yaml(dir, &files);
    int passed = 0, total = 0;
    for (size_t i = 0; i < files.len; i++) {
      char *path = xasprintf("%s/%s", dir, files.items[i]);
      json_t *docs = yaml_json_load(path);
      json_t *c = json_array_get(docs, 0);
      bool ok = c && run_case(folders[f], c, reg);
      if (!ok) fprintf(stderr, "FAIL %s/%s\n", folders[f], files.items[i]);
      passed += ok, total++;
      json_decref(docs);
      free(path);
    }
    printf("cucumber-expressions %s: %d/%d\n", folders[f], passed, total);
    if (passed != total || total == 0) failed++;
    strvec_free(&files);
    free(dir);
  }
  cukexpr_registry_free(reg);
  free(root);
  return failed ? 1 : 0;
}
