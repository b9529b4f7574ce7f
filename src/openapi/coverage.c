/* coverage: what a run's checks touched of each API document, merged in the launcher from
 * the workers' reports (openapi_coverage's objects, counts since the worker's last report)
 * and shown as a table of operations × documented responses: calls, conforming, violated,
 * or never called; plus the share of responses exercised, which --openapi.minCoverage
 * holds the run to. Documents are listed by name, operations in document order, so the
 * output does not depend on which worker or shard reported first; a shard's report read
 * from a file is checked first (openapi_cov_valid). Only JSON in, JSON and text out.
 *
 * Memory: the accumulator is the caller's; merge copies what it keeps. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "common/strvec.h"
#include "openapi/openapi.h"

static json_t *find_by(json_t *arr, const char *key, const char *value) {
  size_t i;
  json_t *v;
  json_array_foreach(arr, i, v) {
    const char *s = json_string_value(json_object_get(v, key));
    if (s && strcmp(s, value) == 0) return v;
  }
  return NULL;
}

#if JSON_INTEGER_IS_LONG_LONG
#define COUNT_MAX LLONG_MAX
#else
#define COUNT_MAX LONG_MAX
#endif

/* Counts are 0 or more (openapi_cov_valid); a sum that would overflow (shard files written
 * by hand) stays at the largest count. */
static void add_count(json_t *into, const json_t *from, const char *key) {
  json_int_t a = json_integer_value(json_object_get(into, key));
  json_int_t b = json_integer_value(json_object_get(from, key));
  json_int_t n = a > COUNT_MAX - b ? COUNT_MAX : a + b;
  json_object_set_new(into, key, json_integer(n));
}

void openapi_cov_merge(json_t *acc, const json_t *report) {
  const char *name = json_string_value(json_object_get(report, "document"));
  if (!name || !json_is_object(acc)) return;
  json_t *doc = json_object_get(acc, name);
  if (!doc) {
    json_object_set_new(acc, name, json_deep_copy(report));
    return;
  }
  add_count(doc, report, "unmatched");
  json_t *ops = json_object_get(doc, "operations");
  size_t i;
  json_t *op;
  json_array_foreach(json_object_get(report, "operations"), i, op) {
    const char *opname = json_string_value(json_object_get(op, "operation"));
    if (!opname) continue;
    json_t *mine = find_by(ops, "operation", opname);
    if (!mine) {
      json_array_append_new(ops, json_deep_copy(op));
      continue;
    }
    add_count(mine, op, "undocumentedStatus");
    size_t j;
    json_t *r;
    json_array_foreach(json_object_get(op, "responses"), j, r) {
      const char *key = json_string_value(json_object_get(r, "response"));
      json_t *rm = key ? find_by(json_object_get(mine, "responses"), "response", key) : NULL;
      if (!rm) continue;
      add_count(rm, r, "calls");
      add_count(rm, r, "conforming");
      add_count(rm, r, "violated");
    }
  }
}

double openapi_cov_percent(const json_t *doc, size_t *exercised, size_t *total) {
  size_t e = 0, t = 0, i, j;
  json_t *op, *r;
  json_array_foreach(json_object_get(doc, "operations"), i, op) {
    json_array_foreach(json_object_get(op, "responses"), j, r) {
      t++;
      if (json_integer_value(json_object_get(r, "calls")) > 0) e++;
    }
  }
  if (exercised) *exercised = e;
  if (total) *total = t;
  return t ? 100.0 * (double)e / (double)t : 100.0;
}

static size_t max_op_width(const json_t *ops) {
  size_t w = 0, i;
  json_t *op;
  json_array_foreach(ops, i, op) {
    size_t n = strlen(json_string_value(json_object_get(op, "operation")) ?: "");
    if (n > w) w = n;
  }
  return w;
}

static void plural(sbuf_t *out, json_int_t n, const char *one, const char *many) {
  sbuf_printf(out, "%lld %s", (long long)n, n == 1 ? one : many);
}

/* The names of acc's documents, sorted: the output does not depend on the order in
 * which workers or shards reported them. */
static void doc_names(const json_t *acc, strvec_t *names) {
  const char *name;
  json_t *doc;
  json_object_foreach((json_t *)acc, name, doc) strvec_push(names, name);
  strvec_sort_unique(names);
}

