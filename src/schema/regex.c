/* regex: ECMAScript regular expressions (the dialect JSON Schema's pattern and
 * patternProperties use) on PCRE2. A recursive-descent parser checks the pattern with the
 * rules of a u-flag RegExp (what ajv and browsers apply; format "regex" uses the parser
 * alone) and writes an equivalent PCRE2 pattern where the two dialects differ:
 *   - ECMAScript \s and \S cover Unicode spaces and line terminators, while PCRE2 without
 *     UCP knows ASCII spaces only: both become explicit classes. \d, \w and \b stay ASCII,
 *     as in ECMAScript, by leaving UCP off.
 *   - "." excludes \r, U+2028 and U+2029 too; "$" never matches before a final newline
 *     (PCRE2_DOLLAR_ENDONLY); a backreference to an unset group matches empty
 *     (PCRE2_MATCH_UNSET_BACKREF).
 *   - \cX, \0, \xHH, \uHHHH (surrogate pairs joined), \u{...} become code points;
 *     \p{Letter}, \p{gc=Lu}, \p{digit} use PCRE2's short General_Category names;
 *     [] and [^] (never / anything) have no PCRE2 spelling of their own.
 * Literals are written as \x{...} so no character means something else to PCRE2.
 * Matching is UTF-8 code points, which is what ECMAScript's u flag gives on UTF-16.
 *
 * Memory: a schema_regex_t owns its source copy, the PCRE2 code and one match-data block
 * (reused by every match: a registry is used from one thread). */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdlib.h>
#include <string.h>

#include "common/strvec.h"
#include "schema/schema_int.h"

struct schema_regex {
  char *source;
  pcre2_code *code;
  pcre2_match_data *md;
};

/* ECMAScript WhiteSpace and LineTerminator, and the complement, as class contents. */
static const char ws_class[] =
    "\\x{9}-\\x{d}\\x{20}\\x{a0}\\x{1680}\\x{2000}-\\x{200a}\\x{2028}\\x{2029}\\x{202f}"
    "\\x{205f}\\x{3000}\\x{feff}";
static const char non_ws_class[] =
    "\\x{0}-\\x{8}\\x{e}-\\x{1f}\\x{21}-\\x{9f}\\x{a1}-\\x{167f}\\x{1681}-\\x{1fff}"
    "\\x{200b}-\\x{2027}\\x{202a}-\\x{202e}\\x{2030}-\\x{205e}\\x{2060}-\\x{2fff}"
    "\\x{3001}-\\x{d7ff}\\x{e000}-\\x{fefe}\\x{ff00}-\\x{10ffff}";

/* General_Category names and aliases (PropertyValueAliases.txt) → PCRE2's short name. */
static const struct {
  const char *name, *pcre;
} gc_names[] = {
    {"C", "C"},
    {"Other", "C"},
    {"Cc", "Cc"},
    {"Control", "Cc"},
    {"cntrl", "Cc"},
    {"Cf", "Cf"},
    {"Format", "Cf"},
    {"Cn", "Cn"},
    {"Unassigned", "Cn"},
    {"Co", "Co"},
    {"Private_Use", "Co"},
    {"Cs", "Cs"},
    {"Surrogate", "Cs"},
    {"L", "L"},
    {"Letter", "L"},
    {"LC", "L&"},
    {"Cased_Letter", "L&"},
    {"Ll", "Ll"},
    {"Lowercase_Letter", "Ll"},
    {"Lm", "Lm"},
    {"Modifier_Letter", "Lm"},
    {"Lo", "Lo"},
    {"Other_Letter", "Lo"},
    {"Lt", "Lt"},
    {"Titlecase_Letter", "Lt"},
    {"Lu", "Lu"},
    {"Uppercase_Letter", "Lu"},
    {"M", "M"},
    {"Mark", "M"},
    {"Combining_Mark", "M"},
    {"Mc", "Mc"},
    {"Spacing_Mark", "Mc"},
    {"Me", "Me"},
    {"Enclosing_Mark", "Me"},
    {"Mn", "Mn"},
    {"Nonspacing_Mark", "Mn"},
    {"N", "N"},
    {"Number", "N"},
    {"Nd", "Nd"},
    {"Decimal_Number", "Nd"},
    {"digit", "Nd"},
    {"Nl", "Nl"},
    {"Letter_Number", "Nl"},
    {"No", "No"},
    {"Other_Number", "No"},
    {"P", "P"},
    {"Punctuation", "P"},
    {"punct", "P"},
    {"Pc", "Pc"},
    {"Connector_Punctuation", "Pc"},
    {"Pd", "Pd"},
    {"Dash_Punctuation", "Pd"},
    {"Pe", "Pe"},
    {"Close_Punctuation", "Pe"},
    {"Pf", "Pf"},
    {"Final_Punctuation", "Pf"},
    {"Pi", "Pi"},
    {"Initial_Punctuation", "Pi"},
    {"Po", "Po"},
    {"Other_Punctuation", "Po"},
    {"Ps", "Ps"},
    {"Open_Punctuation", "Ps"},
    {"S", "S"},
    {"Symbol", "S"},
    {"Sc", "Sc"},
    {"Currency_Symbol", "Sc"},
    {"Sk", "Sk"},
    {"Modifier_Symbol", "Sk"},
    {"Sm", "Sm"},
    {"Math_Symbol", "Sm"},
    {"So", "So"},
    {"Other_Symbol", "So"},
    {"Z", "Z"},
    {"Separator", "Z"},
    {"Zl", "Zl"},
    {"Line_Separator", "Zl"},
    {"Zp", "Zp"},
    {"Paragraph_Separator", "Zp"},
    {"Zs", "Zs"},
    {"Space_Separator", "Zs"},
};

