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

# The forms an echo gives a secret: API_TOKEN holds '"', '\', '/', 'é' and an emoji, so its
# JSON escapes (three encoders' ways) and percent-encodings differ from it; a Basic
# credential decoded; a session cookie set by the server; a string inspect cuts across
# API_KEY; a masked header value too short to mask in text (a warning says so); partly
# escaped, URL-encoded JSON and base64 forms. The HAR
# recording is checked with the reports.
token='q"u\o/te-é-😀-tok-4242'
http_post reset >/dev/null
API_KEY=env-api-key-99887766 API_TOKEN=$token run_sonde run forms.conf.js
expect_status 0
expect_out '7 passing'
expect_out 'json echo: {"token":"****"}'
expect_out 'query echo: {"t":"****"}'
expect_out 'encoded: **** t=****'
expect_out 'basic: **** ****'
expect_out 'cookie: ****'
expect_out "xxxxxxxxxx****'"
# Partly escaped JSON, JSON percent-encoded (form and encodeURIComponent), base64 alone and
# in blobs at three alignments and base64url: only the characters the token shares with
# its neighbours stay.
expect_out 'partial echo: {"t":"****"}'
expect_out 'form json: d=%7B%22t%22%3A%22****%22%7D'
expect_out 'uri json: %7B%22t%22%3A%22****%22%7D'
expect_out 'b64: ****g== e3****J9 W1t****XV0= PDw8****j4+Pg== e3****J9'
expect_no_out 'more characters'
expect_err 'a secret value shorter than 4 characters is masked only where sonde shows it as a header value'
expect_out_count 'json echo: {"token":"****"}' 3
# Every form of each secret, and what a cut through API_KEY would leave of it.
forms=$(printf '%s\n' "$token" 'q\"u\\o/te-é-😀-tok-4242' 'q\"u\\o\/te-é-😀-tok-4242' \
  'q\"u\\o/te-\u00e9-\ud83d\ude00-tok-4242' 'q\"u\\o\/te-\u00E9-\uD83D\uDE00-tok-4242' \
  'q%22u%5Co%2Fte-%C3%A9-%F0%9F%98%80-tok-4242' 'q%22u%5Co%2Fte-%c3%a9-%f0%9f%98%80-tok-4242' \
  'qa-user:pw-basic-5150' pw-basic-5150 server-session-7a1f9c3e env-api-ke \
  "$(printf '%s' "$token" | base64 | cut -c 3-18)" 'q%5C%22u%5C%5Co%2Fte')
while IFS= read -r secret; do
  e2e_check
  where=$(grep -rlF -- "$secret" "$OUT" "$ERR" forms-logs forms-reports har-logs 2>/dev/null)
  [[ -z $where ]] || fail "the secret form '$secret' appears in: $where"
done <<<"$forms"
e2e_check
grep -rqF '****' forms-reports/allure || fail 'the Allure report shows no masked value'
e2e_check
grep -rqF '****' har-logs || fail 'the HAR file shows no masked value'

# A token first learned from a login response and printed before it was known to be secret:
# the live console line shows it (a terminal cannot take it back, as in CI systems), every
# file written afterwards masks it: the log file, JUnit system-out, Allure console
# attachments, the json report, the HAR file, and the spec reporter's summary.
http_post reset >/dev/null
rm -rf har-logs
run_sonde run late.conf.js
expect_status 0
expect_out '2 passing'
expect_out '[0-0] login: {"token":"late-token-8642-zyxw"}'
expect_out '[0-0] after: ****'
expect_file late-logs
expect_file har-logs
e2e_check
where=$(grep -rlF -- late-token-8642-zyxw late-logs late-reports har-logs 2>/dev/null)
[[ -z $where ]] || fail "the token learned late appears in: $where"
e2e_check
[[ $(grep -cF late-token-8642-zyxw "$OUT") == 1 ]] || fail 'the token is in more than the live console line'
grep -qF 'login: {"token":"****"}' late-logs/*.log || fail 'the log file does not show the masked login line'
e2e_check
grep -rqF 'login: {"token":"****"}' late-reports/junit || fail 'JUnit system-out does not show the masked login line'
e2e_check
grep -rqF 'login: {\"token\":\"****\"}' late-reports/json || fail 'the json report does not show the masked login line'
e2e_check
grep -rqF 'login: {"token":"****"}' late-reports/allure || fail 'the Allure attachment does not show the masked login line'
