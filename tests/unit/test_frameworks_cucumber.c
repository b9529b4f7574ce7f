/* test_frameworks_cucumber: what Cucumber's conformance data does not cover in the
 * Gherkin parser, the tag expressions and the Cucumber Expressions: the default dialect
 * option, a BOM, invalid UTF-8, the error limit, ids continuing across documents, pickle
 * details (argument order, conjunction types, rule backgrounds), UTF-16 columns, escapes
 * and Unicode white space in tag expressions, user-defined parameter types and the types
 * of regular-expression groups, the expressions generated for snippets (the cases of
 * Cucumber's own generator tests), and limits on nesting that keep deep input from
 * exhausting the stack. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frameworks/cucumber/cucumber_expr.h"
#include "frameworks/cucumber/gherkin.h"
#include "frameworks/cucumber/cuke_report_doc.h"
#include "frameworks/cucumber/tag_expr.h"

static gherkin_document_t *parse(const char *src, const char *lang, gherkin_ids_t *ids) {
  return gherkin_parse("t.feature", src, strlen(src), lang, ids);
}

static void gherkin_default_language(void **state) {
  gherkin_document_t *d =
      parse("Fonctionnalité: F\n  Scénario: S\n    Soit a\n    Et b\n", "fr", NULL);
  assert_int_equal(d->nerrors, 0);
  assert_string_equal(d->feature->language, "fr");
  assert_string_equal(d->feature->keyword, "Fonctionnalité");
  gherkin_scenario_t *s = d->feature->children[0].scenario;
  assert_string_equal(s->steps[0].keyword, "Soit ");
  assert_int_equal(s->steps[0].type, GHERKIN_KT_CONTEXT);
  assert_int_equal(s->steps[1].type, GHERKIN_KT_CONJUNCTION);
  gherkin_document_free(d);

  d = parse("Feature: F\n", "xx-nope", NULL);
  assert_int_equal(d->nerrors, 1);
  assert_string_equal(d->errors[0].message, "(1:1): Language not supported: xx-nope");
  assert_null(d->feature);
  gherkin_document_free(d);
  assert_true(gherkin_dialect_exists("en"));
  assert_true(gherkin_dialect_exists("zh-TW"));
  assert_false(gherkin_dialect_exists("klingon"));
}

static void gherkin_bom_and_invalid_utf8(void **state) {
  gherkin_document_t *d = parse(
      "\xEF\xBB\xBF"
      "Feature: B\n  Scenario: \xFF\xFE x\n    Given \xC3\n",
      NULL, NULL);
  assert_int_equal(d->nerrors, 0);
  assert_int_equal(d->feature->loc.column, 1);
  assert_string_equal(d->feature->name, "B");
  /* the JSON writer keeps invalid bytes (as Latin-1) rather than dropping the text */
  json_t *j = gherkin_document_json(d);
  assert_non_null(j);
  json_t *name = json_object_get(
      json_object_get(
          json_array_get(
              json_object_get(json_object_get(json_object_get(j, "gherkinDocument"), "feature"),
                              "children"),
              0),
          "scenario"),
      "name");
  assert_string_equal(json_string_value(name), "\xC3\xBF\xC3\xBE x");
  json_decref(j);
  gherkin_document_free(d);
}

static void gherkin_error_limit(void **state) {
  char src[2048] = "Feature: F\n  Scenario: S\n    Given x\n";
  for (int i = 0; i < 20; i++) {
    char line[32];
    snprintf(line, sizeof line, "junk %d\n", i);
    strcat(src, line);
  }
  gherkin_document_t *d = parse(src, NULL, NULL);
  assert_int_equal(d->nerrors, 11); /* Cucumber stops after more than 10 */
  assert_non_null(strstr(d->errors[0].message, "(4:1): expected: #EOF, #TableRow"));
  assert_non_null(strstr(d->errors[0].message, "got 'junk 0'"));
  gherkin_document_free(d);
}

