# Timeouts and abort signals (issue 4): apiRunner.timeout and per-request timeouts cover
# the whole exchange (a slow body too); the error names method, URL and limit and fails
# the test; a signal aborts a request in flight or between attempts with an AbortError.
http_post reset >/dev/null
run_sonde run sonde.conf.js
expect_status 1
expect_out_re '^\[api #0-[01]\] 3 passing'
expect_out_re '^\[api #0-[01]\] 1 failing'
expect_out_re '^\[api #0-[01]\] 6 passing'
expect_out_re '^\[api #0-[01]\]    ✖ fails the test when the timeout error is not caught'
expect_out_re "^\[api #0-[01]\] Request timeout after 200ms: GET $API_BASE_URL/delay/3000"
expect_eq "$(server_stat /seq/abort)" 1 'no attempt after the abort'
