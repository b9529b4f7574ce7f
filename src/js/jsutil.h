/* jsutil: small conveniences over the JavaScriptCore C API used by every js/ and api/
 * file. Strings returned as char* are malloc'd UTF-8 owned by the caller; JSStringRef
 * values created here are released here. */
#ifndef SONDE_JS_JSUTIL_H
#define SONDE_JS_JSUTIL_H

#include <JavaScriptCore/JavaScript.h>
#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

/* Not in the public headers of this JavaScriptCore, but exported by the library. */
JS_EXPORT void JSGlobalContextSetUnhandledRejectionCallback(JSGlobalContextRef ctx,
                                                            JSObjectRef function,
                                                            JSValueRef *exception);

/* UTF-8 copy of a JSStringRef / of any value converted with ToString ("" on failure). A
 * lone surrogate becomes U+FFFD and a NUL U+2400 ("␀"), so the C string is never cut. */
char *js_string_to_utf8(JSStringRef s);
/* The whole string with its UTF-8 length, NULs kept (lone surrogates still U+FFFD). */
char *js_string_to_utf8_len(JSStringRef s, size_t *len);
/* A JSStringRef (released by the caller) from `len` bytes of UTF-8, NULs kept; bytes that
 * are not UTF-8 become U+FFFD. */
JSStringRef js_string_create_utf8(const char *utf8, size_t len);
char *js_value_to_utf8(JSContextRef ctx, JSValueRef v);
/* Like js_value_to_utf8 but reports the UTF-8 length and keeps NULs as they are. */
char *js_value_to_utf8_len(JSContextRef ctx, JSValueRef v, size_t *len);

JSValueRef js_make_string(JSContextRef ctx, const char *utf8);
JSValueRef js_make_string_len(JSContextRef ctx, const char *utf8, size_t len);

/* The property name `name` as a JSStringRef the caller releases. Names are made once per
 * process and cached (js_names_free, at exit, drops the cache). */
JSStringRef js_name_acquire(const char *name);
void js_names_free(void);

/* Property access by C string name. js_get returns undefined when `obj` is not an object. */
JSValueRef js_get(JSContextRef ctx, JSValueRef obj, const char *name);
void js_set(JSContextRef ctx, JSObjectRef obj, const char *name, JSValueRef v);
/* Non-enumerable, read-only property (used for the runtime's own helpers). */
void js_set_hidden(JSContextRef ctx, JSObjectRef obj, const char *name, JSValueRef v);
JSObjectRef js_set_function(JSContextRef ctx, JSObjectRef obj, const char *name,
                            JSObjectCallAsFunctionCallback fn);

bool js_is_function(JSContextRef ctx, JSValueRef v);
bool js_is_thenable(JSContextRef ctx, JSValueRef v);
/* Value of a string property as malloc'd UTF-8, NULL when missing/undefined. */
char *js_get_string(JSContextRef ctx, JSValueRef obj, const char *name);
/* Numeric property, `fallback` when missing or not a number. */
double js_get_number(JSContextRef ctx, JSValueRef obj, const char *name, double fallback);

/* new Error(message) (or TypeError etc. when `ctor` names one of the global constructors). */
JSObjectRef js_make_error(JSContextRef ctx, const char *ctor, const char *message);
/* Stores an Error in *exception and returns undefined: for use in callbacks. */
JSValueRef js_throw(JSContextRef ctx, JSValueRef *exception, const char *ctor, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* value <-> jansson by way of JSON text. js_from_json: NULL json → undefined.
 * js_to_json returns NULL for undefined/functions or on a cycle; a number beyond 2^63
 * (1e20) is a double, the others integers where they are integral (json_text_load). */
JSValueRef js_from_json(JSContextRef ctx, const json_t *json);
json_t *js_to_json(JSContextRef ctx, JSValueRef v);

/* Evaluates `src` as a script from `file` (used in stack traces) starting at `line`.
 * Returns NULL and stores the exception on a throw. */
JSValueRef js_eval(JSContextRef ctx, const char *src, const char *file, int line,
                   JSValueRef *exception);

/* Calls fn(this, args...). NULL and *exception on a throw. */
JSValueRef js_call(JSContextRef ctx, JSValueRef fn, JSValueRef this_obj, size_t argc,
                   const JSValueRef argv[], JSValueRef *exception);

/* A promise already settled: fulfilled with v when ok, else rejected with it. NULL and
 * *exception when the engine cannot make one. */
JSObjectRef js_settled_promise(JSContextRef ctx, bool ok, JSValueRef v, JSValueRef *exception);

/* Error-ish description of a thrown value: name, message and stack (all malloc'd; any may
 * be NULL for non-Error values: then message is the value converted to a string). */
typedef struct {
  char *name;
  char *message;
  char *stack; /* "fn@file:line:col" lines as JavaScriptCore gives them */
  int line;    /* line/column JavaScriptCore attached to the error (0 when none) */
  int column;
  char *source_url;
} js_error_info_t;
void js_error_info(JSContextRef ctx, JSValueRef err, js_error_info_t *out);
void js_error_info_free(js_error_info_t *info);

#endif

/* A callable JS function backed by a C callback with private data: the closures the
 * runtime needs (per-module require, done callbacks, promise continuations). `free_data`
 * runs when the engine collects the function (it must not call into the engine). `name`
 * is for the reader: the function is anonymous (see js_make_closure). */
typedef JSValueRef (*js_closure_fn)(JSContextRef ctx, void *data, JSObjectRef this_obj, size_t argc,
                                    const JSValueRef argv[], JSValueRef *exception);
JSObjectRef js_make_closure(JSContextRef ctx, const char *name, js_closure_fn fn, void *data,
                            void (*free_data)(void *));

/* Attaches C continuations to a thenable: then(on_ok, on_err). Each callback gets the
 * settled value as argv[0]. The closures share `data`; `free_data` runs once both are
 * collected. Returns false (with *exception) when `then` threw. */
bool js_then(JSContextRef ctx, JSValueRef thenable, js_closure_fn on_ok, js_closure_fn on_err,
             void *data, void (*free_data)(void *), JSValueRef *exception);

/* A new array from values. */
JSObjectRef js_make_array(JSContextRef ctx, size_t n, const JSValueRef *items);
/* The kind of a value for error messages: "undefined", "null", "boolean", "number",
 * "string", "symbol", "bigint", "array", "function" or "object" (unlike typeof, null and
 * arrays are named). */
const char *js_describe_type(JSContextRef ctx, JSValueRef v);

/* A JS array of the strings in `list` (a strvec_t's items and length). */
JSObjectRef js_make_string_array(JSContextRef ctx, char *const *list, size_t n);
/* Length of an array-like ("length" property), 0 when not an object. */
size_t js_array_length(JSContextRef ctx, JSValueRef arr);
JSValueRef js_array_get(JSContextRef ctx, JSValueRef arr, unsigned index);
