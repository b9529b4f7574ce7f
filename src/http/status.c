/* status: the standard reason phrases of HTTP status codes, from the IANA "HTTP Status
 * Code Registry" (RFC 9110 wording: 413 "Content Too Large", 422 "Unprocessable Content").
 * http_status_line, which reads the status line for the client and for the one-off GET
 * (get.c), falls back on this table when a response carries no reason phrase of its own,
 * which is always the case over HTTP/2. Static data; http_status_line's phrase is the
 * caller's to free. */
#include <ctype.h>
#include <stddef.h>

#include "common/sbuf.h"
#include "http/client.h"

typedef struct {
  long code;
  const char *text;
} http_status_entry_t;

/* Sorted by code so the lookup can stop early. Codes the registry marks "(Unused)" (306, 418)
 * or obsoleted without a phrase are left out, so they read as unknown (""). */
static const http_status_entry_t http_status_table[] = {
    {100, "Continue"},
    {101, "Switching Protocols"},
    {102, "Processing"},
    {103, "Early Hints"},
    {200, "OK"},
    {201, "Created"},
    {202, "Accepted"},
    {203, "Non-Authoritative Information"},
    {204, "No Content"},
    {205, "Reset Content"},
    {206, "Partial Content"},
    {207, "Multi-Status"},
    {208, "Already Reported"},
    {226, "IM Used"},
    {300, "Multiple Choices"},
    {301, "Moved Permanently"},
    {302, "Found"},
    {303, "See Other"},
    {304, "Not Modified"},
    {305, "Use Proxy"},
    {307, "Temporary Redirect"},
    {308, "Permanent Redirect"},
    {400, "Bad Request"},
    {401, "Unauthorized"},
    {402, "Payment Required"},
    {403, "Forbidden"},
    {404, "Not Found"},
    {405, "Method Not Allowed"},
    {406, "Not Acceptable"},
    {407, "Proxy Authentication Required"},
    {408, "Request Timeout"},
    {409, "Conflict"},
    {410, "Gone"},
    {411, "Length Required"},
    {412, "Precondition Failed"},
    {413, "Content Too Large"},
    {414, "URI Too Long"},
    {415, "Unsupported Media Type"},
    {416, "Range Not Satisfiable"},
    {417, "Expectation Failed"},
    {421, "Misdirected Request"},
    {422, "Unprocessable Content"},
    {423, "Locked"},
    {424, "Failed Dependency"},
    {425, "Too Early"},
    {426, "Upgrade Required"},
    {428, "Precondition Required"},
    {429, "Too Many Requests"},
    {431, "Request Header Fields Too Large"},
    {451, "Unavailable For Legal Reasons"},
    {500, "Internal Server Error"},
    {501, "Not Implemented"},
    {502, "Bad Gateway"},
    {503, "Service Unavailable"},
    {504, "Gateway Timeout"},
    {505, "HTTP Version Not Supported"},
    {506, "Variant Also Negotiates"},
    {507, "Insufficient Storage"},
    {508, "Loop Detected"},
    {510, "Not Extended"},
    {511, "Network Authentication Required"},
};

const char *http_status_text(long status) {
  size_t n = sizeof(http_status_table) / sizeof(http_status_table[0]);
  for (size_t i = 0; i < n && http_status_table[i].code <= status; i++) {
    if (http_status_table[i].code == status) return http_status_table[i].text;
  }
  return "";
}

long http_status_line(const char *line, size_t len, char **reason) {
  const char *p = line, *e = line + len;
  while (p < e && *p != ' ') p++; /* the protocol: "HTTP/1.1", "HTTP/2" */
  while (p < e && *p == ' ') p++;
  long code = 0;
  for (int i = 0; i < 3 && p < e && isdigit((unsigned char)*p); i++, p++)
    code = code * 10 + (*p - '0');
  while (p < e && (*p == ' ' || *p == '\t')) p++;
  while (e > p && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r' || e[-1] == '\n')) e--;
  if (reason) *reason = p < e ? xstrndup(p, (size_t)(e - p)) : xstrdup(http_status_text(code));
  return code;
}
