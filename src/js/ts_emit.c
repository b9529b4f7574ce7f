/* ts_emit: the TypeScript eraser's edits and output. Edits are recorded in source order as
 * the parse goes (a speculative parse that fails drops its own); after the parse,
 * ts_finish_module drops unused imports and type-only exports, and ts_assemble writes the
 * source with the edits applied: blanks keep every line terminator and put one space per
 * UTF-16 unit, replacements are followed by any line terminator they lack, so no line
 * moves. Also the entry point, ts_erase. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "js/ts_internal.h"
#include "js/ts_parse_internal.h"

/* ---- edits ---- */

void ts_edit(ts_parser_t *p, size_t start, size_t end, char *text) {
  if (p->failed || start > end || end > p->len) {
    free(text);
    return;
  }
  ts_edit_t e = {start, end, text, p->edit_seq++};
  TS_PUSH(p, p->edits, e);
}

void ts_blank(ts_parser_t *p, size_t start, size_t end) {
  if (end > start) ts_edit(p, start, end, NULL);
}

static void drop_edits_from(ts_parser_t *p, size_t start) {
  while (p->edits.len > 0 && p->edits.items[p->edits.len - 1].start >= start) {
    free(p->edits.items[p->edits.len - 1].text);
    p->edits.len--;
  }
}

void ts_blank_over(ts_parser_t *p, size_t start, size_t end) {
  if (p->failed) return;
  drop_edits_from(p, start);
  ts_blank(p, start, end);
}

void ts_insert(ts_parser_t *p, size_t at, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  sbuf_t b = SBUF_INIT;
  sbuf_vprintf(&b, fmt, ap);
  va_end(ap);
  ts_edit(p, at, at, sbuf_take(&b));
}

/* ---- speculation ---- */

ts_state_t ts_save(const ts_parser_t *p) {
  return (ts_state_t){p->tok,         p->prev_end,    p->edits.len,      p->bindings.len,
                      p->imports.len, p->exports.len, p->type_names.len, p->decls.len,
                      p->depth};
}

void ts_restore(ts_parser_t *p, const ts_state_t *s) {
  for (size_t i = s->n_edits; i < p->edits.len; i++) free(p->edits.items[i].text);
  p->edits.len = s->n_edits;
  p->bindings.len = s->n_bindings;
  p->imports.len = s->n_imports;
  p->exports.len = s->n_exports;
  p->type_names.len = s->n_type_names;
  p->decls.len = s->n_decls;
  p->depth = s->depth;
  p->tok = s->tok;
  p->prev_end = s->prev_end;
  /* The work and nesting limits end the parse: retrying another reading would only run
   * into them again, once per speculation level (exponentially). */
  if (p->fatal) return;
  p->failed = false;
  p->err_msg[0] = '\0';
}

/* ---- names used as values ---- */

static uint32_t hash_bytes(const char *s, size_t n) {
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 16777619u;
  return h;
}

bool ts_name_eq(const ts_parser_t *p, ts_name_t a, ts_name_t b) {
  return a.len == b.len && memcmp(p->src + a.start, p->src + b.start, a.len) == 0;
}

static uint32_t *find_slot(const ts_parser_t *p, ts_name_t n) {
  size_t mask = p->used_hash_cap - 1;
  for (size_t i = hash_bytes(p->src + n.start, n.len) & mask;; i = (i + 1) & mask) {
    uint32_t *slot = &p->used_hash[i];
    if (*slot == 0 || ts_name_eq(p, p->used.items[*slot - 1], n)) return slot;
  }
}

void ts_use_name(ts_parser_t *p, size_t start, size_t len) {
  /* Inside `declare` nothing runs: TypeScript drops an import used only there (in a
   * computed key of a declared class, say). */
  if (p->ambient) return;
  ts_name_t n = {start, len};
  if ((p->used.len + 1) * 2 > p->used_hash_cap) {
    size_t cap = p->used_hash_cap ? p->used_hash_cap * 2 : 64;
    free(p->used_hash);
    p->used_hash = xcalloc(cap, sizeof(*p->used_hash));
    p->used_hash_cap = cap;
    for (size_t i = 0; i < p->used.len; i++) *find_slot(p, p->used.items[i]) = (uint32_t)(i + 1);
  }
  uint32_t *slot = find_slot(p, n);
  if (*slot) return;
  TS_PUSH(p, p->used, n);
  *slot = (uint32_t)p->used.len;
}

bool ts_name_used(const ts_parser_t *p, ts_name_t n) {
  return p->used_hash_cap > 0 && *find_slot(p, n) != 0;
}

