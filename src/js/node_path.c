/* node_path: the `path` module (POSIX flavour; path.posix is the module itself and
 * path.win32 is too, as sonde runs on POSIX systems only). A line-by-line port of Node's
 * lib/path.js posix functions onto bytes: '/' and '.' are ASCII, which UTF-8 never uses
 * inside a multi-byte character, so byte indices behave as Node's UTF-16 ones do.
 *
 * Memory: every helper returns a malloc'd string the caller frees. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/sbuf.h"
#include "js/jsclass.h"
#include "js/jsutil.h"
#include "js/node.h"

/* normalizeString(path, allowAboveRoot, '/') */
static char *normalize_string(const char *path, bool allow_above_root) {
  sbuf_t res = SBUF_INIT;
  long last_segment_length = 0, last_slash = -1, dots = 0;
  long n = (long)strlen(path);
  char code = 0;
  for (long i = 0; i <= n; ++i) {
    if (i < n) code = path[i];
    else if (code == '/') break;
    else code = '/';
    if (code == '/') {
      if (last_slash == i - 1 || dots == 1) {
        /* nothing */
      } else if (dots == 2) {
        if (res.len < 2 || last_segment_length != 2 || res.data[res.len - 1] != '.' ||
            res.data[res.len - 2] != '.') {
          if (res.len > 2) {
            char *slash = strrchr(sbuf_cstr(&res), '/');
            if (!slash) {
              sbuf_reset(&res);
              last_segment_length = 0;
            } else {
              res.len = (size_t)(slash - res.data);
              res.data[res.len] = '\0';
              char *prev = strrchr(res.data, '/');
              last_segment_length = (long)res.len - 1 - (prev ? (long)(prev - res.data) : -1);
            }
            last_slash = i;
            dots = 0;
            continue;
          } else if (res.len != 0) {
            sbuf_reset(&res);
            last_segment_length = 0;
            last_slash = i;
            dots = 0;
            continue;
          }
        }
        if (allow_above_root) {
          sbuf_puts(&res, res.len > 0 ? "/.." : "..");
          last_segment_length = 2;
        }
      } else {
        if (res.len > 0) sbuf_putc(&res, '/');
        sbuf_append(&res, path + last_slash + 1, (size_t)(i - last_slash - 1));
        last_segment_length = i - last_slash - 1;
      }
      last_slash = i;
      dots = 0;
    } else if (code == '.' && dots != -1) {
      ++dots;
    } else {
      dots = -1;
    }
  }
  return sbuf_take(&res);
}

static char *p_normalize(const char *path) {
  if (!*path) return xstrdup(".");
  bool abs = path[0] == '/', trailing = path[strlen(path) - 1] == '/';
  char *n = normalize_string(path, !abs);
  char *r;
  if (!*n) r = xstrdup(abs ? "/" : trailing ? "./" : ".");
  else r = xasprintf("%s%s%s", abs ? "/" : "", n, trailing ? "/" : "");
  free(n);
  return r;
}

/* resolve(...paths) over C strings; `cwd` stands for process.cwd(). */
static char *p_resolve(size_t n, char **paths) {
  sbuf_t acc = SBUF_INIT;
  bool absolute = false;
  char *cwd = NULL;
  for (long i = (long)n - 1; i >= -1 && !absolute; i--) {
    const char *p;
    if (i >= 0) {
      p = paths[i];
    } else {
      char buf[4096];
      cwd = xstrdup(getcwd(buf, sizeof(buf)) ? buf : "/");
      p = cwd;
    }
    if (!*p) continue;
    char *joined = xasprintf("%s/%s", p, sbuf_cstr(&acc));
    sbuf_reset(&acc);
    sbuf_puts(&acc, joined);
    free(joined);
    absolute = p[0] == '/';
  }
  free(cwd);
  char *norm = normalize_string(sbuf_cstr(&acc), !absolute);
  sbuf_free(&acc);
  char *r = absolute ? xasprintf("/%s", norm) : xstrdup(*norm ? norm : ".");
  free(norm);
  return r;
}

