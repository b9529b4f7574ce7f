/* cuke_messages: the job's run as Cucumber Messages (the envelopes of cucumber-js's
 * `message` formatter), kept in memory while the job runs and written when it ends: the
 * basis of cucumberOpts.format message:, junit:, html:, progress and summary
 * (cuke_reports.c). Collected only when one of those formats is on.
 *
 * Order, as @cucumber/compatibility-kit's samples have it: source, gherkinDocument and
 * the selected pickles of every feature of the job; parameterType, stepDefinition and
 * hook in the order the support files define them; testRunStarted; BeforeAll hooks
 * (testRunHookStarted/Finished); every testCase; then each attempt of a test case
 * (testCaseStarted, testStepStarted, attachment, suggestion, testStepFinished ...,
 * testCaseFinished); AfterAll hooks; testRunFinished. A test case is known when its
 * scenario first runs (cucumber.js gives its plan: hooks that apply, matching step
 * definitions), so the testCase envelopes are put before the first testCaseStarted when
 * the file is written. Ids come from the job's Gherkin id counter (unique in the file).
 * The natives cucumber.js calls are made here (cuke_msg_natives). */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/sbuf.h"
#include "frameworks/cucumber/cuke_int.h"
#include "js/jsclass.h"

static json_t *new_id(fw_cucumber_t *ck) {
  char id[24];
  snprintf(id, sizeof id, "%u", ck->ids.next++);
  return json_string(id);
}

static json_t *timestamp_json(void) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return json_pack("{s:I, s:i}", "seconds", (json_int_t)ts.tv_sec, "nanos", (int)ts.tv_nsec);
}

static json_t *duration_json(double ms) {
  if (ms < 0) ms = 0;
  json_int_t ns = (json_int_t)(ms * 1e6);
  return json_pack("{s:I, s:i}", "seconds", ns / 1000000000, "nanos", (int)(ns % 1000000000));
}

static void put(json_t *list, const char *type, json_t *body) {
  json_t *env = json_object();
  json_object_set_new(env, type, body);
  json_array_append_new(list, env);
}

/* "samples/x/x.ts:12" -> {uri, location: {line}} */
static json_t *source_reference(const char *where) {
  const char *colon = where ? strrchr(where, ':') : NULL;
  if (!colon) return json_pack("{s:s}", "uri", where ? where : "");
  json_t *ref = json_pack("{s:s%}", "uri", where, (size_t)(colon - where));
  json_object_set_new(ref, "location", json_pack("{s:i}", "line", atoi(colon + 1)));
  return ref;
}

static json_t *status_name(const char *status) {
  char up[16] = "UNKNOWN";
  if (status && strlen(status) < sizeof up) {
    for (size_t i = 0; status[i]; i++)
      up[i] = (char)(status[i] >= 'a' && status[i] <= 'z' ? status[i] - 32 : status[i]);
    up[strlen(status)] = '\0';
  }
  return json_string(up);
}

/* {status, duration, message, exception} of a step or hook; a failure carries its error. */
static json_t *result_json(fw_cucumber_t *ck, const char *status, double ms, JSContextRef ctx,
                           JSValueRef error) {
  json_t *r = json_object();
  bool failed = status && strcmp(status, "failed") == 0;
  if (failed && error && !JSValueIsUndefined(ctx, error) && !JSValueIsNull(ctx, error)) {
    json_t *e = fw_error_json(ck->r, error);
    const char *msg = json_string_value(json_object_get(e, "message"));
    const char *stack = json_string_value(json_object_get(e, "stack"));
    const char *name = json_string_value(json_object_get(e, "name"));
    json_object_set_new(r, "message", json_string(stack && *stack ? stack : msg ? msg : ""));
    json_t *ex =
        json_pack("{s:s, s:s}", "type", name && *name ? name : "Error", "message", msg ? msg : "");
    if (stack && *stack) json_object_set_new(ex, "stackTrace", json_string(stack));
    json_object_set_new(r, "exception", ex);
    json_decref(e);
  }
  json_object_set_new(r, "status", status_name(status));
  json_object_set_new(r, "duration", duration_json(ms));
  return r;
}

bool cuke_msg_enabled(const fw_cucumber_t *ck) { return ck->opts->messages; }

static void ensure_run_started(fw_cucumber_t *ck) {
  cuke_msgs_t *m = &ck->msgs;
  if (m->run_id) return;
  m->run_id = new_id(ck);
  put(m->run, "testRunStarted",
      json_pack("{s:O, s:o}", "id", m->run_id, "timestamp", timestamp_json()));
}

