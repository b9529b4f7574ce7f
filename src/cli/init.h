/* init: `sonde init`, the scaffolding of a new project in the current folder (init.c). */
#ifndef SONDE_CLI_INIT_H
#define SONDE_CLI_INIT_H

#include <jansson.h>
#include <stdbool.h>

/* Writes sonde.conf.{js,ts} and an example spec (or feature and steps) from the flags in
 * `overrides` (framework, typescript, baseUrl, reporters, yes), asking in a terminal for
 * what they leave out. Returns the exit code: 0, or 1 with a message on stderr (a file
 * exists already, a bad value, a write error; nothing is left half-written). */
int init_main(const json_t *overrides);

#endif
