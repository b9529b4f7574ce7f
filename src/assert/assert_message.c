/* assert_message: see assert_message.h. Plain C on UTF-8 text; no engine, no allocation
 * that outlives a call. */
#include "assert/assert_message.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "assert/assert_internal.h"

/* Bytes taken by the first `max` code points of `s` (len bytes); *count gets the code
 * points of the whole string. */
static size_t utf8_prefix(const char *s, size_t len, size_t max, size_t *count) {
  size_t chars = 0, cut = len;
  for (size_t i = 0; i < len; i++) {
    if (((unsigned char)s[i] & 0xC0) == 0x80) continue;
    if (chars == max) cut = i;
    chars++;
  }
  *count = chars;
  return chars > max ? cut : len;
}

void assert_msg_body(sbuf_t *out, const char *body, size_t len) {
  if (!body || len == 0) {
    sbuf_puts(out, "the body is empty");
    return;
  }
  size_t count;
  size_t cut = utf8_prefix(body, len, ASSERT_BODY_EXCERPT, &count);
  if (cut == len) {
    sbuf_puts(out, "received: ");
    sbuf_append(out, body, len);
    return;
  }
  sbuf_printf(out, "received (first %d of %zu characters): ", ASSERT_BODY_EXCERPT, count);
  sbuf_append(out, body, cut);
  sbuf_puts(out, "...");
}

static void schema_line(sbuf_t *out, const schema_error_t *e) {
  if (e->instance_path && *e->instance_path) sbuf_printf(out, "%s ", e->instance_path);
  sbuf_puts(out, e->message ? e->message : "is invalid");
}

void assert_msg_schema(sbuf_t *out, const schema_errors_t *errors) {
  sbuf_puts(out, "Schema validation failed: ");
  if (!errors || errors->len == 0) {
    sbuf_puts(out, "No errors");
    return;
  }
  if (errors->len == 1) {
    schema_line(out, &errors->items[0]);
    return;
  }
  sbuf_printf(out, "%zu validation errors:", errors->len);
  for (size_t i = 0; i < errors->len; i++) {
    sbuf_puts(out, "\n  - ");
    schema_line(out, &errors->items[i]);
  }
}

void assert_msg_hint(sbuf_t *out, const char *name, unsigned flags, const char *received,
                     const char *expected, const char *second, const char *comment) {
  sbuf_printf(out, "expect(%s)", received ? received : "received");
  if (flags & ASSERT_RESOLVES) sbuf_puts(out, ".resolves");
  if (flags & ASSERT_REJECTS) sbuf_puts(out, ".rejects");
  if (flags & ASSERT_NOT) sbuf_puts(out, ".not");
  sbuf_printf(out, ".%s(%s", name, expected ? expected : "");
  if (second && *second) sbuf_printf(out, ", %s", second);
  sbuf_putc(out, ')');
  if (comment && *comment) sbuf_printf(out, " // %s", comment);
}

void assert_msg_label(sbuf_t *out, const char *label, size_t width) {
  size_t n = strlen(label);
  sbuf_printf(out, "%s: ", label);
  for (; n < width; n++) sbuf_putc(out, ' ');
}

void assert_msg_duration(sbuf_t *out, double ms) {
  if (!isfinite(ms)) {
    sbuf_printf(out, "%g", ms);
    return;
  }
  double tenths = round(ms * 10.0);
  if (fmod(tenths, 10.0) == 0.0) sbuf_printf(out, "%.0f", tenths / 10.0);
  else sbuf_printf(out, "%.1f", tenths / 10.0);
}

/* ---- media types ---- */

typedef struct {
  const char *s;
  size_t n;
} span_t;

static span_t span_trim(const char *s, size_t n) {
  while (n && isspace((unsigned char)*s)) s++, n--;
  while (n && isspace((unsigned char)s[n - 1])) n--;
  return (span_t){s, n};
}

static bool span_ieq(span_t a, span_t b) { return a.n == b.n && strncasecmp(a.s, b.s, a.n) == 0; }

