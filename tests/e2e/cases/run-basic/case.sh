# A passing run over two spec files in two workers: launcher lines, spec reporter blocks,
# summary and exit code.
run_sonde run sonde.conf.js
expect_status 0
expect_out "Execution of 2 workers started at "
expect_out "[0-0] RUNNING in api - specs/health.spec.js"
expect_out "[0-0] PASSED in api - specs/health.spec.js"
expect_out "[0-1] RUNNING in api - specs/users.spec.js"
expect_out "[0-1] PASSED in api - specs/users.spec.js"
expect_out ' "spec" Reporter:'
expect_out "[api stable linux #0-1] Running: api (vstable) on linux"
expect_out "[api stable linux #0-1] » specs/users.spec.js"
expect_out "[api stable linux #0-1] Users API"
expect_out_re '\[api stable linux #0-1\]    ✓ lists users \([0-9]+ms\)'
expect_out_re '\[api stable linux #0-1\]    ✓ returns 404 for a missing user \([0-9]+ms\)'
expect_out "[api stable linux #0-1]     admin"
expect_out_re '\[api stable linux #0-1\]        ✓ filters by role \([0-9]+ms\)'
expect_out_re '\[api stable linux #0-1\] 3 passing \([0-9.]+m?s\)'
expect_out "[api stable linux #0-0]    - is pending"
expect_out "[api stable linux #0-0] 1 skipped"
expect_out_re 'Spec Files:	 2 passed, 2 total \(100% completed\) in 00:00:0[0-9]'
expect_no_out "failing"

# `sonde <config>` is the same as `sonde run <config>`.
run_sonde sonde.conf.js --spec specs/health.spec.js
expect_status 0
expect_out "Execution of 1 workers started"
expect_out_re 'Spec Files:	 1 passed, 1 total'

# `sonde` with no arguments runs the config of the current folder, as `wdio` does; with
# flags and no config too.
run_sonde
expect_status 0
expect_out "[0-1] PASSED in api - specs/users.spec.js"
run_sonde --spec specs/health.spec.js
expect_status 0
expect_out "[0-0] PASSED in api - specs/health.spec.js"
expect_no_out "users.spec.js"
# In a folder without one: the usage, on stderr, exit 2.
mkdir empty && cd empty || fail 'cannot make a folder'
run_sonde
expect_status 2
expect_err 'sonde run <config>'
run_sonde --bail
expect_status 1
expect_err 'No config file given, and no sonde.conf.{ts,mts,js,mjs,cjs} or wdio.conf'
cd ..
