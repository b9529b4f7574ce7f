/* init: `sonde init` scaffolds a project in the current folder: a commented sonde.conf.js
 * (or .ts) and one example spec (or feature and steps) that runs green against the base
 * URL's `/` or says what to edit. It asks in a terminal (framework, TypeScript, base URL,
 * reporters), takes the same as flags (--framework, --typescript, --baseUrl, --reporters)
 * and uses the defaults without a terminal or with --yes. It never overwrites a file: when
 * one exists, nothing is written.
 *
 * Memory: every string built here is freed before returning; nothing is kept. */
#include "cli/init.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/sbuf.h"

typedef struct {
  char *framework; /* mocha | jasmine | cucumber */
  bool typescript;
  char *base_url;
  char *reporters; /* comma separated */
} init_answers_t;

typedef struct {
  const char *path;
  char *text;
} init_file_t;

/* A flag's value from the overrides ("--framework jasmine"), as a string. */
static char *flag_string(const json_t *overrides, const char *name) {
  const json_t *v = json_object_get(overrides, name);
  if (json_is_string(v)) return xstrdup(json_string_value(v));
  if (json_is_number(v)) return xasprintf("%g", json_number_value(v));
  return NULL;
}

/* Asks `question` on the terminal; the default when the answer is empty. */
static char *ask(const char *question, const char *fallback) {
  printf("%s [%s]: ", question, fallback);
  fflush(stdout);
  char line[1024];
  if (!fgets(line, sizeof line, stdin)) return xstrdup(fallback);
  line[strcspn(line, "\r\n")] = '\0';
  return xstrdup(line[0] ? line : fallback);
}

static bool valid_framework(const char *f) {
  return strcmp(f, "mocha") == 0 || strcmp(f, "jasmine") == 0 || strcmp(f, "cucumber") == 0;
}

static int gather(const json_t *overrides, bool interactive, init_answers_t *a, sbuf_t *err) {
  const json_t *ts = json_object_get(overrides, "typescript");
  a->framework = flag_string(overrides, "framework");
  a->base_url = flag_string(overrides, "baseUrl");
  a->reporters = flag_string(overrides, "reporters");
  a->typescript = json_is_true(ts);
  if (interactive) {
    if (!a->framework) a->framework = ask("Framework (mocha, jasmine, cucumber)", "mocha");
    if (!ts) {
      char *yn = ask("TypeScript (y/n)", "n");
      a->typescript = yn[0] == 'y' || yn[0] == 'Y';
      free(yn);
    }
    if (!a->base_url) a->base_url = ask("Base URL of the API", "http://127.0.0.1:8080");
    if (!a->reporters) a->reporters = ask("Reporters (spec, dot, junit, allure, json)", "spec");
  }
  if (!a->framework) a->framework = xstrdup("mocha");
  if (!a->base_url) a->base_url = xstrdup("http://127.0.0.1:8080");
  if (!a->reporters) a->reporters = xstrdup("spec");
  if (!valid_framework(a->framework)) {
    sbuf_printf(err, "--framework must be mocha, jasmine or cucumber (got \"%s\")", a->framework);
    return -1;
  }
  if (strncmp(a->base_url, "http://", 7) != 0 && strncmp(a->base_url, "https://", 8) != 0) {
    sbuf_printf(err, "--baseUrl must be an http:// or https:// URL (got \"%s\")", a->base_url);
    return -1;
  }
  return 0;
}

/* ['spec', 'junit'] from "spec, junit"; each name as a quoted JS string. */
static void reporters_js(const char *list, sbuf_t *out) {
  sbuf_putc(out, '[');
  char *copy = xstrdup(list), *save = NULL;
  int n = 0;
  for (char *r = strtok_r(copy, ", ", &save); r; r = strtok_r(NULL, ", ", &save)) {
    sbuf_printf(out, "%s'", n++ ? ", " : "");
    for (const char *p = r; *p; p++)
      if (*p != '\'' && *p != '\\') sbuf_putc(out, *p);
    sbuf_putc(out, '\'');
  }
  if (!n) sbuf_puts(out, "'spec'");
  sbuf_putc(out, ']');
  free(copy);
}

static char *config_text(const init_answers_t *a) {
  const char *ext = a->typescript ? "ts" : "js";
  sbuf_t b = SBUF_INIT, reporters = SBUF_INIT;
  reporters_js(a->reporters, &reporters);
  sbuf_printf(
      &b,
      "// sonde's configuration, in WebdriverIO's form. Run it with: sonde run sonde.conf.%s\n"
      "// (or just `sonde` in this folder). Every option is in sonde's README.\n"
      "%s = {\n"
      "  // The API runner: a global `api` client in every spec.\n"
      "  runner: 'api',\n",
      ext, a->typescript ? "export const config" : "exports.config");
  if (strcmp(a->framework, "cucumber") == 0)
    sbuf_puts(
        &b, "  // Feature files, relative to this file.\n  specs: ['./features/**/*.feature'],\n");
  else
    sbuf_printf(&b, "  // Spec files, relative to this file.\n  specs: ['./specs/**/*.spec.%s'],\n",
                ext);
  sbuf_printf(&b,
              "  // Spec files run in parallel.\n"
              "  maxInstances: 2,\n"
              "  // Relative request paths start here; API_BASE_URL wins when it is set.\n"
              "  baseUrl: process.env.API_BASE_URL || '%s',\n"
              "  framework: '%s',\n",
              a->base_url, a->framework);
  if (strcmp(a->framework, "mocha") == 0)
    sbuf_puts(&b, "  // Per-test timeout (ms).\n  mochaOpts: { ui: 'bdd', timeout: 30000 },\n");
  else if (strcmp(a->framework, "jasmine") == 0)
    sbuf_puts(&b,
              "  // Per-spec timeout (ms).\n  jasmineOpts: { defaultTimeoutInterval: 30000 },\n");
  else
    sbuf_printf(
        &b,
        "  // Step definitions, and the per-step timeout (ms).\n"
        "  cucumberOpts: { require: ['./features/step-definitions/**/*.%s'], timeout: 30000 },\n",
        ext);
  sbuf_printf(&b,
              "  reporters: %s,\n"
              "  // Per-request timeout (ms); headers, retries, verbose... as well.\n"
              "  apiRunner: { timeout: 30000 },\n"
              "};\n",
              sbuf_cstr(&reporters));
  sbuf_free(&reporters);
  return sbuf_take(&b);
}