void cuke_msg_feature(fw_cucumber_t *ck, const gherkin_document_t *doc, const char *src, size_t len,
                      size_t first, const bool *selected) {
  if (!cuke_msg_enabled(ck)) return;
  cuke_msgs_t *m = &ck->msgs;
  size_t ulen = strlen(doc->uri);
  bool md = ulen > 3 && strcmp(doc->uri + ulen - 3, ".md") == 0;
  put(m->head, "source",
      json_pack("{s:s%, s:s, s:s}", "data", src, len, "uri", doc->uri, "mediaType",
                md ? "text/x.cucumber.gherkin+markdown" : "text/x.cucumber.gherkin+plain"));
  if (doc->nerrors) {
    /* A feature that does not parse: its errors, and the run fails (as cucumber-js). */
    for (size_t i = 0; i < doc->nerrors; i++)
      json_array_append_new(m->head, gherkin_error_json(doc, &doc->errors[i]));
    m->failed = true;
    return;
  }
  json_array_append_new(m->head, gherkin_document_json(doc));
  for (size_t i = first; i < ck->pickles.len; i++)
    if (selected[i - first])
      json_array_append_new(m->head, gherkin_pickle_json(&ck->pickles.items[i]));
}

/* ---- natives for cucumber.js (only called when messages are on) ---- */

static double num_arg(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t i) {
  return i < argc && JSValueIsNumber(ctx, argv[i]) ? JSValueToNumber(ctx, argv[i], NULL) : 0;
}

static JSValueRef opt_arg(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t i) {
  return i < argc && !JSValueIsUndefined(ctx, argv[i]) && !JSValueIsNull(ctx, argv[i]) ? argv[i]
                                                                                       : NULL;
}

/* stepDefined(defIndex, pattern, isRegExp, where) */
NATIVE(n_step_defined) {
  fw_cucumber_t *ck = data;
  cuke_msgs_t *m = &ck->msgs;
  size_t index = (size_t)num_arg(ctx, argc, argv, 0);
  char *pattern = cuke_arg_str(ctx, argc, argv, 1), *where = cuke_arg_str(ctx, argc, argv, 3);
  bool re = argc > 2 && JSValueToBoolean(ctx, argv[2]);
  json_t *id = new_id(ck);
  while (json_array_size(m->def_ids) <= index) json_array_append_new(m->def_ids, json_null());
  json_array_set(m->def_ids, index, id);
  json_t *def =
      json_pack("{s:o, s:{s:s, s:s}, s:o}", "id", id, "pattern", "source", pattern ? pattern : "",
                "type", re ? "REGULAR_EXPRESSION" : "CUCUMBER_EXPRESSION", "sourceReference",
                source_reference(where));
  put(m->defs, "stepDefinition", def);
  free(pattern);
  free(where);
  return JSValueMakeUndefined(ctx);
}

/* typeDefined(name, [regexps], useForSnippets, preferForRegexpMatch, where) */
NATIVE(n_type_defined) {
  fw_cucumber_t *ck = data;
  char *name = cuke_arg_str(ctx, argc, argv, 0), *where = cuke_arg_str(ctx, argc, argv, 4);
  size_t n;
  char **sources = cuke_arg_strings(ctx, argc, argv, 1, &n);
  json_t *res = json_array();
  for (size_t i = 0; i < n; i++) json_array_append_new(res, json_string(sources[i]));
  cuke_strings_free(sources);
  json_t *t = json_pack(
      "{s:o, s:s, s:o, s:b, s:b, s:o}", "id", new_id(ck), "name", name ? name : "",
      "regularExpressions", res, "preferForRegularExpressionMatch",
      argc > 3 && JSValueToBoolean(ctx, argv[3]), "useForSnippets",
      argc > 2 && JSValueToBoolean(ctx, argv[2]), "sourceReference", source_reference(where));
  put(ck->msgs.defs, "parameterType", t);
  free(name);
  free(where);
  return JSValueMakeUndefined(ctx);
}

/* hookDefined(type, name, tagExpression, where) -> the hook's id */
NATIVE(n_hook_defined) {
  fw_cucumber_t *ck = data;
  char *type = cuke_arg_str(ctx, argc, argv, 0), *name = cuke_arg_str(ctx, argc, argv, 1),
       *tags = cuke_arg_str(ctx, argc, argv, 2), *where = cuke_arg_str(ctx, argc, argv, 3);
  json_t *id = new_id(ck);
  json_t *h = json_pack("{s:O}", "id", id);
  if (name && *name) json_object_set_new(h, "name", json_string(name));
  json_object_set_new(h, "type", json_string(type ? type : "BEFORE_TEST_CASE"));
  if (tags && *tags) json_object_set_new(h, "tagExpression", json_string(tags));
  json_object_set_new(h, "sourceReference", source_reference(where));
  put(ck->msgs.defs, "hook", h);
  JSValueRef v = js_make_string(ctx, json_string_value(id));
  json_decref(id);
  free(type);
  free(name);
  free(tags);
  free(where);
  return v;
}

