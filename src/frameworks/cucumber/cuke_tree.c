/* cuke_tree: one feature file into the runner's tree (see cucumber.h). The feature is a
 * suite, a Rule a suite inside it, each selected pickle a test in the order the file
 * declares them; BeforeAll/AfterAll hooks become the root suite's `before all` and
 * `after all` hooks once per job. Selection: cucumberOpts.tags, cucumberOpts.name and the
 * lines of a "file:line" spec, all of which a pickle must pass. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <ctype.h>
#include <pcre2.h>
#include <stdlib.h>
#include <string.h>

#include "common/fsutil.h"
#include "common/glob.h"
#include "frameworks/cucumber/cuke_int.h"

typedef struct {
  fw_cucumber_t *ck;
  const gherkin_document_t *doc;
  size_t first;               /* the feature's pickles are ck->pickles.items[first..] */
  bool *selected;             /* by pickle, from `first` */
  const gherkin_rule_t *rule; /* the rule whose body is being built */
} build_t;

static json_t *error_json(const char *name, const char *message, const char *where) {
  json_t *e = json_pack("{s:s, s:s}", "name", name, "message", message);
  char *stack = xasprintf("%s: %s\n    at %s", name, message, where);
  json_object_set_new(e, "stack", json_string(stack));
  free(stack);
  return e;
}

/* "path:12:30" -> "path" and the lines; a path whose tail is not all digits is kept whole. */
static char *split_lines(const char *spec, int **lines, size_t *nlines) {
  char *path = xstrdup(spec);
  *lines = NULL;
  *nlines = 0;
  for (;;) {
    char *colon = strrchr(path, ':');
    if (!colon || !colon[1]) break;
    const char *d = colon + 1;
    while (isdigit((unsigned char)*d)) d++;
    if (*d) break;
    *lines = xrealloc(*lines, (*nlines + 1) * sizeof(int));
    (*lines)[(*nlines)++] = atoi(colon + 1);
    *colon = '\0';
  }
  return path;
}

static void keep_keywords(fw_cucumber_t *ck, const gherkin_step_t *steps, size_t n) {
  for (size_t i = 0; i < n; i++) {
    unsigned id = steps[i].id;
    if (id >= ck->nsteps) {
      size_t grown = id + 64;
      ck->steps = xrealloc(ck->steps, grown * sizeof(*ck->steps));
      memset(ck->steps + ck->nsteps, 0, (grown - ck->nsteps) * sizeof(*ck->steps));
      ck->nsteps = grown;
    }
    free(ck->steps[id].keyword);
    ck->steps[id].keyword = xstrdup(steps[i].keyword);
    ck->steps[id].line = steps[i].loc.line;
  }
}

static void keep_children(fw_cucumber_t *ck, const gherkin_child_t *c, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (c[i].background) keep_keywords(ck, c[i].background->steps, c[i].background->nsteps);
    if (c[i].scenario) keep_keywords(ck, c[i].scenario->steps, c[i].scenario->nsteps);
    if (c[i].rule) keep_children(ck, c[i].rule->children, c[i].rule->nchildren);
  }
}

/* The scenario (by AST id) of the feature, for its line. */
static const gherkin_scenario_t *find_scenario(const gherkin_child_t *c, size_t n, unsigned id) {
  for (size_t i = 0; i < n; i++) {
    if (c[i].scenario && c[i].scenario->id == id) return c[i].scenario;
    if (c[i].rule) {
      const gherkin_scenario_t *s = find_scenario(c[i].rule->children, c[i].rule->nchildren, id);
      if (s) return s;
    }
  }
  return NULL;
}

/* A "/source/flags" or plain pattern against the name (unanchored, as RegExp.test). */
static bool name_matches(const char *pattern, const char *name) {
  uint32_t options = PCRE2_UTF;
  char *src = xstrdup(pattern);
  size_t len = strlen(src);
  if (len > 1 && src[0] == '/') {
    char *end = strrchr(src, '/');
    if (end > src) {
      if (strchr(end + 1, 'i')) options |= PCRE2_CASELESS;
      *end = '\0';
      memmove(src, src + 1, strlen(src + 1) + 1);
    }
  }
  int ec;
  PCRE2_SIZE eo;
  pcre2_code *re = pcre2_compile((PCRE2_SPTR)src, PCRE2_ZERO_TERMINATED, options, &ec, &eo, NULL);
  free(src);
  if (!re) return false;
  pcre2_match_data *md = pcre2_match_data_create_from_pattern(re, NULL);
  size_t name_len;
  char *text = gherkin_text(name, &name_len); /* its NULs given back (gherkin.h) */
  bool ok = pcre2_match(re, (PCRE2_SPTR)text, name_len, 0, 0, md, NULL) >= 0;
  free(text);
  pcre2_match_data_free(md);
  pcre2_code_free(re);
  return ok;
}

