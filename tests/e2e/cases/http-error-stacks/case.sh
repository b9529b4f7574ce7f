# Network errors carry the spec's stack location (issue 21 §3): a refused connection, a
# reset, a timeout and a retried request that still fails each fail their test with an
# error whose first frame is the spec line that made the request (not sonde's internals,
# and not an empty stack), in the live failure lines and in the spec reporter.
http_post reset >/dev/null
run_sonde run sonde.conf.js
expect_status 1
expect_out '4 failing'
spec=$PWD/specs/faults.spec.js
expect_out "Error: GET http://127.0.0.1:1/refused failed: Failed to connect to 127.0.0.1 port 1"
expect_out_re "Connection refused\)
\[0-0\]     at $spec:11:"
expect_out_re "Connection reset by peer
\[0-0\]     at fetchUser \($spec:6:"
expect_out_re "Request timeout after 200ms: GET $API_BASE_URL/slow-body\?chunks=20&interval=100
\[0-0\]     at $spec:18:"
expect_out_re "POST http://127.0.0.1:1/users failed after 2 attempts: .*Connection refused\)
\[0-0\]     at $spec:22:"
# The spec reporter's failure blocks carry the same frames.
expect_out_count "[api #0-0]     at $spec:11:" 1
expect_out_count "[api #0-0]     at fetchUser ($spec:6:" 1
expect_no_out 'sonde:'
