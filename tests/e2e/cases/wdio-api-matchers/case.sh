# apiMatchers (issue 21 §1): each matcher called directly returns { pass, actual, expected,
# message() } with wdio-api-runner's texts; plain copies of responses pass them and the
# assertResponse chain (toHaveStatusText, toBeRedirect, toHaveBody, toHaveEmptyBody,
# toHaveBodyLength, getResponse, .not).
run_sonde run sonde.conf.js
expect_status 0
expect_out '7 passing'
