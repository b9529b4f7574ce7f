/* junit reporter: see junit.h.
 *
 * The model (model.h) keeps one job's suites and tests until job_end, with exchanges only
 * for failed tests (the only ones whose system-out shows them); the document is rendered
 * then and the job freed, so memory holds the running jobs only.
 *
 * Every text goes through report_clean_text before libxml2 sees it: the writer needs valid
 * UTF-8, and XML 1.0 has no way to write most control characters, so they become U+FFFD.
 * Test titles and error texts are the user's and may hold anything. */
#include "report/junit.h"

#include <ctype.h>
#include <errno.h>
#include <libxml/xmlwriter.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/fsutil.h"
#include "common/sbuf.h"
#include "report/exchange.h"

typedef struct {
  reporter_t base;
  FILE *out;
  bool color;
  junit_opts_t opts; /* strings owned (copies) */
  rm_set_t set;
  report_spool_t spool;
} junit_reporter_t;

#define JW(call)               \
  do {                         \
    if ((call) < 0) goto fail; \
  } while (0)

/* --- names ----------------------------------------------------------------------------- */

char *junit_prepare_name(const char *title) {
  sbuf_t b = SBUF_INIT;
  const char *p = title ? title : "";
  while (*p) {
    while (*p && !(isalnum((unsigned char)*p) || *p == '@')) p++;
    const char *start = p;
    while (*p && (isalnum((unsigned char)*p) || *p == '@')) p++;
    if (p > start) {
      if (b.len) sbuf_putc(&b, ' ');
      sbuf_append(&b, start, (size_t)(p - start));
    }
  }
  return sbuf_take(&b);
}

static char *prepare(const junit_opts_t *o, const char *title) {
  char *name = o->names && o->names->prepare ? o->names->prepare(o->names, title) : NULL;
  return name ? name : junit_prepare_name(title);
}

/* The root suite holds tests written outside any describe; it shows as "(root)", as in the
 * spec reporter. */
static const char *suite_title(const rm_suite_t *s) { return s->depth == 0 ? "(root)" : s->title; }

static char *suite_name(const junit_opts_t *o, const rm_job_t *j, const rm_suite_t *s) {
  char *name = o->names && o->names->suite ? o->names->suite(o->names, j, s) : NULL;
  return name ? name : prepare(o, suite_title(s));
}

static char *class_name(const junit_opts_t *o, const char *package, const rm_job_t *j,
                        const rm_suite_t *s) {
  char *name =
      o->names && o->names->class_name ? o->names->class_name(o->names, package, j, s) : NULL;
  if (name) return name;
  const char *full = s->depth == 0 ? suite_title(s) : s->full_title;
  char *cls = xasprintf("%s.%s", package, full);
  for (char *p = cls + strlen(package) + 1; *p; p++)
    if (isspace((unsigned char)*p)) *p = '_';
  return cls;
}

/* WebdriverIO replaces the working directory in the spec's file URL with '.'. */
static char *file_property(const rm_job_t *j) {
  char *cwd = fs_cwd();
  size_t n = strlen(cwd);
  char *out = strncmp(j->spec, cwd, n) == 0 && j->spec[n] == '/'
                  ? xasprintf("file://.%s", j->spec + n)
                  : xasprintf("file://%s", j->spec);
  free(cwd);
  return out;
}

/* --- writing ------------------------------------------------------------------------------ */

/* An attribute of `len` bytes that may hold NULs (shown as XML allows, see util.h). */
static int jw_attr_n(xmlTextWriterPtr w, const char *name, const char *value, size_t len) {
  char *clean = report_clean_text(value, len, REPORT_CLEAN_XML | REPORT_CLEAN_ANSI);
  int rc = xmlTextWriterWriteAttribute(w, BAD_CAST name, BAD_CAST clean);
  free(clean);
  return rc;
}

static int jw_attr(xmlTextWriterPtr w, const char *name, const char *value) {
  return jw_attr_n(w, name, value, value ? strlen(value) : 0);
}

