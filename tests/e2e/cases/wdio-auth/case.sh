# Auth helpers (issue 21 §1): basicAuth, apiKeyAuth (header, query, cookie), bearerAuth
# (string, sync and async functions, headerName, prefix, JWT exp refresh shared by
# concurrent requests, setToken, clearTokens, forceRefresh), oauth2ClientCredentials
# against the test server's /oauth/token (scope, audience, extraParams, refreshBuffer,
# disableAutoRefresh, failures), excludePaths, TypeErrors for bad configs, and every
# secret they handle masked in what sonde prints, a failed test's message and exchange included.
http_post reset >/dev/null
run_sonde run sonde.conf.js --spec specs/auth.spec.js
expect_status 0
expect_out '11 passing'
expect_out 'password **** credentials ****'
expect_out 'oauth token **** client secret ****'
expect_no_out 'lovelace-pw'
expect_no_out 'sonde-client-secret-42'
expect_no_out 'oauth-token-1'
expect_eq "$(server_stat /echo/denied)" 0 'a failed token request sends nothing'
expect_eq "$(server_stat /echo/never-with-token)" 0 'a failed token function sends nothing'

run_sonde run sonde.conf.js --spec specs/z-failing.spec.js
expect_status 1
expect_out 'failed on purpose with ****'
expect_no_out 'sonde-client-secret-42'
expect_no_out 'oauth-token-'
