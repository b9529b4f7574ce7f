/* inspect: a port of Node 20's util.inspect / util.format (lib/internal/util/inspect.js) to
 * C over the JavaScriptCore C API, so that console.log output reads as it does under Node.
 * The structure follows Node's (formatValue -> formatRaw -> formatter + formatProperty ->
 * reduceToSingleString) so that its line-breaking and grouping rules carry over exactly.
 *
 * Memory: every char * made here is malloc'd; intermediate pieces are owned by the
 * function that builds them and the finished string goes to the caller. JS values are only
 * held in locals (the engine scans the C stack) except the keys kept in a heap array, which
 * are protected while held. A few tiny JS helpers are compiled once per global object and
 * kept on it as a hidden property (see kHelperSrc for why they cannot be C). */
#include "js/inspect.h"
#include "js/runtime.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/sbuf.h"
#include "common/strvec.h"
#include "js/jsclass.h"
#include "js/jsutil.h"

/* Node's inspectDefaultOptions (the options can change them per call). */
#define BREAK_LENGTH 80
#define COMPACT 3
#define MAX_ARRAY_LENGTH 100
#define MAX_STRING_LENGTH 10000
#define MIN_LINE_LENGTH 16
/* Where Node would run out of JS stack on a self-similar structure with depth Infinity;
 * we stop well before the C stack does. */
#define MAX_NESTING 1000

enum { K_OBJECT, K_ARRAY, K_ARRAY_EXTRAS }; /* Node's kObjectType, kArrayType, ... */

/* Property descriptor flags returned by the prop() helper. */
enum { P_GET = 1, P_SET = 2, P_HIDDEN = 4, P_INHERITED = 8 };

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

