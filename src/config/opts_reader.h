/* opts_reader: reads one options section of the config (`jasmineOpts`, `cucumberOpts`, ...)
 * with the checks every section needs: a key set to the wrong type is one error naming
 * `<section>.<key>`, the config file and line (config_key_error), and only the first error
 * is kept. Values returned as strings are malloc'd for the caller; nothing else is owned. */
#ifndef SONDE_CONFIG_OPTS_READER_H
#define SONDE_CONFIG_OPTS_READER_H

#include <JavaScriptCore/JavaScript.h>
#include <stdbool.h>

#include "common/sbuf.h"
#include "common/strvec.h"
#include "config/config.h"

typedef struct {
  const sonde_config_t *cfg;
  JSContextRef ctx;
  JSValueRef opts;     /* the section's object */
  const char *section; /* "jasmineOpts" */
  sbuf_t *err;
  bool failed; /* an error was reported (the first one wins) */
} opts_reader_t;

/* The value of `name`, NULL when it is unset (undefined or null). */
JSValueRef opts_get(opts_reader_t *rd, const char *name);
/* Reports "<section>.<name>" must be `what` (got <kind of v>); v may be NULL. */
void opts_bad(opts_reader_t *rd, const char *name, const char *what, JSValueRef v);
/* A boolean; `alias` (an older or WebdriverIO name, or NULL) is read when `name` is unset. */
bool opts_bool(opts_reader_t *rd, const char *name, const char *alias, bool fallback);
/* A string, or NULL when unset. */
char *opts_string(opts_reader_t *rd, const char *name);
/* A string or an array of strings, appended to `out`. */
void opts_list(opts_reader_t *rd, const char *name, strvec_t *out);

#endif
