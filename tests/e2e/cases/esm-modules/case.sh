# ES module syntax in configs, specs and helpers: the three config export forms, every
# import/export form a spec or helper uses, JSON and CommonJS interop, top-level await,
# dynamic import(), module paths; and load failures that name the right file and line.

# The same spec under the three config forms; each config sends its own X-Config header,
# which the spec echoes, so each run proves its config was the one read.
for form in esm:export-const cjs:module-exports default:export-default; do
  conf=${form%%:*}.conf.js
  run_sonde run "$conf" --spec specs/modules.spec.js
  expect_status 0
  expect_out "[0-0] CONFIG ${form#*:}"
  expect_out "[0-0] LATE loaded late {\"lazy\":true}"
  expect_out "[0-0] PATHS $PWD/specs $PWD/specs/modules.spec.js file://$PWD/specs/modules.spec.js"
  expect_out "[0-0] PASSED in api - specs/modules.spec.js"
  expect_out_re '^\[api #0-0\]    ✓ imports named, renamed, re-exported and default bindings'
  expect_out_re '^\[api #0-0\]    ✓ imports a namespace'
  expect_out_re '^\[api #0-0\]    ✓ imports JSON and a CommonJS module.exports function'
  expect_out_re '^\[api #0-0\]    ✓ ran top-level await and import\(\) before the tests'
  expect_out_re '^\[api #0-0\]    ✓ gives the one api client through import and require'
  expect_out_re '^\[api #0-0\]    ✓ sets __dirname, __filename and import.meta.url'
  expect_out '[api #0-0] 6 passing'
done

# Spec files that cannot load fail on their own, naming the file and line of the cause.
run_sonde run bad.conf.js
expect_status 1
expect_out_re 'Spec Files:	 0 passed, 4 failed, 4 total \(100% completed\)'
# Importing a name the module does not export fails the file at load, naming both.
expect_out "SyntaxError: The requested module './lib/math.mjs' does not provide an export named 'tripple'"
expect_out_re 'unexported\.spec\.js:2'
expect_out '[0-1] FAILED in api - bad/missing.spec.js'
expect_out "Cannot find module './nope.js'"
expect_out_re "^\[api #0-1\]     at .*/bad/missing\.spec\.js:4:[0-9]+$"
expect_no_out 'never runs'
# A throw on line 1: the module wrapper shares that line, the column must still be the
# user's (the same statement on line 2 reports column 5).
expect_out '[0-0] FAILED in api - bad/line1.spec.js'
expect_out "TypeError: null is not an object (evaluating 'null.boom')"
expect_out_re '^\[api #0-0\]     at .*/bad/line1\.spec\.js:1:5$'
# A syntax error inside an imported helper names the helper and its line, not the
# importing spec.
expect_out '[0-2] FAILED in api - bad/syntax.spec.js'
expect_out "SyntaxError: Unexpected token ';'"
expect_out_re 'bad/lib/broken\.js:4'

# A namespace object holds the module's exports and nothing else (no interop marker such
# as __esModule among its keys), as in Node.
run_sonde run esm.conf.js --spec specs/namespace.spec.js
expect_status 0
expect_out_re '^\[api #0-0\]    ✓ has exactly the exported names'
