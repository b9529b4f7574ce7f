/* opts_reader: see opts_reader.h. */
#include "config/opts_reader.h"

#include <stdlib.h>

#include "js/jsutil.h"

JSValueRef opts_get(opts_reader_t *rd, const char *name) {
  JSValueRef v = js_get(rd->ctx, rd->opts, name);
  return JSValueIsUndefined(rd->ctx, v) || JSValueIsNull(rd->ctx, v) ? NULL : v;
}

void opts_bad(opts_reader_t *rd, const char *name, const char *what, JSValueRef v) {
  if (rd->failed) return;
  rd->failed = true;
  char *key = xasprintf("%s.%s", rd->section, name);
  config_key_error(rd->cfg, key, rd->err, "\"%s\" must be %s (got %s)", key, what,
                   v ? js_describe_type(rd->ctx, v) : "nothing");
  free(key);
}

bool opts_bool(opts_reader_t *rd, const char *name, const char *alias, bool fallback) {
  JSValueRef v = opts_get(rd, name);
  if (!v && alias) v = opts_get(rd, (name = alias));
  if (!v) return fallback;
  if (!JSValueIsBoolean(rd->ctx, v)) {
    opts_bad(rd, name, "a boolean", v);
    return fallback;
  }
  return JSValueToBoolean(rd->ctx, v);
}

char *opts_string(opts_reader_t *rd, const char *name) {
  JSValueRef v = opts_get(rd, name);
  if (!v) return NULL;
  if (!JSValueIsString(rd->ctx, v)) {
    opts_bad(rd, name, "a string", v);
    return NULL;
  }
  return js_value_to_utf8(rd->ctx, v);
}

void opts_list(opts_reader_t *rd, const char *name, strvec_t *out) {
  JSValueRef v = opts_get(rd, name);
  if (!v) return;
  if (JSValueIsString(rd->ctx, v)) {
    strvec_push_owned(out, js_value_to_utf8(rd->ctx, v));
    return;
  }
  if (!JSValueIsArray(rd->ctx, v)) {
    opts_bad(rd, name, "an array of strings", v);
    return;
  }
  size_t n = js_array_length(rd->ctx, v);
  for (size_t i = 0; i < n; i++) {
    JSValueRef item = js_array_get(rd->ctx, v, (unsigned)i);
    if (!JSValueIsString(rd->ctx, item)) {
      opts_bad(rd, name, "an array of strings (an item is not)", item);
      return;
    }
    strvec_push_owned(out, js_value_to_utf8(rd->ctx, item));
  }
}
