/* node_os: the `os` module from libuv and the C library — tmpdir, EOL, platform, type,
 * release, version, arch, machine, cpus, hostname, homedir, userInfo, uptime, loadavg,
 * totalmem, freemem, networkInterfaces, endianness, availableParallelism, devNull and
 * constants.signals. libuv's results are freed before returning. */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <uv.h>

#include "common/sbuf.h"
#include "js/jsclass.h"
#include "js/jsutil.h"
#include "js/node.h"

#define OS_FN(name)                                                                      \
  static JSValueRef name(JSContextRef ctx, JSObjectRef f, JSObjectRef self, size_t argc, \
                         const JSValueRef argv[], JSValueRef *exc)

static JSValueRef str(JSContextRef ctx, const char *s) { return js_make_string(ctx, s); }

OS_FN(os_tmpdir) {
  const char *vars[] = {"TMPDIR", "TMP", "TEMP"};
  const char *dir = NULL;
  for (size_t i = 0; i < 3 && !dir; i++) {
    const char *v = getenv(vars[i]);
    if (v && *v) dir = v;
  }
  char *d = xstrdup(dir ? dir : "/tmp");
  size_t n = strlen(d);
  if (n > 1 && d[n - 1] == '/') d[n - 1] = '\0';
  JSValueRef r = str(ctx, d);
  free(d);
  return r;
}

OS_FN(os_platform) { return str(ctx, "linux"); }
OS_FN(os_type) { return str(ctx, "Linux"); }
OS_FN(os_endianness) { return str(ctx, "LE"); }

static JSValueRef uname_field(JSContextRef ctx, int which) {
  struct utsname u;
  if (uname(&u) != 0) return str(ctx, "");
  const char *v = which == 0   ? u.release
                  : which == 1 ? u.version
                  : which == 2 ? u.machine
                               : u.nodename;
  return str(ctx, v);
}

OS_FN(os_release) { return uname_field(ctx, 0); }
OS_FN(os_version) { return uname_field(ctx, 1); }
OS_FN(os_machine) { return uname_field(ctx, 2); }

OS_FN(os_hostname) {
  char buf[256];
  size_t n = sizeof(buf);
  if (uv_os_gethostname(buf, &n) != 0) return uname_field(ctx, 3);
  return str(ctx, buf);
}

OS_FN(os_arch) {
  JSValueRef process = js_get(ctx, JSContextGetGlobalObject(ctx), "process");
  return js_get(ctx, process, "arch");
}

OS_FN(os_homedir) {
  char buf[4096];
  size_t n = sizeof(buf);
  if (uv_os_homedir(buf, &n) != 0) return str(ctx, "/");
  return str(ctx, buf);
}

OS_FN(os_user_info) {
  uv_passwd_t pw;
  int r = uv_os_get_passwd(&pw);
  if (r != 0)
    return js_throw_code(ctx, exc, "Error", "ERR_SYSTEM_ERROR", "uv_os_get_passwd returned %s",
                         uv_err_name(r));
  JSObjectRef o = JSObjectMake(ctx, NULL, NULL);
  JSObjectSetPrototype(ctx, o, JSValueMakeNull(ctx));
  js_set(ctx, o, "uid", JSValueMakeNumber(ctx, (double)pw.uid));
  js_set(ctx, o, "gid", JSValueMakeNumber(ctx, (double)pw.gid));
  js_set(ctx, o, "username", str(ctx, pw.username));
  js_set(ctx, o, "homedir", str(ctx, pw.homedir));
  js_set(ctx, o, "shell", pw.shell ? str(ctx, pw.shell) : JSValueMakeNull(ctx));
  uv_os_free_passwd(&pw);
  return o;
}

OS_FN(os_uptime) {
  double up = 0;
  uv_uptime(&up);
  return JSValueMakeNumber(ctx, up);
}

OS_FN(os_loadavg) {
  double avg[3];
  uv_loadavg(avg);
  JSValueRef v[3] = {JSValueMakeNumber(ctx, avg[0]), JSValueMakeNumber(ctx, avg[1]),
                     JSValueMakeNumber(ctx, avg[2])};
  return js_make_array(ctx, 3, v);
}