static int jw_attr_int(xmlTextWriterPtr w, const char *name, long long v) {
  char buf[32];
  snprintf(buf, sizeof buf, "%lld", v);
  return xmlTextWriterWriteAttribute(w, BAD_CAST name, BAD_CAST buf);
}

static int jw_attr_secs(xmlTextWriterPtr w, const char *name, double ms) {
  char buf[64];
  snprintf(buf, sizeof buf, "%.3f", ms > 0 && ms < 1e15 ? ms / 1000.0 : 0.0);
  return xmlTextWriterWriteAttribute(w, BAD_CAST name, BAD_CAST buf);
}

/* CDATA cannot hold "]]>": such text is split over two sections between "]]" and ">". */
static int jw_cdata(xmlTextWriterPtr w, const char *text) {
  char *clean = report_clean_cstr(text, REPORT_CLEAN_XML);
  int rc = 0;
  char *p = clean;
  for (;;) {
    char *end = strstr(p, "]]>");
    if (!end) {
      rc = xmlTextWriterWriteCDATA(w, BAD_CAST p);
      break;
    }
    char saved = end[2];
    end[2] = '\0';
    rc = xmlTextWriterWriteCDATA(w, BAD_CAST p);
    end[2] = saved;
    if (rc < 0) break;
    p = end + 2;
  }
  free(clean);
  return rc;
}

static int jw_text_element(xmlTextWriterPtr w, const char *element, const char *text) {
  if (xmlTextWriterStartElement(w, BAD_CAST element) < 0) return -1;
  if (jw_cdata(w, text) < 0) return -1;
  return xmlTextWriterEndElement(w);
}

/* An error member as text: strings as they are, anything else (expected/actual values) as
 * JSON. NULL when absent. */
static char *error_field(const json_t *error, const char *field) {
  const json_t *v = field ? json_object_get(error, field) : NULL;
  if (!v || json_is_null(v)) return NULL;
  if (json_is_string(v)) return xstrdup(json_string_value(v));
  char *text = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
  return text ? text : xstrdup("");
}

static char *error_trace(const json_t *error) {
  const char *stack = report_jstr(error, "stack");
  if (stack && *stack) return xasprintf("\n%s\n", stack);
  const char *name = report_jstr(error, "name");
  const char *message = report_jstr(error, "message");
  return xasprintf("\n%s: %s\n", name ? name : "Error", message ? message : "");
}

static int write_error_element(xmlTextWriterPtr w, const char *element, const char *message,
                               const char *type, const char *content) {
  if (xmlTextWriterStartElement(w, BAD_CAST element) < 0) return -1;
  if (message && jw_attr(w, "message", message) < 0) return -1;
  if (type && *type && jw_attr(w, "type", type) < 0) return -1;
  if (content && *content && jw_cdata(w, content) < 0) return -1;
  return xmlTextWriterEndElement(w);
}

/* <failure>/<error> of a failed test. A test the job's end cut short (crash, interrupt) is
 * an error of the run, not a failed check. */
static int write_failure(xmlTextWriterPtr w, const junit_opts_t *o, const rm_test_t *t) {
  const json_t *e = t->error;
  const char *name = report_jstr(e, "name");
  if (t->aborted || !e)
    return write_error_element(w, "error", e ? report_jstr(e, "message") : "failed", name, NULL);
  if (!o->error_field && !o->failure_field && !o->stacktrace_field)
    return write_error_element(
        w, "failure", report_jstr(e, "message") ? report_jstr(e, "message") : "", name, NULL);
  char *fmsg = error_field(e, o->failure_field);
  char *trace = error_field(e, o->stacktrace_field);
  int rc = write_error_element(w, "failure", fmsg, name, trace);
  free(fmsg);
  free(trace);
  if (rc < 0 || !o->error_field) return rc;
  char *emsg = error_field(e, o->error_field);
  rc = write_error_element(w, "error", emsg ? emsg : "", NULL, NULL);
  free(emsg);
  return rc;
}

static bool counts_as_error(const junit_opts_t *o, const rm_test_t *t) {
  return t->state == RM_FAILED && (t->aborted || !t->error || o->error_field);
}

