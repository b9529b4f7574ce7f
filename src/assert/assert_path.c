/* assert_path: see assert_path.h. Parsing and formatting are plain C in
 * assert_path_parse.c (unit-tested and fuzzed without an engine); resolution, here, reads
 * properties through the JavaScriptCore C API.
 *
 * Memory: segment keys are malloc'd and freed by assert_path_free. */
#include "assert/assert_path.h"

#include <stdlib.h>
#include <string.h>

#include "js/jsutil.h"

/* ---- resolution ---- */

static JSValueRef path_get_index(JSContextRef ctx, JSObjectRef obj, size_t n) {
  JSValueRef v = JSObjectGetPropertyAtIndex(ctx, obj, (unsigned)n, NULL);
  return v ? v : JSValueMakeUndefined(ctx);
}

static bool path_has(JSContextRef ctx, JSObjectRef obj, const char *key) {
  JSStringRef k = JSStringCreateWithUTF8CString(key);
  bool has = JSObjectHasProperty(ctx, obj, k);
  JSStringRelease(k);
  return has;
}

static const char *path_kind(JSContextRef ctx, JSValueRef v) {
  switch (JSValueGetType(ctx, v)) {
  case kJSTypeString: return "a string";
  case kJSTypeNumber: return "a number";
  case kJSTypeBoolean: return "a boolean";
  case kJSTypeSymbol: return "a symbol";
  default: return "a bigint";
  }
}

void assert_path_resolve(JSContextRef ctx, JSValueRef root, const assert_path_t *p,
                         assert_path_result_t *out) {
  memset(out, 0, sizeof(*out));
  JSValueRef cur = root ? root : JSValueMakeUndefined(ctx);
  for (size_t i = 0; i < p->len; i++) {
    const assert_path_seg_t *s = &p->segs[i];
    out->depth = i;
    out->value = cur;
    if (JSValueIsUndefined(ctx, cur)) {
      out->status = ASSERT_PATH_UNDEFINED;
      return;
    }
    if (JSValueIsNull(ctx, cur)) {
      out->status = ASSERT_PATH_NULL;
      return;
    }
    JSValueRef next;
    if (JSValueIsObject(ctx, cur)) {
      JSObjectRef obj = (JSObjectRef)cur;
      if (JSValueIsArray(ctx, cur) && s->numeric) {
        size_t len = js_array_length(ctx, cur);
        if (s->n >= len) {
          out->status = ASSERT_PATH_RANGE;
          out->length = len;
          return;
        }
        next = path_get_index(ctx, obj, s->n);
      } else {
        if (!path_has(ctx, obj, s->key)) {
          out->status = ASSERT_PATH_MISSING;
          return;
        }
        next = js_get(ctx, obj, s->key);
      }
    } else {
      /* A primitive: its own properties ("abc".length, "abc"[1]) and its prototype's. */
      JSObjectRef boxed = JSValueToObject(ctx, cur, NULL);
      next = boxed ? js_get(ctx, boxed, s->key) : JSValueMakeUndefined(ctx);
      if (JSValueIsUndefined(ctx, next)) {
        out->status = ASSERT_PATH_PRIMITIVE;
        out->kind = path_kind(ctx, cur);
        return;
      }
    }
    cur = next;
  }
  out->status = ASSERT_PATH_FOUND;
  out->depth = p->len;
  out->value = cur;
}

void assert_path_reason(const assert_path_t *p, const assert_path_result_t *r, const char *root,
                        sbuf_t *out) {
  sbuf_t where = SBUF_INIT;
  assert_path_format(p, r->depth, root, &where);
  const char *w = where.len ? sbuf_cstr(&where) : "the value";
  const assert_path_seg_t *s = r->depth < p->len ? &p->segs[r->depth] : NULL;
  switch (r->status) {
  case ASSERT_PATH_FOUND: sbuf_printf(out, "%s exists", w); break;
  case ASSERT_PATH_MISSING:
    sbuf_printf(out, "%s has no property \"%s\"", w, s ? s->key : "");
    break;
  case ASSERT_PATH_RANGE:
    sbuf_printf(out, "%s has %zu element%s, so index %zu is out of range", w, r->length,
                r->length == 1 ? "" : "s", s ? s->n : 0);
    break;
  case ASSERT_PATH_NULL: sbuf_printf(out, "%s is null", w); break;
  case ASSERT_PATH_UNDEFINED: sbuf_printf(out, "%s is undefined", w); break;
  case ASSERT_PATH_PRIMITIVE:
    sbuf_printf(out, "%s is %s, not an object", w, r->kind ? r->kind : "a primitive");
    break;
  }
  sbuf_free(&where);
}
