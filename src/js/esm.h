/* esm: rewrites ES module syntax into calls the CommonJS-style loader understands,
 * without moving any line: every rewritten statement keeps its line, and the source keeps
 * its line count (extra code is appended on the last line). Pure text; no JS engine.
 *
 * The rewritten source expects these names in scope (the loader's module wrapper supplies
 * them): require, exports, module, __sonde_import (dynamic import(): returns a Promise of a
 * namespace), __sonde_meta (import.meta), __sonde_default(m) (a module's default export:
 * m.__esModule ? m.default : m), __sonde_ns(m) (namespace object of a module),
 * __sonde_star(exports, m) (export * from). */
#ifndef SONDE_JS_ESM_H
#define SONDE_JS_ESM_H

#include <stdbool.h>
#include <stddef.h>

#include "common/sbuf.h"

typedef struct {
  bool is_esm;          /* the source had a static import or export */
  bool has_tla;         /* an `await` appears outside any function (top-level await) */
} esm_info_t;

/* Rewrites `src` into `out`. Returns 0 on success; -1 on a syntax error the rewriter must
 * understand to proceed (an unterminated import/export statement), with "line L:C: message"
 * in `err`. Sources without module syntax come out byte-identical. */
int esm_rewrite(const char *src, size_t len, sbuf_t *out, esm_info_t *info, sbuf_t *err);

#endif
