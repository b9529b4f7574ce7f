/* web_fetch_internal: the body mixin of web_fetch.c that web_request.c builds Request on.
 * Internal to those two files. A message's private data starts with a body_t. */
#ifndef SONDE_JS_WEB_FETCH_INTERNAL_H
#define SONDE_JS_WEB_FETCH_INTERNAL_H

#include <JavaScriptCore/JavaScript.h>
#include <stdbool.h>
#include <stddef.h>

#include "js/jsclass.h"

typedef struct {
  unsigned char *data; /* malloc'd, owned */
  size_t len;
  bool has_body;
  bool used;
} body_t;

extern js_class_def_t js_request_class;
JSObjectRef js_request_init(JSContextRef ctx);

/* Replaces the bytes (taking `data`). */
void js_body_take(body_t *b, unsigned char *data, size_t len, bool has);
JSValueRef js_body_headers_of(JSContextRef ctx, JSValueRef msg);
JSObjectRef js_body_new_headers(JSContextRef ctx, JSValueRef init, const char *body_type,
                                JSValueRef *exc);
JSObjectRef js_body_copy_headers(JSContextRef ctx, JSValueRef from);
JSValueRef js_body_inspect_fields(JSContextRef ctx, JSObjectRef self, const char *name,
                                  const char *const keys[], size_t argc, const JSValueRef argv[]);

#define JS_BODY_CB(name)                                                          \
  JSValueRef name(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc, \
                  const JSValueRef argv[], JSValueRef *exc)
JS_BODY_CB(js_body_text);
JS_BODY_CB(js_body_json);
JS_BODY_CB(js_body_array_buffer);
JS_BODY_CB(js_body_bytes);
JS_BODY_CB(js_body_blob);
JS_BODY_CB(js_body_form_data);
JS_BODY_CB(js_body_used);
JS_BODY_CB(js_body_stream);
JS_BODY_CB(js_body_headers);

#define JS_BODY_METHODS                                                                           \
  {"text", js_body_text, 0}, {"json", js_body_json, 0}, {"arrayBuffer", js_body_array_buffer, 0}, \
      {"bytes", js_body_bytes, 0}, {"blob", js_body_blob, 0}, {                                   \
    "formData", js_body_form_data, 0                                                              \
  }

#endif
