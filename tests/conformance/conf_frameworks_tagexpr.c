/* conf_frameworks_tagexpr: tag expressions against Cucumber's tag-expressions test data
 * (../shared/conformance/tag-expressions/testdata, argv[1] being the conformance folder):
 * parsing.yml (the canonical form of each expression must equal `formatted`),
 * evaluations.yml (each set of `variables` must give `result`) and errors.yml (parsing
 * must fail with exactly `error`). Prints a pass count per file; passes at 100%, as
 * there is no known failure. Without the data it exits with 77 (CTest: skipped) unless
 * SONDE_REQUIRE_SHARED=1. SONDE_CONF_VERBOSE=1 prints each failure. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/sbuf.h"
#include "frameworks/cucumber/tag_expr.h"
#include "yaml_json.h"

static int verbose;

static json_t *load(const char *dir, const char *name) {
  char *path = xasprintf("%s/%s", dir, name);
  json_t *docs = yaml_json_load(path);
  free(path);
  json_t *list = docs ? json_incref(json_array_get(docs, 0)) : NULL;
  json_decref(docs);
  if (!json_is_array(list)) {
    fprintf(stderr, "conf_frameworks_tagexpr: %s: not a list\n", name);
    json_decref(list);
    return NULL;
  }
  return list;
}

static void report(const char *name, int passed, int total, int *failed) {
  printf("tag-expressions %s: %d/%d\n", name, passed, total);
  if (passed != total || total == 0) (*failed)++;
}

int main(int argc, char **argv) {
  const char *base = argc > 1 ? argv[1] : "../shared/conformance";
  char *dir = xasprintf("%s/tag-expressions/testdata", base);
  struct stat st;
  if (stat(dir, &st) != 0) {
    const char *req = getenv("SONDE_REQUIRE_SHARED");
    printf("conf_frameworks_tagexpr: no tag-expressions test data at %s\n", dir);
    free(dir);
    return req && strcmp(req, "1") == 0 ? 1 : 77;
  }
  verbose = getenv("SONDE_CONF_VERBOSE") != NULL;
  int failed = 0;

  json_t *parsing = load(dir, "parsing.yml");
  int passed = 0, total = 0;
  size_t i;
  json_t *c;
  json_array_foreach(parsing, i, c) {
    const char *expr = json_string_value(json_object_get(c, "expression"));
    const char *want = json_string_value(json_object_get(c, "formatted"));
    char *err = NULL;
    tagexpr_t *e = tagexpr_parse(expr, &err);
    char *got = e ? tagexpr_format(e) : NULL;
    bool ok = expr && want && got && strcmp(got, want) == 0;
    if (!ok && verbose)
      fprintf(stderr, "parsing %s: want %s got %s (%s)\n", expr, want, got ? got : "-",
              err ? err : "");
    passed += ok, total++;
    free(got), free(err);
    tagexpr_free(e);
  }
  report("parsing", passed, total, &failed);
  json_decref(parsing);

  json_t *evals = load(dir, "evaluations.yml");
  passed = total = 0;
  json_array_foreach(evals, i, c) {
    const char *expr = json_string_value(json_object_get(c, "expression"));
    char *err = NULL;
    tagexpr_t *e = tagexpr_parse(expr, &err);
    size_t k;
    json_t *t;
    json_array_foreach(json_object_get(c, "tests"), k, t) {
      json_t *vars = json_object_get(t, "variables");
      size_t nv = json_array_size(vars);
      const char **tags = calloc(nv + 1, sizeof *tags);
      for (size_t v = 0; v < nv; v++) tags[v] = json_string_value(json_array_get(vars, v));
      json_t *want = json_object_get(t, "result");
      bool ok = e && json_is_boolean(want) && tagexpr_eval(e, tags, nv) == json_is_true(want);
      if (!ok && verbose)
        fprintf(stderr, "evaluation %s #%zu failed (%s)\n", expr, k, err ? err : "");
      passed += ok, total++;
      free(tags);
    }
    free(err);
    tagexpr_free(e);
  }
  report("evaluations", passed, total, &failed);
  json_decref(evals);

  json_t *errors = load(dir, "errors.yml");
  passed = total = 0;
  json_array_foreach(errors, i, c) {
    const char *expr = json_string_value(json_object_get(c, "expression"));
    const char *want = json_string_value(json_object_get(c, "error"));
    char *err = NULL;
    tagexpr_t *e = tagexpr_parse(expr, &err);
    bool ok = !e && err && want && strcmp(err, want) == 0;
    if (!ok && verbose)
      fprintf(stderr, "error %s: want %s got %s\n", expr, want, err ? err : "(parsed)");
    passed += ok, total++;
    free(err);
    tagexpr_free(e);
  }
  report("errors", passed, total, &failed);
  json_decref(errors);
  free(dir);
  return failed ? 1 : 0;
}
