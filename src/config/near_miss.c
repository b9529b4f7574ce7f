/* near_miss: warnings for config keys and command-line flags that are one or two edits from
 * a key sonde knows ("maxInstance" → "maxInstances", "--mochaOpt.grep" → "--mochaOpts.grep").
 * Other unknown keys stay allowed without a word, as in WebdriverIO: services and hooks read
 * keys of their own. Pure C over the config's JSON; the caller prints the lines. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "common/log.h"
#include "config/config.h"
#include "config/hooks.h"
#include "js/jsutil.h"

/* The keys a WebdriverIO config may hold at the top (sonde's and those it accepts and
 * ignores; the hooks sonde calls are hooks.h's lists), and in the sections sonde reads. */
// clang-format off
static const char *const kTopKeys[] = {
    "runner", "specs", "exclude", "suites", "capabilities", "maxInstances", "workers",
    "watchdogTimeout", "maxInstancesPerCapability", "baseUrl", "framework", "mochaOpts",
    "jasmineOpts", "cucumberOpts", "reporters", "apiRunner", "graphqlRunner", "openapi",
    "logLevel", "logLevels", "outputDir", "shardTimings", "progress", "bail", "specFileRetries",
    "specFileRetriesDelay", "specFileRetriesDeferred", "groupLogsByTestSpec", "drainTimeout",
    "services", "autoCompileOpts", "tsConfigPath", "connectionRetryTimeout",
    "connectionRetryCount", "waitforTimeout", "waitforInterval", "hostname", "port", "path",
    "protocol", "user", "key", "region", "watch", "filesToWatch", "reporterSyncTimeout",
    "reporterSyncInterval", "execArgv", "runnerEnv", "injectGlobals", "beforeCommand",
    "afterCommand", "onReload",
    NULL};
// clang-format on
static const char *const kMochaKeys[] = {
    "ui",         "timeout",       "retries", "bail", "grep",      "fgrep", "invert",
    "forbidOnly", "forbidPending", "require", "slow", "compilers", NULL};
static const char *const kApiKeys[] = {"timeout",    "retries",      "retryDelay",  "retryBackoff",
                                       "headers",    "verbose",      "maskHeaders", "cookies",
                                       "http2",      "maxRedirects", "client",      "clientFactory",
                                       "globalName", "baseUrl",      "maxBodySize", "har",
                                       "proxy",      "openapi",      NULL};

/* WebdriverIO keys that mean nothing to an API runner (browser connection, compilation,
 * command hooks): accepted, and said to be ignored at debug level. */
static const char *const kIgnoredKeys[] = {"autoCompileOpts",
                                           "tsConfigPath",
                                           "connectionRetryTimeout",
                                           "connectionRetryCount",
                                           "waitforTimeout",
                                           "waitforInterval",
                                           "hostname",
                                           "port",
                                           "path",
                                           "protocol",
                                           "user",
                                           "key",
                                           "region",
                                           "reporterSyncTimeout",
                                           "reporterSyncInterval",
                                           "execArgv",
                                           "runnerEnv",
                                           "injectGlobals",
                                           "beforeCommand",
                                           "afterCommand",
                                           "onReload",
                                           NULL};

static const struct {
  const char *section;
  const char *const *keys[3]; /* lists of known keys, NULL after the last */
} kSections[] = {{NULL, {kTopKeys, hooks_launcher_names, hooks_worker_names}},
                 {"mochaOpts", {kMochaKeys}},
                 {"apiRunner", {kApiKeys}}};

/* Optimal string alignment distance (adjacent swaps count one), case-insensitive; a
 * difference of case only counts one. Bounded strings: keys are short. */
