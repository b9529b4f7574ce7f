/* registry_js: reporter options that are JavaScript functions or RegExps in the config
 * (outputFileFormat, suiteNameFormat, classNameFormat), called in the config's realm of
 * the launcher. Each object protects the JS values it holds and unprotects them in its
 * free; it must be freed before the config (the launcher frees reporters first).
 * Internal to the registry. */
#ifndef SONDE_REPORT_REGISTRY_JS_H
#define SONDE_REPORT_REGISTRY_JS_H

#include <JavaScriptCore/JavaScript.h>

#include "config/config.h"
#include "report/junit.h"
#include "report/util.h"

/* The options object of reporters[index] in the config's JS object, or NULL when the entry
 * has none (or the config has no JS object). */
JSValueRef rjs_entry_options(const sonde_config_t *cfg, size_t index);
/* Member `key` of `options`; NULL when absent (undefined or null). */
JSValueRef rjs_get(const sonde_config_t *cfg, JSValueRef options, const char *key);
bool rjs_is_function(const sonde_config_t *cfg, JSValueRef v);
bool rjs_is_regexp(const sonde_config_t *cfg, JSValueRef v);

/* outputFileFormat: called with {...config, cid, capabilities, ...reporterOptions} as
 * WebdriverIO does; it must return a non-empty string. */
report_namer_t *rjs_namer_new(const sonde_config_t *cfg, JSValueRef options, JSValueRef fn);

/* suiteNameFormat (a RegExp, a RegExp source string, or a function of {name, suite}) and
 * classNameFormat (a function of {packageName, suite}); either may be NULL. *out is NULL
 * when both are. Returns -1 with the reason in `err` when a string is no valid RegExp. */
int rjs_junit_names_new(const sonde_config_t *cfg, JSValueRef suite_format, JSValueRef class_format,
                        junit_names_t **out, sbuf_t *err);

#endif
