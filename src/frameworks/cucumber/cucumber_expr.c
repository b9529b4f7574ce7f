/* cucumber_expr: parameter types, the compiler of a Cucumber Expression's AST to a
 * regular expression (text escaped, "(x)" -> "(?:x)?", "a/b" -> "(?:a|b)", a parameter ->
 * "(re)" or "((?:re1)|(?:re2))"), matching with PCRE2 and the arguments' values.
 * Arguments are the top-level capture groups; a group's values are those of its child
 * groups (or its own when it has none), found from the pattern's parentheses as
 * Cucumber's TreeRegexp does. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "frameworks/cucumber/cucumber_expr.h"

#include <errno.h>
#include <pcre2.h>
#include <stdlib.h>
#include <string.h>

#include "common/sbuf.h"
#include "frameworks/cucumber/cucumber_expr_int.h"
#include "frameworks/cucumber/gherkin_int.h"

struct cukexpr {
  char *regex;
  pcre2_code *code;
  const ptype_t **types; /* per top-level group; NULL: an untyped regexp group */
  size_t ntypes;
  int *parent;           /* per capture group (1..n): its enclosing capture group, 0 = none */
  size_t *gstart, *gend; /* per capture group: its source's byte range in regex */
  size_t ngroups;
};

#define INT_RES  "-?\\d+", "\\d+"
#define FLOAT_RE "[-+]?(?:\\d+(?:\\.\\d+)?|\\.\\d+)(?:[E][+-]?\\d+)?"

static void add_type(cukexpr_registry_t *r, const char *name, const char *const *res, size_t n,
                     cukexpr_transform_t tr, bool snippets, bool prefer) {
  ptype_t *t = GHERKIN_PUSH(r->types, r->ntypes);
  t->name = xstrdup(name);
  t->regexps = xcalloc(n, sizeof(char *));
  for (size_t i = 0; i < n; i++) t->regexps[i] = xstrdup(res[i]);
  t->nregexps = n;
  t->transform = tr;
  t->use_for_snippets = snippets;
  t->prefer_for_regexp = prefer;
}

/* The built-in types, in Cucumber's order (which decides between types sharing a regexp). */
cukexpr_registry_t *cukexpr_registry_new(void) {
  cukexpr_registry_t *r = xcalloc(1, sizeof *r);
  static const char *const ints[] = {INT_RES}, *const floats[] = {FLOAT_RE};
  static const char *const word[] = {"[^\\s]+"}, *const any[] = {".*"};
  static const char *const str[] = {
      "\"([^\"\\\\]*(\\\\.[^\"\\\\]*)*)\"|'([^'\\\\]*(\\\\.[^'\\\\]*)*)'"};
  add_type(r, "int", ints, 2, CUKEXPR_T_INT, true, true);
  add_type(r, "float", floats, 1, CUKEXPR_T_FLOAT, true, false);
  add_type(r, "word", word, 1, CUKEXPR_T_TEXT, false, false);
  add_type(r, "string", str, 1, CUKEXPR_T_STRING, true, false);
  add_type(r, "", any, 1, CUKEXPR_T_TEXT, false, true);
  add_type(r, "double", floats, 1, CUKEXPR_T_FLOAT, false, false);
  add_type(r, "bigdecimal", floats, 1, CUKEXPR_T_TEXT, false, false);
  add_type(r, "byte", ints, 2, CUKEXPR_T_INT, false, false);
  add_type(r, "short", ints, 2, CUKEXPR_T_INT, false, false);
  add_type(r, "long", ints, 2, CUKEXPR_T_INT, false, false);
  add_type(r, "biginteger", ints, 2, CUKEXPR_T_TEXT, false, false);
  return r;
}

void cukexpr_registry_free(cukexpr_registry_t *r) {
  if (!r) return;
  for (size_t i = 0; i < r->ntypes; i++) {
    for (size_t k = 0; k < r->types[i].nregexps; k++) free(r->types[i].regexps[k]);
    free(r->types[i].regexps);
    free(r->types[i].name);
  }
  free(r->types);
  free(r);
}

static const ptype_t *lookup(const cukexpr_registry_t *r, const char *name) {
  for (size_t i = 0; i < r->ntypes; i++)
    if (strcmp(r->types[i].name, name) == 0) return &r->types[i];
  return NULL;
}

