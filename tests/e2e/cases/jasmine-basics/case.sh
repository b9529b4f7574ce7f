# framework: 'jasmine' (issue 16): the interface, its options and their failure texts, and
# a file mixing assertResponse with jasmine's matchers (the API ones included) against the
# test server. Outcomes and orders are compared with jasmine-core in jasmine-oracle.

# Flow: `this` shared by beforeAll (copied) and fresh per spec, hooks around each spec,
# suites and specs in declaration order, pending reasons, done, the mock clock.
run_sonde run sonde.conf.js --spec specs/flow.spec.js
expect_status 0
expect_out '] ORDER ba,be,t1,ae,be,n1,ae,be,t2,ae,be,ae,be,ae,be,ae,aa'
expect_out_re '^\[api #0-[0-9]+\]    ✓ sees beforeAll context'
expect_out_re '^\[api #0-[0-9]+\]    - pending with reason'
expect_out_re '^\[api #0-[0-9]+\]    - disabled'
expect_out_re '^\[api #0-[0-9]+\]    ✓ mock clock'
expect_out_re '^\[api #0-[0-9]+\]    ✓ sees the real function again'
expect_out_re '^\[api #0-[0-9]+\] 6 passing'
expect_out_re '^\[api #0-[0-9]+\] 4 skipped'
expect_no_out 'XDESCRIBE'

# The API: every failed expectation of a spec is listed (the spec goes on after each);
# assertResponse still throws at its first failure; a helper's matcher and global.
run_sonde run sonde.conf.js --spec specs/api.spec.js
expect_status 1
expect_out_re '^\[api #0-[0-9]+\]    ✓ lists users'
expect_out_re '^\[api #0-[0-9]+\]    ✖ collects every failed expectation'
expect_out '] STILL RUNNING after failures'
expect_out 'Expected 404 to be 200.'
expect_out 'Expected 3 to be even'
expect_out_re 'Expected status 200'
expect_no_out 'NOT REACHED'
expect_out_re '^\[api #0-[0-9]+\] 1 passing'
expect_out_re '^\[api #0-[0-9]+\] 2 failing'

# stopOnFailure: the rest of the file is skipped, afterAll still runs.
run_sonde run sonde.conf.js --spec opts/stop.spec.js --jasmineOpts.stopOnFailure true
expect_status 1
expect_out '] AFTER FIRST'
expect_out '] AFTERALL RAN'
expect_no_out 'LATER RAN'
expect_out_re '^\[api #0-[0-9]+\]    - later spec'
expect_out 'Expected 1 to be 2.'
expect_out 'Expected 3 to be 4.'
# WebdriverIO's name for it, stopOnSpecFailure, is the same option.
run_sonde run sonde.conf.js --spec opts/stop.spec.js --jasmineOpts.stopOnSpecFailure true
expect_status 1
expect_no_out 'LATER RAN'

# stopSpecOnExpectationFailure (and oneFailurePerSpec): the first failure ends the spec;
# failSpecWithNoExpectations: a spec without expectations fails.
run_sonde run sonde.conf.js --spec opts/stop.spec.js --jasmineOpts.stopSpecOnExpectationFailure true \
  --jasmineOpts.failSpecWithNoExpectations true
expect_status 1
expect_no_out 'AFTER FIRST'
expect_no_out 'Expected 3 to be 4.'
expect_out 'LATER RAN'
expect_out 'No assertions found in test! This test is failing because no assertions were found but "jasmineOpts" had a "failSpecWithNoExpectations" flag set to "true".'
expect_out_re '^\[api #0-[0-9]+\]    ✖ empty spec'
run_sonde run sonde.conf.js --spec opts/stop.spec.js --jasmineOpts.oneFailurePerSpec true
expect_no_out 'AFTER FIRST'
expect_out_re '^\[api #0-[0-9]+\]    ✓ empty spec'

# grep and invertGrep on the full names (what they leave out is reported skipped).
run_sonde run sonde.conf.js --spec opts/stop.spec.js --jasmineOpts.grep 'later'
expect_status 0
expect_out 'LATER RAN'
expect_no_out 'AFTER FIRST'
expect_out_re '^\[api #0-[0-9]+\] 1 passing'
expect_out_re '^\[api #0-[0-9]+\] 2 skipped'
run_sonde run sonde.conf.js --spec opts/stop.spec.js --jasmineOpts.grep 'later' --jasmineOpts.invertGrep true
expect_status 1
expect_no_out 'LATER RAN'
expect_out 'AFTER FIRST'

# Focus: fit and an fdescribe beside it run, nothing else (reported skipped, as WebdriverIO
# reports jasmine's excluded specs); the run passes.
run_sonde run sonde.conf.js --spec opts/focus.spec.js
expect_status 0
expect_out '] FOCUSED RAN'
expect_out '] INSIDE RAN'
expect_no_out 'UNFOCUSED RAN'
expect_out_re '^\[api #0-[0-9]+\]    - not focused$'
expect_out_re '^\[api #0-[0-9]+\] 2 passing'
expect_out_re '^\[api #0-[0-9]+\] 1 skipped'

# The seed: printed once when the file starts and under the spec reporter's counts.
run_sonde run sonde.conf.js --spec opts/stop.spec.js --jasmineOpts.random true --jasmineOpts.seed 4321
expect_out_count '[0-0] Randomized with seed 4321' 1
expect_out_re '^\[api #0-0\] Randomized with seed 4321$'

# Options with the wrong type fail before anything runs, naming the key and the line;
# unknown keys warn.
run_sonde run bad.conf.js
expect_status 1
expect_err_re 'bad\.conf\.js:6: "jasmineOpts\.defaultTimeoutInterval" must be a number of milliseconds, 0 or more \(got string\)'
run_sonde run sonde.conf.js --spec opts/focus.spec.js --jasmineOpts.stopOnFialure true
expect_status 0
expect_err 'warning: "jasmineOpts.stopOnFialure" is not an option sonde knows; ignored'
run_sonde run sonde.conf.js --spec opts/focus.spec.js --jasmineOpts.random yes
expect_status 1
expect_err '"jasmineOpts.random" must be a boolean (got string)'

# Reports: json (seed, pendingReason), junit (a seed property, skipped messages), allure
# (statusDetails of pending specs, a seed parameter); the spec reporter shows the seed.
rm -rf out
run_sonde run report.conf.js
expect_status 0
expect_out_re '^\[api #0-[0-9]+\] Randomized with seed 24680$'
python3 check_reports.py >check.out 2>&1 || fail "reports: $(cat check.out)"
expect_eq "$(cat check.out)" 'check_reports: ok' 'the reports of jasmine specs'

# expectationResultHandler (each expectation, passed or not), requires, timeouts (a spec's
# own, jasmine.DEFAULT_TIMEOUT_INTERVAL set in the file) with jasmine's texts, the config's
# afterTest with result.passed and the spec's error, and specs below a failed beforeAll.
run_sonde run extra.conf.js
expect_status 1
expect_out '] HANDLER true toBe'
expect_out '] HANDLER false toBe: Expected 1 to be 2.'
expect_out '] AFTERTEST handler sees each expectation passed=false error=Expected 1 to be 2.'
expect_out 'Timeout - Async function did not complete within 100ms (custom timeout)'
expect_out 'Timeout - Async function did not complete within 50ms (set by jasmine.DEFAULT_TIMEOUT_INTERVAL)'
expect_no_out 'NOT RUN'
expect_out_re '^\[api #0-[0-9]+\]        ✖ not run'
expect_out 'Not run because a beforeAll function failed. The beforeAll failure will be reported on the suite that caused it.'
expect_out 'beforeAll broke'
