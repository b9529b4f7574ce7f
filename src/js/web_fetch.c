/* web_fetch: Request and Response (the network side of fetch is src/api/fetch.c) and the
 * body mixin they share: text/json/arrayBuffer/bytes/blob/formData (one read each),
 * bodyUsed, clone, and `body`, a minimal stream (getReader().read(), for await) over the
 * bytes, as sonde has no ReadableStream. Bodies are extracted once into bytes from
 * strings, buffers, Blobs, URLSearchParams and FormData, with the Content-Type each
 * implies. Messages and checks follow undici (Node 20's fetch).
 *
 * Memory: a message's private data owns its body bytes and strings (finalizer frees
 * them); its Headers, signal and body stream are hidden properties (engine-owned). */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/sbuf.h"
#include "js/inspect.h"
#include "js/jsbytes.h"
#include "js/jsclass.h"
#include "js/jsutil.h"
#include "js/web.h"
#include "js/web_fetch_internal.h"
#include "js/web_url_parse.h"

typedef struct {
  body_t body; /* first: the mixin reads either class through it */
  long status;
  char *status_text;
  char *url;
  const char *type; /* "default", "basic", "error" */
  bool redirected;
} response_t;

static js_class_def_t response_class;

static void response_finalize(JSObjectRef o) {
  response_t *r = JSObjectGetPrivate(o);
  if (!r) return;
  free(r->body.data);
  free(r->status_text);
  free(r->url);
  free(r);
}

static body_t *body_of(JSContextRef ctx, JSValueRef v) {
  body_t *b = js_class_private(ctx, &response_class, v);
  return b ? b : js_class_private(ctx, &js_request_class, v);
}

/* ---- extracting a body ---- */

bool js_body_extract(JSContextRef ctx, JSValueRef init, unsigned char **bytes, size_t *len,
                     char **content_type, JSValueRef *exception) {
  *bytes = NULL;
  *len = 0;
  *content_type = NULL;
  if (!init || JSValueIsUndefined(ctx, init) || JSValueIsNull(ctx, init)) return true;
  const unsigned char *bd;
  const char *btype;
  unsigned char *p;
  size_t n;
  if (js_blob_bytes(ctx, init, &bd, &n, &btype)) {
    *bytes = xmalloc(n ? n : 1);
    memcpy(*bytes, bd, n);
    *len = n;
    if (*btype) *content_type = xstrdup(btype);
    return true;
  }
  if (js_bytes_view(ctx, init, &p, &n)) {
    *bytes = xmalloc(n ? n : 1);
    memcpy(*bytes, p, n);
    *len = n;
    return true;
  }
  if (js_formdata_is(ctx, init)) return js_formdata_encode(ctx, init, bytes, len, content_type);
  JSValueRef usp = js_get(ctx, JSContextGetGlobalObject(ctx), "URLSearchParams");
  if (JSValueIsObject(ctx, init) && JSValueIsObject(ctx, usp) &&
      JSValueIsInstanceOfConstructor(ctx, init, (JSObjectRef)usp, NULL)) {
    *bytes = (unsigned char *)js_to_utf8(ctx, init, len, exception);
    *content_type = xstrdup("application/x-www-form-urlencoded;charset=UTF-8");
    return *bytes != NULL;
  }
  *bytes = (unsigned char *)js_to_utf8(ctx, init, len, exception);
  if (!*bytes) return false;
  *content_type = xstrdup("text/plain;charset=UTF-8");
  return true;
}

void js_body_take(body_t *b, unsigned char *data, size_t len, bool has) {
  free(b->data);
  b->data = data;
  b->len = len;
  b->has_body = has;
}

/* ---- the body mixin ---- */

static JSValueRef settle(JSContextRef ctx, JSValueRef v, bool ok, JSValueRef *exc) {
  return js_settled_promise(ctx, ok, v, exc);
}

JSValueRef js_body_headers_of(JSContextRef ctx, JSValueRef msg) {
  return js_get(ctx, msg, "__sonde_headers");
}

enum { READ_TEXT, READ_JSON, READ_BUFFER, READ_BYTES, READ_BLOB, READ_FORM };

