/* inspect: a port of Node 20's util.inspect / util.format (lib/internal/util/inspect.js) to
 * C over the JavaScriptCore C API, so that console.log output reads as it does under Node.
 * The structure follows Node's (formatValue -> formatRaw -> formatter + formatProperty ->
 * reduceToSingleString) so that its line-breaking and grouping rules carry over exactly.
 * This file: the JS helpers, describing objects and listing their keys, util.inspect and
 * util.format as JS functions; inspect_internal.h names the other files.
 *
 * Memory: every char * made here is malloc'd; intermediate pieces are owned by the
 * function that builds them and the finished string goes to the caller. JS values are only
 * held in locals (the engine scans the C stack) except the keys kept in a heap array, which
 * are protected while held. A few tiny JS helpers are compiled once per global object and
 * kept on it as a hidden property (see kHelperSrc for why they cannot be C). */
#include "js/inspect_internal.h"

/* ---- JS helpers ------------------------------------------------------------------------
 * These answer questions the C API has no call for: own-property descriptors (so getters
 * are reported, not run), Object.keys order and enumerability, the constructor name the way
 * Node finds it (walking prototypes for an own "constructor"), internal-slot brand checks
 * (Map/Set/RegExp/boxed primitives/..., done by calling a builtin that throws on anything
 * else), Map/Set contents, Symbol descriptions, class detection from the function's source
 * and whether an object's toString is a builtin one (for %s). Builtins are captured when the
 * helpers are compiled so that scripts replacing globals do not change the output. */
