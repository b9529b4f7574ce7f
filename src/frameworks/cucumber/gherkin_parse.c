/* gherkin_parse: the parser proper. A state machine over the lines of the file that
 * follows the automaton of Cucumber's Gherkin grammar (gherkin.berp: Feature :=
 * FeatureHeader Background? ScenarioDefinition* Rule*, Step := #StepLine (DataTable
 * DocString? | DocString DataTable?), descriptions of #Other and #Comment lines, ...):
 * a state is a position in that grammar, the lines it accepts are tried in the grammar's
 * order (which decides what an ambiguous line is), and a line it does not accept is an
 * error naming them in that order; parsing then goes on with the next line, in the same
 * state, up to 10 errors. A tag line is a scenario's or an examples' when a scenario or
 * examples line follows it past tags, comments and empty lines, else a rule's.
 * The AST is built as the lines come; ids are given at the end in the order of
 * Cucumber's AST builder (children before their parent, tags before their node). */
#include <stdlib.h>
#include <string.h>

#include "frameworks/cucumber/gherkin_int.h"

/* Positions; most exist at the feature's level and inside a rule (parser_t.in_rule). */
typedef enum {
  P_START,
  P_LANG,
  P_FTAGS, /* before the feature line */
  P_HEAD,
  P_HEAD_DESC,
  P_RTAGS, /* after a feature or rule line; a rule's tags */
  P_BG,
  P_BG_DESC,
  P_BG_STEP,
  P_BG_TABLE,
  P_BG_TABLE_DOC,
  P_BG_TABLE_DOC_END,
  P_BG_DOC,
  P_BG_DOC_END,
  P_BG_DOC_TABLE,
  P_SC_TAGS,
  P_SC,
  P_SC_DESC,
  P_SC_STEP,
  P_SC_TABLE,
  P_SC_TABLE_DOC,
  P_SC_TABLE_DOC_END,
  P_SC_DOC,
  P_SC_DOC_END,
  P_SC_DOC_TABLE,
  P_EX_TAGS,
  P_EX,
  P_EX_DESC,
  P_EX_TABLE,
  P_COUNT
} pos_t;

#define L(...) \
  { __VA_ARGS__, GT_NONE }
