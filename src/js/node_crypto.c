/* node_crypto: the `crypto` module on GnuTLS — createHash (md5, sha1, sha224, sha256,
 * sha384, sha512) and createHmac with update/digest (hex, base64, base64url, latin1 or a
 * Buffer) and copy, hash(), randomBytes, randomFillSync, randomInt, randomUUID,
 * getRandomValues, timingSafeEqual, pbkdf2/pbkdf2Sync, getHashes, webcrypto/subtle.
 * Ciphers, signatures and key pairs are not provided: calling them throws an error that
 * names the function (ERR_SONDE_UNSUPPORTED).
 *
 * Memory: a Hash/Hmac object's private data owns its GnuTLS handle, freed on digest() or
 * by the finalizer. */
#include "js/gnutls_dl.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/sbuf.h"
#include "js/jsbytes.h"
#include "js/jsclass.h"
#include "js/jsutil.h"
#include "js/node.h"
#include "js/web.h"

typedef struct {
  bool hmac;
  bool done;
  gnutls_digest_algorithm_t alg;
  gnutls_hash_hd_t hash;
  gnutls_hmac_hd_t mac;
} hasher_t;

static const struct {
  const char *name;
  gnutls_digest_algorithm_t dig;
  gnutls_mac_algorithm_t mac;
} kAlgs[] = {
    {"md5", GNUTLS_DIG_MD5, GNUTLS_MAC_MD5},
    {"sha1", GNUTLS_DIG_SHA1, GNUTLS_MAC_SHA1},
    {"sha224", GNUTLS_DIG_SHA224, GNUTLS_MAC_SHA224},
    {"sha256", GNUTLS_DIG_SHA256, GNUTLS_MAC_SHA256},
    {"sha384", GNUTLS_DIG_SHA384, GNUTLS_MAC_SHA384},
    {"sha512", GNUTLS_DIG_SHA512, GNUTLS_MAC_SHA512},
};

/* OpenSSL-style names: "sha256", "SHA256", "sha-256", "RSA-SHA256". -1 when unknown. */
static int alg_index(const char *name) {
  if (strncasecmp(name, "RSA-", 4) == 0) name += 4;
  char norm[32];
  size_t o = 0;
  for (const char *p = name; *p && o + 1 < sizeof(norm); p++)
    if (*p != '-') norm[o++] = *p;
  norm[o] = '\0';
  for (size_t i = 0; i < sizeof(kAlgs) / sizeof(kAlgs[0]); i++)
    if (strcasecmp(norm, kAlgs[i].name) == 0) return (int)i;
  return -1;
}

static void hasher_release(hasher_t *h) {
  if (h->done) return;
  unsigned char sink[64];
  if (h->hmac) gnutls_hmac_deinit(h->mac, sink);
  else gnutls_hash_deinit(h->hash, sink);
  h->done = true;
}

static void hasher_finalize(JSObjectRef o) {
  hasher_t *h = JSObjectGetPrivate(o);
  if (!h) return;
  hasher_release(h);
  free(h);
}

static js_class_def_t hash_class, hmac_class;

static hasher_t *hasher_of(JSContextRef ctx, JSValueRef self, JSValueRef *exc) {
  hasher_t *h = js_class_private(ctx, &hash_class, self);
  if (!h) h = js_class_private(ctx, &hmac_class, self);
  if (!h) js_throw(ctx, exc, "TypeError", "Illegal invocation");
  return h;
}

/* The bytes of update()'s data: a string in `enc` (utf8 by default) or a buffer. */
static unsigned char *data_bytes(JSContextRef ctx, JSValueRef v, JSValueRef encv, size_t *n,
                                 JSValueRef *exc) {
  unsigned char *p;
  if (js_bytes_view(ctx, v, &p, n)) {
    unsigned char *c = xmalloc(*n ? *n : 1);
    memcpy(c, p, *n);
    return c;
  }
  if (!JSValueIsString(ctx, v)) {
    js_throw_arg_type(ctx, exc, "data",
                      "of type string or an instance of Buffer, TypedArray, or DataView", v);
    return NULL;
  }
  js_encoding_t enc = JS_ENC_UTF8;
  if (encv && JSValueIsString(ctx, encv)) {
    char *name = js_value_to_utf8(ctx, encv);
    enc = js_encoding_parse(name);
    free(name);
  }
  return js_encode_string(ctx, v, enc, n, exc);
}