/* ---- after the parse ---- */

static bool in_list(const ts_parser_t *p, const ts_name_t *items, size_t n, ts_name_t name) {
  for (size_t i = 0; i < n; i++)
    if (ts_name_eq(p, items[i], name)) return true;
  return false;
}

/* A name only a type declares: an interface, a type alias or a type-only import, and no
 * top-level class, function, variable or value import. */
static bool type_only_name(const ts_parser_t *p, ts_name_t name) {
  if (!in_list(p, p->type_names.items, p->type_names.len, name)) return false;
  for (size_t i = 0; i < p->decls.len; i++)
    if (p->decls.items[i].block == 0 && ts_name_eq(p, p->decls.items[i].name, name)) return false;
  for (size_t i = 0; i < p->bindings.len; i++)
    if (ts_name_eq(p, p->bindings.items[i].local, name)) return false;
  return true;
}

void ts_finish_module(ts_parser_t *p) {
  for (size_t i = 0; i < p->exports.len; i++) {
    ts_export_spec_t *e = &p->exports.items[i];
    if (type_only_name(p, e->local)) ts_blank(p, e->start, e->end);
    else ts_use_name(p, e->local.start, e->local.len);
  }
  /* Bindings are in statement order, each statement's together. */
  size_t j = 0;
  for (size_t i = 0; i < p->imports.len; i++) {
    ts_import_t *imp = &p->imports.items[i];
    while (j < p->bindings.len && p->bindings.items[j].stmt < i) j++;
    size_t first = j, last = j;
    bool any_used = false;
    for (; last < p->bindings.len && p->bindings.items[last].stmt == i; last++) {
      ts_binding_t *b = &p->bindings.items[last];
      b->type_only = b->type_only || !ts_name_used(p, b->local); /* now: dropped */
      any_used = any_used || !b->type_only;
    }
    if (imp->has_bindings && !any_used) {
      ts_blank(p, imp->start, imp->end);
      continue;
    }
    if (imp->es) p->module_kept = true;
    ts_binding_t *last_kept = NULL;
    bool dropped_after = false, default_kept = false, named_kept = false;
    for (size_t k = first; k < last; k++) {
      ts_binding_t *b = &p->bindings.items[k];
      if (!b->type_only) {
        if (b->named) last_kept = b;
        dropped_after = false;
        default_kept = default_kept || (!b->named && b->end > b->start);
        named_kept = named_kept || b->named;
      } else if (b->end > b->start) {
        ts_blank(p, b->start, b->end);
        dropped_after = dropped_after || b->named;
      }
    }
    /* `{ a, type B }` becomes `{ a }`, not `{ a, }`, and `d, { type B }` plain `d`, as
     * TypeScript prints them. */
    if (last_kept && dropped_after && last_kept->comma != SIZE_MAX)
      ts_blank(p, last_kept->comma, last_kept->comma + 1);
    if (default_kept && !named_kept && imp->comma != SIZE_MAX)
      ts_blank(p, imp->comma, imp->braces_end);
  }
  /* A file that was a module stays one (strict, its own scope), as TypeScript keeps it
   * with `export {}`; on a line of its own after the last. */
  if (p->module_syntax && !p->module_kept) ts_edit(p, p->len, p->len, xstrdup("\nexport {};"));
}

/* ---- output ---- */

static int edit_order(const void *a, const void *b) {
  const ts_edit_t *x = a, *y = b;
  if (x->start != y->start) return x->start < y->start ? -1 : 1;
  bool xi = x->end == x->start, yi = y->end == y->start;
  if (xi != yi) return xi ? -1 : 1; /* an insertion goes before what starts there */
  if (x->end != y->end) return x->end > y->end ? -1 : 1; /* the outer edit wins */
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Appends the line terminators of [start, end) after the first `skip` of them, each as
 * it is in the source; returns how many the range holds (\r\n counts one). */
static size_t newlines_after(const char *s, size_t start, size_t end, size_t skip, sbuf_t *out) {
  size_t n = 0;
  for (size_t i = start; i < end; i++) {
    unsigned char c = (unsigned char)s[i];
    size_t len = 0;
    if (c == '\r' && i + 1 < end && s[i + 1] == '\n') len = 2;
    else if (c == '\n' || c == '\r') len = 1;
    else if (c == 0xE2 && i + 2 < end && (unsigned char)s[i + 1] == 0x80 &&
             ((unsigned char)s[i + 2] == 0xA8 || (unsigned char)s[i + 2] == 0xA9))
      len = 3;
    if (!len) continue;
    if (out && n >= skip) sbuf_append(out, s + i, len);
    n++;
    i += len - 1;
  }
  return n;
}

size_t ts_newlines(const char *s, size_t start, size_t end, sbuf_t *out) {
  return newlines_after(s, start, end, 0, out);
}

static void put_blank(const char *s, size_t start, size_t end, sbuf_t *out) {
  for (size_t i = start; i < end; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '\n' || c == '\r') {
      sbuf_putc(out, (char)c);
    } else if (c == 0xE2 && i + 2 < end && (unsigned char)s[i + 1] == 0x80 &&
               ((unsigned char)s[i + 2] == 0xA8 || (unsigned char)s[i + 2] == 0xA9)) {
      sbuf_append(out, s + i, 3);
      i += 2;
    } else if ((c & 0xC0) != 0x80) {
      sbuf_puts(out, c >= 0xF0 ? "  " : " "); /* astral characters are two UTF-16 units */
    }
  }
}