/* runHook('start'|'end', hookId, status, durationMs, error): a BeforeAll or AfterAll hook. */
NATIVE(n_run_hook) {
  fw_cucumber_t *ck = data;
  cuke_msgs_t *m = &ck->msgs;
  char *event = cuke_arg_str(ctx, argc, argv, 0), *hook = cuke_arg_str(ctx, argc, argv, 1),
       *status = cuke_arg_str(ctx, argc, argv, 2);
  ensure_run_started(ck);
  if (event && strcmp(event, "start") == 0) {
    json_decref(m->hook_started_id);
    m->hook_started_id = new_id(ck);
    put(m->run, "testRunHookStarted",
        json_pack("{s:O, s:O, s:s, s:o}", "testRunStartedId", m->run_id, "id", m->hook_started_id,
                  "hookId", hook ? hook : "", "timestamp", timestamp_json()));
  } else if (m->hook_started_id) {
    json_t *result =
        result_json(ck, status, num_arg(ctx, argc, argv, 3), ctx, opt_arg(ctx, argc, argv, 4));
    put(m->run, "testRunHookFinished",
        json_pack("{s:o, s:o, s:o}", "testRunHookStartedId", m->hook_started_id, "timestamp",
                  timestamp_json(), "result", result));
    m->hook_started_id = NULL;
    if (status && strcmp(status, "failed") == 0) m->failed = true;
  }
  free(event);
  free(hook);
  free(status);
  return JSValueMakeUndefined(ctx);
}

/* The testCase of the running pickle from cucumber.js's plan: [{hookId} | {step: index,
 * defs: [definition indexes]}]. */
static json_t *make_test_case(fw_cucumber_t *ck, JSContextRef ctx, JSValueRef plan) {
  cuke_msgs_t *m = &ck->msgs;
  const gherkin_pickle_t *p = &ck->pickles.items[ck->running_pickle];
  char pid[24];
  snprintf(pid, sizeof pid, "%u", p->id);
  json_t *steps = json_array();
  size_t n = js_array_length(ctx, plan);
  for (size_t i = 0; i < n; i++) {
    JSValueRef item = js_array_get(ctx, plan, (unsigned)i);
    char *hook = js_get_string(ctx, item, "hookId");
    if (hook) {
      json_array_append_new(steps, json_pack("{s:o, s:s}", "id", new_id(ck), "hookId", hook));
      free(hook);
      continue;
    }
    size_t si = (size_t)js_get_number(ctx, item, "step", 0);
    if (si >= p->nsteps) continue;
    const gherkin_pickle_step_t *s = &p->steps[si];
    char sid[24];
    snprintf(sid, sizeof sid, "%u", s->id);
    json_t *ids = json_array(), *lists = json_array();
    size_t text_len;
    char *text = gherkin_text(s->text, &text_len); /* its NULs given back (gherkin.h) */
    JSValueRef defs = js_get(ctx, item, "defs");
    size_t nd = js_array_length(ctx, defs);
    for (size_t k = 0; k < nd; k++) {
      size_t d = (size_t)JSValueToNumber(ctx, js_array_get(ctx, defs, (unsigned)k), NULL);
      json_t *did = json_array_get(m->def_ids, d);
      if (did && !json_is_null(did)) json_array_append(ids, did);
      json_t *args =
          d < ck->ndefs && ck->defs[d].e ? cukexpr_match_json(ck->defs[d].e, text, text_len) : NULL;
      json_array_append_new(lists,
                            json_pack("{s:o}", "stepMatchArguments", args ? args : json_array()));
    }
    free(text);
    json_array_append_new(steps,
                          json_pack("{s:o, s:s, s:o, s:o}", "id", new_id(ck), "pickleStepId", sid,
                                    "stepDefinitionIds", ids, "stepMatchArgumentsLists", lists));
  }
  return json_pack("{s:o, s:s, s:o, s:O}", "id", new_id(ck), "pickleId", pid, "testSteps", steps,
                   "testRunStartedId", m->run_id);
}