OS_FN(os_totalmem) { return JSValueMakeNumber(ctx, (double)uv_get_total_memory()); }
OS_FN(os_freemem) { return JSValueMakeNumber(ctx, (double)uv_get_free_memory()); }
OS_FN(os_parallelism) { return JSValueMakeNumber(ctx, uv_available_parallelism()); }

OS_FN(os_cpus) {
  uv_cpu_info_t *info = NULL;
  int n = 0;
  if (uv_cpu_info(&info, &n) != 0) return js_make_array(ctx, 0, NULL);
  JSObjectRef arr = js_make_array(ctx, 0, NULL);
  for (int i = 0; i < n; i++) {
    JSObjectRef c = JSObjectMake(ctx, NULL, NULL);
    js_set(ctx, c, "model", str(ctx, info[i].model ? info[i].model : ""));
    js_set(ctx, c, "speed", JSValueMakeNumber(ctx, info[i].speed));
    JSObjectRef t = JSObjectMake(ctx, NULL, NULL);
    js_set(ctx, t, "user", JSValueMakeNumber(ctx, (double)info[i].cpu_times.user));
    js_set(ctx, t, "nice", JSValueMakeNumber(ctx, (double)info[i].cpu_times.nice));
    js_set(ctx, t, "sys", JSValueMakeNumber(ctx, (double)info[i].cpu_times.sys));
    js_set(ctx, t, "idle", JSValueMakeNumber(ctx, (double)info[i].cpu_times.idle));
    js_set(ctx, t, "irq", JSValueMakeNumber(ctx, (double)info[i].cpu_times.irq));
    js_set(ctx, c, "times", t);
    JSObjectSetPropertyAtIndex(ctx, arr, (unsigned)i, c, NULL);
  }
  uv_free_cpu_info(info, n);
  return arr;
}

static int prefix_len(const unsigned char *mask, size_t n) {
  int bits = 0;
  for (size_t i = 0; i < n; i++)
    for (int b = 7; b >= 0; b--) bits += (mask[i] >> b) & 1;
  return bits;
}

OS_FN(os_network_interfaces) {
  uv_interface_address_t *addrs = NULL;
  int n = 0;
  JSObjectRef result = JSObjectMake(ctx, NULL, NULL);
  if (uv_interface_addresses(&addrs, &n) != 0) return result;
  for (int i = 0; i < n; i++) {
    char ip[64] = "", mask[64] = "";
    bool v6 = addrs[i].address.address4.sin_family == AF_INET6;
    int bits;
    if (v6) {
      uv_ip6_name(&addrs[i].address.address6, ip, sizeof(ip));
      uv_ip6_name(&addrs[i].netmask.netmask6, mask, sizeof(mask));
      bits = prefix_len(addrs[i].netmask.netmask6.sin6_addr.s6_addr, 16);
    } else {
      uv_ip4_name(&addrs[i].address.address4, ip, sizeof(ip));
      uv_ip4_name(&addrs[i].netmask.netmask4, mask, sizeof(mask));
      bits = prefix_len((const unsigned char *)&addrs[i].netmask.netmask4.sin_addr, 4);
    }
    const unsigned char *m = (const unsigned char *)addrs[i].phys_addr;
    char mac[32];
    snprintf(mac, sizeof(mac), "%02x:%02x:%02x:%02x:%02x:%02x", m[0], m[1], m[2], m[3], m[4], m[5]);
    char *cidr = xasprintf("%s/%d", ip, bits);
    JSObjectRef e = JSObjectMake(ctx, NULL, NULL);
    js_set(ctx, e, "address", str(ctx, ip));
    js_set(ctx, e, "netmask", str(ctx, mask));
    js_set(ctx, e, "family", str(ctx, v6 ? "IPv6" : "IPv4"));
    js_set(ctx, e, "mac", str(ctx, mac));
    js_set(ctx, e, "internal", JSValueMakeBoolean(ctx, addrs[i].is_internal));
    js_set(ctx, e, "cidr", str(ctx, cidr));
    if (v6)
      js_set(ctx, e, "scopeid", JSValueMakeNumber(ctx, addrs[i].address.address6.sin6_scope_id));
    free(cidr);
    JSValueRef list = js_get(ctx, result, addrs[i].name);
    if (!JSValueIsObject(ctx, list)) {
      list = js_make_array(ctx, 0, NULL);
      js_set(ctx, result, addrs[i].name, list);
    }
    JSObjectSetPropertyAtIndex(ctx, (JSObjectRef)list, (unsigned)js_array_length(ctx, list), e,
                               NULL);
  }
  uv_free_interface_addresses(addrs, n);
  return result;
}