void openapi_cov_table(const json_t *acc, sbuf_t *out) {
  strvec_t names = STRVEC_INIT;
  doc_names(acc, &names);
  for (size_t d = 0; d < names.len; d++) {
    const char *name = names.items[d];
    const json_t *doc = json_object_get(acc, name);
    size_t e, t;
    double pct = openapi_cov_percent(doc, &e, &t);
    sbuf_printf(out, "OpenAPI coverage of %s: %zu of %zu documented responses exercised (%.1f%%)\n",
                name, e, t, pct);
    json_t *ops = json_object_get(doc, "operations");
    int w = (int)max_op_width(ops);
    size_t i, j;
    json_t *op, *r;
    json_array_foreach(ops, i, op) {
      const char *opname = json_string_value(json_object_get(op, "operation")) ?: "";
      bool first = true;
      json_array_foreach(json_object_get(op, "responses"), j, r) {
        json_int_t calls = json_integer_value(json_object_get(r, "calls"));
        json_int_t bad = json_integer_value(json_object_get(r, "violated"));
        sbuf_printf(out, "  %-*s  %-7s  ", w, first ? opname : "",
                    json_string_value(json_object_get(r, "response")) ?: "");
        if (!calls) {
          sbuf_puts(out, "never called\n");
        } else {
          plural(out, calls, "call", "calls");
          sbuf_puts(out, bad ? ", " : "\n");
          if (bad) {
            plural(out, bad, "violation", "violations");
            sbuf_putc(out, '\n');
          }
        }
        first = false;
      }
      json_int_t und = json_integer_value(json_object_get(op, "undocumentedStatus"));
      if (first) sbuf_printf(out, "  %-*s  (no responses documented)\n", w, opname);
      if (und) {
        sbuf_printf(out, "  %-*s  %-7s  ", w, "", "other");
        plural(out, und, "call with an undocumented status", "calls with an undocumented status");
        sbuf_putc(out, '\n');
      }
    }
    json_int_t unmatched = json_integer_value(json_object_get(doc, "unmatched"));
    if (unmatched) {
      sbuf_puts(out, "  ");
      plural(out, unmatched, "response matched no operation", "responses matched no operation");
      sbuf_putc(out, '\n');
    }
  }
  strvec_free(&names);
}

json_t *openapi_cov_document(const json_t *acc) {
  json_t *docs = json_array();
  strvec_t names = STRVEC_INIT;
  doc_names(acc, &names);
  for (size_t d = 0; d < names.len; d++) {
    const json_t *doc = json_object_get(acc, names.items[d]);
    size_t e, t;
    double pct = openapi_cov_percent(doc, &e, &t);
    json_t *copy = json_deep_copy(doc);
    json_object_set_new(copy, "exercised", json_integer((json_int_t)e));
    json_object_set_new(copy, "documented", json_integer((json_int_t)t));
    json_object_set_new(copy, "percent", json_real(pct));
    json_array_append_new(docs, copy);
  }
  strvec_free(&names);
  return json_pack("{so}", "documents", docs);
}

/* Whether obj[key], when present (or always, with `required`), is a count: an integer of
 * 0 or more. */
static bool count_ok(const json_t *obj, const char *key, bool required) {
  const json_t *v = json_object_get(obj, key);
  if (!v) return !required;
  return json_is_integer(v) && json_integer_value(v) >= 0;
}

bool openapi_cov_valid(const json_t *doc, sbuf_t *why) {
  if (!json_is_object(doc) || !json_is_string(json_object_get(doc, "document"))) {
    sbuf_puts(why, " must be an object with a \"document\" name");
    return false;
  }
  const json_t *ops = json_object_get(doc, "operations");
  if (!json_is_array(ops)) {
    sbuf_puts(why, ".operations must be an array");
    return false;
  }
  if (!count_ok(doc, "unmatched", false)) {
    sbuf_puts(why, ".unmatched must be a count (an integer of 0 or more)");
    return false;
  }
  size_t i, j;
  json_t *op, *r;
  json_array_foreach(ops, i, op) {
    if (!json_is_object(op) || !json_is_string(json_object_get(op, "operation")) ||
        !json_is_array(json_object_get(op, "responses")) ||
        !count_ok(op, "undocumentedStatus", false)) {
      sbuf_printf(why,
                  ".operations[%zu] must be an object with an \"operation\" name, a \"responses\" "
                  "array and counts",
                  i);
      return false;
    }
    json_array_foreach(json_object_get(op, "responses"), j, r) {
      if (!json_is_object(r) || !json_is_string(json_object_get(r, "response")) ||
          !count_ok(r, "calls", true) || !count_ok(r, "conforming", false) ||
          !count_ok(r, "violated", false)) {
        sbuf_printf(why,
                    ".operations[%zu].responses[%zu] must be an object with a \"response\" key "
                    "and counts (\"calls\", \"conforming\", \"violated\")",
                    i, j);
        return false;
      }
    }
  }
  return true;
}
