/* module: CommonJS-style module loading for realms. ES module syntax is rewritten by esm.c
 * first; the result runs inside a function wrapper whose parameters supply require,
 * exports, module and the __sonde_* helpers the rewrite calls. Requests resolve as in Node
 * (module_resolve.c); an ES module's imports use the "import" conditions of packages, a
 * CommonJS module's require() the "require" ones. The module cache of a realm is a JS
 * object (path → module, also require.cache) kept alive with JSValueProtect until the
 * realm ends. The `module` built-in offers createRequire, builtinModules and isBuiltin. */
/* memmem */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "common/fsutil.h"
#include "common/glob.h"
#include "common/sbuf.h"
#include "common/strvec.h"
#include "js/esm.h"
#include "js/jsclass.h"
#include "js/jsutil.h"
#include "js/runtime.h"
#include "js/runtime_internal.h"
#include "js/ts_erase.h"

typedef struct {
  char *dir;    /* directory requests are resolved from */
  bool dynamic; /* import(): returns a promise of the namespace */
  bool esm;     /* resolve with the "import" conditions */
} require_data_t;

static void require_data_free(void *p) {
  require_data_t *d = p;
  free(d->dir);
  free(d);
}

static JSValueRef require_call(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exception);

static JSValueRef resolve_call(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exception);

static JSObjectRef make_require(js_realm_t *realm, const char *dir, bool dynamic, bool esm) {
  JSContextRef ctx = realm->ctx;
  require_data_t *d = xcalloc(1, sizeof(*d));
  d->dir = xstrdup(dir);
  d->dynamic = dynamic;
  d->esm = esm || dynamic;
  JSObjectRef fn =
      js_make_closure(ctx, dynamic ? "import" : "require", require_call, d, require_data_free);
  if (!dynamic) {
    require_data_t *rd = xcalloc(1, sizeof(*rd));
    rd->dir = xstrdup(dir);
    rd->esm = esm;
    js_set(ctx, fn, "resolve",
           js_make_closure(ctx, "resolve", resolve_call, rd, require_data_free));
    js_set(ctx, fn, "cache", realm->module_cache);
  }
  return fn;
}

/* ---- resolution ---- */

static const js_builtin_t *find_builtin(js_runtime_t *rt, const char *request) {
  const char *name = strncmp(request, "node:", 5) == 0 ? request + 5 : request;
  /* Newest first: an embedder's module replaces the runtime's of the same name. */
  for (size_t i = rt->n_builtins; i-- > 0;)
    if (strcmp(rt->builtins[i].name, name) == 0 || strcmp(rt->builtins[i].name, request) == 0)
      return &rt->builtins[i];
  return NULL;
}

char *js_module_resolve(js_realm_t *realm, const char *from_dir, const char *request,
                        bool *builtin) {
  *builtin = false;
  const js_builtin_t *b = find_builtin(realm->rt, request);
  if (b) {
    *builtin = true;
    return xstrdup(b->name);
  }
  return js_resolve_file(from_dir, request, false, NULL);
}

/* ---- the __sonde_* helpers used by rewritten ES modules ---- */

static bool is_esm_exports(JSContextRef ctx, JSValueRef m) {
  return JSValueIsObject(ctx, m) && JSValueToBoolean(ctx, js_get(ctx, m, "__esModule"));
}

static JSValueRef helper_default(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                 const JSValueRef argv[], JSValueRef *exc) {
  if (argc < 1) return JSValueMakeUndefined(ctx);
  return is_esm_exports(ctx, argv[0]) ? js_get(ctx, argv[0], "default") : argv[0];
}

/* __sonde_named(m, specifier, ...names): an import of names checks that the module exports
 * each of them, as Node does at link time ("does not provide an export named"), instead of
 * binding undefined and failing later. Returns m. */
static JSValueRef helper_named(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  if (argc < 2) return argc ? argv[0] : JSValueMakeUndefined(ctx);
  JSObjectRef m = JSValueIsObject(ctx, argv[0]) ? (JSObjectRef)argv[0] : NULL;
  for (size_t i = 2; i < argc; i++) {
    JSStringRef name = JSValueToStringCopy(ctx, argv[i], NULL);
    bool found = name && m && JSObjectHasProperty(ctx, m, name);
    if (name) JSStringRelease(name);
    if (found) continue;
    char *spec = js_value_to_utf8(ctx, argv[1]), *key = js_value_to_utf8(ctx, argv[i]);
    js_throw(ctx, exc, "SyntaxError",
             "The requested module '%s' does not provide an export named '%s'", spec, key);
    free(spec);
    free(key);
    return NULL;
  }
  return argv[0];
}