static const char kHelperName[] = "__sondeInspect";
static const char kHelperSrc[] =
    "(function () {\n"
    "'use strict';\n"
    "const O = Object, Str = String, Err = Error, un = (f) => Function.prototype.call.bind(f);\n"
    "const ownKeys = O.keys, symbols = O.getOwnPropertySymbols, isArray = Array.isArray;\n"
    "const tagSym = Symbol.toStringTag, primSym = Symbol.toPrimitive;\n"
    "const desc = O.getOwnPropertyDescriptor, proto = O.getPrototypeOf;\n"
    "const own = un(O.prototype.hasOwnProperty), isEnum = un(O.prototype.propertyIsEnumerable);\n"
    "const objTag = un(O.prototype.toString), fnSrc = un(Function.prototype.toString);\n"
    "const get = (C, k) => un(desc(C.prototype, k).get), id = (o) => o;\n"
    "const mapEntries = un(Map.prototype.entries), setValues = un(Set.prototype.values);\n"
    "const probe = { __proto__: null, Map: get(Map, 'size'), Set: get(Set, 'size'),\n"
    "  WeakMap: un(WeakMap.prototype.has), WeakSet: un(WeakSet.prototype.has),\n"
    "  RegExp: get(RegExp, 'source'), DataView: get(DataView, 'byteLength'),\n"
    "  Number: un(Number.prototype.valueOf), String: un(String.prototype.valueOf),\n"
    "  Boolean: un(Boolean.prototype.valueOf), BigInt: un(BigInt.prototype.valueOf),\n"
    "  Symbol: un(Symbol.prototype.valueOf), Error: id, Promise: id, Arguments: id, Module: id,\n"
    "  Array: (o) => { if (!isArray(o)) throw o; } };\n"
    "const builtins = new Set(O.getOwnPropertyNames(globalThis)\n"
    "  .filter((n) => /^[A-Z][a-zA-Z0-9]+$/.test(n)));\n"
    "function ctorName(o) {\n"
    "  let p = o, first;\n"
    "  while (p) {\n"
    "    const d = desc(p, 'constructor');\n"
    "    try {\n"
    "      const c = d && d.value;\n"
    "      if (typeof c === 'function' && c.name !== '' && o instanceof c) return Str(c.name);\n"
    "    } catch {}\n"
    "    p = proto(p);\n"
    "    if (first === undefined) first = p;\n"
    "  }\n"
    "  return first === null ? null : undefined;\n"
    "}\n"
    "function isClass(f) {\n"
    "  const s = fnSrc(f);\n"
    "  if (!s.startsWith('class') || !s.endsWith('}')) return false;\n"
    "  const b = s.slice(5, -1), i = b.indexOf('{');\n"
    "  return i !== -1 && (!b.slice(0, i).includes('(') ||\n"
    "    /^(\\s+[^(]*?)\\s*{/.test(b.replace(/(\\/\\/.*?\\n)|(\\/\\*(.|\\n)*?\\*\\/)/g, '')));\n"
    "}\n"
    "return O.freeze({\n"
    "  String: Str, parseInt: Number.parseInt, parseFloat: Number.parseFloat,\n"
    "  describe(o) {\n"
    "    let tag = o[tagSym], kind = objTag(o).slice(8, -1), extra;\n"
    "    if (typeof tag !== 'string' || (tag !== '' && isEnum(o, tagSym))) tag = '';\n"
    "    if (typeof o === 'function') {\n"
    "      if (isClass(o)) kind = 'class', extra = (own(o, 'name') && o.name) || '(anonymous)';\n"
    "      else extra = o.name;\n"
    "    } else {\n"
    "      if (!(kind in probe)) kind = o instanceof Err ? 'Error' : '';\n"
    "      try { if (kind) extra = probe[kind](o); } catch { kind = ''; }\n"
    "    }\n"
    "    return [ctorName(o), tag, kind, extra];\n"
    "  },\n"
    "  keys(o, skipIndex) {\n"
    "    let k = ownKeys(o);\n"
    "    if (skipIndex) k = k.filter((s) => Str(s >>> 0) !== s || s === '4294967295');\n"
    "    for (const s of symbols(o)) if (isEnum(o, s)) k.push(s);\n"
    "    return k;\n"
    "  },\n"
    "  prop(o, k) {\n"
    "    const d = desc(o, k);\n"
    "    if (!d) return [8, o[k]];\n"
    "    return [(d.get ? 1 : 0) | (d.set ? 2 : 0) | (d.enumerable ? 0 : 4), d.value];\n"
    "  },\n"
    "  entries(o, isMap, max) {\n"
    "    const r = [];\n"
    "    for (const e of (isMap ? mapEntries : setValues)(o)) {\n"
    "      if (max-- <= 0) break;\n"
    "      if (isMap) r.push(e[0], e[1]); else r.push(e);\n"
    "    }\n"
    "    return r;\n"
    "  },\n"
    "  builtinToString(v) {\n"
    "    let hasTS = own, hasTP = own;\n"
    "    if (typeof v.toString !== 'function') {\n"
    "      if (typeof v[primSym] !== 'function') return true;\n"
    "      if (own(v, primSym)) return false;\n"
    "      hasTS = () => false;\n"
    "    } else if (own(v, 'toString')) return false;\n"
    "    else if (typeof v[primSym] !== 'function') hasTP = () => false;\n"
    "    else if (own(v, primSym)) return false;\n"
    "    let p = v;\n"
    "    do { p = proto(p); } while (!hasTS(p, 'toString') && !hasTP(p, primSym));\n"
    "    const d = desc(p, 'constructor');\n"
    "    return d !== undefined && typeof d.value === 'function' && builtins.has(d.value.name);\n"
    "  },\n"
    "});\n"
    "})()";

JSObjectRef insp_get_helper(JSContextRef ctx) {
  JSObjectRef global = JSContextGetGlobalObject(ctx);
  JSValueRef h = js_get(ctx, global, kHelperName);
  if (JSValueIsObject(ctx, h)) return (JSObjectRef)h;
  JSValueRef exc = NULL;
  h = js_eval(ctx, kHelperSrc, "sonde:inspect", 1, &exc);
  if (!h || !JSValueIsObject(ctx, h)) return NULL;
  js_set_hidden(ctx, global, kHelperName, h);
  return (JSObjectRef)h;
}

/* helper.fn(args...); NULL when there is no helper or it threw. Exceptions stop here on
 * purpose: a throwing getter or proxy trap must not take console.log down with it, so the
 * value prints with whatever could be read. */
