/* format: the format checkers and their lookup by name. Dates and times follow RFC 3339
 * (with its leap-second rule and Appendix A durations), uuid RFC 4122's textual form,
 * json-pointer RFC 6901, relative-json-pointer the IETF draft, uri-template RFC 6570,
 * ipv4/ipv6 RFC 3986's and RFC 4291's text forms; regex is ECMAScript (regex.c). Host
 * names and e-mail addresses are in format_idn.c, URIs and IRIs in format_uri.c.
 * Checkers take the string's bytes and length (strings may hold NUL) and keep nothing. */
#include <string.h>

#include "schema/schema_int.h"

static bool digits(const char *s, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (s[i] < '0' || s[i] > '9') return false;
  return true;
}

static int num2(const char *s) { return (s[0] - '0') * 10 + (s[1] - '0'); }

static bool full_date(const char *s, size_t n) {
  static const int mdays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (n != 10 || s[4] != '-' || s[7] != '-' || !digits(s, 4) || !digits(s + 5, 2) ||
      !digits(s + 8, 2))
    return false;
  int year = num2(s) * 100 + num2(s + 2), month = num2(s + 5), day = num2(s + 8);
  if (month < 1 || month > 12 || day < 1) return false;
  bool leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
  return day <= mdays[month - 1] + (month == 2 && leap);
}

static bool full_time(const char *s, size_t n) {
  if (n < 9 || s[2] != ':' || s[5] != ':' || !digits(s, 2) || !digits(s + 3, 2) ||
      !digits(s + 6, 2))
    return false;
  int h = num2(s), m = num2(s + 3), sec = num2(s + 6);
  if (h > 23 || m > 59 || sec > 60) return false;
  size_t i = 8;
  if (s[i] == '.') {
    size_t start = ++i;
    while (i < n && s[i] >= '0' && s[i] <= '9') i++;
    if (i == start) return false;
  }
  if (i >= n) return false; /* the offset is required */
  int off = 0;
  if ((s[i] == 'Z' || s[i] == 'z') && i + 1 == n) {
    off = 0;
  } else if ((s[i] == '+' || s[i] == '-') && n - i == 6 && s[i + 3] == ':' &&
             digits(s + i + 1, 2) && digits(s + i + 4, 2)) {
    int oh = num2(s + i + 1), om = num2(s + i + 4);
    if (oh > 23 || om > 59) return false;
    off = (s[i] == '+' ? 1 : -1) * (oh * 60 + om);
  } else {
    return false;
  }
  /* a leap second exists only at 23:59:60 UTC */
  if (sec == 60) {
    int utc = ((h * 60 + m - off) % 1440 + 1440) % 1440;
    if (utc != 23 * 60 + 59) return false;
  }
  return true;
}

static bool f_date(const char *s, size_t n) { return full_date(s, n); }
static bool f_time(const char *s, size_t n) { return full_time(s, n); }

static bool f_date_time(const char *s, size_t n) {
  return n > 11 && (s[10] == 'T' || s[10] == 't') && full_date(s, 10) && full_time(s + 11, n - 11);
}

/* RFC 3339 Appendix A: P(nY[nM[nD]] | nM[nD] | nD)[T(nH[nM[nS]] | nM[nS] | nS)] | PnW */
static bool f_duration(const char *s, size_t n) {
  if (n < 3 || s[0] != 'P') return false;
  size_t i = 1;
  const char *date_units = "YMD", *time_units = "HMS";
  int last = -1;
  bool any = false, in_time = false, time_any = false;
  while (i < n) {
    if (s[i] == 'T') {
      if (in_time) return false;
      in_time = true;
      last = -1;
      i++;
      if (i == n) return false;
      continue;
    }
    size_t start = i;
    while (i < n && s[i] >= '0' && s[i] <= '9') i++;
    if (i == start || i == n) return false;
    char unit = s[i++];
    if (unit == 'W') return !any && !in_time && i == n;
    const char *units = in_time ? time_units : date_units;
    const char *u = strchr(units, unit);
    if (!u || !unit) return false;
    int idx = (int)(u - units);
    /* in order, and no gaps after the first: Y then D needs M between (same for H, S) */
    if (idx <= last || (last >= 0 && idx != last + 1)) return false;
    last = idx;
    any = true;
    if (in_time) time_any = true;
  }
  return any && (!in_time || time_any);
}