static void copy_props(JSContextRef ctx, JSObjectRef dst, JSValueRef src, bool skip_default) {
  if (!JSValueIsObject(ctx, src)) return;
  JSPropertyNameArrayRef names = JSObjectCopyPropertyNames(ctx, (JSObjectRef)src);
  size_t n = JSPropertyNameArrayGetCount(names);
  for (size_t i = 0; i < n; i++) {
    JSStringRef name = JSPropertyNameArrayGetNameAtIndex(names, i);
    char *key = js_string_to_utf8(name);
    if (!(skip_default && (strcmp(key, "default") == 0 || strcmp(key, "__esModule") == 0))) {
      JSValueRef v = JSObjectGetProperty(ctx, (JSObjectRef)src, name, NULL);
      if (v) JSObjectSetProperty(ctx, dst, name, v, kJSPropertyAttributeNone, NULL);
    }
    free(key);
  }
  JSPropertyNameArrayRelease(names);
}

static JSValueRef namespace_of(JSContextRef ctx, JSValueRef m) {
  if (is_esm_exports(ctx, m)) return m;
  JSObjectRef ns = JSObjectMake(ctx, NULL, NULL);
  copy_props(ctx, ns, m, false);
  js_set(ctx, ns, "default", m);
  return ns;
}

static JSValueRef helper_ns(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                            const JSValueRef argv[], JSValueRef *exc) {
  return namespace_of(ctx, argc ? argv[0] : JSValueMakeUndefined(ctx));
}

static JSValueRef helper_star(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  if (argc >= 2 && JSValueIsObject(ctx, argv[0]))
    copy_props(ctx, (JSObjectRef)argv[0], argv[1], true);
  return JSValueMakeUndefined(ctx);
}

static const char kMainKey[] = "__sonde_main";

/* ---- line 1 offsets (see js_module_line1_offset) ---- */

static strvec_t offset_paths;
static long *offset_values;

static void remember_offset(const char *path, long offset) {
  for (size_t i = 0; i < offset_paths.len; i++) {
    if (strcmp(offset_paths.items[i], path) == 0) {
      offset_values[i] = offset;
      return;
    }
  }
  strvec_push(&offset_paths, path);
  offset_values = xrealloc(offset_values, offset_paths.len * sizeof(long));
  offset_values[offset_paths.len - 1] = offset;
}

long js_module_line1_offset(const char *path) {
  for (size_t i = 0; i < offset_paths.len; i++)
    if (strcmp(offset_paths.items[i], path) == 0) return offset_values[i];
  return 0;
}

/* ---- loading ---- */

static JSObjectRef cached_module(js_realm_t *realm, const char *path) {
  JSValueRef m = js_get(realm->ctx, realm->module_cache, path);
  return JSValueIsObject(realm->ctx, m) ? (JSObjectRef)m : NULL;
}

static void uncache_module(js_realm_t *realm, const char *path) {
  JSStringRef key = JSStringCreateWithUTF8CString(path);
  JSObjectDeleteProperty(realm->ctx, realm->module_cache, key, NULL);
  JSStringRelease(key);
}

static JSValueRef syntax_error_at(JSContextRef ctx, const char *path, const char *detail) {
  char *msg = xasprintf("%s (%s)", detail, path);
  JSObjectRef e = js_make_error(ctx, "SyntaxError", msg);
  free(msg);
  return e;
}

static JSValueRef load_json(js_realm_t *realm, const char *path, const char *text,
                            JSObjectRef module, JSValueRef *exception) {
  JSContextRef ctx = realm->ctx;
  JSStringRef s = JSStringCreateWithUTF8CString(text);
  JSValueRef v = JSValueMakeFromJSONString(ctx, s);
  JSStringRelease(s);
  if (!v) {
    *exception = syntax_error_at(ctx, path, "Unexpected token in JSON");
    return NULL;
  }
  js_set(ctx, module, "exports", v);
  return v;
}

