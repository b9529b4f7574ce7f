/* cuke_report_doc: see cuke_report_doc.h. The document is kept as JSON:
 *   cases: [{feature, uri, name, line, status, ms, attempts,
 *            steps: [{keyword, text, hook, status, ms, error, attachments: [...]}]}]
 * in the order the test cases first started. */
#include "frameworks/cucumber/cuke_report_doc.h"

#include <stdlib.h>
#include <string.h>

#include "common/sbuf.h"

struct cuke_doc {
  json_t *cases;
  double run_ms;
  bool success;
};

static const char *const kSeverity[] = {"passed",    "skipped",   "pending",
                                        "undefined", "ambiguous", "failed"};

static int severity(const char *status) {
  for (int i = 0; i < 6; i++)
    if (status && strcmp(status, kSeverity[i]) == 0) return i;
  return 1; /* unknown: as skipped */
}

static const char *str(const json_t *o, const char *key) {
  const char *s = json_string_value(json_object_get(o, key));
  return s ? s : "";
}

/* A text the reports show (names, step texts, messages) as a new JSON string: a NUL in it
 * (one in the feature file) as the visible "\u2400", as sonde's other text reports show it;
 * JUnit XML cannot hold U+0000 at all. */
static json_t *shown(const json_t *o, const char *key) {
  const json_t *v = json_object_get(o, key);
  const char *s = json_string_value(v);
  size_t n = s ? json_string_length(v) : 0;
  sbuf_t b = SBUF_INIT;
  sbuf_append_visible(&b, s, n);
  json_t *j = json_stringn(b.data ? b.data : "", b.len);
  sbuf_free(&b);
  return j ? j : json_string("");
}

static double stamp_ms(const json_t *ts) {
  return (double)json_integer_value(json_object_get(ts, "seconds")) * 1e3 +
         (double)json_integer_value(json_object_get(ts, "nanos")) / 1e6;
}

/* Every Gherkin step of a document (objects with a keywordType): its id -> keyword. */
static void collect_keywords(const json_t *v, json_t *out) {
  if (json_is_array(v)) {
    size_t i;
    json_t *x;
    json_array_foreach(v, i, x) collect_keywords(x, out);
    return;
  }
  if (!json_is_object(v)) return;
  if (json_object_get(v, "keywordType") && json_is_string(json_object_get(v, "id")))
    json_object_set_new(out, str(v, "id"), json_string(str(v, "keyword")));
  const char *k;
  json_t *x;
  json_object_foreach((json_t *)v, k, x) collect_keywords(x, out);
}

static char *lower(const char *s) {
  char *l = xstrdup(s);
  for (char *p = l; *p; p++)
    if (*p >= 'A' && *p <= 'Z') *p = (char)(*p + 32);
  return l;
}

