/* streams: see streams.h. One stream_h per connection: a WebSocket (ws_conn_t) or an event
 * stream (http_stream_t + sse_parser_t), the realm it belongs to and its emit function.
 *
 * Lifetime: a handle is on the `live` list from open to its last event (or its realm's
 * end), with emit protected; its JS object may be collected earlier or later. The struct
 * goes when both are over (`done` and `collected`). */
#include "graphql/streams.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/sbuf.h"
#include "http/sse.h"
#include "http/stream.h"
#include "http/ws.h"
#include "js/jsbytes.h"
#include "js/jsclass.h"
#include "js/jsutil.h"
#include "js/web.h"

typedef struct stream_h {
  js_realm_t *realm;
  JSObjectRef emit; /* protected while live */
  ws_conn_t *ws;
  http_stream_t *st;
  sse_parser_t *parser;
  bool done, collected;
  int busy; /* C frames using the struct (a finalizer may run inside JS) */
  struct stream_h *prev, *next;
} stream_h;

static stream_h *live;

/* Events delivered since the last young collection. A stream of small messages makes
 * short-lived strings, parsed objects and event objects faster than the engine's own
 * schedule collects them: 10 000 GraphQL events over one subscription grew a worker's RSS
 * by ~19 MB over a 100-event one; with a young collection (a fraction of a millisecond)
 * every 512 events, by 6 to 12 MB (noisy), the same for 50 000 events. */
#define STREAMS_EVENTS_PER_COLLECTION 512
static unsigned events_since_gc;

static void h_count_event(stream_h *h) {
  if (++events_since_gc < STREAMS_EVENTS_PER_COLLECTION) return;
  events_since_gc = 0;
  js_runtime_collect_young(js_realm_runtime(h->realm));
}

static void h_unlink(stream_h *h) {
  if (h->prev) h->prev->next = h->next;
  else live = h->next;
  if (h->next) h->next->prev = h->prev;
  h->prev = h->next = NULL;
}

/* Stops the transport (no more events) and forgets the emit function. */
static void h_finish(stream_h *h) {
  if (h->done) return;
  h->done = true;
  h_unlink(h);
  if (h->ws) ws_free(h->ws);
  h->ws = NULL;
  if (h->st) http_stream_close(h->st);
  h->st = NULL;
  js_realm_hold(h->realm, -1); /* no longer keeps the spec file's end waiting */
  if (!h->busy) {              /* else the parser is feeding: sse_data_cb frees it */
    sse_parser_free(h->parser);
    h->parser = NULL;
  }
  JSValueUnprotect(js_realm_context(h->realm), h->emit);
  if (h->collected && !h->busy) free(h);
}

static void h_hold(stream_h *h) { h->busy++; }

/* False when the handle is done (it may be freed by then: do not touch it). */
static bool h_release(stream_h *h) {
  if (--h->busy == 0 && h->done) {
    sse_parser_free(h->parser);
    h->parser = NULL;
    if (h->collected) free(h);
    return false;
  }
  return !h->done;
}

static void h_finalize(JSObjectRef obj) {
  stream_h *h = JSObjectGetPrivate(obj);
  if (!h) return;
  h->collected = true;
  if (h->done && !h->busy) free(h);
}

static js_class_def_t kHandle = {.name = "StreamHandle", .finalize = h_finalize};

static stream_h *h_of(JSContextRef ctx, JSValueRef v) { return js_class_private(ctx, &kHandle, v); }

/* emit(kind, ...args); a throw is the realm's uncaught error. The caller holds `h`. */
static void h_emit(stream_h *h, const char *kind, size_t argc, const JSValueRef *args) {
  if (h->done) return;
  JSContextRef ctx = js_realm_context(h->realm);
  JSValueRef argv[6];
  argv[0] = js_make_string(ctx, kind);
  for (size_t i = 0; i < argc && i < 5; i++) argv[i + 1] = args[i];
  JSValueRef exc = NULL;
  js_call(ctx, h->emit, NULL, argc + 1, argv, &exc);
  if (exc) js_realm_report_uncaught(h->realm, exc, false);
}