static void gherkin_ids_continue(void **state) {
  gherkin_ids_t ids = {0};
  gherkin_document_t *a = parse("Feature: A\n  Scenario: S\n    Given x\n", NULL, &ids);
  assert_int_equal(a->feature->children[0].scenario->steps[0].id, 0);
  assert_int_equal(a->feature->children[0].scenario->id, 1);
  gherkin_pickles_t pk = {0};
  gherkin_compile(a, &ids, &pk);
  assert_int_equal(pk.items[0].steps[0].id, 2);
  assert_int_equal(pk.items[0].id, 3);
  gherkin_document_t *b = parse("Feature: B\n  Scenario: S\n", NULL, &ids);
  assert_int_equal(b->feature->children[0].scenario->id, 4);
  gherkin_pickles_free(&pk);
  gherkin_document_free(a);
  gherkin_document_free(b);
}

static void gherkin_pickle_details(void **state) {
  const char *src =
      "@f\nFeature: F\n"
      "  Background:\n    Given bg\n"
      "  Rule: R\n"
      "    Background:\n      When rule bg\n"
      "    Scenario Outline: O <x>\n"
      "      * star\n"
      "      Then then\n"
      "      And and <x>\n"
      "        | <x> |\n"
      "        \"\"\"<x>\n"
      "        doc <x>\n"
      "        \"\"\"\n"
      "      Examples:\n        | x |\n        | 1 |\n"
      "    Scenario: empty\n";
  gherkin_document_t *d = parse(src, NULL, NULL);
  assert_int_equal(d->nerrors, 0);
  gherkin_pickles_t pk = {0};
  gherkin_compile(d, NULL, &pk);
  assert_int_equal(pk.len, 2);
  gherkin_pickle_t *p = &pk.items[0];
  assert_string_equal(p->name, "O 1");
  assert_int_equal(p->nsteps, 5);
  assert_string_equal(p->steps[0].text, "bg");
  assert_string_equal(p->steps[1].text, "rule bg");
  assert_int_equal(p->steps[2].type, GHERKIN_KT_UNKNOWN); /* "*" is in every list: Unknown */
  assert_int_equal(p->steps[3].type, GHERKIN_KT_OUTCOME);
  assert_int_equal(p->steps[4].type, GHERKIN_KT_OUTCOME); /* And takes the type before it */
  gherkin_pickle_step_t *st = &p->steps[4];
  assert_string_equal(st->text, "and 1");
  assert_int_equal(st->nast_ids, 2);
  assert_string_equal(st->rows[0].cells[0], "1");
  assert_string_equal(st->doc, "doc 1");
  assert_string_equal(st->doc_media_type, "1");
  assert_int_equal(st->table_index, 1); /* the table comes first */
  assert_int_equal(st->doc_index, 2);
  assert_int_equal(p->nast_ids, 2);
  assert_int_equal(p->ntags, 1);
  assert_string_equal(p->tags[0].name, "@f");
  /* a scenario without steps gets no background steps */
  assert_int_equal(pk.items[1].nsteps, 0);
  gherkin_pickles_free(&pk);
  gherkin_document_free(d);
}

static void gherkin_utf16_columns(void **state) {
  gherkin_document_t *d =
      parse("Feature: F\n  Scenario: S\n    Given x\n      | \xF0\x9F\x98\x80 | b |\n", NULL, NULL);
  assert_int_equal(d->nerrors, 0);
  gherkin_row_t *r = &d->feature->children[0].scenario->steps[0].table->rows[0];
  assert_int_equal(r->cells[0].loc.column, 9);
  assert_int_equal(r->cells[1].loc.column, 14); /* the emoji is two UTF-16 units */
  gherkin_document_free(d);
}

/* A NUL in the source is kept (as cucumber-js keeps U+0000): C0 80 inside the AST and the
 * pickles, the NUL itself in JSON and from gherkin_text; a C0 byte is U+FFFD; a NUL counts
 * one UTF-16 unit in columns. */
static void gherkin_nul_in_source(void **state) {
  static const char src[] = "Feature: a\0b\n  Scenario: S\n    Given x\0\xC0y\n      | \0 | c |\n";
  gherkin_document_t *d = gherkin_parse("t.feature", src, sizeof src - 1, NULL, NULL);
  assert_int_equal(d->nerrors, 0);
  assert_string_equal(d->feature->name,
                      "a\xC0\x80"
                      "b");
  gherkin_step_t *step = &d->feature->children[0].scenario->steps[0];
  assert_string_equal(step->text, "x\xC0\x80\xEF\xBF\xBDy");
  assert_int_equal(step->table->rows[0].cells[1].loc.column, 13); /* the NUL is one unit */
  size_t len;
  char *text = gherkin_text(step->text, &len);
  assert_int_equal(len, 6);
  assert_memory_equal(text, "x\0\xEF\xBF\xBDy", 6);
  free(text);
  json_t *j = gherkin_json_text(d->feature->name);
  assert_int_equal(json_string_length(j), 3);
  assert_memory_equal(json_string_value(j), "a\0b", 3);
  json_decref(j);
  char *back = gherkin_text_encode("p\0q", 3);
  assert_string_equal(back, "p\xC0\x80q");
  free(back);
  gherkin_document_free(d);
}