static bool counts_as_failure(const rm_test_t *t) {
  return t->state == RM_FAILED && !t->aborted && t->error;
}

static int write_testcase(xmlTextWriterPtr w, const junit_opts_t *o, const char *cls,
                          const char *file, const rm_test_t *t) {
  char *name = prepare(o, t->title);
  int rc = -1;
  JW(xmlTextWriterStartElement(w, BAD_CAST "testcase"));
  JW(jw_attr(w, "classname", cls));
  JW(jw_attr(w, "name", name));
  JW(jw_attr_secs(w, "time", t->duration_ms));
  if (o->add_file_attribute) JW(jw_attr(w, "file", file));
  if (t->state == RM_SKIPPED) {
    JW(xmlTextWriterStartElement(w, BAD_CAST "skipped"));
    if (t->pending_reason) JW(jw_attr_n(w, "message", t->pending_reason, t->pending_reason_len));
    JW(xmlTextWriterEndElement(w));
  } else if (t->state == RM_FAILED) {
    JW(write_failure(w, o, t));
    char *trace = error_trace(t->error);
    rc = jw_text_element(w, "system-err", trace);
    free(trace);
    JW(rc);
    rc = -1;
  }
  /* What the failed test sent and received, then its console lines when asked for. */
  sbuf_t out = SBUF_INIT;
  if (t->state == RM_FAILED) {
    size_t i;
    json_t *ex;
    json_array_foreach(t->exchanges, i, ex) {
      sbuf_putc(&out, '\n');
      report_exchange_text(ex, "", &out);
    }
  }
  if (o->add_worker_logs && t->logs.len) {
    sbuf_putc(&out, '\n');
    sbuf_append(&out, t->logs.data, t->logs.len);
  }
  if (out.len) rc = jw_text_element(w, "system-out", sbuf_cstr(&out));
  else rc = 0;
  sbuf_free(&out);
  JW(rc);
  rc = xmlTextWriterEndElement(w);
fail:
  free(name);
  return rc < 0 ? -1 : 0;
}

static int write_property(xmlTextWriterPtr w, const char *name, const char *value) {
  if (xmlTextWriterStartElement(w, BAD_CAST "property") < 0) return -1;
  if (jw_attr(w, "name", name) < 0 || jw_attr(w, "value", value) < 0) return -1;
  return xmlTextWriterEndElement(w);
}

typedef struct {
  const junit_opts_t *o;
  const rm_job_t *j;
  const char *package;
  const char *caps;
  const char *file;
} junit_ctx_t;

static int write_suite(xmlTextWriterPtr w, const junit_ctx_t *c, const rm_suite_t *s) {
  char *name = suite_name(c->o, c->j, s);
  char *cls = class_name(c->o, c->package, c->j, s);
  char stamp[64];
  int failures = 0, errors = 0, rc = -1;
  for (size_t i = 0; i < s->ntests; i++) {
    failures += counts_as_failure(s->tests[i]);
    errors += counts_as_error(c->o, s->tests[i]);
  }
  report_local_stamp(s->start_ms, stamp, sizeof stamp);
  JW(xmlTextWriterStartElement(w, BAD_CAST "testsuite"));
  JW(jw_attr(w, "name", name));
  JW(jw_attr(w, "timestamp", stamp));
  JW(jw_attr_secs(w, "time", s->duration_ms));
  JW(jw_attr_int(w, "tests", (long long)s->ntests));
  JW(jw_attr_int(w, "failures", failures));
  JW(jw_attr_int(w, "errors", errors));
  JW(jw_attr_int(w, "skipped", s->skipped));
  JW(xmlTextWriterStartElement(w, BAD_CAST "properties"));
  JW(write_property(w, "specId", "0"));
  JW(write_property(w, "suiteName", suite_title(s)));
  JW(write_property(w, "capabilities", c->caps));
  JW(write_property(w, "file", c->file));
  if (c->j->seed) JW(write_property(w, "seed", c->j->seed));
  JW(xmlTextWriterEndElement(w));
  for (size_t i = 0; i < s->ntests; i++) JW(write_testcase(w, c->o, cls, c->file, s->tests[i]));
  rc = xmlTextWriterEndElement(w);
fail:
  free(name);
  free(cls);
  return rc < 0 ? -1 : 0;
}