static JSValueRef read_body(JSContextRef ctx, JSObjectRef self, int how, JSValueRef *exc) {
  body_t *b = body_of(ctx, self);
  if (!b) return js_throw(ctx, exc, "TypeError", "Illegal invocation");
  if (b->used)
    return settle(ctx,
                  js_make_error(ctx, "TypeError", "Body is unusable: Body has already been read"),
                  false, exc);
  b->used = true;
  const unsigned char *d = b->data ? b->data : (const unsigned char *)"";
  size_t n = b->len;
  JSValueRef v = NULL, err = NULL;
  switch (how) {
  case READ_TEXT:
  case READ_JSON: {
    if (n >= 3 && d[0] == 0xEF && d[1] == 0xBB && d[2] == 0xBF) d += 3, n -= 3;
    v = js_string_from_utf8(ctx, (const char *)d, n, false);
    if (how == READ_JSON) v = js_call_global(ctx, "JSON.parse", 1, &v, &err);
    break;
  }
  case READ_BUFFER: v = js_make_arraybuffer(ctx, d, n); break;
  case READ_BYTES: v = js_make_uint8array(ctx, d, n); break;
  case READ_BLOB: {
    char *type = js_headers_get(ctx, js_body_headers_of(ctx, self), "content-type");
    v = js_blob_new(ctx, d, n, type ? type : "");
    free(type);
    break;
  }
  default: {
    char *type = js_headers_get(ctx, js_body_headers_of(ctx, self), "content-type");
    v = js_formdata_parse(ctx, d, n, type);
    free(type);
    if (!v)
      err = js_make_error(ctx, "TypeError",
                          "Response.formData: Could not parse content as FormData.");
  }
  }
  return err ? settle(ctx, err, false, exc) : settle(ctx, v, true, exc);
}

#define BODY_FN(fname, how)                                                        \
  JSValueRef fname(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc, \
                   const JSValueRef argv[], JSValueRef *exc) {                     \
    return read_body(ctx, self, how, exc);                                         \
  }
BODY_FN(js_body_text, READ_TEXT)
BODY_FN(js_body_json, READ_JSON)
BODY_FN(js_body_array_buffer, READ_BUFFER)
BODY_FN(js_body_bytes, READ_BYTES)
BODY_FN(js_body_blob, READ_BLOB)
BODY_FN(js_body_form_data, READ_FORM)

JSValueRef js_body_used(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                        const JSValueRef argv[], JSValueRef *exc) {
  body_t *b = body_of(ctx, self);
  return b ? JSValueMakeBoolean(ctx, b->used)
           : js_throw(ctx, exc, "TypeError", "Illegal invocation");
}

/* The reader of `body`: one chunk with everything, then done. */
static JSValueRef reader_read(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  JSValueRef owner = js_get(ctx, self, "__sonde_owner");
  body_t *b = body_of(ctx, owner);
  JSObjectRef r = JSObjectMake(ctx, NULL, NULL);
  bool done = !b || b->used;
  js_set(ctx, r, "value",
         done ? JSValueMakeUndefined(ctx) : (JSValueRef)js_make_uint8array(ctx, b->data, b->len));
  js_set(ctx, r, "done", JSValueMakeBoolean(ctx, done));
  if (b) b->used = true;
  return settle(ctx, r, true, exc);
}

static JSValueRef reader_release(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                 const JSValueRef argv[], JSValueRef *exc) {
  JSValueRef owner = js_get(ctx, self, "__sonde_owner");
  body_t *b = body_of(ctx, owner);
  if (b && js_get_number(ctx, f, "__sonde_cancel", 0) > 0) b->used = true;
  return settle(ctx, JSValueMakeUndefined(ctx), true, exc);
}

static JSValueRef reader_self(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  return self;
}

static JSObjectRef make_reader(JSContextRef ctx, JSValueRef owner) {
  JSObjectRef r = JSObjectMake(ctx, NULL, NULL);
  js_set_hidden(ctx, r, "__sonde_owner", owner);
  js_set_function(ctx, r, "read", reader_read);
  js_set_function(ctx, r, "next", reader_read);
  js_set_function(ctx, r, "releaseLock", reader_release);
  js_set_function(ctx, r, "cancel", reader_release);
  js_set_function(ctx, r, "return", reader_release);
  js_set_keyed(ctx, r, js_symbol(ctx, "asyncIterator"),
               js_make_function(ctx, "[Symbol.asyncIterator]", reader_self, 0));
  js_set_tag(ctx, r, "ReadableStreamDefaultReader");
  return r;
}

static JSValueRef stream_get_reader(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                    const JSValueRef argv[], JSValueRef *exc) {
  js_set(ctx, self, "locked", JSValueMakeBoolean(ctx, true));
  return make_reader(ctx, js_get(ctx, self, "__sonde_owner"));
}

