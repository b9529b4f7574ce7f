# Network faults and body limits (issue 13 items 2 and 5): refused, reset before and in
# the middle of the body, closed without a response, truncated, slower than the timeout,
# each rejected with the real cause; apiRunner.maxBodySize and the per-request option.
http_post reset >/dev/null
run_sonde run sonde.conf.js
expect_status 0
expect_out_re '^\[api #0-[01]\] 6 passing'
expect_out_re '^\[api #0-[01]\] 5 passing'
expect_no_out 'failing'
expect_no_out 'select/poll'
