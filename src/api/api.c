/* api: the worker's api client, its binding to each realm (which holds the realm's client
 * objects: `api` and those of createApiClient) and the JS glue they share.
 * The methods are api_methods.c, a call itself api_request.c. Also the custom client of apiRunner.client /
 * apiRunner.clientFactory, made once per worker and installed instead of this object.
 *
 * Memory: the client owns its bindings; a binding owns its client objects and protects the
 * JS values it keeps (the helper, console.info) until api_unbind. */
#include "api/api.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "api/api_internal.h"
#include "common/fsutil.h"
#include "common/sbuf.h"

void api_set_exchange_sink(api_client_t *c, api_exchange_fn fn, void *userdata) {
  c->exchange_sink = fn;
  c->exchange_ud = userdata;
}

void api_set_response_check(api_client_t *c, api_response_check_fn fn, void *userdata) {
  c->response_check = fn;
  c->response_check_ud = userdata;
}

void api_set_request_check(api_client_t *c, api_request_check_fn fn, void *userdata) {
  c->request_check = fn;
  c->request_check_ud = userdata;
}

api_client_t *api_client_new(uv_loop_t *loop) {
  http_client_t *http = http_client_new(loop);
  if (!http) return NULL;
  api_client_t *c = xcalloc(1, sizeof(*c));
  c->loop = loop;
  c->http = http;
  c->rng = uv_hrtime() | 1;
  secret_add_env(); /* API_KEY, API_TOKEN: masked in whatever the worker prints */
  return c;
}

void api_client_free(api_client_t *c) {
  if (!c) return;
  while (c->bindings) api_unbind(c, c->bindings->realm);
  if (c->custom) JSValueUnprotect(c->custom_ctx, c->custom);
  http_client_free(c->http);
  free(c);
}

double api_random(api_client_t *c) {
  /* xorshift64: jitter and boundaries need spread, not secrecy. */
  uint64_t x = c->rng;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  c->rng = x;
  return (double)(x >> 11) / 9007199254740992.0;
}

api_binding_t *api_binding_of(JSContextRef ctx) {
  js_realm_t *realm = js_realm_from_context(ctx);
  return realm ? js_realm_get_slot(realm, JS_SLOT_API) : NULL;
}

/* ---- JS glue ----
 * Chaining async interceptors and reading Blob parts is promise plumbing, which reads far
 * better as the few lines of JavaScript below than as C continuations; everything else
 * stays in C. */

