/* api_methods: the client objects of a realm and their methods. The `api` global is one;
 * createApiClient(options) (exported by `sonde` and `wdio-api-runner`) makes more, each
 * with its own base URL, default headers, timeout, retries, retry delay, verbosity and
 * interceptors, sharing the worker's http client (connections, cookie jar) and the
 * realm's transport options (proxies, TLS, maskHeaders, maxBodySize, maxRedirects).
 * Methods: the HTTP verbs and request() (api_request.c), setHeader, setHeaders,
 * removeHeader, getHeaders, setBaseUrl, getBaseUrl, addRequestInterceptor,
 * addResponseInterceptor, clearInterceptors, clearCookies, and HAR recording
 * (startRecording, stopRecording, getHar, isRecording; api_har.c).
 *
 * Memory: a binding owns its client objects (api_inst_t) and frees them at api_unbind;
 * each protects its object and interceptor lists until then. A method is a closure over
 * its client's id, not its address: a method kept past its realm finds no client and
 * throws. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "api/api_internal.h"

static void set_default(api_inst_t *inst, const char *name, const char *value) {
  if (strcasecmp(name, "content-type") == 0) inst->ct_builtin = false;
  if (api_secret_header(&inst->b->cfg, name)) secret_add_header(name, value);
  api_hlist_set(&inst->defaults, name, value);
}

static api_inst_t *inst_of(JSContextRef ctx, void *data, JSValueRef *exc) {
  api_binding_t *b = api_binding_of(ctx);
  unsigned id = (unsigned)(uintptr_t)data;
  for (api_inst_t *i = b ? b->insts : NULL; i; i = i->next)
    if (i->id == id) return i;
  js_throw(ctx, exc, "Error", "the api client is not active in this context");
  return NULL;
}

#define API_FN(name)                                                                  \
  static JSValueRef name(JSContextRef ctx, void *data, JSObjectRef self, size_t argc, \
                         const JSValueRef argv[], JSValueRef *exc)

#define API_VERB(fname, verb, has_body)                                                         \
  API_FN(fname) {                                                                               \
    api_inst_t *inst = inst_of(ctx, data, exc);                                                 \
    if (!inst) return NULL;                                                                     \
    size_t opt = has_body ? 2 : 1;                                                              \
    return api_call_start(ctx, inst, verb, argc ? argv[0] : NULL,                               \
                          has_body && argc > 1 ? argv[1] : NULL, argc > opt ? argv[opt] : NULL, \
                          exc);                                                                 \
  }
API_VERB(api_get, "GET", false)
API_VERB(api_head, "HEAD", false)
API_VERB(api_options_m, "OPTIONS", false)
API_VERB(api_delete, "DELETE", false)
API_VERB(api_post, "POST", true)
API_VERB(api_put, "PUT", true)
API_VERB(api_patch, "PATCH", true)

/* request(path, {method, body, ...options}) */
API_FN(api_request) {
  api_inst_t *inst = inst_of(ctx, data, exc);
  if (!inst) return NULL;
  JSValueRef options = argc > 1 && JSValueIsObject(ctx, argv[1]) ? argv[1] : NULL;
  JSValueRef e = NULL;
  JSValueRef m = api_prop(ctx, options, "method", &e);
  char *method =
      JSValueIsUndefined(ctx, m) || JSValueIsNull(ctx, m) ? NULL : api_to_utf8(ctx, m, NULL, &e);
  JSValueRef body = options ? api_prop(ctx, options, "body", &e) : NULL;
  if (e) {
    free(method);
    *exc = e;
    return NULL;
  }
  if (!method || !*method) {
    free(method);
    method = xstrdup("GET");
  }
  for (char *p = method; *p; p++)
    if (*p >= 'a' && *p <= 'z') *p = (char)(*p - 'a' + 'A');
  JSValueRef r = api_call_start(ctx, inst, method, argc ? argv[0] : NULL, body, options, exc);
  free(method);
  return r;
}

