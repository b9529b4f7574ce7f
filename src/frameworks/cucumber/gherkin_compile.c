/* gherkin_compile: the AST into pickles, as Cucumber's compiler makes them. A scenario
 * is one pickle; an outline (a scenario with examples) is one per example row, its name,
 * step texts, tables and doc strings with "<header>" replaced by the row's value. The
 * backgrounds of the feature, then of the rule, come first (only when the scenario has
 * steps); tags are the feature's, the rule's, the scenario's, the examples'. A
 * conjunction step (And, But) takes the type of the step before it. */
#include <stdlib.h>
#include <string.h>

#include "frameworks/cucumber/gherkin_int.h"

typedef struct {
  const gherkin_row_t *vars, *vals; /* NULL outside an outline */
} interp_t;

/* Every "<name>" of each header cell in turn replaced by that column's value. */
static char *interpolate(const char *s, const interp_t *in) {
  char *cur = xstrdup(s);
  if (!in->vars) return cur;
  for (size_t c = 0; c < in->vars->ncells && c < in->vals->ncells; c++) {
    char *pat = xasprintf("<%s>", in->vars->cells[c].value);
    size_t plen = strlen(pat);
    const char *val = in->vals->cells[c].value;
    sbuf_t b = SBUF_INIT;
    sbuf_init(&b);
    const char *p = cur, *hit;
    while ((hit = strstr(p, pat)) != NULL) {
      sbuf_append(&b, p, (size_t)(hit - p));
      sbuf_puts(&b, val);
      p = hit + plen;
    }
    sbuf_puts(&b, p);
    free(pat);
    free(cur);
    cur = sbuf_take(&b);
  }
  return cur;
}

typedef struct {
  const gherkin_step_t **items;
  size_t len;
} steps_t;

static void steps_add(steps_t *s, const gherkin_step_t *steps, size_t n) {
  for (size_t i = 0; i < n; i++) *GHERKIN_PUSH(s->items, s->len) = &steps[i];
}

static void pickle_step(gherkin_pickle_step_t *ps, const gherkin_step_t *st,
                        gherkin_keyword_type_t *last, const interp_t *in, gherkin_ids_t *ids) {
  if (st->type != GHERKIN_KT_CONJUNCTION) *last = st->type;
  ps->type = *last;
  ps->ast_ids[0] = st->id;
  ps->nast_ids = 1;
  if (in->vals) ps->ast_ids[ps->nast_ids++] = in->vals->id;
  ps->text = interpolate(st->text, in);
  if (st->table) {
    ps->nrows = st->table->nrows;
    ps->rows = xcalloc(ps->nrows ? ps->nrows : 1, sizeof *ps->rows);
    for (size_t r = 0; r < ps->nrows; r++) {
      const gherkin_row_t *row = &st->table->rows[r];
      ps->rows[r].ncells = row->ncells;
      ps->rows[r].cells = xcalloc(row->ncells ? row->ncells : 1, sizeof(char *));
      for (size_t c = 0; c < row->ncells; c++)
        ps->rows[r].cells[c] = interpolate(row->cells[c].value, in);
    }
  }
  if (st->doc) {
    ps->doc = interpolate(st->doc->content ? st->doc->content : "", in);
    if (st->doc->media_type) ps->doc_media_type = interpolate(st->doc->media_type, in);
  }
  if (st->table && st->doc) {
    bool table_first = st->doc->loc.line > st->table->loc.line;
    ps->table_index = table_first ? 1 : 2;
    ps->doc_index = table_first ? 2 : 1;
  }
  ps->id = ids->next++;
}

typedef struct {
  const gherkin_document_t *doc;
  gherkin_ids_t *ids;
  gherkin_pickles_t *out;
} ctx_t;

static void add_tags(gherkin_pickle_t *p, const gherkin_tag_t *t, size_t n) {
  for (size_t i = 0; i < n; i++) {
    gherkin_pickle_tag_t *pt = GHERKIN_PUSH(p->tags, p->ntags);
    pt->name = xstrdup(t[i].name);
    pt->ast_id = t[i].id;
  }
}

