/* api_bigjson: see api_json_array_runs in api_internal.h. Why: JSON.parse needs the whole
 * text as one string while it builds the objects, so a 100 MB array body took its text
 * (100 MB) plus its objects (~166 MB in JavaScriptCore) at the peak, 2.7x the body; parsed
 * a run of elements at a time from the bytes, with the bytes of each run given back, the
 * peak is the objects plus one run. json_scan checks the whole body first, so a body that
 * JSON.parse would refuse is left to it (and to its SyntaxError) untouched. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "api/api_internal.h"
#include "common/json_scan.h"

/* Elements are parsed in runs of about this many bytes (one element may be bigger). */
#define API_JSON_RUN (1024 * 1024)

/* Gives the whole pages of data[*done, upto) back to the system (they read as zeros
 * after); the block itself is freed whole later. */
static void give_back(char *data, size_t *done, size_t upto) {
  uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
  uintptr_t a = ((uintptr_t)(data + *done) + page - 1) & ~(page - 1);
  uintptr_t b = (uintptr_t)(data + upto) & ~(page - 1);
  if (b <= a) return;
  if (madvise((void *)a, b - a, MADV_DONTNEED) == 0) *done = (size_t)(b - (uintptr_t)data);
}

JSValueRef api_json_array_runs(JSContextRef ctx, char *data, size_t len, JSValueRef *exc) {
  *exc = NULL;
  if (!json_scan_is_array(data, len)) return NULL;
  JSObjectRef out = JSObjectMakeArray(ctx, 0, NULL, exc);
  if (!out) return NULL;
  size_t i = json_scan_ws(data, len, json_scan_ws(data, len, 0) + 1); /* past '[' */
  size_t done = 0;
  unsigned n = 0;
  while (data[i] != ']') {
    /* Whole elements from `start` to `end`; i goes past their commas. */
    size_t start = i, end;
    do {
      end = json_scan_value(data, len, i); /* checked valid above */
      i = json_scan_ws(data, len, end);
      if (data[i] == ',') i = json_scan_ws(data, len, i + 1);
    } while (data[i] != ']' && i - start < API_JSON_RUN);
    size_t run = end - start;
    char *text = xmalloc(run + 3);
    text[0] = '[';
    memcpy(text + 1, data + start, run);
    memcpy(text + 1 + run, "]", 2);
    JSStringRef str = JSStringCreateWithUTF8CString(text); /* 8-bit when it is ASCII */
    free(text);
    JSValueRef part = JSValueMakeFromJSONString(ctx, str);
    JSStringRelease(str);
    if (!part || !JSValueIsObject(ctx, part)) {
      *exc = js_make_error(ctx, "Error", "the engine could not parse the body (out of memory?)");
      return NULL;
    }
    unsigned k = (unsigned)js_array_length(ctx, part);
    for (unsigned j = 0; j < k && !*exc; j++)
      JSObjectSetPropertyAtIndex(ctx, out, n++, JSObjectGetPropertyAtIndex(ctx, (JSObjectRef)part, j, NULL), exc);
    if (*exc) return NULL;
    give_back(data, &done, i);
  }
  return out;
}
