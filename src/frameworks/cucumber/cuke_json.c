/* cuke_json: cucumberOpts.format 'json:<file>', the classic Cucumber JSON that report tools
 * read (an array of features, each with its scenarios as `elements`, each with its steps,
 * Before/After hooks as hidden steps, durations in nanoseconds), written when the job ends
 * to <file> with the job's cid before the extension (reports/cucumber-0-0.json), as one
 * worker's features would otherwise overwrite another's. The shape is cucumber-js's JSON
 * formatter's: a scenario's steps are its pickle's (Background steps included), ids are
 * the feature's and the scenario's names lower-cased with spaces as '-'. */
#include <stdlib.h>
#include <string.h>

#include "common/fsutil.h"
#include "common/secret.h"
#include "common/glob.h"
#include "common/sbuf.h"
#include "frameworks/cucumber/cuke_int.h"

/* "My feature" -> "my-feature" */
static char *json_id(const char *name) {
  char *id = xstrdup(name);
  for (char *p = id; *p; p++) {
    if (*p == ' ') *p = '-';
    else if (*p >= 'A' && *p <= 'Z') *p = (char)(*p - 'A' + 'a');
  }
  return id;
}

static int tag_line(const gherkin_tag_t *tags, size_t n, unsigned id) {
  for (size_t i = 0; i < n; i++)
    if (tags[i].id == id) return tags[i].loc.line;
  return 0;
}

/* The line of tag `id` anywhere in the document (tags are inherited by pickles). */
static int find_tag_line(const gherkin_child_t *c, size_t n, unsigned id) {
  int line = 0;
  for (size_t i = 0; i < n && !line; i++) {
    if (c[i].rule) {
      line = tag_line(c[i].rule->tags, c[i].rule->ntags, id);
      if (!line) line = find_tag_line(c[i].rule->children, c[i].rule->nchildren, id);
    }
    const gherkin_scenario_t *s = c[i].scenario;
    if (s && !line) line = tag_line(s->tags, s->ntags, id);
    for (size_t k = 0; s && k < s->nexamples && !line; k++)
      line = tag_line(s->examples[k].tags, s->examples[k].ntags, id);
  }
  return line;
}

static json_t *tags_json(const gherkin_document_t *doc, const gherkin_pickle_tag_t *tags,
                         size_t n) {
  json_t *a = json_array();
  for (size_t i = 0; i < n; i++) {
    int line = tag_line(doc->feature->tags, doc->feature->ntags, tags[i].ast_id);
    if (!line)
      line = find_tag_line(doc->feature->children, doc->feature->nchildren, tags[i].ast_id);
    json_array_append_new(
        a, json_pack("{s:o, s:i}", "name", gherkin_json_text(tags[i].name), "line", line));
  }
  return a;
}

/* The scenario of AST id `id`, and the rule it is in (NULL when none). */
static const gherkin_scenario_t *scenario_of(const gherkin_child_t *c, size_t n, unsigned id,
                                             const gherkin_rule_t **rule) {
  for (size_t i = 0; i < n; i++) {
    if (c[i].scenario && c[i].scenario->id == id) return c[i].scenario;
    const gherkin_scenario_t *s =
        c[i].rule ? scenario_of(c[i].rule->children, c[i].rule->nchildren, id, rule) : NULL;
    if (s) {
      if (!*rule) *rule = c[i].rule;
      return s;
    }
  }
  return NULL;
}

