# bail (conventions §4): after that many failed spec files the launcher schedules no new
# ones; the files left never start (no RUNNING line) and the summary shows how much of the
# run completed. maxInstances 1 makes the order 1-fail, 2-pass, 3-fail, 4-pass.

# bail: 1 — stops after the first file.
run_sonde run sonde.conf.js
expect_status 1
expect_out '[0-0] RUNNING in api - specs/1-fail.spec.js'
expect_out '[0-0] FAILED in api - specs/1-fail.spec.js'
expect_out_count 'RUNNING in' 1
expect_no_out '2-pass.spec.js'
expect_no_out '3-fail.spec.js'
expect_no_out '4-pass.spec.js'
expect_out_re 'Spec Files:	 0 passed, 1 failed, 4 total \(25% completed\) in '
expect_out 'H onComplete exit=1 results={"finished":1,"passed":0,"retries":0,"failed":1}'

# bail: 2 — a passing file does not count; stops after 3-fail.
run_sonde run sonde.conf.js --bail 2
expect_status 1
expect_out '[0-0] FAILED in api - specs/1-fail.spec.js'
expect_out '[0-1] PASSED in api - specs/2-pass.spec.js'
expect_out '[0-2] FAILED in api - specs/3-fail.spec.js'
expect_out_count 'RUNNING in' 3
expect_no_out 'RUNNING in api - specs/4-pass.spec.js'
expect_out_re 'Spec Files:	 1 passed, 2 failed, 4 total \(75% completed\) in '

# bail: 0 (the default) — everything runs.
run_sonde run sonde.conf.js --bail 0
expect_status 1
expect_out_count 'RUNNING in' 4
expect_out '[0-3] PASSED in api - specs/4-pass.spec.js'
expect_out_re 'Spec Files:	 2 passed, 2 failed, 4 total \(100% completed\) in '

# A bail threshold that is never reached changes nothing.
run_sonde run sonde.conf.js --bail 3
expect_status 1
expect_out_count 'RUNNING in' 4
expect_out_re 'Spec Files:	 2 passed, 2 failed, 4 total \(100% completed\) in '
