/* inspect_text: styles (colors), display widths, quoting and escaping of strings, and
 * primitives, for util.inspect (see inspect.c). */
#include "js/inspect_internal.h"
#include "common/secret.h"

/* ---- styles ---------------------------------------------------------------------------- */

/* inspect.styles mapped through inspect.colors. */
static const struct {
  int on, off;
} kStyles[] = {
    [ST_NONE] = {0, 0},     [ST_SPECIAL] = {36, 39}, [ST_NUMBER] = {33, 39},
    [ST_BIGINT] = {33, 39}, [ST_BOOLEAN] = {33, 39}, [ST_UNDEFINED] = {90, 39},
    [ST_NULL] = {1, 22},    [ST_STRING] = {32, 39},  [ST_SYMBOL] = {32, 39},
    [ST_DATE] = {35, 39},   [ST_REGEXP] = {31, 39},  [ST_MODULE] = {4, 24},
};

void insp_put_styled(bool colors, sbuf_t *b, int st, const char *s) {
  if (colors && st != ST_NONE) {
    sbuf_printf(b, "\x1b[%dm%s\x1b[%dm", kStyles[st].on, s, kStyles[st].off);
  } else {
    sbuf_puts(b, s);
  }
}

/* Takes `s` and returns it styled. */
char *insp_styled(bool colors, int st, char *s) {
  if (!colors || st == ST_NONE) return s;
  char *r = xasprintf("\x1b[%dm%s\x1b[%dm", kStyles[st].on, s, kStyles[st].off);
  free(s);
  return r;
}

char *insp_styled_lit(bool colors, int st, const char *s) {
  return insp_styled(colors, st, xstrdup(s));
}

/* ---- lengths ----------------------------------------------------------------------------
 * Node measures with String#length (UTF-16 units) and, for grouping, with getStringWidth;
 * our strings are UTF-8, so both are recomputed here. */

static size_t ansi_len(const char *s) {
  /* Only the SGR sequences this file writes need skipping. */
  if (s[0] != '\x1b' || s[1] != '[') return 0;
  size_t i = 2;
  while (s[i] && ((s[i] >= '0' && s[i] <= '9') || s[i] == ';')) i++;
  return s[i] == 'm' ? i + 1 : 0;
}

size_t insp_u16len(const char *s, bool strip_colors) {
  size_t n = 0;
  for (const unsigned char *p = (const unsigned char *)s; *p;) {
    size_t skip = strip_colors ? ansi_len((const char *)p) : 0;
    if (skip) {
      p += skip;
      continue;
    }
    if ((*p & 0xc0) != 0x80) n += *p >= 0xf0 ? 2 : 1;
    p++;
  }
  return n;
}

static uint32_t next_cp(const unsigned char **pp) {
  const unsigned char *p = *pp;
  uint32_t c = *p++;
  int extra = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : c >= 0xc0 ? 1 : 0;
  if (extra) c &= 0x3f >> extra;
  while (extra-- && (*p & 0xc0) == 0x80) c = (c << 6) | (*p++ & 0x3f);
  *pp = p;
  return c;
}

static bool full_width(uint32_t c) {
  return c >= 0x1100 &&
         (c <= 0x115f || c == 0x2329 || c == 0x232a ||
          (c >= 0x2e80 && c <= 0x3247 && c != 0x303f) || (c >= 0x3250 && c <= 0x4dbf) ||
          (c >= 0x4e00 && c <= 0xa4c6) || (c >= 0xa960 && c <= 0xa97c) ||
          (c >= 0xac00 && c <= 0xd7a3) || (c >= 0xf900 && c <= 0xfaff) ||
          (c >= 0xfe10 && c <= 0xfe19) || (c >= 0xfe30 && c <= 0xfe6b) ||
          (c >= 0xff01 && c <= 0xff60) || (c >= 0xffe0 && c <= 0xffe6) ||
          (c >= 0x1b000 && c <= 0x1b001) || (c >= 0x1f200 && c <= 0x1f251) ||
          (c >= 0x1f300 && c <= 0x1f64f) || (c >= 0x20000 && c <= 0x3fffd));
}

