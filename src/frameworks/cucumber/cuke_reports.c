/* cuke_reports: the cucumberOpts.format outputs made from the job's Cucumber Messages
 * (cuke_messages.c) when the job ends: message:<file> (the envelopes, one JSON a line),
 * junit:<file> and html:<file> (cuke_report_junit/html in cuke_report_doc.c), each
 * written per job as <file> with the cid before the extension; progress and summary are
 * printed as the job's output (a log event: the launcher prints it with the cid). */
#include <stdlib.h>
#include <string.h>

#include "common/fsutil.h"
#include "common/secret.h"
#include "common/glob.h"
#include "common/sbuf.h"
#include "frameworks/cucumber/cuke_int.h"
#include "frameworks/cucumber/cuke_report_doc.h"

static int write_report(const char *format, const char *path, const char *cid, const char *text,
                        char **err) {
  char *cwd = fs_cwd();
  char *named = cuke_path_with_cid(path, cid);
  char *abs = path_resolve(cwd, named);
  char *dir = fs_dirname(abs);
  int rc = 0;
  if (fs_mkdir_p(dir) != 0 || secret_write_file_atomic(abs, text, strlen(text)) != 0) {
    *err = xasprintf("cucumberOpts.format %s: cannot write %s", format, abs);
    rc = -1;
  }
  free(dir);
  free(abs);
  free(named);
  free(cwd);
  return rc;
}

static char *ndjson(const json_t *envelopes) {
  sbuf_t b = SBUF_INIT;
  size_t i;
  json_t *e;
  json_array_foreach(envelopes, i, e) {
    char *line = json_dumps(e, JSON_COMPACT | JSON_ENSURE_ASCII);
    if (line) sbuf_printf(&b, "%s\n", line);
    free(line);
  }
  return sbuf_take(&b);
}

int cuke_reports_write(fw_cucumber_t *ck, const char *cid, char **err) {
  const cuke_opts_t *o = ck->opts;
  /* A job that read no feature file has nothing to report (one that did not parse has
   * its parse errors). */
  if (!o->messages || !json_array_size(ck->msgs.head)) return 0;
  json_t *env = cuke_msg_envelopes(ck, false);
  int rc = 0;
  if (o->message_path) {
    char *text = ndjson(env);
    rc = write_report("message", o->message_path, cid, text, err);
    free(text);
  }
  if (rc == 0 && (o->junit_path || o->html_path || o->progress || o->summary)) {
    cuke_doc_t *doc = cuke_doc_from_messages(env);
    if (o->junit_path) {
      char *xml = cuke_report_junit(doc);
      rc = write_report("junit", o->junit_path, cid, xml, err);
      free(xml);
    }
    if (rc == 0 && o->html_path) {
      char *html = cuke_report_html(doc, env);
      rc = write_report("html", o->html_path, cid, html, err);
      free(html);
    }
    if (o->progress || o->summary) {
      char *text = cuke_report_console(doc, o->progress);
      json_t *ev = json_pack("{s:s, s:s, s:s}", "type", "log", "level", "info", "text", text);
      ck->r->emit(ev, ck->r->emit_ud);
      json_decref(ev);
      free(text);
    }
    cuke_doc_free(doc);
  }
  json_decref(env);
  return rc;
}