static const char api_helper_src[] =
    "(function () {\n"
    "  'use strict';\n"
    "  const tag = (v) => Object.prototype.toString.call(v).slice(8, -1);\n"
    "  const isBlob = (v) => tag(v) === 'Blob' || tag(v) === 'File';\n"
    "  async function materialize(body) {\n"
    "    if (isBlob(body)) return { data: await body.arrayBuffer() };\n"
    "    if (tag(body) !== 'FormData') return undefined;\n"
    "    const parts = [];\n"
    "    for (const [name, value] of body) {\n"
    "      if (!isBlob(value)) { parts.push({ name, value: String(value) }); continue; }\n"
    "      parts.push({ name, data: await value.arrayBuffer(), type: value.type || '',\n"
    "                   filename: value.name === undefined ? 'blob' : String(value.name) });\n"
    "    }\n"
    "    return { parts };\n"
    "  }\n"
    "  // wdio-api-runner's form, told by its two parameters: (url, options) with the\n"
    "  // absolute URL and a plain headers object, returning the options, { url, options }\n"
    "  // or the options with a url field (or nothing: the options as it left them).\n"
    "  async function twoArgs(fn, config, helper) {\n"
    "    // The names as they were given (the Headers object shows them lower-case).\n"
    "    const headers = helper.plainHeaders(config.headers);\n"
    "    const init = { method: config.method, headers, body: config.body,\n"
    "                   timeout: config.timeout, params: config.params };\n"
    "    let out = await fn(config.url, init);\n"
    "    if (out === undefined) out = init;\n"
    "    if (out === null || typeof out !== 'object')\n"
    "      throw new TypeError('A request interceptor (url, options) must return the options, '\n"
    "        + '{ url, options } or nothing, not ' + out);\n"
    "    const keys = Object.keys(out);\n"
    "    const wrapped = out.options !== null && typeof out.options === 'object'\n"
    "      && keys.every((k) => k === 'url' || k === 'options');\n"
    "    const options = wrapped ? out.options : out;\n"
    "    const next = Object.assign({}, config);\n"
    "    if (typeof out.url === 'string' && out.url !== '') next.url = out.url;\n"
    "    for (const k of ['method', 'headers', 'timeout', 'params'])\n"
    "      if (options[k] !== undefined && options[k] !== null) next[k] = options[k];\n"
    "    if (Array.isArray(next.headers)) next.headers = Object.fromEntries(next.headers);\n"
    "    if ('body' in options) next.body = options.body;\n"
    "    return next;\n"
    "  }\n"
    "  // The parameters a function declares: fn.length, except that a default value or a\n"
    "  // rest parameter ends fn.length, so (url, options = {}) is counted in its source.\n"
    "  const counted = new WeakMap();\n"
    "  function params(fn) {\n"
    "    if (fn.length !== 1) return fn.length;\n"
    "    if (!counted.has(fn)) counted.set(fn, countParams(fn));\n"
    "    return counted.get(fn);\n"
    "  }\n"
    "  function countParams(fn) {\n"
    "    const src = Function.prototype.toString.call(fn);\n"
    "    let i = src.indexOf('('), depth = 0, n = 1, quote = '';\n"
    "    if (i < 0 || /^(async\\s+)?[\\w$]+\\s*=>/.test(src)) return 1;\n"
    "    for (i++; i < src.length; i++) {\n"
    "      const c = src[i];\n"
    "      if (quote) { if (c === '\\\\') i++; else if (c === quote) quote = ''; continue; }\n"
    "      if (c === '\\'' || c === '\"' || c === '`') quote = c;\n"
    "      else if (c === '(' || c === '[' || c === '{') depth++;\n"
    "      else if (c === ')' || c === ']' || c === '}') { if (depth-- === 0) break; }\n"
    "      else if (c === ',' && depth === 0) n++;\n"
    "    }\n"
    "    return n;\n"
    "  }\n"
    "  return {\n"
    "    tag,\n"
    "    async request(fns, config) {\n"
    "      for (const fn of fns.slice()) {\n"
    "        const two = params(fn) >= 2;\n"
    "        // After a (url, options) interceptor, headers may be a plain object; the config\n"
    "        // form promises a Headers object.\n"
    "        if (!two && config.headers && typeof config.headers.set !== 'function')\n"
    "          config.headers = this.toHeaders(config.headers);\n"
    "        const next = two ? await twoArgs(fn, config, this) : await fn(config);\n"
    "        if (next !== undefined) config = next;\n"
    "      }\n"
    "      if (config === null || typeof config !== 'object')\n"
    "        throw new TypeError('A request interceptor must return the request config '\n"
    "          + '(or nothing), not ' + config);\n"
    "      return [config, await materialize(config.body)];\n"
    "    },\n"
    "    async response(fns, response) {\n"
    "      for (const fn of fns.slice()) {\n"
    "        const next = await fn(response);\n"
    "        if (next !== undefined) response = next;\n"
    "      }\n"
    "      return response;\n"
    "    },\n"
    "    // then() is attached in the same call: from the event loop, a promise that is\n"
    "    // already rejected when control returns to C would count as unhandled.\n"
    "    run(kind, fns, value, onOk, onFailed) {\n"
    "      this[kind](fns, value).then(onOk, onFailed);\n"
    "    },\n"
    "    add(list, fn) {\n"
    "      if (typeof fn !== 'function') throw new TypeError('An interceptor must be a "
    "function');\n"
    "      list.push(fn);\n"
    "      return () => { const i = list.indexOf(fn); if (i >= 0) list.splice(i, 1); };\n"
    "    },\n"
    "  };\n"
    "})()";

/* The header list of argv[0] (a Headers object, or any object) made into a JS object by
 * `make`; NULL with *exc when reading the argument throws. */
