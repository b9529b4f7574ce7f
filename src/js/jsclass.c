/* jsclass: see jsclass.h. The per-realm pieces (the constructor shim, each class's
 * constructor, jslib values) are cached as hidden properties of the realm's global object or
 * of the class prototype, so they die with the realm and need no protection. */
#include "js/jsclass.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "common/sbuf.h"
#include "js/jsutil.h"
#include "jslib/jslib.h"

/* ---- properties ---- */

JSObjectRef js_make_function(JSContextRef ctx, const char *name, JSObjectCallAsFunctionCallback fn,
                             int length) {
  /* `length` is documentation only: setting it needs Object.defineProperty, which would
   * cost each realm more than all its functions together (see jsclass.h). */
  (void)length;
  JSStringRef n = js_name_acquire(name);
  JSObjectRef f = JSObjectMakeFunctionWithCallback(ctx, n, fn);
  JSStringRelease(n);
  return f;
}

void js_define_methods(JSContextRef ctx, JSObjectRef obj, const js_fn_t *fns) {
  for (; fns && fns->name; fns++) {
    JSStringRef n = js_name_acquire(fns->name);
    JSObjectSetProperty(ctx, obj, n, js_make_function(ctx, fns->name, fns->fn, fns->length),
                        kJSPropertyAttributeDontEnum, NULL);
    JSStringRelease(n);
  }
}

static void define(JSContextRef ctx, JSObjectRef obj, JSValueRef key, JSObjectRef desc) {
  JSValueRef object = js_get(ctx, JSContextGetGlobalObject(ctx), "Object");
  JSValueRef args[3] = {obj, key, desc};
  js_call(ctx, js_get(ctx, object, "defineProperty"), object, 3, args, NULL);
}

void js_define_accessor(JSContextRef ctx, JSObjectRef obj, const char *name, JSValueRef get,
                        JSValueRef set, bool enumerable) {
  JSObjectRef d = JSObjectMake(ctx, NULL, NULL);
  if (get) js_set(ctx, d, "get", get);
  if (set) js_set(ctx, d, "set", set);
  js_set(ctx, d, "enumerable", JSValueMakeBoolean(ctx, enumerable));
  js_set(ctx, d, "configurable", JSValueMakeBoolean(ctx, true));
  define(ctx, obj, js_make_string(ctx, name), d);
}

void js_define_value(JSContextRef ctx, JSObjectRef obj, const char *name, JSValueRef value,
                     bool enumerable) {
  /* A new property needs no descriptor: plain attributes give the same result, cheaply. */
  JSStringRef n = js_name_acquire(name);
  bool exists = JSObjectHasProperty(ctx, obj, n);
  if (!exists)
    JSObjectSetProperty(ctx, obj, n, value, enumerable ? 0 : kJSPropertyAttributeDontEnum, NULL);
  JSStringRelease(n);
  if (!exists) return;
  JSObjectRef d = JSObjectMake(ctx, NULL, NULL);
  js_set(ctx, d, "value", value);
  js_set(ctx, d, "writable", JSValueMakeBoolean(ctx, true));
  js_set(ctx, d, "enumerable", JSValueMakeBoolean(ctx, enumerable));
  js_set(ctx, d, "configurable", JSValueMakeBoolean(ctx, true));
  define(ctx, obj, js_make_string(ctx, name), d);
}

void js_define_accessors(JSContextRef ctx, JSObjectRef obj, const js_accessor_t *acc) {
  for (; acc && acc->name; acc++) {
    char *gname = xasprintf("get %s", acc->name), *sname = xasprintf("set %s", acc->name);
    JSValueRef get = acc->get ? js_make_function(ctx, gname, acc->get, 0) : NULL;
    JSValueRef set = acc->set ? js_make_function(ctx, sname, acc->set, 1) : NULL;
    js_define_accessor(ctx, obj, acc->name, get, set, true);
    free(gname);
    free(sname);
  }
}