static bool select_pickle(fw_cucumber_t *ck, const gherkin_document_t *doc,
                          const gherkin_pickle_t *p, const int *lines, size_t nlines) {
  if (ck->tags) {
    const char **tags = xcalloc(p->ntags + 1, sizeof(char *));
    for (size_t i = 0; i < p->ntags; i++) tags[i] = p->tags[i].name;
    bool ok = tagexpr_eval(ck->tags, tags, p->ntags);
    free(tags);
    if (!ok) return false;
  }
  if (ck->opts->names.len) {
    bool ok = false;
    for (size_t i = 0; i < ck->opts->names.len && !ok; i++)
      ok = name_matches(ck->opts->names.items[i], p->name);
    if (!ok) return false;
  }
  if (nlines) {
    const gherkin_scenario_t *s =
        find_scenario(doc->feature->children, doc->feature->nchildren, p->ast_ids[0]);
    for (size_t i = 0; i < nlines; i++)
      if (lines[i] == p->loc.line || (s && lines[i] == s->loc.line)) return true;
    return false;
  }
  return true;
}

/* A pickle's tags and, for an outline's row, its Examples values by column:
 * {"tags": ["@a"], "parameters": [{"name": "a", "value": "1"}]}. */
static json_t *pickle_meta(const gherkin_document_t *doc, const gherkin_pickle_t *p) {
  json_t *tags = json_array(), *params = json_array();
  for (size_t i = 0; i < p->ntags; i++)
    json_array_append_new(tags, gherkin_json_text(p->tags[i].name));
  const gherkin_scenario_t *s =
      p->nast_ids == 2
          ? find_scenario(doc->feature->children, doc->feature->nchildren, p->ast_ids[0])
          : NULL;
  for (size_t k = 0; s && k < s->nexamples; k++) {
    const gherkin_examples_t *ex = &s->examples[k];
    for (size_t r = 0; ex->header && r < ex->nbody; r++) {
      if (ex->body[r].id != p->ast_ids[1]) continue;
      for (size_t c = 0; c < ex->header->ncells && c < ex->body[r].ncells; c++)
        json_array_append_new(
            params, json_pack("{s:o, s:o}", "name", gherkin_json_text(ex->header->cells[c].value),
                              "value", gherkin_json_text(ex->body[r].cells[c].value)));
    }
  }
  return json_pack("{s:o, s:o}", "tags", tags, "parameters", params);
}

/* WebdriverIO's tagsInTitle: "@a, @b: name" (the name alone without tags or the option),
 * with its NULs given back (gherkin.h): *len bytes. */
static char *shown_title(const fw_cucumber_t *ck, const char *name, const char *const *tags,
                         size_t ntags, size_t *len) {
  if (!ck->opts->tags_in_title || !ntags) return gherkin_text(name, len);
  sbuf_t b = SBUF_INIT;
  for (size_t i = 0; i < ntags; i++) sbuf_printf(&b, "%s%s", i ? ", " : "", tags[i]);
  sbuf_printf(&b, ": %s", name);
  char *title = gherkin_text(sbuf_cstr(&b), len);
  sbuf_free(&b);
  return title;
}

static void add_scenario_tests(build_t *b, const gherkin_scenario_t *s) {
  fw_cucumber_t *ck = b->ck;
  for (size_t k = b->first; k < ck->pickles.len; k++) {
    size_t i = ck->opts->reverse ? ck->pickles.len - 1 - (k - b->first) : k;
    const gherkin_pickle_t *p = &ck->pickles.items[i];
    if (!b->selected[i - b->first] || p->ast_ids[0] != s->id) continue;
    if (i >= ck->nmeta) {
      ck->meta = xrealloc(ck->meta, ck->pickles.len * sizeof(json_t *));
      memset(ck->meta + ck->nmeta, 0, (ck->pickles.len - ck->nmeta) * sizeof(json_t *));
      ck->nmeta = ck->pickles.len;
    }
    ck->meta[i] = pickle_meta(b->doc, p);
    const char **tags = xcalloc(p->ntags + 1, sizeof(char *));
    for (size_t k = 0; k < p->ntags; k++) tags[k] = p->tags[k].name;
    size_t len;
    char *title = shown_title(ck, p->name, tags, p->ntags, &len);
    free(tags);
    fw_runnable_t *t =
        fw_add_test_n(ck->r, title, len, cuke_scenario_fn(ck, i), false, false, ck->opts->retry);
    ck->order = xrealloc(ck->order, (ck->norder + 1) * sizeof(*ck->order));
    ck->order[ck->norder++] = i;
    free(title);
    /* Steps and hooks have their own timeouts (cucumber.js); a scenario has none. */
    if (t) fw_runnable_set_timeout(ck->r, t, 0);
  }
}