cuke_doc_t *cuke_doc_from_messages(const json_t *envelopes) {
  cuke_doc_t *doc = xcalloc(1, sizeof(*doc));
  doc->cases = json_array();
  doc->success = true;
  json_t *features = json_object(), *keywords = json_object(), *pickles = json_object(),
         *hooks = json_object(), *test_cases = json_object(), *by_case = json_object(),
         *started = json_object();
  double run_started = 0;
  size_t i;
  json_t *e;
  json_array_foreach(envelopes, i, e) {
    json_t *v;
    if ((v = json_object_get(e, "gherkinDocument"))) {
      json_object_set_new(features, str(v, "uri"), shown(json_object_get(v, "feature"), "name"));
      collect_keywords(v, keywords);
    } else if ((v = json_object_get(e, "pickle"))) {
      json_object_set(pickles, str(v, "id"), v);
    } else if ((v = json_object_get(e, "hook"))) {
      json_object_set(hooks, str(v, "id"), v);
    } else if ((v = json_object_get(e, "testCase"))) {
      json_object_set(test_cases, str(v, "id"), v);
    } else if ((v = json_object_get(e, "testRunStarted"))) {
      run_started = stamp_ms(json_object_get(v, "timestamp"));
    } else if ((v = json_object_get(e, "testRunFinished"))) {
      doc->run_ms = stamp_ms(json_object_get(v, "timestamp")) - run_started;
      doc->success = json_is_true(json_object_get(v, "success"));
    } else if ((v = json_object_get(e, "testCaseStarted"))) {
      /* A new attempt replaces the case's steps. */
      const json_t *tc = json_object_get(test_cases, str(v, "testCaseId"));
      const json_t *p = json_object_get(pickles, str(tc, "pickleId"));
      json_t *c = json_object_get(by_case, str(tc, "id"));
      if (!c) {
        c = json_pack(
            "{s:s, s:s, s:o, s:i, s:i}", "feature", str(features, str(p, "uri")), "uri",
            str(p, "uri"), "name", shown(p, "name"), "line",
            (int)json_integer_value(json_object_get(json_object_get(p, "location"), "line")),
            "attempts", 0);
        json_array_append_new(doc->cases, c);
        json_object_set(by_case, str(tc, "id"), c);
      }
      json_object_set_new(c, "attempts",
                          json_integer(json_integer_value(json_object_get(c, "attempts")) + 1));
      json_object_set_new(c, "status", json_string("passed"));
      json_object_set_new(c, "start", json_real(stamp_ms(json_object_get(v, "timestamp"))));
      json_t *steps = json_array();
      size_t k;
      json_t *ts;
      json_array_foreach(json_object_get(tc, "testSteps"), k, ts) {
        json_t *s = json_pack("{s:s, s:s, s:s, s:f}", "id", str(ts, "id"), "status", "skipped",
                              "keyword", "", "ms", 0.0);
        const json_t *hook = json_object_get(hooks, str(ts, "hookId"));
        if (json_object_get(ts, "hookId")) {
          const char *type = str(hook, "type");
          json_object_set_new(s, "hook", json_true());
          json_object_set_new(s, "keyword",
                              json_string(strncmp(type, "AFTER", 5) == 0 ? "After" : "Before"));
          json_object_set_new(s, "text", shown(hook, "name"));
        } else {
          const json_t *ps = NULL;
          size_t m;
          json_t *x;
          json_array_foreach(json_object_get(p, "steps"), m,
                             x) if (strcmp(str(x, "id"), str(ts, "pickleStepId")) == 0) ps = x;
          const char *ast = json_string_value(json_array_get(json_object_get(ps, "astNodeIds"), 0));
          json_object_set_new(s, "keyword", json_string(str(keywords, ast ? ast : "")));
          json_object_set_new(s, "text", shown(ps, "text"));
        }
        json_object_set_new(s, "attachments", json_array());
        json_array_append_new(steps, s);
      }
      json_object_set_new(c, "steps", steps);
      json_object_set(started, str(v, "id"), c);
    } else if ((v = json_object_get(e, "testStepFinished")) ||
               (v = json_object_get(e, "attachment"))) {
      json_t *c = json_object_get(started, str(v, "testCaseStartedId"));
      size_t k;
      json_t *s, *step = NULL;
      json_array_foreach(json_object_get(c, "steps"), k,
                         s) if (strcmp(str(s, "id"), str(v, "testStepId")) == 0) step = s;
      if (!step) continue;
      if (json_object_get(e, "attachment")) {
        json_array_append(json_object_get(step, "attachments"), v);
        continue;
      }
      const json_t *r = json_object_get(v, "testStepResult");
      char *status = lower(str(r, "status"));
      json_object_set_new(step, "status", json_string(status));
      const json_t *d = json_object_get(r, "duration");
      json_object_set_new(
          step, "ms",
          json_real((double)json_integer_value(json_object_get(d, "seconds")) * 1e3 +
                    (double)json_integer_value(json_object_get(d, "nanos")) / 1e6));
      if (json_object_get(r, "message")) json_object_set_new(step, "error", shown(r, "message"));
      if (severity(status) > severity(str(c, "status")))
        json_object_set_new(c, "status", json_string(status));
      free(status);
    } else if ((v = json_object_get(e, "testCaseFinished"))) {
      json_t *c = json_object_get(started, str(v, "testCaseStartedId"));
      if (c)
        json_object_set_new(c, "ms",
                            json_real(stamp_ms(json_object_get(v, "timestamp")) -
                                      json_real_value(json_object_get(c, "start"))));
    }
  }
  json_decref(features);
  json_decref(keywords);
  json_decref(pickles);
  json_decref(hooks);
  json_decref(test_cases);
  json_decref(by_case);
  json_decref(started);
  return doc;
}

