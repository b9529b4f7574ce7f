/* fuzz_ts_erase: libFuzzer target for the TypeScript eraser (js/ts_erase) on arbitrary
 * bytes. Nothing may crash, leak or read out of bounds (AddressSanitizer; the input is
 * handed over in a buffer of exactly its size, with no terminator), and an input that
 * erases must keep its line count (the output may gain one line, `export {};`, after
 * the last).
 *
 * Not part of ctest: `scripts/fuzz.sh [SECONDS] ts_erase` builds and runs it from its seed
 * corpus tests/fuzz/corpus/ts_erase/. */
// fuzz-build: src/js/ts_*.c src/common/sbuf.c
// fuzz-pkgs:
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "js/ts_erase.h"

static size_t count_newlines(const char *s, size_t n) {
  size_t lines = 0;
  for (size_t i = 0; i < n; i++) lines += s[i] == '\n';
  return lines;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  sbuf_t out = SBUF_INIT;
  ts_error_t err;
  for (unsigned flags = 0; flags <= TS_FLAG_JSX; flags += TS_FLAG_JSX) {
    sbuf_reset(&out);
    if (ts_erase((const char *)data, size, flags, &out, &err) != 0) {
      if (err.line == 0 || err.column == 0 || err.message[0] == '\0') abort();
      continue;
    }
    size_t in = count_newlines((const char *)data, size);
    size_t got = count_newlines(out.data ? out.data : "", out.len);
    static const char tail[] = "\nexport {};";
    if (got == in + 1 && out.len >= sizeof(tail) - 1 &&
        memcmp(out.data + out.len - (sizeof(tail) - 1), tail, sizeof(tail) - 1) == 0)
      got--;
    if (got != in) abort();
  }
  sbuf_free(&out);
  return 0;
}
