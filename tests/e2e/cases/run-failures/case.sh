# A failing test: exit code 1, the launcher's error line, the numbered failure with the
# message and a stack frame at the spec's line, and the other spec file unaffected.
run_sonde run sonde.conf.js
expect_status 1
expect_out '[0-0] Error in "Users.checks the status"'
expect_out "[0-0] FAILED in api - specs/fail.spec.js"
expect_out "[0-1] PASSED in api - specs/ok.spec.js"
expect_out_re '\[api #0-0\]    ✖ checks the status \([0-9]+ms\)'
expect_out "[api #0-0] 1 passing"
expect_out "[api #0-0] 1 failing"
expect_out "[api #0-0] 1) Users checks the status"
expect_out "[api #0-0] Expected status 200, but received 404"
expect_out "[api #0-0] Error: Expected status 200, but received 404"
expect_out_re '\[api #0-0\]     at .*specs/fail\.spec\.js:8:[0-9]+'
expect_out_re 'Spec Files:	 1 passed, 1 failed, 2 total \(100% completed\)'