void cuke_doc_free(cuke_doc_t *doc) {
  if (!doc) return;
  json_decref(doc->cases);
  free(doc);
}

/* ---- text helpers ---- */

/* s with &, <, >, " and ' escaped, and what XML 1.0 forbids (C0 controls but tab, LF, CR)
 * replaced by U+FFFD. */
static void put_escaped(sbuf_t *b, const char *s) {
  for (; s && *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '&') sbuf_puts(b, "&amp;");
    else if (c == '<') sbuf_puts(b, "&lt;");
    else if (c == '>') sbuf_puts(b, "&gt;");
    else if (c == '"') sbuf_puts(b, "&quot;");
    else if (c == '\'') sbuf_puts(b, "&#39;");
    else if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') sbuf_puts(b, "\xEF\xBF\xBD");
    else sbuf_putc(b, (char)c);
  }
}

static double case_seconds(const json_t *c) {
  return json_real_value(json_object_get(c, "ms")) / 1e3;
}

/* ---- junit ---- */

/* cucumber-js's JUnit formatter: failed and ambiguous cases are failures; undefined and
 * pending ones too when the run failed because of them, else skipped like skipped ones. */
char *cuke_report_junit(const cuke_doc_t *doc) {
  size_t tests = json_array_size(doc->cases), failures = 0, skipped = 0;
  double total = 0;
  sbuf_t body = SBUF_INIT;
  size_t i;
  json_t *c;
  json_array_foreach(doc->cases, i, c) {
    const char *status = str(c, "status");
    total += case_seconds(c);
    sbuf_puts(&body, "  <testcase classname=\"");
    put_escaped(&body, str(c, "feature"));
    sbuf_puts(&body, "\" name=\"");
    put_escaped(&body, str(c, "name"));
    sbuf_printf(&body, "\" time=\"%.3f\">\n", case_seconds(c));
    int sev = severity(status);
    const char *type = status;
    char *error = NULL;
    size_t k;
    json_t *s;
    /* The failing step's error; for an undefined, pending or ambiguous one, which it is. */
    json_array_foreach(json_object_get(c, "steps"), k, s) {
      if (error) break;
      if (json_object_get(s, "error")) error = xstrdup(str(s, "error"));
      else if (severity(str(s, "status")) >= 2)
        error = xasprintf("%c%s step: %s%s", str(s, "status")[0] - 32, str(s, "status") + 1,
                          str(s, "keyword"), str(s, "text"));
    }
    bool fails = sev >= 4 || (sev >= 2 && !doc->success);
    if (fails) {
      failures++;
      sbuf_puts(&body, "    <failure type=\"");
      put_escaped(&body, type);
      sbuf_puts(&body, "\" message=\"");
      put_escaped(&body, error ? error : status);
      sbuf_puts(&body, "\">");
      put_escaped(&body, error ? error : status);
      sbuf_puts(&body, "</failure>\n");
    } else if (sev > 0) {
      skipped++;
      sbuf_puts(&body, "    <skipped/>\n");
    }
    free(error);
    sbuf_puts(&body, "    <system-out>");
    json_array_foreach(json_object_get(c, "steps"), k, s) {
      if (json_is_true(json_object_get(s, "hook"))) continue;
      sbuf_t line = SBUF_INIT;
      sbuf_printf(&line, "%s%s", str(s, "keyword"), str(s, "text"));
      size_t len = line.len;
      for (size_t dot = len; dot < 72; dot++) sbuf_putc(&line, '.');
      sbuf_printf(&line, "%s\n", str(s, "status"));
      put_escaped(&body, sbuf_cstr(&line));
      sbuf_free(&line);
    }
    sbuf_puts(&body, "</system-out>\n  </testcase>\n");
  }
  sbuf_t b = SBUF_INIT;
  sbuf_printf(
      &b,
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"cucumber-js\" time=\"%.3f\" "
      "tests=\"%zu\" skipped=\"%zu\" failures=\"%zu\" errors=\"0\">\n%s</testsuite>\n",
      total, tests, skipped, failures, sbuf_cstr(&body));
  sbuf_free(&body);
  return sbuf_take(&b);
}

