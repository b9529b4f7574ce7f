#include "launcher/planner.h"

#include <stdlib.h>
#include <string.h>

#include "common/fsutil.h"
#include "common/glob.h"

static bool spec_extension(const char *path) {
  static const char *const exts[] = {".js", ".mjs", ".cjs", ".ts", ".mts", ".cts"};
  size_t n = strlen(path);
  for (size_t i = 0; i < sizeof(exts) / sizeof(exts[0]); i++) {
    size_t e = strlen(exts[i]);
    if (n > e && strcmp(path + n - e, exts[i]) == 0) return true;
  }
  return false;
}

/* Expands patterns from `base`; returns the number of patterns that matched nothing. */
static int expand_all(const char *base, const strvec_t *patterns, strvec_t *out,
                      strvec_t *unmatched) {
  int misses = 0;
  for (size_t i = 0; i < patterns->len; i++) {
    int n = glob_expand(base, patterns->items[i], out);
    if (n <= 0) {
      misses++;
      if (unmatched) strvec_push(unmatched, patterns->items[i]);
    }
  }
  return misses;
}

static void remove_excluded(strvec_t *specs, const strvec_t *excluded) {
  size_t out = 0;
  for (size_t i = 0; i < specs->len; i++) {
    if (strvec_contains(excluded, specs->items[i]) || !spec_extension(specs->items[i])) {
      free(specs->items[i]);
      continue;
    }
    specs->items[out++] = specs->items[i];
  }
  specs->len = out;
}

int planner_collect_specs(const sonde_config_t *cfg, const strvec_t *cli_specs,
                          const strvec_t *cli_excludes, strvec_t *out, strvec_t *warnings,
                          sbuf_t *err) {
  strvec_t unmatched = STRVEC_INIT;
  if (cli_specs->len) {
    char *cwd = fs_cwd();
    expand_all(cwd, cli_specs, out, &unmatched);
    free(cwd);
    if (unmatched.len) {
      sbuf_puts(err, "spec file(s) ");
      for (size_t i = 0; i < unmatched.len; i++)
        sbuf_printf(err, "%s%s", i ? ", " : "", unmatched.items[i]);
      sbuf_puts(err, " not found");
      strvec_free(&unmatched);
      return -1;
    }
  } else {
    expand_all(cfg->dir, &cfg->specs, out, &unmatched);
    for (size_t i = 0; i < unmatched.len; i++) {
      char *w = xasprintf("pattern %s did not match any file", unmatched.items[i]);
      strvec_push_owned(warnings, w);
    }
  }
  strvec_free(&unmatched);

  /* A file named with --spec runs even when the config excludes it: the user asked. */
  strvec_t excluded = STRVEC_INIT;
  if (!cli_specs->len) expand_all(cfg->dir, &cfg->exclude, &excluded, NULL);
  if (cli_excludes->len) {
    char *cwd = fs_cwd();
    expand_all(cwd, cli_excludes, &excluded, NULL);
    free(cwd);
  }
  remove_excluded(out, &excluded);
  strvec_free(&excluded);
  strvec_sort_unique(out);
  if (out->len == 0) {
    sbuf_printf(err, "No spec files found (specs in %s:", cfg->path);
    const strvec_t *pats = cli_specs->len ? cli_specs : &cfg->specs;
    if (pats->len == 0) sbuf_puts(err, " none given");
    for (size_t i = 0; i < pats->len; i++) sbuf_printf(err, " %s", pats->items[i]);
    sbuf_puts(err, ")");
    return -1;
  }
  return 0;
}
