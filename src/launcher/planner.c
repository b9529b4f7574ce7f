#include "launcher/planner.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/fsutil.h"
#include "common/glob.h"

/* Where a cucumber line filter (":12", ":12:30") starts in a spec: its length when none. */
static size_t line_filter_at(const char *spec) {
  size_t n = strlen(spec), end = n;
  for (;;) {
    size_t k = end;
    while (k > 0 && spec[k - 1] >= '0' && spec[k - 1] <= '9') k--;
    if (k == end || k == 0 || spec[k - 1] != ':') return end;
    end = k - 1;
  }
}

/* Spec files are .feature (or Markdown .feature.md) files under framework: 'cucumber',
 * JavaScript or TypeScript else. */
static bool spec_extension(const char *path, bool cucumber) {
  static const char *const exts[] = {".js", ".mjs", ".cjs", ".ts", ".mts", ".cts"};
  size_t n = cucumber ? line_filter_at(path) : strlen(path);
  if (cucumber)
    return (n > 8 && strncmp(path + n - 8, ".feature", 8) == 0) ||
           (n > 11 && strncmp(path + n - 11, ".feature.md", 11) == 0);
  for (size_t i = 0; i < sizeof(exts) / sizeof(exts[0]); i++) {
    size_t e = strlen(exts[i]);
    if (n > e && strcmp(path + n - e, exts[i]) == 0) return true;
  }
  return false;
}

/* Expands one pattern from `base`, recording it in `unmatched` when it matches nothing. */
static void expand_one(const char *base, const char *pattern, strvec_t *out, strvec_t *unmatched) {
  if (glob_expand(base, pattern, out) <= 0 && unmatched) strvec_push(unmatched, pattern);
}

static void expand_json_list(const char *base, const json_t *list, strvec_t *out,
                             strvec_t *unmatched) {
  if (json_is_string(list)) {
    expand_one(base, json_string_value(list), out, unmatched);
    return;
  }
  size_t i;
  json_t *item;
  json_array_foreach(list, i, item) {
    if (json_is_string(item)) expand_one(base, json_string_value(item), out, unmatched);
    else if (json_is_array(item)) expand_json_list(base, item, out, unmatched);
  }
}

static void keep_specs(strvec_t *files, const strvec_t *excluded, bool cucumber) {
  size_t out = 0;
  for (size_t i = 0; i < files->len; i++) {
    if (strvec_contains(excluded, files->items[i]) || !spec_extension(files->items[i], cucumber)) {
      free(files->items[i]);
      continue;
    }
    files->items[out++] = files->items[i];
  }
  files->len = out;
}

static void push_group(plan_groups_t *g, strvec_t *files) {
  g->items = xrealloc(g->items, (g->len + 1) * sizeof(*g->items));
  g->items[g->len++].files = *files;
  memset(files, 0, sizeof(*files));
}

static int cmp_group(const void *a, const void *b) {
  const plan_group_t *x = a, *y = b;
  return strcmp(x->files.items[0], y->files.items[0]);
}

static const json_t *cap_option(const json_t *cap, const char *name) {
  char key[64];
  snprintf(key, sizeof(key), "sonde:%s", name);
  const json_t *v = json_object_get(cap, key);
  if (!v) {
    snprintf(key, sizeof(key), "wdio:%s", name);
    v = json_object_get(cap, key);
  }
  return v;
}

/* Watch mode (launcher/watch.c) re-runs some spec files with the same config and flags: it
 * names them, one absolute path per line, in SONDE_WATCH_SPECS; groups holding none of
 * them are dropped. */
static void keep_watched(plan_groups_t *groups) {
  const char *list = getenv("SONDE_WATCH_SPECS");
  if (!list) return;
  size_t kept = 0;
  for (size_t g = 0; g < groups->len; g++) {
    bool wanted = false;
    for (size_t f = 0; f < groups->items[g].files.len && !wanted; f++) {
      const char *file = groups->items[g].files.items[f];
      size_t n = strlen(file);
      for (const char *p = list; (p = strstr(p, file)) && !wanted; p += n)
        wanted = (p == list || p[-1] == '\n') && (p[n] == '\n' || p[n] == '\0');
    }
    if (wanted) groups->items[kept++] = groups->items[g];
    else strvec_free(&groups->items[g].files);
  }
  groups->len = kept;
}

