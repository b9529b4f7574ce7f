/* Unit tests for cli: command detection, spec/exclude/suite, generic overrides and their
 * coercion, usage errors, the help text, and deep merging. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"

#define ARGV(...)             ((char *[]){"sonde", __VA_ARGS__, NULL})
#define ARGC(...)             ((int)(sizeof((char *[]){"sonde", __VA_ARGS__}) / sizeof(char *)))
#define PARSE(opts, err, ...) cli_parse(ARGC(__VA_ARGS__), ARGV(__VA_ARGS__), (opts), (err))

/* Parses and expects success, with no error text. */
#define PARSE_OK(opts, ...)                                           \
  do {                                                                \
    sbuf_t err_ = SBUF_INIT;                                          \
    int rc_ = PARSE((opts), &err_, __VA_ARGS__);                      \
    if (rc_ != 0) fail_msg("unexpected error: %s", sbuf_cstr(&err_)); \
    assert_int_equal(err_.len, 0);                                    \
    assert_non_null((opts)->overrides);                               \
    sbuf_free(&err_);                                                 \
  } while (0)

/* Parses and expects the exact error line; the options are left empty. */
#define PARSE_ERR(want, ...)                              \
  do {                                                    \
    cli_options_t o_;                                     \
    sbuf_t err_ = SBUF_INIT;                              \
    assert_int_equal(PARSE(&o_, &err_, __VA_ARGS__), -1); \
    assert_string_equal(sbuf_cstr(&err_), (want));        \
    assert_null(strchr(sbuf_cstr(&err_), '\n'));          \
    assert_null(o_.overrides);                            \
    assert_null(o_.config_path);                          \
    assert_int_equal(o_.specs.len, 0);                    \
    cli_options_free(&o_);                                \
    sbuf_free(&err_);                                     \
  } while (0)

static void assert_json(const json_t *v, const char *want) {
  char *got = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS | JSON_ENCODE_ANY);
  assert_non_null(got);
  assert_string_equal(got, want);
  free(got);
}

static void assert_overrides(const char *want, int argc, char **argv) {
  cli_options_t o;
  sbuf_t err = SBUF_INIT;
  if (cli_parse(argc, argv, &o, &err) != 0) fail_msg("unexpected error: %s", sbuf_cstr(&err));
  assert_json(o.overrides, want);
  cli_options_free(&o);
  sbuf_free(&err);
}
#define OVERRIDES(want, ...) assert_overrides((want), ARGC(__VA_ARGS__), ARGV(__VA_ARGS__))

/* ---- commands ------------------------------------------------------------------------- */

static void test_no_args_is_help(void **state) {
  cli_options_t o;
  char *argv[] = {"sonde", NULL};
  assert_int_equal(cli_parse(1, argv, &o, NULL), 0);
  assert_int_equal(o.command, CLI_HELP);
  assert_non_null(o.overrides);
  assert_int_equal(json_object_size(o.overrides), 0);
  cli_options_free(&o);
}

static void test_run_forms(void **state) {
  cli_options_t o;
  PARSE_OK(&o, "run", "conf.js");
  assert_int_equal(o.command, CLI_RUN);
  assert_string_equal(o.config_path, "conf.js");
  assert_int_equal(o.specs.len, 0);
  assert_int_equal(o.suites.len, 0);
  cli_options_free(&o);

  /* After "run" the config may have any name. */
  PARSE_OK(&o, "run", "./configs/wdio.conf");
  assert_string_equal(o.config_path, "./configs/wdio.conf");
  cli_options_free(&o);

  const char *configs[] = {"conf.js", "./x/wdio.conf.cjs", "c.mjs", "wdio.conf.ts"};
  for (size_t i = 0; i < sizeof(configs) / sizeof(configs[0]); i++) {
    char *argv[] = {"sonde", (char *)configs[i], NULL};
    assert_int_equal(cli_parse(2, argv, &o, NULL), 0);
    assert_int_equal(o.command, CLI_RUN);
    assert_string_equal(o.config_path, configs[i]);
    cli_options_free(&o);
  }

  /* Flags may come before the config. */
  PARSE_OK(&o, "--logLevel", "debug", "conf.js");
  assert_int_equal(o.command, CLI_RUN);
  assert_string_equal(o.config_path, "conf.js");
  assert_json(o.overrides, "{\"logLevel\":\"debug\"}");
  cli_options_free(&o);

  PARSE_OK(&o, "--logLevel", "debug", "run", "--bail", "1", "conf.js");
  assert_string_equal(o.config_path, "conf.js");
  assert_json(o.overrides, "{\"bail\":1,\"logLevel\":\"debug\"}");
  cli_options_free(&o);
}

