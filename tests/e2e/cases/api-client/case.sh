# The api client as a spec sees it: every method against /echo, params and headers,
# bodies, baseUrl joining, response and request objects, non-2xx, network errors and
# timeouts, apiRunner.globalName/timeout/headers, and require('sonde'|...).api.
# The specs check values themselves and throw; this file checks what the runner reports.
http_post reset >/dev/null
run_sonde run sonde.conf.js
expect_status 1
expect_out "[0-0] FAILED in api - specs/errors.spec.js"
expect_out "[0-1] PASSED in api - specs/methods.spec.js"
expect_out "[0-2] PASSED in api - specs/response.spec.js"
expect_out '[api #0-1] 11 passing'
expect_out '[api #0-2] 7 passing'
expect_no_out '[api #0-1] 1 failing'
expect_no_out '[api #0-2] 1 failing'

# Only the two tests that let the rejection escape fail, each with the client's message.
expect_out '[api #0-0] 4 passing'
expect_out '[api #0-0] 2 failing'
expect_out_re '^\[api #0-0\]    ✓ rejects on connection refused'
expect_out_re '^\[api #0-0\]    ✓ rejects when the server drops the connection'
expect_out_re '^\[api #0-0\]    ✖ fails the test when a refused request is not caught'
expect_out_re '^\[api #0-0\] DELETE http://127\.0\.0\.1:9/gone failed: .*[Rr]efused'
expect_out_re '^\[api #0-0\]    ✓ still works after the failures'
expect_out_re '^\[api #0-0\]    ✓ rejects after the per-request timeout'
expect_out_re '^\[api #0-0\]    ✖ fails the test with the timeout message'
expect_out "[api #0-0] Request timeout after 100ms: GET $API_BASE_URL/delay/1000"
expect_out "[0-0] Error in \"timeouts.fails the test with the timeout message\""

# What reached the server (per path, any method): /users twice GET and once POST, the
# created user's Location once, each crash and each timed-out delay once.
expect_eq "$(server_stat /users)" 3 '/users requests'
expect_eq "$(server_stat /users/4)" 1 'GET of the Location'
expect_eq "$(server_stat /crash-connection)" 1 '/crash-connection requests'
expect_eq "$(server_stat /delay/1000)" 2 '/delay/1000 requests'

run_sonde run http.conf.js
expect_status 0
expect_out '[0-0] PASSED in api - http-specs/global.spec.js'
expect_out '[api #0-0] 5 passing'
expect_out_re '^\[api #0-0\]    ✓ applies apiRunner\.timeout by default'
expect_out_re '^\[api #0-0\]    ✓ lets a per-request timeout override it'