static JSValueRef stream_iterator(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                  const JSValueRef argv[], JSValueRef *exc) {
  return make_reader(ctx, js_get(ctx, self, "__sonde_owner"));
}

JSValueRef js_body_stream(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                          const JSValueRef argv[], JSValueRef *exc) {
  body_t *b = body_of(ctx, self);
  if (!b) return js_throw(ctx, exc, "TypeError", "Illegal invocation");
  if (!b->has_body) return JSValueMakeNull(ctx);
  JSValueRef cached = js_get(ctx, self, "__sonde_stream");
  if (JSValueIsObject(ctx, cached)) return cached;
  JSObjectRef s = JSObjectMake(ctx, NULL, NULL);
  js_set_hidden(ctx, s, "__sonde_owner", self);
  js_set(ctx, s, "locked", JSValueMakeBoolean(ctx, false));
  js_set_function(ctx, s, "getReader", stream_get_reader);
  js_set_keyed(ctx, s, js_symbol(ctx, "asyncIterator"),
               js_make_function(ctx, "[Symbol.asyncIterator]", stream_iterator, 0));
  js_set_tag(ctx, s, "ReadableStream");
  js_set_hidden(ctx, self, "__sonde_stream", s);
  return s;
}

JSValueRef js_body_headers(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                           const JSValueRef argv[], JSValueRef *exc) {
  return js_body_headers_of(ctx, self);
}

/* Headers of a new message: a copy of `init`, plus the body's Content-Type when missing. */
JSObjectRef js_body_new_headers(JSContextRef ctx, JSValueRef init, const char *body_type,
                                JSValueRef *exc) {
  JSObjectRef h = js_headers_new(ctx);
  if (init && !js_headers_fill(ctx, h, init, exc)) return NULL;
  char *have = js_headers_get(ctx, h, "content-type");
  if (!have && body_type) js_headers_append(ctx, h, "content-type", body_type, NULL);
  free(have);
  return h;
}

/* ---- Response ---- */

static bool null_body_status(long s) {
  return s == 101 || s == 103 || s == 204 || s == 205 || s == 304;
}

static JSObjectRef make_response(JSContextRef ctx, response_t *r, JSObjectRef headers,
                                 JSObjectRef nt) {
  js_class_init(ctx, &response_class);
  JSObjectRef o = js_class_make(ctx, &response_class, r, nt);
  js_set_hidden(ctx, o, "__sonde_headers", headers);
  return o;
}

static JSValueRef response_construct(JSContextRef ctx, JSObjectRef nt, size_t argc,
                                     const JSValueRef argv[], JSValueRef *exc) {
  if (!nt)
    return js_throw(ctx, exc, "TypeError",
                    "Class constructor Response cannot be invoked without 'new'");
  JSValueRef body = argc > 0 ? argv[0] : NULL;
  JSValueRef init = argc > 1 && JSValueIsObject(ctx, argv[1]) ? argv[1] : NULL;
  long status = init ? (long)js_get_number(ctx, init, "status", 200) : 200;
  if (status < 200 || status > 599)
    return js_throw(ctx, exc, "RangeError",
                    "init[\"status\"] must be in the range of 200 to 599, inclusive.");
  bool has = body && !JSValueIsUndefined(ctx, body) && !JSValueIsNull(ctx, body);
  if (has && null_body_status(status))
    return js_throw(ctx, exc, "TypeError", "Response constructor: Invalid response status code %ld",
                    status);
  unsigned char *bytes;
  size_t len;
  char *type;
  if (!js_body_extract(ctx, body, &bytes, &len, &type, exc)) return NULL;
  JSObjectRef headers =
      js_body_new_headers(ctx, init ? js_get(ctx, init, "headers") : NULL, type, exc);
  free(type);
  if (!headers) {
    free(bytes);
    return NULL;
  }
  response_t *r = xcalloc(1, sizeof(*r));
  js_body_take(&r->body, bytes, len, has);
  r->status = status;
  r->status_text = init ? js_get_string(ctx, init, "statusText") : NULL;
  if (!r->status_text) r->status_text = xstrdup("");
  r->url = xstrdup("");
  r->type = "default";
  return make_response(ctx, r, headers, nt);
}

#define R_THIS(r)                                                 \
  response_t *r = js_class_this(ctx, &response_class, self, exc); \
  if (!r) return NULL