static void gherkin_empty_and_comments_only(void **state) {
  gherkin_document_t *d = parse("", NULL, NULL);
  assert_int_equal(d->nerrors, 0);
  assert_null(d->feature);
  gherkin_document_free(d);
  d = parse("# just a comment\n\n", NULL, NULL);
  assert_int_equal(d->ncomments, 1);
  assert_null(d->feature);
  gherkin_document_free(d);
  d = gherkin_parse("t.feature", NULL, 0, NULL, NULL);
  assert_int_equal(d->nerrors, 0);
  gherkin_document_free(d);
}

static void tagexpr_extras(void **state) {
  char *err = NULL;
  tagexpr_t *e = tagexpr_parse("not not @a", &err);
  assert_non_null(e);
  char *f = tagexpr_format(e);
  assert_string_equal(f, "not ( not ( @a ) )");
  free(f);
  const char *tags[] = {"@a"};
  assert_true(tagexpr_eval(e, tags, 1));
  assert_false(tagexpr_eval(e, NULL, 0));
  tagexpr_free(e);

  /* U+3000 separates like a space; "\(" alone is a tag named "(" */
  e = tagexpr_parse("@a\xE3\x80\x80or \\(", &err);
  assert_non_null(e);
  const char *paren[] = {"("};
  assert_true(tagexpr_eval(e, paren, 1));
  f = tagexpr_format(e);
  assert_string_equal(f, "( @a or \\( )");
  free(f);
  tagexpr_free(e);

  e = tagexpr_parse("   ", &err);
  assert_non_null(e);
  assert_true(tagexpr_eval(e, NULL, 0));
  tagexpr_free(e);

  e = tagexpr_parse("@a\\", &err); /* a trailing backslash is dropped */
  assert_non_null(e);
  f = tagexpr_format(e);
  assert_string_equal(f, "@a");
  free(f);
  tagexpr_free(e);
}

static void cukexpr_custom_types(void **state) {
  cukexpr_registry_t *r = cukexpr_registry_new();
  char *err = NULL;
  const char *re[] = {"(\\d+)-(\\d+)"};
  assert_int_equal(cukexpr_registry_define(r, "range", re, 1, true, false, &err), 0);
  assert_int_equal(cukexpr_registry_define(r, "range", re, 1, true, false, &err), -1);
  assert_string_equal(err, "There is already a parameter type with name range");
  free(err);
  const char *bad[] = {"(unclosed"};
  assert_int_equal(cukexpr_registry_define(r, "bad", bad, 1, true, false, &err), -1);
  assert_non_null(strstr(err, "Invalid regular expression /(unclosed/"));
  free(err);
  assert_int_equal(cukexpr_registry_define(r, "a/b", re, 1, true, false, &err), -1);
  free(err);

  cukexpr_t *e = cukexpr_compile(r, "pages {range} of {int}", &err);
  assert_non_null(e);
  assert_string_equal(cukexpr_regex(e), "^pages ((\\d+)-(\\d+)) of ((?:-?\\d+)|(?:\\d+))$");
  cukexpr_arg_t *args;
  size_t n;
  assert_int_equal(cukexpr_match(e, "pages 3-9 of 12", 15, &args, &n), 1);
  assert_int_equal(n, 2);
  assert_string_equal(args[0].type_name, "range");
  assert_int_equal(args[0].ngroups, 2); /* the transformer gets the inner groups */
  assert_string_equal(args[0].groups[0], "3");
  assert_string_equal(args[0].groups[1], "9");
  assert_int_equal(args[0].start, 6);
  assert_int_equal(args[1].kind, CUKEXPR_V_INT);
  assert_int_equal(args[1].i, 12);
  cukexpr_args_free(args, n);
  assert_int_equal(cukexpr_match(e, "pages x of 1", 12, &args, &n), 0);
  cukexpr_free(e);

  /* a regexp group whose source is a type's regexp gets that type */
  e = cukexpr_compile_regex(r, "^(\\d+) (?:x|y) (-?\\d+)? ([a-z]+)$", &err);
  assert_non_null(e);
  assert_int_equal(cukexpr_match(e, "7 x  abc", 8, &args, &n), 1);
  assert_int_equal(n, 3);
  assert_int_equal(args[0].kind, CUKEXPR_V_INT);
  assert_int_equal(args[0].i, 7);
  assert_int_equal(args[1].kind, CUKEXPR_V_NULL);
  assert_int_equal(args[2].kind, CUKEXPR_V_STRING);
  assert_string_equal(args[2].s, "abc");
  cukexpr_args_free(args, n);
  cukexpr_free(e);

  assert_null(cukexpr_compile_regex(r, "a(", &err));
  free(err);
  /* invalid UTF-8 in an expression is an error from PCRE2, not a crash */
  e = cukexpr_compile(r, "a \xFF {int}", &err);
  assert_null(e);
  assert_non_null(err);
  free(err);
  cukexpr_registry_free(r);
}