/* caseStarted(plan): the running pickle's attempt starts; its testCase is made on the first. */
NATIVE(n_case_started) {
  fw_cucumber_t *ck = data;
  cuke_msgs_t *m = &ck->msgs;
  if (ck->running_pickle >= ck->pickles.len || argc < 1) return JSValueMakeUndefined(ctx);
  ensure_run_started(ck);
  while (json_array_size(m->case_of) <= ck->running_pickle)
    json_array_append_new(m->case_of, json_null());
  json_t *tc = json_array_get(m->case_of, ck->running_pickle);
  if (json_is_null(tc)) {
    tc = make_test_case(ck, ctx, argv[0]);
    json_array_set_new(m->case_of, ck->running_pickle, tc);
    put(m->cases, "testCase", json_incref(tc));
  }
  if (m->cases_at == SIZE_MAX) m->cases_at = json_array_size(m->run);
  m->current_case = tc;
  json_decref(m->case_started_id);
  m->case_started_id = new_id(ck);
  fw_runnable_t *t = ck->r->test_active ? ck->r->tf.test : NULL;
  put(m->run, "testCaseStarted",
      json_pack("{s:O, s:O, s:o, s:i}", "id", m->case_started_id, "testCaseId",
                json_object_get(tc, "id"), "timestamp", timestamp_json(), "attempt",
                t ? t->attempt : 0));
  return JSValueMakeUndefined(ctx);
}

static json_t *test_step_id(cuke_msgs_t *m, size_t k) {
  json_t *steps = m->current_case ? json_object_get(m->current_case, "testSteps") : NULL;
  return json_object_get(json_array_get(steps, k), "id");
}

/* testStep('start'|'end', k, status, durationMs, error): test step k of the running case. */
NATIVE(n_test_step) {
  fw_cucumber_t *ck = data;
  cuke_msgs_t *m = &ck->msgs;
  char *event = cuke_arg_str(ctx, argc, argv, 0), *status = cuke_arg_str(ctx, argc, argv, 2);
  json_t *id = test_step_id(m, (size_t)num_arg(ctx, argc, argv, 1));
  if (id && m->case_started_id) {
    if (event && strcmp(event, "start") == 0) {
      m->step_id = id;
      put(m->run, "testStepStarted",
          json_pack("{s:O, s:O, s:o}", "testCaseStartedId", m->case_started_id, "testStepId", id,
                    "timestamp", timestamp_json()));
    } else {
      json_t *result =
          result_json(ck, status, num_arg(ctx, argc, argv, 3), ctx, opt_arg(ctx, argc, argv, 4));
      put(m->run, "testStepFinished",
          json_pack("{s:O, s:O, s:o, s:o}", "testCaseStartedId", m->case_started_id, "testStepId",
                    id, "testStepResult", result, "timestamp", timestamp_json()));
      m->step_id = NULL;
    }
  }
  free(event);
  free(status);
  return JSValueMakeUndefined(ctx);
}

/* suggestion(k, [code]): snippets for the undefined step k, one per candidate expression. */
NATIVE(n_suggestion) {
  fw_cucumber_t *ck = data;
  cuke_msgs_t *m = &ck->msgs;
  json_t *steps = m->current_case ? json_object_get(m->current_case, "testSteps") : NULL;
  json_t *pickle_step =
      json_object_get(json_array_get(steps, (size_t)num_arg(ctx, argc, argv, 0)), "pickleStepId");
  if (!pickle_step || argc < 2) return JSValueMakeUndefined(ctx);
  size_t n;
  char **codes = cuke_arg_strings(ctx, argc, argv, 1, &n);
  json_t *snippets = json_array();
  for (size_t i = 0; i < n; i++)
    json_array_append_new(snippets,
                          json_pack("{s:s, s:s}", "language", "javascript", "code", codes[i]));
  cuke_strings_free(codes);
  put(m->run, "suggestion",
      json_pack("{s:o, s:O, s:o}", "id", new_id(ck), "pickleStepId", pickle_step, "snippets",
                snippets));
  return JSValueMakeUndefined(ctx);
}

/* attach(body, mediaType, base64, fileName): this.attach / this.log of the running step or
 * hook. */
