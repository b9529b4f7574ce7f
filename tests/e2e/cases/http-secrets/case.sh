# Secrets never printed (issue 13 item 4): a server echoing the request shows the bearer
# token of apiRunner.headers, a masked header set by an interceptor, an API key header and
# a cookie; the verbose log cuts an echo in the middle of the token; the spec also prints
# API_KEY and API_TOKEN and fails an assertion quoting the token. None of them (nor a part
# of the token) may appear in stdout, stderr, the log files, JUnit, Allure or JSON reports;
# "****" stands in their place.
http_post reset >/dev/null
API_KEY=env-api-key-11223344 API_TOKEN=env-api-token-55667788 run_sonde run sonde.conf.js
expect_status 1
expect_out '4 passing'
expect_out '1 failing'
expect_out_re 'echoed: .*"authorization":"\*\*\*\*"'
expect_out 'echoed: **** ****'
expect_out 'env: **** ****'
expect_out 'onPrepare: **** ****'
expect_out 'Expected: "nothing"'
expect_file logs
expect_file reports/junit
expect_file reports/allure
expect_file reports/json
# "config-tok": what a cut through the token would leave of it.
for secret in config-tok config-token-0123456789 interceptor-secret-98765 per-request-key-24680 \
  env-api-key-11223344 env-api-token-55667788 cookie-session-13579; do
  e2e_check
  where=$(grep -rlF -- "$secret" "$OUT" "$ERR" logs reports 2>/dev/null)
  [[ -z $where ]] || fail "the secret $secret appears in: $where"
done
e2e_check
grep -rqF '****' logs || fail 'the log files show no masked value'
e2e_check
grep -rqF '****' reports/junit || fail 'the JUnit report shows no masked value'