static void cukexpr_strings(void **state) {
  cukexpr_registry_t *r = cukexpr_registry_new();
  char *err = NULL;
  cukexpr_t *e = cukexpr_compile(r, "say {string} and {string}", &err);
  cukexpr_arg_t *args;
  size_t n;
  const char *t = "say '' and \"it\\\"s\"";
  assert_int_equal(cukexpr_match(e, t, strlen(t), &args, &n), 1);
  assert_string_equal(args[0].s, "");
  assert_string_equal(args[1].s, "it\"s");
  cukexpr_args_free(args, n);
  /* text that is not UTF-8 is an error, not a match */
  assert_int_equal(cukexpr_match(e, "say \xFF", 5, &args, &n), -1);
  assert_int_equal(n, 0);
  cukexpr_free(e);
  cukexpr_registry_free(r);
}

/* The first generated expression for text, compared; returns how many there were. */
static size_t check_generated(cukexpr_registry_t *r, const char *text, const char *want) {
  cukexpr_generated_t *g;
  size_t n = cukexpr_generate(r, text, &g);
  assert_true(n > 0);
  assert_string_equal(g[0].source, want);
  /* the expression matches the text it came from */
  char *err = NULL;
  cukexpr_t *e = cukexpr_compile(r, g[0].source, &err);
  assert_non_null(e);
  cukexpr_arg_t *args;
  size_t nargs;
  assert_int_equal(cukexpr_match(e, text, strlen(text), &args, &nargs), 1);
  assert_int_equal(nargs, g[0].ntypes);
  cukexpr_args_free(args, nargs);
  cukexpr_free(e);
  cukexpr_generated_free(g, n);
  return n;
}

