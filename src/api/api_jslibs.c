/* api_auth: the natives of jslib/api-auth.js (wdio-api-runner's auth helpers) and their
 * export from `sonde`. The helpers' token state is JavaScript; what they send goes through
 * a client of this module (createApiClient's), and every secret they handle (passwords,
 * API keys, tokens, client secrets) is registered with common/secret.h so it is masked in
 * every output: logs, reports, exchange records, error messages.
 *
 * Memory: nothing kept here; the library's value is cached per realm by js_jslib_call. */
#include <stdlib.h>
#include <string.h>

#include "api/api_internal.h"
#include "js/jsbytes.h"
#include "js/jsclass.h"

/* secret(value): registers a string as secret (short ones are ignored by the registry). */
static JSValueRef n_secret(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                           const JSValueRef argv[], JSValueRef *exc) {
  if (argc && JSValueIsString(ctx, argv[0])) {
    size_t len;
    char *s = js_value_to_utf8_len(ctx, argv[0], &len);
    secret_add(s, len);
    free(s);
  }
  return JSValueMakeUndefined(ctx);
}

/* toBase64(text): the base64 of the text's UTF-8, as Buffer.from(text).toString('base64'). */
static JSValueRef n_to_base64(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  size_t len, out_len;
  char *s = js_value_to_utf8_len(ctx, argc ? argv[0] : JSValueMakeUndefined(ctx), &len);
  char *b64 = js_base64_encode((const unsigned char *)s, len, false, &out_len);
  JSValueRef v = js_make_string_len(ctx, b64, out_len);
  free(s);
  free(b64);
  return v;
}

/* fromBase64(text): base64 or base64url, decoded as UTF-8 text (a JWT's payload). */
static JSValueRef n_from_base64(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  size_t len, out_len;
  char *s = js_value_to_utf8_len(ctx, argc ? argv[0] : JSValueMakeUndefined(ctx), &len);
  unsigned char *bytes = js_base64_decode(s, len, &out_len);
  JSValueRef v = api_make_text(ctx, (const char *)bytes, out_len);
  free(s);
  free(bytes);
  return v;
}

/* client(): a client of the realm with createApiClient's defaults (the token endpoint's). */
static JSValueRef n_client(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                           const JSValueRef argv[], JSValueRef *exc) {
  return api_create_client(ctx, NULL, exc);
}

void api_auth_export(js_realm_t *realm, JSObjectRef exports) {
  JSContextRef ctx = js_realm_context(realm);
  JSObjectRef natives = JSObjectMake(ctx, NULL, NULL);
  js_set_function(ctx, natives, "secret", n_secret);
  js_set_function(ctx, natives, "toBase64", n_to_base64);
  js_set_function(ctx, natives, "fromBase64", n_from_base64);
  js_set_function(ctx, natives, "client", n_client);
  JSValueRef natives_v = natives;
  JSValueRef exc = NULL;
  JSValueRef lib = js_jslib_call(ctx, "api-auth", 1, &natives_v, &exc);
  if (!lib || !JSValueIsObject(ctx, lib)) {
    if (exc) js_realm_report_uncaught(realm, exc, false);
    return;
  }
  static const char *const names[] = {"basicAuth",       "apiKeyAuth",     "bearerAuth",
                                      "oauth2ClientCredentials", "parseJwtExpiry",
                                      "shouldExclude",   "encodeBasicAuth", "isTokenExpired",
                                      "mergeHeaders"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    js_set(ctx, exports, names[i], js_get(ctx, lib, names[i]));
}
