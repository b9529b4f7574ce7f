/* api_jslibs: the parts of wdio-api-runner's API that are JavaScript (src/jslib/api-*.js)
 * and their export from `sonde`: the auth helpers (api-auth.js), the metrics
 * (api-metrics.js) and the stub browser (api-browser.js), which is also the realm's lazy
 * global `browser`. The natives they get: secret registration, base64, a client of this
 * module for the OAuth2 token endpoint, the job's cid. The auth helpers' token state is
 * JavaScript; what they send goes through createApiClient's client, and every secret they
 * handle (passwords, API keys, tokens, client secrets) is registered with common/secret.h
 * so it is masked in every output: logs, reports, exchange records, error messages.
 *
 * The exports are accessors that load their library when first read.
 *
 * Memory: nothing kept here; each library's value is cached per realm by js_jslib(_call). */
#include <stdlib.h>
#include <string.h>

#include "api/api_internal.h"
#include "js/jsbytes.h"
#include "js/jsclass.h"

/* secret(value): registers a string as secret (short ones are ignored by the registry). */
static JSValueRef n_secret(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                           const JSValueRef argv[], JSValueRef *exc) {
  if (argc && JSValueIsString(ctx, argv[0])) {
    size_t len;
    char *s = js_value_to_utf8_len(ctx, argv[0], &len);
    secret_add(s, len);
    free(s);
  }
  return JSValueMakeUndefined(ctx);
}

/* toBase64(text): the base64 of the text's UTF-8, as Buffer.from(text).toString('base64'). */
static JSValueRef n_to_base64(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  size_t len, out_len;
  char *s = js_value_to_utf8_len(ctx, argc ? argv[0] : JSValueMakeUndefined(ctx), &len);
  char *b64 = js_base64_encode((const unsigned char *)s, len, false, &out_len);
  JSValueRef v = js_make_string_len(ctx, b64, out_len);
  free(s);
  free(b64);
  return v;
}

/* fromBase64(text): base64 or base64url, decoded as UTF-8 text (a JWT's payload). */
static JSValueRef n_from_base64(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  size_t len, out_len;
  char *s = js_value_to_utf8_len(ctx, argc ? argv[0] : JSValueMakeUndefined(ctx), &len);
  unsigned char *bytes = js_base64_decode(s, len, &out_len);
  JSValueRef v = api_make_text(ctx, (const char *)bytes, out_len);
  free(s);
  free(bytes);
  return v;
}

/* client(): a client of the realm with createApiClient's defaults (the token endpoint's). */
static JSValueRef n_client(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                           const JSValueRef argv[], JSValueRef *exc) {
  return api_create_client(ctx, NULL, exc);
}

/* cid(): the job's cid (WDIO_WORKER_ID when set, as that project reads it). */
static JSValueRef n_cid(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                        const JSValueRef argv[], JSValueRef *exc) {
  const char *env = getenv("WDIO_WORKER_ID");
  api_binding_t *b = api_binding_of(ctx);
  const char *cid = env && *env ? env : b && b->cid ? b->cid : "unknown";
  return js_make_string(ctx, cid);
}

/* The value of jslib/<name>.js in this realm: a function of the natives for api-auth and
 * api-browser, a plain object for api-metrics. NULL with *exc. */
static JSValueRef lib_of(JSContextRef ctx, const char *name, JSValueRef *exc) {
  if (strcmp(name, "api-metrics") == 0) return js_jslib(ctx, name, exc);
  JSObjectRef natives = JSObjectMake(ctx, NULL, NULL);
  js_set_function(ctx, natives, "secret", n_secret);
  js_set_function(ctx, natives, "toBase64", n_to_base64);
  js_set_function(ctx, natives, "fromBase64", n_from_base64);
  js_set_function(ctx, natives, "client", n_client);
  js_set_function(ctx, natives, "cid", n_cid);
  JSValueRef natives_v = natives;
  return js_jslib_call(ctx, name, 1, &natives_v, exc);
}

typedef struct {
  const char *lib; /* "api-auth", ...; NULL: the global of that name */
  const char *name;
} api_export_t;

/* Replaces the accessor `name` of `obj` by a plain property holding `value`. */
static void settle(JSContextRef ctx, JSObjectRef obj, const char *name, JSValueRef value) {
  JSObjectRef d = JSObjectMake(ctx, NULL, NULL);
  js_set(ctx, d, "value", value);
  js_set(ctx, d, "writable", JSValueMakeBoolean(ctx, true));
  js_set(ctx, d, "enumerable", JSValueMakeBoolean(ctx, true));
  js_set(ctx, d, "configurable", JSValueMakeBoolean(ctx, true));
  JSValueRef args[3] = {obj, js_make_string(ctx, name), d};
  js_call_global(ctx, "Object.defineProperty", 3, args, NULL);
}

