# json: one document per job in the config's outputDir with suites, tests, states,
# durations, errors and every exchange (masked), a crashed job's document whole; dot prints
# one character per test beside it.
run_sonde run sonde.conf.js
expect_status 1
expect_file out/wdio-0-0-json-reporter.log
expect_file out/wdio-0-1-json-reporter.log
e2e_check
python3 check.py out "$API_BASE_URL" >"$E2E_TMP/check.log" 2>&1 ||
  fail "$(cat "$E2E_TMP/check.log")"
expect_eq "$(find out -name '*.tmp*' | wc -l)" 0 'no temporary file is left behind'

expect_out ' "dot" Reporter:'
dots=$(grep -A1 '"dot" Reporter:' "$OUT" | tail -n 1)
expect_eq "$(printf '%s' "$dots" | fold -w1 | LC_ALL=C sort | tr -d '\n')" "....FF" 'dot characters'
expect_out_re 'Spec Files:	 0 passed, 2 failed, 2 total'