static void os_init(js_realm_t *realm, JSObjectRef exports, void *ud) {
  JSContextRef ctx = js_realm_context(realm);
  static const js_fn_t fns[] = {
      {"tmpdir", os_tmpdir, 0},
      {"platform", os_platform, 0},
      {"type", os_type, 0},
      {"release", os_release, 0},
      {"version", os_version, 0},
      {"machine", os_machine, 0},
      {"arch", os_arch, 0},
      {"hostname", os_hostname, 0},
      {"homedir", os_homedir, 0},
      {"userInfo", os_user_info, 0},
      {"uptime", os_uptime, 0},
      {"loadavg", os_loadavg, 0},
      {"totalmem", os_totalmem, 0},
      {"freemem", os_freemem, 0},
      {"cpus", os_cpus, 0},
      {"networkInterfaces", os_network_interfaces, 0},
      {"endianness", os_endianness, 0},
      {"availableParallelism", os_parallelism, 0},
      {NULL, NULL, 0},
  };
  for (const js_fn_t *fn = fns; fn->name; fn++)
    js_set(ctx, exports, fn->name, js_make_function(ctx, fn->name, fn->fn, fn->length));
  js_set(ctx, exports, "EOL", str(ctx, "\n"));
  js_set(ctx, exports, "devNull", str(ctx, "/dev/null"));
  JSObjectRef constants = JSObjectMake(ctx, NULL, NULL);
  JSObjectRef signals = JSObjectMake(ctx, NULL, NULL);
  static const struct {
    const char *name;
    int sig;
  } sigs[] = {{"SIGHUP", SIGHUP},   {"SIGINT", SIGINT},   {"SIGQUIT", SIGQUIT},
              {"SIGABRT", SIGABRT}, {"SIGKILL", SIGKILL}, {"SIGUSR1", SIGUSR1},
              {"SIGSEGV", SIGSEGV}, {"SIGUSR2", SIGUSR2}, {"SIGPIPE", SIGPIPE},
              {"SIGALRM", SIGALRM}, {"SIGTERM", SIGTERM}, {"SIGCHLD", SIGCHLD},
              {"SIGCONT", SIGCONT}, {"SIGSTOP", SIGSTOP}, {"SIGTSTP", SIGTSTP}};
  for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
    js_set(ctx, signals, sigs[i].name, JSValueMakeNumber(ctx, sigs[i].sig));
  js_set(ctx, constants, "signals", signals);
  JSObjectRef errnos = JSObjectMake(ctx, NULL, NULL);
  static const struct {
    const char *name;
    int e;
  } errs[] = {{"ENOENT", ENOENT},         {"EEXIST", EEXIST},
              {"EACCES", EACCES},         {"EPERM", EPERM},
              {"ENOTDIR", ENOTDIR},       {"EISDIR", EISDIR},
              {"ENOTEMPTY", ENOTEMPTY},   {"ECONNREFUSED", ECONNREFUSED},
              {"ECONNRESET", ECONNRESET}, {"ETIMEDOUT", ETIMEDOUT}};
  for (size_t i = 0; i < sizeof(errs) / sizeof(errs[0]); i++)
    js_set(ctx, errnos, errs[i].name, JSValueMakeNumber(ctx, errs[i].e));
  js_set(ctx, constants, "errno", errnos);
  js_set(ctx, exports, "constants", constants);
}

void js_node_os_register(js_runtime_t *rt) { js_runtime_add_builtin(rt, "os", os_init, NULL); }
