/* fuzz_esm: libFuzzer target for the ESM rewrite (src/js/esm.c) on arbitrary bytes. The
 * rewrite must not crash or read out of bounds, and a source it accepts keeps its line
 * count (the rewriter's promise: positions stay the user's). Built and run by
 * scripts/fuzz.sh. */
// fuzz-build: src/js/esm.c src/common/sbuf.c
// fuzz-pkgs: jansson
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "js/esm.h"

/* JavaScript's line terminators: LF, CR, CR LF (one), U+2028 and U+2029. */
static size_t lines(const char *s, size_t n) {
  size_t count = 0;
  for (size_t i = 0; i < n; i++) {
    if (s[i] == '\n') {
      count++;
    } else if (s[i] == '\r') {
      count++;
      if (i + 1 < n && s[i + 1] == '\n') i++;
    } else if ((unsigned char)s[i] == 0xE2 && i + 2 < n && (unsigned char)s[i + 1] == 0x80 &&
               ((unsigned char)s[i + 2] == 0xA8 || (unsigned char)s[i + 2] == 0xA9)) {
      count++;
      i += 2;
    }
  }
  return count;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  sbuf_t out = SBUF_INIT, err = SBUF_INIT;
  esm_info_t info;
  if (esm_rewrite((const char *)data, size, &out, &info, &err) == 0 &&
      lines(out.data ? out.data : "", out.len) != lines((const char *)data, size))
    abort(); /* a rewrite moved a line */
  sbuf_free(&out);
  sbuf_free(&err);
  return 0;
}