static int distance(const char *a, const char *b) {
  size_t n = strlen(a), m = strlen(b);
  if (n > 64 || m > 64) return 99;
  int d[65][65];
  for (size_t i = 0; i <= n; i++) d[i][0] = (int)i;
  for (size_t j = 0; j <= m; j++) d[0][j] = (int)j;
  for (size_t i = 1; i <= n; i++)
    for (size_t j = 1; j <= m; j++) {
      int cost = tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]);
      int v = d[i - 1][j] + 1;
      if (d[i][j - 1] + 1 < v) v = d[i][j - 1] + 1;
      if (d[i - 1][j - 1] + cost < v) v = d[i - 1][j - 1] + cost;
      if (i > 1 && j > 1 && tolower((unsigned char)a[i - 1]) == tolower((unsigned char)b[j - 2]) &&
          tolower((unsigned char)a[i - 2]) == tolower((unsigned char)b[j - 1]) &&
          d[i - 2][j - 2] + 1 < v)
        v = d[i - 2][j - 2] + 1;
      d[i][j] = v;
    }
  if (d[n][m] == 0 && strcmp(a, b) != 0) return 1; /* case only */
  return d[n][m];
}

/* The known key `key` is closest to, when it is a near miss (not itself known). */
static const char *suggestion(const char *key, const char *const *const lists[3]) {
  const char *best = NULL;
  int best_d = 99;
  for (size_t l = 0; l < 3 && lists[l]; l++)
    for (const char *const *known = lists[l]; *known; known++) {
      if (strcmp(key, *known) == 0) return NULL;
      int d = distance(key, *known);
      if (d < best_d) best_d = d, best = *known;
    }
  size_t len = strlen(key);
  int limit = len >= 5 ? 2 : len >= 3 ? 1 : 0;
  return best_d <= limit ? best : NULL;
}

static bool in_overrides(const json_t *overrides, const char *section, const char *key) {
  if (!overrides) return false;
  if (section) overrides = json_object_get(overrides, section);
  return json_is_object(overrides) && json_object_get(overrides, key);
}

int config_near_misses(const sonde_config_t *cfg, const json_t *overrides, sbuf_t *out) {
  int n = 0;
  for (size_t s = 0; s < sizeof(kSections) / sizeof(kSections[0]); s++) {
    const char *section = kSections[s].section;
    json_t *obj = section ? json_object_get(cfg->json, section) : cfg->json;
    if (!json_is_object(obj)) continue;
    const char *key;
    json_t *value;
    json_object_foreach(obj, key, value) {
      const char *near = suggestion(key, kSections[s].keys);
      if (!near) continue;
      n++;
      if (in_overrides(overrides, section, key)) {
        /* As the flag was typed: --mochaOpt.grep → --mochaOpts.grep. */
        sbuf_t rest = SBUF_INIT;
        for (json_t *v = value; json_is_object(v) && json_object_size(v) == 1;) {
          const char *sub = json_object_iter_key(json_object_iter(v));
          sbuf_printf(&rest, ".%s", sub);
          v = json_object_get(v, sub);
        }
        const char *pre = section ? section : "", *dot = section ? "." : "";
        sbuf_printf(out, "--%s%s%s%s: unknown option; did you mean --%s%s%s%s?\n", pre, dot, key,
                    sbuf_cstr(&rest), pre, dot, near, sbuf_cstr(&rest));
        sbuf_free(&rest);
        continue;
      }
      char *dotted = section ? xasprintf("%s.%s", section, key) : xstrdup(key);
      config_key_error(cfg, dotted, out, "unknown key \"%s\"; did you mean \"%s%s%s\"?\n", dotted,
                       section ? section : "", section ? "." : "", near);
      free(dotted);
    }
  }
  return n;
}

int config_log_ignored(const sonde_config_t *cfg) {
  int n = 0;
  JSContextRef ctx = cfg->realm ? js_realm_context(cfg->realm) : NULL;
  for (size_t i = 0; kIgnoredKeys[i]; i++) {
    /* Functions (beforeCommand) are not in the JSON: ask the object. */
    bool present = json_object_get(cfg->json, kIgnoredKeys[i]) != NULL;
    if (!present && ctx && cfg->object)
      present = !JSValueIsUndefined(ctx, js_get(ctx, cfg->object, kIgnoredKeys[i]));
    if (!present) continue;
    n++;
    log_debug("config", "\"%s\" is a WebdriverIO option that means nothing to sonde: ignored",
              kIgnoredKeys[i]);
  }
  return n;
}