pcre2_code *ck_compile_pcre(const char *re, char **err) {
  int code;
  PCRE2_SIZE off;
  pcre2_code *c = pcre2_compile((PCRE2_SPTR)re, PCRE2_ZERO_TERMINATED,
                                PCRE2_UTF | PCRE2_DOLLAR_ENDONLY | PCRE2_MATCH_UNSET_BACKREF, &code,
                                &off, NULL);
  if (!c && err) {
    PCRE2_UCHAR msg[256];
    pcre2_get_error_message(code, msg, sizeof msg);
    *err = xasprintf("Invalid regular expression /%s/: %s at offset %zu", re, (char *)msg,
                     (size_t)off);
  }
  return c;
}

int cukexpr_registry_define(cukexpr_registry_t *r, const char *name, const char *const *regexps,
                            size_t nregexps, bool use_for_snippets, bool prefer_for_regexp,
                            char **err) {
  *err = NULL;
  if (!name || strpbrk(name, "{}()\\/")) {
    *err = xasprintf(
        "Illegal character in parameter name {%s}. Parameter names may not contain '{', '}', '(', "
        "')', '\\' or '/'",
        name ? name : "");
    return -1;
  }
  if (lookup(r, name)) {
    *err = xasprintf("There is already a parameter type with name %s", name);
    return -1;
  }
  if (nregexps == 0) {
    *err = xasprintf("The parameter type %s has no regular expression", name);
    return -1;
  }
  for (size_t i = 0; i < nregexps; i++) {
    pcre2_code *c = ck_compile_pcre(regexps[i], err);
    if (!c) return -1;
    pcre2_code_free(c);
  }
  add_type(r, name, regexps, nregexps, CUKEXPR_T_CUSTOM, use_for_snippets, prefer_for_regexp);
  return 0;
}

/* The compiler: appends the node's regex to out; false with *err on an invalid node. */
typedef struct {
  const cukexpr_registry_t *reg;
  const char *expr;
  sbuf_t out;
  const ptype_t **types;
  size_t ntypes;
  char *err;
} comp_t;

static bool rewrite(comp_t *c, const ck_node_t *n);

static const ck_node_t *child_of(const ck_node_t *n, ck_node_type_t t) {
  for (size_t i = 0; i < n->nnodes; i++)
    if (n->nodes[i].type == t) return &n->nodes[i];
  return NULL;
}

static bool rewrite_children(comp_t *c, const ck_node_t *n, const char *sep) {
  for (size_t i = 0; i < n->nnodes; i++) {
    if (i && sep) sbuf_puts(&c->out, sep);
    if (!rewrite(c, &n->nodes[i])) return false;
  }
  return true;
}

static bool fail(comp_t *c, const ck_node_t *at, const char *problem, const char *solution) {
  c->err = ck_error(c->expr, at->start, at->end, problem, solution);
  return false;
}