/* Value of parameter `name` in "type; a=1; b=\"2\"" (quotes removed), or false. */
static bool media_param(const char *value, span_t name, span_t *out) {
  const char *p = strchr(value, ';');
  while (p) {
    const char *start = p + 1;
    const char *end = strchr(start, ';');
    size_t n = end ? (size_t)(end - start) : strlen(start);
    const char *eq = memchr(start, '=', n);
    if (eq) {
      span_t k = span_trim(start, (size_t)(eq - start));
      span_t v = span_trim(eq + 1, n - (size_t)(eq + 1 - start));
      if (v.n >= 2 && v.s[0] == '"' && v.s[v.n - 1] == '"') v = (span_t){v.s + 1, v.n - 2};
      if (span_ieq(k, name)) {
        *out = v;
        return true;
      }
    }
    p = end;
  }
  return false;
}

bool assert_media_type_matches(const char *header, const char *want) {
  if (!header || !want) return false;
  const char *hs = strchr(header, ';'), *ws = strchr(want, ';');
  span_t htype = span_trim(header, hs ? (size_t)(hs - header) : strlen(header));
  span_t wtype = span_trim(want, ws ? (size_t)(ws - want) : strlen(want));
  if (!span_ieq(htype, wtype)) return false;
  /* Each parameter `want` names must be in the header with the same value. */
  for (const char *p = ws; p;) {
    const char *start = p + 1;
    const char *end = strchr(start, ';');
    size_t n = end ? (size_t)(end - start) : strlen(start);
    const char *eq = memchr(start, '=', n);
    if (eq) {
      span_t k = span_trim(start, (size_t)(eq - start));
      span_t v = span_trim(eq + 1, n - (size_t)(eq + 1 - start));
      if (v.n >= 2 && v.s[0] == '"' && v.s[v.n - 1] == '"') v = (span_t){v.s + 1, v.n - 2};
      span_t got;
      if (!media_param(header, k, &got) || !span_ieq(got, v)) return false;
    }
    p = end;
  }
  return true;
}

/* ---- the source of a call, for assert.ok ---- */

static bool ident_char(char c) {
  return isalnum((unsigned char)c) || c == '_' || c == '$' || (unsigned char)c >= 0x80;
}

char *assert_msg_call_source(const char *src, int line, int col) {
  if (!src || line < 1 || col < 1) return NULL;
  const char *ls = src;
  for (int l = 1; l < line; l++) {
    ls = strchr(ls, '\n');
    if (!ls) return NULL;
    ls++;
  }
  const char *le = strchr(ls, '\n');
  if (!le) le = ls + strlen(ls);
  if ((size_t)(col - 1) >= (size_t)(le - ls)) return NULL;
  const char *p = ls + col - 1;
  /* V8 puts the column at the callee, JavaScriptCore at the '(': accept both. */
  while (p < le && (ident_char(*p) || *p == '.' || *p == ' ')) p++;
  if (p >= le || *p != '(') return NULL;
  const char *start = p;
  while (start > ls && start[-1] == ' ') start--;
  while (start > ls && (ident_char(start[-1]) || start[-1] == '.')) start--;
  if (start == p) return NULL;
  /* The matching ')', skipping strings; give up after a screenful. */
  int depth = 0, lines = 0;
  const char *end = NULL;
  char quote = 0;
  for (const char *q = p; *q && lines < 50; q++) {
    if (*q == '\n') lines++;
    if (quote) {
      if (*q == '\\' && q[1]) q++;
      else if (*q == quote) quote = 0;
      continue;
    }
    if (*q == '\'' || *q == '"' || *q == '`') quote = *q;
    else if (*q == '(') depth++;
    else if (*q == ')' && --depth == 0) {
      end = q + 1;
      break;
    }
  }
  if (!end) return NULL;
  size_t column = (size_t)(start - ls);
  sbuf_t out = SBUF_INIT;
  const char *nl = memchr(start, '\n', (size_t)(end - start));
  sbuf_append(&out, start, (size_t)((nl ? nl : end) - start));
  while (nl) {
    const char *s = nl + 1;
    nl = memchr(s, '\n', (size_t)(end - s));
    const char *e = nl ? nl : end;
    size_t skip = 0;
    while (skip < column && s + skip < e && (s[skip] == ' ' || s[skip] == '\t')) skip++;
    sbuf_puts(&out, "\n  ");
    sbuf_append(&out, s + skip, (size_t)(e - s - skip));
  }
  return sbuf_take(&out);
}
