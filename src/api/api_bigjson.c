/* api_bigjson: see api_json_runs in api_internal.h. Why: JSON.parse needs the whole text
 * as one string while it builds the objects, so a 100 MB body took its text (100 MB) plus
 * its objects (~166 MB in JavaScriptCore for an array of small objects) at the peak, 2.7x
 * the body (3.1x for an object of many members or an array two objects down). Parsed a
 * run of members at a time from the bytes, with the bytes of each run given back, the
 * peak is the objects plus one run, whatever the shape: the containers are walked from
 * the outside in, and any member big enough is parsed the same way in turn. json_scan
 * checks the whole body first, so a body that JSON.parse would refuse is left to it (and
 * to its SyntaxError) untouched. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "api/api_internal.h"
#include "common/json_scan.h"

/* One walk over a body: where the bytes have been given back up to, and the run size. */
typedef struct {
  JSContextRef ctx;
  char *data;
  size_t len;
  size_t run;  /* members are parsed in runs of about this many bytes */
  size_t done; /* the pages of data[0, done) are given back */
  JSValueRef *exc;
} runs_t;

/* Gives the whole pages of data[done, upto) back to the system (they read as zeros after);
 * everything before `upto` must be used already. The block itself is freed whole later. */
static void give_back(runs_t *r, size_t upto) {
  uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
  uintptr_t a = ((uintptr_t)(r->data + r->done) + page - 1) & ~(page - 1);
  uintptr_t b = (uintptr_t)(r->data + upto) & ~(page - 1);
  if (b <= a) return;
  if (madvise((void *)a, b - a, MADV_DONTNEED) == 0) r->done = (size_t)(b - (uintptr_t)r->data);
}

/* The engine's parse of open + data[start, end) + close (valid JSON, checked by the
 * caller; open and close may be ""); NULL with *exc when the engine fails. A text past
 * ASCII becomes a UTF-16 string, and so do all the strings parsed from it. Two ways to
 * 8-bit strings were measured on a 100 MB array of items with "déjà" text (222 MB at the
 * peak as it is): ASCII with \u escapes, 250 MB (the parser builds escaped strings with
 * room to spare); an 8-bit text made through a string literal, 236 MB (the objects are
 * smaller, but each run leaves garbage the collector is slower to take back). */
static JSValueRef parse_span(runs_t *r, const char *open, size_t start, size_t end,
                             const char *close) {
  size_t no = strlen(open), nc = strlen(close), n = end - start;
  char *text = xmalloc(no + n + nc + 1);
  memcpy(text, open, no);
  memcpy(text + no, r->data + start, n);
  memcpy(text + no + n, close, nc + 1);
  JSStringRef str = JSStringCreateWithUTF8CString(text); /* 8-bit when it is ASCII */
  free(text);
  JSValueRef v = JSValueMakeFromJSONString(r->ctx, str);
  JSStringRelease(str);
  if (!v)
    *r->exc = js_make_error(r->ctx, "Error", "the engine could not parse the body (out of memory)");
  return v;
}

/* A string or number of 1/API_JSON_LONG of the body or more (and over API_JSON_RUN)
 * sends it to JSON.parse. */
#define API_JSON_LONG 16

static bool is_container(char c) { return c == '[' || c == '{'; }

static JSValueRef value_runs(runs_t *r, size_t start, size_t end);

/* Appends the elements of `part` (a run's array) to *out; the first run is *out itself. */
static bool append_run(runs_t *r, JSObjectRef *out, unsigned *n, JSObjectRef part) {
  if (!*out) {
    *out = part;
    *n = (unsigned)js_array_length(r->ctx, part);
    return true;
  }
  unsigned k = (unsigned)js_array_length(r->ctx, part);
  for (unsigned j = 0; j < k && !*r->exc; j++) {
    JSValueRef element = JSObjectGetPropertyAtIndex(r->ctx, part, j, r->exc);
    if (element) JSObjectSetPropertyAtIndex(r->ctx, *out, (*n)++, element, r->exc);
  }
  return !*r->exc;
}

