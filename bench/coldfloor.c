/* coldfloor: the cold-start floor for bench/run.sh — what any runner on JavaScriptCore and
 * libcurl must do to run one spec file of one test from a cold process, with nothing else:
 *
 *   coldfloor BASE_URL SPEC.js   load the engine and libcurl (linked, so the dynamic loader
 *                                resolves both before main, as sonde's launcher and zygote
 *                                do between them), make one global context holding
 *                                `describe`, `it` and an `api.get`, evaluate the file, call
 *                                its test, make the test's GET with libcurl, resolve its
 *                                promise with { status, headers, data }, check it passed,
 *                                print "1 passing" and exit 0
 *   coldfloor --load-only        exit as main starts: the dynamic loading of the two
 *                                libraries and their dependencies alone
 *
 * run.sh times whole processes (wall, alternating with sonde's cold start). Exits 1 if the
 * test failed. Built by bench/run.sh with cc against pkg-config's javascriptcoregtk-4.1 and
 * libcurl, not part of the CMake build. */
#include <JavaScriptCore/JavaScript.h>
#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char prelude[] =
    "var __test = null, __resolve = null, __passed = false;\n"
    "function describe(title, body) { body(); }\n"
    "function it(title, fn) { if (!__test) __test = fn; }\n"
    "var api = { get(path) { __path = path; return new Promise(function (r) { __resolve = r; }); } "
    "};\n"
    "var __path = '';\n"
    "function __respond(status, type, body) {\n"
    "  __resolve({ status: status, headers: new Map([['content-type', type]]),\n"
    "              data: JSON.parse(body) });\n"
    "}\n";

typedef struct {
  char *data;
  size_t len;
} body_t;

static size_t on_body(char *ptr, size_t size, size_t nmemb, void *userdata) {
  body_t *b = userdata;
  size_t n = size * nmemb;
  char *grown = realloc(b->data, b->len + n + 1);
  if (!grown) return 0;
  memcpy(grown + b->len, ptr, n);
  b->data = grown;
  b->len += n;
  b->data[b->len] = '\0';
  return n;
}

static char *read_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  body_t b = {NULL, 0};
  char chunk[8192];
  size_t n;
  while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
    if (on_body(chunk, 1, n, &b) != n) break;
  fclose(f);
  return b.data;
}

static JSValueRef eval(JSContextRef ctx, const char *source, const char *url) {
  JSStringRef src = JSStringCreateWithUTF8CString(source);
  JSStringRef name = JSStringCreateWithUTF8CString(url);
  JSValueRef exc = NULL;
  JSValueRef v = JSEvaluateScript(ctx, src, NULL, name, 1, &exc);
  JSStringRelease(src);
  JSStringRelease(name);
  if (exc) {
    fprintf(stderr, "coldfloor: %s threw\n", url);
    return NULL;
  }
  return v;
}

static char *js_text(JSContextRef ctx, JSValueRef v) {
  JSStringRef s = JSValueToStringCopy(ctx, v, NULL);
  if (!s) return NULL;
  size_t cap = JSStringGetMaximumUTF8CStringSize(s);
  char *out = malloc(cap);
  if (out) JSStringGetUTF8CString(s, out, cap);
  JSStringRelease(s);
  return out;
}

int main(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], "--load-only") == 0) return 0;
  if (argc != 3) {
    fprintf(stderr, "usage: coldfloor BASE_URL SPEC.js | coldfloor --load-only\n");
    return 2;
  }
  char *source = read_file(argv[2]);
  if (!source) {
    fprintf(stderr, "coldfloor: cannot read %s\n", argv[2]);
    return 2;
  }
  JSGlobalContextRef ctx = JSGlobalContextCreate(NULL);
  if (!eval(ctx, prelude, "prelude") || !eval(ctx, source, argv[2])) return 1;
  JSValueRef promise =
      eval(ctx, "Promise.resolve(__test()).then(() => { __passed = true; })", "call");
  char *path = promise ? js_text(ctx, eval(ctx, "__path", "path")) : NULL;
  if (!path) return 1;

  size_t url_len = strlen(argv[1]) + strlen(path) + 1;
  char *url = malloc(url_len);
  snprintf(url, url_len, "%s%s", argv[1], path);
  body_t body = {NULL, 0};
  long status = 0;
  char *type = NULL;
  CURL *curl = curl_easy_init();
  if (!curl) return 1;
  curl_easy_setopt(curl, CURLOPT_URL, url);
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &body);
  if (curl_easy_perform(curl) != CURLE_OK || !body.data) {
    fprintf(stderr, "coldfloor: GET %s failed\n", url);
    return 1;
  }
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
  curl_easy_getinfo(curl, CURLINFO_CONTENT_TYPE, &type);

  JSStringRef respond_name = JSStringCreateWithUTF8CString("__respond");
  JSObjectRef respond =
      (JSObjectRef)JSObjectGetProperty(ctx, JSContextGetGlobalObject(ctx), respond_name, NULL);
  JSStringRelease(respond_name);
  JSStringRef type_s = JSStringCreateWithUTF8CString(type ? type : "");
  JSStringRef body_s = JSStringCreateWithUTF8CString(body.data);
  JSValueRef args[3] = {JSValueMakeNumber(ctx, (double)status), JSValueMakeString(ctx, type_s),
                        JSValueMakeString(ctx, body_s)};
  JSValueRef exc = NULL;
  JSObjectCallAsFunction(ctx, respond, NULL, 3, args, &exc);
  /* The test's continuation runs as the microtasks drain, which the C API does after a
   * call from C returns; reading __passed is one more evaluation. */
  JSValueRef passed = exc ? NULL : eval(ctx, "__passed", "passed");
  if (!passed || !JSValueToBoolean(ctx, passed)) {
    fprintf(stderr, "coldfloor: the test failed\n");
    return 1;
  }
  printf("1 passing\n");
  return 0;
}