static JSObjectRef get_helper(JSContextRef ctx) {
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
static JSValueRef hcall(JSContextRef ctx, JSObjectRef helper, const char *fn, size_t argc,
                        const JSValueRef *argv) {
  if (!helper) return NULL;
  JSValueRef exc = NULL;
  return js_call(ctx, js_get(ctx, helper, fn), helper, argc, argv, &exc);
}

static JSValueRef at(JSContextRef ctx, JSValueRef arr, unsigned i) {
  if (!arr || !JSValueIsObject(ctx, arr)) return JSValueMakeUndefined(ctx);
  JSValueRef v = JSObjectGetPropertyAtIndex(ctx, (JSObjectRef)arr, i, NULL);
  return v ? v : JSValueMakeUndefined(ctx);
}

static unsigned length_of(JSContextRef ctx, JSValueRef arr) {
  double n = js_get_number(ctx, arr, "length", 0);
  return n > 0 && n < 4294967296.0 ? (unsigned)n : 0;
}

/* ---- inspection state ------------------------------------------------------------------ */

typedef struct {
  JSValueRef js;   /* string or symbol key, protected; NULL when `c` is used */
  const char *c;   /* a key sonde adds itself (byteLength, cause, ...) */
} ikey_t;

typedef struct {
  ikey_t *v;
  size_t len, cap;
} keys_t;

typedef struct {
  JSContextRef ctx;
  JSObjectRef helper;
  int depth;
  bool colors;
  size_t max_array, max_string;  /* the options, defaults applied */
  long break_len;
  int compact;                   /* 0: compact: false */
  bool sorted, custom;
  JSValueRef custom_sym;         /* util.inspect.custom, looked up once per call */
  JSObjectRef inspect_fn;        /* util.inspect, passed to custom inspectors */
  int indent;          /* Node's ctx.indentationLvl */
  int current_depth;   /* Node's ctx.currentDepth: depth of the latest object entered */
  int nesting;
  JSObjectRef *seen;   /* the objects being printed, outermost first */
  size_t nseen, capseen;
  JSObjectRef *circ;   /* objects found to be circular; index + 1 is the *N reference */
  size_t ncirc, capcirc;
} ictx_t;

/* ---- styles ---------------------------------------------------------------------------- */

enum {
  ST_NONE, ST_SPECIAL, ST_NUMBER, ST_BIGINT, ST_BOOLEAN, ST_UNDEFINED, ST_NULL, ST_STRING,
  ST_SYMBOL, ST_DATE, ST_REGEXP, ST_MODULE
};

/* inspect.styles mapped through inspect.colors. */
static const struct {
  int on, off;
} kStyles[] = {
    [ST_NONE] = {0, 0},       [ST_SPECIAL] = {36, 39},   [ST_NUMBER] = {33, 39},
    [ST_BIGINT] = {33, 39},   [ST_BOOLEAN] = {33, 39},   [ST_UNDEFINED] = {90, 39},
    [ST_NULL] = {1, 22},      [ST_STRING] = {32, 39},    [ST_SYMBOL] = {32, 39},
    [ST_DATE] = {35, 39},     [ST_REGEXP] = {31, 39},    [ST_MODULE] = {4, 24},
};

static void put_styled(bool colors, sbuf_t *b, int st, const char *s) {
  if (colors && st != ST_NONE) {
    sbuf_printf(b, "\x1b[%dm%s\x1b[%dm", kStyles[st].on, s, kStyles[st].off);
  } else {
    sbuf_puts(b, s);
  }
}

/* Takes `s` and returns it styled. */
static char *styled(bool colors, int st, char *s) {
  if (!colors || st == ST_NONE) return s;
  char *r = xasprintf("\x1b[%dm%s\x1b[%dm", kStyles[st].on, s, kStyles[st].off);
  free(s);
  return r;
}

static char *styled_lit(bool colors, int st, const char *s) {
  return styled(colors, st, xstrdup(s));
}

/* ---- lengths ----------------------------------------------------------------------------
 * Node measures with String#length (UTF-16 units) and, for grouping, with getStringWidth;
 * our strings are UTF-8, so both are recomputed here. */

static size_t ansi_len(const char *s) {
  /* Only the SGR sequences this file writes need skipping. */
  if (s[0] != '\x1b' || s[1] != '[') return 0;
  size_t i = 2;
  while (s[i] && ((s[i] >= '0' && s[i] <= '9') || s[i] == ';')) i++;
  return s[i] == 'm' ? i + 1 : 0;
}

static size_t u16len(const char *s, bool strip_colors) {
  size_t n = 0;
  for (const unsigned char *p = (const unsigned char *)s; *p;) {
    size_t skip = strip_colors ? ansi_len((const char *)p) : 0;
    if (skip) {
      p += skip;
      continue;
    }
    if ((*p & 0xc0) != 0x80) n += *p >= 0xf0 ? 2 : 1;
    p++;
  }
  return n;
}

static uint32_t next_cp(const unsigned char **pp) {
  const unsigned char *p = *pp;
  uint32_t c = *p++;
  int extra = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : c >= 0xc0 ? 1 : 0;
  if (extra) c &= 0x3f >> extra;
  while (extra-- && (*p & 0xc0) == 0x80) c = (c << 6) | (*p++ & 0x3f);
  *pp = p;
  return c;
}

static bool full_width(uint32_t c) {
  return c >= 0x1100 &&
         (c <= 0x115f || c == 0x2329 || c == 0x232a ||
          (c >= 0x2e80 && c <= 0x3247 && c != 0x303f) ||
          (c >= 0x3250 && c <= 0x4dbf) || (c >= 0x4e00 && c <= 0xa4c6) ||
          (c >= 0xa960 && c <= 0xa97c) || (c >= 0xac00 && c <= 0xd7a3) ||
          (c >= 0xf900 && c <= 0xfaff) || (c >= 0xfe10 && c <= 0xfe19) ||
          (c >= 0xfe30 && c <= 0xfe6b) || (c >= 0xff01 && c <= 0xff60) ||
          (c >= 0xffe0 && c <= 0xffe6) || (c >= 0x1b000 && c <= 0x1b001) ||
          (c >= 0x1f200 && c <= 0x1f251) || (c >= 0x1f300 && c <= 0x1f64f) ||
          (c >= 0x20000 && c <= 0x3fffd));
}

static bool zero_width(uint32_t c) {
  return c <= 0x1f || (c >= 0x7f && c <= 0x9f) || (c >= 0x300 && c <= 0x36f) ||
         (c >= 0x200b && c <= 0x200f) || (c >= 0x20d0 && c <= 0x20ff) ||
         (c >= 0xfe00 && c <= 0xfe0f) || (c >= 0xfe20 && c <= 0xfe2f) ||
         (c >= 0xe0100 && c <= 0xe01ef);
}

/* getStringWidth without ICU (Node's fallback), which is what its --without-intl builds use. */
static size_t str_width(const char *s, bool strip_colors) {
  size_t w = 0;
  for (const unsigned char *p = (const unsigned char *)s; *p;) {
    size_t skip = strip_colors ? ansi_len((const char *)p) : 0;
    if (skip) {
      p += skip;
      continue;
    }
    uint32_t c = next_cp(&p);
    w += full_width(c) ? 2 : zero_width(c) ? 0 : 1;
  }
  return w;
}

static void put_spaces(sbuf_t *b, long n) {
  for (; n > 0; n--) sbuf_putc(b, ' ');
}

/* ---- strings --------------------------------------------------------------------------- */

static void put_utf8(sbuf_t *b, uint32_t c) {
  char s[4];
  size_t n;
  if (c < 0x80) {
    s[0] = (char)c;
    n = 1;
  } else if (c < 0x800) {
    s[0] = (char)(0xc0 | (c >> 6));
    s[1] = (char)(0x80 | (c & 0x3f));
    n = 2;
  } else if (c < 0x10000) {
    s[0] = (char)(0xe0 | (c >> 12));
    s[1] = (char)(0x80 | ((c >> 6) & 0x3f));
    s[2] = (char)(0x80 | (c & 0x3f));
    n = 3;
  } else {
    s[0] = (char)(0xf0 | (c >> 18));
    s[1] = (char)(0x80 | ((c >> 12) & 0x3f));
    s[2] = (char)(0x80 | ((c >> 6) & 0x3f));
    s[3] = (char)(0x80 | (c & 0x3f));
    n = 4;
  }
  sbuf_append(b, s, n);
}

/* Node's meta table / escapeFn: control characters, C1 controls, backslash, the quote in
 * use (when `quote` is '\'') and lone surrogates. Works on UTF-16 so that lone surrogates
 * can be seen; everything else is written as UTF-8. */
static void put_escaped(sbuf_t *b, const JSChar *s, size_t n, char quote) {
  for (size_t i = 0; i < n; i++) {
    uint32_t u = s[i];
    if (u < 0x20 || (u >= 0x7f && u < 0xa0) || u == '\\' || (u == '\'' && quote == '\'')) {
      switch (u) {
      case '\b': sbuf_puts(b, "\\b"); break;
      case '\t': sbuf_puts(b, "\\t"); break;
      case '\n': sbuf_puts(b, "\\n"); break;
      case '\f': sbuf_puts(b, "\\f"); break;
      case '\r': sbuf_puts(b, "\\r"); break;
      case '\\': sbuf_puts(b, "\\\\"); break;
      case '\'': sbuf_puts(b, "\\'"); break;
      default: sbuf_printf(b, "\\x%02X", (unsigned)u); break;
      }
    } else if (u >= 0xd800 && u <= 0xdfff) {
      if (u <= 0xdbff && i + 1 < n && s[i + 1] >= 0xdc00 && s[i + 1] <= 0xdfff) {
        put_utf8(b, 0x10000 + ((u - 0xd800) << 10) + (s[i + 1] - 0xdc00));
        i++;
      } else {
        sbuf_printf(b, "\\u%x", (unsigned)u);
      }
    } else {
      put_utf8(b, u);
    }
  }
}

static bool u16_has(const JSChar *s, size_t n, char c) {
  for (size_t i = 0; i < n; i++)
    if (s[i] == (JSChar)c) return true;
  return false;
}

/* strEscape: single quotes unless the text has one; then double quotes, then backticks. */
static void put_quoted(sbuf_t *b, const JSChar *s, size_t n) {
  char q = '\'';
  if (u16_has(s, n, '\'')) {
    bool dollar_brace = false;
    for (size_t i = 0; i + 1 < n; i++)
      if (s[i] == '$' && s[i + 1] == '{') dollar_brace = true;
    if (!u16_has(s, n, '"')) {
      q = '"';
    } else if (!u16_has(s, n, '`') && !dollar_brace) {
      q = '`';
    }
  }
  sbuf_putc(b, q);
  put_escaped(b, s, n, q);
  sbuf_putc(b, q);
}

/* formatPrimitive for strings: long ones are cut at MAX_STRING_LENGTH, and split after
 * each newline into '...' + pieces when they would not fit on the line. */
static char *fmt_string(const ictx_t *c, JSValueRef v, bool colors) {
  JSContextRef ctx = c->ctx;
  int indent = c->indent;
  JSStringRef js = JSValueToStringCopy(ctx, v, NULL);
  if (!js) return xstrdup("''");
  const JSChar *s = JSStringGetCharactersPtr(js);
  size_t n = JSStringGetLength(js), remaining = 0;
  if (n > c->max_string) {
    remaining = n - c->max_string;
    n = c->max_string;
  }
  sbuf_t b = SBUF_INIT;
  if (n > MIN_LINE_LENGTH && (long)n > c->break_len - indent - 4) {
    size_t start = 0;
    while (start < n || start == 0) {
      size_t end = start;
      while (end < n && s[end] != '\n') end++;
      if (end < n) end++; /* the newline stays with its line */
      if (start) {
        sbuf_puts(&b, " +\n");
        put_spaces(&b, indent + 2);
      }
      sbuf_t piece = SBUF_INIT;
      put_quoted(&piece, s + start, end - start);
      put_styled(colors, &b, ST_STRING, sbuf_cstr(&piece));
      sbuf_free(&piece);
      start = end;
      if (end >= n) break;
    }
  } else {
    sbuf_t piece = SBUF_INIT;
    put_quoted(&piece, s, n);
    put_styled(colors, &b, ST_STRING, sbuf_cstr(&piece));
    sbuf_free(&piece);
  }
  if (remaining)
    sbuf_printf(&b, "... %zu more character%s", remaining, remaining > 1 ? "s" : "");
  JSStringRelease(js);
  return sbuf_take(&b);
}

/* A property key or symbol description with Node's escapes but no quotes. */
static char *escape_plain(JSContextRef ctx, JSValueRef v) {
  JSStringRef js = JSValueToStringCopy(ctx, v, NULL);
  if (!js) return xstrdup("");
  sbuf_t b = SBUF_INIT;
  put_escaped(&b, JSStringGetCharactersPtr(js), JSStringGetLength(js), '\'');
  JSStringRelease(js);
  return sbuf_take(&b);
}

static char *quote_value(JSContextRef ctx, JSValueRef v) {
  JSStringRef js = JSValueToStringCopy(ctx, v, NULL);
  if (!js) return xstrdup("''");
  sbuf_t b = SBUF_INIT;
  put_quoted(&b, JSStringGetCharactersPtr(js), JSStringGetLength(js));
  JSStringRelease(js);
  return sbuf_take(&b);
}

/* ---- primitives ------------------------------------------------------------------------ */

/* `${number}` is the engine's Number#toString; only -0 needs Node's special case. */
static char *num_str(JSContextRef ctx, double d) {
  if (d == 0 && signbit(d)) return xstrdup("-0");
  return js_value_to_utf8(ctx, JSValueMakeNumber(ctx, d));
}

static char *symbol_str(JSContextRef ctx, JSObjectRef helper, JSValueRef sym) {
  /* ToString throws on symbols; String(sym) is the one conversion that works. */
  JSValueRef s = hcall(ctx, helper, "String", 1, &sym);
  return s ? js_value_to_utf8(ctx, s) : xstrdup("Symbol()");
}

static char *fmt_primitive(const ictx_t *c, JSValueRef v, bool colors) {
  JSContextRef ctx = c->ctx;
  JSObjectRef helper = c->helper;
  switch (JSValueGetType(ctx, v)) {
  case kJSTypeUndefined: return styled_lit(colors, ST_UNDEFINED, "undefined");
  case kJSTypeNull: return styled_lit(colors, ST_NULL, "null");
  case kJSTypeBoolean:
    return styled_lit(colors, ST_BOOLEAN, JSValueToBoolean(ctx, v) ? "true" : "false");
  case kJSTypeNumber: return styled(colors, ST_NUMBER, num_str(ctx, JSValueToNumber(ctx, v, NULL)));
  case kJSTypeBigInt: {
    char *s = js_value_to_utf8(ctx, v);
    char *r = xasprintf("%sn", s);
    free(s);
    return styled(colors, ST_BIGINT, r);
  }
  case kJSTypeString: return fmt_string(c, v, colors);
  case kJSTypeSymbol: return styled(colors, ST_SYMBOL, symbol_str(ctx, helper, v));
  default: return xstrdup("");
  }
}

/* ---- small string helpers -------------------------------------------------------------- */

static bool starts_with(const char *s, const char *p) {
  return strncmp(s, p, strlen(p)) == 0;
}

static bool ends_with(const char *s, const char *p) {
  size_t n = strlen(s), m = strlen(p);
  return n >= m && memcmp(s + n - m, p, m) == 0;
}

static char *join(const strvec_t *v, const char *sep) {
  sbuf_t b = SBUF_INIT;
  for (size_t i = 0; i < v->len; i++) {
    if (i) sbuf_puts(&b, sep);
    sbuf_puts(&b, v->items[i]);
  }
  return sbuf_take(&b);
}

/* Node's getPrefix; the result ends with a space. `ctor` NULL is a null prototype. */
static char *get_prefix(const char *ctor, const char *tag, const char *fallback,
                        const char *size) {
  if (!ctor) {
    if (*tag && strcmp(fallback, tag) != 0)
      return xasprintf("[%s%s: null prototype] [%s] ", fallback, size, tag);
    return xasprintf("[%s%s: null prototype] ", fallback, size);
  }
  if (*tag && strcmp(ctor, tag) != 0) return xasprintf("%s%s [%s] ", ctor, size, tag);
  return xasprintf("%s%s ", ctor, size);
}

/* getCtxStyle: what V8 would call the class is "Object" for everything we reach here. */
static char *ctx_style(const char *ctor, const char *tag) {
  const char *fallback = "";
  if (!ctor) fallback = "Object";
  return get_prefix(ctor, tag, fallback, "");
}

static void chop_space(char *s) {
  size_t n = strlen(s);
  if (n && s[n - 1] == ' ') s[n - 1] = '\0';
}

/* ---- describing an object -------------------------------------------------------------- */

typedef struct {
  char *ctor;       /* constructor name; NULL for a null prototype */
  char *tag;        /* Symbol.toStringTag when not an own enumerable property, else "" */
  char *kind;       /* brand: Map, Set, RegExp, Error, String, ..., function types, or "" */
  JSValueRef extra; /* Map/Set size, boxed primitive, RegExp source, function name */
} idesc_t;

static void describe(ictx_t *c, JSObjectRef o, idesc_t *d) {
  JSContextRef ctx = c->ctx;
  JSValueRef arg = o;
  JSValueRef r = hcall(ctx, c->helper, "describe", 1, &arg);
  d->extra = JSValueMakeUndefined(ctx);
  if (!r) {
    d->ctor = xstrdup("Object");
    d->tag = xstrdup("");
    d->kind = xstrdup(js_is_function(ctx, o) ? "Function" : "");
    return;
  }
  JSValueRef ctor = at(ctx, r, 0);
  if (JSValueIsNull(ctx, ctor)) {
    d->ctor = NULL;
  } else if (JSValueIsUndefined(ctx, ctor)) {
    /* Node prints "<V8 class name> <prototype's constructor>"; the engine cannot name it. */
    d->ctor = xstrdup("Object <Complex prototype>");
  } else {
    d->ctor = js_value_to_utf8(ctx, ctor);
  }
  d->tag = js_value_to_utf8(ctx, at(ctx, r, 1));
  d->kind = js_value_to_utf8(ctx, at(ctx, r, 2));
  d->extra = at(ctx, r, 3);
}

static void describe_free(idesc_t *d) {
  free(d->ctor);
  free(d->tag);
  free(d->kind);
}

static bool is_kind(const idesc_t *d, const char *k) {
  return strcmp(d->kind, k) == 0;
}

/* ---- keys ------------------------------------------------------------------------------ */

static void keys_push(ictx_t *c, keys_t *k, JSValueRef js, const char *cname, bool front) {
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

static void keys_remove(ictx_t *c, keys_t *k, size_t i) {
  if (k->v[i].js) JSValueUnprotect(c->ctx, k->v[i].js);
  memmove(k->v + i, k->v + i + 1, (k->len - i - 1) * sizeof(*k->v));
  k->len--;
}

static void keys_free(ictx_t *c, keys_t *k) {
  for (size_t i = 0; i < k->len; i++)
    if (k->v[i].js) JSValueUnprotect(c->ctx, k->v[i].js);
  free(k->v);
  memset(k, 0, sizeof(*k));
}

/* Index of the string key `name`, or -1. */
static long keys_find(ictx_t *c, const keys_t *k, const char *name) {
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
static void get_keys(ictx_t *c, JSObjectRef o, bool skip_index, keys_t *out) {
  JSValueRef args[2] = {o, JSValueMakeBoolean(c->ctx, skip_index)};
  JSValueRef arr = hcall(c->ctx, c->helper, "keys", 2, args);
  unsigned n = arr ? length_of(c->ctx, arr) : 0;
  for (unsigned i = 0; i < n; i++) keys_push(c, out, at(c->ctx, arr, i), NULL, false);
}

static JSValueRef key_value(ictx_t *c, const ikey_t *k) {
  return k->js ? k->js : js_make_string(c->ctx, k->c);
}

/* getOwnPropertyDescriptor(o, key) as flags + value (see P_*). */
static int get_prop(ictx_t *c, JSObjectRef o, JSValueRef key, JSValueRef *value) {
  JSValueRef args[2] = {o, key};
  JSValueRef r = hcall(c->ctx, c->helper, "prop", 2, args);
  if (!r) {
    *value = JSValueMakeUndefined(c->ctx);
    return 0;
  }
  *value = at(c->ctx, r, 1);
  return (int)JSValueToNumber(c->ctx, at(c->ctx, r, 0), NULL);
}

/* ---- errors and stacks ----------------------------------------------------------------- */

/* Error.prototype.toString on the given pieces. */
static char *error_header(const char *name, const char *message) {
  if (!name) name = "Error";
  if (!message) message = "";
  if (!*name) return xstrdup(message);
  if (!*message) return xstrdup(name);
  return xasprintf("%s: %s", name, message);
}

static bool all_digits(const char *s, size_t n) {
  if (!n) return false;
  for (size_t i = 0; i < n; i++)
    if (s[i] < '0' || s[i] > '9') return false;
  return true;
}

/* "file:line:col", the position JavaScriptCore appends to a frame's URL. */
static bool is_location(const char *s, size_t n) {
  size_t i = n, digits = 0;
  for (int part = 0; part < 2; part++) {
    digits = 0;
    while (i > 0 && s[i - 1] >= '0' && s[i - 1] <= '9') {
      i--;
      digits++;
    }
    if (!digits || i == 0 || s[i - 1] != ':') return false;
    i--;
  }
  return i > 0;
}

/* One JavaScriptCore frame line ("fn@file:line:col", "@file:...", "fn@[native code]",
 * "global code@file:...") appended in V8's shape. False when the line is not a frame:
 * JavaScriptCore writes the '@' even for anonymous code, so a line without one is not its.
 * The first '@' splits, as URLs may contain one and function names do not. */
static bool convert_frame(sbuf_t *out, const char *line, size_t n) {
  const char *atp = memchr(line, '@', n);
  if (!atp) return false;
  const char *fn = line, *loc = atp + 1;
  size_t fn_len = (size_t)(atp - line), loc_len = n - fn_len - 1;
  if (loc_len == 13 && memcmp(loc, "[native code]", 13) == 0) return true;
  if (loc_len == 0) return true; /* code without a URL (new Function, eval) */
  /* The runtime's own JavaScript (src/jslib, evaluated as "sonde:<name>") is not the
   * user's: Node hides its internals the same way in most traces. */
  if (loc_len > 6 && memcmp(loc, "sonde:", 6) == 0) return true;
  if (!is_location(loc, loc_len)) return false;
  /* Line 1 of a module also holds the loader's wrapper: shift its columns back so they are
   * the user's, and drop frames that point into the wrapper itself. */
  char *fixed = NULL;
  const char *c2 = loc + loc_len;
  while (c2 > loc && c2[-1] != ':') c2--;
  const char *c1 = c2 - 1;
  while (c1 > loc && c1[-1] != ':') c1--;
  if (c1 > loc && (size_t)(c2 - 1 - c1) == 1 && *c1 == '1') {
    char *file = xstrndup(loc, (size_t)(c1 - 1 - loc));
    long offset = js_module_line1_offset(file);
    long col = strtol(c2, NULL, 10);
    if (offset > 0) {
      if (col <= offset) {
        free(file);
        return true;
      }
      fixed = xasprintf("%s:1:%ld", file, col - offset);
      loc = fixed;
      loc_len = strlen(fixed);
    }
    free(file);
  }
  static const char *const anonymous[] = {"global code", "module code", "eval code"};
  for (size_t i = 0; i < sizeof(anonymous) / sizeof(*anonymous); i++)
    if (fn_len == strlen(anonymous[i]) && memcmp(fn, anonymous[i], fn_len) == 0) fn_len = 0;
  if (fn_len)
    sbuf_printf(out, "\n    at %.*s (%.*s)", (int)fn_len, fn, (int)loc_len, loc);
  else
    sbuf_printf(out, "\n    at %.*s", (int)loc_len, loc);
  free(fixed);
  return true;
}

char *js_format_stack(const char *name, const char *message, const char *jsc_stack) {
  char *header = error_header(name, message);
  if (!jsc_stack || !*jsc_stack) return header;
  sbuf_t b = SBUF_INIT;
  sbuf_puts(&b, header);
  free(header);
  for (const char *p = jsc_stack; *p;) {
    const char *nl = strchr(p, '\n');
    size_t n = nl ? (size_t)(nl - p) : strlen(p);
    if (n && (starts_with(p, "    at ") || !convert_frame(&b, p, n))) {
      sbuf_free(&b);
      return xstrdup(jsc_stack);
    }
    p += n + (nl ? 1 : 0);
  }
  return sbuf_take(&b);
}

/* The name part of an error's first line: "TypeError [ERR_X]" for Node-style errors made
 * by sonde (see js_make_node_error), else err.name. */
static char *header_name(JSContextRef ctx, JSValueRef err, char *name) {
  char *h = js_get_string(ctx, err, "__sonde_header");
  if (!h) return name;
  free(name);
  return h;
}

char *js_error_stack(JSContextRef ctx, JSValueRef err) {
  js_error_info_t info;
  js_error_info(ctx, err, &info);
  if (JSValueIsObject(ctx, err)) info.name = header_name(ctx, err, info.name);
  char *stack = js_format_stack(info.name, info.message, info.stack);
  /* A parser error's frames are those of whoever loaded the file (require, the loader);
   * the position of the error itself is in line/sourceURL. Put it first, as Node does. */
  if (info.name && strcmp(info.name, "SyntaxError") == 0 && info.source_url && info.line) {
    long col = info.column;
    if (info.line == 1 && col > 0) col -= js_module_line1_offset(info.source_url);
    char *where = col > 0 ? xasprintf("%s:%d:%ld", info.source_url, info.line, col)
                          : xasprintf("%s:%d", info.source_url, info.line);
    if (!strstr(stack, where)) {
      char *nl = strchr(stack, '\n');
      size_t head = nl ? (size_t)(nl - stack) : strlen(stack);
      char *with = xasprintf("%.*s\n    at %s%s", (int)head, stack, where, nl ? nl : "");
      free(stack);
      stack = with;
    }
    free(where);
  }
  js_error_info_free(&info);
  return stack;
}

/* getStackString: err.stack (in V8's shape) when truthy, else Error.prototype.toString. */
static char *stack_string(ictx_t *c, JSObjectRef err) {
  JSContextRef ctx = c->ctx;
  char *name = header_name(ctx, err, js_get_string(ctx, err, "name"));
  char *message = js_get_string(ctx, err, "message");
  JSValueRef st = js_get(ctx, err, "stack");
  char *r;
  if (JSValueToBoolean(ctx, st)) {
    char *raw = js_value_to_utf8(ctx, st);
    r = js_format_stack(name, message, raw);
    free(raw);
  } else {
    r = error_header(name, message);
  }
  free(name);
  free(message);
  return r;
}

/* Node's improveStack: make the first line name the actual class ("MyError: ..."). */
static char *improve_stack(char *stack, const char *ctor, const char *name, const char *tag) {
  size_t len = strlen(name);
  if (ctor && !(ends_with(name, "Error") && starts_with(stack, name) &&
                (stack[len] == '\0' || stack[len] == ':' || stack[len] == '\n')))
    return stack;
  char *fallback = xstrdup("Error");
  if (!ctor) {
    /* /^([A-Z][a-z_ A-Z0-9[\]()-]+)(?::|\n {4}at)/ || /^([a-z_A-Z0-9-]*Error)$/ */
    static const char cls1[] =
        "abcdefghijklmnopqrstuvwxyz_ ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789[]()-";
    static const char cls2[] =
        "abcdefghijklmnopqrstuvwxyz_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-";
    size_t m = 0;
    if (stack[0] >= 'A' && stack[0] <= 'Z') {
      size_t run = 1 + strspn(stack + 1, cls1);
      if (run >= 2 && (stack[run] == ':' || starts_with(stack + run, "\n    at"))) m = run;
    }
    if (!m) {
      size_t run = strspn(stack, cls2);
      if (stack[run] == '\0' && ends_with(stack, "Error")) m = run;
    }
    free(fallback);
    fallback = xstrndup(stack, m);
    len = m;
    if (!m) {
      free(fallback);
      fallback = xstrdup("Error");
    }
  }
  char *prefix = get_prefix(ctor, tag, fallback, "");
  free(fallback);
  chop_space(prefix);
  char *r = stack;
  if (strcmp(name, prefix) != 0) {
    if (strstr(prefix, name)) {
      r = len == 0 ? xasprintf("%s: %s", prefix, stack) : xasprintf("%s%s", prefix, stack + len);
    } else {
      r = xasprintf("%s [%s]%s", prefix, name, stack + len);
    }
    free(stack);
  }
  free(prefix);
  return r;
}

static void split_lines(const char *s, strvec_t *out) {
  for (;;) {
    const char *nl = strchr(s, '\n');
    if (!nl) {
      strvec_push(out, s);
      return;
    }
    strvec_push_owned(out, xstrndup(s, (size_t)(nl - s)));
    s = nl + 1;
  }
}

static long vec_index(const strvec_t *v, const char *s) {
  for (size_t i = 0; i < v->len; i++)
    if (strcmp(v->items[i], s) == 0) return (long)i;
  return -1;
}

/* identicalSequenceRange: the longest run (> 3) of frames shared with the cause. */
static size_t identical_range(const strvec_t *a, const strvec_t *b, size_t *offset) {
  for (size_t i = 0; i + 3 < a->len; i++) {
    long pos = vec_index(b, a->items[i]);
    if (pos < 0) continue;
    size_t rest = b->len - (size_t)pos;
    if (rest > 3) {
      size_t len = 1, max = a->len - i < rest ? a->len - i : rest;
      while (max > len && strcmp(a->items[i + len], b->items[(size_t)pos + len]) == 0) len++;
      if (len > 3) {
        *offset = i;
        return len;
      }
    }
  }
  return 0;
}

/* getStackFrames: frames, with those repeated from err.cause's stack folded. */
static void stack_frames(ictx_t *c, JSObjectRef err, const char *frames_part, strvec_t *out) {
  split_lines(frames_part, out);
  JSValueRef cause = js_get(c->ctx, err, "cause");
  if (!JSValueIsObject(c->ctx, cause)) return;
  idesc_t d;
  describe(c, (JSObjectRef)cause, &d);
  bool is_err = is_kind(&d, "Error");
  describe_free(&d);
  if (!is_err) return;
  char *cs = stack_string(c, (JSObjectRef)cause);
  const char *start = strstr(cs, "\n    at");
  if (start) {
    strvec_t cf = STRVEC_INIT;
    split_lines(start + 1, &cf);
    size_t offset = 0, len = identical_range(out, &cf, &offset);
    if (len > 0) {
      size_t skipped = len - 2;
      char *msg = styled(c->colors, ST_UNDEFINED,
                         xasprintf("    ... %zu lines matching cause stack trace ...", skipped));
      for (size_t i = 0; i < skipped; i++) free(out->items[offset + 1 + i]);
      out->items[offset + 1] = msg;
      memmove(out->items + offset + 2, out->items + offset + 1 + skipped,
              (out->len - offset - 1 - skipped) * sizeof(char *));
      out->len -= skipped - 1;
    }
    strvec_free(&cf);
  }
  free(cs);
}

/* markNodeModules: underline the package name after each node_modules/ segment. */
static char *mark_node_modules(bool colors, char *line) {
  sbuf_t b = SBUF_INIT;
  const char *last = line, *from = line;
  bool any = false;
  for (;;) {
    const char *p = strstr(from, "node_modules");
    if (!p) break;
    char before = p > line ? p[-1] : '\0', after = p[12];
    if ((after != '/' && after != '\\') || (before != '/' && before != '\\')) {
      from = p + 1;
      continue;
    }
    const char *mstart = p + 13, *mend = strchr(mstart, before);
    if (mend && *mstart == '@') mend = strchr(mend + 1, before);
    if (!mend) mend = mstart + strlen(mstart);
    sbuf_append(&b, last, (size_t)(mstart - last));
    char *mod = xstrndup(mstart, (size_t)(mend - mstart));
    put_styled(colors, &b, ST_MODULE, mod);
    free(mod);
    last = from = mend;
    any = true;
  }
  if (!any) {
    sbuf_free(&b);
    return line;
  }
  sbuf_puts(&b, last);
  free(line);
  return sbuf_take(&b);
}

/* markCwd: grey out the working directory part of a frame's path. */
static char *mark_cwd(bool colors, char *line, const char *cwd) {
  const char *p = strstr(line, cwd);
  if (!p) return line;
  size_t pos = (size_t)(p - line), cwd_len = strlen(cwd);
  if (pos >= 7 && memcmp(line + pos - 7, "file://", 7) == 0) {
    cwd_len += 7;
    pos -= 7;
  }
  size_t start = pos > 0 && line[pos - 1] == '(' ? pos - 1 : pos;
  size_t total = strlen(line);
  bool paren = start != pos && ends_with(line, ")");
  size_t end = paren ? total - 1 : total;
  size_t wd_end = pos + cwd_len + 1;
  if (wd_end > total) wd_end = total;
  sbuf_t b = SBUF_INIT;
  sbuf_append(&b, line, start);
  char *slice = xstrndup(line + start, wd_end - start);
  put_styled(colors, &b, ST_UNDEFINED, slice);
  free(slice);
  if (end > wd_end) sbuf_append(&b, line + wd_end, end - wd_end);
  if (paren) put_styled(colors, &b, ST_UNDEFINED, ")");
  free(line);
  return sbuf_take(&b);
}

/* Node's formatError: the stack (or "[Name: message]" when it has no frames), with the
 * keys that merely repeat it removed and cause/errors added. */
static char *fmt_error(ictx_t *c, JSObjectRef err, const char *ctor, const char *tag,
                       keys_t *keys) {
  JSContextRef ctx = c->ctx;
  JSValueRef namev = js_get(ctx, err, "name");
  char *name = JSValueIsUndefined(ctx, namev) || JSValueIsNull(ctx, namev)
                   ? xstrdup("Error")
                   : js_value_to_utf8(ctx, namev);
  char *stack = stack_string(c, err);

  static const char *const dup_keys[] = {"name", "message", "stack"};
  for (size_t i = 0; i < 3; i++) {
    long idx = keys_find(c, keys, dup_keys[i]);
    if (idx < 0) continue;
    char *v = js_value_to_utf8(ctx, js_get(ctx, err, dup_keys[i]));
    if (strstr(stack, v)) keys_remove(c, keys, (size_t)idx);
    free(v);
  }
  JSStringRef cause = JSStringCreateWithUTF8CString("cause");
  if (JSObjectHasProperty(ctx, err, cause) && keys_find(c, keys, "cause") < 0)
    keys_push(c, keys, NULL, "cause", false);
  JSStringRelease(cause);
  if (JSValueIsArray(ctx, js_get(ctx, err, "errors")) && keys_find(c, keys, "errors") < 0)
    keys_push(c, keys, NULL, "errors", false);

  stack = improve_stack(stack, ctor, name, tag);
  free(name);

  /* Skip the message when looking for the frames: it may contain "\n    at" itself. */
  const char *from = stack;
  JSValueRef msgv = js_get(ctx, err, "message");
  if (JSValueToBoolean(ctx, msgv)) {
    char *msg = js_value_to_utf8(ctx, msgv);
    const char *p = strstr(stack, msg);
    if (p && p != stack) from = p + strlen(msg);
    free(msg);
  }
  const char *frames = strstr(from, "\n    at");
  sbuf_t b = SBUF_INIT;
  if (!frames) {
    sbuf_printf(&b, "[%s]", stack);
  } else {
    sbuf_append(&b, stack, (size_t)(frames - stack));
    strvec_t lines = STRVEC_INIT;
    stack_frames(c, err, frames + 1, &lines);
    char cwd[4096];
    bool have_cwd = c->colors && getcwd(cwd, sizeof(cwd)) != NULL;
    for (size_t i = 0; i < lines.len; i++) {
      sbuf_putc(&b, '\n');
      if (c->colors) {
        lines.items[i] = mark_node_modules(true, lines.items[i]);
        if (have_cwd) lines.items[i] = mark_cwd(true, lines.items[i], cwd);
      }
      sbuf_puts(&b, lines.items[i]);
    }
    strvec_free(&lines);
  }
  free(stack);
  if (c->indent == 0) return sbuf_take(&b);
  sbuf_t ind = SBUF_INIT;
  for (const char *p = sbuf_cstr(&b); *p; p++) {
    sbuf_putc(&ind, *p);
    if (*p == '\n') put_spaces(&ind, c->indent);
  }
  sbuf_free(&b);
  return sbuf_take(&ind);
}

/* ---- dates ----------------------------------------------------------------------------- */

/* Date.prototype.toISOString from the time value (days-from-civil inverted). */
static char *iso_date(double t) {
  double days = floor(t / 86400000.0);
  int64_t ms = (int64_t)(t - days * 86400000.0);
  int64_t z = (int64_t)days + 719468;
  int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  int64_t doe = z - era * 146097;
  int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  int64_t y = yoe + era * 400;
  int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  int64_t mp = (5 * doy + 2) / 153;
  int64_t d = doy - (153 * mp + 2) / 5 + 1;
  int64_t m = mp < 10 ? mp + 3 : mp - 9;
  if (m <= 2) y++;
  char year[32];
  if (y >= 0 && y <= 9999)
    snprintf(year, sizeof(year), "%04lld", (long long)y);
  else
    snprintf(year, sizeof(year), "%c%06lld", y < 0 ? '-' : '+', (long long)(y < 0 ? -y : y));
  return xasprintf("%s-%02lld-%02lldT%02lld:%02lld:%02lld.%03lldZ", year, (long long)m,
                   (long long)d, (long long)(ms / 3600000), (long long)(ms / 60000 % 60),
                   (long long)(ms / 1000 % 60), (long long)(ms % 1000));
}

/* ---- formatting ------------------------------------------------------------------------ */

static char *fmt_value(ictx_t *c, JSValueRef v, int recurse);

static const char *remaining_s(uint64_t n) {
  return n > 1 ? "s" : "";
}

static char *remaining_text(uint64_t n) {
  return xasprintf("... %llu more item%s", (unsigned long long)n, remaining_s(n));
}

/* The value half of formatProperty. */
static char *fmt_prop_value(ictx_t *c, int flags, JSValueRef value, int recurse) {
  if (flags & P_GET)
    return styled_lit(c->colors, ST_SPECIAL, flags & P_SET ? "[Getter/Setter]" : "[Getter]");
  if (flags & P_SET) return styled_lit(c->colors, ST_SPECIAL, "[Setter]");
  c->indent += 2;
  char *s = fmt_value(c, value, recurse);
  c->indent -= 2;
  return s;
}

static bool is_identifier(const char *s) {
  if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_')) return false;
  for (s++; *s; s++)
    if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
          *s == '_'))
      return false;
  return true;
}

static char *fmt_property(ictx_t *c, JSObjectRef o, const ikey_t *k, int recurse, int type) {
  JSContextRef ctx = c->ctx;
  JSValueRef key = key_value(c, k), value;
  int flags = get_prop(c, o, key, &value);
  char *str = fmt_prop_value(c, flags, value, recurse);
  if (type == K_ARRAY) return str;
  sbuf_t b = SBUF_INIT;
  if (JSValueIsSymbol(ctx, key)) {
    char *desc = symbol_str(ctx, c->helper, key);
    char *esc = escape_plain(ctx, js_make_string(ctx, desc));
    sbuf_putc(&b, '[');
    put_styled(c->colors, &b, ST_SYMBOL, esc);
    sbuf_putc(&b, ']');
    free(desc);
    free(esc);
  } else {
    char *name = js_value_to_utf8(ctx, key);
    if (strcmp(name, "__proto__") == 0) {
      sbuf_puts(&b, "['__proto__']");
    } else if (flags & P_HIDDEN) {
      char *esc = escape_plain(ctx, key);
      sbuf_printf(&b, "[%s]", esc);
      free(esc);
    } else if (is_identifier(name)) {
      sbuf_puts(&b, name);
    } else {
      char *q = quote_value(ctx, key);
      put_styled(c->colors, &b, ST_STRING, q);
      free(q);
    }
    free(name);
  }
  sbuf_printf(&b, ": %s", str);
  free(str);
  return sbuf_take(&b);
}

/* formatSpecialArray: a sparse array, walked by its keys so that long runs of holes are
 * not visited one by one. */
static void fmt_special_array(ictx_t *c, JSObjectRef o, int recurse, size_t max_len,
                              uint64_t vlen, strvec_t *out, unsigned i) {
  JSContextRef ctx = c->ctx;
  JSValueRef args[2] = {o, JSValueMakeBoolean(ctx, false)};
  JSValueRef keys = hcall(ctx, c->helper, "keys", 2, args);
  unsigned nkeys = keys ? length_of(ctx, keys) : 0;
  uint64_t index = i;
  for (; i < nkeys && out->len < max_len; i++) {
    JSValueRef key = at(ctx, keys, i);
    if (!JSValueIsString(ctx, key)) break;
    char *s = js_value_to_utf8(ctx, key);
    char idx[32];
    snprintf(idx, sizeof(idx), "%llu", (unsigned long long)index);
    bool canonical = all_digits(s, strlen(s)) && (s[0] != '0' || s[1] == '\0');
    double tmp = canonical ? strtod(s, NULL) : NAN;
    if (tmp > 4294967294.0) {
      free(s);
      break;
    }
    if (strcmp(idx, s) != 0) {
      if (!canonical) {
        free(s);
        break;
      }
      uint64_t empty = (uint64_t)tmp - index;
      strvec_push_owned(out, styled(c->colors, ST_UNDEFINED,
                                    xasprintf("<%llu empty item%s>", (unsigned long long)empty,
                                              remaining_s(empty))));
      index = (uint64_t)tmp;
      if (out->len == max_len) {
        free(s);
        break;
      }
    }
    free(s);
    ikey_t k = {key, NULL};
    strvec_push_owned(out, fmt_property(c, o, &k, recurse, K_ARRAY));
    index++;
  }
  uint64_t remaining = vlen > index ? vlen - index : 0;
  if (out->len != max_len) {
    if (remaining > 0)
      strvec_push_owned(out, styled(c->colors, ST_UNDEFINED,
                                    xasprintf("<%llu empty item%s>",
                                              (unsigned long long)remaining,
                                              remaining_s(remaining))));
  } else if (remaining > 0) {
    strvec_push_owned(out, remaining_text(remaining));
  }
}

static void fmt_array(ictx_t *c, JSObjectRef o, int recurse, strvec_t *out) {
  uint64_t vlen = length_of(c->ctx, o);
  size_t len = vlen < c->max_array ? (size_t)vlen : c->max_array;
  for (unsigned i = 0; i < len; i++) {
    JSValueRef value;
    int flags = get_prop(c, o, JSValueMakeNumber(c->ctx, i), &value);
    if (flags & P_INHERITED) {
      fmt_special_array(c, o, recurse, len, vlen, out, i);
      return;
    }
    strvec_push_owned(out, fmt_prop_value(c, flags, value, recurse));
  }
  if (vlen > len) strvec_push_owned(out, remaining_text(vlen - len));
}

static void fmt_typed_array(ictx_t *c, JSObjectRef o, strvec_t *out) {
  size_t n = JSObjectGetTypedArrayLength(c->ctx, o, NULL);
  size_t max = n < c->max_array ? n : c->max_array;
  for (size_t i = 0; i < max; i++)
    strvec_push_owned(out, fmt_primitive(c, at(c->ctx, o, (unsigned)i), c->colors));
  if (n > max) strvec_push_owned(out, remaining_text(n - max));
}

static void fmt_array_buffer(ictx_t *c, JSObjectRef o, strvec_t *out) {
  const unsigned char *bytes = JSObjectGetArrayBufferBytesPtr(c->ctx, o, NULL);
  size_t n = JSObjectGetArrayBufferByteLength(c->ctx, o, NULL);
  if (!bytes && n) {
    strvec_push_owned(out, styled_lit(c->colors, ST_SPECIAL, "(detached)"));
    return;
  }
  sbuf_t b = SBUF_INIT;
  put_styled(c->colors, &b, ST_SPECIAL, "[Uint8Contents]");
  sbuf_puts(&b, ": <");
  for (size_t i = 0; i < n && i < c->max_array; i++)
    sbuf_printf(&b, i ? " %02x" : "%02x", bytes[i]);
  if (n > c->max_array)
    sbuf_printf(&b, " ... %zu more byte%s", n - c->max_array,
                remaining_s(n - c->max_array));
  sbuf_putc(&b, '>');
  strvec_push_owned(out, sbuf_take(&b));
}

static void fmt_collection(ictx_t *c, JSObjectRef o, bool is_map, double size, int recurse,
                           strvec_t *out) {
  JSContextRef ctx = c->ctx;
  JSValueRef args[3] = {o, JSValueMakeBoolean(ctx, is_map),
                        JSValueMakeNumber(ctx, c->max_array)};
  JSValueRef items = hcall(ctx, c->helper, "entries", 3, args);
  unsigned n = items ? length_of(ctx, items) : 0;
  c->indent += 2;
  for (unsigned i = 0; i < n; i += is_map ? 2 : 1) {
    char *k = fmt_value(c, at(ctx, items, i), recurse);
    if (is_map) {
      char *v = fmt_value(c, at(ctx, items, i + 1), recurse);
      strvec_push_owned(out, xasprintf("%s => %s", k, v));
      free(k);
      free(v);
    } else {
      strvec_push_owned(out, k);
    }
  }
  if (size > c->max_array)
    strvec_push_owned(out, remaining_text((uint64_t)size - c->max_array));
  c->indent -= 2;
}

/* groupArrayElements: lay out many short array entries in aligned columns. */
static void group_array_elements(ictx_t *c, strvec_t *out, JSObjectRef value) {
  size_t total = 0, max_len = 0, out_len = out->len;
  if (c->max_array < out->len) out_len--; /* leave "... more items" out */
  const size_t sep = 2;
  size_t *data_len = xcalloc(out->len + 1, sizeof(size_t));
  for (size_t i = 0; i < out_len; i++) {
    size_t len = str_width(out->items[i], c->colors);
    data_len[i] = len;
    total += len + sep;
    if (max_len < len) max_len = len;
  }
  size_t actual_max = max_len + sep;
  if ((long)(actual_max * 3) + c->indent < c->break_len &&
      ((double)total / (double)actual_max > 5 || max_len <= 6)) {
    double average_bias = sqrt((double)actual_max - (double)total / (double)out->len);
    double biased_max = fmax((double)actual_max - 3 - average_bias, 1);
    double cols = floor(sqrt(2.5 * biased_max * (double)out_len) / biased_max + 0.5);
    cols = fmin(cols, floor((double)(c->break_len - c->indent) / (double)actual_max));
    cols = fmin(cols, (c->compact > 0 ? c->compact : COMPACT) * 4);
    cols = fmin(cols, 15);
    if (cols > 1) {
      size_t columns = (size_t)cols;
      size_t *line_max = xcalloc(columns, sizeof(size_t));
      for (size_t i = 0; i < columns; i++) {
        size_t m = 0;
        for (size_t j = i; j < out_len; j += columns)
          if (data_len[j] > m) m = data_len[j];
        line_max[i] = m + sep;
      }
      bool pad_start = true;
      if (value) {
        for (size_t i = 0; i < out->len; i++) {
          JSType t = JSValueGetType(c->ctx, at(c->ctx, value, (unsigned)i));
          if (t != kJSTypeNumber && t != kJSTypeBigInt) {
            pad_start = false;
            break;
          }
        }
      }
      strvec_t rows = STRVEC_INIT;
      for (size_t i = 0; i < out_len; i += columns) {
        size_t max = i + columns < out_len ? i + columns : out_len;
        sbuf_t b = SBUF_INIT;
        size_t j = i;
        for (; j < max - 1; j++) {
          /* padStart/padEnd to a UTF-16 length, which includes colour codes. */
          long pad = (long)line_max[j - i] + (long)u16len(out->items[j], false) -
                     (long)data_len[j] - (long)(u16len(out->items[j], false) + 2);
          if (pad_start) put_spaces(&b, pad);
          sbuf_printf(&b, "%s, ", out->items[j]);
          if (!pad_start) put_spaces(&b, pad);
        }
        if (pad_start) {
          long pad = (long)line_max[j - i] - (long)data_len[j] - (long)sep;
          put_spaces(&b, pad);
        }
        sbuf_puts(&b, out->items[j]);
        strvec_push_owned(&rows, sbuf_take(&b));
      }
      if (c->max_array < out->len) strvec_push(&rows, out->items[out_len]);
      strvec_free(out);
      *out = rows;
      free(line_max);
    }
  }
  free(data_len);
}

static bool below_break_length(ictx_t *c, const strvec_t *out, size_t start, const char *base) {
  size_t total = out->len + start;
  if ((long)(total + out->len) > c->break_len) return false;
  for (size_t i = 0; i < out->len; i++) {
    total += u16len(out->items[i], c->colors);
    if ((long)total > c->break_len) return false;
  }
  return !strchr(base, '\n');
}

/* reduceToSingleString with Node's default compact=3: one line when the entries fit and the
 * object is among the innermost three levels, else one entry per line. */
static char *reduce_to_single(ictx_t *c, strvec_t *out, const char *base, const char *b0,
                              const char *b1, int extras, int recurse, JSObjectRef value) {
  size_t entries = out->len;
  if (extras == K_ARRAY_EXTRAS && entries > 6 && c->compact > 0) group_array_elements(c, out, value);
  sbuf_t b = SBUF_INIT;
  if (*base) sbuf_printf(&b, "%s ", base);
  if (c->compact > 0 && c->current_depth - recurse < c->compact && entries == out->len) {
    size_t start = out->len + (size_t)c->indent + u16len(b0, false) + u16len(base, false) + 10;
    if (below_break_length(c, out, start, base)) {
      char *joined = join(out, ", ");
      if (!strchr(joined, '\n')) {
        sbuf_printf(&b, "%s %s %s", b0, joined, b1);
        free(joined);
        return sbuf_take(&b);
      }
      free(joined);
    }
  }
  sbuf_t ind = SBUF_INIT;
  sbuf_putc(&ind, '\n');
  put_spaces(&ind, c->indent);
  sbuf_t sep = SBUF_INIT;
  sbuf_printf(&sep, ",%s  ", sbuf_cstr(&ind));
  char *joined = join(out, sbuf_cstr(&sep));
  sbuf_printf(&b, "%s%s  %s%s%s", b0, sbuf_cstr(&ind), joined, sbuf_cstr(&ind), b1);
  free(joined);
  sbuf_free(&ind);
  sbuf_free(&sep);
  return sbuf_take(&b);
}

static const char *typed_array_name(JSTypedArrayType t) {
  switch (t) {
  case kJSTypedArrayTypeInt8Array: return "Int8Array";
  case kJSTypedArrayTypeInt16Array: return "Int16Array";
  case kJSTypedArrayTypeInt32Array: return "Int32Array";
  case kJSTypedArrayTypeUint8Array: return "Uint8Array";
  case kJSTypedArrayTypeUint8ClampedArray: return "Uint8ClampedArray";
  case kJSTypedArrayTypeUint16Array: return "Uint16Array";
  case kJSTypedArrayTypeUint32Array: return "Uint32Array";
  case kJSTypedArrayTypeFloat32Array: return "Float32Array";
  case kJSTypedArrayTypeFloat64Array: return "Float64Array";
  case kJSTypedArrayTypeBigInt64Array: return "BigInt64Array";
  case kJSTypedArrayTypeBigUint64Array: return "BigUint64Array";
  default: return "";
  }
}

/* getFunctionBase / getClassBase. */
static char *function_base(ictx_t *c, JSObjectRef fn, const idesc_t *d) {
  JSContextRef ctx = c->ctx;
  const char *ctor = d->ctor, *tag = d->tag;
  sbuf_t b = SBUF_INIT;
  if (is_kind(d, "class")) {
    char *name = js_value_to_utf8(ctx, d->extra);
    sbuf_printf(&b, "[class %s", name);
    free(name);
    if (ctor && strcmp(ctor, "Function") != 0) sbuf_printf(&b, " [%s]", ctor);
    if (*tag && (!ctor || strcmp(ctor, tag) != 0)) sbuf_printf(&b, " [%s]", tag);
    if (ctor) {
      JSValueRef super = JSObjectGetPrototype(ctx, fn);
      JSValueRef sname = js_get(ctx, super, "name");
      if (JSValueToBoolean(ctx, sname)) {
        char *s = js_value_to_utf8(ctx, sname);
        sbuf_printf(&b, " extends %s", s);
        free(s);
      }
    } else {
      sbuf_puts(&b, " extends [null prototype]");
    }
    sbuf_putc(&b, ']');
    return sbuf_take(&b);
  }
  static const char *const types[] = {"AsyncGeneratorFunction", "AsyncFunction",
                                      "GeneratorFunction"};
  const char *type = "Function";
  for (size_t i = 0; i < sizeof(types) / sizeof(*types); i++)
    if (is_kind(d, types[i])) type = types[i];
  sbuf_printf(&b, "[%s", type);
  if (!ctor) sbuf_puts(&b, " (null prototype)");
  char *name = JSValueIsString(ctx, d->extra) ? js_value_to_utf8(ctx, d->extra) : NULL;
  if (!name || !*name) {
    sbuf_puts(&b, " (anonymous)");
  } else {
    sbuf_printf(&b, ": %s", name);
  }
  free(name);
  sbuf_putc(&b, ']');
  if (ctor && strcmp(ctor, type) != 0) sbuf_printf(&b, " %s", ctor);
  if (*tag && (!ctor || strcmp(ctor, tag) != 0)) sbuf_printf(&b, " [%s]", tag);
  return sbuf_take(&b);
}

/* getBoxedBase: [String: 'x'], [Number (MyNumber): 1], ... */
static char *boxed_base(ictx_t *c, const idesc_t *d, bool has_keys) {
  const char *type = d->kind;
  sbuf_t b = SBUF_INIT;
  sbuf_printf(&b, "[%s", type);
  if (!d->ctor)
    sbuf_puts(&b, " (null prototype)");
  else if (strcmp(type, d->ctor) != 0)
    sbuf_printf(&b, " (%s)", d->ctor);
  char *prim = fmt_primitive(c, d->extra, false);
  sbuf_printf(&b, ": %s]", prim);
  free(prim);
  if (*d->tag && (!d->ctor || strcmp(d->tag, d->ctor) != 0)) sbuf_printf(&b, " [%s]", d->tag);
  char *base = sbuf_take(&b);
  if (has_keys || !c->colors) return base;
  int st = strcmp(type, "Number") == 0    ? ST_NUMBER
           : strcmp(type, "String") == 0  ? ST_STRING
           : strcmp(type, "Boolean") == 0 ? ST_BOOLEAN
           : strcmp(type, "BigInt") == 0  ? ST_BIGINT
                                          : ST_SYMBOL;
  return styled(true, st, base);
}

static size_t circular_index(ictx_t *c, JSObjectRef o, bool add) {
  for (size_t i = 0; i < c->ncirc; i++)
    if (c->circ[i] == o) return i + 1;
  if (!add) return 0;
  if (c->ncirc == c->capcirc) {
    c->capcirc = c->capcirc ? c->capcirc * 2 : 4;
    c->circ = xrealloc(c->circ, c->capcirc * sizeof(*c->circ));
  }
  c->circ[c->ncirc++] = o;
  return c->ncirc;
}

enum { F_NONE, F_ARRAY, F_TYPED, F_SET, F_MAP, F_BUFFER, F_PENDING, F_WEAK };

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Node's formatRaw. */
static char *fmt_raw(ictx_t *c, JSObjectRef o, int recurse) {
  JSContextRef ctx = c->ctx;
  idesc_t d;
  describe(c, o, &d);
  keys_t keys = {0};
  strvec_t out = STRVEC_INIT;
  char *base = xstrdup(""), *b0 = NULL, *res = NULL;
  const char *b1 = "}";
  int extras = K_OBJECT, formatter = F_NONE;
  double size = 0;
  JSTypedArrayType tt = JSValueGetTypedArrayType(ctx, o, NULL);

  /* is_kind covers proxies of arrays, which JSValueIsArray does not see through. */
  if (JSValueIsArray(ctx, o) || is_kind(&d, "Array")) {
    unsigned len = length_of(ctx, o);
    char *prefix = xstrdup("");
    if (!d.ctor || strcmp(d.ctor, "Array") != 0 || *d.tag) {
      char sz[32];
      snprintf(sz, sizeof(sz), "(%u)", len);
      free(prefix);
      prefix = get_prefix(d.ctor, d.tag, "Array", sz);
    }
    get_keys(c, o, true, &keys);
    b0 = xasprintf("%s[", prefix);
    b1 = "]";
    free(prefix);
    if (len == 0 && keys.len == 0) {
      res = xasprintf("%s]", b0);
      goto done;
    }
    extras = K_ARRAY_EXTRAS;
    formatter = F_ARRAY;
  } else if (is_kind(&d, "Set") || is_kind(&d, "Map")) {
    bool is_map = is_kind(&d, "Map");
    size = JSValueToNumber(ctx, d.extra, NULL);
    char sz[32];
    snprintf(sz, sizeof(sz), "(%.0f)", size);
    char *prefix = get_prefix(d.ctor, d.tag, d.kind, sz);
    get_keys(c, o, false, &keys);
    formatter = is_map ? F_MAP : F_SET;
    if (size == 0 && keys.len == 0) {
      res = xasprintf("%s{}", prefix);
      free(prefix);
      goto done;
    }
    b0 = xasprintf("%s{", prefix);
    free(prefix);
  } else if (tt != kJSTypedArrayTypeNone && tt != kJSTypedArrayTypeArrayBuffer) {
    get_keys(c, o, true, &keys);
    size_t len = JSObjectGetTypedArrayLength(ctx, o, NULL);
    char sz[32];
    snprintf(sz, sizeof(sz), "(%zu)", len);
    char *prefix = get_prefix(d.ctor, d.tag, d.ctor ? "" : typed_array_name(tt), sz);
    b0 = xasprintf("%s[", prefix);
    b1 = "]";
    free(prefix);
    if (len == 0 && keys.len == 0) {
      res = xasprintf("%s]", b0);
      goto done;
    }
    formatter = F_TYPED;
    extras = K_ARRAY_EXTRAS;
  } else {
    get_keys(c, o, is_kind(&d, "String"), &keys);
    b0 = xstrdup("{");
    if (JSObjectIsFunction(ctx, o)) {
      free(base);
      base = function_base(c, o, &d);
      if (keys.len == 0) {
        res = styled(c->colors, ST_SPECIAL, base);
        base = NULL;
        goto done;
      }
    } else if (d.ctor && strcmp(d.ctor, "Object") == 0) {
      if (is_kind(&d, "Arguments")) {
        free(b0);
        b0 = xstrdup("[Arguments] {");
      } else if (*d.tag) {
        char *prefix = get_prefix(d.ctor, d.tag, "Object", "");
        free(b0);
        b0 = xasprintf("%s{", prefix);
        free(prefix);
      }
      if (keys.len == 0) {
        res = xasprintf("%s}", b0);
        goto done;
      }
    } else if (is_kind(&d, "RegExp")) {
      char *src = js_value_to_utf8(ctx, d.extra);
      JSValueRef flagsv = js_get(ctx, o, "flags");
      char *flags = JSValueIsUndefined(ctx, flagsv) ? xstrdup("") : js_value_to_utf8(ctx, flagsv);
      char *prefix = get_prefix(d.ctor, d.tag, "RegExp", "");
      free(base);
      base = strcmp(prefix, "RegExp ") != 0 ? xasprintf("%s/%s/%s", prefix, src, flags)
                                            : xasprintf("/%s/%s", src, flags);
      free(src);
      free(flags);
      free(prefix);
      if (keys.len == 0 || recurse > c->depth) {
        res = styled(c->colors, ST_REGEXP, base);
        base = NULL;
        goto done;
      }
    } else if (JSValueIsDate(ctx, o)) {
      double t = JSValueToNumber(ctx, o, NULL);
      char *s = isnan(t) ? xstrdup("Invalid Date") : iso_date(t);
      char *prefix = get_prefix(d.ctor, d.tag, "Date", "");
      free(base);
      base = strcmp(prefix, "Date ") != 0 ? xasprintf("%s%s", prefix, s) : xstrdup(s);
      free(s);
      free(prefix);
      if (keys.len == 0) {
        res = styled(c->colors, ST_DATE, base);
        base = NULL;
        goto done;
      }
    } else if (is_kind(&d, "Error")) {
      free(base);
      base = fmt_error(c, o, d.ctor, d.tag, &keys);
      if (keys.len == 0) {
        res = base;
        base = NULL;
        goto done;
      }
    } else if (tt == kJSTypedArrayTypeArrayBuffer) {
      char *prefix = get_prefix(d.ctor, d.tag, "ArrayBuffer", "");
      formatter = F_BUFFER;
      free(b0);
      b0 = xasprintf("%s{", prefix);
      free(prefix);
      keys_push(c, &keys, NULL, "byteLength", true);
    } else if (is_kind(&d, "DataView")) {
      char *prefix = get_prefix(d.ctor, d.tag, "DataView", "");
      free(b0);
      b0 = xasprintf("%s{", prefix);
      free(prefix);
      keys_push(c, &keys, NULL, "buffer", true);
      keys_push(c, &keys, NULL, "byteOffset", true);
      keys_push(c, &keys, NULL, "byteLength", true);
    } else if (is_kind(&d, "Promise") || is_kind(&d, "WeakSet") || is_kind(&d, "WeakMap") ||
               is_kind(&d, "Module")) {
      char *prefix = get_prefix(d.ctor, d.tag, d.kind, "");
      free(b0);
      b0 = xasprintf("%s{", prefix);
      free(prefix);
      if (is_kind(&d, "Promise"))
        formatter = F_PENDING;
      else if (!is_kind(&d, "Module"))
        formatter = F_WEAK;
    } else if (is_kind(&d, "Number") || is_kind(&d, "String") || is_kind(&d, "Boolean") ||
               is_kind(&d, "BigInt") || is_kind(&d, "Symbol")) {
      free(base);
      base = boxed_base(c, &d, keys.len != 0);
      if (keys.len == 0) {
        res = base;
        base = NULL;
        goto done;
      }
    } else {
      char *style = ctx_style(d.ctor, d.tag);
      free(b0);
      if (keys.len == 0) {
        res = xasprintf("%s{}", style);
        free(style);
        b0 = NULL;
        goto done;
      }
      b0 = xasprintf("%s{", style);
      free(style);
    }
  }

  if (recurse > c->depth || c->nesting >= MAX_NESTING) {
    char *name = ctx_style(d.ctor, d.tag);
    chop_space(name);
    if (c->nesting >= MAX_NESTING) {
      res = xasprintf("[%s: Inspection interrupted prematurely. Maximum call stack size "
                      "exceeded.]", name);
    } else if (d.ctor) {
      res = xasprintf("[%s]", name);
    } else {
      res = xstrdup(name);
    }
    free(name);
    res = styled(c->colors, ST_SPECIAL, res);
    goto done;
  }
  recurse++;
  if (c->nseen == c->capseen) {
    c->capseen = c->capseen ? c->capseen * 2 : 16;
    c->seen = xrealloc(c->seen, c->capseen * sizeof(*c->seen));
  }
  c->seen[c->nseen++] = o;
  c->current_depth = recurse;
  c->nesting++;

  switch (formatter) {
  case F_ARRAY: fmt_array(c, o, recurse, &out); break;
  case F_TYPED: fmt_typed_array(c, o, &out); break;
  case F_SET: fmt_collection(c, o, false, size, recurse, &out); break;
  case F_MAP: fmt_collection(c, o, true, size, recurse, &out); break;
  case F_BUFFER: fmt_array_buffer(c, o, &out); break;
  case F_PENDING:
    /* The C API cannot read a promise's state or result. */
    strvec_push_owned(&out, styled_lit(c->colors, ST_SPECIAL, "<pending>"));
    break;
  case F_WEAK: strvec_push_owned(&out, styled_lit(c->colors, ST_SPECIAL, "<items unknown>")); break;
  default: break;
  }
  size_t first_key = out.len;
  for (size_t i = 0; i < keys.len; i++)
    strvec_push_owned(&out, fmt_property(c, o, &keys.v[i], recurse, extras));
  if (c->sorted) {
    size_t from = extras == K_OBJECT ? 0 : first_key;
    if (out.len - from > 1) qsort(out.items + from, out.len - from, sizeof(char *), cmp_str);
  }

  size_t ref = circular_index(c, o, false);
  if (ref) {
    char *r = styled(c->colors, ST_SPECIAL, xasprintf("<ref *%zu>", ref));
    char *nb = *base ? xasprintf("%s %s", r, base) : xstrdup(r);
    free(r);
    free(base);
    base = nb;
  }
  c->nseen--;
  c->nesting--;
  res = reduce_to_single(c, &out, base, b0, b1, extras, recurse, o);

done:
  free(base);
  free(b0);
  strvec_free(&out);
  keys_free(c, &keys);
  describe_free(&d);
  return res;
}

static const char kInspectFnName[] = "__sonde_util_inspect";

/* The options object a custom inspector receives: Node's getUserOptions. */
static JSObjectRef user_options(ictx_t *c);

/* value[util.inspect.custom](depth, options, inspect), when the value has one (and is not
 * a prototype, which would print its own method). NULL when there is none or it returned
 * the value itself. */
static char *fmt_custom(ictx_t *c, JSObjectRef o, int recurse) {
  JSContextRef ctx = c->ctx;
  JSValueRef fn = JSObjectGetPropertyForKey(ctx, o, c->custom_sym, NULL);
  if (!fn || !js_is_function(ctx, fn)) return NULL;
  JSObjectRef inspect_fn = c->inspect_fn;
  if (inspect_fn && JSValueIsStrictEqual(ctx, fn, inspect_fn)) return NULL;
  JSValueRef ctor = js_get(ctx, o, "constructor");
  if (JSValueIsObject(ctx, ctor) && JSValueIsStrictEqual(ctx, js_get(ctx, ctor, "prototype"), o))
    return NULL;
  JSValueRef args[3] = {
      c->depth == JS_INSPECT_DEPTH_INFINITE ? JSValueMakeNull(ctx)
                                            : JSValueMakeNumber(ctx, c->depth - recurse),
      user_options(c), inspect_fn ? (JSValueRef)inspect_fn : JSValueMakeUndefined(ctx)};
  JSValueRef exc = NULL;
  JSValueRef ret = js_call(ctx, fn, o, 3, args, &exc);
  if (!ret) {
    /* Node lets the throw escape; we have no caller, so the error prints instead. */
    char *msg = js_value_to_utf8(ctx, exc);
    char *r = xasprintf("[%s]", msg);
    free(msg);
    return r;
  }
  if (JSValueIsStrictEqual(ctx, ret, o)) return NULL;
  if (!JSValueIsString(ctx, ret)) return fmt_value(c, ret, recurse);
  char *text = js_value_to_utf8(ctx, ret);
  if (c->indent == 0 || !strchr(text, '\n')) return text;
  sbuf_t b = SBUF_INIT;
  for (const char *p = text; *p; p++) {
    sbuf_putc(&b, *p);
    if (*p == '\n') put_spaces(&b, c->indent);
  }
  free(text);
  return sbuf_take(&b);
}

static char *fmt_value(ictx_t *c, JSValueRef v, int recurse) {
  JSContextRef ctx = c->ctx;
  if (!v) v = JSValueMakeUndefined(ctx);
  if (!JSValueIsObject(ctx, v)) return fmt_primitive(c, v, c->colors);
  JSObjectRef o = (JSObjectRef)v;
  if (c->custom && c->nesting < MAX_NESTING) {
    char *r = fmt_custom(c, o, recurse);
    if (r) return r;
  }
  for (size_t i = 0; i < c->nseen; i++) {
    if (c->seen[i] == o) {
      size_t idx = circular_index(c, o, true);
      return styled(c->colors, ST_SPECIAL, xasprintf("[Circular *%zu]", idx));
    }
  }
  return fmt_raw(c, o, recurse);
}

static size_t limit(int v, size_t def) {
  if (v == 0) return def;
  return v < 0 ? 0 : (size_t)v;
}

static void ictx_init(ictx_t *c, JSContextRef ctx, const js_inspect_opts_t *opts) {
  memset(c, 0, sizeof(*c));
  c->ctx = ctx;
  c->helper = get_helper(ctx);
  js_inspect_opts_t none = {.depth = 2};
  if (!opts) opts = &none;
  c->depth = opts->depth;
  c->colors = opts->colors;
  c->max_array = limit(opts->max_array_length, MAX_ARRAY_LENGTH);
  c->max_string = limit(opts->max_string_length, MAX_STRING_LENGTH);
  c->break_len = (long)limit(opts->break_length, BREAK_LENGTH);
  c->compact = opts->compact == 0 ? COMPACT : opts->compact < 0 ? 0 : opts->compact;
  c->sorted = opts->sorted;
  c->custom = !opts->no_custom;
  if (c->custom) {
    c->custom_sym = js_symbol_for(ctx, "nodejs.util.inspect.custom");
    c->inspect_fn = js_inspect_function(ctx);
  }
}

char *js_inspect(JSContextRef ctx, JSValueRef value, const js_inspect_opts_t *opts) {
  ictx_t c;
  ictx_init(&c, ctx, opts);
  char *s = fmt_value(&c, value, 0);
  free(c.seen);
  free(c.circ);
  return s;
}

size_t js_string_width(const char *s) {
  return str_width(s, true);
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
  o->max_array_length = int_option(ctx, js_get(ctx, options, "maxArrayLength"), o->max_array_length);
  o->max_string_length = int_option(ctx, js_get(ctx, options, "maxStringLength"), o->max_string_length);
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
    else if (argc > 2 && JSValueIsNumber(ctx, argv[2])) o.depth = (int)JSValueToNumber(ctx, argv[2], NULL);
    if (argc > 3) o.colors = JSValueToBoolean(ctx, argv[3]);
  }
  char *s = js_inspect(ctx, argc ? argv[0] : JSValueMakeUndefined(ctx), &o);
  JSValueRef r = js_make_string(ctx, s);
  free(s);
  return r;
}

