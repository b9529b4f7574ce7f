/* api_bigjson: see api_json_runs in api_internal.h. Why: JSON.parse needs the whole text
 * as one string while it builds the objects, so a 100 MB array body took its text (100 MB)
 * plus its objects (~166 MB in JavaScriptCore) at the peak, 2.7x the body; parsed a run of
 * elements at a time from the bytes, with the bytes of each run given back, the peak is
 * the objects plus one run. json_scan checks the whole body first, so a body that
 * JSON.parse would refuse is left to it (and to its SyntaxError) untouched. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "api/api_internal.h"
#include "common/json_scan.h"

/* Elements are parsed in runs of about this many bytes (one element may be bigger). */
#define API_JSON_RUN  (1024 * 1024)
/* Stands for the big array in its object while the rest of the object is parsed. */
#define API_JSON_HOLE "\"\\u0000sonde:runs\""

/* Gives the whole pages of data[*done, upto) back to the system (they read as zeros
 * after); the block itself is freed whole later. */
static void give_back(char *data, size_t *done, size_t upto) {
  uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
  uintptr_t a = ((uintptr_t)(data + *done) + page - 1) & ~(page - 1);
  uintptr_t b = (uintptr_t)(data + upto) & ~(page - 1);
  if (b <= a) return;
  if (madvise((void *)a, b - a, MADV_DONTNEED) == 0) *done = (size_t)(b - (uintptr_t)data);
}

/* The engine's parse of the pieces' bytes put together (valid JSON, checked by the
 * caller); NULL with *exc when the engine fails. */
static JSValueRef parse_pieces(JSContextRef ctx, const char *const *parts, const size_t *lens,
                               size_t n, JSValueRef *exc) {
  size_t total = 1;
  for (size_t k = 0; k < n; k++) total += lens[k];
  char *text = xmalloc(total), *p = text;
  for (size_t k = 0; k < n; k++) {
    memcpy(p, parts[k], lens[k]);
    p += lens[k];
  }
  *p = '\0';
  JSStringRef str = JSStringCreateWithUTF8CString(text); /* 8-bit when it is ASCII */
  free(text);
  JSValueRef v = JSValueMakeFromJSONString(ctx, str);
  JSStringRelease(str);
  if (!v) *exc = js_make_error(ctx, "Error", "the engine could not parse the body (out of memory)");
  return v;
}

/* The array at data[i] (a '['), parsed in runs of whole elements, each run's pages given
 * back once parsed (everything before data[i] must be used already). */
static JSObjectRef array_runs(JSContextRef ctx, char *data, size_t len, size_t i, size_t *done,
                              JSValueRef *exc) {
  JSObjectRef out = JSObjectMakeArray(ctx, 0, NULL, exc);
  if (!out) return NULL;
  i = json_scan_ws(data, len, i + 1);
  unsigned n = 0;
  while (data[i] != ']') {
    /* Whole elements from `start` to `end`; i goes past their commas. */
    size_t start = i, end;
    do {
      end = json_scan_value(data, len, i); /* checked valid by the caller */
      i = json_scan_ws(data, len, end);
      if (data[i] == ',') i = json_scan_ws(data, len, i + 1);
    } while (data[i] != ']' && i - start < API_JSON_RUN);
    const char *parts[3] = {"[", data + start, "]"};
    size_t lens[3] = {1, end - start, 1};
    JSValueRef part = parse_pieces(ctx, parts, lens, 3, exc);
    if (!part) return NULL;
    unsigned k = (unsigned)js_array_length(ctx, part);
    for (unsigned j = 0; j < k && !*exc; j++) {
      JSValueRef element = JSObjectGetPropertyAtIndex(ctx, (JSObjectRef)part, j, NULL);
      JSObjectSetPropertyAtIndex(ctx, out, n++, element, exc);
    }
    if (*exc) return NULL;
    give_back(data, done, i);
  }
  return out;
}

/* An object holding one big array (`{"items": [...], "total": 3}`, the usual wrapper): the
 * rest of the object is parsed with a placeholder in the array's place, then the array in
 * runs takes it. NULL with *exc NULL when no member's array is at least half the body. */
static JSValueRef object_runs(JSContextRef ctx, char *data, size_t len, size_t i, JSValueRef *exc) {
  size_t ks = 0, ke = 0, vs = 0, ve = 0;
  for (size_t p = json_scan_ws(data, len, i + 1); data[p] != '}';) {
    size_t k = json_scan_value(data, len, p);                           /* the key */
    size_t v = json_scan_ws(data, len, json_scan_ws(data, len, k) + 1); /* past ':' */
    size_t e = json_scan_value(data, len, v);
    if (data[v] == '[' && e - v > ve - vs) { ks = p, ke = k, vs = v, ve = e; }
    p = json_scan_ws(data, len, e);
    if (data[p] == ',') p = json_scan_ws(data, len, p + 1);
  }
  if (ve - vs < len / 2) return NULL;
  const char *parts[3] = {data, API_JSON_HOLE, data + ve};
  size_t lens[3] = {vs, strlen(API_JSON_HOLE), len - ve};
  JSValueRef obj = parse_pieces(ctx, parts, lens, 3, exc);
  const char *kp[1] = {data + ks};
  size_t kl[1] = {ke - ks};
  JSValueRef key = obj ? parse_pieces(ctx, kp, kl, 1, exc) : NULL;
  size_t done = 0;
  JSObjectRef array = key ? array_runs(ctx, data, len, vs, &done, exc) : NULL;
  if (!array) return NULL;
  /* A later member of the same name won in JSON.parse: it stays. */
  const char *hp[1] = {API_JSON_HOLE};
  size_t hl[1] = {strlen(API_JSON_HOLE)};
  JSValueRef hole = parse_pieces(ctx, hp, hl, 1, exc);
  JSValueRef now = hole ? JSObjectGetPropertyForKey(ctx, (JSObjectRef)obj, key, exc) : NULL;
  if (!now) return NULL;
  if (JSValueIsStrictEqual(ctx, now, hole))
    JSObjectSetPropertyForKey(ctx, (JSObjectRef)obj, key, array, kJSPropertyAttributeNone, exc);
  return *exc ? NULL : obj;
}

JSValueRef api_json_runs(JSContextRef ctx, char *data, size_t len, JSValueRef *exc) {
  *exc = NULL;
  size_t i = json_scan_ws(data, len, 0);
  size_t end = json_scan_value(data, len, i);
  if (end == (size_t)-1 || json_scan_ws(data, len, end) != len) return NULL; /* not valid JSON */
  size_t done = 0;
  if (data[i] == '[') return array_runs(ctx, data, len, i, &done, exc);
  if (data[i] == '{') return object_runs(ctx, data, len, i, exc);
  return NULL;
}