/* The lines each position accepts, in the order they are tried. */
static const gherkin_tok_t accepts[P_COUNT][11] = {
    [P_START] = L(GT_EOF, GT_LANGUAGE, GT_TAGLINE, GT_FEATURE, GT_COMMENT, GT_EMPTY),
    [P_LANG] = L(GT_TAGLINE, GT_FEATURE, GT_COMMENT, GT_EMPTY),
    [P_FTAGS] = L(GT_TAGLINE, GT_FEATURE, GT_COMMENT, GT_EMPTY),
    [P_HEAD] =
        L(GT_EOF, GT_EMPTY, GT_COMMENT, GT_BACKGROUND, GT_TAGLINE, GT_SCENARIO, GT_RULE, GT_OTHER),
    [P_HEAD_DESC] =
        L(GT_EOF, GT_COMMENT, GT_BACKGROUND, GT_TAGLINE, GT_SCENARIO, GT_RULE, GT_OTHER),
    [P_RTAGS] = L(GT_TAGLINE, GT_RULE, GT_COMMENT, GT_EMPTY),
    [P_BG] = L(GT_EOF, GT_EMPTY, GT_COMMENT, GT_STEP, GT_TAGLINE, GT_SCENARIO, GT_RULE, GT_OTHER),
    [P_BG_DESC] = L(GT_EOF, GT_COMMENT, GT_STEP, GT_TAGLINE, GT_SCENARIO, GT_RULE, GT_OTHER),
    [P_BG_STEP] = L(GT_EOF, GT_TABLEROW, GT_DOCSEP, GT_STEP, GT_TAGLINE, GT_SCENARIO, GT_RULE,
                    GT_COMMENT, GT_EMPTY),
    [P_BG_TABLE] = L(GT_EOF, GT_TABLEROW, GT_DOCSEP, GT_STEP, GT_TAGLINE, GT_SCENARIO, GT_RULE,
                     GT_COMMENT, GT_EMPTY),
    [P_BG_TABLE_DOC] = L(GT_DOCSEP, GT_OTHER),
    [P_BG_TABLE_DOC_END] =
        L(GT_EOF, GT_STEP, GT_TAGLINE, GT_SCENARIO, GT_RULE, GT_COMMENT, GT_EMPTY),
    [P_BG_DOC] = L(GT_DOCSEP, GT_OTHER),
    [P_BG_DOC_END] =
        L(GT_EOF, GT_TABLEROW, GT_STEP, GT_TAGLINE, GT_SCENARIO, GT_RULE, GT_COMMENT, GT_EMPTY),
    [P_BG_DOC_TABLE] =
        L(GT_EOF, GT_TABLEROW, GT_STEP, GT_TAGLINE, GT_SCENARIO, GT_RULE, GT_COMMENT, GT_EMPTY),
    [P_SC_TAGS] = L(GT_TAGLINE, GT_SCENARIO, GT_COMMENT, GT_EMPTY),
    [P_SC] = L(GT_EOF, GT_EMPTY, GT_COMMENT, GT_STEP, GT_TAGLINE, GT_EXAMPLES, GT_SCENARIO, GT_RULE,
               GT_OTHER),
    [P_SC_DESC] =
        L(GT_EOF, GT_COMMENT, GT_STEP, GT_TAGLINE, GT_EXAMPLES, GT_SCENARIO, GT_RULE, GT_OTHER),
    [P_SC_STEP] = L(GT_EOF, GT_TABLEROW, GT_DOCSEP, GT_STEP, GT_TAGLINE, GT_EXAMPLES, GT_SCENARIO,
                    GT_RULE, GT_COMMENT, GT_EMPTY),
    [P_SC_TABLE] = L(GT_EOF, GT_TABLEROW, GT_DOCSEP, GT_STEP, GT_TAGLINE, GT_EXAMPLES, GT_SCENARIO,
                     GT_RULE, GT_COMMENT, GT_EMPTY),
    [P_SC_TABLE_DOC] = L(GT_DOCSEP, GT_OTHER),
    [P_SC_TABLE_DOC_END] =
        L(GT_EOF, GT_STEP, GT_TAGLINE, GT_EXAMPLES, GT_SCENARIO, GT_RULE, GT_COMMENT, GT_EMPTY),
    [P_SC_DOC] = L(GT_DOCSEP, GT_OTHER),
    [P_SC_DOC_END] = L(GT_EOF, GT_TABLEROW, GT_STEP, GT_TAGLINE, GT_EXAMPLES, GT_SCENARIO, GT_RULE,
                       GT_COMMENT, GT_EMPTY),
    [P_SC_DOC_TABLE] = L(GT_EOF, GT_TABLEROW, GT_STEP, GT_TAGLINE, GT_EXAMPLES, GT_SCENARIO,
                         GT_RULE, GT_COMMENT, GT_EMPTY),
    [P_EX_TAGS] = L(GT_TAGLINE, GT_EXAMPLES, GT_COMMENT, GT_EMPTY),
    [P_EX] = L(GT_EOF, GT_EMPTY, GT_COMMENT, GT_TABLEROW, GT_TAGLINE, GT_EXAMPLES, GT_SCENARIO,
               GT_RULE, GT_OTHER),
    [P_EX_DESC] =
        L(GT_EOF, GT_COMMENT, GT_TABLEROW, GT_TAGLINE, GT_EXAMPLES, GT_SCENARIO, GT_RULE, GT_OTHER),
    [P_EX_TABLE] =
        L(GT_EOF, GT_TABLEROW, GT_TAGLINE, GT_EXAMPLES, GT_SCENARIO, GT_RULE, GT_COMMENT, GT_EMPTY),
};
#undef L

enum { MAX_ERRORS = 10 };

typedef struct {
  gherkin_document_t *doc;
  gherkin_matcher_t m;
  gherkin_line_t *lines;
  size_t nlines;
  pos_t pos;
  bool in_rule;
  bool stop;           /* too many errors */
  gherkin_tag_t *tags; /* tags read for the next feature, rule, scenario or examples */
  size_t ntags;
  gherkin_rule_t *rule;
  gherkin_background_t *bg;
  gherkin_scenario_t *sc;
  sbuf_t text;      /* the description or doc string being read */
  size_t text_keep; /* the description up to its last non-blank line */
  size_t text_lines;
} parser_t;