static const char *const kColorNames[][3] = {
    {"reset", "0", "0"},          {"bold", "1", "22"},         {"dim", "2", "22"},
    {"italic", "3", "23"},        {"underline", "4", "24"},    {"blink", "5", "25"},
    {"inverse", "7", "27"},       {"hidden", "8", "28"},       {"strikethrough", "9", "29"},
    {"doubleunderline", "21", "24"}, {"black", "30", "39"},    {"red", "31", "39"},
    {"green", "32", "39"},        {"yellow", "33", "39"},      {"blue", "34", "39"},
    {"magenta", "35", "39"},      {"cyan", "36", "39"},        {"white", "37", "39"},
    {"bgBlack", "40", "49"},      {"bgRed", "41", "49"},       {"bgGreen", "42", "49"},
    {"bgYellow", "43", "49"},     {"bgBlue", "44", "49"},      {"bgMagenta", "45", "49"},
    {"bgCyan", "46", "49"},       {"bgWhite", "47", "49"},     {"framed", "51", "54"},
    {"overlined", "53", "55"},    {"gray", "90", "39"},        {"redBright", "91", "39"},
    {"greenBright", "92", "39"},  {"yellowBright", "93", "39"}, {"blueBright", "94", "39"},
    {"magentaBright", "95", "39"}, {"cyanBright", "96", "39"}, {"whiteBright", "97", "39"},
    {"grey", "90", "39"},
};
static const char *const kStyleNames[][2] = {
    {"special", "cyan"},  {"number", "yellow"}, {"bigint", "yellow"}, {"boolean", "yellow"},
    {"undefined", "grey"}, {"null", "bold"},    {"string", "green"},  {"symbol", "green"},
    {"date", "magenta"},  {"regexp", "red"},    {"module", "underline"},
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

static JSObjectRef user_options(ictx_t *c) {
  JSContextRef ctx = c->ctx;
  JSObjectRef o = JSObjectMake(ctx, NULL, NULL);
  js_set(ctx, o, "stylize", js_make_closure(ctx, "stylize", stylize_call, c->colors ? (void *)1 : NULL, NULL));
  js_set(ctx, o, "showHidden", JSValueMakeBoolean(ctx, false));
  js_set(ctx, o, "depth", c->depth == JS_INSPECT_DEPTH_INFINITE ? JSValueMakeNull(ctx)
                                                                : JSValueMakeNumber(ctx, c->depth));
  js_set(ctx, o, "colors", JSValueMakeBoolean(ctx, c->colors));
  js_set(ctx, o, "customInspect", JSValueMakeBoolean(ctx, c->custom));
  js_set(ctx, o, "showProxy", JSValueMakeBoolean(ctx, false));
  js_set(ctx, o, "maxArrayLength", JSValueMakeNumber(ctx, (double)c->max_array));
  js_set(ctx, o, "maxStringLength", JSValueMakeNumber(ctx, (double)c->max_string));
  js_set(ctx, o, "breakLength", JSValueMakeNumber(ctx, (double)c->break_len));
  js_set(ctx, o, "compact", c->compact ? JSValueMakeNumber(ctx, c->compact) : JSValueMakeBoolean(ctx, false));
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
    JSValueRef r = hcall(ctx, helper, spec == 'i' ? "parseInt" : "parseFloat", 1, &v);
    if (r) d = JSValueToNumber(ctx, r, NULL);
  }
  return num_str(ctx, d);
}