API_FN(api_set_header) {
  api_inst_t *inst = inst_of(ctx, data, exc);
  if (!inst) return NULL;
  if (argc < 2 || !JSValueIsString(ctx, argv[0]))
    return js_throw(ctx, exc, "TypeError", "api.setHeader(name, value): name must be a string");
  JSValueRef e = NULL;
  char *name = api_to_utf8(ctx, argv[0], NULL, &e);
  char *value = api_to_utf8(ctx, argv[1], NULL, &e);
  if (!e) set_default(inst, name, value);
  free(name);
  free(value);
  if (e) *exc = e;
  return e ? NULL : JSValueMakeUndefined(ctx);
}

API_FN(api_set_headers) {
  api_inst_t *inst = inst_of(ctx, data, exc);
  if (!inst) return NULL;
  if (argc < 1 || !JSValueIsObject(ctx, argv[0]))
    return js_throw(ctx, exc, "TypeError", "api.setHeaders(headers): headers must be an object");
  api_hlist_t h = {0};
  JSValueRef e = NULL;
  api_hlist_from_js(ctx, &h, argv[0], &e);
  for (size_t i = 0; !e && i < h.len; i++) set_default(inst, h.names[i], h.values[i]);
  api_hlist_free(&h);
  if (e) *exc = e;
  return e ? NULL : JSValueMakeUndefined(ctx);
}

API_FN(api_remove_header) {
  api_inst_t *inst = inst_of(ctx, data, exc);
  if (!inst) return NULL;
  JSValueRef e = NULL;
  char *name = argc ? api_to_utf8(ctx, argv[0], NULL, &e) : xstrdup("");
  if (!e) api_hlist_del(&inst->defaults, name);
  free(name);
  if (e) *exc = e;
  return e ? NULL : JSValueMakeUndefined(ctx);
}

API_FN(api_get_headers) {
  api_inst_t *inst = inst_of(ctx, data, exc);
  return inst ? api_hlist_to_object(ctx, &inst->defaults) : NULL;
}

API_FN(api_set_base_url) {
  api_inst_t *inst = inst_of(ctx, data, exc);
  if (!inst) return NULL;
  char *url = NULL;
  JSValueRef e = NULL;
  if (argc && !JSValueIsUndefined(ctx, argv[0]) && !JSValueIsNull(ctx, argv[0]))
    url = api_to_utf8(ctx, argv[0], NULL, &e);
  if (e) {
    free(url);
    *exc = e;
    return NULL;
  }
  free(inst->cfg.base_url);
  inst->cfg.base_url = url;
  return JSValueMakeUndefined(ctx);
}

API_FN(api_get_base_url) {
  api_inst_t *inst = inst_of(ctx, data, exc);
  if (!inst) return NULL;
  /* '' when there is none, as wdio-api-runner's getBaseUrl(): string. */
  return js_make_string(ctx, inst->cfg.base_url ? inst->cfg.base_url : "");
}

static JSValueRef add_interceptor(JSContextRef ctx, api_inst_t *inst, JSObjectRef list, size_t argc,
                                  const JSValueRef argv[], JSValueRef *exc) {
  JSObjectRef helper = api_helper(inst->b, exc);
  if (!helper) return NULL;
  JSValueRef args[2] = {list, argc ? argv[0] : JSValueMakeUndefined(ctx)};
  return js_call(ctx, js_get(ctx, helper, "add"), helper, 2, args, exc);
}

API_FN(api_add_request_interceptor) {
  api_inst_t *inst = inst_of(ctx, data, exc);
  return inst ? add_interceptor(ctx, inst, inst->req_fns, argc, argv, exc) : NULL;
}

API_FN(api_add_response_interceptor) {
  api_inst_t *inst = inst_of(ctx, data, exc);
  return inst ? add_interceptor(ctx, inst, inst->res_fns, argc, argv, exc) : NULL;
}

