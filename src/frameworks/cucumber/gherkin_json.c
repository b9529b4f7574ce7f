/* gherkin_json: the AST, pickles and parse errors as Cucumber Messages (the shape of
 * the gherkinDocument, pickle and parseError envelopes: optional fields left out when
 * absent, ids as strings). */
#include <stdio.h>

#include "frameworks/cucumber/gherkin_int.h"

static json_t *id_str(unsigned id) {
  char b[16];
  snprintf(b, sizeof b, "%u", id);
  return json_string(b);
}

static json_t *loc_json(gherkin_loc_t l) {
  json_t *o = json_object();
  json_object_set_new(o, "line", json_integer(l.line));
  if (l.column > 0) json_object_set_new(o, "column", json_integer(l.column));
  return o;
}

/* The text with its NULs (gherkin.h); jansson refuses invalid UTF-8: such text is written
 * with its bytes as Latin-1. */
static json_t *str(const char *s) {
  json_t *j = gherkin_json_text(s);
  if (j) return j;
  sbuf_t b = SBUF_INIT;
  sbuf_init(&b);
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (*p < 0x80) {
      sbuf_putc(&b, (char)*p);
    } else {
      sbuf_putc(&b, (char)(0xC0 | (*p >> 6)));
      sbuf_putc(&b, (char)(0x80 | (*p & 0x3F)));
    }
  }
  j = json_string(sbuf_cstr(&b));
  sbuf_free(&b);
  return j ? j : json_string("");
}

static json_t *tags_json(const gherkin_tag_t *t, size_t n) {
  json_t *a = json_array();
  for (size_t i = 0; i < n; i++) {
    json_t *o = json_object();
    json_object_set_new(o, "id", id_str(t[i].id));
    json_object_set_new(o, "location", loc_json(t[i].loc));
    json_object_set_new(o, "name", str(t[i].name));
    json_array_append_new(a, o);
  }
  return a;
}

static json_t *row_json(const gherkin_row_t *r) {
  json_t *o = json_object(), *cells = json_array();
  for (size_t i = 0; i < r->ncells; i++) {
    json_t *c = json_object();
    json_object_set_new(c, "location", loc_json(r->cells[i].loc));
    json_object_set_new(c, "value", str(r->cells[i].value));
    json_array_append_new(cells, c);
  }
  json_object_set_new(o, "cells", cells);
  json_object_set_new(o, "id", id_str(r->id));
  json_object_set_new(o, "location", loc_json(r->loc));
  return o;
}

static json_t *steps_json(const gherkin_step_t *s, size_t n) {
  json_t *a = json_array();
  for (size_t i = 0; i < n; i++) {
    json_t *o = json_object();
    json_object_set_new(o, "id", id_str(s[i].id));
    json_object_set_new(o, "keyword", str(s[i].keyword));
    json_object_set_new(o, "keywordType", json_string(gherkin_keyword_type_name(s[i].type)));
    json_object_set_new(o, "location", loc_json(s[i].loc));
    json_object_set_new(o, "text", str(s[i].text));
    if (s[i].table) {
      json_t *t = json_object(), *rows = json_array();
      for (size_t r = 0; r < s[i].table->nrows; r++)
        json_array_append_new(rows, row_json(&s[i].table->rows[r]));
      json_object_set_new(t, "location", loc_json(s[i].table->loc));
      json_object_set_new(t, "rows", rows);
      json_object_set_new(o, "dataTable", t);
    }
    if (s[i].doc) {
      json_t *d = json_object();
      json_object_set_new(d, "content", str(s[i].doc->content));
      json_object_set_new(d, "delimiter", str(s[i].doc->delimiter));
      json_object_set_new(d, "location", loc_json(s[i].doc->loc));
      if (s[i].doc->media_type) json_object_set_new(d, "mediaType", str(s[i].doc->media_type));
      json_object_set_new(o, "docString", d);
    }
    json_array_append_new(a, o);
  }
  return a;
}

static void header_json(json_t *o, gherkin_loc_t loc, const char *kw, const char *name,
                        const char *desc) {
  json_object_set_new(o, "location", loc_json(loc));
  if (kw) json_object_set_new(o, "keyword", str(kw)); /* a Markdown feature may have none */
  json_object_set_new(o, "name", str(name));
  json_object_set_new(o, "description", str(desc));
}

static json_t *children_json(const gherkin_child_t *c, size_t n) {
  json_t *a = json_array();
  for (size_t i = 0; i < n; i++) {
    json_t *o = json_object(), *w = json_object();
    if (c[i].kind == GHERKIN_CHILD_BACKGROUND) {
      const gherkin_background_t *b = c[i].background;
      json_object_set_new(o, "id", id_str(b->id));
      header_json(o, b->loc, b->keyword, b->name, b->description);
      json_object_set_new(o, "steps", steps_json(b->steps, b->nsteps));
      json_object_set_new(w, "background", o);
    } else if (c[i].kind == GHERKIN_CHILD_SCENARIO) {
      const gherkin_scenario_t *s = c[i].scenario;
      json_object_set_new(o, "id", id_str(s->id));
      header_json(o, s->loc, s->keyword, s->name, s->description);
      json_object_set_new(o, "tags", tags_json(s->tags, s->ntags));
      json_object_set_new(o, "steps", steps_json(s->steps, s->nsteps));
      json_t *exs = json_array();
      for (size_t e = 0; e < s->nexamples; e++) {
        const gherkin_examples_t *x = &s->examples[e];
        json_t *xo = json_object(), *body = json_array();
        json_object_set_new(xo, "id", id_str(x->id));
        header_json(xo, x->loc, x->keyword, x->name, x->description);
        json_object_set_new(xo, "tags", tags_json(x->tags, x->ntags));
        if (x->header) json_object_set_new(xo, "tableHeader", row_json(x->header));
        for (size_t r = 0; r < x->nbody; r++) json_array_append_new(body, row_json(&x->body[r]));
        json_object_set_new(xo, "tableBody", body);
        json_array_append_new(exs, xo);
      }
      json_object_set_new(o, "examples", exs);
      json_object_set_new(w, "scenario", o);
    } else {
      const gherkin_rule_t *r = c[i].rule;
      json_object_set_new(o, "id", id_str(r->id));
      header_json(o, r->loc, r->keyword, r->name, r->description);
      json_object_set_new(o, "tags", tags_json(r->tags, r->ntags));
      json_object_set_new(o, "children", children_json(r->children, r->nchildren));
      json_object_set_new(w, "rule", o);
    }
    json_array_append_new(a, w);
  }
  return a;
}

