/* gnutls_dl: see gnutls_dl.h. */
#define GNUTLS_DL_IMPLEMENTATION
#include "js/gnutls_dl.h"

#include <dlfcn.h>
#include <stdbool.h>
#include <string.h>

// An X-macro list, one entry per line; clang-format 14 would lay it out differently on
// every pass.
// clang-format off
#define GNUTLS_DL_FUNCTIONS(X) \
  X(gnutls_hash_init)          \
  X(gnutls_hash)               \
  X(gnutls_hash_deinit)        \
  X(gnutls_hash_copy)          \
  X(gnutls_hash_get_len)       \
  X(gnutls_hash_fast)          \
  X(gnutls_hmac_init)          \
  X(gnutls_hmac)               \
  X(gnutls_hmac_deinit)        \
  X(gnutls_hmac_fast)          \
  X(gnutls_strerror)           \
  X(gnutls_memcmp)             \
  X(gnutls_pbkdf2)             \
  X(gnutls_rnd)
// clang-format on

static struct {
#define X(name) __typeof__(name) *name;
  GNUTLS_DL_FUNCTIONS(X)
#undef X
} fn;

static enum { GNUTLS_DL_NOT_TRIED, GNUTLS_DL_READY, GNUTLS_DL_FAILED } state;

static bool ready(void) {
  if (state == GNUTLS_DL_NOT_TRIED) {
    state = GNUTLS_DL_FAILED;
    void *lib = dlopen("libgnutls.so.30", RTLD_NOW | RTLD_LOCAL);
    bool complete = lib != NULL;
#define X(name) \
  if (complete && !(*(void **)&fn.name = dlsym(lib, #name))) complete = false;
    GNUTLS_DL_FUNCTIONS(X)
#undef X
    if (complete) state = GNUTLS_DL_READY;
  }
  return state == GNUTLS_DL_READY;
}

int gnutls_dl_hash_init(gnutls_hash_hd_t *dig, gnutls_digest_algorithm_t algorithm) {
  return ready() ? fn.gnutls_hash_init(dig, algorithm) : GNUTLS_E_INTERNAL_ERROR;
}

int gnutls_dl_hash(gnutls_hash_hd_t handle, const void *text, size_t textlen) {
  return ready() ? fn.gnutls_hash(handle, text, textlen) : GNUTLS_E_INTERNAL_ERROR;
}

void gnutls_dl_hash_deinit(gnutls_hash_hd_t handle, void *digest) {
  if (ready()) fn.gnutls_hash_deinit(handle, digest);
}

gnutls_hash_hd_t gnutls_dl_hash_copy(gnutls_hash_hd_t handle) {
  return ready() ? fn.gnutls_hash_copy(handle) : NULL;
}

unsigned gnutls_dl_hash_get_len(gnutls_digest_algorithm_t algorithm) {
  return ready() ? fn.gnutls_hash_get_len(algorithm) : 0;
}

int gnutls_dl_hash_fast(gnutls_digest_algorithm_t algorithm, const void *text, size_t textlen,
                        void *digest) {
  return ready() ? fn.gnutls_hash_fast(algorithm, text, textlen, digest) : GNUTLS_E_INTERNAL_ERROR;
}

int gnutls_dl_hmac_init(gnutls_hmac_hd_t *dig, gnutls_mac_algorithm_t algorithm, const void *key,
                        size_t keylen) {
  return ready() ? fn.gnutls_hmac_init(dig, algorithm, key, keylen) : GNUTLS_E_INTERNAL_ERROR;
}

int gnutls_dl_hmac(gnutls_hmac_hd_t handle, const void *text, size_t textlen) {
  return ready() ? fn.gnutls_hmac(handle, text, textlen) : GNUTLS_E_INTERNAL_ERROR;
}

void gnutls_dl_hmac_deinit(gnutls_hmac_hd_t handle, void *digest) {
  if (ready()) fn.gnutls_hmac_deinit(handle, digest);
}

int gnutls_dl_hmac_fast(gnutls_mac_algorithm_t algorithm, const void *key, size_t keylen,
                        const void *text, size_t textlen, void *digest) {
  return ready() ? fn.gnutls_hmac_fast(algorithm, key, keylen, text, textlen, digest)
                 : GNUTLS_E_INTERNAL_ERROR;
}

const char *gnutls_dl_strerror(int error) {
  return ready() ? fn.gnutls_strerror(error) : "libgnutls.so.30 cannot be loaded";
}

int gnutls_dl_memcmp(const void *s1, const void *s2, size_t n) {
  return ready() ? fn.gnutls_memcmp(s1, s2, n) : memcmp(s1, s2, n);
}

int gnutls_dl_pbkdf2(gnutls_mac_algorithm_t mac, const gnutls_datum_t *key,
                     const gnutls_datum_t *salt, unsigned iter_count, void *output, size_t length) {
  return ready() ? fn.gnutls_pbkdf2(mac, key, salt, iter_count, output, length)
                 : GNUTLS_E_INTERNAL_ERROR;
}

int gnutls_dl_rnd(gnutls_rnd_level_t level, void *data, size_t len) {
  return ready() ? fn.gnutls_rnd(level, data, len) : GNUTLS_E_INTERNAL_ERROR;
}
