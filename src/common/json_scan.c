/* json_scan: see json_scan.h. One pass, no recursion: the open containers are a stack of
 * bytes ('[' or '{'). */
#include "common/json_scan.h"

#define NPOS ((size_t)-1)

size_t json_scan_ws(const char *s, size_t len, size_t pos) {
  while (pos < len && (s[pos] == ' ' || s[pos] == '\t' || s[pos] == '\n' || s[pos] == '\r')) pos++;
  return pos;
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

static bool is_hex(char c) {
  return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* Past the string starting at s[pos] == '"'. */
static size_t scan_string(const char *s, size_t len, size_t pos) {
  for (size_t i = pos + 1; i < len;) {
    unsigned char c = (unsigned char)s[i];
    if (c == '"') return i + 1;
    if (c < 0x20) return NPOS; /* control characters must be escaped */
    if (c != '\\') {
      i++;
      continue;
    }
    if (i + 1 >= len) return NPOS;
    char e = s[i + 1];
    if (e == 'u') {
      if (i + 5 >= len) return NPOS;
      for (int k = 2; k < 6; k++)
        if (!is_hex(s[i + k])) return NPOS;
      i += 6;
    } else if (e == '"' || e == '\\' || e == '/' || e == 'b' || e == 'f' || e == 'n' || e == 'r' ||
               e == 't') {
      i += 2;
    } else {
      return NPOS;
    }
  }
  return NPOS;
}

/* Past the number starting at s[pos]: -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)? */
static size_t scan_number(const char *s, size_t len, size_t pos) {
  size_t i = pos;
  if (i < len && s[i] == '-') i++;
  if (i >= len || !is_digit(s[i])) return NPOS;
  if (s[i] == '0') i++;
  else
    while (i < len && is_digit(s[i])) i++;
  if (i < len && s[i] == '.') {
    i++;
    if (i >= len || !is_digit(s[i])) return NPOS;
    while (i < len && is_digit(s[i])) i++;
  }
  if (i < len && (s[i] == 'e' || s[i] == 'E')) {
    i++;
    if (i < len && (s[i] == '+' || s[i] == '-')) i++;
    if (i >= len || !is_digit(s[i])) return NPOS;
    while (i < len && is_digit(s[i])) i++;
  }
  return i;
}

static size_t scan_word(const char *s, size_t len, size_t pos, const char *word, size_t n) {
  if (len - pos < n) return NPOS;
  for (size_t k = 0; k < n; k++)
    if (s[pos + k] != word[k]) return NPOS;
  return pos + n;
}

size_t json_scan_value(const char *s, size_t len, size_t pos) {
  char open[JSON_SCAN_MAX_DEPTH];
  size_t depth = 0, i = pos;
  if (pos > len) return NPOS;
  for (;;) {
    /* A value at i. */
    if (i >= len) return NPOS;
    char c = s[i];
    if (c == '[' || c == '{') {
      if (depth == JSON_SCAN_MAX_DEPTH) return NPOS;
      open[depth++] = c;
      i = json_scan_ws(s, len, i + 1);
      if (i < len && s[i] == (c == '[' ? ']' : '}')) {
        depth--;
        i++;
      } else if (c == '[') {
        continue; /* its first element */
      } else {
        goto member;
      }
    } else if (c == '"') {
      i = scan_string(s, len, i);
    } else if (c == 't') {
      i = scan_word(s, len, i, "true", 4);
    } else if (c == 'f') {
      i = scan_word(s, len, i, "false", 5);
    } else if (c == 'n') {
      i = scan_word(s, len, i, "null", 4);
    } else {
      i = scan_number(s, len, i);
    }
    if (i == NPOS) return NPOS;
    /* After a value: the end, a comma, or the end of containers. */
    for (;;) {
      if (depth == 0) return i;
      i = json_scan_ws(s, len, i);
      if (i >= len) return NPOS;
      char close = open[depth - 1] == '[' ? ']' : '}';
      if (s[i] == close) {
        depth--;
        i++;
        continue;
      }
      if (s[i] != ',') return NPOS;
      i = json_scan_ws(s, len, i + 1);
      break;
    }
    if (open[depth - 1] == '[') continue;
  member:
    /* "key" : value */
    if (i >= len || s[i] != '"') return NPOS;
    i = scan_string(s, len, i);
    if (i == NPOS) return NPOS;
    i = json_scan_ws(s, len, i);
    if (i >= len || s[i] != ':') return NPOS;
    i = json_scan_ws(s, len, i + 1);
  }
}

bool json_scan_is_array(const char *s, size_t len) {
  size_t i = json_scan_ws(s, len, 0);
  if (i >= len || s[i] != '[') return false;
  size_t end = json_scan_value(s, len, i);
  return end != NPOS && json_scan_ws(s, len, end) == len;
}
