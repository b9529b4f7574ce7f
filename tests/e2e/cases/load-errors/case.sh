# Spec files that cannot load (syntax error, a throw at load time) and a worker that dies
# are reported as failed spec files with file:line or the reason; every other spec file
# still runs and reports. maxInstances 1 makes them share (and replace) one worker slot.
run_sonde run sonde.conf.js
expect_status 1
expect_out "[0-0] FAILED in api - specs/a-syntax.spec.js"
expect_out "[api #0-0] SyntaxError: Unexpected token ';'"
expect_out_re 'specs/a-syntax\.spec\.js:3'
expect_out "[0-1] FAILED in api - specs/b-throws.spec.js"
expect_out_re "TypeError: .*settings"
expect_out_re 'specs/b-throws\.spec\.js:3'
expect_out "[0-2] FAILED in api - specs/c-crash.spec.js"
expect_out "killed by signal 6"
expect_out "[0-3] PASSED in api - specs/d-ok.spec.js"
expect_out "✓ still runs after the others failed"
expect_out_re 'Spec Files:	 1 passed, 3 failed, 4 total \(100% completed\)'