static char *p_relative(const char *from_in, const char *to_in) {
  if (strcmp(from_in, to_in) == 0) return xstrdup("");
  char *a[1] = {(char *)from_in}, *b[1] = {(char *)to_in};
  char *from = p_resolve(1, a), *to = p_resolve(1, b);
  if (strcmp(from, to) == 0) {
    free(from);
    free(to);
    return xstrdup("");
  }
  long from_start = 1, from_end = (long)strlen(from), from_len = from_end - from_start;
  long to_start = 1, to_len = (long)strlen(to) - to_start;
  long length = from_len < to_len ? from_len : to_len, last_common_sep = -1, i = 0;
  for (; i < length; i++) {
    char fc = from[from_start + i];
    if (fc != to[to_start + i]) break;
    else if (fc == '/') last_common_sep = i;
  }
  char *r = NULL;
  if (i == length) {
    if (to_len > length) {
      if (to[to_start + i] == '/') r = xstrdup(to + to_start + i + 1);
      else if (i == 0) r = xstrdup(to + to_start + i);
    } else if (from_len > length) {
      if (from[from_start + i] == '/') last_common_sep = i;
      else if (i == 0) last_common_sep = 0;
    }
  }
  if (!r) {
    sbuf_t out = SBUF_INIT;
    for (i = from_start + last_common_sep + 1; i <= from_end; ++i)
      if (i == from_end || from[i] == '/') sbuf_puts(&out, out.len == 0 ? ".." : "/..");
    sbuf_puts(&out, to + to_start + last_common_sep);
    r = sbuf_take(&out);
  }
  free(from);
  free(to);
  return r;
}

static char *p_dirname(const char *path) {
  long n = (long)strlen(path);
  if (n == 0) return xstrdup(".");
  bool has_root = path[0] == '/';
  long end = -1;
  bool matched_slash = true;
  for (long i = n - 1; i >= 1; --i) {
    if (path[i] == '/') {
      if (!matched_slash) {
        end = i;
        break;
      }
    } else {
      matched_slash = false;
    }
  }
  if (end == -1) return xstrdup(has_root ? "/" : ".");
  if (has_root && end == 1) return xstrdup("//");
  return xstrndup(path, (size_t)end);
}

static char *p_basename(const char *path, const char *suffix) {
  long n = (long)strlen(path), start = 0, end = -1;
  bool matched_slash = true;
  long sn = suffix ? (long)strlen(suffix) : 0;
  if (suffix && sn > 0 && sn <= n) {
    if (strcmp(suffix, path) == 0) return xstrdup("");
    long ext_idx = sn - 1, first_non_slash_end = -1;
    for (long i = n - 1; i >= 0; --i) {
      char code = path[i];
      if (code == '/') {
        if (!matched_slash) {
          start = i + 1;
          break;
        }
      } else {
        if (first_non_slash_end == -1) {
          matched_slash = false;
          first_non_slash_end = i + 1;
        }
        if (ext_idx >= 0) {
          if (code == suffix[ext_idx]) {
            if (--ext_idx == -1) end = i;
          } else {
            ext_idx = -1;
            end = first_non_slash_end;
          }
        }
      }
    }
    if (start == end) end = first_non_slash_end;
    else if (end == -1) end = n;
    return xstrndup(path + start, (size_t)(end - start));
  }
  for (long i = n - 1; i >= 0; --i) {
    if (path[i] == '/') {
      if (!matched_slash) {
        start = i + 1;
        break;
      }
    } else if (end == -1) {
      matched_slash = false;
      end = i + 1;
    }
  }
  if (end == -1) return xstrdup("");
  return xstrndup(path + start, (size_t)(end - start));
}

/* The scan shared by extname and parse: the last dot that starts an extension. */
typedef struct {
  long start_dot, start_part, end;
  int pre_dot_state;
} ext_scan_t;

static ext_scan_t scan_ext(const char *path, long stop) {
  ext_scan_t s = {-1, 0, -1, 0};
  bool matched_slash = true;
  for (long i = (long)strlen(path) - 1; i >= stop; --i) {
    char code = path[i];
    if (code == '/') {
      if (!matched_slash) {
        s.start_part = i + 1;
        break;
      }
      continue;
    }
    if (s.end == -1) {
      matched_slash = false;
      s.end = i + 1;
    }
    if (code == '.') {
      if (s.start_dot == -1) s.start_dot = i;
      else if (s.pre_dot_state != 1) s.pre_dot_state = 1;
    } else if (s.start_dot != -1) {
      s.pre_dot_state = -1;
    }
  }
  return s;
}

static bool no_ext(const ext_scan_t *s) {
  return s->start_dot == -1 || s->end == -1 || s->pre_dot_state == 0 ||
         (s->pre_dot_state == 1 && s->start_dot == s->end - 1 && s->start_dot == s->start_part + 1);
}