JSValueRef insp_hcall(JSContextRef ctx, JSObjectRef helper, const char *fn, size_t argc,
                      const JSValueRef *argv) {
  if (!helper) return NULL;
  JSValueRef exc = NULL;
  return js_call(ctx, js_get(ctx, helper, fn), helper, argc, argv, &exc);
}

JSValueRef insp_at(JSContextRef ctx, JSValueRef arr, unsigned i) {
  if (!arr || !JSValueIsObject(ctx, arr)) return JSValueMakeUndefined(ctx);
  JSValueRef v = JSObjectGetPropertyAtIndex(ctx, (JSObjectRef)arr, i, NULL);
  return v ? v : JSValueMakeUndefined(ctx);
}

unsigned insp_length_of(JSContextRef ctx, JSValueRef arr) {
  double n = js_get_number(ctx, arr, "length", 0);
  return n > 0 && n < 4294967296.0 ? (unsigned)n : 0;
}

/* ---- describing an object -------------------------------------------------------------- */

void insp_describe(ictx_t *c, JSObjectRef o, idesc_t *d) {
  JSContextRef ctx = c->ctx;
  JSValueRef arg = o;
  JSValueRef r = insp_hcall(ctx, c->helper, "describe", 1, &arg);
  d->extra = JSValueMakeUndefined(ctx);
  if (!r) {
    d->ctor = xstrdup("Object");
    d->tag = xstrdup("");
    d->kind = xstrdup(js_is_function(ctx, o) ? "Function" : "");
    return;
  }
  JSValueRef ctor = insp_at(ctx, r, 0);
  if (JSValueIsNull(ctx, ctor)) {
    d->ctor = NULL;
  } else if (JSValueIsUndefined(ctx, ctor)) {
    /* Node prints "<V8 class name> <prototype's constructor>"; the engine cannot name it. */
    d->ctor = xstrdup("Object <Complex prototype>");
  } else {
    d->ctor = js_value_to_utf8(ctx, ctor);
  }
  d->tag = js_value_to_utf8(ctx, insp_at(ctx, r, 1));
  d->kind = js_value_to_utf8(ctx, insp_at(ctx, r, 2));
  d->extra = insp_at(ctx, r, 3);
}

void insp_describe_free(idesc_t *d) {
  free(d->ctor);
  free(d->tag);
  free(d->kind);
}

bool insp_is_kind(const idesc_t *d, const char *k) { return strcmp(d->kind, k) == 0; }

/* ---- keys ------------------------------------------------------------------------------ */

void insp_keys_push(ictx_t *c, keys_t *k, JSValueRef js, const char *cname, bool front) {
  if (k->len == k->cap) {
    k->cap = k->cap ? k->cap * 2 : 8;
    k->v = xrealloc(k->v, k->cap * sizeof(*k->v));
  }
  if (js) JSValueProtect(c->ctx, js);
  ikey_t key = {js, cname};
  if (front) {
    memmove(k->v + 1, k->v, k->len * sizeof(*k->v));
    k->v[0] = key;
  } else {
    k->v[k->len] = key;
  }
  k->len++;
}

void insp_keys_remove(ictx_t *c, keys_t *k, size_t i) {
  if (k->v[i].js) JSValueUnprotect(c->ctx, k->v[i].js);
  memmove(k->v + i, k->v + i + 1, (k->len - i - 1) * sizeof(*k->v));
  k->len--;
}

void insp_keys_free(ictx_t *c, keys_t *k) {
  for (size_t i = 0; i < k->len; i++)
    if (k->v[i].js) JSValueUnprotect(c->ctx, k->v[i].js);
  free(k->v);
  memset(k, 0, sizeof(*k));
}

