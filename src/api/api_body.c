/* api_body: request bodies. A body's kind decides its default Content-Type (only used
 * when nobody set one) and how it becomes bytes:
 *   string                      as is (UTF-8); text/plain, or application/json when it is
 *                               JSON text (what wdio-api-runner does, so its suites keep
 *                               sending JSON strings as JSON)
 *   URLSearchParams             String(body); application/x-www-form-urlencoded
 *   ArrayBuffer, typed arrays,  the bytes; application/octet-stream
 *   DataView
 *   Blob / File                 the bytes (read by the asynchronous step); its own type
 *   FormData                    multipart/form-data with string and file parts
 *   anything else               JSON.stringify; application/json
 * Web types are recognised by their toStringTag, so the runtime's own classes and
 * look-alikes from packages are treated alike.
 *
 * Memory: serialized bodies are malloc'd for the caller. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "api/api_internal.h"

bool api_looks_like_json(const char *s, size_t len) {
  json_t *j = json_loadb(s, len, JSON_DECODE_ANY, NULL);
  if (!j) return false;
  json_decref(j);
  return true;
}

static bool is_byte_view(JSContextRef ctx, JSValueRef v, const char *tag) {
  return JSValueGetTypedArrayType(ctx, v, NULL) != kJSTypedArrayTypeNone ||
         strcmp(tag, "DataView") == 0 || strcmp(tag, "ArrayBuffer") == 0;
}

api_body_kind_t api_body_kind(api_binding_t *b, JSValueRef body) {
  JSContextRef ctx = js_realm_context(b->realm);
  if (!body || JSValueIsUndefined(ctx, body) || JSValueIsNull(ctx, body)) return API_BODY_NONE;
  if (JSValueIsString(ctx, body)) return API_BODY_TEXT;
  if (!JSValueIsObject(ctx, body)) return API_BODY_JSON;
  char *tag = api_tag_of(b, body);
  api_body_kind_t kind = API_BODY_JSON;
  if (strcmp(tag, "URLSearchParams") == 0) kind = API_BODY_FORM;
  else if (strcmp(tag, "FormData") == 0) kind = API_BODY_MULTIPART;
  else if (strcmp(tag, "Blob") == 0 || strcmp(tag, "File") == 0) kind = API_BODY_BLOB;
  else if (is_byte_view(ctx, body, tag)) kind = API_BODY_BYTES;
  free(tag);
  return kind;
}

bool api_body_needs_async(api_body_kind_t kind) {
  return kind == API_BODY_BLOB || kind == API_BODY_MULTIPART;
}

char *api_body_boundary(api_client_t *c) {
  static const char digits[] = "0123456789abcdef";
  char rnd[25];
  for (size_t i = 0; i < sizeof rnd - 1; i++) rnd[i] = digits[(int)(api_random(c) * 16) & 15];
  rnd[sizeof rnd - 1] = '\0';
  return xasprintf("----sondeFormBoundary%s", rnd);
}

char *api_body_content_type(JSContextRef ctx, api_body_kind_t kind, JSValueRef body,
                            const char *boundary) {
  switch (kind) {
  case API_BODY_NONE: return NULL;
  case API_BODY_TEXT: {
    size_t len;
    char *s = js_value_to_utf8_len(ctx, body, &len);
    bool json = api_looks_like_json(s, len);
    free(s);
    return xstrdup(json ? "application/json" : "text/plain");
  }
  case API_BODY_JSON: return xstrdup("application/json");
  case API_BODY_FORM: return xstrdup("application/x-www-form-urlencoded");
  case API_BODY_BYTES: return xstrdup("application/octet-stream");
  case API_BODY_BLOB: {
    char *type = js_get_string(ctx, body, "type");
    if (type && *type) return type;
    free(type);
    return xstrdup("application/octet-stream");
  }
  case API_BODY_MULTIPART: return xasprintf("multipart/form-data; boundary=%s", boundary);
  }
  return NULL;
}

/* The bytes an ArrayBuffer or a view (typed array, DataView) covers. Views are read
 * through their buffer, byteOffset and byteLength: that is the one reading every
 * JavaScriptCore version agrees on. */
static bool byte_view(JSContextRef ctx, JSValueRef v, const char **data, size_t *len) {
  if (!JSValueIsObject(ctx, v)) return false;
  JSObjectRef obj = (JSObjectRef)v;
  JSValueRef buffer = v;
  size_t offset = 0, length;
  if (JSValueGetTypedArrayType(ctx, v, NULL) == kJSTypedArrayTypeArrayBuffer) {
    length = JSObjectGetArrayBufferByteLength(ctx, obj, NULL);
  } else {
    buffer = js_get(ctx, v, "buffer");
    if (JSValueGetTypedArrayType(ctx, buffer, NULL) != kJSTypedArrayTypeArrayBuffer) return false;
    offset = (size_t)js_get_number(ctx, v, "byteOffset", 0);
    length = (size_t)js_get_number(ctx, v, "byteLength", 0);
  }
  const char *base = JSObjectGetArrayBufferBytesPtr(ctx, (JSObjectRef)buffer, NULL);
  if (!base && length) return false;
  *data = base ? base + offset : "";
  *len = length;
  return true;
}