/* out[name] = value as JSON.parse makes a member (CreateDataProperty): a new member goes
 * last, a later member of a name already there replaces its value in its place, and a
 * name the prototype has (`__proto__`) becomes an own property rather than calling its
 * setter. */
static bool define_member(runs_t *r, JSObjectRef out, JSStringRef name, JSValueRef value) {
  JSContextRef ctx = r->ctx;
  if (!JSObjectHasProperty(ctx, out, name)) {
    JSObjectSetProperty(ctx, out, name, value, kJSPropertyAttributeNone, r->exc);
    return !*r->exc;
  }
  JSObjectRef d = JSObjectMake(ctx, NULL, NULL);
  js_set(ctx, d, "value", value);
  js_set(ctx, d, "writable", JSValueMakeBoolean(ctx, true));
  js_set(ctx, d, "enumerable", JSValueMakeBoolean(ctx, true));
  js_set(ctx, d, "configurable", JSValueMakeBoolean(ctx, true));
  JSValueRef object = js_get(ctx, JSContextGetGlobalObject(ctx), "Object");
  JSValueRef args[3] = {out, JSValueMakeString(ctx, name), d};
  return js_call(ctx, js_get(ctx, object, "defineProperty"), object, 3, args, r->exc) != NULL;
}

/* Puts the members of `part` (a run's object) on *out in their order; the first run is
 * *out itself. */
static bool merge_run(runs_t *r, JSObjectRef *out, JSObjectRef part) {
  if (!*out) {
    *out = part;
    return true;
  }
  JSPropertyNameArrayRef names = JSObjectCopyPropertyNames(r->ctx, part);
  size_t k = JSPropertyNameArrayGetCount(names);
  bool ok = true;
  for (size_t j = 0; j < k && ok; j++) {
    JSStringRef name = JSPropertyNameArrayGetNameAtIndex(names, j);
    JSValueRef value = JSObjectGetProperty(r->ctx, part, name, r->exc);
    ok = value && define_member(r, *out, name, value);
  }
  JSPropertyNameArrayRelease(names);
  return ok;
}

/* An empty array or object, as `object` says. */
static JSObjectRef make_empty(runs_t *r, bool object) {
  return object ? JSObjectMake(r->ctx, NULL, NULL) : JSObjectMakeArray(r->ctx, 0, NULL, r->exc);
}

/* Puts on *out (made if need be) the value of data[vs, end), bigger than a run and
 * walked in turn: an object's member named by the key at data[ks, ke), or an array's
 * next element (ks == ke). */
static bool put_big(runs_t *r, JSObjectRef *out, unsigned *n, size_t ks, size_t ke, size_t vs,
                    size_t end) {
  if (ks == ke) {
    JSValueRef element = value_runs(r, vs, end);
    if (!*out && element) *out = make_empty(r, false);
    if (!element || !*out) return false;
    JSObjectSetPropertyAtIndex(r->ctx, *out, (*n)++, element, r->exc);
    return !*r->exc;
  }
  JSValueRef key = parse_span(r, "", ks, ke, "");
  JSStringRef name = key ? JSValueToStringCopy(r->ctx, key, r->exc) : NULL;
  JSValueRef value = name ? value_runs(r, vs, end) : NULL;
  if (!*out && value) *out = make_empty(r, true);
  bool ok = value && define_member(r, *out, name, value);
  if (name) JSStringRelease(name);
  return ok;
}

/* The array or object at data[i] (a '[' or '{'): runs of whole members, each parsed as an
 * array or object of its own whose elements are appended or whose members are put on the
 * result in order; a member bigger than a run is walked in turn and put in its place. */