typedef struct {
  const char *s;
  size_t n, i;
  sbuf_t *out; /* NULL: check only */
  const char *err;
  size_t ngroups;
  strvec_t names;
} rx_t;

static bool fail(rx_t *r, const char *msg) {
  if (!r->err) r->err = msg;
  return false;
}

static void emit(rx_t *r, const char *s) {
  if (r->out) sbuf_puts(r->out, s);
}

static void emit_cp(rx_t *r, uint32_t cp) {
  if (!r->out) return;
  if ((cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || (cp >= '0' && cp <= '9'))
    sbuf_putc(r->out, (char)cp);
  else sbuf_printf(r->out, "\\x{%x}", (unsigned)cp);
}

static bool at_end(const rx_t *r) { return r->i >= r->n; }
static int peek_at(const rx_t *r, size_t k) {
  return r->i + k < r->n ? (unsigned char)r->s[r->i + k] : -1;
}
static int peek(const rx_t *r) { return peek_at(r, 0); }

static uint32_t take_cp(rx_t *r) {
  uint32_t cp;
  r->i += schema_utf8_decode(r->s + r->i, r->n - r->i, &cp);
  return cp;
}

static int hex(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

static bool hex_digits(rx_t *r, int count, uint32_t *out) {
  uint32_t v = 0;
  for (int k = 0; k < count; k++) {
    int h = hex(peek_at(r, (size_t)k));
    if (h < 0) return false;
    v = v * 16 + (uint32_t)h;
  }
  r->i += (size_t)count;
  *out = v;
  return true;
}

/* After "\u": 4 hex digits (a surrogate pair written as two escapes is one code point)
 * or {hex...}. */
static bool unicode_escape(rx_t *r, uint32_t *cp) {
  if (peek(r) == '{') {
    r->i++;
    uint32_t v = 0;
    size_t digits = 0;
    int h;
    while ((h = hex(peek(r))) >= 0) {
      v = v * 16 + (uint32_t)h;
      if (v > 0x10ffff) return fail(r, "\\u{...} out of range");
      r->i++;
      digits++;
    }
    if (!digits || peek(r) != '}') return fail(r, "invalid Unicode escape");
    r->i++;
    *cp = v;
    return true;
  }
  if (!hex_digits(r, 4, cp)) return fail(r, "invalid Unicode escape");
  if (*cp >= 0xd800 && *cp <= 0xdbff && peek(r) == '\\' && peek_at(r, 1) == 'u') {
    size_t save = r->i;
    r->i += 2;
    uint32_t lo;
    if (hex_digits(r, 4, &lo) && lo >= 0xdc00 && lo <= 0xdfff) {
      *cp = 0x10000 + ((*cp - 0xd800) << 10) + (lo - 0xdc00);
      return true;
    }
    r->i = save;
  }
  return true;
}

/* \p{...} / \P{...} after the letter; writes the PCRE2 form into `to`. */
static bool property(rx_t *r, bool neg, sbuf_t *to) {
  if (peek(r) != '{') return fail(r, "invalid property name");
  size_t start = ++r->i;
  while (!at_end(r) && peek(r) != '}') {
    int c = peek(r);
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
          c == '='))
      return fail(r, "invalid property name");
    r->i++;
  }
  if (at_end(r) || r->i == start) return fail(r, "invalid property name");
  char *name = xstrndup(r->s + start, r->i - start);
  r->i++;
  const char *value = name, *eq = strchr(name, '=');
  bool gc_only = false;
  if (eq) {
    size_t klen = (size_t)(eq - name);
    value = eq + 1;
    if ((klen == 16 && strncmp(name, "General_Category", 16) == 0) ||
        (klen == 2 && strncmp(name, "gc", 2) == 0)) {
      gc_only = true;
    } else if (!((klen == 6 && strncmp(name, "Script", 6) == 0) ||
                 (klen == 2 && strncmp(name, "sc", 2) == 0) ||
                 (klen == 18 && strncmp(name, "Script_Extensions", 17) == 0) ||
                 (klen == 3 && strncmp(name, "scx", 3) == 0)) ||
               !*value) {
      free(name);
      return fail(r, "invalid property name");
    }
  }
  const char *pcre = NULL;
  for (size_t k = 0; k < sizeof gc_names / sizeof gc_names[0]; k++)
    if (strcmp(gc_names[k].name, value) == 0) pcre = gc_names[k].pcre;
  if (gc_only && !pcre) {
    free(name);
    return fail(r, "invalid property name");
  }
  sbuf_puts(to, neg ? "\\P{" : "\\p{");
  sbuf_puts(to, pcre ? pcre : name);
  sbuf_putc(to, '}');
  free(name);
  return true;
}

