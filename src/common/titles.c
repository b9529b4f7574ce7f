/* titles: see titles.h. */
#include "common/titles.h"

#include <string.h>

bool title_suite_len(const char *full, size_t full_len, const char *title, size_t title_len,
                     size_t *len) {
  if (full_len == title_len && memcmp(full, title, title_len) == 0) {
    *len = 0;
    return true;
  }
  if (full_len <= title_len + 1 || full[full_len - title_len - 1] != ' ' ||
      memcmp(full + full_len - title_len, title, title_len) != 0)
    return false;
  *len = full_len - title_len - 1;
  return true;
}
