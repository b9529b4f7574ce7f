# Metrics and the stub browser (issue 21 §1): createMetricsCollector with its interceptors
# on a client, the report (totals, failures, percentiles overall, per endpoint and method,
# slowest), formatConsoleReport, checkThresholds, concurrent requests attributed right, bad
# input refused; createStubBrowser and the global `browser` (also from wdio-api-runner and
# @wdio/globals) with that project's properties, events and messages.
http_post reset >/dev/null
run_sonde run sonde.conf.js
expect_status 0
expect_out '5 passing'
expect_out '3 passing'
expect_out 'Performance Metrics Report'
