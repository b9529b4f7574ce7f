/* gherkin_ast: what is done to a whole AST: giving ids in the order Cucumber's AST
 * builder gives them (a node's children, then its tags, then the node: a step after its
 * table's rows, a scenario after its steps and examples, examples after their table's
 * rows), and freeing it. */
#include <stdlib.h>

#include "frameworks/cucumber/gherkin_int.h"

static unsigned next_id(gherkin_ids_t *ids) { return ids->next++; }

static void ids_tags(gherkin_tag_t *t, size_t n, gherkin_ids_t *ids) {
  for (size_t i = 0; i < n; i++) t[i].id = next_id(ids);
}

static void ids_steps(gherkin_step_t *s, size_t n, gherkin_ids_t *ids) {
  for (size_t i = 0; i < n; i++) {
    if (s[i].table)
      for (size_t r = 0; r < s[i].table->nrows; r++) s[i].table->rows[r].id = next_id(ids);
    s[i].id = next_id(ids);
  }
}

static void ids_children(gherkin_child_t *c, size_t n, gherkin_ids_t *ids) {
  for (size_t i = 0; i < n; i++) {
    if (c[i].kind == GHERKIN_CHILD_BACKGROUND) {
      ids_steps(c[i].background->steps, c[i].background->nsteps, ids);
      c[i].background->id = next_id(ids);
    } else if (c[i].kind == GHERKIN_CHILD_SCENARIO) {
      gherkin_scenario_t *s = c[i].scenario;
      ids_steps(s->steps, s->nsteps, ids);
      for (size_t e = 0; e < s->nexamples; e++) {
        gherkin_examples_t *x = &s->examples[e];
        if (x->header) x->header->id = next_id(ids);
        for (size_t r = 0; r < x->nbody; r++) x->body[r].id = next_id(ids);
        ids_tags(x->tags, x->ntags, ids);
        x->id = next_id(ids);
      }
      ids_tags(s->tags, s->ntags, ids);
      s->id = next_id(ids);
    } else {
      gherkin_rule_t *r = c[i].rule;
      ids_children(r->children, r->nchildren, ids);
      ids_tags(r->tags, r->ntags, ids);
      r->id = next_id(ids);
    }
  }
}

void gherkin_ids_assign(gherkin_document_t *doc, gherkin_ids_t *ids) {
  gherkin_ids_t local = {0};
  if (!ids) ids = &local;
  if (!doc->feature) return;
  ids_children(doc->feature->children, doc->feature->nchildren, ids);
  ids_tags(doc->feature->tags, doc->feature->ntags, ids);
}

static void free_tags(gherkin_tag_t *t, size_t n) {
  for (size_t i = 0; i < n; i++) free(t[i].name);
  free(t);
}

static void free_row(gherkin_row_t *r) {
  for (size_t i = 0; i < r->ncells; i++) free(r->cells[i].value);
  free(r->cells);
}

static void free_steps(gherkin_step_t *s, size_t n) {
  for (size_t i = 0; i < n; i++) {
    free(s[i].keyword);
    free(s[i].text);
    if (s[i].table) {
      for (size_t r = 0; r < s[i].table->nrows; r++) free_row(&s[i].table->rows[r]);
      free(s[i].table->rows);
      free(s[i].table);
    }
    if (s[i].doc) {
      free(s[i].doc->content);
      free(s[i].doc->delimiter);
      free(s[i].doc->media_type);
      free(s[i].doc);
    }
  }
  free(s);
}

static void free_children(gherkin_child_t *c, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (c[i].background) {
      gherkin_background_t *b = c[i].background;
      free(b->keyword), free(b->name), free(b->description);
      free_steps(b->steps, b->nsteps);
      free(b);
    }
    if (c[i].scenario) {
      gherkin_scenario_t *s = c[i].scenario;
      free(s->keyword), free(s->name), free(s->description);
      free_tags(s->tags, s->ntags);
      free_steps(s->steps, s->nsteps);
      for (size_t e = 0; e < s->nexamples; e++) {
        gherkin_examples_t *x = &s->examples[e];
        free(x->keyword), free(x->name), free(x->description);
        free_tags(x->tags, x->ntags);
        if (x->header) free_row(x->header);
        free(x->header);
        for (size_t r = 0; r < x->nbody; r++) free_row(&x->body[r]);
        free(x->body);
      }
      free(s->examples);
      free(s);
    }
    if (c[i].rule) {
      gherkin_rule_t *r = c[i].rule;
      free(r->keyword), free(r->name), free(r->description);
      free_tags(r->tags, r->ntags);
      free_children(r->children, r->nchildren);
      free(r);
    }
  }
  free(c);
}

void gherkin_document_free(gherkin_document_t *doc) {
  if (!doc) return;
  gherkin_feature_t *f = doc->feature;
  if (f) {
    free(f->language), free(f->keyword), free(f->name), free(f->description);
    free_tags(f->tags, f->ntags);
    free_children(f->children, f->nchildren);
    free(f);
  }
  for (size_t i = 0; i < doc->ncomments; i++) free(doc->comments[i].text);
  free(doc->comments);
  for (size_t i = 0; i < doc->nerrors; i++) free(doc->errors[i].message);
  free(doc->errors);
  free(doc->uri);
  free(doc);
}

const char *gherkin_keyword_type_name(gherkin_keyword_type_t t) {
  switch (t) {
  case GHERKIN_KT_CONTEXT: return "Context";
  case GHERKIN_KT_ACTION: return "Action";
  case GHERKIN_KT_OUTCOME: return "Outcome";
  case GHERKIN_KT_CONJUNCTION: return "Conjunction";
  default: return "Unknown";
  }
}