static bool zero_width(uint32_t c) {
  return c <= 0x1f || (c >= 0x7f && c <= 0x9f) || (c >= 0x300 && c <= 0x36f) ||
         (c >= 0x200b && c <= 0x200f) || (c >= 0x20d0 && c <= 0x20ff) ||
         (c >= 0xfe00 && c <= 0xfe0f) || (c >= 0xfe20 && c <= 0xfe2f) ||
         (c >= 0xe0100 && c <= 0xe01ef);
}

/* getStringWidth without ICU (Node's fallback), which is what its --without-intl builds use. */
size_t insp_str_width(const char *s, bool strip_colors) {
  size_t w = 0;
  for (const unsigned char *p = (const unsigned char *)s; *p;) {
    size_t skip = strip_colors ? ansi_len((const char *)p) : 0;
    if (skip) {
      p += skip;
      continue;
    }
    uint32_t c = next_cp(&p);
    w += full_width(c) ? 2 : zero_width(c) ? 0 : 1;
  }
  return w;
}

void insp_put_spaces(sbuf_t *b, long n) {
  for (; n > 0; n--) sbuf_putc(b, ' ');
}

/* ---- strings --------------------------------------------------------------------------- */

static void put_utf8(sbuf_t *b, uint32_t c) {
  char s[4];
  size_t n;
  if (c < 0x80) {
    s[0] = (char)c;
    n = 1;
  } else if (c < 0x800) {
    s[0] = (char)(0xc0 | (c >> 6));
    s[1] = (char)(0x80 | (c & 0x3f));
    n = 2;
  } else if (c < 0x10000) {
    s[0] = (char)(0xe0 | (c >> 12));
    s[1] = (char)(0x80 | ((c >> 6) & 0x3f));
    s[2] = (char)(0x80 | (c & 0x3f));
    n = 3;
  } else {
    s[0] = (char)(0xf0 | (c >> 18));
    s[1] = (char)(0x80 | ((c >> 12) & 0x3f));
    s[2] = (char)(0x80 | ((c >> 6) & 0x3f));
    s[3] = (char)(0x80 | (c & 0x3f));
    n = 4;
  }
  sbuf_append(b, s, n);
}

/* Node's meta table / escapeFn: control characters, C1 controls, backslash, the quote in
 * use (when `quote` is '\'') and lone surrogates. Works on UTF-16 so that lone surrogates
 * can be seen; everything else is written as UTF-8. */
static void put_escaped(sbuf_t *b, const JSChar *s, size_t n, char quote) {
  for (size_t i = 0; i < n; i++) {
    uint32_t u = s[i];
    if (u < 0x20 || (u >= 0x7f && u < 0xa0) || u == '\\' || (u == '\'' && quote == '\'')) {
      switch (u) {
      case '\b': sbuf_puts(b, "\\b"); break;
      case '\t': sbuf_puts(b, "\\t"); break;
      case '\n': sbuf_puts(b, "\\n"); break;
      case '\f': sbuf_puts(b, "\\f"); break;
      case '\r': sbuf_puts(b, "\\r"); break;
      case '\\': sbuf_puts(b, "\\\\"); break;
      case '\'': sbuf_puts(b, "\\'"); break;
      default: sbuf_printf(b, "\\x%02X", (unsigned)u); break;
      }
    } else if (u >= 0xd800 && u <= 0xdfff) {
      if (u <= 0xdbff && i + 1 < n && s[i + 1] >= 0xdc00 && s[i + 1] <= 0xdfff) {
        put_utf8(b, 0x10000 + ((u - 0xd800) << 10) + (s[i + 1] - 0xdc00));
        i++;
      } else {
        sbuf_printf(b, "\\u%x", (unsigned)u);
      }
    } else {
      put_utf8(b, u);
    }
  }
}