static void test_existing_file_is_config(void **state) {
  char path[] = "/tmp/sonde-cli-XXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  assert_int_equal(close(fd), 0);
  cli_options_t o;
  char *argv[] = {"sonde", path, NULL};
  assert_int_equal(cli_parse(2, argv, &o, NULL), 0);
  assert_int_equal(o.command, CLI_RUN);
  assert_string_equal(o.config_path, path);
  cli_options_free(&o);
  assert_int_equal(unlink(path), 0);

  /* Once gone, the same word is an unknown command; a directory is not a config. */
  sbuf_t err = SBUF_INIT;
  assert_int_equal(cli_parse(2, argv, &o, &err), -1);
  assert_non_null(strstr(sbuf_cstr(&err), "Unknown command"));
  sbuf_free(&err);
  PARSE_ERR("Unknown command \"/tmp\". Run \"sonde --help\" for usage.", "/tmp");
}

static void test_worker_help_version(void **state) {
  cli_options_t o;
  PARSE_OK(&o, "worker");
  assert_int_equal(o.command, CLI_WORKER);
  assert_null(o.config_path);
  cli_options_free(&o);

  const char *help[] = {"--help", "-h", "help"};
  for (size_t i = 0; i < 3; i++) {
    char *argv[] = {"sonde", (char *)help[i], NULL};
    assert_int_equal(cli_parse(2, argv, &o, NULL), 0);
    assert_int_equal(o.command, CLI_HELP);
    assert_null(o.config_path);
    assert_non_null(o.overrides);
    cli_options_free(&o);
  }
  const char *version[] = {"--version", "-v", "version"};
  for (size_t i = 0; i < 3; i++) {
    char *argv[] = {"sonde", (char *)version[i], NULL};
    assert_int_equal(cli_parse(2, argv, &o, NULL), 0);
    assert_int_equal(o.command, CLI_VERSION);
    assert_non_null(o.overrides);
    cli_options_free(&o);
  }

  /* Help wins over everything else on the line, even mistakes. */
  PARSE_OK(&o, "run", "conf.js", "--spec", "a.js", "--help");
  assert_int_equal(o.command, CLI_HELP);
  assert_null(o.config_path);
  assert_int_equal(o.specs.len, 0);
  cli_options_free(&o);
  PARSE_OK(&o, "frobnicate", "-h");
  assert_int_equal(o.command, CLI_HELP);
  cli_options_free(&o);
  PARSE_OK(&o, "--spec", "-v");
  assert_int_equal(o.command, CLI_VERSION);
  cli_options_free(&o);
  /* ... but not after "--". */
  PARSE_ERR("Unexpected argument \"--help\". Run \"sonde --help\" for usage.", "conf.js", "--",
            "--help");
}

