# TypeScript with no build step (issue 14): a TypeScript config (typed, with a typed
# onPrepare and a type-only import of a package that is not installed), .ts/.mts/.cts
# specs importing TypeScript helpers (by ./x.js, without an extension, and by .ts/.cts
# names) that use enums, const enums, namespaces, parameter properties, overloads,
# generics, assertions and `import x = require()`/`export =`; then failures that name the
# .ts file's own line and column, and TypeScript the eraser refuses, with file:line:column.

run_sonde run sonde.conf.ts
expect_status 0
expect_out 'PREPARE Prepare object 1'
expect_out '[0-2] FIRST Ada Lovelace Ada Lovelace, Grace Hopper'
expect_out '[0-0] PASSED in api - specs/cjs.spec.cts'
expect_out '[0-1] PASSED in api - specs/esm.spec.mts'
expect_out '[0-2] PASSED in api - specs/users.spec.ts'
expect_out_re '^\[api #0-2\]    ✓ calls the API through a typed helper class'
expect_out_re '^\[api #0-2\]    ✓ uses enums, const enums and generic arrows'
expect_out_re '^\[api #0-2\]    ✓ ran under the TypeScript config'
expect_out_re '^\[api #0-2\]    ✓ loads \.cts helpers written with import = require\(\) and export ='
expect_out '[api #0-2] 4 passing'
expect_out_re 'Spec Files:	 3 passed, 3 total \(100% completed\)'

run_sonde run fail.conf.ts
expect_status 1
expect_out_re 'Spec Files:	 0 passed, 3 failed, 3 total \(100% completed\)'
# A runtime failure: line 5, column 43 is the `.value` after `(box as Box<string>)` in the
# .ts source (the types before it on that line are blanked, not removed).
expect_out '[0-2] FAILED in api - fail/types.spec.ts'
expect_out_re "^\[api #0-2\] TypeError: null is not an object"
expect_out_re '^\[api #0-2\]     at .*/fail/types\.spec\.ts:5:43$'
# Syntax the eraser rejects, in the spec itself and in a helper it imports: the message
# says what and names file:line:column.
expect_out '[0-1] FAILED in api - fail/syntax.spec.ts'
expect_out_re "^\[api #0-1\] SyntaxError: expected a type, found '=' \(.*/fail/syntax\.spec\.ts:3:17\)$"
expect_out '[0-0] FAILED in api - fail/helper.spec.ts'
expect_out_re '^\[api #0-0\] SyntaxError: decorators are not supported .*\(.*/fail/lib/broken\.ts:3:1\)$'
expect_no_out 'never runs'