static char *format_s(JSContextRef ctx, JSObjectRef helper, JSValueRef v) {
  JSType t = JSValueGetType(ctx, v);
  if (t == kJSTypeNumber) return num_str(ctx, JSValueToNumber(ctx, v, NULL));
  if (t == kJSTypeBigInt) return format_number_arg(ctx, helper, v, 'd');
  if (t == kJSTypeSymbol) return symbol_str(ctx, helper, v);
  if (t == kJSTypeObject && !js_is_function(ctx, v)) {
    JSValueRef builtin = hcall(ctx, helper, "builtinToString", 1, &v);
    if (builtin && JSValueToBoolean(ctx, builtin)) return inspect_with(ctx, v, 0, false);
  }
  return js_value_to_utf8(ctx, v);
}

char *js_format_args(JSContextRef ctx, size_t argc, const JSValueRef argv[],
                     const js_inspect_opts_t *opts) {
  js_inspect_opts_t defaults = {.depth = 2, .colors = false};
  if (!opts) opts = &defaults;
  JSObjectRef helper = get_helper(ctx);
  sbuf_t str = SBUF_INIT;
  size_t a = 0;
  const char *sep = "";

  if (argc > 0 && JSValueIsString(ctx, argv[0])) {
    size_t flen;
    char *first = js_value_to_utf8_len(ctx, argv[0], &flen);
    if (argc == 1) return first;
    size_t last = 0;
    /* Bytes, not UTF-16 units: '%' and the specifier letters are ASCII, and UTF-8 never
     * reuses ASCII bytes inside a multi-byte character. */
    for (size_t i = 0; i + 1 < flen; i++) {
      if (first[i] != '%') continue;
      char next = first[++i];
      if (a + 1 != argc) {
        char *tmp = NULL;
        switch (next) {
        case 's': tmp = format_s(ctx, helper, argv[++a]); break;
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
      size_t n;
      char *s = js_value_to_utf8_len(ctx, argv[a], &n);
      sbuf_append(&str, s, n);
      free(s);
    } else {
      char *s = js_inspect(ctx, argv[a], opts);
      sbuf_puts(&str, s);
      free(s);
    }
    sep = " ";
  }
  return sbuf_take(&str);
}
