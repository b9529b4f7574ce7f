/* titles: how a test's full title relates to its suite's. Frameworks join a suite's full
 * title and a test's title with one space (mocha's fullTitle), the root suite's being
 * empty; the reporters and the worker channel read a test's suite back from that.
 * Pure functions on borrowed strings; nothing is allocated. */
#ifndef SONDE_COMMON_TITLES_H
#define SONDE_COMMON_TITLES_H

#include <stdbool.h>
#include <stddef.h>

/* The length of the suite's full title at the start of a test's `full` title: `full`
 * without the trailing " <title>", 0 when `full` is the title alone (the root suite).
 * False when `full` does not end with the title that way. */
bool title_suite_len(const char *full, size_t full_len, const char *title, size_t title_len,
                     size_t *len);

#endif
