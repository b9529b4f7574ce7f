/* module_resolve: Node's resolution of a request to a file, for require() and import —
 * relative and absolute paths (with the .js .cjs .mjs .json extensions and index files,
 * then TypeScript's .ts .mts .cts, and `./x.js` naming x.ts when there is no x.js),
 * file: URLs, package "imports" (#name), a package requiring itself by name, and packages
 * in node_modules folders found walking up from the requiring directory, through their
 * package.json "exports" (subpaths, * patterns, nested conditions) or "main".
 *
 * Conditions: require() matches "require", "node", "default"; import matches "import",
 * "node", "default". A package that offers only the other kind still resolves (sonde can
 * load either synchronously), where Node would throw ERR_REQUIRE_ESM.
 *
 * Memory: package.json files are parsed once per process and kept in a small cache (never
 * freed: they are few and live as long as the process could load modules). Returned paths
 * and messages are malloc'd for the caller. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "common/fsutil.h"
#include "common/glob.h"
#include "common/sbuf.h"
#include "js/runtime_internal.h"

typedef struct {
  char *path;
  json_t *json; /* NULL when the file does not exist or does not parse */
} pkg_cache_t;

static pkg_cache_t *pkgs;
static size_t n_pkgs;

static json_t *read_package(const char *dir) {
  char *path = xasprintf("%s/package.json", dir);
  for (size_t i = 0; i < n_pkgs; i++) {
    if (strcmp(pkgs[i].path, path) == 0) {
      free(path);
      return pkgs[i].json;
    }
  }
  json_t *j = fs_is_file(path) ? json_load_file(path, 0, NULL) : NULL;
  if (j && !json_is_object(j)) {
    json_decref(j);
    j = NULL;
  }
  pkgs = xrealloc(pkgs, (n_pkgs + 1) * sizeof(*pkgs));
  pkgs[n_pkgs++] = (pkg_cache_t){path, j};
  return j;
}

/* ---- files ---- */

/* TypeScript sources import each other by the name of the JavaScript they would compile
 * to (`./util.js` for util.ts), as TypeScript's resolution allows: with no such file, the
 * TypeScript one. */
static char *try_ts_for_js(const char *base) {
  static const char *const pairs[][2] = {{".js", ".ts"}, {".mjs", ".mts"}, {".cjs", ".cts"}};
  size_t n = strlen(base);
  for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
    size_t e = strlen(pairs[i][0]);
    if (n <= e || strcmp(base + n - e, pairs[i][0]) != 0) continue;
    char *p = xasprintf("%.*s%s", (int)(n - e), base, pairs[i][1]);
    if (fs_is_file(p)) return p;
    free(p);
  }
  return NULL;
}

static char *try_exact_or_ext(const char *base) {
  static const char *const exts[] = {"", ".js", ".cjs", ".mjs", ".json", ".ts", ".mts", ".cts"};
  for (size_t i = 0; i < sizeof(exts) / sizeof(exts[0]); i++) {
    char *p = xasprintf("%s%s", base, exts[i]);
    if (fs_is_file(p)) return p;
    free(p);
  }
  return try_ts_for_js(base);
}

static char *try_index(const char *dir) {
  static const char *const names[] = {"index.js", "index.cjs", "index.mjs", "index.json",
                                      "index.ts", "index.mts", "index.cts"};
  for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
    char *p = xasprintf("%s/%s", dir, names[i]);
    if (fs_is_file(p)) return p;
    free(p);
  }
  return NULL;
}

/* LOAD_AS_FILE, then LOAD_AS_DIRECTORY (package.json "main", then index). */
static char *load_path(const char *base) {
  char *found = try_exact_or_ext(base);
  if (found || !fs_is_dir(base)) return found;
  json_t *pkg = read_package(base);
  const char *main = pkg ? json_string_value(json_object_get(pkg, "main")) : NULL;
  if (main && *main) {
    char *m = path_resolve(base, main);
    found = try_exact_or_ext(m);
    if (!found && fs_is_dir(m)) found = try_index(m);
    free(m);
    if (found) return found;
  }
  return try_index(base);
}

/* ---- exports / imports targets ---- */

static bool condition_matches(const char *key, bool import, bool other_kind) {
  if (strcmp(key, "default") == 0 || strcmp(key, "node") == 0) return true;
  if (strcmp(key, import ? "import" : "require") == 0) return true;
  return other_kind && strcmp(key, import ? "require" : "import") == 0;
}

/* PACKAGE_TARGET_RESOLVE: a path below `pkg_dir`, or NULL when the target is null or no
 * condition matched. `star` replaces '*' in pattern targets. */