static bool u16_has(const JSChar *s, size_t n, char c) {
  for (size_t i = 0; i < n; i++)
    if (s[i] == (JSChar)c) return true;
  return false;
}

/* strEscape: single quotes unless the text has one; then double quotes, then backticks. */
static void put_quoted(sbuf_t *b, const JSChar *s, size_t n) {
  char q = '\'';
  if (u16_has(s, n, '\'')) {
    bool dollar_brace = false;
    for (size_t i = 0; i + 1 < n; i++)
      if (s[i] == '$' && s[i + 1] == '{') dollar_brace = true;
    if (!u16_has(s, n, '"')) {
      q = '"';
    } else if (!u16_has(s, n, '`') && !dollar_brace) {
      q = '`';
    }
  }
  sbuf_putc(b, q);
  put_escaped(b, s, n, q);
  sbuf_putc(b, q);
}

/* formatPrimitive for strings: long ones are cut at MAX_STRING_LENGTH, and split after
 * each newline into '...' + pieces when they would not fit on the line. */
static char *fmt_string(const ictx_t *c, JSValueRef v, bool colors) {
  JSContextRef ctx = c->ctx;
  int indent = c->indent;
  JSStringRef js = JSValueToStringCopy(ctx, v, NULL);
  if (!js) return xstrdup("''");
  if (JSStringGetLength(js) > c->max_string && secret_any()) {
    /* Masked before it is cut: a secret across the cut would leave its first part. */
    size_t len, masked_len;
    char *text = js_string_to_utf8_len(js, &len);
    char *masked = secret_mask(text, len, &masked_len);
    if (masked) {
      JSStringRelease(js);
      js = js_string_create_utf8(masked, masked_len);
    }
    free(text);
    free(masked);
  }
  const JSChar *s = JSStringGetCharactersPtr(js);
  size_t n = JSStringGetLength(js), remaining = 0;
  if (n > c->max_string) {
    remaining = n - c->max_string;
    n = c->max_string;
  }
  sbuf_t b = SBUF_INIT;
  if (n > MIN_LINE_LENGTH && (long)n > c->break_len - indent - 4) {
    size_t start = 0;
    while (start < n || start == 0) {
      size_t end = start;
      while (end < n && s[end] != '\n') end++;
      if (end < n) end++; /* the newline stays with its line */
      if (start) {
        sbuf_puts(&b, " +\n");
        insp_put_spaces(&b, indent + 2);
      }
      sbuf_t piece = SBUF_INIT;
      put_quoted(&piece, s + start, end - start);
      insp_put_styled(colors, &b, ST_STRING, sbuf_cstr(&piece));
      sbuf_free(&piece);
      start = end;
      if (end >= n) break;
    }
  } else {
    sbuf_t piece = SBUF_INIT;
    put_quoted(&piece, s, n);
    insp_put_styled(colors, &b, ST_STRING, sbuf_cstr(&piece));
    sbuf_free(&piece);
  }
  if (remaining) sbuf_printf(&b, "... %zu more character%s", remaining, remaining > 1 ? "s" : "");
  JSStringRelease(js);
  return sbuf_take(&b);
}

/* A property key or symbol description with Node's escapes but no quotes. */
char *insp_escape_plain(JSContextRef ctx, JSValueRef v) {
  JSStringRef js = JSValueToStringCopy(ctx, v, NULL);
  if (!js) return xstrdup("");
  sbuf_t b = SBUF_INIT;
  put_escaped(&b, JSStringGetCharactersPtr(js), JSStringGetLength(js), '\'');
  JSStringRelease(js);
  return sbuf_take(&b);
}