static void test_unknown_command_and_positionals(void **state) {
  PARSE_ERR("Unknown command \"frobnicate\". Run \"sonde --help\" for usage.", "frobnicate");
  PARSE_ERR("Unknown command \"frobnicate\". Run \"sonde --help\" for usage.", "--bail", "--",
            "frobnicate");
  PARSE_ERR("Unexpected argument \"extra\". Run \"sonde --help\" for usage.", "conf.js", "extra");
  PARSE_ERR("Unexpected argument \"more\". Run \"sonde --help\" for usage.", "worker", "more");
  PARSE_ERR("Unexpected argument \"run\". Run \"sonde --help\" for usage.", "conf.js", "run");
#define NO_CONFIG                                                                                 \
  "No config file given, and no sonde.conf.{ts,mts,js,mjs,cjs} or wdio.conf.{ts,mts,js,mjs,cjs} " \
  "in this folder. Usage: sonde run <config> [options]"
  PARSE_ERR(NO_CONFIG, "run");
  PARSE_ERR(NO_CONFIG, "run", "--bail");
  PARSE_ERR(NO_CONFIG, "--spec", "a.js");
  PARSE_ERR("Unknown option \"-x\". Run \"sonde --help\" for usage.", "conf.js", "-x");
}

/* Without a config the one in the current folder runs, as with `wdio`: sonde's names
 * first, then WebdriverIO's; plain `sonde` with none asks for help (exit 2 in main). */
static void test_default_config(void **state) {
  char dir[] = "/tmp/sonde-cli-XXXXXX";
  assert_non_null(mkdtemp(dir));
  char *cwd = getcwd(NULL, 0);
  assert_int_equal(chdir(dir), 0);
  cli_options_t o;
  char *alone[] = {"sonde", NULL};
  assert_int_equal(cli_parse(1, alone, &o, NULL), 0);
  assert_int_equal(o.command, CLI_HELP);
  assert_true(o.no_config);
  cli_options_free(&o);
  FILE *f = fopen("wdio.conf.js", "w");
  assert_non_null(f);
  fclose(f);
  assert_int_equal(cli_parse(1, alone, &o, NULL), 0);
  assert_int_equal(o.command, CLI_RUN);
  assert_string_equal(o.config_path, "wdio.conf.js");
  cli_options_free(&o);
  f = fopen("sonde.conf.mjs", "w");
  assert_non_null(f);
  fclose(f);
  PARSE_OK(&o, "run", "--spec", "a.js");
  assert_string_equal(o.config_path, "sonde.conf.mjs");
  assert_false(o.no_config);
  cli_options_free(&o);
  PARSE_OK(&o, "--bail");
  assert_int_equal(o.command, CLI_RUN);
  assert_string_equal(o.config_path, "sonde.conf.mjs");
  cli_options_free(&o);
  assert_int_equal(unlink("sonde.conf.mjs"), 0);
  assert_int_equal(unlink("wdio.conf.js"), 0);
  assert_int_equal(chdir(cwd), 0);
  assert_int_equal(rmdir(dir), 0);
  free(cwd);
}

static void test_double_dash(void **state) {
  cli_options_t o;
  /* After "--" a dash-word is a plain argument: here, the config. */
  PARSE_OK(&o, "run", "--", "-odd.js");
  assert_string_equal(o.config_path, "-odd.js");
  cli_options_free(&o);
  PARSE_OK(&o, "--flag", "--", "conf.js");
  assert_string_equal(o.config_path, "conf.js");
  assert_json(o.overrides, "{\"flag\":true}");
  cli_options_free(&o);
}

/* ---- spec, exclude, suite ------------------------------------------------------------- */