static JSValueRef hasher_update(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  hasher_t *h = hasher_of(ctx, self, exc);
  if (!h) return NULL;
  if (h->done)
    return js_throw_code(ctx, exc, "Error", "ERR_CRYPTO_HASH_FINALIZED", "Digest already called");
  size_t n;
  unsigned char *d = data_bytes(ctx, argc ? argv[0] : JSValueMakeUndefined(ctx),
                                argc > 1 ? argv[1] : NULL, &n, exc);
  if (!d) return NULL;
  int r = h->hmac ? gnutls_hmac(h->mac, d, n) : gnutls_hash(h->hash, d, n);
  free(d);
  if (r != 0) return js_throw(ctx, exc, "Error", "hash update failed: %s", gnutls_strerror(r));
  return self;
}

static JSValueRef encode_out(JSContextRef ctx, const unsigned char *d, size_t n, JSValueRef encv,
                             JSValueRef *exc) {
  if (!encv || JSValueIsUndefined(ctx, encv) || js_get_number(ctx, encv, "length", -1) == 0 ||
      !JSValueIsString(ctx, encv))
    return js_buffer_from(ctx, d, n);
  char *name = js_value_to_utf8(ctx, encv);
  js_encoding_t enc = js_encoding_parse(name);
  free(name);
  if (enc == JS_ENC_INVALID) return js_buffer_from(ctx, d, n);
  return js_decode_bytes(ctx, d, n, enc);
}

static JSValueRef hasher_digest(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  hasher_t *h = hasher_of(ctx, self, exc);
  if (!h) return NULL;
  if (h->done)
    return js_throw_code(ctx, exc, "Error", "ERR_CRYPTO_HASH_FINALIZED", "Digest already called");
  unsigned char out[64];
  if (h->hmac) gnutls_hmac_deinit(h->mac, out);
  else gnutls_hash_deinit(h->hash, out);
  h->done = true;
  return encode_out(ctx, out, gnutls_hash_get_len(h->alg), argc ? argv[0] : NULL, exc);
}

static JSValueRef hash_copy(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                            const JSValueRef argv[], JSValueRef *exc) {
  hasher_t *h = js_class_this(ctx, &hash_class, self, exc);
  if (!h) return NULL;
  if (h->done)
    return js_throw_code(ctx, exc, "Error", "ERR_CRYPTO_HASH_FINALIZED", "Digest already called");
  hasher_t *c = xcalloc(1, sizeof(*c));
  c->alg = h->alg;
  c->hash = gnutls_hash_copy(h->hash);
  if (!c->hash) {
    free(c);
    return js_throw(ctx, exc, "Error", "hash copy failed");
  }
  return js_class_make(ctx, &hash_class, c, NULL);
}

static js_class_def_t hash_class = {
    .name = "Hash",
    .finalize = hasher_finalize,
    .methods = (const js_fn_t[]){{"update", hasher_update, 2},
                                 {"digest", hasher_digest, 1},
                                 {"copy", hash_copy, 0},
                                 {NULL, NULL, 0}},
};
static js_class_def_t hmac_class = {
    .name = "Hmac",
    .finalize = hasher_finalize,
    .methods =
        (const js_fn_t[]){
            {"update", hasher_update, 2}, {"digest", hasher_digest, 1}, {NULL, NULL, 0}},
};

static int alg_arg(JSContextRef ctx, size_t argc, const JSValueRef argv[], JSValueRef *exc) {
  if (argc < 1 || !JSValueIsString(ctx, argv[0])) {
    js_throw_arg_type(ctx, exc, "algorithm", "of type string", argc ? argv[0] : NULL);
    return -1;
  }
  char *name = js_value_to_utf8(ctx, argv[0]);
  int i = alg_index(name);
  free(name);
  if (i < 0) js_throw(ctx, exc, "Error", "Digest method not supported");
  return i;
}

static JSValueRef create_hash(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  int i = alg_arg(ctx, argc, argv, exc);
  if (i < 0) return NULL;
  hasher_t *h = xcalloc(1, sizeof(*h));
  h->alg = kAlgs[i].dig;
  int r = gnutls_hash_init(&h->hash, h->alg);
  if (r != 0) {
    free(h);
    return js_throw(ctx, exc, "Error", "Digest method not supported");
  }
  js_class_init(ctx, &hash_class);
  return js_class_make(ctx, &hash_class, h, NULL);
}

