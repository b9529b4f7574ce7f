/* fuzz_openapi: libFuzzer target for the API document loader and checker (src/openapi/).
 * The input is the text of root.yaml, optionally followed by other files, each after a
 * line "=== <name>" (a-z, '.', up to 16 characters), written to a temporary folder so that
 * $refs between them are followed; the same parts are served at http://fuzz.test/<name>
 * (a fetcher, no network), and the root is loaded from there too. When the document loads,
 * a few exchanges, requests (parameters in several styles, form bodies) and every named
 * schema are checked against it. Whatever the files hold, nothing may crash, leak or
 * recurse without end. Built and run by scripts/fuzz.sh. */
// fuzz-build: src/openapi/*.c src/schema/[a-z]*.c src/common/json_text.c src/common/media.c src/common/percent.c src/common/sbuf.c src/common/strvec.c src/common/fsutil.c src/common/glob.c -lunistring
// fuzz-pkgs: jansson libpcre2-8 libidn2 yaml-0.1
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/fsutil.h"
#include "openapi/openapi.h"

static char dir[] = "/tmp/sonde-fuzz-openapi-XXXXXX";

static void write_part(const char *name, const char *text, size_t len) {
  char path[128];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "wb");
  if (!f) abort();
  fwrite(text, 1, len, f);
  fclose(f);
}

/* Documents at URLs: http://fuzz.test/<name> is the part of that name (no network). */
static char *fetch_part(void *ud, const char *url, size_t *len, sbuf_t *err) {
  static const char prefix[] = "http://fuzz.test/";
  const char *name = url + sizeof prefix - 1;
  if (strncmp(url, prefix, sizeof prefix - 1) != 0 || strchr(name, '/') || name[0] == '.') {
    sbuf_puts(err, "the server answered HTTP 404 Not Found");
    return NULL;
  }
  char path[160];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  char *text = fs_read_file(path, len);
  if (!text) sbuf_puts(err, "the server answered HTTP 404 Not Found");
  return text;
}

/* Every header but one has a value, chosen by its name among texts that read as several
 * types (numbers with leading zeros, lists, JSON with a huge integer, "%00"). */
static char *no_header(void *ud, const char *name) {
  static const char *const values[] = {
      "5",        "007",       "1,x,3", "{\"n\": 123456789012345678901}", "1e999", "true", "a%00b",
      " 1 , 2 ,", "R=1,G=,=2", NULL};
  if (strcmp(name, "cookie") == 0)
    return strdup("a=1; session=\"s-1\" ;n=123456789012345678901;=;ids=1,2&ids=3&ids");
  if (strcmp(name, "X-Rate-Limit") == 0) return strdup("5");
  size_t h = 0;
  for (const char *p = name; *p; p++) h = h * 31 + (unsigned char)*p;
  const char *v = values[h % (sizeof values / sizeof *values)];
  return v ? strdup(v) : NULL;
}

