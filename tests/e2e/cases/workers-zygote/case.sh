# Workers are forked from the zygote by default and exec'd with SONDE_ZYGOTE=0; both start
# the same worker (argv "worker"), run its spec files, and a worker killed mid-test is
# reported with its signal either way while the other spec files still run.
check_run() {
  expect_status 1
  expect_out_re "\[0-0\] comm=$1 argv=worker$"
  expect_out "[0-0] PASSED in api - specs/a-identity.spec.js"
  expect_out "[0-1] FAILED in api - specs/b-crash.spec.js"
  expect_out "the worker process was killed by signal 9"
  expect_out "[0-2] PASSED in api - specs/c-ok.spec.js"
  expect_out_re 'Spec Files:	 2 passed, 1 failed, 3 total \(100% completed\)'
}

run_sonde run sonde.conf.js
check_run 'sonde worker'

SONDE_ZYGOTE=0 run_sonde run sonde.conf.js
check_run 'sonde'

# The zygote ends with the launcher: no process of this run is left behind.
run_sonde run sonde.conf.js --spec specs/a-identity.spec.js
expect_status 0
sleep 0.2
left=$(pgrep -f -- "run sonde.conf.js --spec specs/a-identity.spec.js" || true)
[[ -z $left ]] || fail "processes left after the run: $left"

# A zygote killed mid-run (it never should be): the worker it forked still ends its job,
# its exit is taken from its channel, and the next worker is exec'd instead.
SONDE_WORKER_MAX_GROWTH_MB=0 run_sonde run sonde.conf.js --maxInstances 1 \
  --spec 'zygote-kill/*.spec.js'
expect_status 0
expect_out "[0-0] PASSED in api - zygote-kill/a-kill.spec.js"
expect_out "[0-1] comm=sonde"
expect_out "[0-1] PASSED in api - zygote-kill/b-after.spec.js"
expect_out_re 'Spec Files:	 2 passed, 2 total \(100% completed\)'

# SONDE_TEARDOWN=1: launcher and workers free everything before they exit (what sanitizer
# builds always do); the run reads the same.
SONDE_TEARDOWN=1 run_sonde run sonde.conf.js --spec specs/a-identity.spec.js --spec specs/c-ok.spec.js
expect_status 0
expect_out_re "\[0-0\] comm=sonde worker argv=worker$"
expect_out_re 'Spec Files:	 2 passed, 2 total \(100% completed\)'
expect_no_err 'sonde:'