static JSValueRef create_hmac(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  int i = alg_arg(ctx, argc, argv, exc);
  if (i < 0) return NULL;
  size_t kn;
  unsigned char *key =
      data_bytes(ctx, argc > 1 ? argv[1] : JSValueMakeUndefined(ctx), NULL, &kn, exc);
  if (!key) return NULL;
  hasher_t *h = xcalloc(1, sizeof(*h));
  h->hmac = true;
  h->alg = kAlgs[i].dig;
  int r = gnutls_hmac_init(&h->mac, kAlgs[i].mac, key, kn);
  free(key);
  if (r != 0) {
    free(h);
    return js_throw(ctx, exc, "Error", "Invalid digest: %s", gnutls_strerror(r));
  }
  js_class_init(ctx, &hmac_class);
  return js_class_make(ctx, &hmac_class, h, NULL);
}

/* crypto.hash(algorithm, data[, outputEncoding = 'hex']) */
static JSValueRef one_shot_hash(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                const JSValueRef argv[], JSValueRef *exc) {
  int i = alg_arg(ctx, argc, argv, exc);
  if (i < 0) return NULL;
  size_t n;
  unsigned char *d = data_bytes(ctx, argc > 1 ? argv[1] : JSValueMakeUndefined(ctx), NULL, &n, exc);
  if (!d) return NULL;
  unsigned char out[64];
  gnutls_hash_fast(kAlgs[i].dig, d, n, out);
  free(d);
  JSValueRef enc = argc > 2 ? argv[2] : js_make_string(ctx, "hex");
  char *name = js_value_to_utf8(ctx, enc);
  bool buffer = strcmp(name, "buffer") == 0;
  free(name);
  return buffer ? js_buffer_from(ctx, out, gnutls_hash_get_len(kAlgs[i].dig))
                : encode_out(ctx, out, gnutls_hash_get_len(kAlgs[i].dig), enc, exc);
}

static JSValueRef random_bytes(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  if (argc < 1 || !JSValueIsNumber(ctx, argv[0]))
    return js_throw_arg_type(ctx, exc, "size", "of type number", argc ? argv[0] : NULL);
  double d = JSValueToNumber(ctx, argv[0], NULL);
  if (!(d >= 0 && d <= 2147483647))
    return js_throw_code(
        ctx, exc, "RangeError", "ERR_OUT_OF_RANGE",
        "The value of \"size\" is out of range. It must be >= 0 && <= 2147483647. Received %g", d);
  size_t n = (size_t)d;
  unsigned char *b = xmalloc(n ? n : 1);
  if (!js_random_fill(b, n)) {
    free(b);
    return js_throw(ctx, exc, "Error", "random number generator failed");
  }
  JSObjectRef buf = js_buffer_adopt(ctx, b, n);
  if (argc > 1 && js_is_function(ctx, argv[1])) {
    js_realm_t *realm = js_realm_from_context(ctx);
    JSValueRef args[2] = {JSValueMakeNull(ctx), buf};
    if (realm) js_realm_defer(realm, (JSObjectRef)argv[1], 2, args);
    return JSValueMakeUndefined(ctx);
  }
  return buf;
}

static JSValueRef random_fill_sync(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                   const JSValueRef argv[], JSValueRef *exc) {
  unsigned char *p;
  size_t n;
  if (argc < 1 || !js_bytes_view(ctx, argv[0], &p, &n))
    return js_throw_arg_type(ctx, exc, "buf", "an instance of ArrayBuffer or ArrayBufferView",
                             argc ? argv[0] : NULL);
  size_t off =
      argc > 1 && JSValueIsNumber(ctx, argv[1]) ? (size_t)JSValueToNumber(ctx, argv[1], NULL) : 0;
  if (off > n) off = n;
  size_t len = argc > 2 && JSValueIsNumber(ctx, argv[2])
                   ? (size_t)JSValueToNumber(ctx, argv[2], NULL)
                   : n - off;
  if (len > n - off) len = n - off;
  js_random_fill(p + off, len);
  return argv[0];
}