/* Character escapes shared by atoms and classes; the backslash is consumed. Returns 1
 * with a code point, 0 when the escape is not a character escape (left unread). */
static int char_escape(rx_t *r, uint32_t *cp) {
  int c = peek(r);
  switch (c) {
  case 'f':
    r->i++;
    *cp = 0x0c;
    return 1;
  case 'n':
    r->i++;
    *cp = 0x0a;
    return 1;
  case 'r':
    r->i++;
    *cp = 0x0d;
    return 1;
  case 't':
    r->i++;
    *cp = 0x09;
    return 1;
  case 'v':
    r->i++;
    *cp = 0x0b;
    return 1;
  case 'c': {
    int l = peek_at(r, 1);
    if (!((l >= 'a' && l <= 'z') || (l >= 'A' && l <= 'Z'))) {
      fail(r, "invalid \\c escape");
      return -1;
    }
    r->i += 2;
    *cp = (uint32_t)(l % 32);
    return 1;
  }
  case '0': {
    int d = peek_at(r, 1);
    if (d >= '0' && d <= '9') {
      fail(r, "invalid decimal escape");
      return -1;
    }
    r->i++;
    *cp = 0;
    return 1;
  }
  case 'x':
    r->i++;
    if (!hex_digits(r, 2, cp)) {
      fail(r, "invalid \\x escape");
      return -1;
    }
    return 1;
  case 'u': r->i++; return unicode_escape(r, cp) ? 1 : -1;
  default:
    if (c >= 0 && strchr("^$\\.*+?()[]{}|/", c)) {
      r->i++;
      *cp = (uint32_t)c;
      return 1;
    }
    return 0;
  }
}

typedef struct {
  bool is_set;
  uint32_t cp;
} class_atom_t;

static bool class_atom(rx_t *r, class_atom_t *a, sbuf_t *set) {
  a->is_set = false;
  if (peek(r) != '\\') {
    a->cp = take_cp(r);
    return true;
  }
  r->i++;
  int c = peek(r);
  if (c < 0) return fail(r, "\\ at end of pattern");
  switch (c) {
  case 'b':
    r->i++;
    a->cp = 0x08;
    return true;
  case '-':
    r->i++;
    a->cp = '-';
    return true;
  case 'd':
  case 'D':
  case 'w':
  case 'W':
    r->i++;
    a->is_set = true;
    sbuf_printf(set, "\\%c", c);
    return true;
  case 's':
  case 'S':
    r->i++;
    a->is_set = true;
    sbuf_puts(set, c == 's' ? ws_class : non_ws_class);
    return true;
  case 'p':
  case 'P':
    r->i++;
    a->is_set = true;
    return property(r, c == 'P', set);
  }
  int e = char_escape(r, &a->cp);
  if (e < 0 || r->err) return false;
  if (e == 0) return fail(r, "invalid escape in character class");
  return true;
}

