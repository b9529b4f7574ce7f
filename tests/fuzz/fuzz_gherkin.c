/* fuzz_gherkin: libFuzzer target for the cucumber framework's parsers on arbitrary
 * bytes. The input is a feature file for the Gherkin parser (then compiled to pickles
 * and written as messages), read as Gherkin and again as Markdown with Gherkin; its first line is also tried as a tag expression, a Cucumber
 * Expression and a regular expression, matched against the second line, from which
 * expressions are also generated as for a snippet. Nothing may crash, leak or read out
 * of bounds (AddressSanitizer), and a NUL kept in Gherkin strings (as C0 80) must come back
 * whole.
 *
 * Not part of ctest. Build and run (Debian: clang-14, libclang-rt-14-dev), from the
 * repository's root:
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE \
 *     -Isrc tests/fuzz/fuzz_gherkin.c src/frameworks/cucumber/[a-z]*.c src/common/sbuf.c \
 *     $(pkg-config --cflags --libs jansson libpcre2-8) -o /tmp/fuzz_gherkin
 *   /tmp/fuzz_gherkin -max_total_time=300 -max_len=4096 /tmp/corpus tests/fuzz/corpus/gherkin
 * (the first folder collects new inputs; tests/fuzz/corpus/gherkin is the seed corpus). */
// fuzz-build: src/frameworks/cucumber/gherkin*.c src/frameworks/cucumber/tag_expr.c src/frameworks/cucumber/cucumber_expr*.c src/common/sbuf.c
// fuzz-pkgs: jansson libpcre2-8
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "frameworks/cucumber/cucumber_expr.h"
#include "frameworks/cucumber/gherkin.h"
#include "frameworks/cucumber/tag_expr.h"

static void expressions(const char *line, const char *text) {
  char *err = NULL;
  tagexpr_t *t = tagexpr_parse(line, &err);
  if (t) {
    const char *tags[] = {"@a", line};
    (void)tagexpr_eval(t, tags, 2);
    free(tagexpr_format(t));
  }
  free(err);
  tagexpr_free(t);

  static cukexpr_registry_t *reg;
  if (!reg) reg = cukexpr_registry_new();
  for (int regex = 0; regex < 2; regex++) {
    err = NULL;
    cukexpr_t *e =
        regex ? cukexpr_compile_regex(reg, line, &err) : cukexpr_compile(reg, line, &err);
    if (e) {
      cukexpr_arg_t *args = NULL;
      size_t n = 0;
      if (cukexpr_match(e, text, strlen(text), &args, &n) > 0) cukexpr_args_free(args, n);
      json_decref(cukexpr_match_json(e, text, strlen(text)));
    }
    free(err);
    cukexpr_free(e);
  }
  if (strlen(text) < 256) { /* the generator is quadratic in the text's length */
    cukexpr_generated_t *g = NULL;
    size_t n = cukexpr_generate(reg, text, &g);
    cukexpr_generated_free(g, n);
  }
  err = NULL;
  json_decref(cukexpr_tokens_json(line, &err));
  free(err);
  err = NULL;
  json_decref(cukexpr_ast_json(line, &err));
  free(err);
}

static void parse(const char *uri, const uint8_t *data, size_t size) {
  gherkin_ids_t ids = {0};
  gherkin_document_t *doc = gherkin_parse(uri, (const char *)data, size, NULL, &ids);
  if (!doc->nerrors) {
    json_decref(gherkin_document_json(doc));
    gherkin_pickles_t pk = {0};
    gherkin_compile(doc, &ids, &pk);
    for (size_t i = 0; i < pk.len; i++) json_decref(gherkin_pickle_json(&pk.items[i]));
    gherkin_pickles_free(&pk);
  } else {
    for (size_t i = 0; i < doc->nerrors; i++) json_decref(gherkin_error_json(doc, &doc->errors[i]));
  }
  gherkin_document_free(doc);
}

/* A NUL kept inside Gherkin strings as C0 80 comes back whole (gherkin.h); a C0 of the
 * input becomes U+FFFD, so the round trip is exact for input without one. */
static void nul_round_trip(const uint8_t *data, size_t size) {
  char *encoded = gherkin_text_encode((const char *)data, size);
  /* No NUL survives: every input byte is in the C string (a NUL as 2 bytes, C0 as 3). */
  size_t nuls = 0, c0s = 0;
  for (size_t i = 0; i < size; i++) {
    nuls += data[i] == 0;
    c0s += data[i] == 0xC0;
  }
  if (strlen(encoded) != size + nuls + 2 * c0s) abort();
  size_t len;
  char *decoded = gherkin_text(encoded, &len);
  if (!memchr(data, 0xC0, size) && (len != size || memcmp(decoded, data, size) != 0)) abort();
  free(decoded);
  free(encoded);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  parse("fuzz.feature", data, size);
  parse("fuzz.feature.md", data, size);
  nul_round_trip(data, size);

  /* the first two lines, NUL-terminated, as expression and text */
  char *copy = malloc(size + 1);
  if (!copy) return 0;
  memcpy(copy, data, size);
  copy[size] = 0;
  char *nl = memchr(copy, '\n', size);
  char *text = "";
  if (nl) {
    *nl = 0;
    text = nl + 1;
    char *nl2 = strchr(text, '\n');
    if (nl2) *nl2 = 0;
  }
  if (strlen(copy) < 512) expressions(copy, text); /* long patterns only slow PCRE2 down */
  free(copy);
  return 0;
}