/* ---- console ---- */

static char progress_char(const char *status) {
  static const char chars[] = ".-PUAF";
  return chars[severity(status)];
}

/* "3 scenarios (1 failed, 2 passed)": counts in cucumber-js's order, worst first. */
static void put_counts(sbuf_t *b, const char *what, const size_t counts[6]) {
  size_t total = 0;
  for (int i = 0; i < 6; i++) total += counts[i];
  sbuf_printf(b, "%zu %s%s", total, what, total == 1 ? "" : "s");
  bool first = true;
  for (int i = 5; i >= 0; i--) {
    if (!counts[i]) continue;
    sbuf_printf(b, "%s%zu %s", first ? " (" : ", ", counts[i], kSeverity[i]);
    first = false;
  }
  sbuf_puts(b, first ? "\n" : ")\n");
}

static void put_duration(sbuf_t *b, double ms) {
  long long total = (long long)ms;
  sbuf_printf(b, "%lldm%02lld.%03llds", total / 60000, (total / 1000) % 60, total % 1000);
}

char *cuke_report_console(const cuke_doc_t *doc, bool progress) {
  sbuf_t b = SBUF_INIT;
  size_t scenarios[6] = {0}, steps[6] = {0}, n_issue = 0;
  double step_ms = 0;
  size_t i, k;
  json_t *c, *s;
  if (progress) {
    json_array_foreach(doc->cases, i, c) json_array_foreach(json_object_get(c, "steps"), k, s) {
      /* Hooks show only when they did not pass, as in cucumber-js. */
      if (json_is_true(json_object_get(s, "hook")) && strcmp(str(s, "status"), "passed") == 0)
        continue;
      sbuf_putc(&b, progress_char(str(s, "status")));
    }
    sbuf_puts(&b, "\n\n");
  }
  sbuf_t issues = SBUF_INIT;
  json_array_foreach(doc->cases, i, c) {
    int sev = severity(str(c, "status"));
    scenarios[sev]++;
    json_array_foreach(json_object_get(c, "steps"), k, s) {
      step_ms += json_real_value(json_object_get(s, "ms"));
      if (!json_is_true(json_object_get(s, "hook"))) steps[severity(str(s, "status"))]++;
    }
    if (sev < 2) continue;
    sbuf_printf(&issues, "%zu) Scenario: %s # %s:%d\n", ++n_issue, str(c, "name"), str(c, "uri"),
                (int)json_integer_value(json_object_get(c, "line")));
    json_array_foreach(json_object_get(c, "steps"), k, s) {
      const char *st = str(s, "status");
      const char *mark = strcmp(st, "passed") == 0    ? "\xE2\x9C\x94"
                         : strcmp(st, "skipped") == 0 ? "-"
                         : strcmp(st, "failed") == 0  ? "\xE2\x9C\x96"
                                                      : "?";
      if (json_is_true(json_object_get(s, "hook")))
        sbuf_printf(&issues, "   %s %s%s%s\n", mark, str(s, "keyword"), *str(s, "text") ? " " : "",
                    str(s, "text"));
      else sbuf_printf(&issues, "   %s %s%s\n", mark, str(s, "keyword"), str(s, "text"));
      if (strcmp(st, "undefined") == 0) sbuf_puts(&issues, "       Undefined.\n");
      if (strcmp(st, "pending") == 0) sbuf_puts(&issues, "       Pending\n");
      if (json_object_get(s, "error")) {
        const char *err = str(s, "error");
        sbuf_puts(&issues, "       ");
        for (; *err; err++) {
          sbuf_putc(&issues, *err);
          if (*err == '\n' && err[1]) sbuf_puts(&issues, "       ");
        }
        sbuf_putc(&issues, '\n');
      }
    }
    sbuf_putc(&issues, '\n');
  }
  if (n_issue)
    sbuf_printf(&b, "%s:\n\n%s", doc->success ? "Warnings" : "Failures", sbuf_cstr(&issues));
  sbuf_free(&issues);
  put_counts(&b, "scenario", scenarios);
  put_counts(&b, "step", steps);
  put_duration(&b, doc->run_ms);
  sbuf_puts(&b, " (executing steps: ");
  put_duration(&b, step_ms);
  sbuf_puts(&b, ")");
  return sbuf_take(&b);
}