void ts_assemble(const ts_parser_t *p, sbuf_t *out) {
  ts_edit_t *edits = p->edits.items;
  if (p->edits.len > 1) qsort(edits, p->edits.len, sizeof(*edits), edit_order);
  sbuf_reserve(out, p->len + 64);
  size_t cursor = 0;
  for (size_t i = 0; i < p->edits.len; i++) {
    ts_edit_t *e = &edits[i];
    if (e->start < cursor) continue; /* inside an edit already made */
    sbuf_append(out, p->src + cursor, e->start - cursor);
    if (!e->text) {
      put_blank(p->src, e->start, e->end, out);
    } else {
      /* The replaced range's line terminators the text lacks follow it, as they were. */
      sbuf_puts(out, e->text);
      size_t have = ts_newlines(e->text, 0, strlen(e->text), NULL);
      newlines_after(p->src, e->start, e->end, have, out);
    }
    cursor = e->end;
  }
  sbuf_append(out, p->src + cursor, p->len - cursor);
}

/* ---- entry points ---- */

static void parser_free(ts_parser_t *p) {
  for (size_t i = 0; i < p->edits.len; i++) free(p->edits.items[i].text);
  free(p->edits.items);
  free(p->used.items);
  free(p->used_hash);
  free(p->bindings.items);
  free(p->imports.items);
  free(p->exports.items);
  free(p->type_names.items);
  free(p->decls.items);
  free(p->no_arrow);
  for (size_t i = 0; i < p->ns_blocks.len; i++) free(p->ns_blocks.items[i].key);
  free(p->ns_blocks.items);
  free(p->ns_exports.items);
  free(p->ns_uses.items);
  for (size_t i = 0; i < p->enum_values.len; i++) free(p->enum_values.items[i].str);
  free(p->enum_values.items);
}

int ts_erase(const char *src, size_t len, unsigned flags, sbuf_t *out, ts_error_t *err) {
  if (flags & TS_FLAG_DECLARATIONS) { /* a declaration file: nothing in it runs */
    put_blank(src, 0, len, out);
    return 0;
  }
  ts_parser_t p = {0};
  p.src = src;
  p.len = len;
  p.flags = flags;
  p.work_limit = 64 * len + 100000;
  p.no_arrow = xcalloc(len / 8 + 1, 1);
  ts_parse_program(&p);
  if (!p.failed) ts_ns_check(&p);
  if (!p.failed) ts_finish_module(&p);
  if (p.failed) {
    if (err) {
      ts_line_col(src, len, p.err_pos, &err->line, &err->column);
      snprintf(err->message, sizeof(err->message), "%s", p.err_msg);
    }
    parser_free(&p);
    return -1;
  }
  ts_assemble(&p, out);
  parser_free(&p);
  return 0;
}

bool ts_is_ts_path(const char *path) {
  static const char *const exts[] = {".ts", ".mts", ".cts"};
  size_t n = strlen(path);
  for (size_t i = 0; i < 3; i++) {
    size_t e = strlen(exts[i]);
    if (n > e && strcmp(path + n - e, exts[i]) == 0) return true;
  }
  return false;
}

bool ts_is_declaration_path(const char *path) {
  static const char *const exts[] = {".d.ts", ".d.mts", ".d.cts"};
  size_t n = strlen(path);
  for (size_t i = 0; i < 3; i++) {
    size_t e = strlen(exts[i]);
    if (n > e && strcmp(path + n - e, exts[i]) == 0) return true;
  }
  return false;
}
