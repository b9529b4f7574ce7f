/* jslib: the JavaScript sources compiled into the binary (src/jslib/NAME.js), generated into
 * C strings by cmake/embed_js.cmake. Static storage; never freed. */
#ifndef SONDE_JSLIB_JSLIB_H
#define SONDE_JSLIB_JSLIB_H

#include <stddef.h>

typedef struct {
  const char *name; /* file name without .js */
  const char *source;
} jslib_file_t;

/* The source of src/jslib/<name>.js, or NULL. */
const char *jslib_source(const char *name);

#endif