API_FN(api_clear_interceptors) {
  api_inst_t *inst = inst_of(ctx, data, exc);
  if (!inst) return NULL;
  js_set(ctx, inst->req_fns, "length", JSValueMakeNumber(ctx, 0));
  js_set(ctx, inst->res_fns, "length", JSValueMakeNumber(ctx, 0));
  return JSValueMakeUndefined(ctx);
}

API_FN(api_clear_cookies) {
  api_inst_t *inst = inst_of(ctx, data, exc);
  if (!inst) return NULL;
  http_client_clear_cookies(inst->b->client->http);
  return JSValueMakeUndefined(ctx);
}

/* ---- HAR recording ---- */

API_FN(api_start_recording) {
  api_inst_t *inst = inst_of(ctx, data, exc);
  if (!inst) return NULL;
  JSValueRef name = argc ? argv[0] : JSValueMakeUndefined(ctx);
  bool none = JSValueIsUndefined(ctx, name) || JSValueIsNull(ctx, name);
  if (!none && !JSValueIsString(ctx, name))
    return js_throw(ctx, exc, "TypeError", "startRecording(name): name must be a string");
  char *text = none ? NULL : js_value_to_utf8(ctx, name);
  sbuf_t err = SBUF_INIT;
  int rc = api_har_start(&inst->har, text, &err);
  free(text);
  if (rc != 0) js_throw(ctx, exc, "Error", "%s", sbuf_cstr(&err));
  sbuf_free(&err);
  return rc == 0 ? JSValueMakeUndefined(ctx) : NULL;
}

API_FN(api_stop_recording) {
  api_inst_t *inst = inst_of(ctx, data, exc);
  if (!inst) return NULL;
  sbuf_t err = SBUF_INIT;
  char *path = api_har_stop(&inst->har, &err);
  JSValueRef r =
      path ? js_settled_promise(ctx, true, js_make_string(ctx, path), exc)
           : js_settled_promise(ctx, false, js_make_error(ctx, "Error", sbuf_cstr(&err)), exc);
  free(path);
  sbuf_free(&err);
  return r;
}

API_FN(api_get_har) {
  api_inst_t *inst = inst_of(ctx, data, exc);
  if (!inst) return NULL;
  json_t *doc = api_har_get(&inst->har);
  JSValueRef v = js_from_json(ctx, doc);
  json_decref(doc);
  return v;
}

API_FN(api_is_recording) {
  api_inst_t *inst = inst_of(ctx, data, exc);
  return inst ? JSValueMakeBoolean(ctx, inst->har.recording) : NULL;
}

static JSObjectRef make_client_object(JSContextRef ctx, unsigned id) {
  static const struct {
    const char *name;
    js_closure_fn fn;
  } methods[] = {
      {"get", api_get},
      {"head", api_head},
      {"options", api_options_m},
      {"delete", api_delete},
      {"post", api_post},
      {"put", api_put},
      {"patch", api_patch},
      {"request", api_request},
      {"setHeader", api_set_header},
      {"setHeaders", api_set_headers},
      {"removeHeader", api_remove_header},
      {"getHeaders", api_get_headers},
      {"setBaseUrl", api_set_base_url},
      {"getBaseUrl", api_get_base_url},
      {"addRequestInterceptor", api_add_request_interceptor},
      {"addResponseInterceptor", api_add_response_interceptor},
      {"clearInterceptors", api_clear_interceptors},
      {"clearCookies", api_clear_cookies},
      {"startRecording", api_start_recording},
      {"stopRecording", api_stop_recording},
      {"getHar", api_get_har},
      {"isRecording", api_is_recording},
  };
  JSObjectRef obj = JSObjectMake(ctx, NULL, NULL);
  for (size_t i = 0; i < sizeof(methods) / sizeof(methods[0]); i++)
    js_set(ctx, obj, methods[i].name,
           js_make_closure(ctx, methods[i].name, methods[i].fn, (void *)(uintptr_t)id, NULL));
  return obj;
}