/* Runs the module body; returns what the wrapper returned (a promise for async ones). */
static JSValueRef run_module(js_realm_t *realm, const char *path, JSObjectRef module, bool async,
                             JSValueRef *exception) {
  JSContextRef ctx = realm->ctx;
  size_t len = 0;
  char *src = fs_read_file(path, &len);
  if (!src) {
    js_throw(ctx, exception, "Error", "Cannot read module file %s", path);
    return NULL;
  }
  if (len >= 2 && src[0] == '#' && src[1] == '!') src[0] = src[1] = '/';
  size_t plen = strlen(path);
  if (plen > 5 && strcmp(path + plen - 5, ".json") == 0) {
    JSValueRef r = load_json(realm, path, src, module, exception);
    free(src);
    return r;
  }
  /* TypeScript: types erased in place, so every line and column stays the .ts file's. */
  if (ts_is_ts_path(path)) {
    sbuf_t js = SBUF_INIT;
    ts_error_t terr;
    unsigned flags = ts_is_declaration_path(path) ? TS_FLAG_DECLARATIONS : 0;
    if (ts_erase(src, len, flags, &js, &terr) != 0) {
      char *msg = xasprintf("%s (%s:%u:%u)", terr.message, path, terr.line, terr.column);
      *exception = js_make_error(ctx, "SyntaxError", msg);
      free(msg);
      free(src);
      return NULL;
    }
    free(src);
    len = js.len;
    src = sbuf_take(&js);
  }
  sbuf_t code = SBUF_INIT, err = SBUF_INIT;
  esm_info_t info = {0};
  /* Most spec files are plain scripts: without either keyword there is nothing to rewrite,
   * and the tokenizer is the costliest step of loading a file. */
  if (!memmem(src, len, "import", 6) && !memmem(src, len, "export", 6)) {
    code.data = src;
    code.len = len;
    code.cap = len + 1;
    src = NULL;
  } else if (esm_rewrite(src, len, &code, &info, &err) != 0) {
    *exception = syntax_error_at(ctx, path, sbuf_cstr(&err));
    free(src);
    sbuf_free(&code);
    sbuf_free(&err);
    return NULL;
  }
  free(src);
  sbuf_free(&err);

  /* The wrapper opens on line 1 and the body keeps its lines, so stack traces point at the
   * user's file:line. */
  /* An ES module's body goes in a block of its own: it may declare the names CommonJS
   * passes in (`const __dirname = ...`, `const require = createRequire(...)`), which would
   * clash with the wrapper's parameters otherwise. */
  sbuf_t wrapped = SBUF_INIT;
  sbuf_printf(&wrapped,
              "(%sfunction (exports, require, module, __filename, __dirname, __sonde_import, "
              "__sonde_meta, __sonde_require) {%s",
              async ? "async " : "", info.is_esm ? "\"use strict\";{" : "");
  remember_offset(path, (long)wrapped.len);
  sbuf_append(&wrapped, code.data ? code.data : "", code.len);
  sbuf_puts(&wrapped, info.is_esm ? "\n}})" : "\n})");
  sbuf_free(&code);
  JSValueRef fn = js_eval(ctx, sbuf_cstr(&wrapped), path, 1, exception);
  sbuf_free(&wrapped);
  if (!fn) return NULL;

  char *dir = fs_dirname(path);
  JSObjectRef meta = JSObjectMake(ctx, NULL, NULL);
  char *url = xasprintf("file://%s", path);
  js_set(ctx, meta, "url", js_make_string(ctx, url));
  js_set(ctx, meta, "filename", js_make_string(ctx, path));
  js_set(ctx, meta, "dirname", js_make_string(ctx, dir));
  free(url);
  JSObjectRef require = make_require(realm, dir, false, info.is_esm);
  js_set(ctx, module, "require", require);
  JSValueRef main = js_get(ctx, realm->module_cache, kMainKey);
  if (JSValueIsObject(ctx, main)) js_set(ctx, require, "main", main);
  js_set(ctx, meta, "resolve", js_get(ctx, require, "resolve"));
  JSValueRef args[8] = {
      js_get(ctx, module, "exports"),
      require,
      module,
      js_make_string(ctx, path),
      js_make_string(ctx, dir),
      make_require(realm, dir, true, true),
      meta,
      require,
  };
  free(dir);
  JSValueRef exports = args[0];
  if (info.is_esm && JSValueIsObject(ctx, exports)) {
    /* The rewrite assigns exports.__esModule; defined first, it stays out of Object.keys. */
    JSStringRef key = JSStringCreateWithUTF8CString("__esModule");
    JSObjectSetProperty(ctx, (JSObjectRef)exports, key, JSValueMakeBoolean(ctx, true),
                        kJSPropertyAttributeDontEnum, NULL);
    JSStringRelease(key);
  }
  return js_call(ctx, fn, exports, 8, args, exception);
}