static bool in_desc(pos_t p) {
  return p == P_HEAD_DESC || p == P_BG_DESC || p == P_SC_DESC || p == P_EX_DESC;
}
static bool in_bg(pos_t p) { return p >= P_BG && p <= P_BG_DOC_TABLE; }
static bool in_sc_or_ex(pos_t p) { return p >= P_SC && p <= P_EX_TABLE && p != P_EX_TAGS; }
static bool in_table(pos_t p) {
  return p == P_BG_TABLE || p == P_BG_DOC_TABLE || p == P_SC_TABLE || p == P_SC_DOC_TABLE;
}

static void add_error(parser_t *p, char *msg, gherkin_loc_t loc) {
  gherkin_document_t *d = p->doc;
  for (size_t i = 0; i < d->nerrors; i++)
    if (strcmp(d->errors[i].message, msg) == 0) {
      free(msg);
      return;
    }
  gherkin_error_t *e = GHERKIN_PUSH(d->errors, d->nerrors);
  e->message = msg;
  e->loc = loc;
  if (d->nerrors > MAX_ERRORS) p->stop = true;
}

static bool match(parser_t *p, const gherkin_line_t *l, gherkin_tok_t type, gherkin_token_t *tok) {
  gherkin_error_t err = {{0, 0}, NULL};
  bool ok = gherkin_match(&p->m, l, type, tok, &err);
  if (err.message) add_error(p, err.message, err.loc);
  return ok;
}

/* Whether a `want` line (scenario or examples) comes after line index i, past tag lines,
 * comments and empty lines. */
static bool lookahead(parser_t *p, size_t i, gherkin_tok_t want) {
  for (size_t j = i + 1; j < p->nlines; j++) {
    gherkin_token_t t = {0};
    const gherkin_line_t *l = &p->lines[j];
    bool found = match(p, l, want, &t);
    gherkin_token_clear(&t);
    if (found) return true;
    bool skip =
        match(p, l, GT_EMPTY, &t) || match(p, l, GT_COMMENT, &t) || match(p, l, GT_TAGLINE, &t);
    gherkin_token_clear(&t);
    if (!skip) return false;
  }
  return false;
}

static gherkin_child_t *add_child(parser_t *p) {
  if (p->in_rule) return GHERKIN_PUSH(p->rule->children, p->rule->nchildren);
  gherkin_feature_t *f = p->doc->feature;
  return GHERKIN_PUSH(f->children, f->nchildren);
}

static void take_tags(parser_t *p, gherkin_tag_t **tags, size_t *ntags) {
  *tags = p->tags;
  *ntags = p->ntags;
  p->tags = NULL;
  p->ntags = 0;
}

static void text_start(parser_t *p) {
  sbuf_reset(&p->text);
  p->text_keep = 0;
  p->text_lines = 0;
}

static void text_line(parser_t *p, const char *s, bool blank) {
  if (p->text_lines++ > 0) sbuf_putc(&p->text, '\n');
  sbuf_puts(&p->text, s);
  if (!blank) p->text_keep = p->text.len;
}

/* Ends the description being read, if any: it goes to the node it describes. */
static void end_description(parser_t *p) {
  if (!in_desc(p->pos)) return;
  char *desc = xstrndup(sbuf_cstr(&p->text), p->text_keep);
  char **to;
  if (p->pos == P_HEAD_DESC)
    to = p->in_rule ? &p->rule->description : &p->doc->feature->description;
  else if (p->pos == P_BG_DESC) to = &p->bg->description;
  else if (p->pos == P_SC_DESC) to = &p->sc->description;
  else to = &p->sc->examples[p->sc->nexamples - 1].description;
  free(*to);
  *to = desc;
}

static gherkin_step_t *cur_step(parser_t *p) {
  if (in_bg(p->pos)) return &p->bg->steps[p->bg->nsteps - 1];
  return &p->sc->steps[p->sc->nsteps - 1];
}

/* The rows of the table being read: a step's data table or the examples' table. */
static void check_cells(parser_t *p, const gherkin_row_t *rows, size_t n) {
  for (size_t i = 1; i < n; i++)
    if (rows[i].ncells != rows[0].ncells) {
      add_error(p,
                xasprintf("(%d:%d): inconsistent cell count within the table", rows[i].loc.line,
                          rows[i].loc.column),
                rows[i].loc);
      return;
    }
}

