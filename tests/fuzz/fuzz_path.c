/* fuzz_path: libFuzzer target for the property paths of toHaveBodyProperty and
 * toHaveProperty (src/assert/assert_path_parse.c). A path that parses is written in canonical
 * form, which must parse again to the same segments. Built and run by scripts/fuzz.sh. */
// fuzz-build: src/assert/assert_path_parse.c src/common/sbuf.c
// fuzz-pkgs: jansson javascriptcoregtk-4.1
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "assert/assert_path.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = malloc(size + 1);
  memcpy(text, data, size);
  text[size] = '\0';
  assert_path_t p = {0};
  sbuf_t err = SBUF_INIT;
  if (assert_path_parse(text, &p, &err) == 0) {
    sbuf_t canon = SBUF_INIT;
    assert_path_format(&p, p.len, NULL, &canon);
    assert_path_t again = {0};
    sbuf_t err2 = SBUF_INIT;
    if (assert_path_parse(canon.data ? canon.data : "", &again, &err2) != 0 || again.len != p.len)
      abort(); /* the canonical form does not parse back */
    for (size_t i = 0; i < p.len; i++)
      if (strcmp(again.segs[i].key, p.segs[i].key) != 0 || again.segs[i].index != p.segs[i].index)
        abort();
    assert_path_free(&again);
    sbuf_free(&err2);
    sbuf_free(&canon);
  }
  assert_path_free(&p);
  sbuf_free(&err);
  free(text);
  return 0;
}