/* ---- html ---- */

static const char kStyle[] =
    "body{font-family:system-ui,sans-serif;margin:2em;color:#222}h1{font-size:1.4em}"
    "table.totals td{padding:0 1em 0 0}.feature{margin:1.5em 0}.feature "
    "h2{font-size:1.15em;margin:.2em 0}"
    "details{border:1px solid #ddd;border-radius:4px;margin:.4em 0;padding:.3em .6em}"
    "summary{cursor:pointer}ol{list-style:none;padding-left:1em;margin:.3em 0}li{margin:.15em 0}"
    ".s{display:inline-block;min-width:6.5em;font-size:.8em;font-weight:600;text-transform:"
    "uppercase}"
    ".passed{color:#1b7d1b}.failed,.ambiguous{color:#c21c1c}.undefined,.pending{color:#b36b00}"
    ".skipped,.unknown{color:#777}.ms{color:#777;font-size:.8em}"
    "pre{background:#f6f6f6;padding:.5em;overflow:auto;white-space:pre-wrap}img{max-width:40em}";

static void put_attachment(sbuf_t *b, const json_t *a) {
  const char *media = str(a, "mediaType"), *body = str(a, "body");
  bool base64 = strcmp(str(a, "contentEncoding"), "BASE64") == 0;
  if (base64 && strncmp(media, "image/", 6) == 0) {
    sbuf_puts(b, "<div><img alt=\"attachment\" src=\"data:");
    put_escaped(b, media);
    sbuf_puts(b, ";base64,");
    put_escaped(b, body);
    sbuf_puts(b, "\"></div>");
  } else if (base64) {
    sbuf_puts(b, "<div><a download=\"");
    put_escaped(b, *str(a, "fileName") ? str(a, "fileName") : "attachment");
    sbuf_puts(b, "\" href=\"data:");
    put_escaped(b, media);
    sbuf_puts(b, ";base64,");
    put_escaped(b, body);
    sbuf_puts(b, "\">attachment (");
    put_escaped(b, media);
    sbuf_puts(b, ")</a></div>");
  } else {
    sbuf_puts(b, "<pre>");
    put_escaped(b, body);
    sbuf_puts(b, "</pre>");
  }
}

