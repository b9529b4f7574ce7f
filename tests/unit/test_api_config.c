/* test_api_config: the apiRunner section as api_config_parse reads it from a real config
 * file (evaluated by config_load, so functions such as apiRunner.client exist), with
 * RUNNER_API_OPTIONS / WDIO_API_OPTIONS merged over it and the environment variables the
 * client honours. Each test writes its config into a fresh temp folder; the variables it
 * sets are cleared by the teardown. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api/api.h"
#include "common/sbuf.h"

static const char *const env_names[] = {"RUNNER_API_OPTIONS",
                                        "WDIO_API_OPTIONS",
                                        "NODE_TLS_REJECT_UNAUTHORIZED",
                                        "HTTP_PROXY",
                                        "http_proxy",
                                        "HTTPS_PROXY",
                                        "https_proxy",
                                        "NO_PROXY",
                                        "no_proxy",
                                        "DEBUG"};

typedef struct {
  uv_loop_t loop;
  js_runtime_t *rt;
  char dir[64];
  char path[96];
  sonde_config_t cfg;
  bool loaded;
  api_config_t api;
  sbuf_t err;
} state_t;

static void clear_env(void) {
  for (size_t i = 0; i < sizeof(env_names) / sizeof(env_names[0]); i++) unsetenv(env_names[i]);
}

static int setup(void **state) {
  clear_env();
  state_t *st = xcalloc(1, sizeof(*st));
  assert_int_equal(uv_loop_init(&st->loop), 0);
  char *argv[] = {"test", NULL};
  st->rt = js_runtime_new(&st->loop, 1, argv);
  snprintf(st->dir, sizeof(st->dir), "/tmp/test_api_config.XXXXXX");
  assert_non_null(mkdtemp(st->dir));
  snprintf(st->path, sizeof(st->path), "%s/sonde.conf.js", st->dir);
  *state = st;
  return 0;
}

static int teardown(void **state) {
  state_t *st = *state;
  api_config_free(&st->api);
  if (st->loaded) config_free(&st->cfg);
  sbuf_free(&st->err);
  js_runtime_free(st->rt);
  uv_run(&st->loop, UV_RUN_DEFAULT);
  assert_int_equal(uv_loop_close(&st->loop), 0);
  unlink(st->path);
  rmdir(st->dir);
  free(st);
  clear_env();
  return 0;
}

/* Writes a config whose apiRunner section is `section` (JS source) and parses it. */
static int parse(state_t *st, const char *section) {
  FILE *f = fopen(st->path, "w");
  assert_non_null(f);
  fprintf(f,
          "exports.config = {\n"
          "  runner: 'api',\n"
          "  specs: ['./*.spec.js'],\n"
          "  baseUrl: 'http://127.0.0.1:1/base',\n"
          "  apiRunner: %s,\n"
          "};\n",
          section);
  fclose(f);
  sbuf_reset(&st->err);
  if (st->loaded) config_free(&st->cfg);
  st->loaded = config_load(st->rt, st->path, NULL, &st->cfg, &st->err) == 0;
  assert_true(st->loaded);
  api_config_free(&st->api);
  return api_config_parse(&st->cfg, &st->api, &st->err);
}

static void assert_err(state_t *st, const char *want) {
  if (!strstr(sbuf_cstr(&st->err), want))
    fail_msg("error \"%s\" does not contain \"%s\"", sbuf_cstr(&st->err), want);
}

/* ---- options -------------------------------------------------------------------------- */

static void test_defaults(void **state) {
  state_t *st = *state;
  assert_int_equal(parse(st, "{}"), 0);
  api_config_t *a = &st->api;
  assert_string_equal(a->base_url, "http://127.0.0.1:1/base");
  assert_true(a->timeout_ms == 30000);
  assert_int_equal(a->retries, 0);
  assert_true(a->retry_delay_ms == 1000);
  assert_false(a->retry_exponential);
  assert_int_equal(a->max_redirects, 5);
  assert_false(a->verbose);
  assert_false(a->cookies);
  assert_true(a->http2);
  assert_false(a->custom_client);
  assert_false(a->insecure);
  assert_false(a->debug);
  assert_null(a->http_proxy);
  assert_string_equal(a->global_name, "api");
  assert_int_equal(json_object_size(a->headers), 0);
}