static void check_some(openapi_doc_t *doc) {
  static const char *const urls[] = {"/a/1", "http://h/v1/users/7?x", "/", ""};
  static const char *const methods[] = {"GET", "post", "DELETE"};
  static const int statuses[] = {200, 404, 599};
  json_t *body = json_pack("{si s[s]}", "id", 1, "tags", "x");
  for (size_t u = 0; u < 4; u++)
    for (size_t m = 0; m < 3; m++) {
      openapi_exchange_t ex = {methods[m],
                               urls[u],
                               statuses[(u + m) % 3],
                               m ? "application/json" : "text/plain",
                               m != 2,
                               body,
                               no_header,
                               NULL,
                               false};
      openapi_result_t r;
      sbuf_t err = SBUF_INIT, msg = SBUF_INIT;
      if (openapi_check(doc, &ex, &r, &err) == 0) openapi_result_message(doc, &r, &msg);
      openapi_result_free(&r);
      sbuf_free(&err);
      sbuf_free(&msg);
    }
  /* a form response, read as a request's form is */
  json_t *form = json_string("id=7&id=x&tags=1,2&=&%zz");
  openapi_exchange_t fx = {"GET",     "/a/1", 200,  "application/x-www-form-urlencoded", true, form,
                           no_header, NULL,   false};
  openapi_result_t fr;
  sbuf_t ferr = SBUF_INIT;
  openapi_check(doc, &fx, &fr, &ferr);
  openapi_result_free(&fr);
  sbuf_free(&ferr);
  json_decref(form);
  json_t *cov = openapi_coverage(doc, true);
  json_t *acc = json_object();
  openapi_cov_merge(acc, cov);
  openapi_cov_merge(acc, cov);
  sbuf_t table = SBUF_INIT;
  openapi_cov_table(acc, &table);
  sbuf_free(&table);
  json_decref(acc);
  json_decref(cov);
  static const char *const queries[] = {"/a/1?limit=5&tags=1&tags=x",
                                        "http://h/v1/users/7?ids=1,2",
                                        "/users/%zz?flag=true",
                                        "/f/a.tar.gz?limit=1e999&n=-0x1",
                                        "/a/99999999999999999999?limit=123456789012345678901234",
                                        "/a/.1,2/;id=3;id=x?o[R]=1&o[]=2&R=5&sp=1%202|3",
                                        "/f/x.y?deep[a]=1e999&G=07&=&&"};
  /* forms: urlencoded with repeated and odd names, multipart with JSON, file and broken
   * parts */
  static const char kMultipart[] =
      "--b\r\nContent-Disposition: form-data; name=\"id\"\r\n\r\n007\r\n--b\r\n"
      "Content-Disposition: form-data; name=\"meta\"\r\nContent-Type: application/json\r\n\r\n"
      "{\"n\": 1}\r\n--b\r\nContent-Disposition: form-data; name=\"f\"; filename=\"x\"\r\n\r\n"
      "\x00\xff\r\n--b\r\nContent-Disposition: form-data\r\n\r\nno name\r\n--b--\r\n--b\r\n";
  static const char *const types[] = {NULL,
                                      "application/json",
                                      "application/json",
                                      "application/json",
                                      "application/json",
                                      "application/x-www-form-urlencoded",
                                      "multipart/form-data; boundary=\"b\""};
  static const char *const bodies[] = {
      "{\"id\": [1]}", "{\"id\": [1]}", "{\"id\": 123456789012345678901}",
      "{\"id\": [1]}", "{\"id\": [1]}", "id=1&id=x&tags=1,2&name=%zz&=&meta=%7B%7D&big=1e999",
      kMultipart};
  for (size_t q = 0; q < sizeof queries / sizeof *queries; q++) {
    openapi_request_t rq = {
        methods[q % 3], queries[q], types[q],
        q != 0,         bodies[q],  q == 6 ? sizeof kMultipart - 1 : strlen(bodies[q]),
        no_header,      NULL,       q == 4};
    openapi_result_t r;
    sbuf_t err = SBUF_INIT, msg = SBUF_INIT;
    if (openapi_check_request(doc, &rq, &r, &err) == 0) openapi_result_message(doc, &r, &msg);
    openapi_result_free(&r);
    sbuf_free(&err);
    sbuf_free(&msg);
  }
  for (const char *name = "User";; name = "Pet") {
    openapi_result_t r;
    sbuf_t err = SBUF_INIT;
    openapi_check_schema(doc, name, body, &r, &err);
    openapi_result_free(&r);
    sbuf_free(&err);
    if (strcmp(name, "Pet") == 0) break;
  }
  json_decref(body);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static bool made;
  if (!made) {
    if (!mkdtemp(dir)) abort();
    openapi_set_fetcher(fetch_part, NULL);
    made = true;
  }
  const char *text = (const char *)data, *end = text + size;
  const char *name = "root.yaml";
  char names[8][24];
  size_t nparts = 0;
  while (text <= end && nparts < 8) {
    const char *sep = NULL;
    for (const char *p = text; p + 4 <= end; p++) {
      if ((p == text || p[-1] == '\n') && memcmp(p, "=== ", 4) == 0) {
        sep = p;
        break;
      }
    }
    write_part(name, text, (size_t)((sep ? sep : end) - text));
    if (!sep) break;
    const char *n = sep + 4;
    size_t len = 0;
    while (n + len < end && len < 16 && ((n[len] >= 'a' && n[len] <= 'z') || n[len] == '.')) len++;
    if (len == 0 || (len == 1 && n[0] == '.') || (len == 2 && n[0] == '.' && n[1] == '.')) break;
    snprintf(names[nparts], sizeof names[nparts], "%.*s", (int)len, n);
    name = names[nparts++];
    text = memchr(n, '\n', (size_t)(end - n));
    if (!text) break;
    text++;
  }
  char root[128];
  snprintf(root, sizeof root, "%s/root.yaml", dir);
  sbuf_t err = SBUF_INIT;
  openapi_doc_t *doc = openapi_load(root, &err);
  if (doc) check_some(doc);
  openapi_free(doc);
  /* the same files read from a URL: relative $refs resolve against it */
  sbuf_reset(&err);
  doc = openapi_load("http://fuzz.test/root.yaml", &err);
  if (doc) check_some(doc);
  openapi_free(doc);
  sbuf_free(&err);
  return 0;
}