static JSValueRef helper_headers_as(JSContextRef ctx, size_t argc, const JSValueRef argv[],
                                    JSObjectRef (*make)(JSContextRef, const api_hlist_t *),
                                    JSValueRef *exc) {
  api_hlist_t h = {0};
  JSValueRef e = NULL;
  api_hlist_from_js(ctx, &h, argc ? argv[0] : JSValueMakeUndefined(ctx), &e);
  JSObjectRef made = e ? NULL : make(ctx, &h);
  api_hlist_free(&h);
  if (e) *exc = e;
  return made;
}

/* helper.toHeaders(object): the api's Headers object of a plain one (names as given). */
static JSValueRef helper_to_headers(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                    const JSValueRef argv[], JSValueRef *exc) {
  return helper_headers_as(ctx, argc, argv, api_hlist_to_headers, exc);
}

/* helper.plainHeaders(headers): a plain object of a Headers object (or any object) with the
 * names as they were given, for wdio-api-runner's (url, options) interceptors. */
static JSValueRef helper_plain_headers(JSContextRef ctx, JSObjectRef f, JSObjectRef self,
                                       size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  return helper_headers_as(ctx, argc, argv, api_hlist_to_object, exc);
}

JSObjectRef api_helper(api_binding_t *b, JSValueRef *exc) {
  if (b->helper) return b->helper;
  JSContextRef ctx = js_realm_context(b->realm);
  JSValueRef v = js_eval(ctx, api_helper_src, "sonde:api", 1, exc);
  if (!v || !JSValueIsObject(ctx, v)) return NULL;
  b->helper = (JSObjectRef)v;
  js_set_function(ctx, b->helper, "toHeaders", helper_to_headers);
  js_set_function(ctx, b->helper, "plainHeaders", helper_plain_headers);
  JSValueProtect(ctx, v);
  return b->helper;
}

/* Object.prototype.toString.call(v) without the glue: asked for every request's body and
 * params, it must not cost the glue's compilation in every realm. */
char *api_tag_of(api_binding_t *b, JSValueRef v) {
  JSContextRef ctx = js_realm_context(b->realm);
  JSValueRef object = js_get(ctx, JSContextGetGlobalObject(ctx), "Object");
  JSValueRef to_string = js_get(ctx, js_get(ctx, object, "prototype"), "toString");
  JSValueRef exc = NULL;
  JSValueRef tag = js_call(ctx, to_string, v, 0, NULL, &exc);
  char *text = tag ? js_value_to_utf8(ctx, tag) : xstrdup("");
  size_t n = strlen(text);
  if (n >= 9 && strncmp(text, "[object ", 8) == 0 && text[n - 1] == ']') {
    memmove(text, text + 8, n - 9);
    text[n - 9] = '\0';
  }
  return text;
}

/* ---- binding ---- */

void api_bind(api_client_t *c, js_realm_t *realm, const api_config_t *cfg, const char *base_url) {
  JSContextRef ctx = js_realm_context(realm);
  api_binding_t *b = xcalloc(1, sizeof(*b));
  b->client = c;
  b->realm = realm;
  api_config_copy(&b->cfg, cfg);
  if (base_url) {
    free(b->cfg.base_url);
    b->cfg.base_url = xstrdup(base_url);
  }
  if (b->cfg.timeout_ms < 0) b->cfg.timeout_ms = 30000;
  js_realm_set_slot(realm, JS_SLOT_API, b);
  api_inst_t *inst = api_inst_new(b, &b->cfg, c->custom);
  if (b->cfg.debug) http_client_set_debug(c->http, api_debug_http, c);

  const char *name = b->cfg.global_name && b->cfg.global_name[0] ? b->cfg.global_name : "api";
  js_set(ctx, JSContextGetGlobalObject(ctx), name, inst->object);
  b->next = c->bindings;
  c->bindings = b;
}

static api_inst_t *main_inst(api_binding_t *b);