JSValueRef js_symbol(JSContextRef ctx, const char *name) {
  return js_get(ctx, js_get(ctx, JSContextGetGlobalObject(ctx), "Symbol"), name);
}

JSValueRef js_symbol_for(JSContextRef ctx, const char *key) {
  JSValueRef arg = js_make_string(ctx, key);
  JSValueRef r = js_call_global(ctx, "Symbol.for", 1, &arg, NULL);
  return r ? r : JSValueMakeUndefined(ctx);
}

void js_set_keyed(JSContextRef ctx, JSObjectRef obj, JSValueRef key, JSValueRef v) {
  JSObjectSetPropertyForKey(ctx, obj, key, v, kJSPropertyAttributeDontEnum, NULL);
}

JSValueRef js_get_keyed(JSContextRef ctx, JSValueRef obj, JSValueRef key) {
  if (!JSValueIsObject(ctx, obj)) return JSValueMakeUndefined(ctx);
  JSValueRef v = JSObjectGetPropertyForKey(ctx, (JSObjectRef)obj, key, NULL);
  return v ? v : JSValueMakeUndefined(ctx);
}

void js_set_tag(JSContextRef ctx, JSObjectRef obj, const char *tag) {
  JSObjectSetPropertyForKey(ctx, obj, js_symbol(ctx, "toStringTag"), js_make_string(ctx, tag),
                            kJSPropertyAttributeDontEnum | kJSPropertyAttributeReadOnly, NULL);
}

JSValueRef js_array_iterator(JSContextRef ctx, JSObjectRef array) {
  JSValueRef values = js_get(ctx, array, "values");
  JSValueRef it = js_call(ctx, values, array, 0, NULL, NULL);
  return it ? it : JSValueMakeUndefined(ctx);
}

JSValueRef js_call_global(JSContextRef ctx, const char *path, size_t argc, const JSValueRef argv[],
                          JSValueRef *exception) {
  JSValueRef self = JSContextGetGlobalObject(ctx), fn = self;
  char *copy = xstrdup(path);
  for (char *part = strtok(copy, "."); part; part = strtok(NULL, ".")) {
    self = fn;
    fn = js_get(ctx, fn, part);
  }
  free(copy);
  return js_call(ctx, fn, self, argc, argv, exception);
}

/* ---- errors ---- */

JSObjectRef js_make_dom_exception(JSContextRef ctx, const char *name, const char *message) {
  JSValueRef ctor = js_get(ctx, JSContextGetGlobalObject(ctx), "DOMException");
  JSValueRef args[2] = {js_make_string(ctx, message), js_make_string(ctx, name)};
  if (JSValueIsObject(ctx, ctor)) {
    JSObjectRef e = JSObjectCallAsConstructor(ctx, (JSObjectRef)ctor, 2, args, NULL);
    if (e) return e;
  }
  JSObjectRef e = js_make_error(ctx, "Error", message);
  js_set(ctx, e, "name", args[1]);
  return e;
}

JSValueRef js_throw_dom(JSContextRef ctx, JSValueRef *exception, const char *name, const char *fmt,
                        ...) {
  sbuf_t b = SBUF_INIT;
  va_list ap;
  va_start(ap, fmt);
  sbuf_vprintf(&b, fmt, ap);
  va_end(ap);
  if (exception) *exception = js_make_dom_exception(ctx, name, sbuf_cstr(&b));
  sbuf_free(&b);
  return JSValueMakeUndefined(ctx);
}

JSObjectRef js_make_node_error(JSContextRef ctx, const char *ctor, const char *code,
                               const char *message) {
  JSObjectRef e = js_make_error(ctx, ctor, message);
  if (code) {
    js_set(ctx, e, "code", js_make_string(ctx, code));
    /* Node's own errors print as "TypeError [ERR_X]: message"; String(err) too. */
    if (strncmp(code, "ERR_", 4) == 0) {
      char *head = xasprintf("%s [%s]", ctor ? ctor : "Error", code);
      js_set_hidden(ctx, e, "__sonde_header", js_make_string(ctx, head));
      free(head);
    }
  }
  return e;
}

