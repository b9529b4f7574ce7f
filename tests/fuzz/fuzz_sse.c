/* fuzz_sse: libFuzzer target for the event-stream parser (src/http/sse.c). The input is
 * parsed whole and again cut in two at a place its first byte picks, with a small line
 * bound and without: both must give the same events, retries and last event ID (or fail
 * alike). Built and run by scripts/fuzz.sh. */
// fuzz-build: src/http/sse.c src/common/sbuf.c
// fuzz-pkgs:
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/sbuf.h"
#include "http/sse.h"

static void on_event(const sse_event_t *ev, void *ud) {
  sbuf_t *log = ud;
  sbuf_printf(log, "E%zu:%s|%s|", ev->data_len, ev->type, ev->id);
  sbuf_append(log, ev->data, ev->data_len);
}

static void on_retry(long long ms, void *ud) { sbuf_printf(ud, "R%lld|", ms); }

static int run(const uint8_t *data, size_t size, size_t cut, size_t max_line, sbuf_t *log) {
  sse_config_t cfg = {on_event, on_retry, log, max_line, 4096};
  sse_parser_t *p = sse_parser_new(&cfg);
  int rc = sse_parser_feed(p, (const char *)data, cut);
  if (rc == 0) rc = sse_parser_feed(p, (const char *)data + cut, size - cut);
  sbuf_printf(log, "#%d|%s", rc, sse_parser_last_event_id(p));
  sse_parser_end(p);
  if (sse_parser_error(p)) abort(); /* end() readies the parser for a new stream */
  sse_parser_free(p);
  return rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  size_t cut = size ? data[0] % (size + 1) : 0;
  for (size_t max_line = 0; max_line <= 64; max_line += 64) {
    sbuf_t whole = SBUF_INIT, parts = SBUF_INIT;
    run(data, size, size, max_line, &whole);
    run(data, size, cut, max_line, &parts);
    if (whole.len != parts.len || (whole.len && memcmp(whole.data, parts.data, whole.len) != 0))
      abort(); /* where the bytes were cut changed what was parsed */
    sbuf_free(&whole);
    sbuf_free(&parts);
  }
  return 0;
}