/* A spec file that failed to load, or a worker that died outside any test: one testsuite
 * with one erroring testcase named after the file, so the failure is counted and shown. */
static int write_job_error(xmlTextWriterPtr w, const junit_ctx_t *c) {
  const json_t *e = c->j->error;
  char *name = prepare(c->o, c->j->spec_display);
  char *cls = xasprintf("%s.%s", c->package, c->j->spec_display);
  char *trace = error_trace(e);
  char stamp[64];
  int rc = -1;
  report_local_stamp(c->j->start_ms, stamp, sizeof stamp);
  JW(xmlTextWriterStartElement(w, BAD_CAST "testsuite"));
  JW(jw_attr(w, "name", name));
  JW(jw_attr(w, "timestamp", stamp));
  JW(jw_attr_secs(w, "time", c->j->duration_ms));
  JW(jw_attr(w, "tests", "1"));
  JW(jw_attr(w, "failures", "0"));
  JW(jw_attr(w, "errors", "1"));
  JW(jw_attr(w, "skipped", "0"));
  JW(xmlTextWriterStartElement(w, BAD_CAST "testcase"));
  JW(jw_attr(w, "classname", cls));
  JW(jw_attr(w, "name", name));
  JW(jw_attr_secs(w, "time", 0));
  JW(write_error_element(w, "error", report_jstr(e, "message") ? report_jstr(e, "message") : "",
                         report_jstr(e, "name"), NULL));
  JW(jw_text_element(w, "system-err", trace));
  JW(xmlTextWriterEndElement(w));
  rc = xmlTextWriterEndElement(w);
fail:
  free(name);
  free(cls);
  free(trace);
  return rc < 0 ? -1 : 0;
}

/* The root suite appears only when tests ran outside any describe. */
static bool suite_shown(const rm_suite_t *s) { return s->depth > 0 || s->ntests > 0; }

/* A document writer into a new buffer, indented, its XML declaration written; NULL (with
 * nothing left to free) when libxml2 fails. */
static xmlTextWriterPtr jw_open(xmlBufferPtr *buf) {
  *buf = xmlBufferCreate();
  xmlTextWriterPtr w = *buf ? xmlNewTextWriterMemory(*buf, 0) : NULL;
  if (w && xmlTextWriterSetIndent(w, 1) >= 0 &&
      xmlTextWriterSetIndentString(w, BAD_CAST "  ") >= 0 &&
      xmlTextWriterStartDocument(w, NULL, "UTF-8", NULL) >= 0)
    return w;
  if (w) xmlFreeTextWriter(w);
  if (*buf) xmlBufferFree(*buf);
  *buf = NULL;
  return NULL;
}

/* Ends the document (ok: everything was written) and frees the writer: its text, or NULL
 * with a message in `err`. */
static char *jw_close(xmlTextWriterPtr w, xmlBufferPtr buf, bool ok, sbuf_t *err) {
  char *result = NULL;
  if (w && ok && xmlTextWriterEndDocument(w) >= 0) {
    xmlFreeTextWriter(w); /* flushes into buf */
    w = NULL;
    result = xstrndup((const char *)xmlBufferContent(buf), (size_t)xmlBufferLength(buf));
  }
  if (!result) sbuf_puts(err, "the XML writer failed");
  if (w) xmlFreeTextWriter(w);
  if (buf) xmlBufferFree(buf);
  return result;
}

