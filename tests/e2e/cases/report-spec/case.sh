# spec: a failed test shows the last request and response it made (masked) under its
# error; onlyFailures, showPreface, symbols and realtimeReporting; `reporters: []` is dot;
# bad reporter names and options stop the run before any worker starts.
run_sonde run details.conf.js
expect_status 1
expect_out "[api #0-0] 1) Users checks the status"
expect_out "[api #0-0] Expected status 200, but received 404
[api #0-0] Error: Expected status 200, but received 404"
expect_out "[api #0-0] Request: GET $API_BASE_URL/users/999
[api #0-0]   "
expect_out_re '^\[api #0-0\]   [Aa]uthorization: \*\*\*\*$'
expect_out_re '^\[api #0-0\] Response: 404 Not Found \([0-9]+ms\)$'
expect_out_re '^\[api #0-0\]   \{.*\}$'
expect_no_out 's3cret'
expect_no_out "Request: GET $API_BASE_URL/health"
expect_out "[api #0-1]    ✓ answers ("

run_sonde run options.conf.js
expect_status 1
# realtime lines come as suites start and tests end, before the report
expect_out "------------------------------------------------------------------
Suite started: 
  » specs/a-fail.spec.js
Users
   [ok] finds a user » [ specs/a-fail.spec.js ]"
expect_out "   [x] checks the status » [ specs/a-fail.spec.js ]"
expect_out "   [ok] answers » [ specs/b-pass.spec.js ]"
expect_no_out "[api #0-"
# the block: only the failing job, without the preface
expect_out '
 "spec" Reporter:
------------------------------------------------------------------
Running: api

» specs/a-fail.spec.js
Users
   [ok] finds a user ('
expect_out_re '^   \[x\] checks the status \([0-9]+ms\)$'
expect_out "1) Users checks the status"
expect_out_re '^Response: 404 Not Found'
expect_no_out 'Running: api

» specs/b-pass.spec.js'

run_sonde run empty.conf.js
expect_status 0
expect_out ' "dot" Reporter:
.
'
expect_no_out '"spec" Reporter:'

run_sonde run bad-option.conf.js
expect_status 1
expect_err_re 'bad-option\.conf\.js:5: "reporters": junit option "outputDir" must be a string \(got number\)'
expect_no_out 'Execution of'

run_sonde run unknown.conf.js
expect_status 1
expect_err '"reporters" names an unknown reporter "html" (known: spec, dot, junit, allure, json)'