static void end_table(parser_t *p) {
  if (in_table(p->pos)) {
    gherkin_table_t *t = cur_step(p)->table;
    check_cells(p, t->rows, t->nrows);
  } else if (p->pos == P_EX_TABLE) {
    gherkin_examples_t *ex = &p->sc->examples[p->sc->nexamples - 1];
    /* header and body are one table */
    size_t n = ex->nbody;
    for (size_t i = 0; i < n; i++)
      if (ex->body[i].ncells != ex->header->ncells) {
        add_error(p,
                  xasprintf("(%d:%d): inconsistent cell count within the table",
                            ex->body[i].loc.line, ex->body[i].loc.column),
                  ex->body[i].loc);
        return;
      }
  }
}

static void fill_row(gherkin_row_t *r, gherkin_token_t *t) {
  r->loc = t->loc;
  r->ncells = t->nitems;
  r->cells = xcalloc(t->nitems ? t->nitems : 1, sizeof *r->cells);
  for (size_t i = 0; i < t->nitems; i++) {
    r->cells[i].loc = (gherkin_loc_t){t->loc.line, t->items[i].column};
    r->cells[i].value = t->items[i].text;
    t->items[i].text = NULL;
  }
}

static void add_tags(parser_t *p, gherkin_token_t *t) {
  for (size_t i = 0; i < t->nitems; i++) {
    gherkin_tag_t *g = GHERKIN_PUSH(p->tags, p->ntags);
    g->loc = (gherkin_loc_t){t->loc.line, t->items[i].column};
    g->name = t->items[i].text;
    t->items[i].text = NULL;
  }
}

static char *take_text(gherkin_token_t *t) {
  char *s = t->text ? t->text : xstrdup("");
  t->text = NULL;
  return s;
}
static char *take_kw(gherkin_token_t *t) {
  char *s = t->keyword ? t->keyword : xstrdup("");
  t->keyword = NULL;
  return s;
}

