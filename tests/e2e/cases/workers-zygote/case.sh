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
