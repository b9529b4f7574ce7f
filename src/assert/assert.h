/* assert: the assertion APIs of spec files: `assertResponse(response)` (exported by the
 * `sonde` module and its aliases), the Jest-compatible `expect` global (also exported), the
 * API matchers on responses, and Node's `assert` module. Installed per realm by the worker;
 * nothing here outlives the realm except the process-wide schema cache. */
#ifndef SONDE_ASSERT_ASSERT_H
#define SONDE_ASSERT_ASSERT_H

#include <JavaScriptCore/JavaScript.h>

#include "api/api.h"
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
/* sonde's own expect (with the API matchers), for an interface whose global `expect` is
 * another one (jasmine's runs the API matchers on it). */
JSObjectRef assert_expect(JSContextRef ctx);

/* apiRunner.openapi of the config (assert_openapi.c): remembers the document's path (and
 * the config's folder, from which loadApiSpec's relative paths resolve); with `load`, loads
 * it now so that a broken document stops the run before it starts. -1 with one message
 * naming the key, file and JSON pointer. */
int assert_openapi_configure(const sonde_config_t *cfg, bool load, sbuf_t *err);

typedef enum { ASSERT_OPENAPI_OFF, ASSERT_OPENAPI_WARN, ASSERT_OPENAPI_ALL } assert_openapi_mode_t;
/* apiRunner.openapi.validate: 'off' (default), 'warn' or 'all'. */
assert_openapi_mode_t assert_openapi_validate_mode(void);
/* The automatic mode's check of every response (an api_response_check_fn): with 'all', a
 * violation sets *exception to its AssertionError (the call rejects with it, so the test
 * fails where it awaited, its stack at the call's line); with 'warn' it is printed through
 * console.warn. */
void assert_openapi_auto_check(JSContextRef ctx, JSValueRef response, JSObjectRef origin,
                               void *userdata, JSValueRef *exception);

/* apiRunner.openapi.validateRequests (an api_request_check_fn): each request checked
 * against its operation before it is sent; a violation rejects the call unsent with its
 * AssertionError (printed instead with validate: 'warn'). */
void assert_openapi_request_check(JSContextRef ctx, const api_request_info_t *request,
                                  JSObjectRef origin, void *userdata, JSValueRef *exception);
/* Documents read from http(s) URLs so far, by URL (texts; borrowed, NULL when none): the
 * launcher hands them to workers, which seed their own reads with them, so the config's
 * document and its $refs are fetched once per run. */
json_t *assert_openapi_fetched(void);
void assert_openapi_seed_fetched(const json_t *texts);
/* The coverage counted since the last call, one openapi_coverage object per document the
 * process loaded (`all`) or only those checks touched; NULL when there is none. */
json_t *assert_openapi_take_coverage(bool all);

#endif