void api_job_begin(api_client_t *c, js_realm_t *realm, const char *spec, const char *cid,
                   JSValueRef config, const json_t *capabilities) {
  api_binding_t *b = js_realm_get_slot(realm, JS_SLOT_API);
  if (!b) return;
  JSContextRef ctx = js_realm_context(realm);
  free(b->cid);
  b->cid = xstrdup(cid);
  if (b->job_config) JSValueUnprotect(ctx, b->job_config);
  b->job_config = config && JSValueIsObject(ctx, config) ? config : NULL;
  if (b->job_config) JSValueProtect(ctx, b->job_config);
  json_decref(b->job_caps);
  b->job_caps = capabilities ? json_deep_copy(capabilities) : NULL;
  api_jslib_install_globals(ctx);
  api_inst_t *inst = b->cfg.har ? main_inst(b) : NULL;
  if (!inst || c->custom) return; /* a custom client's exchanges are not ours to record */
  const char *base = fs_basename(spec);
  const char *dot = strrchr(base, '.');
  int n = (int)(dot && dot != base ? (size_t)(dot - base) : strlen(base));
  char *name = xasprintf("%.*s-%s", n, base, cid);
  sbuf_t err = SBUF_INIT;
  if (api_har_start(&inst->har, name, &err) != 0)
    fprintf(stderr, "sonde: apiRunner.har: %s\n", sbuf_cstr(&err));
  sbuf_free(&err);
  free(name);
}

void api_unbind(api_client_t *c, js_realm_t *realm) {
  for (api_binding_t **pp = &c->bindings; *pp; pp = &(*pp)->next) {
    api_binding_t *b = *pp;
    if (b->realm != realm) continue;
    *pp = b->next;
    JSContextRef ctx = js_realm_context(realm);
    while (b->calls) api_call_cancel(b->calls);
    api_inst_t *inst = b->cfg.har ? main_inst(b) : NULL;
    if (inst && inst->har.recording) {
      /* The spec file may have stopped and restarted it: what is recorded now is written. */
      sbuf_t err = SBUF_INIT;
      char *path = api_har_stop(&inst->har, &err);
      if (!path) fprintf(stderr, "sonde: apiRunner.har: %s\n", sbuf_cstr(&err));
      free(path);
      sbuf_free(&err);
    }
    api_insts_free(b);
    if (b->console_info) JSValueUnprotect(ctx, b->console_info);
    if (b->job_config) JSValueUnprotect(ctx, b->job_config);
    json_decref(b->job_caps);
    free(b->cid);
    if (b->helper) JSValueUnprotect(ctx, b->helper);
    js_realm_set_slot(realm, JS_SLOT_API, NULL);
    api_config_free(&b->cfg);
    free(b);
    return;
  }
}

/* The realm's `api`: the first client object made, the last in the list. */
static api_inst_t *main_inst(api_binding_t *b) {
  api_inst_t *inst = b->insts;
  while (inst && inst->next) inst = inst->next;
  return inst;
}

struct http_client *api_http_of(js_realm_t *realm) {
  api_binding_t *b = js_realm_get_slot(realm, JS_SLOT_API);
  return b ? b->client->http : NULL;
}

JSValueRef api_global(js_realm_t *realm) {
  api_binding_t *b = js_realm_get_slot(realm, JS_SLOT_API);
  api_inst_t *inst = b ? main_inst(b) : NULL;
  return inst ? (JSValueRef)inst->object : JSValueMakeUndefined(js_realm_context(realm));
}

/* ---- the custom client ---- */

static const char *const api_required_methods[] = {"get",    "post", "put",    "patch",
                                                   "delete", "head", "options"};

typedef struct {
  int refs; /* one per continuation */
  api_client_t *client;
  JSGlobalContextRef ctx;
  const char *option; /* "apiRunner.client" or "apiRunner.clientFactory" */
  api_ready_fn done;
  void *userdata;
} api_prep_t;

static void prep_unref(void *data) {
  api_prep_t *p = data;
  if (--p->refs == 0) free(p);
}