static bool char_class(rx_t *r) {
  r->i++; /* [ */
  bool neg = peek(r) == '^';
  if (neg) r->i++;
  if (peek(r) == ']') {
    r->i++;
    emit(r, neg ? "(?s:.)" : "(?!)"); /* [^] matches anything, [] nothing */
    return true;
  }
  emit(r, neg ? "[^" : "[");
  sbuf_t set = SBUF_INIT;
  bool ok = true;
  while (ok) {
    if (at_end(r)) {
      ok = fail(r, "unterminated character class");
      break;
    }
    if (peek(r) == ']') {
      r->i++;
      break;
    }
    class_atom_t a, b;
    sbuf_reset(&set);
    if (!class_atom(r, &a, &set)) {
      ok = false;
      break;
    }
    if (peek(r) == '-' && peek_at(r, 1) != ']' && peek_at(r, 1) >= 0) {
      r->i++;
      sbuf_t set2 = SBUF_INIT;
      ok = class_atom(r, &b, &set2);
      sbuf_free(&set2);
      if (!ok) break;
      if (a.is_set || b.is_set) {
        ok = fail(r, "invalid character class range");
        break;
      }
      if (a.cp > b.cp) {
        ok = fail(r, "range out of order in character class");
        break;
      }
      if (r->out) sbuf_printf(r->out, "\\x{%x}-\\x{%x}", (unsigned)a.cp, (unsigned)b.cp);
    } else if (a.is_set) {
      emit(r, sbuf_cstr(&set));
    } else if (r->out) {
      sbuf_printf(r->out, "\\x{%x}", (unsigned)a.cp);
    }
  }
  sbuf_free(&set);
  if (ok) emit(r, "]");
  return ok;
}

static bool group_name(rx_t *r, char **name) {
  /* after "<": an identifier, then ">" */
  size_t start = r->i;
  while (!at_end(r) && peek(r) != '>') {
    int c = peek(r);
    bool first = r->i == start;
    if (!(c >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' ||
          (!first && c >= '0' && c <= '9')))
      return fail(r, "invalid capture group name");
    r->i++;
  }
  if (at_end(r) || r->i == start) return fail(r, "invalid capture group name");
  *name = xstrndup(r->s + start, r->i - start);
  r->i++;
  return true;
}

static bool disjunction(rx_t *r, unsigned depth);

static bool quantifier(rx_t *r, bool quantifiable) {
  int c = peek(r);
  size_t start = r->i;
  if (c == '*' || c == '+' || c == '?') {
    r->i++;
  } else if (c == '{') {
    r->i++;
    size_t lo_start = r->i;
    unsigned long lo = 0, hi = 0;
    while (peek(r) >= '0' && peek(r) <= '9') lo = lo * 10 + (unsigned long)(r->s[r->i++] - '0');
    if (r->i == lo_start) return fail(r, "incomplete quantifier");
    bool has_hi = false;
    if (peek(r) == ',') {
      r->i++;
      size_t hi_start = r->i;
      while (peek(r) >= '0' && peek(r) <= '9') hi = hi * 10 + (unsigned long)(r->s[r->i++] - '0');
      has_hi = r->i > hi_start;
    }
    if (peek(r) != '}') return fail(r, "incomplete quantifier");
    r->i++;
    if (has_hi && hi < lo) return fail(r, "numbers out of order in {} quantifier");
  } else {
    return true;
  }
  if (!quantifiable) return fail(r, "nothing to repeat");
  if (r->out) sbuf_append(r->out, r->s + start, r->i - start);
  if (peek(r) == '?') {
    r->i++;
    emit(r, "?");
  }
  return true;
}