static bool rewrite(comp_t *c, const ck_node_t *n) {
  switch (n->type) {
  case CK_TEXT_NODE:
    for (const char *p = n->token; *p; p++) {
      if (strchr("\\^[({$.|?*+})]", *p)) sbuf_putc(&c->out, '\\');
      sbuf_putc(&c->out, *p);
    }
    return true;
  case CK_OPTIONAL_NODE: {
    const ck_node_t *bad;
    if ((bad = child_of(n, CK_PARAMETER_NODE)))
      return fail(
          c, bad, "An optional may not contain a parameter type",
          "If you did not mean to use an parameter type you can use '\\{' to escape the '{'");
    if ((bad = child_of(n, CK_OPTIONAL_NODE)))
      return fail(
          c, bad, "An optional may not contain an other optional",
          "If you did not mean to use an optional type you can use '\\(' to escape the '('. "
          "For more complicated expressions consider using a regular expression instead.");
    if (!child_of(n, CK_TEXT_NODE))
      return fail(c, n, "An optional must contain some text",
                  "If you did not mean to use an optional you can use '\\(' to escape the '('");
    sbuf_puts(&c->out, "(?:");
    if (!rewrite_children(c, n, NULL)) return false;
    sbuf_puts(&c->out, ")?");
    return true;
  }
  case CK_ALTERNATION_NODE:
    for (size_t i = 0; i < n->nnodes; i++) {
      const ck_node_t *a = &n->nodes[i];
      if (a->nnodes == 0)
        return fail(
            c, &(ck_node_t){.start = a->start, .end = a->start}, "Alternative may not be empty",
            "If you did not mean to use an alternative you can use '\\/' to escape the '/'");
      if (!child_of(a, CK_TEXT_NODE))
        return fail(c, a, "An alternative may not exclusively contain optionals",
                    "If you did not mean to use an optional you can use '\\(' to escape the '('");
    }
    sbuf_puts(&c->out, "(?:");
    if (!rewrite_children(c, n, "|")) return false;
    sbuf_putc(&c->out, ')');
    return true;
  case CK_ALTERNATIVE_NODE: return rewrite_children(c, n, NULL);
  case CK_PARAMETER_NODE: {
    sbuf_t name = SBUF_INIT;
    sbuf_init(&name);
    for (size_t i = 0; i < n->nnodes; i++)
      sbuf_puts(&name, n->nodes[i].token ? n->nodes[i].token : "");
    const ptype_t *t = lookup(c->reg, sbuf_cstr(&name));
    if (!t) {
      char *problem = xasprintf("Undefined parameter type '%s'", sbuf_cstr(&name));
      char *solution = xasprintf("Please register a ParameterType for '%s'", sbuf_cstr(&name));
      fail(c, n, problem, solution);
      free(problem), free(solution), sbuf_free(&name);
      return false;
    }
    sbuf_free(&name);
    *GHERKIN_PUSH(c->types, c->ntypes) = t;
    if (t->nregexps == 1) {
      sbuf_printf(&c->out, "(%s)", t->regexps[0]);
    } else {
      sbuf_puts(&c->out, "((?:");
      for (size_t i = 0; i < t->nregexps; i++)
        sbuf_printf(&c->out, "%s%s", i ? ")|(?:" : "", t->regexps[i]);
      sbuf_puts(&c->out, "))");
    }
    return true;
  }
  case CK_EXPRESSION_NODE:
    sbuf_putc(&c->out, '^');
    if (!rewrite_children(c, n, NULL)) return false;
    sbuf_putc(&c->out, '$');
    return true;
  default: return false;
  }
}

/* Each capture group's enclosing capture group, from the pattern's parentheses (escapes
 * and character classes skipped; "(?:", lookarounds and other "(?" groups capture
 * nothing, "(?<name>" and "(?P<name>" do). */
static void group_tree(cukexpr_t *e) {
  const char *p = e->regex;
  size_t n = strlen(p), depth = 0;
  int *stack = xcalloc(n + 1, sizeof *stack); /* per open parenthesis: its capture group or -1 */
  int cur_parent = 0;
  bool in_class = false;
  e->parent = xcalloc(n + 1, sizeof *e->parent);
  e->gstart = xcalloc(n + 1, sizeof *e->gstart);
  e->gend = xcalloc(n + 1, sizeof *e->gend);
  e->ngroups = 0;
  for (size_t i = 0; i < n; i++) {
    char ch = p[i];
    if (ch == '\\') {
      i++;
      continue;
    }
    if (in_class) {
      if (ch == ']') in_class = false;
      continue;
    }
    if (ch == '[') {
      in_class = true;
      if (i + 1 < n && p[i + 1] == '^') i++;
      if (i + 1 < n && p[i + 1] == ']') i++; /* a leading "]" is literal */
      continue;
    }
    if (ch == '(') {
      bool capture = true;
      if (i + 1 < n && p[i + 1] == '?') {
        capture =
            (i + 2 < n && p[i + 2] == '<' && i + 3 < n && p[i + 3] != '=' && p[i + 3] != '!') ||
            (i + 3 < n && p[i + 2] == 'P' && p[i + 3] == '<');
      } else if (i + 1 < n && p[i + 1] == '*') {
        capture = false; /* PCRE2 verbs: (*UTF) ... */
      }
      if (capture) {
        int g = (int)++e->ngroups;
        e->parent[g] = cur_parent;
        e->gstart[g] = e->gend[g] = i + 1;
        stack[depth++] = g;
        cur_parent = g;
      } else {
        stack[depth++] = -1;
      }
      continue;
    }
    if (ch == ')' && depth > 0) {
      depth--;
      if (stack[depth] > 0) {
        e->gend[stack[depth]] = i;
        cur_parent = e->parent[stack[depth]];
      }
    }
  }
  free(stack);
}

static cukexpr_t *finish(cukexpr_t *e, char **err) {
  e->code = ck_compile_pcre(e->regex, err);
  if (!e->code) {
    cukexpr_free(e);
    return NULL;
  }
  group_tree(e);
  uint32_t captures = 0;
  if (pcre2_pattern_info(e->code, PCRE2_INFO_CAPTURECOUNT, &captures) == 0 &&
      captures != e->ngroups)
    e->ngroups =
        e->ngroups < captures ? e->ngroups : captures; /* never index past PCRE2's groups */
  return e;
}