void api_keep_console(api_binding_t *b) {
  if (b->console_info) return;
  /* Reading console makes the realm's console (a lazy global): only when verbose. */
  JSContextRef ctx = js_realm_context(b->realm);
  JSValueRef info = js_get(ctx, js_get(ctx, JSContextGetGlobalObject(ctx), "console"), "info");
  if (!js_is_function(ctx, info)) return;
  b->console_info = (JSObjectRef)info;
  JSValueProtect(ctx, info);
}

api_inst_t *api_inst_new(api_binding_t *b, const api_config_t *cfg, JSObjectRef custom) {
  JSContextRef ctx = js_realm_context(b->realm);
  api_inst_t *inst = xcalloc(1, sizeof(*inst));
  inst->b = b;
  inst->id = b->next_id++;
  api_config_copy(&inst->cfg, cfg);
  if (inst->cfg.timeout_ms < 0) inst->cfg.timeout_ms = 30000;
  /* The built-in defaults come first, so the config's headers replace them in place. */
  api_hlist_set(&inst->defaults, "Content-Type", "application/json");
  api_hlist_set(&inst->defaults, "Accept", "application/json");
  inst->ct_builtin = true;
  const char *key;
  json_t *val;
  json_object_foreach(inst->cfg.headers, key, val) {
    if (json_is_string(val)) set_default(inst, key, json_string_value(val));
  }
  inst->object = custom ? custom : make_client_object(ctx, inst->id);
  inst->req_fns = js_make_array(ctx, 0, NULL);
  inst->res_fns = js_make_array(ctx, 0, NULL);
  JSValueProtect(ctx, inst->object);
  JSValueProtect(ctx, inst->req_fns);
  JSValueProtect(ctx, inst->res_fns);
  if (inst->cfg.verbose) api_keep_console(b);
  inst->next = b->insts;
  b->insts = inst;
  return inst;
}

void api_insts_free(api_binding_t *b) {
  JSContextRef ctx = js_realm_context(b->realm);
  while (b->insts) {
    api_inst_t *inst = b->insts;
    b->insts = inst->next;
    JSValueUnprotect(ctx, inst->object);
    JSValueUnprotect(ctx, inst->req_fns);
    JSValueUnprotect(ctx, inst->res_fns);
    api_hlist_free(&inst->defaults);
    api_config_free(&inst->cfg);
    api_har_free(&inst->har);
    free(inst);
  }
}

/* ---- createApiClient(options) ---- */

/* options[name], or options.apiRunner[name] when that is set (a WebdriverIO config given
 * whole, as wdio-api-runner accepts); undefined when neither. */
static JSValueRef client_opt(JSContextRef ctx, JSValueRef options, const char *name,
                             JSValueRef *exc) {
  JSValueRef section = api_prop(ctx, options, "apiRunner", exc);
  if (JSValueIsObject(ctx, section)) {
    JSValueRef v = api_prop(ctx, section, name, exc);
    if (!JSValueIsUndefined(ctx, v) && !JSValueIsNull(ctx, v)) return v;
  }
  JSValueRef v = api_prop(ctx, options, name, exc);
  return JSValueIsNull(ctx, v) ? JSValueMakeUndefined(ctx) : v;
}

static bool client_number(JSContextRef ctx, JSValueRef options, const char *name, bool integer,
                          double *out, JSValueRef *exc) {
  JSValueRef v = client_opt(ctx, options, name, exc);
  if (*exc) return false;
  if (JSValueIsUndefined(ctx, v)) return true;
  double d = JSValueIsNumber(ctx, v) ? JSValueToNumber(ctx, v, NULL) : NAN;
  if (!isfinite(d) || d < 0 || (integer && d != floor(d))) {
    js_throw(ctx, exc, "TypeError", "createApiClient(options): options.%s must be a %s", name,
             integer ? "whole number, 0 or more" : "number, 0 or more");
    return false;
  }
  *out = d;
  return true;
}