static char *p_extname(const char *path) {
  ext_scan_t s = scan_ext(path, 0);
  if (no_ext(&s)) return xstrdup("");
  return xstrndup(path + s.start_dot, (size_t)(s.end - s.start_dot));
}

/* ---- bindings ---- */

static bool string_args(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t want,
                        const char *const names[], char **out, JSValueRef *exc) {
  for (size_t i = 0; i < want; i++) {
    if (i >= argc || !JSValueIsString(ctx, argv[i])) {
      for (size_t j = 0; j < i; j++) free(out[j]);
      js_throw_arg_type(ctx, exc, names[i], "of type string", i < argc ? argv[i] : NULL);
      return false;
    }
    out[i] = js_value_to_utf8(ctx, argv[i]);
  }
  return true;
}

static JSValueRef take_string(JSContextRef ctx, char *s) {
  JSValueRef v = js_make_string(ctx, s);
  free(s);
  return v;
}

#define PATH_FN1(fname, impl, argname)                                                    \
  static JSValueRef fname(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc, \
                          const JSValueRef argv[], JSValueRef *exc) {                     \
    static const char *const names[] = {argname};                                         \
    char *a[1];                                                                           \
    if (!string_args(ctx, argc, argv, 1, names, a, exc)) return NULL;                     \
    char *r = impl(a[0]);                                                                 \
    free(a[0]);                                                                           \
    return take_string(ctx, r);                                                           \
  }
PATH_FN1(path_normalize, p_normalize, "path")
PATH_FN1(path_dirname, p_dirname, "path")
PATH_FN1(path_extname, p_extname, "path")

static JSValueRef path_basename(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  static const char *const names[] = {"path", "ext"};
  char *a[2] = {NULL, NULL};
  bool has_ext = argc > 1 && !JSValueIsUndefined(ctx, argv[1]);
  if (!string_args(ctx, argc, argv, has_ext ? 2 : 1, names, a, exc)) return NULL;
  char *r = p_basename(a[0], a[1]);
  free(a[0]);
  free(a[1]);
  return take_string(ctx, r);
}

static JSValueRef path_relative(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  static const char *const names[] = {"from", "to"};
  char *a[2];
  if (!string_args(ctx, argc, argv, 2, names, a, exc)) return NULL;
  char *r = p_relative(a[0], a[1]);
  free(a[0]);
  free(a[1]);
  return take_string(ctx, r);
}

static bool collect(JSContextRef ctx, size_t argc, const JSValueRef argv[], char ***out,
                    const char *what, JSValueRef *exc) {
  char **list = xcalloc(argc + 1, sizeof(char *));
  for (size_t i = 0; i < argc; i++) {
    if (!JSValueIsString(ctx, argv[i])) {
      for (size_t j = 0; j < i; j++) free(list[j]);
      free(list);
      char *name = strcmp(what, "path") == 0 ? xstrdup("path") : xasprintf("paths[%zu]", i);
      js_throw_arg_type(ctx, exc, name, "of type string", argv[i]);
      free(name);
      return false;
    }
    list[i] = js_value_to_utf8(ctx, argv[i]);
  }
  *out = list;
  return true;
}

static void free_list(char **list, size_t n) {
  for (size_t i = 0; i < n; i++) free(list[i]);
  free(list);
}

static JSValueRef path_resolve_js(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                  const JSValueRef argv[], JSValueRef *exc) {
  char **list;
  if (!collect(ctx, argc, argv, &list, "paths", exc)) return NULL;
  char *r = p_resolve(argc, list);
  free_list(list, argc);
  return take_string(ctx, r);
}

static JSValueRef path_join(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                            const JSValueRef argv[], JSValueRef *exc) {
  char **list;
  if (!collect(ctx, argc, argv, &list, "path", exc)) return NULL;
  sbuf_t joined = SBUF_INIT;
  bool any = false;
  for (size_t i = 0; i < argc; i++) {
    if (!*list[i]) continue;
    if (any) sbuf_putc(&joined, '/');
    sbuf_puts(&joined, list[i]);
    any = true;
  }
  free_list(list, argc);
  char *r = any ? p_normalize(sbuf_cstr(&joined)) : xstrdup(".");
  sbuf_free(&joined);
  return take_string(ctx, r);
}

static JSValueRef path_is_absolute(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                   const JSValueRef argv[], JSValueRef *exc) {
  static const char *const names[] = {"path"};
  char *a[1];
  if (!string_args(ctx, argc, argv, 1, names, a, exc)) return NULL;
  bool r = a[0][0] == '/';
  free(a[0]);
  return JSValueMakeBoolean(ctx, r);
}