static bool atom_escape(rx_t *r) {
  r->i++; /* backslash */
  int c = peek(r);
  if (c < 0) return fail(r, "\\ at end of pattern");
  switch (c) {
  case 'd':
  case 'D':
  case 'w':
  case 'W':
    r->i++;
    if (r->out) sbuf_printf(r->out, "\\%c", c);
    return true;
  case 's':
    r->i++;
    emit(r, "[");
    emit(r, ws_class);
    emit(r, "]");
    return true;
  case 'S':
    r->i++;
    emit(r, "[^");
    emit(r, ws_class);
    emit(r, "]");
    return true;
  case 'p':
  case 'P': {
    r->i++;
    sbuf_t p = SBUF_INIT;
    bool ok = property(r, c == 'P', &p);
    if (ok) emit(r, sbuf_cstr(&p));
    sbuf_free(&p);
    return ok;
  }
  case 'k': {
    r->i++;
    char *name = NULL;
    if (peek(r) != '<') return fail(r, "invalid named reference");
    r->i++;
    if (!group_name(r, &name)) return false;
    bool known = strvec_contains(&r->names, name);
    if (known && r->out) sbuf_printf(r->out, "\\k<%s>", name);
    free(name);
    return known ? true : fail(r, "invalid named capture referenced");
  }
  }
  if (c >= '1' && c <= '9') {
    unsigned long n = 0;
    while (peek(r) >= '0' && peek(r) <= '9') n = n * 10 + (unsigned long)(r->s[r->i++] - '0');
    if (n > r->ngroups) return fail(r, "invalid escape (backreference to a missing group)");
    if (r->out) sbuf_printf(r->out, "\\g{%lu}", n);
    return true;
  }
  uint32_t cp;
  int e = char_escape(r, &cp);
  if (e < 0 || r->err) return false;
  if (e == 0) return fail(r, "invalid escape");
  emit_cp(r, cp);
  return true;
}

/* One term: an assertion or an atom with its quantifier. */
static bool term(rx_t *r, unsigned depth) {
  int c = peek(r);
  if (c == '^' || c == '$') {
    r->i++;
    emit(r, c == '^' ? "^" : "$");
    return quantifier(r, false);
  }
  if (c == '\\' && (peek_at(r, 1) == 'b' || peek_at(r, 1) == 'B')) {
    r->i += 2;
    emit(r, r->s[r->i - 1] == 'b' ? "\\b" : "\\B");
    return quantifier(r, false);
  }
  bool quantifiable = true;
  switch (c) {
  case '(': {
    if (depth > 200) return fail(r, "pattern nests too deeply");
    r->i++;
    if (peek(r) == '?') {
      int k = peek_at(r, 1);
      if (k == ':' || k == '=' || k == '!') {
        r->i += 2;
        emit(r, k == ':' ? "(?:" : k == '=' ? "(?=" : "(?!");
        quantifiable = k == ':';
      } else if (k == '<' && (peek_at(r, 2) == '=' || peek_at(r, 2) == '!')) {
        emit(r, peek_at(r, 2) == '=' ? "(?<=" : "(?<!");
        r->i += 3;
        quantifiable = false;
      } else if (k == '<') {
        r->i += 2;
        char *name = NULL;
        if (!group_name(r, &name)) return false;
        if (r->out) sbuf_printf(r->out, "(?<%s>", name);
        free(name);
      } else {
        /* modifiers (?ims-ims:...) (ES2025); anything else, (?i) or (?P<..>), is not
         * ECMAScript */
        size_t j = 1;
        while (peek_at(r, j) == 'i' || peek_at(r, j) == 'm' || peek_at(r, j) == 's' ||
               peek_at(r, j) == '-')
          j++;
        if (j == 1 || peek_at(r, j) != ':') return fail(r, "invalid group");
        if (r->out) sbuf_append(r->out, r->s + r->i - 1, j + 2);
        r->i += j + 1;
      }
    } else {
      emit(r, "(");
    }
    if (!disjunction(r, depth + 1)) return false;
    if (peek(r) != ')') return fail(r, "unterminated group");
    r->i++;
    emit(r, ")");
    break;
  }
  case '.':
    r->i++;
    emit(r, "[^\\n\\r\\x{2028}\\x{2029}]");
    break;
  case '[':
    if (!char_class(r)) return false;
    break;
  case '\\':
    if (!atom_escape(r)) return false;
    break;
  case '*':
  case '+':
  case '?': return fail(r, "nothing to repeat");
  case '{': return fail(r, "nothing to repeat (or a lone '{')");
  case '}':
  case ']': return fail(r, "lone quantifier brackets");
  case ')': return fail(r, "unmatched ')'");
  default: emit_cp(r, take_cp(r)); break;
  }
  return quantifier(r, quantifiable);
}

