/* gnutls_dl: GnuTLS's hashes, MACs and random numbers for the crypto modules, loaded on
 * first use rather than when the program starts: GnuTLS initialises itself when loaded
 * (~5 ms: its configuration, PKCS#11 modules), which the launcher almost never needs.
 * Workers have it loaded already (libcurl depends on it, see http/curl_dl.h).
 *
 * The crypto files include this header instead of GnuTLS's: their gnutls_* calls are
 * renamed to the wrappers below. When the library cannot be loaded every call fails with
 * GNUTLS_E_INTERNAL_ERROR (gnutls_rnd, gnutls_hash_fast ...) or 0 (gnutls_hash_get_len).
 *
 * Memory: the library stays loaded for the life of the process. */
#ifndef SONDE_JS_GNUTLS_DL_H
#define SONDE_JS_GNUTLS_DL_H

#include <gnutls/crypto.h>
#include <gnutls/gnutls.h>

int gnutls_dl_hash_init(gnutls_hash_hd_t *dig, gnutls_digest_algorithm_t algorithm);
int gnutls_dl_hash(gnutls_hash_hd_t handle, const void *text, size_t textlen);
void gnutls_dl_hash_deinit(gnutls_hash_hd_t handle, void *digest);
gnutls_hash_hd_t gnutls_dl_hash_copy(gnutls_hash_hd_t handle);
unsigned gnutls_dl_hash_get_len(gnutls_digest_algorithm_t algorithm);
int gnutls_dl_hash_fast(gnutls_digest_algorithm_t algorithm, const void *text, size_t textlen,
                        void *digest);
int gnutls_dl_hmac_init(gnutls_hmac_hd_t *dig, gnutls_mac_algorithm_t algorithm, const void *key,
                        size_t keylen);
int gnutls_dl_hmac(gnutls_hmac_hd_t handle, const void *text, size_t textlen);
void gnutls_dl_hmac_deinit(gnutls_hmac_hd_t handle, void *digest);
int gnutls_dl_hmac_fast(gnutls_mac_algorithm_t algorithm, const void *key, size_t keylen,
                        const void *text, size_t textlen, void *digest);
const char *gnutls_dl_strerror(int error);
int gnutls_dl_memcmp(const void *s1, const void *s2, size_t n);
int gnutls_dl_pbkdf2(gnutls_mac_algorithm_t mac, const gnutls_datum_t *key,
                     const gnutls_datum_t *salt, unsigned iter_count, void *output, size_t length);
int gnutls_dl_rnd(gnutls_rnd_level_t level, void *data, size_t len);

#ifndef GNUTLS_DL_IMPLEMENTATION
#define gnutls_hash_init    gnutls_dl_hash_init
#define gnutls_hash         gnutls_dl_hash
#define gnutls_hash_deinit  gnutls_dl_hash_deinit
#define gnutls_hash_copy    gnutls_dl_hash_copy
#define gnutls_hash_get_len gnutls_dl_hash_get_len
#define gnutls_hash_fast    gnutls_dl_hash_fast
#define gnutls_hmac_init    gnutls_dl_hmac_init
#define gnutls_hmac         gnutls_dl_hmac
#define gnutls_hmac_deinit  gnutls_dl_hmac_deinit
#define gnutls_hmac_fast    gnutls_dl_hmac_fast
#define gnutls_strerror     gnutls_dl_strerror
#define gnutls_memcmp       gnutls_dl_memcmp
#define gnutls_pbkdf2       gnutls_dl_pbkdf2
#define gnutls_rnd          gnutls_dl_rnd
#endif

#endif