/* The getter of an export: loads its library (compiling three libraries on every
 * require('sonde') cost ~2 ms a spec file) and becomes a plain property. */
static JSValueRef export_get(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                             const JSValueRef argv[], JSValueRef *exc) {
  const api_export_t *e = data;
  JSValueRef lib = e->lib ? lib_of(ctx, e->lib, exc) : JSContextGetGlobalObject(ctx);
  if (!lib) return NULL;
  JSValueRef value = js_get(ctx, lib, e->name);
  if (self) settle(ctx, self, e->name, value);
  return value;
}

static JSValueRef export_set(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                             const JSValueRef argv[], JSValueRef *exc) {
  const api_export_t *e = data;
  if (self) settle(ctx, self, e->name, argc ? argv[0] : JSValueMakeUndefined(ctx));
  return JSValueMakeUndefined(ctx);
}

void api_jslib_export(js_realm_t *realm, JSObjectRef exports) {
  static const api_export_t names[] = {
      {"api-auth", "basicAuth"},
      {"api-auth", "apiKeyAuth"},
      {"api-auth", "bearerAuth"},
      {"api-auth", "oauth2ClientCredentials"},
      {"api-auth", "parseJwtExpiry"},
      {"api-auth", "shouldExclude"},
      {"api-auth", "encodeBasicAuth"},
      {"api-auth", "isTokenExpired"},
      {"api-auth", "mergeHeaders"},
      {"api-metrics", "createMetricsCollector"},
      {"api-metrics", "createMetricsInterceptors"},
      {"api-metrics", "createMetricEntry"},
      {"api-metrics", "calculatePercentile"},
      {"api-metrics", "calculateStats"},
      {"api-metrics", "formatConsoleReport"},
      {"api-metrics", "formatSummaryLine"},
      {"api-metrics", "createReportSummary"},
      {"api-metrics", "checkThresholds"},
      {"api-metrics", "DEFAULT_PERCENTILES"},
      {"api-browser", "createStubBrowser"},
      {NULL, "browser"}, /* @wdio/globals' browser is the realm's global */
  };
  JSContextRef ctx = js_realm_context(realm);
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
    JSObjectRef d = JSObjectMake(ctx, NULL, NULL);
    void *data = (void *)&names[i];
    js_set(ctx, d, "get", js_make_closure(ctx, names[i].name, export_get, data, NULL));
    js_set(ctx, d, "set", js_make_closure(ctx, names[i].name, export_set, data, NULL));
    js_set(ctx, d, "enumerable", JSValueMakeBoolean(ctx, true));
    js_set(ctx, d, "configurable", JSValueMakeBoolean(ctx, true));
    JSValueRef args[3] = {exports, js_make_string(ctx, names[i].name), d};
    JSValueRef exc = NULL;
    js_call_global(ctx, "Object.defineProperty", 3, args, &exc);
  }
}

/* The global `browser`: createStubBrowser(config, capabilities) of the job, made when first
 * read. A failure leaves it undefined and is reported as the realm's error. */
static void install_browser(JSContextRef ctx) {
  api_binding_t *b = api_binding_of(ctx);
  JSValueRef exc = NULL;
  JSValueRef lib = lib_of(ctx, "api-browser", &exc);
  JSValueRef browser = NULL;
  if (lib) {
    JSValueRef args[2] = {
        b && b->job_config ? b->job_config : (JSValueRef)JSObjectMake(ctx, NULL, NULL),
        b && b->job_caps ? js_from_json(ctx, b->job_caps)
                         : (JSValueRef)JSObjectMake(ctx, NULL, NULL)};
    browser = js_call(ctx, js_get(ctx, lib, "createStubBrowser"), NULL, 2, args, &exc);
  }
  if (!browser) {
    js_realm_t *realm = js_realm_from_context(ctx);
    if (exc && realm) js_realm_report_uncaught(realm, exc, false);
    return;
  }
  js_define_value(ctx, JSContextGetGlobalObject(ctx), "browser", browser, false);
}

void api_jslib_install_globals(JSContextRef ctx) {
  static const js_lazy_t globals[] = {{"browser", install_browser}};
  js_define_lazies(ctx, globals, 1);
}