static void test_spec_exclude_suite(void **state) {
  cli_options_t o;
  PARSE_OK(&o, "run", "conf.js", "--spec", "a.js", "--spec", "b.js", "--exclude", "x.js", "--suite",
           "smoke");
  assert_int_equal(o.specs.len, 2);
  assert_string_equal(o.specs.items[0], "a.js");
  assert_string_equal(o.specs.items[1], "b.js");
  assert_int_equal(o.excludes.len, 1);
  assert_string_equal(o.excludes.items[0], "x.js");
  assert_int_equal(o.suites.len, 1);
  assert_string_equal(o.suites.items[0], "smoke");
  /* They are not overrides. */
  assert_int_equal(json_object_size(o.overrides), 0);
  cli_options_free(&o);

  PARSE_OK(&o, "conf.js", "--spec", "a.js,b.js", "--spec=c.js", "--exclude=x,,y,");
  assert_int_equal(o.specs.len, 3);
  assert_string_equal(o.specs.items[0], "a.js");
  assert_string_equal(o.specs.items[1], "b.js");
  assert_string_equal(o.specs.items[2], "c.js");
  assert_int_equal(o.excludes.len, 2);
  assert_string_equal(o.excludes.items[0], "x");
  assert_string_equal(o.excludes.items[1], "y");
  cli_options_free(&o);

  /* Commas inside braces belong to the glob. */
  PARSE_OK(&o, "conf.js", "--spec", "specs/{a,b{c,d}}.js,z.js");
  assert_int_equal(o.specs.len, 2);
  assert_string_equal(o.specs.items[0], "specs/{a,b{c,d}}.js");
  assert_string_equal(o.specs.items[1], "z.js");
  cli_options_free(&o);

  /* --suite repeats: every named suite runs. */
  PARSE_OK(&o, "conf.js", "--suite", "a", "--suite=b");
  assert_int_equal(o.suites.len, 2);
  assert_string_equal(o.suites.items[0], "a");
  assert_string_equal(o.suites.items[1], "b");
  cli_options_free(&o);
}

static void test_spec_takes_shell_expanded_list(void **state) {
  cli_options_t o;
  /* A shell-expanded "--spec s/<glob>", once the config is known. */
  PARSE_OK(&o, "run", "conf.js", "--spec", "s/a.js", "s/b.js", "s/c.js", "--bail", "1", "--exclude",
           "x.js", "y.js");
  assert_int_equal(o.specs.len, 3);
  assert_string_equal(o.specs.items[2], "s/c.js");
  assert_int_equal(o.excludes.len, 2);
  assert_json(o.overrides, "{\"bail\":1}");
  cli_options_free(&o);

  /* Before the config, the next plain argument is the config. */
  PARSE_OK(&o, "--spec", "s/a.js", "conf.js");
  assert_string_equal(o.config_path, "conf.js");
  assert_int_equal(o.specs.len, 1);
  cli_options_free(&o);
  PARSE_OK(&o, "run", "--spec", "s/a.js", "conf.js");
  assert_string_equal(o.config_path, "conf.js");
  assert_int_equal(o.specs.len, 1);
  cli_options_free(&o);
}

static void test_spec_missing_value(void **state) {
  PARSE_ERR("Option \"--spec\" needs a value.", "conf.js", "--spec");
  PARSE_ERR("Option \"--spec\" needs a value.", "conf.js", "--spec", "--bail");
  PARSE_ERR("Option \"--spec\" needs a value.", "conf.js", "--spec=");
  PARSE_ERR("Option \"--spec\" needs a value.", "conf.js", "--spec", ",");
  PARSE_ERR("Option \"--exclude\" needs a value.", "conf.js", "--exclude");
  PARSE_ERR("Option \"--suite\" needs a value.", "conf.js", "--suite");
  PARSE_ERR("Option \"--suite\" needs a value.", "conf.js", "--suite", "--spec", "a.js");
}

/* ---- generic overrides ---------------------------------------------------------------- */

static void test_overrides_values(void **state) {
  OVERRIDES("{\"mochaOpts\":{\"grep\":\"users list\"}}", "conf.js", "--mochaOpts.grep",
            "users list");
  OVERRIDES("{\"baseUrl\":\"http://x\"}", "conf.js", "--baseUrl", "http://x");
  OVERRIDES("{\"baseUrl\":\"http://x:1/?a=b\"}", "conf.js", "--baseUrl=http://x:1/?a=b");
  OVERRIDES("{\"a\":\"x=y\"}", "conf.js", "--a=x=y");
  OVERRIDES("{\"empty\":\"\"}", "conf.js", "--empty=");
  OVERRIDES("{\"stdin\":\"-\"}", "conf.js", "--stdin", "-");
  OVERRIDES("{\"a\":{\"b\":{\"c\":true}}}", "conf.js", "--a.b.c");
}

