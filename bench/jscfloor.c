/* jscfloor: the JavaScriptCore floor for bench/run.sh — what running the workload's test
 * functions costs the engine itself, without HTTP and without a runner around it.
 *
 *   jscfloor DOC.json SPEC.js...
 *
 * Every spec file gets a fresh global context in one context group (sonde makes a realm
 * per spec file the same way) holding only `describe`, `it` and an `api.get` that returns
 * a pending promise. The file is evaluated, then its tests are called one by one from C;
 * after each call returns, the promise is resolved (as a response arriving later would
 * be) with { status, headers (a Map), data (JSON.parse of DOC.json) }, and the test's own
 * promise must then have fulfilled. Prints
 *
 *   jsc_ms <milliseconds for all files>  (engine start and reading the files excluded)
 *   per_test_us <jsc_ms * 1000 / tests>
 *   tests <tests run>
 *
 * and exits 1 if a test failed or a file did not evaluate. Built by bench/run.sh with cc
 * against pkg-config's javascriptcoregtk-4.1, not part of the CMake build. */
#include <JavaScriptCore/JavaScript.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static const char prelude[] =
    "var __tests = [], __resolve = null, __settled = 0, __failed = 0;\n"
    "function describe(title, body) { body(); }\n"
    "function it(title, fn) { __tests.push(fn); }\n"
    "var api = { get(path) { return new Promise(function (r) { __resolve = r; }); } };\n"
    "function __call(i) {\n"
    "  var p = __tests[i]();\n"
    "  Promise.resolve(p).then(function () { __settled++; },\n"
    "                          function (e) { __settled++; if (!__failed++) print(String(e)); });\n"
    "}\n"
    "function __respond(doc) {\n"
    "  var r = __resolve; __resolve = null;\n"
    "  if (r) r({ status: 200, headers: new Map([['content-type', 'application/json']]),\n"
    "             data: JSON.parse(doc) });\n"
    "}\n";

static char *read_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 1 << 16, len = 0;
  char *data = malloc(cap);
  size_t n;
  while (data && (n = fread(data + len, 1, cap - len - 1, f)) > 0) {
    len += n;
    if (cap - len < 2) data = realloc(data, cap *= 2);
  }
  fclose(f);
  if (data) data[len] = '\0';
  return data;
}

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* This process's CPU time (user + system): what the CPU budget compares sonde's CPU time
 * with. Wall time would count the server's answer and, on a busy machine, the wait for a
 * CPU. */
static double cpu_ms(void) {
  struct rusage ru;
  if (getrusage(RUSAGE_SELF, &ru) != 0) return 0;
  return (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
         (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
}

static JSValueRef global(JSContextRef ctx, const char *name) {
  JSStringRef s = JSStringCreateWithUTF8CString(name);
  JSValueRef v = JSObjectGetProperty(ctx, JSContextGetGlobalObject(ctx), s, NULL);
  JSStringRelease(s);
  return v;
}

static JSValueRef js_print(JSContextRef ctx, JSObjectRef fn, JSObjectRef self, size_t argc,
                           const JSValueRef argv[], JSValueRef *exc) {
  JSStringRef s = argc ? JSValueToStringCopy(ctx, argv[0], NULL) : NULL;
  if (s) {
    char buf[512];
    JSStringGetUTF8CString(s, buf, sizeof(buf));
    fprintf(stderr, "jscfloor: %s\n", buf);
    JSStringRelease(s);
  }
  return JSValueMakeUndefined(ctx);
}

static int eval(JSContextRef ctx, const char *source, const char *url) {
  JSStringRef src = JSStringCreateWithUTF8CString(source);
  JSStringRef name = JSStringCreateWithUTF8CString(url);
  JSValueRef exc = NULL;
  JSEvaluateScript(ctx, src, NULL, name, 1, &exc);
  JSStringRelease(src);
  JSStringRelease(name);
  if (!exc) return 0;
  js_print(ctx, NULL, NULL, 1, &exc, NULL);
  fprintf(stderr, "jscfloor: %s does not evaluate\n", url);
  return -1;
}

static int call(JSContextRef ctx, JSObjectRef fn, JSValueRef arg) {
  JSValueRef exc = NULL;
  JSObjectCallAsFunction(ctx, fn, NULL, 1, &arg, &exc);
  if (exc) js_print(ctx, NULL, NULL, 1, &exc, NULL);
  return exc ? -1 : 0;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: jscfloor DOC.json SPEC.js...\n");
    return 2;
  }
  char *doc_text = read_file(argv[1]);
  char **sources = calloc((size_t)argc, sizeof(char *));
  if (!doc_text || !sources) return 2;
  for (int i = 2; i < argc; i++)
    if (!(sources[i] = read_file(argv[i]))) {
      fprintf(stderr, "jscfloor: cannot read %s\n", argv[i]);
      return 2;
    }
  JSContextGroupRef group = JSContextGroupCreate();
  JSStringRef doc = JSStringCreateWithUTF8CString(doc_text);
  JSStringRef print_name = JSStringCreateWithUTF8CString("print");
  JSStringRef length_name = JSStringCreateWithUTF8CString("length");
  long tests = 0, failed = 0;
  double start = now_ms(), c0 = cpu_ms();
  for (int i = 2; i < argc; i++) {
    JSGlobalContextRef ctx = JSGlobalContextCreateInGroup(group, NULL);
    JSObjectSetProperty(ctx, JSContextGetGlobalObject(ctx), print_name,
                        JSObjectMakeFunctionWithCallback(ctx, print_name, js_print), 0, NULL);
    if (eval(ctx, prelude, "prelude") != 0 || eval(ctx, sources[i], argv[i]) != 0) return 1;
    JSObjectRef call_test = (JSObjectRef)global(ctx, "__call");
    JSObjectRef respond = (JSObjectRef)global(ctx, "__respond");
    JSValueRef doc_value = JSValueMakeString(ctx, doc);
    JSObjectRef tests_array = (JSObjectRef)global(ctx, "__tests");
    JSValueRef length = JSObjectGetProperty(ctx, tests_array, length_name, NULL);
    int n = (int)JSValueToNumber(ctx, length, NULL);
    for (int t = 0; t < n; t++) {
      if (call(ctx, call_test, JSValueMakeNumber(ctx, t)) != 0 ||
          call(ctx, respond, doc_value) != 0)
        return 1;
    }
    int settled = (int)JSValueToNumber(ctx, global(ctx, "__settled"), NULL);
    failed += (long)JSValueToNumber(ctx, global(ctx, "__failed"), NULL);
    if (settled != n) {
      fprintf(stderr, "jscfloor: %s: %d of %d tests settled\n", argv[i], settled, n);
      return 1;
    }
    tests += n;
    JSGlobalContextRelease(ctx);
  }
  double ms = now_ms() - start;
  if (failed || !tests) {
    fprintf(stderr, "jscfloor: %ld of %ld tests failed\n", failed, tests);
    return 1;
  }
  printf("jsc_ms %.3f\njsc_cpu_ms %.3f\nper_test_us %.2f\ntests %ld\n", ms, cpu_ms() - c0,
         ms * 1000 / (double)tests, tests);
  return 0;
}
