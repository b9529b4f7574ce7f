# allure: result, container and attachment files in allure-results — one step per HTTP
# exchange with request and response attachments, labels, stable historyIds, failed vs
# broken, retries, a crashed worker and a file that did not load — and, when npm and java
# are there, the Allure 2 command-line generator reads them with the right totals.
run_sonde run sonde.conf.js
expect_status 1
e2e_check
python3 check.py allure-results "$API_BASE_URL" >"$E2E_TMP/check.log" 2>&1 ||
  fail "$(cat "$E2E_TMP/check.log")"

# A second run gives every test the same historyId.
mv allure-results first-run
run_sonde run sonde.conf.js
expect_status 1
e2e_check
python3 check.py allure-results "$API_BASE_URL" first-run >"$E2E_TMP/check.log" 2>&1 ||
  fail "$(cat "$E2E_TMP/check.log")"

if command -v npm >/dev/null 2>&1 && command -v java >/dev/null 2>&1; then
  tool=$E2E_TMP/allure-cli
  mkdir -p "$tool"
  (cd "$tool" && npm install --no-audit --no-fund --no-save --loglevel=error \
    allure-commandline@2 >"$tool/npm.log" 2>&1) ||
    fail "npm could not install allure-commandline:"$'\n'"$(tail -n 20 "$tool/npm.log")"
  "$tool/node_modules/.bin/allure" generate allure-results -o allure-report --clean \
    >"$E2E_TMP/allure.log" 2>&1 ||
    fail "the Allure generator failed:"$'\n'"$(cat "$E2E_TMP/allure.log")"
  expect_file allure-report/widgets/summary.json
  # The flaky test's first attempt is a retry: Allure counts the final attempt only.
  expect_eq "$(python3 summary.py allure-report/widgets/summary.json)" \
    "broken=3 failed=1 passed=4 skipped=1 total=9 unknown=0" 'Allure report totals'
else
  echo "e2e: [$CASE_NAME] Allure generator check skipped (npm or java missing)"
fi