static bool any_selected(const build_t *b, const gherkin_child_t *c, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (c[i].rule && any_selected(b, c[i].rule->children, c[i].rule->nchildren)) return true;
    if (!c[i].scenario) continue;
    for (size_t k = b->first; k < b->ck->pickles.len; k++)
      if (b->selected[k - b->first] && b->ck->pickles.items[k].ast_ids[0] == c[i].scenario->id)
        return true;
  }
  return false;
}

static JSValueRef children_body(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc);

static void add_children(build_t *b, const gherkin_child_t *c, size_t n, JSValueRef *exc) {
  JSContextRef ctx = js_realm_context(b->ck->realm);
  for (size_t k = 0; k < n && !*exc; k++) {
    size_t i = b->ck->opts->reverse ? n - 1 - k : k;
    if (c[i].scenario) add_scenario_tests(b, c[i].scenario);
    if (!c[i].rule || !any_selected(b, c[i].rule->children, c[i].rule->nchildren)) continue;
    build_t inner = *b;
    inner.rule = c[i].rule;
    JSObjectRef body = js_make_closure(ctx, "rule", children_body, &inner, NULL);
    size_t len;
    char *title = gherkin_text(*c[i].rule->name ? c[i].rule->name : c[i].rule->keyword, &len);
    fw_add_suite_n(b->ck->r, title, len, body, false, false, exc);
    free(title);
  }
}

/* The body of the feature's suite (rule NULL) or of a rule's. */
static JSValueRef children_body(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  build_t *b = data;
  if (b->rule) {
    add_children(b, b->rule->children, b->rule->nchildren, exc);
  } else {
    cuke_add_feature_hooks(b->ck, b->doc);
    add_children(b, b->doc->feature->children, b->doc->feature->nchildren, exc);
  }
  return *exc ? NULL : JSValueMakeUndefined(ctx);
}

/* BeforeAll and AfterAll of the step files: one hook each of the root suite (a job runs
 * its features in one realm, as cucumber-js runs them in one process) that runs them all
 * (cucumber.js's __allHooks: each with its own timeout, so the runner's hook has none). */
static void add_all_hooks(fw_cucumber_t *ck) {
  if (ck->all_hooks_added) return;
  ck->all_hooks_added = true;
  JSContextRef ctx = js_realm_context(ck->realm);
  static const struct {
    const char *list;
    fw_kind_t kind;
    const char *title;
  } kinds[] = {{"beforeAll", FW_HOOK_BEFORE_ALL, "BeforeAll"},
               {"afterAll", FW_HOOK_AFTER_ALL, "AfterAll"}};
  for (size_t k = 0; k < 2; k++) {
    JSValueRef exc = NULL, arg = js_make_string(ctx, kinds[k].list);
    JSValueRef all = js_call(ctx, js_get(ctx, ck->api, "__allHooks"), ck->api, 1, &arg, &exc);
    if (!all || js_get_number(ctx, all, "count", 0) < 1) continue;
    char *name = js_get_string(ctx, all, "name");
    fw_runnable_t *rn = fw_add_hook(ck->r, kinds[k].kind, name && *name ? name : kinds[k].title,
                                    js_get(ctx, all, "fn"));
    if (rn) fw_runnable_set_timeout(ck->r, rn, 0);
    free(name);
  }
}