/* Index of the string key `name`, or -1. */
long insp_keys_find(ictx_t *c, const keys_t *k, const char *name) {
  for (size_t i = 0; i < k->len; i++) {
    if (k->v[i].c) {
      if (strcmp(k->v[i].c, name) == 0) return (long)i;
    } else if (JSValueIsString(c->ctx, k->v[i].js)) {
      JSStringRef s = JSStringCreateWithUTF8CString(name);
      bool eq = JSValueIsStrictEqual(c->ctx, k->v[i].js, JSValueMakeString(c->ctx, s));
      JSStringRelease(s);
      if (eq) return (long)i;
    }
  }
  return -1;
}

/* Own enumerable keys in Object.keys order, then enumerable symbols; `skip_index` leaves
 * out array indices (getOwnNonIndexProperties). */
void insp_get_keys(ictx_t *c, JSObjectRef o, bool skip_index, keys_t *out) {
  JSValueRef args[2] = {o, JSValueMakeBoolean(c->ctx, skip_index)};
  JSValueRef arr = insp_hcall(c->ctx, c->helper, "keys", 2, args);
  unsigned n = arr ? insp_length_of(c->ctx, arr) : 0;
  for (unsigned i = 0; i < n; i++) insp_keys_push(c, out, insp_at(c->ctx, arr, i), NULL, false);
}

JSValueRef insp_key_value(ictx_t *c, const ikey_t *k) {
  return k->js ? k->js : js_make_string(c->ctx, k->c);
}

/* getOwnPropertyDescriptor(o, key) as flags + value (see P_*). */
int insp_get_prop(ictx_t *c, JSObjectRef o, JSValueRef key, JSValueRef *value) {
  JSValueRef args[2] = {o, key};
  JSValueRef r = insp_hcall(c->ctx, c->helper, "prop", 2, args);
  if (!r) {
    *value = JSValueMakeUndefined(c->ctx);
    return 0;
  }
  *value = insp_at(c->ctx, r, 1);
  return (int)JSValueToNumber(c->ctx, insp_at(c->ctx, r, 0), NULL);
}

/* ---- util.inspect as a JS function ------------------------------------------------------ */

static int int_option(JSContextRef ctx, JSValueRef v, int fallback) {
  if (JSValueIsNull(ctx, v)) return JS_INSPECT_DEPTH_INFINITE;
  if (!JSValueIsNumber(ctx, v)) return fallback;
  double d = JSValueToNumber(ctx, v, NULL);
  if (d != d) return fallback;
  if (d >= (double)JS_INSPECT_DEPTH_INFINITE) return JS_INSPECT_DEPTH_INFINITE;
  return d <= 0 ? JS_INSPECT_ZERO : (int)d;
}

void js_inspect_opts_from_js(JSContextRef ctx, JSValueRef options, js_inspect_opts_t *o) {
  if (!options || !JSValueIsObject(ctx, options)) return;
  JSValueRef v = js_get(ctx, options, "depth");
  if (JSValueIsNull(ctx, v)) {
    o->depth = JS_INSPECT_DEPTH_INFINITE;
  } else if (JSValueIsNumber(ctx, v)) {
    double d = JSValueToNumber(ctx, v, NULL);
    o->depth = d >= (double)JS_INSPECT_DEPTH_INFINITE ? JS_INSPECT_DEPTH_INFINITE : (int)d;
  }
  v = js_get(ctx, options, "colors");
  if (JSValueIsBoolean(ctx, v)) o->colors = JSValueToBoolean(ctx, v);
  o->max_array_length =
      int_option(ctx, js_get(ctx, options, "maxArrayLength"), o->max_array_length);
  o->max_string_length =
      int_option(ctx, js_get(ctx, options, "maxStringLength"), o->max_string_length);
  o->break_length = int_option(ctx, js_get(ctx, options, "breakLength"), o->break_length);
  v = js_get(ctx, options, "compact");
  if (JSValueIsBoolean(ctx, v)) o->compact = JSValueToBoolean(ctx, v) ? 0 : JS_INSPECT_ZERO;
  else o->compact = int_option(ctx, v, o->compact);
  v = js_get(ctx, options, "sorted");
  if (!JSValueIsUndefined(ctx, v)) o->sorted = JSValueToBoolean(ctx, v);
  v = js_get(ctx, options, "customInspect");
  if (JSValueIsBoolean(ctx, v)) o->no_custom = !JSValueToBoolean(ctx, v);
}

