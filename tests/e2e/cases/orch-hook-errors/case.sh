# Failing hooks (issue 6 §2, conventions §5): a throwing or rejecting hook is reported as
# "<hook> hook failed: Error: ..." with the config's file:line and does not fail tests;
# only onComplete turns the exit code to 1; a hook that never settles times out. A hook
# that is not a function (or an array of functions) is a config error naming the key and
# line.

# Launcher hooks (onPrepare, onWorkerStart) and worker hooks (before, beforeTest in an
# array, a rejected afterSuite) all throw: the test still passes and the run exits 0.
run_sonde run throwing.conf.js
expect_status 0
expect_out '[0-0] PASSED in api - specs/ok.spec.js'
expect_out_re 'Spec Files:	 1 passed, 1 total \(100% completed\)'
expect_out '[0-0] T test ran'
expect_out '[0-0] H beforeTest first function still runs'
expect_out '[0-0] H afterSession still runs'
expect_out 'H onComplete exit=0'
expect_err 'onPrepare hook failed: Error: boom in onPrepare'
expect_err_re 'throwing\.conf\.js:8(:[0-9]+)?'
expect_err 'onWorkerStart hook failed: Error: boom in onWorkerStart'
expect_err_re 'throwing\.conf\.js:11(:[0-9]+)?'
expect_err '[0-0] before hook failed: Error: boom in before'
expect_err_re '^\[0-0\] .*throwing\.conf\.js:14(:[0-9]+)?'
expect_err '[0-0] beforeTest hook failed: Error: boom in beforeTest'
expect_err_re '^\[0-0\] .*throwing\.conf\.js:19(:[0-9]+)?'
expect_err '[0-0] afterSuite hook failed: Error: boom in afterSuite'
expect_err_re '^\[0-0\] .*throwing\.conf\.js:23(:[0-9]+)?'
expect_no_err 'Segmentation fault'
expect_no_err 'onComplete hook failed'

# A throwing (here: rejecting) onComplete: the tests passed, the exit code is 1.
run_sonde run complete.conf.js
expect_status 1
expect_out '[0-0] PASSED in api - specs/ok.spec.js'
expect_out_re 'Spec Files:	 1 passed, 1 total \(100% completed\)'
expect_err 'onComplete hook failed: Error: boom in onComplete'
expect_err_re 'complete\.conf\.js:6(:[0-9]+)?'

# Not a function: a config error before anything runs.
run_sonde run notfn.conf.js
expect_status 1
expect_err_re 'notfn\.conf\.js:5: "beforeTest" must be a function'
expect_no_out 'RUNNING'
expect_no_out 'Execution of'

run_sonde run notfn-array.conf.js
expect_status 1
expect_err_re 'notfn-array\.conf\.js:5: "onPrepare" must be a function'
expect_no_out 'RUNNING'
expect_no_out 'never runs'

# A hook that never settles is given up after the framework's timeout (500 ms here),
# reported, and the run goes on.
run_sonde run hang.conf.js
expect_status 0
expect_err 'onPrepare hook failed: Error: the onPrepare hook did not finish within its timeout'
expect_out '[0-0] H beforeTest hangs'
expect_err '[0-0] beforeTest hook failed: Error: the beforeTest hook did not finish within its timeout'
expect_out '[0-0] T test ran'
expect_out '[0-0] PASSED in api - specs/ok.spec.js'

# Each hook error is reported once, through the hook report: no second, raw copy of the
# rejection (un-prefixed "Error: ..." followed by JavaScriptCore "@file:line" frames).
run_sonde run throwing.conf.js
expect_status 0
expect_eq "$(grep -c 'boom in beforeTest' "$ERR")" 1 'stderr lines naming the beforeTest error'
expect_eq "$(grep -c 'boom in afterSuite' "$ERR")" 1 'stderr lines naming the afterSuite error'
! grep -q '^@/' "$ERR" || fail 'stderr holds a raw JavaScriptCore stack ("@/..." lines)'

# An error thrown between the end of the run and the release of the spec file's realm (an
# immediate of afterSession, or of an 'exit' listener) is reported and fails the file: the
# file's end (runner:end) is sent only when its realm goes.
run_sonde run teardown.conf.js
expect_status 1
expect_out_re '^\[0-[01]\] FAILED in api - specs/ok\.spec\.js$'
expect_out_re '^\[0-[01]\] FAILED in api - specs/exit-immediate\.spec\.js$'
expect_out 'Error: boom in teardown'
expect_out_re 'teardown\.conf\.js:11(:[0-9]+)?'
expect_out 'Error: boom after the exit listeners'
expect_out_re 'Spec Files:	 0 passed, 2 failed, 2 total'