char *junit_render(const junit_opts_t *o, const rm_job_t *j, sbuf_t *err) {
  xmlBufferPtr buf;
  xmlTextWriterPtr w = jw_open(&buf);
  char *caps = report_sanitized_caps(j->capabilities);
  char *file = file_property(j);
  bool ok = false;
  junit_ctx_t c = {o, j, o->package_name && *o->package_name ? o->package_name : caps, caps, file};
  bool job_error = j->error && !j->error_absorbed;
  long long tests = job_error, failures = 0, errors = job_error;

  if (!w) goto fail;
  for (size_t i = 0; i < j->nsuites; i++) {
    const rm_suite_t *s = j->suites[i];
    tests += (long long)s->ntests;
    for (size_t k = 0; k < s->ntests; k++) {
      failures += counts_as_failure(s->tests[k]);
      errors += counts_as_error(o, s->tests[k]);
    }
  }
  /* junit-10.xsd allows no `skipped` attribute here; the testsuites carry theirs. */
  JW(xmlTextWriterStartElement(w, BAD_CAST "testsuites"));
  JW(jw_attr_int(w, "tests", tests));
  JW(jw_attr_int(w, "failures", failures));
  JW(jw_attr_int(w, "errors", errors));
  JW(jw_attr_secs(w, "time", j->duration_ms));
  for (size_t i = 0; i < j->nsuites; i++)
    if (suite_shown(j->suites[i])) JW(write_suite(w, &c, j->suites[i]));
  if (job_error) JW(write_job_error(w, &c));
  JW(xmlTextWriterEndElement(w));
  ok = true;
fail:
  free(caps);
  free(file);
  return jw_close(w, buf, ok, err);
}

/* The run's OpenAPI coverage: properties are JUnit's place for a suite's numbers, and a
 * run-wide number exists only at run end, so it gets a document of its own. */
char *junit_render_openapi(const json_t *coverage, sbuf_t *err) {
  xmlBufferPtr buf;
  xmlTextWriterPtr w = jw_open(&buf);
  bool ok = false;
  char stamp[64];
  report_local_stamp(report_now_ms(), stamp, sizeof stamp);
  if (!w) goto fail;
  JW(xmlTextWriterStartElement(w, BAD_CAST "testsuites"));
  JW(jw_attr(w, "tests", "0"));
  JW(jw_attr(w, "failures", "0"));
  JW(jw_attr(w, "errors", "0"));
  size_t i;
  json_t *doc;
  json_array_foreach(json_object_get(coverage, "documents"), i, doc) {
    const char *name = report_jstr(doc, "document") ? report_jstr(doc, "document") : "";
    char *suite = xasprintf("OpenAPI coverage of %s", name);
    char pct[32];
    snprintf(pct, sizeof pct, "%.1f", json_number_value(json_object_get(doc, "percent")));
    JW(xmlTextWriterStartElement(w, BAD_CAST "testsuite"));
    int rc = jw_attr(w, "name", suite);
    free(suite);
    JW(rc);
    JW(jw_attr(w, "timestamp", stamp));
    JW(jw_attr_secs(w, "time", 0));
    JW(jw_attr(w, "tests", "0"));
    JW(jw_attr(w, "failures", "0"));
    JW(jw_attr(w, "errors", "0"));
    JW(jw_attr(w, "skipped", "0"));
    JW(xmlTextWriterStartElement(w, BAD_CAST "properties"));
    JW(write_property(w, "openapi.document", name));
    JW(write_property(w, "openapi.coverage", pct));
    char n[32];
    snprintf(n, sizeof n, "%lld", (long long)json_integer_value(json_object_get(doc, "exercised")));
    JW(write_property(w, "openapi.exercised", n));
    snprintf(n, sizeof n, "%lld",
             (long long)json_integer_value(json_object_get(doc, "documented")));
    JW(write_property(w, "openapi.documented", n));
    JW(xmlTextWriterEndElement(w));
    JW(xmlTextWriterEndElement(w));
  }
  JW(xmlTextWriterEndElement(w));
  ok = true;
fail:
  return jw_close(w, buf, ok, err);
}

/* --- reporter ------------------------------------------------------------------------------ */

static char *job_file_name(junit_reporter_t *r, const rm_job_t *j) {
  if (r->opts.namer) {
    sbuf_t err = SBUF_INIT;
    char *name = r->opts.namer->name(r->opts.namer, j->cid, j->capabilities, &err);
    if (name && *name) {
      sbuf_free(&err);
      return name;
    }
    free(name);
    fprintf(stderr, "sonde: junit reporter: outputFileFormat: %s; using the default name\n",
            err.len ? sbuf_cstr(&err) : "it returned no name");
    sbuf_free(&err);
  }
  return xasprintf("wdio-%s-junit-reporter.log", j->cid);
}