/* The boundary parameter of a multipart Content-Type (quotes removed), malloc'd or NULL. */
static char *boundary_of(const char *content_type) {
  const char *p = content_type;
  while (p && *p && strncasecmp(p, "boundary=", 9) != 0) p++;
  if (!p || !*p) return NULL;
  p += 9;
  if (*p == '"') {
    const char *end = strchr(p + 1, '"');
    return end ? xstrndup(p + 1, (size_t)(end - p - 1)) : NULL;
  }
  size_t n = strcspn(p, "; \t");
  return n ? xstrndup(p, n) : NULL;
}

/* Field names and file names in a Content-Disposition, escaped as the HTML form encoding
 * does: '"' → %22, CR → %0D, LF → %0A. */
static void put_quoted(sbuf_t *b, const char *s) {
  sbuf_putc(b, '"');
  for (; *s; s++) {
    if (*s == '"') sbuf_puts(b, "%22");
    else if (*s == '\r') sbuf_puts(b, "%0D");
    else if (*s == '\n') sbuf_puts(b, "%0A");
    else sbuf_putc(b, *s);
  }
  sbuf_putc(b, '"');
}

/* parts: [{name, value} | {name, data: ArrayBuffer, filename, type}] from the helper. */
static void multipart(JSContextRef ctx, JSValueRef parts, const char *boundary, sbuf_t *out) {
  size_t n = js_array_length(ctx, parts);
  for (size_t i = 0; i < n; i++) {
    JSValueRef part = js_array_get(ctx, parts, (unsigned)i);
    char *name = js_get_string(ctx, part, "name");
    sbuf_printf(out, "--%s\r\nContent-Disposition: form-data; name=", boundary);
    put_quoted(out, name ? name : "");
    free(name);
    JSValueRef data = js_get(ctx, part, "data");
    const char *bytes;
    size_t len;
    if (byte_view(ctx, data, &bytes, &len)) {
      char *filename = js_get_string(ctx, part, "filename");
      char *type = js_get_string(ctx, part, "type");
      sbuf_puts(out, "; filename=");
      put_quoted(out, filename ? filename : "blob");
      sbuf_printf(out, "\r\nContent-Type: %s\r\n\r\n",
                  type && *type ? type : "application/octet-stream");
      sbuf_append(out, bytes, len);
      free(filename);
      free(type);
    } else {
      size_t vlen;
      char *value = js_value_to_utf8_len(ctx, js_get(ctx, part, "value"), &vlen);
      sbuf_puts(out, "\r\n\r\n");
      sbuf_append(out, value, vlen);
      free(value);
    }
    sbuf_puts(out, "\r\n");
  }
  sbuf_printf(out, "--%s--\r\n", boundary);
}

int api_body_serialize(JSContextRef ctx, api_body_kind_t kind, JSValueRef body,
                       JSValueRef materialized, const char *content_type, char **out, size_t *len,
                       JSValueRef *exc) {
  *out = NULL;
  *len = 0;
  const char *bytes;
  size_t n;
  switch (kind) {
  case API_BODY_NONE: return 0;
  case API_BODY_TEXT:
  case API_BODY_FORM: *out = js_value_to_utf8_len(ctx, body, len); return 0;
  case API_BODY_JSON: {
    JSStringRef s = JSValueCreateJSONString(ctx, body, 0, exc);
    if (!s) return *exc ? -1 : 0; /* undefined (a function, a symbol): no body */
    size_t max = JSStringGetMaximumUTF8CStringSize(s);
    *out = xmalloc(max);
    size_t got = JSStringGetUTF8CString(s, *out, max);
    *len = got ? got - 1 : 0;
    JSStringRelease(s);
    return 0;
  }
  case API_BODY_BYTES:
    if (!byte_view(ctx, body, &bytes, &n)) return 0;
    break;
  case API_BODY_BLOB:
    if (!byte_view(ctx, js_get(ctx, materialized, "data"), &bytes, &n)) return 0;
    break;
  case API_BODY_MULTIPART: {
    char *boundary = boundary_of(content_type);
    sbuf_t b = SBUF_INIT;
    multipart(ctx, js_get(ctx, materialized, "parts"), boundary ? boundary : "", &b);
    free(boundary);
    *len = b.len;
    *out = sbuf_take(&b);
    return 0;
  }
  default: return 0;
  }
  *out = xmalloc(n + 1);
  memcpy(*out, bytes, n);
  (*out)[n] = '\0';
  *len = n;
  return 0;
}