/* The generator's behaviour as Cucumber's own generator tests describe it. */
static void cukexpr_generator(void **state) {
  cukexpr_registry_t *r = cukexpr_registry_new();
  cukexpr_generated_t *g;
  size_t n = cukexpr_generate(r, "I have 2 cucumbers and 1.5 tomato", &g);
  assert_int_equal(n, 2); /* 2 is an int or a float */
  assert_string_equal(g[0].source, "I have {int} cucumbers and {float} tomato");
  assert_string_equal(g[1].source, "I have {float} cucumbers and {float} tomato");
  assert_int_equal(g[0].ntypes, 2);
  assert_string_equal(g[0].types[0], "int");
  assert_string_equal(g[0].types[1], "float");
  cukexpr_generated_free(g, n);
  check_generated(r, "hello", "hello");
  check_generated(r, "(iii)", "\\(iii)");
  check_generated(r, "{iii}", "\\{iii}");
  check_generated(r, "The 1814/05/17 hey", "The {int}\\/{int}\\/{int} hey");
  check_generated(r, "I like \"bangers\" and 'mash'", "I like {string} and {string}");
  check_generated(r, "I am 20%% foobar", "I am {int}%% foobar");
  check_generated(r, "99999", "{int}");
  check_generated(r, "I have 2.5 cukes and 1.5 euro", "I have {float} cukes and {float} euro");
  char *err = NULL;
  const char *currency[] = {"[A-Z]{3}"}, *direction[] = {"(up|down)"};
  assert_int_equal(cukexpr_registry_define(r, "currency", currency, 1, true, false, &err), 0);
  assert_int_equal(cukexpr_registry_define(r, "direction", direction, 1, true, false, &err), 0);
  check_generated(r, "I have a EUR account", "I have a {currency} account");
  assert_int_equal(check_generated(r, "I download a picture", "I download a picture"), 1);
  check_generated(r, "I watch the muppet show", "I watch the muppet show");
  check_generated(r, "I create a group", "I create a group");
  check_generated(r, "up the hill, the road goes down",
                  "{direction} the hill, the road goes {direction}");
  check_generated(r, "direction is:down", "direction is:{direction}");
  check_generated(r, "direction is down.", "direction is {direction}.");
  cukexpr_registry_free(r);

  r = cukexpr_registry_new();
  const char *cd[] = {"c d"}, *bc[] = {"b c"};
  assert_int_equal(cukexpr_registry_define(r, "currency", cd, 1, true, false, &err), 0);
  assert_int_equal(cukexpr_registry_define(r, "date", bc, 1, true, false, &err), 0);
  check_generated(r, "a b c d e f g", "a {date} d e f g"); /* the leftmost match */
  cukexpr_registry_free(r);

  r = cukexpr_registry_new();
  const char *x[] = {"x"};
  assert_int_equal(cukexpr_registry_define(r, "currency", x, 1, true, false, &err), 0);
  assert_int_equal(cukexpr_registry_define(r, "date", x, 1, true, false, &err), 0);
  n = cukexpr_generate(r, "I have x and x and another x", &g);
  assert_int_equal(n, 8);
  assert_string_equal(g[0].source, "I have {currency} and {currency} and another {currency}");
  assert_string_equal(g[1].source, "I have {currency} and {currency} and another {date}");
  assert_string_equal(g[6].source, "I have {date} and {date} and another {currency}");
  assert_string_equal(g[7].source, "I have {date} and {date} and another {date}");
  cukexpr_generated_free(g, n);
  cukexpr_registry_free(r);

  r = cukexpr_registry_new();
  const char *flight[] = {"(1st flight)?"}, *hotel[] = {"(1 hotel)?"};
  assert_int_equal(cukexpr_registry_define(r, "optional-flight", flight, 1, true, false, &err), 0);
  assert_int_equal(cukexpr_registry_define(r, "optional-hotel", hotel, 1, true, false, &err), 0);
  n = cukexpr_generate(r, "I reach Stage 4: 1st flight -1 hotel", &g);
  assert_string_equal(g[0].source, "I reach Stage {int}: {optional-flight} {int} hotel");
  cukexpr_generated_free(g, n);
  cukexpr_registry_free(r);

  r = cukexpr_registry_new();
  const char *many[] = {"([a-z] )*?[a-z]"};
  for (int i = 0; i < 4; i++) {
    char name[32];
    snprintf(name, sizeof name, "my-type-%d", i);
    assert_int_equal(cukexpr_registry_define(r, name, many, 1, true, false, &err), 0);
  }
  n = cukexpr_generate(r, "a s i m p l e s t e p", &g);
  assert_int_equal(n, 256); /* 4^11 otherwise */
  cukexpr_generated_free(g, n);
  cukexpr_registry_free(r);

  r = cukexpr_registry_new();
  const char *zero[] = {"[a-z]*"}, *one[] = {"[a-z]"};
  assert_int_equal(cukexpr_registry_define(r, "zero-or-more", zero, 1, true, false, &err), 0);
  assert_int_equal(cukexpr_registry_define(r, "exactly-one", one, 1, true, false, &err), 0);
  n = cukexpr_generate(r, "a simple step", &g);
  assert_int_equal(n, 2);
  assert_string_equal(g[0].source, "{exactly-one} {zero-or-more} {zero-or-more}");
  assert_string_equal(g[1].source, "{zero-or-more} {zero-or-more} {zero-or-more}");
  cukexpr_generated_free(g, n);
  cukexpr_registry_free(r);
}

/* Input deep enough to exhaust a recursive parser's stack is an error instead. */
/* stepMatchArguments as Cucumber Messages has them: {string}'s group tree (unset groups
 * as {} with their children), a custom type's child groups, offsets in UTF-16 units. */