JSValueRef js_throw_code(JSContextRef ctx, JSValueRef *exception, const char *ctor,
                         const char *code, const char *fmt, ...) {
  sbuf_t b = SBUF_INIT;
  va_list ap;
  va_start(ap, fmt);
  sbuf_vprintf(&b, fmt, ap);
  va_end(ap);
  if (exception) *exception = js_make_node_error(ctx, ctor, code, sbuf_cstr(&b));
  sbuf_free(&b);
  return JSValueMakeUndefined(ctx);
}

JSValueRef js_throw_arg_type(JSContextRef ctx, JSValueRef *exception, const char *name,
                             const char *expected, JSValueRef v) {
  char *what;
  if (!v || JSValueIsUndefined(ctx, v)) {
    what = xstrdup("undefined");
  } else if (JSValueIsNull(ctx, v)) {
    what = xstrdup("null");
  } else if (js_is_function(ctx, v)) {
    char *fname = js_get_string(ctx, v, "name");
    what = fname && *fname ? xasprintf("function %s", fname) : xstrdup("function ");
    free(fname);
  } else if (JSValueIsObject(ctx, v)) {
    JSValueRef c = js_get(ctx, v, "constructor");
    char *cname = js_get_string(ctx, c, "name");
    what =
        cname && *cname ? xasprintf("an instance of %s", cname) : xstrdup("an instance of Object");
    free(cname);
  } else {
    const char *type = JSValueIsNumber(ctx, v)    ? "number"
                       : JSValueIsBoolean(ctx, v) ? "boolean"
                       : JSValueIsString(ctx, v)  ? "string"
                       : JSValueIsSymbol(ctx, v)  ? "symbol"
                                                  : "bigint";
    char *s = JSValueIsSymbol(ctx, v) ? xstrdup("Symbol()") : js_value_to_utf8(ctx, v);
    if (JSValueIsString(ctx, v)) {
      if (strlen(s) > 28) s[25] = '.', s[26] = '.', s[27] = '.', s[28] = '\0';
      what = xasprintf("type %s ('%s')", type, s);
    } else {
      what =
          xasprintf("type %s (%s%s)", type, s, JSValueGetType(ctx, v) == kJSTypeBigInt ? "n" : "");
    }
    free(s);
  }
  /* Node's wording: 'The first argument must be', 'The "x.y" property must be', else
   * 'The "x" argument must be'. */
  size_t n = strlen(name);
  if (n > 9 && strcmp(name + n - 9, " argument") == 0)
    js_throw_code(ctx, exception, "TypeError", "ERR_INVALID_ARG_TYPE",
                  "The %s must be %s. Received %s", name, expected, what);
  else
    js_throw_code(ctx, exception, "TypeError", "ERR_INVALID_ARG_TYPE",
                  "The \"%s\" %s must be %s. Received %s", name,
                  strchr(name, '.') ? "property" : "argument", expected, what);
  free(what);
  return JSValueMakeUndefined(ctx);
}

/* ---- classes ---- */

JSClassRef js_class_ref(js_class_def_t *def) {
  if (!def->cls) {
    JSClassDefinition d = kJSClassDefinitionEmpty;
    d.className = def->name;
    d.finalize = def->finalize;
    if (def->parent) d.parentClass = js_class_ref(def->parent);
    def->cls = JSClassCreate(&d);
  }
  return def->cls;
}

static JSObjectRef class_proto(JSContextRef ctx, js_class_def_t *def) {
  /* The automatic prototype JavaScriptCore keeps per global object for the class. */
  JSObjectRef probe = JSObjectMake(ctx, js_class_ref(def), NULL);
  JSValueRef p = JSObjectGetPrototype(ctx, probe);
  return JSValueIsObject(ctx, p) ? (JSObjectRef)p : NULL;
}