static void test_overrides_coercion(void **state) {
  OVERRIDES("{\"bail\":true,\"x\":false}", "conf.js", "--bail=true", "--x", "false");
  OVERRIDES("{\"maxInstances\":2}", "conf.js", "--maxInstances", "2");
  OVERRIDES("{\"n\":-1}", "conf.js", "--n", "-1");
  OVERRIDES("{\"f\":1.5}", "conf.js", "--f", "1.5");
  OVERRIDES("{\"neg\":-0.25}", "conf.js", "--neg=-0.25");
  OVERRIDES("{\"e\":1000.0}", "conf.js", "--e", "1e3");
  OVERRIDES("{\"zero\":0}", "conf.js", "--zero", "0");
  /* Not JSON numbers: strings. */
  OVERRIDES("{\"a\":\"010\",\"b\":\"1.\",\"c\":\"0x1\",\"d\":\"+1\",\"e\":\"1e\",\"f\":\".5\"}",
            "conf.js", "--a", "010", "--b", "1.", "--c", "0x1", "--d", "+1", "--e", "1e", "--f",
            ".5");
  OVERRIDES("{\"t\":\"True\"}", "conf.js", "--t", "True");
  /* Too big for int64: a double; too big for a double: kept as text. */
  cli_options_t o;
  PARSE_OK(&o, "conf.js", "--big", "12345678901234567890");
  json_t *big = json_object_get(o.overrides, "big");
  assert_true(json_is_real(big));
  assert_true(json_real_value(big) == 12345678901234567890.0);
  cli_options_free(&o);
  OVERRIDES("{\"huge\":\"1e999\"}", "conf.js", "--huge", "1e999");
  OVERRIDES("{\"max\":9223372036854775807}", "conf.js", "--max", "9223372036854775807");
}

static void test_overrides_booleans(void **state) {
  /* A flag followed by another flag, or by nothing, is true. */
  OVERRIDES("{\"mochaOpts\":{\"invert\":true},\"z\":true}", "conf.js", "--mochaOpts.invert", "--z");
  OVERRIDES("{\"foo\":false}", "conf.js", "--no-foo");
  OVERRIDES("{\"mochaOpts\":{\"bail\":false}}", "conf.js", "--no-mochaOpts.bail");
  /* --no-foo never takes a value: the next word is the config. */
  cli_options_t o;
  PARSE_OK(&o, "--no-color", "conf.js");
  assert_string_equal(o.config_path, "conf.js");
  assert_json(o.overrides, "{\"color\":false}");
  cli_options_free(&o);
  /* With '=' it is an ordinary key. */
  OVERRIDES("{\"no-foo\":\"x\"}", "conf.js", "--no-foo=x");
  /* A negative number is a value; a dash-word is the next flag. */
  OVERRIDES("{\"a\":-5,\"b\":true,\"c\":true}", "conf.js", "--a", "-5", "--b", "--c");
}

static void test_overrides_repeat_and_merge_paths(void **state) {
  OVERRIDES("{\"k\":[1,\"two\",true]}", "conf.js", "--k", "1", "--k", "two", "--k");
  OVERRIDES("{\"m\":{\"a\":1,\"b\":[2,3]}}", "conf.js", "--m.a", "1", "--m.b", "2", "--m.b=3");
  PARSE_ERR("Option \"--a.b\" conflicts with an earlier value for \"a\".", "conf.js", "--a", "1",
            "--a.b", "2");
  PARSE_ERR("Option \"--x.a\" conflicts with earlier \"--x.a.*\" options.", "conf.js", "--x.a.b",
            "1", "--x.a", "2");
}