/* util.inspect(value, options) and the legacy (value, showHidden, depth, colors). */
static JSValueRef inspect_call(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  js_inspect_opts_t o = {.depth = 2};
  if (argc > 1 && JSValueIsObject(ctx, argv[1])) {
    js_inspect_opts_from_js(ctx, argv[1], &o);
  } else {
    if (argc > 2 && JSValueIsNull(ctx, argv[2])) o.depth = JS_INSPECT_DEPTH_INFINITE;
    else if (argc > 2 && JSValueIsNumber(ctx, argv[2]))
      o.depth = (int)JSValueToNumber(ctx, argv[2], NULL);
    if (argc > 3) o.colors = JSValueToBoolean(ctx, argv[3]);
  }
  char *s = js_inspect(ctx, argc ? argv[0] : JSValueMakeUndefined(ctx), &o);
  JSValueRef r = js_make_string(ctx, s);
  free(s);
  return r;
}

static const char *const kColorNames[][3] = {
    {"reset", "0", "0"},          {"bold", "1", "22"},
    {"dim", "2", "22"},           {"italic", "3", "23"},
    {"underline", "4", "24"},     {"blink", "5", "25"},
    {"inverse", "7", "27"},       {"hidden", "8", "28"},
    {"strikethrough", "9", "29"}, {"doubleunderline", "21", "24"},
    {"black", "30", "39"},        {"red", "31", "39"},
    {"green", "32", "39"},        {"yellow", "33", "39"},
    {"blue", "34", "39"},         {"magenta", "35", "39"},
    {"cyan", "36", "39"},         {"white", "37", "39"},
    {"bgBlack", "40", "49"},      {"bgRed", "41", "49"},
    {"bgGreen", "42", "49"},      {"bgYellow", "43", "49"},
    {"bgBlue", "44", "49"},       {"bgMagenta", "45", "49"},
    {"bgCyan", "46", "49"},       {"bgWhite", "47", "49"},
    {"framed", "51", "54"},       {"overlined", "53", "55"},
    {"gray", "90", "39"},         {"redBright", "91", "39"},
    {"greenBright", "92", "39"},  {"yellowBright", "93", "39"},
    {"blueBright", "94", "39"},   {"magentaBright", "95", "39"},
    {"cyanBright", "96", "39"},   {"whiteBright", "97", "39"},
    {"grey", "90", "39"},
};
static const char *const kStyleNames[][2] = {
    {"special", "cyan"},   {"number", "yellow"}, {"bigint", "yellow"},    {"boolean", "yellow"},
    {"undefined", "grey"}, {"null", "bold"},     {"string", "green"},     {"symbol", "green"},
    {"date", "magenta"},   {"regexp", "red"},    {"module", "underline"},
};

