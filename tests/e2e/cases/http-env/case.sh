# Environment (issue 4): RUNNER_API_OPTIONS (and WDIO_API_OPTIONS) override apiRunner
# options and baseUrl at run time; bad JSON or a bad value stops the run with a clear
# message; HTTP_PROXY/HTTPS_PROXY/NO_PROXY are honoured.
http_post reset >/dev/null
unset RUNNER_API_OPTIONS WDIO_API_OPTIONS HTTP_PROXY HTTPS_PROXY NO_PROXY http_proxy https_proxy no_proxy

export RUNNER_API_OPTIONS='{"baseUrl":"'$API_BASE_URL'/echo/env","timeout":300,"retries":1,"retryDelay":10,"headers":{"X-Env":"env","X-Both":"env"}}'
run_sonde run sonde.conf.js
expect_status 0
expect_out '[api #0-0] 3 passing'
expect_eq "$(server_stat /delay/2000)" 1 'the timed-out request (timeouts are not retried)'
expect_eq "$(server_stat /seq/env)" 2 'retries came from the variable'
unset RUNNER_API_OPTIONS

# WDIO_API_OPTIONS, wdio-api-runner's name for it, works the same.
export WDIO_API_OPTIONS='{"baseUrl":"'$API_BASE_URL'/echo/env","timeout":300,"retries":1,"retryDelay":10,"headers":{"X-Env":"env","X-Both":"env"}}'
http_post reset >/dev/null
run_sonde run sonde.conf.js
expect_status 0
expect_out '[api #0-0] 3 passing'
unset WDIO_API_OPTIONS

export RUNNER_API_OPTIONS='{"timeout": 100,'
run_sonde run sonde.conf.js
expect_status 1
expect_err_re '^sonde: RUNNER_API_OPTIONS is not valid JSON: .*\(line 1, column [0-9]+\)'
expect_no_out 'RUNNING'

export RUNNER_API_OPTIONS='{"retries": -1}'
run_sonde run sonde.conf.js
expect_status 1
expect_err 'sonde: RUNNER_API_OPTIONS: "retries" must be a whole number, 0 or more (got -1)'

export RUNNER_API_OPTIONS='[1, 2]'
run_sonde run sonde.conf.js
expect_status 1
expect_err 'sonde: RUNNER_API_OPTIONS must be a JSON object of apiRunner options (got array)'
unset RUNNER_API_OPTIONS

export HTTP_PROXY=$API_BASE_URL HTTPS_PROXY=$API_BASE_URL NO_PROXY=127.0.0.1
http_post reset >/dev/null
run_sonde run proxy.conf.js
expect_status 0
expect_out '[api #0-0] 3 passing'
unset HTTP_PROXY HTTPS_PROXY NO_PROXY
