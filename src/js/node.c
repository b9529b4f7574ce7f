/* node: registers Node's core modules on a runtime (one family per node_*.c file) and
 * knows the names of the core modules sonde does not provide, so that requiring one fails
 * with an error that names the missing API instead of "Cannot find module". No state. */
#include <string.h>

#include "js/jsutil.h"
#include "js/node.h"

/* Node 20's core modules that have no sonde implementation. */
static const char *const missing[] = {
    "_http_agent",
    "_http_client",
    "_http_common",
    "_http_incoming",
    "_http_outgoing",
    "_http_server",
    "_stream_duplex",
    "_stream_passthrough",
    "_stream_readable",
    "_stream_transform",
    "_stream_writable",
    "_tls_common",
    "_tls_wrap",
    "async_hooks",
    "cluster",
    "dgram",
    "diagnostics_channel",
    "dns",
    "dns/promises",
    "domain",
    "http",
    "http2",
    "https",
    "inspector",
    "net",
    "punycode",
    "readline",
    "readline/promises",
    "repl",
    "stream",
    "stream/consumers",
    "stream/promises",
    "stream/web",
    "sys",
    "test",
    "tls",
    "trace_events",
    "tty",
    "v8",
    "vm",
    "wasi",
    "worker_threads",
    "zlib",
};

bool js_node_missing_module(const char *name) {
  if (strncmp(name, "node:", 5) == 0) name += 5;
  for (size_t i = 0; i < sizeof(missing) / sizeof(missing[0]); i++)
    if (strcmp(name, missing[i]) == 0) return true;
  return false;
}

/* perf_hooks: the global performance (PerformanceObserver and histograms are not provided). */
static void perf_hooks_init(js_realm_t *realm, JSObjectRef exports, void *ud) {
  JSContextRef ctx = js_realm_context(realm);
  js_set(ctx, exports, "performance", js_get(ctx, JSContextGetGlobalObject(ctx), "performance"));
}

void js_node_register(js_runtime_t *rt) {
  js_runtime_add_builtin(rt, "perf_hooks", perf_hooks_init, NULL);
  js_node_events_register(rt);
  js_node_process_register(rt);
  js_node_buffer_register(rt);
  js_node_fs_register(rt);
  js_node_path_register(rt);
  js_node_os_register(rt);
  js_node_util_register(rt);
  js_node_timers_register(rt);
  js_node_crypto_register(rt);
  js_node_child_process_register(rt);
  js_node_url_register(rt);
  js_node_module_register(rt);
}
