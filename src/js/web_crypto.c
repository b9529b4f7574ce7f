/* web_crypto: the global `crypto` (Web Crypto) on GnuTLS — getRandomValues, randomUUID and
 * crypto.subtle with digest (SHA-1/256/384/512) and HMAC keys (importKey 'raw', sign,
 * verify, exportKey 'raw'), which is what API tests sign tokens with. Subtle methods
 * return promises that settle at once (the work is synchronous and small). Other
 * algorithms reject with NotSupportedError, as Node does for unknown names.
 *
 * Memory: key bytes live in a Uint8Array kept as a hidden property of the CryptoKey. */
#include "js/gnutls_dl.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/sbuf.h"
#include "js/jsbytes.h"
#include "js/jsclass.h"
#include "js/jsutil.h"
#include "js/web.h"

bool js_random_fill(void *buf, size_t n) {
  return n == 0 || gnutls_rnd(GNUTLS_RND_RANDOM, buf, n) == 0;
}

char *js_random_uuid(void) {
  unsigned char b[16];
  if (!js_random_fill(b, sizeof(b))) return NULL;
  b[6] = (unsigned char)((b[6] & 0x0F) | 0x40);
  b[8] = (unsigned char)((b[8] & 0x3F) | 0x80);
  return xasprintf("%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", b[0],
                   b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13],
                   b[14], b[15]);
}

static JSValueRef crypto_random_uuid(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                     const JSValueRef argv[], JSValueRef *exc) {
  char *u = js_random_uuid();
  if (!u) return js_throw(ctx, exc, "Error", "random number generator failed");
  JSValueRef r = js_make_string(ctx, u);
  free(u);
  return r;
}

static JSValueRef crypto_get_random_values(JSContextRef ctx, JSObjectRef f, JSObjectRef self,
                                           size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  JSTypedArrayType t = argc ? JSValueGetTypedArrayType(ctx, argv[0], NULL) : kJSTypedArrayTypeNone;
  if (t == kJSTypedArrayTypeNone || t == kJSTypedArrayTypeArrayBuffer ||
      t == kJSTypedArrayTypeFloat32Array || t == kJSTypedArrayTypeFloat64Array)
    return js_throw_dom(ctx, exc, "TypeMismatchError",
                        "The data argument must be an integer-type TypedArray");
  unsigned char *p;
  size_t n;
  js_bytes_view(ctx, argv[0], &p, &n);
  if (n > 65536)
    return js_throw_dom(ctx, exc, "QuotaExceededError",
                        "The requested length exceeds 65,536 bytes");
  if (!js_random_fill(p, n)) return js_throw(ctx, exc, "Error", "random number generator failed");
  return argv[0];
}

/* ---- subtle ---- */

/* "SHA-256" / {name: "sha-256"} → the GnuTLS digest; GNUTLS_DIG_UNKNOWN if unsupported. */
static gnutls_digest_algorithm_t web_digest(JSContextRef ctx, JSValueRef algo, char **name_out) {
  JSValueRef v = JSValueIsObject(ctx, algo) ? js_get(ctx, algo, "name") : algo;
  char *name = v && !JSValueIsUndefined(ctx, v) ? js_value_to_utf8(ctx, v) : xstrdup("");
  static const struct {
    const char *name;
    gnutls_digest_algorithm_t alg;
  } algs[] = {{"SHA-1", GNUTLS_DIG_SHA1},
              {"SHA-256", GNUTLS_DIG_SHA256},
              {"SHA-384", GNUTLS_DIG_SHA384},
              {"SHA-512", GNUTLS_DIG_SHA512}};
  gnutls_digest_algorithm_t r = GNUTLS_DIG_UNKNOWN;
  for (size_t i = 0; i < sizeof(algs) / sizeof(algs[0]); i++)
    if (strcasecmp(name, algs[i].name) == 0) {
      r = algs[i].alg;
      if (name_out) *name_out = xstrdup(algs[i].name);
    }
  free(name);
  return r;
}

static JSValueRef settled(JSContextRef ctx, JSValueRef value, bool ok, JSValueRef *exc) {
  return js_settled_promise(ctx, ok, value, exc);
}

static JSValueRef rejected_dom(JSContextRef ctx, const char *name, const char *msg,
                               JSValueRef *exc) {
  return settled(ctx, js_make_dom_exception(ctx, name, msg), false, exc);
}

