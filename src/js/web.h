/* web: the web platform globals of js/ (web_*.c) and the C entry points the fetch binding
 * (src/api/fetch.c) uses to turn Request inputs into bytes and responses into Response
 * objects without knowing their layout.
 *
 * Memory: js_request_parts_t owns its strings and body (js_request_parts_free); values
 * returned are owned by the engine. */
#ifndef SONDE_JS_WEB_H
#define SONDE_JS_WEB_H

#include <JavaScriptCore/JavaScript.h>
#include <stdbool.h>
#include <stddef.h>

#include "js/runtime.h"

/* web.c: installs every web global on a new realm. */
void js_web_install(js_realm_t *realm);

void js_url_install(JSContextRef ctx);         /* web_url.c: URL, URLSearchParams */
void js_encoding_install(JSContextRef ctx);    /* web_encoding.c: TextEncoder/Decoder, atob/btoa */
void js_web_events_install(JSContextRef ctx);  /* web_events.c: DOMException, Event,
                                                   EventTarget, AbortController/Signal,
                                                   structuredClone */
void js_crypto_install(JSContextRef ctx);      /* web_crypto.c: crypto */
void js_performance_install(JSContextRef ctx); /* web_performance.c: performance */
void js_blob_install(JSContextRef ctx);        /* web_blob.c: Blob, File */
void js_formdata_install(JSContextRef ctx);    /* web_formdata.c: FormData */
void js_headers_install(JSContextRef ctx);     /* web_headers.c: Headers */
void js_fetch_classes_install(JSContextRef ctx); /* web_fetch.c: Request, Response */

/* ---- crypto (web_crypto.c) ---- */

/* Cryptographically strong random bytes (GnuTLS); false when the generator failed. */
bool js_random_fill(void *buf, size_t n);
/* A random version 4 UUID (malloc'd), NULL when the generator failed. */
char *js_random_uuid(void);

/* ---- URL (web_url.c) ---- */

/* new URL(input, base).href, or NULL when it does not parse (malloc'd). */
char *js_url_resolve(const char *input, const char *base);
/* The URL class of the realm and a new URL object for an absolute URL string. */
JSValueRef js_url_new(JSContextRef ctx, const char *href, JSValueRef *exception);

/* ---- AbortSignal (web_events.c) ---- */

bool js_abort_signal_is(JSContextRef ctx, JSValueRef v);
bool js_abort_signal_aborted(JSContextRef ctx, JSValueRef signal);
JSValueRef js_abort_signal_reason(JSContextRef ctx, JSValueRef signal);
/* Calls fn(ctx, reason, userdata) once when `signal` aborts. The listener is a JS closure
 * kept by the signal; js_abort_unsubscribe(sub) (before the realm ends) detaches it and
 * makes a later abort a no-op. Returns NULL when `signal` is not an AbortSignal. */
typedef struct js_abort_sub js_abort_sub_t;
typedef void (*js_abort_fn)(JSContextRef ctx, JSValueRef reason, void *userdata);
js_abort_sub_t *js_abort_subscribe(JSContextRef ctx, JSValueRef signal, js_abort_fn fn,
                                   void *userdata);
void js_abort_unsubscribe(js_abort_sub_t *sub);

/* ---- Blob (web_blob.c) ---- */

/* The bytes and type of a Blob/File (borrowed, valid while the object lives); false when
 * `v` is not one. */
bool js_blob_bytes(JSContextRef ctx, JSValueRef v, const unsigned char **data, size_t *len,
                   const char **type);
JSObjectRef js_blob_new(JSContextRef ctx, const void *bytes, size_t len, const char *type);
/* A File with that content, name and type (lastModified now). */
JSObjectRef js_file_new(JSContextRef ctx, const void *bytes, size_t len, const char *name,
                        const char *type);
/* The name of a File, NULL for a Blob or anything else (borrowed). */
const char *js_file_name(JSContextRef ctx, JSValueRef v);

/* ---- bodies (web_fetch.c) ---- */

/* A body init (string, ArrayBuffer(View), Blob, URLSearchParams, FormData, null) as bytes
 * and the Content-Type it implies (NULL when none). False with *exception for a value
 * that cannot be a body. */
bool js_body_extract(JSContextRef ctx, JSValueRef init, unsigned char **bytes, size_t *len,
                     char **content_type, JSValueRef *exception);

/* FormData as multipart/form-data (web_formdata.c); the boundary goes in *content_type. */
bool js_formdata_encode(JSContextRef ctx, JSValueRef fd, unsigned char **bytes, size_t *len,
                        char **content_type);

/* A FormData from a multipart/form-data or application/x-www-form-urlencoded body; NULL
 * when the content type is neither. */
JSObjectRef js_formdata_parse(JSContextRef ctx, const unsigned char *body, size_t len,
                              const char *content_type);
bool js_formdata_is(JSContextRef ctx, JSValueRef v);

/* ---- Headers (web_headers.c) ---- */

JSObjectRef js_headers_new(JSContextRef ctx);
/* Appends with Headers.append's validation; false with *exception on a bad name/value. */
bool js_headers_append(JSContextRef ctx, JSObjectRef headers, const char *name, const char *value,
                       JSValueRef *exception);
/* Fills `headers` from a HeadersInit (Headers, record, sequence of pairs). */
bool js_headers_fill(JSContextRef ctx, JSObjectRef headers, JSValueRef init, JSValueRef *exception);
/* The list (lower-case names, combined values sorted as Headers iteration gives them). */
size_t js_headers_count(JSContextRef ctx, JSValueRef headers);
bool js_headers_at(JSContextRef ctx, JSValueRef headers, size_t i, const char **name,
                   const char **value);
/* get(name) as malloc'd UTF-8, NULL when absent. */
char *js_headers_get(JSContextRef ctx, JSValueRef headers, const char *name);
void js_headers_set_guard(JSContextRef ctx, JSValueRef headers, bool immutable);
bool js_headers_is(JSContextRef ctx, JSValueRef v);

/* ---- Request / Response (web_fetch.c) ---- */

typedef struct {
  char *method;        /* upper-cased for the standard methods */
  char *url;           /* absolute, fragment removed */
  JSObjectRef headers; /* the request's Headers object (engine-owned) */
  unsigned char *body; /* NULL when none */
  size_t body_len;
  JSValueRef signal; /* AbortSignal or NULL */
  int redirect;      /* 0 follow, 1 error, 2 manual */
} js_request_parts_t;

/* new Request(input, init) and its parts, as fetch(input, init) needs them. NULL with
 * *exception on a TypeError (bad URL, body with GET, used body). */
JSObjectRef js_request_parts(JSContextRef ctx, JSValueRef input, JSValueRef init,
                             js_request_parts_t *out, JSValueRef *exception);
void js_request_parts_free(js_request_parts_t *p);

/* A Response for a completed exchange; takes ownership of malloc'd `body` (NULL: no body,
 * as for HEAD). Its headers become immutable. */
JSObjectRef js_response_new(JSContextRef ctx, long status, const char *status_text,
                            JSObjectRef headers, void *body, size_t body_len, const char *url,
                            bool redirected);

#endif
