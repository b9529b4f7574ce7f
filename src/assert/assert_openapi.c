/* assert_openapi: contract testing in spec files. toSatisfyApiSpec() checks a response
 * against the API document (its operation by method and URL, the response by status, the
 * content type, declared headers and the body's schema); toSatisfySchemaInApiSpec(name)
 * checks a value (or a response's data) against one of its named schemas. The document is
 * the one the spec file gave to loadApiSpec(pathOrObject), else apiRunner.openapi of the
 * config (a path, or {spec: path}), resolved from the config's folder, or an http(s) URL
 * (fetched here with a blocking GET: the launcher reads the config's document and hands
 * the texts to workers, so a run fetches it once). The checking itself
 * is src/openapi/, without JavaScript. Also here: the automatic mode's check of every
 * response (apiRunner.openapi.validate, called by the api client before a call resolves)
 * and the coverage counts a worker reports after each job.
 *
 * Memory: loaded documents are process-wide (a worker loads a file once, however many spec
 * files use it; a document given as an object is kept by content) and freed at exit. The
 * realm remembers which one is its own by an index in its state object. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "api/api.h"
#include "assert/assert.h"
#include "assert/assert_internal.h"
#include "common/fsutil.h"
#include "common/glob.h"
#include "config/config.h"
#include "http/get.h"
#include "js/jsclass.h"
#include "js/jsutil.h"
#include "openapi/openapi.h"

typedef struct {
  char *path;    /* absolute path of a file, or NULL for a value */
  json_t *value; /* the document given as an object (compared by content), or NULL */
  openapi_doc_t *doc;
} spec_entry_t;

static struct {
  spec_entry_t *items;
  size_t len;
  char *config_dir;               /* where relative paths resolve (cwd when NULL) */
  char *config_spec;              /* apiRunner.openapi, absolute; NULL when not set */
  assert_openapi_mode_t validate; /* apiRunner.openapi.validate */
  bool validate_requests;         /* apiRunner.openapi.validateRequests */
  bool cleanup_set;
} specs;

static void specs_cleanup(void) {
  for (size_t i = 0; i < specs.len; i++) {
    free(specs.items[i].path);
    json_decref(specs.items[i].value);
    openapi_free(specs.items[i].doc);
  }
  free(specs.items);
  free(specs.config_dir);
  free(specs.config_spec);
  memset(&specs, 0, sizeof specs);
}

static char *resolve_path(const char *path) {
  if (specs.config_dir) return path_resolve(specs.config_dir, path);
  char *cwd = fs_cwd();
  char *abs = path_resolve(cwd ? cwd : "/", path);
  free(cwd);
  return abs;
}

/* ---- documents at URLs ---- */

/* How long a document's server may take, and how large a document may be. */
#define OPENAPI_FETCH_TIMEOUT_MS 30000L
#define OPENAPI_FETCH_MAX_BYTES  ((size_t)64 << 20)

/* The texts of documents at URLs by URL: those this process fetched, and in a worker
 * those the launcher fetched for the config's document (handed over in the init message),
 * so that a run reads each of those once. */
static json_t *fetched;

static void fetched_cleanup(void) {
  json_decref(fetched);
  fetched = NULL;
}

static char *fetch_document(void *ud, const char *url, size_t *len, sbuf_t *err) {
  (void)ud;
  json_t *known = json_object_get(fetched, url);
  if (json_is_string(known)) {
    *len = json_string_length(known);
    return xstrndup(json_string_value(known), *len);
  }
  char *text = http_get_text(url, OPENAPI_FETCH_TIMEOUT_MS, OPENAPI_FETCH_MAX_BYTES, len, err);
  /* kept only as valid UTF-8 (JSON's strings): anything else fails to parse anyway */
  json_t *copy = text ? json_stringn(text, *len) : NULL;
  if (copy) {
    if (!fetched) {
      fetched = json_object();
      atexit(fetched_cleanup);
    }
    json_object_set_new(fetched, url, copy);
  }
  return text;
}

json_t *assert_openapi_fetched(void) { return fetched; }

void assert_openapi_seed_fetched(const json_t *texts) {
  const char *url;
  json_t *text;
  json_object_foreach((json_t *)texts, url, text) {
    if (!json_is_string(text)) continue;
    if (!fetched) {
      fetched = json_object();
      atexit(fetched_cleanup);
    }
    json_object_set(fetched, url, text);
  }
}