static void cukexpr_match_arguments(void **state) {
  (void)state;
  cukexpr_registry_t *reg = cukexpr_registry_new();
  char *err = NULL;
  const char *flight[] = {"([A-Z]{3})-([A-Z]{3})"};
  assert_int_equal(cukexpr_registry_define(reg, "flight", flight, 1, true, false, &err), 0);
  cukexpr_t *e = cukexpr_compile(reg, "I buy {string} for {flight} at {int}", &err);
  assert_non_null(e);
  const char *text = "I buy \"h\xC3\xA9\xF0\x9F\x98\x80\" for LHR-CDG at 3";
  json_t *args = cukexpr_match_json(e, text, strlen(text));
  assert_non_null(args);
  char *got = json_dumps(args, JSON_COMPACT | JSON_SORT_KEYS);
  assert_string_equal(
      got,
      "[{\"group\":{\"children\":[{\"children\":[{}],\"start\":7,\"value\":"
      "\"h\xC3\xA9\xF0\x9F\x98\x80\"},"
      "{\"children\":[{}]}],\"start\":6,\"value\":\"\\\"h\xC3\xA9\xF0\x9F\x98\x80\\\"\"},"
      "\"parameterTypeName\":\"string\"},"
      "{\"group\":{\"children\":[{\"start\":17,\"value\":\"LHR\"},{\"start\":21,\"value\":\"CDG\"}]"
      ","
      "\"start\":17,\"value\":\"LHR-CDG\"},\"parameterTypeName\":\"flight\"},"
      "{\"group\":{\"start\":28,\"value\":\"3\"},\"parameterTypeName\":\"int\"}]");
  free(got);
  json_decref(args);
  assert_null(cukexpr_match_json(e, "no match", 8));
  cukexpr_free(e);
  /* A regular expression's groups have no type name; an optional group left out has no
   * start nor value. */
  e = cukexpr_compile_regex(reg, "^a (\\w+)(?: and (\\w+))?$", &err);
  assert_non_null(e);
  args = cukexpr_match_json(e, "a cuke", 6);
  got = json_dumps(args, JSON_COMPACT | JSON_SORT_KEYS);
  assert_string_equal(got, "[{\"group\":{\"start\":2,\"value\":\"cuke\"}},{\"group\":{}}]");
  free(got);
  json_decref(args);
  cukexpr_free(e);
  cukexpr_registry_free(reg);
}