cukexpr_t *cukexpr_compile(cukexpr_registry_t *r, const char *expression, char **err) {
  *err = NULL;
  ck_node_t *ast = ck_parse(expression, err);
  if (!ast) return NULL;
  comp_t c = {r, expression, SBUF_INIT, NULL, 0, NULL};
  sbuf_init(&c.out);
  bool ok = rewrite(&c, ast);
  ck_node_free(ast);
  if (!ok) {
    *err = c.err ? c.err : xstrdup("This Cucumber Expression could not be compiled");
    sbuf_free(&c.out);
    free(c.types);
    return NULL;
  }
  cukexpr_t *e = xcalloc(1, sizeof *e);
  e->regex = sbuf_take(&c.out);
  e->types = c.types;
  e->ntypes = c.ntypes;
  return finish(e, err);
}

/* The type of a regular expression's group: the one whose regexp is the group's source
 * (preferring a type marked so), else none (its text). */
static const ptype_t *type_for_source(const cukexpr_registry_t *r, const char *src, size_t n) {
  const ptype_t *found = NULL;
  for (size_t i = 0; i < r->ntypes; i++)
    for (size_t k = 0; k < r->types[i].nregexps; k++)
      if (strlen(r->types[i].regexps[k]) == n && memcmp(r->types[i].regexps[k], src, n) == 0) {
        if (r->types[i].prefer_for_regexp) return &r->types[i];
        if (!found) found = &r->types[i];
      }
  return found;
}

cukexpr_t *cukexpr_compile_regex(cukexpr_registry_t *r, const char *pattern, char **err) {
  *err = NULL;
  cukexpr_t *e = xcalloc(1, sizeof *e);
  e->regex = xstrdup(pattern ? pattern : "");
  if (!finish(e, err)) return NULL;
  e->types = xcalloc(e->ngroups + 1, sizeof *e->types);
  size_t t = 0;
  for (size_t g = 1; g <= e->ngroups; g++)
    if (e->parent[g] == 0)
      e->types[t++] = type_for_source(r, e->regex + e->gstart[g], e->gend[g] - e->gstart[g]);
  e->ntypes = t;
  return e;
}

void cukexpr_free(cukexpr_t *e) {
  if (!e) return;
  free(e->regex);
  if (e->code) pcre2_code_free(e->code);
  free(e->types);
  free(e->parent);
  free(e->gstart);
  free(e->gend);
  free(e);
}

const char *cukexpr_regex(const cukexpr_t *e) { return e->regex; }

/* A group's text as a C string: a NUL of the step's text as C0 80 (gherkin.h). */
static char *group_value(const char *text, PCRE2_SIZE *ov, size_t g) {
  if (ov[2 * g] == PCRE2_UNSET) return NULL;
  return gherkin_text_encode(text + ov[2 * g], ov[2 * g + 1] - ov[2 * g]);
}

static void set_value(cukexpr_arg_t *a) {
  const char *v = a->ngroups ? a->groups[0] : NULL;
  if (a->transform == CUKEXPR_T_STRING) { /* the double-quoted content, else the single-quoted */
    const char *s = a->ngroups > 0 && a->groups[0] && *a->groups[0] ? a->groups[0]
                    : a->ngroups > 1 && a->groups[1]                ? a->groups[1]
                                                                    : "";
    sbuf_t b = SBUF_INIT;
    sbuf_init(&b);
    for (; *s; s++) {
      if (s[0] == '\\' && (s[1] == '"' || s[1] == '\'')) s++;
      sbuf_putc(&b, *s);
    }
    a->kind = CUKEXPR_V_STRING;
    a->s = sbuf_take(&b);
    return;
  }
  if (!v) {
    a->kind = CUKEXPR_V_NULL;
    return;
  }
  if (a->transform == CUKEXPR_T_INT) {
    errno = 0;
    char *end;
    long long i = strtoll(v, &end, 10);
    if (errno == 0 && *end == 0) {
      a->kind = CUKEXPR_V_INT;
      a->i = i;
      return;
    }
  } else if (a->transform == CUKEXPR_T_FLOAT) {
    char *end;
    double d = strtod(v, &end);
    if (end != v) {
      a->kind = CUKEXPR_V_DOUBLE;
      a->d = d;
      return;
    }
  }
  a->kind = CUKEXPR_V_STRING;
  a->s = xstrdup(v);
}

