/* graphql: see graphql.h. The global is an accessor until first read: a spec file that
 * never touches it does not pay for loading the client. */
#include "graphql/graphql.h"

#include <stdlib.h>
#include <string.h>

#include "api/api.h"
#include "graphql/streams.h"
#include "js/jsclass.h"
#include "js/jsutil.h"

#define GRAPHQL_LIB_KEY "__sonde_graphql_lib"

static JSValueRef n_api(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                        const JSValueRef argv[], JSValueRef *exc) {
  js_realm_t *realm = js_realm_from_context(ctx);
  return realm ? api_global(realm) : JSValueMakeUndefined(ctx);
}

/* The value of graphql.js for this realm (made once). */
static JSValueRef graphql_lib(JSContextRef ctx, JSValueRef *exc) {
  JSObjectRef global = JSContextGetGlobalObject(ctx);
  JSValueRef cached = js_get(ctx, global, GRAPHQL_LIB_KEY);
  if (JSValueIsObject(ctx, cached)) return cached;
  /* The WebSocket class the client uses is a lazy global: reading it installs it. */
  js_get(ctx, global, "WebSocket");
  JSObjectRef natives = streams_natives(ctx);
  js_set_function(ctx, natives, "api", n_api);
  /* Three files, each a function of what it builds on: the transports, the client, and
   * wdio-api-runner's helpers (which returns the whole library). */
  JSValueRef args[3] = {natives, js_get(ctx, global, "setTimeout"),
                        js_get(ctx, global, "clearTimeout")};
  JSValueRef transports = js_jslib_call(ctx, "graphql-transports", 3, args, exc);
  if (!transports) return NULL;
  JSValueRef core_args[2] = {natives, transports};
  JSValueRef core = js_jslib_call(ctx, "graphql", 2, core_args, exc);
  if (!core) return NULL;
  JSValueRef lib = js_jslib_call(ctx, "graphql-helpers", 1, &core, exc);
  if (!lib || !JSValueIsObject(ctx, lib)) return NULL;
  js_set_hidden(ctx, global, GRAPHQL_LIB_KEY, lib);
  return lib;
}

void graphql_export(js_realm_t *realm, JSObjectRef exports) {
  JSContextRef ctx = js_realm_context(realm);
  JSValueRef exc = NULL;
  JSValueRef lib = graphql_lib(ctx, &exc);
  if (!lib) {
    if (exc) js_realm_report_uncaught(realm, exc, false);
    return;
  }
  static const char *const names[] = {"createGraphQLClient",         "gql",
                                      "GraphQLSubscriptionError",    "createQueryBuilder",
                                      "extendWithGraphQL",           "createSubscriptionManager",
                                      "createWebSocketSubscription", "createSSESubscription"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    js_set(ctx, exports, names[i], js_get(ctx, lib, names[i]));
}

/* ---- the global ---- */

typedef struct {
  const sonde_config_t *cfg;
} graphql_state_t;

/* graphqlRunner as a JS object, or NULL when the config has none (or runner is not 'api'). */
static json_t *graphql_section(const sonde_config_t *cfg) {
  if (!cfg || !cfg->json) return NULL;
  json_t *runner = json_object_get(cfg->json, "runner");
  if (runner && (!json_is_string(runner) || strcmp(json_string_value(runner), "api") != 0))
    return NULL;
  json_t *s = json_object_get(cfg->json, "graphqlRunner");
  return json_is_object(s) ? s : NULL;
}

static const char *graphql_global_name(const json_t *section) {
  const char *name = json_string_value(json_object_get(section, "globalName"));
  return name && *name ? name : "graphql";
}

static JSValueRef graphql_get(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  graphql_state_t *st = data;
  js_realm_t *realm = js_realm_from_context(ctx);
  json_t *section = graphql_section(st->cfg);
  if (!realm || !section) return JSValueMakeUndefined(ctx);
  JSValueRef lib = graphql_lib(ctx, exc);
  if (!lib) return NULL;
  /* Option errors name the config key: "graphqlRunner.webSocket.url must be ...". */
  JSValueRef args[2] = {js_from_json(ctx, section), js_make_string(ctx, "graphqlRunner.")};
  JSValueRef client = js_call(ctx, js_get(ctx, lib, "createGraphQLClient"), NULL, 2, args, exc);
  if (!client) return NULL;
  js_define_value(ctx, JSContextGetGlobalObject(ctx), graphql_global_name(section), client, false);
  return client;
}

/* Assigning the global first simply replaces it, as for the other lazy globals. */
static JSValueRef graphql_set(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  graphql_state_t *st = data;
  json_t *section = graphql_section(st->cfg);
  if (section && argc >= 1)
    js_define_value(ctx, JSContextGetGlobalObject(ctx), graphql_global_name(section), argv[0],
                    false);
  return JSValueMakeUndefined(ctx);
}

static void graphql_on_realm(js_realm_t *realm, void *ud) {
  graphql_state_t *st = ud;
  json_t *section = graphql_section(st->cfg);
  if (!section) return;
  JSContextRef ctx = js_realm_context(realm);
  js_define_accessor(ctx, JSContextGetGlobalObject(ctx), graphql_global_name(section),
                     js_make_closure(ctx, "get", graphql_get, st, NULL),
                     js_make_closure(ctx, "set", graphql_set, st, NULL), false);
}

void graphql_register(js_runtime_t *rt, const sonde_config_t *cfg) {
  graphql_state_t *st = xcalloc(1, sizeof *st);
  st->cfg = cfg;
  js_runtime_on_realm(rt, graphql_on_realm, st);
  js_runtime_on_free(rt, free, st);
}