char *cuke_report_html(const cuke_doc_t *doc, const json_t *envelopes) {
  sbuf_t b = SBUF_INIT;
  size_t scenarios[6] = {0}, steps[6] = {0};
  size_t i, k, a;
  json_t *c, *s, *x;
  json_array_foreach(doc->cases, i, c) {
    scenarios[severity(str(c, "status"))]++;
    json_array_foreach(json_object_get(c, "steps"), k,
                       s) if (!json_is_true(json_object_get(s, "hook")))
        steps[severity(str(s, "status"))]++;
  }
  sbuf_printf(&b,
              "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
              "<title>Cucumber report</title>\n<style>%s</style>\n</head>\n<body>\n"
              "<h1>Cucumber report <span class=\"s %s\">%s</span></h1>\n<table class=\"totals\">",
              kStyle, doc->success ? "passed" : "failed", doc->success ? "passed" : "failed");
  sbuf_t line = SBUF_INIT;
  put_counts(&line, "scenario", scenarios);
  put_counts(&line, "step", steps);
  char *text = sbuf_take(&line);
  char *save = NULL;
  for (char *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
    sbuf_puts(&b, "<tr><td>");
    put_escaped(&b, l);
    sbuf_puts(&b, "</td></tr>");
  }
  free(text);
  sbuf_puts(&b, "<tr><td>");
  put_duration(&b, doc->run_ms);
  sbuf_puts(&b, "</td></tr></table>\n");
  const char *feature = NULL;
  json_array_foreach(doc->cases, i, c) {
    if (!feature || strcmp(feature, str(c, "uri")) != 0) {
      if (feature) sbuf_puts(&b, "</section>\n");
      feature = str(c, "uri");
      sbuf_puts(&b, "<section class=\"feature\"><h2>");
      put_escaped(&b, str(c, "feature"));
      sbuf_puts(&b, "</h2><div class=\"ms\">");
      put_escaped(&b, feature);
      sbuf_puts(&b, "</div>\n");
    }
    const char *status = str(c, "status");
    sbuf_printf(&b, "<details%s><summary><span class=\"s %s\">%s</span> ",
                severity(status) >= 2 ? " open" : "", status, status);
    put_escaped(&b, str(c, "name"));
    sbuf_printf(&b, " <span class=\"ms\">line %d, %.3f s",
                (int)json_integer_value(json_object_get(c, "line")), case_seconds(c));
    if (json_integer_value(json_object_get(c, "attempts")) > 1)
      sbuf_printf(&b, ", attempt %d", (int)json_integer_value(json_object_get(c, "attempts")));
    sbuf_puts(&b, "</span></summary>\n<ol>\n");
    json_array_foreach(json_object_get(c, "steps"), k, s) {
      const char *st = str(s, "status");
      bool hook = json_is_true(json_object_get(s, "hook"));
      if (hook && strcmp(st, "passed") == 0 && !json_array_size(json_object_get(s, "attachments")))
        continue;
      sbuf_printf(&b, "<li><span class=\"s %s\">%s</span> ", st, st);
      put_escaped(&b, str(s, "keyword"));
      if (hook) sbuf_puts(&b, " hook ");
      put_escaped(&b, str(s, "text"));
      sbuf_printf(&b, " <span class=\"ms\">%.3f s</span>",
                  json_real_value(json_object_get(s, "ms")) / 1e3);
      if (json_object_get(s, "error")) {
        sbuf_puts(&b, "<pre>");
        put_escaped(&b, str(s, "error"));
        sbuf_puts(&b, "</pre>");
      }
      json_array_foreach(json_object_get(s, "attachments"), a, x) put_attachment(&b, x);
      sbuf_puts(&b, "</li>\n");
    }
    sbuf_puts(&b, "</ol></details>\n");
  }
  if (feature) sbuf_puts(&b, "</section>\n");
  /* The messages for tools (cucumber's own html formatter embeds them too); "</" is
   * written "<\/" so that no text ends the element early. */
  sbuf_puts(&b, "<script type=\"application/x-ndjson\" id=\"cucumber-messages\">\n");
  json_array_foreach(envelopes, i, x) {
    char *j = json_dumps(x, JSON_COMPACT | JSON_ENSURE_ASCII);
    for (const char *p = j; p && *p; p++) {
      if (p[0] == '<' && p[1] == '/') sbuf_puts(&b, "<\\");
      else sbuf_putc(&b, *p);
    }
    sbuf_putc(&b, '\n');
    free(j);
  }
  sbuf_puts(&b, "</script>\n</body>\n</html>\n");
  return sbuf_take(&b);
}
