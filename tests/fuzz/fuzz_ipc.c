/* fuzz_ipc: libFuzzer target for the event stream between workers and the launcher
 * (src/worker/ipc.c): arbitrary bytes fed to the reader in chunks whose sizes come from
 * the input itself, and every message it yields encoded again and decoded back, which
 * must give an equal value (the reader owns the message). Built and run by
 * scripts/fuzz.sh. */
// fuzz-build: src/worker/ipc.c src/common/sbuf.c
// fuzz-pkgs: jansson
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "worker/ipc.h"

/* Compared by their encodings: json_equal cannot see keys holding a NUL, which the reader
 * keeps (object keys keep their order, so equal values encode alike). */
static void round_trip(json_t *msg, void *ud) {
  (void)ud;
  size_t len = 0, len2 = 0;
  char *line = ipc_encode(msg, &len);
  if (line) {
    json_t *back = ipc_decode(line, len && line[len - 1] == '\n' ? len - 1 : len);
    char *again = back ? ipc_encode(back, &len2) : NULL;
    if (!again || len2 != len || memcmp(again, line, len) != 0) abort(); /* they disagree */
    free(again);
    json_decref(back);
    free(line);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  ipc_reader_t reader = {0};
  size_t chunk = size ? (size_t)(data[0] % 17) + 1 : 1;
  for (size_t off = 0; off < size; off += chunk)
    ipc_reader_feed(&reader, (const char *)data + off, off + chunk <= size ? chunk : size - off,
                    round_trip, NULL);
  ipc_reader_free(&reader);
  return 0;
}
