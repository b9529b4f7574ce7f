/* node_url_legacy: url.parse, url.format, url.resolve and url.resolveObject (Node's legacy
 * URL API) for node_url.c, and the querystring helpers they share. Internal. */
#ifndef SONDE_JS_NODE_URL_LEGACY_H
#define SONDE_JS_NODE_URL_LEGACY_H

#include <JavaScriptCore/JavaScript.h>

void js_url_legacy_install(JSContextRef ctx, JSObjectRef exports);
/* querystring.parse(query) / stringify(obj) with the default separators (node_url.c). */
JSObjectRef js_qs_parse(JSContextRef ctx, const char *query);
char *js_qs_stringify(JSContextRef ctx, JSValueRef obj);

#endif