static stream_h *h_new(JSContextRef ctx, JSValueRef emit, JSObjectRef *obj) {
  stream_h *h = xcalloc(1, sizeof *h);
  h->realm = js_realm_from_context(ctx);
  h->emit = (JSObjectRef)emit;
  JSValueProtect(ctx, emit);
  h->next = live;
  if (live) live->prev = h;
  live = h;
  /* An open socket keeps the spec file's end waiting (the runner's drain), as a timer does. */
  js_realm_hold(h->realm, 1);
  *obj = JSObjectMake(ctx, js_class_ref(&kHandle), h);
  return h;
}

static bool h_insecure(void) {
  const char *tls = getenv("NODE_TLS_REJECT_UNAUTHORIZED");
  return tls && strcmp(tls, "0") == 0;
}

/* A plain object's own string properties as headers (malloc'd, free with h_headers_free). */
static http_header_t *h_headers(JSContextRef ctx, JSValueRef v, size_t *n) {
  *n = 0;
  if (!JSValueIsObject(ctx, v)) return NULL;
  JSObjectRef o = (JSObjectRef)v;
  JSPropertyNameArrayRef names = JSObjectCopyPropertyNames(ctx, o);
  size_t count = JSPropertyNameArrayGetCount(names);
  http_header_t *hs = xcalloc(count + 1, sizeof *hs);
  for (size_t i = 0; i < count; i++) {
    JSStringRef name = JSPropertyNameArrayGetNameAtIndex(names, i);
    JSValueRef val = JSObjectGetProperty(ctx, o, name, NULL);
    if (!val || JSValueIsUndefined(ctx, val) || JSValueIsNull(ctx, val)) continue;
    hs[*n].name = js_string_to_utf8(name);
    hs[*n].value = js_value_to_utf8(ctx, val);
    (*n)++;
  }
  JSPropertyNameArrayRelease(names);
  return hs;
}

static void h_headers_free(http_header_t *hs, size_t n) {
  for (size_t i = 0; i < n; i++) {
    free(hs[i].name);
    free(hs[i].value);
  }
  free(hs);
}

/* ---- WebSocket ---- */

static void ws_open_cb(ws_conn_t *c, const char *protocol, void *ud) {
  stream_h *h = ud;
  h_hold(h);
  JSValueRef a = js_make_string(js_realm_context(h->realm), protocol);
  h_emit(h, "open", 1, &a);
  h_release(h);
}

static void ws_message_cb(ws_conn_t *c, int op, const uint8_t *data, size_t len, void *ud) {
  stream_h *h = ud;
  h_hold(h);
  JSContextRef ctx = js_realm_context(h->realm);
  JSValueRef a;
  if (op == WS_OP_TEXT) a = js_string_from_utf8(ctx, (const char *)data, len, false);
  else if (op == WS_OP_BINARY) a = js_make_arraybuffer(ctx, data, len);
  else {
    h_release(h);
    return; /* pings and pongs are answered already */
  }
  h_emit(h, "message", 1, &a);
  h_count_event(h);
  h_release(h);
}

static void ws_close_cb(ws_conn_t *c, const ws_close_info_t *i, void *ud) {
  stream_h *h = ud;
  h_hold(h);
  JSContextRef ctx = js_realm_context(h->realm);
  JSValueRef a[5] = {
      JSValueMakeBoolean(ctx, i->was_clean),
      JSValueMakeNumber(ctx, i->code),
      js_string_from_utf8(ctx, i->reason, i->reason_len, false),
      i->error ? js_make_string(ctx, i->error) : JSValueMakeUndefined(ctx),
      i->error_code ? js_make_string(ctx, i->error_code) : JSValueMakeUndefined(ctx),
  };
  ws_free(c);
  h->ws = NULL;
  h_emit(h, "close", 5, a);
  h_finish(h);
  h_release(h);
}