static JSValueRef container_runs(runs_t *r, size_t i) {
  const char *data = r->data;
  bool object = data[i] == '{';
  const char *open = object ? "{" : "[", *close = object ? "}" : "]";
  JSObjectRef out = NULL;
  unsigned n = 0; /* an array's elements so far */
  size_t run_start = 0, run_end = 0;
  bool in_run = false;
  for (i = json_scan_ws(data, r->len, i + 1);;) {
    bool last = data[i] == *close;
    /* A member: the key at [i, key_end) (none in an array), the value at [vs, end). */
    size_t key_end = i, vs = i, end = i;
    if (!last && object) {
      key_end = json_scan_value(data, r->len, i); /* checked valid by the caller */
      vs = json_scan_ws(data, r->len, json_scan_ws(data, r->len, key_end) + 1); /* past ':' */
    }
    if (!last) end = json_scan_value(data, r->len, vs);
    bool big = !last && end - vs > r->run && is_container(data[vs]);
    /* The run so far ends at the end, before a big member, or once it is long enough. */
    if (in_run && (last || big || run_end - run_start >= r->run)) {
      JSValueRef part = parse_span(r, open, run_start, run_end, close);
      if (!part) return NULL;
      if (!(object ? merge_run(r, &out, (JSObjectRef)part)
                   : append_run(r, &out, &n, (JSObjectRef)part)))
        return NULL;
      give_back(r, run_end);
      in_run = false;
    }
    if (last) break;
    if (big) {
      if (!put_big(r, &out, &n, i, key_end, vs, end)) return NULL;
    } else {
      if (!in_run) run_start = i;
      in_run = true;
      run_end = end;
    }
    i = json_scan_ws(data, r->len, end);
    if (data[i] == ',') i = json_scan_ws(data, r->len, i + 1);
  }
  return out ? out : make_empty(r, object);
}

/* The value of data[start, end): a container bigger than a run in runs, anything else at
 * once. */
static JSValueRef value_runs(runs_t *r, size_t start, size_t end) {
  if (end - start > r->run && is_container(r->data[start])) return container_runs(r, start);
  JSValueRef v = parse_span(r, "", start, end, "");
  if (v) give_back(r, end);
  return v;
}

/* Whether the walk from the container at data[i] would meet a string (or number) longer
 * than `most`. It parses such a value whole, from a copy of its text that the engine
 * widens to UTF-16 on the way: several times the value, more than one JSON.parse of the
 * whole text from a string made in pieces (a JSON body that is mostly one base64 file). */
static bool long_scalar(const runs_t *r, size_t i, size_t most) {
  const char *data = r->data;
  bool object = data[i] == '{';
  char close = object ? '}' : ']';
  for (i = json_scan_ws(data, r->len, i + 1); data[i] != close;) {
    size_t vs = i;
    if (object)
      vs = json_scan_ws(data, r->len,
                        json_scan_ws(data, r->len, json_scan_value(data, r->len, i)) + 1);
    size_t end = json_scan_value(data, r->len, vs);
    if (!is_container(data[vs]) && end - vs > most) return true;
    if (is_container(data[vs]) && end - vs > r->run && long_scalar(r, vs, most)) return true;
    i = json_scan_ws(data, r->len, end);
    if (data[i] == ',') i = json_scan_ws(data, r->len, i + 1);
  }
  return false;
}

JSValueRef api_json_runs(JSContextRef ctx, char *data, size_t len, size_t run, JSValueRef *exc) {
  *exc = NULL;
  size_t i = json_scan_ws(data, len, 0);
  size_t end = json_scan_value(data, len, i);
  if (end == (size_t)-1 || json_scan_ws(data, len, end) != len) return NULL; /* not valid JSON */
  if (!is_container(data[i])) return NULL;
  runs_t r = {ctx, data, len, run ? run : 1, 0, exc};
  /* A value of a sixteenth of the body or more (and more than a run of the size in use)
   * is left to JSON.parse with the rest. */
  size_t most = len / API_JSON_LONG > API_JSON_RUN ? len / API_JSON_LONG : API_JSON_RUN;
  if (end - i > r.run && long_scalar(&r, i, most)) return NULL;
  return value_runs(&r, i, end);
}
