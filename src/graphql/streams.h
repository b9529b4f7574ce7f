/* streams: the WebSocket and EventSource globals of every realm (and MessageEvent,
 * CloseEvent), on the transports of http/ws.h and http/stream.h + http/sse.h. The classes
 * themselves are JavaScript (src/jslib/web-sockets.js: EventTarget subclasses calling
 * listeners); this file gives them native handles: a connection that reports what happens
 * to it through one `emit(kind, ...)` function.
 *
 * Memory: a live handle keeps its emit function protected (so an open socket whose object
 * nobody references still delivers its events, as the standard wants) until its last
 * event; every handle of a realm is closed, without events, when the realm is freed. */
#ifndef SONDE_GRAPHQL_STREAMS_H
#define SONDE_GRAPHQL_STREAMS_H

#include "js/runtime.h"

/* Installs the globals on every realm `rt` creates from now on (lazily: the first use of a
 * name loads them). Call once per runtime. */
void streams_register(js_runtime_t *rt);

/* The natives object given to web-sockets.js (and to the GraphQL client's transports):
 * wsOpen, wsSend, wsClose, wsBuffered, sseOpen, sseClose; scope() and onScopeEnd(fn) (what
 * a test opened is closed when it ends: js_realm_scope_enter). */
JSObjectRef streams_natives(JSContextRef ctx);

/* Handles of `realm` still open (for tests and the drain). */
size_t streams_live(js_realm_t *realm);

#endif