/* wsOpen(url, protocols[], headers, emit) → handle */
static JSValueRef n_ws_open(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                            const JSValueRef argv[], JSValueRef *exc) {
  if (argc < 4 || !js_is_function(ctx, argv[3]))
    return js_throw(ctx, exc, "TypeError", "wsOpen(url, protocols, headers, emit)");
  char *url = js_value_to_utf8(ctx, argv[0]);
  size_t np = js_array_length(ctx, argv[1]);
  char **protos = xcalloc(np + 1, sizeof *protos);
  for (size_t i = 0; i < np; i++)
    protos[i] = js_value_to_utf8(ctx, js_array_get(ctx, argv[1], (unsigned)i));
  size_t nh;
  http_header_t *hs = h_headers(ctx, argv[2], &nh);
  JSObjectRef obj;
  stream_h *h = h_new(ctx, argv[3], &obj);
  ws_options_t o = {
      .url = url,
      .protocols = (const char *const *)protos,
      .n_protocols = np,
      .headers = hs,
      .n_headers = nh,
      .insecure = h_insecure(),
  };
  ws_callbacks_t cb = {ws_open_cb, ws_message_cb, ws_close_cb, h};
  h->ws = ws_connect(js_runtime_loop(js_realm_runtime(h->realm)), &o, &cb);
  h_headers_free(hs, nh);
  for (size_t i = 0; i < np; i++) free(protos[i]);
  free(protos);
  free(url);
  return obj;
}

/* wsSend(handle, data) → bytes queued, or -1 when not open. Strings go as text; Blob,
 * ArrayBuffer and views as binary. */
static JSValueRef n_ws_send(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                            const JSValueRef argv[], JSValueRef *exc) {
  stream_h *h = argc >= 2 ? h_of(ctx, argv[0]) : NULL;
  if (!h || !h->ws) return JSValueMakeNumber(ctx, -1);
  unsigned char *bytes;
  const unsigned char *cbytes;
  size_t len;
  const char *type;
  int rc;
  if (JSValueIsString(ctx, argv[1])) {
    char *s = js_to_utf8(ctx, argv[1], &len, exc);
    if (!s) return NULL;
    rc = ws_send(h->ws, WS_OP_TEXT, s, len);
    free(s);
  } else if (js_bytes_view(ctx, argv[1], &bytes, &len)) {
    rc = ws_send(h->ws, WS_OP_BINARY, bytes, len);
  } else if (js_blob_bytes(ctx, argv[1], &cbytes, &len, &type)) {
    rc = ws_send(h->ws, WS_OP_BINARY, cbytes, len);
  } else {
    char *s = js_to_utf8(ctx, argv[1], &len, exc);
    if (!s) return NULL;
    rc = ws_send(h->ws, WS_OP_TEXT, s, len);
    free(s);
  }
  return JSValueMakeNumber(ctx, rc ? -1 : (double)len);
}

/* wsClose(handle, code?, reason?) */
static JSValueRef n_ws_close(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                             const JSValueRef argv[], JSValueRef *exc) {
  stream_h *h = argc >= 1 ? h_of(ctx, argv[0]) : NULL;
  if (!h || !h->ws) return JSValueMakeUndefined(ctx);
  uint16_t code = 0;
  if (argc >= 2 && JSValueIsNumber(ctx, argv[1]))
    code = (uint16_t)JSValueToNumber(ctx, argv[1], NULL);
  size_t len = 0;
  char *reason =
      argc >= 3 && JSValueIsString(ctx, argv[2]) ? js_to_utf8(ctx, argv[2], &len, exc) : NULL;
  ws_close(h->ws, code, reason ? reason : "", reason ? len : 0);
  free(reason);
  return JSValueMakeUndefined(ctx);
}

static JSValueRef n_ws_buffered(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  stream_h *h = argc >= 1 ? h_of(ctx, argv[0]) : NULL;
  return JSValueMakeNumber(ctx, h && h->ws ? (double)ws_buffered(h->ws) : 0);
}

/* ---- event streams ---- */

static void sse_event_cb(const sse_event_t *ev, void *ud) {
  stream_h *h = ud;
  h_hold(h);
  JSContextRef ctx = js_realm_context(h->realm);
  JSValueRef a[3] = {
      js_string_from_utf8(ctx, ev->type, strlen(ev->type), false),
      js_string_from_utf8(ctx, ev->data, ev->data_len, false),
      js_string_from_utf8(ctx, ev->id, strlen(ev->id), false),
  };
  h_emit(h, "event", 3, a);
  h_count_event(h);
  h_release(h);
}

static void sse_retry_cb(long long ms, void *ud) {
  stream_h *h = ud;
  h_hold(h);
  JSValueRef a = JSValueMakeNumber(js_realm_context(h->realm), (double)ms);
  h_emit(h, "retry", 1, &a);
  h_release(h);
}

