# Error stacks and console (issue 3 items 5 and 6). Stacks are in Node's shape with the
# runtime's own frames (src/jslib, the module wrapper) left out; columns are the engine's
# (JavaScriptCore's differ from V8's), so they are matched loosely. Console output (table,
# group, count, assert, dir, time, trace) is what Node 20 prints for the same calls.
run_sonde run sonde.conf.js
expect_status 1
expect_out_re 'Spec Files:	 0 passed, 1 failed, 1 total \(100% completed\)'

# console in a launcher hook
expect_out $'┌─────────┬────┬─────────┐\n│ (index) │ id │ name    │\n├─────────┼────┼─────────┤\n│ 0       │ 1  │ \'Ada\'   │\n│ 1       │ 2  │ \'Linus\' │\n└─────────┴────┴─────────┘'
expect_out $'C group\n  C hook: 1'
expect_out_re '^RangeError: C hook error$'
expect_out_re '^    at onPrepare \(.*/sonde\.conf\.js:12:[0-9]+\)$'

# failures: the reporter and the worker's error lines carry Node-shaped frames
expect_out_re '^\[api #0-0\] TypeError: deep problem$'
expect_out_re '^\[api #0-0\]     at inner \(.*/specs/errors\.spec\.js:6:[0-9]+\)$'
expect_out_re '^\[api #0-0\]     at outer \(.*/specs/errors\.spec\.js:9:[0-9]+\)$'
expect_out_re '^\[api #0-0\]     at .*/specs/errors\.spec\.js:21:[0-9]+$'
expect_out_re '^\[api #0-0\] Error: emitted$'
expect_out_re '^\[api #0-0\]     at .*/specs/errors\.spec\.js:25:[0-9]+$'
# no frame of sonde's own JavaScript (the EventEmitter) or of the module wrapper
expect_no_out 'sonde:'
expect_no_out '@/'

# Error.captureStackTrace: V8's shape, frames up to the constructor dropped
expect_out_re '^\[0-0\] E captured ApiError: custom /     at DIR/errors\.spec\.js:29:[0-9]+$'
expect_out '[0-0] E plain Error true'

# console in a spec
expect_out_re '^\[0-0\] Error: logged$'
expect_out_re '^\[0-0\]     at .*/specs/errors\.spec\.js:37:[0-9]+$'
expect_err '[0-0] { nested: { deep: { deeper: [Object] } }, list: [ 1, 2, 3 ] }'
expect_out $'[0-0] ┌───────────────────┬─────┬────────┐\n[0-0] │ (iteration index) │ Key │ Values │\n[0-0] ├───────────────────┼─────┼────────┤\n[0-0] │ 0                 │ \'a\' │ 1      │\n[0-0] │ 1                 │ \'b\' │ 2      │\n[0-0] └───────────────────┴─────┴────────┘'
expect_out $'[0-0] E outer\n[0-0]   E inside'
expect_out $'[0-0] default: 1\n[0-0] default: 2'
expect_err '[0-0] Assertion failed: E assertion message'
expect_out '[0-0] { a: [Object] }'
expect_out_re '^\[0-0\] E timer: [0-9]+\.[0-9]{3}ms$'
expect_err '[0-0] Trace: E trace 1'
expect_err_re '^\[0-0\]     at .*/specs/errors\.spec\.js:49:[0-9]+$'
expect_out "[0-0] E unsupported ERR_SONDE_UNSUPPORTED: The Node module 'zlib' is not available in sonde (required from DIR)"
expect_out '[0-0] E unsupported ERR_SONDE_UNSUPPORTED: fs.createReadStream is not available in sonde'

# colours on a terminal: FORCE_COLOR stands in for one, as in Node
FORCE_COLOR=1 run_sonde run sonde.conf.js --spec specs/errors.spec.js
expect_out $'[0-0] { a: \x1b[36m[Object]\x1b[39m }'
