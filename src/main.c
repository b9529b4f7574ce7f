/* sonde: entry point. `sonde run <config>` (or `sonde <config>`) starts the launcher;
 * `sonde worker` is the internal worker mode the launcher spawns. */
#include <dlfcn.h>
#include <jsc/jsc.h>
#include <stdio.h>
#include <unistd.h>
#include <uv.h>

#include "cli/cli.h"
#include "cli/init.h"
#include "http/client.h"
#include "launcher/launcher.h"
#include "launcher/zygote.h"
#include "worker/worker.h"

/* `sonde --version`: its own version (CMake's project version, one place) and those of the
 * engine and libraries it runs on, read from them at run time. libcurl is opened here only
 * for its version: the launcher loads it lazily otherwise (src/http/curl_dl.h). */
static void print_version(void) {
  const char *curl = "not found";
  void *lib = dlopen("libcurl.so.4", RTLD_LAZY | RTLD_LOCAL);
  const char *(*curl_version)(void) =
      lib ? (const char *(*)(void))dlsym(lib, "curl_version") : NULL;
  if (curl_version) curl = curl_version();
  printf("sonde %s\nJavaScriptCore %u.%u.%u, libuv %s, %s\n", SONDE_VERSION,
         jsc_get_major_version(), jsc_get_minor_version(), jsc_get_micro_version(),
         uv_version_string(), curl);
}

int main(int argc, char **argv) {
  cli_options_t opts;
  sbuf_t err = SBUF_INIT;
  if (cli_parse(argc, argv, &opts, &err) != 0) {
    fprintf(stderr, "sonde: %s\n", sbuf_cstr(&err));
    sbuf_free(&err);
    return 1;
  }
  sbuf_free(&err);
  int code = 0;
  switch (opts.command) {
  case CLI_HELP:
    fputs(cli_usage(), opts.no_config ? stderr : stdout);
    if (opts.no_config) code = 2;
    break;
  case CLI_VERSION: print_version(); break;
  case CLI_INIT: code = init_main(opts.overrides); break;
  case CLI_MERGE_REPORTS: code = launcher_merge_reports(&opts, argc, argv); break;
  case CLI_WORKER: code = worker_main(argc, argv); break;
  case CLI_RUN: {
    if (json_is_true(json_object_get(opts.overrides, "watch"))) {
      code = launcher_watch(&opts, argc, argv); /* its runs are `sonde run` children */
      break;
    }
    /* Before anything starts threads or loads the engine: workers are forks of this. */
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
    if (n > 0) {
      exe[n] = '\0';
      zygote_start(exe, http_preload, worker_main);
    }
    code = launcher_run(&opts, argc, argv);
    zygote_stop();
    break;
  }
  }
  cli_options_free(&opts);
  return code;
}