static void junit_write_job(junit_reporter_t *r, const rm_job_t *j) {
  sbuf_t err = SBUF_INIT;
  char *xml = junit_render(&r->opts, j, &err);
  if (!xml) {
    fprintf(stderr, "sonde: junit reporter: no report for %s: %s\n", j->spec_display,
            sbuf_cstr(&err));
    sbuf_free(&err);
    return;
  }
  if (!r->opts.output_dir) {
    report_spool_write(&r->spool, xml, strlen(xml));
    free(xml);
    return;
  }
  char *name = job_file_name(r, j);
  report_write_document("junit", r->opts.output_dir, name, xml);
  free(name);
  free(xml);
  sbuf_free(&err);
}

static void junit_event(reporter_t *base, const report_job_t *job, const json_t *ev) {
  junit_reporter_t *r = (junit_reporter_t *)base;
  /* XML 1.0 cannot hold a NUL (see report/util.h): the model gets "␀" in its place. */
  json_t *shown = report_json_visible(ev);
  rm_feed(&r->set, job, shown);
  json_decref(shown);
}

static void junit_job_end(reporter_t *base, const report_job_t *job, bool passed) {
  junit_reporter_t *r = (junit_reporter_t *)base;
  rm_job_t *j = rm_finish(&r->set, job, passed);
  junit_write_job(r, j);
  rm_job_free(j);
}

static void junit_run_end(reporter_t *base, const report_summary_t *summary) {
  junit_reporter_t *r = (junit_reporter_t *)base;
  if (summary->openapi_coverage) {
    sbuf_t err = SBUF_INIT;
    char *xml = junit_render_openapi(summary->openapi_coverage, &err);
    if (!xml)
      fprintf(stderr, "sonde: junit reporter: no OpenAPI coverage document: %s\n", sbuf_cstr(&err));
    else if (r->opts.output_dir)
      report_write_document("junit", r->opts.output_dir, "wdio-openapi-junit-reporter.log", xml);
    else report_spool_write(&r->spool, xml, strlen(xml));
    free(xml);
    sbuf_free(&err);
  }
  report_spool_print(&r->spool, r->out, "junit", r->color, true);
}

static void junit_free(reporter_t *base) {
  junit_reporter_t *r = (junit_reporter_t *)base;
  if (!r) return;
  rm_set_free(&r->set);
  report_spool_free(&r->spool);
  if (r->opts.namer) r->opts.namer->free(r->opts.namer);
  if (r->opts.names) r->opts.names->free(r->opts.names);
  free((char *)r->opts.output_dir);
  free((char *)r->opts.package_name);
  free((char *)r->opts.error_field);
  free((char *)r->opts.failure_field);
  free((char *)r->opts.stacktrace_field);
  free(r);
}

static const reporter_ops_t junit_ops = {
    .event = junit_event,
    .job_end = junit_job_end,
    .run_end = junit_run_end,
    .free = junit_free,
};

static const char *dup_opt(const char *s) { return s ? xstrdup(s) : NULL; }

reporter_t *junit_reporter_new(FILE *out, bool color, const junit_opts_t *opts) {
  junit_reporter_t *r = xcalloc(1, sizeof *r);
  r->base.ops = &junit_ops;
  r->out = out;
  r->color = color;
  if (opts) r->opts = *opts;
  r->opts.output_dir = dup_opt(r->opts.output_dir);
  r->opts.package_name = dup_opt(r->opts.package_name);
  r->opts.error_field = dup_opt(r->opts.error_field);
  r->opts.failure_field = dup_opt(r->opts.failure_field);
  r->opts.stacktrace_field = dup_opt(r->opts.stacktrace_field);
  rm_hooks_t hooks = {.flags = RM_KEEP_TESTS | RM_KEEP_FAILED_EXCHANGES |
                               (r->opts.add_worker_logs ? RM_KEEP_LOGS : 0)};
  rm_set_init(&r->set, &hooks);
  report_spool_init(&r->spool);
  return &r->base;
}
