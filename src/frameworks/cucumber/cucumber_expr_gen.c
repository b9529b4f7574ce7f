/* cucumber_expr_gen: the Cucumber Expressions an undefined step's text suggests, for
 * snippets. From the current position, every regexp of every snippet-worthy parameter
 * type is searched for its first non-empty match that is a full word (at the text's
 * ends or beside white space, punctuation or a symbol); the leftmost, then longest,
 * matches win and their types become one "{}" slot, the text before it escaped. Slots
 * with several types multiply into combinations. */
#include <stdlib.h>
#include <string.h>

#include "common/sbuf.h"
#include "frameworks/cucumber/cucumber_expr_int.h"
#include "frameworks/cucumber/gherkin_int.h"

enum { MAX_EXPRESSIONS = 256 };

typedef struct {
  const ptype_t *type;
  pcre2_code *code;  /* the type's regexp */
  size_t start, len; /* the current match, in bytes; len 0: none */
  int order;         /* registry order, to keep the sort stable */
} matcher_t;

typedef struct {
  const char *text;
  size_t len;
  pcre2_code *boundary; /* a Z, P or S character */
  pcre2_match_data *md;
} gen_t;

static size_t cp_len(const char *s, size_t n) {
  size_t k = 1;
  if ((unsigned char)*s >= 0xC0)
    while (k < n && k < 4 && ((unsigned char)s[k] & 0xC0) == 0x80) k++;
  return k;
}

/* Whether the character at byte i is a word boundary (i at either end counts). */
static bool boundary_at(gen_t *g, size_t i) {
  if (i >= g->len) return true;
  return pcre2_match(g->boundary, (PCRE2_SPTR)g->text + i, g->len - i, 0, PCRE2_ANCHORED, g->md,
                     NULL) >= 0;
}

static bool boundary_before(gen_t *g, size_t i) {
  if (i == 0) return true;
  size_t j = i - 1;
  while (j > 0 && ((unsigned char)g->text[j] & 0xC0) == 0x80) j--;
  return boundary_at(g, j);
}

/* Moves the matcher to its first full-word match found from a start at or after pos. */
static void advance(gen_t *g, matcher_t *m, size_t pos) {
  m->len = 0;
  for (size_t p = pos; p < g->len; p += cp_len(g->text + p, g->len - p)) {
    int rc = pcre2_match(m->code, (PCRE2_SPTR)g->text + p, g->len - p, 0, 0, g->md, NULL);
    if (rc < 0) return; /* no match from here on (or an error) */
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(g->md);
    size_t s = p + ov[0], e = p + ov[1];
    if (e > s && boundary_before(g, s) && boundary_at(g, e)) {
      m->start = s;
      m->len = e - s;
      return;
    }
  }
}

static int cmp_matchers(const void *a, const void *b) {
  const matcher_t *x = *(matcher_t *const *)a, *y = *(matcher_t *const *)b;
  if (x->start != y->start) return x->start < y->start ? -1 : 1;
  if (x->len != y->len) return x->len > y->len ? -1 : 1;
  return x->order - y->order;
}

static int cmp_types(const void *a, const void *b) {
  const ptype_t *x = *(const ptype_t *const *)a, *y = *(const ptype_t *const *)b;
  if (x->prefer_for_regexp != y->prefer_for_regexp) return x->prefer_for_regexp ? -1 : 1;
  return strcmp(x->name, y->name);
}

static void escape_text(sbuf_t *b, const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (s[i] == '(' || s[i] == '{' || s[i] == '/') sbuf_putc(b, '\\');
    sbuf_putc(b, s[i]);
  }
}

typedef struct {
  const ptype_t **types;
  size_t ntypes;
} slot_t;

typedef struct {
  const char **parts; /* the template's texts around the slots: nslots + 1 */
  slot_t *slots;
  size_t nslots;
  cukexpr_generated_t *out;
  size_t nout;
} combos_t;