static const char kShimName[] = "__sonde_class_shim";
/* Why JS: only a JS function is both callable (typeof "function") and a constructor that
 * sees new.target; the C callback receives it and the arguments. */
static const char kShimSrc[] =
    "(function (name, length, construct) {\n"
    "  const C = { [name]: function (...args) { return construct(new.target, args); } }[name];\n"
    "  Object.defineProperty(C, 'length', { value: length });\n"
    "  return C;\n"
    "})";

static JSValueRef class_trampoline(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                                   const JSValueRef argv[], JSValueRef *exception) {
  js_class_def_t *def = data;
  JSValueRef nt = argc > 0 ? argv[0] : JSValueMakeUndefined(ctx);
  JSObjectRef new_target = JSValueIsObject(ctx, nt) ? (JSObjectRef)nt : NULL;
  if (!def->construct) return js_throw(ctx, exception, "TypeError", "Illegal constructor");
  JSValueRef list = argc > 1 ? argv[1] : NULL;
  size_t n = js_array_length(ctx, list);
  JSValueRef small[8];
  JSValueRef *args = n > 8 ? xmalloc(n * sizeof(JSValueRef)) : small;
  for (size_t i = 0; i < n; i++) args[i] = js_array_get(ctx, list, (unsigned)i);
  JSValueRef r = def->construct(ctx, new_target, n, args, exception);
  if (args != small) free(args);
  return r;
}

JSObjectRef js_class_init(JSContextRef ctx, js_class_def_t *def) {
  JSObjectRef proto = class_proto(ctx, def);
  if (!proto) return NULL;
  /* A marker per class name: a derived prototype inherits its parent's. */
  char *mark = xasprintf("__sonde_ctor_%s", def->name);
  JSValueRef existing = js_get(ctx, proto, mark);
  if (JSValueIsObject(ctx, existing)) {
    free(mark);
    return (JSObjectRef)existing;
  }

  JSObjectRef global = JSContextGetGlobalObject(ctx);
  JSValueRef shim = js_get(ctx, global, kShimName);
  if (!js_is_function(ctx, shim)) {
    shim = js_eval(ctx, kShimSrc, "sonde:class", 1, NULL);
    if (!shim) {
      free(mark);
      return NULL;
    }
    js_set_hidden(ctx, global, kShimName, shim);
  }
  JSValueRef args[3] = {js_make_string(ctx, def->name), JSValueMakeNumber(ctx, def->length),
                        js_make_closure(ctx, def->name, class_trampoline, def, NULL)};
  JSValueRef ctor = js_call(ctx, shim, NULL, 3, args, NULL);
  if (!ctor || !JSValueIsObject(ctx, ctor)) {
    free(mark);
    return NULL;
  }
  JSObjectRef c = (JSObjectRef)ctor;
  /* A function's own prototype is writable but not configurable: assign, do not define. */
  JSStringRef pname = js_name_acquire("prototype");
  JSObjectSetProperty(ctx, c, pname, proto, kJSPropertyAttributeDontEnum, NULL);
  JSStringRelease(pname);
  js_define_value(ctx, proto, "constructor", c, false);
  js_set_hidden(ctx, proto, mark, c);
  free(mark);
  if (def->parent) JSObjectSetPrototype(ctx, c, js_class_init(ctx, def->parent));
  js_define_methods(ctx, proto, def->methods);
  js_define_accessors(ctx, proto, def->accessors);
  js_define_methods(ctx, c, def->statics);
  js_set_tag(ctx, proto, def->name);
  if (def->iterator) {
    JSValueRef m = js_get(ctx, proto, def->iterator);
    js_set_keyed(ctx, proto, js_symbol(ctx, "iterator"), m);
  }
  return c;
}

