/* coverage: what a run's checks touched of each API document, merged in the launcher from
 * the workers' reports (openapi_coverage's objects, counts since the worker's last report)
 * and shown as a table of operations × documented responses: calls, conforming, violated,
 * or never called; plus the share of responses exercised, which --openapi.minCoverage
 * holds the run to. Only JSON in, JSON and text out.
 *
 * Memory: the accumulator is the caller's; merge copies what it keeps. */
#include <stdio.h>
#include <string.h>

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

static void add_count(json_t *into, const json_t *from, const char *key) {
  json_int_t n = json_integer_value(json_object_get(into, key)) +
                 json_integer_value(json_object_get(from, key));
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

void openapi_cov_table(const json_t *acc, sbuf_t *out) {
  const char *name;
  json_t *doc;
  json_object_foreach((json_t *)acc, name, doc) {
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
}

json_t *openapi_cov_document(const json_t *acc) {
  json_t *docs = json_array();
  const char *name;
  json_t *doc;
  json_object_foreach((json_t *)acc, name, doc) {
    size_t e, t;
    double pct = openapi_cov_percent(doc, &e, &t);
    json_t *copy = json_deep_copy(doc);
    json_object_set_new(copy, "exercised", json_integer((json_int_t)e));
    json_object_set_new(copy, "documented", json_integer((json_int_t)t));
    json_object_set_new(copy, "percent", json_real(pct));
    json_array_append_new(docs, copy);
  }
  return json_pack("{so}", "documents", docs);
}