static JSValueRef res_status(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                             const JSValueRef argv[], JSValueRef *exc) {
  R_THIS(r);
  return JSValueMakeNumber(ctx, (double)r->status);
}

static JSValueRef res_ok(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                         const JSValueRef argv[], JSValueRef *exc) {
  R_THIS(r);
  return JSValueMakeBoolean(ctx, r->status >= 200 && r->status <= 299);
}

static JSValueRef res_status_text(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                  const JSValueRef argv[], JSValueRef *exc) {
  R_THIS(r);
  return js_make_string(ctx, r->status_text);
}

static JSValueRef res_url(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                          const JSValueRef argv[], JSValueRef *exc) {
  R_THIS(r);
  return js_string_from_utf8(ctx, r->url, strlen(r->url), false);
}

static JSValueRef res_type(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                           const JSValueRef argv[], JSValueRef *exc) {
  R_THIS(r);
  return js_make_string(ctx, r->type);
}

static JSValueRef res_redirected(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                 const JSValueRef argv[], JSValueRef *exc) {
  R_THIS(r);
  return JSValueMakeBoolean(ctx, r->redirected);
}

JSObjectRef js_body_copy_headers(JSContextRef ctx, JSValueRef from) {
  JSObjectRef h = js_headers_new(ctx);
  js_headers_fill(ctx, h, from, NULL);
  return h;
}

static JSValueRef res_clone(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                            const JSValueRef argv[], JSValueRef *exc) {
  R_THIS(r);
  if (r->body.used)
    return js_throw(ctx, exc, "TypeError", "Response.clone: Body has already been consumed.");
  response_t *c = xcalloc(1, sizeof(*c));
  *c = *r;
  c->body.data = xmalloc(r->body.len ? r->body.len : 1);
  if (r->body.len) memcpy(c->body.data, r->body.data, r->body.len);
  c->status_text = xstrdup(r->status_text);
  c->url = xstrdup(r->url);
  JSObjectRef h = js_body_copy_headers(ctx, js_body_headers_of(ctx, self));
  return make_response(ctx, c, h, NULL);
}

static JSValueRef res_static_json(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                  const JSValueRef argv[], JSValueRef *exc) {
  JSValueRef data = argc ? argv[0] : JSValueMakeUndefined(ctx);
  JSValueRef text = js_call_global(ctx, "JSON.stringify", 1, &data, exc);
  if (!text) return NULL;
  if (JSValueIsUndefined(ctx, text))
    return js_throw(ctx, exc, "TypeError", "Value is not JSON serializable");
  JSObjectRef init = JSObjectMake(ctx, NULL, NULL);
  if (argc > 1 && JSValueIsObject(ctx, argv[1])) {
    js_set(ctx, init, "status", js_get(ctx, argv[1], "status"));
    js_set(ctx, init, "statusText", js_get(ctx, argv[1], "statusText"));
    js_set(ctx, init, "headers", js_get(ctx, argv[1], "headers"));
  }
  JSValueRef args[2] = {text, init};
  JSObjectRef ctor = js_class_init(ctx, &response_class);
  JSObjectRef res = JSObjectCallAsConstructor(ctx, ctor, 2, args, exc);
  if (!res) return NULL;
  JSValueRef h = js_body_headers_of(ctx, res);
  char *ct = js_headers_get(ctx, h, "content-type");
  if (!ct || strcmp(ct, "text/plain;charset=UTF-8") == 0) {
    JSValueRef set = js_get(ctx, h, "set");
    JSValueRef sa[2] = {js_make_string(ctx, "content-type"),
                        js_make_string(ctx, "application/json")};
    js_call(ctx, set, h, 2, sa, NULL);
  }
  free(ct);
  return res;
}

static JSValueRef res_static_error(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                   const JSValueRef argv[], JSValueRef *exc) {
  response_t *r = xcalloc(1, sizeof(*r));
  r->status_text = xstrdup("");
  r->url = xstrdup("");
  r->type = "error";
  JSObjectRef h = js_headers_new(ctx);
  js_headers_set_guard(ctx, h, true);
  return make_response(ctx, r, h, NULL);
}