/* Applies an accepted line. `i` is its index (for lookaheads). */
static void accept(parser_t *p, gherkin_token_t *tok, size_t i) {
  gherkin_tok_t type = tok->type;
  pos_t pos = p->pos;
  bool stays_in_desc = in_desc(pos) && (type == GT_OTHER || type == GT_COMMENT);
  if (!stays_in_desc) end_description(p);
  if ((in_table(pos) || pos == P_EX_TABLE) && type != GT_TABLEROW) end_table(p);

  switch (type) {
  case GT_EOF:
  case GT_EMPTY: return;
  case GT_COMMENT: {
    /* A Markdown table's separator row has no text: not in the document's comments (in
     * Cucumber's matcher it is a token of no type). */
    if (tok->text) {
      gherkin_comment_t *c = GHERKIN_PUSH(p->doc->comments, p->doc->ncomments);
      c->loc = tok->loc;
      c->text = take_text(tok);
    }
    if (pos == P_HEAD || pos == P_BG || pos == P_SC || pos == P_EX) {
      text_start(p);
      p->pos = (pos_t)(pos + 1); /* the description state follows each */
    }
    return;
  }
  case GT_LANGUAGE: p->pos = P_LANG; return;
  case GT_TAGLINE:
    if (pos == P_START || pos == P_LANG) p->pos = P_FTAGS;
    else if (pos == P_FTAGS || pos == P_RTAGS || pos == P_SC_TAGS || pos == P_EX_TAGS) (void)0;
    else if (in_sc_or_ex(pos) && lookahead(p, i, GT_EXAMPLES)) p->pos = P_EX_TAGS;
    else if (lookahead(p, i, GT_SCENARIO)) p->pos = P_SC_TAGS;
    else p->pos = P_RTAGS;
    add_tags(p, tok);
    return;
  case GT_FEATURE: {
    gherkin_feature_t *f = xcalloc(1, sizeof *f);
    p->doc->feature = f;
    f->loc = tok->loc;
    take_tags(p, &f->tags, &f->ntags);
    f->language = xstrdup(p->m.dialect->code);
    f->keyword = tok->keyword ? take_kw(tok) : NULL; /* Markdown: a line with no keyword */
    f->name = take_text(tok);
    f->description = xstrdup("");
    p->in_rule = false;
    p->pos = P_HEAD;
    return;
  }
  case GT_RULE: {
    gherkin_rule_t *r = xcalloc(1, sizeof *r);
    p->in_rule = false; /* a rule is the feature's child */
    gherkin_child_t *c = add_child(p);
    c->kind = GHERKIN_CHILD_RULE;
    c->rule = r;
    r->loc = tok->loc;
    take_tags(p, &r->tags, &r->ntags);
    r->keyword = take_kw(tok);
    r->name = take_text(tok);
    r->description = xstrdup("");
    p->rule = r;
    p->in_rule = true;
    p->pos = P_HEAD;
    return;
  }
  case GT_BACKGROUND: {
    gherkin_background_t *b = xcalloc(1, sizeof *b);
    gherkin_child_t *c = add_child(p);
    c->kind = GHERKIN_CHILD_BACKGROUND;
    c->background = b;
    b->loc = tok->loc;
    b->keyword = take_kw(tok);
    b->name = take_text(tok);
    b->description = xstrdup("");
    p->bg = b;
    p->pos = P_BG;
    return;
  }
  case GT_SCENARIO: {
    gherkin_scenario_t *s = xcalloc(1, sizeof *s);
    gherkin_child_t *c = add_child(p);
    c->kind = GHERKIN_CHILD_SCENARIO;
    c->scenario = s;
    s->loc = tok->loc;
    take_tags(p, &s->tags, &s->ntags);
    s->keyword = take_kw(tok);
    s->name = take_text(tok);
    s->description = xstrdup("");
    p->sc = s;
    p->pos = P_SC;
    return;
  }
  case GT_EXAMPLES: {
    gherkin_examples_t *e = GHERKIN_PUSH(p->sc->examples, p->sc->nexamples);
    e->loc = tok->loc;
    take_tags(p, &e->tags, &e->ntags);
    e->keyword = take_kw(tok);
    e->name = take_text(tok);
    e->description = xstrdup("");
    p->pos = P_EX;
    return;
  }
  case GT_STEP: {
    bool bg = in_bg(pos);
    gherkin_step_t *s =
        bg ? GHERKIN_PUSH(p->bg->steps, p->bg->nsteps) : GHERKIN_PUSH(p->sc->steps, p->sc->nsteps);
    s->loc = tok->loc;
    s->keyword = take_kw(tok);
    s->type = tok->kwtype;
    s->text = take_text(tok);
    p->pos = bg ? P_BG_STEP : P_SC_STEP;
    return;
  }
  case GT_TABLEROW: {
    if (pos == P_EX || pos == P_EX_DESC || pos == P_EX_TABLE) {
      gherkin_examples_t *e = &p->sc->examples[p->sc->nexamples - 1];
      if (!e->header) {
        e->header = xcalloc(1, sizeof *e->header);
        fill_row(e->header, tok);
      } else {
        fill_row(GHERKIN_PUSH(e->body, e->nbody), tok);
      }
      p->pos = P_EX_TABLE;
      return;
    }
    gherkin_step_t *s = cur_step(p);
    if (!s->table) {
      s->table = xcalloc(1, sizeof *s->table);
      s->table->loc = tok->loc;
    }
    fill_row(GHERKIN_PUSH(s->table->rows, s->table->nrows), tok);
    if (pos == P_BG_STEP) p->pos = P_BG_TABLE;
    else if (pos == P_SC_STEP) p->pos = P_SC_TABLE;
    else if (pos == P_BG_DOC_END) p->pos = P_BG_DOC_TABLE;
    else if (pos == P_SC_DOC_END) p->pos = P_SC_DOC_TABLE;
    return;
  }
  case GT_DOCSEP: {
    gherkin_step_t *s = cur_step(p);
    if (pos == P_BG_DOC || pos == P_SC_DOC || pos == P_BG_TABLE_DOC || pos == P_SC_TABLE_DOC) {
      s->doc->content = xstrdup(sbuf_cstr(&p->text));
      p->pos = (pos_t)(pos + 1);
      return;
    }
    s->doc = xcalloc(1, sizeof *s->doc);
    s->doc->loc = tok->loc;
    s->doc->delimiter = take_kw(tok);
    if (tok->text && *tok->text) s->doc->media_type = take_text(tok);
    text_start(p);
    if (pos == P_BG_STEP) p->pos = P_BG_DOC;
    else if (pos == P_SC_STEP) p->pos = P_SC_DOC;
    else if (pos == P_BG_TABLE) p->pos = P_BG_TABLE_DOC;
    else p->pos = P_SC_TABLE_DOC;
    return;
  }
  case GT_OTHER: {
    const char *s = tok->text ? tok->text : "";
    size_t n = strlen(s);
    const char *t = s;
    gherkin_trim(&t, &n);
    if (pos == P_HEAD || pos == P_BG || pos == P_SC || pos == P_EX) {
      text_start(p);
      p->pos = (pos_t)(pos + 1);
    }
    text_line(p, s, n == 0);
    return;
  }
  default: return;
  }
}

