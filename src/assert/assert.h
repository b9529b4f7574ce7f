/* assert: the assertion APIs of spec files: `assertResponse(response)` (exported by the
 * `sonde` module and its aliases), the Jest-compatible `expect` global (also exported), the
 * API matchers on responses, and Node's `assert` module. Installed per realm by the worker;
 * nothing here outlives the realm except the process-wide schema cache. */
#ifndef SONDE_ASSERT_ASSERT_H
#define SONDE_ASSERT_ASSERT_H

#include <JavaScriptCore/JavaScript.h>

#include "common/sbuf.h"
#include "config/config.h"
#include "js/runtime.h"

/* Once per runtime: registers the built-in modules `assert`/`node:assert` (and
 * `assert/strict`). In realms that got assert_install_globals, require('assert') returns
 * the callable assert function; elsewhere a plain object with its methods. */
void assert_register_builtins(js_runtime_t *rt);

/* Per spec realm: installs the `expect` global. */
void assert_install_globals(js_realm_t *realm);

/* Adds assertResponse, expect, AssertionError, apiMatchers (the API matchers as
 * functions for expect.extend) and loadApiSpec to the exports of `sonde`/`wdio-api-runner`/`@wdio/globals`. */
void assert_export(js_realm_t *realm, JSObjectRef exports);

/* apiRunner.openapi of the config (assert_openapi.c): remembers the document's path (and
 * the config's folder, from which loadApiSpec's relative paths resolve); with `load`, loads
 * it now so that a broken document stops the run before it starts. -1 with one message
 * naming the key, file and JSON pointer. */
int assert_openapi_configure(const sonde_config_t *cfg, bool load, sbuf_t *err);

#endif