/* The index of the document at `abs` (or of `value`), loaded once; -1 with err. */
static long spec_index(const char *abs, const json_t *value, sbuf_t *err) {
  for (size_t i = 0; i < specs.len; i++) {
    if (abs && specs.items[i].path && strcmp(specs.items[i].path, abs) == 0) return (long)i;
    if (value && specs.items[i].value && json_equal(specs.items[i].value, (json_t *)value))
      return (long)i;
  }
  openapi_set_fetcher(fetch_document, NULL);
  openapi_doc_t *doc =
      abs ? openapi_load(abs, err)
          : openapi_load_value(value, specs.config_dir ? specs.config_dir : ".", err);
  if (!doc) return -1;
  if (!specs.cleanup_set) {
    atexit(specs_cleanup);
    specs.cleanup_set = true;
  }
  specs.items = xrealloc(specs.items, (specs.len + 1) * sizeof *specs.items);
  specs.items[specs.len] =
      (spec_entry_t){abs ? xstrdup(abs) : NULL, value ? json_deep_copy(value) : NULL, doc};
  return (long)specs.len++;
}

/* ---- configuration ---- */

int assert_openapi_configure(const sonde_config_t *cfg, bool load, sbuf_t *err) {
  free(specs.config_dir);
  free(specs.config_spec);
  specs.config_dir = cfg->dir ? xstrdup(cfg->dir) : NULL;
  specs.config_spec = NULL;
  specs.validate = ASSERT_OPENAPI_OFF;
  specs.validate_requests = false;
  json_t *opt = json_object_get(json_object_get(cfg->json, "apiRunner"), "openapi");
  if (!opt || json_is_null(opt)) return 0;
  json_t *requests = json_object_get(opt, "validateRequests");
  if (requests && !json_is_null(requests)) {
    if (!json_is_boolean(requests)) {
      config_key_error(cfg, "apiRunner.openapi.validateRequests", err,
                       "\"apiRunner.openapi.validateRequests\" must be true or false (got %s)",
                       config_json_type(requests));
      return -1;
    }
    specs.validate_requests = json_is_true(requests);
  }
  json_t *mode = json_object_get(opt, "validate");
  if (mode && !json_is_null(mode)) {
    const char *m = json_string_value(mode);
    if (m && strcmp(m, "all") == 0) specs.validate = ASSERT_OPENAPI_ALL;
    else if (m && strcmp(m, "warn") == 0) specs.validate = ASSERT_OPENAPI_WARN;
    else if (!m || strcmp(m, "off") != 0) {
      config_key_error(cfg, "apiRunner.openapi.validate", err,
                       "\"apiRunner.openapi.validate\" must be 'all', 'warn' or 'off' (got %s)",
                       m ? m : config_json_type(mode));
      return -1;
    }
  }
  json_t *spec = json_is_object(opt) ? json_object_get(opt, "spec") : opt;
  const char *key = json_is_object(opt) ? "apiRunner.openapi.spec" : "apiRunner.openapi";
  if (!json_is_string(spec) || !json_string_value(spec)[0]) {
    config_key_error(cfg, key, err, "\"%s\" must be the path of an OpenAPI document (got %s)", key,
                     config_json_type(spec));
    return -1;
  }
  const char *path = json_string_value(spec);
  specs.config_spec = openapi_is_url(path) ? xstrdup(path) : resolve_path(path);
  if (load) {
    sbuf_t why = SBUF_INIT;
    if (spec_index(specs.config_spec, NULL, &why) < 0) {
      sbuf_printf(err, "%s: %s", key, sbuf_cstr(&why));
      sbuf_free(&why);
      return -1;
    }
    sbuf_free(&why);
  }
  return 0;
}

json_t *assert_openapi_take_coverage(bool all) {
  json_t *out = NULL;
  for (size_t i = 0; i < specs.len; i++) {
    if (!all && !openapi_coverage_touched(specs.items[i].doc)) continue;
    if (!out) out = json_array();
    json_array_append_new(out, openapi_coverage(specs.items[i].doc, true));
  }
  return out;
}