/* Reads the client's own options over `cfg` (a copy of the realm's); false with *exc. */
static bool client_options(JSContextRef ctx, JSValueRef options, api_config_t *cfg,
                           JSValueRef *exc) {
  /* wdio-api-runner's defaults, not the run's apiRunner: a client made by hand is its own.
   * The base URL falls back to the run's, which is what a relative path most likely means. */
  cfg->timeout_ms = 30000;
  cfg->retries = 0;
  cfg->retry_delay_ms = 1000;
  cfg->retry_exponential = false;
  cfg->verbose = false;
  json_object_clear(cfg->headers);
  double retries = 0;
  if (!client_number(ctx, options, "timeout", false, &cfg->timeout_ms, exc) ||
      !client_number(ctx, options, "retries", true, &retries, exc) ||
      !client_number(ctx, options, "retryDelay", false, &cfg->retry_delay_ms, exc))
    return false;
  cfg->retries = retries > 100 ? 100 : (int)retries;
  JSValueRef verbose = client_opt(ctx, options, "verbose", exc);
  if (*exc) return false;
  if (!JSValueIsUndefined(ctx, verbose) && !JSValueIsBoolean(ctx, verbose)) {
    js_throw(ctx, exc, "TypeError",
             "createApiClient(options): options.verbose must be true or "
             "false");
    return false;
  }
  cfg->verbose = JSValueToBoolean(ctx, verbose);
  JSValueRef base = client_opt(ctx, options, "baseUrl", exc);
  if (*exc) return false;
  if (!JSValueIsUndefined(ctx, base)) {
    if (!JSValueIsString(ctx, base)) {
      js_throw(ctx, exc, "TypeError",
               "createApiClient(options): options.baseUrl must be a "
               "string");
      return false;
    }
    free(cfg->base_url);
    cfg->base_url = js_value_to_utf8(ctx, base);
  }
  JSValueRef headers = client_opt(ctx, options, "headers", exc);
  if (*exc) return false;
  if (JSValueIsUndefined(ctx, headers)) return true;
  if (!JSValueIsObject(ctx, headers)) {
    js_throw(ctx, exc, "TypeError",
             "createApiClient(options): options.headers must be an "
             "object");
    return false;
  }
  api_hlist_t h = {0};
  api_hlist_from_js(ctx, &h, headers, exc);
  for (size_t i = 0; !*exc && i < h.len; i++)
    json_object_set_new(cfg->headers, h.names[i], json_string(h.values[i]));
  api_hlist_free(&h);
  return !*exc;
}

JSValueRef api_create_client(JSContextRef ctx, JSValueRef options, JSValueRef *exc) {
  api_binding_t *b = api_binding_of(ctx);
  if (!b) return js_throw(ctx, exc, "Error", "createApiClient: no api client in this context");
  if (!options || JSValueIsNull(ctx, options)) options = JSValueMakeUndefined(ctx);
  if (!JSValueIsUndefined(ctx, options) && !JSValueIsObject(ctx, options))
    return js_throw(ctx, exc, "TypeError",
                    "createApiClient(options): options must be an "
                    "object");
  api_config_t cfg;
  api_config_copy(&cfg, &b->cfg);
  bool ok = client_options(ctx, options, &cfg, exc);
  api_inst_t *inst = ok ? api_inst_new(b, &cfg, NULL) : NULL;
  api_config_free(&cfg);
  return inst ? inst->object : NULL;
}

static JSValueRef create_api_client(JSContextRef ctx, JSObjectRef fn, JSObjectRef self, size_t argc,
                                    const JSValueRef argv[], JSValueRef *exc) {
  return api_create_client(ctx, argc ? argv[0] : NULL, exc);
}

void api_export(js_realm_t *realm, JSObjectRef exports) {
  JSContextRef ctx = js_realm_context(realm);
  js_set(ctx, exports, "api", api_global(realm));
  js_set_function(ctx, exports, "createApiClient", create_api_client);
  api_jslib_export(realm, exports);
}