/* node_modules folders from `dir` up, as module.paths lists them. */
static JSObjectRef module_paths(JSContextRef ctx, const char *path) {
  JSObjectRef list = js_make_array(ctx, 0, NULL);
  char *dir = fs_dirname(path);
  unsigned n = 0;
  for (;;) {
    if (strcmp(fs_basename(dir), "node_modules") != 0) {
      char *p = xasprintf("%s%snode_modules", dir, strcmp(dir, "/") == 0 ? "" : "/");
      JSObjectSetPropertyAtIndex(ctx, list, n++, js_make_string(ctx, p), NULL);
      free(p);
    }
    if (strcmp(dir, "/") == 0 || !*dir) break;
    char *up = fs_dirname(dir);
    free(dir);
    dir = up;
  }
  free(dir);
  return list;
}

static JSObjectRef new_module(js_realm_t *realm, const char *path, JSValueRef parent) {
  JSContextRef ctx = realm->ctx;
  JSObjectRef module = JSObjectMake(ctx, NULL, NULL);
  js_set(ctx, module, "id", js_make_string(ctx, path));
  js_set(ctx, module, "path", js_make_string(ctx, path));
  js_set(ctx, module, "exports", JSObjectMake(ctx, NULL, NULL));
  js_set(ctx, module, "filename", js_make_string(ctx, path));
  js_set(ctx, module, "loaded", JSValueMakeBoolean(ctx, false));
  js_set(ctx, module, "children", js_make_array(ctx, 0, NULL));
  js_set(ctx, module, "paths", module_paths(ctx, path));
  char *dir = fs_dirname(path);
  js_set(ctx, module, "path", js_make_string(ctx, dir));
  free(dir);
  if (parent && JSValueIsObject(ctx, parent)) {
    js_set_hidden(ctx, module, "parent", parent);
    JSValueRef children = js_get(ctx, parent, "children");
    JSValueRef push = js_get(ctx, children, "push");
    JSValueRef m = module;
    js_call(ctx, push, children, 1, &m, NULL);
  }
  js_set(ctx, realm->module_cache, path, module);
  return module;
}

JSValueRef js_module_load(js_realm_t *realm, const char *path, js_module_mode_t mode,
                          JSValueRef *exception) {
  JSObjectRef module = new_module(realm, path, NULL);
  /* The first module a realm loads is require.main, as the entry script is in Node. */
  if (!JSValueIsObject(realm->ctx, js_get(realm->ctx, realm->module_cache, kMainKey)))
    js_set_hidden(realm->ctx, realm->module_cache, kMainKey, module);
  JSValueRef r = run_module(realm, path, module, mode == JS_MODULE_ASYNC, exception);
  if (!r) {
    uncache_module(realm, path);
    return NULL;
  }
  if (mode == JS_MODULE_SYNC)
    js_set(realm->ctx, module, "loaded", JSValueMakeBoolean(realm->ctx, true));
  return mode == JS_MODULE_ASYNC ? r : js_get(realm->ctx, module, "exports");
}

JSValueRef js_module_exports(js_realm_t *realm, const char *path) {
  JSObjectRef m = cached_module(realm, path);
  return m ? js_get(realm->ctx, m, "exports") : JSValueMakeUndefined(realm->ctx);
}

void js_module_files(js_realm_t *realm, strvec_t *out) {
  JSPropertyNameArrayRef names = JSObjectCopyPropertyNames(realm->ctx, realm->module_cache);
  size_t n = JSPropertyNameArrayGetCount(names);
  for (size_t i = 0; i < n; i++) {
    char *path = js_string_to_utf8(JSPropertyNameArrayGetNameAtIndex(names, i));
    if (path[0] == '/' && !strstr(path, "/node_modules/")) strvec_push(out, path);
    free(path);
  }
  JSPropertyNameArrayRelease(names);
}

static JSValueRef require_builtin(js_realm_t *realm, const char *name, JSValueRef *exception) {
  JSContextRef ctx = realm->ctx;
  JSValueRef cached = js_get(ctx, realm->builtin_cache, name);
  if (JSValueIsObject(ctx, cached)) return cached;
  const js_builtin_t *b = find_builtin(realm->rt, name);
  if (b && b->make) {
    JSValueRef v = b->make(realm, b->userdata, exception);
    if (v) js_set(ctx, realm->builtin_cache, name, v);
    return v;
  }
  JSObjectRef exports = JSObjectMake(ctx, NULL, NULL);
  js_set(ctx, realm->builtin_cache, name, exports);
  if (b) b->init(realm, exports, b->userdata);
  return exports;
}