/* The realm's document: loadApiSpec's, else the config's. NULL with *exc. */
static openapi_doc_t *realm_doc(assert_run_t *r, JSValueRef *exc) {
  JSContextRef ctx = r->ctx;
  JSValueRef idx = assert_state_get(ctx, "openapiIndex");
  long i = -1;
  sbuf_t err = SBUF_INIT;
  if (JSValueIsNumber(ctx, idx)) {
    i = (long)JSValueToNumber(ctx, idx, NULL);
  } else if (specs.config_spec) {
    i = spec_index(specs.config_spec, NULL, &err);
    if (i < 0) {
      char *msg = xasprintf("%s(): apiRunner.openapi: %s", r->name, sbuf_cstr(&err));
      *exc = assert_usage_error(ctx, "Error", msg, NULL);
      free(msg);
    }
  } else {
    char *msg = xasprintf(
        "%s(): no API document: set apiRunner.openapi in the config, or call "
        "loadApiSpec(path) from 'sonde' first",
        r->name);
    *exc = assert_usage_error(ctx, "Error", msg, NULL);
    free(msg);
  }
  sbuf_free(&err);
  return i >= 0 && (size_t)i < specs.len ? specs.items[i].doc : NULL;
}

static JSValueRef load_api_spec(JSContextRef ctx, JSObjectRef fn, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  JSValueRef arg = argc ? argv[0] : JSValueMakeUndefined(ctx);
  sbuf_t err = SBUF_INIT;
  long i = -1;
  if (JSValueIsString(ctx, arg)) {
    char *path = js_value_to_utf8(ctx, arg);
    char *abs = openapi_is_url(path) ? xstrdup(path) : resolve_path(path);
    i = spec_index(abs, NULL, &err);
    free(abs);
    free(path);
  } else if (JSValueIsObject(ctx, arg) && !js_is_function(ctx, arg)) {
    json_t *value = js_to_json(ctx, arg);
    if (!value) sbuf_puts(&err, "the document cannot be converted to JSON (a cycle?)");
    else i = spec_index(NULL, value, &err);
    json_decref(value);
  } else {
    sbuf_printf(&err,
                "expects the path of an OpenAPI document or the document as an object, got %s",
                assert_type_name(ctx, arg));
  }
  if (i < 0) {
    char *msg = xasprintf("loadApiSpec(): %s", sbuf_cstr(&err));
    *exc = assert_usage_error(
        ctx, JSValueIsString(ctx, arg) || JSValueIsObject(ctx, arg) ? "Error" : "TypeError", msg,
        NULL);
    free(msg);
    sbuf_free(&err);
    return NULL;
  }
  sbuf_free(&err);
  assert_state_set(ctx, "openapiIndex", JSValueMakeNumber(ctx, (double)i));
  return JSValueMakeUndefined(ctx);
}

JSObjectRef assert_load_api_spec_function(JSContextRef ctx) {
  /* one function per realm, so every alias of the module exports the same one */
  JSValueRef f = assert_state_get(ctx, "loadApiSpec");
  if (js_is_function(ctx, f)) return (JSObjectRef)f;
  JSObjectRef fn = js_make_function(ctx, "loadApiSpec", load_api_spec, 1);
  assert_state_set(ctx, "loadApiSpec", fn);
  return fn;
}

assert_openapi_mode_t assert_openapi_validate_mode(void) { return specs.validate; }

/* ---- the matchers ---- */

typedef struct {
  JSContextRef ctx;
  JSValueRef response;
} header_ud_t;

static char *exchange_header(void *ud, const char *name) {
  header_ud_t *h = ud;
  return assert_response_header(h->ctx, h->response, name);
}

/* The body's value: JSON data or text as jansson; NULL for binary data or none. */
static json_t *body_value(JSContextRef ctx, JSValueRef data) {
  if (JSValueIsUndefined(ctx, data) || JSValueIsNull(ctx, data)) return NULL;
  if (JSValueIsObject(ctx, data) &&
      JSValueGetTypedArrayType(ctx, data, NULL) != kJSTypedArrayTypeNone)
    return NULL;
  return js_to_json(ctx, data);
}

static void negated_message(assert_run_t *r, const openapi_doc_t *doc,
                            const openapi_result_t *res) {
  if (res->schema)
    sbuf_printf(&r->msg, "Expected value not to satisfy schema '%s' of %s, but it did", res->schema,
                openapi_name(doc));
  else
    sbuf_printf(&r->msg, "Expected response not to satisfy %s (response '%s') of %s, but it did",
                res->operation, res->response, openapi_name(doc));
}

