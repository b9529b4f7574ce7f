/* ts_erase: TypeScript to JavaScript by type erasure, in the manner of TypeScript's
 * `isolatedModules` and erasable-syntax rules, keeping every line of the source where it
 * was: type-only syntax (annotations, interfaces, type aliases, `declare`, generics,
 * `as`/`satisfies`, non-null `!`, access modifiers, overloads, `import type`...) becomes
 * spaces, one per UTF-16 unit so the columns of what follows stay too, and line
 * terminators stay. So no source map is needed: stack traces and failure locations name
 * the .ts file's own line and column.
 *
 * What cannot be erased is transformed into what TypeScript emits, on the same lines (the
 * columns after a transform on its line may move): `enum` and `const enum` (an object
 * built by an IIFE, members on their own lines), namespaces holding values (an IIFE,
 * exported members assigned to the namespace object after their declaration), parameter
 * properties (`this.x = x;` at the start of the constructor body, or after its
 * `super(...)` statement), `accessor` fields (a private field with a getter and a
 * setter), `import x = require(...)` (`const  x = require(...)`) and
 * `export = v` (`module.exports = v`). Imports whose bindings are never used as values are
 * dropped, as TypeScript drops them, so a type-only package is never loaded.
 *
 * What it refuses, with a line and column: decorators and `using` declarations
 * (JavaScriptCore runs neither), JSX, and any syntax it does not understand. It never
 * emits code it is unsure of.
 *
 * Pure text, no JS engine; safe on arbitrary bytes (bounded recursion and work).
 *
 * Memory: ts_erase owns everything it allocates and frees it before returning. The result
 * is appended to the caller's `out` only on success; `err` is filled only on failure. */
#ifndef SONDE_JS_TS_ERASE_H
#define SONDE_JS_TS_ERASE_H

#include <stdbool.h>
#include <stddef.h>

#include "common/sbuf.h"

enum {
  TS_FLAG_JSX = 1 << 0, /* .tsx rules: no `<T>x` assertions (refused: JSX is unsupported) */
  TS_FLAG_DECLARATIONS = 1 << 1, /* a .d.ts file: declarations only, all of it blanked */
};

typedef struct {
  unsigned line;   /* 1-based */
  unsigned column; /* 1-based, in UTF-16 units as JavaScript engines count */
  char message[160];
} ts_error_t;

/* Erases `src` (`len` bytes, need not be NUL-terminated) and appends the JavaScript to
 * `out`. Returns 0, or -1 with `err` filled (if not NULL) and `out` untouched. */
int ts_erase(const char *src, size_t len, unsigned flags, sbuf_t *out, ts_error_t *err);

/* True when `path` names a TypeScript module by its extension (.ts .mts .cts, and the
 * declaration files .d.ts .d.mts .d.cts, which hold no code). */
bool ts_is_ts_path(const char *path);
/* True for a declaration file (.d.ts .d.mts .d.cts): erase it with TS_FLAG_DECLARATIONS. */
bool ts_is_declaration_path(const char *path);

#endif