static void sse_head_cb(http_stream_t *s, long status, const http_header_t *hs, size_t n,
                        void *ud) {
  stream_h *h = ud;
  h_hold(h);
  JSContextRef ctx = js_realm_context(h->realm);
  const char *type = "";
  for (size_t i = 0; i < n; i++)
    if (strcasecmp(hs[i].name, "Content-Type") == 0) type = hs[i].value;
  JSValueRef a[2] = {JSValueMakeNumber(ctx, (double)status), js_make_string(ctx, type)};
  h_emit(h, "head", 2, a);
  h_release(h);
}

static void sse_data_cb(http_stream_t *s, const char *buf, size_t n, void *ud) {
  stream_h *h = ud;
  if (!h->parser || h->done) return;
  h_hold(h);
  int rc = sse_parser_feed(h->parser, buf, n);
  if (rc != 0 && !h->done) {
    JSContextRef ctx = js_realm_context(h->realm);
    JSValueRef a[2] = {js_make_string(ctx, sse_parser_error(h->parser)),
                       js_make_string(ctx, "EPROTO")};
    h_emit(h, "end", 2, a);
    h_finish(h);
  }
  h_release(h);
}

static void sse_end_cb(http_stream_t *s, http_error_t err, const char *code, const char *msg,
                       void *ud) {
  stream_h *h = ud;
  h_hold(h);
  JSContextRef ctx = js_realm_context(h->realm);
  http_stream_close(h->st); /* safe inside its callback */
  h->st = NULL;
  JSValueRef a[2] = {msg ? js_make_string(ctx, msg) : JSValueMakeNull(ctx),
                     code ? js_make_string(ctx, code) : JSValueMakeNull(ctx)};
  h_emit(h, "end", 2, a);
  h_finish(h);
  h_release(h);
}

/* sseOpen(url, method, headers, body|null, emit) → handle */
static JSValueRef n_sse_open(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                             const JSValueRef argv[], JSValueRef *exc) {
  if (argc < 5 || !js_is_function(ctx, argv[4]))
    return js_throw(ctx, exc, "TypeError", "sseOpen(url, method, headers, body, emit)");
  char *url = js_value_to_utf8(ctx, argv[0]);
  char *method = js_value_to_utf8(ctx, argv[1]);
  size_t nh, blen = 0;
  http_header_t *hs = h_headers(ctx, argv[2], &nh);
  char *body = JSValueIsString(ctx, argv[3]) ? js_to_utf8(ctx, argv[3], &blen, exc) : NULL;
  JSObjectRef obj;
  stream_h *h = h_new(ctx, argv[4], &obj);
  sse_config_t pc = {sse_event_cb, sse_retry_cb, h, 0, 0};
  h->parser = sse_parser_new(&pc);
  http_stream_req_t r = {
      .method = method,
      .url = url,
      .headers = hs,
      .n_headers = nh,
      .body = body,
      .body_len = blen,
      .insecure = h_insecure(),
  };
  http_stream_cb_t cb = {
      .on_head = sse_head_cb, .on_data = sse_data_cb, .on_end = sse_end_cb, .userdata = h};
  h->st = http_stream_open(js_runtime_loop(js_realm_runtime(h->realm)), &r, &cb);
  h_headers_free(hs, nh);
  free(url);
  free(method);
  free(body);
  return obj;
}

/* sseClose(handle): no event after it. */
static JSValueRef n_sse_close(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  stream_h *h = argc >= 1 ? h_of(ctx, argv[0]) : NULL;
  if (h) h_finish(h);
  return JSValueMakeUndefined(ctx);
}

/* ---- scopes ---- */

/* onScopeEnd(fn) of each realm's JavaScript (web-sockets.js and the GraphQL transports
 * keep what a test or suite opened and close it): called with the depth being left. */
typedef struct scope_fn {
  js_realm_t *realm;
  JSObjectRef fn; /* protected */
  struct scope_fn *next;
} scope_fn;

static scope_fn *scope_fns;

static void streams_scope_end(js_realm_t *realm, unsigned depth, void *ud) {
  JSContextRef ctx = js_realm_context(realm);
  for (scope_fn *f = scope_fns; f; f = f->next) {
    if (f->realm != realm) continue;
    JSValueRef arg = JSValueMakeNumber(ctx, depth), exc = NULL;
    js_call(ctx, f->fn, NULL, 1, &arg, &exc);
    if (exc) js_realm_report_uncaught(realm, exc, false);
  }
}