/* Common tail: pass/fail from rc, the message, or a usage error for rc -1. */
static bool finish(assert_run_t *r, openapi_doc_t *doc, int rc, openapi_result_t *res, sbuf_t *err,
                   JSValueRef *exc) {
  if (rc < 0) {
    char *msg = xasprintf("%s(): %s", r->name, sbuf_cstr(err));
    *exc = assert_usage_error(r->ctx, "Error", msg, NULL);
    free(msg);
    return false;
  }
  r->pass = rc == 1;
  if (assert_failed(r)) {
    if (assert_negated(r)) negated_message(r, doc, res);
    else openapi_result_message(doc, res, &r->msg);
  }
  return true;
}

/* Checks a response against doc into *res: openapi_check's rc (-1 with err). */
static int check_response(JSContextRef ctx, openapi_doc_t *doc, JSValueRef resp,
                          openapi_result_t *res, sbuf_t *err) {
  JSValueRef request = js_get(ctx, resp, "request");
  char *method = JSValueIsObject(ctx, request) ? js_get_string(ctx, request, "method") : NULL;
  char *url = js_get_string(ctx, resp, "url");
  if ((!url || !*url) && JSValueIsObject(ctx, request)) {
    free(url);
    url = js_get_string(ctx, request, "url");
  }
  char *ct = assert_response_header(ctx, resp, "content-type");
  const char *raw;
  size_t raw_len;
  json_t *body = NULL;
  bool has_body;
  if (api_response_body(ctx, resp, &raw, &raw_len)) {
    /* the bytes the server sent, parsed here: no JavaScript values to walk */
    has_body = raw_len > 0;
    /* JSON and text types read by the rule request bodies are read by; NULL for binary
     * bodies and for JSON that does not parse (then response.data, the text, which the
     * schema rejects with a message) */
    body = has_body ? openapi_body_value(ct, raw, raw_len, NULL) : NULL;
  }
  if (!body) {
    JSValueRef data = js_get(ctx, resp, "data");
    body = body_value(ctx, data);
    double size = js_get_number(ctx, resp, "size", -1);
    has_body =
        size >= 0 ? size > 0 : body && !(json_is_string(body) && json_string_length(body) == 0);
    /* data null with a body is the JSON text "null", which the schema must allow */
    if (!body && has_body && JSValueIsNull(ctx, data)) body = json_null();
  }
  header_ud_t hud = {ctx, resp};
  /* coverage counts responses, not checks: a second check of one response adds nothing */
  bool counted =
      JSValueIsObject(ctx, resp) && JSValueToBoolean(ctx, js_get(ctx, resp, "__openapiCounted"));
  openapi_exchange_t ex = {method ? method : "GET",
                           url ? url : "",
                           (int)js_get_number(ctx, resp, "status", 0),
                           ct,
                           has_body,
                           body,
                           exchange_header,
                           &hud,
                           counted};
  int rc = openapi_check(doc, &ex, res, err);
  if (rc >= 0 && !counted && JSValueIsObject(ctx, resp))
    js_set_hidden(ctx, (JSObjectRef)resp, "__openapiCounted", JSValueMakeBoolean(ctx, true));
  json_decref(body);
  free(method);
  free(url);
  free(ct);
  return rc;
}

bool assert_check_api_spec(assert_run_t *r, size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  openapi_doc_t *doc = realm_doc(r, exc);
  if (!doc) return false;
  openapi_result_t res;
  sbuf_t err = SBUF_INIT;
  int rc = check_response(r->ctx, doc, r->received, &res, &err);
  r->actual = r->received;
  bool ok = finish(r, doc, rc, &res, &err, exc);
  openapi_result_free(&res);
  sbuf_free(&err);
  return ok;
}

/* A request header by name (any case), from what the api client sent. */
static char *request_header(void *ud, const char *name) {
  const api_request_info_t *rq = ud;
  for (size_t i = 0; i < rq->n_headers; i++)
    if (strcasecmp(rq->header_names[i], name) == 0) return xstrdup(rq->header_values[i]);
  return NULL;
}

/* A contract violation of the automatic mode: with 'warn' printed where console.warn's
 * go, else the call's AssertionError (its stack the call's making: the spec's line). */