int planner_collect(const sonde_config_t *cfg, const json_t *cap, const cli_options_t *cli,
                    plan_groups_t *out, strvec_t *warnings, sbuf_t *err) {
  memset(out, 0, sizeof(*out));
  char *cwd = fs_cwd();
  bool cucumber = cfg->framework && strcmp(cfg->framework, "cucumber") == 0;
  strvec_t unmatched = STRVEC_INIT;
  strvec_t singles = STRVEC_INIT;
  int rc = 0;

  const json_t *patterns = json_object_get(cfg->json, "specs");
  const char *patterns_base = cfg->dir;
  json_t *suite_patterns = NULL;
  if (cli->specs.len || cli->suites.len) {
    /* --suite and --spec replace `specs`; together they run the union of their files. */
    patterns = NULL;
    for (size_t i = 0; i < cli->suites.len; i++) {
      json_t *list = json_object_get(json_object_get(cfg->json, "suites"), cli->suites.items[i]);
      if (!json_is_array(list) || json_array_size(list) == 0) {
        sbuf_printf(err, "The suite \"%s\" does not exist in %s or contains no patterns",
                    cli->suites.items[i], cfg->path);
        rc = -1;
        goto done;
      }
      if (!suite_patterns) suite_patterns = json_array();
      json_array_extend(suite_patterns, list);
    }
    patterns = suite_patterns;
    for (size_t i = 0; i < cli->specs.len; i++) {
      const char *spec = cli->specs.items[i];
      size_t at = cucumber ? line_filter_at(spec) : strlen(spec);
      if (!spec[at]) {
        expand_one(cwd, spec, &singles, &unmatched);
        continue;
      }
      /* "a.feature:12": the file's scenarios at line 12 (the worker reads the lines). */
      char *file = xasprintf("%.*s", (int)at, spec);
      strvec_t found = STRVEC_INIT;
      expand_one(cwd, file, &found, NULL);
      if (!found.len) strvec_push(&unmatched, spec);
      for (size_t k = 0; k < found.len; k++)
        strvec_push_owned(&singles, xasprintf("%s%s", found.items[k], spec + at));
      strvec_free(&found);
      free(file);
    }
    if (unmatched.len) {
      sbuf_puts(err, "spec file(s) ");
      for (size_t i = 0; i < unmatched.len; i++)
        sbuf_printf(err, "%s%s", i ? ", " : "", unmatched.items[i]);
      sbuf_puts(err, " not found");
      rc = -1;
      goto done;
    }
  } else if (cap && cap_option(cap, "specs")) {
    patterns = cap_option(cap, "specs");
  }

  strvec_t excluded = STRVEC_INIT;
  if (!cli->specs.len)
    expand_json_list(cfg->dir, json_object_get(cfg->json, "exclude"), &excluded, NULL);
  if (cap && cap_option(cap, "exclude"))
    expand_json_list(cfg->dir, cap_option(cap, "exclude"), &excluded, NULL);
  for (size_t i = 0; i < cli->excludes.len; i++)
    expand_one(cwd, cli->excludes.items[i], &excluded, NULL);

  /* Strings run one job per file; a nested array is one job for all of its files. */
  size_t i;
  json_t *item;
  json_array_foreach(patterns, i, item) {
    if (json_is_string(item)) {
      expand_one(patterns_base, json_string_value(item), &singles, &unmatched);
    } else if (json_is_array(item)) {
      strvec_t files = STRVEC_INIT;
      expand_json_list(patterns_base, item, &files, &unmatched);
      keep_specs(&files, &excluded, cucumber);
      strvec_sort_unique(&files);
      if (files.len) push_group(out, &files);
      strvec_free(&files);
    }
  }
  for (size_t k = 0; k < unmatched.len; k++)
    strvec_push_owned(warnings, xasprintf("pattern %s did not match any file", unmatched.items[k]));
  keep_specs(&singles, &excluded, cucumber);
  strvec_sort_unique(&singles);
  for (size_t k = 0; k < singles.len; k++) {
    strvec_t one = STRVEC_INIT;
    strvec_push(&one, singles.items[k]);
    push_group(out, &one);
  }
  strvec_free(&excluded);
  if (out->len > 1) qsort(out->items, out->len, sizeof(*out->items), cmp_group);
  keep_watched(out);
done:
  json_decref(suite_patterns);
  strvec_free(&singles);
  strvec_free(&unmatched);
  free(cwd);
  return rc;
}

