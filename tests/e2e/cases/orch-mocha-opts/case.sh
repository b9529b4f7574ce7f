# Mocha options (issue 6 §3), from the config and as --mochaOpts.* on the command line:
# fgrep, forbidOnly, forbidPending, require, bail and retries.
# shellcheck disable=SC2016 # mocha's message has literal backticks

# fgrep from the config: a literal substring, so "a.b" does not match "t2 axb".
run_sonde run fgrep.conf.js
expect_status 0
expect_out '[0-0] T ran t1'
expect_no_out 'T ran t2'
expect_no_out 'T ran t3'
expect_out_re '^\[api #0-0\]    ✓ t1 a\.b'
expect_no_out 't2 axb'
# ...and from the CLI: "a+b" (a different regex) matches t3 only.
run_sonde run sonde.conf.js --spec specs/grep.spec.js --mochaOpts.fgrep 'a+b'
expect_status 0
expect_out '[0-0] T ran t3'
expect_no_out 'T ran t1'
expect_no_out 'T ran t2'
# With invert: everything but the fgrep matches.
run_sonde run fgrep.conf.js --mochaOpts.invert true
expect_status 0
expect_out '[0-0] T ran t2'
expect_out '[0-0] T ran t3'
expect_no_out 'T ran t1'

# forbidOnly / forbidPending from the config (files run in name order): only.spec.js fails without running a test,
# pending.spec.js fails on its skipped test, grep.spec.js (no .only, nothing pending) passes.
run_sonde run strict.conf.js
expect_status 1
expect_out '[0-1] FAILED in api - specs/only.spec.js'
expect_out '`.only` forbidden'
expect_no_out 'T ran only'
expect_no_out 'T ran not-only'
expect_out '[0-2] FAILED in api - specs/pending.spec.js'
expect_out '[0-2] T ran runs'
expect_out 'Pending test forbidden'
expect_out_re '^\[api #0-2\]    ✖ is skipped'
expect_no_out 'T ran skipped'
expect_out '[0-0] PASSED in api - specs/grep.spec.js'
expect_out_re 'Spec Files:	 1 passed, 2 failed, 3 total \(100% completed\)'
# Without them, the same files pass: .only runs alone and the skipped test is pending.
run_sonde run strict.conf.js --mochaOpts.forbidOnly false --mochaOpts.forbidPending false
expect_status 0
expect_out '[0-1] T ran only'
expect_no_out 'T ran not-only'
expect_out_re '^\[api #0-2\]    - is skipped$'
expect_out_re 'Spec Files:	 3 passed, 3 total \(100% completed\)'
# The CLI flags alone do the same as the config.
run_sonde run sonde.conf.js --spec specs/only.spec.js --mochaOpts.forbidOnly true
expect_status 1
expect_out '`.only` forbidden'
run_sonde run sonde.conf.js --spec specs/pending.spec.js --mochaOpts.forbidPending true
expect_status 1
expect_out 'Pending test forbidden'

# require: loaded (relative to the working directory) before the spec files of every job,
# in the job's own global scope, after the mocha globals exist.
run_sonde run require.conf.js
expect_status 0
expect_out_count 'T setup.js loaded, describe is function' 2
expect_out '[0-0] T A sees from setup.js loaded=1'
expect_out '[0-1] T B sees from setup.js loaded=1'
expect_out_re 'Spec Files:	 2 passed, 2 total \(100% completed\)'
# ...the same from the command line; without it the specs fail.
run_sonde run sonde.conf.js --spec 'specs/setup-*.spec.js' --mochaOpts.require ./setup.js
expect_status 0
expect_out_re 'Spec Files:	 2 passed, 2 total \(100% completed\)'
run_sonde run sonde.conf.js --spec 'specs/setup-*.spec.js'
expect_status 1
expect_out 'setup.js was not loaded'

# bail: the spec file stops at its first failing test; the third test never runs.
run_sonde run sonde.conf.js --spec specs/bail.spec.js --mochaOpts.bail true
expect_status 1
expect_out '[0-0] T ran first'
expect_out '[0-0] T ran second'
expect_no_out 'T ran third'
expect_no_out '✓ third'
run_sonde run sonde.conf.js --spec specs/bail.spec.js
expect_status 1
expect_out '[0-0] T ran third'

# retries: a test that fails twice passes on its third run with retries 2...
run_sonde run sonde.conf.js --spec specs/flaky.spec.js --mochaOpts.retries 2
expect_status 0
expect_out '[0-0] T flaky run 3'
expect_out_count '↻ passes on the third run' 2
expect_out_count '✓ passes on the third run' 1
# ...and fails with retries 1.
run_sonde run sonde.conf.js --spec specs/flaky.spec.js --mochaOpts.retries 1
expect_status 1
expect_no_out 'T flaky run 3'
expect_out 'run 2 fails'