static JSValueRef subtle_digest(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  gnutls_digest_algorithm_t alg = web_digest(ctx, argc ? argv[0] : NULL, NULL);
  if (alg == GNUTLS_DIG_UNKNOWN)
    return rejected_dom(ctx, "NotSupportedError", "Unrecognized algorithm name", exc);
  unsigned char *p;
  size_t n;
  if (argc < 2 || !js_bytes_view(ctx, argv[1], &p, &n)) {
    JSObjectRef e = js_make_node_error(ctx, "TypeError", "ERR_INVALID_ARG_TYPE",
                                       "The \"data\" argument must be an instance of ArrayBuffer, "
                                       "Buffer, TypedArray, or DataView.");
    return settled(ctx, e, false, exc);
  }
  unsigned char out[64];
  if (gnutls_hash_fast(alg, p, n, out) != 0)
    return rejected_dom(ctx, "OperationError", "digest failed", exc);
  return settled(ctx, js_make_arraybuffer(ctx, out, gnutls_hash_get_len(alg)), true, exc);
}

static gnutls_mac_algorithm_t mac_of(gnutls_digest_algorithm_t d) {
  switch (d) {
  case GNUTLS_DIG_SHA1: return GNUTLS_MAC_SHA1;
  case GNUTLS_DIG_SHA256: return GNUTLS_MAC_SHA256;
  case GNUTLS_DIG_SHA384: return GNUTLS_MAC_SHA384;
  case GNUTLS_DIG_SHA512: return GNUTLS_MAC_SHA512;
  default: return GNUTLS_MAC_UNKNOWN;
  }
}

/* importKey('raw', keyData, {name: 'HMAC', hash}, extractable, usages) */
static JSValueRef subtle_import_key(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                    const JSValueRef argv[], JSValueRef *exc) {
  char *format = argc ? js_value_to_utf8(ctx, argv[0]) : xstrdup("");
  JSValueRef algo = argc > 2 ? argv[2] : JSValueMakeUndefined(ctx);
  char *name =
      JSValueIsObject(ctx, algo) ? js_get_string(ctx, algo, "name") : js_value_to_utf8(ctx, algo);
  bool raw = strcmp(format, "raw") == 0, hmac = name && strcasecmp(name, "HMAC") == 0;
  free(format);
  free(name);
  if (!hmac) return rejected_dom(ctx, "NotSupportedError", "Unrecognized algorithm name", exc);
  if (!raw)
    return rejected_dom(ctx, "NotSupportedError", "Unsupported key format for HMAC in sonde", exc);
  char *hash_name = NULL;
  gnutls_digest_algorithm_t d = web_digest(ctx, js_get(ctx, algo, "hash"), &hash_name);
  unsigned char *p;
  size_t n;
  if (d == GNUTLS_DIG_UNKNOWN || argc < 2 || !js_bytes_view(ctx, argv[1], &p, &n)) {
    free(hash_name);
    return rejected_dom(
        ctx, d == GNUTLS_DIG_UNKNOWN ? "NotSupportedError" : "DataError",
        d == GNUTLS_DIG_UNKNOWN ? "Unrecognized algorithm name" : "Invalid key data", exc);
  }
  JSObjectRef key = JSObjectMake(ctx, NULL, NULL);
  js_set_tag(ctx, key, "CryptoKey");
  js_set(ctx, key, "type", js_make_string(ctx, "secret"));
  js_set(ctx, key, "extractable",
         JSValueMakeBoolean(ctx, argc > 3 && JSValueToBoolean(ctx, argv[3])));
  JSObjectRef alg = JSObjectMake(ctx, NULL, NULL);
  js_set(ctx, alg, "name", js_make_string(ctx, "HMAC"));
  JSObjectRef hash = JSObjectMake(ctx, NULL, NULL);
  js_set(ctx, hash, "name", js_make_string(ctx, hash_name));
  js_set(ctx, alg, "hash", hash);
  js_set(ctx, alg, "length", JSValueMakeNumber(ctx, (double)n * 8));
  js_set(ctx, key, "algorithm", alg);
  js_set(ctx, key, "usages", argc > 4 ? argv[4] : js_make_array(ctx, 0, NULL));
  js_set_hidden(ctx, key, "__sonde_key", js_make_uint8array(ctx, p, n));
  js_set_hidden(ctx, key, "__sonde_hash", JSValueMakeNumber(ctx, d));
  free(hash_name);
  return settled(ctx, key, true, exc);
}