JSObjectRef js_class_make(JSContextRef ctx, js_class_def_t *def, void *priv,
                          JSObjectRef new_target) {
  JSObjectRef o = JSObjectMake(ctx, js_class_ref(def), priv);
  if (new_target) {
    JSValueRef p = js_get(ctx, new_target, "prototype");
    if (JSValueIsObject(ctx, p) && !JSValueIsStrictEqual(ctx, p, JSObjectGetPrototype(ctx, o)))
      JSObjectSetPrototype(ctx, o, p);
  }
  return o;
}

void *js_class_private(JSContextRef ctx, js_class_def_t *def, JSValueRef v) {
  if (!v || !JSValueIsObjectOfClass(ctx, v, js_class_ref(def))) return NULL;
  return JSObjectGetPrivate((JSObjectRef)v);
}

void *js_class_this(JSContextRef ctx, js_class_def_t *def, JSValueRef v, JSValueRef *exception) {
  void *p = js_class_private(ctx, def, v);
  if (!p) js_throw(ctx, exception, "TypeError", "Illegal invocation: not a %s", def->name);
  return p;
}

/* ---- lazy globals ---- */

/* name → installer, process-wide (the same for every realm). */
typedef struct {
  char *name;
  js_lazy_install install;
} lazy_t;

static lazy_t *lazies;
static size_t n_lazies;

static const lazy_t *lazy_find(const char *name) {
  for (size_t i = 0; i < n_lazies; i++)
    if (strcmp(lazies[i].name, name) == 0) return &lazies[i];
  return NULL;
}

/* Getter (no argument) and setter (one) of a lazy global; its function's name is the
 * global's. */
static JSValueRef lazy_access(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  char *name = js_get_string(ctx, f, "name");
  const lazy_t *l = name ? lazy_find(name) : NULL;
  free(name);
  JSObjectRef global = JSContextGetGlobalObject(ctx);
  JSValueRef r = JSValueMakeUndefined(ctx);
  if (l && argc > 0) {
    js_define_value(ctx, global, l->name, argv[0], false);
  } else if (l) {
    /* The installer replaces this accessor; reading the name again gets the value (or
     * undefined, should an installer fail to define it: never this accessor again). */
    l->install(ctx);
    JSValueRef d = js_call_global(ctx, "Object.getOwnPropertyDescriptor", 2,
                                  (JSValueRef[]){global, js_make_string(ctx, l->name)}, NULL);
    if (d && JSValueIsObject(ctx, d) && !JSValueIsUndefined(ctx, js_get(ctx, d, "value")))
      r = js_get(ctx, d, "value");
  }
  return r;
}

/* Adds the names of `list` to the table, once per list. */
static void lazy_register(const js_lazy_t *list, size_t n) {
  static const js_lazy_t *known[8];
  static size_t n_known;
  for (size_t i = 0; i < n_known; i++)
    if (known[i] == list) return;
  if (n_known < sizeof(known) / sizeof(known[0])) known[n_known++] = list;
  for (size_t i = 0; i < n; i++) {
    if (!lazy_find(list[i].name)) {
      lazies = xrealloc(lazies, (n_lazies + 1) * sizeof(*lazies));
      lazies[n_lazies++] = (lazy_t){xstrdup(list[i].name), list[i].install};
    }
  }
}

