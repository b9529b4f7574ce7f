# Verbose logging and debug logs (issue 4): apiRunner.verbose prints every attempt under
# the job's cid, secret headers masked (built-in names and apiRunner.maskHeaders), long
# bodies truncated with their size; DEBUG=sonde:http (or sonde:*) adds debug lines on stderr.
http_post reset >/dev/null
run_sonde run sonde.conf.js
expect_status 0
expect_out '[api #0-0] 4 passing'
expect_out "[0-0] → POST $API_BASE_URL/respond?status=200"
expect_out '[0-0]   Authorization: ****'
expect_out '[0-0]   Cookie: ****'
expect_out '[0-0]   X-Api-Key: ****'
expect_out '[0-0]   X-Auth-Token: ****'
expect_out '[0-0]   X-Client-Secret: ****'
expect_out '[0-0]   X-Internal: ****'
expect_out '[0-0]   X-Visible: shown'
expect_out '[0-0]   {"a":1}'
expect_out_re '^\[0-0\] ← 200 OK \([0-9]+\.[0-9] ms\)$'
expect_out_re '^\[0-0\] ← 201 Created \([0-9]+\.[0-9] ms\)$'
expect_out '[0-0]   Set-Cookie: ****'
expect_no_out 'Set-Cookie: session'
expect_no_out 'secret-value'
expect_out '… (truncated: 3000 bytes in all)'
expect_out_re '^\[0-0\] ← 503 Service Unavailable \([0-9.]+ ms\), retrying in 10 ms$'
expect_out "[0-0] → GET $API_BASE_URL/seq/verbose?steps=503,200 (attempt 2 of 2)"
expect_out_re '^\[0-0\] ← ECONNREFUSED: .*[Rr]efused.* \([0-9.]+ ms\)$'
expect_no_err 'sonde:http'

# Not verbose, no DEBUG: nothing about the exchanges.
http_post reset >/dev/null
run_sonde run quiet.conf.js
expect_status 0
expect_no_out '→ GET'
expect_no_err 'sonde:http'

export DEBUG=sonde:http
http_post reset >/dev/null
run_sonde run quiet.conf.js
expect_status 0
expect_no_out '→ GET'
expect_err_re '^sonde:http #[0-9]+ → GET .*/seq/quiet\?steps=503,200 \(attempt 1 of 2\)$'
expect_err_re '^sonde:http #[0-9]+ ← 503 Service Unavailable \('
expect_err_re '^sonde:http #[0-9]+ retry 1 of 1 in 10 ms$'
expect_err_re '^sonde:http #[0-9]+ ← 200 OK \(.*(new|reused) connection'
expect_err_re '^sonde:http #[0-9]+ Connected to 127\.0\.0\.1'

export DEBUG='sonde:*'
http_post reset >/dev/null
run_sonde run quiet.conf.js
expect_err_re '^sonde:http #[0-9]+ → GET'

export DEBUG='sonde:*,-sonde:http'
http_post reset >/dev/null
run_sonde run quiet.conf.js
expect_no_err 'sonde:http'
unset DEBUG