json_t *planner_load_timings(const char *path, sbuf_t *err) {
  json_error_t jerr;
  json_t *doc = json_load_file(path, 0, &jerr);
  if (!doc) {
    if (access(path, F_OK) != 0) {
      fprintf(stderr,
              "sonde: warning: shardTimings: %s does not exist (yet): the shards are "
              "balanced by file count\n",
              path);
      return json_object();
    }
    sbuf_printf(err, "shardTimings: %s:%d: %s", path, jerr.line, jerr.text);
    return NULL;
  }
  json_t *specs = json_object_get(doc, "specs");
  const char *key;
  json_t *ms;
  bool ok = json_is_object(specs);
  if (ok)
    json_object_foreach(specs, key, ms) ok &= json_is_number(ms) && json_number_value(ms) >= 0;
  if (!ok) {
    sbuf_printf(err,
                "shardTimings: %s: \"specs\" must be an object of spec file → milliseconds "
                "(as the json reporter writes sonde-timings.json)",
                path);
    json_decref(doc);
    return NULL;
  }
  json_incref(specs);
  json_decref(doc);
  return specs;
}

typedef struct {
  const char *first; /* the group's first file: its identity across capabilities */
  double weight;
} shard_unit_t;

static int cmp_unit_heaviest(const void *a, const void *b) {
  const shard_unit_t *x = a, *y = b;
  if (x->weight != y->weight) return x->weight > y->weight ? -1 : 1;
  return strcmp(x->first, y->first);
}

/* The shard (1-based) of every unit in `units` (sorted by first file). Without timings,
 * unit k goes to shard k % total + 1; with them, the heaviest unit goes first to the
 * lightest shard (longest processing time first), units the timings do not know weighing
 * the mean of those they do. Every shard computes the same answer on its own. */
static void assign_shards(shard_unit_t *units, size_t n, const json_t *timings, int total,
                          int *shard_of) {
  size_t known = 0;
  double sum = 0;
  if (timings && json_object_size(timings)) {
    char *cwd = fs_cwd();
    for (size_t i = 0; i < n; i++) {
      char *rel = fs_relative(cwd, units[i].first);
      const json_t *ms = json_object_get(timings, rel);
      free(rel);
      units[i].weight = ms ? json_number_value(ms) : -1;
      if (ms) known++, sum += units[i].weight;
    }
    free(cwd);
  }
  if (known == 0) {
    for (size_t i = 0; i < n; i++) shard_of[i] = (int)(i % (size_t)total) + 1;
    return;
  }
  double mean = sum / (double)known;
  shard_unit_t *order = xmalloc(n * sizeof *order);
  for (size_t i = 0; i < n; i++) {
    if (units[i].weight < 0) units[i].weight = mean;
    order[i] = units[i];
  }
  qsort(order, n, sizeof *order, cmp_unit_heaviest);
  double *load = xcalloc((size_t)total, sizeof *load);
  for (size_t i = 0; i < n; i++) {
    int lightest = 0;
    for (int s = 1; s < total; s++)
      if (load[s] < load[lightest]) lightest = s;
    load[lightest] += order[i].weight;
    /* units is sorted by path: find this one's index there */
    size_t lo = 0, hi = n;
    while (lo < hi) {
      size_t mid = (lo + hi) / 2;
      if (strcmp(units[mid].first, order[i].first) < 0) lo = mid + 1;
      else hi = mid;
    }
    shard_of[lo] = lightest + 1;
  }
  free(load);
  free(order);
}

void planner_shard(plan_groups_t *lists, size_t n_lists, int index, int total,
                   const json_t *timings) {
  if (total <= 1) return;
  strvec_t firsts = STRVEC_INIT;
  for (size_t l = 0; l < n_lists; l++)
    for (size_t g = 0; g < lists[l].len; g++)
      strvec_push(&firsts, lists[l].items[g].files.items[0]);
  strvec_sort_unique(&firsts);
  shard_unit_t *units = xcalloc(firsts.len ? firsts.len : 1, sizeof *units);
  int *shard_of = xcalloc(firsts.len ? firsts.len : 1, sizeof *shard_of);
  for (size_t k = 0; k < firsts.len; k++) units[k].first = firsts.items[k];
  assign_shards(units, firsts.len, timings, total, shard_of);
  for (size_t l = 0; l < n_lists; l++) {
    plan_groups_t *list = &lists[l];
    size_t out = 0;
    for (size_t g = 0; g < list->len; g++) {
      size_t k = 0;
      while (k < firsts.len && strcmp(firsts.items[k], list->items[g].files.items[0]) != 0) k++;
      if (shard_of[k] == index) list->items[out++] = list->items[g];
      else strvec_free(&list->items[g].files);
    }
    list->len = out;
  }
  free(units);
  free(shard_of);
  strvec_free(&firsts);
}

void plan_groups_free(plan_groups_t *groups) {
  for (size_t i = 0; i < groups->len; i++) strvec_free(&groups->items[i].files);
  free(groups->items);
  memset(groups, 0, sizeof(*groups));
}
