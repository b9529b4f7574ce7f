/* media: Content-Type rules shared by the api client and contract testing (media.h). */
#include "common/media.h"

#include <stdlib.h>
#include <string.h>

#include "common/sbuf.h"

char *media_essence(const char *ct) {
  size_t n = strcspn(ct, ";");
  while (n && (ct[n - 1] == ' ' || ct[n - 1] == '\t')) n--;
  while (n && (*ct == ' ' || *ct == '\t')) {
    ct++;
    n--;
  }
  char *m = xstrndup(ct, n);
  for (char *p = m; *p; p++)
    if (*p >= 'A' && *p <= 'Z') *p = (char)(*p - 'A' + 'a');
  return m;
}

static bool ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && strcmp(s + n - m, suffix) == 0;
}

bool media_is_json(const char *ct) {
  if (!ct) return false;
  char *m = media_essence(ct);
  bool json =
      strcmp(m, "application/json") == 0 || strcmp(m, "text/json") == 0 || ends_with(m, "+json");
  free(m);
  return json;
}

bool media_is_text(const char *ct) {
  if (!ct) return false;
  static const char *const exact[] = {"application/xml",        "application/x-www-form-urlencoded",
                                      "application/javascript", "application/ecmascript",
                                      "application/x-ndjson",   "application/graphql",
                                      "application/yaml",       "application/x-yaml"};
  char *m = media_essence(ct);
  bool text = strncmp(m, "text/", 5) == 0 || ends_with(m, "+xml");
  for (size_t i = 0; !text && i < sizeof(exact) / sizeof(exact[0]); i++)
    text = strcmp(m, exact[i]) == 0;
  free(m);
  return text;
}