/* scope() → the depth things opened now belong to (js_realm_scope_depth). */
static JSValueRef n_scope(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                          const JSValueRef argv[], JSValueRef *exc) {
  return JSValueMakeNumber(ctx, js_realm_scope_depth(js_realm_from_context(ctx)));
}

/* onScopeEnd(fn): fn(depth) each time the realm leaves a scope, until the realm ends. */
static JSValueRef n_on_scope_end(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                 const JSValueRef argv[], JSValueRef *exc) {
  if (argc < 1 || !js_is_function(ctx, argv[0]))
    return js_throw(ctx, exc, "TypeError", "onScopeEnd(fn)");
  scope_fn *e = xcalloc(1, sizeof *e);
  e->realm = js_realm_from_context(ctx);
  e->fn = (JSObjectRef)argv[0];
  JSValueProtect(ctx, e->fn);
  e->next = scope_fns;
  scope_fns = e;
  return JSValueMakeUndefined(ctx);
}

/* ---- realms ---- */

JSObjectRef streams_natives(JSContextRef ctx) {
  JSObjectRef o = JSObjectMake(ctx, NULL, NULL);
  static const js_fn_t fns[] = {
      {"wsOpen", n_ws_open, 4},
      {"wsSend", n_ws_send, 2},
      {"wsClose", n_ws_close, 3},
      {"wsBuffered", n_ws_buffered, 1},
      {"sseOpen", n_sse_open, 5},
      {"sseClose", n_sse_close, 1},
      {"scope", n_scope, 0},
      {"onScopeEnd", n_on_scope_end, 1},
      {NULL, NULL, 0},
  };
  js_define_methods(ctx, o, fns);
  return o;
}

size_t streams_live(js_realm_t *realm) {
  size_t n = 0;
  for (stream_h *h = live; h; h = h->next) n += h->realm == realm;
  return n;
}

/* A realm's sockets end with it, silently: a test file that leaves one open does not keep
 * the worker (or the next file) busy. */
static void streams_realm_free(js_realm_t *realm, void *ud) {
  stream_h *h = live;
  while (h) {
    stream_h *next = h->next;
    if (h->realm == realm) h_finish(h);
    h = next;
  }
  for (scope_fn **p = &scope_fns; *p;) {
    scope_fn *e = *p;
    if (e->realm != realm) {
      p = &e->next;
      continue;
    }
    *p = e->next;
    JSValueUnprotect(js_realm_context(realm), e->fn);
    free(e);
  }
}

static void streams_install(JSContextRef ctx) {
  if (!js_once(ctx, "__sonde_once_streams")) return;
  JSObjectRef global = JSContextGetGlobalObject(ctx);
  js_web_events_install(ctx); /* EventTarget, Event, DOMException */
  JSValueRef args[3] = {streams_natives(ctx), js_get(ctx, global, "setTimeout"),
                        js_get(ctx, global, "clearTimeout")};
  JSValueRef exc = NULL;
  JSValueRef lib = js_jslib_call(ctx, "web-sockets", 3, args, &exc);
  if (!lib || !JSValueIsObject(ctx, lib)) {
    if (exc) js_realm_report_uncaught(js_realm_from_context(ctx), exc, false);
    return;
  }
  static const char *const names[] = {"WebSocket", "EventSource", "MessageEvent", "CloseEvent"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    js_define_value(ctx, global, names[i], js_get(ctx, lib, names[i]), false);
}

static const js_lazy_t kStreamGlobals[] = {
    {"WebSocket", streams_install},
    {"EventSource", streams_install},
    {"MessageEvent", streams_install},
    {"CloseEvent", streams_install},
};

static void streams_on_realm(js_realm_t *realm, void *ud) {
  js_define_lazies(js_realm_context(realm), kStreamGlobals,
                   sizeof kStreamGlobals / sizeof kStreamGlobals[0]);
  js_realm_on_free(realm, streams_realm_free, NULL);
  js_realm_on_scope_end(realm, streams_scope_end, NULL);
}

void streams_register(js_runtime_t *rt) { js_runtime_on_realm(rt, streams_on_realm, NULL); }