char *insp_quote_value(JSContextRef ctx, JSValueRef v) {
  JSStringRef js = JSValueToStringCopy(ctx, v, NULL);
  if (!js) return xstrdup("''");
  sbuf_t b = SBUF_INIT;
  put_quoted(&b, JSStringGetCharactersPtr(js), JSStringGetLength(js));
  JSStringRelease(js);
  return sbuf_take(&b);
}

/* ---- primitives ------------------------------------------------------------------------ */

/* `${number}` is the engine's Number#toString; only -0 needs Node's special case. */
char *insp_num_str(JSContextRef ctx, double d) {
  if (d == 0 && signbit(d)) return xstrdup("-0");
  return js_value_to_utf8(ctx, JSValueMakeNumber(ctx, d));
}

char *insp_symbol_str(JSContextRef ctx, JSObjectRef helper, JSValueRef sym) {
  /* ToString throws on symbols; String(sym) is the one conversion that works. */
  JSValueRef s = insp_hcall(ctx, helper, "String", 1, &sym);
  return s ? js_value_to_utf8(ctx, s) : xstrdup("Symbol()");
}

char *insp_fmt_primitive(const ictx_t *c, JSValueRef v, bool colors) {
  JSContextRef ctx = c->ctx;
  JSObjectRef helper = c->helper;
  switch (JSValueGetType(ctx, v)) {
  case kJSTypeUndefined: return insp_styled_lit(colors, ST_UNDEFINED, "undefined");
  case kJSTypeNull: return insp_styled_lit(colors, ST_NULL, "null");
  case kJSTypeBoolean:
    return insp_styled_lit(colors, ST_BOOLEAN, JSValueToBoolean(ctx, v) ? "true" : "false");
  case kJSTypeNumber:
    return insp_styled(colors, ST_NUMBER, insp_num_str(ctx, JSValueToNumber(ctx, v, NULL)));
  case kJSTypeBigInt: {
    char *s = js_value_to_utf8(ctx, v);
    char *r = xasprintf("%sn", s);
    free(s);
    return insp_styled(colors, ST_BIGINT, r);
  }
  case kJSTypeString: return fmt_string(c, v, colors);
  case kJSTypeSymbol: return insp_styled(colors, ST_SYMBOL, insp_symbol_str(ctx, helper, v));
  default: return xstrdup("");
  }
}

/* ---- small string helpers -------------------------------------------------------------- */

bool insp_starts_with(const char *s, const char *p) { return strncmp(s, p, strlen(p)) == 0; }

bool insp_ends_with(const char *s, const char *p) {
  size_t n = strlen(s), m = strlen(p);
  return n >= m && memcmp(s + n - m, p, m) == 0;
}

char *insp_join(const strvec_t *v, const char *sep) {
  sbuf_t b = SBUF_INIT;
  for (size_t i = 0; i < v->len; i++) {
    if (i) sbuf_puts(&b, sep);
    sbuf_puts(&b, v->items[i]);
  }
  return sbuf_take(&b);
}

/* Node's getPrefix; the result ends with a space. `ctor` NULL is a null prototype. */
char *insp_get_prefix(const char *ctor, const char *tag, const char *fallback, const char *size) {
  if (!ctor) {
    if (*tag && strcmp(fallback, tag) != 0)
      return xasprintf("[%s%s: null prototype] [%s] ", fallback, size, tag);
    return xasprintf("[%s%s: null prototype] ", fallback, size);
  }
  if (*tag && strcmp(ctor, tag) != 0) return xasprintf("%s%s [%s] ", ctor, size, tag);
  return xasprintf("%s%s ", ctor, size);
}

/* getCtxStyle: what V8 would call the class is "Object" for everything we reach here. */
char *insp_ctx_style(const char *ctor, const char *tag) {
  const char *fallback = "";
  if (!ctor) fallback = "Object";
  return insp_get_prefix(ctor, tag, fallback, "");
}

void insp_chop_space(char *s) {
  size_t n = strlen(s);
  if (n && s[n - 1] == ' ') s[n - 1] = '\0';
}
