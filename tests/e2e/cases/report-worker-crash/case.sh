# A worker killed by SIGKILL in the middle of a test: every reporter names that test, the
# tests that ran before it keep their results, and the next spec file runs in a new worker.
run_sonde run sonde.conf.js
expect_status 1
expect_out_re 'Spec Files:	 1 passed, 1 failed, 2 total'
expect_err 'the worker process was killed by signal 9 (Killed) while running specs/a-crash.spec.js'

# spec: the test that was running fails, under its suite; the duration is the job's
expect_out_re '✓ passes first \([0-9]+ms\)'
expect_out_re '✖ kills its worker$'
expect_out '1) crash suite kills its worker'
expect_out_re '1 passing \([0-9]+ms\)'
expect_no_out '1 passing (0ms)'
expect_no_out '1) specs/a-crash.spec.js'
expect_no_out 'never runs'
expect_out_re '✓ still runs'

# junit: the passed test, and the crash as an error of the test that ran
junit=$(cat reports/junit/*)
[[ $junit == *'name="passes first"'* ]] || fail "junit lost the passed test: $junit"
[[ $junit == *'name="kills its worker"'*'<error message="the worker process was killed by signal 9'* ]] ||
  fail "junit does not name the test that crashed: $junit"
[[ $junit == *'name="still runs"'* ]] || fail 'junit lost the next file'

# allure and json: the test that crashed is there, failed
grep -l '"name": *"kills its worker"' reports/allure/*-result.json >/dev/null ||
  fail 'allure has no result for the test that crashed'
json=$(cat reports/json/*)
[[ $json == *'"name": "kills its worker"'*'"state": "failed"'* ]] || fail "json: $json"
