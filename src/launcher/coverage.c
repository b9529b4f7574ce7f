/* coverage: the run's OpenAPI coverage in the launcher. The config's document (loaded by
 * the launcher to check it) seeds the table with every operation never called; each
 * worker's openapi:coverage event adds what a job's checks touched. At the end the table
 * follows the summary, <outputDir>/openapi-coverage.json is written, and minCoverage
 * (--openapi.minCoverage, or apiRunner.openapi.minCoverage) fails a run whose share of
 * documented responses exercised is below it. `sonde merge-reports` does the same with the
 * shards' openapi-coverage.json documents (merge.c).
 *
 * Memory: the accumulator (l->openapi_cov) belongs to the launcher; freed by
 * launcher_coverage_finish. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "assert/assert.h"
#include "launcher/launcher_internal.h"
#include "openapi/openapi.h"
#include "report/util.h"

int launcher_coverage_min(const sonde_config_t *config, double *min_coverage, sbuf_t *err) {
  *min_coverage = -1;
  const json_t *cfg = config->json;
  const char *key = "openapi.minCoverage";
  json_t *min = json_object_get(json_object_get(cfg, "openapi"), "minCoverage");
  if (!min) {
    key = "apiRunner.openapi.minCoverage";
    min = json_object_get(json_object_get(json_object_get(cfg, "apiRunner"), "openapi"),
                          "minCoverage");
  }
  if (min && !json_is_null(min)) {
    /* from the command line it is a string ("80") */
    double v = json_number_value(min);
    char *end = NULL;
    if (json_is_string(min)) v = strtod(json_string_value(min), &end);
    bool text_ok = json_is_string(min) && end != json_string_value(min) && *end == '\0';
    if ((!json_is_number(min) && !text_ok) || v < 0 || v > 100) {
      config_key_error(config, key, err, "\"%s\" must be a percentage from 0 to 100 (got %s)", key,
                       config_json_type(min));
      return -1;
    }
    *min_coverage = v;
  }
  return 0;
}

int launcher_coverage_seed(launcher_t *l, sbuf_t *err) {
  if (launcher_coverage_min(l->cfg, &l->min_coverage, err) != 0) return -1;
  l->openapi_cov = json_object();
  json_t *seed = assert_openapi_take_coverage(true);
  size_t i;
  json_t *doc;
  json_array_foreach(seed, i, doc) openapi_cov_merge(l->openapi_cov, doc);
  json_decref(seed);
  return 0;
}

void launcher_coverage_merge(json_t *acc, const json_t *coverage) {
  size_t i;
  json_t *doc;
  json_array_foreach(json_object_get(coverage, "documents"), i, doc) openapi_cov_merge(acc, doc);
}

void launcher_coverage_add(launcher_t *l, const json_t *ev) {
  if (l->openapi_cov) launcher_coverage_merge(l->openapi_cov, ev);
}

json_t *launcher_coverage_document(launcher_t *l) {
  if (!l->openapi_cov || json_object_size(l->openapi_cov) == 0) return NULL;
  return openapi_cov_document(l->openapi_cov);
}

bool launcher_coverage_report(const sonde_config_t *cfg, const json_t *acc, const json_t *document,
                              double min_coverage) {
  if (!document) return true;
  bool ok = true;
  sbuf_t table = SBUF_INIT;
  openapi_cov_table(acc, &table);
  printf("\n%s", sbuf_cstr(&table));
  fflush(stdout);
  sbuf_free(&table);
  if (cfg->output_dir) report_write_coverage("openapi coverage", cfg->output_dir, document);
  const char *name;
  json_t *doc;
  json_object_foreach((json_t *)acc, name, doc) {
    double pct = openapi_cov_percent(doc, NULL, NULL);
    if (min_coverage >= 0 && pct < min_coverage) {
      fprintf(stderr, "sonde: OpenAPI coverage of %s is %.1f%%, below minCoverage %g%%\n", name,
              pct, min_coverage);
      ok = false;
    }
  }
  return ok;
}

bool launcher_coverage_finish(launcher_t *l, const json_t *document) {
  double min_coverage = l->min_coverage;
  if (document && min_coverage >= 0 && l->cfg->shard_total > 1) {
    /* A shard exercises its part of the API only: its share would fail nearly every
     * shard. The whole suite's coverage is judged where the shards are merged. */
    fprintf(stderr,
            "sonde: minCoverage is checked on the merged shards (sonde merge-reports), not on "
            "shard %d/%d alone\n",
            l->cfg->shard_index, l->cfg->shard_total);
    min_coverage = -1;
  }
  bool ok = launcher_coverage_report(l->cfg, l->openapi_cov, document, min_coverage);
  json_decref(l->openapi_cov);
  l->openapi_cov = NULL;
  return ok;
}