void cuke_json_add_feature(fw_cucumber_t *ck, const gherkin_document_t *doc, size_t first,
                           const bool *selected) {
  if (!ck->opts->json_path || !doc->feature) return;
  const gherkin_feature_t *f = doc->feature;
  char *fid = json_id(f->name);
  json_t *feature = json_pack("{s:o, s:s, s:o, s:o, s:o, s:i, s:[]}", "id", gherkin_json_text(fid),
                              "uri", doc->uri, "keyword", gherkin_json_text(f->keyword), "name",
                              gherkin_json_text(f->name), "description",
                              gherkin_json_text(f->description), "line", f->loc.line, "elements");
  json_t *ftags = json_array();
  for (size_t i = 0; i < f->ntags; i++)
    json_array_append_new(ftags, json_pack("{s:o, s:i}", "name", gherkin_json_text(f->tags[i].name),
                                           "line", f->tags[i].loc.line));
  json_object_set_new(feature, "tags", ftags);
  if (!ck->json_features) ck->json_features = json_array();
  json_array_append_new(ck->json_features, feature);
  if (ck->json_elements_len < ck->pickles.len) {
    ck->json_elements = xrealloc(ck->json_elements, ck->pickles.len * sizeof(json_t *));
    memset(ck->json_elements + ck->json_elements_len, 0,
           (ck->pickles.len - ck->json_elements_len) * sizeof(json_t *));
    ck->json_elements_len = ck->pickles.len;
  }
  for (size_t i = first; i < ck->pickles.len; i++) {
    if (!selected[i - first]) continue;
    const gherkin_pickle_t *p = &ck->pickles.items[i];
    const gherkin_rule_t *rule = NULL;
    const gherkin_scenario_t *s = scenario_of(f->children, f->nchildren, p->ast_ids[0], &rule);
    /* feature;scenario, or feature;rule;scenario */
    char *sid = json_id(p->name), *rid = rule ? json_id(rule->name) : NULL;
    char *id = rid ? xasprintf("%s;%s;%s", fid, rid, sid) : xasprintf("%s;%s", fid, sid);
    free(rid);
    json_t *el = json_pack("{s:o, s:o, s:o, s:o, s:i, s:s}", "id", gherkin_json_text(id), "keyword",
                           gherkin_json_text(s ? s->keyword : "Scenario"), "name",
                           gherkin_json_text(p->name), "description",
                           gherkin_json_text(s ? s->description : NULL), "line", p->loc.line,
                           "type", "scenario");
    json_object_set_new(el, "tags", tags_json(doc, p->tags, p->ntags));
    json_object_set_new(el, "steps", json_array());
    json_object_set(el, "feature", feature); /* where it goes; removed when written */
    ck->json_elements[i] = el;
    free(id);
    free(sid);
  }
  free(fid);
}

void cuke_json_scenario_start(fw_cucumber_t *ck, size_t index) {
  ck->running_pickle = index;
  /* A retried scenario is reported as its last attempt; one that ran is reported even
   * without steps. */
  if (index < ck->json_elements_len && ck->json_elements[index]) {
    json_object_set_new(ck->json_elements[index], "steps", json_array());
    json_object_set_new(ck->json_elements[index], "ran", json_true());
  }
}

static json_t *result_json(JSContextRef ctx, fw_cucumber_t *ck, const char *status,
                           double duration_ms, JSValueRef error) {
  json_t *r =
      json_pack("{s:s, s:I}", "status", status, "duration", (json_int_t)(duration_ms * 1e6));
  if (error && !JSValueIsUndefined(ctx, error) && !JSValueIsNull(ctx, error)) {
    json_t *e = fw_error_json(ck->r, error);
    const char *text = json_string_value(json_object_get(e, "stack"));
    if (!text || !*text) text = json_string_value(json_object_get(e, "message"));
    json_object_set_new(r, "error_message", json_string(text ? text : ""));
    json_decref(e);
  }
  return r;
}

static json_t *running_steps(fw_cucumber_t *ck) {
  if (!ck->opts->json_path || ck->running_pickle >= ck->json_elements_len) return NULL;
  json_t *el = ck->json_elements[ck->running_pickle];
  return el ? json_object_get(el, "steps") : NULL;
}