static void unexpected(parser_t *p, const gherkin_line_t *l) {
  sbuf_t b = SBUF_INIT;
  sbuf_init(&b);
  const gherkin_tok_t *acc = accepts[p->pos];
  for (size_t k = 0; acc[k] != GT_NONE; k++) {
    if (k) sbuf_puts(&b, ", ");
    sbuf_puts(&b, gherkin_tok_names[acc[k]]);
  }
  if (!l) {
    int line = (int)p->nlines + 1;
    add_error(p, xasprintf("(%d:0): unexpected end of file, expected: %s", line, sbuf_cstr(&b)),
              (gherkin_loc_t){line, 0});
  } else {
    int col = l->indent_cols + 1;
    add_error(p,
              xasprintf("(%d:%d): expected: %s, got '%.*s'", l->number, col, sbuf_cstr(&b),
                        (int)l->trim_len, l->trim),
              (gherkin_loc_t){l->number, col});
  }
  sbuf_free(&b);
}

static void split_lines(parser_t *p, const char *src, size_t len) {
  if (len >= 3 && memcmp(src, "\xEF\xBB\xBF", 3) == 0) src += 3, len -= 3;
  size_t start = 0;
  for (size_t i = 0; i <= len; i++) {
    if (i == len && start == len) break; /* a final "\n" ends the last line */
    if (i == len || src[i] == '\n') {
      gherkin_line_t *l = GHERKIN_PUSH(p->lines, p->nlines);
      gherkin_line_init(l, src + start, i - start, (int)p->nlines);
      start = i + 1;
    }
  }
}

gherkin_document_t *gherkin_parse(const char *uri, const char *src, size_t len,
                                  const char *language, gherkin_ids_t *ids) {
  parser_t p = {0};
  gherkin_document_t *doc = xcalloc(1, sizeof *doc);
  doc->uri = xstrdup(uri ? uri : "");
  p.doc = doc;
  sbuf_init(&p.text);
  const char *lang = language ? language : "en";
  p.m.dialect = gherkin_dialect_find(lang, strlen(lang));
  if (!p.m.dialect) {
    add_error(&p, xasprintf("(1:1): Language not supported: %s", lang), (gherkin_loc_t){1, 1});
    return doc;
  }
  /* Markdown with Gherkin: a document named *.md, as Cucumber decides it. */
  size_t ulen = strlen(doc->uri);
  p.m.markdown = ulen > 3 && strcmp(doc->uri + ulen - 3, ".md") == 0;
  /* The lines point into the source: its NULs encoded (gherkin.h) when it has any. */
  char *encoded =
      src && gherkin_text_needs_encoding(src, len) ? gherkin_text_encode(src, len) : NULL;
  if (encoded) src = encoded, len = strlen(encoded);
  split_lines(&p, src ? src : "", src ? len : 0);
  p.pos = P_START;
  for (size_t i = 0; i <= p.nlines && !p.stop; i++) {
    const gherkin_line_t *l = i < p.nlines ? &p.lines[i] : NULL;
    const gherkin_tok_t *acc = accepts[p.pos];
    gherkin_token_t tok = {0};
    bool done = false;
    for (size_t k = 0; acc[k] != GT_NONE && !done; k++) done = match(&p, l, acc[k], &tok);
    if (done) accept(&p, &tok, i);
    else unexpected(&p, l);
    gherkin_token_clear(&tok);
  }
  for (size_t i = 0; i < p.ntags; i++) free(p.tags[i].name);
  free(p.tags);
  free(p.lines);
  free(encoded);
  sbuf_free(&p.text);
  if (doc->nerrors) {
    /* an AST with errors is not given: only the errors */
    gherkin_error_t *errors = doc->errors;
    size_t nerrors = doc->nerrors;
    doc->errors = NULL;
    doc->nerrors = 0;
    char *u = doc->uri;
    doc->uri = NULL;
    gherkin_document_free(doc);
    doc = xcalloc(1, sizeof *doc);
    doc->uri = u;
    doc->errors = errors;
    doc->nerrors = nerrors;
    return doc;
  }
  gherkin_ids_assign(doc, ids);
  return doc;
}