/* randomInt([min, ]max[, callback]): uniform in [min, max) by rejection sampling. */
static JSValueRef random_int(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                             const JSValueRef argv[], JSValueRef *exc) {
  size_t nums = 0;
  double v[2] = {0, 0};
  JSValueRef cb = NULL;
  for (size_t i = 0; i < argc; i++) {
    if (JSValueIsNumber(ctx, argv[i]) && nums < 2) v[nums++] = JSValueToNumber(ctx, argv[i], NULL);
    else if (js_is_function(ctx, argv[i])) cb = argv[i];
  }
  double min = nums == 2 ? v[0] : 0, max = nums == 2 ? v[1] : v[0];
  if (nums == 0 || floor(min) != min || floor(max) != max)
    return js_throw_arg_type(ctx, exc, nums == 0 ? "max" : "min", "a safe integer",
                             argc ? argv[0] : NULL);
  if (!(max > min))
    return js_throw_code(ctx, exc, "RangeError", "ERR_OUT_OF_RANGE",
                         "The value of \"max\" is out of range. It must be greater than the value "
                         "of \"min\" (%g). Received %g",
                         min, max);
  uint64_t range = (uint64_t)(max - min), x, limit = UINT64_MAX - UINT64_MAX % range;
  do { js_random_fill(&x, sizeof(x)); } while (x >= limit);
  JSValueRef r = JSValueMakeNumber(ctx, min + (double)(x % range));
  if (cb) {
    js_realm_t *realm = js_realm_from_context(ctx);
    JSValueRef args[2] = {JSValueMakeNull(ctx), r};
    if (realm) js_realm_defer(realm, (JSObjectRef)cb, 2, args);
    return JSValueMakeUndefined(ctx);
  }
  return r;
}

static JSValueRef timing_safe_equal(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                                    const JSValueRef argv[], JSValueRef *exc) {
  unsigned char *a, *b;
  size_t an, bn;
  if (argc < 2 || !js_bytes_view(ctx, argv[0], &a, &an) || !js_bytes_view(ctx, argv[1], &b, &bn))
    return js_throw_arg_type(ctx, exc, "buf1",
                             "an instance of ArrayBuffer, Buffer, TypedArray, or DataView",
                             argc ? argv[0] : NULL);
  if (an != bn)
    return js_throw_code(ctx, exc, "RangeError", "ERR_CRYPTO_TIMING_SAFE_EQUAL_LENGTH",
                         "Input buffers must have the same byte length");
  return JSValueMakeBoolean(ctx, gnutls_memcmp(a, b, an) == 0);
}

/* pbkdf2Sync(password, salt, iterations, keylen, digest) and the callback form. */
static JSValueRef pbkdf2_run(JSContextRef ctx, size_t argc, const JSValueRef argv[],
                             JSValueRef *exc) {
  size_t pn, sn;
  unsigned char *pw =
      data_bytes(ctx, argc > 0 ? argv[0] : JSValueMakeUndefined(ctx), NULL, &pn, exc);
  if (!pw) return NULL;
  unsigned char *salt =
      data_bytes(ctx, argc > 1 ? argv[1] : JSValueMakeUndefined(ctx), NULL, &sn, exc);
  if (!salt) {
    free(pw);
    return NULL;
  }
  double iter = argc > 2 ? JSValueToNumber(ctx, argv[2], NULL) : 0;
  double keylen = argc > 3 ? JSValueToNumber(ctx, argv[3], NULL) : 0;
  char *dname =
      argc > 4 && JSValueIsString(ctx, argv[4]) ? js_value_to_utf8(ctx, argv[4]) : xstrdup("sha1");
  int i = alg_index(dname);
  JSValueRef r = NULL;
  if (i < 0) {
    js_throw_code(ctx, exc, "TypeError", "ERR_CRYPTO_INVALID_DIGEST", "Invalid digest: %s", dname);
  } else if (!(iter >= 1) || !(keylen >= 0)) {
    js_throw_code(ctx, exc, "RangeError", "ERR_OUT_OF_RANGE",
                  "The value of \"iterations\" or \"keylen\" is out of range");
  } else {
    size_t n = (size_t)keylen;
    unsigned char *out = xmalloc(n ? n : 1);
    gnutls_datum_t key = {pw, (unsigned)pn}, s = {salt, (unsigned)sn};
    int rc = n ? gnutls_pbkdf2(kAlgs[i].mac, &key, &s, (unsigned)iter, out, n) : 0;
    if (rc != 0) {
      free(out);
      js_throw(ctx, exc, "Error", "pbkdf2 failed: %s", gnutls_strerror(rc));
    } else {
      r = js_buffer_adopt(ctx, out, n);
    }
  }
  free(dname);
  free(pw);
  free(salt);
  return r;
}