/* The reports made from messages: the last attempt of a retried case, statuses, escaping. */
static void report_doc_from_messages(void **state) {
  (void)state;
  const char *ndjson[] = {
      "{\"gherkinDocument\":{\"uri\":\"f.feature\",\"feature\":{\"name\":\"F & "
      "<G>\",\"children\":[{\"scenario\":"
      "{\"steps\":[{\"id\":\"s1\",\"keyword\":\"Given "
      "\",\"keywordType\":\"Context\",\"text\":\"x\"}]}}]}}}",
      "{\"pickle\":{\"id\":\"p\",\"uri\":\"f.feature\",\"name\":\"S\",\"location\":{\"line\":3},"
      "\"steps\":[{\"id\":\"ps\",\"text\":\"x\",\"astNodeIds\":[\"s1\"]}]}}",
      "{\"hook\":{\"id\":\"h\",\"type\":\"AFTER_TEST_CASE\",\"name\":\"clean\"}}",
      "{\"testRunStarted\":{\"id\":\"r\",\"timestamp\":{\"seconds\":10,\"nanos\":0}}}",
      "{\"testCase\":{\"id\":\"c\",\"pickleId\":\"p\",\"testSteps\":[{\"id\":\"t1\","
      "\"pickleStepId\":\"ps\"},"
      "{\"id\":\"t2\",\"hookId\":\"h\"}]}}",
      "{\"testCaseStarted\":{\"id\":\"a1\",\"testCaseId\":\"c\",\"timestamp\":{\"seconds\":10,"
      "\"nanos\":0}}}",
      "{\"testStepFinished\":{\"testCaseStartedId\":\"a1\",\"testStepId\":\"t1\","
      "\"testStepResult\":"
      "{\"status\":\"FAILED\",\"message\":\"boom\",\"duration\":{\"seconds\":0,\"nanos\":0}}}}",
      "{\"testCaseStarted\":{\"id\":\"a2\",\"testCaseId\":\"c\",\"timestamp\":{\"seconds\":11,"
      "\"nanos\":0}}}",
      "{\"testStepFinished\":{\"testCaseStartedId\":\"a2\",\"testStepId\":\"t1\","
      "\"testStepResult\":"
      "{\"status\":\"UNDEFINED\",\"duration\":{\"seconds\":0,\"nanos\":0}}}}",
      "{\"testStepFinished\":{\"testCaseStartedId\":\"a2\",\"testStepId\":\"t2\","
      "\"testStepResult\":"
      "{\"status\":\"PASSED\",\"duration\":{\"seconds\":0,\"nanos\":500000000}}}}",
      "{\"testCaseFinished\":{\"testCaseStartedId\":\"a2\",\"timestamp\":{\"seconds\":12,\"nanos\":"
      "0}}}",
      "{\"testRunFinished\":{\"timestamp\":{\"seconds\":13,\"nanos\":0},\"success\":false}}",
  };
  json_t *env = json_array();
  for (size_t i = 0; i < sizeof ndjson / sizeof ndjson[0]; i++) {
    json_t *e = json_loads(ndjson[i], 0, NULL);
    assert_non_null(e);
    json_array_append_new(env, e);
  }
  cuke_doc_t *doc = cuke_doc_from_messages(env);
  char *xml = cuke_report_junit(doc);
  assert_non_null(strstr(xml, "tests=\"1\" skipped=\"0\" failures=\"1\""));
  assert_non_null(
      strstr(xml, "<testcase classname=\"F &amp; &lt;G&gt;\" name=\"S\" time=\"1.000\">"));
  assert_non_null(strstr(xml, "message=\"Undefined step: Given x\""));
  assert_null(strstr(xml, "boom")); /* the first attempt is not reported */
  char *text = cuke_report_console(doc, true);
  assert_string_equal(
      text,
      "U\n\nFailures:\n\n1) Scenario: S # f.feature:3\n   ? Given x\n       Undefined.\n"
      "   \xE2\x9C\x94 After clean\n\n1 scenario (1 undefined)\n1 step (1 undefined)\n"
      "0m03.000s (executing steps: 0m00.500s)");
  char *html = cuke_report_html(doc, env);
  assert_non_null(strstr(html, "<h2>F &amp; &lt;G&gt;</h2>"));
  assert_non_null(strstr(html, "{\"gherkinDocument\":"));
  free(xml);
  free(text);
  free(html);
  cuke_doc_free(doc);
  json_decref(env);
}

static void deep_nesting_is_an_error(void **state) {
  size_t n = 30000;
  char *s = malloc(n * 4 + 8);
  size_t k = 0;
  for (size_t i = 0; i < n; i++) memcpy(s + k, "not ", 4), k += 4;
  memcpy(s + k, "@a", 3);
  char *err = NULL;
  assert_null(tagexpr_parse(s, &err));
  assert_non_null(strstr(err, "Too many tags and operators."));
  free(err);
  for (size_t i = 0; i < n; i++) s[i] = '(';
  s[n] = 0;
  cukexpr_registry_t *r = cukexpr_registry_new();
  assert_null(cukexpr_compile(r, s, &err));
  assert_non_null(strstr(err, "The expression is nested too deeply"));
  free(err);
  cukexpr_registry_free(r);
  free(s);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(gherkin_default_language), cmocka_unit_test(gherkin_bom_and_invalid_utf8),
      cmocka_unit_test(gherkin_error_limit),      cmocka_unit_test(gherkin_ids_continue),
      cmocka_unit_test(gherkin_pickle_details),   cmocka_unit_test(gherkin_utf16_columns),
      cmocka_unit_test(gherkin_nul_in_source),    cmocka_unit_test(gherkin_empty_and_comments_only),
      cmocka_unit_test(tagexpr_extras),           cmocka_unit_test(cukexpr_custom_types),
      cmocka_unit_test(cukexpr_strings),          cmocka_unit_test(cukexpr_generator),
      cmocka_unit_test(deep_nesting_is_an_error), cmocka_unit_test(cukexpr_match_arguments),
      cmocka_unit_test(report_doc_from_messages),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