static bool disjunction(rx_t *r, unsigned depth) {
  for (;;) {
    while (!at_end(r) && peek(r) != '|' && peek(r) != ')')
      if (!term(r, depth)) return false;
    if (peek(r) != '|') return true;
    r->i++;
    emit(r, "|");
  }
}

/* Counts capturing groups and collects their names first: a backreference may come
 * before the group it names. */
static bool prescan(rx_t *r) {
  bool in_class = false;
  for (size_t i = 0; i < r->n; i++) {
    char c = r->s[i];
    if (c == '\\') {
      i++;
      continue;
    }
    if (in_class) {
      if (c == ']') in_class = false;
      continue;
    }
    if (c == '[') {
      in_class = true;
    } else if (c == '(') {
      if (i + 1 < r->n && r->s[i + 1] != '?') {
        r->ngroups++;
      } else if (i + 2 < r->n && r->s[i + 2] == '<' && i + 3 < r->n && r->s[i + 3] != '=' &&
                 r->s[i + 3] != '!') {
        r->ngroups++;
        size_t end = i + 3;
        while (end < r->n && r->s[end] != '>') end++;
        char *name = xstrndup(r->s + i + 3, end - (i + 3));
        if (strvec_contains(&r->names, name)) {
          free(name);
          return fail(r, "duplicate capture group name");
        }
        strvec_push_owned(&r->names, name);
      }
    }
  }
  return true;
}

static bool parse(const char *src, size_t len, sbuf_t *out, const char **err) {
  rx_t r;
  memset(&r, 0, sizeof r);
  r.s = src;
  r.n = len;
  r.out = out;
  bool ok = prescan(&r) && disjunction(&r, 0);
  if (ok && !at_end(&r)) ok = fail(&r, peek(&r) == ')' ? "unmatched ')'" : "unexpected character");
  strvec_free(&r.names);
  if (!ok && err) *err = r.err ? r.err : "invalid regular expression";
  return ok;
}

bool schema_regex_valid(const char *src, size_t len) { return parse(src, len, NULL, NULL); }

schema_regex_t *schema_regex_new(const char *src, size_t len, sbuf_t *err) {
  sbuf_t out = SBUF_INIT;
  const char *why = NULL;
  if (!parse(src, len, &out, &why)) {
    sbuf_puts(err, why);
    sbuf_free(&out);
    return NULL;
  }
  int code;
  PCRE2_SIZE off;
  pcre2_code *re = pcre2_compile((PCRE2_SPTR)sbuf_cstr(&out), out.len,
                                 PCRE2_UTF | PCRE2_DOLLAR_ENDONLY | PCRE2_MATCH_UNSET_BACKREF,
                                 &code, &off, NULL);
  sbuf_free(&out);
  if (!re) {
    /* valid ECMAScript that PCRE2 cannot express (a variable-length lookbehind, say) */
    PCRE2_UCHAR msg[256];
    pcre2_get_error_message(code, msg, sizeof msg);
    sbuf_printf(err, "not supported: %s", (const char *)msg);
    return NULL;
  }
  (void)pcre2_jit_compile(re, PCRE2_JIT_COMPLETE); /* falls back to the interpreter */
  schema_regex_t *rx = xcalloc(1, sizeof *rx);
  rx->source = xstrndup(src, len);
  rx->code = re;
  rx->md = pcre2_match_data_create(1, NULL);
  if (!rx->md) {
    schema_regex_free(rx);
    sbuf_puts(err, "out of memory");
    return NULL;
  }
  return rx;
}

void schema_regex_free(schema_regex_t *re) {
  if (!re) return;
  pcre2_match_data_free(re->md);
  pcre2_code_free(re->code);
  free(re->source);
  free(re);
}

int schema_regex_match(schema_regex_t *re, const char *s, size_t n) {
  /* No PCRE2_NO_UTF_CHECK: a json_t built with jansson's *_nocheck calls may hold bytes
   * that are not UTF-8, which PCRE2 must then reject rather than misread. */
  int rc = pcre2_match(re->code, (PCRE2_SPTR)s, n, 0, 0, re->md, NULL);
  if (rc >= 0) return 1;
  return rc == PCRE2_ERROR_NOMATCH ? 0 : -1;
}

const char *schema_regex_source(const schema_regex_t *re) { return re->source; }
