/* jsclass: defining web/Node classes backed by C private data, and the small property
 * helpers those bindings share (accessors, symbols, iterators, DOMException-style errors).
 *
 * A class is a JSClassRef for its instances (private data freed by `finalize`) whose
 * automatic prototype carries the methods and accessors, plus a constructor function. The
 * constructor is a real JS function made by a one-line shim per realm (the C API's own
 * constructors have typeof "object" and cannot see new.target): `new X(...)` calls
 * `construct(ctx, new_target, argc, argv, exception)`, which makes the instance with
 * js_class_make; subclasses get their own prototype from new_target. Objects made with
 * JSObjectMake(ctx, *def->cls, priv) elsewhere get the prototype too.
 *
 * Memory: definitions are static; JSClassRefs are created once per process and never
 * released. Nothing is held across calls. */
#ifndef SONDE_JS_JSCLASS_H
#define SONDE_JS_JSCLASS_H

#include <JavaScriptCore/JavaScript.h>
#include <stdbool.h>

typedef struct {
  const char *name;
  JSObjectCallAsFunctionCallback fn;
  int length; /* the arity, for readers: not set on the function (only defineProperty
                          can, at a cost every realm would pay); constructors do get theirs */
} js_fn_t;

typedef struct {
  const char *name;
  JSObjectCallAsFunctionCallback get;
  JSObjectCallAsFunctionCallback set; /* NULL: read-only */
} js_accessor_t;

/* new_target is the constructor `new` was applied to, or NULL for a plain call. */
typedef JSValueRef (*js_construct_fn)(JSContextRef ctx, JSObjectRef new_target, size_t argc,
                                      const JSValueRef argv[], JSValueRef *exception);

typedef struct js_class_def {
  const char *name;
  JSClassRef cls;                    /* filled on first use */
  struct js_class_def *parent;       /* prototype chain (e.g. File → Blob), or NULL */
  void (*finalize)(JSObjectRef obj); /* frees the private data; the engine also runs the
                                          parents' finalizers, so a derived class sharing
                                          its parent's data leaves this NULL */
  js_construct_fn construct;         /* NULL: `new X()` throws "Illegal constructor" */
  int length;                        /* the constructor's length */
  const js_fn_t *methods;            /* on the prototype; {NULL}-terminated, may be NULL */
  const js_accessor_t *accessors;    /* on the prototype */
  const js_fn_t *statics;            /* on the constructor */
  const char *iterator;              /* method that [Symbol.iterator] aliases, or NULL */
} js_class_def_t;

/* The instance class of `def` (created on first call). */
JSClassRef js_class_ref(js_class_def_t *def);
/* Sets up the prototype of `def` in this realm and returns the constructor; does not
 * install it anywhere. Idempotent per realm: later calls return the same constructor. */
JSObjectRef js_class_init(JSContextRef ctx, js_class_def_t *def);
/* An instance with private data `priv`; its prototype is new_target.prototype when
 * new_target is given and is not the class's own constructor. */
JSObjectRef js_class_make(JSContextRef ctx, js_class_def_t *def, void *priv,
                          JSObjectRef new_target);
/* Private data when `v` is an instance of `def` (or of a class derived from it), else NULL. */
void *js_class_private(JSContextRef ctx, js_class_def_t *def, JSValueRef v);
/* As js_class_private, but sets a TypeError ("Illegal invocation") when it is not. */
void *js_class_this(JSContextRef ctx, js_class_def_t *def, JSValueRef v, JSValueRef *exception);

/* A plain function with a name (`length` is not applied, see js_fn_t). */
JSObjectRef js_make_function(JSContextRef ctx, const char *name, JSObjectCallAsFunctionCallback fn,
                             int length);