static char *target_resolve(const char *pkg_dir, json_t *target, const char *star, bool import,
                            bool other_kind, bool allow_bare, const char *from_dir) {
  if (json_is_string(target)) {
    const char *t = json_string_value(target);
    sbuf_t b = SBUF_INIT;
    for (const char *p = t; *p; p++) {
      if (*p == '*' && star) sbuf_puts(&b, star);
      else sbuf_putc(&b, *p);
    }
    char *expanded = sbuf_take(&b);
    char *r = NULL;
    if (strncmp(expanded, "./", 2) == 0) {
      r = path_resolve(pkg_dir, expanded);
    } else if (allow_bare) {
      /* "imports" may map to another package. */
      r = js_resolve_file(from_dir, expanded, import, NULL);
    }
    free(expanded);
    return r;
  }
  if (json_is_array(target)) {
    size_t i;
    json_t *item;
    json_array_foreach(target, i, item) {
      char *r = target_resolve(pkg_dir, item, star, import, other_kind, allow_bare, from_dir);
      if (r) return r;
    }
    return NULL;
  }
  if (json_is_object(target)) {
    const char *key;
    json_t *value;
    json_object_foreach(target, key, value) {
      if (!condition_matches(key, import, other_kind)) continue;
      char *r = target_resolve(pkg_dir, value, star, import, other_kind, allow_bare, from_dir);
      if (r) return r;
    }
  }
  return NULL;
}

static bool is_conditional_sugar(json_t *exports) {
  if (!json_is_object(exports)) return true;
  const char *key;
  json_t *v;
  json_object_foreach(exports, key, v) return key[0] != '.';
  return true;
}

/* The entry of a subpath map ("exports" or "imports") for `subpath`: an exact key, else
 * the "*" pattern with the longest prefix. *star receives what the * matched. */
static json_t *map_lookup(json_t *map, const char *subpath, char **star) {
  *star = NULL;
  json_t *exact = json_object_get(map, subpath);
  if (exact) return exact;
  const char *key, *best = NULL;
  json_t *v, *best_v = NULL;
  size_t best_len = 0;
  json_object_foreach(map, key, v) {
    const char *s = strchr(key, '*');
    if (!s) continue;
    size_t pre = (size_t)(s - key), post = strlen(s + 1), n = strlen(subpath);
    if (n < pre + post || strncmp(subpath, key, pre) != 0) continue;
    if (post && strcmp(subpath + n - post, s + 1) != 0) continue;
    if (!best || pre > best_len) {
      best = key;
      best_v = v;
      best_len = pre;
      free(*star);
      *star = xstrndup(subpath + pre, n - pre - post);
    }
  }
  return best_v;
}

/* PACKAGE_EXPORTS_RESOLVE for `subpath` ("." or "./x"). NULL with *error set when the
 * package does not export it. */
static char *exports_resolve(const char *pkg_dir, json_t *exports, const char *subpath, bool import,
                             char **error) {
  json_t *target = NULL;
  char *star = NULL;
  if (is_conditional_sugar(exports)) {
    if (strcmp(subpath, ".") == 0) target = exports;
  } else {
    target = map_lookup(exports, subpath, &star);
  }
  char *r = NULL;
  if (target) {
    r = target_resolve(pkg_dir, target, star, import, false, false, NULL);
    if (!r) r = target_resolve(pkg_dir, target, star, import, true, false, NULL);
  }
  free(star);
  if (!r && error && !*error) {
    if (strcmp(subpath, ".") == 0)
      *error = xasprintf("No \"exports\" main defined in %s/package.json", pkg_dir);
    else
      *error = xasprintf("Package subpath '%s' is not defined by \"exports\" in %s/package.json",
                         subpath, pkg_dir);
  }
  return r;
}

/* Splits "name/sub" or "@scope/name/sub" into the package name and "./sub" (or "."). */
static bool split_package(const char *request, char **name, char **subpath) {
  const char *slash = strchr(request, '/');
  if (request[0] == '@') {
    if (!slash || !slash[1]) return false;
    slash = strchr(slash + 1, '/');
  }
  size_t n = slash ? (size_t)(slash - request) : strlen(request);
  if (n == 0) return false;
  *name = xstrndup(request, n);
  *subpath = slash ? xasprintf(".%s", slash) : xstrdup(".");
  return true;
}

/* The package of a directory (nearest package.json up the tree), as its folder. */
static char *package_scope(const char *dir) {
  char *d = xstrdup(dir);
  for (;;) {
    if (read_package(d)) return d;
    const char *base = fs_basename(d);
    if (strcmp(base, "node_modules") == 0 || strcmp(d, "/") == 0 || !*d) break;
    char *up = fs_dirname(d);
    free(d);
    d = up;
  }
  free(d);
  return NULL;
}