JSObjectRef js_inspect_function(JSContextRef ctx) {
  JSObjectRef global = JSContextGetGlobalObject(ctx);
  JSValueRef existing = js_get(ctx, global, kInspectFnName);
  if (js_is_function(ctx, existing)) return (JSObjectRef)existing;
  JSStringRef name = JSStringCreateWithUTF8CString("inspect");
  JSObjectRef fn = JSObjectMakeFunctionWithCallback(ctx, name, inspect_call);
  JSStringRelease(name);
  js_set_hidden(ctx, global, kInspectFnName, fn);
  js_set(ctx, fn, "custom", js_symbol_for(ctx, "nodejs.util.inspect.custom"));
  JSObjectRef defaults = JSObjectMake(ctx, NULL, NULL);
  js_set(ctx, defaults, "showHidden", JSValueMakeBoolean(ctx, false));
  js_set(ctx, defaults, "depth", JSValueMakeNumber(ctx, 2));
  js_set(ctx, defaults, "colors", JSValueMakeBoolean(ctx, false));
  js_set(ctx, defaults, "customInspect", JSValueMakeBoolean(ctx, true));
  js_set(ctx, defaults, "showProxy", JSValueMakeBoolean(ctx, false));
  js_set(ctx, defaults, "maxArrayLength", JSValueMakeNumber(ctx, MAX_ARRAY_LENGTH));
  js_set(ctx, defaults, "maxStringLength", JSValueMakeNumber(ctx, MAX_STRING_LENGTH));
  js_set(ctx, defaults, "breakLength", JSValueMakeNumber(ctx, BREAK_LENGTH));
  js_set(ctx, defaults, "compact", JSValueMakeNumber(ctx, COMPACT));
  js_set(ctx, defaults, "sorted", JSValueMakeBoolean(ctx, false));
  js_set(ctx, defaults, "getters", JSValueMakeBoolean(ctx, false));
  js_set(ctx, defaults, "numericSeparator", JSValueMakeBoolean(ctx, false));
  js_set(ctx, fn, "defaultOptions", defaults);
  JSObjectRef colors = JSObjectMake(ctx, NULL, NULL);
  for (size_t i = 0; i < sizeof(kColorNames) / sizeof(kColorNames[0]); i++) {
    JSValueRef pair[2] = {JSValueMakeNumber(ctx, atoi(kColorNames[i][1])),
                          JSValueMakeNumber(ctx, atoi(kColorNames[i][2]))};
    js_set(ctx, colors, kColorNames[i][0], js_make_array(ctx, 2, pair));
  }
  js_set(ctx, fn, "colors", colors);
  JSObjectRef styles = JSObjectMake(ctx, NULL, NULL);
  for (size_t i = 0; i < sizeof(kStyleNames) / sizeof(kStyleNames[0]); i++)
    js_set(ctx, styles, kStyleNames[i][0], js_make_string(ctx, kStyleNames[i][1]));
  js_set(ctx, fn, "styles", styles);
  return fn;
}

/* options.stylize(text, styleType): the style's colour when colours are on. */
static JSValueRef stylize_call(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  JSValueRef text = argc ? argv[0] : js_make_string(ctx, "");
  if (!data || argc < 2) return text;
  char *type = js_value_to_utf8(ctx, argv[1]);
  const char *color = NULL;
  for (size_t i = 0; i < sizeof(kStyleNames) / sizeof(kStyleNames[0]); i++)
    if (strcmp(type, kStyleNames[i][0]) == 0) color = kStyleNames[i][1];
  free(type);
  for (size_t i = 0; color && i < sizeof(kColorNames) / sizeof(kColorNames[0]); i++) {
    if (strcmp(color, kColorNames[i][0]) != 0) continue;
    char *s = js_value_to_utf8(ctx, text);
    char *r = xasprintf("\x1b[%sm%s\x1b[%sm", kColorNames[i][1], s, kColorNames[i][2]);
    JSValueRef v = js_make_string(ctx, r);
    free(s);
    free(r);
    return v;
  }
  return text;
}

JSObjectRef insp_user_options(ictx_t *c) {
  JSContextRef ctx = c->ctx;
  JSObjectRef o = JSObjectMake(ctx, NULL, NULL);
  js_set(ctx, o, "stylize",
         js_make_closure(ctx, "stylize", stylize_call, c->colors ? (void *)1 : NULL, NULL));
  js_set(ctx, o, "showHidden", JSValueMakeBoolean(ctx, false));
  js_set(ctx, o, "depth",
         c->depth == JS_INSPECT_DEPTH_INFINITE ? JSValueMakeNull(ctx)
                                               : JSValueMakeNumber(ctx, c->depth));
  js_set(ctx, o, "colors", JSValueMakeBoolean(ctx, c->colors));
  js_set(ctx, o, "customInspect", JSValueMakeBoolean(ctx, c->custom));
  js_set(ctx, o, "showProxy", JSValueMakeBoolean(ctx, false));
  js_set(ctx, o, "maxArrayLength", JSValueMakeNumber(ctx, (double)c->max_array));
  js_set(ctx, o, "maxStringLength", JSValueMakeNumber(ctx, (double)c->max_string));
  js_set(ctx, o, "breakLength", JSValueMakeNumber(ctx, (double)c->break_len));
  js_set(ctx, o, "compact",
         c->compact ? JSValueMakeNumber(ctx, c->compact) : JSValueMakeBoolean(ctx, false));
  js_set(ctx, o, "sorted", JSValueMakeBoolean(ctx, c->sorted));
  js_set(ctx, o, "getters", JSValueMakeBoolean(ctx, false));
  js_set(ctx, o, "numericSeparator", JSValueMakeBoolean(ctx, false));
  return o;
}

