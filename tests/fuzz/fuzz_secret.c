/* fuzz_secret: libFuzzer target for the masking of secrets (src/common/secret.c). The
 * input's first line is registered as a masked header's value (so "Bearer x", "Basic ..."
 * and cookies register their derived values too), the rest is masked and cut where
 * secret_safe_cut says. Nothing may crash, leak or read out of bounds (AddressSanitizer);
 * the masked text must not hold the value itself (unless the value holds '*', which the
 * mask could form again), and a safe cut is never past the asked one.
 * Built and run by scripts/fuzz.sh. */
// fuzz-build: src/common/secret.c src/common/sbuf.c src/common/fsutil.c
// fuzz-pkgs: jansson
#define _GNU_SOURCE /* memmem */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/secret.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const uint8_t *nl = memchr(data, '\n', size);
  if (!nl) return 0;
  size_t vlen = (size_t)(nl - data);
  char *value = malloc(vlen + 1);
  if (!value) return 0;
  memcpy(value, data, vlen);
  value[vlen] = '\0';
  const char *text = (const char *)nl + 1;
  size_t len = size - vlen - 1;
  secret_clear();
  secret_add_header("Authorization", value);
  size_t out_len = 0;
  char *masked = secret_mask(text, len, &out_len);
  size_t n = strlen(value); /* the header's value as registered: up to a NUL */
  if (n >= SECRET_MIN_LEN && !memchr(value, '*', n) && masked && memmem(masked, out_len, value, n))
    abort();
  if (n >= SECRET_MIN_LEN && !memchr(value, '*', n) && !masked && memmem(text, len, value, n))
    abort();
  free(masked);
  for (size_t cut = 0; cut <= len; cut += 1 + len / 16)
    if (secret_safe_cut(text, len, cut) > cut) abort();
  free(value);
  return 0;
}