static char *resolve_package_file(const char *pkg_dir, const char *subpath, bool import,
                                  char **error) {
  json_t *pkg = read_package(pkg_dir);
  json_t *exports = pkg ? json_object_get(pkg, "exports") : NULL;
  if (exports && !json_is_null(exports)) {
    char *r = exports_resolve(pkg_dir, exports, subpath, import, error);
    if (!r) return NULL;
    char *f = try_exact_or_ext(r);
    free(r);
    return f;
  }
  char *base = strcmp(subpath, ".") == 0 ? xstrdup(pkg_dir) : path_resolve(pkg_dir, subpath);
  char *r = load_path(base);
  free(base);
  return r;
}

char *js_resolve_file(const char *from_dir, const char *request, bool import, char **error) {
  if (strncmp(request, "file://", 7) == 0) {
    char *decoded = js_file_url_path(request);
    if (!decoded) return NULL;
    char *r = load_path(decoded);
    free(decoded);
    return r;
  }
  bool relative =
      request[0] == '.' && (request[1] == '/' || (request[1] == '.' && request[2] == '/') ||
                            request[1] == '\0' || (request[1] == '.' && request[2] == '\0'));
  if (relative || request[0] == '/') {
    char *base = path_resolve(from_dir, request);
    char *r = load_path(base);
    free(base);
    return r;
  }
  if (request[0] == '#') {
    char *scope = package_scope(from_dir);
    json_t *imports = scope ? json_object_get(read_package(scope), "imports") : NULL;
    char *r = NULL;
    if (json_is_object(imports)) {
      char *star = NULL;
      json_t *target = map_lookup(imports, request, &star);
      if (target) r = target_resolve(scope, target, star, import, false, true, scope);
      if (!r && target) r = target_resolve(scope, target, star, import, true, true, scope);
      free(star);
      if (r) {
        char *f = try_exact_or_ext(r);
        free(r);
        r = f;
      }
    }
    if (!r && error && !*error)
      *error = xasprintf("Package import specifier \"%s\" is not defined%s%s", request,
                         scope ? " in package " : "", scope ? scope : "");
    free(scope);
    return r;
  }

  char *name = NULL, *subpath = NULL;
  if (!split_package(request, &name, &subpath)) return NULL;
  char *found = NULL;
  /* A package may require itself by its own name (through its exports). */
  char *scope = package_scope(from_dir);
  if (scope) {
    json_t *pkg = read_package(scope);
    const char *own = json_string_value(json_object_get(pkg, "name"));
    if (own && strcmp(own, name) == 0 && json_object_get(pkg, "exports"))
      found = resolve_package_file(scope, subpath, import, error);
    free(scope);
  }
  /* node_modules folders from `from_dir` up to the root. */
  char *dir = xstrdup(from_dir);
  while (!found) {
    if (strcmp(fs_basename(dir), "node_modules") != 0) {
      char *pkg_dir = xasprintf("%s%snode_modules/%s", dir, strcmp(dir, "/") == 0 ? "" : "/", name);
      if (fs_is_dir(pkg_dir)) found = resolve_package_file(pkg_dir, subpath, import, error);
      else if (strcmp(subpath, ".") == 0) found = try_exact_or_ext(pkg_dir);
      free(pkg_dir);
      if (found || (error && *error)) break;
    }
    if (strcmp(dir, "/") == 0 || !*dir) break;
    char *up = fs_dirname(dir);
    free(dir);
    dir = up;
  }
  free(dir);
  free(name);
  free(subpath);
  return found;
}

char *js_file_url_path(const char *url) {
  if (strncmp(url, "file://", 7) != 0) return NULL;
  const char *p = url + 7;
  if (strncmp(p, "localhost/", 10) == 0) p += 9;
  if (*p != '/') return NULL;
  sbuf_t b = SBUF_INIT;
  for (; *p && *p != '?' && *p != '#'; p++) {
    if (*p == '%' && p[1] && p[2]) {
      char hex[3] = {p[1], p[2], 0};
      char *end;
      long v = strtol(hex, &end, 16);
      if (*end == '\0') {
        if (v == '/' || v == 0) {
          sbuf_free(&b);
          return NULL; /* Node: ERR_INVALID_FILE_URL_PATH */
        }
        sbuf_putc(&b, (char)v);
        p += 2;
        continue;
      }
    }
    sbuf_putc(&b, *p);
  }
  return sbuf_take(&b);
}