static JSValueRef pbkdf2_sync(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  return pbkdf2_run(ctx, argc, argv, exc);
}

static JSValueRef pbkdf2_async(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                               const JSValueRef argv[], JSValueRef *exc) {
  if (argc < 6 || !js_is_function(ctx, argv[5]))
    return js_throw_arg_type(ctx, exc, "callback", "of type function", argc > 5 ? argv[5] : NULL);
  JSValueRef err = NULL;
  JSValueRef key = pbkdf2_run(ctx, 5, argv, &err);
  js_realm_t *realm = js_realm_from_context(ctx);
  JSValueRef args[2] = {err ? err : JSValueMakeNull(ctx), key ? key : JSValueMakeUndefined(ctx)};
  if (realm) js_realm_defer(realm, (JSObjectRef)argv[5], 2, args);
  return JSValueMakeUndefined(ctx);
}

static JSValueRef get_hashes(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc,
                             const JSValueRef argv[], JSValueRef *exc) {
  JSValueRef names[sizeof(kAlgs) / sizeof(kAlgs[0])];
  for (size_t i = 0; i < sizeof(kAlgs) / sizeof(kAlgs[0]); i++)
    names[i] = js_make_string(ctx, kAlgs[i].name);
  return js_make_array(ctx, sizeof(kAlgs) / sizeof(kAlgs[0]), names);
}

static JSValueRef unsupported(JSContextRef ctx, void *data, JSObjectRef self, size_t argc,
                              const JSValueRef argv[], JSValueRef *exc) {
  return js_throw_code(ctx, exc, "Error", "ERR_SONDE_UNSUPPORTED",
                       "crypto.%s is not available in sonde", (const char *)data);
}

static void crypto_init(js_realm_t *realm, JSObjectRef exports, void *ud) {
  JSContextRef ctx = js_realm_context(realm);
  static const js_fn_t fns[] = {
      {"createHash", create_hash, 2},
      {"createHmac", create_hmac, 3},
      {"hash", one_shot_hash, 3},
      {"randomBytes", random_bytes, 2},
      {"pseudoRandomBytes", random_bytes, 2},
      {"randomFillSync", random_fill_sync, 3},
      {"randomInt", random_int, 3},
      {"timingSafeEqual", timing_safe_equal, 2},
      {"pbkdf2Sync", pbkdf2_sync, 5},
      {"pbkdf2", pbkdf2_async, 6},
      {"getHashes", get_hashes, 0},
      {NULL, NULL, 0},
  };
  for (const js_fn_t *fn = fns; fn->name; fn++)
    js_set(ctx, exports, fn->name, js_make_function(ctx, fn->name, fn->fn, fn->length));
  JSValueRef web = js_get(ctx, JSContextGetGlobalObject(ctx), "crypto");
  js_set(ctx, exports, "randomUUID", js_get(ctx, web, "randomUUID"));
  js_set(ctx, exports, "getRandomValues", js_get(ctx, web, "getRandomValues"));
  js_set(ctx, exports, "webcrypto", web);
  js_set(ctx, exports, "subtle", js_get(ctx, web, "subtle"));
  js_set(ctx, exports, "Hash", js_class_init(ctx, &hash_class));
  js_set(ctx, exports, "Hmac", js_class_init(ctx, &hmac_class));
  static const char *const missing[] = {"createCipheriv",
                                        "createDecipheriv",
                                        "createSign",
                                        "createVerify",
                                        "sign",
                                        "verify",
                                        "generateKeyPair",
                                        "generateKeyPairSync",
                                        "createPrivateKey",
                                        "createPublicKey",
                                        "createSecretKey",
                                        "publicEncrypt",
                                        "privateDecrypt",
                                        "privateEncrypt",
                                        "publicDecrypt",
                                        "scrypt",
                                        "scryptSync",
                                        "hkdf",
                                        "hkdfSync",
                                        "createECDH",
                                        "createDiffieHellman",
                                        "generateKey",
                                        "generateKeySync",
                                        "randomFill",
                                        "checkPrime",
                                        "generatePrime"};
  for (size_t i = 0; i < sizeof(missing) / sizeof(missing[0]); i++)
    js_set(ctx, exports, missing[i],
           js_make_closure(ctx, missing[i], unsupported, (void *)missing[i], NULL));
}

void js_node_crypto_register(js_runtime_t *rt) {
  js_runtime_add_builtin(rt, "crypto", crypto_init, NULL);
}