/* ---- util.format ----------------------------------------------------------------------- */

static char *inspect_with(JSContextRef ctx, JSValueRef v, int depth, bool colors) {
  js_inspect_opts_t o = {.depth = depth, .colors = colors};
  return js_inspect(ctx, v, &o);
}

static char *first_line(const char *s) {
  const char *nl = strchr(s, '\n');
  return nl ? xstrndup(s, (size_t)(nl - s)) : xstrdup(s);
}

/* tryStringify: JSON.stringify, with "[Circular]" for the engine's cycle error. */
static char *format_json(JSContextRef ctx, JSValueRef v) {
  JSValueRef exc = NULL;
  JSStringRef s = JSValueCreateJSONString(ctx, v, 0, &exc);
  if (s) {
    char *r = js_string_to_utf8(s);
    JSStringRelease(s);
    return r;
  }
  if (!exc) return xstrdup("undefined");
  /* Learn the engine's wording for a cycle the way Node does, from a known cycle. */
  JSObjectRef cyc = JSObjectMake(ctx, NULL, NULL);
  js_set(ctx, cyc, "a", cyc);
  JSValueRef cexc = NULL;
  JSStringRef none = JSValueCreateJSONString(ctx, cyc, 0, &cexc);
  if (none) JSStringRelease(none);
  char *m1 = js_get_string(ctx, exc, "message"), *m2 = js_get_string(ctx, cexc, "message");
  char *l1 = first_line(m1 ? m1 : ""), *l2 = first_line(m2 ? m2 : "");
  char *name = js_get_string(ctx, exc, "name");
  bool circular = name && strcmp(name, "TypeError") == 0 && m2 && strcmp(l1, l2) == 0;
  free(m1);
  free(m2);
  free(l1);
  free(l2);
  free(name);
  /* Node lets other errors (a BigInt, a throwing toJSON) escape from console.log; we have
   * no caller to throw to, so the error's text stands in for the value. */
  return circular ? xstrdup("[Circular]") : js_value_to_utf8(ctx, exc);
}

static char *format_number_arg(JSContextRef ctx, JSObjectRef helper, JSValueRef v, char spec) {
  JSType t = JSValueGetType(ctx, v);
  if (t == kJSTypeBigInt && spec != 'f') {
    char *s = js_value_to_utf8(ctx, v);
    char *r = xasprintf("%sn", s);
    free(s);
    return r;
  }
  if (t == kJSTypeSymbol) return xstrdup("NaN");
  double d = NAN;
  if (spec == 'd') {
    JSValueRef exc = NULL;
    d = JSValueToNumber(ctx, v, &exc);
    if (exc) d = NAN;
  } else {
    JSValueRef r = insp_hcall(ctx, helper, spec == 'i' ? "parseInt" : "parseFloat", 1, &v);
    if (r) d = JSValueToNumber(ctx, r, NULL);
  }
  return insp_num_str(ctx, d);
}

static char *format_s(JSContextRef ctx, JSObjectRef helper, JSValueRef v) {
  JSType t = JSValueGetType(ctx, v);
  if (t == kJSTypeNumber) return insp_num_str(ctx, JSValueToNumber(ctx, v, NULL));
  if (t == kJSTypeBigInt) return format_number_arg(ctx, helper, v, 'd');
  if (t == kJSTypeSymbol) return insp_symbol_str(ctx, helper, v);
  if (t == kJSTypeObject && !js_is_function(ctx, v)) {
    JSValueRef builtin = insp_hcall(ctx, helper, "builtinToString", 1, &v);
    if (builtin && JSValueToBoolean(ctx, builtin)) return inspect_with(ctx, v, 0, false);
  }
  return js_value_to_utf8(ctx, v);
}