/* Non-enumerable methods on `obj`. */
void js_define_methods(JSContextRef ctx, JSObjectRef obj, const js_fn_t *fns);
/* Accessors (enumerable and configurable, as Web IDL attributes are). */
void js_define_accessors(JSContextRef ctx, JSObjectRef obj, const js_accessor_t *acc);
/* Object.defineProperty(obj, name, {get, set, enumerable, configurable: true}). */
void js_define_accessor(JSContextRef ctx, JSObjectRef obj, const char *name, JSValueRef get,
                        JSValueRef set, bool enumerable);
/* Object.defineProperty(obj, name, {value, writable, enumerable, configurable: true}). */
void js_define_value(JSContextRef ctx, JSObjectRef obj, const char *name, JSValueRef value,
                     bool enumerable);

/* Symbol[name] (a well-known symbol) and Symbol.for(key). */
JSValueRef js_symbol(JSContextRef ctx, const char *name);
JSValueRef js_symbol_for(JSContextRef ctx, const char *key);
/* obj[key] = v for a symbol (or any) key, non-enumerable. */
void js_set_keyed(JSContextRef ctx, JSObjectRef obj, JSValueRef key, JSValueRef v);
JSValueRef js_get_keyed(JSContextRef ctx, JSValueRef obj, JSValueRef key);
/* obj[Symbol.toStringTag] = tag. */
void js_set_tag(JSContextRef ctx, JSObjectRef obj, const char *tag);
/* An iterator over the items of a JS array (array.values()). */
JSValueRef js_array_iterator(JSContextRef ctx, JSObjectRef array);
/* Calls a builtin from the global scope by dotted path ("Object.keys") with arguments;
 * NULL with *exception on a throw. */
JSValueRef js_call_global(JSContextRef ctx, const char *path, size_t argc, const JSValueRef argv[],
                          JSValueRef *exception);

/* new DOMException(message, name), or an Error with that name when the realm has none. */
JSObjectRef js_make_dom_exception(JSContextRef ctx, const char *name, const char *message);
JSValueRef js_throw_dom(JSContextRef ctx, JSValueRef *exception, const char *name, const char *fmt,
                        ...) __attribute__((format(printf, 4, 5)));
/* A Node-style error: new ctor(message) with err.code = code. */
JSObjectRef js_make_node_error(JSContextRef ctx, const char *ctor, const char *code,
                               const char *message);
JSValueRef js_throw_code(JSContextRef ctx, JSValueRef *exception, const char *ctor,
                         const char *code, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* Node's ERR_INVALID_ARG_TYPE message for argument `name`: 'The "name" argument must be
 * of type <expected>. Received <what v is>'. */
JSValueRef js_throw_arg_type(JSContextRef ctx, JSValueRef *exception, const char *name,
                             const char *expected, JSValueRef v);

/* Lazy globals: each name is defined as an accessor that runs `install` on first use (which
 * must define the name as an ordinary value), so that a realm pays for a global only when a
 * script uses it. Assigning the global first simply replaces it. */
typedef void (*js_lazy_install)(JSContextRef ctx);
typedef struct {
  const char *name;
  js_lazy_install install;
} js_lazy_t;
/* True the first time it is called with `key` in this realm (a hidden marker on the global
 * object): installers use it to run once however they are reached. */
bool js_once(JSContextRef ctx, const char *key);
/* Defines the lazy globals of `list` (static: kept by address, per runtime) on the global
 * object of `ctx`, a realm's context. */
void js_define_lazies(JSContextRef ctx, const js_lazy_t *list, size_t n);

/* Evaluates a jslib file (src/jslib/<name>.js, an expression) once per realm and returns
 * its value, cached as a hidden global. NULL with *exception when it threw. */
JSValueRef js_jslib(JSContextRef ctx, const char *name, JSValueRef *exception);
/* For jslib files that are a function of the C natives they need: calls the value of
 * js_jslib(name) with the arguments once per realm and returns (and caches) the result. */
JSValueRef js_jslib_call(JSContextRef ctx, const char *name, size_t argc, const JSValueRef argv[],
                         JSValueRef *exception);

#endif
