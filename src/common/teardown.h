/* teardown: whether a process frees everything before it exits. Sanitizer builds do, so
 * that LeakSanitizer sees every allocation accounted for (and SONDE_TEARDOWN=1 asks for it
 * in any build, e.g. under valgrind). Otherwise a process whose output is written and
 * flushed just exits: handing the engine's heaps, the libcurl connections and the loop
 * back one by one cost several milliseconds at the end of every run, for nothing the
 * kernel does not do anyway. */
#ifndef SONDE_COMMON_TEARDOWN_H
#define SONDE_COMMON_TEARDOWN_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static inline bool sonde_full_teardown(void) {
#if defined(__SANITIZE_ADDRESS__) || defined(SONDE_TEARDOWN_AT_EXIT)
  return true;
#else
  const char *env = getenv("SONDE_TEARDOWN");
  return env && strcmp(env, "1") == 0;
#endif
}

#endif