static bool f_uuid(const char *s, size_t n) {
  if (n != 36) return false;
  for (size_t i = 0; i < n; i++) {
    bool dash = i == 8 || i == 13 || i == 18 || i == 23;
    char c = s[i];
    if (dash ? c != '-'
             : !((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')))
      return false;
  }
  return true;
}

static bool pointer(const char *s, size_t n) {
  if (n && s[0] != '/') return false;
  for (size_t i = 0; i < n; i++)
    if (s[i] == '~' && (i + 1 == n || (s[i + 1] != '0' && s[i + 1] != '1'))) return false;
  return true;
}

static bool f_json_pointer(const char *s, size_t n) { return pointer(s, n); }

static bool f_relative_json_pointer(const char *s, size_t n) {
  size_t i = 0;
  while (i < n && s[i] >= '0' && s[i] <= '9') i++;
  if (i == 0 || (s[0] == '0' && i > 1)) return false;
  if (i < n && s[i] == '#') return i + 1 == n;
  return pointer(s + i, n - i);
}

static bool hexdig(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* RFC 6570 level 4 */
static bool f_uri_template(const char *s, size_t n) {
  size_t i = 0;
  while (i < n) {
    unsigned char c = (unsigned char)s[i];
    if (c == '%') {
      if (i + 2 >= n || !hexdig(s[i + 1]) || !hexdig(s[i + 2])) return false;
      i += 3;
      continue;
    }
    if (c == '{') {
      i++;
      if (i < n && strchr("+#./;?&", s[i])) i++;
      else if (i < n && strchr("=,!@|", s[i])) return false; /* reserved operators */
      for (;;) {
        /* varname: varchar *(["."] varchar), varchar = ALPHA / DIGIT / "_" / pct */
        bool need = true;
        for (;;) {
          if (i < n && s[i] == '%') {
            if (i + 2 >= n || !hexdig(s[i + 1]) || !hexdig(s[i + 2])) return false;
            i += 3;
          } else if (i < n && ((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
                               (s[i] >= '0' && s[i] <= '9') || s[i] == '_')) {
            i++;
          } else {
            if (need) return false;
            break;
          }
          need = false;
          if (i < n && s[i] == '.') {
            i++;
            need = true;
          }
        }
        if (i < n && s[i] == ':') {
          size_t start = ++i;
          while (i < n && s[i] >= '0' && s[i] <= '9') i++;
          if (i == start || i - start > 4 || s[start] == '0') return false;
        } else if (i < n && s[i] == '*') {
          i++;
        }
        if (i < n && s[i] == ',') {
          i++;
          continue;
        }
        if (i < n && s[i] == '}') {
          i++;
          break;
        }
        return false;
      }
      continue;
    }
    if (c <= 0x20 || c == 0x7f || strchr("\"<>\\^`{|}", c)) return false;
    i++;
  }
  return true;
}

static bool f_regex(const char *s, size_t n) { return schema_regex_valid(s, n); }

static bool dec_octet(const char *s, size_t n) {
  if (n == 0 || n > 3 || !digits(s, n) || (n > 1 && s[0] == '0')) return false;
  int v = 0;
  for (size_t i = 0; i < n; i++) v = v * 10 + (s[i] - '0');
  return v <= 255;
}

bool schema_format_ipv4(const char *s, size_t n) {
  size_t start = 0, parts = 0;
  for (size_t i = 0; i <= n; i++) {
    if (i < n && s[i] != '.') continue;
    if (!dec_octet(s + start, i - start)) return false;
    parts++;
    start = i + 1;
  }
  return parts == 4;
}

bool schema_format_ipv6(const char *s, size_t n) {
  size_t groups = 0, i = 0;
  bool gap = false;
  if (n < 2) return false;
  if (s[0] == ':') {
    if (s[1] != ':') return false;
    gap = true;
    i = 2;
    if (i == n) return true;
  }
  while (i < n) {
    size_t start = i;
    while (i < n && hexdig(s[i]) && i - start < 5) i++;
    size_t len = i - start;
    if (i < n && s[i] == '.') {
      /* an embedded IPv4 address ends the text and counts as two groups */
      if (!schema_format_ipv4(s + start, n - start)) return false;
      groups += 2;
      i = n;
      break;
    }
    if (len == 0 || len > 4) return false;
    groups++;
    if (i == n) break;
    if (s[i] != ':') return false;
    i++;
    if (i < n && s[i] == ':') {
      if (gap) return false;
      gap = true;
      i++;
      if (i == n) break;
    } else if (i == n) {
      return false; /* a single trailing colon */
    }
  }
  return gap ? groups <= 7 : groups == 8;
}

static const struct {
  const char *name;
  schema_format_fn fn;
} formats[] = {
    {"date-time", f_date_time},
    {"date", f_date},
    {"time", f_time},
    {"duration", f_duration},
    {"email", schema_format_email},
    {"idn-email", schema_format_idn_email},
    {"hostname", schema_format_hostname},
    {"idn-hostname", schema_format_idn_hostname},
    {"ipv4", schema_format_ipv4},
    {"ipv6", schema_format_ipv6},
    {"uri", schema_format_uri},
    {"uri-reference", schema_format_uri_reference},
    {"iri", schema_format_iri},
    {"iri-reference", schema_format_iri_reference},
    {"uuid", f_uuid},
    {"json-pointer", f_json_pointer},
    {"relative-json-pointer", f_relative_json_pointer},
    {"uri-template", f_uri_template},
    {"regex", f_regex},
};

schema_format_fn schema_format_lookup(const char *name) {
  for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
    if (strcmp(formats[i].name, name) == 0) return formats[i].fn;
  return NULL;
}
