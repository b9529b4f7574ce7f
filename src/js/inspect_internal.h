/* inspect_internal: what the files of util.inspect share (inspect.c: the JS helpers,
 * object description, keys, util.inspect and util.format as JS functions; inspect_text.c:
 * styles, display widths, quoting of strings, primitives; inspect_errors.c: errors, stacks
 * and dates; inspect_format.c: formatValue and everything below it). One port of Node 20's
 * lib/internal/util/inspect.js, split by concern only; memory rules as in inspect.c. */
#ifndef SONDE_JS_INSPECT_INTERNAL_H
#define SONDE_JS_INSPECT_INTERNAL_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/sbuf.h"
#include "common/strvec.h"
#include "js/inspect.h"
#include "js/jsclass.h"
#include "js/jsutil.h"
#include "js/runtime.h"

/* Node's inspectDefaultOptions (the options can change them per call). */
#define BREAK_LENGTH      80
#define COMPACT           3
#define MAX_ARRAY_LENGTH  100
#define MAX_STRING_LENGTH 10000
#define MIN_LINE_LENGTH   16
/* Where Node would run out of JS stack on a self-similar structure with depth Infinity;
 * we stop well before the C stack does. */
#define MAX_NESTING       1000

enum { K_OBJECT, K_ARRAY, K_ARRAY_EXTRAS }; /* Node's kObjectType, kArrayType, ... */

/* Property descriptor flags returned by the prop() helper. */
enum { P_GET = 1, P_SET = 2, P_HIDDEN = 4, P_INHERITED = 8 };

/* ---- inspection state ------------------------------------------------------------------ */

typedef struct {
  JSValueRef js; /* string or symbol key, protected; NULL when `c` is used */
  const char *c; /* a key sonde adds itself (byteLength, cause, ...) */
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
  size_t max_array, max_string; /* the options, defaults applied */
  long break_len;
  int compact; /* 0: compact: false */
  bool sorted, custom;
  JSValueRef custom_sym;  /* util.inspect.custom, looked up once per call */
  JSObjectRef inspect_fn; /* util.inspect, passed to custom inspectors */
  int indent;             /* Node's ctx.indentationLvl */
  int current_depth;      /* Node's ctx.currentDepth: depth of the latest object entered */
  int nesting;
  JSObjectRef *seen; /* the objects being printed, outermost first */
  size_t nseen, capseen;
  JSObjectRef *circ; /* objects found to be circular; index + 1 is the *N reference */
  size_t ncirc, capcirc;
} ictx_t;

/* ---- describing an object (inspect.c) ---- */

typedef struct {
  char *ctor;       /* constructor name; NULL for a null prototype */
  char *tag;        /* Symbol.toStringTag when not an own enumerable property, else "" */
  char *kind;       /* brand: Map, Set, RegExp, Error, String, ..., function types, or "" */
  JSValueRef extra; /* Map/Set size, boxed primitive, RegExp source, function name */
} idesc_t;

/* The hidden global holding util.inspect as a JS function (inspect_format.c). */
extern const char kInspectFnName[];

/* ---- styles (inspect_text.c) ---- */

enum {
  ST_NONE,
  ST_SPECIAL,
  ST_NUMBER,
  ST_BIGINT,
  ST_BOOLEAN,
  ST_UNDEFINED,
  ST_NULL,
  ST_STRING,
  ST_SYMBOL,
  ST_DATE,
  ST_REGEXP,
  ST_MODULE
};

/* ---- inspect.c ---- */

/* The realm's JS helper object (see kHelperSrc), compiled on first use. */
JSObjectRef insp_get_helper(JSContextRef ctx);
/* helper[fn](...argv); NULL without a helper or when it throws. */
JSValueRef insp_hcall(JSContextRef ctx, JSObjectRef helper, const char *fn, size_t argc,
                      const JSValueRef *argv);
JSValueRef insp_at(JSContextRef ctx, JSValueRef arr, unsigned i);
unsigned insp_length_of(JSContextRef ctx, JSValueRef arr);
void insp_describe(ictx_t *c, JSObjectRef o, idesc_t *d);
void insp_describe_free(idesc_t *d);
bool insp_is_kind(const idesc_t *d, const char *k);
void insp_keys_push(ictx_t *c, keys_t *k, JSValueRef js, const char *cname, bool front);
void insp_keys_remove(ictx_t *c, keys_t *k, size_t i);
void insp_keys_free(ictx_t *c, keys_t *k);
long insp_keys_find(ictx_t *c, const keys_t *k, const char *name);
void insp_get_keys(ictx_t *c, JSObjectRef o, bool skip_index, keys_t *out);
JSValueRef insp_key_value(ictx_t *c, const ikey_t *k);
int insp_get_prop(ictx_t *c, JSObjectRef o, JSValueRef key, JSValueRef *value);
/* The options object a custom inspector receives: Node's getUserOptions. */
JSObjectRef insp_user_options(ictx_t *c);

/* ---- inspect_text.c ---- */

void insp_put_styled(bool colors, sbuf_t *b, int st, const char *s);
/* Takes `s` and returns it styled. */
char *insp_styled(bool colors, int st, char *s);
char *insp_styled_lit(bool colors, int st, const char *s);
size_t insp_u16len(const char *s, bool strip_colors);
size_t insp_str_width(const char *s, bool strip_colors);
void insp_put_spaces(sbuf_t *b, long n);
char *insp_escape_plain(JSContextRef ctx, JSValueRef v);
char *insp_quote_value(JSContextRef ctx, JSValueRef v);
char *insp_num_str(JSContextRef ctx, double d);
char *insp_symbol_str(JSContextRef ctx, JSObjectRef helper, JSValueRef sym);
char *insp_fmt_primitive(const ictx_t *c, JSValueRef v, bool colors);
bool insp_starts_with(const char *s, const char *p);
bool insp_ends_with(const char *s, const char *p);
char *insp_join(const strvec_t *v, const char *sep);
char *insp_get_prefix(const char *ctor, const char *tag, const char *fallback, const char *size);
char *insp_ctx_style(const char *ctor, const char *tag);
void insp_chop_space(char *s);

/* ---- inspect_errors.c ---- */

bool insp_all_digits(const char *s, size_t n);
char *insp_fmt_error(ictx_t *c, JSObjectRef err, const char *ctor, const char *tag, keys_t *keys);
char *insp_iso_date(double t);

#endif