static JSValueRef res_static_redirect(JSContextRef ctx, JSObjectRef f, JSObjectRef self,
                                      size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  char *input = js_to_utf8(ctx, argc ? argv[0] : JSValueMakeUndefined(ctx), NULL, exc);
  if (!input) return NULL;
  char *href = js_url_resolve(input, NULL);
  if (!href) {
    js_throw(ctx, exc, "TypeError", "Failed to parse URL from %s", input);
    free(input);
    return NULL;
  }
  free(input);
  long status = argc > 1 ? (long)JSValueToNumber(ctx, argv[1], NULL) : 302;
  if (status != 301 && status != 302 && status != 303 && status != 307 && status != 308) {
    free(href);
    return js_throw(ctx, exc, "RangeError", "Invalid status code %ld", status);
  }
  response_t *r = xcalloc(1, sizeof(*r));
  r->status = status;
  r->status_text = xstrdup("");
  r->url = xstrdup("");
  r->type = "default";
  JSObjectRef h = js_headers_new(ctx);
  js_headers_append(ctx, h, "location", href, NULL);
  js_headers_set_guard(ctx, h, true);
  free(href);
  return make_response(ctx, r, h, NULL);
}

/* An inspect method printing `Name { key: value, ... }` for the listed getters. */
JSValueRef js_body_inspect_fields(JSContextRef ctx, JSObjectRef self, const char *name,
                                  const char *const keys[], size_t argc, const JSValueRef argv[]) {
  JSObjectRef o = JSObjectMake(ctx, NULL, NULL);
  for (size_t i = 0; keys[i]; i++) js_set(ctx, o, keys[i], js_get(ctx, self, keys[i]));
  js_inspect_opts_t opts = {.depth = 2};
  js_inspect_opts_from_js(ctx, argc > 1 ? argv[1] : NULL, &opts);
  char *body = js_inspect(ctx, o, &opts);
  char *s = xasprintf("%s %s", name, body);
  JSValueRef r = js_make_string(ctx, s);
  free(s);
  free(body);
  return r;
}

static JSValueRef res_inspect(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  static const char *const keys[] = {"status", "statusText", "headers", "body", "bodyUsed",
                                     "ok",     "redirected", "type",    "url",  NULL};
  return body_of(ctx, self) ? js_body_inspect_fields(ctx, self, "Response", keys, argc, argv)
                            : self;
}

static js_class_def_t response_class = {
    .name = "Response",
    .finalize = response_finalize,
    .construct = response_construct,
    .methods = (const js_fn_t[]){JS_BODY_METHODS, {"clone", res_clone, 0}, {NULL, NULL, 0}},
    .accessors = (const js_accessor_t[]){{"type", res_type, NULL},
                                         {"url", res_url, NULL},
                                         {"redirected", res_redirected, NULL},
                                         {"status", res_status, NULL},
                                         {"ok", res_ok, NULL},
                                         {"statusText", res_status_text, NULL},
                                         {"headers", js_body_headers, NULL},
                                         {"body", js_body_stream, NULL},
                                         {"bodyUsed", js_body_used, NULL},
                                         {NULL, NULL, NULL}},
    .statics = (const js_fn_t[]){{"json", res_static_json, 1},
                                 {"error", res_static_error, 0},
                                 {"redirect", res_static_redirect, 1},
                                 {NULL, NULL, 0}},
};

JSObjectRef js_response_new(JSContextRef ctx, long status, const char *status_text,
                            JSObjectRef headers, void *body, size_t body_len, const char *url,
                            bool redirected) {
  js_fetch_classes_install(ctx);
  response_t *r = xcalloc(1, sizeof(*r));
  js_body_take(&r->body, body, body ? body_len : 0, body && !null_body_status(status));
  r->status = status;
  r->status_text = xstrdup(status_text ? status_text : "");
  r->url = xstrdup(url ? url : "");
  r->type = "basic";
  r->redirected = redirected;
  js_headers_set_guard(ctx, headers, true);
  return make_response(ctx, r, headers, NULL);
}

void js_fetch_classes_install(JSContextRef ctx) {
  if (!js_once(ctx, "__sonde_once_fetch")) return;
  JSObjectRef global = JSContextGetGlobalObject(ctx);
  JSValueRef custom = js_symbol_for(ctx, "nodejs.util.inspect.custom");
  JSObjectRef res = js_class_init(ctx, &response_class);
  js_set_keyed(ctx, (JSObjectRef)js_get(ctx, res, "prototype"), custom,
               js_make_function(ctx, "inspect", res_inspect, 2));
  js_define_value(ctx, global, "Response", res, false);
  js_define_value(ctx, global, "Request", js_request_init(ctx), false);
}
