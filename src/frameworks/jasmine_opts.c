/* jasmine_opts: see jasmine_opts.h. Values are read from the config object itself (not its
 * JSON): `grep` may be a RegExp and `expectationResultHandler` a function. */
#include "frameworks/jasmine_opts.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "js/jsutil.h"

typedef struct {
  const sonde_config_t *cfg;
  JSContextRef ctx;
  JSValueRef opts;
  sbuf_t *err;
  bool failed;
} reader_t;

static JSValueRef opt(reader_t *rd, const char *name) {
  JSValueRef v = js_get(rd->ctx, rd->opts, name);
  return JSValueIsUndefined(rd->ctx, v) || JSValueIsNull(rd->ctx, v) ? NULL : v;
}

static void bad(reader_t *rd, const char *name, const char *what, JSValueRef v) {
  if (rd->failed) return;
  rd->failed = true;
  char *key = xasprintf("jasmineOpts.%s", name);
  config_key_error(rd->cfg, key, rd->err, "\"%s\" must be %s (got %s)", key, what,
                   js_describe_type(rd->ctx, v));
  free(key);
}

/* `alias` (an older or WebdriverIO name) is read when `name` is not set. */
static bool read_bool(reader_t *rd, const char *name, const char *alias, bool fallback) {
  JSValueRef v = opt(rd, name);
  if (!v && alias) v = opt(rd, (name = alias));
  if (!v) return fallback;
  if (!JSValueIsBoolean(rd->ctx, v)) {
    bad(rd, name, "a boolean", v);
    return fallback;
  }
  return JSValueToBoolean(rd->ctx, v);
}

static void read_list(reader_t *rd, const char *name, strvec_t *out) {
  JSValueRef v = opt(rd, name);
  if (!v) return;
  if (JSValueIsString(rd->ctx, v)) {
    strvec_push_owned(out, js_value_to_utf8(rd->ctx, v));
    return;
  }
  if (!JSValueIsArray(rd->ctx, v)) {
    bad(rd, name, "an array of strings", v);
    return;
  }
  size_t n = js_array_length(rd->ctx, v);
  for (size_t i = 0; i < n; i++) {
    JSValueRef item = js_array_get(rd->ctx, v, (unsigned)i);
    if (!JSValueIsString(rd->ctx, item)) {
      bad(rd, name, "an array of strings (an item is not)", item);
      return;
    }
    strvec_push_owned(out, js_value_to_utf8(rd->ctx, item));
  }
}

static char *read_grep(reader_t *rd) {
  JSValueRef v = opt(rd, "grep");
  if (!v) return NULL;
  if (JSValueIsString(rd->ctx, v)) return js_value_to_utf8(rd->ctx, v);
  if (JSValueIsObject(rd->ctx, v) && JSValueIsString(rd->ctx, js_get(rd->ctx, v, "source"))) {
    char *src = js_get_string(rd->ctx, v, "source");
    char *flags = js_get_string(rd->ctx, v, "flags");
    char *out = xasprintf("/%s/%s", src ? src : "", flags ? flags : "");
    free(src);
    free(flags);
    return out;
  }
  bad(rd, "grep", "a RegExp or a string", v);
  return NULL;
}

static const char *const kKnown[] = {
    "defaultTimeoutInterval",
    "random",
    "seed",
    "stopOnFailure",
    "stopOnSpecFailure",
    "stopSpecOnExpectationFailure",
    "oneFailurePerSpec",
    "grep",
    "invertGrep",
    "failSpecWithNoExpectations",
    "helpers",
    "requires",
    "cleanStack",
    "expectationResultHandler",
};

static void warn_unknown(reader_t *rd) {
  JSPropertyNameArrayRef names = JSObjectCopyPropertyNames(rd->ctx, (JSObjectRef)rd->opts);
  size_t n = JSPropertyNameArrayGetCount(names);
  for (size_t i = 0; i < n; i++) {
    char *name = js_string_to_utf8(JSPropertyNameArrayGetNameAtIndex(names, i));
    bool known = false;
    for (size_t k = 0; k < sizeof(kKnown) / sizeof(kKnown[0]); k++)
      known = known || strcmp(name, kKnown[k]) == 0;
    if (!known)
      fprintf(stderr, "sonde: warning: \"jasmineOpts.%s\" is not an option sonde knows; ignored\n",
              name);
    free(name);
  }
  JSPropertyNameArrayRelease(names);
}

int jasmine_opts_parse(const sonde_config_t *cfg, bool warn, jasmine_opts_t *out, sbuf_t *err) {
  memset(out, 0, sizeof(*out));
  out->timeout = 60000;
  JSContextRef ctx = js_realm_context(cfg->realm);
  JSValueRef opts = js_get(ctx, cfg->object, "jasmineOpts");
  if (JSValueIsUndefined(ctx, opts) || JSValueIsNull(ctx, opts)) return 0;
  reader_t rd = {cfg, ctx, opts, err, false};
  if (!JSValueIsObject(ctx, opts) || JSValueIsArray(ctx, opts) || js_is_function(ctx, opts)) {
    config_key_error(cfg, "jasmineOpts", err, "\"jasmineOpts\" must be an object (got %s)",
                     js_describe_type(ctx, opts));
    return -1;
  }
  if (warn) warn_unknown(&rd);
  JSValueRef v = opt(&rd, "defaultTimeoutInterval");
  if (v) {
    double d = JSValueIsNumber(ctx, v) ? JSValueToNumber(ctx, v, NULL) : NAN;
    if (isnan(d) || d < 0)
      bad(&rd, "defaultTimeoutInterval", "a number of milliseconds, 0 or more", v);
    else out->timeout = d;
  }
  out->random = read_bool(&rd, "random", NULL, false);
  if ((v = opt(&rd, "seed"))) {
    if (JSValueIsNumber(ctx, v) || JSValueIsString(ctx, v)) out->seed = js_value_to_utf8(ctx, v);
    else bad(&rd, "seed", "a number or a string", v);
  }
  out->stop_on_failure = read_bool(&rd, "stopOnFailure", "stopOnSpecFailure", false);
  out->stop_spec_on_failure =
      read_bool(&rd, "stopSpecOnExpectationFailure", "oneFailurePerSpec", false);
  out->grep = read_grep(&rd);
  out->invert_grep = read_bool(&rd, "invertGrep", NULL, false);
  out->fail_no_expectations = read_bool(&rd, "failSpecWithNoExpectations", NULL, false);
  read_list(&rd, "helpers", &out->helpers);
  read_list(&rd, "requires", &out->requires);
  out->clean_stack = read_bool(&rd, "cleanStack", NULL, true);
  if ((v = opt(&rd, "expectationResultHandler"))) {
    if (js_is_function(ctx, v)) out->result_handler = (JSObjectRef)v;
    else bad(&rd, "expectationResultHandler", "a function", v);
  }
  return rd.failed ? -1 : 0;
}

void jasmine_opts_free(jasmine_opts_t *o) {
  free(o->seed);
  free(o->grep);
  strvec_free(&o->helpers);
  strvec_free(&o->requires);
  memset(o, 0, sizeof(*o));
}