static void prep_fail(api_prep_t *p, JSContextRef ctx, const char *what, JSValueRef error) {
  js_error_info_t info;
  js_error_info(ctx, error, &info);
  char *msg = xasprintf("%s: %s: %s%s%s", p->option, what, info.name ? info.name : "Error",
                        info.message ? ": " : "", info.message ? info.message : "");
  js_error_info_free(&info);
  p->done(msg, p->userdata);
  free(msg);
}

/* Checks the client and keeps it; then reports. */
static void prep_finish(api_prep_t *p, JSContextRef ctx, JSValueRef client) {
  if (!JSValueIsObject(ctx, client)) {
    char *msg = xasprintf(
        "%s must produce an object with get, post, put, patch, delete, head "
        "and options methods",
        p->option);
    p->done(msg, p->userdata);
    free(msg);
    return;
  }
  for (size_t i = 0; i < sizeof(api_required_methods) / sizeof(api_required_methods[0]); i++) {
    if (js_is_function(ctx, js_get(ctx, client, api_required_methods[i]))) continue;
    char *msg = xasprintf(
        "%s: the custom client has no %s() method (an API client must offer "
        "get, post, put, patch, delete, head and options)",
        p->option, api_required_methods[i]);
    p->done(msg, p->userdata);
    free(msg);
    return;
  }
  p->client->custom = (JSObjectRef)client;
  p->client->custom_ctx = p->ctx;
  JSValueProtect(ctx, client);
  p->done(NULL, p->userdata);
}

static JSValueRef prep_made(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                            const JSValueRef argv[], JSValueRef *exc) {
  prep_finish(data, ctx, argc ? argv[0] : JSValueMakeUndefined(ctx));
  return NULL;
}

static JSValueRef prep_failed(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  prep_fail(data, ctx, "creating the client failed", argc ? argv[0] : JSValueMakeUndefined(ctx));
  return NULL;
}

/* make() may throw, return a client or a promise of one: all three end in ok or failed,
 * with the handlers attached before control returns to C (see api_helper's run). */
static const char api_prep_src[] =
    "(function (make, config, ok, failed) {\n"
    "  Promise.resolve().then(() => make(config)).then(ok, failed);\n"
    "})";

void api_client_prepare(api_client_t *c, const sonde_config_t *cfg, api_ready_fn done,
                        void *userdata) {
  JSContextRef ctx = cfg->realm && cfg->object ? js_realm_context(cfg->realm) : NULL;
  JSValueRef section = ctx ? js_get(ctx, cfg->object, "apiRunner") : NULL;
  JSValueRef cls = section ? js_get(ctx, section, "client") : NULL;
  JSValueRef factory = section ? js_get(ctx, section, "clientFactory") : NULL;
  bool use_factory = factory && js_is_function(ctx, factory);
  if (!use_factory && !(cls && js_is_function(ctx, cls))) {
    done(NULL, userdata);
    return;
  }
  api_prep_t *p = xcalloc(1, sizeof(*p));
  *p = (api_prep_t){1,
                    c,
                    js_realm_context(cfg->realm),
                    use_factory ? "apiRunner.clientFactory" : "apiRunner.client",
                    done,
                    userdata};
  JSValueRef exc = NULL;
  JSValueRef config = cfg->object;
  if (!use_factory) {
    /* A class is constructed at once: `new` cannot be asynchronous. */
    JSObjectRef instance = JSObjectCallAsConstructor(ctx, (JSObjectRef)cls, 1, &config, &exc);
    if (instance) prep_finish(p, ctx, instance);
    else prep_fail(p, ctx, "new Client(config) threw", exc);
    prep_unref(p);
    return;
  }
  JSValueRef glue = js_eval(ctx, api_prep_src, "sonde:api", 1, &exc);
  if (glue) {
    p->refs += 2;
    JSValueRef args[4] = {factory, config, js_make_closure(ctx, NULL, prep_made, p, prep_unref),
                          js_make_closure(ctx, NULL, prep_failed, p, prep_unref)};
    if (js_call(ctx, glue, NULL, 4, args, &exc)) {
      prep_unref(p);
      return;
    }
  }
  prep_fail(p, ctx, "clientFactory could not be called", exc);
  prep_unref(p);
}