static JSObjectRef not_found(JSContextRef ctx, const char *request, const char *dir,
                             const char *detail) {
  JSObjectRef e;
  if (js_node_missing_module(request)) {
    const char *name = strncmp(request, "node:", 5) == 0 ? request + 5 : request;
    char *msg =
        xasprintf("The Node module '%s' is not available in sonde (required from %s)", name, dir);
    e = js_make_node_error(ctx, "Error", "ERR_SONDE_UNSUPPORTED", msg);
    free(msg);
  } else if (detail) {
    e = js_make_node_error(ctx, "Error", "ERR_PACKAGE_PATH_NOT_EXPORTED", detail);
  } else if (strlen(request) > 5 && strcmp(request + strlen(request) - 5, ".node") == 0) {
    char *msg = xasprintf("Cannot load native addon '%s': sonde runs JavaScript only", request);
    e = js_make_node_error(ctx, "Error", "ERR_SONDE_UNSUPPORTED", msg);
    free(msg);
  } else {
    char *msg = xasprintf("Cannot find module '%s' from '%s'", request, dir);
    e = js_make_node_error(ctx, "Error", "MODULE_NOT_FOUND", msg);
    free(msg);
  }
  return e;
}

static JSValueRef require_request(js_realm_t *realm, const require_data_t *d, const char *request,
                                  JSObjectRef parent, JSValueRef *exception) {
  const js_builtin_t *b = find_builtin(realm->rt, request);
  if (b) return require_builtin(realm, b->name, exception);
  char *detail = NULL;
  char *path =
      js_node_missing_module(request) ? NULL : js_resolve_file(d->dir, request, d->esm, &detail);
  if (!path) {
    *exception = not_found(realm->ctx, request, d->dir, detail);
    free(detail);
    return NULL;
  }
  free(detail);
  JSValueRef r;
  JSObjectRef m = cached_module(realm, path);
  if (m) {
    r = js_get(realm->ctx, m, "exports");
  } else {
    JSObjectRef module = new_module(realm, path, parent);
    r = run_module(realm, path, module, false, exception);
    if (!r) {
      uncache_module(realm, path);
    } else {
      js_set(realm->ctx, module, "loaded", JSValueMakeBoolean(realm->ctx, true));
      r = js_get(realm->ctx, module, "exports");
    }
  }
  free(path);
  return r;
}

static JSValueRef require_call(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exception) {
  require_data_t *d = data;
  js_realm_t *realm = js_realm_from_context(ctx);
  if (!realm) return JSValueMakeUndefined(ctx);
  if (argc < 1 || !JSValueIsString(ctx, argv[0])) {
    if (!d->dynamic)
      return js_throw_arg_type(ctx, exception, "id", "of type string", argc ? argv[0] : NULL);
  }
  char *request = argc ? js_value_to_utf8(ctx, argv[0]) : xstrdup("");
  JSValueRef exc = NULL;
  JSValueRef r = require_request(realm, d, request, NULL, &exc);
  free(request);
  if (!d->dynamic) {
    if (exc) *exception = exc;
    return r;
  }
  return js_settled_promise(ctx, !exc, exc ? exc : namespace_of(ctx, r), exception);
}

/* require.resolve(request[, {paths}]) */
static JSValueRef resolve_call(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exception) {
  require_data_t *d = data;
  js_realm_t *realm = js_realm_from_context(ctx);
  if (!realm) return JSValueMakeUndefined(ctx);
  if (argc < 1 || !JSValueIsString(ctx, argv[0]))
    return js_throw_arg_type(ctx, exception, "request", "of type string", argc ? argv[0] : NULL);
  char *request = js_value_to_utf8(ctx, argv[0]);
  const js_builtin_t *b = find_builtin(realm->rt, request);
  if (b) {
    JSValueRef r = js_make_string(ctx, request);
    free(request);
    return r;
  }
  char *detail = NULL, *path = NULL;
  JSValueRef paths = argc > 1 ? js_get(ctx, argv[1], "paths") : NULL;
  size_t n = paths ? js_array_length(ctx, paths) : 0;
  for (size_t i = 0; i < n && !path; i++) {
    char *dir = js_value_to_utf8(ctx, js_array_get(ctx, paths, (unsigned)i));
    path = js_resolve_file(dir, request, d->esm, &detail);
    free(dir);
  }
  if (!n) path = js_resolve_file(d->dir, request, d->esm, &detail);
  JSValueRef r = NULL;
  if (path) r = js_make_string(ctx, path);
  else *exception = not_found(ctx, request, d->dir, detail);
  free(detail);
  free(path);
  free(request);
  return r;
}