static void combine(combos_t *c, size_t depth, const ptype_t **chosen) {
  if (c->nout >= MAX_EXPRESSIONS) return;
  if (depth == c->nslots) {
    cukexpr_generated_t *g = GHERKIN_PUSH(c->out, c->nout);
    sbuf_t b = SBUF_INIT;
    sbuf_init(&b);
    g->types = xcalloc(c->nslots + 1, sizeof *g->types);
    g->ntypes = c->nslots;
    for (size_t i = 0; i < c->nslots; i++) {
      sbuf_printf(&b, "%s{%s}", c->parts[i], chosen[i]->name);
      g->types[i] = chosen[i]->name;
    }
    sbuf_puts(&b, c->parts[c->nslots]);
    g->source = sbuf_take(&b);
    return;
  }
  for (size_t i = 0; i < c->slots[depth].ntypes && c->nout < MAX_EXPRESSIONS; i++) {
    chosen[depth] = c->slots[depth].types[i];
    combine(c, depth + 1, chosen);
  }
}

size_t cukexpr_generate(const cukexpr_registry_t *r, const char *text, cukexpr_generated_t **out) {
  *out = NULL;
  gen_t g = {text ? text : "", text ? strlen(text) : 0,
             ck_compile_pcre("[\\p{Z}\\p{P}\\p{S}]", NULL), NULL};
  if (!g.boundary) return 0;
  g.md = pcre2_match_data_create(8, NULL);
  matcher_t *ms = NULL;
  size_t nms = 0;
  for (size_t i = 0; i < r->ntypes; i++) {
    if (!r->types[i].use_for_snippets) continue;
    for (size_t k = 0; k < r->types[i].nregexps; k++) {
      char *re = xasprintf("(%s)", r->types[i].regexps[k]);
      pcre2_code *code = ck_compile_pcre(re, NULL);
      free(re);
      if (!code) continue;
      matcher_t *m = GHERKIN_PUSH(ms, nms);
      m->type = &r->types[i];
      m->code = code;
      m->order = (int)nms;
    }
  }
  combos_t c = {0};
  const char **parts = NULL;
  size_t nparts = 0, pos = 0;
  matcher_t **found = xcalloc(nms + 1, sizeof *found);
  sbuf_t part = SBUF_INIT;
  sbuf_init(&part);
  for (;;) {
    size_t nfound = 0;
    for (size_t i = 0; i < nms; i++) {
      advance(&g, &ms[i], pos);
      if (ms[i].len) found[nfound++] = &ms[i];
    }
    if (!nfound) break;
    qsort(found, nfound, sizeof *found, cmp_matchers);
    slot_t *slot = GHERKIN_PUSH(c.slots, c.nslots);
    for (size_t i = 0;
         i < nfound && found[i]->start == found[0]->start && found[i]->len == found[0]->len; i++) {
      bool dup = false;
      for (size_t k = 0; k < slot->ntypes; k++) dup |= slot->types[k] == found[i]->type;
      if (!dup) *GHERKIN_PUSH(slot->types, slot->ntypes) = found[i]->type;
    }
    qsort(slot->types, slot->ntypes, sizeof *slot->types, cmp_types);
    escape_text(&part, g.text + pos, found[0]->start - pos);
    *GHERKIN_PUSH(parts, nparts) = sbuf_take(&part);
    pos = found[0]->start + found[0]->len;
    if (pos >= g.len) break;
  }
  escape_text(&part, g.text + pos, g.len - pos);
  *GHERKIN_PUSH(parts, nparts) = sbuf_take(&part);
  sbuf_free(&part);
  c.parts = parts;
  const ptype_t **chosen = xcalloc(c.nslots + 1, sizeof *chosen);
  combine(&c, 0, chosen);
  free(chosen);
  for (size_t i = 0; i < nparts; i++) free((char *)parts[i]);
  free(parts);
  for (size_t i = 0; i < c.nslots; i++) free(c.slots[i].types);
  free(c.slots);
  free(found);
  for (size_t i = 0; i < nms; i++) pcre2_code_free(ms[i].code);
  free(ms);
  pcre2_match_data_free(g.md);
  pcre2_code_free(g.boundary);
  *out = c.out;
  return c.nout;
}

void cukexpr_generated_free(cukexpr_generated_t *g, size_t n) {
  for (size_t i = 0; i < n; i++) {
    free(g[i].source);
    free(g[i].types);
  }
  free(g);
}