static const char kSpecText[] =
    "// An example to start from: the API's root answers. Edit the path and the checks for\n"
    "// your API; sonde's README lists assertResponse, expect and the API matchers.\n"
    "describe('the API', () => {\n"
    "  it('answers at /', async () => {\n"
    "    const res = await api.get('/');\n"
    "    // A 5xx, or a network error, means the API is down or baseUrl (sonde.conf) is wrong.\n"
    "    expect(res.status).toBeLessThan(500);\n"
    "  });\n"
    "});\n";

static const char kFeatureText[] =
    "# An example to start from: the API's root answers. Edit it for your API.\n"
    "Feature: The API\n"
    "\n"
    "  Scenario: it answers at /\n"
    "    When I GET \"/\"\n"
    "    Then the status is below 500\n";

static char *steps_text(bool typescript) {
  return xasprintf(
      "// The steps of features/example.feature. `api` is global; `this` is the scenario's World.\n"
      "%s\n"
      "\n"
      "When('I GET {string}', async function (%s) {\n"
      "  this.res = await api.get(path);\n"
      "});\n"
      "\n"
      "Then('the status is below {int}', function (%s) {\n"
      "  if (this.res.status >= limit)\n"
      "    throw new Error(`status ${this.res.status}: is the API up, and baseUrl right in "
      "sonde.conf?`);\n"
      "});\n",
      typescript ? "import { When, Then } from '@cucumber/cucumber';"
                 : "const { When, Then } = require('@cucumber/cucumber');",
      typescript ? "this: { res: any }, path: string" : "path",
      typescript ? "this: { res: any }, limit: number" : "limit");
}

static bool exists(const char *path) {
  struct stat st;
  return stat(path, &st) == 0;
}

/* Creates the parent folders of `path` (relative, a few levels). */
static int make_parents(const char *path) {
  char *copy = xstrdup(path);
  for (char *p = copy; (p = strchr(p, '/')); p++) {
    *p = '\0';
    if (mkdir(copy, 0777) != 0 && errno != EEXIST) {
      free(copy);
      return -1;
    }
    *p = '/';
  }
  free(copy);
  return 0;
}

int init_main(const json_t *overrides) {
  sbuf_t err = SBUF_INIT;
  init_answers_t a = {0};
  bool interactive = isatty(STDIN_FILENO) && !json_is_true(json_object_get(overrides, "yes"));
  init_file_t files[3] = {{0}};
  size_t n = 0;
  int rc = 1;
  if (gather(overrides, interactive, &a, &err) != 0) {
    fprintf(stderr, "sonde init: %s\n", sbuf_cstr(&err));
    goto out;
  }
  files[n++] = (init_file_t){a.typescript ? "sonde.conf.ts" : "sonde.conf.js", config_text(&a)};
  if (strcmp(a.framework, "cucumber") == 0) {
    files[n++] = (init_file_t){"features/example.feature", xstrdup(kFeatureText)};
    files[n++] = (init_file_t){
        a.typescript ? "features/step-definitions/steps.ts" : "features/step-definitions/steps.js",
        steps_text(a.typescript)};
  } else {
    files[n++] = (init_file_t){a.typescript ? "specs/example.spec.ts" : "specs/example.spec.js",
                               xstrdup(kSpecText)};
  }
  /* All or nothing: an existing file stops it before anything is written. */
  for (size_t i = 0; i < n; i++)
    if (exists(files[i].path)) {
      fprintf(stderr,
              "sonde init: %s exists already; nothing was written (sonde init never overwrites)\n",
              files[i].path);
      goto out;
    }
  for (size_t i = 0; i < n; i++) {
    FILE *f = make_parents(files[i].path) == 0 ? fopen(files[i].path, "wx") : NULL;
    bool ok = f && fputs(files[i].text, f) >= 0;
    if (f && fclose(f) != 0) ok = false;
    if (!ok) {
      fprintf(stderr, "sonde init: cannot write %s: %s\n", files[i].path, strerror(errno));
      for (size_t k = 0; k <= i; k++) unlink(files[k].path); /* nothing half-written stays */
      goto out;
    }
    printf("created %s\n", files[i].path);
  }
  printf("\nNext: sonde run %s   (or just `sonde` here)\n", files[0].path);
  rc = 0;
out:
  for (size_t i = 0; i < n; i++) free(files[i].text);
  free(a.framework);
  free(a.base_url);
  free(a.reporters);
  sbuf_free(&err);
  return rc;
}