json_t *gherkin_document_json(const gherkin_document_t *doc) {
  json_t *d = json_object(), *comments = json_array();
  for (size_t i = 0; i < doc->ncomments; i++) {
    json_t *c = json_object();
    json_object_set_new(c, "location", loc_json(doc->comments[i].loc));
    json_object_set_new(c, "text", str(doc->comments[i].text));
    json_array_append_new(comments, c);
  }
  json_object_set_new(d, "comments", comments);
  const gherkin_feature_t *f = doc->feature;
  if (f) {
    json_t *o = json_object();
    header_json(o, f->loc, f->keyword, f->name, f->description);
    json_object_set_new(o, "language", str(f->language));
    json_object_set_new(o, "tags", tags_json(f->tags, f->ntags));
    json_object_set_new(o, "children", children_json(f->children, f->nchildren));
    json_object_set_new(d, "feature", o);
  }
  json_object_set_new(d, "uri", str(doc->uri));
  json_t *env = json_object();
  json_object_set_new(env, "gherkinDocument", d);
  return env;
}

json_t *gherkin_pickle_json(const gherkin_pickle_t *p) {
  json_t *o = json_object(), *ids = json_array(), *tags = json_array(), *steps = json_array();
  for (size_t i = 0; i < p->nast_ids; i++) json_array_append_new(ids, id_str(p->ast_ids[i]));
  json_object_set_new(o, "astNodeIds", ids);
  json_object_set_new(o, "id", id_str(p->id));
  json_object_set_new(o, "language", str(p->language));
  json_object_set_new(o, "location", loc_json(p->loc));
  json_object_set_new(o, "name", str(p->name));
  for (size_t i = 0; i < p->ntags; i++) {
    json_t *t = json_object();
    json_object_set_new(t, "astNodeId", id_str(p->tags[i].ast_id));
    json_object_set_new(t, "name", str(p->tags[i].name));
    json_array_append_new(tags, t);
  }
  json_object_set_new(o, "tags", tags);
  for (size_t i = 0; i < p->nsteps; i++) {
    const gherkin_pickle_step_t *s = &p->steps[i];
    json_t *so = json_object(), *sids = json_array();
    for (size_t k = 0; k < s->nast_ids; k++) json_array_append_new(sids, id_str(s->ast_ids[k]));
    json_object_set_new(so, "astNodeIds", sids);
    json_object_set_new(so, "id", id_str(s->id));
    json_object_set_new(so, "text", str(s->text));
    json_object_set_new(so, "type", json_string(gherkin_keyword_type_name(s->type)));
    if (s->rows || s->doc) {
      json_t *arg = json_object();
      if (s->rows) {
        json_t *t = json_object(), *rows = json_array();
        for (size_t r = 0; r < s->nrows; r++) {
          json_t *row = json_object(), *cells = json_array();
          for (size_t c = 0; c < s->rows[r].ncells; c++) {
            json_t *cell = json_object();
            json_object_set_new(cell, "value", str(s->rows[r].cells[c]));
            json_array_append_new(cells, cell);
          }
          json_object_set_new(row, "cells", cells);
          json_array_append_new(rows, row);
        }
        json_object_set_new(t, "rows", rows);
        if (s->table_index) json_object_set_new(t, "argumentIndex", json_integer(s->table_index));
        json_object_set_new(arg, "dataTable", t);
      }
      if (s->doc) {
        json_t *d = json_object();
        json_object_set_new(d, "content", str(s->doc));
        if (s->doc_media_type) json_object_set_new(d, "mediaType", str(s->doc_media_type));
        if (s->doc_index) json_object_set_new(d, "argumentIndex", json_integer(s->doc_index));
        json_object_set_new(arg, "docString", d);
      }
      json_object_set_new(so, "argument", arg);
    }
    json_array_append_new(steps, so);
  }
  json_object_set_new(o, "steps", steps);
  json_object_set_new(o, "uri", str(p->uri));
  json_t *env = json_object();
  json_object_set_new(env, "pickle", o);
  return env;
}

json_t *gherkin_error_json(const gherkin_document_t *doc, const gherkin_error_t *e) {
  json_t *o = json_object(), *src = json_object();
  json_object_set_new(o, "message", str(e->message));
  json_object_set_new(src, "location", loc_json(e->loc));
  json_object_set_new(src, "uri", str(doc->uri));
  json_object_set_new(o, "source", src);
  json_t *env = json_object();
  json_object_set_new(env, "parseError", o);
  return env;
}