int cukexpr_match(const cukexpr_t *e, const char *text, size_t len, cukexpr_arg_t **args,
                  size_t *nargs) {
  *args = NULL;
  *nargs = 0;
  pcre2_match_data *md = pcre2_match_data_create_from_pattern(e->code, NULL);
  int rc = pcre2_match(e->code, (PCRE2_SPTR)text, len, 0, 0, md, NULL);
  if (rc == PCRE2_ERROR_NOMATCH) {
    pcre2_match_data_free(md);
    return 0;
  }
  if (rc < 0) {
    pcre2_match_data_free(md);
    return -1;
  }
  PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
  uint32_t ovn = pcre2_get_ovector_count(md);
  size_t t = 0;
  for (size_t g = 1; g <= e->ngroups && g < ovn; g++) {
    if (e->parent[g] != 0) continue;
    cukexpr_arg_t *a = GHERKIN_PUSH(*args, *nargs);
    const ptype_t *pt = t < e->ntypes ? e->types[t] : NULL;
    t++;
    a->type_name = pt ? pt->name : "";
    a->transform = pt ? pt->transform : CUKEXPR_T_TEXT;
    a->start = ov[2 * g] == PCRE2_UNSET ? -1 : (int)ov[2 * g];
    for (size_t c = g + 1; c <= e->ngroups && c < ovn; c++)
      if (e->parent[c] == (int)g) *GHERKIN_PUSH(a->groups, a->ngroups) = group_value(text, ov, c);
    if (a->ngroups == 0) *GHERKIN_PUSH(a->groups, a->ngroups) = group_value(text, ov, g);
    set_value(a);
  }
  pcre2_match_data_free(md);
  return 1;
}

/* UTF-16 code units in text[0..bytes): the offsets JavaScript (and Cucumber Messages) use. */
static int utf16_offset(const char *text, size_t bytes) {
  int n = 0;
  for (size_t i = 0; i < bytes; i++) {
    unsigned char c = (unsigned char)text[i];
    if ((c & 0xC0) == 0x80) continue; /* continuation byte */
    n += c >= 0xF0 ? 2 : 1;           /* 4-byte sequences are surrogate pairs */
  }
  return n;
}

/* Group g and its nested capture groups as Cucumber Messages' Group: start and value when
 * it took part in the match, children when it has any. */
static json_t *group_json(const cukexpr_t *e, const char *text, PCRE2_SIZE *ov, uint32_t ovn,
                          size_t g) {
  json_t *o = json_object();
  if (g < ovn && ov[2 * g] != PCRE2_UNSET) {
    json_object_set_new(o, "start", json_integer(utf16_offset(text, ov[2 * g])));
    json_object_set_new(o, "value", json_stringn(text + ov[2 * g], ov[2 * g + 1] - ov[2 * g]));
  }
  json_t *children = NULL;
  for (size_t c = g + 1; c <= e->ngroups; c++) {
    if (e->parent[c] != (int)g) continue;
    if (!children) children = json_array();
    json_array_append_new(children, group_json(e, text, ov, ovn, c));
  }
  if (children) json_object_set_new(o, "children", children);
  return o;
}

json_t *cukexpr_match_json(const cukexpr_t *e, const char *text, size_t len) {
  pcre2_match_data *md = pcre2_match_data_create_from_pattern(e->code, NULL);
  if (pcre2_match(e->code, (PCRE2_SPTR)text, len, 0, 0, md, NULL) < 0) {
    pcre2_match_data_free(md);
    return NULL;
  }
  PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
  uint32_t ovn = pcre2_get_ovector_count(md);
  json_t *out = json_array();
  size_t t = 0;
  for (size_t g = 1; g <= e->ngroups && g < ovn; g++) {
    if (e->parent[g] != 0) continue;
    const ptype_t *pt = t < e->ntypes ? e->types[t] : NULL;
    t++;
    json_t *arg = json_pack("{s:o}", "group", group_json(e, text, ov, ovn, g));
    if (pt) json_object_set_new(arg, "parameterTypeName", json_string(pt->name));
    json_array_append_new(out, arg);
  }
  pcre2_match_data_free(md);
  return out;
}

void cukexpr_args_free(cukexpr_arg_t *args, size_t n) {
  for (size_t i = 0; i < n; i++) {
    for (size_t k = 0; k < args[i].ngroups; k++) free(args[i].groups[k]);
    free(args[i].groups);
    free(args[i].s);
  }
  free(args);
}