/* A JS string's UTF-8 appended whole (NULs kept). */
static void put_js_string(sbuf_t *b, JSContextRef ctx, JSValueRef v) {
  size_t n;
  char *s = js_value_to_utf8_len(ctx, v, &n);
  sbuf_append(b, s, n);
  free(s);
}

char *js_format_args(JSContextRef ctx, size_t argc, const JSValueRef argv[],
                     const js_inspect_opts_t *opts) {
  size_t len;
  char *text = js_format_args_len(ctx, argc, argv, opts, &len);
  /* A C string: a NUL is shown as the visible "␀" rather than cutting the text. */
  if (!memchr(text, '\0', len)) return text;
  sbuf_t b = SBUF_INIT;
  sbuf_append_visible(&b, text, len);
  free(text);
  return sbuf_take(&b);
}

char *js_format_args_len(JSContextRef ctx, size_t argc, const JSValueRef argv[],
                         const js_inspect_opts_t *opts, size_t *len) {
  js_inspect_opts_t defaults = {.depth = 2, .colors = false};
  if (!opts) opts = &defaults;
  JSObjectRef helper = insp_get_helper(ctx);
  sbuf_t str = SBUF_INIT;
  size_t a = 0;
  const char *sep = "";

  if (argc > 0 && JSValueIsString(ctx, argv[0])) {
    /* NULs are kept: the result goes by its length. */
    size_t flen;
    char *first = js_value_to_utf8_len(ctx, argv[0], &flen);
    if (argc == 1) {
      *len = flen;
      return first;
    }
    size_t last = 0;
    /* Bytes, not UTF-16 units: '%' and the specifier letters are ASCII, and UTF-8 never
     * reuses ASCII bytes inside a multi-byte character. */
    for (size_t i = 0; i + 1 < flen; i++) {
      if (first[i] != '%') continue;
      char next = first[++i];
      if (a + 1 != argc) {
        char *tmp = NULL;
        switch (next) {
        case 's':
          if (JSValueIsString(ctx, argv[a + 1])) {
            /* A string goes in whole, NULs included. */
            if (last != i - 1) sbuf_append(&str, first + last, i - 1 - last);
            put_js_string(&str, ctx, argv[++a]);
            last = i + 1;
            continue;
          }
          tmp = format_s(ctx, helper, argv[++a]);
          break;
        case 'j': tmp = format_json(ctx, argv[++a]); break;
        case 'd':
        case 'i':
        case 'f': tmp = format_number_arg(ctx, helper, argv[++a], next); break;
        case 'O': tmp = inspect_with(ctx, argv[++a], opts->depth, opts->colors); break;
        /* Node's %o also sets showHidden and showProxy, which sonde does not implement. */
        case 'o': tmp = inspect_with(ctx, argv[++a], 4, opts->colors); break;
        case 'c':
          a++;
          tmp = xstrdup("");
          break;
        case '%':
          sbuf_append(&str, first + last, i - last);
          last = i + 1;
          continue;
        default: continue;
        }
        if (last != i - 1) sbuf_append(&str, first + last, i - 1 - last);
        sbuf_puts(&str, tmp);
        free(tmp);
        last = i + 1;
      } else if (next == '%') {
        sbuf_append(&str, first + last, i - last);
        last = i + 1;
      }
    }
    if (last != 0) {
      a++;
      sep = " ";
      if (last < flen) sbuf_append(&str, first + last, flen - last);
    }
    free(first);
  }

  for (; a < argc; a++) {
    sbuf_puts(&str, sep);
    if (JSValueIsString(ctx, argv[a])) {
      put_js_string(&str, ctx, argv[a]);
    } else {
      char *s = js_inspect(ctx, argv[a], opts);
      sbuf_puts(&str, s);
      free(s);
    }
    sep = " ";
  }
  *len = str.len;
  return sbuf_take(&str);
}
