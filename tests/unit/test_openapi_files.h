/* What the openapi unit tests share: a temporary folder that is the working directory
 * while a group runs (openapi_tmp_setup/teardown on a "/tmp/...-XXXXXX" template), files
 * written into it, canned headers, the message of a result, a document loaded, a request
 * checked, and EXPECT(rc, needle, ...),
 * which calls the test file's own check(..., &msg) and fails unless it returns rc with a
 * message holding needle. Include after cmocka.h. */
#ifndef SONDE_TEST_OPENAPI_FILES_H
#define SONDE_TEST_OPENAPI_FILES_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "openapi/openapi.h"

static inline void write_file(const char *name, const char *text) {
  FILE *f = fopen(name, "w");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
}

static inline void openapi_tmp_setup(char *tmpl) {
  assert_non_null(mkdtemp(tmpl));
  assert_int_equal(chdir(tmpl), 0);
}

static inline int openapi_tmp_teardown(const char *dir) {
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  return system(cmd) == 0 ? 0 : -1;
}

typedef struct {
  const char *names[4];
  const char *values[4];
} headers_t;

static inline char *get_header(void *ud, const char *name) {
  headers_t *h = ud;
  for (int i = 0; h && i < 4 && h->names[i]; i++)
    if (strcasecmp(h->names[i], name) == 0) return strdup(h->values[i]);
  return NULL;
}

/* A check's outcome as text: the error for rc -1, the result's message for 0, "" for 1
 * (caller frees). Frees the result and the error. */
static inline char *openapi_outcome(openapi_doc_t *doc, int rc, openapi_result_t *r, sbuf_t *err) {
  sbuf_t m = SBUF_INIT;
  if (rc < 0) sbuf_puts(&m, sbuf_cstr(err));
  else if (rc == 0) openapi_result_message(doc, r, &m);
  openapi_result_free(r);
  sbuf_free(err);
  return sbuf_take(&m);
}

/* The document at path; the test fails when it does not load. */
static inline openapi_doc_t *openapi_test_load(const char *path) {
  sbuf_t err = SBUF_INIT;
  openapi_doc_t *doc = openapi_load(path, &err);
  if (!doc) fail_msg("%s", sbuf_cstr(&err));
  sbuf_free(&err);
  return doc;
}

/* Checks one request (body NULL: none); returns the rc, the message in *msg (caller
 * frees). */
static inline int openapi_test_request(openapi_doc_t *doc, const char *method, const char *url,
                                       const char *ct, const char *body, headers_t *h, char **msg) {
  openapi_request_t rq = {method,     url, ct, body != NULL, body, body ? strlen(body) : 0,
                          get_header, h};
  openapi_result_t r;
  sbuf_t err = SBUF_INIT;
  int rc = openapi_check_request(doc, &rq, &r, &err);
  *msg = openapi_outcome(doc, rc, &r, &err);
  return rc;
}

#define EXPECT(rc_want, needle, ...)                                                    \
  do {                                                                                  \
    char *msg_;                                                                         \
    int rc_ = check(__VA_ARGS__, &msg_);                                                \
    if (rc_ != (rc_want) || !strstr(msg_, needle))                                      \
      fail_msg("rc %d (want %d), message: %s\n(want: %s)", rc_, rc_want, msg_, needle); \
    free(msg_);                                                                         \
  } while (0)

#endif