void cuke_json_step(fw_cucumber_t *ck, JSContextRef ctx, size_t step_index, const char *keyword,
                    const char *status, double duration_ms, JSValueRef error,
                    const char *location) {
  json_t *steps = running_steps(ck);
  const gherkin_pickle_t *p =
      ck->running_pickle < ck->pickles.len ? &ck->pickles.items[ck->running_pickle] : NULL;
  if (!steps || !p || step_index >= p->nsteps) return;
  const gherkin_pickle_step_t *s = &p->steps[step_index];
  const cuke_step_info_t *info = s->ast_ids[0] < ck->nsteps ? &ck->steps[s->ast_ids[0]] : NULL;
  json_t *step = json_pack("{s:s, s:o, s:i}", "keyword", keyword, "name",
                           gherkin_json_text(s->text), "line", info ? info->line : 0);
  json_t *args = json_array();
  if (s->doc)
    json_array_append_new(args, json_pack("{s:o, s:i}", "content", gherkin_json_text(s->doc),
                                          "line", info ? info->line + 1 : 0));
  if (s->rows) {
    json_t *rows = json_array();
    for (size_t i = 0; i < s->nrows; i++) {
      json_t *cells = json_array();
      for (size_t k = 0; k < s->rows[i].ncells; k++)
        json_array_append_new(cells, gherkin_json_text(s->rows[i].cells[k]));
      json_array_append_new(rows, json_pack("{s:o}", "cells", cells));
    }
    json_array_append_new(args, json_pack("{s:o}", "rows", rows));
  }
  json_object_set_new(step, "arguments", args);
  if (location && *location)
    json_object_set_new(step, "match", json_pack("{s:s}", "location", location));
  json_object_set_new(step, "result", result_json(ctx, ck, status, duration_ms, error));
  json_array_append_new(steps, step);
}

void cuke_json_hook(fw_cucumber_t *ck, JSContextRef ctx, const char *keyword, const char *status,
                    double duration_ms, JSValueRef error) {
  json_t *steps = running_steps(ck);
  if (!steps) return;
  /* Hooks have no "match" in cucumber-js's JSON. */
  json_t *step = json_pack("{s:s, s:b}", "keyword", keyword, "hidden", true);
  json_object_set_new(step, "result", result_json(ctx, ck, status, duration_ms, error));
  json_array_append_new(steps, step);
}

/* "reports/cucumber.json" + "0-0" -> "reports/cucumber-0-0.json" */
char *cuke_path_with_cid(const char *path, const char *cid) {
  const char *base = strrchr(path, '/');
  const char *dot = strrchr(base ? base + 1 : path, '.');
  if (!dot || dot == (base ? base + 1 : path)) return xasprintf("%s-%s", path, cid);
  return xasprintf("%.*s-%s%s", (int)(dot - path), path, cid, dot);
}

int fw_cucumber_finish(fw_cucumber_t *ck, const char *cid, char **err) {
  if (ck && cuke_reports_write(ck, cid, err) != 0) return -1;
  /* A job whose feature file did not parse has nothing to write. */
  if (!ck || !ck->opts->json_path || !ck->json_features) return 0;
  /* Scenarios in their features, in the order they ran (the tree's order). */
  for (size_t i = 0; i < ck->json_elements_len; i++) {
    json_t *el = ck->json_elements[i];
    if (!el || !json_object_get(el, "ran")) continue;
    json_t *feature = json_object_get(el, "feature");
    json_object_del(el, "feature");
    json_object_del(el, "ran");
    json_array_append(json_object_get(feature, "elements"), el);
  }
  json_t *features = ck->json_features;
  char *cwd = fs_cwd();
  char *path = cuke_path_with_cid(ck->opts->json_path, cid);
  char *abs = path_resolve(cwd, path);
  char *dir = fs_dirname(abs);
  char *text = json_dumps(features, JSON_INDENT(2));
  int rc = 0;
  if (fs_mkdir_p(dir) != 0 || !text || secret_write_file_atomic(abs, text, strlen(text)) != 0) {
    *err = xasprintf("cucumberOpts.format json: cannot write %s", abs);
    rc = -1;
  }
  free(text);
  free(dir);
  free(abs);
  free(path);
  free(cwd);
  return rc;
}

void cuke_json_free(fw_cucumber_t *ck) {
  for (size_t i = 0; i < ck->json_elements_len; i++) json_decref(ck->json_elements[i]);
  free(ck->json_elements);
  json_decref(ck->json_features);
}