static void test_overrides_bad_names(void **state) {
  PARSE_ERR("Missing option name in \"--=x\".", "conf.js", "--=x");
  PARSE_ERR("Missing option name in \"--no-\".", "conf.js", "--no-");
  PARSE_ERR("Invalid option name \"--a..b\".", "conf.js", "--a..b", "1");
  PARSE_ERR("Invalid option name \"--.a\".", "conf.js", "--.a");
  PARSE_ERR("Invalid option name \"--a.=1\".", "conf.js", "--a.=1");
  PARSE_ERR("Option name \"--\xff\" is not valid UTF-8.", "conf.js", "--\xff");
  PARSE_ERR("The value of \"--x\" is not valid UTF-8.", "conf.js", "--x", "caf\xe9");
  PARSE_ERR("The value of \"--x\" is not valid UTF-8.", "conf.js", "--x=\xc0\xaf");
  PARSE_ERR("The value of \"--x\" is not valid UTF-8.", "conf.js", "--x", "\xed\xa0\x80");
  /* Valid multi-byte text is kept. */
  OVERRIDES("{\"x\":\"caf\xc3\xa9 \xf0\x9f\x98\x80\"}", "conf.js", "--x",
            "caf\xc3\xa9 \xf0\x9f\x98\x80");
}

static void test_error_reset_and_null_err(void **state) {
  cli_options_t o;
  sbuf_t err = SBUF_INIT;
  sbuf_puts(&err, "stale");
  assert_int_equal(PARSE(&o, &err, "nope"), -1);
  assert_string_equal(sbuf_cstr(&err), "Unknown command \"nope\". Run \"sonde --help\" for usage.");
  assert_int_equal(PARSE(&o, NULL, "nope"), -1);
  /* Freeing after a failed parse, or twice, is harmless. */
  cli_options_free(&o);
  cli_options_free(&o);
  cli_options_free(NULL);
  sbuf_free(&err);
}

/* ---- usage ---------------------------------------------------------------------------- */

static void test_usage(void **state) {
  const char *u = cli_usage();
  assert_non_null(u);
  const char *must[] = {"sonde run <config>",
                        "sonde <config>",
                        "--spec",
                        "--exclude",
                        "--suite",
                        "--mochaOpts.grep",
                        "--mochaOpts.invert",
                        "--maxInstances",
                        "--baseUrl",
                        "--logLevel",
                        "--help",
                        "--version",
                        "Any other --key value (or --a.b value) overrides the config."};
  for (size_t i = 0; i < sizeof(must) / sizeof(must[0]); i++)
    if (!strstr(u, must[i])) fail_msg("usage lacks %s", must[i]);
  /* Concise: fits a terminal. */
  size_t lines = 0;
  for (const char *s = u; *s; s++) {
    const char *nl = strchr(s, '\n');
    assert_non_null(nl);
    assert_true(nl - s <= 90);
    lines++;
    s = nl;
  }
  assert_true(lines <= 24);
}

/* ---- deep merge ----------------------------------------------------------------------- */

static json_t *load(const char *text) {
  json_error_t e;
  json_t *v = json_loads(text, JSON_DECODE_ANY, &e);
  if (!v) fail_msg("bad JSON in test: %s", e.text);
  return v;
}