/* ---- the `module` built-in ---- */

/* createRequire(filename | file URL) */
static JSValueRef create_require(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                 const JSValueRef argv[], JSValueRef *exception) {
  js_realm_t *realm = js_realm_from_context(ctx);
  if (!realm) return JSValueMakeUndefined(ctx);
  char *from = argc ? js_value_to_utf8(ctx, argv[0]) : xstrdup("");
  char *path = strncmp(from, "file://", 7) == 0 ? js_file_url_path(from) : xstrdup(from);
  free(from);
  if (!path || path[0] != '/') {
    free(path);
    return js_throw_code(ctx, exception, "TypeError", "ERR_INVALID_ARG_VALUE",
                         "The argument 'filename' must be a file URL object, file URL string, "
                         "or absolute path string.");
  }
  size_t n = strlen(path);
  char *dir = path[n - 1] == '/' ? xstrdup(path) : fs_dirname(path);
  JSObjectRef r = make_require(realm, dir, false, false);
  free(dir);
  free(path);
  return r;
}

static JSValueRef is_builtin(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                             const JSValueRef argv[], JSValueRef *exception) {
  js_realm_t *realm = js_realm_from_context(ctx);
  if (!realm || argc < 1 || !JSValueIsString(ctx, argv[0])) return JSValueMakeBoolean(ctx, false);
  char *name = js_value_to_utf8(ctx, argv[0]);
  bool r = find_builtin(realm->rt, name) != NULL;
  free(name);
  return JSValueMakeBoolean(ctx, r);
}

static void module_init(js_realm_t *realm, JSObjectRef exports, void *ud) {
  JSContextRef ctx = realm->ctx;
  js_set(ctx, exports, "createRequire", js_make_function(ctx, "createRequire", create_require, 1));
  js_set(ctx, exports, "isBuiltin", js_make_function(ctx, "isBuiltin", is_builtin, 1));
  JSValueRef *names = xmalloc((realm->rt->n_builtins + 1) * sizeof(JSValueRef));
  size_t n = 0;
  for (size_t i = 0; i < realm->rt->n_builtins; i++)
    names[n++] = js_make_string(ctx, realm->rt->builtins[i].name);
  js_set(ctx, exports, "builtinModules", js_make_array(ctx, n, names));
  free(names);
  js_set(ctx, exports, "_cache", realm->module_cache);
}

void js_node_module_register(js_runtime_t *rt) {
  js_runtime_add_builtin(rt, "module", module_init, NULL);
}

void js_module_init_realm(js_realm_t *realm) {
  JSContextRef ctx = realm->ctx;
  realm->module_cache = JSObjectMake(ctx, NULL, NULL);
  realm->builtin_cache = JSObjectMake(ctx, NULL, NULL);
  JSValueProtect(ctx, realm->module_cache);
  JSValueProtect(ctx, realm->builtin_cache);
  JSObjectRef global = JSContextGetGlobalObject(ctx);
  js_set_hidden(ctx, global, "__sonde_default",
                JSObjectMakeFunctionWithCallback(ctx, NULL, helper_default));
  js_set_hidden(ctx, global, "__sonde_ns", JSObjectMakeFunctionWithCallback(ctx, NULL, helper_ns));
  js_set_hidden(ctx, global, "__sonde_star",
                JSObjectMakeFunctionWithCallback(ctx, NULL, helper_star));
  js_set_hidden(ctx, global, "__sonde_named",
                JSObjectMakeFunctionWithCallback(ctx, NULL, helper_named));
  char *cwd = fs_cwd();
  js_set_hidden(ctx, global, "require", make_require(realm, cwd, false, false));
  free(cwd);
}

void js_module_free_realm(js_realm_t *realm) {
  JSValueUnprotect(realm->ctx, realm->module_cache);
  JSValueUnprotect(realm->ctx, realm->builtin_cache);
}
