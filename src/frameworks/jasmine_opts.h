/* jasmine_opts: the config's `jasmineOpts` (framework: 'jasmine'), read and checked the way
 * config.c checks the core options: a value of the wrong type gives one message
 * "<config>:<line>: \"jasmineOpts.<key>\" ..." (config_key_error); an unknown key is a
 * warning (WebdriverIO passes unknown keys on to jasmine, which ignores them). The launcher
 * calls it before any worker starts; each worker reads it again for its jobs. Defaults are
 * WebdriverIO's (defaultTimeoutInterval 60000, random false).
 *
 * Memory: everything in jasmine_opts_t is owned by it (jasmine_opts_free), except
 * `result_handler`, a function of the config's realm kept alive by the config object. */
#ifndef SONDE_FRAMEWORKS_JASMINE_OPTS_H
#define SONDE_FRAMEWORKS_JASMINE_OPTS_H

#include <JavaScriptCore/JavaScript.h>
#include <stdbool.h>

#include "common/sbuf.h"
#include "common/strvec.h"
#include "config/config.h"

typedef struct {
  double timeout; /* defaultTimeoutInterval, ms */
  bool random;
  char *seed;                /* as written (jasmine concatenates it as a string); NULL */
  bool stop_on_failure;      /* stopOnFailure / stopOnSpecFailure */
  bool stop_spec_on_failure; /* stopSpecOnExpectationFailure / oneFailurePerSpec */
  char *grep;                /* RegExp source, "/src/flags" for a RegExp value; NULL */
  bool invert_grep;
  bool fail_no_expectations; /* failSpecWithNoExpectations */
  strvec_t helpers;          /* globs, loaded before each spec file */
  strvec_t requires;         /* modules loaded before the helpers */
  bool clean_stack;
  JSObjectRef result_handler; /* expectationResultHandler(passed, assertion); NULL */
} jasmine_opts_t;

/* 0, or -1 with one message in err. `warn`: print unknown keys to stderr (the launcher).
 * `out` is filled either way (free it). */
int jasmine_opts_parse(const sonde_config_t *cfg, bool warn, jasmine_opts_t *out, sbuf_t *err);
void jasmine_opts_free(jasmine_opts_t *o);

#endif
