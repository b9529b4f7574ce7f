/* fuzz_ipc: libFuzzer target for the event stream between workers and the launcher
 * (src/worker/ipc.c): arbitrary bytes fed to the reader in chunks whose sizes come from
 * the input itself (title references included: a reference the reader cannot follow must
 * only drop its line), and every message it yields encoded again and decoded back, which
 * must give an equal value (the reader owns the message); the same messages also go
 * through a writer's titles (sent once, then named by slot) to a second reader, which
 * must get each back whole. Built and run by scripts/fuzz.sh. */
// fuzz-build: src/worker/ipc.c src/common/sbuf.c src/common/titles.c
// fuzz-pkgs: jansson
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "worker/ipc.h"

/* Equal values, keys compared whole (json_equal cannot see keys holding a NUL, which the
 * reader keeps); members in any order (restored titles come last). */
static int same(json_t *a, json_t *b) {
  if (json_typeof(a) != json_typeof(b)) return 0;
  if (json_is_object(a)) {
    if (json_object_size(a) != json_object_size(b)) return 0;
    for (void *it = json_object_iter(a); it; it = json_object_iter_next(a, it)) {
      json_t *other = json_object_getn(b, json_object_iter_key(it), json_object_iter_key_len(it));
      if (!other || !same(json_object_iter_value(it), other)) return 0;
    }
    return 1;
  }
  if (json_is_array(a)) {
    if (json_array_size(a) != json_array_size(b)) return 0;
    for (size_t i = 0; i < json_array_size(a); i++)
      if (!same(json_array_get(a, i), json_array_get(b, i))) return 0;
    return 1;
  }
  return json_equal(a, b);
}

typedef struct {
  ipc_titles_t titles; /* the writer's half */
  ipc_reader_t second; /* the reader of what it wrote */
  json_t *sent;        /* the message being checked */
  int got;
} relay_t;

static void check_relayed(json_t *msg, void *ud) {
  relay_t *relay = ud;
  relay->got++;
  if (!same(relay->sent, msg)) abort(); /* titles once lost or changed something */
}

/* Compared by their encodings (object keys keep their order, so equal values encode
 * alike). */
static void round_trip(json_t *msg, void *ud) {
  relay_t *relay = ud;
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
  sbuf_t wire = SBUF_INIT;
  ipc_encode_event_to(&wire, &relay->titles, msg);
  relay->sent = msg;
  relay->got = 0;
  if (ipc_reader_feed(&relay->second, wire.data, wire.len, check_relayed, relay) != 0 ||
      relay->got != 1)
    abort(); /* the writer's own line was refused */
  sbuf_free(&wire);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  ipc_reader_t reader = {0};
  relay_t relay = {{0}, {0}, NULL, 0};
  size_t chunk = size ? (size_t)(data[0] % 17) + 1 : 1;
  for (size_t off = 0; off < size; off += chunk)
    ipc_reader_feed(&reader, (const char *)data + off, off + chunk <= size ? chunk : size - off,
                    round_trip, &relay);
  ipc_reader_free(&reader);
  ipc_reader_free(&relay.second);
  ipc_titles_free(&relay.titles);
  return 0;
}