static JSValueRef path_identity(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  return argc ? argv[0] : JSValueMakeUndefined(ctx);
}

static JSValueRef path_parse(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                             const JSValueRef argv[], JSValueRef *exc) {
  static const char *const names[] = {"path"};
  char *a[1];
  if (!string_args(ctx, argc, argv, 1, names, a, exc)) return NULL;
  const char *path = a[0];
  char *root = xstrdup(""), *dir = xstrdup(""), *base = xstrdup(""), *ext = xstrdup(""),
       *name = xstrdup("");
  if (*path) {
    bool abs = path[0] == '/';
    if (abs) {
      free(root);
      root = xstrdup("/");
    }
    ext_scan_t s = scan_ext(path, abs ? 1 : 0);
    if (s.end != -1) {
      long start = s.start_part == 0 && abs ? 1 : s.start_part;
      free(base);
      free(name);
      base = xstrndup(path + start, (size_t)(s.end - start));
      if (no_ext(&s)) {
        name = xstrdup(base);
      } else {
        name = xstrndup(path + start, (size_t)(s.start_dot - start));
        free(ext);
        ext = xstrndup(path + s.start_dot, (size_t)(s.end - s.start_dot));
      }
    }
    free(dir);
    if (s.start_part > 0) dir = xstrndup(path, (size_t)(s.start_part - 1));
    else dir = xstrdup(abs ? "/" : "");
  }
  JSObjectRef o = JSObjectMake(ctx, NULL, NULL);
  js_set(ctx, o, "root", take_string(ctx, root));
  js_set(ctx, o, "dir", take_string(ctx, dir));
  js_set(ctx, o, "base", take_string(ctx, base));
  js_set(ctx, o, "ext", take_string(ctx, ext));
  js_set(ctx, o, "name", take_string(ctx, name));
  free(a[0]);
  return o;
}

static JSValueRef path_format(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  if (argc < 1 || !JSValueIsObject(ctx, argv[0]))
    return js_throw_arg_type(ctx, exc, "pathObject", "of type object", argc ? argv[0] : NULL);
  JSValueRef o = argv[0];
  char *dir = js_get_string(ctx, o, "dir"), *root = js_get_string(ctx, o, "root");
  char *base = js_get_string(ctx, o, "base"), *name = js_get_string(ctx, o, "name");
  char *ext = js_get_string(ctx, o, "ext");
  const char *d = dir && *dir ? dir : root;
  char *b;
  if (base && *base) b = xstrdup(base);
  else
    b = xasprintf("%s%s%s", name ? name : "", ext && *ext && ext[0] != '.' ? "." : "",
                  ext ? ext : "");
  char *r;
  if (!d || !*d) r = xstrdup(b);
  else if (root && strcmp(d, root) == 0) r = xasprintf("%s%s", d, b);
  else r = xasprintf("%s/%s", d, b);
  free(dir);
  free(root);
  free(base);
  free(name);
  free(ext);
  free(b);
  return take_string(ctx, r);
}

static void path_init(js_realm_t *realm, JSObjectRef exports, void *ud) {
  JSContextRef ctx = js_realm_context(realm);
  static const js_fn_t fns[] = {
      {"resolve", path_resolve_js, 0},
      {"normalize", path_normalize, 1},
      {"isAbsolute", path_is_absolute, 1},
      {"join", path_join, 0},
      {"relative", path_relative, 2},
      {"toNamespacedPath", path_identity, 1},
      {"dirname", path_dirname, 1},
      {"basename", path_basename, 1},
      {"extname", path_extname, 1},
      {"format", path_format, 1},
      {"parse", path_parse, 1},
      {NULL, NULL, 0},
  };
  for (const js_fn_t *fn = fns; fn->name; fn++)
    js_set(ctx, exports, fn->name, js_make_function(ctx, fn->name, fn->fn, fn->length));
  js_set(ctx, exports, "sep", js_make_string(ctx, "/"));
  js_set(ctx, exports, "delimiter", js_make_string(ctx, ":"));
  js_set(ctx, exports, "posix", exports);
  js_set(ctx, exports, "win32", exports);
}

void js_node_path_register(js_runtime_t *rt) {
  js_runtime_add_builtin(rt, "path", path_init, NULL);
  js_runtime_add_builtin(rt, "path/posix", path_init, NULL);
}
