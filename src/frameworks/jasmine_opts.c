/* jasmine_opts: see jasmine_opts.h. Values are read from the config object itself (not its
 * JSON): `grep` may be a RegExp and `expectationResultHandler` a function. */
#include "frameworks/jasmine_opts.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/opts_reader.h"
#include "js/jsutil.h"

static char *read_grep(opts_reader_t *rd) {
  JSValueRef v = opts_get(rd, "grep");
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
  opts_bad(rd, "grep", "a RegExp or a string", v);
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

static void warn_unknown(opts_reader_t *rd) {
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
  opts_reader_t rd = {cfg, ctx, opts, "jasmineOpts", err, false};
  if (!JSValueIsObject(ctx, opts) || JSValueIsArray(ctx, opts) || js_is_function(ctx, opts)) {
    config_key_error(cfg, "jasmineOpts", err, "\"jasmineOpts\" must be an object (got %s)",
                     js_describe_type(ctx, opts));
    return -1;
  }
  if (warn) warn_unknown(&rd);
  JSValueRef v = opts_get(&rd, "defaultTimeoutInterval");
  if (v) {
    double d = JSValueIsNumber(ctx, v) ? JSValueToNumber(ctx, v, NULL) : NAN;
    if (isnan(d) || d < 0)
      opts_bad(&rd, "defaultTimeoutInterval", "a number of milliseconds, 0 or more", v);
    else out->timeout = d;
  }
  out->random = opts_bool(&rd, "random", NULL, false);
  if ((v = opts_get(&rd, "seed"))) {
    if (JSValueIsNumber(ctx, v) || JSValueIsString(ctx, v)) out->seed = js_value_to_utf8(ctx, v);
    else opts_bad(&rd, "seed", "a number or a string", v);
  }
  out->stop_on_failure = opts_bool(&rd, "stopOnFailure", "stopOnSpecFailure", false);
  out->stop_spec_on_failure =
      opts_bool(&rd, "stopSpecOnExpectationFailure", "oneFailurePerSpec", false);
  out->grep = read_grep(&rd);
  out->invert_grep = opts_bool(&rd, "invertGrep", NULL, false);
  out->fail_no_expectations = opts_bool(&rd, "failSpecWithNoExpectations", NULL, false);
  opts_list(&rd, "helpers", &out->helpers);
  opts_list(&rd, "requires", &out->requires);
  out->clean_stack = opts_bool(&rd, "cleanStack", NULL, true);
  if ((v = opts_get(&rd, "expectationResultHandler"))) {
    if (js_is_function(ctx, v)) out->result_handler = (JSObjectRef)v;
    else opts_bad(&rd, "expectationResultHandler", "a function", v);
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