NATIVE(n_attach) {
  fw_cucumber_t *ck = data;
  cuke_msgs_t *m = &ck->msgs;
  char *body = cuke_arg_str(ctx, argc, argv, 0), *media = cuke_arg_str(ctx, argc, argv, 1),
       *file = cuke_arg_str(ctx, argc, argv, 3);
  bool base64 = argc > 2 && JSValueToBoolean(ctx, argv[2]);
  json_t *a = json_pack("{s:s, s:s, s:s}", "body", body ? body : "", "contentEncoding",
                        base64 ? "BASE64" : "IDENTITY", "mediaType", media ? media : "text/plain");
  if (file) json_object_set_new(a, "fileName", json_string(file));
  if (m->case_started_id && m->step_id) {
    json_object_set(a, "testCaseStartedId", m->case_started_id);
    json_object_set(a, "testStepId", m->step_id);
  } else if (m->hook_started_id) {
    json_object_set(a, "testRunHookStartedId", m->hook_started_id);
  }
  json_object_set_new(a, "timestamp", timestamp_json());
  ensure_run_started(ck);
  put(m->run, "attachment", a);
  free(body);
  free(media);
  free(file);
  return JSValueMakeUndefined(ctx);
}

/* caseFinished(status, failsRun): the attempt ends; a failure is retried while retries
 * are left. failsRun: the case makes the run unsuccessful (failed, ambiguous; undefined
 * or pending under strict). */
NATIVE(n_case_finished) {
  fw_cucumber_t *ck = data;
  cuke_msgs_t *m = &ck->msgs;
  char *status = cuke_arg_str(ctx, argc, argv, 0);
  fw_runnable_t *t = ck->r->test_active ? ck->r->tf.test : NULL;
  bool failed = status && strcmp(status, "failed") == 0;
  bool retried = failed && t && t->attempt < fw_effective_retries(ck->r, t);
  if (m->case_started_id) {
    put(m->run, "testCaseFinished",
        json_pack("{s:o, s:o, s:b}", "testCaseStartedId", m->case_started_id, "timestamp",
                  timestamp_json(), "willBeRetried", retried));
    m->case_started_id = NULL;
  }
  if (argc > 1 && JSValueToBoolean(ctx, argv[1]) && !retried) m->failed = true;
  m->current_case = NULL;
  free(status);
  return JSValueMakeUndefined(ctx);
}

void cuke_msg_natives(fw_cucumber_t *ck, JSContextRef ctx, JSObjectRef natives) {
  cuke_msgs_t *m = &ck->msgs;
  m->head = json_array();
  m->defs = json_array();
  m->run = json_array();
  m->cases = json_array();
  m->def_ids = json_array();
  m->case_of = json_array();
  m->cases_at = SIZE_MAX;
  static const struct {
    const char *name;
    js_closure_fn fn;
  } natives_list[] = {
      {"stepDefined", n_step_defined},   {"typeDefined", n_type_defined},
      {"hookDefined", n_hook_defined},   {"runHook", n_run_hook},
      {"caseStarted", n_case_started},   {"testStep", n_test_step},
      {"suggestion", n_suggestion},      {"attach", n_attach},
      {"caseFinished", n_case_finished},
  };
  JSObjectRef o = JSObjectMake(ctx, NULL, NULL);
  for (size_t i = 0; i < sizeof natives_list / sizeof natives_list[0]; i++)
    js_set(ctx, o, natives_list[i].name,
           js_make_closure(ctx, natives_list[i].name, natives_list[i].fn, ck, NULL));
  js_set(ctx, natives, "messages", o);
}

json_t *cuke_msg_envelopes(fw_cucumber_t *ck, bool job_failed) {
  cuke_msgs_t *m = &ck->msgs;
  json_t *all = json_array();
  put(all, "meta",
      json_pack("{s:s, s:{s:s, s:s}, s:{s:s}, s:{s:s}}", "protocolVersion", "27.0.0",
                "implementation", "name", "sonde", "version", SONDE_VERSION, "runtime", "name",
                "JavaScriptCore", "os", "name", "linux"));
  json_array_extend(all, m->head);
  json_array_extend(all, m->defs);
  ensure_run_started(ck);
  size_t at = m->cases_at == SIZE_MAX ? json_array_size(m->run) : m->cases_at;
  for (size_t i = 0; i < json_array_size(m->run); i++) {
    if (i == at) json_array_extend(all, m->cases);
    json_array_append(all, json_array_get(m->run, i));
  }
  if (at >= json_array_size(m->run)) json_array_extend(all, m->cases);
  put(all, "testRunFinished",
      json_pack("{s:O, s:o, s:b}", "testRunStartedId", m->run_id, "timestamp", timestamp_json(),
                "success", !m->failed && !job_failed));
  return all;
}

void cuke_msg_free(fw_cucumber_t *ck) {
  cuke_msgs_t *m = &ck->msgs;
  json_decref(m->head);
  json_decref(m->defs);
  json_decref(m->run);
  json_decref(m->cases);
  json_decref(m->def_ids);
  json_decref(m->case_of);
  json_decref(m->run_id);
  json_decref(m->case_started_id);
  json_decref(m->hook_started_id);
}