static void compile_one(ctx_t *c, const gherkin_rule_t *rule, const steps_t *bg,
                        const gherkin_scenario_t *sc, const gherkin_examples_t *ex,
                        const gherkin_row_t *row) {
  interp_t in = {ex ? ex->header : NULL, row};
  gherkin_pickle_t *p = GHERKIN_PUSH(c->out->items, c->out->len);
  gherkin_keyword_type_t last = GHERKIN_KT_UNKNOWN;
  if (sc->nsteps) {
    interp_t none = {NULL, NULL};
    for (size_t i = 0; i < bg->len; i++)
      pickle_step(GHERKIN_PUSH(p->steps, p->nsteps), bg->items[i], &last, &none, c->ids);
    for (size_t i = 0; i < sc->nsteps; i++)
      pickle_step(GHERKIN_PUSH(p->steps, p->nsteps), &sc->steps[i], &last, &in, c->ids);
  }
  p->ast_ids[0] = sc->id;
  p->nast_ids = 1;
  if (row) p->ast_ids[p->nast_ids++] = row->id;
  p->id = c->ids->next++;
  p->loc = row ? row->loc : sc->loc;
  p->name = interpolate(sc->name, &in);
  p->language = xstrdup(c->doc->feature->language);
  p->uri = xstrdup(c->doc->uri ? c->doc->uri : "");
  add_tags(p, c->doc->feature->tags, c->doc->feature->ntags);
  if (rule) add_tags(p, rule->tags, rule->ntags);
  add_tags(p, sc->tags, sc->ntags);
  if (ex) add_tags(p, ex->tags, ex->ntags);
}

static void compile_scenario(ctx_t *c, const gherkin_rule_t *rule, const steps_t *bg,
                             const gherkin_scenario_t *sc) {
  if (!sc->nexamples) {
    compile_one(c, rule, bg, sc, NULL, NULL);
    return;
  }
  for (size_t e = 0; e < sc->nexamples; e++) {
    const gherkin_examples_t *ex = &sc->examples[e];
    if (!ex->header) continue;
    for (size_t r = 0; r < ex->nbody; r++) compile_one(c, rule, bg, sc, ex, &ex->body[r]);
  }
}

void gherkin_compile(const gherkin_document_t *doc, gherkin_ids_t *ids, gherkin_pickles_t *out) {
  gherkin_ids_t local = {0};
  if (!ids) ids = &local;
  if (!doc || !doc->feature) return;
  ctx_t c = {doc, ids, out};
  steps_t bg = {0};
  const gherkin_feature_t *f = doc->feature;
  for (size_t i = 0; i < f->nchildren; i++) {
    const gherkin_child_t *ch = &f->children[i];
    if (ch->kind == GHERKIN_CHILD_BACKGROUND) {
      steps_add(&bg, ch->background->steps, ch->background->nsteps);
    } else if (ch->kind == GHERKIN_CHILD_SCENARIO) {
      compile_scenario(&c, NULL, &bg, ch->scenario);
    } else {
      const gherkin_rule_t *r = ch->rule;
      steps_t rbg = {0};
      for (size_t k = 0; k < bg.len; k++) *GHERKIN_PUSH(rbg.items, rbg.len) = bg.items[k];
      for (size_t k = 0; k < r->nchildren; k++) {
        const gherkin_child_t *rc = &r->children[k];
        if (rc->kind == GHERKIN_CHILD_BACKGROUND)
          steps_add(&rbg, rc->background->steps, rc->background->nsteps);
        else if (rc->kind == GHERKIN_CHILD_SCENARIO) compile_scenario(&c, r, &rbg, rc->scenario);
      }
      free(rbg.items);
    }
  }
  free(bg.items);
}

void gherkin_pickles_free(gherkin_pickles_t *ps) {
  for (size_t i = 0; i < ps->len; i++) {
    gherkin_pickle_t *p = &ps->items[i];
    free(p->uri), free(p->name), free(p->language);
    for (size_t t = 0; t < p->ntags; t++) free(p->tags[t].name);
    free(p->tags);
    for (size_t s = 0; s < p->nsteps; s++) {
      gherkin_pickle_step_t *st = &p->steps[s];
      free(st->text), free(st->doc), free(st->doc_media_type);
      for (size_t r = 0; r < st->nrows; r++) {
        for (size_t c = 0; c < st->rows[r].ncells; c++) free(st->rows[r].cells[c]);
        free(st->rows[r].cells);
      }
      free(st->rows);
    }
    free(p->steps);
  }
  free(ps->items);
  ps->items = NULL;
  ps->len = 0;
}
