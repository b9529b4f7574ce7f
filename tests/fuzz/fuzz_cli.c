/* fuzz_cli: libFuzzer target for the command line and the merge of its overrides into a
 * config (src/cli/cli.c). The input's lines are argv; its overrides are then merged twice
 * into a copy of themselves, which must end equal to them. Built and run by
 * scripts/fuzz.sh. */
// fuzz-build: src/cli/cli.c src/common/sbuf.c src/common/strvec.c
// fuzz-pkgs: jansson
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = malloc(size + 1);
  memcpy(text, data, size);
  text[size] = '\0';
  char *argv[64];
  int argc = 0;
  argv[argc++] = "sonde";
  for (char *p = text, *line; argc < 63 && (line = strsep(&p, "\n"));) argv[argc++] = line;
  argv[argc] = NULL;
  cli_options_t opts = {0};
  sbuf_t err = SBUF_INIT;
  if (cli_parse(argc, argv, &opts, &err) == 0 && opts.overrides) {
    json_t *copy = json_deep_copy(opts.overrides);
    cli_json_deep_merge(copy, opts.overrides);
    if (copy && !json_equal(copy, opts.overrides)) abort(); /* merging into itself changed it */
    json_decref(copy);
  }
  cli_options_free(&opts);
  sbuf_free(&err);
  free(text);
  return 0;
}
