/* retry: reading Retry-After (RFC 9110 10.2.3), which is either a number of seconds or an
 * HTTP-date. curl_getdate parses all three date formats RFC 9110 asks recipients to accept
 * (IMF-fixdate, RFC 850, asctime). No allocation. */
#include <ctype.h>
#include <stdlib.h>

#include "http/curl_dl.h"

#include "http/client.h"

double http_retry_after_ms(const char *value, time_t now) {
  if (!value) return -1;
  while (*value == ' ' || *value == '\t') value++;
  if (!*value) return -1;
  if (isdigit((unsigned char)*value)) {
    const char *p = value;
    double seconds = 0;
    while (isdigit((unsigned char)*p)) seconds = seconds * 10 + (*p++ - '0');
    while (*p == ' ' || *p == '\t') p++;
    /* "120abc" is neither form; a date never starts with a digit. */
    return *p ? -1 : seconds * 1000;
  }
  time_t when = curl_getdate(value, NULL);
  if (when == -1) return -1;
  return when <= now ? 0 : (double)(when - now) * 1000;
}