int fw_cucumber_load_feature(fw_cucumber_t *ck, const char *spec, json_t **error) {
  int *lines;
  size_t nlines;
  char *path = split_lines(spec, &lines, &nlines);
  size_t len = 0;
  char *src = fs_read_file(path, &len);
  int rc = -1;
  char *uri = NULL;
  if (cuke_defs_finish(ck, error) != 0) goto out;
  if (!src) {
    char *msg = xasprintf("cannot read the feature file %s", path);
    *error = error_json("Error", msg, path);
    free(msg);
    goto out;
  }
  /* Pickles' uri and messages name the file relative to the working directory, as
   * cucumber-js does. */
  char *cwd = fs_cwd();
  uri = cwd ? fs_relative(cwd, path) : NULL;
  free(cwd);
  if (!uri) uri = xstrdup(path);
  gherkin_document_t *doc = gherkin_parse(uri, src, len, ck->opts->language, &ck->ids);
  if (doc->nerrors) {
    cuke_msg_feature(ck, doc, src, len, 0, NULL); /* its source and parseError envelopes */
    /* "(3:1): expected: ..." becomes "<file>:3:1: expected: ..." (each error a line). */
    sbuf_t msg = SBUF_INIT;
    for (size_t i = 0; i < doc->nerrors; i++) {
      const char *m = doc->errors[i].message, *close = strstr(m, "): ");
      sbuf_printf(&msg, "%s%s:%d", i ? "\n" : "", uri, doc->errors[i].loc.line);
      if (doc->errors[i].loc.column) sbuf_printf(&msg, ":%d", doc->errors[i].loc.column);
      sbuf_printf(&msg, ": %s", m[0] == '(' && close ? close + 3 : m);
    }
    char *where = xasprintf("%s:%d:%d", path, doc->errors[0].loc.line, doc->errors[0].loc.column);
    *error = error_json("ParseError", sbuf_cstr(&msg), where);
    free(where);
    sbuf_free(&msg);
    gherkin_document_free(doc);
    goto out;
  }
  rc = 0;
  if (doc->feature) {
    keep_children(ck, doc->feature->children, doc->feature->nchildren);
    build_t b = {ck, doc, ck->pickles.len, NULL, NULL};
    gherkin_compile(doc, &ck->ids, &ck->pickles);
    b.selected = xcalloc(ck->pickles.len - b.first + 1, sizeof(bool));
    for (size_t i = b.first; i < ck->pickles.len; i++)
      b.selected[i - b.first] = select_pickle(ck, doc, &ck->pickles.items[i], lines, nlines);
    add_all_hooks(ck);
    cuke_json_add_feature(ck, doc, b.first, b.selected);
    cuke_msg_feature(ck, doc, src, len, b.first, b.selected);
    if (!ck->documents) ck->documents = json_object();
    json_t *env = gherkin_document_json(doc);
    json_object_set(ck->documents, doc->uri, json_object_get(env, "gherkinDocument"));
    json_decref(env);
    if (any_selected(&b, doc->feature->children, doc->feature->nchildren)) {
      JSContextRef ctx = js_realm_context(ck->realm);
      JSValueRef exc = NULL;
      fw_runner_set_file(ck->r, path);
      JSObjectRef body = js_make_closure(ctx, "feature", children_body, &b, NULL);
      const gherkin_feature_t *f = doc->feature;
      const char **tags = xcalloc(f->ntags + 1, sizeof(char *));
      for (size_t k = 0; k < f->ntags; k++) tags[k] = f->tags[k].name;
      size_t len;
      char *title = shown_title(ck, *f->name ? f->name : fs_basename(path), tags, f->ntags, &len);
      free(tags);
      fw_suite_t *suite = fw_add_suite_n(ck->r, title, len, body, false, false, &exc);
      free(title);
      if (!suite || exc) {
        *error = error_json("Error", "the feature's scenarios could not be added", path);
        rc = -1;
      } else if (ck->opts->reverse) {
        /* Order 'reverse': this feature runs before those the job loaded earlier. */
        fw_suite_t *root = suite->parent;
        memmove(root->suites + 1, root->suites, (root->n_suites - 1) * sizeof(*root->suites));
        root->suites[0] = suite;
      }
    }
    free(b.selected);
  }
  gherkin_document_free(doc);
out:
  free(uri);
  free(src);
  free(lines);
  free(path);
  return rc;
}

int fw_cucumber_support_files(fw_cucumber_t *ck, const char *config_dir, strvec_t *out,
                              json_t **error) {
  for (size_t i = 0; i < ck->opts->require_module.len; i++) {
    const char *name = ck->opts->require_module.items[i];
    bool builtin = false;
    char *path = js_module_resolve(ck->realm, config_dir, name, &builtin);
    if (!path || builtin) {
      char *msg = xasprintf("cucumberOpts.requireModule: cannot find module '%s' from %s", name,
                            config_dir);
      *error = error_json("Error", msg, config_dir);
      free(msg);
      free(path);
      return -1;
    }
    strvec_push_owned(out, path);
  }
  /* Each glob's files sorted; a file named twice is loaded once (the module cache would
   * keep it from running twice anyway). */
  for (size_t i = 0; i < ck->opts->require.len; i++) {
    strvec_t files = STRVEC_INIT;
    if (glob_expand(config_dir, ck->opts->require.items[i], &files) < 0) {
      char *msg = xasprintf("cucumberOpts.require: cannot read the files of '%s'",
                            ck->opts->require.items[i]);
      *error = error_json("Error", msg, config_dir);
      free(msg);
      strvec_free(&files);
      return -1;
    }
    for (size_t k = 0; k < files.len; k++)
      if (!strvec_contains(out, files.items[k])) strvec_push(out, files.items[k]);
    strvec_free(&files);
  }
  return 0;
}