static void test_all_options(void **state) {
  state_t *st = *state;
  assert_int_equal(parse(st,
                         "{ timeout: 1500, retries: 3, retryDelay: 250, "
                         "retryBackoff: 'exponential', maxRedirects: 0, verbose: true, "
                         "maskHeaders: ['X-Internal'], cookies: true, http2: false, "
                         "globalName: 'http', headers: { 'X-A': 'a', 'X-N': 7 } }"),
                   0);
  api_config_t *a = &st->api;
  assert_true(a->timeout_ms == 1500);
  assert_int_equal(a->retries, 3);
  assert_true(a->retry_delay_ms == 250);
  assert_true(a->retry_exponential);
  assert_int_equal(a->max_redirects, 0);
  assert_true(a->verbose && a->cookies && !a->http2);
  assert_int_equal(a->mask_headers.len, 1);
  assert_string_equal(a->mask_headers.items[0], "X-Internal");
  assert_string_equal(a->global_name, "http");
  assert_string_equal(json_string_value(json_object_get(a->headers, "X-N")), "7");

  api_config_t copy;
  api_config_copy(&copy, a);
  assert_ptr_not_equal(copy.headers, a->headers);
  assert_ptr_not_equal(copy.mask_headers.items[0], a->mask_headers.items[0]);
  assert_string_equal(copy.mask_headers.items[0], "X-Internal");
  api_config_free(&copy);
}

static void test_bad_values_name_the_line(void **state) {
  state_t *st = *state;
  assert_int_equal(parse(st, "{ retries: -1 }"), -1);
  assert_err(st,
             "sonde.conf.js:5: \"apiRunner.retries\" must be a whole number, 0 or more (got -1)");
  assert_int_equal(parse(st, "{ retries: 1.5 }"), -1);
  assert_err(st, "(got 1.5)");
  assert_int_equal(parse(st, "{ retryDelay: 'soon' }"), -1);
  assert_err(st, "\"apiRunner.retryDelay\" must be a number (got string)");
  assert_int_equal(parse(st, "{ retryBackoff: 'linear' }"), -1);
  assert_err(st, "\"apiRunner.retryBackoff\" must be 'fixed' or 'exponential' (got string)");
  assert_int_equal(parse(st, "{ verbose: 'yes' }"), -1);
  assert_err(st, "\"apiRunner.verbose\" must be true or false (got string)");
  assert_int_equal(parse(st, "{ maskHeaders: 'X-A' }"), -1);
  assert_err(st, "\"apiRunner.maskHeaders\" must be an array of header names");
  assert_int_equal(parse(st, "{ headers: { 'X-A': {} } }"), -1);
  assert_err(st, "\"apiRunner.headers.X-A\" must be a string (got object)");
}

static void test_custom_client_options(void **state) {
  state_t *st = *state;
  assert_int_equal(parse(st,
                         "{ client: class { get() {} post() {} put() {} patch() {} "
                         "delete() {} head() {} options() {} } }"),
                   0);
  assert_true(st->api.custom_client);
  assert_int_equal(parse(st, "{ clientFactory: async (config) => ({}) }"), 0);
  assert_true(st->api.custom_client);
  assert_int_equal(parse(st, "{ client: 42 }"), -1);
  assert_err(st, "\"apiRunner.client\" must be a class (a constructor)");
  assert_int_equal(parse(st, "{ client: class {}, clientFactory: () => ({}) }"), -1);
  assert_err(st, "are both set; use one");
  /* Methods are looked up on the prototype chain, inherited ones included. */
  assert_int_equal(parse(st,
                         "{ client: class Api extends (class { get() {} post() {} put() {} "
                         "delete() {} head() {} options() {} }) { } }"),
                   -1);
  assert_err(st, "\"apiRunner.client\": class Api has no patch() method");
}

/* ---- environment ---------------------------------------------------------------------- */

static void test_runner_api_options(void **state) {
  state_t *st = *state;
  setenv("RUNNER_API_OPTIONS",
         "{\"baseUrl\":\"http://127.0.0.1:2\",\"timeout\":900,\"retries\":2,"
         "\"headers\":{\"X-Env\":\"e\",\"X-Both\":\"env\"}}",
         1);
  assert_int_equal(
      parse(st, "{ timeout: 100, retries: 5, headers: { 'X-Cfg': 'c', 'X-Both': 'cfg' } }"), 0);
  api_config_t *a = &st->api;
  assert_string_equal(a->base_url, "http://127.0.0.1:2");
  assert_true(a->timeout_ms == 900);
  assert_int_equal(a->retries, 2);
  assert_string_equal(json_string_value(json_object_get(a->headers, "X-Cfg")), "c");
  assert_string_equal(json_string_value(json_object_get(a->headers, "X-Env")), "e");
  assert_string_equal(json_string_value(json_object_get(a->headers, "X-Both")), "env");
}