static void test_deep_merge(void **state) {
  json_t *cfg = load(
      "{\"baseUrl\":\"http://a\",\"specs\":[\"a\",\"b\"],"
      "\"mochaOpts\":{\"timeout\":5000,\"ui\":\"bdd\",\"deep\":{\"x\":1}},"
      "\"keep\":1,\"obj\":{\"o\":1}}");
  json_t *over = load(
      "{\"baseUrl\":\"http://b\",\"specs\":[\"c\"],"
      "\"mochaOpts\":{\"grep\":\"users\",\"deep\":{\"y\":2},\"timeout\":1},"
      "\"fresh\":{\"n\":{\"m\":true}},\"obj\":null}");
  cli_json_deep_merge(cfg, over);
  assert_json(cfg,
              "{\"baseUrl\":\"http://b\",\"fresh\":{\"n\":{\"m\":true}},\"keep\":1,"
              "\"mochaOpts\":{\"deep\":{\"x\":1,\"y\":2},\"grep\":\"users\","
              "\"timeout\":1,\"ui\":\"bdd\"},\"obj\":null,\"specs\":[\"c\"]}");

  /* dst holds copies: changing it later leaves src alone. */
  json_t *fresh_n = json_object_get(json_object_get(cfg, "fresh"), "n");
  assert_int_equal(json_object_set_new(fresh_n, "added", json_true()), 0);
  assert_int_equal(json_array_append_new(json_object_get(cfg, "specs"), json_string("d")), 0);
  assert_json(over,
              "{\"baseUrl\":\"http://b\",\"fresh\":{\"n\":{\"m\":true}},"
              "\"mochaOpts\":{\"deep\":{\"y\":2},\"grep\":\"users\",\"timeout\":1},"
              "\"obj\":null,\"specs\":[\"c\"]}");

  /* A scalar replaced by an object and back. */
  json_t *a = load("{\"v\":1}"), *b = load("{\"v\":{\"w\":2}}"), *c = load("{\"v\":3}");
  cli_json_deep_merge(a, b);
  assert_json(a, "{\"v\":{\"w\":2}}");
  cli_json_deep_merge(a, c);
  assert_json(a, "{\"v\":3}");

  /* Non-objects: nothing happens. */
  json_t *arr = load("[1]");
  cli_json_deep_merge(arr, b);
  cli_json_deep_merge(a, arr);
  cli_json_deep_merge(NULL, b);
  cli_json_deep_merge(a, NULL);
  assert_json(arr, "[1]");
  assert_json(a, "{\"v\":3}");

  json_decref(arr);
  json_decref(a);
  json_decref(b);
  json_decref(c);
  json_decref(cfg);
  json_decref(over);
}

static void test_parse_then_merge(void **state) {
  cli_options_t o;
  PARSE_OK(&o, "conf.js", "--mochaOpts.grep", "users list", "--maxInstances", "2");
  json_t *cfg = load("{\"maxInstances\":10,\"mochaOpts\":{\"timeout\":60000}}");
  cli_json_deep_merge(cfg, o.overrides);
  assert_json(cfg,
              "{\"maxInstances\":2,\"mochaOpts\":{\"grep\":\"users list\","
              "\"timeout\":60000}}");
  json_decref(cfg);
  cli_options_free(&o);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_no_args_is_help),
      cmocka_unit_test(test_run_forms),
      cmocka_unit_test(test_existing_file_is_config),
      cmocka_unit_test(test_worker_help_version),
      cmocka_unit_test(test_unknown_command_and_positionals),
      cmocka_unit_test(test_double_dash),
      cmocka_unit_test(test_spec_exclude_suite),
      cmocka_unit_test(test_spec_takes_shell_expanded_list),
      cmocka_unit_test(test_spec_missing_value),
      cmocka_unit_test(test_overrides_values),
      cmocka_unit_test(test_overrides_coercion),
      cmocka_unit_test(test_overrides_booleans),
      cmocka_unit_test(test_overrides_repeat_and_merge_paths),
      cmocka_unit_test(test_overrides_bad_names),
      cmocka_unit_test(test_error_reset_and_null_err),
      cmocka_unit_test(test_usage),
      cmocka_unit_test(test_default_config),
      cmocka_unit_test(test_deep_merge),
      cmocka_unit_test(test_parse_then_merge),
  };
  return cmocka_run_group_tests_name("cli", tests, NULL, NULL);
}
