/* esm: rewrites ES module syntax into calls the CommonJS-style loader understands,
 * without moving any line: every rewritten statement keeps its line, and the source keeps
 * its line count (extra code is appended on the last line). Pure text; no JS engine.
 *
 * The rewritten source expects these names in scope (the loader's module wrapper supplies
 * them): __sonde_named(m, M, ...names) (checks that m exports the names; returns m),
 * __sonde_require (the module's require under a name user code never declares: ES
 * modules often declare their own `require` with createRequire), exports, module,
 * __sonde_import (dynamic import(): returns a Promise of a namespace), __sonde_meta (import.meta), __sonde_default(m) (a module's default export:
 * m.__esModule ? m.default : m), __sonde_ns(m) (namespace object of a module),
 * __sonde_star(exports, m) (export * from: copies every key but default and __esModule).
 *
 * What it writes (M stands for the module specifier, copied verbatim with its quotes):
 *   import x from M                 const x = __sonde_default(__sonde_require(M));
 *   import * as ns from M           const ns = __sonde_ns(__sonde_require(M));
 *   import { a, b as c } from M     const { a, b: c } = __sonde_named(__sonde_require(M), M, 'a', 'b');
 *                                   (__sonde_named throws Node's SyntaxError for a name M
 *                                   does not export)
 *   import x, { a } from M          const __sonde_m1 = __sonde_require(M), x = __sonde_default(__sonde_m1),
 *                                     { a } = __sonde_named(__sonde_m1, M, 'a');   (any two or more bindings, and
 *                                     `{ default as d }`, which reads __sonde_default too)
 *   import M                        __sonde_require(M);             (attributes `with {...}` dropped)
 *   import(e) / import.meta         __sonde_import(e) / __sonde_meta, anywhere
 *   export const|let|var, export function|class|async function f
 *                                   the declaration, `export ` blanked to spaces
 *   export default expr             exports.default = expr
 *   export default function f / class C   the declaration (`export default ` blanked),
 *                                   default recorded as f / C
 *   export { a, b as c }            ;  (recorded)
 *   export { a, b as c } from M     { const __sonde_r1 = __sonde_require(M); exports.a = __sonde_r1.a;
 *                                     exports.c = __sonde_r1.b; }
 *   export * from M                 __sonde_star(exports, __sonde_require(M));
 *   export * as ns from M           exports.ns = __sonde_ns(__sonde_require(M));
 * Recorded exports are assigned after the last character of the source (before a // comment
 * that ends it), in order, followed by a non-enumerable interop marker:
 *   ;exports.a = a;exports.c = b;Object.defineProperty(exports, '__esModule', { value: true });
 * so they are a snapshot taken when the body has run. Nothing is appended to a source
 * without static import or export. */
#ifndef SONDE_JS_ESM_H
#define SONDE_JS_ESM_H

#include <stdbool.h>
#include <stddef.h>

#include "common/sbuf.h"

typedef struct {
  bool is_esm;  /* the source had a static import or export */
  bool has_tla; /* an `await` appears outside any function (top-level await) */
} esm_info_t;

/* Rewrites `src` and appends the result to `out`. Returns 0 on success; -1 on a syntax error
 * the rewriter must understand to proceed (an unterminated import/export statement), with
 * "line L:C: message" appended to `err` (if not NULL) and `out` left as it was. Sources
 * without module syntax come out byte-identical. `info` may be NULL. */
int esm_rewrite(const char *src, size_t len, sbuf_t *out, esm_info_t *info, sbuf_t *err);

#endif