/* HMAC of `data` with `key` into out; 0 length when the key is not one of ours. */
static size_t key_hmac(JSContextRef ctx, JSValueRef key, JSValueRef data, unsigned char out[64]) {
  unsigned char *k, *d;
  size_t kn, dn;
  if (!js_bytes_view(ctx, js_get(ctx, key, "__sonde_key"), &k, &kn)) return 0;
  gnutls_digest_algorithm_t alg =
      (gnutls_digest_algorithm_t)js_get_number(ctx, key, "__sonde_hash", 0);
  unsigned char *kc = xmalloc(kn ? kn : 1);
  memcpy(kc, k, kn);
  size_t len = 0;
  if (js_bytes_view(ctx, data, &d, &dn) && gnutls_hmac_fast(mac_of(alg), kc, kn, d, dn, out) == 0)
    len = gnutls_hash_get_len(alg);
  free(kc);
  return len;
}

static JSValueRef subtle_sign(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  unsigned char out[64];
  size_t n = argc > 2 ? key_hmac(ctx, argv[1], argv[2], out) : 0;
  if (!n)
    return rejected_dom(ctx, "InvalidAccessError", "sonde signs with HMAC CryptoKeys only", exc);
  return settled(ctx, js_make_arraybuffer(ctx, out, n), true, exc);
}

static JSValueRef subtle_verify(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  unsigned char out[64], *sig;
  size_t sn, n = argc > 3 ? key_hmac(ctx, argv[1], argv[3], out) : 0;
  if (!n || !js_bytes_view(ctx, argv[2], &sig, &sn))
    return rejected_dom(ctx, "InvalidAccessError", "sonde verifies with HMAC CryptoKeys only", exc);
  bool ok = sn == n && gnutls_memcmp(sig, out, n) == 0;
  return settled(ctx, JSValueMakeBoolean(ctx, ok), true, exc);
}

static JSValueRef subtle_export_key(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                    const JSValueRef argv[], JSValueRef *exc) {
  unsigned char *k;
  size_t kn;
  if (argc < 2 || !js_bytes_view(ctx, js_get(ctx, argv[1], "__sonde_key"), &k, &kn))
    return rejected_dom(ctx, "InvalidAccessError", "not an exportable key", exc);
  if (!JSValueToBoolean(ctx, js_get(ctx, argv[1], "extractable")))
    return rejected_dom(ctx, "InvalidAccessError", "key is not extractable", exc);
  return settled(ctx, js_make_arraybuffer(ctx, k, kn), true, exc);
}

static JSValueRef subtle_unsupported(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                     const JSValueRef argv[], JSValueRef *exc) {
  return rejected_dom(ctx, "NotSupportedError",
                      "This crypto.subtle operation is not available in sonde", exc);
}

void js_crypto_install(JSContextRef ctx) {
  if (!js_once(ctx, "__sonde_once_crypto")) return;
  JSObjectRef global = JSContextGetGlobalObject(ctx);
  JSObjectRef crypto = JSObjectMake(ctx, NULL, NULL);
  js_set_tag(ctx, crypto, "Crypto");
  static const js_fn_t fns[] = {{"getRandomValues", crypto_get_random_values, 1},
                                {"randomUUID", crypto_random_uuid, 0},
                                {NULL, NULL, 0}};
  js_define_methods(ctx, crypto, fns);
  JSObjectRef subtle = JSObjectMake(ctx, NULL, NULL);
  js_set_tag(ctx, subtle, "SubtleCrypto");
  static const js_fn_t sfns[] = {
      {"digest", subtle_digest, 2},
      {"importKey", subtle_import_key, 5},
      {"sign", subtle_sign, 3},
      {"verify", subtle_verify, 4},
      {"exportKey", subtle_export_key, 2},
      {"encrypt", subtle_unsupported, 3},
      {"decrypt", subtle_unsupported, 3},
      {"generateKey", subtle_unsupported, 3},
      {"deriveBits", subtle_unsupported, 3},
      {"deriveKey", subtle_unsupported, 5},
      {"wrapKey", subtle_unsupported, 4},
      {"unwrapKey", subtle_unsupported, 7},
      {NULL, NULL, 0},
  };
  js_define_methods(ctx, subtle, sfns);
  js_define_value(ctx, crypto, "subtle", subtle, false);
  js_define_value(ctx, global, "crypto", crypto, false);
}