void js_define_lazies(JSContextRef ctx, const js_lazy_t *list, size_t n) {
  lazy_register(list, n);
  /* One descriptor object for all the names (making one per name was most of the ~19 k
   * instructions a name). A JavaScript loop compiled once per runtime did it for ~4 k, but
   * run for every realm it got compiled by the optimising JIT in every worker, which put
   * ~2 MB on the worker's peak memory. */
  JSObjectRef global = JSContextGetGlobalObject(ctx);
  JSObjectRef desc = JSObjectMake(ctx, NULL, NULL);
  js_set(ctx, desc, "enumerable", JSValueMakeBoolean(ctx, false));
  js_set(ctx, desc, "configurable", JSValueMakeBoolean(ctx, true));
  JSValueRef object = js_get(ctx, global, "Object");
  JSValueRef define = js_get(ctx, object, "defineProperty");
  for (size_t i = 0; i < n; i++) {
    JSStringRef name = js_name_acquire(list[i].name);
    JSObjectRef fn = JSObjectMakeFunctionWithCallback(ctx, name, lazy_access);
    js_set(ctx, desc, "get", fn);
    js_set(ctx, desc, "set", fn);
    JSValueRef args[3] = {global, JSValueMakeString(ctx, name), desc};
    JSStringRelease(name);
    js_call(ctx, define, object, 3, args, NULL);
  }
}

bool js_once(JSContextRef ctx, const char *key) {
  JSObjectRef global = JSContextGetGlobalObject(ctx);
  if (!JSValueIsUndefined(ctx, js_get(ctx, global, key))) return false;
  js_set_hidden(ctx, global, key, JSValueMakeBoolean(ctx, true));
  return true;
}

/* ---- jslib ---- */

/* A library's source and URL as JavaScriptCore strings, made once per process: the UTF-8
 * decoding of a source happens once, not in every realm that compiles it. (Compiling is
 * still per realm: the engine's code cache, which would reuse it, is off; see runtime.c.) */
typedef struct {
  const char *name;
  JSStringRef source, url;
} jslib_string_t;

static bool jslib_strings(const char *name, JSStringRef *source, JSStringRef *url) {
  static jslib_string_t cache[32];
  static size_t n;
  for (size_t i = 0; i < n; i++)
    if (strcmp(cache[i].name, name) == 0) {
      *source = JSStringRetain(cache[i].source); /* the caller releases its reference */
      *url = JSStringRetain(cache[i].url);
      return true;
    }
  const char *src = jslib_source(name);
  if (!src) return false;
  char *file = xasprintf("sonde:%s", name);
  *source = JSStringCreateWithUTF8CString(src);
  *url = JSStringCreateWithUTF8CString(file);
  free(file);
  if (n < sizeof(cache) / sizeof(*cache))
    cache[n++] = (jslib_string_t){xstrdup(name), *source, *url};
  else return true; /* more libraries than slots: the caller releases them */
  JSStringRetain(*source);
  JSStringRetain(*url);
  return true;
}

JSValueRef js_jslib(JSContextRef ctx, const char *name, JSValueRef *exception) {
  char *key = xasprintf("__sonde_lib_%s", name);
  JSObjectRef global = JSContextGetGlobalObject(ctx);
  JSValueRef v = js_get(ctx, global, key);
  if (JSValueIsUndefined(ctx, v)) {
    JSStringRef source, url;
    v = NULL;
    if (jslib_strings(name, &source, &url)) {
      JSValueRef exc = NULL;
      v = JSEvaluateScript(ctx, source, NULL, url, 1, &exc);
      JSStringRelease(source);
      JSStringRelease(url);
      if (exc) {
        if (exception) *exception = exc;
        v = NULL;
      }
    } else {
      js_throw(ctx, exception, "Error", "sonde: no built-in library %s", name);
    }
    if (v) js_set_hidden(ctx, global, key, v);
  }
  free(key);
  return v;
}

JSValueRef js_jslib_call(JSContextRef ctx, const char *name, size_t argc, const JSValueRef argv[],
                         JSValueRef *exception) {
  char *key = xasprintf("__sonde_libv_%s", name);
  JSObjectRef global = JSContextGetGlobalObject(ctx);
  JSValueRef v = js_get(ctx, global, key);
  if (JSValueIsUndefined(ctx, v)) {
    JSValueRef fn = js_jslib(ctx, name, exception);
    v = fn ? js_call(ctx, fn, NULL, argc, argv, exception) : NULL;
    if (v) js_set_hidden(ctx, global, key, v);
  }
  free(key);
  return v;
}