static void auto_violation(JSContextRef ctx, const char *msg, JSObjectRef origin, JSValueRef *exc) {
  if (specs.validate != ASSERT_OPENAPI_WARN) {
    *exc = assert_error_new(ctx, msg, origin);
    return;
  }
  JSValueRef console = js_get(ctx, JSContextGetGlobalObject(ctx), "console");
  JSValueRef warn = js_get(ctx, console, "warn");
  JSValueRef text = js_make_string(ctx, msg);
  if (js_is_function(ctx, warn)) js_call(ctx, warn, console, 1, &text, NULL);
}

void assert_openapi_auto_check(JSContextRef ctx, JSValueRef response, JSObjectRef origin, void *ud,
                               JSValueRef *exc) {
  if (specs.validate == ASSERT_OPENAPI_OFF || assert_not_response(ctx, response)) return;
  assert_run_t run = {.ctx = ctx, .name = "apiRunner.openapi.validate"};
  openapi_doc_t *doc = realm_doc(&run, exc);
  if (!doc) return;
  openapi_result_t res;
  sbuf_t err = SBUF_INIT, msg = SBUF_INIT;
  int rc = check_response(ctx, doc, response, &res, &err);
  if (rc < 0) {
    sbuf_printf(&msg, "apiRunner.openapi.validate: %s", sbuf_cstr(&err));
    *exc = assert_usage_error(ctx, "Error", sbuf_cstr(&msg), NULL);
  } else if (rc == 0) {
    openapi_result_message(doc, &res, &msg);
    auto_violation(ctx, sbuf_cstr(&msg), origin, exc);
  }
  openapi_result_free(&res);
  sbuf_free(&err);
  sbuf_free(&msg);
}

void assert_openapi_request_check(JSContextRef ctx, const api_request_info_t *rq,
                                  JSObjectRef origin, void *ud, JSValueRef *exc) {
  if (!specs.validate_requests) return;
  assert_run_t run = {.ctx = ctx, .name = "apiRunner.openapi.validateRequests"};
  openapi_doc_t *doc = realm_doc(&run, exc);
  if (!doc) return;
  char *ct = request_header((void *)rq, "content-type");
  openapi_request_t req = {rq->method,   rq->url,        ct,         rq->body != NULL, rq->body,
                           rq->body_len, request_header, (void *)rq, rq->cookie_jar};
  openapi_result_t res;
  sbuf_t err = SBUF_INIT, msg = SBUF_INIT;
  int rc = openapi_check_request(doc, &req, &res, &err);
  if (rc < 0) {
    sbuf_printf(&msg, "apiRunner.openapi.validateRequests: %s", sbuf_cstr(&err));
    *exc = assert_usage_error(ctx, "Error", sbuf_cstr(&msg), origin);
  } else if (rc == 0) {
    openapi_result_message(doc, &res, &msg);
    auto_violation(ctx, sbuf_cstr(&msg), origin, exc);
  }
  openapi_result_free(&res);
  sbuf_free(&err);
  sbuf_free(&msg);
  free(ct);
}

bool assert_check_schema_in_api_spec(assert_run_t *r, size_t argc, const JSValueRef argv[],
                                     JSValueRef *exc) {
  JSContextRef ctx = r->ctx;
  JSValueRef name_v = assert_arg(ctx, argc, argv, 0);
  if (!JSValueIsString(ctx, name_v)) {
    char *msg = xasprintf("%s(name): name must be the name of a schema in the document, got %s",
                          r->name, assert_type_name(ctx, name_v));
    *exc = assert_usage_error(ctx, "TypeError", msg, NULL);
    free(msg);
    return false;
  }
  openapi_doc_t *doc = realm_doc(r, exc);
  if (!doc) return false;
  /* a response stands for its data; any other value is checked itself */
  JSValueRef value =
      assert_not_response(ctx, r->received) ? r->received : js_get(ctx, r->received, "data");
  json_t *instance = JSValueIsUndefined(ctx, value) ? json_null() : js_to_json(ctx, value);
  if (!instance) instance = json_null();
  char *name = js_value_to_utf8(ctx, name_v);
  openapi_result_t res;
  sbuf_t err = SBUF_INIT;
  int rc = openapi_check_schema(doc, name, instance, &res, &err);
  r->actual = value;
  bool ok = finish(r, doc, rc, &res, &err, exc);
  openapi_result_free(&res);
  sbuf_free(&err);
  json_decref(instance);
  free(name);
  return ok;
}