static void test_wdio_api_options(void **state) {
  state_t *st = *state;
  setenv("WDIO_API_OPTIONS", "{\"timeout\":700}", 1);
  assert_int_equal(parse(st, "{}"), 0);
  assert_true(st->api.timeout_ms == 700);
  /* RUNNER_API_OPTIONS wins when both are set. */
  setenv("RUNNER_API_OPTIONS", "{\"timeout\":800}", 1);
  assert_int_equal(parse(st, "{}"), 0);
  assert_true(st->api.timeout_ms == 800);
}

static void test_env_options_errors(void **state) {
  state_t *st = *state;
  setenv("RUNNER_API_OPTIONS", "{\"timeout\": }", 1);
  assert_int_equal(parse(st, "{}"), -1);
  assert_err(st, "RUNNER_API_OPTIONS is not valid JSON: ");
  assert_err(st, "(line 1, column ");
  setenv("RUNNER_API_OPTIONS", "\"text\"", 1);
  assert_int_equal(parse(st, "{}"), -1);
  assert_err(st, "RUNNER_API_OPTIONS must be a JSON object of apiRunner options (got string)");
  setenv("RUNNER_API_OPTIONS", "{\"retries\":\"many\"}", 1);
  assert_int_equal(parse(st, "{ retries: 1 }"), -1);
  assert_err(st, "RUNNER_API_OPTIONS: \"retries\" must be a number (got string)");
  setenv("RUNNER_API_OPTIONS", "{\"baseUrl\":5}", 1);
  assert_int_equal(parse(st, "{}"), -1);
  assert_err(st, "RUNNER_API_OPTIONS: \"baseUrl\" must be a URL string (got number)");
}

static void test_tls_and_proxies(void **state) {
  state_t *st = *state;
  setenv("NODE_TLS_REJECT_UNAUTHORIZED", "0", 1);
  setenv("http_proxy", "http://lower:1", 1);
  setenv("HTTPS_PROXY", "http://upper:2", 1);
  setenv("https_proxy", "http://lower:2", 1);
  setenv("no_proxy", "localhost,127.0.0.1", 1);
  assert_int_equal(parse(st, "{}"), 0);
  assert_true(st->api.insecure);
  assert_string_equal(st->api.http_proxy, "http://lower:1");
  assert_string_equal(st->api.https_proxy, "http://upper:2"); /* upper case first */
  assert_string_equal(st->api.no_proxy, "localhost,127.0.0.1");
  setenv("NODE_TLS_REJECT_UNAUTHORIZED", "1", 1);
  assert_int_equal(parse(st, "{}"), 0);
  assert_false(st->api.insecure);
}

static bool debug_with(state_t *st, const char *value) {
  setenv("DEBUG", value, 1);
  assert_int_equal(parse(st, "{}"), 0);
  return st->api.debug;
}

static void test_debug_namespaces(void **state) {
  state_t *st = *state;
  assert_true(debug_with(st, "sonde:http"));
  assert_true(debug_with(st, "sonde:*"));
  assert_true(debug_with(st, "*"));
  assert_true(debug_with(st, "express:*, sonde:http"));
  assert_true(debug_with(st, "other sonde:*"));
  assert_false(debug_with(st, "sonde:worker"));
  assert_false(debug_with(st, "sonde:*,-sonde:http"));
  assert_false(debug_with(st, "-sonde:http,sonde:*"));
  assert_false(debug_with(st, "sonde"));
  assert_false(debug_with(st, ""));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_defaults, setup, teardown),
      cmocka_unit_test_setup_teardown(test_all_options, setup, teardown),
      cmocka_unit_test_setup_teardown(test_bad_values_name_the_line, setup, teardown),
      cmocka_unit_test_setup_teardown(test_custom_client_options, setup, teardown),
      cmocka_unit_test_setup_teardown(test_runner_api_options, setup, teardown),
      cmocka_unit_test_setup_teardown(test_wdio_api_options, setup, teardown),
      cmocka_unit_test_setup_teardown(test_env_options_errors, setup, teardown),
      cmocka_unit_test_setup_teardown(test_tls_and_proxies, setup, teardown),
      cmocka_unit_test_setup_teardown(test_debug_namespaces, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
